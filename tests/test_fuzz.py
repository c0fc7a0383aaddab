"""Every command, fuzzed: hostile arguments and files end in exit 0, 1 or 2, with at most one
line of error on stderr, never a traceback or an internal error; and a command that fails
leaves the campaign's files byte for byte as they were.

The command tree is walked from ezkit.cli, so a new command is fuzzed without a line here.
Each command gets a few derandomized examples (hypothesis), drawn parameter by parameter:
huge and odd numbers, empty strings, control characters, bytes that are not UTF-8 (the
surrogates Python gives them), names of the campaign's characters, and as files: missing
ones, a folder, /dev/null, a FIFO, small hostile YAML and JSON, the campaign's own files.
Every command gets empty standard input, so a prompt ends at once.

Printing commands render for seconds: their output is always one of the campaign's files,
so they are fuzzed up to that refusal (what they read is fuzzed through the other commands).
`game sim` runs in this process only (--jobs 1) on at most 2 games.
"""

from __future__ import annotations

import functools
import os
import shlex
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ezkit.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# A few seconds for the whole tree; EZKIT_FUZZ_EXAMPLES=200 digs deeper (minutes).
EXAMPLES_PER_COMMAND = int(os.environ.get("EZKIT_FUZZ_EXAMPLES", "12"))
HANG = 30  # seconds: a command still running then is stuck (a FIFO read, an endless game)


