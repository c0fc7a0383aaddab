"""Fudge Points and Experience on the document (ezkit.character.ledger, EZ-12): a document the
model accepts stays one it accepts, so `char award/spend/convert` change a character the
campaign keeps as checked (its digest) without the model, and keep its digest true."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from campaign_cli import ezkit, imported, tables
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_runs import examples

from ezkit import rules as rules_data
from ezkit.character import advance, ledger
from ezkit.character.files import parse_character, read_character
from ezkit.errors import InputError, RuleError
from ezkit.store import CHECKED, digest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "characters").glob("*.yaml"))
DOCUMENTS = [read_character(path).to_document() for path in EXAMPLES]
RULES = rules_data.load(None)

Change = Callable[[dict[str, Any]], dict[str, Any]]

amounts = st.integers(0, 40)
reasons = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30)


@st.composite
def changes(draw: st.DrawFn) -> tuple[str, Change]:
    kind = draw(st.sampled_from(["award", "spend", "to-xp", "to-fp"]))
    fp, xp, reason = draw(amounts), draw(amounts), draw(reasons)
    made: dict[str, Change] = {
        "award": lambda d: ledger.award(d, fp, xp, reason),
        "spend": lambda d: ledger.spend(d, fp, xp, reason),
        "to-xp": lambda d: ledger.convert_to_experience(d, xp, RULES, reason),
        "to-fp": lambda d: ledger.convert_to_fudge_points(d, xp, RULES, reason),
    }
    return kind, made[kind]


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """An example character with any points, some history, as the model writes it or as an
    older ezkit may have left it (fields at their defaults left out)."""
    doc = dict(draw(st.sampled_from(DOCUMENTS)))
    doc["fudge_points"], doc["experience"] = draw(amounts), draw(amounts)
    for _ in range(draw(st.integers(0, 2))):
        doc = ledger.award(doc, 1, 1, draw(reasons))
    for field in draw(st.sets(st.sampled_from(["fudge_points", "experience", "history"]))):
        del doc[field]
    return doc


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), changes())
def test_a_valid_document_stays_valid_and_only_its_points_and_history_change(
    doc: dict[str, Any], change: tuple[str, Change]
) -> None:
    before = parse_character(doc)
    try:
        after_doc = change[1](doc)
    except RuleError:
        return  # refused: the character cannot pay (checked below), nothing to write
    after = parse_character(after_doc)  # the model accepts it
    entry = after.history[-1]
    assert len(after.history) == len(before.history) + 1
    assert entry.kind == {"to-xp": "convert", "to-fp": "convert"}.get(change[0], change[0])
    assert after.fudge_points == before.fudge_points + entry.fudge_points >= 0
    assert after.experience == before.experience + entry.experience >= 0
    unchanged = {"fudge_points", "experience", "history"}
    assert replace(after, **{k: None for k in unchanged}) == replace(
        before, **{k: None for k in unchanged}
    )
    # and the model writes the same character back: nothing it would read differently
    assert parse_character(after.to_document()) == after


def test_the_model_path_gives_the_same_character() -> None:
    """advance.award on a Character is the ledger's change, checked whole."""
    jason = parse_character(DOCUMENTS[1])
    by_model = advance.award(jason, 1, 2, "a good plan")
    by_ledger = parse_character(ledger.award(jason.to_document(), 1, 2, "a good plan"))
    assert replace(by_model, history=[]) == replace(by_ledger, history=[])
    assert replace(by_model.history[-1], time=None) == replace(by_ledger.history[-1], time=None)


def test_spending_more_than_held_is_refused_with_what_is_missing() -> None:
    doc = {**DOCUMENTS[1], "fudge_points": 3}
    with pytest.raises(RuleError, match="needs 5 Fudge Points and has 3: 2 missing \\(EZ-12\\)"):
        ledger.spend(doc, 5)
    with pytest.raises(RuleError, match="needs 6 Fudge Points and has 3: 3 missing"):
        ledger.convert_to_experience(doc, 2, RULES)  # 3 FP a point (EZ-12)
    with pytest.raises(RuleError, match="positive number"):
        ledger.award(doc)


def test_points_past_the_most_a_character_holds_are_refused() -> None:
    """Found by a hostile-input hunt: `char award --fp 99999999999999999999` was taken, and a
    sheet of 100,000 Fudge Points never finished printing. At most 999 and 999,999."""
    doc = {**DOCUMENTS[1], "fudge_points": 990, "experience": 999_990}
    with pytest.raises(RuleError, match="make 1,000 Fudge Points and 999,990 Experience"):
        ledger.award(doc, 10)
    with pytest.raises(RuleError, match="at most 999 Fudge Points and 999,999 Experience"):
        ledger.award(doc, 0, 10)
    with pytest.raises(RuleError, match="would make 1,000 Fudge Points"):  # XP back into FP
        ledger.convert_to_fudge_points({**doc, "fudge_points": 998}, 1, RULES)
    at_most = ledger.award(doc, 9, 9)
    assert (at_most["fudge_points"], at_most["experience"]) == (999, 999_999)
    with pytest.raises(
        Exception, match="fudge_points: 1,000 is out of range: it may be no more than 999"
    ):
        parse_character({**DOCUMENTS[1], "fudge_points": 1000}, "x")


