"""Bakeries in numbers: 10,000 games between the two bots (perfect memory, forgetful).

Reports the first roller's advantage in the cake sale (how often whoever rolls first in phase
three sells seven cakes first), the average money a player makes in a round by his chef
multiplier, how often the consolation round is played, and the speed of the run. Games run in
parallel processes, each seeded from (seed, game index), so the figures repeat exactly.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

GAMES = int(os.environ.get("BAKERIES_GAMES", "10000"))
SEED = 2026


def play(index: int) -> tuple[list[dict[str, Any]], int]:
    from ezkit.games import engine, sim
    from ezkit.games.table import make_chooser

    game = engine.make("bakeries", {"players": ["Perfect", "Forgetful"]})
    bots = [make_chooser("heuristic", "bakeries"), make_chooser("forgetful", "bakeries")]
    if index % 2:  # alternate the seats
        bots.reverse()
    seed = sim.game_seed(SEED, index)
    state = sim.play_one(game, bots, seed, random.Random(seed))
    return state.history, len(state.moves)


def main() -> int:
    started = time.perf_counter()
    jobs = max(1, os.cpu_count() or 1)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        results = pool.map(play, range(GAMES), chunksize=100)
    seconds = time.perf_counter() - started
    rounds = [r for history, _ in results for r in history]
    decisions = sum(n for _, n in results)
    first_wins = sum(1 for r in rounds if r["winner"] == r["phase_three_first"])
    money: dict[int, list[int]] = defaultdict(list)
    for r in rounds:
        for seat in (0, 1):
            money[r["multipliers"][seat]].append(r["money"][seat])
    consolation = sum(1 for r in rounds if r["consolation_played"])
    print(
        f"Bakeries: {GAMES:,} games ({len(rounds):,} rounds), perfect-memory bot against forgetful"
    )
    print(f"  first roller in the cake sale wins the round: {first_wins / len(rounds):6.1%}")
    print(f"  consolation round played:                     {consolation / len(rounds):6.1%}")
    print("  average money in a round by chef multiplier:")
    for multiplier in sorted(money):
        values = money[multiplier]
        share = len(values) / (2 * len(rounds))
        mean = statistics.mean(values)
        print(f"    {multiplier}x  ${mean:9,.0f}   ({share:5.1%} of players' rounds)")
    print(
        f"  {decisions:,} decisions in {seconds:.1f} s with {jobs} processes: "
        f"{decisions / seconds:,.0f} decisions per second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
