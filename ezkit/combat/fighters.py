"""Who fights: a character's numbers for a fight, or a foe's stat line.

A character fights with a trait (a role or an attribute), a weapon's INJ, his
CPD and the penalty of his wound track. A foe is a stat line the GM types:
`Bandit: Fair Fighter, INJ 3, CPD 2` (name, rank and trait, INJ, CPD; optional
`Reflexes Fair` for evading).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ezkit import ladder
from ezkit.character.check import check
from ezkit.character.model import Character, WoundMark
from ezkit.combat import wounds
from ezkit.errors import InputError, RuleError
from ezkit.rules import Rules


@dataclass(frozen=True)
class Combatant:
    """A fighter's numbers, whoever he is."""

    name: str
    rank: int
    trait: str
    inj: int
    cpd: int
    weapon: str
    reflexes: int
    track: tuple[WoundMark, ...] = ()
    character: Character | None = field(default=None, compare=False)

    def penalty(self, rules: Rules) -> int:
        return wounds.penalty(self.track, rules)

    def can_act(self, rules: Rules) -> bool:
        return wounds.can_act(self.track, rules)


def from_character(
    character: Character,
    rules: Rules,
    trait: str | None = None,
    weapon: str | None = None,
    ranged: bool = False,
) -> Combatant:
    """A character's fighting numbers: the trait asked for (else his best role), the weapon
    asked for (else his first of the kind; unarmed in melee), CPD and wound penalty."""
    played = character.effective()
    report = check(character, rules)
    name, rank = pick_trait(played, trait)
    kind = "ranged" if ranged else "melee"
    arms = [w for w in report.derived.weapons if w.kind == kind]
    if weapon:
        arms = [w for w in report.derived.weapons if w.name.lower() == weapon.lower()]
        if not arms:
            held = ", ".join(w.name for w in report.derived.weapons) or "none"
            raise InputError(f"{character.name} has no weapon {weapon!r} (weapons: {held})")
    if arms:
        inj, used = arms[0].inj, arms[0].name
    elif ranged:
        raise RuleError(f"{character.name} has no ranged weapon to shoot with (EZ-19)")
    else:  # unarmed: the damage factor of the unarmed row (EZ-10)
        factor = rules.melee_weapons["unarmed"].factor
        inj, used = played.attributes.body + played.mass_scale + factor, "unarmed"
    return Combatant(
        character.name,
        rank,
        name,
        inj,
        report.derived.cpd,
        used,
        report.derived.reflexes,
        tuple(character.wounds),
        character,
    )


def pick_trait(character: Character, trait: str | None) -> tuple[str, int]:
    """A role (by name or label) or an attribute; without a name, the best role."""
    if trait is None:
        if not character.roles:
            return "Body", character.attributes.body
        best = max(character.roles, key=lambda r: r.rank)
        return best.label, best.rank
    key = " ".join(trait.lower().split())
    for attribute in ("body", "agility", "mind", "will"):
        if key == attribute:
            return attribute.capitalize(), getattr(character.attributes, attribute)
    for role in character.roles:
        if key in (role.label.lower(), role.name.lower()):
            return role.label, role.rank
    default = -1  # a role not taken is Poor (EZ-3)
    held = ", ".join(r.label for r in character.roles)
    raise InputError(
        f"{character.name} has no role or attribute {trait!r} (roles: {held}); a role not taken "
        f"is {ladder.label(default)}: name it with its rank as a foe, or pick another trait"
    )


_FOE = re.compile(
    r"^\s*(?P<name>[^:]+?)\s*:\s*(?P<trait>[^,]+?)\s*"
    r",\s*INJ\s*(?P<inj>[+-]?\d+)\s*,\s*CPD\s*(?P<cpd>[+-]?\d+)"
    r"(?:\s*,\s*Reflexes\s*(?P<reflexes>[^,]+?))?\s*$",
    re.I,
)


def parse_foe(text: str) -> Combatant:
    """Read `Bandit: Fair Fighter, INJ 3, CPD 2` (optionally `, Reflexes Mediocre`)."""
    match = _FOE.match(text)
    if not match:
        raise InputError(
            f"foe {text!r} is not a stat line; write it as 'NAME: RANK TRAIT, INJ N, CPD N' "
            "(e.g. 'Bandit: Fair Fighter, INJ 3, CPD 2', optionally ', Reflexes Fair')"
        )
    rank, trait = _rank_and_trait(match["trait"])
    reflexes = ladder.parse(match["reflexes"]) if match["reflexes"] else rank
    return Combatant(match["name"], rank, trait, int(match["inj"]), int(match["cpd"]), "", reflexes)


def _rank_and_trait(text: str) -> tuple[int, str]:
    """`Fair Fighter`, `Great (+3) Swordsman`, `+1 Fighter`: the rank first, then the trait."""
    both = re.match(r"^(?P<rank>.+?\(\s*[+-]?\d+\s*\)|[+-]?\d+|\S+)\s*(?P<trait>.*)$", text)
    assert both is not None  # the pattern matches any non-empty text
    rank = ladder.parse(both["rank"])
    return rank, both["trait"] or "fighting"
