"""Foozle's computer player (ezkit.games.bots registers it as "heuristic" for foozle).

It reads only its seat's view and the legal moves (DESIGN.md: no bot reads hidden state) and
follows the book's "Strategy Hints"; ties are broken with the rng it is handed (GT-2).

Speed (a season of 10,000 games is simulated): cards are bits in an int (bit k: card k), so
"which cards join this group" and "which cards of the hand can be grouped" are a few integer
operations; the search for a way to go out is ruled out at once when two cards could go
nowhere; and pure functions of what the view shows (a group's summary, a lay's cards, a
search's result) are remembered in bounded caches; the search drops positions that hold
two cards no lay-down can place (_Search._stranded), so its budget goes to hands that may go
out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import Any, NamedTuple

from ezkit.games.engine import Move
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
        self._table = _table([])
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
        plan = _plan(hand, table, taken, bits=held)
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

    def _table_of(self, groups: list[dict[str, Any]]) -> _Table:
        """`_table` of the view's groups, from each group's summary and the cards it takes,
        worked out when the group is new or changed."""
        known = self._summaries
        fresh = {}
        for group in groups:
            seen = known.get(id(group))
            if seen is None or seen[0] is not group:
                s = _group_summary(tuple(group["cards"]))
                seen = (group, s, _accepts(s))
            fresh[id(group)] = seen
        self._summaries = fresh
        return _table([seen[1] for seen in fresh.values()], [seen[2] for seen in fresh.values()])

    def _take(
        self,
        view: dict[str, Any],
        hand: list[int],
        held: int,
        table: _Table,
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
        # (_may_go_out); not with three trumps, when a Big Fozzle may end the hand.
        stuck = -1
        if (held & _TRUMP_BITS).bit_count() < fg.GROUP_MIN:
            stuck = _stuck(held, table, _groupable(held, hand))
        going_out = []
        for k in (last, *others):
            if stuck >= 0 and RANK[k] != TRUMP and (stuck & ~_RELATED[k]).bit_count() >= 2:
                continue  # the search would find no plan: two cards stuck whatever k does
            if k != last and not menu.takeable() >> k & 1:
                continue
            grouped = _groupable_with(held, k)
            if _plan([*hand, k], table, k, grouped=grouped, bits=held | 1 << k) is not None:
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
        if _groupable_with(held, last) >> last & 1:  # some lay-down of the hand holds it
            return _TAKE_LAST
        return _TAKE_DRAW

    @staticmethod
    def _discard(hand: list[int], held: int, discards: Sequence[Move], rng: random.Random) -> Move:
        """The card least connected to the rest of the hand: per other card (trumps apart)
        one link for its rank, one for its suit, a half for its colour within two ranks; 5
        more in a lay-down the hand can make; a trump half a link per trump held. Counted
        with bits, in half links (whole numbers: the same order as the links' halves)."""
        in_group = _groupable(held, hand)
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
#: suit, of each colour at each run rank, the trumps. Fixed by the deck.
_RANK_BITS = fg.RANK_BITS
_SUIT_BITS = fg.SUIT_BITS
_RUN_CARD_BITS = fg.RUN_CARD_BITS
_TRUMP_BITS = fg.TRUMP_BITS
#: The cards of each colour that may be in a run (no infinity, no trump).
_COLOUR_RUN_BITS = fg.COLOUR_RUN_BITS
#: A hand's families (each rank, the trumps, each suit) counted a byte each (see
#: groups.FAMILIES): each family's cards by its top bit's length >> 3, per card its counts,
#: and what carries a byte that reaches GROUP_MIN into its top bit (see _groupable).
_SLOT_CARDS = fg.SLOT_CARDS
_COUNT = fg.FAMILY_COUNT
_COUNT_ADD = fg.COUNT_ADD
_COUNT_TOP = fg.COUNT_TOP
_counts = fg.family_counts
_TOP_BIT = fg.TOP_BIT
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

#: Bounded caches of pure functions (their keys are all they depend on, so never stale);
#: cleared when they grow past CACHE_CAP entries.
CACHE_CAP = 100_000
_CANDIDATES: dict[int, list[_LayDown]] = {}
_LAYDOWNS: dict[tuple[int, ...], _LayDown] = {}
_GROWN: dict[tuple[fg.Summary, int], tuple[fg.Summary, int]] = {}
_GROUPS: dict[tuple[str, ...], fg.Summary] = {}
_GROUPABLE: dict[int, int] = {}
_LAYS: dict[Move, tuple[tuple[int, ...], int, int]] = {}
#: A way to go out: lay-downs and lay-offs (1-tuples), cards as numbers.
Plan = tuple[tuple[int, ...], ...]
_PLANS: dict[tuple[int, tuple[fg.Summary, ...], int, int], Plan | None] = {}

#: Every cache above (tests and benchmarks empty them to start cold).
CACHES: tuple[dict[Any, Any], ...] = (
    fg.TAKERS,
    _CANDIDATES,
    _LAYDOWNS,
    _GROWN,
    _GROUPS,
    _GROUPABLE,
    _LAYS,
    _PLANS,
)


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(cache) >= CACHE_CAP:
        cache.clear()
    cache[key] = value
    return value


def _group_summary(cards: tuple[str, ...]) -> fg.Summary:
    """The summary of a group on the table, by its cards' ids (a pure function of them): a
    group outlives many changes to the table."""
    found = _GROUPS.get(cards)
    if found is None:
        found = _remember(_GROUPS, cards, fg.summary([KIND[c] for c in cards]))
    return found


def _lay(move: Move) -> tuple[tuple[int, ...], int, int]:
    """A lay's cards (sorted numbers), how many, and the colour they share (FZ-4; -2 mixed):
    a pure function of the move's words."""
    found = _LAYS.get(move)
    if found is None:
        cards = tuple(sorted([KIND[c] for c in _cards(move)]))
        found = _remember(_LAYS, move, (cards, len(cards), fg.summary_of(cards).colour))
    return found


#: The cards that may join a group of summary s, as bits (groups.takers, remembered there).
_accepts = fg.takers


def _grown(s: fg.Summary, k: int) -> tuple[fg.Summary, int]:
    """A group of summary s with card k laid off on it: its summary and `_accepts` of it,
    remembered (the plan search lays the same cards off on the same groups again and again)."""
    key = (s, k)
    found = _GROWN.get(key)
    if found is None:
        after = fg.merge(s, fg.SINGLE[k])
        found = _remember(_GROWN, key, (after, _accepts(after)))
    return found


def _groupable(bits: int, cards: Sequence[int] | None = None) -> int:
    """The cards (as bits) that are in some lay-down the cards `bits` can make: exactly
    those in `fg.candidates(cards, full_only=True)` (tests/test_foozle_bots.py checks it),
    which are also all those in `fg.candidates(cards)` (its other lay-downs are parts of
    these): every card of a rank, suit or the trumps held three or more times, and every
    card of a colour whose rank is in a stretch of three or more consecutive run ranks of
    that colour. Remembered by the cards (a pure function of them); `cards`: the same cards
    as numbers, if the caller has them.

    The families held three or more times are counted all at once: each card adds one to
    a byte of its rank and one to a byte of its suit (`_COUNT`), and `_COUNT_ADD` carries
    every byte that reaches three into its top bit."""
    found = _GROUPABLE.get(bits)
    if found is not None:
        return found
    if cards is None:
        cards = _each(bits)
    counts = runs = 0  # the families counted; fg.RUN_KEY's bits (one pass: asked often)
    for k in cards:
        counts += _COUNT[k]
        runs |= _RUN_BIT[k]
    found = 0
    full = (counts + _COUNT_ADD) & _COUNT_TOP
    while full:  # (highest first: see groups.TOP_BIT)
        n = full.bit_length()
        full ^= _TOP_BIT[n]
        found |= bits & _SLOT_CARDS[n >> 3]
    starts = runs & runs >> 1 & runs >> 2  # three in a row of one colour from here
    if starts:
        stretch = starts | starts << 1 | starts << 2  # (16 places a colour: never wraps)
        for k in cards:
            if stretch & _RUN_BIT[k]:
                found |= 1 << k
    return _remember(_GROUPABLE, bits, found)


def _groupable_with(bits: int, k: int) -> int:
    """`_groupable(bits | 1 << k)` from `_groupable(bits)`: a card added changes only the
    families it is in (its rank, its suit, the trumps, the run through it), so the cards
    grouped before stay grouped and those families are looked at again."""
    both = bits | 1 << k
    found = _GROUPABLE.get(both)
    if found is not None:
        return found
    found = _groupable(bits)
    if RANK[k] == TRUMP:
        family = both & _TRUMP_BITS
        if family.bit_count() >= fg.GROUP_MIN:
            found |= family
        return _remember(_GROUPABLE, both, found)
    for family in (both & _RANK_BITS[RANK[k]], both & _SUIT_BITS[SUIT[k]]):
        if family.bit_count() >= fg.GROUP_MIN:
            found |= family
    if RANK[k] != fg.INF:
        colour_cards = _each(both & _COLOUR_RUN_BITS[COLOUR[k]])
        runs = 0
        for card in colour_cards:
            runs |= _RUN_BIT[card]
        starts = runs & runs >> 1 & runs >> 2
        stretch = starts | starts << 1 | starts << 2
        if stretch & _RUN_BIT[k]:
            for card in colour_cards:
                if stretch & _RUN_BIT[card]:
                    found |= 1 << card
    return _remember(_GROUPABLE, both, found)


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


class _Table(NamedTuple):
    """The groups on the table as the plan search needs them, worked out once a decision:
    their summaries, the cards each takes now (`_accepts`), all those together, and the
    groups that might grow into a longer run, as (colour, ranks held)."""

    sums: tuple[fg.Summary, ...]
    joins: tuple[int, ...]
    takes: int
    runs: tuple[tuple[int, int], ...]


def _table(groups: Sequence[fg.Summary], joins: Sequence[int] | None = None) -> _Table:
    """The table of the groups of these summaries; `joins`: `_accepts` of each, if known."""
    joins = tuple(map(_accepts, groups) if joins is None else joins)
    takes = 0
    for m in joins:
        takes |= m
    runs = {
        (s.colour, s.mask): None
        for s in groups
        if s.colour >= 0 and s.distinct and not s.mask & ~fg.RUN_BITS
    }
    return _Table(tuple(groups), joins, takes, tuple(runs))


_each = fg.each  # the card numbers of a set of bits, lowest first


def _stuck(bits: int, table: _Table, grouped: int, enough: int = -1) -> int:
    """The cards of `bits` with nowhere to go (see _may_go_out), as bits, given those in a
    lay-down of their own (`grouped`: `_groupable(bits)`). It may stop looking once no card
    is stuck or one card other than `enough` (the taken card's bit, 0 for none; -1: look
    at every card) is."""
    stuck = bits & ~(grouped | table.takes)
    for colour, ranks in table.runs:
        if enough >= 0 and (not stuck or (not stuck & (stuck - 1) and stuck != enough)):
            break  # nothing stuck, or one card that can be discarded: enough to know
        colour_cards = bits & _COLOUR_RUN_BITS[colour]
        if not stuck & colour_cards:
            continue
        held = ranks
        for k in _each(colour_cards):
            held |= 1 << RANK[k]
        low = ranks & -ranks  # grow the stretch of held ranks around the group's
        while low > 1 and held & low >> 1:
            low >>= 1
        high = 1 << (ranks.bit_length() - 1)
        while held & high << 1:
            high <<= 1
        stretch = (high << 1) - low  # the ranks from low to high
        if stretch & ~held:
            continue  # a gap within the group's ranks the hand cannot fill: no run
        for k in _each(stuck & colour_cards):
            if stretch >> RANK[k] & 1:
                stuck &= ~(1 << k)
    return stuck


def _may_go_out(bits: int, table: _Table, taken: int, grouped: int) -> bool:
    """False only when no plan can exist, so `_plan` may answer None without searching (the
    search would find none either: it returns only plans that place every card but one, or
    lay a Big Fozzle).

    A plan places each card but at most one (not the one taken) in a lay-down from the hand,
    which `_groupable` covers, or on a group of the table, maybe grown by other cards laid
    off first. A set, flush or Big Fozzle grown is still one: the card joins it now
    (`table.takes`). A run may first need cards of its colour at the ranks between: a card
    joins it later only if its rank is in the stretch of ranks the group and the hand's
    cards of its colour make together (`_stuck`). With three trumps the search may lay a
    Big Fozzle: never ruled out."""
    if (bits & _TRUMP_BITS).bit_count() >= fg.GROUP_MIN:
        return True
    stuck = _stuck(bits, table, grouped, 1 << taken if taken >= 0 else 0)
    if not stuck:
        return True
    if stuck & (stuck - 1):  # two cards or more with nowhere to go
        return False
    return taken < 0 or stuck != 1 << taken  # the one left is discarded: not the taken card


class _LayDown(NamedTuple):
    """A lay-down the search may try, with what it needs of it worked out once."""

    cards: tuple[int, ...]
    bits: int
    summary: fg.Summary
    joins: int  # _accepts(summary)
    fozzle: bool  # trumps: a Big Fozzle, which ends the hand


def _candidates(bits: int) -> list[_LayDown]:
    """`fg.candidates(cards)` of the cards `bits`, in its order, remembered (a pure function
    of the cards: the plan search meets the same part-hands again and again). The list is
    shared: callers only read it."""
    found = _CANDIDATES.get(bits)
    if found is None:
        found = []
        hand = _each(bits)  # in card order, as held_candidates wants them
        lays = fg.held_candidates(hand, bits, _counts(hand)) if len(hand) >= fg.GROUP_MIN else ()
        for cards in lays:
            lay = _LAYDOWNS.get(cards)
            if lay is None:
                lay = _remember(_LAYDOWNS, cards, _lay_down(cards))
            found.append(lay)
        _remember(_CANDIDATES, bits, found)
    return found


def _lay_down(cards: tuple[int, ...]) -> _LayDown:
    """What the search needs of a lay-down (a pure function of its cards; remembered by
    _candidates: the same families come up in part-hand after part-hand)."""
    s = fg.summary_of(cards)
    mask = 0
    for k in cards:
        mask |= 1 << k
    return _LayDown(cards, mask, s, _accepts(s), RANK[cards[0]] == TRUMP)


def _plan(
    hand: list[int],
    table: _Table,
    taken: int,
    budget: int = 60,
    grouped: int | None = None,
    bits: int | None = None,
) -> Plan | None:
    """Steps (lay-downs; a lay-off is a 1-tuple) that leave at most one card to discard,
    not the card taken from the tableau; None if the search finds none.

    A depth-first search of at most `budget` positions: at each, the first card of the part
    hand (in card order) that joins a group lays off on the first such group, else (unless
    cards are stranded: _Search._stranded) each candidate lay-down in turn. Cards are bits:
    a part hand is an int, a group's `_accepts` mask says at once which cards join it, so a
    position costs a few integer operations.
    `table`: the groups on the table (`_table`). Hands that cannot go out are told apart
    first (`_may_go_out`, given `grouped`, `_groupable` of the hand, if the caller has it),
    without a search. `bits`: the hand as bits, if the caller has them.

    Remembered (the answer is a pure function of the cards, the groups' summaries, the card
    taken and the budget): the search's own answer, and the answer found from each position
    on the way to a plan whose search below it never ran out of budget. Such a position,
    searched afresh (the next decision, once the plan's first step is made, often is one),
    goes through the same positions in the same order with fewer counted, so it finds the
    same plan. A position whose search did run out is not remembered: afresh it might get
    further."""
    if bits is None:
        bits = fg.bits_of(hand)
    if grouped is None:
        grouped = _groupable(bits, hand)
    if not _may_go_out(bits, table, taken, grouped):
        return None
    sums = table.sums
    key = (bits, sums, taken, budget)
    if key in _PLANS:
        return _PLANS[key]
    return _remember(_PLANS, key, _Search(taken, budget).run(bits, sums, table.joins, table.takes))


class _Search:
    """One plan search (see _plan): the positions tried so far and how many were cut short
    by the budget. A class, not a closure calling itself, so that a search leaves no cycle
    of references for the garbage collector."""

    __slots__ = ("budget", "cuts", "taken", "taken_bit", "tried")

    def __init__(self, taken: int, budget: int) -> None:
        self.taken = taken
        self.taken_bit = 1 << taken if taken >= 0 else 0
        self.budget = budget
        self.tried = self.cuts = 0

    def _stranded(self, bits: int) -> bool:
        """Whether no plan can be found below a position where no card of the part hand
        `bits` joins a group (asked there only). Then no group there changes below (only
        lay-offs change one), and a group laid down from the part hand, grown or not, takes
        only cards that make a group with part-hand cards, so cards in some lay-down of the
        part hand (`_groupable`): a card in none is never placed. Two such cards, or the
        taken card, leave no plan; unless three trumps make a Big Fozzle, which ends the hand
        whatever is left. So dropping such a position changes no plan found, only how far the
        budget goes (tests/test_foozle_bots.py)."""
        if (bits & _TRUMP_BITS).bit_count() >= fg.GROUP_MIN:
            return False
        stuck = bits & ~_groupable(bits)
        return bool(stuck & (stuck - 1)) or (stuck != 0 and stuck == self.taken_bit)

    def run(
        self,
        bits: int,
        sums: tuple[fg.Summary, ...],
        joins: tuple[int, ...],
        anywhere: int,
    ) -> Plan | None:
        """From the part hand `bits` and the groups `sums` (each taking `joins`, together
        `anywhere`)."""
        self.tried += 1
        if not bits or (not bits & (bits - 1) and bits != self.taken_bit):
            return ()  # all placed, or one card left to discard (not the one taken)
        if self.tried > self.budget:
            self.cuts += 1
            return None
        cuts_before = self.cuts
        found: Plan | None = None
        fits = anywhere & bits
        if fits:  # lay-offs first: they never hurt when going out
            low = fits & -fits  # the lowest card of the part hand that joins a group
            k = low.bit_length() - 1
            i = 0
            while not joins[i] & low:  # the first group it joins
                i += 1
            after, takes = _grown(sums[i], k)
            joins = (*joins[:i], takes, *joins[i + 1 :])
            rest = self.run(
                bits ^ low,
                (*sums[:i], after, *sums[i + 1 :]),
                joins,
                reduce(or_, joins, 0),
            )
            found = None if rest is None else ((k,), *rest)
        elif self._stranded(bits):
            return None
        else:
            lays = _CANDIDATES.get(bits)
            for cards, lay_bits, summary, takes, fozzle in (
                _candidates(bits) if lays is None else lays
            ):
                if fozzle:
                    return (cards,)
                rest = self.run(
                    bits & ~lay_bits,
                    (*sums, summary),
                    (*joins, takes),
                    anywhere | takes,
                )
                if rest is not None:
                    found = (cards, *rest)
                    break
        if found is not None and self.cuts == cuts_before:
            _remember(_PLANS, (bits, sums, self.taken, self.budget), found)
        return found
