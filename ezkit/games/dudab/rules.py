"""Dudab's rules (seed 002): the game and its options, the cards and the placement rules as
tables, and every move made once.

Rules: the rule book, settled by rulings DU-1..DU-8 (shared/rules/RULINGS.md); card identities,
counts and the game's numbers (deal, starting columns, hand limits, the capturing card, the
scoring points and the Baby table) come from `cards/dudab.yaml` (ezkit.games.decks). The round
scoring is ezkit.games.dudab.score, the same functions `ezkit score dudab` shows step by step.
How moves are typed: the package's docstring (ezkit/games/dudab/__init__.py).

The deck per options (DU-1, DU-5): the 80 base cards (64 Number, 8 Shaman, 8 Dudab) always,
the 8 Jungle cards with option `jungle`, the 8 Baby cards with option `baby`; the expansions'
cards that are off lie in the box. `conserved()` counts all 96 cards: draw pile, hands, own
piles, discard pile, columns (visible and under Babies), a Jungle or Baby being placed, box.

Options: `jungle`, `baby` (true/false, or `variant=jungle,baby`), `first` (the seat or name
starting round 1; else random from the seed), `rounds` (default: as many as players, DU-2).



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
  card goes where the draw puts it and nothing else happens (a Baby drawn last stays in the
  hand; a Jungle drawn last is placed, or discarded when every column holds one, as DU-7 says
  of every drawn Jungle), but every hand over 5 cards goes down to 5 first (DU-6). Then every
  player is scored (score.py).
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
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.dudab.tables import DudabTables
from ezkit.games.engine import Game, Move

if TYPE_CHECKING:
    from ezkit.games.dudab.state import DudabState

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
assert isinstance(TABLES, DudabTables)

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
        #: The same tables as sets of the kinds a player plays as a card (`play K on N`: Number
        #: cards and Shamans; a Dudab is said, Jungles and Babies are placed), for the legal
        #: moves: the cards of a hand that may go on a column are then one `&` (_allowed).
        self.played = frozenset(k for k in kinds if self.type[k] in (NUMBER, SHAMAN))
        self.shamans = frozenset(k for k in kinds if self.type[k] == SHAMAN)
        self.fitting = [self._playable(row) for row in self.normal]
        self.mirroring = [self._playable(row) for row in self.mirror]
        self.answering = [self._playable(row) for row in self.answer]
        self.meeting = [self._playable(row) for row in self.meets]

        # Every move, made once, and what it does.
        cols = range(columns)
        self.m_play = [[Move(PLAY, (self.ids[k], "on", str(c + 1))) for c in cols] for k in kinds]
        #: The same by k * columns + c: in the order of the menus (by card, then column).
        self.m_play_at = [move for row in self.m_play for move in row]
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
        for mask in range(1 << columns):
            jungled = [bool(mask >> c & 1) for c in cols]
            self.m_dudab_all.append(
                [
                    m
                    for c in cols
                    for m in ([self.m_dudab[c]] if jungled[c] else self.m_dudab_req[c])
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
        #: What each move does, by the move (a discard's entry is made with the move).
        self.act_of: dict[Move, tuple[Any, ...]] = {}
        #: The discards after a capture, made when first needed: (cards, own pile) -> move.
        self.discards: dict[tuple[tuple[int, ...], bool], tuple[Move, tuple[Any, ...]]] = {}
        self.pairs: dict[tuple[int, ...], tuple[Move, Move]] = {}  # (discard_pair)
        self.m_trim = [self.discard_move((k,), True)[0] for k in kinds]
        self.act_of.update(
            (move, act)
            for moves, acts in (
                (self.m_play, self.a_play),
                (self.m_dudab_req, self.a_dudab_req),
                ([self.m_dudab, self.m_draw_discarding], [self.a_dudab, self.a_draw_discarding]),
                ([self.m_jungle, self.m_baby], [self.a_jungle, self.a_baby]),
                ([[self.m_draw, self.m_pass]], [[self.a_draw, self.a_pass]]),
            )
            for row, doings in zip(moves, acts, strict=True)
            for move, act in zip(row, doings, strict=True)
        )

    def discard_pair(self, cards: tuple[int, ...]) -> tuple[Move, Move]:
        """The two discards of these cards (sorted kinds) after a capture, to the discard pile
        and to the own pile, as a menu lists them (remembered: a menu asks for every way to
        keep two cards)."""
        found = self.pairs.get(cards)
        if found is None:
            found = self.pairs[cards] = (
                self.discard_move(cards, False)[0],
                self.discard_move(cards, True)[0],
            )
        return found

    def discard_move(self, cards: tuple[int, ...], own: bool) -> tuple[Move, tuple[Any, ...]]:
        """The move discarding these cards (sorted kinds) to the own or the discard pile."""
        key = (cards, own)
        found = self.discards.get(key)
        if found is None:
            where = OWN_PILE if own else DISCARD_PILE
            move = Move(DISCARD, (*(self.ids[k] for k in cards), "to", where))
            found = self.discards[key] = (move, (_A_DISCARD, cards, own))
            self.act_of[move] = found[1]
        return found

    def _playable(self, row: Sequence[bool]) -> frozenset[int]:
        """The kinds a row of a rules table allows (by kind) that are played as cards."""
        return frozenset(k for k in self.played if row[k])

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
        from ezkit.games.dudab.state import DudabState  # the state imports these rules

        return DudabState(self, seed)

    def new_quiet(self, seed: int) -> DudabState:
        """The same game, telling nothing: simulations read only moves and scores."""
        from ezkit.games.dudab.state import DudabState

        return DudabState(self, seed, narrate=False)

    def seat(self, name: str) -> int | None:
        return self.seat_of.get(name.strip().casefold())
