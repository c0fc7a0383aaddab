"""The four games' decks: `cards/<game>.yaml`, loaded once, validated, expanded.

A deck file (schema_version 1) names the game and lists its decks by kind (the card's
back or type). Each card is written once with its count, or generated from axes: every
combination of the axes' values, in the order written, with the id, name and rules
formatted from the card's attributes (`{colour}`, or `{colour!t}` for its label); a
listed card's name and rules are formatted from its own fields the same way. The
file's `tables` hold the numbers the game's engine reads (die results, case slots,
scoring values), validated per game. Card ids follow DESIGN.md's card notation.

    deck("dudab").size()             -> 96
    expand("auntie", "fudge")        -> ["0", "0", ..., "4"]   (40 ids, file order)
    text("bakeries", "Wedding Cake") -> "Wedding Cake: $500. You Take The Cake! ..."
    tables("foozle").colour_of("tops") -> "blue"
"""

from __future__ import annotations

import difflib
import itertools
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ezkit import resources
from ezkit.errors import DocumentError, InputError
from ezkit.yamlio import load_yaml

GAMES = ("auntie", "bakeries", "dudab", "foozle")

#: Lower-case words joined by hyphens: `red-3-hand`, `ask-auntie`, `0`, `inf-tops`.
ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
_WORD = r"^[a-z0-9]+$"

M = TypeVar("M", bound=BaseModel)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(_Strict):
    """One card face and how many copies the game has; only its game's attributes are set."""

    id: str = Field(pattern=ID_PATTERN)
    kind: str = Field(pattern=_WORD)
    count: int = Field(default=1, ge=1)
    name: str = Field(min_length=1)
    rules: str = Field(min_length=1)
    # Auntie's Fudge (AU-2)
    points: int | None = None
    role: Literal["excuse", "reaction"] | None = None
    action: Literal["give", "take"] | None = None
    target: Literal["left", "right", "auntie"] | None = None
    # Bakeries (BK-2, seed 001 "PHASE TWO")
    component: Literal["chef", "hat", "apron", "oven", "batter", "wild"] | None = None
    multiplier: int | None = Field(default=None, ge=1)
    wild_for: tuple[int, ...] | None = None
    price: int | None = Field(default=None, ge=0)
    bakery: str | None = Field(default=None, pattern=_WORD)
    slot: int | None = Field(default=None, ge=2, le=12)
    # Dudab (DU-1) and Foozle (FZ-1)
    colour: str | None = Field(default=None, pattern=_WORD)
    value: int | None = None
    symbol: str | None = Field(default=None, pattern=_WORD)
    expansion: str | None = Field(default=None, pattern=_WORD)
    suit: str | None = Field(default=None, pattern=_WORD)
    rank: int | Literal["inf"] | None = None

    @property
    def text(self) -> str:
        """The card's face as a player reads it: its name, then what it does."""
        return f"{self.name}: {self.rules}"


class Generator(_Strict):
    """Cards made from every combination of the axes' values (a value may be a mapping)."""

    axes: dict[str, list[int | str | dict[str, Any]]] = Field(min_length=1)
    id: str
    name: str
    rules: str
    count: int = Field(default=1, ge=1)
    labels: dict[str, str] = {}


class DeckSpec(_Strict):
    title: str = Field(min_length=1)
    cards: list[dict[str, Any]] = []
    generate: list[Generator] = []


class DeckFile(_Strict):
    schema_version: Literal[1]
    game: str
    name: str = Field(min_length=1)
    source: str = Field(min_length=1)
    texts: dict[str, str] = {}  # texts shared by several cards, through YAML anchors
    decks: dict[str, DeckSpec] = Field(min_length=1)
    tables: dict[str, Any]


# --- the tables each engine reads ---------------------------------------------------------


class Span(_Strict):
    min: int
    max: int
    default: int | None = None


class AuntieTables(_Strict):
    """Seed 000 "Setup" and "Turn Overview" as numbers (AU-1, AU-3, AU-4, AU-5, AU-9)."""

    players: Span
    action_hand: int
    first_round_fudge: int
    round_fudge: int
    excuses_per_turn: int
    interrupts_per_turn: int
    deflects_per_excuse: int
    action_draw: int
    fixed_rounds: Span
    no_draw_rounds: int


class ChefSet(_Strict):
    colour: str
    multiplier: int


class DieFace(_Strict):
    """One phase-one die result (BK-3): cards to turn over [least, most], and options."""

    flip: tuple[int, int]
    bonus: bool = False
    may_stop: bool = False


class FiveBonus(_Strict):
    first: int
    step: int


class CaseSlot(_Strict):
    slot: int = Field(ge=2, le=12)
    multiplier: int = Field(ge=1)


class Sale(_Strict):
    """Phase three and the end of a round (BK-5, BK-6); percentages as whole numbers."""

    cakes_to_win: int
    stale_percent: int
    stale_per_cake: int
    great_chef_bonus_percent: int
    loser_keeps_percent: int
    consolation_gap: int
    consolation_percent: tuple[int, ...]


