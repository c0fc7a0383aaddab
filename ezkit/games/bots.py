"""Computer players for the empty seats (DESIGN.md, "The card-game contract").

A bot sees exactly what its seat may see, `state.view(seat)`, and the legal moves, never the
state itself:

    bot = make_bot("heuristic", "auntie")
    move = bot.choose(state.view(seat), state.legal_moves(), rng)

    BOTS           name -> factory(game name) -> bot
    RandomBot      any game: a legal move at random
    AuntieHeuristicBot   Auntie's Fudge: gives away its worst fudge, burdens the player doing
                   best, keeps Deflects for Burdens and Swaps, interrupts a dangerous turn
    BakeriesBot    Bakeries (ezkit.games.bakeries.bots): remembers the board cards its views
                   showed it ("heuristic" never forgets; "forgetful" loses each card with a
                   chance per turn, `forgetful:0.25` to set it)
    FoozleHeuristicBot   Foozle (ezkit.games.foozle): holds its groups until it can go out,
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

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move: ...


def reads_view(choose: Any) -> bool:
    """Whether a bot's choose() (or the bot) looks at the view it is handed."""
    return getattr(getattr(choose, "__self__", choose), "reads_view", True)


class RandomBot:
    """Any legal move, uniformly at random: for simulations, tests and a gentle opponent."""

    name = "random"
    reads_view = False

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]


def lowest(candidates: Sequence[int], values: Sequence[float], rng: random.Random) -> int:
    """The candidate with the lowest value; among equals one at random, never the first seat
    (GT-2: a bot breaks ties from the game's seed, not by seat order). The rng is drawn on
    only when there is a tie."""
    low = min(values[c] for c in candidates)
    tied = [c for c in candidates if values[c] == low]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


