"""Hostile files at every reader: nesting that crashed the C loader, JSON too deep for the
recursive parser, /dev/zero, a FIFO, a file too big. Each is refused with exit 2 and a
line naming the path and the limit, before anything is parsed or blocks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from serve_forks import run_forked

from ezkit.cli import cli
from ezkit.errors import UnreadableError
from ezkit.fileio import DEPTH_LIMIT, DOCUMENT_LIMIT, read_document_text
from ezkit.yamlio import NODE_LIMIT, load_yaml, parse_text

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
JASON = EXAMPLES / "characters" / "jason-free.yaml"
DEEP = 50_000
NESTED = f"nested more than {DEPTH_LIMIT} deep; ezkit reads documents nested at most 100 deep"


def ezkit(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


def ezkit_process(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """In a process of its own: a crash is an exit code, a hang a timeout, not a lost run."""
    return subprocess.run(
        [sys.executable, "-m", "ezkit", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# --- the reader commands -------------------------------------------------------------------


def _readers(tmp_path: Path, bad: Path) -> dict[str, list[str]]:
    """Each command that reads a document, pointed at bad (directly or through a reference)."""
    character = tmp_path / "with-package.yaml"
    character.write_text(
        JASON.read_text(encoding="utf-8") + f"people_package: {bad}\n", encoding="utf-8"
    )
    db = str(tmp_path / "campaign.json")
    return {
        "char check": ["char", "check", str(bad)],
        "char add": ["char", "add", str(bad), "--db", db],
        "house rules": ["char", "check", str(JASON), "--rules", str(bad)],
        "people package": ["char", "check", str(character)],
        "scene": ["fight", "scene", str(bad), "--seed", "1"],
        "bakery case": ["score", "bakeries", "case", str(bad)],
    }


READERS = ["char check", "char add", "house rules", "people package", "scene", "bakery case"]


def _hostile(kind: str, folder: Path) -> Path:
    """The hostile file of a kind, made in folder."""
    if kind == "zero":
        return Path("/dev/zero")
    if kind == "fifo":
        fifo = folder / "pipe.yaml"
        os.mkfifo(fifo)  # no writer ever opens it: reading it would block forever
        return fifo
    deep = folder / "deep.yaml"
    deep.write_text("[" * DEEP + "]" * DEEP + "\n")
    return deep


@pytest.fixture(scope="module")
def forked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, Any]]]:
    """Every reader but `char check` given each hostile file (YAML nested 50,000 deep,
    /dev/zero, a FIFO) in a process of its own, forked from one that imported ezkit once
    (tests/serve_forks.py: a crash is its signal, a hang its timeout): "KIND READER" -> the
    file and what the command did. `char check` of each kind is run as `python -m ezkit`."""
    runs: dict[str, list[str]] = {}
    files: dict[str, Path] = {}
    for kind in ("deep", "zero", "fifo"):
        for reader in READERS[1:]:
            folder = tmp_path_factory.mktemp(kind)
            files[f"{kind} {reader}"] = bad = _hostile(kind, folder)
            runs[f"{kind} {reader}"] = _readers(folder, bad)[reader]
    preload = ("ezkit.cli.char", "ezkit.cli.fight_scene", "ezkit.cli.score", "ezkit.store")
    done = run_forked(runs, timeout=20, preload=(*preload, "ezkit.character.files", "yaml"))
    return {name: (files[name], done[name]) for name in runs}


def _refused(
    kind: str, reader: str, tmp_path: Path, forked: dict[str, tuple[Path, dict[str, Any]]]
) -> tuple[Path, int, str]:
    """The hostile file of a kind given to a reader: the file, the exit code, stderr."""
    if reader == "char check":  # the installed command itself, in a new process
        bad = _hostile(kind, tmp_path)
        result = ezkit_process(*_readers(tmp_path, bad)[reader], timeout=20)
        return bad, result.returncode, result.stderr
    bad, done = forked[f"{kind} {reader}"]
    assert "signal" not in done, f"{reader}: killed by signal {done['signal']} (14: a hang)"
    assert done["exception"] is None, done
    return bad, done["code"], done["stderr"]


@pytest.mark.parametrize("reader", READERS)
def test_yaml_nested_50000_deep_is_refused_not_a_crash(
    tmp_path: Path, reader: str, forked: dict[str, tuple[Path, dict[str, Any]]]
) -> None:
    deep, code, err = _refused("deep", reader, tmp_path, forked)
    assert code == 2, err  # was -11 (SIGSEGV) in the C loader
    assert f"{deep}: {NESTED}" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("reader", ["char check", "house rules", "people package"])
def test_json_nested_deep_is_refused_not_an_internal_error(tmp_path: Path, reader: str) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * DEEP + "]" * DEEP)
    code, err = ezkit(*_readers(tmp_path, deep)[reader])
    assert code == 2 and f"{deep}: {NESTED}" in err  # was RecursionError, "internal error"


@pytest.mark.parametrize("reader", READERS)
def test_dev_zero_is_refused_before_it_is_read(
    tmp_path: Path, reader: str, forked: dict[str, tuple[Path, dict[str, Any]]]
) -> None:
    _, code, err = _refused("zero", reader, tmp_path, forked)
    assert code == 2, err
    assert "/dev/zero is a character device, not a regular file" in err
    assert "ezkit reads documents from regular files only" in err


@pytest.mark.parametrize("reader", READERS)
def test_a_fifo_is_refused_and_never_waited_on(
    tmp_path: Path, reader: str, forked: dict[str, tuple[Path, dict[str, Any]]]
) -> None:
    fifo, code, err = _refused("fifo", reader, tmp_path, forked)
    assert code == 2, err
    assert f"{fifo} is a FIFO (named pipe), not a regular file" in err


def test_an_output_of_dev_stdout_on_a_pipe_is_refused_as_a_fifo(tmp_path: Path) -> None:
    """`-o /dev/stdout` with the output piped: the link leads to `pipe:[N]`, which realpath
    cannot follow; the kernel can, so it is refused as the FIFO it is, not as a folder
    /proc/PID/fd in which nothing can be written. On a file, it writes that file."""
    db = str(tmp_path / "campaign.json")
    added = CliRunner().invoke(cli, ["char", "add", str(JASON), "--db", db])  # the campaign
    assert added.exit_code == 0, added.output
    export = [sys.executable, "-m", "ezkit", "char", "export", "Jason Free", "-o", "/dev/stdout"]
    piped = subprocess.run([*export, "--db", db], capture_output=True, text=True, timeout=30)
    assert piped.returncode == 2, piped.stderr
    assert "/dev/stdout is a FIFO (named pipe), not a regular file" in piped.stderr
    assert "/proc/" not in piped.stderr
    out = tmp_path / "jason.yaml"
    with out.open("w") as handle:
        written = subprocess.run([*export, "--db", db], stdout=handle, stderr=subprocess.PIPE,
                                 text=True, timeout=30)  # fmt: skip
    assert written.returncode == 0, written.stderr
    assert out.read_text().startswith("schema_version: 1\nname: Jason Free\n")


@pytest.mark.parametrize("reader", READERS)
def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path, reader: str) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(DOCUMENT_LIMIT + 1)  # sparse: the size is all that is looked at
    code, err = ezkit(*_readers(tmp_path, big)[reader])
    assert code == 2
    assert f"{big}: larger than 4 MB; ezkit reads documents of at most 4 MB" in err


def test_the_roll_deck_file_is_read_within_the_same_limits(tmp_path: Path) -> None:
    deep, big = tmp_path / "deep.json", tmp_path / "big.json"
    deep.write_text("[" * DEEP + "]" * DEEP)
    with big.open("wb") as handle:
        handle.truncate(DOCUMENT_LIMIT + 1)
    code, err = ezkit("roll", "poker", "--deck-file", str(deep))
    assert code == 2 and f"{deep}: {NESTED}" in err
    assert deep.read_text() == "[" * DEEP + "]" * DEEP  # refused, not replaced by a new shoe
    code, err = ezkit("roll", "poker", "--deck-file", "/dev/zero")
    assert code == 2 and "/dev/zero is a character device" in err
    code, err = ezkit("roll", "poker", "--deck-file", str(big))
    assert code == 2 and "ezkit reads deck files of at most 4 MB" in err


# --- the campaign is read within limits too ------------------------------------------------


def test_a_campaign_nested_too_deep_or_a_device_is_refused(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"characters": ' + "[" * DEEP + "]" * DEEP + "}")
    code, err = ezkit("char", "list", "--db", str(deep))
    assert code == 2 and f"{deep}: {NESTED}" in err
    code, err = ezkit("char", "list", "--db", "/dev/zero")
    assert code == 2 and "/dev/zero is a character device, not a regular file" in err
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result = ezkit_process("char", "list", "--db", str(fifo), timeout=20)
    assert result.returncode == 2 and "is a FIFO (named pipe)" in result.stderr


# --- the reader and the loader themselves --------------------------------------------------


def test_nesting_up_to_the_limit_is_read_and_one_more_is_not(tmp_path: Path) -> None:
    assert parse_text("[" * DEPTH_LIMIT + "]" * DEPTH_LIMIT, "ok.yaml") is not None
    assert parse_text("[" * DEPTH_LIMIT + "]" * DEPTH_LIMIT, "ok.json") is not None
    block = "".join(" " * i + "- \n" for i in range(DEPTH_LIMIT - 1)) + " " * 99 + "- x\n"
    assert parse_text(block, "block.yaml") is not None
    for text, source in [
        ("[" * (DEPTH_LIMIT + 1) + "]" * (DEPTH_LIMIT + 1), "flow.yaml"),
        ("- " * (DEPTH_LIMIT + 1) + "x", "compact.yaml"),
        ("".join(" " * i + "a:\n" for i in range(DEPTH_LIMIT + 1)) + " " * 101 + "x", "map.yaml"),
        ("[" * (DEPTH_LIMIT + 1) + "]" * (DEPTH_LIMIT + 1), "flow.json"),
        ("[" * (DEPTH_LIMIT + 1) + "}" * (DEPTH_LIMIT + 1), "unbalanced.json"),
    ]:
        with pytest.raises(UnreadableError, match="nested more than 100 deep"):
            parse_text(text, source)


def test_brackets_inside_json_strings_do_not_count() -> None:
    text = '{"note": "' + "[" * 500 + '", "escaped": "\\"[[[[", "list": [1, [2]]}'
    assert parse_text(text, "strings.json")["list"] == [1, [2]]


def test_aliases_count_as_what_they_repeat() -> None:
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(7)
    )
    with pytest.raises(UnreadableError, match=f"more than {NODE_LIMIT} values"):
        parse_text(laughs, "laughs.yaml")
    deep = "a: &a " + "[" * 60 + "]" * 60 + "\nb: " + "[" * 50 + "*a" + "]" * 50
    with pytest.raises(UnreadableError, match="nested more than 100 deep"):
        parse_text(deep, "alias.yaml")
    with pytest.raises(UnreadableError, match="inside its own anchor"):
        parse_text("a: &a [1, *a]", "loop.yaml")
    assert parse_text("x: &x {a: 1}\ny: *x\nz: [*x, *x]", "ok.yaml")["z"] == [{"a": 1}] * 2


def test_the_guarded_loader_reads_what_the_c_loader_reads() -> None:
    import yaml

    for path in [*EXAMPLES.rglob("*.yaml"), Path(__file__).parent.parent / "ezkit/data/rules.yaml"]:
        text = path.read_text(encoding="utf-8")
        assert parse_text(text, str(path)) == yaml.load(text, Loader=yaml.CSafeLoader), path


def test_a_key_written_twice_is_refused_not_the_last_kept(tmp_path: Path) -> None:
    """YAML and JSON keep the last of a key written twice: a second `weapons:` block
    appended to Jason's file dropped his quarterstaff and knife, and the check said valid."""
    twice = tmp_path / "jason.yaml"
    twice.write_text(JASON.read_text() + "weapons:\n  - {name: Club}\n")
    result = CliRunner().invoke(cli, ["char", "check", str(twice)])
    assert result.exit_code == 2
    assert "the key 'weapons' is written twice in one mapping" in result.output
    assert "at line" in result.output
    with pytest.raises(UnreadableError, match="the key 'name' is written twice in one object"):
        parse_text('{"name": "A", "roles": [], "name": "B"}', "x.json")
    with pytest.raises(UnreadableError, match="the key 'x' is written twice"):
        parse_text('[{"x": 1, "x": 2}]', "x.json")
    with pytest.raises(UnreadableError, match="the key 'a' is written twice"):
        parse_text("outer:\n  a: 1\n  b: 2\n  a: 3\n", "x.yaml")


