"""The campaign database: round trips, names, corrupt files, atomic writes, two writers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import platformdirs
import pytest

from ezkit.errors import DocumentError
from ezkit.store import (
    AmbiguousNameError,
    StoreError,
    default_db_path,
    open_campaign,
    storage_class,
)

JASON = {"name": "Jason Free", "schema_version": 1, "attributes": {"Strength": "Good"}}
LOUIE = {"name": "Lightfingers Louie", "schema_version": 1}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "campaign.json"


def add(db: Path, *docs: dict) -> None:
    with open_campaign(db) as campaign:
        for doc in docs:
            campaign.add_character(doc)


def names(db: Path) -> list[str]:
    with open_campaign(db) as campaign:
        return [doc["name"] for doc in campaign.list_characters()]


def test_default_db_path_reads_ezkit_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("EZKIT_DB", str(tmp_path / "mine.json"))
    assert default_db_path() == tmp_path / "mine.json"
    monkeypatch.delenv("EZKIT_DB")
    assert default_db_path() == platformdirs.user_data_path("ezkit") / "campaign.json"


def test_add_then_get_in_a_later_session(db: Path) -> None:
    add(db, JASON)
    with open_campaign(db) as campaign:
        assert campaign.get_character("Jason Free") == JASON
        assert campaign.get_character("  jASON free ") == JASON


def test_the_file_is_plain_tinydb_json(db: Path) -> None:
    from tinydb.storages import Storage

    add(db, JASON)
    assert json.loads(db.read_text(encoding="utf-8")) == {"characters": {"1": JASON}}
    assert issubclass(storage_class(), Storage)


def test_list_is_sorted_by_name_in_any_case(db: Path) -> None:
    add(db, LOUIE, {"name": "alma"}, JASON)
    assert names(db) == ["alma", "Jason Free", "Lightfingers Louie"]


@pytest.mark.parametrize("name", ["Jason Free", "jason free", "  JASON FREE "])
def test_a_name_is_taken_in_any_case(db: Path, name: str) -> None:
    add(db, JASON)
    with pytest.raises(StoreError) as caught, open_campaign(db) as campaign:
        campaign.add_character({"name": name})
    assert str(caught.value) == (
        f"a character named 'Jason Free' is already in the campaign ({db}); "
        "use --replace to overwrite it"
    )
    assert caught.value.exit_code == 1
    assert names(db) == ["Jason Free"]


def test_replace_overwrites_the_whole_document(db: Path) -> None:
    add(db, JASON, LOUIE)
    with open_campaign(db) as campaign:
        campaign.add_character({"name": "jason free", "note": "new"}, replace=True)
        assert campaign.get_character("Jason Free") == {"name": "jason free", "note": "new"}
        assert len(campaign.list_characters()) == 2


@pytest.mark.parametrize("doc", [{}, {"name": "  "}, {"name": 7}], ids=["none", "blank", "int"])
def test_a_character_needs_a_name(db: Path, doc: dict) -> None:
    with pytest.raises(DocumentError, match="a character needs a non-empty 'name'"):
        add(db, doc)
    assert not db.exists()


def test_remove_returns_the_character(db: Path) -> None:
    add(db, JASON, LOUIE)
    with open_campaign(db) as campaign:
        assert campaign.remove_character("JASON FREE") == JASON
    assert names(db) == ["Lightfingers Louie"]


def test_a_missing_name_suggests_close_ones(db: Path) -> None:
    add(db, JASON, LOUIE, {"name": "Jason Freeman"})
    with pytest.raises(StoreError) as caught, open_campaign(db) as campaign:
        campaign.get_character("Jasn Free")
    assert str(caught.value) == (
        f"no character named 'Jasn Free' in the campaign ({db}), which holds 3 characters; "
        "did you mean 'Jason Free' or 'Jason Freeman'?"
    )


def test_a_name_is_found_by_an_unambiguous_prefix(db: Path) -> None:
    add(db, JASON, LOUIE)
    with open_campaign(db) as campaign:
        assert campaign.get_character("jason") == JASON
        assert campaign.get_character(" LIGHTFING ") == LOUIE
        assert campaign.update_character("j", lambda doc: {**doc, "fudge_points": 1})["name"] == (
            "Jason Free"
        )
        assert campaign.remove_character("LIGHT")["name"] == "Lightfingers Louie"
    assert names(db) == ["Jason Free"]


def test_the_exact_name_wins_and_an_ambiguous_prefix_lists_the_matches(db: Path) -> None:
    add(db, {"name": "Jason Freeman"}, JASON, LOUIE)
    with open_campaign(db) as campaign:
        assert campaign.get_character("jason  free") == JASON
        assert campaign.get_character("Jason Freem")["name"] == "Jason Freeman"
        with pytest.raises(AmbiguousNameError) as caught:
            campaign.update_character("Jas", lambda doc: {**doc, "fudge_points": 0})
    assert caught.value.exit_code == 2
    assert str(caught.value) == (
        f"ambiguous character name 'Jas': it begins 2 names in the campaign ({db}): "
        "'Jason Free', 'Jason Freeman'; give more of the name, or all of it "
        "(a name is accepted whole or as an unambiguous prefix)"
    )
    assert "fudge_points" not in json.loads(db.read_text())["characters"]["2"]


def test_an_empty_name_finds_nobody(db: Path) -> None:
    add(db, JASON)
    with pytest.raises(StoreError, match="no character named '  '"), open_campaign(db) as c:
        c.get_character("  ")


def test_removing_from_an_empty_campaign(db: Path) -> None:
    with pytest.raises(StoreError) as caught, open_campaign(db) as campaign:
        campaign.remove_character("Jason Free")
    assert str(caught.value) == (
        f"no character named 'Jason Free' in the campaign ({db}), which holds no characters"
    )


def test_update_applies_fn_and_keeps_it(db: Path) -> None:
    add(db, JASON, LOUIE)
    with open_campaign(db) as campaign:
        new = campaign.update_character("jason free", lambda doc: {**doc, "fudge_points": 3})
    assert new == {**JASON, "fudge_points": 3}
    with open_campaign(db) as campaign:
        assert campaign.get_character("Jason Free") == new
        assert campaign.get_character("Lightfingers Louie") == LOUIE


def test_update_may_rename_but_not_onto_another(db: Path) -> None:
    add(db, JASON, LOUIE)
    with open_campaign(db) as campaign:
        campaign.update_character("Jason Free", lambda doc: {**doc, "name": "Jason Freer"})
        with pytest.raises(
            StoreError, match="cannot rename 'Jason Freer' to ' lightfingers LOUIE'"
        ):
            campaign.update_character(
                "Jason Freer", lambda doc: {**doc, "name": " lightfingers LOUIE"}
            )
    assert names(db) == ["Jason Freer", "Lightfingers Louie"]


@pytest.mark.parametrize(
    "text",
    [b"{not json", b"[1, 2]", b'{"characters": [1]}', b'{"characters": {"x": {}}}', b"\x80\x81"],
    ids=["not-json", "list", "table-list", "bad-id", "not-utf8"],
)
def test_a_corrupt_file_is_reported_and_left_untouched(db: Path, text: bytes) -> None:
    db.write_bytes(text)
    for action in (lambda c: c.list_characters(), lambda c: c.add_character(LOUIE)):
        with pytest.raises(DocumentError) as caught, open_campaign(db) as campaign:
            action(campaign)
        assert str(db) in str(caught.value)
        assert str(caught.value).endswith("it was left untouched")
        assert caught.value.exit_code == 1
    assert db.read_bytes() == text


def test_a_missing_file_is_an_empty_campaign_and_reading_does_not_create_it(db: Path) -> None:
    assert names(db) == []
    assert not db.exists()


def test_an_empty_file_is_an_empty_campaign(db: Path) -> None:
    db.write_text("")
    assert names(db) == []
    add(db, JASON)
    assert names(db) == ["Jason Free"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add(db, JASON)
    before = db.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError("disk pulled out mid-write")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk pulled out"):
        add(db, LOUIE)
    monkeypatch.undo()
    assert db.read_bytes() == before
    assert [p.name for p in db.parent.iterdir() if not p.name.endswith(".lock")] == [db.name]


WRITER = """
import sys, time
from pathlib import Path
from ezkit.store import open_campaign

