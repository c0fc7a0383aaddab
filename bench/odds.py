"""The odds and dice hot loops, each against a plain baseline in the same run.

- the exact Percentages table (convolution of distributions) against brute
  force enumeration of every throw, as tests do it;
- rolling 4dF through ezkit's roller against a bare `random` loop.
Prints each time and the ratio.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from fractions import Fraction

from ezkit import dice, odds


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def table_exact() -> object:
    return odds.percentages(foe_roll="4df")


def table_brute() -> object:
    throws = list(itertools.product((-1, 0, 1), repeat=8))
    return {
        (r, d): Fraction(sum(r + sum(t[:4]) >= d + sum(t[4:]) for t in throws), len(throws))
        for r in range(-2, 5)
        for d in range(-2, 5)
    }


N = 100_000


def roll_ezkit() -> object:
    roller = dice.method("4dF").roller(random.Random(1))
    return [roller.roll().value for _ in range(N)]


def roll_bare() -> object:
    rng = random.Random(1)
    return [sum(rng.randint(1, 3) - 2 for _ in range(4)) for _ in range(N)]


def report(name: str, ours: Callable[[], object], base: Callable[[], object]) -> None:
    a, b = best_of(ours), best_of(base)
    print(f"  {name:44} ezkit {a * 1000:8.1f} ms  baseline {b * 1000:8.1f} ms  ratio {a / b:5.2f}")


def main() -> None:
    assert {k: v for k, v in table_exact().chances.items()} == table_brute()  # type: ignore[attr-defined]
    print("odds and dice, best of 5")
    report("Percentages table with a 4dF foe roll", table_exact, table_brute)
    report(f"{N:,} rolls of 4dF", roll_ezkit, roll_bare)


if __name__ == "__main__":
    main()
