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
