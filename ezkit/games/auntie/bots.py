"""Auntie's Fudge's computer player: `make_bot("heuristic", "auntie")` (ezkit.games.bots).

    AuntieHeuristicBot   gives away its worst fudge, burdens the player doing best, keeps
                         Deflects for Burdens and Swaps, interrupts a dangerous turn
    lowest               the candidate with the lowest value, ties broken at random (GT-2)

Like every bot it sees only its seat's view and the legal moves, never the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ezkit.games.engine import Move


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
        draw = rng.random
        best: Move | None = None
        best_gain = best_draw = 0.0
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
            # the highest (gain, a draw for ties): a draw for every move, in order (GT-2)
            drawn = draw()
            if best is None or gain > best_gain or (gain == best_gain and drawn > best_draw):
                best, best_gain, best_draw = move, gain, drawn
        assert best is not None
        return best
