"""`char list` reads the characters the model checked when they were stored (their digest in
the campaign, ezkit/store.py CHECKED) without the model; any other it validates first."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from campaign_cli import ezkit, imported, tables

from ezkit.store import CHECKED

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples" / "characters").glob("*.yaml"))


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example characters, Jason wounded and awarded: every one stored as checked, by four
    runs of ezkit made once for the module."""
    db = tmp_path_factory.mktemp("stored") / "campaign.json"
    ezkit(db, "char", "add", *EXAMPLES)
    ezkit(db, "char", "wound", "Jason Free", "Hurt")
    ezkit(db, "char", "wound", "Jason Free", "Scratch", "--stun")
    ezkit(db, "char", "award", "Jason Free", "--xp", "2")
    return db


@pytest.fixture
def db(stored: Path, tmp_path: Path) -> Path:
    """A copy of the stored campaign, for one test to change."""
    db = tmp_path / "campaign.json"
    shutil.copyfile(stored, db)
    return db


def test_every_character_stored_by_ezkit_has_its_digest(db: Path) -> None:
    data = tables(db)
    assert set(data[CHECKED]) == set(data["characters"])
    for doc_id, doc in data["characters"].items():
        digest = hashlib.sha256(json.dumps(doc, ensure_ascii=False).encode()).hexdigest()
        assert data[CHECKED][doc_id] == {"digest": digest}


def test_the_listing_without_the_model_is_the_models(db: Path) -> None:
    """The same lines and JSON (best role through a people package, wounds, condition) read
    from the documents as from the validated characters."""
    light = [ezkit(db, "char", "list").stdout, ezkit(db, "char", "list", "--json").stdout]
    data = tables(db)
    del data[CHECKED]  # as an older ezkit left it: every character validated by the model
    db.write_text(json.dumps(data), encoding="utf-8")
    full = [ezkit(db, "char", "list").stdout, ezkit(db, "char", "list", "--json").stdout]
    assert light == full
    assert "Gruk Underbridge" in light[0] and "Hurt (-1)" in light[0]


def test_checked_characters_are_listed_without_pydantic(db: Path) -> None:
    assert "pydantic" not in imported(db, "char", "list")


def test_a_character_changed_by_hand_is_validated_again(db: Path) -> None:
    data = tables(db)
    jason = next(d for d in data["characters"].values() if d["name"] == "Jason Free")
    jason["fudge_points"] = 9  # valid, but not as ezkit stored it
    wren = next(d for d in data["characters"].values() if d["name"] == "Wren Hollowell")
    wren["attributes"] = "not attributes"
    db.write_text(json.dumps(data), encoding="utf-8")
    done = ezkit(db, "char", "list")
    assert "FP 9" in done.stdout and "Wren" not in done.stdout
    assert done.stderr.startswith(
        "skipped Wren Hollowell: Wren Hollowell in the campaign is not a valid character"
    )
    assert "pydantic" in imported(db, "char", "list")


def test_a_forged_digest_does_not_let_a_broken_character_through(db: Path) -> None:
    data = tables(db)
    doc_id, gruk = next(
        (i, d) for i, d in data["characters"].items() if d["name"].startswith("Gruk")
    )
    gruk["roles"] = [{"name": "Brawler"}]  # no rank
    forged = hashlib.sha256(json.dumps(gruk, ensure_ascii=False).encode()).hexdigest()
    data[CHECKED][doc_id] = {"digest": forged}
    db.write_text(json.dumps(data), encoding="utf-8")
    done = ezkit(db, "char", "list")
    assert "Gruk" not in done.stdout and done.stderr.startswith("skipped Gruk Underbridge:")


def test_a_removed_character_leaves_no_digest(db: Path) -> None:
    data = tables(db)
    jason = next(i for i, d in data["characters"].items() if d["name"] == "Jason Free")
    ezkit(db, "char", "remove", "Jason Free", "--yes")
    assert jason not in tables(db)[CHECKED]  # a later character given its id is not checked


def test_the_first_change_to_an_older_campaign_checks_its_characters_once(db: Path) -> None:
    data = tables(db)
    del data[CHECKED]  # as an older ezkit wrote it
    wren_id = next(i for i, d in data["characters"].items() if d["name"] == "Wren Hollowell")
    data["characters"][wren_id]["attributes"] = "not attributes"
    db.write_text(json.dumps(data), encoding="utf-8")
    ezkit(db, "char", "award", "Gruk", "--fp", "1")
    marks = tables(db)[CHECKED]
    assert set(marks) == set(data["characters"]) - {wren_id}  # every valid one, Wren not
    done = ezkit(db, "char", "list")
    assert "Gruk Underbridge" in done.stdout and done.stderr.startswith("skipped Wren Hollowell")


def test_a_fight_applied_to_the_campaign_keeps_the_digests(db: Path) -> None:
    """`fight melee --apply` writes wounds through the model, checked whole: still listed
    without it."""
    before = tables(db)["characters"]
    ezkit(db, "fight", "melee", "Jason Free", "Gruk Underbridge", "--seed", "7", "--apply")
    data = tables(db)
    assert data["characters"] != before  # someone was wounded
    test_every_character_stored_by_ezkit_has_its_digest(db)
