"""Foozle (seed 004): lay down sets, flushes and runs of the Fanucci deck for coloured tokens.

Rules: the rule book, settled by rulings FZ-1..FZ-6 (shared/rules/RULINGS.md); the cards and
the numbers (deal 11, group_min 3, run_ranks 0-9, the token colours, the suit colours, the
turn cap) come from `cards/foozle.yaml`. The package, by concern:

    rules.py      this: the game's info, its options, its choices beyond the rulings, Foozle
    state.py      FoozleState: the cards' places, turns and hands, what a move does, views
    moves.py      the move words, the legal moves, the parser and why a move is not legal
    narration.py  the event texts (a quiet game tells none and plays the same)
    groups.py     which cards form a group, and what may be laid off on it (FZ-2, FZ-4)
    score.py      the same by card notation, and the game's end, for real cards (FZ-6)
    bots.py       the heuristic computer player
    screen.py     what a person is shown, and the menu's steps

Playing the last card (or discarding it) ends the hand: no discard is needed (FZ-3).

Options: `first` (the first dealer, a seat or a name; else random from the seed), `turn_cap`
(FZ-3, default from the deck data), `hands` (a safety cap for simulations: after that many
hands the game ends and the players with the most tokens share the win; default None, the
book's end only).

Beyond the rulings (each also noted where it is coded; candidate rulings):

- A lay-down that joins a group on the table is still a lay-down: an all-one-colour lay-down
  earns its token even when it joins (the book: "put your cards with the other ones").
- `take discard` (the last card) carries no duty to play it, but like every card taken from
  the tableau it may not be discarded that turn (FZ-3). A card taken under (c) must be played
  by the very next move ("immediately"); so the menu offers `take CARD` only when it can be.
- A lay (down or off) that would leave the player holding only the card taken from the
  tableau is refused unless that card can then be laid off (else the player could neither
  discard nor play it).
- FZ-5's exhausted draw pile is refilled when a player is to take a card and the draw pile
  is empty. The dump stack is not shown (a count only). A deal that the draw pile cannot
  make is made from the reshuffled deck.
- FZ-6 is checked after every token, so a coloured token can end the game mid-hand; the
  cards then stay where they are. A lay-down that earns a colour and empties the hand earns
  the white token for going out too before FZ-6 is checked.
- A Big Fozzle may be laid down when the only other card held is one taken from the
  tableau: it discards the rest of the hand, so the rule above leaves nothing stuck.
- Tokens: the white tokens are not limited (the book: "ten or so").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ezkit.errors import InputError
from ezkit.games.engine import Game
from ezkit.games.foozle import groups as fg
from ezkit.games.foozle.moves import DISCARD, LAY, TAKE, moves
from ezkit.games.foozle.state import FoozleState

TABLES = fg.TABLES

GAME_INFO: dict[str, Any] = {
    "name": "foozle",
    "title": "Foozle",
    "min_players": TABLES.players.min,
    "max_players": TABLES.players.max,
    "default_players": TABLES.players.default or 4,
    "options": {
        "first": "the first dealer (seat number from 0, or a name); None: from the seed",
        "turn_cap": f"turns after which a hand ends without a winner (FZ-3, {TABLES.turn_cap})",
        "hands": "None (the book's end, FZ-6) or a cap on hands: then the most tokens win",
    },
    "moves": (TAKE, LAY, DISCARD),
}


def _option_int(name: str, value: Any, low: int) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = low - 1
    if isinstance(value, bool) or number < low:
        raise InputError(f"{name}: {value!r} is not a whole number of at least {low}")
    return number


class Foozle(Game):
    """Foozle for 2..6 players; options `first`, `turn_cap`, `hands`."""

    name = "foozle"
    title = "Foozle"
    min_players = TABLES.players.min
    max_players = TABLES.players.max
    default_players = TABLES.players.default or 4

    def __init__(self, players: Sequence[str], **options: Any) -> None:
        super().__init__(players, **options)
        self.n = len(self.players)
        self.deal = TABLES.deal
        self.first: int | None = self.options["first"]
        self.turn_cap: int = self.options["turn_cap"] or TABLES.turn_cap
        self.hands_cap: int | None = self.options["hands"]
        self.m = moves()
        self.seat_of = {p.casefold(): s for s, p in enumerate(self.players)}

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        known = ("first", "turn_cap", "hands")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InputError(
                f"{self.title} has no option {', '.join(unknown)}; its options: {', '.join(known)}"
            )
        return {
            "first": self.first_seat(options.get("first"), "FZ-5"),
            "turn_cap": _option_int("turn_cap", options.get("turn_cap"), 1),
            "hands": _option_int("hands", options.get("hands"), 1),
        }

    def new(self, seed: int) -> FoozleState:
        return FoozleState(self, seed)

    def new_quiet(self, seed: int) -> FoozleState:
        """The same game, telling nothing: simulations read only moves and scores."""
        return FoozleState(self, seed, narrate=False)
