"""Stopped fight scenes in the campaign: the table "scenes", one TinyDB document per scene.

A scene stopped between rounds (`fight scene --step`, then `stop`) is saved as what it needs
to be fought again exactly: the checked scene document, every PC's character as it was read
when the scene began, the seed, the house-rules file, the GM's orders and how many rounds
were fought. `fight scene --resume ID` fights those rounds again from the seed (silently, the
orders given again) and goes on from there.

    {"schema_version": 1, "title": "Brawl at the Drowned Rat", "file": "tavern-brawl.yaml",
     "seed": 7, "rules": null, "document": {...}, "characters": {"file:../x.yaml": {...}},
     "orders": [{"round": 2, "name": "Black Tom", "action": "attack Gruk Underbridge",
                 "once": false}],
     "rounds": 1, "apply": false, "status": "stopped" | "over", "winner": null | "heroes",
     "updated": "2026-11-23T12:00:00+00:00"}

The scene's id is its TinyDB document id. Every write is one `open_campaign` block: locked,
and one atomic replacement of the file (ezkit.store).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError
from ezkit.store import StoreError, open_campaign

if TYPE_CHECKING:
    from ezkit.store import Campaign

TABLE = "scenes"
SCHEMA_VERSION = 1
REQUIRED = ("document", "characters", "seed", "orders", "rounds")


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def save(db: Path | None, record: dict[str, Any], scene_id: int | None = None) -> int:
    """Store a stopped (or finished) scene: a new one, or over the one it was resumed from."""
    with open_campaign(db) as campaign:
        return save_in(campaign, record, scene_id)


def save_in(campaign: Campaign, record: dict[str, Any], scene_id: int | None = None) -> int:
    """`save` within an open campaign block (its one write is the caller's)."""
    record = {"schema_version": SCHEMA_VERSION, **record, "updated": now()}
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
