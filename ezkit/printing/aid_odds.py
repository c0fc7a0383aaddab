"""The play aid's first pages: the Ladder, an action's rules, the odds and the dice readings
(EZ-1, EZ-11, EZ-12, EZ-22, EZ-23), each worked out from `ezkit.odds` and `ezkit.dice`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from ezkit import actions, dice, ladder, odds
from ezkit.rules import Rules

SUITS = {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"}
CARD_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
# The card ranks in deck order and which of them are face cards: the dice data's own notation.
CARD_RANKS: Sequence[str] = dice.RANKS
FACE_CARDS: Sequence[str] = dice.FACE_CARDS
#: The spread of net values (rank + mods - difficulty) in the foe-roll odds table.
NET_SPREAD = 6


# --- the Ladder and actions (EZ-1, EZ-11, EZ-12) --------------------------------------------


def ladder_rungs() -> list[dict[str, Any]]:
    """The Ladder best first, with the two rungs below Terrible that only rolls reach."""
    return [
        {
            "word": ladder.name(rank),
            "number": ladder.signed(rank),
            "rolls_only": rank < ladder.BOTTOM,
        }
        for rank in ladder.ranks(low=ladder.FLOOR)
    ]


def _span(method: str) -> str:
    """What a method adds, as its lowest and highest value: "-1 to +1"."""
    values = [v for v, p in dice.method(method).distribution().items() if p]
    return f"{ladder.signed(min(values))} to {ladder.signed(max(values))}"


def action_rules(rules: Rules) -> dict[str, Any]:
    default = ladder.label(actions.DEFAULT_DIFFICULTY)
    levels = rules.wounds.levels
    hurt = [lv for lv in levels if lv.penalty]
    return {
        "result": "result = rank + modifiers + roll",
        "outcome": "outcome = result − difficulty",
        "steps": [
            {
                "title": "Roll at all?",
                "text": "Easy: \u201cyes, it happens.\u201d Impossible here: \u201cthink of "
                "something else.\u201d Interesting either way: the player rolls.",
            },
            {
                "title": "Test or contest?",
                "text": f"Test (nobody else changes it): the GM sets the difficulty, "
                f"most often {default}, and need not say it. Contest: the difficulty "
                "is the rank of the trait the NPC resists with.",
            },
            {
                "title": "Action result",
                "text": "rank of the trait (a role not taken is "
                f"{ladder.label(rules.flowchart.default_role)}) + modifiers (the GM's bonus or "
                "penalty, "
                + ", ".join(f"{lv.name} {ladder.signed(lv.penalty)}" for lv in hurt)
                + f") + the roll ({_span(dice.DEFAULT)}, {dice.DEFAULT}).",
            },
            {
                "title": "Outcome",
                "text": "result − difficulty (− the foe's roll, if any).",
            },
        ],
        "outcomes": [
            {
                "when": f"{ladder.signed(0)} or more",
                "word": "Success",
                "margin": "Success Margin (SM) = outcome",
            },
            {
                "when": f"{ladder.signed(-1)} or less",
                "word": "Failure",
                "margin": "Failure Margin (FM) = −outcome",
            },
        ],
        "default_difficulty": default,
        "foe_rolls": [
            {"name": "none", "text": "foes roll 0 (the default): the GM only sets difficulties"},
            *(
                {
                    "name": name,
                    "text": f"{name} ({_span(name)}) added to the foe's difficulty",
                }
                for name in (n for n in odds.FOE_ROLLS.values() if n)
            ),
        ],
        "fudge_point": "+1 to the result for each Fudge Point spent after the roll",
        "mathless": [
            "Finger on the trait's rank; up for each + modifier, down for each -; "
            "then up or down as the roll says: that rung is the result.",
            "From the result, down for a + difficulty, up for a - one: "
            f"{ladder.name(0)} or better is a Success, {ladder.name(-1)} or worse a "
            "Failure; the margin is the number without its sign.",
            f"Melee: {ladder.name(1)} or better is the character's advantage, "
            f"{ladder.name(-1)} or worse the foe's, {ladder.name(0)} an Even Exchange.",
        ],
    }


# --- odds and dice ---------------------------------------------------------------------------


def _exact(p: Fraction) -> dict[str, Any]:
    sure = p in (0, 1)
    return {"text": odds.percent(p, places=0) if sure else odds.percent(p), "sure": sure}


def percentages_table() -> dict[str, Any]:
    """The seed's Percentages table, book style and exact (EZ-23), from `ezkit.odds`."""
    table = odds.percentages()
    return {
        "title": f"Percentages: chance of a {ladder.label(0)} or better outcome",
        "difficulties": [
            {"word": ladder.name(d), "number": ladder.signed(d)} for d in table.difficulties
        ],
        "book": [
            {
                "rank": ladder.label(rank),
                "cells": [{"text": odds.book_percent(p), "sure": p in (0, 1)} for p in chances],
            }
            for rank, chances in table.rows()
        ],
        "exact": [
            {"rank": ladder.label(rank), "cells": [_exact(p) for p in chances]}
            for rank, chances in table.rows()
        ],
    }