@pytest.mark.parametrize(
    "text",
    [
        "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  x: 3\n",
        # an anchor holding a merge, itself merged deeper down (PyYAML flattens in place)
        "base: {deep: &b {x: 1, <<: {x: 0, y: 5}}}\nuse: {<<: *b}\n",
        "a: &a {k: 1}\nb: *a\nc: {<<: [*a, {k: 2}], k: 3}\n",
    ],
)
def test_a_merge_may_still_be_overridden(text: str) -> None:
    """What a merge key (`<<: *anchor`) brings is meant to be written again: read as PyYAML
    reads it."""
    import yaml

    assert parse_text(text, "m.yaml") == yaml.load(text, Loader=yaml.CSafeLoader)


@pytest.mark.parametrize("text", ["8: a\n0x8: b\n", "1: a\n1.0: b\n", "yes: 1\ntrue: 2\n"])
def test_keys_written_differently_that_read_the_same_are_one_key(text: str) -> None:
    """`8` and `0x8` are both slot 8 (a bakery case's slots are such keys)."""
    with pytest.raises(UnreadableError, match="is written twice in one mapping"):
        parse_text(text, "x.yaml")


def test_errors_still_name_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(UnreadableError, match=r"bad.yaml: not valid YAML at line \d+, column"):
        load_yaml(bad)
    with pytest.raises(UnreadableError, match="no such file"):
        load_yaml(tmp_path / "missing.yaml")
    with pytest.raises(UnreadableError, match="is a folder, not a regular file"):
        load_yaml(tmp_path)


