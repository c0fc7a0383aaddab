"""Rolling on the Ladder: 4dF and the seed's Other Ways to "Roll".

Every method reads to a number from -4 to +4 and has an exact distribution
(fractions). The methods themselves are data (`data/dice.toml`); this module
knows four kinds of them:

- ``fudge``: N Fudge dice, each -1, 0 or +1, summed;
- ``sum``:   dice summed plus an offset (4d3-8);
- ``table``: dice summed and read on the book's table, with EZ-22's reroll;
- ``deck``:  the poker deck, a stateful shoe reshuffled after any Ace.

An *expression* is a method and a modifier: ``4dF+2``, ``3d6-1``, ``+1``.
The modifier is added to the -4..+4 value the method reads.
"""

from __future__ import annotations

import json
import os
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from ezkit.errors import DiceError
from ezkit.ladder import LIMIT
from ezkit.records import record
from ezkit.words import shorten

if TYPE_CHECKING:
    from random import Random

LOW, HIGH = -4, 4
DEFAULT = "4dF"
Distribution = dict[int, Fraction]


class RandomSource(Protocol):
    """What a roller needs from a random generator (random.Random has it)."""

    def randint(self, a: int, b: int) -> int: ...
    def shuffle(self, x: list[Any]) -> None: ...


@dataclass(frozen=True)  # made for every roll: dataclass's own __init__ is the quicker
class Roll:
    """One roll: what the dice (or cards) showed and the value read from them."""

    method: str
    faces: tuple[int | str, ...]
    value: int
    detail: str = ""  # how a table was read: "total 11", "20, reroll 17"
    fudge: bool = False  # faces are Fudge dice: shown as [-] [ ] [+]

    def shown(self) -> str:
        """The faces as a person reads them off the table."""
        if self.fudge:
            return " ".join(FUDGE_FACES[int(face)] for face in self.faces)
        faces = " ".join(str(face) for face in self.faces)
        return f"{faces} ({self.detail})" if self.detail else faces


FUDGE_FACES = {-1: "[-]", 0: "[ ]", 1: "[+]"}


# --- the methods ------------------------------------------------------------


@record
class Method(ABC):
    """A way to produce a number from -4 to +4."""

    name: str
    description: str
    aliases: tuple[str, ...] = ()
    alternative: bool = True

    def roller(self, rng: RandomSource) -> Roller:
        """A roller for this method; a deck's roller keeps its shoe between rolls."""
        return Roller(self, rng)

    @abstractmethod
    def roll_once(self, rng: RandomSource) -> Roll:
        """One roll, from a fresh start (a fresh shoe for a deck)."""

    @abstractmethod
    def distribution(self) -> Distribution:
        """The exact chance of each value -4..+4."""


@record(frozen=False)
class Roller:
    """Rolls one method with one random source."""

    method: Method
    rng: RandomSource

    def roll(self) -> Roll:
        return self.method.roll_once(self.rng)


@record
class FudgeDice(Method):
    """N Fudge dice: each shows -, blank or + with equal chance."""

    dice: int = 4

    def roll_once(self, rng: RandomSource) -> Roll:
        faces = tuple(rng.randint(1, 3) - 2 for _ in range(self.dice))
        return Roll(self.name, faces, sum(faces), fudge=True)

    def distribution(self) -> Distribution:
        return _complete(_sum_distribution([3] * self.dice, offset=-2 * self.dice))


@record
class SumDice(Method):
    """Dice summed plus a fixed offset (4d3-8)."""

    dice: tuple[int, ...] = ()
    offset: int = 0

    def roll_once(self, rng: RandomSource) -> Roll:
        faces = tuple(rng.randint(1, sides) for sides in self.dice)
        return Roll(self.name, faces, sum(faces) + self.offset)

    def distribution(self) -> Distribution:
        return _complete(_sum_distribution(self.dice, offset=self.offset))


