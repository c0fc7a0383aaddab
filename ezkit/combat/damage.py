"""From a won exchange to a wound: value, level and the optional rules that bend them.

Shared by the melee and ranged phases (EZ-14, EZ-18, EZ-19, the Damage Roll Options).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ezkit.combat import wounds
from ezkit.rules import Rules

#: A source of Fudge dice: fudge(n) is the total of n Fudge dice (-n..+n).
Fudge = Callable[[int], int]


@dataclass(frozen=True)
class Attack:
    """How a fighter strikes: INJ, and the optional rules he chose."""

    inj: int
    pull: str | None = None  # highest wound level he will inflict (pulling his punch)
    stun: bool = False  # attacking to stun: the wound goes on the track as stun
    aim: tuple[int, int] | None = None  # aimed strike: (modifier, margin required)


@dataclass
class Wound:
    """A wound one fighter deals another in an exchange."""

    attacker: str
    target: str
    margin: int
    value: int
    level: str | None
    stun: bool = False
    steps: list[str] = field(default_factory=list)  # how it was worked out, in words

    def as_dict(self) -> dict[str, object]:
        return {
            "attacker": self.attacker,
            "target": self.target,
            "margin": self.margin,
            "wound_value": self.value,
            "wound_level": self.level,
            "stun": self.stun,
            "steps": self.steps,
        }


def wound(
    attacker: str,
    target: str,
    margin: int,
    attack: Attack,
    cpd: int,
    rules: Rules,
    options: frozenset[int] = frozenset(),
    fudge: Fudge | None = None,
    bonus: int = 0,
    bonus_why: str = "",
    superb_roll: bool = False,
) -> Wound:
    """Wound value = margin + INJ - CPD (+ bonuses), then its level, with options 1, 2, 4,
    a pulled punch and an aimed strike applied in the book's order."""
    value = margin + attack.inj - cpd + bonus
    steps = [f"margin {margin} + INJ {attack.inj} - CPD {cpd}"]
    if bonus:
        steps[0] += f" {bonus:+d} ({bonus_why})"
    if 2 in options and fudge:
        die = fudge(1)
        value += die
        steps[0] += f" {die:+d} (option 2, a Fudge die)"
    steps[0] += f" = wound value {value}"
    if 1 in options and superb_roll and value < rules.wounds.levels[0].from_:
        value = rules.wounds.levels[0].from_
        steps.append("option 1: a successful attack with a Superb roll does at least a Scratch")
    level = wounds.level_for(value, rules)
    if 4 in options and fudge:
        die = fudge(1)
        if die:
            before = level
            level = wounds.shift(level, die, rules)
            steps.append(
                f"option 4: the Fudge die shows {die:+d}: {before or 'no wound'} -> "
                f"{level or 'no wound'}"
            )
    if attack.pull and level and _above(level, attack.pull, rules):
        steps.append(f"the punch is pulled: {level} counts as {attack.pull}")
        level = attack.pull
    if attack.aim and level:
        needed = attack.aim[1]
        if margin >= needed:
            steps.append(f"the aimed strike lands where it was aimed (margin {margin} >= {needed})")
        else:
            steps.append(
                f"the aimed strike wounds but misses its mark (margin {margin} < {needed}): "
                f"{target} decides where the hit lands"
            )
    if attack.stun and level:
        steps.append("an attack to stun: marked on the track as stun")
    return Wound(attacker, target, margin, value, level, attack.stun and level is not None, steps)


def _above(level: str, cap: str, rules: Rules) -> bool:
    return wounds.level_index(level, rules) > wounds.level_index(cap, rules)
