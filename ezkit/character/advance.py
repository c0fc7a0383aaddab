"""Fudge Points and Experience: awards, spending, conversion, improvement (EZ-12, EZ-13).

Each function takes a character and returns a new one with the change made and
a history entry recording it (time, reason, the amounts), or raises RuleError
saying what is missing.
"""

from __future__ import annotations

from datetime import UTC, datetime

from ezkit import ladder
from ezkit.character.model import Character, Fault, Gift, HistoryEntry, Role
from ezkit.errors import RuleError
from ezkit.rules import Rules

ATTRIBUTES = ("body", "agility", "mind", "will")


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _record(character: Character, entry: HistoryEntry, **changes: object) -> Character:
    return character.model_copy(update={**changes, "history": [*character.history, entry]})


def _points(n: int, unit: str) -> str:
    return f"{n} {unit}{'s' if n != 1 else ''}"


def award(
    character: Character, fudge_points: int = 0, experience: int = 0, reason: str = ""
) -> Character:
    """The GM awards Fudge Points and/or Experience Points."""
    if fudge_points < 0 or experience < 0 or not (fudge_points or experience):
        raise RuleError("an award gives a positive number of Fudge Points or Experience Points")
    entry = HistoryEntry(
        time=_now(), kind="award", reason=reason, fudge_points=fudge_points, experience=experience
    )
    return _record(
        character,
        entry,
        fudge_points=character.fudge_points + fudge_points,
        experience=character.experience + experience,
    )


def spend(
    character: Character, fudge_points: int = 0, experience: int = 0, reason: str = ""
) -> Character:
    """Points spent in play: a Fudge Point for +1 on a roll (EZ-12), or XP the GM allows."""
    if fudge_points < 0 or experience < 0 or not (fudge_points or experience):
        raise RuleError("spend a positive number of Fudge Points or Experience Points")
    _require(character, fudge_points=fudge_points, experience=experience, doing="spend")
    entry = HistoryEntry(
        time=_now(),
        kind="spend",
        reason=reason,
        fudge_points=-fudge_points,
        experience=-experience,
    )
    return _record(
        character,
        entry,
        fudge_points=character.fudge_points - fudge_points,
        experience=character.experience - experience,
    )


def convert_to_experience(
    character: Character, experience: int, rules: Rules, reason: str = ""
) -> Character:
    """3 Fudge Points become 1 Experience Point (EZ-12)."""
    cost = experience * rules.fudge_points.per_experience_point
    if experience <= 0:
        raise RuleError("convert a positive number of Experience Points' worth")
    _require(character, fudge_points=cost, doing=f"convert into {_points(experience, 'XP')}")
    entry = HistoryEntry(
        time=_now(),
        kind="convert",
        reason=reason or f"{cost} Fudge Points into {experience} XP",
        fudge_points=-cost,
        experience=experience,
    )
    return _record(
        character,
        entry,
        fudge_points=character.fudge_points - cost,
        experience=character.experience + experience,
    )


def convert_to_fudge_points(
    character: Character, experience: int, rules: Rules, reason: str = ""
) -> Character:
    """The back-conversion: 1 Experience Point becomes only 2 Fudge Points (EZ-12)."""
    if experience <= 0:
        raise RuleError("convert a positive number of Experience Points")
    _require(character, experience=experience, doing="convert back into Fudge Points")
    gained = experience * rules.fudge_points.back_conversion
    entry = HistoryEntry(
        time=_now(),
        kind="convert",
        reason=reason or f"{experience} XP back into {gained} Fudge Points",
        fudge_points=gained,
        experience=-experience,
    )
    return _record(
        character,
        entry,
        fudge_points=character.fudge_points + gained,
        experience=character.experience - experience,
    )