@record
class TableDice(Method):
    """Dice summed and read on a table; some totals call for a reroll (EZ-22).

    ``table`` maps a total to its value; ``rerolls`` maps a total that calls
    for a reroll to a table of the reroll's total.
    """

    dice: tuple[int, ...] = ()
    table: Mapping[int, int] = field(default_factory=dict)
    rerolls: Mapping[int, Mapping[int, int]] = field(default_factory=dict)

    def roll_once(self, rng: RandomSource) -> Roll:
        faces = [rng.randint(1, sides) for sides in self.dice]
        total = sum(faces)
        if total in self.rerolls:
            again = [rng.randint(1, sides) for sides in self.dice]
            value = self.rerolls[total][sum(again)]
            return Roll(self.name, (*faces, *again), value, f"{total}, reroll {sum(again)}")
        detail = f"total {total}" if len(faces) > 1 else ""
        return Roll(self.name, tuple(faces), self.table[total], detail)

    def distribution(self) -> Distribution:
        totals = _sum_distribution(self.dice)
        result: Distribution = {}
        for total, chance in totals.items():
            if total in self.rerolls:
                for again, second in totals.items():
                    value = self.rerolls[total][again]
                    result[value] = result.get(value, Fraction(0)) + chance * second
            else:
                value = self.table[total]
                result[value] = result.get(value, Fraction(0)) + chance
        return _complete(result)


@record
class PokerDeck(Method):
    """The poker deck: several 52-card decks shuffled into one shoe.

    Drawing an Ace (``reshuffle_after``) reshuffles the whole shoe before the
    next draw, so the shoe keeps state between rolls of one session.
    """

    decks: int = 2
    reshuffle_after: str = "A"
    values: Mapping[str, int] = field(default_factory=dict)

    def roller(self, rng: RandomSource) -> DeckRoller:
        return DeckRoller(self, rng)

    def roll_once(self, rng: RandomSource) -> Roll:
        return self.roller(rng).roll()

    def shoe(self) -> list[str]:
        """Every card of the shoe, in deck order."""
        return [card for card in self.values for _ in range(self.decks)]

    def triggers_reshuffle(self, card: str) -> bool:
        return card[:-1] == self.reshuffle_after

    def fresh_distribution(self) -> Distribution:
        """The chance of each value for the first card off a fresh shoe."""
        return _complete(
            {
                value: Fraction(sum(1 for card in self.values if self.values[card] == value), 52)
                for value in set(self.values.values())
            }
        )

    def distribution(self) -> Distribution:
        """The long-run chance of each value when the shoe is reshuffled after any Ace.

        A shoe of N cards holding A reshuffle cards (the Aces) runs from one
        reshuffle to the next Ace. Each other card precedes all A Aces with
        chance 1/(A+1), so a run is (N+1)/(A+1) cards long on average and
        holds exactly one Ace. By the renewal-reward theorem an ordinary
        card's value comes up n/(N+1) of the time for n copies; an Ace's
        value a*(A+1)/(A*(N+1)) for a copies among the A Aces. The Aces
        come up more often than in a fresh deck: they end every run.
        """
        shoe = self.shoe()
        size = len(shoe)
        aces = sum(1 for card in shoe if self.triggers_reshuffle(card))
        result: Distribution = {}
        for card in shoe:
            value = self.values[card]
            if self.triggers_reshuffle(card):
                share = Fraction(aces + 1, aces * (size + 1))
            else:
                share = Fraction(1, size + 1)
            result[value] = result.get(value, Fraction(0)) + share
        return _complete(result)


@record(frozen=False)
class DeckRoller(Roller):
    """A shoe in play: the cards left, top last, and whether an Ace was drawn."""

    method: PokerDeck
    cards: list[str] = field(default_factory=list)
    reshuffle_pending: bool = True

    def roll(self) -> Roll:
        if self.reshuffle_pending or not self.cards:
            self.shuffle()
        card = self.cards.pop()
        self.reshuffle_pending = self.method.triggers_reshuffle(card)
        return Roll(self.method.name, (card,), self.method.values[card])

    def shuffle(self) -> None:
        self.cards = self.method.shoe()
        self.rng.shuffle(self.cards)
        self.reshuffle_pending = False

    def state(self) -> dict[str, Any]:
        """What a deck file keeps between sessions of rolling."""
        return {"cards": list(self.cards), "reshuffle_pending": self.reshuffle_pending}

    def restore(self, state: Mapping[str, Any]) -> None:
        """Take up a saved shoe; one that this deck could not have left is refused."""
        cards = state.get("cards")
        pending = state.get("reshuffle_pending")
        if not isinstance(cards, list) or not isinstance(pending, bool):
            raise DiceError(
                "deck state needs 'cards' (a list) and 'reshuffle_pending' (true/false)"
            )
        if not all(isinstance(card, str) for card in cards):
            raise DiceError("deck state 'cards' must be card names such as 'AH' or '10S'")
        unknown = sorted({card for card in cards if card not in self.method.values})
        if unknown:
            raise DiceError(
                f"deck state holds cards that are not in the deck: {', '.join(unknown)}"
            )
        shoe = Counter(self.method.shoe())
        extra = sorted(card for card, n in Counter(cards).items() if n > shoe[card])
        if extra:
            raise DiceError(
                f"deck state holds more copies than the shoe has of: {', '.join(extra)} "
                f"({self.method.decks} decks)"
            )
        self.cards = list(cards)
        self.reshuffle_pending = pending


