"""Stopped fight scenes in the campaign: the table "scenes", one TinyDB document per scene.

A scene stopped between rounds (`fight scene --step`, then `stop`) is saved as what it needs
to be fought again exactly: the checked scene document, every PC's character as it was read
when the scene began, the seed, the house-rules file, the GM's orders and how many rounds
were fought. `fight scene --resume ID` fights those rounds again from the seed (silently, the
orders given again) and goes on from there.

    {"schema_version": 1, "rules_revision": 1, "title": "Brawl at the Drowned Rat",
     "file": "tavern-brawl.yaml", "seed": 7, "rules": null, "document": {...},
     "characters": {"file:../x.yaml": {...}},
     "orders": [{"round": 2, "name": "Black Tom", "action": "attack Gruk Underbridge",
                 "once": false}],
     "rounds": 1, "apply": false, "status": "stopped" | "over", "winner": null | "heroes",
     "updated": "2026-11-23T12:00:00+00:00"}

`rules_revision` is the revision of the fighting rules its rounds were fought by (`REVISION`;
a scene saved before there was one has none: revision 0). Fought again by another revision,
the same seed and orders may give other dice and wounds, so resuming says so (`revision_warning`).

The scene's id is its TinyDB document id. Every write is one `open_campaign` block: locked,
and one atomic replacement of the file (ezkit.store).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError
from ezkit.store import StoreError, open_campaign
from ezkit.words import plural

if TYPE_CHECKING:
    from ezkit.store import Campaign

TABLE = "scenes"
SCHEMA_VERSION = 1
REQUIRED = ("document", "characters", "seed", "orders", "rounds")

#: The revision of the fighting rules saved rounds are fought again by. Bump it with every
#: change that makes the same seed and orders replay otherwise (other dice, results or a
#: refusal), and say in CHANGES what the new revision changed.
REVISION = 1
CHANGES = {
    1: "melee between two PCs is one roll, the attacker's (EZ-18); one who defends all-out does "
    "not shoot (EZ-18); a draw earns no terrain test (EZ-18); option 3's tie gives no Scratch "
    "from a result below Poor, nor to one who only fends a foe off (EZ-18); Fudge Points on a "
    "roll raise it in every exchange of its phase, decided once for the phase, and the phase's "
    "rolls come before its wounds' Fudge dice (EZ-12); the soften policy spends only against a "
    "foe who may wound the PC (EZ-12)",
}


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def save(db: Path | None, record: dict[str, Any], scene_id: int | None = None) -> int:
    """Store a stopped (or finished) scene: a new one, or over the one it was resumed from."""
    with open_campaign(db) as campaign:
        return save_in(campaign, record, scene_id)


def save_in(campaign: Campaign, record: dict[str, Any], scene_id: int | None = None) -> int:
    """`save` within an open campaign block (its one write is the caller's)."""
    record = {
        "schema_version": SCHEMA_VERSION,
        **record,
        "rules_revision": REVISION,  # its rounds are fought by this ezkit's rules from now on
        "updated": now(),
    }
    table = campaign.table(TABLE)
    if scene_id is None:
        return int(table.insert(record))

    def swap(stored: dict[str, Any]) -> None:
        stored.clear()
        stored.update(record)

    table.update(swap, doc_ids=[scene_id])
    return scene_id


def get(db: Path | None, scene_id: int) -> dict[str, Any]:
    """The saved scene with this id; StoreError naming the saved ones when there is none."""
    with open_campaign(db) as campaign:
        table = campaign.table(TABLE)
        doc = table.get(doc_id=scene_id)
        if doc is None:
            held = ", ".join(
                f"{d.doc_id} ({d.get('title', '?')}, {d.get('status', '?')})" for d in table.all()
            )
            raise StoreError(
                f"no saved scene {scene_id} in the campaign ({campaign.path}); "
                + (f"saved scenes: {held}" if held else "it holds no saved scenes")
            )
    record = dict(doc)  # type: ignore[arg-type]
    version = record.get("schema_version")
    if version != SCHEMA_VERSION:
        raise DocumentError(
            f"saved scene {scene_id}: schema_version {version!r} is not one this ezkit reads "
            f"(accepted: {SCHEMA_VERSION})"
        )
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        raise DocumentError(
            f"saved scene {scene_id} lacks {', '.join(missing)}; it cannot be fought again"
        )
    wrong = shape_problem(record)
    if wrong:
        raise DocumentError(f"saved scene {scene_id}: {wrong}; it cannot be fought again")
    return record


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shape_problem(record: dict[str, Any]) -> str:
    """What is wrong with a saved scene's fields (a hand-edited campaign), or "" when they
    have the shapes above: resuming read them without asking."""
    if not _whole(record["seed"]) or record["seed"] < 0:
        return f"seed {record['seed']!r} is not a whole number of 0 or more"
    if not _whole(record["rounds"]) or record["rounds"] < 0:
        return f"rounds {record['rounds']!r} is not a whole number of 0 or more"
    for key in ("document", "characters"):
        if not isinstance(record[key], dict):
            return f"{key} is not a mapping"
    revision = record.get("rules_revision", 0)
    if not _whole(revision) or revision < 0:
        return f"rules_revision {revision!r} is not a whole number of 0 or more"
    if not isinstance(record["orders"], list):
        return "orders is not a list"
    for i, order in enumerate(record["orders"], 1):
        if not (
            isinstance(order, dict)
            and _whole(order.get("round"))
            and isinstance(order.get("name"), str)
            and isinstance(order.get("action"), str)
            and isinstance(order.get("once", False), bool)
        ):
            return (
                f"order {i} ({str(order)[:60]}) is not "
                "{round: a whole number, name: text, action: text, once: true or false}"
            )
    return ""


def revision_warning(record: dict[str, Any], scene_id: int) -> list[str]:
    """What a GM resuming a scene saved under another rules revision must know, line by line,
    or [] when it was saved under this one: its rounds were fought again by these rules, so
    the wounds may not be those he saw; how to start it again instead."""
    saved_by = record.get("rules_revision", 0)
    if saved_by == REVISION:
        return []
    if saved_by < REVISION:
        by = "an older ezkit" if saved_by else "an ezkit older than rules revisions"
        changes = "; ".join(CHANGES[n] for n in range(saved_by + 1, REVISION + 1))
        changed = f", which changed since: {changes}"
    else:
        by, changed = f"a newer ezkit (rules revision {saved_by})", ""
    rounds = record["rounds"]
    again = f"ezkit fight scene {record['file']}" if record.get("file") else "from its file"
    return [
        f"Warning: saved scene {scene_id} was stopped by {by}; this one fights by rules "
        f"revision {REVISION}.",
        f"  Its {plural(rounds, 'round')} {'was' if rounds == 1 else 'were'} fought again from "
        f"the seed by this ezkit's rules{changed}.",
        "  So the wounds and Fudge Points below may differ from those seen when it was "
        "stopped: compare them with the table's notes.",
        f"  If they differ, start the scene again: {again} (the saved scene may be left as it "
        "is: a stopped scene marks nobody's wounds).",
        f"  Stopped again or ended, it is saved by revision {REVISION} and replays as it is now.",
    ]
