"""Fudge Points and Experience: awards, spending, conversion, improvement (EZ-12, EZ-13),
and a wound mark taken back when it was made by mistake.

Each function takes a character and returns a new one with the change made and
a history entry recording it (time, reason, the amounts), or raises RuleError
saying what is missing.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ezkit import ladder
from ezkit.character import ledger
from ezkit.character.model import Character, Fault, Gift, HistoryEntry, Role
from ezkit.errors import InputError, RuleError
from ezkit.rules import Rules
from ezkit.words import name_key

ATTRIBUTES = ("body", "agility", "mind", "will")


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _record(character: Character, entry: HistoryEntry, **changes: object) -> Character:
    return replace(character, **{**changes, "history": [*character.history, entry]})


def _points(n: int, unit: str) -> str:
    return f"{n} {unit}{'s' if n != 1 else ''}"


def award(
    character: Character, fudge_points: int = 0, experience: int = 0, reason: str = ""
) -> Character:
    """The GM awards Fudge Points and/or Experience Points (ezkit.character.ledger)."""
    return _ledger(
        character, ledger.award(character.to_document(), fudge_points, experience, reason)
    )


def spend(
    character: Character, fudge_points: int = 0, experience: int = 0, reason: str = ""
) -> Character:
    """Points spent in play: a Fudge Point for +1 on a roll (EZ-12), or XP the GM allows."""
    return _ledger(
        character, ledger.spend(character.to_document(), fudge_points, experience, reason)
    )


def convert_to_experience(
    character: Character, experience: int, rules: Rules, reason: str = ""
) -> Character:
    """3 Fudge Points become 1 Experience Point (EZ-12)."""
    return _ledger(
        character, ledger.convert_to_experience(character.to_document(), experience, rules, reason)
    )


def convert_to_fudge_points(
    character: Character, experience: int, rules: Rules, reason: str = ""
) -> Character:
    """The back-conversion: 1 Experience Point becomes only 2 Fudge Points (EZ-12)."""
    return _ledger(
        character,
        ledger.convert_to_fudge_points(character.to_document(), experience, rules, reason),
    )


def _ledger(character: Character, changed: dict[str, Any]) -> Character:
    """The character as the ledger changed its document, checked whole by the model."""
    from ezkit.character.files import parse_character

    return parse_character(changed, f"{character.name} as changed")


def improve(
    character: Character, trait: str, rules: Rules, reason: str = "", new: bool = False
) -> Character:
    """Raise a role or attribute one rank, paying the XP table's cost (EZ-13).

    The trait must be the character's (an attribute, a role, a people package's
    role), named whole in any case; a role with a specialty by its label
    `Doctor (Surgery)`, or by its name when only one role has it. With new, the
    trait is a role the character does not have yet, bought from Poor (EZ-3).
    Nothing is charged for a name that is unknown or could mean several roles.
    The cost is read at the trait's current rank in play (people package included).
    """
    find = _new_role if new else _find_trait
    kind, name, stored, new_role = find(character, trait, rules)
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
        attributes = replace(character.attributes, **{name.lower(): to_rank})
        return _record(
            character, entry, attributes=attributes, experience=character.experience - cost
        )
    roles = [
        replace(r, rank=to_rank) if name_key(r.label) == name_key(name) else r
        for r in character.roles
    ]
    if new_role is not None:
        roles.append(replace(new_role, rank=to_rank))
    return _record(character, entry, roles=roles, experience=character.experience - cost)


def add_gift(character: Character, gift: Gift, rules: Rules, reason: str = "") -> Character:
    """Add a gift, with the GM's agreement: 8 XP (EZ-13)."""
    cost = rules.experience.add_gift
    if any(name_key(g.name) == name_key(gift.name) for g in character.effective().gifts):
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