def net_odds() -> dict[str, Any]:
    """Success chances by net (rank + mods - difficulty) with each foe roll option (EZ-11)."""
    options = list(odds.FOE_ROLLS)
    names = [odds.FOE_ROLLS[o] or "no foe roll" for o in options]
    rows = []
    for net in range(NET_SPREAD, -NET_SPREAD - 1, -1):
        cells = [odds.chance(net, 0, foe_roll=o) for o in options]
        rows.append(
            {
                "net": ladder.signed(net),
                "cells": [{"text": odds.book_percent(p), "sure": p in (0, 1)} for p in cells],
            }
        )
    return {"columns": names, "rows": rows}


def _runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted numbers as runs of consecutive ones: [(1, 3), (6, 6)]."""
    runs: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _numbers_text(numbers: Iterable[int], width: int = 0) -> str:
    """Totals in the book's notation: "17-18", "5", "07-18" on percentile dice."""
    return ", ".join(
        f"{low:0{width}d}" if low == high else f"{low:0{width}d}-{high:0{width}d}"
        for low, high in _runs(numbers)
    )


def _width(method: dice.TableDice) -> int:
    """Percentile-style dice (one die of 10**k faces) read with k digits: 01, 07-18."""
    if len(method.dice) == 1:
        sides = method.dice[0]
        digits = len(str(sides)) - 1
        if digits > 1 and sides == 10**digits:
            return digits
    return 0


def table_reading(method: dice.TableDice, value: int) -> str:
    """The totals that read as `value`, in the book's notation ("20 & 16-20" for a reroll)."""
    width = _width(method)
    parts = []
    direct = [total for total, v in method.table.items() if v == value]
    if direct:
        parts.append(_numbers_text(direct, width))
    for total, second in sorted(method.rerolls.items(), reverse=True):
        again = [t for t, v in second.items() if v == value]
        if again:
            parts.append(f"{total:0{width}d} & {_numbers_text(again, width)}")
    return ", ".join(parts) or "-"


def card_reading(method: dice.PokerDeck, value: int) -> str:
    """The cards that read as `value`, in the book's notation: "AH", "2H-3H", "Face"."""
    cards = {card for card, v in method.values.items() if v == value}
    faces = {rank + suit for rank in FACE_CARDS for suit in SUITS}
    parts = []
    if faces and faces <= cards:
        parts.append("Face")
        cards -= faces
    for suit in SUITS:
        indices = [i for i, rank in enumerate(CARD_RANKS) if rank + suit in cards]
        for low, high in _runs(indices):
            first, last = CARD_RANKS[low] + suit, CARD_RANKS[high] + suit
            parts.append(first if low == high else f"{first}-{last}")
    return ", ".join(parts) or "-"


def sum_reading(method: dice.SumDice, value: int) -> str:
    return str(value - method.offset)


def reading(method: dice.Method, value: int) -> str:
    """How one method reads to `value`, in the book's notation."""
    if isinstance(method, dice.TableDice):
        return table_reading(method, value)
    if isinstance(method, dice.PokerDeck):
        return card_reading(method, value)
    if isinstance(method, dice.SumDice):
        return sum_reading(method, value)
    return ladder.signed(value)


def _method_note(method: dice.Method) -> str | None:
    if isinstance(method, dice.PokerDeck):
        suits = ", ".join(SUITS.values())
        after = CARD_NAMES.get(method.reshuffle_after, method.reshuffle_after)
        faces = ", ".join(FACE_CARDS)
        return (
            f"{method.name}: {method.decks} decks of 52 cards shuffled together ({suits}); "
            f"face cards are {faces} of any suit; reshuffle after any {after}."
        )
    if isinstance(method, dice.TableDice) and method.rerolls:
        rolls = []
        for total, second in sorted(method.rerolls.items(), reverse=True):
            reads = "; ".join(
                f"{_numbers_text([t for t, v in second.items() if v == value])} "
                f"gives {ladder.signed(value)}"
                for value in sorted(set(second.values()), reverse=True)
            )
            rolls.append(f"after a {total}, {reads}")
        return (
            f"{method.name}: reroll a natural "
            + " or ".join(str(t) for t in sorted(method.rerolls, reverse=True))
            + f" for the magnitude (EZ-22): {'; '.join(rolls)}."
        )
    if isinstance(method, dice.SumDice):
        return f"{method.name}: {method.description}."
    return None


def dice_table() -> dict[str, Any]:
    """Other Ways to "Roll": each value's reading on every alternative method, from dice data."""
    fudge = dice.method(dice.DEFAULT)
    truth = fudge.distribution()
    shown = [m for m in dice.alternatives() if isinstance(m, (dice.TableDice, dice.PokerDeck))]
    others = [m for m in dice.alternatives() if m not in shown]
    _, comparisons = odds.compare()
    gaps = {c.method: c for c in comparisons}
    return {
        "reference": fudge.name,
        "columns": [m.name for m in shown],
        "rows": [
            {
                "roll": ladder.signed(value),
                "rank": ladder.name(value),
                "chance": odds.in_n(truth[value]),
                "percent": odds.percent(truth[value]),
                "cells": [reading(m, value) for m in shown],
            }
            for value in range(dice.HIGH, dice.LOW - 1, -1)
        ],
        "gaps": [
            f"{odds.percent(gaps[m.name].deviation)} at {ladder.signed(gaps[m.name].at)}"
            for m in shown
        ],
        "notes": [note for m in shown + others if (note := _method_note(m))],
    }
