"""From a won exchange to a wound: value, level and the optional rules that bend them.

Shared by the melee and ranged phases (EZ-14, EZ-18, EZ-19, the Damage Roll Options).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ezkit.combat import wounds
from ezkit.records import record
from ezkit.rules import Rules

#: A source of Fudge dice: fudge(n) is the total of n Fudge dice (-n..+n).
Fudge = Callable[[int], int]


@dataclass(frozen=True)  # one made every exchange: dataclass's own __init__ is quicker
class Attack:
    """How a fighter strikes: INJ, and the optional rules he chose."""

    inj: int
    pull: str | None = None  # highest wound level he will inflict (pulling his punch)
    stun: bool = False  # attacking to stun: the wound goes on the track as stun
    aim: tuple[int, int] | None = None  # aimed strike: (modifier, margin required)


#: What an attack to stun that would be a Scratch does (EZ-16).
NO_EFFECT = "No effect"


@record(frozen=False)
class Wound:
    """A wound one fighter deals another in an exchange.

    An attack to stun is a stun (`stun`) named by its own name (`stun_result`: No effect,
    Dazed, Stunned, Knocked Out, EZ-16); `level` is the box it marks, None when it marks
    nothing (no wound, or a stun at Scratch level).
    """

    attacker: str
    target: str
    margin: int
    value: int
    level: str | None
    stun: bool = False
    steps: list[str] = field(default_factory=list)  # how it was worked out, in words
    stun_result: str | None = None  # a stun's name (EZ-16); None when not a stun

    def taken(self) -> str:
        """What the target takes, in words: `Bandit takes Hurt`, `Knight is Dazed (...)`."""
        if self.stun and self.stun_result == NO_EFFECT:
            return f"{self.target}: {NO_EFFECT} (an attack to stun at Scratch level, EZ-16)"
        if self.stun and self.level:
            return f"{self.target} is {self.stun_result} (an attack to stun at {self.level} level)"
        return f"{self.target} takes {self.level or 'no wound'}"

    def as_dict(self) -> dict[str, object]:
        return {
            "attacker": self.attacker,
            "target": self.target,
            "margin": self.margin,
            "wound_value": self.value,
            "wound_level": self.level,
            "stun": self.stun,
            "stun_result": self.stun_result,
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
        # EZ-16: the stun's own name; a Scratch-level stun has no effect and marks nothing
        named = wounds.level_named(level, rules).stun
        if named is None:
            steps.append(f"an attack to stun: a {level} to stun has no effect (EZ-16)")
            return Wound(attacker, target, margin, value, None, True, steps, NO_EFFECT)
        steps.append(f"an attack to stun: {named}, marked on the track as stun (EZ-16)")
        return Wound(attacker, target, margin, value, level, True, steps, named)
    return Wound(attacker, target, margin, value, level, False, steps)


def _above(level: str, cap: str, rules: Rules) -> bool:
    return wounds.level_index(level, rules) > wounds.level_index(cap, rules)