def take_back_wound(
    character: Character, level: str, rules: Rules, stun: bool = False, reason: str = ""
) -> Character:
    """Take back one wound mark made by mistake: no rule charges or heals it (EZ-15).

    LEVEL is a wound level (any case, an unambiguous prefix). The mark taken back
    is the most recent one (the last on the track) marked in that level's box or
    rolled at that level (a promoted wound, or a Dead mark by the level it was
    rolled at), a stun mark only with stun. Nothing else on the track moves. The
    history keeps a note of it with the mark.
    """
    from ezkit.combat import wounds

    name = rules.wounds.levels[wounds.level_index(level, rules)].name
    track = list(character.wounds)
    matching = [i for i, m in enumerate(track) if m.stun == stun and name in (m.level, m.rolled)]
    if not matching:
        kind = "stun" if stun else "wound"
        other = [m for m in track if m.stun != stun and name in (m.level, m.rolled)]
        hint = (
            f"; there is a {'wound' if stun else 'stun'} mark there: "
            + ("leave out --stun" if stun else "add --stun")
            if other
            else ""
        )
        raise RuleError(
            f"{character.name} has no {kind} mark at {name} (marked or rolled there) to take "
            f"back{hint}; the track: {wounds.track_text(track, rules)} (EZ-15)"
        )
    taken = track.pop(matching[-1])
    what = f"took back {'stun ' if taken.stun else ''}{taken.level}"
    if taken.rolled != taken.level:
        what += f" (rolled {taken.rolled})"
    what += ", marked by mistake"
    entry = HistoryEntry(
        time=_now(),
        kind="note",
        reason=f"{what}; {reason}" if reason else what,
        wound=taken,
    )
    return _record(character, entry, wounds=track)


# --- helpers ---------------------------------------------------------------------


def _require(
    character: Character, fudge_points: int = 0, experience: int = 0, doing: str = ""
) -> None:
    """Refuse, saying how many are missing, when the character cannot pay."""
    ledger.require(
        {
            "name": character.name,
            "fudge_points": character.fudge_points,
            "experience": character.experience,
        },
        fudge_points=fudge_points,
        experience=experience,
        doing=doing,
    )


def _roles(character: Character) -> list[tuple[Role, bool]]:
    """The character's roles, each with whether it is stored (else its people package's)."""
    roles = [(role, True) for role in character.roles]
    labels = {name_key(role.label) for role in character.roles}
    package = character.people_package
    for role in package.roles if package else []:
        if name_key(role.label) not in labels:
            roles.append((role, False))
            labels.add(name_key(role.label))
    return roles


Trait = tuple[str, str, int | None, Role | None]
"""(kind, name, stored rank or None, the role to store when the character has none yet)."""


def _find_trait(character: Character, trait: str, rules: Rules) -> Trait:
    """One of the character's traits, by name; RuleError when none or several match."""
    key = name_key(trait)
    if not key:
        raise InputError("TRAIT is empty: name one of the character's roles or attributes")
    for attribute in ATTRIBUTES:
        if key == attribute:
            rank = getattr(character.attributes, attribute)
            return "attribute", attribute.capitalize(), rank, None
    roles = _roles(character)
    found = [pair for pair in roles if name_key(pair[0].label) == key]
    found = found or [pair for pair in roles if name_key(pair[0].name) == key]
    if len(found) == 1:
        role, stored = found[0]
        return "role", role.label, role.rank if stored else None, None if stored else role
    if found:
        labels = [role.label for role, _ in found]
        raise InputError(
            f"{trait!r} could be {len(labels)} of {character.name}'s roles: "
            f"{' or '.join(map(repr, labels))}; name one by its label, as {labels[0]!r}, "
            "so the right one is raised (EZ-4, EZ-13)"
        )
    raise RuleError(_unknown_trait(character, trait, roles, rules))


