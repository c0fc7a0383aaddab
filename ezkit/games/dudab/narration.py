"""Dudab's words for people: card names from the deck data, cards sorted as a player sorts
them, and the story of a round's end (the hands revealed, each player's scoring step by step).

The round's end is told by the scorer `ezkit score dudab` shows (score.py, DU-4): the same
lines close every round in the narration (play.py) and the game's last screen (screen.py).
The other events are told where their rule is coded (play.py).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from ezkit.games import decks
from ezkit.games.dudab.score import score
from ezkit.games.engine import Event
from ezkit.games.screen import WIDTH

#: The kinds in the order a hand is sorted within its colour, then the colourless cards.
_KIND_ORDER = {"number": 0, "shaman": 1, "dudab": 2, "jungle": 3, "baby": 4}
#: How far the narration's lines are indented by a log (`game log` puts three spaces).
LOG_INDENT = 3
#: Joins the words of a name until the lines are wrapped, so that no line breaks inside a
#: card's or a player's name (a private-use character: nobody types it).
GLUE = "\ue000"


class Face(NamedTuple):
    """What a screen needs of a card: its printed name, colour (None: Dudab, Jungle, Baby),
    value (0 but for a Number card) and its place in a sorted hand."""

    name: str
    colour: str | None
    value: int
    key: tuple[int, int, int, int]


@cache
def faces() -> dict[str, Face]:
    """Every card id -> its Face, from the deck data."""
    cards = decks.deck("dudab").cards
    colours = list(dict.fromkeys(str(c.colour) for c in cards if c.kind == "number"))
    symbols = list(dict.fromkeys(str(c.symbol) for c in cards if c.kind == "number"))
    found = {}
    for card in cards:
        colour = colours.index(card.colour) if card.colour in colours else len(colours)
        symbol = symbols.index(card.symbol) if card.symbol in symbols else 0
        key = (colour, _KIND_ORDER[card.kind], int(card.value or 0), symbol)
        found[card.id] = Face(card.name, card.colour, int(card.value or 0), key)
    return found


def name(card: str) -> str:
    """A card's printed name: `red-3-hand` is Red 3 Hand, `dudab` is Dudab!."""
    return faces()[card].name


def ordered(cards: Iterable[str]) -> list[str]:
    """Cards as a player sorts them: by colour (red, blue, yellow, green; Number cards by
    value, then the colour's Shaman), then Dudab!, Jungle, Baby."""
    found = faces()
    return sorted(cards, key=lambda card: found[card].key)


def counted(cards: Iterable[str]) -> list[str]:
    """The cards' names, sorted, each once with its count (`Dudab! ×2`), each kept whole on
    a wrapped line."""
    counts = Counter(cards)
    return [keep(name(c) if counts[c] == 1 else f"{name(c)} ×{counts[c]}") for c in ordered(counts)]


def keep(words: str) -> str:
    """A name that a wrapped line may not break inside."""
    return words.replace(" ", GLUE)


def wrap(text: str, indent: str = "", hang: str = "  ", width: int = WIDTH) -> list[str]:
    """A paragraph wrapped at `width`, never inside a kept name; later lines indented by
    `hang` more."""
    lines = textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent + hang,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace(GLUE, " ") for line in lines]


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _points(points: int) -> str:
    return f"{points:+3d}" if points else "  0"


def scoring_lines(
    player: str, hand: Sequence[str], pile: Sequence[str], width: int = WIDTH - LOG_INDENT
) -> list[str]:
    """A player's round end: the hand revealed, then the book's scoring steps that counted
    (seed 002, Scoring; DU-4), each with its points, then the round's score."""
    who = keep(player)
    shown = ", ".join(counted(hand)) or "no cards"
    pile_size = keep(plural(len(pile), "card"))
    lines = wrap(f"{who} reveals {shown}; own pile: {pile_size}.", width=width)
    found = score(pile, hand)
    for step in found.steps:
        if not step.points and step.text.startswith(("0 ", "no ")):
            continue  # a step with nothing to do
        lines += wrap(f"{_points(step.points)}  {step.text}", "  ", "     ", width)
    lines.append(f"  {player} scores {found.score}.")
    return lines


@dataclass
class _Told:
    """An event naming cards of some columns; `covered(hidden)` is what it says once the
    columns `hidden` are out of sight."""

    event: Event
    covered: Callable[[set[int]], str]
    hidden: set[int] = field(default_factory=set)


class ColumnStory:
    """GT-1 for the story of the columns: a log holds only what a seat may still see now.

    A card played, drawn onto a Baby or left to start a column is named in the story while
    it lies face up. When its column's cards leave sight (taken to an own pile, which the
    others never see; pushed under a Baby, which nobody sees, DU-5), every event of the round
    that named them is covered (Event.covered: what a log shows while the game is on), as the
    Bakeries covers a board card turned face down again. Once the game is over the whole
    story is told. Only a told (narrated) game keeps it: a simulation has no story."""

    def __init__(self, columns: int) -> None:
        #: Per column, the events naming its cards (the starting columns' in every column).
        self.told: list[list[_Told]] = [[] for _ in range(columns)]

    def tell(self, c: int, event: Event, hidden: str, events: list[Event]) -> None:
        """Tell `event`, which names cards of column c; `hidden` is what it says once they
        are out of sight."""
        events.append(event)
        self.told[c].append(_Told(event, lambda _: hidden))

    def tell_start(self, names: Sequence[str], events: list[Event]) -> None:
        """The starting columns' cards, each named until its column leaves sight."""

        def covered(hidden: set[int]) -> str:
            tops = (f"{c + 1}: {'a card' if c in hidden else n}" for c, n in enumerate(names))
            return f"The starting columns: {', '.join(tops)}"

        told = _Told(Event(covered(set())), covered)
        events.append(told.event)
        for column in self.told:  # one event, covered column by column
            column.append(told)

    def hide(self, c: int, events: list[Event], log: list[Event]) -> None:
        """Column c's cards are out of sight: every event naming them is covered, in the log
        or among this move's events (not logged yet)."""
        for told in self.told[c]:
            told.hidden.add(c)
            old, told.event = told.event, told.event._replace(covered=told.covered(told.hidden))
            for where in (events, log):
                at = _last_index(where, old)
                if at is not None:
                    where[at] = told.event
                    break
        self.told[c] = []


def _last_index(events: list[Event], event: Event) -> int | None:
    """Where this very event is, searched from the end (it is recent: of this round)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i] is event:
            return i
    return None