class BakeriesTables(_Strict):
    """Seed 001's tables: chef sets, die, second chance, case slots, sale (BK-1..BK-6)."""

    players: int
    rounds: int
    board: dict[Literal["rows", "columns"], int]
    chef_sets: tuple[ChefSet, ...]
    wilds_per_set: int
    no_chef_multiplier: int
    die: dict[int, DieFace]
    five_bonus: FiveBonus
    second_chance: dict[int, tuple[int, ...]]
    phase_one_turn_cap: int
    case_slots: int
    case: tuple[CaseSlot, ...]
    sale: Sale

    def case_multiplier(self, slot: int) -> int:
        """The sale multiplier of a case slot, 2..12 (seed 001 "PHASE TWO")."""
        for row in self.case:
            if row.slot == slot:
                return row.multiplier
        raise InputError(f"no bakery case slot {slot}; the slots are 2..12")

    def five_bonus_for(self, earlier_fives: int) -> int:
        """The 5-bonus after `earlier_fives` fives this phase one: $500 + $250 each (BK-3)."""
        return self.five_bonus.first + self.five_bonus.step * earlier_fives


class DudabScoring(_Strict):
    dudab_in_hand: int
    unpaired_shaman: int
    baby: dict[int, int]  # number of Baby cards -> points (negative, DU-4)


class DudabTables(_Strict):
    """Seed 002 "Setup", "Playing the game" and "Scoring" as numbers (DU-2..DU-5)."""

    players: Span
    deal: int
    starting_columns: dict[int, int]
    hand: Span
    column_capture: int
    expansions: tuple[str, ...]
    scoring: DudabScoring

    def baby_points(self, babies: int) -> int:
        """Points for a player's Baby cards, 0 for none (DU-4)."""
        return self.scoring.baby[babies] if babies else 0


class Suit(_Strict):
    suit: str
    colour: str


class FoozleTables(_Strict):
    """Seed 004's numbers and the suit colours of ruling FZ-1."""

    players: Span
    deal: int
    group_min: int
    run_ranks: tuple[int, int]
    tokens: tuple[str, ...]
    white_token: str
    suits: tuple[Suit, ...]
    turn_cap: int

    def colour_of(self, suit: str) -> str:
        """A suit's colour (FZ-1)."""
        for row in self.suits:
            if row.suit == suit:
                return row.colour
        raise InputError(f"no suit {suit!r}; the suits are {', '.join(r.suit for r in self.suits)}")

    def suits_of(self, colour: str) -> list[str]:
        """The suits of a colour, three each by default (FZ-1)."""
        return [row.suit for row in self.suits if row.colour == colour]


Tables = AuntieTables | BakeriesTables | DudabTables | FoozleTables
_TABLES: dict[str, type[_Strict]] = {
    "auntie": AuntieTables,
    "bakeries": BakeriesTables,
    "dudab": DudabTables,
    "foozle": FoozleTables,
}


