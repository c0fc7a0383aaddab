"""The card-game engine's speed: random-bot decisions per second, against RLCard's UNO.

Both sides play whole games with random players in this one process, for the same time each:
- ezkit: Auntie's Fudge, 4 players, ezkit's random bot, which is handed the legal moves at
  every decision; it never reads a view, so none is built, and the game is quiet (no event
  texts: `Game.new_quiet`), as in `ezkit game sim`;
- ezkit: Dudab, 4 players, the base game and with both expansions (jungle, baby), and the
  Bakeries (2 players), the same way;
- ezkit: Foozle, 4 players, the same way (the book's end, no hands cap);
- RLCard: its UNO environment (2 players, its default) with RLCard's RandomAgent, one
  env.step per decision (the state it returns is the agent's observation); and its Gin Rummy
  (2 players) the same way, the rummy game Foozle is compared with.
Prints each figure and the ratio; the target is at least 3x RLCard. Every rate is per CPU
second of this process (time.process_time), so that other work on the machine does not count.

Then a season of bot games per game (the issue "Speed where people wait", point 2): whole
games with the game's default bots (those of `ezkit game sim`: the heuristic bot with random,
and the forgetful one in the Bakeries), played by ezkit.games.sim in this one process for
about the same time, give decisions and games per CPU second (CPU, not wall time: on a
shared machine the wall clock counts the other processes too); 10,000 games on two cores
(`ezkit game sim` runs a worker per core) are projected from them, against the target of
30 s (SEASON_TARGET), and the line gives the CPU seconds of 10,000 games in one process and
the default bots' decisions per second as a share of the random bot's, measured above in
the same run. `--season N` plays N games with `ezkit game sim --jobs 2` instead and
reports the time measured.

RLCard is not a dependency of ezkit: if it is missing, this script pip-installs it into the
running environment (`python -m pip install rlcard`); without a network it reports ezkit alone.
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import time

SECONDS = 3.0
TARGET = 3.0

#: A season: games simulated with the default bots, the cores they run on, and the target.
SEASON = 10_000
CORES = 2
SEASON_TARGET = 30.0
#: The games a season is measured for: a label, the game, its players and options.
SEASONS = [
    ("Auntie's Fudge (4 players)", "auntie", 4, {}),
    ("Dudab (4 players)", "dudab", 4, {}),
    ("Dudab jungle+baby (4 pl.)", "dudab", 4, {"jungle": True, "baby": True}),
    ("Bakeries (2 players)", "bakeries", 2, {}),
    ("Foozle (4 players)", "foozle", 4, {}),
]


def auntie_rate(seconds: float = SECONDS) -> tuple[float, int]:
    """Random-bot decisions per second over whole games of Auntie's Fudge, and the games."""
    from ezkit.games import bots, engine

    game = engine.make("auntie", {"players": ["Ann", "Bob", "Cat", "Dan"]})
    bot = bots.make_bot("random", "auntie")
    decisions = games = 0
    started = time.process_time()
    looks = bots.reads_view(bot)  # the random bot never looks at its view: none is built
    while time.process_time() - started < seconds:
        state = game.new_quiet(games)
        rng = random.Random(games)
        while (seat := state.to_move()) is not None:
            view = state.view(seat) if looks else {}
            state.play(bot.choose(view, state.legal_moves(), rng))
            decisions += 1
        games += 1
    return decisions / (time.process_time() - started), games


#: Dudab (seed 002) games measured: a label and the game's options (DU-5).
#: Other games measured the same way: a label, the game, its players and options.
OTHERS = [
    ("Dudab (4 players)", "dudab", 4, {}),
    ("Dudab jungle+baby (4 pl.)", "dudab", 4, {"jungle": True, "baby": True}),
    ("Bakeries (2 players)", "bakeries", 2, {}),
    ("Foozle (4 players)", "foozle", 4, {}),
]


def game_rate(
    name: str, players: int, options: dict[str, object], seconds: float = SECONDS
) -> tuple[float, int]:
    """Random-bot decisions per second over whole quiet games of a game."""
    from ezkit.games import bots, engine

    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players]
    game = engine.make(name, {"players": names, **options})
    bot = bots.make_bot("random", name)
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_quiet(games)
        rng = random.Random(games)
        while state.to_move() is not None:
            state.play(bot.choose({}, state.legal_moves(), rng))  # it never reads the view
            decisions += 1
        games += 1
    return decisions / (time.process_time() - started), games


def season_rate(
    name: str, players: int, options: dict[str, object], seconds: float = SECONDS
) -> tuple[float, float, int, list[str]]:
    """Decisions and games per CPU second of default-bot games, as `ezkit game sim` plays
    them (ezkit.games.sim, in this process): (decisions/s, games/s, games, the bots)."""
    from ezkit.games import sim
    from ezkit.games.table import bots_for

    bots = bots_for(name)
    games = decisions = 0
    spent = 0.0
    batch = 2 * len(sim.seatings(bots, players))  # whole rounds of seatings (GT-2)
    seed = 1
    while spent < seconds:
        started = time.process_time()
        summary = sim.simulate(name, batch, players, bots, seed, jobs=1, options=options)
        spent += time.process_time() - started
        games += summary["games"]
        decisions += summary["total_decisions"]
        seed += 1
        batch = min(batch * 2, 400)
    return decisions / spent, games / spent, games, bots


