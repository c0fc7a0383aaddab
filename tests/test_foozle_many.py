"""Foozle over many seeded games (issue 9: thousands), quiet and cheap: every game ends, with
all 174 cards in exactly one place, and the same seed plays the same game again."""

from __future__ import annotations

import random

import pytest
from long_runs import scaled

from ezkit.games import engine

GAMES = scaled(1500, 100)  # a share of them in `make test` (tests/long_runs.py)


def _play(game: engine.Game, seed: int) -> engine.State:
    state = game.new_quiet(seed)
    rng = random.Random(seed)
    steps = 0
    while state.to_move() is not None:
        legal = state.legal_moves()
        assert legal, f"seed {seed}: no legal move before the end"
        state.play(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 50_000, f"seed {seed}: the game does not end"
    return state


@pytest.mark.slow
def test_thousands_of_random_games_end_with_every_card_in_place() -> None:
    games = [engine.make("foozle", {"players": [f"P{i}" for i in range(n)]}) for n in (2, 3, 4, 6)]
    for seed in range(GAMES):
        game = games[seed % len(games)]
        state = _play(game, seed)
        assert state.conserved(), f"seed {seed}: cards not conserved"
        assert state.winners() or state.is_over()
        if seed % 100 == 0:
            again = _play(game, seed)
            assert again.save() == state.save() and again.scores() == state.scores()