def _commands() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []

    def walk(command: click.Command, path: tuple[str, ...], ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    walk(sub, (*path, name), ctx)
        else:
            found.append(path)

    with click.Context(cli) as ctx:
        walk(cli, (), ctx)
    return found


@functools.cache
def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    with click.Context(cli) as ctx:
        for name in path:
            assert isinstance(command, click.Group)
            found = command.get_command(ctx, name)
            assert found is not None
            command = found
    return command


COMMANDS = _commands()
PRINTING = {path for path in COMMANDS if path[0] == "print"}
SIM = ("game", "sim")


def _blank_players(argv: list[str]) -> bool:
    return not " ".join(a for a in argv[3:] if not a.startswith("--")).split()


def _big_number_document(argv: list[str]) -> bool:
    """A YAML or JSON document (not the campaign, not a deck file) with a 5,000-digit number."""
    return any(
        Path(a).name.startswith("bignum.") and argv[i - 1] not in ("--db", "--deck-file")
        for i, a in enumerate(argv)
    )


# Crashes found here in code this test's author does not own, each with its reproducer: the
# fuzz steps around them (so it goes on finding others), and test_known_crashes fails as
# soon as one is fixed, to have its entry removed.
KNOWN: list[tuple[tuple[str, ...] | None, Callable[[list[str]], bool], list[str], str]] = []

# --- values ----------------------------------------------------------------------------------

NUMBERS = [
    *("0", "1", "-1", "2", "3", "17", "-4", "4", "+2", "1.5", "1e3", "0x1f", " 7", "٣", "１"),
    *("9" * 19, "-" + "9" * 19, "9" * 5000, "nan", "inf", "-inf", ""),
]
WORDS = [
    *("", " ", "-", "--", "x", "jason", "Jason Free", "gruk", "Ann", "Ann,Bob", "Ann,Ann", "a,,b"),
    *("Fair", "great", "Superb+3", "Legendary", "Terrible", "Fair (+1)", "+1", "4dF", "4dF+2"),
    *("3d6-1", "poker", "d20", "4d3-8", "auntie", "dudab", "bakeries", "foozle", "nim"),
    *("heuristic", "random", "pass", "take 1", "1", "k=v", "=", "rounds=99", "jungle,baby"),
    *("\x01", "\x1b[2J", "\x1b]0;x\x07", "a\nb", "\t", "\u2028", "\u202e", "\x9b", "💥"),
    *("\udcff", "\udc80abc", "x" * 5000, "../../etc/passwd", "{}", "[]", "~", "$HOME"),
]


@functools.cache
def _text() -> st.SearchStrategy[str]:
    # no NUL: a command line cannot hold one (argv is C strings); files can, and do below
    anything = st.text(st.characters(exclude_characters="\x00"), max_size=12)
    return st.one_of(st.sampled_from(WORDS), st.sampled_from(NUMBERS), anything)


def _files(folder: Path) -> dict[str, str]:
    """Small hostile inputs, written once: name -> path."""
    texts: dict[str, bytes] = {
        "empty.yaml": b"",
        "null.yaml": b"null\n",
        "list.json": b"[1, 2]\n",
        "string.yaml": b"just words\n",
        "deep.json": b"[" * 5000,
        "deep.yaml": b"- " * 5000 + b"x\n",
        "binary.yaml": b"\xff\xfe\x00\x81",
        "bom.yaml": "\ufeffname: x\n".encode(),
        "tab.yaml": b"a:\n\t- b\n",
        "laughs.yaml": b"a: &a [x, x, x, x, x, x, x, x, x]\n"
        + b"".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n".encode()
            for i in range(8)
        ),
        "tag.yaml": b"!!python/object/apply:os.system ['echo owned']\n",
        "bignum.yaml": b"name: Big\nfudge_points: " + b"9" * 5000 + b"\n",
        "bignum.json": b'{"name": "Big", "fudge_points": ' + b"9" * 5000 + b"}",
        "nan.json": b'{"name": "x", "fudge_points": NaN}',
        "dupkeys.yaml": b"name: a\nname: b\n",
        "date.yaml": b"name: 2024-01-01\nschema_version: 1\n",
        "campaign-bad.json": b'{"characters": {"1": {"name": 5}}, "games": {"1": {"game": 7}}}',
        "campaign-ids.json": b'{"characters": {"01": {"name": "x"}}}',
        # saves that do not replay: a bad seed, an unknown move, bot or game, odd types
        "campaign-saves.json": b'{"games": {'
        b'"1": {"game": "auntie", "options": {"players": ["A", "B"]}, "seed": "x",'
        b' "moves": ["zzz"], "seats": [{"name": "A", "kind": "human"},'
        b' {"name": "B", "kind": "nonsense"}]},'
        b' "2": {"game": "nope", "options": [], "seed": 1, "moves": 5, "seats": {}},'
        b' "3": {"game": "dudab", "options": {"players": ["A"]}, "seed": 99999999999999999999,'
        b' "moves": [], "seats": [{"name": "A"}], "to_move": "A", "status": 7}}}',
        "scene-bad.yaml": b"title: x\nsides: [[], {}]\n",
        "scene-nul.yaml": b'scene: x\nsides:\n  heroes:\n    - file: "a\\0b.yaml"\n'
        b'  bandits:\n    - npc: "Tom: Fair Fighter, INJ 1, CPD 1"\n',
        "case-bad.yaml": b"chefs: " + b"9" * 40 + b"\n",
    }
    paths = {}
    for name, data in texts.items():
        (folder / name).write_bytes(data)
        paths[name] = str(folder / name)
    jason = (EXAMPLES / "characters" / "jason-free.yaml").read_text(encoding="utf-8")
    evil = jason.replace("name: Jason Free", 'name: "Evil\\e[2J"').replace(
        "fudge_points: 3", "fudge_points: 1000000000000000000000"
    )
    (folder / "evil.yaml").write_text(evil, encoding="utf-8")
    paths["evil.yaml"] = str(folder / "evil.yaml")
    (folder / "a-folder").mkdir()
    os.mkfifo(folder / "fifo.yaml")
    # the valid documents as copies here: a command given one as its --db makes a lock file
    # beside it, which must not land in the repository (nor be shared by parallel runs)
    examples = folder / "examples"
    shutil.copytree(EXAMPLES, examples, ignore=shutil.ignore_patterns("*.lock"))
    shutil.copyfile(ROOT / "ezkit" / "data" / "rules.yaml", folder / "rules.yaml")
    paths.update(
        {
            "folder": str(folder / "a-folder"),
            "fifo": str(folder / "fifo.yaml"),
            "missing": str(folder / "missing.yaml"),
            "missing-deep": str(folder / "no" / "such" / "file.json"),
            "dev-null": "/dev/null",
            "jason": str(examples / "characters" / "jason-free.yaml"),
            "wren": str(examples / "characters" / "wren.yaml"),
            "scene": str(examples / "scenes" / "tavern-brawl.yaml"),
            "case": str(examples / "bakeries-case.yaml"),
            "people": str(examples / "people" / "hill-troll.yaml"),
            "rules": str(folder / "rules.yaml"),
        }
    )
    return paths


# The campaign's own files, named in the example's folder; filled in per example.
OWN = ["campaign.json", "campaign.games.json", "campaign.json.lock"]


