"""How many seeded games the long runs (the tests marked `slow`) play.

EZKIT_SLOW_SHARE is the share of each long run's full count to play: 1 (the default, and
`make test-full`) plays every game the issues ask for (1,000 or more per game for GT-1);
`make test` plays a tenth, so CI stays quick and still plays every game, player count and
option set. `pytest -m "not slow"` (`make test-fast`) skips the long runs altogether.
"""

from __future__ import annotations

import math
import os

SHARE = float(os.environ.get("EZKIT_SLOW_SHARE") or 1)
if not 0 < SHARE <= 1:
    raise ValueError(f"EZKIT_SLOW_SHARE={SHARE}: a share from 0 (not included) to 1")


def scaled(full: int, least: int = 1) -> int:
    """The games to play of a run whose full count is `full`: never fewer than `least`."""
    return full if SHARE == 1 else min(full, max(least, math.ceil(full * SHARE)))


def examples(full: int) -> int:
    """A property test's Hypothesis examples: all of them at the full share, else a share of
    them but never fewer than 100 (`make test` tries each property a hundred times at least,
    `make test-full` as often as written)."""
    return scaled(full, least=100)
