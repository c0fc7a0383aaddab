"""Bakeries money for people who play with real cards (seed 001 "PHASE THREE"; BK-5, BK-6).

Small pure functions over the deck data: every number (cake prices, the case table, the Stale
cards, the Great Chef Bonus, the loser's 40%, the consolation gap and its 60%/80%) is read from
cards/bakeries.yaml through `ezkit.games.decks`, never written here.

All money is whole dollars (BK-6): each function computes exactly (integers and Fractions) and
rounds its own result once, half up. With the book's numbers nothing needs rounding: a cake's
price is a multiple of $25, so every sale and every share of a sum of sales is exact.

    sale_value(5, "bundt cake", 8)           -> 750     5 x $75 x 2
    sale_value(2, "Lemon Cake", 2, stale=4)  -> 260     2 x $50 x 13 x (100% - 4 x 20%)
    winner_total(8500, distinct=True)        -> 10200   $8,500 + 20%
    loser_total(8000, consolation_hits=1)    -> 4800    60% of $8,000
    consolation_applies(6, 2)                -> True    6 - 2 >= 3
    case_value({"chef": 5, "case": {2: "lemon-cake", ...}, "sold": [2, 7]})  -> CaseValue
"""

from __future__ import annotations

import difflib
import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar, cast

from ezkit.errors import DocumentError, InputError
from ezkit.games import decks
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.records import record
from ezkit.words import shorten

CASE_FIELDS = ("chef", "case", "sold")
SLOT_FIELDS = ("cake", "stale")

T = TypeVar("T")


# --- the numbers, from cards/bakeries.yaml -------------------------------------------------


def tables() -> BakeriesTables:
    """The Bakeries tables of the deck file (seed 001; BK-1..BK-6)."""
    return cast(BakeriesTables, decks.tables("bakeries"))


def cakes() -> tuple[decks.Card, ...]:
    """The eleven cakes of the You Take The Cake deck, in file order (seed 001 "PHASE TWO")."""
    return decks.deck("bakeries").of("cake")


def slots() -> tuple[int, ...]:
    """The bakery case slots, 2..12 (seed 001 "PHASE TWO")."""
    return tuple(row.slot for row in tables().case)


def chef_multipliers() -> tuple[int, ...]:
    """The chef multipliers a player can have: 1 without a set, then each set's (BK-2, BK-3)."""
    t = tables()
    return (t.no_chef_multiplier, *sorted(s.multiplier for s in t.chef_sets))


def whole_dollars(amount: Fraction | int) -> int:
    """Exact money to whole dollars, half up (BK-6: all money is whole dollars)."""
    return math.floor(Fraction(amount) + Fraction(1, 2))


# --- checking what a person types ------------------------------------------------------------


