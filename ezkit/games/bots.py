"""Computer players for the empty seats (DESIGN.md, "The card-game contract").

A bot sees exactly what its seat may see, `state.view(seat)`, and the legal moves, never the
state itself:

    bot = make_bot("heuristic", "auntie")
    move = bot.choose(state.view(seat), state.legal_moves(), rng)

    BOTS           name -> factory(game name) -> bot
    RandomBot      any game: a legal move at random
    AuntieHeuristicBot   Auntie's Fudge (ezkit.games.auntie.bots): gives away its worst
                   fudge, burdens the player doing best, keeps Deflects for Burdens and Swaps,
                   interrupts a dangerous turn
    BakeriesBot    Bakeries (ezkit.games.bakeries.bots): remembers the board cards its views
                   showed it ("heuristic" never forgets; "forgetful" loses each card with a
                   chance per turn, `forgetful:0.25` to set it)
    FoozleHeuristicBot   Foozle (ezkit.games.foozle.bots): holds its groups until it can go out,
                   unless a lay-down earns a colour token it still needs

Bots made for some games only are listed in ONLY_FOR; `bots_for(game)` names the bots a
game can use. A bot name may carry a parameter after a colon (`forgetful:0.25`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ezkit.errors import InputError
from ezkit.games.engine import Move


class Bot(Protocol):
    """A computer player: picks one of the legal moves from its seat's view."""

    name: str
    reads_view: bool  # False: the bot never looks, so nobody need build its view
    # optional: view_keys, the entries of the view it reads (a simulation builds only those)

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move: ...


def reads_view(choose: Any) -> bool:
    """Whether a bot's choose() (or the bot) looks at the view it is handed."""
    return getattr(getattr(choose, "__self__", choose), "reads_view", True)


def view_keys(choose: Any) -> tuple[str, ...] | None:
    """The entries of the view a bot's choose() reads, if the bot names them (`view_keys`):
    a simulation builds only those (State.view_part). None: the whole view."""
    return getattr(getattr(choose, "__self__", choose), "view_keys", None)


class RandomBot:
    """Any legal move, uniformly at random: for simulations, tests and a gentle opponent."""

    name = "random"
    reads_view = False

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(legal)  # legal[rng.randrange(len(legal))]: the same draw, one call less


def _bakeries_heuristic() -> Bot:
    from ezkit.games.bakeries.bots import BakeriesBot  # the game's package, imported when asked

    return BakeriesBot()  # perfect memory


def _forgetful(game: str, parameter: str | None = None) -> Bot:
    from ezkit.games.bakeries.bots import forgetful

    return forgetful(game, parameter)


def _heuristic(game: str) -> Bot:
    if game not in HEURISTICS:
        have = ", ".join(sorted(HEURISTICS)) or "none"
        raise InputError(
            f"no heuristic bot for {game!r} yet (games with one: {have}); try 'random'"
        )
    return HEURISTICS[game]()


def _auntie_heuristic() -> Bot:
    from ezkit.games.auntie.bots import AuntieHeuristicBot  # the game's package, when asked

    return AuntieHeuristicBot()


def _dudab_heuristic() -> Bot:
    from ezkit.games.dudab.bots import DudabHeuristicBot  # the game's package, imported when asked

    return DudabHeuristicBot()


def _foozle_heuristic() -> Bot:
    from ezkit.games.foozle.bots import FoozleHeuristicBot  # the game's package, when asked

    return FoozleHeuristicBot()


#: Per-game heuristic players.
HEURISTICS: dict[str, Callable[[], Bot]] = {
    "auntie": _auntie_heuristic,
    "bakeries": _bakeries_heuristic,
    "dudab": _dudab_heuristic,
    "foozle": _foozle_heuristic,
}

#: Bots by name: each a factory taking the game's name.
BOTS: dict[str, Callable[[str], Bot]] = {
    "random": lambda game: RandomBot(),
    "heuristic": _heuristic,
    "forgetful": _forgetful,
}

#: Bots that take a parameter after a colon (`forgetful:0.25`): name -> factory(game, text).
TUNABLE: dict[str, Callable[[str, str], Bot]] = {"forgetful": _forgetful}

#: Bots made for some games only: name -> those games.
ONLY_FOR: dict[str, tuple[str, ...]] = {"forgetful": ("bakeries",)}


def bots_for(game_name: str) -> list[str]:
    """The bots that can play this game, in BOTS order."""
    game = game_name.strip().lower()
    return [
        name
        for name in BOTS
        if (name != "heuristic" or game in HEURISTICS) and game in ONLY_FOR.get(name, (game,))
    ]


def make_bot(name: str, game_name: str) -> Bot:
    """A bot by its name for a game: `make_bot("heuristic", "auntie")`, `"forgetful:0.3"`."""
    key = name.strip().lower()
    base, colon, parameter = key.partition(":")
    if base not in BOTS:
        raise InputError(f"no bot {name!r}; the bots: {', '.join(sorted(BOTS))}")
    game = game_name.strip().lower()
    if colon:
        if base not in TUNABLE:
            raise InputError(f"the {base} bot takes no parameter: {name!r}")
        return TUNABLE[base](game, parameter)
    return BOTS[base](game)
