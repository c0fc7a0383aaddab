"""A campaign that grows: two files (characters, games), each read once and written once per
command, the older single file split on its first write, and the guarantees kept for both."""

from __future__ import annotations

import json
import os
import random
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ezkit import campaign_files
from ezkit.cli import cli
from ezkit.errors import UnreadableError
from ezkit.fileio import DEPTH_LIMIT, check_json_depth
from ezkit.games import saves
from ezkit.store import CHECKED, StoreError, games_path, open_campaign, read_tables

ROOT = Path(__file__).resolve().parent.parent
JASON = str(ROOT / "examples" / "characters" / "jason-free.yaml")
GRUK = str(ROOT / "examples" / "characters" / "gruk.yaml")


def ezkit(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = ezkit(*args)
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of a campaign of two characters and one game of Auntie at Ann's move, made
    once for the module."""
    path = tmp_path_factory.mktemp("made") / "campaign.json"
    ok("char", "add", JASON, GRUK, "--db", str(path))
    ok("game", "new", "auntie", "--players", "Ann", "--bots", "3", "--seed", "7", "--db", str(path))
    return path.parent


@pytest.fixture
def db(made: Path, tmp_path: Path) -> Path:
    """A campaign of two characters and one game of Auntie at Ann's move: a copy of every
    file `made` holds (bytes and modes), for one test to change."""
    for file in made.iterdir():
        shutil.copy2(file, tmp_path / file.name)
    return tmp_path / "campaign.json"


def without_digests(tables: dict[str, Any] | None) -> dict[str, Any]:
    """A campaign's tables but the digests of the characters the model checked."""
    return {name: docs for name, docs in (tables or {}).items() if name != CHECKED}


def games_file(db: Path) -> Path:
    return db.with_name("campaign.games.json")


def legal_move(db: Path, game_id: int = 1) -> str:
    shown = json.loads(ok("game", "show", str(game_id), "--seat", "0", "--json", "--db", str(db)))
    return str(shown["legal_moves"][0])


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def make_legacy(db: Path) -> dict[str, Any]:
    """The campaign as one file, as ezkit wrote it before the games had their own file (and
    before it kept the digests of the characters it checked)."""
    tables = without_digests({**load(db), **load(games_file(db))})
    db.write_text(json.dumps(tables, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    games_file(db).unlink()
    return tables


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The files the store reads and writes, by name, in order."""
    seen: dict[str, list[str]] = {"read": [], "write": []}
    real_read, real_write = campaign_files.read_regular, campaign_files.write_atomic

    def read(path: Any, *args: Any, **kwargs: Any) -> Any:
        seen["read"].append(Path(path).name)
        return real_read(path, *args, **kwargs)

    def write(path: Any, text: str, **kwargs: Any) -> None:
        seen["write"].append(Path(path).name)
        real_write(path, text, **kwargs)

    monkeypatch.setattr(campaign_files, "read_regular", read)
    monkeypatch.setattr(campaign_files, "write_atomic", write)
    return seen


# --- the layout ----------------------------------------------------------------------------


def test_characters_and_games_are_two_files_of_one_document_a_line(db: Path) -> None:
    assert sorted(p.name for p in db.parent.iterdir()) == [
        "campaign.games.json",
        "campaign.json",
        "campaign.json.lock",
    ]
    main, games = load(db), load(games_file(db))
    assert set(main) == {"characters", "checked"} and set(games) == {"games"}
    assert [doc["name"] for doc in main["characters"].values()] == [
        "Jason Free",
        "Gruk Underbridge",
    ]
    lines = db.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["{", '"characters": {'] and lines[2].startswith('  "1": {"schema_version"')
    assert len(lines) == 10  # one line a character, one its digest: a diff shows who changed
    assert read_tables(db) == {**main, **games}
    assert games_path(Path("/x/campaign.json")) == Path("/x/campaign.games.json")
    assert games_path(Path("/x/party")) == Path("/x/party.games")


def test_a_move_does_not_rewrite_the_characters(db: Path, spy: dict[str, list[str]]) -> None:
    before = db.read_bytes(), db.stat().st_ino, db.stat().st_mtime_ns
    ok("game", "move", "1", legal_move(db), "--db", str(db))
    assert (db.read_bytes(), db.stat().st_ino, db.stat().st_mtime_ns) == before
    # show read the games file once; move read it once and wrote it once, bots' moves and all
    assert spy["read"] == ["campaign.games.json"] * 2
    assert spy["write"] == ["campaign.games.json"]
    assert len(load(games_file(db))["games"]["1"]["moves"]) > 4


def test_a_character_command_reads_and_writes_only_the_characters(
    db: Path, spy: dict[str, list[str]]
) -> None:
    games = games_file(db).read_bytes()
    ok("char", "award", "jason", "--fp", "1", "--db", str(db))
    ok("char", "list", "--db", str(db))
    assert spy == {"read": ["campaign.json"] * 2, "write": ["campaign.json"]}
    assert games_file(db).read_bytes() == games


def test_a_refused_move_leaves_both_files_byte_identical(db: Path) -> None:
    before = snapshot(db.parent)
    code, _, err = ezkit("game", "move", "1", "no such move", "--db", str(db))
    assert code in (1, 2) and len(err.strip().splitlines()) == 1
    code, _, err = ezkit("game", "move", "1", legal_move(db), "--seat", "2", "--db", str(db))
    assert code in (1, 2), err
    assert snapshot(db.parent) == before


def test_a_new_game_on_a_new_campaign_makes_only_the_games_file(tmp_path: Path) -> None:
    db = tmp_path / "deep" / "campaign.json"
    ok("game", "new", "auntie", "--players", "Ann", "--bots", "3", "--seed", "1", "--db", str(db))
    assert sorted(p.name for p in db.parent.iterdir()) == [
        "campaign.games.json",
        "campaign.json.lock",
    ]
    assert "no characters yet" in ok("char", "list", "--db", str(db))
    ok("char", "add", JASON, "--db", str(db))  # the campaign exists: locked by its lock file
    assert "Jason Free" in ok("char", "list", "--db", str(db))
    assert "auntie" in ok("game", "list", "--db", str(db))


def test_reading_a_missing_campaign_creates_nothing(tmp_path: Path) -> None:
    for args in (["game", "show", "1"], ["game", "move", "1", "x"], ["game", "undo", "1"]):
        code, _, err = ezkit(*args, "--db", str(tmp_path / "new" / "c.json"))
        assert code == 1 and "no game 1" in err and len(err.strip().splitlines()) == 1
        ezkit(*args, "--db", str(tmp_path / "c.json"))
    assert list(tmp_path.iterdir()) == []


# --- an older campaign: one file ------------------------------------------------------------


def test_an_older_single_file_is_read_without_writing(db: Path) -> None:
    tables = make_legacy(db)
    before = snapshot(db.parent)
    assert "Jason Free" in ok("char", "list", "--db", str(db))
    assert "auntie" in ok("game", "list", "--db", str(db))
    ok("game", "show", "1", "--db", str(db))
    ok("char", "show", "gruk", "--db", str(db))
    assert snapshot(db.parent) == before  # no games file made, nothing rewritten
    assert read_tables(db) == tables


@pytest.mark.parametrize("first_write", ["char award", "game move"])
def test_an_older_single_file_is_split_on_its_first_write(db: Path, first_write: str) -> None:
    move = legal_move(db)
    tables = make_legacy(db)
    if first_write == "char award":
        ok("char", "award", "jason", "--fp", "1", "--db", str(db))
        tables["characters"]["1"] = load(db)["characters"]["1"]
    else:
        ok("game", "move", "1", move, "--db", str(db))
        assert load(games_file(db))["games"]["1"] != tables["games"]["1"]
        tables["games"]["1"] = load(games_file(db))["games"]["1"]
    assert set(load(db)) - {CHECKED} == {"characters"} and set(load(games_file(db))) == {"games"}
    assert without_digests(read_tables(db)) == tables  # nothing lost in the split
    assert "auntie" in ok("game", "list", "--db", str(db))


def test_a_split_stopped_between_its_two_writes_is_finished_by_the_next(db: Path) -> None:
    tables = make_legacy(db)
    games_file(db).write_text(json.dumps({"games": tables["games"]}))  # the first write only
    ok("game", "move", "1", legal_move(db), "--db", str(db))  # the games file is the one read
    assert "games" in load(db)  # a game command does not touch the characters
    ok("char", "award", "jason", "--fp", "1", "--db", str(db))
    assert set(load(db)) == {"characters", CHECKED}  # Jason's digest, kept after the award
    assert len(load(games_file(db))["games"]["1"]["moves"]) > len(tables["games"]["1"]["moves"])


def test_games_an_older_ezkit_added_beside_the_games_file_are_kept(db: Path) -> None:
    data = load(db)
    data["games"] = {"7": {"game": "auntie", "note": "saved by an older ezkit"}}
    db.write_text(json.dumps(data))
    ok("char", "award", "jason", "--fp", "1", "--db", str(db))
    assert load(db)["games"] == data["games"]  # not in the games file: never dropped


def test_an_older_ezkits_game_sharing_a_number_with_another_game_is_kept(db: Path) -> None:
    """Only a copy the games file holds whole (the same game and seed, its moves and maybe
    more) is dropped: a legacy game whose number the games file gave to another game, or with
    more moves than the games file's copy, had been deleted by the next write."""
    data = load(db)
    (held,) = load(games_file(db))["games"].values()
    other = {**held, "seed": held["seed"] + 1, "note": "an older ezkit's game 1"}
    longer = {**held, "moves": [*held["moves"], "a move the games file lacks"]}
    for legacy in (other, longer):
        data["games"] = {"1": legacy}
        db.write_text(json.dumps(data))
        ok("char", "award", "jason", "--fp", "1", "--db", str(db))
        assert load(db)["games"] == {"1": legacy}, "dropped"
        data = load(db)


def test_a_split_refused_by_a_read_only_campaign_writes_neither_file(db: Path) -> None:
    move = legal_move(db)
    make_legacy(db)
    db.chmod(0o444)  # the games file could be made, but the split could not end: neither is
    before = snapshot(db.parent)
    code, _, err = ezkit("game", "move", "1", move, "--db", str(db))
    assert code == 2 and "is read-only (mode 0444)" in err
    assert snapshot(db.parent) == before and not games_file(db).exists()


def test_a_games_file_that_is_a_folder_is_refused(db: Path) -> None:
    make_legacy(db)
    games_file(db).mkdir()
    before = db.read_bytes()
    code, _, err = ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))
    assert code == 2 and "campaign.games.json is a folder, not a regular file" in err
    assert db.read_bytes() == before


# --- hostile games files --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        *(b"{not json", b"[1]", b'{"games": {"01": {}}}', '{"games": {"²": {}}}'.encode()),
        *(b'{"games": {"' + b"9" * 5000 + b'": {}}}', b"\xff\xfe"),
    ],
    ids=["not-json", "list", "leading-zero", "superscript", "5000-digits", "not-utf8"],
)
def test_a_broken_games_file_is_reported_and_left_untouched(db: Path, text: bytes) -> None:
    games_file(db).write_bytes(text)
    for args in (
        ["game", "list"],
        ["game", "move", "1", "pass"],
        ["char", "award", "x", "--fp", "1"],
    ):
        code, _, err = ezkit(*args, "--db", str(db))
        if args[0] == "char":  # the characters' commands never read the games
            assert code == 1 and "no character named 'x'" in err
            continue
        assert code == 1 and "is not a TinyDB JSON file" in err and "left untouched" in err
        assert len(err.strip().splitlines()) == 1 and "campaign.games.json" in err
    assert games_file(db).read_bytes() == text