def _unknown_trait(
    character: Character, trait: str, roles: list[tuple[Role, bool]], rules: Rules
) -> str:
    """No such trait: did-you-mean among the character's own, and how to buy a new role."""
    names = {attribute: attribute.capitalize() for attribute in ATTRIBUTES}
    for role, _ in roles:
        names.setdefault(name_key(role.label), role.label)
        names.setdefault(name_key(role.name), role.name)
    close = [names[k] for k in difflib.get_close_matches(name_key(trait), list(names), n=3)]
    hint = f"did you mean {' or '.join(map(repr, close))}? " if close else ""
    listed = ", ".join(role.label for role, _ in roles) or "none"
    start = rules.flowchart.default_role
    cost = rules.improve_cost("role", start)
    shown = " ".join(trait.split())
    return (
        f"{character.name} has no trait {trait!r}: {hint}"
        f"(roles: {listed}; attributes: Body, Agility, Mind, Will). "
        f"To buy {shown!r} as a new role, {ladder.name(start)} -> {ladder.name(start + 1)} "
        f"for {_points(cost, 'XP')}, add --new (EZ-3, EZ-13)"
    )


_LABEL = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<specialty>[^()]+)\)$")


def _new_role(character: Character, trait: str, rules: Rules) -> Trait:
    """A role the character does not have yet, as `Swimmer` or `Doctor (Herbalism)` (EZ-3)."""
    label = " ".join(trait.split())
    key = name_key(label)
    if not key:
        raise RuleError("a new role needs a name, as Swimmer or 'Doctor (Herbalism)' (EZ-3)")
    if key in ATTRIBUTES:
        raise RuleError(
            f"{label} is an attribute, not a new role: improve it without --new (EZ-2, EZ-13)"
        )
    roles = _roles(character)
    for role, _ in roles:
        if name_key(role.label) == key:
            raise RuleError(
                f"{character.name} already has the role {role.label!r}: improve it without "
                "--new (EZ-13)"
            )
    parsed = _LABEL.match(label)
    name, specialty = (parsed["name"], parsed["specialty"].strip()) if parsed else (label, None)
    kept = [role.label for role, _ in roles if name_key(role.name) == name_key(name)]
    if specialty is None and kept:
        raise RuleError(
            f"{character.name} has {name} with a specialty ({', '.join(kept)}): name the new "
            f"role with its own specialty, as '{name} (...)', or improve one of those (EZ-4)"
        )
    same = next((role for role, _ in roles if name_key(role.name) == name_key(name)), None)
    role = Role(
        name=same.name if same else name,  # another specialty of a role: its name as written
        specialty=specialty,
        rank=rules.flowchart.default_role,
        specialty_required=same.specialty_required if same else False,
    )
    return "role", role.label, None, role


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
    """One of the character's own faults by its whole name, any case; else did-you-mean.

    A fault of the character's people package is not his own: the package is the GM's
    traits for a whole people, applied on top of the character as built (EZ-8), and what
    Experience buys off (8 XP, EZ-13) is a fault the character took, the one that bought
    him a gift's worth of traits (EZ-5). Such a fault is refused, saying where it comes
    from and how the GM changes a package when play has changed the character."""
    key = name_key(name)
    for fault in character.faults:
        if name_key(fault.name) == key:
            return fault
    package = character.people_package
    packaged = list(package.faults) if package else []
    for fault in packaged:
        if package and name_key(fault.name) == key:
            raise RuleError(_package_fault(character, fault, package.name))
    held = ", ".join(repr(f.name) for f in character.faults) or "none"
    names = {name_key(f.name): f.name for f in character.faults}
    close = [names[k] for k in difflib.get_close_matches(key, list(names), n=3)]
    hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
    also = (
        f"; from the people package {package.name}, which Experience does not buy off: "
        + ", ".join(repr(f.name) for f in packaged)
        if package and packaged
        else ""
    )
    raise RuleError(f"{character.name} has no fault {name!r} (faults: {held}{also}){hint} (EZ-13)")


def _package_fault(character: Character, fault: Fault, package: str) -> str:
    import shlex

    who = shlex.quote(character.name)
    return (
        f"{character.name}'s fault {fault.name!r} comes from the people package {package}, "
        "not from the faults the character took: a package is the GM's traits for a whole "
        "people (EZ-8), and Experience buys off only a fault of the character's own (EZ-13). "
        "If play has changed him, the GM changes his package: ezkit char export "
        f"{who} -o FILE, take the fault out of people_package in FILE, ezkit char add FILE "
        f"--replace (and ezkit char spend {who} --xp 8 if she charges the book's price)"
    )