def test_conversion_rates_are_the_rules() -> None:
    doc = {**DOCUMENTS[1], "fudge_points": 7, "experience": 2}
    to_xp = ledger.convert_to_experience(doc, 2, RULES)
    assert (to_xp["fudge_points"], to_xp["experience"]) == (7 - 2 * 3, 4)
    to_fp = ledger.convert_to_fudge_points(doc, 2, RULES)
    assert (to_fp["fudge_points"], to_fp["experience"]) == (7 + 2 * 2, 0)
    assert to_fp["history"][-1]["reason"] == "2 XP back into 4 Fudge Points"


def test_a_reason_with_a_control_character_is_refused() -> None:
    with pytest.raises(InputError, match=r"--reason holds the control character '\\x1b'"):
        ledger.award(DOCUMENTS[1], 1, 0, "ok\x1b]0;PWNED\x07")


def test_plain_is_what_the_model_writes() -> None:
    assert all(ledger.plain(doc) for doc in DOCUMENTS)
    assert not ledger.plain({**DOCUMENTS[1], "fudge_points": "3"})  # the model reads it, lax
    assert not ledger.plain({**DOCUMENTS[1], "experience": True})
    assert not ledger.plain({**DOCUMENTS[1], "history": {}})


# --- the commands -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example characters, stored by a run of ezkit made once for the module."""
    db = tmp_path_factory.mktemp("stored") / "campaign.json"
    ezkit(db, "char", "add", *map(str, EXAMPLES))
    return db


@pytest.fixture
def db(stored: Path, tmp_path: Path) -> Path:
    """A copy of the stored campaign, for one test to change."""
    db = tmp_path / "campaign.json"
    shutil.copyfile(stored, db)
    return db


def jason(data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return next((i, d) for i, d in data["characters"].items() if d["name"] == "Jason Free")


@pytest.mark.parametrize(
    "args",
    [
        ["char", "award", "Jason", "--xp", "2", "--reason", "the bridge"],
        ["char", "spend", "Jason", "--fp", "1"],
        ["char", "convert", "Jason", "--to-xp", "1"],
    ],
    ids=["award", "spend", "convert"],
)
def test_a_checked_character_is_changed_without_the_model_and_keeps_its_digest(
    db: Path, args: list[str]
) -> None:
    assert "pydantic" not in imported(db, *args)
    data = tables(db)
    doc_id, doc = jason(data)
    assert data[CHECKED][doc_id] == {"digest": digest(doc)}
    parse_character(doc)  # and the model accepts what was written


def test_the_commands_report_and_record_the_change(db: Path) -> None:
    done = ezkit(db, "char", "award", "Jason Free", "--fp", "2", "--xp", "3", "--reason", "won")
    assert done.stdout == "Jason Free: awarded; now 5 Fudge Points, 3 Experience Points\n"
    done = ezkit(db, "char", "convert", "jason", "--to-fp", "1")
    assert done.stdout == "Jason Free: converted; now 7 Fudge Points, 2 Experience Points\n"
    history = parse_character(jason(tables(db))[1]).history
    assert [(e.kind, e.fudge_points, e.experience, e.reason) for e in history[-2:]] == [
        ("award", 2, 3, "won"),
        ("convert", 2, -1, "1 XP back into 2 Fudge Points"),
    ]


def test_a_character_edited_by_hand_goes_through_the_model(db: Path) -> None:
    """Points written as text (the model reads them) are written back as numbers, the
    change checked whole, and the character gets its digest again."""
    data = tables(db)
    doc_id, doc = jason(data)
    doc["fudge_points"] = "4"
    db.write_text(json.dumps(data), encoding="utf-8")
    ezkit(db, "char", "award", "Jason Free", "--fp", "1")
    data = tables(db)
    doc_id, doc = jason(data)
    assert doc["fudge_points"] == 5 and data[CHECKED][doc_id] == {"digest": digest(doc)}


def test_an_invalid_character_is_refused_and_nothing_is_written(db: Path) -> None:
    data = tables(db)
    _, doc = jason(data)
    doc["roles"] = [{"name": "Brawler"}]  # no rank: the digest no longer matches
    db.write_text(json.dumps(data), encoding="utf-8")
    before = db.read_bytes()
    done = ezkit(db, "char", "award", "Jason Free", "--fp", "1", code=1)
    assert "not a valid character" in done.stderr and "Traceback" not in done.stderr
    assert db.read_bytes() == before


def test_refusals_write_nothing(db: Path) -> None:
    before = db.read_bytes()
    done = ezkit(db, "char", "spend", "Jason Free", "--fp", "9", code=1)
    assert done.stderr == (
        "Error: to spend, Jason Free needs 9 Fudge Points and has 3: 6 missing (EZ-12)\n"
    )
    done = ezkit(db, "char", "award", "Jason Free", "--xp", "1", "--reason", "a\x1b[2J", code=2)
    assert "control character '\\x1b'" in done.stderr
    assert db.read_bytes() == before