def test_a_games_file_that_is_a_fifo_is_refused_without_waiting(db: Path) -> None:
    games_file(db).unlink()
    os.mkfifo(games_file(db))
    result = subprocess.run(
        [sys.executable, "-m", "ezkit", "game", "list", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "is a FIFO (named pipe), not a regular file" in result.stderr
    assert stat.S_ISFIFO(os.stat(games_file(db)).st_mode)


def test_a_read_only_games_file_is_refused_and_left_as_it_is(db: Path) -> None:
    games_file(db).chmod(0o444)
    before = snapshot(db.parent)
    code, _, err = ezkit("game", "move", "1", legal_move(db), "--db", str(db))
    assert code == 2 and "campaign.games.json is read-only (mode 0444)" in err
    assert snapshot(db.parent) == before


def test_a_symlinked_campaign_keeps_its_games_beside_the_real_file(
    db: Path, tmp_path: Path
) -> None:
    link = tmp_path / "elsewhere" / "link.json"
    link.parent.mkdir()
    link.symlink_to(db)
    ok("game", "move", "1", legal_move(db), "--db", str(link))
    assert sorted(p.name for p in link.parent.iterdir()) == ["link.json"]
    assert len(load(games_file(db))["games"]["1"]["moves"]) > 4


def test_a_games_file_changed_by_another_program_is_not_written_over(db: Path) -> None:
    with pytest.raises(StoreError, match="changed by another program"), open_campaign(db) as c:
        c.table("games").insert({"game": "auntie"})
        games_file(db).write_text('{"games": {}}')  # another program, ignoring the lock
    assert load(games_file(db)) == {"games": {}}


# --- one read, no aliasing ------------------------------------------------------------------


def test_a_stored_document_is_a_copy_both_ways(db: Path) -> None:
    with open_campaign(db) as campaign:
        jason = campaign.get_character("jason")
        jason["tools"].append("a stolen map")  # the caller's copy, not the campaign's
        assert "a stolen map" not in campaign.get_character("jason")["tools"]
        record = saves.get_in(campaign, 1)
        record["moves"].append("nonsense")
        assert "nonsense" not in saves.get_in(campaign, 1)["moves"]

        def change(doc: dict[str, Any]) -> dict[str, Any]:
            doc["tools"].append("rope")  # changed in place, then refused: nothing kept
            raise StoreError("refused")

        with pytest.raises(StoreError):
            campaign.update_character("jason", change)
        assert "rope" not in campaign.get_character("jason")["tools"]


WRITER = """
import sys, time
from pathlib import Path
from ezkit.games import saves
from ezkit.store import open_campaign

db, who, go, count = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
go.with_name(f"ready-{who}").touch()  # imported: ready to write
while not go.exists():  # start together, so the writers really overlap
    time.sleep(0.002)
for i in range(count):
    with open_campaign(db) as campaign:
        if who != "games":
            campaign.add_character({"name": f"{who} {i}"})
        if who != "chars":  # "both": one block that changes both files
            campaign.table("games").insert({"game": "auntie", "by": who, "i": i})
"""


def test_writers_of_both_files_in_parallel_all_land(tmp_path: Path) -> None:
    db, go, count = tmp_path / "campaign.json", tmp_path / "go", 15
    writers = ["chars", "games", "both"]
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(db), who, str(go), str(count)])
        for who in writers
    ]
    ready = [tmp_path / f"ready-{who}" for who in writers]
    deadline = time.monotonic() + 60
    while not all(r.exists() for r in ready) and time.monotonic() < deadline:
        time.sleep(0.005)  # every writer started and waiting (a fixed 0.3 s had been a guess)
    go.touch()
    assert [proc.wait(timeout=120) for proc in procs] == [0] * len(writers)
    tables = read_tables(db)
    assert tables is not None
    assert sorted(d["name"] for d in tables["characters"].values()) == sorted(
        f"{who} {i}" for who in ("chars", "both") for i in range(count)
    )
    assert sorted((d["by"], d["i"]) for d in tables["games"].values()) == sorted(
        (who, i) for who in ("games", "both") for i in range(count)
    )


