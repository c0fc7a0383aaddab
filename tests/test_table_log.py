"""The log readers of a saved game (table.narrate, table.since_last_turn) replay it once, told
of each move as it is played (engine.replay's `before`): the same lines as replaying the game
move by move from its start, as they once did, for every seat and the table, in seeded games
of every game, cut midway and at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ezkit.games import engine
from ezkit.games.session import is_asked
from ezkit.games.table import HUMAN, Seat, Session, log_lines, narrate, since_last_turn

GAMES = [
    ("auntie", 3, {}),
    ("bakeries", 2, {}),
    ("dudab", 3, {"jungle": True, "baby": True}),
    ("foozle", 3, {}),
]


def narrate_by_hand(record: dict[str, Any], seat: int | None) -> list[str]:
    """narrate() as it was: the moves read off one replay, then played from the start, each
    one's mover and the log's length before it noted (its lines are table.log_lines')."""
    moves = engine.replay(record).moves
    state = engine.replay(record, upto=0)
    starts = []
    for move in moves:
        starts.append((state.to_move(), move, len(state.log)))
        state.play(move)
    return log_lines(state, starts, [s["name"] for s in record["seats"]], seat)


def since_by_hand(record: dict[str, Any], seats: list[int]) -> dict[int, list[str]]:
    """since_last_turn() as it was: the moves read off one replay, then played from the start."""
    state = engine.replay(record, upto=0)
    told: dict[int, list[str]] = {seat: [] for seat in seats}

    def keep(events: Any) -> None:
        for event in events:
            if event.seats is not None and event.text != event.public:
                for seat in event.seats & told.keys():
                    told[seat].append(event.text)

    keep(state.log)
    humans = sum(seat.get("kind") == HUMAN for seat in record["seats"])
    for move in engine.replay(record).moves:
        mover = state.to_move()
        asked = is_asked(state, mover, state.legal_moves(), humans, humans >= 2)
        if mover in told and asked and state.reaction() is None:
            told[mover] = []
        keep(state.play(move))
    return told


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_log_readers_read_as_a_replay_from_the_start(
    name: str, players: int, options: dict[str, Any]
) -> None:
    seats = [Seat(f"P{i}", HUMAN) for i in range(players)]
    session = Session.start(name, seats, 1, options)
    state = session.state
    rng = random.Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    ended = session.snapshot()
    for upto in (len(ended["moves"]) // 2, None):  # a game under way, and over
        record = {**ended, "moves": ended["moves"][:upto]}
        for seat in [None, *range(players)]:
            assert narrate(record, seat) == narrate_by_hand(record, seat), (upto, seat)
        every = list(range(players))
        assert since_last_turn(record, every) == since_by_hand(record, every), upto
