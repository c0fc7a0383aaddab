"""Dudab's computer player: DudabHeuristicBot, which reads only its seat's view (DESIGN.md)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ezkit.games.dudab.rules import _DECK, DRAW, OWN_PILE, PASS, PLAY, REQUEST, TABLES
from ezkit.games.dudab.score import score
from ezkit.games.engine import Move


class DudabHeuristicBot:
    """A sensible Dudab player that reads only its view.

    It plays to avoid being the one who takes a column (never the sixth card, nor the card
    that makes a Jungle column's below outnumber its above, unless the column is worth little),
    keeps its Dudabs for defence (against a Shaman, or when nothing else can be played), dumps
    its high Number cards early, plays its Shamans to make the next player answer, calls for a
    card the others are unlikely to hold, and when it must put cards on its own pile picks
    those that raise its score least (by the book's scoring, score.py).
    """

    name = "heuristic"

    def __init__(self) -> None:
        self.score = score
        cards = _DECK.cards
        self.kind = {c.id: c.kind for c in cards}
        self.value = {c.id: int(c.value or 0) for c in cards}
        self.attrs = {
            c.id: {("colour", str(c.colour)), ("value", str(c.value)), ("symbol", str(c.symbol))}
            if c.kind == "number"
            else ({("colour", str(c.colour))} if c.kind == "shaman" else set())
            for c in cards
        }
        self.counts = {c.id: c.count for c in cards}
        #: What keeping a card in hand is worth (less is better): Dudabs for defence most.
        self.keep = {"dudab": -4.0, "shaman": -2.0}
        #: Every call a Dudab can make, and the cards that meet it (DU-3).
        self.meeting: dict[tuple[str, str], list[str]] = {}
        for c in cards:
            for wanted in sorted(self.attrs[c.id]):
                self.meeting.setdefault(wanted, []).append(c.id)

    # --- what the bot believes ---

    def _points(self, cards: Sequence[str]) -> float:
        """Roughly what cards are worth to whoever takes them."""
        total = 0.0
        for card in cards:
            kind = self.kind[card]
            if kind == "number":
                total += self.value[card]
            elif kind == "shaman":
                total += 4
            elif kind == "dudab":
                total -= 3
            elif kind == "baby":
                total -= 2
            elif kind == "jungle":
                total -= 1
        return total

    def _capture(self, view: dict[str, Any], c: int) -> float | None:
        """The worth of the cards a card placed on column c would take, or None."""
        col = view["columns"][c]
        cards = col["cards"]
        if "jungle" in cards:
            j = cards.index("jungle")
            if len(cards) - j - 1 + 1 <= j:
                return None
        elif len(cards) + 1 < TABLES.column_capture:
            return None
        return self._points(cards) + 2.0 * col["buried"]

    def _unseen(self, view: dict[str, Any]) -> Counter[str]:
        """The cards this seat has not seen (in others' hands or the draw pile, roughly)."""
        seen = Counter(view.get("hand") or [])
        seen.update(view.get("pile") or [])
        seen.update(view["discard"])
        for col in view["columns"]:
            seen.update(col["cards"])
        return Counter({c: n - seen[c] for c, n in self.counts.items() if n > seen[c]})

    # --- choosing ---

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase in ("capture", "trim"):
            return self._discard(view, legal, rng)
        if phase in ("jungle", "baby"):
            return self._place(view, legal, rng)
        best: tuple[float, float, Move] | None = None
        calls = any(len(m.args) > 2 and m.args[2] == REQUEST for m in legal)
        request = self._request(view, rng) if calls else ("", "")
        hand = view.get("hand") or []
        for move in legal:
            gain = self._gain(view, move, phase, hand, request)
            key = (gain, rng.random(), move)
            if best is None or key[:2] > best[:2]:
                best = key
        assert best is not None
        return best[2]

    def _gain(
        self,
        view: dict[str, Any],
        move: Move,
        phase: str,
        hand: Sequence[str],
        request: tuple[str, str],
    ) -> float:
        action, args = move.action, move.args
        if action == PASS:
            return -3.0  # the Shaman's draw: 2.5 cards on average
        if action == DRAW:
            return -2.0 - (0.5 if args else 0.0)
        if action == PLAY:
            card, c = args[0], int(args[2]) - 1
            gain = 1.0 + self.value[card] * 0.6  # dump high cards early
            if self.kind[card] == "shaman":
                gain = 2.5  # the next player must answer
            taken = self._capture(view, c)
            if taken is not None:
                gain -= 3.0 + max(0.0, taken)
            elif len(view["columns"][c]["cards"]) == 4 and "jungle" not in view["columns"][c]:
                gain -= 0.5  # the fifth card: the next player need not take it
            return gain
        # a Dudab: for defence (a Shaman to answer), or when nothing else helps
        c = int(args[1]) - 1
        gain = 1.5 if phase == "shaman" else (-1.0 if len(hand) < 5 else 0.5)
        if phase == "request":
            gain = -1.5
        taken = self._capture(view, c)
        if taken is not None:
            gain -= 3.0 + max(0.0, taken)
        if len(args) > 2 and (args[3], args[4]) != request:
            gain -= 0.01  # the best call first
        return gain

    def _request(self, view: dict[str, Any], rng: random.Random) -> tuple[str, str]:
        """The call the others can meet least, preferring one this seat can meet itself; of
        equal calls, one at random (GT-2)."""
        unseen = self._unseen(view)
        mine = set().union(*(self.attrs[c] for c in view.get("hand") or []))
        best: tuple[float, float, tuple[str, str]] | None = None
        for wanted, cards in self.meeting.items():
            others = sum(unseen[c] for c in cards)
            key = (others - (3 if wanted in mine else 0), rng.random())
            if best is None or key < best[:2]:
                best = (*key, wanted)
        assert best is not None
        return best[2]

    def _discard(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        """Keep Dudabs and Shamans, and low cards; what goes to the own pile scores there."""
        pile = list(view.get("pile") or [])
        hand = view.get("hand") or []
        if view["phase"] == "trim" and not view["draw_pile"]:
            return self._last_trim(pile, hand, legal, rng)
        now = self.score(pile, explain=False).score

        def cost(move: Move) -> tuple[float, float]:
            args = move.args
            cards = list(args[: args.index("to")])
            kept = list(hand)
            for card in cards:
                kept.remove(card)
            keep = sum(self.keep.get(self.kind[c], 0.0) + 0.3 * self.value[c] for c in kept)
            delta = self.score([*pile, *cards], explain=False).score - now
            return (delta + keep if args[-1] == OWN_PILE else keep, rng.random())

        return min(legal, key=cost)

    def _last_trim(
        self, pile: list[str], hand: Sequence[str], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        """Ruling DU-6: the round is over and the hand goes down to 5 before the scoring. The
        round's score is all that counts now (a Dudab kept in hand costs 5, on the pile it
        pairs with a Shaman or turns a Number card): the card whose best completion scores
        least; of equals, the one that helps most if it were the last; then at random (GT-2)."""
        more = len(hand) - TABLES.hand.max - 1  # cards still to put after this one
        score = self.score

        def cost(move: Move) -> tuple[int, int, float]:
            card = move.args[0]
            rest = list(hand)
            rest.remove(card)
            best = min(
                score([*pile, card, *put], _without(rest, put), explain=False).score
                for put in dict.fromkeys(itertools.combinations(sorted(rest), more))
            )
            return best, score([*pile, card], rest, explain=False).score, rng.random()

        return min(legal, key=cost)

    def _place(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        columns = view["columns"]

        def size(move: Move) -> tuple[int, float]:
            return len(columns[int(move.args[1]) - 1]["cards"]), rng.random()

        # a Jungle on the longest column holds it open longest; a Baby buries the longest one;
        # of equally long columns, one at random (GT-2)
        return max(legal, key=size)


def _without(cards: Sequence[str], taken: Sequence[str]) -> list[str]:
    """The cards less those taken (a multiset difference)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left
