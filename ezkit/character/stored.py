"""A stored character as `char list` shows it, read from its document.

The campaign keeps the digest of each character the model checked when it was stored
(ezkit/store.py, CHECKED). Such a document, unchanged since, is read here as it is, without
the model (pydantic takes about 60 ms to start, and validating 500 characters as long
again). Any other document is validated first, and skipped with the reason when invalid.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ezkit import ladder
from ezkit.errors import EzkitError
from ezkit.records import record


@record
class Mark:
    """A marked box of the wound track (as ezkit.character.model.WoundMark)."""

    level: str
    rolled: str
    stun: bool = False


@record
class Listed:
    """What `char list` shows of a character."""

    name: str
    build: str
    people: str
    fudge_points: int
    experience: int
    wounds: tuple[Mark, ...]
    best_role: tuple[int, str] | None  # (rank, label) of its best role in play


def listed(doc: dict[str, Any], checked: bool) -> Listed:
    """A stored character's listing. A document not `checked` (or one whose digest was
    forged over a broken document) is validated by the model: InvalidCharacter if it fails."""
    if checked:
        try:
            return _read(doc)
        except (LookupError, TypeError, ValueError, AttributeError, EzkitError):
            pass  # not as ezkit stores a character after all: the model says why
    from ezkit.character.files import in_campaign, parse_character

    return _read(parse_character(doc, in_campaign(doc)).to_document())


def _read(doc: dict[str, Any]) -> Listed:
    """A listing from a valid character document, as the model reads it: `effective()`'s
    roles (a people package's role replaces the character's own when ranked higher)."""
    roles = list(doc.get("roles", []))
    package = doc.get("people_package")
    if package is not None:
        merged = {(r["name"].lower(), r.get("specialty")): r for r in roles}
        for role in package.get("roles", []):
            key = (role["name"].lower(), role.get("specialty"))
            mine = merged.get(key)
            if mine is None or _rank(mine["rank"]) < _rank(role["rank"]):
                merged[key] = role
        roles = list(merged.values())
    best = max(roles, key=lambda role: _rank(role["rank"]), default=None)
    return Listed(
        name=_text(doc["name"]),
        build=_text(doc.get("build", "flowchart")),
        people=_text(doc.get("people", "")),
        fudge_points=_number(doc.get("fudge_points", 3)),
        experience=_number(doc.get("experience", 0)),
        wounds=tuple(
            Mark(_text(m["level"]), _text(m["rolled"]), m.get("stun", False) is True)
            for m in doc.get("wounds", [])
        ),
        best_role=None if best is None else (_rank(best["rank"]), _label(best)),
    )


@cache
def _rank(written: str | int) -> int:
    """A rank as stored (`Great`): the few labels a campaign holds, each read once."""
    return ladder.parse(written)


def _label(role: dict[str, Any]) -> str:
    name, specialty = _text(role["name"]), role.get("specialty")
    return f"{name} ({_text(specialty)})" if specialty else name


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {type(value).__name__}")
    return value


def _number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError(f"expected a whole number, got {value!r}")
    return value