def improve(character: Character, trait: str, rules: Rules, reason: str = "") -> Character:
    """Raise a role or attribute one rank, paying the XP table's cost (EZ-13).

    The cost is read at the trait's current rank in play (people package
    included); a role the character does not have starts from Poor.
    """
    kind, name, stored = _find_trait(character, trait, rules)
    current = _current_rank(character, kind, name, stored, rules)
    cost = rules.improve_cost(kind, current)
    _require(
        character,
        experience=cost,
        doing=f"raise {name} from {ladder.name(current)} to {ladder.name(current + 1)}",
    )
    if kind == "attribute":  # stored before the people package; the package adds on top
        from_rank, to_rank = stored, stored + 1
    else:  # a role is the better of the stored one and the package's
        from_rank = stored if stored is not None else rules.flowchart.default_role
        to_rank = current + 1
    entry = HistoryEntry(
        time=_now(),
        kind="improve",
        reason=reason,
        experience=-cost,
        trait=name,
        trait_kind=kind,
        from_rank=from_rank,
        to_rank=to_rank,
    )
    if kind == "attribute":
        attributes = character.attributes.model_copy(update={name.lower(): to_rank})
        return _record(
            character, entry, attributes=attributes, experience=character.experience - cost
        )
    roles = [
        r.model_copy(update={"rank": to_rank}) if r.label.lower() == name.lower() else r
        for r in character.roles
    ]
    if stored is None:
        roles.append(Role(name=name, rank=to_rank))
    return _record(character, entry, roles=roles, experience=character.experience - cost)


def add_gift(character: Character, gift: Gift, rules: Rules, reason: str = "") -> Character:
    """Add a gift, with the GM's agreement: 8 XP (EZ-13)."""
    cost = rules.experience.add_gift
    if any(g.name.lower() == gift.name.lower() for g in character.gifts):
        raise RuleError(f"{character.name} already has the gift {gift.name!r}")
    _require(character, experience=cost, doing=f"add the gift {gift.name!r}")
    entry = HistoryEntry(time=_now(), kind="add-gift", reason=reason, experience=-cost, gift=gift)
    return _record(
        character,
        entry,
        gifts=[*character.gifts, gift],
        experience=character.experience - cost,
    )


def remove_fault(character: Character, name: str, rules: Rules, reason: str = "") -> Character:
    """Remove a fault, with the GM's agreement: 8 XP (EZ-13)."""
    cost = rules.experience.remove_fault
    fault = _find_fault(character, name)
    _require(character, experience=cost, doing=f"remove the fault {fault.name!r}")
    entry = HistoryEntry(
        time=_now(), kind="remove-fault", reason=reason, experience=-cost, fault=fault
    )
    faults = [f for f in character.faults if f is not fault]
    return _record(character, entry, faults=faults, experience=character.experience - cost)


# --- helpers ---------------------------------------------------------------------


def _require(
    character: Character, fudge_points: int = 0, experience: int = 0, doing: str = ""
) -> None:
    """Refuse, saying how many are missing, when the character cannot pay."""
    for held, needed, unit, rule in (
        (character.fudge_points, fudge_points, "Fudge Point", "EZ-12"),
        (character.experience, experience, "Experience Point", "EZ-13"),
    ):
        if needed > held:
            raise RuleError(
                f"to {doing}, {character.name} needs {_points(needed, unit)} and has {held}: "
                f"{needed - held} missing ({rule})"
            )


def _find_trait(character: Character, trait: str, rules: Rules) -> tuple[str, str, int | None]:
    """(kind, name, stored rank or None for a role not taken) for a trait's name."""
    key = " ".join(trait.lower().split())
    for attribute in ATTRIBUTES:
        if key == attribute:
            return "attribute", attribute.capitalize(), getattr(character.attributes, attribute)
    for role in character.roles:
        if key in (role.label.lower(), role.name.lower()):
            return "role", role.label, role.rank
    package = character.people_package
    for role in package.roles if package else []:
        if key in (role.label.lower(), role.name.lower()):
            return "role", role.label, None
    return "role", " ".join(trait.split()), None


def _current_rank(
    character: Character, kind: str, name: str, stored: int | None, rules: Rules
) -> int:
    effective = character.effective()
    if kind == "attribute":
        return getattr(effective.attributes, name.lower())
    for role in effective.roles:
        if role.label.lower() == name.lower():
            return role.rank
    return rules.flowchart.default_role if stored is None else stored


def _find_fault(character: Character, name: str) -> Fault:
    for fault in character.faults:
        if fault.name.lower() == " ".join(name.lower().split()):
            return fault
    held = ", ".join(repr(f.name) for f in character.faults) or "none"
    raise RuleError(f"{character.name} has no fault {name!r} (faults: {held})")
