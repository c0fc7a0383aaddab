"""Dudab's computer player: DudabHeuristicBot, which reads only its seat's view (DESIGN.md).

Speed (a season of 10,000 games is simulated): what a decision needs of the view is worked
out once, not once per legal move (what each column would take, the cards not seen, the
scores of the own pile), and the book's scoring is asked of card counts (score.score_tally,
remembered) rather than of card lists. The moves chosen are the same as before.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, reduce
from itertools import chain, repeat, starmap
from operator import or_
from typing import Any

from ezkit.games.dudab.rules import (
    _DECK,
    DRAW,
    DUDAB_WORD,
    OWN_PILE,
    PASS,
    PLAY,
    REQUEST,
    TABLES,
    rules,
)
from ezkit.games.dudab.score import Tally, score, score_tally
from ezkit.games.engine import Move

#: What a card other than a Number card is worth to whoever takes it (_capture_col).
WORTH = {"shaman": 4, "dudab": -3, "baby": -2, "jungle": -1}
#: Remembered scores, (tally, Dudabs in hand) -> points: score_tally is a pure function of
#: them (and of the deck file's points, fixed). Bounded: cleared past CACHE_CAP entries.
CACHE_CAP = 50_000
#: A column shorter than this takes no card placed on it, nor is that card its fifth.
SHORT = TABLES.column_capture - 2
#: A column's index from its number as a move names it ("1" is column 0).
COLUMN = {str(c + 1): c for c in range(max(TABLES.starting_columns.values()))}
_SCORES: dict[tuple[Tally, int], int] = {}
#: Per tally, its points and those of the tally with one card more, by card (_one_more);
#: each entry holds a small table, so fewer are kept.
ONE_MORE_CAP = 20_000
_ONE_MORE: dict[Tally, tuple[int, dict[int | str, int]]] = {}
#: The tally of no cards (what _tally adds a pile's cards to).
NO_CARDS = Tally(0, 0, 0, 0, ())
#: Every cache above (tests and benchmarks empty them to start cold).
CACHES: tuple[dict[Any, Any], ...] = (_SCORES, _ONE_MORE)


def _added(terms: Iterable[float], start: float = 0.0) -> float:
    """The terms added one at a time, in order. Not sum(): from Python 3.12 it compensates the
    rounding of a float sum, and the keep weights are compared to their last bit (equal costs
    fall to the rng), so the same seed would play another game there."""
    total = start
    for term in terms:
        total += term
    return total


def _points_of(tally: Tally, in_hand: int = 0) -> int:
    """`score(pile, hand, explain=False).score` for the cards of `tally` (pile and hand
    together, as score() counts them) with `in_hand` Dudabs still in hand."""
    key = (tally, in_hand)
    found = _SCORES.get(key)
    if found is None:
        if len(_SCORES) >= CACHE_CAP:
            _SCORES.clear()
        found = _SCORES[key] = score_tally(
            tally._replace(dudabs=tally.dudabs - in_hand), in_hand, explain=False
        ).score
    return found


def _one_more(tally: Tally) -> tuple[int, dict[int | str, int]]:
    """_points_of(tally) and a table to remember, by what a card counts as (scored_as: a
    Number card's value, another card's kind), the points of the tally with that card more
    (the bot fills it): a trim weighs each card of the hand for the own pile, and the same
    piles come again and again. Bounded: cleared past ONE_MORE_CAP entries."""
    found = _ONE_MORE.get(tally)
    if found is None:
        if len(_ONE_MORE) >= ONE_MORE_CAP:
            _ONE_MORE.clear()
        found = _ONE_MORE[tally] = (_points_of(tally), {})
    return found


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
    #: The entries of its view it reads (a simulation builds only those).
    view_keys = ("phase", "hand", "pile", "discard", "columns", "draw_pile")

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
        #: Roughly what a card is worth to whoever takes it (_capture_col): a Number card its value.
        self.worth = {
            c.id: self.value[c.id] if c.kind == "number" else WORTH[c.kind] for c in cards
        }
        #: What keeping a card in hand is worth (less is better): Dudabs for defence most.
        self.keep = {"dudab": -4.0, "shaman": -2.0}
        #: Every call a Dudab can make, and the cards that meet it (DU-3).
        self.meeting: dict[tuple[str, str], list[str]] = {}
        for c in cards:
            for wanted in sorted(self.attrs[c.id]):
                self.meeting.setdefault(wanted, []).append(c.id)
        #: How many cards meet each call, over the whole deck.
        self.meeting_total = {
            wanted: sum(self.counts[c] for c in ids) for wanted, ids in self.meeting.items()
        }
        #: The calls in that order, with their totals; per card, the calls it meets (indices).
        self.calls = list(self.meeting_total.items())
        where = {wanted: i for i, (wanted, _) in enumerate(self.calls)}
        self.wants = {c.id: tuple(where[w] for w in sorted(self.attrs[c.id])) for c in cards}
        #: The same as an int: byte i of a card's number is 1 if it meets call i (_request).
        self.call_bytes = {
            card: sum(1 << 8 * i for i in calls) for card, calls in self.wants.items()
        }
        assert max(self.meeting_total.values()) < 256, "a call's count fits in its byte"
        #: What playing a card gains before its column counts (_gain): a Shaman makes the next
        #: player answer; a Number card, the higher the better (dump high cards early).
        self.played = {
            c.id: 2.5 if c.kind == "shaman" else 1.0 + self.value[c.id] * 0.6 for c in cards
        }
        #: What a card counts as in the book's scoring (score.tally): a Number card its
        #: value, another card its kind; cards that count the same score the same (_trim).
        self.scored_as: dict[str, int | str] = {
            c.id: self.value[c.id] if c.kind == "number" else c.kind for c in cards
        }
        #: What keeping each card in hand weighs in _discard (the same sum, term by term).
        self.keep_term = {c.id: self.keep.get(c.kind, 0.0) + 0.3 * self.value[c.id] for c in cards}

    # --- what the bot believes ---

    def _capture(self, view: dict[str, Any], c: int) -> float | None:
        """The worth of the cards a card placed on column c would take, or None."""
        return self._capture_col(view["columns"][c])

    @staticmethod
    def _column_cards(view: dict[str, Any]) -> list[list[str]]:
        return [col["cards"] for col in view["columns"]]

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
        hand = view.get("hand") or []
        # a Dudab that calls for a card (only a seat holding one has such moves)
        calls = "dudab" in hand and any(len(args) > 2 and args[2] == REQUEST for _, args in legal)
        r_kind, r_value = self._request(view, rng) if calls else ("", "")
        # Per column, what a card played there costs (_gain): the same for every card.
        dudab = 1.5 if phase == "shaman" else (-1.0 if len(hand) < 5 else 0.5)
        if phase == "request":
            dudab = -1.5
        columns = view["columns"]
        on_column, dudab_on = self._column_costs(columns, dudab)
        # the highest (gain, a draw for ties), the first of equals; a draw for every move, in
        # order (GT-2), all drawn at once
        if calls:
            blocks, call_at = _call_blocks(len(columns))
            best_call = call_at.get((r_kind, r_value), -1)
            if best_call >= 0:
                draws = list(starmap(rng.random, repeat((), len(legal))))
                return self._best_with_calls(
                    legal, draws, on_column, dudab_on, blocks, best_call, r_kind, r_value
                )
        # no Dudab calls: every move weighed in turn (most turns; a loop over the moves,
        # not over their places, which costs a third more)
        played, column = self.played, COLUMN
        best_move = legal[0]
        best_gain, best_draw = -math.inf, 0.0
        draw = rng.random
        for move in legal:
            action, args = move
            if action == PLAY:
                gain = played[args[0]] + on_column[column[args[2]]]
            elif action == DUDAB_WORD:  # for defence (a Shaman to answer), or when nothing helps
                gain = dudab_on[column[args[1]]]
                if len(args) > 2 and (args[3] != r_kind or args[4] != r_value):
                    gain -= 0.01  # the best call first
            elif action == PASS:
                gain = -3.0  # the Shaman's draw: 2.5 cards on average
            else:  # a draw (the only other move of these phases)
                gain = -2.0 - (0.5 if args else 0.0)
            drawn = draw()
            if gain > best_gain or (gain == best_gain and drawn > best_draw):
                best_move, best_gain, best_draw = move, gain, drawn
        return best_move

    def _best_with_calls(
        self,
        legal: Sequence[Move],
        draws: Sequence[float],
        on_column: Sequence[float],
        dudab_on: Sequence[float],
        blocks: Sequence[Sequence[Move]],
        best_call: int,
        r_kind: str,
        r_value: str,
    ) -> Move:
        """choose() for a menu holding a Dudab's calls: a block of calls on a column, as the
        rules make it (_call_blocks), is weighed by its best call's move alone."""
        played, column = self.played, COLUMN
        best, best_gain = 0, -math.inf
        i, count = 0, len(legal)
        while i < count:
            action, args = legal[i]
            if action == PLAY:
                gain = played[args[0]] + on_column[column[args[2]]]
            elif action == DUDAB_WORD:  # for defence (a Shaman to answer), or when nothing helps
                c = column[args[1]]
                gain = dudab_on[c]
                if len(args) > 2:
                    stop = i + len(blocks[c])
                    if legal[i:stop] == blocks[c]:
                        # the menu's block, every call on column c: the others weigh 0.01
                        # less than the best call (below), so only its move may be the best
                        k = i + best_call
                        if gain > best_gain or (gain == best_gain and draws[k] > draws[best]):
                            best, best_gain = k, gain
                        i = stop
                        continue
                    if args[3] != r_kind or args[4] != r_value:
                        gain -= 0.01  # the best call first
            elif action == PASS:
                gain = -3.0  # the Shaman's draw: 2.5 cards on average
            else:  # a draw (the only other move of these phases)
                gain = -2.0 - (0.5 if args else 0.0)
            if gain > best_gain or (gain == best_gain and draws[i] > draws[best]):
                best, best_gain = i, gain
            i += 1
        return legal[best]

    def _column_costs(
        self, columns: Sequence[dict[str, Any]], dudab: float
    ) -> tuple[list[float], list[float]]:
        """Per column, what a card played there loses of its gain (x + -y is x - y) and a
        Dudab's gain there before its call (_gain): on a column it would take, 3 and the worth
        of the cards taken; as the fifth card, 0.5 (the next player need not take it)."""
        on_column: list[float] = []
        dudab_on: list[float] = []
        for col in columns:
            cards = col["cards"]
            if len(cards) < SHORT and "jungle" not in cards:  # most columns: asked first
                on_column.append(0.0)
                dudab_on.append(dudab)
                continue
            taken = self._capture_col(col)
            if taken is None:
                fifth = len(cards) == SHORT and "jungle" not in cards
                on_column.append(-0.5 if fifth else 0.0)
                dudab_on.append(dudab)
            else:
                penalty = 3.0 + max(0.0, taken)
                on_column.append(-penalty)
                dudab_on.append(dudab - penalty)
        return on_column, dudab_on

    def _capture_col(self, col: dict[str, Any]) -> float | None:
        """The worth of the cards a card placed on this column would take, or None."""
        cards = col["cards"]
        if "jungle" in cards:
            j = cards.index("jungle")
            if len(cards) - j - 1 + 1 <= j:
                return None
        elif len(cards) + 1 < TABLES.column_capture:
            return None
        # roughly what the cards are worth to whoever takes them (whole points, so their sum
        # is the same in any order), and each buried under a Baby 2
        return float(sum(map(self.worth.__getitem__, cards))) + 2.0 * col["buried"]

    def _gain(
        self,
        view: dict[str, Any],
        move: Move,
        phase: str,
        hand: Sequence[str],
        request: tuple[str, str],
    ) -> float:
        """What one move is worth (choose() works the same out for all moves at once)."""
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
            elif (
                len(view["columns"][c]["cards"]) == 4
                and "jungle" not in view["columns"][c]["cards"]
            ):
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
        equal calls, one at random (GT-2).

        "The others can meet": the unseen cards meeting the call (_unseen), counted as all
        the deck's cards meeting it less those seen. The cards seen are summed as numbers
        (call_bytes: a 1 in the byte of each call a card meets), so the sum holds in byte i
        how many meet call i: one sum in C for every call, not a count per card and call.
        (A view shows each card where it lies, so never more copies of a card than the deck
        holds, the count _unseen caps.)"""
        hand = view.get("hand") or []
        as_bytes = self.call_bytes.__getitem__
        seen = chain(hand, view.get("pile") or (), view["discard"], *self._column_cards(view))
        size = len(self.calls)
        seen_of = sum(map(as_bytes, seen)).to_bytes(size, "little")
        mine = reduce(or_, map(as_bytes, hand), 0).to_bytes(size, "little")
        best_key: tuple[int, float] | None = None
        best = ("", "")
        draw = rng.random
        for i, (wanted, total) in enumerate(self.calls):
            key = (total - seen_of[i] - (3 if mine[i] else 0), draw())
            if best_key is None or key < best_key:
                best_key, best = key, wanted
        return best

    def _tally(self, cards: Sequence[str]) -> Tally:
        """score.tally(cards) for the card ids of this deck (Number values sorted)."""
        return self._plus(NO_CARDS, cards)

    def _discard(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        """Keep Dudabs and Shamans, and low cards; what goes to the own pile scores there.

        A move's cost: what the cards kept in hand weigh (keep_term, summed in hand order)
        and, for the own pile, how much the pile's score grows; the least, then at random
        (a draw for every move, in order: GT-2)."""
        pile = view.get("pile") or []
        hand = view.get("hand") or []
        if view["phase"] == "trim":
            if not view["draw_pile"]:
                return self._last_trim(list(pile), hand, legal, rng)
            return self._trim(pile, hand, legal, rng)
        base = self._tally(pile)
        now = _points_of(base)
        keep_term = self.keep_term
        weights: dict[tuple[str, ...], float] = {}  # each discard comes twice, once a pile
        draw = rng.random
        best_move = legal[0]
        best_key: tuple[float, float] | None = None
        for move in legal:
            args = move.args
            cards = args[:-2]  # (*cards, "to", pile)
            keep = weights.get(cards)
            if keep is None:
                kept = list(hand)
                for card in cards:
                    kept.remove(card)
                keep = weights[cards] = _added(map(keep_term.__getitem__, kept))  # in hand order
            if args[-1] == OWN_PILE:
                key = (_points_of(self._plus(base, cards)) - now + keep, draw())
            else:
                key = (keep, draw())
            if best_key is None or key < best_key:  # the first of equals, as min()
                best_move, best_key = move, key
        return best_move

    def _trim(
        self, pile: Sequence[str], hand: Sequence[str], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        """Seed 002: over 5 cards, one at a time to the own pile. _discard's cost for a
        discard of one card: the pile's score with that card more (remembered by the pile's
        tally, _one_more) and the hand less its first copy, whose keep_terms are summed in
        hand order as _discard sums them (floats: the same order, the same sum), for every
        place of the hand in one pass (_sums_without)."""
        base = self._tally(pile)
        now, more = _one_more(base)
        without = _sums_without(list(map(self.keep_term.__getitem__, hand)))
        draw, scored_as = rng.random, self.scored_as
        best_move = legal[0]
        best_key: tuple[float, float] | None = None
        for move in legal:
            card = move.args[0]
            scored = scored_as[card]
            points = more.get(scored)
            if points is None:
                points = more[scored] = _points_of(self._plus(base, (card,)))
            key = (points - now + without[hand.index(card)], draw())
            if best_key is None or key < best_key:  # the first of equals, as min()
                best_move, best_key = move, key
        return best_move

    def _plus(self, tally: Tally, cards: Sequence[str]) -> Tally:
        """The tally of a tally's cards and some more (counted here, not in a tally of
        their own: a discard's cost asks this for every discard it weighs)."""
        dudabs, shamans, jungles, babies, numbers = tally
        values = []
        kind, value = self.kind, self.value
        for card in cards:
            k = kind[card]
            if k == "number":
                values.append(value[card])
            elif k == "dudab":
                dudabs += 1
            elif k == "shaman":
                shamans += 1
            elif k == "jungle":
                jungles += 1
            elif k == "baby":
                babies += 1
        if values:
            numbers = tuple(sorted(numbers + tuple(values)))
        return Tally(dudabs, shamans, jungles, babies, numbers)

    def _last_trim(
        self, pile: list[str], hand: Sequence[str], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        """Ruling DU-6: the round is over and the hand goes down to 5 before the scoring. The
        round's score is all that counts now (a Dudab kept in hand costs 5, on the pile it
        pairs with a Shaman or turns a Number card): the card whose best completion scores
        least; of equals, the one that helps most if it were the last; then at random (GT-2).

        score(pile', hand') counts the own pile and the hand together, the hand's Dudabs
        apart: whatever goes where, its cards are the pile's and the hand's, so a score
        here hangs only on how many Dudabs stay in hand. The best completion of a card is
        then the best over the numbers of Dudabs the cards still to put can leave in hand."""
        more = len(hand) - TABLES.hand.max - 1  # cards still to put after this one
        if not 0 <= more <= len(hand) - 1:
            return self._last_trim_by_cards(pile, hand, legal, rng)
        total = self._tally([*pile, *hand])
        kind = self.kind

        def cost(move: Move) -> tuple[int, int, float]:
            card = move.args[0]
            rest = list(hand)
            rest.remove(card)
            dudabs = sum(1 for c in rest if kind[c] == "dudab")
            others = len(rest) - dudabs
            # Dudabs among the `more` cards put: from those that must be, to all there are
            best = min(
                _points_of(total, dudabs - put)
                for put in range(max(0, more - others), min(more, dudabs) + 1)
            )
            return best, _points_of(total, dudabs), rng.random()

        return min(legal, key=cost)

    def _last_trim_by_cards(
        self, pile: list[str], hand: Sequence[str], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        """_last_trim card by card, as first written (for a count of cards it never meets)."""
        more = len(hand) - TABLES.hand.max - 1
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


@cache
def _call_blocks(columns: int) -> tuple[list[list[Move]], dict[tuple[str, str], int]]:
    """A Dudab's calls on each column as the rules make them (a menu offers them so, one block
    a column, in the same order), and each call's place in a block."""
    blocks = rules(columns).m_dudab_req
    return blocks, {(m.args[3], m.args[4]): r for r, m in enumerate(blocks[0])}


def _sums_without(terms: Sequence[float]) -> list[float]:
    """Per place i, the terms but the i-th added one at a time in order, as _added adds them
    (the same floats): the sum of those before i, kept as the places go, then those after."""
    sums: list[float] = []
    before = 0.0
    for i, term in enumerate(terms):
        total = before
        for later in terms[i + 1 :]:
            total += later
        sums.append(total)
        before += term
    return sums


def _without(cards: Sequence[str], taken: Sequence[str]) -> list[str]:
    """The cards less those taken (a multiset difference)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left