class AuntieHeuristicBot:
    """A sensible Auntie's Fudge player that reads only its view (ruling AU-10).

    It does not know the others' fudge, only how many cards each holds, so it guesses a
    player's points as his fudge count times the mean value of the fudge it has not seen.
    The "leader" is the other player who seems to be doing best (fewest points): he is the one
    to burden and to give the worst fudge to.
    """

    name = "heuristic"

    def __init__(self) -> None:
        from ezkit.games import decks

        cards = decks.deck("auntie").of("fudge")
        self.points = {c.id: int(c.points or 0) for c in cards}
        self.total_cards = sum(c.count for c in cards)
        self.total_points = sum(int(c.points or 0) * c.count for c in cards)

    # --- what the bot believes --------------------------------------------------------

    def _mean_unseen(self, view: dict[str, Any]) -> float:
        mine = view.get("fudge") or []
        unseen = self.total_cards - len(mine)
        if unseen <= 0:
            return 0.0
        return (self.total_points - sum(self.points[f] for f in mine)) / unseen

    def _estimates(self, view: dict[str, Any]) -> list[float]:
        """Guessed points of every seat (exact for its own)."""
        mean = self._mean_unseen(view)
        guess = [count * mean for count in view["fudge_counts"]]
        guess[view["seat"]] = float(view.get("points", 0))
        return guess

    def _weights(self, view: dict[str, Any], rng: random.Random) -> list[float]:
        """How much hurting each seat is worth: most for the leader, least for a laggard."""
        guess = self._estimates(view)
        me = view["seat"]
        leader = lowest([s for s in range(len(guess)) if s != me], guess, rng)
        weights = []
        for s, g in enumerate(guess):
            if s == me:
                weights.append(-1.0)
            elif s == leader:
                weights.append(1.5)
            elif g > guess[me] + 6:
                weights.append(0.5)  # far behind me: no threat
            else:
                weights.append(1.0)
        return weights

    def _leader(self, view: dict[str, Any], candidates: Sequence[int], rng: random.Random) -> int:
        """The candidate who seems to be doing best; a tie broken at random (GT-2)."""
        return lowest(candidates, self._estimates(view), rng)

    # --- choosing ---------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "interrupt":
            return self._interrupt(view, legal)
        if phase == "deflect":
            return self._deflect(view, legal, rng)
        if phase == "ask-auntie":
            return self._deflect_ask(view, legal)
        if phase == "event":  # give away the worst fudge (AU-7)
            return max(legal, key=lambda m: self.points.get(m.args[0], 0) if m.args else -1)
        return self._excuse(view, legal, rng)

    def _find(self, legal: Sequence[Move], action: str) -> Move | None:
        return next((m for m in legal if m.action == action), None)

    def _interrupt(self, view: dict[str, Any], legal: Sequence[Move]) -> Move:
        me, active = view["seat"], view["active"]
        interrupts = view["hand"].count("interrupt")
        guess = self._estimates(view)
        i_lead = all(guess[me] <= g for s, g in enumerate(guess) if s != me)
        big_hand = view["hand_counts"][active] >= 12
        dangerous = i_lead or big_hand or interrupts >= 3
        move = self._find(legal, "interrupt") if dangerous else None
        return move or self._find(legal, "pass") or legal[0]

    def _deflect(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        pending = view["pending"] or {}
        excuse = pending.get("excuse")
        deflects = view["hand"].count("deflect")
        if excuse == "give" and deflects < 2:  # keep Deflects for Burdens and Swaps
            return self._find(legal, "pass") or legal[0]
        seat_of = {p: s for s, p in enumerate(view["players"])}
        to = {seat_of[m.args[1]]: m for m in legal if m.action == "deflect" and m.args}
        if not to:
            return self._find(legal, "pass") or legal[0]
        return to[self._leader(view, sorted(to), rng)]

    def _deflect_ask(self, view: dict[str, Any], legal: Sequence[Move]) -> Move:
        me = view["seat"]
        deflects = view["hand"].count("deflect")
        others = len(view["players"]) - 1
        if view["stack"] >= others and deflects >= 2:
            return self._find(legal, "deflect") or legal[0]
        guess = self._estimates(view)
        i_lead = all(guess[me] <= g for s, g in enumerate(guess) if s != me)
        if i_lead and deflects and view["stack"] >= others:
            return self._find(legal, "deflect") or legal[0]
        return self._find(legal, "pass") or legal[0]

    def _excuse(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        players = view["players"]
        seat_of = {p: s for s, p in enumerate(players)}
        weights = self._weights(view, rng)
        mean = self._mean_unseen(view)
        mine = [self.points[f] for f in view.get("fudge") or []]
        worst = max(mine, default=0)
        stack = view["stack"]
        best: tuple[float, float, Move] | None = None
        for move in legal:
            action, args = move.action, move.args
            if action == "stop":
                gain = 0.0
            elif action == "give":
                p = self.points[args[0]]
                gain = p * (1 + weights[seat_of[args[2]]]) if p else -0.1
            elif action == "swap":
                p = self.points[args[0]]
                gain = (p - mean) * (1 + weights[seat_of[args[2]]]) - 0.2
            elif action == "burden":
                gain = weights[seat_of[args[0]]] * mean if stack else -0.1
            elif action == "ask-auntie":
                others = [w for s, w in enumerate(weights) if s != view["seat"]]
                fudge = sum(others) * mean if stack >= len(others) else 0.0
                gain = fudge + 0.5 * worst - 0.5 * mean
            else:
                gain = 0.0
            key = (gain, rng.random(), move)
            if best is None or key[:2] > best[:2]:
                best = key
        assert best is not None
        return best[2]


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


def _dudab_heuristic() -> Bot:
    from ezkit.games.dudab import DudabHeuristicBot  # the game's module, imported when asked

    return DudabHeuristicBot()


def _foozle_heuristic() -> Bot:
    from ezkit.games.foozle import FoozleHeuristicBot  # the game's module, imported when asked

    return FoozleHeuristicBot()


#: Per-game heuristic players.
HEURISTICS: dict[str, Callable[[], Bot]] = {
    "auntie": AuntieHeuristicBot,
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
