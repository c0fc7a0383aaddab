"""Auntie's Fudge (seed 000): pass on the fudge you don't want; fewest points wins.

Rules: the rule book, settled by rulings AU-1..AU-10 (shared/rules/RULINGS.md); card
identities, counts and the game's numbers come from `cards/auntie.yaml` (ezkit.games.decks).

Moves are decisions of the seat to move (`State.to_move()`), typed as below; NAME is a
player's name as the game was set up with, V a fudge card by its points (`0`..`4`):

    who decides               move                 what it does
    a non-active player     interrupt          Interrupt: this turn one Excuse fewer (AU-4)
    (holding an Interrupt)  pass               let the turn go on
    the active player       give V to NAME     Give: hand him one V fudge card (AU-6)
                            swap V with NAME   Swap: give a V, take one of his at random
                            burden NAME        Burden: he draws a fudge card
                            ask-auntie         Ask Auntie: the others draw fudge, you an event
                            stop               play no more Excuses this turn
    the targeted player     deflect to NAME    Deflect: the Excuse goes to NAME instead (AU-5)
    (holding a Deflect)     pass               take it
    a player asked about    deflect            Deflect Ask Auntie: skip your own draw (AU-5)
    Ask Auntie              pass               draw with the others
    the active player, on   give-left V        Give Left / Give Right: that fudge card to the
    a Give event            give-right V       neighbour on that side (AU-7)
                            return V           Give Auntie: shuffle it back into the stack

Take events play out by themselves. A Give event when the active player holds one kind of
fudge, and a turn whose active player can play no Excuse (`stop` his one move), are still
moves of his, asked like any other where that tells nobody anything else (GT-1, AU-11;
ezkit.games.session.is_asked).

Beyond the rulings (each also noted where it is coded):

- Give and Swap name their fudge card when played (`give 4 to Bob`); it goes to the final
  target after any Deflect, and only its player sees which it is until it lands.
- Give needs fudge to give and Swap needs fudge on both sides (AU-6): with none, the move is
  not offered. A Burden when the stack is empty may be played and draws nothing (AU-8).
- Ask Auntie names no target: it neither is nor counts as "the first Excuse's target" (AU-4).
- Deflects against Ask Auntie follow "at most one Deflect per Excuse" too (deflects_per_excuse
  in the deck file): the others are asked in seat order from the active player's left,
  holder or not (AU-11), until one deflects. The others draw in that order, then the active
  player draws the event.
- Swap takes the target's random card before giving the chosen one.
- AU-11: a reaction is asked of every eligible player, holder or not (a player without the
  card has one answer, `pass`), so whose turn it is never tells who holds one; the story
  says what was played ("Cat interrupts", "no one interrupts"), never who passed. A turn
  whose player can play no Excuse, and a Give event with one kind of fudge, are asked as
  moves with one choice (GT-1: making them unasked told the table the hand held no Excuse,
  and the receiver the rest of the giver's fudge).
- "The round in which the stack ran out" is the round in which a draw emptied it, even if a
  Give Auntie puts a card back later in that round (AU-9).
- `rounds` with the no-draw variant: `rounds` is the limit.

The package (ezkit/games/auntie/): this module holds the constants, the game's options and
the Game; `state` the State (setup, rounds and turns, legal moves, views), `excuses` how the
Excuses, Reactions and events play out, `moves` why a move is refused, `bots` the heuristic
player, `score` scoring real cards, `screen` what a person is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.auntie.tables import AuntieTables
from ezkit.games.engine import Game, Move, State

if TYPE_CHECKING:
    from ezkit.games.auntie.state import AuntieState

# --- constants ------------------------------------------------------------------------------

GIVE, SWAP, BURDEN, ASK_AUNTIE, INTERRUPT, DEFLECT = (
    "give",
    "swap",
    "burden",
    "ask-auntie",
    "interrupt",
    "deflect",
)
#: The action cards the rules know, in this order everywhere (AU-2); counts come from data.
ACTIONS = (GIVE, SWAP, BURDEN, ASK_AUNTIE, INTERRUPT, DEFLECT)
EXCUSES = (GIVE, SWAP, BURDEN, ASK_AUNTIE)
_GIVE, _SWAP, _BURDEN, _ASK, _INTERRUPT, _DEFLECT = range(6)

STOP, PASS, RETURN = "stop", "pass", "return"
#: The move word of a Give event by its target (AU-7).
EVENT_GIVE_WORDS = {"left": "give-left", "right": "give-right", "auntie": RETURN}

NO_DRAW = "no-draw"
VARIANTS = (NO_DRAW,)

PHASES = ("interrupt", "excuse", "deflect", "ask-auntie", "event", "over")
_P_INTERRUPT, _P_EXCUSE, _P_DEFLECT, _P_ASK, _P_EVENT, _P_OVER = range(6)

# --- game info ------------------------------------------------------------------------------

_DECK = decks.deck("auntie")
TABLES = decks.tables("auntie")
assert isinstance(TABLES, AuntieTables)

GAME_INFO: dict[str, Any] = {
    "name": "auntie",
    "title": "Auntie's Fudge",
    "min_players": TABLES.players.min,
    "max_players": TABLES.players.max,
    "default_players": TABLES.players.default,
    "options": {
        "rounds": f"None (play until the fudge runs out) or {TABLES.fixed_rounds.min}.."
        f"{TABLES.fixed_rounds.max} (AU-9)",
        "variant": f"None or {NO_DRAW!r}: no per-round draws, "
        f"{TABLES.no_draw_rounds} rounds (AU-9)",
        "first": "the starting seat (number from 0, or a name); None: random from the seed (AU-1)",
    },
    "moves": (
        GIVE,
        SWAP,
        BURDEN,
        ASK_AUNTIE,
        STOP,
        INTERRUPT,
        DEFLECT,
        PASS,
        *EVENT_GIVE_WORDS.values(),
    ),
}


# --- the game -------------------------------------------------------------------------------


class Auntie(Game):
    """Auntie's Fudge for 2..6 players (AU-1); options `rounds`, `variant`, `first`."""

    name = "auntie"
    title = "Auntie's Fudge"
    min_players = TABLES.players.min
    max_players = TABLES.players.max
    default_players = TABLES.players.default

    def __init__(self, players: Sequence[str], **options: Any) -> None:
        super().__init__(players, **options)
        n = self.n = len(self.players)
        self.tables = TABLES
        self.rounds: int | None = self.options["rounds"]
        self.variant: str | None = self.options["variant"]
        self.first: int | None = self.options["first"]
        no_draw = self.variant == NO_DRAW
        #: The last round, if the game has one besides the fudge running out (AU-9).
        self.limit: int | None = self.rounds or (TABLES.no_draw_rounds if no_draw else None)
        self.later_draw = 0 if no_draw else TABLES.round_fudge

        # The decks (AU-2), from cards/auntie.yaml: fudge kinds in file order.
        fudge = _DECK.of("fudge")
        self.fudge_ids: tuple[str, ...] = tuple(c.id for c in fudge)
        self.fudge_names: tuple[str, ...] = tuple(c.name for c in fudge)
        self.points: tuple[int, ...] = tuple(int(c.points or 0) for c in fudge)
        self.fudge_counts: tuple[int, ...] = tuple(c.count for c in fudge)
        self.fudge_index = {fid: k for k, fid in enumerate(self.fudge_ids)}
        by_id = {c.id: c for c in _DECK.of("action")}
        missing = [a for a in ACTIONS if a not in by_id]
        if missing:
            raise InputError(f"{_DECK.path}: the action deck lacks {', '.join(missing)} (AU-2)")
        self.action_counts: tuple[int, ...] = tuple(by_id[a].count for a in ACTIONS)
        self.action_names: tuple[str, ...] = tuple(by_id[a].name for a in ACTIONS)
        events = _DECK.of("event")
        self.event_ids: tuple[str, ...] = tuple(c.id for c in events)
        self.event_names: tuple[str, ...] = tuple(c.name for c in events)
        self.event_action: tuple[str, ...] = tuple(str(c.action) for c in events)
        self.event_target: tuple[str, ...] = tuple(str(c.target) for c in events)
        self.event_counts: tuple[int, ...] = tuple(c.count for c in events)
        #: A fudge card as the story tells it: `County Fair Fish Fudge (4 points)`.
        self.fudge_told: tuple[str, ...] = tuple(
            f"{name} ({points} point{'s' * (points != 1)})"
            for name, points in zip(self.fudge_names, self.points, strict=True)
        )

        # Seats: the others in seat order from one's left (AU-1: play passes to the left).
        self.seat_of = {p.casefold(): s for s, p in enumerate(self.players)}
        self.others = tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))

        # Every move, made once (a Move is a frozen value; the same object is reused).
        kinds, seats, names = range(len(self.fudge_ids)), range(n), self.players
        self.m_give = [
            [Move(GIVE, (self.fudge_ids[k], "to", names[t])) for t in seats] for k in kinds
        ]
        self.m_swap = [
            [Move(SWAP, (self.fudge_ids[k], "with", names[t])) for t in seats] for k in kinds
        ]
        self.m_burden = [Move(BURDEN, (names[t],)) for t in seats]
        self.m_ask = Move(ASK_AUNTIE)
        self.m_stop = Move(STOP)
        self.m_interrupt = Move(INTERRUPT)
        self.m_pass = Move(PASS)
        self.m_deflect = Move(DEFLECT)
        self.m_deflect_to = [Move(DEFLECT, ("to", names[t])) for t in seats]
        self.deflect_moves = [
            tuple([self.m_deflect_to[x] for x in self.others[t]] + [self.m_pass]) for t in seats
        ]
        self.m_event = {
            target: [Move(word, (self.fudge_ids[k],)) for k in kinds]
            for target, word in EVENT_GIVE_WORDS.items()
        }
        # The Excuses' targets, [active][x]: the others in seat order but x, the first
        # Excuse's target (AU-4); and the Give and Burden moves at them, so that listing the
        # legal moves (every Excuse decision) only joins ready-made rows.
        self.targets_at = [
            [tuple(t for t in self.others[a] if t != x) for x in seats] for a in seats
        ]
        self.give_at = [
            [[tuple(self.m_give[k][t] for t in to) for k in kinds] for to in row]
            for row in self.targets_at
        ]
        self.burden_at = [
            [tuple(self.m_burden[t] for t in to) for to in row] for row in self.targets_at
        ]

    def unsaved(self, state: State, version: int) -> bool:
        """Saves up to schema 2 lack two forced moves, which the game made by itself then and
        asks for now (GT-1): a turn's 'stop' when nothing else could be played, and an
        event's give when the fudge held was all of one kind."""
        phase = getattr(state, "phase", None)
        return version <= 2 and phase in (_P_EXCUSE, _P_EVENT) and len(state.legal_moves()) == 1

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        known = ("rounds", "variant", "first")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InputError(
                f"{self.title} has no option {', '.join(unknown)}; its options: {', '.join(known)}"
            )
        return {
            "rounds": _check_rounds(options.get("rounds")),
            "variant": _check_variant(options.get("variant")),
            "first": self.first_seat(options.get("first"), "AU-1"),
        }

    def new(self, seed: int) -> AuntieState:
        from ezkit.games.auntie.state import AuntieState  # state.py imports this module

        return AuntieState(self, seed)

    def new_quiet(self, seed: int) -> AuntieState:
        """The same game, telling nothing: simulations read only moves and scores."""
        from ezkit.games.auntie.state import AuntieState

        return AuntieState(self, seed, narrate=False)

    def seat(self, name: str) -> int | None:
        """A seat by player name, any case; None if nobody is called that."""
        return self.seat_of.get(name.strip().casefold())


def _check_rounds(value: Any) -> int | None:
    if value is None:
        return None
    low, high = TABLES.fixed_rounds.min, TABLES.fixed_rounds.max
    try:
        rounds = int(value)
    except (TypeError, ValueError):
        rounds = None
    if rounds is None or isinstance(value, bool) or not low <= rounds <= high:
        raise InputError(f"rounds: {value!r} is not {low}..{high} (AU-9: the shorter game)")
    return rounds


def _check_variant(value: Any) -> str | None:
    if value in (None, "", "standard"):
        return None
    if isinstance(value, str) and value.strip().lower() in VARIANTS:
        return value.strip().lower()
    raise InputError(f"variant: {value!r} is not a variant; the variants: {', '.join(VARIANTS)}")
