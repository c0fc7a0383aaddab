"""Fudge Points at the fight (ruling EZ-12): a player spends them after a roll, +1 each to that
action's result, with no limit but the points held.

In `fight melee|ranged` the player says how many (`--fudge-points N`). In a scene a PC has a
budget (`fudge_points: N` in the scene file) and a policy that decides, after his roll, once
for every exchange of the phase that uses it (one roll, one result, EZ-12: `for_roll`):

- `succeed` (the default): spend the fewest points that make every exchange of the roll that
  they can turn his success (a melee exchange he wins, a shot that hits, an evade the shot
  misses): an exchange is turned only when the points left are enough to do it;
- `soften`: the same, and when too few are left for that, spend all that are left if they
  lower the margin he is wounded by (a melee exchange he loses, a shot at him while he evades);
  in melee only against a foe who may wound him at all: one attacking him (not only fending him
  off), not defending all-out, at Poor or better (EZ-18).
"""

from __future__ import annotations

from typing import Literal

from ezkit.words import plural

SUCCEED, SOFTEN = "succeed", "soften"
POLICIES = (SUCCEED, SOFTEN)
Policy = Literal["succeed", "soften"]


def to_spend(needed: int, left: int, policy: str = SUCCEED, softens: bool = False) -> int:
    """The points a PC spends on one exchange (ruling EZ-12).

    needed: the points that would make the exchange his success (0: it is already);
    left: the points left of his budget; softens: whether points short of `needed` still
    lower the margin he is wounded by.
    """
    if needed <= 0 or left <= 0:
        return 0
    if needed <= left:
        return needed
    return left if policy == SOFTEN and softens else 0


def for_roll(needs: list[tuple[int, bool]], left: int, policy: str = SUCCEED) -> int:
    """The points a PC spends on one roll that counts in several exchanges of a phase (ruling
    EZ-12: one roll, one result): `to_spend` over them all at once, whatever their order.

    needs: each exchange's (needed, softens), as `to_spend` takes them. He spends the fewest
    points that make every exchange he can afford his success; with `soften`, all that are
    left when one he cannot afford is lowered by them.
    """
    if left <= 0:
        return 0
    if policy == SOFTEN and any(soft and needed > left for needed, soft in needs):
        return left
    return max((needed for needed, _ in needs if 0 < needed <= left), default=0)


def text(points: int, what: str, spent: int = 0) -> str:
    """`Spending 2 Fudge Points would make it Jason Free's success (EZ-12).`"""
    more = " more" if spent else ""
    plural = "s" if points != 1 else ""
    return f"Spending {points}{more} Fudge Point{plural} would make it {what} (EZ-12)."


def spent_text(points: int) -> str:
    """`, +2 Fudge Points`, as an action's line shows the points spent after the roll."""
    return f", +{plural(points, 'Fudge Point')}" if points else ""