def cake(name: str) -> decks.Card:
    """A cake by name in card notation: any case, hyphen or space (`bundt-cake`, `Wedding Cake`)."""
    wanted = decks.normalise(name)
    found = {card.id: card for card in cakes()}
    if wanted in found:
        return found[wanted]
    # an unambiguous beginning of the name's words: `bundt`, `pine up` for Pineapple Upside-Down
    typed = wanted.split("-")
    starting = [
        card
        for cid, card in found.items()
        if len(typed) <= len(words := cid.split("-"))
        and all(w.startswith(t) for t, w in zip(typed, words, strict=False))
    ]
    if len(starting) == 1:
        return starting[0]
    if len(starting) > 1:
        names = ", ".join(c.id for c in starting)
        raise InputError(f"cake {name!r} could be any of {names}: type more of its name")
    close = difflib.get_close_matches(wanted, list(found), n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else f"; the cakes are {', '.join(found)}"
    raise InputError(f"no cake {name!r} in the Bakeries deck{hint}")


def check_chef(chef: int) -> int:
    """A chef multiplier: a chef set's, or 1 for a player who hired none (BK-2, BK-3)."""
    allowed = chef_multipliers()
    if isinstance(chef, bool) or chef not in allowed:
        sets = _listed([str(m) for m in allowed[1:]], "or")
        raise InputError(
            f"chef multiplier {chef!r} is neither a chef set's ({sets}) nor {allowed[0]} for a "
            "player without one (BK-2, BK-3)"
        )
    return chef


def check_slot(slot: int) -> int:
    """A bakery case slot, 2..12: the 2d6 roll that sells its cake (seed 001 "PHASE TWO")."""
    known = slots()
    if isinstance(slot, bool) or slot not in known:
        raise InputError(
            f"slot {slot!r} is not a bakery case slot: the slots are {min(known)}..{max(known)}"
        )
    return slot


def check_stale(stale: int) -> int:
    """Stale cards on one cake: 0 up to the limit, 4 (BK-5: a cake never loses 100%)."""
    most = tables().sale.stale_per_cake
    if isinstance(stale, bool) or not isinstance(stale, int) or not 0 <= stale <= most:
        raise InputError(f"{stale!r} Stale cards: one cake carries 0..{most} (BK-5)")
    return stale


def check_total(total: int) -> int:
    """A cake sale total: whole dollars, 0 or more (BK-6)."""
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise InputError(f"a cake sale total is whole dollars, 0 or more, not {total!r} (BK-6)")
    return total


def check_hits(hits: int) -> int:
    """Consolation hits: 0, 1 or 2, one per percentage of the consolation round (BK-6)."""
    most = len(tables().sale.consolation_percent)
    if isinstance(hits, bool) or not isinstance(hits, int) or not 0 <= hits <= most:
        raise InputError(f"{hits!r} consolation hits: the round gives 0..{most} (BK-6)")
    return hits


# --- the money -------------------------------------------------------------------------------


def stale_share(stale: int) -> Fraction:
    """What a cake keeps under its Stale cards: 1 - 20% each (BK-5)."""
    return 1 - Fraction(tables().sale.stale_percent * check_stale(stale), 100)


def sale_value(chef: int, cake_name: str, slot: int, stale: int = 0) -> int:
    """A sold cake: chef multiplier x cake price x slot multiplier x (1 - 0.2 x stale) (BK-5)."""
    price = int(cake(cake_name).price or 0)
    exact = check_chef(chef) * price * tables().case_multiplier(check_slot(slot))
    return whole_dollars(exact * stale_share(stale))


def winner_total(total: int, distinct: bool = False) -> int:
    """The winner's total, +20% Great Chef Bonus if their 7 sold cakes all differ (BK-6)."""
    bonus = tables().sale.great_chef_bonus_percent if distinct else 0
    return whole_dollars(Fraction(check_total(total) * (100 + bonus), 100))


def loser_percent(consolation_hits: int = 0) -> int:
    """The loser's share: 40%, or 60% / 80% after one / two consolation hits (BK-6)."""
    sale = tables().sale
    shares = (sale.loser_keeps_percent, *sale.consolation_percent)
    return shares[check_hits(consolation_hits)]


def loser_total(total: int, consolation_hits: int = 0) -> int:
    """What the loser keeps of their total: 0 hits 40%, 1 hit 60%, 2 hits 80% (BK-6)."""
    return whole_dollars(Fraction(check_total(total) * loser_percent(consolation_hits), 100))


def consolation_applies(winner_chef: int, loser_chef: int) -> bool:
    """The loser plays the consolation round if their chef is 3 or more below the winner's
    (BK-6)."""
    gap = check_chef(winner_chef) - check_chef(loser_chef)
    return gap >= tables().sale.consolation_gap


# --- a whole filled case ---------------------------------------------------------------------


@record
class Slot:
    """One slot of a filled case: its cake (an id) and the Stale cards on it."""

    slot: int
    cake: str
    stale: int = 0


@record
class Case:
    """A player's filled bakery case: their chef multiplier, a cake on every slot, the slots
    sold."""

    chef: int
    slots: tuple[Slot, ...]
    sold: tuple[int, ...]


@record
class SlotValue:
    slot: int
    multiplier: int
    cake: str
    name: str
    price: int
    stale: int
    value: int
    sold: bool


@record
class CaseValue:
    """Each slot's sale value, the sold slots, their total, and whether their cakes all differ."""

    chef: int
    slots: tuple[SlotValue, ...]
    sold: tuple[int, ...]
    sold_total: int
    distinct: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "chef": self.chef,
            "slots": [vars(row) for row in self.slots],
            "sold": list(self.sold),
            "sold_total": self.sold_total,
            "distinct": self.distinct,
        }


def case_value(case: Case | Mapping[str, Any]) -> CaseValue:
    """A whole filled case: each slot's sale value (BK-5) and the total of the sold ones (BK-6).

    `distinct` says whether the sold cakes are all different cakes (by name), as the Great Chef
    Bonus asks of the winner's seven (BK-6). A mapping is read as a case file (`read_case`)."""
    if not isinstance(case, Case):
        case = read_case(case)
    rows = []
    for row in case.slots:
        card = cake(row.cake)
        rows.append(
            SlotValue(
                slot=row.slot,
                multiplier=tables().case_multiplier(row.slot),
                cake=card.id,
                name=card.name,
                price=int(card.price or 0),
                stale=row.stale,
                value=sale_value(case.chef, card.id, row.slot, row.stale),
                sold=row.slot in case.sold,
            )
        )
    sold = [row for row in rows if row.sold]
    distinct = len({row.cake for row in sold}) == len(sold)
    return CaseValue(case.chef, tuple(rows), case.sold, sum(r.value for r in sold), distinct)


