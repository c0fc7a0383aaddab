"""Foozle's groups (seed 004, "Playing Cards by Laying Down", "Laying Off on a Flush Run";
rulings FZ-2, FZ-4), as small pure functions over the deck data (cards/foozle.yaml).

    kinds_of([card("2-lamps"), card("3-plungers"), card("4-fromps")])  -> ["run"]
    token_of(...)           -> "red"      (FZ-4: all one colour)
    candidates(hand)        -> the lay-downs the engine offers (maximal groups, a bounded few more)
    takers(summary(g))      -> the cards that may be laid off on group g (as bits)

A group is 3+ (`group_min`) cards: a set (one rank, infinity included), a flush (one suit), a
run (consecutive ranks within `run_ranks`, one colour; infinity never), a flush run (a run in
one suit). Three or more trumps are a Big Fozzle (kind "fozzle"); trumps join nothing else.
The same questions asked of cards by notation are in ezkit.games.foozle.score.

Inside, a card is a small number (its index in the deck file, `KIND[id]`) and a group is
summed up as a `Summary` so that "does this card fit on that group" is a few integer
operations: the engine asks it millions of times.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.foozle.tables import FoozleTables

_DECK = decks.deck("foozle")
TABLES = decks.tables("foozle")
assert isinstance(TABLES, FoozleTables)

GROUP_MIN: int = TABLES.group_min
RUN_LO, RUN_HI = TABLES.run_ranks
COLOURS: tuple[str, ...] = TABLES.tokens
SUITS: tuple[str, ...] = tuple(row.suit for row in TABLES.suits)
INF = 10  # the rank number of infinity: never in a run (FZ-2)
TRUMP = -1  # rank, suit and colour number of a trump

IDS: tuple[str, ...] = tuple(c.id for c in _DECK.cards)
KIND: dict[str, int] = {cid: k for k, cid in enumerate(IDS)}
RANK: tuple[int, ...] = tuple(
    TRUMP if c.kind == "trump" else (INF if c.rank == "inf" else int(c.rank or 0))
    for c in _DECK.cards
)
SUIT: tuple[int, ...] = tuple(
    TRUMP if c.kind == "trump" else SUITS.index(str(c.suit)) for c in _DECK.cards
)
COLOUR: tuple[int, ...] = tuple(
    TRUMP if c.kind == "trump" else COLOURS.index(TABLES.colour_of(str(c.suit)))
    for c in _DECK.cards
)
TRUMPS: tuple[int, ...] = tuple(k for k in range(len(IDS)) if RANK[k] == TRUMP)
#: The bits of the ranks a run may use (FZ-2: within run_ranks, never infinity).
RUN_BITS = sum(1 << r for r in range(RUN_LO, RUN_HI + 1))
#: A card's place among run neighbours: colour * 16 + rank, so a run's next card is +1; trumps,
#: infinities and any rank outside run_ranks (never in a run, FZ-2) get a key no card is next to.
RUN_KEY: tuple[int, ...] = tuple(
    COLOUR[k] * 16 + RANK[k] if RUN_LO <= RANK[k] <= RUN_HI else -100 for k in range(len(IDS))
)
#: Per card, the bit of its run key (0 for a trump or an infinity): three cards of a colour in
#: a row of ranks are three bits in a row.
RUN_BIT: tuple[int, ...] = tuple(0 if key < 0 else 1 << key for key in RUN_KEY)

SET, FLUSH, RUN, FLUSH_RUN, FOZZLE = "set", "flush", "run", "flush-run", "fozzle"
KINDS = (SET, FLUSH, RUN, FLUSH_RUN, FOZZLE)


class Summary(NamedTuple):
    """What a group's validity depends on. rank/suit/colour: the one all cards share, or -2
    (mixed); mask: the ranks present (bit per rank, infinity bit 10); distinct: no rank twice."""

    n: int
    rank: int
    suit: int
    colour: int
    mask: int
    distinct: bool


MIXED = -2
EMPTY = Summary(0, -3, -3, -3, 0, True)  # -3: nothing yet (merges to anything)


def single(k: int) -> Summary:
    r = RANK[k]
    return Summary(1, r, SUIT[k], COLOUR[k], 0 if r == TRUMP else 1 << r, True)


SINGLE: tuple[Summary, ...] = tuple(single(k) for k in range(len(IDS)))


def _both(a: int, b: int) -> int:
    if a == -3:
        return b
    if b == -3:
        return a
    return a if a == b else MIXED


def merge(a: Summary, b: Summary) -> Summary:
    """The summary of two groups' cards together."""
    return Summary(
        a.n + b.n,
        _both(a.rank, b.rank),
        _both(a.suit, b.suit),
        _both(a.colour, b.colour),
        a.mask | b.mask,
        a.distinct and b.distinct and not a.mask & b.mask,
    )