# --- the depth check, fast and the same as fileio's -----------------------------------------

# Texts drawn by a seeded random.Random, not by hypothesis: its draws (some 400 a text, 100
# levels deep) cost 30 ms a text, the checks 1 ms. The same texts in kind: strings of these
# characters (at most 8), the fixed scalars, DEPTH_LIMIT - 3 to + 2 levels of arrays and objects.
_ALPHABET = '[]{}"\\ab\n'
_FIXED = ["1", "true", "null", "[]", "{}", '"\\\\"', '"\\""']


def _string(rng: random.Random) -> str:
    return json.dumps("".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 8))))


def _scalar(rng: random.Random) -> str:
    return _string(rng) if rng.random() < 0.5 else rng.choice(_FIXED)


def _depth(value: Any) -> int:
    if isinstance(value, dict | list):
        inner = value.values() if isinstance(value, dict) else value
        return 1 + max(map(_depth, inner), default=0)
    return 0


def _nested(rng: random.Random) -> str:
    """JSON text nested about DEPTH_LIMIT deep (arrays and objects), with strings full of
    brackets, quotes and backslashes around every level."""
    text = _scalar(rng)
    for _ in range(rng.randint(DEPTH_LIMIT - 3, DEPTH_LIMIT + 2)):
        after = _scalar(rng)
        if rng.random() < 0.5:
            before = _scalar(rng)
            text = f"[{before}, {text}, {after}]"
        else:
            text = f'{{{_string(rng)}: {after}, "k": {text}}}'
    return text


