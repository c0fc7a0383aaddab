"""Foozle's computer player (ezkit.games.bots registers it as "heuristic" for foozle).

It reads only its seat's view and the legal moves (DESIGN.md: no bot reads hidden state) and
follows the book's "Strategy Hints"; ties are broken with the rng it is handed (GT-2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ezkit.games.engine import Move
from ezkit.games.foozle import groups as fg
from ezkit.games.foozle.moves import DISCARD, DISCARD_WORD, DRAW_WORD, LAY, ON, TAKE


class FoozleHeuristicBot:
    """A Foozle player that reads only its view, after the book's strategy hints.

    It holds its groups until it can go out (a plan laying down and off everything but one
    card to discard), unless a lay-down all of one colour earns a token it still needs (then
    it lays it down at once); it never lays off except to go out. It takes the last discard
    when it makes a new group with its hand, a tableau card (which must be played at once)
    only to go out or for a needed token, else draws. It discards the card least connected
    to the rest of its hand (a lone trump first). Between equal choices it picks at random
    with the rng it is handed (GT-2), never the first in the menu's order."""

    name = "heuristic"
    reads_view = True

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        hand = [fg.KIND[c] for c in view["hand"]]
        groups = [fg.summary(fg.KIND[c] for c in g["cards"]) for g in view["groups"]]
        mine = view["tokens"][view["seat"]]["colours"]
        need = {fg.COLOURS.index(c) for c in fg.COLOURS if c not in mine}
        if view["phase"] == "take":
            return self._take(view, hand, groups, need, legal, rng)
        taken = fg.KIND[view["taken"]] if view["taken"] else -1
        plan = _plan(hand, groups, taken)
        lays = [m for m in legal if m.action == LAY]
        if plan:
            step = plan[0]
            ways = [m for m in lays if tuple(sorted(fg.KIND[c] for c in _cards(m))) == step]
            if ways:  # the same cards onto one group or another (FZ-2): equal, at random
                return _pick(ways, rng)
        token_lays = [m for m in lays if len(_cards(m)) >= 3 and self._earns(m, need)]
        if token_lays:
            return _longest(token_lays, rng)
        if view["phase"] == "owe" or not any(m.action == DISCARD for m in legal):
            return _longest(lays, rng)
        return self._discard(hand, legal, rng)

    @staticmethod
    def _earns(move: Move, need: set[int]) -> bool:
        s = fg.summary(fg.KIND[c] for c in _cards(move))
        return s.colour in need

    def _take(
        self,
        view: dict[str, Any],
        hand: list[int],
        groups: list[fg.Summary],
        need: set[int],
        legal: Sequence[Move],
        rng: random.Random,
    ) -> Move:
        tableau = view["tableau"]
        going_out = []
        for move in legal:
            if move.action != TAKE or move.args[0] == DRAW_WORD:
                continue
            k = fg.KIND[tableau[-1] if move.args[0] == DISCARD_WORD else move.args[0]]
            if _plan([*hand, k], groups, k) is not None:
                going_out.append(move)
        if going_out:  # every card that lets it go out is as good: one at random (GT-2)
            return _pick(going_out, rng)
        tokens = []
        for move in legal:
            if move.action == TAKE and move.args[0] not in (DRAW_WORD, DISCARD_WORD):
                k = fg.KIND[move.args[0]]
                if any(k in c and fg.summary(c).colour in need for c in fg.candidates([*hand, k])):
                    tokens.append(move)
        if tokens:
            return _pick(tokens, rng)
        if tableau and Move(TAKE, (DISCARD_WORD,)) in legal:
            k = fg.KIND[tableau[-1]]
            if any(k in c for c in fg.candidates([*hand, k], full_only=True)):
                return Move(TAKE, (DISCARD_WORD,))
        return Move(TAKE, (DRAW_WORD,))

    @staticmethod
    def _discard(hand: list[int], legal: Sequence[Move], rng: random.Random) -> Move:
        in_group = {k for c in fg.candidates(hand) for k in c}
        trumps = sum(1 for k in hand if fg.RANK[k] == fg.TRUMP)

        def worth(move: Move) -> tuple[float, float]:
            k = fg.KIND[move.args[0]]
            if fg.RANK[k] == fg.TRUMP:
                return (0.5 * trumps, rng.random())
            links = 0.0
            for o in hand:
                if o == k or fg.RANK[o] == fg.TRUMP:
                    continue
                links += (fg.RANK[o] == fg.RANK[k]) + (fg.SUIT[o] == fg.SUIT[k])
                if fg.COLOUR[o] == fg.COLOUR[k] and abs(fg.RANK[o] - fg.RANK[k]) <= 2:
                    links += 0.5
            return (links + (5 if k in in_group else 0), rng.random())

        return min((m for m in legal if m.action == DISCARD), key=worth)


def _pick(moves: Sequence[Move], rng: random.Random) -> Move:
    """One of equal moves: the only one, else one at random from the bot's rng (GT-2); the rng
    is drawn on only when there is a choice."""
    return moves[0] if len(moves) == 1 else moves[rng.randrange(len(moves))]


def _longest(lays: Sequence[Move], rng: random.Random) -> Move:
    """The lay with the most cards; among equally long ones, one at random (GT-2)."""
    most = max(len(_cards(m)) for m in lays)
    return _pick([m for m in lays if len(_cards(m)) == most], rng)


def _cards(move: Move) -> tuple[str, ...]:
    args = move.args
    return args[:-2] if len(args) >= 2 and args[-2] == ON else args


def _plan(
    hand: list[int], groups: list[fg.Summary], taken: int, budget: int = 60
) -> list[tuple[int, ...]] | None:
    """Steps (lay-downs; a lay-off is a 1-tuple) that leave at most one card to discard,
    not the card taken from the tableau; None if the search finds none."""
    tried = [0]

    def search(left: tuple[int, ...], sums: list[fg.Summary]) -> list[tuple[int, ...]] | None:
        tried[0] += 1
        if len(left) == 0 or (len(left) == 1 and left[0] != taken):
            return []
        if tried[0] > budget:
            return None
        for k in left:  # lay-offs first: they never hurt when going out
            for i, s in enumerate(sums):
                after = fg.merge(s, fg.SINGLE[k])
                if fg.valid(after):
                    rest = search(
                        tuple(x for x in left if x != k), [*sums[:i], after, *sums[i + 1 :]]
                    )
                    return None if rest is None else [(k,), *rest]
        for cards in fg.candidates(left):
            s = fg.summary(cards)
            if fg.RANK[cards[0]] == fg.TRUMP:
                return [cards]
            rest = search(tuple(x for x in left if x not in cards), [*sums, s])
            if rest is not None:
                return [cards, *rest]
        return None

    return search(tuple(sorted(hand)), list(groups))