db, who, go, count = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
while not go.exists():  # start together, so the writers really overlap
    time.sleep(0.002)
for i in range(count):
    with open_campaign(db) as campaign:
        campaign.add_character({"name": f"{who} {i}"})
"""


def test_writers_in_parallel_processes_all_land(db: Path, tmp_path: Path) -> None:
    go, writers, count = tmp_path / "go", ["alma", "bruno", "cleo"], 25
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(db), who, str(go), str(count)])
        for who in writers
    ]
    time.sleep(0.3)  # let every interpreter start and reach the starting line
    go.touch()
    assert [proc.wait(timeout=60) for proc in procs] == [0] * len(writers)
    expected = sorted(f"{who} {i}" for who in writers for i in range(count))
    assert sorted(names(db)) == expected


# --- one write per block, or none -----------------------------------------------------------


def test_a_block_that_raises_writes_nothing(db: Path) -> None:
    add(db, JASON)
    before = db.read_bytes()
    with pytest.raises(RuntimeError), open_campaign(db) as campaign:
        campaign.add_character(LOUIE)
        campaign.update_character("jason", lambda doc: {**doc, "fudge_points": 9})
        assert names(db) == ["Jason Free"]  # not yet on disk, seen only in the block
        assert [d["name"] for d in campaign.list_characters()] == ["Jason Free", LOUIE["name"]]
        raise RuntimeError("refused halfway")
    assert db.read_bytes() == before


def test_a_block_writes_the_file_once(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ezkit import campaign_files

    writes: list[str] = []
    real = campaign_files.write_atomic
    monkeypatch.setattr(
        campaign_files, "write_atomic", lambda p, t, **k: (writes.append(t), real(p, t, **k))
    )
    with open_campaign(db) as campaign:
        campaign.add_character(JASON)
        campaign.add_character(LOUIE)
        campaign.remove_character("jason")
    assert len(writes) == 1 and names(db) == ["Lightfingers Louie"]
    with open_campaign(db) as campaign:
        campaign.list_characters()
    assert len(writes) == 1  # a block that only reads writes nothing


def test_update_checks_the_whole_new_document_before_storing_it(db: Path) -> None:
    add(db, JASON)
    before = db.read_bytes()

    def refuse(doc: dict) -> None:
        raise DocumentError(f"no {doc['fudge_points']} here")

    with pytest.raises(DocumentError, match="no 7 here"), open_campaign(db) as campaign:
        campaign.update_character("jason", lambda doc: {**doc, "fudge_points": 7}, check=refuse)
    with pytest.raises(DocumentError, match="a character is a mapping"), open_campaign(db) as c:
        c.update_character("jason", lambda doc: [doc])  # type: ignore[arg-type, return-value]
    with pytest.raises(DocumentError, match="cannot be stored"), open_campaign(db) as c:
        c.update_character("jason", lambda doc: {**doc, "when": object()})
    assert db.read_bytes() == before


def test_a_campaign_opened_inside_its_own_block_does_not_wait_on_itself(db: Path) -> None:
    add(db, JASON)
    start = time.monotonic()
    with open_campaign(db) as outer:
        with open_campaign(db) as inner:
            assert inner.get_character("jason") == JASON
        assert outer.get_character("jason") == JASON
    assert time.monotonic() - start < 5


def test_a_campaign_made_by_another_meanwhile_is_not_written_over(tmp_path: Path) -> None:
    """No folder at the start, so no lock: the write checks the file is still missing."""
    db = tmp_path / "new" / "campaign.json"
    changed = pytest.raises(StoreError, match="was changed by another program")
    with changed as caught, open_campaign(db) as campaign:
        assert campaign.list_characters() == []
        db.parent.mkdir()
        db.write_text(json.dumps({"characters": {"1": LOUIE}}))  # another program
        campaign.add_character(JASON)
    assert "nothing was written: run the command again" in str(caught.value)
    assert names(db) == ["Lightfingers Louie"]


def test_a_file_changed_under_the_lock_by_another_program_is_not_written_over(db: Path) -> None:
    add(db, JASON)
    with pytest.raises(StoreError, match="changed by another program"), open_campaign(db) as c:
        c.add_character(LOUIE)
        db.write_text(json.dumps({"characters": {"1": {"name": "Alma"}}}))  # ignores the lock
    assert names(db) == ["Alma"]


def _wound_track(db: Path, level: str) -> None:
    data = json.loads(db.read_text())
    data["characters"]["1"]["wounds"] = [{"level": level, "rolled": "Hurt", "stun": False}]
    db.write_text(json.dumps(data, indent=2))


@pytest.mark.parametrize(
    "args",
    [["wound", "jason", "Hurt"], ["wound", "jason", "5"], ["heal", "jason", "--weeks", "1"]],
    ids=" ".join,
)
def test_a_refused_wound_leaves_the_file_byte_identical(db: Path, args: list[str]) -> None:
    """The stored track holds a level the rules lack: refused before the write, every time."""
    from click.testing import CliRunner

    from ezkit.cli import cli

    jason = Path(__file__).resolve().parent.parent / "examples/characters/jason-free.yaml"
    assert CliRunner().invoke(cli, ["char", "add", str(jason), "--db", str(db)]).exit_code == 0
    _wound_track(db, "Bruised")
    before = db.read_bytes()
    for _ in range(2):  # a retry is refused the same way: nothing was half done
        result = CliRunner().invoke(cli, ["char", *args, "--db", str(db)])
        assert result.exit_code in (1, 2), result.output
        assert "Bruised" in result.stderr and "Traceback" not in result.stderr
        assert db.read_bytes() == before


def test_char_add_of_several_files_adds_all_or_none(db: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ezkit.cli import cli

    examples = Path(__file__).resolve().parent.parent / "examples/characters"
    runner = CliRunner()
    gruk = str(examples / "gruk.yaml")
    assert runner.invoke(cli, ["char", "add", gruk, "--db", str(db)]).exit_code == 0
    before = db.read_bytes()
    files = [str(examples / "jason-free.yaml"), gruk]  # Gruk is taken
    result = runner.invoke(cli, ["char", "add", *files, "--db", str(db)])
    assert result.exit_code == 1 and "already in the campaign" in result.stderr
    assert db.read_bytes() == before  # Jason was not added alone: a retry is clean


def test_a_write_that_would_pass_the_read_limit_is_refused_and_the_campaign_stays_readable(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a hostile-input hunt: a write took a 66.5 MB campaign to 69.7 MB, past the
    64 MB ezkit reads, and every command then refused the campaign. A write that would do so
    is refused (nothing written); the file keeps what it held. The limit is made small here."""
    from ezkit import campaign_files

    add(db, JASON)
    monkeypatch.setattr(campaign_files, "CAMPAIGN_LIMIT", db.stat().st_size + 40)
    before = db.read_bytes()
    big = {**LOUIE, "description": "x" * 200}
    with pytest.raises(StoreError, match=r"would grow to 0\.0 MB, past the 0 MB ezkit reads; "):
        add(db, big)
    assert db.read_bytes() == before
    assert names(db) == ["Jason Free"]


