"""What a person is shown of a Bakeries game (ezkit.games.screen's contract)."""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

from ezkit.games.bakeries.rules import (
    FIVE,
    FLIP,
    HIRE,
    ORDER,
    PLACE,
    ROLL,
    SECOND,
    STALE,
    TURN,
    counted,
)

if TYPE_CHECKING:
    from ezkit.games.bakeries.state import BakeriesState


def describe(state: BakeriesState, seat: int | None) -> list[str]:
    """A seat's screen: the board face down but for what is face up now, or the cases."""
    self = state  # the first version: the state's old screen, moved here
    game, v = self.game, self.view(seat)
    names = game.players
    lines = [
        f"Round {self.round} of {game.rounds}, phase {v['phase']}. Money: "
        + ", ".join(f"{names[s]} ${self.money[s]:,}" for s in (0, 1)),
        "Chefs: "
        + ", ".join(
            f"{names[s]} {self.mult[s]}x"
            + (f" ({game.card_names[self.chefs[s]]})" if self.chefs[s] >= 0 else "")
            for s in (0, 1)
        ),
    ]
    if self.step <= SECOND:
        width = max(12, *(len(i) + 2 for i in game.card_ids))
        turn = self.turns + (self.step in (ORDER, TURN))
        # The bonus a 5 offers: while this 5's offer is open, the header shows that offer
        # (the prompt's), not the next 5's, so the screen names one figure for one choice.
        bonus = (
            f"this 5-bonus ${self.bonus_offer:,}"
            if self.step == FIVE
            else f"next 5-bonus ${v['five_bonus']:,}"
        )
        lines.append(
            f"Phase one, turn {turn} (cap {game.turn_cap}); {bonus}. "
            "The board (? face down, . gone):"
        )
        header = "".join(f"{c + 1:<{width}}" for c in range(game.columns))
        lines.append(f"    {header}".rstrip())
        for r, row in enumerate(v["board"]):
            cells = "".join(f"{(cell or '.'):<{width}}" for cell in row)
            lines.append(f"  {string.ascii_uppercase[r]} {cells}".rstrip())
        if self.step == FIVE:
            lines.append(f"You rolled a 5: take ${self.bonus_offer:,} or turn over 2 cards")
        elif self.step == FLIP:
            if self.die:
                lines.append(
                    f"Die {self.die}: turn over {self._flip_range()}; "
                    f"{counted(self.flipped, 'card')} turned so far"
                )
            else:
                lines.append("The hire failed: stop, and lose your next turn")
        elif self.step == HIRE:
            lines.append("Hiring: the chef first, then the set's components (one wild)")
        elif self.step == SECOND:
            sets = ", ".join(f"{m}x" for m in self.allowed)
            lines.append(f"Your one chance at a lesser set ({sets}): five cards, any order")
        for s in (0, 1):
            if self.lost[s]:
                lines.append(f"{names[s]} loses the next turn")
        return lines
    lines.append(f"{'slot':>6} {'x':>4}  {names[0]:<30} {names[1]}")
    for i, slot in enumerate(game.slots):
        cells = []
        for s in (0, 1):
            k = self.cases[s][i]
            text = game.cake_ids[k] if k >= 0 else "-"
            if k >= 0 and self.step >= ROLL:
                if self.sold[s][i]:
                    text += " SOLD"
                elif self.stale[s][i]:
                    text += " " + "S" * self.stale[s][i]
            cells.append(f"{text:<30}")
        lines.append(f"{slot:>6} {game.slot_mult[i]:>3}x  {cells[0]} {cells[1]}".rstrip())
    if self.step == PLACE:
        k = self.drawn
        lines.append(
            f"{names[self.active]} drew a {game.cake_names[k]} (${game.cake_prices[k]}); "
            f"{len(self.store)} cakes in the store"
        )
    else:
        lines.append(
            "Sold: "
            + ", ".join(f"{names[s]} {self.sold_counts[s]} (${self.totals[s]:,})" for s in (0, 1))
            + f"; Stale cards left {self.stale_deck}"
        )
        if self.last_roll:
            lines.append(f"Last roll: {self.last_roll[0]} + {self.last_roll[1]}")
        if self.step == STALE:
            roller = names[self.active]
            lines.append(
                f"{roller} rolled {self.repeat} again: {names[1 - self.active]} puts a "
                f"Stale card on one of {roller}'s unsold cakes"
            )
        if self.console is not None:
            c = self.console
            lines.append(
                f"Consolation: {c['percent']}% of ${c['total']:,} kept so far"
                + (f"; drew {c['drawn']}, rolled {c['roll']}" if c["drawn"] else "")
            )
    return lines
