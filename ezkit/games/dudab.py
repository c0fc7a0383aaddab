"""Dudab (seed 002): place your cards on the columns, never be the one to take them.

Rules: the rule book, settled by rulings DU-1..DU-8 (shared/rules/RULINGS.md); card identities,
counts and the game's numbers (deal, starting columns, hand limits, the capturing card, the
scoring points and the Baby table) come from `cards/dudab.yaml` (ezkit.games.decks). The round
scoring is ezkit.games.dudab_score, the same functions `ezkit score dudab` shows step by step.

Cards are written as in DESIGN.md: `red-3-hand` (colour-value-symbol), `shaman-blue`, `dudab`,
`jungle`, `baby`. Columns are numbered from 1. Moves are decisions of the seat to move
(`State.to_move()`), typed as below (a menu number works too):

    who decides              move                                what it does
    the player whose turn    play red-3-hand on 2                place a card on a column
    it is                    play shaman-red on 1                (a Shaman: the next player answers)
                             dudab on 1 request colour red       a Dudab, calling for a colour,
                             dudab on 1 request value 3          a value or a symbol (no call
                             dudab on 1 request symbol hand      below a Jungle: `dudab on 1`)
                             draw                                draw a card (with an open request
                                                                 and no card to meet it: show the
                                                                 hand, then draw)
                             draw discarding red-3-hand          with 5 cards and nothing to play:
                                                                 show the hand, that card to the
                                                                 own pile, then draw
    the next player after    play shaman-blue on 1               answer with a Shaman (on it)
    a Shaman                 dudab on 1 request value 2          answer with a Dudab (on it)
                             pass                                reveal cards until a Number card,
                                                                 draw as many as its value
    the capturing player     discard red-3-hand dudab to         down to 2 cards after taking a
                             discard-pile | own-pile             column: all to one pile
    a player over 5 cards    discard red-3-hand to own-pile      one card at a time, down to 5
    (also when the last draw                                     (at the round's end: DU-6, then
    ends the round, DU-6)                                        the round is scored)
    who drew a Jungle        jungle on 2                         place it on a column (DU-7)
    who drew a Baby          baby on 1                           place it on a column (DU-5)

A reaction is the reacting seat's decision: after a Shaman the next player is to move and is
offered their Shamans and Dudabs for that column and `pass`. With an open Dudab request the
player to move is offered the cards that meet it and their Dudabs (on the open Dudab); `draw`
only when no card meets it.

DU-6: when the last card is drawn, every player holding more than 5 cards puts cards of their
choice on their own pile, one `discard CARD to own-pile` at a time, until they hold 5 (the
drawer of the last card first, then leftward); then the round is scored. The view's phase is
then `trim` with an empty draw pile.

The deck per options (DU-1, DU-5): the 80 base cards (64 Number, 8 Shaman, 8 Dudab) always,
the 8 Jungle cards with option `jungle`, the 8 Baby cards with option `baby`; the expansions'
cards that are off lie in the box. `conserved()` counts all 96 cards: draw pile, hands, own
piles, discard pile, columns (visible and under Babies), a Jungle or Baby being placed, box.

Options: `jungle`, `baby` (true/false, or `variant=jungle,baby`), `first` (the seat or name
starting round 1; else random from the seed), `rounds` (default: as many as players, DU-2).

Beyond the rulings (each also noted where it is coded; candidate rulings):

- A Dudab request is always made, except below a Jungle (seed 002, Jungle card): a Dudab with
  no request (a starting one, one under a Jungle, one drawn onto a Baby) takes any Number card;
  below a Jungle any card (the book: "any card may be played on a Dudab card").
- With an open request a Dudab goes only on the open Dudab, replacing the request (DU-3); a
  player who can meet the request may play a Dudab instead; one who cannot may play a Dudab or
  show their hand and draw.
- A Dudab may be played below a Jungle at any distance, even where the mirrored card is a
  Shaman (the book: "instead of any other card"); only a Dudab goes where a Dudab is mirrored,
  only a Shaman (or a Dudab) where a Shaman is; a Shaman mirrors a Number card of its colour.
- A Shaman answering a Shaman below a Jungle must still follow the mirror rule. A Dudab that
  answers a Shaman below a Jungle makes no request.
- A Baby is not put on a column whose top still waits for an answer (an open Dudab request, a
  Shaman not yet answered); there is always another column for a Baby. A Jungle is (DU-7): it
  goes on any column holding no Jungle, and one put on an open Dudab request or an unanswered
  Shaman ends that request or that demand; the next card goes below it by the mirror rule.
- Cards under a Baby are invisible for everything: a column whose Jungle lies under a Baby
  holds no Jungle (it may take another and captures on the sixth visible card).
- A Shaman or Dudab drawn onto a Baby asks nothing (no reaction, no request): "no special
  actions"; when a Number card is drawn onto it, everyone draws from the Baby's player leftward,
  each trimming their hand to 5 after their own draws.
- Every capture (the sixth card, the sixth visible card, below outnumbering above) takes every
  card of the column but the one just played, including those under Babies, to the own pile, and
  is followed by the discard down to two cards (seed 002, Placing cards).
- The round ends the moment the last card is drawn (by any draw: a turn's, a refill to two,
  a reveal, the cards a Shaman or a Baby makes players draw, a card drawn onto a Baby): that
  card goes where the draw puts it and nothing else happens (a Jungle or Baby drawn last stays
  in the hand), but every hand over 5 cards goes down to 5 first (DU-6). Then every player is
  scored (dudab_score).
- A Jungle drawn when every column already holds one is discarded and not replaced (DU-7), but
  a player left with fewer than 2 cards at the end of their turn draws again.
- A Jungle or Baby drawn while a Shaman's reveal-and-draw or a Baby's everyone-draws is under
  way is placed at once by its drawer and counts as one of their draws; the drawing goes on.
- A player with fewer than 2 cards at the end of their turn draws until they hold 2 (the
  book: "never less than 2").
- Cards a player discards to their own pile on a trim or after a capture are seen by them
  only (the others see how many); the card of the 5-card rule is seen by all as it goes (the
  player has just shown their hand).
- DU-2's "put back, the deck reshuffled" puts the card back at a random place in the deck,
  whose order is random already: the same odds as a new shuffle.

What a seat sees (GT-1, `seen`): its own hand; its own pile (the book never turns the own pile
face down, and every card in it was put there by its owner, who may look at it); every visible
card on the columns and a Jungle or Baby being placed; the whole discard pile (face up, seed
002, Setup). Not the others' hands or piles, not the draw pile, not the cards under a Baby
("invisible", DU-5). A hand shown (the 5-card rule, an unmet request) goes back into the hand:
the move calls `reveal()` (it is final), the view does not keep it, and a log read while the
game is on says only that the hand was shown (the event's `covered` text); so too for the card
of the 5-card rule and the cards a capture takes to an own pile.

`view(seat)` keys: game, players, seat, round, rounds, first (this round's), active (whose turn),
to_move, phase (turn, request, shaman, capture, trim, jungle, baby, over), columns (per column:
cards, top last, a Jungle among them where it lies; buried: how many under Babies), request
(column, kind, value, by) or None, shaman (the unanswered Shaman: column, by) or None, placing
(the Jungle or Baby being placed), hand_counts, pile_counts, draw_pile, discard (face up, top
last), round_scores, totals, last_scoring (per seat at the last round's end: hand, pile,
score); for a seat also hand and pile (its own cards); at the end scores and winners.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.dudab_score import Tally, score_tally
from ezkit.games.engine import Event, Game, Move, State
from ezkit.words import won

# --- constants ------------------------------------------------------------------------------

#: Card types (the deck file's kinds), as small numbers.
NUMBER, SHAMAN, DUDAB, JUNGLE, BABY = range(5)
TYPES = ("number", "shaman", "dudab", "jungle", "baby")
EXPANSIONS = ("jungle", "baby")

PLAY, DUDAB_WORD, DRAW, PASS, DISCARD, REQUEST = (
    "play",
    "dudab",
    "draw",
    "pass",
    "discard",
    "request",
)
OWN_PILE, DISCARD_PILE = "own-pile", "discard-pile"
ATTRIBUTES = ("colour", "value", "symbol")

PHASES = ("turn", "request", "shaman", "capture", "trim", "jungle", "baby", "over")
_P_TURN, _P_REQUEST, _P_SHAMAN, _P_CAPTURE, _P_TRIM, _P_JUNGLE, _P_BABY, _P_OVER = range(8)

# What a legal move does: (action, a, b).
_A_PLAY, _A_DUDAB, _A_DRAW, _A_PASS, _A_JUNGLE, _A_BABY, _A_DISCARD = range(7)
# Work left to do, on a stack (the last pushed runs first): (task, seat, n).
_T_NEXT, _T_FILL, _T_DRAW, _T_TRIM, _T_CAPTURE, _T_REVEAL, _T_COVER, _T_SCORE = range(8)

# --- game info ------------------------------------------------------------------------------

_DECK = decks.deck("dudab")
TABLES = decks.tables("dudab")
assert isinstance(TABLES, decks.DudabTables)

GAME_INFO: dict[str, Any] = {
    "name": "dudab",
    "title": "Dudab",
    "min_players": TABLES.players.min,
    "max_players": TABLES.players.max,
    "default_players": TABLES.players.default or 4,
    "options": {
        "jungle": "true/false: the Jungle expansion (DU-5), off by default",
        "baby": "true/false: the Baby expansion (DU-5), off by default",
        "variant": "the expansions by name, e.g. 'jungle,baby' (the same as the two options)",
        "first": "the seat starting round 1 (number from 0, or a name); None: from the seed (DU-2)",
        "rounds": "None (as many rounds as players, DU-2) or a smaller number of rounds",
    },
    "moves": (PLAY, DUDAB_WORD, DRAW, PASS, DISCARD, "jungle", "baby"),
}


def _count(n: int, noun: str) -> str:
    """`1 card`, `2 cards`: a count and its noun, singular or plural."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _flag(name: str, value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0", ""):
        return False
    raise InputError(f"{name}: {value!r} is not true or false (DU-5: an expansion is on or off)")