def _refused(text: str) -> list[bool]:
    verdicts = []
    for check in (
        lambda: check_json_depth(text, "x"),
        lambda: campaign_files._check_depth(text.encode(), Path("x")),
    ):
        try:
            check()
            verdicts.append(False)
        except UnreadableError:
            verdicts.append(True)
    return verdicts


def test_the_campaign_depth_check_agrees_with_fileio() -> None:
    seen = set()
    for seed in range(200):
        text = _nested(random.Random(seed))
        deep = _depth(json.loads(text)) > DEPTH_LIMIT
        seen.add(deep)
        assert _refused(text) == [deep, deep], (seed, text)
    assert seen == {False, True}  # texts within the limit and past it


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "[" * 150 + '"' + "]" * 150, '"\\\\"' + "[" * 101 + "}" * 101],
    ids=["opened-only", "closed-in-a-string", "unbalanced"],
)
def test_hostile_nesting_in_a_campaign_is_refused(tmp_path: Path, text: str) -> None:
    db = tmp_path / "campaign.json"
    db.write_text(text)
    code, _, err = ezkit("char", "list", "--db", str(db))
    assert code == 2 and "nested more than 100 deep" in err


@pytest.mark.parametrize("companion", ["campaign.games.json", "campaign.json.lock"])
def test_another_campaigns_games_or_lock_file_is_no_campaign(db: Path, companion: str) -> None:
    before = snapshot(db.parent)
    for args in (["game", "list"], ["char", "add", JASON]):
        code, _, err = ezkit(*args, "--db", str(db.parent / companion))
        assert code == 2, err
        assert f"is the {companion.split('.')[-1].replace('json', 'games')} file" in err
        assert f"of the campaign {db}; name the campaign itself" in err
    assert snapshot(db.parent) == before  # no lock of a lock, no games of the games