def _paths(files: dict[str, str]) -> st.SearchStrategy[str]:
    """A file to read: hostile, valid, or one of the campaign's own files."""
    return st.one_of(
        st.sampled_from(sorted(files.values())), st.sampled_from([f"@{n}" for n in OWN])
    )


OWN_OUTPUTS = st.sampled_from([f"@{n}" for n in OWN])

# Plausible values, by parameter name, then by type name: the way deeper into a command.
BENIGN: dict[str, list[str]] = {
    "name": ["jason", "Wren Hollowell", "wren"],
    "names": ["jason", "wren"],
    "game_name": ["auntie", "bakeries", "dudab", "foozle"],
    "game": ["auntie", "bakeries", "dudab", "foozle"],
    "game_id": ["1", "2"],
    "words": ["1", "2", "pass", "interrupt"],
    "players": ["Ann,Bob", "Ann", "2", "3"],
    "bots": ["0", "1", "3", "random,heuristic"],
    "bot_kind": ["random", "heuristic"],
    "seat": ["0", "1", "Ann"],
    "first": ["0", "Ann"],
    "rounds": ["1", "2"],
    "extra": ["rounds=1", "jungle=true"],
    "switches": ["jungle,baby"],
    "options": ["jungle,baby", "baby"],
    "games": ["1", "2"],
    "trait": ["Brawler", "Fighter"],
    "foe": ["gruk", "Goblin: Fair Fighter"],
    "fault": ["Curious", "Greedy"],
    "gift": ["Lucky", "Tough"],
    "cake": ["bundt cake", "lemon-cake", "Birthday Cake"],
    "expression": ["4dF+2", "3d6-1", "poker"],
    "player": ["Ann=red,blue", "Bob=white"],
}
BY_TYPE: dict[str, list[str]] = {
    "rank": ["Fair", "Great", "+1", "Mediocre"],
    "roll": ["0", "1", "-2"],
    "method": ["4dF", "3d6", "poker"],
    "seed": ["1", "7"],
    "integer": ["0", "1", "2"],
    "integer range": ["0", "1", "2"],
    "float range": ["0", "3"],
    "boolean": ["true", "false"],
    "chef": ["2", "5"],
    "slot": ["2", "8"],
    "stale": ["0", "4"],
    "dollars": ["8000", "8500"],
    "hits": ["0", "1"],
}


# The strategies of a parameter, made once (the same strategy draws the same values; making
# one anew at every draw, lists of long words validated each time, cost as much as drawing)
_MADE: dict[tuple[str, int, bool], tuple[dict[str, str], st.SearchStrategy[str]]] = {}


def _made(
    kind: Callable[[click.Parameter, dict[str, str], bool], st.SearchStrategy[str]],
    param: click.Parameter,
    files: dict[str, str],
    printing: bool,
) -> st.SearchStrategy[str]:
    key = (kind.__name__, id(param), printing)  # the params live as long as the cli
    if key not in _MADE or _MADE[key][0] is not files:
        _MADE[key] = (files, kind(param, files, printing))
    return _MADE[key][1]


def _benign(
    param: click.Parameter, files: dict[str, str], printing: bool
) -> st.SearchStrategy[str]:
    kind, name = param.type, param.name or ""
    if isinstance(kind, click.Path):
        if name in ("output", "deck_file"):
            return OWN_OUTPUTS if printing else st.sampled_from(["@out.yaml", "@out.json"])
        if name == "db":
            return st.just("@campaign.json")
        if name == "house_rules":
            return st.just(files["rules"])
        return st.sampled_from([files[n] for n in ("jason", "wren", "scene", "case", "people")])
    if isinstance(kind, click.Choice):
        return st.sampled_from(list(kind.choices))
    if name in BENIGN:
        return st.sampled_from(BENIGN[name])
    return st.sampled_from(BY_TYPE.get(kind.name, ["jason", "Fair", "1", "x"]))


def _hostile(
    param: click.Parameter, files: dict[str, str], printing: bool
) -> st.SearchStrategy[str]:
    kind, name = param.type, param.name or ""
    if isinstance(kind, click.Path):
        if name in ("output", "deck_file"):
            if printing:  # refused before a page is rendered: seconds saved an example
                return OWN_OUTPUTS
            elsewhere = ["folder", "fifo", "dev-null", "missing-deep", "binary.yaml", "missing"]
            return st.one_of(OWN_OUTPUTS, st.sampled_from([files[n] for n in elsewhere]))
        return _paths(files)
    if name in ("games", "jobs"):  # game sim: a few games, in this process only
        return st.sampled_from(["0", "-1", "9" * 19, "9" * 5000, "", "x", "1.5"])
    if isinstance(kind, click.types.IntParamType | click.types.FloatParamType):
        return st.sampled_from(NUMBERS)
    return _text()