def season_measured(name: str, players: int, options: dict[str, object], games: int) -> float:
    """Seconds `ezkit game sim NAME --games N --jobs CORES` takes to play, as it reports."""
    from ezkit.games import sim
    from ezkit.games.table import bots_for

    summary = sim.simulate(name, games, players, bots_for(name), 1, jobs=CORES, options=options)
    return float(summary["seconds"]) * SEASON / summary["games"]


def seasons(random_rates: dict[str, float], measure: int | None = None) -> None:
    """A line per game: default bots' decisions per CPU second, the games played, the CPU
    seconds of a season in one process, that rate as a share of the random bot's (by label,
    measured in this run), and the season's time on CORES cores against the target."""
    how = f"{measure:,} games measured, scaled" if measure else f"projected on {CORES} cores"
    print(f"A season: {SEASON:,} games with the default bots ({how}), target {SEASON_TARGET:g} s")
    for label, name, players, options in SEASONS:
        rate, per_second, games, bots = season_rate(name, players, options)
        if measure:
            season = season_measured(name, players, options, measure)
        else:
            season = SEASON / per_second / CORES
        verdict = "meets" if season < SEASON_TARGET else "misses"
        random_rate = random_rates.get(label)
        share = f"  {rate / random_rate:4.2f}x random's /s" if random_rate else ""
        print(
            f"  ezkit {label:<26}  {rate:10,.0f} /s  ({games} games, {','.join(bots)})"
            f"  CPU {SEASON / per_second:5.1f} s{share}  season {season:5.1f} s  {verdict}"
            " the target"
        )


def have_rlcard() -> bool:
    if importlib.util.find_spec("rlcard") is not None:
        return True
    print("  installing rlcard for the comparison (python -m pip install rlcard) ...")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "rlcard"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        print(f"  could not install rlcard: {done.stderr.strip().splitlines()[-1:]}")
        return False
    importlib.invalidate_caches()
    return importlib.util.find_spec("rlcard") is not None


def rlcard_rate(env_name: str, seconds: float = SECONDS) -> tuple[float, int]:
    """Random-agent decisions (env.step calls) per second over whole games of an RLCard
    environment: "uno" beside most games, "gin-rummy" beside the rummy game Foozle."""
    import numpy as np
    import rlcard
    from rlcard.agents.random_agent import RandomAgent

    np.random.seed(0)
    env = rlcard.make(env_name, config={"seed": 0})
    agent = RandomAgent(num_actions=env.num_actions)
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(agent.step(state))
            decisions += 1
        games += 1
    return decisions / (time.process_time() - started), games


def main() -> None:
    measure = None
    if "--season" in sys.argv[1:]:
        measure = int(sys.argv[sys.argv.index("--season") + 1])
    print("Card-game engine: random-bot decisions per second, one process")
    ours, our_games = auntie_rate()
    print(f"  ezkit Auntie's Fudge (4 players)  {ours:10,.0f} /s  ({our_games} games)")
    others = []
    for label, name, players, options in OTHERS:
        rate, games = game_rate(name, players, options)
        others.append((label, rate))
        print(f"  ezkit {label:<26}  {rate:10,.0f} /s  ({games} games)")
    seasons({"Auntie's Fudge (4 players)": ours, **dict(others)}, measure)
    if not have_rlcard():
        print("  RLCard UNO: not available, no ratio")
        return
    theirs, their_games = rlcard_rate("uno")
    print(f"  RLCard UNO (2 players)            {theirs:10,.0f} /s  ({their_games} games)")
    ratio = ours / theirs
    verdict = "meets" if ratio >= TARGET else "misses"
    print(f"  ratio ezkit / RLCard  {ratio:5.2f}  ({verdict} the target of {TARGET:g}x)")
    for label, rate in others:
        if label.startswith("Foozle"):
            continue  # a rummy game: measured against RLCard's Gin Rummy below
        verdict = "meets" if rate / theirs >= TARGET else "misses"
        print(f"  ratio {label} / RLCard  {rate / theirs:5.2f}  ({verdict} the target)")
    gin, gin_games = rlcard_rate("gin-rummy")
    print(f"  RLCard Gin Rummy (2 players)      {gin:10,.0f} /s  ({gin_games} games)")
    for label, rate in others:
        if label.startswith("Foozle"):
            verdict = "meets" if rate / gin >= TARGET else "misses"
            print(f"  ratio {label} / Gin Rummy  {rate / gin:5.2f}  ({verdict} the target)")


if __name__ == "__main__":
    main()