def read_case(document: Any, source: str = "case") -> Case:
    """A case file's content, checked; each problem names the source and the field.

    Format (YAML or JSON): `chef` (1..6 as BK-2/BK-3 allow), `case` (every slot 2..12 -> a cake
    name, or `{cake: NAME, stale: N}`), `sold` (a list of the slots sold, at most 7)."""
    if not isinstance(document, Mapping):
        raise DocumentError(f"{source}: a bakery case file is a mapping of {_listed(CASE_FIELDS)}")
    _check_fields(document, CASE_FIELDS, source, "")
    chef = _checked(check_chef, _int(document["chef"], source, "chef"), source, "chef")
    filled = _read_slots(document["case"], source)
    sold = _read_sold(document["sold"], source)
    return Case(chef, filled, sold)


def _read_slots(raw: Any, source: str) -> tuple[Slot, ...]:
    if not isinstance(raw, Mapping):
        raise DocumentError(f"{source}: case: a mapping of every slot 2..12 to its cake")
    found: dict[int, Slot] = {}
    for key, entry in raw.items():
        where = f"case.{_written(key) if not isinstance(key, str) else key}"
        slot = _checked(check_slot, _int(key, source, where, digits=True), source, where)
        if slot in found:
            raise DocumentError(f"{source}: {where}: slot {slot} is given twice")
        found[slot] = _read_slot(slot, entry, source, where)
    missing = [str(s) for s in slots() if s not in found]
    if missing:
        raise DocumentError(
            f"{source}: case: no cake on slot{'s' * (len(missing) > 1)} {_listed(missing)}; a "
            f"filled case has a cake on every slot {min(slots())}..{max(slots())}"
        )
    filled = tuple(found[s] for s in slots())
    _check_supply(filled, source)
    return filled


def _read_slot(slot: int, entry: Any, source: str, where: str) -> Slot:
    if isinstance(entry, str):
        entry = {"cake": entry}
    if not isinstance(entry, Mapping):
        raise DocumentError(f"{source}: {where}: a cake name, or {{cake: NAME, stale: N}}")
    _check_fields(entry, SLOT_FIELDS, source, f"{where}.", required=("cake",))
    name = entry["cake"]
    if not isinstance(name, str):
        raise DocumentError(f"{source}: {where}.cake: {name!r} is not a cake name")
    card = _checked(cake, name, source, f"{where}.cake")
    stale = _int(entry.get("stale", 0), source, f"{where}.stale")
    return Slot(slot, card.id, _checked(check_stale, stale, source, f"{where}.stale"))


def _read_sold(raw: Any, source: str) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise DocumentError(f"{source}: sold: a list of the slots sold, e.g. [2, 7, 8]")
    sold: list[int] = []
    for i, item in enumerate(raw):
        where = f"sold[{i}]"
        slot = _checked(check_slot, _int(item, source, where, digits=True), source, where)
        if slot in sold:
            raise DocumentError(f"{source}: {where}: slot {slot} is sold twice")
        sold.append(slot)
    most = tables().sale.cakes_to_win
    if len(sold) > most:
        raise DocumentError(
            f"{source}: sold: {len(sold)} slots, but a round ends when a player sells {most} (BK-6)"
        )
    return tuple(sorted(sold))


def _check_supply(filled: tuple[Slot, ...], source: str) -> None:
    """No more copies of a cake, nor Stale cards, than the deck holds (seed 001; BK-5)."""
    deck = decks.deck("bakeries")
    held = Counter(row.cake for row in filled)
    for card in cakes():
        if held[card.id] > card.count:
            raise DocumentError(
                f"{source}: case: {held[card.id]} {card.name} cards, but the deck holds only "
                f'{card.count} (seed 001 "PHASE TWO")'
            )
    stale, deck_stale = sum(row.stale for row in filled), deck.size("stale")
    if stale > deck_stale:
        raise DocumentError(
            f"{source}: case: {stale} Stale cards, but the deck holds only {deck_stale} (BK-5)"
        )


def _check_fields(
    raw: Mapping[Any, Any],
    fields: tuple[str, ...],
    source: str,
    prefix: str,
    required: tuple[str, ...] | None = None,
) -> None:
    for key in raw:
        if key not in fields:
            close = difflib.get_close_matches(str(key), fields, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise DocumentError(
                f"{source}: {prefix}{key}: not a field; {hint}the fields are {_listed(fields)}"
            )
    for key in fields if required is None else required:
        if key not in raw:
            raise DocumentError(
                f"{source}: {prefix}{key}: missing; the fields are {_listed(fields)}"
            )


def _int(value: Any, source: str, where: str, digits: bool = False) -> int:
    """A whole number from the file (a slot key may be written `"8"`)."""
    if digits and isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DocumentError(f"{source}: {where}: {_written(value)} is not a whole number")
    return value


def _written(value: Any) -> str:
    """A value as the file wrote it: `true`, `null`, not Python's True and None."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return shorten(repr(value))


def _checked(check: Callable[[Any], T], value: Any, source: str, where: str) -> T:
    """A checker's InputError as a document error naming the field."""
    try:
        return check(value)
    except InputError as error:
        raise DocumentError(f"{source}: {where}: {error}") from None


def _listed(items: tuple[str, ...] | list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"