def _variant(value: Any) -> set[str]:
    if value in (None, "", "standard", "base"):
        return set()
    names = {w for w in str(value).strip().lower().replace("+", ",").split(",") if w.strip()}
    names = {w.strip() for w in names}
    unknown = sorted(names - set(EXPANSIONS))
    if unknown:
        raise InputError(
            f"variant: {unknown[0]!r} is not an expansion; the expansions: "
            f"{', '.join(EXPANSIONS)} (DU-5)"
        )
    return names


# --- the game -------------------------------------------------------------------------------


class Rules:
    """The cards and the placement rules as tables, and every move made once: the same for
    every game with this many columns, so built once (`rules(columns)`)."""

    def __init__(self, columns: int) -> None:
        self.columns = columns
        # The cards (DU-1), one kind per card face in file order: type, colour, value, symbol.
        cards = _DECK.cards
        self.ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.kind_of = {cid: k for k, cid in enumerate(self.ids)}
        self.type: tuple[int, ...] = tuple(TYPES.index(c.kind) for c in cards)
        numbers = [c for c in cards if c.kind == "number"]
        self.colours = tuple(dict.fromkeys(str(c.colour) for c in numbers))
        self.values = tuple(sorted({int(c.value or 0) for c in numbers}))
        self.symbols = tuple(dict.fromkeys(str(c.symbol) for c in numbers))
        self.colour = tuple(self.colours.index(c.colour) if c.colour else -1 for c in cards)
        self.value = tuple(int(c.value or 0) for c in cards)
        self.symbol = tuple(self.symbols.index(c.symbol) if c.symbol else -1 for c in cards)
        self.counts: tuple[int, ...] = tuple(c.count for c in cards)
        self.dudab_kind = self.type.index(DUDAB)
        self.jungle_kind = self.type.index(JUNGLE)
        self.baby_kind = self.type.index(BABY)
        kinds = range(len(cards))

        # The placement rules as tables: normal[top][card] (seed 002, Placing cards and
        # Description of cards), mirror[above][below] (DU-5), meets[request][card] (DU-3).
        self.normal = [[self._normal(top, k) for k in kinds] for top in kinds]
        self.mirror = [[self._mirror(up, k) for k in kinds] for up in kinds]
        #: A Shaman answering a Shaman goes on top of it (DU-3): answer[top][card].
        self.answer = [
            [self.type[top] == SHAMAN and self.type[k] == SHAMAN for k in kinds] for top in kinds
        ]
        self.any = [True] * len(cards)
        self.requests: tuple[tuple[str, str], ...] = (
            *(("colour", c) for c in self.colours),
            *(("value", str(v)) for v in self.values),
            *(("symbol", s) for s in self.symbols),
        )
        self.meets = [[self._meets(r, k) for k in kinds] for r in range(len(self.requests))]

        # Every move, made once, and what it does.
        cols = range(columns)
        self.m_play = [[Move(PLAY, (self.ids[k], "on", str(c + 1))) for c in cols] for k in kinds]
        self.a_play = [[(_A_PLAY, k, c) for c in cols] for k in kinds]
        self.m_dudab_req = [
            [
                Move(DUDAB_WORD, ("on", str(c + 1), REQUEST, attr, value))
                for attr, value in self.requests
            ]
            for c in cols
        ]
        self.a_dudab_req = [[(_A_DUDAB, c, r) for r in range(len(self.requests))] for c in cols]
        self.m_dudab = [Move(DUDAB_WORD, ("on", str(c + 1))) for c in cols]
        self.a_dudab = [(_A_DUDAB, c, -1) for c in cols]
        #: A Dudab on every column, by which columns hold a Jungle (bit c: column c).
        self.m_dudab_all: list[list[Move]] = []
        self.a_dudab_all: list[list[tuple[Any, ...]]] = []
        for mask in range(1 << columns):
            jungled = [bool(mask >> c & 1) for c in cols]
            self.m_dudab_all.append(
                [
                    m
                    for c in cols
                    for m in ([self.m_dudab[c]] if jungled[c] else self.m_dudab_req[c])
                ]
            )
            self.a_dudab_all.append(
                [
                    x
                    for c in cols
                    for x in ([self.a_dudab[c]] if jungled[c] else self.a_dudab_req[c])
                ]
            )
        self.m_draw = Move(DRAW)
        self.a_draw = (_A_DRAW, -1, 0)
        self.m_draw_discarding = [Move(DRAW, ("discarding", self.ids[k])) for k in kinds]
        self.a_draw_discarding = [(_A_DRAW, k, 0) for k in kinds]
        self.m_pass = Move(PASS)
        self.a_pass = (_A_PASS, 0, 0)
        self.m_jungle = [Move("jungle", ("on", str(c + 1))) for c in cols]
        self.m_baby = [Move("baby", ("on", str(c + 1))) for c in cols]
        self.a_jungle = [(_A_JUNGLE, c, 0) for c in cols]
        self.a_baby = [(_A_BABY, c, 0) for c in cols]
        #: The discards after a capture, made when first needed: (cards, own pile) -> move.
        self.discards: dict[tuple[tuple[int, ...], bool], tuple[Move, tuple[Any, ...]]] = {}
        self.m_trim = [self.discard_move((k,), True)[0] for k in kinds]
        self.a_trim = [self.discard_move((k,), True)[1] for k in kinds]

    def discard_move(self, cards: tuple[int, ...], own: bool) -> tuple[Move, tuple[Any, ...]]:
        """The move discarding these cards (sorted kinds) to the own or the discard pile."""
        key = (cards, own)
        found = self.discards.get(key)
        if found is None:
            where = OWN_PILE if own else DISCARD_PILE
            move = Move(DISCARD, (*(self.ids[k] for k in cards), "to", where))
            found = self.discards[key] = (move, (_A_DISCARD, cards, own))
        return found

    def _normal(self, top: int, card: int) -> bool:
        """May `card` go on `top` by the base rules (no open request, not a reaction)?"""
        t, c = self.type[top], self.type[card]
        if c == NUMBER:
            if t == NUMBER:  # one higher or lower, another colour and another symbol
                return (
                    abs(self.value[top] - self.value[card]) == 1
                    and self.colour[top] != self.colour[card]
                    and self.symbol[top] != self.symbol[card]
                )
            if t == SHAMAN:
                return self.colour[top] == self.colour[card]
            return t == DUDAB  # a Dudab with no request (a starting one) takes any Number card
        if c == SHAMAN:  # onto a Number card of its colour (or a requested Dudab: meets)
            return t == NUMBER and self.colour[top] == self.colour[card]
        return c == DUDAB  # a Dudab goes on any column (DU-3)

    def _mirror(self, above: int, card: int) -> bool:
        """DU-5: may `card` lie below a Jungle at the distance where `above` lies above it?"""
        t, c = self.type[above], self.type[card]
        if c == DUDAB:  # "instead of any other card" (candidate ruling, module docstring)
            return True
        if t == DUDAB:
            return False  # only another Dudab
        if t == SHAMAN:
            return c == SHAMAN  # another Shaman, of any colour
        if t == NUMBER:
            if c == SHAMAN:
                return self.colour[above] == self.colour[card]
            return c == NUMBER and (
                self.colour[above] == self.colour[card]
                or self.value[above] == self.value[card]
                or self.symbol[above] == self.symbol[card]
            )
        return False

    def _meets(self, r: int, card: int) -> bool:
        """DU-3: does `card` meet request r (a colour, a value or a symbol)?"""
        attr, wanted = self.requests[r]
        t = self.type[card]
        if attr == "colour":
            return t in (NUMBER, SHAMAN) and self.colours[self.colour[card]] == wanted
        if t != NUMBER:
            return False
        if attr == "value":
            return str(self.value[card]) == wanted
        return self.symbols[self.symbol[card]] == wanted


@cache
def rules(columns: int) -> Rules:
    """The rules' tables and moves for games with this many columns, built once."""
    return Rules(columns)