# --- the deck -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    """A game's cards in file order, the title of each kind, and the game's tables."""

    game: str
    name: str
    path: Path
    cards: tuple[Card, ...]
    titles: dict[str, str]
    tables: Tables

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.titles)

    def of(self, kind: str | Iterable[str] | None = None) -> tuple[Card, ...]:
        """The cards of one kind, of several, or all, in file order."""
        if kind is None:
            return self.cards
        kinds = {kind} if isinstance(kind, str) else set(kind)
        unknown = sorted(kinds - set(self.titles))
        if unknown:
            raise InputError(
                f"{self.game} has no {unknown[0]!r} cards; the kinds are {', '.join(self.kinds)}"
            )
        return tuple(card for card in self.cards if card.kind in kinds)

    def expand(self, kind: str | Iterable[str] | None = None) -> list[str]:
        """Card ids, each repeated by its count, in file order: the deck before a shuffle."""
        return [card.id for card in self.of(kind) for _ in range(card.count)]

    def size(self, kind: str | Iterable[str] | None = None) -> int:
        return sum(card.count for card in self.of(kind))

    def card(self, notation: str) -> Card:
        """The card a person names: its id in any case, spaces for hyphens, `∞` for `inf`."""
        wanted = normalise(notation)
        for card in self.cards:
            if card.id == wanted:
                return card
        ids = [card.id for card in self.cards]
        close = difflib.get_close_matches(wanted, ids, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise InputError(f"{self.game} has no card {notation!r}{hint}")


def normalise(notation: str) -> str:
    """Card notation to an id: `Wedding Cake` -> `wedding-cake`, `∞-tops` -> `inf-tops`."""
    words = notation.lower().replace("∞", "inf").replace("_", " ").replace("-", " ").split()
    return "-".join(words)


@cache
def deck(game: str) -> Deck:
    """The game's deck, read from `cards/<game>.yaml` once and validated."""
    if game not in GAMES:
        raise InputError(f"no card game {game!r}; the games are {', '.join(GAMES)}")
    return load(resources.cards() / f"{game}.yaml")


def expand(game: str, kind: str | Iterable[str] | None = None) -> list[str]:
    """The game's card ids repeated by count, in a stable order (AU-2, BK-2, DU-1, FZ-1)."""
    return deck(game).expand(kind)


def text(game: str, card_id: str) -> str:
    """The printed face of a card: name and what it does."""
    return deck(game).card(card_id).text


def tables(game: str) -> Tables:
    """The numbers the game's engine reads, from its deck file."""
    return deck(game).tables


# --- loading ------------------------------------------------------------------------------


def load(path: Path) -> Deck:
    """Read and validate one deck file; every problem names the file and the field."""
    document = _validate(DeckFile, load_yaml(path), path, "")
    if document.game != path.stem or document.game not in _TABLES:
        raise DocumentError(f"{path}: game: {document.game!r} should be {path.stem!r}")
    cards = tuple(_cards(document, path))
    _check_unique(cards, path)
    found = Deck(
        game=document.game,
        name=document.name,
        path=path,
        cards=cards,
        titles={kind: spec.title for kind, spec in document.decks.items()},
        tables=_validate(_TABLES[document.game], document.tables, path, "tables."),
    )
    _check_colours(found)
    return found


def _cards(document: DeckFile, path: Path) -> Iterator[Card]:
    for kind, spec in document.decks.items():
        for i, raw in enumerate(spec.cards):
            where = f"decks.{kind}.cards[{i}]"
            yield _card(_filled(raw, _Face({}), path, where), kind, path, where)
        for i, generator in enumerate(spec.generate):
            where = f"decks.{kind}.generate[{i}]"
            for raw in _generated(generator, path, where):
                yield _card(raw, kind, path, f"{where} ({raw['id']})")


def _card(raw: Any, kind: str, path: Path, where: str) -> Card:
    if isinstance(raw, dict) and "kind" in raw:
        raise DocumentError(f"{path}: {where}.kind: a card's kind is the deck it is listed in")
    fields = {**raw, "kind": kind} if isinstance(raw, dict) else raw
    return _validate(Card, fields, path, f"{where}.")


def _generated(spec: Generator, path: Path, where: str) -> Iterator[dict[str, Any]]:
    """Every combination of the axes, first axis slowest; a mapping value adds its fields."""
    face = _Face(spec.labels)
    for combination in itertools.product(*spec.axes.values()):
        fields: dict[str, Any] = {}
        for axis, value in zip(spec.axes, combination, strict=True):
            fields.update(value if isinstance(value, dict) else {axis: value})
        templates = {"count": spec.count, "id": spec.id, "name": spec.name, "rules": spec.rules}
        yield _filled({**fields, **templates}, face, path, where)


def _filled(raw: Any, face: _Face, path: Path, where: str) -> Any:
    """A card with its id, name and rules formatted from its own fields (`${price}`)."""
    if not isinstance(raw, dict):
        return raw
    filled = dict(raw)
    for key in ("id", "name", "rules"):
        if isinstance(raw.get(key), str):
            filled[key] = _format(face, raw[key], raw, path, f"{where}.{key}")
    return filled


class _Face(string.Formatter):
    """`str.format` with one more conversion: `{field!t}` is the value's label or Title Case."""

    def __init__(self, labels: dict[str, str]) -> None:
        super().__init__()
        self.labels = labels

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "t":
            return self.labels.get(str(value), str(value).title())
        return super().convert_field(value, conversion)


def _format(face: _Face, template: str, fields: dict[str, Any], path: Path, where: str) -> str:
    try:
        return face.format(template, **fields)
    except KeyError as error:
        known = ", ".join(key for key in fields if key not in ("id", "name", "rules"))
        raise DocumentError(f"{path}: {where}: no field {error} (the card has {known})") from None
    except (ValueError, IndexError) as error:
        raise DocumentError(f"{path}: {where}: not a valid template ({error})") from None


def _validate(model: type[M], data: Any, path: Path, prefix: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(f"{_where(prefix, e['loc'])}: {e['msg']}" for e in error.errors())
        raise DocumentError(f"{path}: {problems}") from None


def _where(prefix: str, loc: tuple[int | str, ...]) -> str:
    """A pydantic location as a path into the file: `decks.fudge.cards[0].points`."""
    where = prefix.removesuffix(".")
    for part in loc:
        where += f"[{part}]" if isinstance(part, int) else f".{part}" if where else str(part)
    return where or "(document)"


def _check_unique(cards: tuple[Card, ...], path: Path) -> None:
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise DocumentError(f"{path}: card id {card.id!r} appears twice")
        seen.add(card.id)


def _check_colours(found: Deck) -> None:
    """Foozle: every suit's colour is one of the five token colours (FZ-1, FZ-4)."""
    if not isinstance(found.tables, FoozleTables):
        return
    for card in found.of("suited"):
        if card.colour not in found.tables.tokens:
            tokens = ", ".join(found.tables.tokens)
            raise DocumentError(
                f"{found.path}: {card.id}: colour {card.colour!r} is not a token colour ({tokens})"
            )
