"""The exact odds behind a roll: the seed's Percentages table, computed.

Success is an outcome of Mediocre (0) or better: rank + modifier + roll >=
difficulty + foe roll (EZ-11). Every chance here is an exact Fraction; the
book's whole-percent style rounds half up (EZ-23).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from ezkit import dice, ladder
from ezkit.errors import InputError
from ezkit.records import record

#: Foe roll options of EZ-11: nothing, one Fudge die, or four, added to the difficulty.
FOE_ROLLS: dict[str, str | None] = {"none": None, "1df": "1dF", "4df": "4dF"}


def foe_method(foe_roll: str = "none") -> dice.Method | None:
    """The dice of a foe roll option: None, 1dF or 4dF (EZ-11)."""
    key = foe_roll.lower()
    if key not in FOE_ROLLS:
        raise InputError(f"unknown foe roll {foe_roll!r}; choose none, 1df or 4df (EZ-11)")
    name = FOE_ROLLS[key]
    return dice.method(name) if name else None


def foe_distribution(foe_roll: str = "none") -> dice.Distribution:
    """What a foe roll adds to the difficulty: 0 for none, else 1dF or 4dF."""
    method = foe_method(foe_roll)
    return method.distribution() if method else {0: Fraction(1)}


def roll_distribution(method: str, fresh: bool = False) -> dice.Distribution:
    """A method's distribution; `fresh` asks for one roll from a fresh start
    (a new poker shoe) rather than the long run of a session."""
    found = dice.method(method)
    if fresh and isinstance(found, dice.PokerDeck):
        return found.fresh_distribution()
    return found.distribution()


def chance(
    rank: int,
    difficulty: int,
    modifier: int = 0,
    foe_roll: str = "none",
    method: str = dice.DEFAULT,
    fresh: bool = False,
) -> Fraction:
    """The chance that rank + modifier + roll reaches difficulty + foe roll."""
    net = net_distribution(foe_roll, method, fresh)
    return dice.chance_at_least(net, difficulty - rank - modifier)


def net_distribution(
    foe_roll: str = "none", method: str = dice.DEFAULT, fresh: bool = False
) -> dice.Distribution:
    """How roll - foe roll falls: the same for every rank and difficulty."""
    return dice.difference(roll_distribution(method, fresh), foe_distribution(foe_roll))


def in_n(p: Fraction, method: str = dice.DEFAULT, foe_roll: str = "none") -> str:
    """A chance counted the way the table counts throws: "50 in 81" for 4dF."""
    outcomes = [roll_distribution(method), foe_distribution(foe_roll)]
    whole = math.prod(math.lcm(*(q.denominator for q in dist.values())) for dist in outcomes)
    if (p * whole).denominator != 1:
        return str(p)
    return f"{p * whole} in {whole}"


def percent(p: Fraction, places: int = 1) -> str:
    """A chance as a percentage, rounded half up: 61.7, 98.8."""
    scaled = p * 100 * 10**places
    rounded = math.floor(scaled + Fraction(1, 2))
    if places == 0:
        return str(rounded)
    return f"{rounded // 10**places}.{rounded % 10**places:0{places}d}"


def book_percent(p: Fraction) -> str:
    """A chance in the seed's style: whole percent, "Automatic" or "Never".

    A chance that is neither but rounds to 100 or 0 reads ">99" or "<1", so it
    is never mistaken for a sure thing."""
    if p == 1:
        return "Automatic"
    if p == 0:
        return "Never"
    whole = percent(p, places=0)
    return {"100": ">99", "0": "<1"}.get(whole, whole)


@record
class Table:
    """Chances for every pair of (modified) trait rank and difficulty."""

    ranks: Sequence[int]
    difficulties: Sequence[int]
    chances: dict[tuple[int, int], Fraction]

    def rows(self) -> list[tuple[int, list[Fraction]]]:
        return [(r, [self.chances[r, d] for d in self.difficulties]) for r in self.ranks]


def percentages(
    modifier: int = 0,
    foe_roll: str = "none",
    method: str = dice.DEFAULT,
    ranks: Sequence[int] | None = None,
    difficulties: Sequence[int] | None = None,
) -> Table:
    """The seed's Percentages table: trait rank down the side (best first),
    difficulty across the top (worst first)."""
    ranks = list(ranks or ladder.ranks())
    difficulties = list(difficulties or reversed(ladder.ranks()))
    net = net_distribution(foe_roll, method)  # worked out once for the 49 cells
    chances = {
        (r, d): dice.chance_at_least(net, d - r - modifier) for r in ranks for d in difficulties
    }
    return Table(ranks, difficulties, chances)


@record
class Comparison:
    """One alternative method's distribution beside true 4dF."""

    method: str
    distribution: dice.Distribution
    deviation: Fraction  # largest |P(method = v) - P(4dF = v)| over v
    at: int  # the value where it is largest


def compare(reference: str = dice.DEFAULT) -> tuple[dice.Distribution, list[Comparison]]:
    """Each alternative method beside the reference (4dF) and its largest deviation."""
    truth = dice.method(reference).distribution()
    result = []
    for method in dice.alternatives():
        dist = method.distribution()
        gaps = {value: abs(dist[value] - truth[value]) for value in truth}
        at = max(gaps, key=lambda value: (gaps[value], -abs(value)))
        result.append(Comparison(method.name, dist, gaps[at], at))
    return truth, result