@st.composite
def _argv(draw: st.DrawFn, path: tuple[str, ...], files: dict[str, str]) -> list[str]:
    """The arguments of one example: all plausible, one hostile, or all drawn anyhow."""
    command = _command(path)
    printing = path in PRINTING
    params = [p for p in command.params if p.name != "jobs"]
    mode = draw(st.sampled_from(["plausible", "one", "one", "one", "any"]))
    target = draw(st.sampled_from(params)) if params and mode == "one" else None

    def value(param: click.Parameter) -> str:
        hostile = (mode == "any" and draw(st.booleans())) or param is target
        return draw(_made(_hostile if hostile else _benign, param, files, printing))

    argv = list(path)
    options: list[list[str]] = [["--jobs", "1"]] if len(params) < len(command.params) else []
    for param in params:
        if isinstance(param, click.Argument):
            count = 1 if param.nargs == 1 else draw(st.integers(int(param.required), 3))
            if param.nargs == 1 and not param.required and param is not target:
                count = draw(st.integers(0, 1))
            argv += [value(param) for _ in range(count)]
            continue
        assert isinstance(param, click.Option)
        # `game sim` left without --games plays its default 100 games (a second or so, in
        # sim's own code, not the fuzzed reading of arguments): it is always given a count
        always = param.required or param is target or (path, param.name) == (SIM, "games")
        if not always and draw(st.integers(0, 2)) == 0:
            continue  # an option is left out a third of the time
        if param.is_flag:
            if draw(st.booleans()) or param.required or param is target:
                options.append([param.opts[0]])
            continue
        options.append([param.opts[0], value(param)])
        if param.multiple and draw(st.booleans()):
            options.append([param.opts[0], value(param)])
    for option in draw(st.permutations(options)):
        argv += option
    if mode == "any" and draw(st.booleans()):  # one word too many, after the command's name
        argv.insert(draw(st.integers(len(path), len(argv))), draw(_text()))
    return argv


# --- the campaign each example starts from ---------------------------------------------------


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("fuzz")
    files = _files(folder)
    campaign = folder / "template" / "campaign.json"
    runner = CliRunner()
    for args in (
        ["char", "add", files["jason"], files["wren"]],
        ["game", "new", "auntie", "--players", "Ann", "--bots", "3", "--seed", "7"],
        ["game", "new", "bakeries", "--players", "Ann,Bob", "--seed", "3"],
    ):
        result = runner.invoke(cli, [*args, "--db", str(campaign)])
        assert result.exit_code == 0, result.output
    template = {name: (campaign.parent / name).read_bytes() for name in OWN}
    yield {"files": files, "template": template, "folder": folder}


def _own(place: Path) -> dict[str, bytes | None]:
    return {n: (place / n).read_bytes() if (place / n).exists() else None for n in OWN}


def _fresh(place: Path, template: dict[str, bytes | None], kept: dict[str, Any]) -> None:
    """The example's folder made as the template says, with nothing else in it: what the
    last example left is removed, a template file it did not touch (same inode, size, times
    and mode, written from the same bytes) is kept, every other is written anew. A new folder
    for each example (mkdtemp, then rmtree) had cost more than most commands."""
    for entry in os.scandir(place):
        was = kept.pop(entry.name, None)
        if was is not None and was[0] is template.get(entry.name):
            now = entry.stat(follow_symlinks=False)
            if (now.st_ino, now.st_size, now.st_mtime_ns, now.st_ctime_ns, now.st_mode) == was[1]:
                kept[entry.name] = was
                continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)
        else:
            os.unlink(entry.path)
    for name, data in template.items():
        if data is not None and name not in kept:  # None: no such file (no games file yet)
            (place / name).write_bytes(data)
            now = os.stat(place / name)
            kept[name] = (data, (now.st_ino, now.st_size, now.st_mtime_ns, now.st_ctime_ns,
                                 now.st_mode))  # fmt: skip


