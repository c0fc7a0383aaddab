"""`ezkit score GAME ...`: scoring helpers for people who play with real cards.

One subcommand per game; each checks the cards against that game's deck (cards/<game>.yaml),
so a card the deck does not have, or more copies than it holds, is refused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import click

from ezkit.cli.params import Command, emit_json, json_option
from ezkit.errors import InputError

AUNTIE_EXAMPLE = """\b
Examples:
  ezkit score auntie 4 4 3 0
  ezkit score auntie --player Ann=4,4,3 --player Bob=0,1 --json"""


@click.group("score")
def score() -> None:
    """Score a game played with real cards."""


# --- Auntie's Fudge: the rules, as small functions over the deck data -----------------------


def auntie_points() -> dict[str, int]:
    """Each fudge card's id and its points, from the deck file (AU-2)."""
    from ezkit.games import decks

    return {card.id: int(card.points or 0) for card in decks.deck("auntie").of("fudge")}


def auntie_supply() -> dict[str, int]:
    """How many copies of each fudge card the deck holds (AU-2)."""
    from ezkit.games import decks

    return {card.id: card.count for card in decks.deck("auntie").of("fudge")}


def auntie_card(text: str, who: str = "") -> str:
    """A fudge card as typed (its points, `0`..`4`), checked against the deck."""
    points = auntie_points()
    typed = text.strip()
    if typed not in points:
        ordered = sorted(points, key=int)
        values = f"{', '.join(ordered[:-1])} or {ordered[-1]}"
        owner = f" ({who})" if who else ""
        raise InputError(
            f"{typed!r}{owner} is not an Auntie's Fudge card: fudge cards are worth "
            f"{values} points (AU-2)"
        )
    return typed


def check_auntie_supply(hands: Mapping[str, Sequence[str]]) -> None:
    """No more copies of a card, over all the hands, than the deck has (AU-2)."""
    held = Counter(card for hand in hands.values() for card in hand)
    for card, count in auntie_supply().items():
        if held[card] > count:
            raise InputError(
                f"{held[card]} fudge cards of {card} points given, but the deck holds only "
                f"{count} (AU-2)"
            )


def auntie_scores(hands: Mapping[str, Sequence[str]]) -> tuple[dict[str, int], list[str]]:
    """Each player's points and the winners: the fewest points win, a tie shares (AU-9)."""
    points = auntie_points()
    totals = {name: sum(points[card] for card in hand) for name, hand in hands.items()}
    best = min(totals.values())
    return totals, [name for name, total in totals.items() if total == best]


def _player(text: str) -> tuple[str, list[str]]:
    name, sep, cards = text.partition("=")
    if not sep or not name.strip():
        raise click.BadParameter(
            f"{text!r} is not NAME=CARDS, e.g. Ann=4,4,3", param_hint="'--player'"
        )
    hand = [auntie_card(c, name.strip()) for c in cards.replace(" ", ",").split(",") if c.strip()]
    return name.strip(), hand


@score.command("auntie", cls=Command, epilog=AUNTIE_EXAMPLE)
@click.argument("cards", nargs=-1)
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME=CARDS",
    help="A player's fudge cards, e.g. Ann=4,4,3 (repeatable).",
)
@json_option
def auntie(cards: tuple[str, ...], players: tuple[str, ...], as_json: bool) -> None:
    """Auntie's Fudge: the points of the fudge cards in a hand (each card 0..4), or of several
    players' hands with the winners (the fewest points; a tie shares the win)."""
    if cards and players:
        raise click.UsageError("give one hand's cards, or --player for each player, not both")
    if not players:
        hand = [auntie_card(c) for c in cards]
        check_auntie_supply({"": hand})
        total = auntie_scores({"": hand})[0][""]
        if as_json:
            emit_json({"score": total})
        else:
            click.echo(str(total))
        return
    hands: dict[str, list[str]] = {}
    for text in players:
        name, hand = _player(text)
        if name.casefold() in {n.casefold() for n in hands}:
            raise click.BadParameter(f"{name!r} is given twice", param_hint="'--player'")
        hands[name] = hand
    check_auntie_supply(hands)
    totals, winners = auntie_scores(hands)
    if as_json:
        emit_json({"scores": totals, "winners": winners})
        return
    width = max(len(name) for name in totals)
    for name, total in totals.items():
        click.echo(f"{name:{width}}  {total}")
    if len(winners) == 1:
        click.echo(f"{winners[0]} wins (the fewest points).")
    else:
        click.echo(f"{', '.join(winners)} share the win (the fewest points).")