class Dudab(Game):
    """Dudab for 2..6 players (DU-2); options `jungle`, `baby`, `first`, `rounds`."""

    name = "dudab"
    title = "Dudab"
    min_players = TABLES.players.min
    max_players = TABLES.players.max
    default_players = TABLES.players.default or 4

    def __init__(self, players: Sequence[str], **options: Any) -> None:
        super().__init__(players, **options)
        n = self.n = len(self.players)
        self.tables = TABLES
        self.jungle: bool = self.options["jungle"]
        self.baby: bool = self.options["baby"]
        self.first: int | None = self.options["first"]
        self.rounds: int = self.options["rounds"] or n  # DU-2: as many rounds as players
        self.deal = TABLES.deal
        self.hand_min, self.hand_max = TABLES.hand.min, TABLES.hand.max
        self.capture_at = TABLES.column_capture
        # The cards, the rules' tables and the moves: shared by every game of this size.
        self.rules = rules(TABLES.starting_columns[n])
        self.__dict__.update(vars(self.rules))
        on = {"jungle": self.jungle, "baby": self.baby}
        cards = _DECK.cards
        playing = [not c.expansion or on.get(c.expansion, False) for c in cards]
        #: The deck this game plays with (DU-5), and the cards left in the box.
        self.in_play = tuple(k for k, c in enumerate(cards) if playing[k] for _ in range(c.count))
        self.box = tuple(k for k, c in enumerate(cards) if not playing[k] for _ in range(c.count))
        self.seat_of = {p.casefold(): s for s, p in enumerate(self.players)}
        self.order = tuple(tuple((s + i) % n for i in range(n)) for s in range(n))

    # --- options ---

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        known = ("jungle", "baby", "variant", "first", "rounds")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InputError(
                f"{self.title} has no option {', '.join(unknown)}; its options: {', '.join(known)}"
            )
        chosen = _variant(options.get("variant"))
        return {
            "jungle": _flag("jungle", options.get("jungle")) or "jungle" in chosen,
            "baby": _flag("baby", options.get("baby")) or "baby" in chosen,
            "first": self.first_seat(options.get("first"), "DU-2"),
            "rounds": self._check_rounds(options.get("rounds")),
        }

    def _check_rounds(self, value: Any) -> int | None:
        if value is None:
            return None
        n = len(self.players)
        try:
            rounds = int(value)
        except (TypeError, ValueError):
            rounds = 0
        if isinstance(value, bool) or not 1 <= rounds <= n:
            raise InputError(f"rounds: {value!r} is not 1..{n} (DU-2: as many rounds as players)")
        return rounds

    def new(self, seed: int) -> DudabState:
        return DudabState(self, seed)

    def new_quiet(self, seed: int) -> DudabState:
        """The same game, telling nothing: simulations read only moves and scores."""
        return DudabState(self, seed, narrate=False)

    def seat(self, name: str) -> int | None:
        return self.seat_of.get(name.strip().casefold())


# --- the state ------------------------------------------------------------------------------