def _run(argv: list[str], world: dict[str, Any]) -> None:
    place = world.setdefault("place", Path(tempfile.mkdtemp(dir=world["folder"], prefix="ex-")))
    _fresh(place, world["template"], world.setdefault("kept", {}))
    argv = [str(place / a[1:]) if a.startswith("@") and len(a) > 1 else a for a in argv]
    before = {n: world["template"].get(n) for n in OWN}  # what _fresh wrote
    env = {"EZKIT_DB": str(place / "campaign.json"), "EZKIT_RULES": None, "EZKIT_DEBUG": None}
    shown = "ezkit " + " ".join(shlex.quote(a) for a in argv)

    def stuck(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {HANG} s")

    old_handler = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(HANG)
    cwd = os.getcwd()
    os.chdir(place)  # a command that writes into the current folder writes here
    try:
        result = CliRunner().invoke(cli, argv, input="", env=env)
    finally:
        os.chdir(cwd)
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old_handler)
    code, err = result.exit_code, result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{shown}: {result.exception!r}"
    )
    assert code in (0, 1, 2), f"{shown}: exit {code}"
    assert "Traceback" not in result.output + err, f"{shown}: {err}"
    assert "internal error" not in err, f"{shown}: {err}"
    if code:
        assert len(err.strip().splitlines()) <= 1, f"{shown}: {err}"
        if argv[:2] != ["game", "play"]:  # a game stopped by the input's end is saved
            after = _own(place)
            assert after == before, f"{shown} changed the campaign and failed: {err}"


@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_every_command_survives_hostile_arguments_and_files(
    path: tuple[str, ...], world: dict[str, Any]
) -> None:
    @settings(
        max_examples=EXAMPLES_PER_COMMAND,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(argv=_argv(path, world["files"]))
    def fuzz(argv: list[str]) -> None:
        assume(not any(where in (None, path) and known(argv) for where, known, _, _ in KNOWN))
        _run(argv, world)

    fuzz()


@pytest.mark.xfail(strict=True, reason="a known crash, in code owned elsewhere")
@pytest.mark.parametrize("argv", [argv for _, _, argv, _ in KNOWN], ids=" ".join)
def test_known_crashes(argv: list[str], world: dict[str, Any]) -> None:
    """Each known crash, run: an XPASS (strict, so a failure) means it is fixed."""
    files = world["files"]
    _run([files.get(a[1:], a) if a.startswith("@") else a for a in argv], world)


def test_the_walk_finds_every_command() -> None:
    assert {("char", "add"), ("game", "move"), ("print", "aid"), ("roll",)} <= set(COMMANDS)
    assert len(COMMANDS) >= 40


# --- campaigns that are JSON, but not what ezkit wrote ----------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)
_DOC = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.sampled_from(["Jason Free", "jason", "", " "]), _JSON),
        "schema_version": st.one_of(st.just(1), _JSON),
        "wounds": _JSON,
        "history": _JSON,
        "game": st.one_of(st.sampled_from(["auntie", "dudab"]), _JSON),
        "seats": _JSON,
        "moves": _JSON,
        "seed": _JSON,
        "options": _JSON,
        "to_move": _JSON,
        "status": _JSON,
    },
)
_TABLE = st.dictionaries(st.sampled_from(["1", "2", "10"]), _DOC, max_size=2)


@settings(
    max_examples=2 * EXAMPLES_PER_COMMAND,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(characters=_TABLE, games=_TABLE, split=st.booleans())
def test_a_campaign_of_odd_documents_is_refused_in_one_line(
    characters: dict[str, Any], games: dict[str, Any], split: bool, world: dict[str, Any]
) -> None:
    """Documents of any shape under the right ids: read, shown, listed, changed or refused."""
    import json

    template = world["template"]
    if split:
        main = {"characters": characters}
        world["template"] = {
            **template,
            "campaign.games.json": json.dumps({"games": games}).encode(),
        }
    else:  # an older ezkit's single file
        main = {"characters": characters, "games": games}
        world["template"] = {**template, "campaign.games.json": None}
    world["template"]["campaign.json"] = json.dumps(main).encode()
    try:
        for argv in (
            ["char", "list"],
            ["char", "show", "jason"],
            ["char", "award", "jason", "--fp", "1"],
            ["char", "wound", "jason", "Hurt"],
            ["game", "list"],
            ["game", "show", "1"],
            ["game", "move", "1", "1"],
            ["game", "log", "1"],
        ):
            _run(argv, world)
    finally:
        world["template"] = template
