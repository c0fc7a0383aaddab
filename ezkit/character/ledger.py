"""Fudge Points and Experience Points as the GM awards, spends and converts them (EZ-12).

Each of these changes two numbers of a character and adds an entry to its history, so
they are written here once, on the character's document: `ezkit char award/spend/convert`
apply them to a character the campaign keeps as the model checked it (its digest,
ezkit.store.CHECKED) without starting the model, and ezkit.character.advance applies them
to a Character and has the model check the result whole. A document the model accepts
stays one it accepts (tests/test_ledger.py), so the stored digest stays true.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ezkit.character.model import EXPERIENCE_MAX, FUDGE_MAX
from ezkit.errors import InputError, RuleError
from ezkit.terminal import control_characters
from ezkit.words import plural

if TYPE_CHECKING:
    from ezkit.rules import Rules

Document = dict[str, Any]

# The model's defaults for the fields changed here (ezkit.character.model.Character).
FUDGE_POINTS, EXPERIENCE = 3, 0


def plain(doc: Document) -> bool:
    """Whether the fields changed here hold what the model writes: whole numbers and a list.

    A document the model accepted may still hold `"3"` for a number (the model reads text
    as a number): such a document goes through the model, which writes it plainly.
    """

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    return (
        isinstance(doc.get("name"), str)
        and whole(doc.get("fudge_points", FUDGE_POINTS))
        and whole(doc.get("experience", EXPERIENCE))
        and isinstance(doc.get("history", []), list)
    )


def award(doc: Document, fudge_points: int = 0, experience: int = 0, reason: str = "") -> Document:
    """The GM awards Fudge Points and/or Experience Points."""
    if fudge_points < 0 or experience < 0 or not (fudge_points or experience):
        raise RuleError("an award gives a positive number of Fudge Points or Experience Points")
    return _record(doc, "award", reason, fudge_points, experience)


def spend(doc: Document, fudge_points: int = 0, experience: int = 0, reason: str = "") -> Document:
    """Points spent in play: a Fudge Point for +1 on a roll (EZ-12), or XP the GM allows."""
    if fudge_points < 0 or experience < 0 or not (fudge_points or experience):
        raise RuleError("spend a positive number of Fudge Points or Experience Points")
    require(doc, fudge_points=fudge_points, experience=experience, doing="spend")
    return _record(doc, "spend", reason, -fudge_points, -experience)


def convert_to_experience(
    doc: Document, experience: int, rules: Rules, reason: str = ""
) -> Document:
    """3 Fudge Points become 1 Experience Point (EZ-12)."""
    if experience <= 0:
        raise RuleError("convert a positive number of Experience Points' worth")
    cost = experience * rules.fudge_points.per_experience_point
    require(doc, fudge_points=cost, doing=f"convert into {experience} XP")
    reason = reason or f"{cost} Fudge Points into {experience} XP"
    return _record(doc, "convert", reason, -cost, experience)


def convert_to_fudge_points(
    doc: Document, experience: int, rules: Rules, reason: str = ""
) -> Document:
    """The back-conversion: 1 Experience Point becomes only 2 Fudge Points (EZ-12)."""
    if experience <= 0:
        raise RuleError("convert a positive number of Experience Points")
    require(doc, experience=experience, doing="convert back into Fudge Points", rule="EZ-12")
    gained = experience * rules.fudge_points.back_conversion
    reason = reason or f"{experience} XP back into {gained} Fudge Points"
    return _record(doc, "convert", reason, gained, -experience)


def require(
    doc: Document, fudge_points: int = 0, experience: int = 0, doing: str = "", rule: str = ""
) -> None:
    """Refuse, saying how many are missing, when the character cannot pay (`rule`: the
    ruling of what is paid for; by default EZ-12 for Fudge Points, EZ-13 for Experience)."""
    for held, needed, unit, default in (
        (held_fudge_points(doc), fudge_points, "Fudge Point", "EZ-12"),
        (held_experience(doc), experience, "Experience Point", "EZ-13"),
    ):
        if needed > held:
            raise RuleError(
                f"to {doing}, {doc['name']} needs {plural(needed, unit)} and has {held}: "
                f"{needed - held} missing ({rule or default})"
            )


def held_fudge_points(doc: Document) -> int:
    return int(doc.get("fudge_points", FUDGE_POINTS))


def held_experience(doc: Document) -> int:
    return int(doc.get("experience", EXPERIENCE))


def now() -> str:
    """The time of a history entry, to the second in UTC, as the model writes it."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _record(doc: Document, kind: str, reason: str, fudge_points: int, experience: int) -> Document:
    """The document with its points changed and the change in its history."""
    if bad := control_characters(reason, prose=True):
        raise InputError(
            f"--reason holds the control character {bad[0]!a}; a reason may hold letters, "
            "digits, punctuation, spaces and line breaks only"
        )
    fudge, xp = held_fudge_points(doc) + fudge_points, held_experience(doc) + experience
    if fudge > FUDGE_MAX or xp > EXPERIENCE_MAX:
        raise RuleError(
            f"that would make {fudge:,} Fudge Points and {xp:,} Experience Points; a character "
            f"holds at most {FUDGE_MAX:,} Fudge Points and {EXPERIENCE_MAX:,} Experience Points"
        )
    entry = {
        "time": now(),
        "kind": kind,
        "reason": reason,
        "fudge_points": fudge_points,
        "experience": experience,
    }
    return {
        **doc,
        "fudge_points": fudge,
        "experience": xp,
        "history": [*doc.get("history", []), entry],
    }