class DudabState(State):
    """A game of Dudab in progress.

    Cards are small numbers (a kind: the index of the card face in the deck file; game.ids
    names them). Hands, own piles, the draw pile (drawn from the end) and the discard pile are
    lists of kinds; each column is a list of its visible cards (top last), with the position of
    its Jungle (`jungle[c]`, -1 for none) and the cards buried under its Babies (`buried[c]`).

    Play runs as a stack of tasks (draw, refill to two, trim to five, reveal, cover a Baby, the
    next turn): a task that needs a decision stops the run until the decision is played.

    `narrate` False (Dudab.new_quiet): no event texts are built; the rules never look at it.
    """

    game: Dudab

    def __init__(self, game: Dudab, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed)
        self.n = game.n
        self.narrate = narrate
        self.first0 = game.first if game.first is not None else self.rng.randrange(self.n)
        self.round = 0
        self.totals = [0] * self.n
        self.round_scores: list[list[int]] = []
        #: Every seat's hand, own pile and score at the last round's end (shown openly).
        self.last_scoring: list[tuple[tuple[int, ...], tuple[int, ...], int]] | None = None
        self.tasks: list[tuple[Any, ...]] = []
        self._legal: list[Move] | None = None
        self._acts: list[tuple[Any, ...]] = []
        self._picked = -1
        #: The legal moves of each phase (PHASES order).
        self._builders = (
            self._turn_moves,
            self._request_moves,
            self._shaman_moves,
            self._capture_moves,
            self._trim_moves,
            self._jungle_moves,
            self._baby_moves,
            self._no_moves,
        )
        events: list[Event] = []
        self._start_round(events)
        self.log.extend(events)

    # --- small helpers -----------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def _ids(self, cards: Iterable[int]) -> list[str]:
        ids = self.game.ids
        return [ids[k] for k in sorted(cards)]

    def _text(self, cards: Iterable[int]) -> str:
        return ", ".join(self._ids(cards)) or "nothing"

    def _private(self, seat: int, text: str, public: str) -> Event:
        return Event(text, frozenset((seat,)), public)

    def _pending(self) -> int:
        """The column that waits for an answer (open request or unanswered Shaman), or -1."""
        return self.req_col if self.req_col >= 0 else self.shaman_col

    # --- rounds and turns (DU-2) --------------------------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        game, n = self.game, self.n
        self.round += 1
        self.first = (self.first0 + self.round - 1) % n  # DU-2: passes left each round
        self.deck = self._shuffled(game.in_play)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[int] = []
        self.req = self.req_col = self.req_by = -1
        self.shaman_col = self.shaman_by = -1
        self.placing = -1
        self.tasks.clear()
        # DU-2: deal one card at a time from the first player; a Jungle or Baby goes back.
        for _ in range(game.deal):
            for s in game.order[self.first]:
                self.hands[s].append(self._setup_card())
        self.cols = [[self._setup_card()] for _ in range(game.columns)]
        self.jungle = [-1] * game.columns
        self.buried: list[list[int]] = [[] for _ in range(game.columns)]
        self.active = self.first
        if self.narrate:
            events.append(Event(f"Round {self.round} of {game.rounds} begins"))
            for s in range(n):
                name = self._name(s)
                events.append(
                    self._private(
                        s,
                        f"{name} is dealt {self._text(self.hands[s])}",
                        f"{name} is dealt {_count(len(self.hands[s]), 'card')}",
                    )
                )
            tops = ", ".join(f"{c + 1}: {game.ids[col[0]]}" for c, col in enumerate(self.cols))
            events.append(Event(f"The starting columns: {tops}"))
        self._begin_turn(events)

    def _shuffled(self, cards: Sequence[int]) -> list[int]:
        """The cards in random order: sorted by a random number each, a uniform shuffle at a
        fraction of random.shuffle's cost (its loop is Python; this sort is not)."""
        draw = self.rng.random
        return [card for _, card in sorted([(draw(), card) for card in cards])]

    def _setup_card(self) -> int:
        """DU-2: a Jungle or Baby dealt or revealed is put back, the deck reshuffled. The rest
        of the deck is in random order already, so the card is put back at a random place:
        the same chances as a whole new shuffle, for a fraction of the work."""
        deck, kinds, rng = self.deck, self.game.type, self.rng
        card = deck.pop()
        while kinds[card] >= JUNGLE:
            deck.insert(rng.randrange(len(deck) + 1), card)
            card = deck.pop()
        return card

    def _begin_turn(self, events: list[Event]) -> None:
        """The active player's turn: an answer to a Shaman, an open request, or a free turn."""
        if self.shaman_col >= 0:
            self.phase = _P_SHAMAN
        elif self.req_col >= 0:
            self.phase = _P_REQUEST
        else:
            self.phase = _P_TURN
        self._to_move = self.active
        self._legal = None
        if self.narrate:
            name = self._name(self.active)
            if self.phase == _P_SHAMAN:
                events.append(
                    Event(f"{name}'s turn: answer the Shaman on column {self.shaman_col + 1}")
                )
            elif self.phase == _P_REQUEST:
                events.append(Event(f"{name}'s turn: the request is {self._request_text()}"))
            else:
                events.append(Event(f"{name}'s turn"))

    def _request_text(self) -> str:
        attr, value = self.game.requests[self.req]
        return f"{attr} {value} (on column {self.req_col + 1})"

    def _last_card(self, s: int, events: list[Event]) -> None:
        """Seat s drew the last card: the round is over (seed 002, Round and game end). Ruling
        DU-6: every player holding more than 5 cards first puts cards of their choice on their
        own pile until they hold 5 (seat s first, then leftward); then the round is scored."""
        game, hands = self.game, self.hands
        tasks = self.tasks
        tasks.clear()
        over = [p for p in game.order[s] if len(hands[p]) > game.hand_max]
        if not over:
            self._end_round(events)
            return
        if self.narrate:
            events.append(
                Event(
                    f"The last card is drawn: every hand goes down to {game.hand_max} cards "
                    f"before round {self.round} is scored (DU-6)"
                )
            )
        tasks.append((_T_SCORE, s, 0))
        for p in reversed(over[1:]):
            tasks.append((_T_TRIM, p, 1))
        self._trim(over[0], True, events)

    def _trim(self, s: int, last: bool, events: list[Event]) -> None:
        """Seat s holds more than 5 cards: it puts cards on its own pile, one at a time
        (seed 002; at the round's end, ruling DU-6)."""
        self.phase, self._to_move = _P_TRIM, s
        if self.narrate:
            over = len(self.hands[s]) - self.game.hand_max
            why = " before the scoring (DU-6)" if last else ""
            events.append(Event(f"{self._name(s)} holds {_count(over, 'card')} too many{why}"))

    def _end_round(self, events: list[Event]) -> None:
        """The round is over: every player is scored (seed 002, Scoring; DU-4)."""
        game, narrate = self.game, self.narrate
        self.tasks.clear()
        self.reveal()  # GT-1: "All players reveal the cards in their hand" (last_scoring)
        kinds, values, dudab = game.type, game.value, game.dudab_kind
        scores: list[int] = []
        revealed: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        for s in range(self.n):
            hand, pile = self.hands[s], self.piles[s]
            counts = [0, 0, 0, 0, 0]  # by type (NUMBER is 0: its values are kept instead)
            numbers: list[int] = []
            for k in hand + pile:
                t = kinds[k]
                if t:
                    counts[t] += 1
                else:
                    numbers.append(values[k])
            in_hand = hand.count(dudab)
            tally = Tally(counts[DUDAB] - in_hand, counts[SHAMAN], counts[JUNGLE], counts[BABY])
            scoring = score_tally(tally._replace(numbers=tuple(numbers)), in_hand, explain=False)
            scores.append(scoring.score)
            revealed.append((tuple(hand), tuple(pile), scoring.score))  # shown in view()
        self.round_scores.append(scores)
        for s, points in enumerate(scores):
            self.totals[s] += points
        self.last_scoring = revealed
        if narrate:
            shown = ", ".join(f"{p} {v}" for p, v in zip(game.players, scores, strict=True))
            events.append(Event(f"The draw pile is empty: round {self.round} is over. {shown}"))
        if self.round >= game.rounds:
            self.phase, self._to_move, self._legal = _P_OVER, None, None
            if narrate:
                totals = ", ".join(
                    f"{p} {v}" for p, v in zip(game.players, self.totals, strict=True)
                )
                best = self.winners()
                wins = won([self._name(s) for s in best])
                events.append(Event(f"The game is over: {totals}. {wins}"))
            return
        self._start_round(events)

    # --- the contract ---------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        # a copy: the caller may change it, not our cache
        return list(legal if legal is not None else self._legal_list())

    def _is_legal(self, move: Move) -> bool:
        legal = self._legal  # the cache itself: play() checks every move
        if legal is None:
            legal = self._legal_list()
        try:
            self._picked = legal.index(move)
        except ValueError:
            return False
        return True

    def _legal_list(self) -> list[Move]:
        """The legal moves, cached until the next move, and what each does (self._acts)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._builders[self.phase]()
        return legal

    def _capture_moves(self) -> list[Move]:
        return self._discard_moves(len(self.hands[self._to_move or 0]) - 2)

    def _trim_moves(self) -> list[Move]:
        """One card at a time to the own pile, down to 5 (seed 002)."""
        game = self.game
        kinds = sorted(set(self.hands[self._to_move or 0]))
        self._acts = [game.a_trim[k] for k in kinds]
        return [game.m_trim[k] for k in kinds]

    def _jungle_moves(self) -> list[Move]:
        game = self.game
        cols = self._jungle_columns()
        self._acts = [game.a_jungle[c] for c in cols]
        return [game.m_jungle[c] for c in cols]

    def _baby_moves(self) -> list[Move]:
        game = self.game
        cols = self._baby_columns()
        self._acts = [game.a_baby[c] for c in cols]
        return [game.m_baby[c] for c in cols]

    def _no_moves(self) -> list[Move]:
        self._acts = []
        return []

    def _rules(self, c: int, reaction: bool = False) -> tuple[list[bool], list[bool]]:
        """What may go on column c now, as two rows indexed by card kind, both to be True:
        the mirror rule below a Jungle (DU-5) and the rule against the top card (seed 002;
        an open request, DU-3; a Shaman answering a Shaman goes on top of it, DU-3).
        A Dudab is not asked: it goes on any column (DU-3)."""
        game = self.game
        col = self.cols[c]
        j = self.jungle[c]
        if j < 0:
            if c == self.req_col:
                return game.any, game.meets[self.req]
            return game.any, (game.answer if reaction else game.normal)[col[-1]]
        below = len(col) - j - 1
        # DU-5: the mirror rule while there is a mirrored card, alone for the first card below
        mirror = game.mirror[col[j - 1 - below]] if below < j else game.any
        top = col[-1]
        if below == 0 or game.type[top] == DUDAB:  # "any card may be played on a Dudab card"
            return mirror, game.any
        return mirror, (game.answer if reaction else game.normal)[top]

    def _fits(self, k: int, c: int, reaction: bool = False) -> bool:
        """May card k go on column c now?"""
        mirror, rule = self._rules(c, reaction)
        return mirror[k] and rule[k]

    def _turn_moves(self) -> list[Move]:
        game = self.game
        hand = self.hands[self.active]
        kinds = sorted(set(hand))
        moves: list[Move] = []
        acts: list[tuple[Any, ...]] = []
        jungle = self.jungle
        mask = sum(1 << c for c, j in enumerate(jungle) if j >= 0) if game.jungle else 0
        every, normal = game.any, game.normal
        if mask:  # DU-5: the mirror rule below a Jungle
            rules = [
                (every, normal[col[-1]]) if jungle[c] < 0 else self._rules(c)
                for c, col in enumerate(self.cols)
            ]
        else:  # the base rules' row of each column's top card
            rules = [(every, normal[col[-1]]) for col in self.cols]
        dudab = game.dudab_kind
        cols = range(game.columns)
        for k in kinds:
            if k == dudab:  # on any column; no request below a Jungle (seed 002)
                moves += game.m_dudab_all[mask]
                acts += game.a_dudab_all[mask]
                continue
            plays, doings = game.m_play[k], game.a_play[k]
            for c in cols:
                mirror, rule = rules[c]
                if rule[k] and mirror[k]:
                    moves.append(plays[c])
                    acts.append(doings[c])
        if len(hand) < game.hand_max:
            moves.append(game.m_draw)
            acts.append(game.a_draw)
        elif not moves:  # seed 002, Card draw: with 5 cards, only when none can be played
            moves += [game.m_draw_discarding[k] for k in kinds]
            acts += [game.a_draw_discarding[k] for k in kinds]
        self._acts = acts
        return moves

    def _request_moves(self) -> list[Move]:
        """DU-3: meet the open request on the open Dudab, or replace it with a Dudab; only a
        player who cannot meet it shows his hand and draws."""
        game = self.game
        hand = self.hands[self.active]
        kinds = sorted(set(hand))
        c, meets = self.req_col, game.meets[self.req]
        moves: list[Move] = []
        acts: list[tuple[Any, ...]] = []
        met = False
        for k in kinds:
            if k == game.dudab_kind:
                moves += game.m_dudab_req[c]
                acts += game.a_dudab_req[c]
            elif meets[k]:
                moves.append(game.m_play[k][c])
                acts.append(game.a_play[k][c])
                met = True
        if not met:
            if len(hand) < game.hand_max:
                moves.append(game.m_draw)
                acts.append(game.a_draw)
            else:
                moves += [game.m_draw_discarding[k] for k in kinds]
                acts += [game.a_draw_discarding[k] for k in kinds]
        self._acts = acts
        return moves

    def _shaman_moves(self) -> list[Move]:
        """Seed 002, Shaman cards: another Shaman or a Dudab on it, or `pass` (reveal, draw)."""
        game = self.game
        c = self.shaman_col
        moves: list[Move] = []
        acts: list[tuple[Any, ...]] = []
        for k in sorted(set(self.hands[self.active])):
            t = game.type[k]
            if t == SHAMAN and self._fits(k, c, reaction=True):
                moves.append(game.m_play[k][c])
                acts.append(game.a_play[k][c])
            elif t == DUDAB:
                if self.jungle[c] < 0:
                    moves += game.m_dudab_req[c]
                    acts += game.a_dudab_req[c]
                else:
                    moves.append(game.m_dudab[c])
                    acts.append(game.a_dudab[c])
        moves.append(game.m_pass)
        acts.append(game.a_pass)
        self._acts = acts
        return moves

    def _discard_moves(self, count: int) -> list[Move]:
        """After a capture: `count` cards of the hand to discard, all to the discard pile or
        all to the own pile (seed 002, Placing cards)."""
        rules = self.game.rules
        made, make = rules.discards, rules.discard_move
        hand = sorted(self.hands[self._to_move or 0])
        moves: list[Move] = []
        acts: list[tuple[Any, ...]] = []
        for cards in dict.fromkeys(itertools.combinations(hand, count)):
            for key in ((cards, False), (cards, True)):
                move, act = made.get(key) or make(*key)
                moves.append(move)
                acts.append(act)
        self._acts = acts
        return moves

    def _jungle_columns(self) -> list[int]:
        """DU-7: every column without a (visible) Jungle, whatever its top card waits for."""
        return [c for c, j in enumerate(self.jungle) if j < 0]

    def _baby_columns(self) -> list[int]:
        pending = self._pending()
        return [c for c in range(self.game.columns) if c != pending]

    # --- playing a move ---------------------------------------------------------------------

    def apply(self, move: Move) -> list[Event]:
        legal = self._legal
        i = self._picked  # found by _is_legal, which play() calls just before
        if legal is None or not 0 <= i < len(legal) or legal[i] is not move:
            legal = self._legal_list()
            i = legal.index(move)
        act = self._acts[i]
        self._legal = None
        self._picked = -1
        events: list[Event] = []
        code = act[0]
        phase = self.phase
        tasks = self.tasks
        if phase <= _P_SHAMAN:  # the turn's one action (the task stack is empty)
            a = self.active
            if code == _A_PLAY:
                self._play_card(a, act[1], act[2], events)
            elif code == _A_DUDAB:
                self._play_dudab(a, act[1], act[2], events)
            elif code == _A_DRAW:
                self._draw_move(a, act[1], events)
                round_ = self.round
                if self._draw(a, 1, events):  # a Jungle or Baby to place, or the round is over
                    # (an empty draw pile: the round is over, or its last trims wait, DU-6)
                    if self.round == round_ and self.deck:
                        tasks[0:0] = ((_T_NEXT, a, 0), (_T_FILL, a, 0))
                    return events
            else:
                self._pass(a, events)
            # then: seed 002, fewer than 2 cards at the end of a turn: draw; the next turn
            if not tasks and len(self.hands[a]) >= self.game.hand_min:
                self.active = (a + 1) % self.n
                self._begin_turn(events)
                return events
            tasks[0:0] = ((_T_NEXT, a, 0), (_T_FILL, a, 0))
        elif code == _A_DISCARD:
            s = self._to_move or 0
            self._discard(s, act[1], act[2], events)
            hand = self.hands[s]
            if phase == _P_TRIM and len(hand) > self.game.hand_max:
                # one card at a time, down to 5: the same decision again, less that card
                # if it was their last of its kind (the cached list is ours: legal_moves copies)
                acts = self._acts
                if act[1][0] not in hand:
                    del legal[i]
                    del acts[i]
                self._legal = legal
                return events
        elif code == _A_JUNGLE:
            self._place_jungle(act[1], events)
        else:
            self._place_baby(act[1], events)
        self._run(events)
        return events

    def _run(self, events: list[Event]) -> None:
        """Work through the tasks until one needs a decision (or the round ends)."""
        tasks = self.tasks
        hands = self.hands
        game = self.game
        while tasks:
            task, s, x = tasks.pop()
            if task == _T_DRAW:
                if self._draw(s, x, events):
                    return
            elif task == _T_FILL:
                if len(hands[s]) < game.hand_min:
                    tasks.append((_T_FILL, s, 0))
                    tasks.append((_T_DRAW, s, 1))
            elif task == _T_NEXT:
                self.active = (self.active + 1) % self.n
                self._begin_turn(events)
                return
            elif task == _T_TRIM:
                if len(hands[s]) > game.hand_max:  # seed 002: down to 5, to the own pile
                    self._trim(s, bool(x), events)  # x: at the round's end (DU-6)
                    return
            elif task == _T_CAPTURE:
                if len(hands[s]) > 2:  # seed 002, Placing cards: discard down to 2
                    self.phase, self._to_move = _P_CAPTURE, s
                    return
            elif task == _T_REVEAL:
                if self._reveal(s, events):
                    return
            elif task == _T_SCORE:  # DU-6: every hand holds 5 at most: score the round
                self._end_round(events)
                return
            elif self._cover(s, x, events):  # _T_COVER
                return
        raise AssertionError("the tasks ran out before the next turn")

    # --- DU-3: placing cards ---------------------------------------------------------------

    def _place(self, seat: int, k: int, c: int, events: list[Event]) -> None:
        """Put card k on column c; take the column if this card captures it (DU-3, DU-5)."""
        col = self.cols[c]
        col.append(k)
        j = self.jungle[c]
        if j >= 0:
            if len(col) - j - 1 <= j:  # DU-5: captured only when below outnumbers above
                return
        elif len(col) < self.game.capture_at:
            return
        taken = self.buried[c] + col[:-1]
        self.piles[seat] += taken
        self.cols[c] = [k]
        self.buried[c] = []
        self.jungle[c] = -1
        self.tasks.append((_T_CAPTURE, seat, 0))
        if self.narrate:
            ids = self.game.ids
            took = f"{self._name(seat)} takes {_count(len(taken), 'card')} from column {c + 1}"
            starts = f"{ids[k]} starts the column"
            # GT-1: the cards go to an own pile, hidden from the others: a log read while the
            # game is on does not list them
            events.append(
                Event(f"{took} ({self._text(taken)}); {starts}", covered=f"{took}; {starts}")
            )

    def _play_card(self, a: int, k: int, c: int, events: list[Event]) -> None:
        game = self.game
        self.hands[a].remove(k)
        if self.narrate:
            under = game.ids[self.cols[c][-1]]
            events.append(
                Event(f"{self._name(a)} plays {game.ids[k]} on column {c + 1} (on {under})")
            )
        if self.req_col == c:  # DU-3: the request is met
            self.req_col = self.req = self.req_by = -1
        if game.type[k] == SHAMAN:  # the next player must answer it
            self.shaman_col, self.shaman_by = c, a
        else:
            self.shaman_col = self.shaman_by = -1
        self._place(a, k, c, events)

    def _play_dudab(self, a: int, c: int, r: int, events: list[Event]) -> None:
        game = self.game
        self.hands[a].remove(game.dudab_kind)
        self.shaman_col = self.shaman_by = -1  # a Dudab answers a Shaman
        if r >= 0:
            self.req, self.req_col, self.req_by = r, c, a
        if self.narrate:
            asks = f", calling for {' '.join(game.requests[r])}" if r >= 0 else ""
            events.append(Event(f"{self._name(a)} says Dudab! on column {c + 1}{asks}"))
        self._place(a, game.dudab_kind, c, events)

    def _show(self, a: int, events: list[Event], why: str) -> None:
        """Seat a shows its hand to the others (seed 002, Card draw; DU-3). The cards go back
        into the hand, out of the others' sight: the move is final (GT-1), and a log read
        while the game is on says only that the hand was shown."""
        self.reveal()
        if self.narrate:
            name = self._name(a)
            hand = self.hands[a]
            events.append(
                Event(
                    f"{name} shows {self._text(hand)}: {why}",
                    covered=f"{name} shows their hand ({_count(len(hand), 'card')}): {why}",
                )
            )

    def _draw_move(self, a: int, k: int, events: list[Event]) -> None:
        """What comes before the draw itself (apply draws): showing, a card to the own pile."""
        if self.phase == _P_REQUEST:  # DU-3: nothing meets the request: show, then draw
            self._show(a, events, f"nothing meets the request {self._request_text()}")
        elif k >= 0:  # seed 002, Card draw: 5 cards and none can be played
            self._show(a, events, "no card can be played")
        if k >= 0:
            self.hands[a].remove(k)
            self.piles[a].append(k)
            if self.narrate:
                name = self._name(a)
                events.append(
                    Event(
                        f"{name} puts {self.game.ids[k]} on their own pile",
                        covered=f"{name} puts a card on their own pile",  # GT-1: hidden again
                    )
                )

    def _pass(self, a: int, events: list[Event]) -> None:
        """Seed 002, Shaman cards: reveal until a Number card, draw its value (DU-3)."""
        self.shaman_col = self.shaman_by = -1
        if self.narrate:
            events.append(Event(f"{self._name(a)} takes the Shaman's draw"))
        self.tasks.append((_T_TRIM, a, 0))
        self.tasks.append((_T_REVEAL, a, 0))

    def _discard(self, s: int, cards: tuple[int, ...], own: bool, events: list[Event]) -> None:
        hand = self.hands[s]
        for k in cards:
            hand.remove(k)
        (self.piles[s] if own else self.discard).extend(cards)
        if self.narrate:
            name = self._name(s)
            if own:
                events.append(
                    self._private(
                        s,
                        f"{name} puts {self._text(cards)} on their own pile",
                        f"{name} puts {_count(len(cards), 'card')} on their own pile",
                    )
                )
            else:
                events.append(Event(f"{name} discards {self._text(cards)}"))

    # --- drawing --------------------------------------------------------------------------

    def _draw(self, s: int, count: int, events: list[Event]) -> bool:
        """Seat s draws `count` cards, one at a time. True if a decision waits (a Jungle or
        Baby to place: the rest of the draw is left as a task) or the round ended."""
        game = self.game
        deck, hand, kinds, narrate = self.deck, self.hands[s], game.type, self.narrate
        while count:
            count -= 1
            k = deck.pop()
            t = kinds[k]
            if deck and t >= JUNGLE:  # the expansions' cards are placed when drawn (DU-5)
                if narrate:
                    events.append(Event(f"{self._name(s)} draws a {game.ids[k]} card"))
                if t == JUNGLE and not self._jungle_columns():
                    # seed 002; DU-7: every column holds a Jungle: discarded, no card instead
                    self.discard.append(k)
                    if narrate:
                        events.append(
                            Event("Every column holds a Jungle: this one is discarded (DU-7)")
                        )
                    continue
                if count:
                    self.tasks.append((_T_DRAW, s, count))
                self.placing = k
                self.phase, self._to_move = (_P_JUNGLE if t == JUNGLE else _P_BABY), s
                return True
            hand.append(k)
            if narrate:
                name = self._name(s)
                events.append(
                    self._private(s, f"{name} draws {game.ids[k]}", f"{name} draws a card")
                )
            if not deck:
                self._last_card(s, events)
                return True
        return False

    def _reveal(self, s: int, events: list[Event]) -> bool:
        """Reveal cards onto the discard pile until a Number card; then draw its value."""
        game = self.game
        deck = self.deck
        while True:
            k = deck.pop()
            self.discard.append(k)
            if self.narrate:
                events.append(Event(f"{self._name(s)} reveals {game.ids[k]}"))
            if not deck:
                self._last_card(s, events)
                return True
            if game.type[k] == NUMBER:
                self.tasks.append((_T_DRAW, s, game.value[k]))
                return False

    # --- DU-5: the expansions ---------------------------------------------------------------

    def _place_jungle(self, c: int, events: list[Event]) -> None:
        """DU-7: the Jungle goes sideways on the last card of column c. On an open Dudab
        request or an unanswered Shaman it ends that request or that Shaman's demand (below a
        Jungle no Dudab calls); the next card goes below it by the mirror rule (DU-5)."""
        col = self.cols[c]
        col.append(self.placing)
        self.jungle[c] = len(col) - 1
        self.placing = -1
        ended = ""
        if c == self.req_col:
            self.req = self.req_col = self.req_by = -1
            ended = ": the Dudab's request is over (DU-7)"
        if c == self.shaman_col:
            self.shaman_col = self.shaman_by = -1
            ended = ": the Shaman need not be answered (DU-7)"
        if self.narrate:
            name = self._name(self._to_move or 0)
            events.append(
                Event(
                    f"{name} lays the Jungle sideways on column {c + 1} "
                    f"({len(col) - 1} above){ended}"
                )
            )

    def _place_baby(self, c: int, events: list[Event]) -> None:
        s = self._to_move or 0
        self.buried[c] += self.cols[c]
        self.buried[c].append(self.placing)
        self.cols[c] = []
        self.jungle[c] = -1
        self.placing = -1
        if self.narrate:
            under = len(self.buried[c]) - 1
            events.append(
                Event(
                    f"{self._name(s)} places the Baby on column {c + 1}: the column's {under} "
                    f"{'card is' if under == 1 else 'cards are'} pushed into a stack under it"
                )
            )
        self.tasks.append((_T_COVER, s, c))

    def _cover(self, s: int, c: int, events: list[Event]) -> bool:
        """Draw a card onto the Baby on column c (seed 002, Baby card; DU-5)."""
        game = self.game
        deck = self.deck
        k = deck.pop()
        t = game.type[k]
        if deck and t == BABY:  # DU-5: another Baby stacks again
            self.buried[c].append(k)
            self.tasks.append((_T_COVER, s, c))
            if self.narrate:
                events.append(Event("The card drawn onto the Baby is another Baby: it stacks"))
            return False
        if deck and t == JUNGLE:  # DU-5: discarded, another card drawn
            self.discard.append(k)
            self.tasks.append((_T_COVER, s, c))
            if self.narrate:
                events.append(Event("A Jungle drawn onto the Baby is discarded (DU-5)"))
            return False
        self.cols[c] = [k]
        if self.narrate:
            events.append(Event(f"{game.ids[k]} covers the Baby on column {c + 1}"))
        if not deck:
            self._last_card(s, events)
            return True
        if t == NUMBER:  # everyone draws its value, from the Baby's player leftward
            v = game.value[k]
            if self.narrate:
                events.append(Event(f"Everyone draws {_count(v, 'card')}"))
            for p in reversed(game.order[s]):
                self.tasks.append((_T_TRIM, p, 0))
                self.tasks.append((_T_DRAW, p, v))
        return False

    # --- what each seat sees ------------------------------------------------------------------

    def seen(self, seat: int) -> Counter[str]:
        """Every card `seat` may see now, by id (GT-1): its own hand; its own pile (the book
        never turns the own pile face down and its owner put every card there, so may look at
        it; the view shows it); the visible cards of every column; a Jungle or Baby being
        placed (its draw was told to all); the whole discard pile (face up, seed 002, Setup).
        Not the others' hands or piles, not the draw pile, not the cards under a Baby
        (invisible, DU-5), not a hand shown earlier (it went back into the hand: `_show`
        calls reveal())."""
        kinds = Counter(self.hands[seat])
        kinds.update(self.piles[seat])
        for col in self.cols:
            kinds.update(col)
        kinds.update(self.discard)
        if self.placing >= 0:
            kinds[self.placing] += 1
        ids = self.game.ids
        return Counter({ids[k]: n for k, n in kinds.items()})

    def view(self, seat: int | None) -> dict[str, Any]:
        game = self.game
        ids = game.ids
        request = None
        if self.req_col >= 0:
            attr, value = game.requests[self.req]
            request = {"column": self.req_col + 1, "kind": attr, "value": value, "by": self.req_by}
        v: dict[str, Any] = {
            "game": game.name,
            "players": list(game.players),
            "seat": seat,
            "round": self.round,
            "rounds": game.rounds,
            "first": self.first,
            "active": self.active,
            "to_move": self._to_move,
            "phase": PHASES[self.phase],
            "columns": [
                {"cards": [ids[k] for k in col], "buried": len(self.buried[c])}
                for c, col in enumerate(self.cols)
            ],
            "request": request,
            "shaman": (
                {"column": self.shaman_col + 1, "by": self.shaman_by}
                if self.shaman_col >= 0
                else None
            ),
            "placing": ids[self.placing] if self.placing >= 0 else None,
            "hand_counts": [len(h) for h in self.hands],
            "pile_counts": [len(p) for p in self.piles],
            "draw_pile": len(self.deck),
            "discard": [ids[k] for k in self.discard],
            "round_scores": [list(r) for r in self.round_scores],
            "totals": list(self.totals),
            "last_scoring": (
                [
                    {"hand": self._ids(hand), "pile": self._ids(pile), "score": points}
                    for hand, pile, points in self.last_scoring
                ]
                if self.last_scoring is not None
                else None
            ),
        }
        if seat is not None:
            v["hand"] = self._ids(self.hands[seat])
            v["pile"] = self._ids(self.piles[seat])
        if self.phase == _P_OVER:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        return v

    def describe(self, seat: int) -> list[str]:
        """A seat's screen at the table: its cards, then the columns and the rest."""
        v = self.view(seat)
        names = self.game.players
        deciding = v["to_move"]
        who = f"; {names[deciding]} decides" if deciding not in (None, v["active"]) else ""
        lines = [
            f"Round {v['round']} of {v['rounds']}; {names[v['active']]}'s turn ({v['phase']}){who}",
            f"  Your hand: {', '.join(v['hand']) or '-'}",
            f"  Your own pile: {', '.join(v['pile']) or '-'}",
            "Columns:",
        ]
        for c, col in enumerate(v["columns"], 1):
            under = f"[{col['buried']} under a Baby] " if col["buried"] else ""
            notes = []
            if v["request"] and v["request"]["column"] == c:
                r = v["request"]
                notes.append(f"open Dudab: {r['kind']} {r['value']} by {names[r['by']]}")
            if v["shaman"] and v["shaman"]["column"] == c:
                notes.append(f"Shaman by {names[v['shaman']['by']]} to answer")
            note = f"   <- {'; '.join(notes)}" if notes else ""
            lines.append(f"  {c}: {under}{' > '.join(col['cards'])}{note}")
        counts = ", ".join(
            f"{p} {h} in hand/{o} in pile"
            for p, h, o in zip(names, v["hand_counts"], v["pile_counts"], strict=True)
        )
        top = v["discard"][-1] if v["discard"] else "-"
        lines += [
            f"  Draw pile {v['draw_pile']}; discard pile {len(v['discard'])} (top: {top})",
            f"  Players: {counts}",
        ]
        totals = ", ".join(f"{p} {t}" for p, t in zip(names, v["totals"], strict=True))
        lines.append(f"  Scores after {_count(len(v['round_scores']), 'round')}: {totals}")
        if v["phase"] == "trim" and not v["draw_pile"]:
            lines.append(
                f"  The draw pile is empty: every hand goes down to {self.game.hand_max} cards on "
                "its own pile, then the round is scored (DU-6)"
            )
        if v["placing"]:
            lines.append(f"  You drew a {v['placing']}: choose its column")
        return lines

    # --- the end -------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Points over the rounds played so far (fewer is better, DU-4)."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """The lowest total wins; a tie shares the win (DU-4)."""
        if self.phase != _P_OVER:
            return []
        best = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def conserved(self) -> bool:
        """All 96 cards (DU-1) in exactly one place, the expansions' unused ones in the box."""
        found = [0] * len(self.game.ids)
        places: list[Iterable[int]] = [
            self.deck,
            self.discard,
            self.game.box,
            *self.hands,
            *self.piles,
            *self.cols,
            *self.buried,
        ]
        if self.placing >= 0:
            places.append((self.placing,))
        for place in places:
            for k in place:
                found[k] += 1
        jungles_ok = all(
            (j < 0 or (j < len(col) and col[j] == self.game.jungle_kind))
            for j, col in zip(self.jungle, self.cols, strict=True)
        )
        return tuple(found) == self.game.counts and jungles_ok

    # --- reasons (why a move is refused) ----------------------------------------------------

    def parse(self, text: str) -> Move:
        """A typed move; `color` is read as `colour`, and the cards of a discard in any order."""
        words = text.lower().replace("color", "colour").split()
        if words[:1] == [DISCARD] and "to" in words:
            at = words.index("to")
            order = self.game.kind_of
            cards = sorted(words[1:at], key=lambda w: order.get(w, len(order)))
            words = [DISCARD, *cards, *words[at:]]
        return super().parse(" ".join(words))

    def why_illegal(self, move: Move) -> str:
        if self._to_move is None:
            return "the game is over (DU-2: every round has been played): no more moves"
        words = move.text().lower().split()
        reason = self._reason(words[0] if words else "", words[1:])
        legal = self._legal_list()
        shown = ", ".join(m.text() for m in legal[:12])
        more = " ..." if len(legal) > 12 else ""
        return f"{move.text()!r}: {reason}; {self._name(self._to_move)} may: {shown}{more}"

    def _reason(self, word: str, rest: list[str]) -> str:
        s, phase = self._to_move or 0, self.phase
        name = self._name(s)
        if word not in (PLAY, DUDAB_WORD, DRAW, PASS, DISCARD, "jungle", "baby"):
            return "not a move of Dudab (play, dudab, draw, pass, discard, jungle, baby)"
        if phase == _P_CAPTURE:
            return (
                f"{name} took a column and discards down to 2 cards, all to one pile: "
                f"'discard CARDS to discard-pile' or '... to own-pile' (seed 002, Placing cards)"
            )
        if phase == _P_TRIM:
            end = "; the round is scored after (DU-6)" if not self.deck else ""
            return f"{name} holds more than 5 cards: 'discard CARD to own-pile' (seed 002{end})"
        if phase == _P_JUNGLE:
            return f"{name} drew a Jungle and places it: 'jungle on N', a column without one (DU-7)"
        if phase == _P_BABY:
            return f"{name} drew a Baby and places it at once: 'baby on N' (DU-5)"
        if word in ("jungle", "baby"):
            return f"a {word} card is placed when it is drawn, not played from the hand (DU-5)"
        if word == DISCARD:
            return "cards are discarded after taking a column or above 5 cards in hand"
        if phase == _P_SHAMAN:
            return (
                f"{name} must answer the Shaman on column {self.shaman_col + 1}: a Shaman or a "
                "Dudab on it, or 'pass' to reveal and draw (seed 002, Shaman cards; DU-3)"
            )
        if word == PASS:
            return "'pass' answers a Shaman; nobody played one to answer"
        if word == DRAW:
            return self._draw_reason(rest)
        return self._place_reason(word, rest)

    def _draw_reason(self, rest: list[str]) -> str:
        hand = self.hands[self.active]
        full = len(hand) >= self.game.hand_max
        if self.phase == _P_REQUEST and any(m.action == PLAY for m in self._legal_list()):
            return f"a card in hand meets the request {self._request_text()}: it must be played"
        if full and rest[:1] != ["discarding"]:
            return "with 5 cards, name the card for the own pile: 'draw discarding CARD'"
        if full:
            if any(m.action != DRAW for m in self._legal_list()):
                return "with 5 cards a player may draw only when no card can be played (seed 002)"
            return f"{' '.join(rest[1:])!r} is not a card in hand"
        return "with fewer than 5 cards just type 'draw'"

    def _place_reason(self, word: str, rest: list[str]) -> str:
        game = self.game
        name = self._name(self.active)
        if word == DUDAB_WORD:
            card, where = "dudab", rest
        else:
            card, where = (rest[0] if rest else ""), rest[1:]
        k = game.kind_of.get(card)
        if k is None:
            return f"{card!r} is not a Dudab card (e.g. red-3-hand, shaman-blue, dudab)"
        if k not in self.hands[self.active]:
            return f"{name} holds no {card}"
        if word == PLAY and k == game.dudab_kind:
            return "a Dudab is played as 'dudab on N request colour|value|symbol X'"
        if len(where) < 2 or where[0] != "on" or not where[1].isdigit():
            return f"say where: '{word} {card} on N'" if word == PLAY else "say 'dudab on N ...'"
        c = int(where[1]) - 1
        if not 0 <= c < game.columns:
            return f"there is no column {where[1]}; the columns are 1..{game.columns}"
        if self.phase == _P_REQUEST and c != self.req_col:
            return (
                f"the request {self._request_text()} must be met first: no other card may be "
                "played (seed 002, Dudab cards)"
            )
        if word == DUDAB_WORD:
            if self.jungle[c] >= 0:
                return "below a Jungle a Dudab calls for nothing: 'dudab on N' (seed 002)"
            return "call for a card: 'dudab on N request colour red|value 3|symbol hand' (DU-3)"
        if self.phase == _P_REQUEST:
            return f"{card} does not meet the request {self._request_text()} (DU-3)"
        return self._misfit(k, c)

    def _misfit(self, k: int, c: int) -> str:
        game = self.game
        col = self.cols[c]
        card, top = game.ids[k], game.ids[col[-1]]
        j = self.jungle[c]
        if j >= 0:
            below = len(col) - j - 1
            if below < j and not game.mirror[col[j - 1 - below]][k]:
                mirrored = game.ids[col[j - 1 - below]]
                return (
                    f"below the Jungle {card} must mirror {mirrored}, the card at the same "
                    "distance above it (DU-5)"
                )
        t, u = game.type[k], game.type[col[-1]]
        if t == SHAMAN:
            return f"a Shaman goes on a Number card of its colour, not on {top} (seed 002)"
        if u == SHAMAN:
            return f"a Number card goes on a Shaman of its colour, not on {top} (seed 002)"
        if u == NUMBER:
            return (
                f"{card} cannot go on {top}: one higher or lower, another colour and another "
                "symbol (seed 002, Number cards)"
            )
        return f"{card} cannot go on {top} (seed 002)"

    # --- a position set by hand ---------------------------------------------------------

    def arrange(
        self,
        *,
        hands: Mapping[int, Sequence[str]] | None = None,
        columns: Sequence[Sequence[str]] | None = None,
        buried: Mapping[int, Sequence[str]] | None = None,
        piles: Mapping[int, Sequence[str]] | None = None,
        discard: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        only_deck: bool = False,
        active: int | None = None,
        request: tuple[int, str, str] | None = None,
        request_by: int | None = None,
        shaman: int | None = None,
    ) -> None:
        """Set a position by hand, for tests and teaching, as the start of `active`'s turn.

        `hands`, `piles` give seats exactly these cards; `columns` the visible cards of each
        column (first to top; a `jungle` among them lies where written); `buried` the cards
        under a column's Babies (column numbers from 1); `discard` the discard pile; `deck`
        the top of the draw pile, the first listed drawn first. What is not given stays; every
        other card goes to the draw pile (shuffled, under `deck`), or with `only_deck` to the
        discard pile (the draw pile is then exactly `deck`). `request` opens a Dudab
        request on a column whose top is a Dudab: (column, kind, value); `shaman` marks the
        Shaman on top of that column as not yet answered. A game arranged this way cannot be
        replayed from its save."""
        game = self.game
        if self.phase == _P_OVER:
            raise InputError("the game is over")
        kind = game.kind_of
        hands_now = {s: [kind[c] for c in cards] for s, cards in (hands or {}).items()}
        piles_now = {s: [kind[c] for c in cards] for s, cards in (piles or {}).items()}
        new_hands = [hands_now.get(s, self.hands[s]) for s in range(self.n)]
        new_piles = [piles_now.get(s, self.piles[s]) for s in range(self.n)]
        new_cols = (
            [[kind[c] for c in col] for col in columns]
            if columns is not None
            else [list(c) for c in self.cols]
        )
        if len(new_cols) != game.columns:
            raise InputError(f"this game has {game.columns} columns, not {len(new_cols)}")
        new_buried = [list(b) for b in self.buried]
        for c, cards in (buried or {}).items():
            new_buried[c - 1] = [kind[x] for x in cards]
        new_discard = [kind[c] for c in discard] if discard is not None else list(self.discard)
        top = [kind[c] for c in deck or ()]
        pool = Counter(game.in_play)
        for place in (*new_hands, *new_piles, *new_cols, *new_buried, new_discard, top):
            pool.subtract(place)
        short = [game.ids[k] for k, c in pool.items() if c < 0]
        if short:
            raise InputError(f"not enough {', '.join(short)} cards in this game's deck")
        rest = sorted(pool.elements())
        self.rng.shuffle(rest)
        if only_deck:
            new_discard += rest
            rest = []
        self.deck = rest + top[::-1]
        self.hands, self.piles, self.cols, self.buried = new_hands, new_piles, new_cols, new_buried
        self.discard = new_discard
        self.jungle = [
            col.index(game.jungle_kind) if game.jungle_kind in col else -1 for col in new_cols
        ]
        self.req = self.req_col = self.req_by = -1
        self.shaman_col = self.shaman_by = -1
        if active is not None:
            self.active = active
        if request is not None:
            c, attr, value = request
            self.req = game.requests.index((attr, str(value)))
            self.req_col = c - 1
            self.req_by = (self.active - 1) % self.n if request_by is None else request_by
            assert new_cols[c - 1][-1] == game.dudab_kind, "a request is made by a Dudab on top"
        if shaman is not None:
            self.shaman_col, self.shaman_by = shaman - 1, (self.active - 1) % self.n
            assert game.type[new_cols[shaman - 1][-1]] == SHAMAN
        self.placing = -1
        self.tasks.clear()
        self._begin_turn(self.log)