# --- exact arithmetic -------------------------------------------------------


def _sum_distribution(dice: Iterable[int], offset: int = 0) -> Distribution:
    """Exact distribution of the total of the dice plus offset, by convolution."""
    counts = {0: 1}
    denominator = 1
    for sides in dice:
        step: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + ways
        counts = step
        denominator *= sides
    return {total + offset: Fraction(ways, denominator) for total, ways in sorted(counts.items())}


def _complete(distribution: Distribution) -> Distribution:
    """The distribution over every value -4..+4, zero where impossible, ordered."""
    return {value: distribution.get(value, Fraction(0)) for value in range(LOW, HIGH + 1)}


def chance_at_least(distribution: Distribution, target: int) -> Fraction:
    """P(value >= target)."""
    return sum((p for value, p in distribution.items() if value >= target), Fraction(0))


def difference(first: Distribution, second: Distribution) -> Distribution:
    """The distribution of first - second for independent rolls."""
    result: Distribution = {}
    for a, p in first.items():
        for b, q in second.items():
            if p and q:
                result[a - b] = result.get(a - b, Fraction(0)) + p * q
    return dict(sorted(result.items()))


# --- reading the data -------------------------------------------------------

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")
_REROLL = re.compile(r"^(\d+)\s*&\s*(\d+(?:-\d+)?)$")
_CARD_RANGE = re.compile(r"^(A|\d+|[JQK])([HDCS])(?:-(A|\d+|[JQK])([HDCS]))?$")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
FACE_CARDS = ("J", "Q", "K")


def _numbers(text: str) -> range:
    match = _RANGE.match(text.strip())
    if not match:
        raise ValueError(f"bad range {text!r} in dice data")
    low = int(match[1])
    return range(low, int(match[2] or low) + 1)


def _table_rows(rows: Mapping[str, str]) -> tuple[dict[int, int], dict[int, dict[int, int]]]:
    table: dict[int, int] = {}
    rerolls: dict[int, dict[int, int]] = {}
    for value_text, spec in rows.items():
        value = int(value_text)
        reroll = _REROLL.match(spec)
        if reroll:
            second = rerolls.setdefault(int(reroll[1]), {})
            second.update(dict.fromkeys(_numbers(reroll[2]), value))
        else:
            table.update(dict.fromkeys(_numbers(spec), value))
    return table, rerolls


def _card_rows(rows: Mapping[str, str]) -> dict[str, int]:
    values: dict[str, int] = {}
    for value_text, spec in rows.items():
        value = int(value_text)
        if spec.lower() == "face":
            cards = [rank + suit for rank in FACE_CARDS for suit in "HDCS"]
        else:
            match = _CARD_RANGE.match(spec)
            if not match:
                raise ValueError(f"bad card range {spec!r} in dice data")
            first, suit = RANKS.index(match[1]), match[2]
            last = RANKS.index(match[3]) if match[3] else first
            cards = [rank + suit for rank in RANKS[first : last + 1]]
        values.update(dict.fromkeys(cards, value))
    if len(values) != 52:
        raise ValueError(f"the poker table covers {len(values)} cards, not 52")
    return values


def _build(name: str, spec: Mapping[str, Any]) -> Method:
    common = {
        "name": name,
        "description": spec.get("description", ""),
        "aliases": tuple(alias.lower() for alias in spec.get("aliases", ())),
        "alternative": spec.get("alternative", name != DEFAULT),
    }
    kind = spec["kind"]
    if kind == "fudge":
        return FudgeDice(dice=spec["dice"], **common)
    if kind == "sum":
        return SumDice(dice=tuple(spec["dice"]), offset=spec.get("offset", 0), **common)
    if kind == "table":
        table, rerolls = _table_rows(spec["table"])
        return TableDice(dice=tuple(spec["dice"]), table=table, rerolls=rerolls, **common)
    if kind == "deck":
        return PokerDeck(
            decks=spec.get("decks", 2),
            reshuffle_after=spec.get("reshuffle_after", "A"),
            values=_card_rows(spec["table"]),
            **common,
        )
    raise ValueError(f"unknown kind of dice method {kind!r}")