#: Per card, its rank, suit and colour as one bit each in one int (a trump's in the low bit
#: of each field), so that a group's shared rank, suit and colour are one OR of its cards;
#: and 1 for a card that is not a trump (a card with a rank bit in `Summary.mask`).
_FIELD = 16  # bits per field: ranks 0..10, 15 suits, 5 colours, each + 1 for the trumps
_PRESENT: tuple[int, ...] = tuple(
    1 << RANK[k] + 1 | 1 << _FIELD + SUIT[k] + 1 | 1 << 2 * _FIELD + COLOUR[k] + 1
    for k in range(len(IDS))
)
_RANKED: tuple[int, ...] = tuple(int(RANK[k] != TRUMP) for k in range(len(IDS)))


def _shared(present: int) -> int:
    """The one number whose bit (shifted by one) is alone in a field, else MIXED."""
    return present.bit_length() - 2 if not present & (present - 1) else MIXED


def summary(cards: Iterable[int]) -> Summary:
    """The summary of these cards: `merge` of their SINGLE summaries, worked out at once
    (the ranks, suits and colours present as bits; no rank twice when as many ranks are
    present as cards other than trumps)."""
    cards = tuple(cards)
    if not cards:
        return EMPTY
    present = ranked = 0
    for k in cards:
        present |= _PRESENT[k]
        ranked += _RANKED[k]
    ranks = present & 0xFFFF
    mask = ranks >> 1  # the ranks' bits without the trumps'
    return Summary(
        len(cards),
        _shared(ranks),
        _shared(present >> _FIELD & 0xFFFF),
        _shared(present >> 2 * _FIELD),
        mask,
        mask.bit_count() == ranked,
    )


#: Caches for the engine's hot questions; pure functions of their keys, so never stale.
#: Cleared when they grow past this many entries to keep memory bounded.
CACHE_CAP = 200_000
_SUMMARY_OF: dict[tuple[int, ...], Summary] = {}
_JOINS: dict[tuple[Summary, Summary], bool] = {}


def summary_of(cards: tuple[int, ...]) -> Summary:
    """`summary(cards)`, remembered: the same small groups come up again and again."""
    s = _SUMMARY_OF.get(cards)
    if s is None:
        if len(_SUMMARY_OF) >= CACHE_CAP:
            _SUMMARY_OF.clear()
        s = _SUMMARY_OF[cards] = summary(cards)
    return s


def joins(a: Summary, b: Summary) -> bool:
    """`valid(merge(a, b))`, remembered: asked for every lay-down and group at each move."""
    key = (a, b)
    ok = _JOINS.get(key)
    if ok is None:
        if len(_JOINS) >= CACHE_CAP:
            _JOINS.clear()
        ok = _JOINS[key] = valid(merge(a, b))
    return ok


def kin(s: Summary) -> int:
    """The rank a group of summary s is all of (a bit 0..10) and its colour (a bit from 16,
    the trumps' first), as bits: two groups can make one (a set, or a flush, run or Big
    Fozzle of one colour) only if their kin meet (FZ-2)."""
    return (1 << s.rank if s.rank >= 0 else 0) | (1 << 17 + s.colour if s.colour >= TRUMP else 0)


def is_run(s: Summary) -> bool:
    """Consecutive distinct ranks within run_ranks, one colour, no trump (FZ-2)."""
    if s.colour < 0 or not s.distinct or s.mask & ~RUN_BITS or s.n < GROUP_MIN:
        return False
    m = s.mask >> ((s.mask & -s.mask).bit_length() - 1)
    return m & (m + 1) == 0


def valid(s: Summary) -> bool:
    """Is it a group (any kind, a Big Fozzle included)?"""
    if s.n < GROUP_MIN:
        return False
    if s.colour == TRUMP:
        return True  # all trumps: a Big Fozzle
    if s.colour == MIXED and (s.rank == TRUMP or s.suit == TRUMP):
        return False
    return s.rank >= 0 or s.suit >= 0 or is_run(s)