# --- a computer player ----------------------------------------------------------------------


class DudabHeuristicBot:
    """A sensible Dudab player that reads only its view.

    It plays to avoid being the one who takes a column (never the sixth card, nor the card
    that makes a Jungle column's below outnumber its above, unless the column is worth little),
    keeps its Dudabs for defence (against a Shaman, or when nothing else can be played), dumps
    its high Number cards early, plays its Shamans to make the next player answer, calls for a
    card the others are unlikely to hold, and when it must put cards on its own pile picks
    those that raise its score least (by the book's scoring, dudab_score).
    """

    name = "heuristic"

    def __init__(self) -> None:
        from ezkit.games import dudab_score

        self.score = dudab_score.score
        cards = _DECK.cards
        self.kind = {c.id: c.kind for c in cards}
        self.value = {c.id: int(c.value or 0) for c in cards}
        self.attrs = {
            c.id: {("colour", str(c.colour)), ("value", str(c.value)), ("symbol", str(c.symbol))}
            if c.kind == "number"
            else ({("colour", str(c.colour))} if c.kind == "shaman" else set())
            for c in cards
        }
        self.counts = {c.id: c.count for c in cards}
        #: What keeping a card in hand is worth (less is better): Dudabs for defence most.
        self.keep = {"dudab": -4.0, "shaman": -2.0}
        #: Every call a Dudab can make, and the cards that meet it (DU-3).
        self.meeting: dict[tuple[str, str], list[str]] = {}
        for c in cards:
            for wanted in sorted(self.attrs[c.id]):
                self.meeting.setdefault(wanted, []).append(c.id)

    # --- what the bot believes ---

    def _points(self, cards: Sequence[str]) -> float:
        """Roughly what cards are worth to whoever takes them."""
        total = 0.0
        for card in cards:
            kind = self.kind[card]
            if kind == "number":
                total += self.value[card]
            elif kind == "shaman":
                total += 4
            elif kind == "dudab":
                total -= 3
            elif kind == "baby":
                total -= 2
            elif kind == "jungle":
                total -= 1
        return total

    def _capture(self, view: dict[str, Any], c: int) -> float | None:
        """The worth of the cards a card placed on column c would take, or None."""
        col = view["columns"][c]
        cards = col["cards"]
        if "jungle" in cards:
            j = cards.index("jungle")
            if len(cards) - j - 1 + 1 <= j:
                return None
        elif len(cards) + 1 < TABLES.column_capture:
            return None
        return self._points(cards) + 2.0 * col["buried"]

    def _unseen(self, view: dict[str, Any]) -> Counter[str]:
        """The cards this seat has not seen (in others' hands or the draw pile, roughly)."""
        seen = Counter(view.get("hand") or [])
        seen.update(view.get("pile") or [])
        seen.update(view["discard"])
        for col in view["columns"]:
            seen.update(col["cards"])
        return Counter({c: n - seen[c] for c, n in self.counts.items() if n > seen[c]})

    # --- choosing ---

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase in ("capture", "trim"):
            return self._discard(view, legal, rng)
        if phase in ("jungle", "baby"):
            return self._place(view, legal, rng)
        best: tuple[float, float, Move] | None = None
        calls = any(len(m.args) > 2 and m.args[2] == REQUEST for m in legal)
        request = self._request(view, rng) if calls else ("", "")
        hand = view.get("hand") or []
        for move in legal:
            gain = self._gain(view, move, phase, hand, request)
            key = (gain, rng.random(), move)
            if best is None or key[:2] > best[:2]:
                best = key
        assert best is not None
        return best[2]

    def _gain(
        self,
        view: dict[str, Any],
        move: Move,
        phase: str,
        hand: Sequence[str],
        request: tuple[str, str],
    ) -> float:
        action, args = move.action, move.args
        if action == PASS:
            return -3.0  # the Shaman's draw: 2.5 cards on average
        if action == DRAW:
            return -2.0 - (0.5 if args else 0.0)
        if action == PLAY:
            card, c = args[0], int(args[2]) - 1
            gain = 1.0 + self.value[card] * 0.6  # dump high cards early
            if self.kind[card] == "shaman":
                gain = 2.5  # the next player must answer
            taken = self._capture(view, c)
            if taken is not None:
                gain -= 3.0 + max(0.0, taken)
            elif len(view["columns"][c]["cards"]) == 4 and "jungle" not in view["columns"][c]:
                gain -= 0.5  # the fifth card: the next player need not take it
            return gain
        # a Dudab: for defence (a Shaman to answer), or when nothing else helps
        c = int(args[1]) - 1
        gain = 1.5 if phase == "shaman" else (-1.0 if len(hand) < 5 else 0.5)
        if phase == "request":
            gain = -1.5
        taken = self._capture(view, c)
        if taken is not None:
            gain -= 3.0 + max(0.0, taken)
        if len(args) > 2 and (args[3], args[4]) != request:
            gain -= 0.01  # the best call first
        return gain

    def _request(self, view: dict[str, Any], rng: random.Random) -> tuple[str, str]:
        """The call the others can meet least, preferring one this seat can meet itself; of
        equal calls, one at random (GT-2)."""
        unseen = self._unseen(view)
        mine = set().union(*(self.attrs[c] for c in view.get("hand") or []))
        best: tuple[float, float, tuple[str, str]] | None = None
        for wanted, cards in self.meeting.items():
            others = sum(unseen[c] for c in cards)
            key = (others - (3 if wanted in mine else 0), rng.random())
            if best is None or key < best[:2]:
                best = (*key, wanted)
        assert best is not None
        return best[2]

    def _discard(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        """Keep Dudabs and Shamans, and low cards; what goes to the own pile scores there."""
        pile = list(view.get("pile") or [])
        hand = view.get("hand") or []
        if view["phase"] == "trim" and not view["draw_pile"]:
            return self._last_trim(pile, hand, legal, rng)
        now = self.score(pile, explain=False).score

        def cost(move: Move) -> tuple[float, float]:
            args = move.args
            cards = list(args[: args.index("to")])
            kept = list(hand)
            for card in cards:
                kept.remove(card)
            keep = sum(self.keep.get(self.kind[c], 0.0) + 0.3 * self.value[c] for c in kept)
            delta = self.score([*pile, *cards], explain=False).score - now
            return (delta + keep if args[-1] == OWN_PILE else keep, rng.random())

        return min(legal, key=cost)

    def _last_trim(
        self, pile: list[str], hand: Sequence[str], legal: Sequence[Move], rng: random.Random
    ) -> Move:
        """Ruling DU-6: the round is over and the hand goes down to 5 before the scoring. The
        round's score is all that counts now (a Dudab kept in hand costs 5, on the pile it
        pairs with a Shaman or turns a Number card): the card whose best completion scores
        least; of equals, the one that helps most if it were the last; then at random (GT-2)."""
        more = len(hand) - TABLES.hand.max - 1  # cards still to put after this one
        score = self.score

        def cost(move: Move) -> tuple[int, int, float]:
            card = move.args[0]
            rest = list(hand)
            rest.remove(card)
            best = min(
                score([*pile, card, *put], _without(rest, put), explain=False).score
                for put in dict.fromkeys(itertools.combinations(sorted(rest), more))
            )
            return best, score([*pile, card], rest, explain=False).score, rng.random()

        return min(legal, key=cost)

    def _place(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        columns = view["columns"]

        def size(move: Move) -> tuple[int, float]:
            return len(columns[int(move.args[1]) - 1]["cards"]), rng.random()

        # a Jungle on the longest column holds it open longest; a Baby buries the longest one;
        # of equally long columns, one at random (GT-2)
        return max(legal, key=size)


def _without(cards: Sequence[str], taken: Sequence[str]) -> list[str]:
    """The cards less those taken (a multiset difference)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left
