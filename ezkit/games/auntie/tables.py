"""Auntie's Fudge's numbers, read from its deck file's `tables` (seed 000, AU-1..AU-9)."""

from __future__ import annotations

from ezkit.games.decks import Span
from ezkit.records import Record, record


@record(kw_only=True)
class AuntieTables(Record):
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
