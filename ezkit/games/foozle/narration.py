"""What Foozle's story tells: the event texts, and who may read each (GT-1).

Only a narrated state calls these (`State.narrate`); a quiet one (simulations) skips them and
plays exactly the same game. A card is told by its printed name (`3 of Lamps`, as the screens
and the deck name it; moves are still typed in notation, `3-lamps`), a group by its number on
the table and its kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ezkit.games import decks
from ezkit.games.engine import Event
from ezkit.games.foozle.groups import COLOURS, FLUSH_RUN, FOZZLE, IDS
from ezkit.words import plural, won

SPENT = Event("The draw pile and the tableau are spent")
RESHUFFLED = Event("The deck is reshuffled")


@cache
def _names() -> tuple[str, ...]:
    """Each card's printed name by its number (`7 of Lamps`, `The Grue`), from the deck data."""
    printed = {card.id: card.name for card in decks.deck("foozle").cards}
    return tuple(printed[i] for i in IDS)


def card(k: int) -> str:
    return _names()[k]


def cards(held: Sequence[int]) -> str:
    return ", ".join(map(card, held)) or "nothing"


def deal(
    hand_no: int,
    players: Sequence[str],
    dealer: int,
    deal: int,
    hands: Sequence[Sequence[int]],
    top: int,
) -> list[Event]:
    """A hand's deal: each seat sees its own cards, the others only how many."""
    events = [Event(f"Hand {hand_no}: {players[dealer]} deals {deal} each")]
    for s, name in enumerate(players):
        events.append(
            Event(
                f"{name} is dealt {cards(hands[s])}",
                frozenset((s,)),
                f"{name} is dealt {plural(deal, 'card')}",
            )
        )
    events.append(Event(f"The tableau starts with {card(top)}"))
    return events


def refilled(count: int) -> Event:
    return Event(f"The draw pile is empty: {plural(count, 'tableau card')} shuffled")


def turn(name: str) -> Event:
    return Event(f"{name}'s turn")


def turn_cap(cap: int) -> Event:
    return Event(f"The hand reaches the cap of {plural(cap, 'turn')} (FZ-3)")


def went_out(name: str) -> Event:
    return Event(f"{name} goes out and takes a white token")


def no_winner(hand_no: int) -> Event:
    return Event(f"Hand {hand_no} ends without a winner")


def game_over(why: str, players: Sequence[str], totals: Sequence[int], winners: list[int]) -> Event:
    shown = ", ".join(f"{p} {plural(t, 'token')}" for p, t in zip(players, totals, strict=True))
    who = won([players[s] for s in winners])
    return Event(f"The game is over ({why}): {shown}. {who}")


def drew(name: str, seat: int, k: int) -> Event:
    """A draw from the pile: only the drawer sees the card."""
    return Event(f"{name} draws {card(k)}", frozenset((seat,)), f"{name} draws a card")


def took(name: str, k: int, owed: bool) -> Event:
    duty = " (to play at once)" if owed else ""
    return Event(f"{name} takes {card(k)} from the tableau{duty}")


def kinds_told(kinds: Sequence[str]) -> str:
    """A group's kinds as said: `set`, `flush`, `flush run` (a flush run is a flush and a run
    too: it is said once), `Big Fozzle`."""
    if FOZZLE in kinds:
        return "Big Fozzle"
    if FLUSH_RUN in kinds:
        return "flush run"
    return " and ".join(kinds)


def laid_off(name: str, k: int, g: int, kinds: Sequence[str]) -> Event:
    return Event(f"{name} lays {card(k)} off on group {g + 1} ({kinds_told(kinds)})")


def laid_down(
    name: str, laid: Sequence[int], g: int, kinds: Sequence[str], joined: bool = False
) -> Event:
    """A lay-down: a new group, or (FZ-2) one that joins group g, which it makes bigger."""
    if joined:
        return Event(f"{name} adds {cards(laid)} to group {g + 1} ({kinds_told(kinds)})")
    return Event(f"{name} lays down {cards(laid)} as group {g + 1} ({kinds_told(kinds)})")


def big_fozzle(name: str, rest: Sequence[int]) -> Event:
    return Event(f"A Big Fozzle! {name} discards {cards(rest)}")


def token(name: str, colour: int) -> Event:
    return Event(f"{name} takes the {COLOURS[colour]} token")


def discarded(name: str, k: int) -> Event:
    return Event(f"{name} discards {card(k)}")
