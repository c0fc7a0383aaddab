"""Action resolution (ruling EZ-11) and its "Mathless" finger-walk.

    result  = rank + modifiers + roll (+1 per Fudge Point spent, EZ-12)
    outcome = result - difficulty (- the foe's roll, if the GM rolls for foes)

An outcome of 0 or more is a Success with Success Margin = outcome; below 0
is a Failure with Failure Margin = -outcome. A test's difficulty is set by
the GM (default Fair); a contest's is the rank of the trait that resists.
"""

from __future__ import annotations

from ezkit import ladder
from ezkit.records import record

#: Default test difficulty (EZ-11, "Most tests are at Fair (+1) difficulty").
DEFAULT_DIFFICULTY = ladder.LADDER["Fair"]


@record
class Action:
    """A resolved action: the numbers that went in and what came out."""

    rank: int
    roll: int
    modifier: int = 0
    difficulty: int = DEFAULT_DIFFICULTY
    foe_roll: int = 0
    fudge_points: int = 0
    contest: bool = False

    @property
    def kind(self) -> str:
        return "contest" if self.contest else "test"

    @property
    def result(self) -> int:
        """The action result: rank + modifiers + roll + Fudge Points spent."""
        return self.rank + self.modifier + self.roll + self.fudge_points

    @property
    def opposition(self) -> int:
        """The difficulty the result must reach, the foe's roll included."""
        return self.difficulty + self.foe_roll

    @property
    def outcome(self) -> int:
        return self.result - self.opposition

    @property
    def success(self) -> bool:
        return self.outcome >= 0

    @property
    def margin(self) -> int:
        """The Success Margin (SM) or Failure Margin (FM): the outcome without its sign."""
        return abs(self.outcome)

    @property
    def margin_name(self) -> str:
        return "Success Margin" if self.success else "Failure Margin"

    def points_to_succeed(self) -> int:
        """Fudge Points that would still turn this Failure into a Success (EZ-12)."""
        return max(0, -self.outcome)


def resolve(
    rank: int,
    roll: int,
    modifier: int = 0,
    difficulty: int = DEFAULT_DIFFICULTY,
    foe_roll: int = 0,
    fudge_points: int = 0,
    contest: bool = False,
) -> Action:
    """Resolve one action; a foe roll makes it a contest."""
    return Action(
        rank=rank,
        roll=roll,
        modifier=modifier,
        difficulty=difficulty,
        foe_roll=foe_roll,
        fudge_points=fudge_points,
        contest=contest or foe_roll != 0,
    )


def mathless(action: Action) -> list[str]:
    """The same resolution told as finger moves on the Ladder ("Mathless" EZFudge)."""
    finger = action.rank
    steps = [f"Put your finger on {ladder.name(finger)}, the trait's rank."]

    def walk(amount: int, why: str, up_is_plus: bool = True) -> None:
        nonlocal finger
        if not amount:
            steps.append(f"No move for {why}: still on {ladder.name(finger)}.")
            return
        finger += amount if up_is_plus else -amount
        moved = amount if up_is_plus else -amount
        direction = "up" if moved > 0 else "down"
        steps.append(f"Move {direction} {abs(amount)} for {why}: {ladder.name(finger)}.")

    if action.modifier:
        walk(action.modifier, f"the {ladder.signed(action.modifier)} modifier")
    walk(action.roll, f"the {ladder.label(action.roll)} roll")
    if action.fudge_points:
        walk(action.fudge_points, _points(action.fudge_points))
    steps.append(f"That is the action result: {ladder.with_article(finger)} action.")

    difficulty = ladder.label(action.difficulty)
    walk(action.difficulty, f"the {difficulty} difficulty", up_is_plus=False)
    if action.foe_roll:
        walk(action.foe_roll, f"the foe's {ladder.label(action.foe_roll)} roll", False)
    outcome = ladder.label(finger)
    if action.success:
        steps.append(f"{outcome}: Mediocre or better is a Success, Success Margin {action.margin}.")
    else:
        steps.append(f"{outcome}: Poor or worse is a Failure, Failure Margin {action.margin}.")
    return steps


def _points(n: int) -> str:
    return f"{n} Fudge Point{'s' if n != 1 else ''} spent"
