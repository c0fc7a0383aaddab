"""Foozle's computer player (ezkit.games.bots registers it as "heuristic" for foozle).

It reads only its seat's view and the legal moves (DESIGN.md: no bot reads hidden state) and
follows the book's "Strategy Hints"; ties are broken with the rng it is handed (GT-2). Whether
a hand can go out, and how, is the search in ezkit.games.foozle.going_out; here are the
choices around it (what to take, which token lay-down, what to discard), with cards as bits
as there, and a group's summary and a lay's cards remembered in bounded caches.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ezkit.games.engine import Move
from ezkit.games.foozle import going_out as go
from ezkit.games.foozle import groups as fg
from ezkit.games.foozle import moves as mv
from ezkit.games.foozle.moves import DISCARD_WORD, DRAW_WORD, ON, TAKE, Menu

KIND, RANK, SUIT, COLOUR, TRUMP = fg.KIND, fg.RANK, fg.SUIT, fg.COLOUR, fg.TRUMP


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
    #: The entries of the view it reads: a simulation builds only these (State.view_part).
    view_keys = ("seat", "phase", "groups", "tableau", "tokens", "taken", "hand")

    def __init__(self) -> None:
        #: The groups list of the last view and its table. A view is read, never changed,
        #: and a quiet state hands the same groups list to its views until the groups change
        #: (then a new one), so the same list object means the same groups: no need to look
        #: at them again. Holding the list keeps its identity from being reused.
        self._groups: list[dict[str, Any]] | None = None
        self._table = go.Table.of([])
        #: The summaries of the last groups list's groups and the cards each takes, by the
        #: id of each group's dict (held with them, so no other object can take its id
        #: meanwhile). A quiet state hands a group's same dict to its views until that group
        #: changes, so a change to one group costs the summary of one group.
        self._summaries: dict[int, tuple[dict[str, Any], fg.Summary, int]] = {}

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        menu = Menu.of(legal)  # a simulation's menu is read part by part (moves.Menu)
        one = menu.forced()
        if one is not None:
            return one
        hand = list(map(KIND.__getitem__, view["hand"]))
        held = fg.bits_of(hand)  # the hand as bits, for every question
        groups = view["groups"]
        if groups is not self._groups:
            self._table, self._groups = self._table_of(groups), groups
        table = self._table
        mine = view["tokens"][view["seat"]]["colours"]
        need = _NEED.get(tuple(mine))
        if need is None:  # not in the views' order: worked out
            need = frozenset(fg.COLOURS.index(c) for c in fg.COLOURS if c not in mine)
        if view["phase"] == "take":
            return self._take(view, hand, held, table, need, menu, rng)
        taken = KIND[view["taken"]] if view["taken"] else -1
        plan = go.plan(hand, table, taken, bits=held)
        if plan:
            step = plan[0]
            # a lay-off is one card, a lay-down GROUP_MIN or more: the step is in one part
            lays = menu.lay_offs() if len(step) == 1 else menu.lay_downs()
            ways = [m for m in lays if _lay(m)[0] == step]
            if ways:  # the same cards onto one group or another (FZ-2): equal, at random
                return _pick(ways, rng)
        if need and _token_lay(held, need):  # lay-offs are one card: no token
            token_lays = []
            for m in menu.lay_downs():
                _, size, colour = _lay(m)
                if size >= 3 and colour in need:
                    token_lays.append(m)
            if token_lays:
                return _longest(token_lays, rng)
        if view["phase"] == "owe" or not menu.discards():
            return _longest([*menu.lay_downs(), *menu.lay_offs()], rng)
        return self._discard(hand, held, menu.discards(), rng)

    def _table_of(self, groups: list[dict[str, Any]]) -> go.Table:
        """`go.Table.of` the view's groups, from each group's summary and the cards it takes,
        worked out when the group is new or changed."""
        known = self._summaries
        fresh = {}
        for group in groups:
            seen = known.get(id(group))
            if seen is None or seen[0] is not group:
                s = _group_summary(tuple(group["cards"]))
                seen = (group, s, go.accepts(s))
            fresh[id(group)] = seen
        self._summaries = fresh
        return go.Table.of(
            [seen[1] for seen in fresh.values()], [seen[2] for seen in fresh.values()]
        )

    def _take(
        self,
        view: dict[str, Any],
        hand: list[int],
        held: int,
        table: go.Table,
        need: frozenset[int],
        menu: Menu,
        rng: random.Random,
    ) -> Move:
        tableau = view["tableau"]
        if not tableau:
            return _TAKE_DRAW
        # The tableau cards it may take, in the menu's order: the last discard, then those
        # the menu offers (`takeable`, asked only when some card is worth asking about).
        last = KIND[tableau[-1]]
        others = [KIND[c] for c in tableau[:-1]]
        # Cards of the hand with nowhere to go: taking card k changes that only for cards of
        # k's rank, suit or colour, so two others stuck mean k cannot make it go out
        # (go._may_go_out); not with three trumps, when a Big Fozzle may end the hand.
        stuck = -1
        if (held & _TRUMP_BITS).bit_count() < fg.GROUP_MIN:
            stuck = go.stuck_cards(held, table, go.groupable(held, hand))
        going_out = []
        for k in (last, *others):
            if stuck >= 0 and RANK[k] != TRUMP and (stuck & ~_RELATED[k]).bit_count() >= 2:
                continue  # the search would find no plan: two cards stuck whatever k does
            if k != last and not menu.takeable() >> k & 1:
                continue
            grouped = go.groupable_with(held, k)
            if go.plan([*hand, k], table, k, grouped=grouped, bits=held | 1 << k) is not None:
                going_out.append(_TAKE_LAST if k == last else _TAKE[k])
        if going_out:  # every card that lets it go out is as good: one at random (GT-2)
            return _pick(going_out, rng)
        tokens = []
        if need and others:
            takeable = menu.takeable()
            for k in others:
                if takeable >> k & 1 and _earns_token(held | 1 << k, k, need):
                    tokens.append(_TAKE[k])
        if tokens:
            return _pick(tokens, rng)
        if go.groupable_with(held, last) >> last & 1:  # some lay-down of the hand holds it
            return _TAKE_LAST
        return _TAKE_DRAW

    @staticmethod
    def _discard(hand: list[int], held: int, discards: Sequence[Move], rng: random.Random) -> Move:
        """The card least connected to the rest of the hand: per other card (trumps apart)
        one link for its rank, one for its suit, a half for its colour within two ranks; 5
        more in a lay-down the hand can make; a trump half a link per trump held. Counted
        with bits, in half links (whole numbers: the same order as the links' halves)."""
        in_group = go.groupable(held, hand)
        # worths doubled, so whole numbers: a half link is 1 (the order is the same)
        trump_worth = (held & _TRUMP_BITS).bit_count()
        draw = rng.random
        best = discards[0]
        best_worth, best_draw = -1, 0.0
        for move in discards:  # the lowest (worth, a draw for ties), a draw per discard in order
            k = KIND[move.args[0]]
            kin = _KIN_BITS[k]  # (none for a trump)
            if kin:
                # the other cards of k's rank or suit (k, in both, counted once: take it off)
                worth = 2 * (held & kin).bit_count() - 2 + (held & _NEAR_BITS[k]).bit_count()
                if in_group >> k & 1:
                    worth += 10
            else:
                worth = trump_worth
            chance = draw()
            if best_worth < 0 or worth < best_worth or (worth == best_worth and chance < best_draw):
                best, best_worth, best_draw = move, worth, chance
        return best


_TAKE_LAST = Move(TAKE, (DISCARD_WORD,))
_TAKE_DRAW = Move(TAKE, (DRAW_WORD,))
_TAKE = mv.moves().take  # take CARD, per card


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


#: Cards as bits (bit k: card k), from groups: the cards of each rank (trumps apart), of each
#: suit, the trumps; the cards of each colour that may be in a run (no infinity, no trump).
_RANK_BITS = fg.RANK_BITS
_SUIT_BITS = fg.SUIT_BITS
_TRUMP_BITS = fg.TRUMP_BITS
_COLOUR_RUN_BITS = fg.COLOUR_RUN_BITS
#: The colours still needed (as numbers), by the colours held as a view lists them (in
#: fg.COLOURS order): every subset, made once.
_NEED: dict[tuple[str, ...], frozenset[int]] = {
    tuple(c for i, c in enumerate(fg.COLOURS) if held >> i & 1): frozenset(
        i for i in range(len(fg.COLOURS)) if not held >> i & 1
    )
    for held in range(1 << len(fg.COLOURS))
}
#: Per card (not a trump), the cards whose place in a lay-down it may change: its own, those
#: of its rank, of its suit and of its colour's runs.
_RELATED: tuple[int, ...] = tuple(
    0
    if RANK[k] == TRUMP
    else 1 << k | _RANK_BITS[RANK[k]] | _SUIT_BITS[SUIT[k]] | _COLOUR_RUN_BITS[COLOUR[k]]
    for k in range(len(fg.IDS))
)
#: Per card, the bit of its place among run neighbours (fg.RUN_KEY: colour * 16 + rank), 0
#: for a trump or an infinity (never in a run).
_RUN_BIT = fg.RUN_BIT
_each = fg.each  # the card numbers of a set of bits, lowest first
#: Per card (not a trump), the cards of its rank or its suit: one link each in _discard.
_KIN_BITS: tuple[int, ...] = tuple(
    0 if RANK[k] == TRUMP else _RANK_BITS[RANK[k]] | _SUIT_BITS[SUIT[k]] for k in range(len(fg.IDS))
)
#: The cards of each colour (infinities too, trumps never).
_COLOUR_BITS: dict[int, int] = {}
for _k in range(len(fg.IDS)):
    if RANK[_k] != TRUMP:
        _COLOUR_BITS[COLOUR[_k]] = _COLOUR_BITS.get(COLOUR[_k], 0) | 1 << _k
#: Per colour, the cards of each of its suits; and per rank, its cards of the colour and
#: all its cards (trumps never).
_COLOUR_SUITS: dict[int, tuple[int, ...]] = {
    colour: tuple(
        suit for suit in _SUIT_BITS.values() if COLOUR[(suit & -suit).bit_length() - 1] == colour
    )
    for colour in _COLOUR_BITS
}
_COLOUR_RANKS: dict[int, tuple[tuple[int, int], ...]] = {
    colour: tuple((cards & _COLOUR_BITS[colour], cards) for cards in _RANK_BITS.values())
    for colour in _COLOUR_BITS
}
#: Per card, the other cards of its colour within two ranks (infinity counted as rank 10,
#: trumps never): the "half links" of _discard.
_NEAR_BITS: tuple[int, ...] = tuple(
    sum(
        1 << o
        for o in range(len(fg.IDS))
        if o != k
        and RANK[o] != TRUMP
        and RANK[k] != TRUMP
        and COLOUR[o] == COLOUR[k]
        and abs(RANK[o] - RANK[k]) <= 2
    )
    for k in range(len(fg.IDS))
)

#: Bounded caches of pure functions, as going_out's (cleared past go.CACHE_CAP entries).
_GROUPS: dict[tuple[str, ...], fg.Summary] = {}
_LAYS: dict[Move, tuple[tuple[int, ...], int, int]] = {}
#: Every cache the bot fills, going_out's too (tests and benchmarks empty them to start cold).
CACHES: tuple[dict[Any, Any], ...] = (*go.CACHES, _GROUPS, _LAYS)


def _group_summary(cards: tuple[str, ...]) -> fg.Summary:
    """The summary of a group on the table, by its cards' ids (a pure function of them): a
    group outlives many changes to the table."""
    found = _GROUPS.get(cards)
    if found is None:
        found = go.remember(_GROUPS, cards, fg.summary([KIND[c] for c in cards]))
    return found


def _lay(move: Move) -> tuple[tuple[int, ...], int, int]:
    """A lay's cards (sorted numbers), how many, and the colour they share (FZ-4; -2 mixed):
    a pure function of the move's words."""
    found = _LAYS.get(move)
    if found is None:
        cards = tuple(sorted([KIND[c] for c in _cards(move)]))
        found = go.remember(_LAYS, move, (cards, len(cards), fg.summary_of(cards).colour))
    return found


def _earns_token(bits: int, k: int, need: frozenset[int]) -> bool:
    """Whether some lay-down of the cards `bits` holding card k is all of one colour still
    needed: exactly `any(k in c and summary(c).colour in need for c in candidates(...))`
    (tests/test_foozle_bots.py checks it). Such a lay-down is of k's colour; it is k's
    whole suit (three or more), a run through k, or part of k's rank (candidates offers
    every part of a rank held at most five times, so three of k's colour there do)."""
    if RANK[k] == TRUMP or COLOUR[k] not in need:
        return False
    if (bits & _SUIT_BITS[SUIT[k]]).bit_count() >= fg.GROUP_MIN:
        return True
    family = bits & _RANK_BITS[RANK[k]]
    if (
        family.bit_count() <= fg.GROUP_MIN + 2
        and (family & _COLOUR_BITS[COLOUR[k]]).bit_count() >= fg.GROUP_MIN
    ):
        return True
    return RANK[k] != fg.INF and _in_run(bits, k)


def _token_lay(bits: int, need: frozenset[int]) -> bool:
    """Whether some lay-down of the cards `bits` is all of one colour still needed: exactly
    `any(_earns_token(bits, k, need) for k in cards)`, which is `any(summary(c).colour in
    need for c in candidates(cards))` (tests/test_foozle_bots.py checks it), so a menu
    without such a lay-down need not be listed. Per colour needed, held three times or more:
    a suit of it held three times (a flush), a run of it, or a rank with three of it held
    at most five times (candidates offers every part of such a rank)."""
    for colour in need:
        cards = bits & _COLOUR_BITS[colour]
        if cards.bit_count() < fg.GROUP_MIN:
            continue
        for suit in _COLOUR_SUITS[colour]:
            if (cards & suit).bit_count() >= fg.GROUP_MIN:
                return True
        runs = 0
        for k in _each(cards & _COLOUR_RUN_BITS[colour]):
            runs |= _RUN_BIT[k]
        if fg.run_starts(runs):
            return True
        for mine, family in _COLOUR_RANKS[colour]:
            if (cards & mine).bit_count() >= fg.GROUP_MIN and (
                (bits & family).bit_count() <= fg.GROUP_MIN + 2
            ):
                return True
    return False


def _in_run(bits: int, k: int) -> bool:
    """Whether card k is in a stretch of three consecutive run ranks of its colour."""
    runs = 0
    for card in _each(bits & _COLOUR_RUN_BITS[COLOUR[k]]):
        runs |= _RUN_BIT[card]
    starts = runs & runs >> 1 & runs >> 2
    return bool((starts | starts << 1 | starts << 2) & _RUN_BIT[k])
