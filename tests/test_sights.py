"""`State.sights()` is `seen(seat)` of every seat (GT-1: what a told move is compared by, to
know whether undo may take it back); the games that count the table once for all seats give
the same counts at every decision of seeded games."""

from __future__ import annotations

import random

import pytest

from ezkit.games import engine


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("auntie", {}),
        ("bakeries", {}),
        ("dudab", {}),
        ("dudab", {"jungle": True, "baby": True}),  # a Jungle or Baby being placed is seen
        ("foozle", {}),
    ],
)
def test_sights_are_every_seats_seen(name: str, options: dict[str, bool]) -> None:
    players = ["Ann", "Bob"] if name == "bakeries" else ["Ann", "Bob", "Cat", "Dan"]
    game = engine.make(name, {"players": players, **options})
    seats = range(len(players))
    for seed in range(4):
        state = game.new(seed)
        rng = random.Random(seed)
        while state.to_move() is not None and len(state.moves) < 400:
            assert state.sights() == [state.seen(s) for s in seats], len(state.moves)
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
        assert state.sights() == [state.seen(s) for s in seats]
