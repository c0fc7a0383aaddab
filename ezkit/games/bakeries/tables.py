"""The Bakeries' numbers, read from its deck file's `tables` (seed 001, BK-1..BK-6)."""

from __future__ import annotations

from typing import Literal

from ezkit.errors import InputError
from ezkit.games.decks import Positive, Slot
from ezkit.records import Record, record


@record(kw_only=True)
class ChefSet(Record):
    colour: str
    multiplier: int


@record(kw_only=True)
class DieFace(Record):
    """One phase-one die result (BK-3): cards to turn over [least, most], and options."""

    flip: tuple[int, int]
    bonus: bool = False
    may_stop: bool = False


@record(kw_only=True)
class FiveBonus(Record):
    first: int
    step: int


@record(kw_only=True)
class CaseSlot(Record):
    slot: Slot
    multiplier: Positive


@record(kw_only=True)
class Sale(Record):
    """Phase three and the end of a round (BK-5, BK-6); percentages as whole numbers."""

    cakes_to_win: int
    stale_percent: int
    stale_per_cake: int
    great_chef_bonus_percent: int
    loser_keeps_percent: int
    consolation_gap: int
    consolation_percent: tuple[int, ...]


@record(kw_only=True)
class BakeriesTables(Record):
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
