"""Values worked out from the traits: Resilience, Reflexes, CPD, weapon INJ (EZ-9, EZ-10)."""

from __future__ import annotations

import difflib
from dataclasses import field

from ezkit.character.files import Problem
from ezkit.character.model import Armor, Character, Weapon
from ezkit.records import record
from ezkit.rules import Rules


def resilience(body: int, will: int) -> int:
    """floor((Body + Will) / 2), rounding toward negative infinity (EZ-9)."""
    return (body + will) // 2


def reflexes(agility: int, mind: int) -> int:
    """floor((Agility + Mind) / 2), rounding toward negative infinity (EZ-9)."""
    return (agility + mind) // 2


@record
class WeaponStats:
    name: str
    kind: str  # melee or ranged
    inj: int
    how: str  # the sum, for a person to check

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "inj": self.inj, "how": self.how}


@record(frozen=False)
class Derived:
    resilience: int
    reflexes: int
    cpd: int
    cpd_parts: list[tuple[str, int]]
    weapons: list[WeaponStats] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "resilience": self.resilience,
            "reflexes": self.reflexes,
            "cpd": self.cpd,
            "cpd_parts": [{"source": s, "value": v} for s, v in self.cpd_parts],
            "weapons": [w.as_dict() for w in self.weapons],
        }


def derive(character: Character, rules: Rules) -> tuple[Derived, list[Problem]]:
    """Derived values of the character in play (its people package applied)."""
    a = character.attributes
    problems: list[Problem] = []
    res = resilience(a.body, a.will)
    parts = [("armor", armor_bonus(character.armor, rules, problems))]
    parts.append(("Mass Scale", character.mass_scale))
    parts.append(("Resilience", res))
    parts += [(f"gift {g.name}", g.cpd) for g in character.gifts if g.cpd]
    parts += [(m.source, m.value) for m in character.defence_modifiers]
    weapons = []
    for i, weapon in enumerate(character.weapons):
        stats = weapon_stats(weapon, character, rules)
        if isinstance(stats, Problem):
            problems.append(Problem(stats.rule, f"weapons[{i}]", stats.message))
        else:
            weapons.append(stats)
    derived = Derived(res, reflexes(a.agility, a.mind), sum(v for _, v in parts), parts, weapons)
    return derived, problems


def armor_bonus(armor: Armor | None, rules: Rules, problems: list[Problem]) -> int:
    """The armor's bonus: given, or from the armor table (EZ-10)."""
    if armor is None:
        return 0
    if armor.bonus is not None:
        return armor.bonus
    bonus = rules.armor_bonus(armor.name)
    if bonus is None:
        hint = _close(armor.name, list(rules.armor))
        problems.append(
            Problem(
                "EZ-10",
                "armor",
                f"armor {armor.name!r} is not on the armor table{hint}; "
                "name a row of the table or give its bonus",
            )
        )
        return 0
    return bonus


def weapon_stats(weapon: Weapon, character: Character, rules: Rules) -> WeaponStats | Problem:
    """A weapon's INJ: melee is Body + Mass Scale + damage factor (+1 quality);
    a self-powered weapon's INJ is its own, the table's lower value by default (EZ-10)."""
    if weapon.damage_factor is not None and weapon.inj is not None:
        # which one it is cannot be guessed: a rifle with a damage factor had become a club
        return Problem(
            "EZ-10",
            "",
            f"weapon {weapon.name!r} gives both damage_factor (a melee weapon's: Body + factor) "
            "and inj (a ranged weapon's own INJ); keep the one that fits it",
        )
    looked_up = weapon.type or weapon.name
    melee = rules.melee_weapon(looked_up) if weapon.kind != "ranged" else None
    ranged = rules.ranged_weapon(looked_up) if weapon.kind != "melee" else None
    if weapon.damage_factor is not None or (melee and weapon.inj is None):
        factor = weapon.damage_factor if weapon.damage_factor is not None else melee[1].factor
        body, mass = character.attributes.body, character.mass_scale
        quality = 1 if weapon.quality else 0
        inj = body + mass + factor + quality
        how = f"Body {body:+d} + Mass Scale {mass:+d} + damage factor {factor:+d}"
        how += " + quality 1" if quality else ""
        return WeaponStats(weapon.name, "melee", inj, how)
    if weapon.inj is not None:
        return WeaponStats(weapon.name, weapon.kind or "ranged", weapon.inj, "INJ as given")
    if ranged:
        low = min(ranged.inj)
        return WeaponStats(weapon.name, "ranged", low, f"table INJ {low} (the lower value)")
    hint = _close(looked_up, rules.weapon_names())
    return Problem(
        "EZ-10",
        "",
        f"weapon {looked_up!r} is not on the melee or ranged weapon tables{hint}; "
        "name a table row, or give damage_factor (melee) or inj (ranged)",
    )


def _close(name: str, names: list[str]) -> str:
    """A did-you-mean: a row holding every word typed ("leather armor" -> "hardened leather
    armor"), else the nearest spelling."""
    words = name.lower().split()
    holding = [n for n in names if words and all(w in n.lower().split() for w in words)]
    close = holding or difflib.get_close_matches(name.lower(), names, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
