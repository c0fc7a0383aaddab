"""The four games' decks: `cards/<game>.yaml`, validated, expanded, kept compiled.

A deck file (schema_version 1) names the game and lists its decks by kind (the card's
back or type). Each card is written once with its count, or generated from axes: every
combination of the axes' values, in the order written, with the id, name and rules
formatted from the card's attributes (`{colour}`, or `{colour!t}` for its label); a
listed card's name and rules are formatted from its own fields the same way. The
file's `tables` hold the numbers the game's engine reads (die results, case slots,
scoring values), validated per game. Card ids follow DESIGN.md's card notation.
`load` reads and checks a deck file (ezkit/games/deckfile.py, with pydantic).

The games read their decks from ezkit/data/decks/<game>.json, the same decks as `load`
makes from cards/, compiled: a game then starts without pydantic or YAML (about 100 ms).
tests/test_decks.py checks that the compiled files are what `load` makes of cards/ now;
`EZKIT_SNAPSHOTS=update pytest tests/test_decks.py -k compiled` writes them anew.

    deck("dudab").size()             -> 96
    expand("auntie", "fudge")        -> ["0", "0", ..., "4"]   (40 ids, file order)
    text("bakeries", "Wedding Cake") -> "Wedding Cake: $500. You Take The Cake! ..."
    tables("foozle").colour_of("tops") -> "blue"
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from ezkit import resources
from ezkit.errors import InputError
from ezkit.records import Check, Record, build, record

GAMES = ("auntie", "bakeries", "dudab", "foozle")
COMPILED = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "decks")

#: Lower-case words joined by hyphens: `red-3-hand`, `ask-auntie`, `0`, `inf-tops`.
ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
_WORD = r"^[a-z0-9]+$"


Id = Annotated[str, Check(pattern=ID_PATTERN)]
Word = Annotated[str, Check(pattern=_WORD)]
Text = Annotated[str, Check(min_length=1)]
Positive = Annotated[int, Check(ge=1)]
Slot = Annotated[int, Check(ge=2, le=12)]


@record(kw_only=True)
class Card(Record):
    """One card face and how many copies the game has; only its game's attributes are set."""

    id: Id
    kind: Word
    count: Positive = 1
    name: Text
    rules: Text
    # Auntie's Fudge (AU-2)
    points: int | None = None
    role: Literal["excuse", "reaction"] | None = None
    action: Literal["give", "take"] | None = None
    target: Literal["left", "right", "auntie"] | None = None
    # Bakeries (BK-2, seed 001 "PHASE TWO")
    component: Literal["chef", "hat", "apron", "oven", "batter", "wild"] | None = None
    multiplier: Positive | None = None
    wild_for: tuple[int, ...] | None = None
    price: Annotated[int, Check(ge=0)] | None = None
    bakery: Word | None = None
    slot: Slot | None = None
    # Dudab (DU-1) and Foozle (FZ-1)
    colour: Word | None = None
    value: int | None = None
    symbol: Word | None = None
    expansion: Word | None = None
    suit: Word | None = None
    rank: int | Literal["inf"] | None = None

    @property
    def text(self) -> str:
        """The card's face as a player reads it: its name, then what it does."""
        return f"{self.name}: {self.rules}"


# --- the tables each engine reads ---------------------------------------------------------
# Each game's numbers are records in its package (`ezkit/games/<game>/tables.py`), made only
# for the game that is played; Span is shared.


@record(kw_only=True)
class Span(Record):
    min: int
    max: int
    default: int | None = None


#: The record of each game's tables: module:class, imported when the game's deck is read.
TABLES: dict[str, str] = {
    "auntie": "ezkit.games.auntie.tables:AuntieTables",
    "bakeries": "ezkit.games.bakeries.tables:BakeriesTables",
    "dudab": "ezkit.games.dudab.tables:DudabTables",
    "foozle": "ezkit.games.foozle.tables:FoozleTables",
}


def tables_class(game: str) -> type[Record]:
    """The record class of a game's tables (TABLES)."""
    import importlib

    module, _, name = TABLES[game].partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


# --- the deck -----------------------------------------------------------------------------


@record
class Deck:
    """A game's cards in file order, the title of each kind, and the game's tables."""

    game: str
    name: str
    path: Path
    cards: tuple[Card, ...]
    titles: dict[str, str]
    tables: Record  # the game's own tables record (TABLES)

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
        import difflib

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
    """The game's deck from `cards/<game>.yaml`, as compiled in ezkit/data/decks/, once."""
    if game not in GAMES:
        raise InputError(f"no card game {game!r}; the games are {', '.join(GAMES)}")
    with open(os.path.join(COMPILED, f"{game}.json"), encoding="utf-8") as handle:
        return from_plain(json.load(handle), resources.cards() / f"{game}.yaml")


@cache
def _printed(game: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """A pattern of every printed card name of the game's deck (longest first, so a name
    inside another is not taken for it) and each name's id, by its case-folded name."""
    if game not in GAMES:
        return None
    ids = {c.name.casefold(): c.id for c in deck(game).cards if c.name.casefold() != c.id}
    if not ids:
        return None
    names = sorted(ids, key=len, reverse=True)
    words = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.IGNORECASE), ids


def printed_as_ids(game: str, text: str) -> str:
    """Typed text with every printed card name in it written as the moves write the card:
    `discard 5 of Tops` -> `discard 5-tops`, `give County Fair Fish Fudge to Bob` ->
    `give 4 to Bob` (a player types what the screen shows)."""
    found = _printed(game)
    if found is None:
        return text
    pattern, ids = found
    return pattern.sub(lambda m: ids[m.group(0).casefold()], text)


def expand(game: str, kind: str | Iterable[str] | None = None) -> list[str]:
    """The game's card ids repeated by count, in a stable order (AU-2, BK-2, DU-1, FZ-1)."""
    return deck(game).expand(kind)


def text(game: str, card_id: str) -> str:
    """The printed face of a card: name and what it does."""
    return deck(game).card(card_id).text


def tables(game: str) -> Record:
    """The numbers the game's engine reads, from its deck file."""
    return deck(game).tables


# --- reading a deck file, and its compiled form -------------------------------------------


def load(path: Path) -> Deck:
    """Read and check one deck file; every problem names the file and the field."""
    from ezkit.games import deckfile

    return deckfile.read(path)


def plain(found: Deck) -> dict[str, Any]:
    """A deck as its compiled JSON holds it: no path, a card's unset attributes left out."""
    return {
        "game": found.game,
        "name": found.name,
        "titles": found.titles,
        "cards": [
            {key: value for key, value in dataclasses.asdict(card).items() if value is not None}
            for card in found.cards
        ],
        "tables": dataclasses.asdict(found.tables),
    }


def from_plain(document: dict[str, Any], path: Path) -> Deck:
    """The deck a compiled JSON document holds (checked when it was compiled, not again)."""
    return Deck(
        game=document["game"],
        name=document["name"],
        path=path,
        cards=tuple(build(Card, card) for card in document["cards"]),
        titles=document["titles"],
        tables=build(tables_class(document["game"]), document["tables"]),
    )