def test_a_campaign_named_as_a_games_file_is_refused_before_its_owner_exists(
    tmp_path: Path,
) -> None:
    """Found by a hostile-input hunt: `--db x.games.json` made a campaign while x.json did not
    exist; a later `--db x.json game new` wrote its games into it, and from then on neither
    could be opened as its own. Such a name is refused from the start, nothing made."""
    games_named = tmp_path / "x.games.json"
    for args in (["char", "add", JASON], ["game", "list"]):
        code, _, err = ezkit(*args, "--db", str(games_named))
        assert code == 2, err
        assert f"{games_named} is named as the games file of a campaign" in err
        assert "(not ending in .games.json)" in err
    assert list(tmp_path.iterdir()) == []


def test_a_campaign_so_named_before_the_rule_stays_open_and_its_namesake_is_refused(
    tmp_path: Path,
) -> None:
    """Found by a review: a campaign made as x.games.json before that name was refused had
    become unopenable, and renaming it would leave its own games file behind. It still opens;
    x.json, whose games file it would be, is refused instead (the campaign has its own lock
    file, which no games file has)."""
    made = tmp_path / "c.json"
    assert ezkit("char", "add", JASON, "--db", str(made))[0] == 0
    old = tmp_path / "x.games.json"
    made.rename(old)
    (tmp_path / "c.json.lock").rename(tmp_path / "x.games.json.lock")
    code, out, err = ezkit("char", "list", "--db", str(old))
    assert code == 0 and "Jason Free" in out, err
    before = snapshot(tmp_path)
    code, _, err = ezkit("game", "list", "--db", str(tmp_path / "x.json"))
    assert code == 2 and "its games file x.games.json is a campaign of its own" in err, err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("path", ["", "/", "."])
def test_a_campaign_path_with_no_file_name_is_refused_in_one_line(path: str) -> None:
    for args in (["game", "move", "1", "1"], ["char", "list"]):
        code, _, err = ezkit(*args, "--db", path)
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert "folder" in err or "directory" in err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"seed": "x"}, "its seed is not a whole number"),
        ({"seed": True}, "its seed is not a whole number"),
        ({"moves": "pass"}, "its moves are not a list of texts"),
        ({"seats": [{"name": "Ann"}]}, "its seats are not a list of names and kinds"),
        ({"options": []}, "its options are not a mapping"),
        ({"game": 7}, "its game is not a name"),
    ],
)
def test_a_damaged_save_is_refused_in_one_line(db: Path, change: dict, said: str) -> None:
    data = load(games_file(db))
    data["games"]["1"].update(change)
    games_file(db).write_text(json.dumps(data))
    before = snapshot(db.parent)
    for args in (["show", "1"], ["move", "1", "1"], ["undo", "1"], ["log", "1"]):
        code, _, err = ezkit("game", *args, "--db", str(db))
        assert code == 1 and f"saved game 1 is damaged ({said})" in err, err
        assert len(err.strip().splitlines()) == 1
    listed = json.loads(ok("game", "list", "--json", "--db", str(db)))
    assert [g["status"] for g in listed] == ["broken"]
    assert snapshot(db.parent) == before
