"""Scoring Auntie's Fudge played with real cards (`ezkit score auntie`): small pure functions
over the deck data (cards/auntie.yaml); the CLI only parses and prints.

    points()            each fudge card's id and its points (AU-2)
    supply()            how many copies of each fudge card the deck holds (AU-2)
    card(text, who)     a fudge card as typed, checked against the deck
    check_supply(hands) no more copies of a card over all hands than the deck holds
    scores(hands)       each player's points and the winners: fewest points win (AU-9)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ezkit.errors import InputError
from ezkit.games import decks


def points() -> dict[str, int]:
    """Each fudge card's id and its points, from the deck file (AU-2)."""
    return {card.id: int(card.points or 0) for card in decks.deck("auntie").of("fudge")}


def supply() -> dict[str, int]:
    """How many copies of each fudge card the deck holds (AU-2)."""
    return {card.id: card.count for card in decks.deck("auntie").of("fudge")}


def card(text: str, who: str = "") -> str:
    """A fudge card as typed (its points, `0`..`4`), checked against the deck."""
    known = points()
    typed = text.strip()
    if typed not in known:
        ordered = sorted(known, key=int)
        values = f"{', '.join(ordered[:-1])} or {ordered[-1]}"
        owner = f" ({who})" if who else ""
        raise InputError(
            f"{typed!r}{owner} is not an Auntie's Fudge card: fudge cards are worth "
            f"{values} points (AU-2)"
        )
    return typed


def check_supply(hands: Mapping[str, Sequence[str]]) -> None:
    """No more copies of a card, over all the hands, than the deck has (AU-2)."""
    held = Counter(c for hand in hands.values() for c in hand)
    for fudge, count in supply().items():
        if held[fudge] > count:
            raise InputError(
                f"{held[fudge]} fudge cards of {fudge} points given, but the deck holds only "
                f"{count} (AU-2)"
            )


def scores(hands: Mapping[str, Sequence[str]]) -> tuple[dict[str, int], list[str]]:
    """Each player's points and the winners: the fewest points win, a tie shares (AU-9)."""
    value = points()
    totals = {name: sum(value[c] for c in hand) for name, hand in hands.items()}
    best = min(totals.values())
    return totals, [name for name, total in totals.items() if total == best]