def test_a_games_file_past_the_read_limit_is_refused_with_advice_for_games() -> None:
    """The advice had been to remove characters (char remove) when the games file grew."""
    from ezkit import campaign_files

    with pytest.raises(StoreError, match="nothing was written: start another campaign"):
        campaign_files._check_size("c.games.json", "x" * (campaign_files.CAMPAIGN_LIMIT + 1), True)
    with pytest.raises(StoreError, match=r"char remove\), or start another campaign"):
        campaign_files._check_size("c.json", "x" * (campaign_files.CAMPAIGN_LIMIT + 1))


def test_a_lock_held_elsewhere_is_waited_for_at_most_as_long_as_asked(db: Path) -> None:
    """The web table waits a few seconds for the campaign's lock, not 30 (its pages wait with
    it; found by a web hunt): waiting_at_most. What it raises, BusyError, says the request
    may succeed later; nothing was written."""
    import fcntl

    from ezkit.campaign_files import BusyError, waiting_at_most
    from ezkit.store import open_campaign

    lock = db.with_name(db.name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        started = time.monotonic()
        with (
            pytest.raises(BusyError, match=r"after 0\.3 s"),
            waiting_at_most(0.3),
            open_campaign(db) as campaign,
        ):
            campaign.add_character({"name": "Never"})
        assert 0.25 < time.monotonic() - started < 5
    finally:
        os.close(fd)
    assert not db.exists()
