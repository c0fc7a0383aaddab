"""Going out in Foozle: the search for a plan that lays down and off every card of a hand but
one to discard (the heuristic bot's question at each decision: ezkit.games.foozle.bots).

Cards are bits in an int (bit k: card k), so "which cards join this group" and "which cards of
the hand can be grouped" are a few integer operations; a hand that cannot go out is ruled out
at once when two cards could go nowhere (`stuck_cards`); and pure functions of what the view
shows (a group's growth, a part hand's lay-downs, a search's result) are remembered in bounded
caches. The search drops positions that hold two cards no lay-down can place
(_Search._stranded), so its budget goes to hands that may go out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import Any, NamedTuple

from ezkit.games.foozle import groups as fg

RANK, SUIT, COLOUR, TRUMP = fg.RANK, fg.SUIT, fg.COLOUR, fg.TRUMP

#: Cards as bits (bit k: card k), from groups: the cards of each rank (trumps apart), of each
#: suit, the trumps; the cards of each colour that may be in a run (no infinity, no trump);
#: per card, the bit of its place among run neighbours (fg.RUN_KEY: colour * 16 + rank), 0
#: for a trump or an infinity.
_RANK_BITS = fg.RANK_BITS
_SUIT_BITS = fg.SUIT_BITS
_TRUMP_BITS = fg.TRUMP_BITS
_COLOUR_RUN_BITS = fg.COLOUR_RUN_BITS
_RUN_BIT = fg.RUN_BIT
#: A hand's families (each rank, the trumps, each suit) counted a byte each (see
#: groups.FAMILIES): each family's cards by its top bit's length >> 3, per card its counts,
#: and what carries a byte that reaches GROUP_MIN into its top bit (see groupable).
_SLOT_CARDS = fg.SLOT_CARDS
_COUNT = fg.FAMILY_COUNT
_COUNT_ADD = fg.COUNT_ADD
_COUNT_TOP = fg.COUNT_TOP
_TOP_BIT = fg.TOP_BIT
_counts = fg.family_counts
_each = fg.each  # the card numbers of a set of bits, lowest first

#: A way to go out: lay-downs and lay-offs (1-tuples), cards as numbers.
Plan = tuple[tuple[int, ...], ...]

#: Bounded caches of pure functions (their keys are all they depend on, so never stale);
#: cleared when they grow past CACHE_CAP entries.
CACHE_CAP = 100_000
_CANDIDATES: dict[int, list[_LayDown]] = {}
_LAYDOWNS: dict[tuple[int, ...], _LayDown] = {}
_GROWN: dict[tuple[fg.Summary, int], tuple[fg.Summary, int]] = {}
_GROUPABLE: dict[int, int] = {}
_PLANS: dict[tuple[int, tuple[fg.Summary, ...], int, int], Plan | None] = {}
#: Every cache above, and groups' own (tests and benchmarks empty them to start cold).
CACHES: tuple[dict[Any, Any], ...] = (fg.TAKERS, _CANDIDATES, _LAYDOWNS, _GROWN, _GROUPABLE, _PLANS)


def remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(cache) >= CACHE_CAP:
        cache.clear()
    cache[key] = value
    return value


#: The cards that may join a group of summary s, as bits (groups.takers, remembered there).
accepts = fg.takers


def _grown(s: fg.Summary, k: int) -> tuple[fg.Summary, int]:
    """A group of summary s with card k laid off on it: its summary and `accepts` of it,
    remembered (the plan search lays the same cards off on the same groups again and again)."""
    key = (s, k)
    found = _GROWN.get(key)
    if found is None:
        after = fg.merge(s, fg.SINGLE[k])
        found = remember(_GROWN, key, (after, accepts(after)))
    return found


def groupable(bits: int, cards: Sequence[int] | None = None) -> int:
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
    return remember(_GROUPABLE, bits, found)


def groupable_with(bits: int, k: int) -> int:
    """`groupable(bits | 1 << k)` from `groupable(bits)`: a card added changes only the
    families it is in (its rank, its suit, the trumps, the run through it), so the cards
    grouped before stay grouped and those families are looked at again."""
    both = bits | 1 << k
    found = _GROUPABLE.get(both)
    if found is not None:
        return found
    found = groupable(bits)
    if RANK[k] == TRUMP:
        family = both & _TRUMP_BITS
        if family.bit_count() >= fg.GROUP_MIN:
            found |= family
        return remember(_GROUPABLE, both, found)
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
    return remember(_GROUPABLE, both, found)


class Table(NamedTuple):
    """The groups on the table as the plan search needs them, worked out once a decision:
    their summaries, the cards each takes now (`accepts`), all those together, and the
    groups that might grow into a longer run, as (colour, ranks held)."""

    sums: tuple[fg.Summary, ...]
    joins: tuple[int, ...]
    takes: int
    runs: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, groups: Sequence[fg.Summary], joins: Sequence[int] | None = None) -> Table:
        """The table of the groups of these summaries; `joins`: `accepts` of each, if known."""
        joins = tuple(map(accepts, groups) if joins is None else joins)
        takes = 0
        for m in joins:
            takes |= m
        runs = {
            (s.colour, s.mask): None
            for s in groups
            if s.colour >= 0 and s.distinct and not s.mask & ~fg.RUN_BITS
        }
        return cls(tuple(groups), joins, takes, tuple(runs))


def stuck_cards(bits: int, table: Table, grouped: int, enough: int = -1) -> int:
    """The cards of `bits` with nowhere to go (see _may_go_out), as bits, given those in a
    lay-down of their own (`grouped`: `groupable(bits)`). It may stop looking once no card
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


