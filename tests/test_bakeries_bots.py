"""The Bakeries bots play the same game for the same seed in every process (DESIGN.md,
"Deterministic"): nothing they choose may hang on Python's string hashing, which changes
from one process to the next (PYTHONHASHSEED)."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import random
from ezkit.games import engine
from ezkit.games.bakeries.bots import BakeriesBot

for seed in range(6):
    state = engine.make("bakeries", {"players": ["Ann", "Bob"]}).new_quiet(seed)
    bots, rng = [BakeriesBot(), BakeriesBot(forget=0.1)], random.Random(seed)
    while not state.is_over():
        seat = state.to_move()
        state.play(bots[seat].choose(state.view(seat), state.legal_moves(), rng))
    print(seed, len(state.moves), state.scores())
"""


def _games(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_same_seed_plays_the_same_game_whatever_the_string_hashing() -> None:
    """The second-chance player's guesses were taken from a set of positions, in hash order."""
    assert _games("1") == _games("2")


# --- made fast, the same moves (tests/bot_games.py) ----------------------------------------


def test_knowing_a_set_is_a_plan_for_some_set() -> None:
    """At the start of a turn the bot hires when memory holds a whole set on the board: the
    one-pass count (_knows_a_set) says so exactly when a plan (_plan) exists for some set."""
    import random

    from ezkit.games import engine
    from ezkit.games.bakeries.bots import BakeriesBot

    bot = BakeriesBot()
    game = engine.make("bakeries", {"players": ["Ann", "Bob"]})
    asked = hires = 0
    for seed in range(40):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            mem = bot._observe(view, rng)
            if view["step"] == "turn":
                known = mem["cards"]
                places = {p for p in known if bot._on_board(view, p)}
                plans = any(bot._plan(known, m, [], places) for m in bot.components)
                assert bot._knows_a_set(view, known) == plans
                asked += 1
                hires += plans
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
    assert asked > 500 and 50 < hires < asked - 50


def test_the_same_seeds_play_the_same_games_as_before() -> None:
    """The moves of the first 60 games of `ezkit game sim bakeries --seed 1` (the default
    random,heuristic,forgetful; heuristic alone; forgetful alone), as the bots played them
    before they were made fast."""
    from bot_games import digest

    assert digest("bakeries", 60, ["heuristic"]) == "615e8b2fd9daf5c4"
    assert digest("bakeries", 60, ["random", "heuristic", "forgetful"]) == "b906e0870308e019"
    assert digest("bakeries", 60, ["forgetful"]) == "2449ef328053a831"