def summary_kinds(s: Summary) -> list[str]:
    if s.n < GROUP_MIN:
        return []
    if s.colour == TRUMP:
        return [FOZZLE]
    if s.suit == TRUMP or s.rank == TRUMP:
        return []
    found = []
    if s.rank >= 0:
        found.append(SET)
    if s.suit >= 0:
        found.append(FLUSH)
    if is_run(s):
        found.append(RUN)
        if s.suit >= 0:
            found.append(FLUSH_RUN)
    return found


def kinds_of(cards: Sequence[int]) -> list[str]:
    """The kinds a list of cards (as numbers) forms; [] when it is no group."""
    if len(set(cards)) != len(cards):
        return []
    return summary_kinds(summary(cards))


def token_of(cards: Sequence[int]) -> str | None:
    """FZ-4: the colour token a lay-down of these cards earns (all one colour), or None."""
    s = summary(cards)
    if not valid(s) or s.colour < 0 or len(set(cards)) != len(cards):
        return None
    return COLOURS[s.colour]


# --- card notation ------------------------------------------------------------------------


def card(notation: str) -> int:
    """A card's number from its notation: `3-lamps`, `inf-tops`, `∞-tops`, `trump-grue`."""
    found = KIND.get(notation)
    return found if found is not None else KIND[_DECK.card(notation).id]  # ∞, any case