def _may_go_out(bits: int, table: Table, taken: int, grouped: int) -> bool:
    """False only when no plan can exist, so `plan` may answer None without searching (the
    search would find none either: it returns only plans that place every card but one, or
    lay a Big Fozzle).

    A plan places each card but at most one (not the one taken) in a lay-down from the hand,
    which `groupable` covers, or on a group of the table, maybe grown by other cards laid
    off first. A set, flush or Big Fozzle grown is still one: the card joins it now
    (`table.takes`). A run may first need cards of its colour at the ranks between: a card
    joins it later only if its rank is in the stretch of ranks the group and the hand's
    cards of its colour make together (`stuck_cards`). With three trumps the search may lay a
    Big Fozzle: never ruled out."""
    if (bits & _TRUMP_BITS).bit_count() >= fg.GROUP_MIN:
        return True
    stuck = stuck_cards(bits, table, grouped, 1 << taken if taken >= 0 else 0)
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
    joins: int  # accepts(summary)
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
                lay = remember(_LAYDOWNS, cards, _lay_down(cards))
            found.append(lay)
        remember(_CANDIDATES, bits, found)
    return found


def _lay_down(cards: tuple[int, ...]) -> _LayDown:
    """What the search needs of a lay-down (a pure function of its cards; remembered by
    _candidates: the same families come up in part-hand after part-hand)."""
    s = fg.summary_of(cards)
    mask = 0
    for k in cards:
        mask |= 1 << k
    return _LayDown(cards, mask, s, accepts(s), RANK[cards[0]] == TRUMP)


def plan(
    hand: list[int],
    table: Table,
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
    a part hand is an int, a group's `accepts` mask says at once which cards join it, so a
    position costs a few integer operations.
    `table`: the groups on the table (`Table.of`). Hands that cannot go out are told apart
    first (`_may_go_out`, given `grouped`, `groupable` of the hand, if the caller has it),
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
        grouped = groupable(bits, hand)
    if not _may_go_out(bits, table, taken, grouped):
        return None
    sums = table.sums
    key = (bits, sums, taken, budget)
    if key in _PLANS:
        return _PLANS[key]
    return remember(_PLANS, key, _Search(taken, budget).run(bits, sums, table.joins, table.takes))


class _Search:
    """One plan search (see plan): the positions tried so far and how many were cut short
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
        part hand (`groupable`): a card in none is never placed. Two such cards, or the
        taken card, leave no plan; unless three trumps make a Big Fozzle, which ends the hand
        whatever is left. So dropping such a position changes no plan found, only how far the
        budget goes (tests/test_foozle_bots.py)."""
        if (bits & _TRUMP_BITS).bit_count() >= fg.GROUP_MIN:
            return False
        stuck = bits & ~groupable(bits)
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
            remember(_PLANS, (bits, sums, self.taken, self.budget), found)
        return found