def test_a_file_grown_past_the_limit_while_read_is_refused(tmp_path: Path) -> None:
    proc = Path("/proc/self/status")  # a regular file whose stat says 0 bytes
    if not proc.exists():
        pytest.skip("no /proc")
    assert "Pid" in read_document_text(proc)
    with pytest.raises(UnreadableError, match="larger than 16 bytes"):
        read_document_text(proc, 16)


def test_stdin_is_read_only_where_a_command_offers_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"name: x\n")))
    assert read_document_text("-", stdin=True) == "name: x\n"
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UnreadableError, match="-: no such file"):
        read_document_text("-")


def test_a_fifo_swapped_in_after_the_stat_does_not_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the stat and the open a FIFO may replace the file: O_NONBLOCK, then fstat."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    regular = os.stat(JASON)
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: regular if p == str(fifo) else real_stat(p))
    with pytest.raises(UnreadableError, match="is a FIFO"):
        read_document_text(fifo)


def test_loading_stays_fast() -> None:
    """The limits cost nothing a person notices: the rules data loads in milliseconds."""
    import time

    text = (Path(__file__).parent.parent / "ezkit/data/rules.yaml").read_text(encoding="utf-8")
    start = time.perf_counter()
    for _ in range(10):
        parse_text(text, "rules.yaml")
    assert (time.perf_counter() - start) / 10 < 0.05


@pytest.mark.skipif(shutil.which("mkfifo") is None, reason="no mkfifo")
def test_the_cli_refuses_a_fifo_named_on_the_command_line_as_a_character(tmp_path: Path) -> None:
    fifo = tmp_path / "jason.yaml"
    subprocess.run(["mkfifo", str(fifo)], check=True)
    result = ezkit_process("char", "show", str(fifo), "--db", str(tmp_path / "c.json"))
    assert result.returncode != 0 and "Traceback" not in result.stderr
