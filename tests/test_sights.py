"""`State.sights()` is `seen(seat)` of every seat (GT-1: what a told move is compared by, to
know whether undo may take it back); the games that count the table once for all seats give
the same counts at every decision of seeded games. A told move's sights before are those
kept after the move before it: the same moves are made final as with them asked afresh."""

from __future__ import annotations

import random

import pytest

from ezkit.games import engine

GAMES = pytest.mark.parametrize(
    ("name", "options"),
    [
        ("auntie", {}),
        ("bakeries", {}),
        ("dudab", {}),
        ("dudab", {"jungle": True, "baby": True}),  # a Jungle or Baby being placed is seen
        ("foozle", {}),
    ],
)


@GAMES
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


@GAMES
def test_the_sights_kept_from_the_move_before_make_the_same_moves_final(
    name: str, options: dict[str, bool]
) -> None:
    players = ["Ann", "Bob"] if name == "bakeries" else ["Ann", "Bob", "Cat", "Dan"]
    game = engine.make(name, {"players": players, **options})
    for seed in range(4):
        kept, fresh = game.new(seed), game.new(seed)
        rng = random.Random(seed)
        while kept.to_move() is not None and len(kept.moves) < 400:
            legal = kept.legal_moves()
            move = legal[rng.randrange(len(legal))]
            kept.play(move)
            fresh._sights_after = None  # its sights before asked afresh, as play() once did
            fresh.play(move)
            assert kept.final == fresh.final, (seed, len(kept.moves))
        assert kept.final > 0