#: The methods as the book gives them (TOML, its notation in comments) and as ezkit reads them:
#: compiled to JSON, which reads without tomllib (5 ms of every roll's start-up).
#: tests/test_startup.py checks that the JSON is what the TOML says.
DATA = os.path.join(os.path.dirname(__file__), "data", "dice.toml")
COMPILED = DATA.removesuffix(".toml") + ".json"


@cache
def _data() -> dict[str, Any]:
    # A plain path, not importlib.resources: it costs 5 ms of start-up.
    with open(COMPILED, encoding="utf-8") as handle:
        return json.load(handle)  # type: ignore[no-any-return]


def source() -> dict[str, Any]:
    """The methods as dice.toml holds them (what COMPILED is made from)."""
    import tomllib

    with open(DATA, "rb") as handle:
        return tomllib.load(handle)


@cache
def methods() -> dict[str, Method]:
    """Every dice method, by its book name, in the book's order."""
    return {name: _build(name, spec) for name, spec in _data()["methods"].items()}


def method(name: str) -> Method:
    """A method by name or alias, in any case."""
    key = name.strip().lower().replace(" ", "-")
    for candidate in methods().values():
        if key == candidate.name.lower() or key in candidate.aliases:
            return candidate
    raise DiceError(f"unknown dice method {name!r}; methods: {method_list()}")


def method_list() -> str:
    return ", ".join(methods())


def alternatives() -> list[Method]:
    """The other ways to roll that stand in for 4dF (the seed's table)."""
    return [m for m in methods().values() if m.alternative]


# --- expressions ------------------------------------------------------------

_MODIFIER = re.compile(r"^[+-]\d+$")


@record
class Expression:
    """A method and a modifier added to its value: ``4dF+2``."""

    method: Method
    modifier: int = 0

    def __str__(self) -> str:
        if not self.modifier:
            return self.method.name
        return f"{self.method.name}{self.modifier:+d}"

    def distribution(self) -> Distribution:
        return {v + self.modifier: p for v, p in self.method.distribution().items()}


def parse(text: str | None, default: str = DEFAULT) -> Expression:
    """Read ``METHOD[+N|-N]``; the method may be left out (``+2``) for the default."""
    compact = "".join((text or "").split())
    if not compact:
        return Expression(method(default))
    if _MODIFIER.match(compact):
        return Expression(method(default), _modifier(compact, text))
    lowered = compact.lower()
    names = sorted(
        ((key, m) for m in methods().values() for key in (m.name.lower(), *m.aliases)),
        key=lambda pair: -len(pair[0]),
    )
    for key, found in names:
        if lowered.startswith(key):
            rest = compact[len(key) :]
            if not rest:
                return Expression(found)
            if _MODIFIER.match(rest):
                return Expression(found, _modifier(rest, text))
            break
    head = re.match(r"^[^+-]*", compact)
    word = head.group(0) if head else compact
    if word and not any(word.lower() == key for key, _ in names):
        raise DiceError(
            f"unknown dice method {shorten(word)!r} in {shorten(text)!r}; methods: "
            f"{method_list()} "
            "(write METHOD, METHOD+N or METHOD-N, e.g. 4dF+2)"
        )
    raise DiceError(
        f"malformed dice expression {shorten(text)!r}: write METHOD, METHOD+N or METHOD-N "
        f"(e.g. 4dF+2, 3d6-1, +1) with METHOD one of {method_list()}"
    )


def _modifier(typed: str, text: str | None) -> int:
    """An expression's modifier, within the Ladder's reach as every other modifier (a
    `3d6+99` had read `Superb +94`)."""
    digits = typed[1:].lstrip("0")  # `+0001` is +1; a pasted 5,000 digits is not read
    if len(digits) <= 3 and abs(value := int(typed[0] + (digits or "0"))) <= LIMIT:
        return value
    raise DiceError(
        f"the modifier {shorten(typed)} in {shorten(text or '')!r} is out of range: a "
        f"modifier is from -{LIMIT} to +{LIMIT}, as --mod"
    )


def new_rng(seed: int | None) -> Random:
    """The random source every command uses: seeded, so a roll can be replayed."""
    from random import Random  # not at import: `ezkit odds` rolls nothing

    return Random(seed)


def check_roll(value: int, name: str = "roll") -> int:
    """A roll given by hand must lie on the dice's range, -4..+4 (EZ-11)."""
    if not LOW <= value <= HIGH:
        raise DiceError(f"{name} {value:+d} is outside -4..+4: a roll is -4 to +4 (EZ-11)")
    return value
