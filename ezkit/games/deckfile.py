"""Reading and checking a deck file (`cards/<game>.yaml`) with pydantic: `read(path)`.

The games themselves read the compiled decks (ezkit/data/decks/, see ezkit/games/decks.py),
so only this reading, when a deck file is checked or compiled, imports pydantic and YAML.
Every problem names the file and the field: `decks.fudge.cards[0].points: ...`.
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ezkit.errors import DocumentError
from ezkit.games.decks import TABLES, Card, Deck, tables_class
from ezkit.games.foozle.tables import FoozleTables
from ezkit.records import message
from ezkit.yamlio import load_yaml


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


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


def read(path: Path) -> Deck:
    """Read and validate one deck file; every problem names the file and the field."""
    document = _validate(TypeAdapter(DeckFile), load_yaml(path), path, "")
    if document.game != path.stem or document.game not in TABLES:
        raise DocumentError(f"{path}: game: {document.game!r} should be {path.stem!r}")
    cards = tuple(_cards(document, path))
    _check_unique(cards, path)
    found = Deck(
        game=document.game,
        name=document.name,
        path=path,
        cards=cards,
        titles={kind: spec.title for kind, spec in document.decks.items()},
        tables=_validate(_adapter(tables_class(document.game)), document.tables, path, "tables."),
    )
    _check_colours(found)
    return found


@cache
def _adapter(kind: type) -> TypeAdapter[Any]:
    """A validator of one of decks.py's records."""
    return TypeAdapter(kind)


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
    return _validate(_adapter(Card), fields, path, f"{where}.")


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


def _validate(adapter: TypeAdapter[Any], data: Any, path: Path, prefix: str) -> Any:
    try:
        return adapter.validate_python(data)
    except ValidationError as error:
        problems = "; ".join(f"{_where(prefix, e['loc'])}: {message(e)}" for e in error.errors())
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
