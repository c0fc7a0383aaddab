"""Foozle's numbers and suit colours, read from its deck file's `tables` (seed 004, FZ-1)."""

from __future__ import annotations

from ezkit.errors import InputError
from ezkit.games.decks import Span
from ezkit.records import Record, record


@record(kw_only=True)
class Suit(Record):
    suit: str
    colour: str


@record(kw_only=True)
class FoozleTables(Record):
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
