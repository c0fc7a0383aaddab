"""The Ranged Phase (EZ-17, EZ-19): a shooter's action against the shot's difficulty.

The difficulty comes from range, light and cover (or the GM's own); a target
that spends its phase evading rolls Reflexes, and the shot must reach the
higher of the two: an outcome of 0 or more is a hit (EZ-11), so a tie hits
with margin 0. A hit wounds: SM + weapon INJ - target CPD. Nobody both shoots
and evades in one phase.
"""

from __future__ import annotations

from dataclasses import field

from ezkit import ladder
from ezkit.combat.damage import Attack, Fudge, Wound, wound
from ezkit.combat.fudge import spent_text
from ezkit.errors import InputError
from ezkit.records import record
from ezkit.rules import Rules


def shot_difficulty(
    rules: Rules, range_: str = "M", light: str = "normal", cover: str = "none"
) -> tuple[int, list[str]]:
    """EZ-17: the range's difficulty, +1/+2 for dim light/darkness and partial/heavy cover."""
    key = range_.upper()
    if key not in rules.ranges:
        raise InputError(f"unknown range {range_!r}; ranges: {', '.join(rules.ranges)} (EZ-17)")
    for table, value, what in ((rules.light, light, "light"), (rules.cover, cover, "cover")):
        if value not in table:
            raise InputError(f"unknown {what} {value!r}; choose {', '.join(table)} (EZ-17)")
    row = rules.ranges[key]
    total = row.difficulty + rules.light[light] + rules.cover[cover]
    parts = [f"{row.name} range {ladder.label(row.difficulty)}"]
    if rules.light[light]:
        parts.append(f"{light} light {rules.light[light]:+d}")
    if rules.cover[cover]:
        parts.append(f"{cover} cover {rules.cover[cover]:+d}")
    return total, parts


@record
class Shooter:
    name: str
    rank: int
    trait: str
    attack: Attack  # the weapon's INJ, and the shooter's optional rules
    modifier: int = 0
    penalty: int = 0


@record
class Target:
    name: str
    cpd: int
    evade: int | None = None  # the evade result (Reflexes + mods + roll), if evading
    shooting: bool = False  # a target that shoots this phase cannot evade


@record(frozen=False)
class Shot:
    action: int
    difficulty: int
    outcome: int
    hit: bool
    wound: Wound | None
    steps: list[str] = field(default_factory=list)
    fudge_points: int = 0  # spent by the shooter after the roll (EZ-12)

    @property
    def to_hit(self) -> int:
        """Fudge Points that would still turn a miss into a hit (EZ-12): a tie hits."""
        return max(0, -self.outcome)

    def to_dodge(self, evade: int | None) -> int:
        """Fudge Points on the evade that would still make a hit miss (EZ-12, EZ-19): the
        evade must rise above the shooter's action. 0 for a miss; with no evade, none can."""
        if not self.hit or evade is None:
            return 0
        return self.action - evade + 1


def resolve(
    shooter: Shooter,
    target: Target,
    difficulty: int,
    roll: int,
    rules: Rules,
    options: frozenset[int] = frozenset(),
    fudge: Fudge | None = None,
    why: str = "",
    fudge_points: int = 0,
) -> Shot:
    """One shot: the shooter's action against the set difficulty or the target's evade.

    Fudge Points the shooter spends after the roll raise the action +1 each (ruling EZ-12);
    an evader's points are in his evade result already."""
    if target.evade is not None and target.shooting:
        raise InputError(f"{target.name} cannot both shoot and evade in one phase (EZ-19)")
    if fudge_points < 0:
        raise InputError("Fudge Points spent are 0 or more (EZ-12)")
    aim = shooter.attack.aim[0] if shooter.attack.aim else 0
    action = shooter.rank + shooter.modifier + shooter.penalty + aim + roll + fudge_points
    mods = "".join(
        f" {v:+d} {w}"
        for v, w in ((shooter.modifier, "modifiers"), (shooter.penalty, "wounds"), (aim, "aim"))
        if v
    )
    spent = spent_text(fudge_points)
    steps = [
        f"{shooter.name}: {ladder.label(shooter.rank)} {shooter.trait}{mods}, roll "
        f"{ladder.signed(roll)}{spent}: action {ladder.label(action)}",
        f"shot difficulty {ladder.label(difficulty)}" + (f" ({why})" if why else ""),
    ]
    effective = difficulty
    if target.evade is not None:
        effective = max(difficulty, target.evade)
        steps.append(
            f"{target.name} evades: {ladder.label(target.evade)}; the shot must reach "
            f"{ladder.label(effective)} (a tie hits, EZ-11)"
        )
    outcome = action - effective
    if outcome < 0:
        steps.append(f"outcome {ladder.signed(outcome)}: a miss, Failure Margin {-outcome}")
        return Shot(action, effective, outcome, False, None, steps, fudge_points)
    steps.append(f"outcome {ladder.signed(outcome)}: a hit, Success Margin {outcome}")
    hurt = wound(
        shooter.name,
        target.name,
        outcome,
        shooter.attack,
        target.cpd,
        rules,
        options,
        fudge,
        superb_roll=roll == ladder.LADDER["Superb"],
    )
    steps += [f"{shooter.name} wounds {target.name}: {s}" for s in hurt.steps]
    steps.append(hurt.taken())
    return Shot(action, effective, outcome, True, hurt, steps, fudge_points)
