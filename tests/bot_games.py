"""Bot games played again, for the bots' tests: the same seeds must give the same games.

`digest(game, games, bots)` plays games 0..games-1 of a run seeded 1 the way `ezkit game sim`
does (ezkit.games.sim: each game's seed, seating and dice) and sums up every move of every
game in one short hash. A bot made faster must choose exactly the same moves: its tests pin
the hash its games had before (a change that alters choices says why and updates it).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ezkit.games import engine, sim
from ezkit.games.table import make_chooser


def digest(
    game_name: str,
    games: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
) -> str:
    cls = engine.game_class(game_name)
    players = getattr(cls, "default_players", cls.min_players)
    game = engine.make(game_name, {"players": sim.player_names(players), **(options or {})})
    made = {kind: make_chooser(kind, game_name) for kind in dict.fromkeys(bots)}
    every = sim.seatings(bots, players)
    total = hashlib.blake2b(digest_size=8)
    for index in range(games):
        game_seed = sim.game_seed(seed, index)
        kinds = every[index % len(every)]
        choosers = [made[kind] for kind in kinds]
        state = sim.play_one(game, choosers, game_seed, random.Random(game_seed))
        total.update(" | ".join(move.text() for move in state.moves).encode() + b"\n")
    return total.hexdigest()