def parse(text: str | Sequence[str]) -> list[int]:
    """Cards typed with spaces or commas: "2-lamps 3-plungers, 4-fromps"."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [card(w) for w in words]
    seen = set()
    for k in cards:
        if k in seen:
            raise InputError(f"{IDS[k]} is given twice: the Fanucci deck has one of each (FZ-1)")
        seen.add(k)
    return cards


# --- cards as bits -------------------------------------------------------------------------

#: Cards as bits (bit k: card k): the cards of each rank (trumps apart), of each suit, of
#: each colour at each run rank, the trumps. Fixed by the deck.
RANK_BITS: dict[int, int] = {}
SUIT_BITS: dict[int, int] = {}
RUN_CARD_BITS: dict[tuple[int, int], int] = {}  # (colour, rank within run_ranks) -> cards
TRUMP_BITS = 0
for _k in range(len(IDS)):
    if RANK[_k] == TRUMP:
        TRUMP_BITS |= 1 << _k
        continue
    RANK_BITS[RANK[_k]] = RANK_BITS.get(RANK[_k], 0) | 1 << _k
    SUIT_BITS[SUIT[_k]] = SUIT_BITS.get(SUIT[_k], 0) | 1 << _k
    if RUN_LO <= RANK[_k] <= RUN_HI:
        RUN_CARD_BITS[COLOUR[_k], RANK[_k]] = RUN_CARD_BITS.get((COLOUR[_k], RANK[_k]), 0) | 1 << _k
#: Per card, its bit (1 << k): a hand's bits are bits_of(hand).
CARD_BIT: tuple[int, ...] = tuple(1 << k for k in range(len(IDS)))
#: The cards of each colour that may be in a run (no infinity, no trump).
COLOUR_RUN_BITS: dict[int, int] = {}
for (_c, _r), _m in RUN_CARD_BITS.items():
    COLOUR_RUN_BITS[_c] = COLOUR_RUN_BITS.get(_c, 0) | _m

#: The families a set, flush or Big Fozzle is made of, a byte each in a count of a hand's
#: cards: each rank (infinity last), the trumps, each suit. A card counts one in the byte of
#: its rank and one in its suit's (a trump in the trumps' only): FAMILY_COUNT[k]. Adding
#: COUNT_ADD carries every byte that reached GROUP_MIN into its top bit (COUNT_TOP): a
#: hand's families of three or more in a few integer operations (see held_candidates).
FAMILIES: tuple[int, ...] = (
    *(RANK_BITS[r] for r in sorted(RANK_BITS)),
    TRUMP_BITS,
    *(SUIT_BITS[u] for u in sorted(SUIT_BITS)),
)
#: A family's cards by its top bit's length >> 3 (8 * slot + 8).
SLOT_CARDS: tuple[int, ...] = (0, *FAMILIES)
FAMILY_COUNT: tuple[int, ...] = tuple(
    sum(1 << 8 * slot for slot, family in enumerate(FAMILIES) if family >> k & 1)
    for k in range(len(IDS))
)
COUNT_ADD = sum((128 - GROUP_MIN) << 8 * slot for slot in range(len(FAMILIES)))
COUNT_TOP = sum(128 << 8 * slot for slot in range(len(FAMILIES)))
_TRUMP_SLOT = len(RANK_BITS)
#: The top bits of the rank families' bytes, the trumps', the suits'.
RANKS_TOP = sum(128 << 8 * slot for slot in range(_TRUMP_SLOT))
TRUMPS_TOP = 128 << 8 * _TRUMP_SLOT
SUITS_TOP = COUNT_TOP & ~(RANKS_TOP | TRUMPS_TOP)


#: The highest bit of a number by its bit length (TOP_BIT[n] is 1 << n - 1), up to the
#: family counts' length: the bits of a set are visited highest first, each taken off with
#: this, where their order does not matter: no negative number (x & -x, the lowest bit,
#: copies the int twice more) and no shift made afresh.
TOP_BIT: tuple[int, ...] = (0, *(1 << n for n in range(COUNT_TOP.bit_length())))


#: What adding to a hand's family counts carries into the top bits of the families held
#: GROUP_MIN - 1 times or more: one card more makes a group of them (see playable_with).
TWICE_ADD = sum((128 - (GROUP_MIN - 1)) << 8 * slot for slot in range(len(FAMILIES)))
#: The cards (as bits) at each place among run neighbours (RUN_KEY; none at most places
#: next to a colour's run ranks).
KEY_CARDS: list[int] = [0] * (max(RUN_KEY) + 3)
for _k, _key in enumerate(RUN_KEY):
    if _key >= 0:
        KEY_CARDS[_key] |= 1 << _k


def playable_with(hand: Sequence[int], counts: int, anywhere: int) -> int:
    """The cards (as bits) that could be played with the cards `hand` at once, given those
    some group on the table takes (`anywhere`): a trump with GROUP_MIN - 1 trumps held; any
    other card laid off, or making GROUP_MIN of its rank or suit with one fewer held, or a
    run of GROUP_MIN of its colour with the others held (FZ-3's `take CARD`). `counts`: the
    hand's families counted (see held_candidates)."""
    twice = (counts + TWICE_ADD) & COUNT_TOP
    found = anywhere & ~TRUMP_BITS  # a Big Fozzle's trumps are asked of the hand only
    while twice:  # (highest first: see TOP_BIT)
        n = twice.bit_length()
        twice ^= TOP_BIT[n]
        found |= SLOT_CARDS[n >> 3]
    runs = 0
    for k in hand:
        runs |= RUN_BIT[k]
    near = run_gaps(runs)
    while near:
        n = near.bit_length()
        near ^= TOP_BIT[n]
        found |= KEY_CARDS[n - 1]
    return found


#: Run keys as bits: a row of GROUP_MIN held starts at p when p + 1 .. p + GROUP_MIN - 1 are
#: held too (right shifts); a card at p makes such a row when, for some place it takes in
#: the row, the others are held (the others' keys less p: right shifts for those above,
#: left shifts for those below).
_ROW_SHIFTS = tuple(range(1, GROUP_MIN))
_GAP_SHIFTS = tuple(
    (tuple(range(1, GROUP_MIN - place)), tuple(range(1, place + 1))) for place in range(GROUP_MIN)
)


def run_starts(runs: int) -> int:
    """Of run keys held (as bits), those that start GROUP_MIN held in a row (FZ-2)."""
    found = runs
    for step in _ROW_SHIFTS:
        found &= runs >> step
    return found


def _run_gaps_any(runs: int) -> int:
    """`run_gaps` for any GROUP_MIN."""
    found = 0
    for above, below in _GAP_SHIFTS:
        row = -1
        for step in above:
            row &= runs >> step
        for step in below:
            row &= runs << step
        found |= row
    return found


def _run_gaps_three(runs: int) -> int:
    """`run_gaps` for GROUP_MIN 3 (the book's), written out: asked at every take."""
    return (runs << 1 & (runs >> 1 | runs << 2)) | (runs >> 1 & runs >> 2)


#: The run keys (as bits) whose card would make GROUP_MIN in a row with the keys held
#: (FZ-2, FZ-3's `take CARD`).
run_gaps = _run_gaps_three if GROUP_MIN == 3 else _run_gaps_any


def each(bits: int) -> list[int]:
    """The card numbers of a set of bits, lowest first. Found highest first, by the length
    of what is left, each taken off with its bit from CARD_BIT: no negative number, whose
    `&` copies the int twice more (callgrind, the sets of 10 games: 6.5K -> 4.3K
    instructions a call)."""
    found = []
    while bits:
        k = bits.bit_length() - 1
        found.append(k)
        bits ^= CARD_BIT[k]
    found.reverse()
    return found


# --- lay-downs a hand can make -----------------------------------------------------------


def _subsets(cards: list[int], full_only: bool) -> Iterable[tuple[int, ...]]:
    """A family's lay-downs: the whole, and for small families every sub-group."""
    yield tuple(cards)
    if full_only or len(cards) <= GROUP_MIN:
        return
    if len(cards) <= GROUP_MIN + 2:
        for size in range(GROUP_MIN, len(cards)):
            yield from itertools.combinations(cards, size)
    else:
        yield from itertools.combinations(cards, len(cards) - 1)


def candidates(hand: Iterable[int], full_only: bool = False) -> list[tuple[int, ...]]:
    """Lay-downs from a hand, bounded (sorted card numbers, no repeats): every set, flush and
    Big Fozzle of all the cards of a rank, suit or trumps (and their sub-groups when the family
    is small), and every run of consecutive ranks of a colour, once per suit it prefers (so
    flush runs and runs through each card are there). `full_only`: maximal groups only.

    In this order: the trumps, the ranks, the suits (each where its lowest card comes in the
    sorted hand), the runs colour by colour (each where its lowest card comes). Asked at
    every decision of a play phase, so the families of three or more are found at once by
    counting (`family_counts`), and each family's lay-downs and each colour's runs are
    remembered (a pure function of their cards)."""
    cards = sorted(hand)
    return held_candidates(cards, bits_of(cards), family_counts(cards), full_only)


def family_counts(cards: Iterable[int]) -> int:
    """The cards' families counted, a byte each (FAMILY_COUNT). (A loop: mapping a tuple's
    __getitem__ goes through a slot wrapper, some three times slower.)"""
    counts = 0
    for k in cards:
        counts += FAMILY_COUNT[k]
    return counts


def bits_of(cards: Iterable[int]) -> int:
    """Cards as bits (bit k: card k)."""
    bits = 0
    for k in cards:
        bits |= CARD_BIT[k]
    return bits


def held_candidates(
    cards: Sequence[int], bits: int, counts: int, full_only: bool = False
) -> list[tuple[int, ...]]:
    """`candidates` of the sorted `cards`, given them as bits and their families counted
    (`family_counts`), as a game keeps them for each hand."""
    full = (counts + COUNT_ADD) & COUNT_TOP
    runs = 0
    for k in cards:
        runs |= RUN_BIT[k]
    runs = run_starts(runs)  # GROUP_MIN in a row of one colour from here
    if not full and not runs:
        return []
    found: list[tuple[int, ...]] = []
    if full & TRUMPS_TOP:  # a Big Fozzle: all the trumps, never fewer
        found.append(tuple(each(bits & TRUMP_BITS)))
    # sets and flushes never come out the same (3+ cards of one rank and one suit): no repeats
    for tops in (full & RANKS_TOP, full & SUITS_TOP):
        families = []
        while tops:  # (highest first: see TOP_BIT; sorted below)
            n = tops.bit_length()
            tops ^= TOP_BIT[n]
            families.append(bits & SLOT_CARDS[n >> 3])
        families.sort(key=_lowest)  # where their lowest cards come in the hand
        for family in families:
            lays = _family_lays(family)
            found.extend(lays[:1] if full_only else lays)
    if not runs:
        return found
    # a run may repeat a flush or another suit's pick of the same cards: kept where first
    every = dict.fromkeys(found)
    colours = [bits & COLOUR_RUN_BITS[c] for c in COLOUR_RUN_BITS if runs >> 16 * c & 0xFFFF]
    colours.sort(key=_lowest)
    for colour_cards in colours:
        every.update(dict.fromkeys(_colour_runs(colour_cards, full_only)))
    return list(every)


def _lowest(bits: int) -> int:
    return bits & -bits


_FAMILY_LAYS: dict[int, tuple[tuple[int, ...], ...]] = {}
_COLOUR_RUNS: dict[tuple[int, bool], tuple[tuple[int, ...], ...]] = {}


def _family_lays(family: int) -> tuple[tuple[int, ...], ...]:
    """`_subsets` of a family of three or more (as bits), the whole first; remembered."""
    found = _FAMILY_LAYS.get(family)
    if found is None:
        if len(_FAMILY_LAYS) >= CACHE_CAP:
            _FAMILY_LAYS.clear()
        found = _FAMILY_LAYS[family] = tuple(_subsets(each(family), False))
    return found


def _colour_runs(colour_cards: int, full_only: bool) -> tuple[tuple[int, ...], ...]:
    """The runs of `candidates` among one colour's cards (as bits, run ranks only), in its
    order; remembered."""
    key = (colour_cards, full_only)
    found = _COLOUR_RUNS.get(key)
    if found is None:
        if len(_COLOUR_RUNS) >= CACHE_CAP:
            _COLOUR_RUNS.clear()
        runs: dict[tuple[int, ...], None] = {}
        _runs(each(colour_cards), full_only, runs)
        found = _COLOUR_RUNS[key] = tuple(runs)
    return found


def _runs(cards: list[int], full_only: bool, found: dict[tuple[int, ...], None]) -> None:
    """The runs of `candidates` (of the sorted `cards`), added to `found`."""
    by_colour: dict[int, dict[int, list[int]]] = {}
    for k in cards:
        r = RANK[k]
        if r != TRUMP and r != INF:
            by_colour.setdefault(COLOUR[k], {}).setdefault(r, []).append(k)
    for ranks in by_colour.values():
        if len(ranks) < GROUP_MIN:
            continue
        present = [r for r in range(RUN_LO, RUN_HI + 1) if r in ranks]
        # maximal stretches of consecutive ranks
        start = 0
        for i in range(1, len(present) + 1):
            if i < len(present) and present[i] == present[i - 1] + 1:
                continue
            stretch = present[start:i]
            start = i
            if len(stretch) < GROUP_MIN:
                continue
            windows = (
                [(0, len(stretch))]
                if full_only
                else [
                    (a, b)
                    for a in range(len(stretch))
                    for b in range(a + GROUP_MIN, len(stretch) + 1)
                ]
            )
            suits = sorted({SUIT[k] for r in stretch for k in ranks[r]})
            # per suit, the card each rank of the stretch gives (its own, else its lowest)
            picks = [[_pick(ranks[r], s) for r in stretch] for s in suits]
            for a, b in windows:
                for pick in picks:
                    found[tuple(sorted(pick[a:b]))] = None


def _pick(at: list[int], suit: int) -> int:
    """Of a rank's cards, the one of this suit, else the lowest."""
    if len(at) > 1:
        for k in at:
            if SUIT[k] == suit:
                return k
    return at[0]


# --- what may be laid off -------------------------------------------------------------------

#: takers() remembered, by summary (bounded like the caches above).
TAKERS: dict[Summary, int] = {}


def takers(s: Summary) -> int:
    """The cards that may be laid off on a group of summary s (FZ-2), as bits: bit k is set
    exactly when `valid(merge(s, SINGLE[k]))` (tests/test_foozle_bots.py checks it card by
    card), so a Big Fozzle takes trumps here. Worked out from s's fields: its rank's cards,
    its suit's, and for a one-colour group of distinct run ranks the cards of that colour
    whose rank makes the ranks consecutive (at either end, or in the one gap)."""
    mask = TAKERS.get(s)
    if mask is not None:
        return mask
    if len(TAKERS) >= CACHE_CAP:
        TAKERS.clear()
    mask = 0
    if s.n + 1 < GROUP_MIN:
        pass
    elif s.colour == TRUMP:  # all trumps: a Big Fozzle takes trumps, nothing else
        mask = TRUMP_BITS
    else:  # trumps join nothing else; a mixed group (rank, suit, colour -2) takes nothing
        if s.rank >= 0:
            mask |= RANK_BITS[s.rank]
        if s.suit >= 0:
            mask |= SUIT_BITS[s.suit]
        if s.colour >= 0 and s.distinct and not s.mask & ~RUN_BITS:
            for r in range(RUN_LO, RUN_HI + 1):
                bit = 1 << r
                if s.mask & bit:
                    continue
                m = s.mask | bit
                m >>= (m & -m).bit_length() - 1
                if m & (m + 1) == 0:  # consecutive with rank r
                    mask |= RUN_CARD_BITS.get((s.colour, r), 0)
    TAKERS[s] = mask
    return mask
