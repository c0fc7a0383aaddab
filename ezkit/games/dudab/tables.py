"""Dudab's numbers, read from its deck file's `tables` (seed 002, DU-2..DU-5)."""

from __future__ import annotations

from ezkit.games.decks import Span
from ezkit.records import Record, record


@record(kw_only=True)
class DudabScoring(Record):
    dudab_in_hand: int
    unpaired_shaman: int
    baby: dict[int, int]  # number of Baby cards -> points (negative, DU-4)


@record(kw_only=True)
class DudabTables(Record):
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
