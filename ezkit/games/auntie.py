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

Take events, and a Give event when the active player holds only one kind of fudge, play out
by themselves. A turn whose active player has no Excuse he can play ends by itself.

Beyond the rulings (each also noted where it is coded):

- Give and Swap name their fudge card when played (`give 4 to Bob`); it goes to the final
  target after any Deflect, and only its player sees which it is until it lands.
- Give needs fudge to give and Swap needs fudge on both sides (AU-6): with none, the move is
  not offered. A Burden when the stack is empty may be played and draws nothing (AU-8).
- Ask Auntie names no target: it neither is nor counts as "the first Excuse's target" (AU-4).
- Deflects against Ask Auntie follow "at most one Deflect per Excuse" too (deflects_per_excuse
  in the deck file): the holders are asked in seat order from the active player's left until
  one deflects. The others draw in that order, then the active player draws the event.
- Swap takes the target's random card before giving the chosen one.
- AU-11: a reaction is asked of every eligible player, holder or not (a player without the
  card has one answer, `pass`), so whose turn it is never tells who holds one; the story
  says what was played ("Cat interrupts", "no one interrupts"), never who passed. A turn
  whose player can play no Excuse ends by itself, and a Give event with one kind of fudge
  plays itself.
- "The round in which the stack ran out" is the round in which a draw emptied it, even if a
  Give Auntie puts a card back later in that round (AU-9).
- `rounds` with the no-draw variant: `rounds` is the limit.

`view(seat)` keys: game, players, seat, round, rounds (the round limit or None), last_round,
first, active, to_move, phase (interrupt, excuse, deflect, ask-auntie, event, over),
excuses_left, interrupted_by, named (the first Excuse's target this turn), pending (the
Excuse being played: excuse, by, target, deflected_by, and fudge for its player only), event
(the event card being played out), fudge_counts, hand_counts, stack, action_deck, event_deck,
action_discard, event_discard; for a seat also fudge (his fudge ids), hand (his action ids)
and points; at the end scores, winners and revealed (everybody's fudge).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from operator import mul
from typing import Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.engine import Event, Game, Move, Reaction, State
from ezkit.words import plural, won

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
assert isinstance(TABLES, decks.AuntieTables)

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
        return AuntieState(self, seed)

    def new_quiet(self, seed: int) -> AuntieState:
        """The same game, telling nothing: simulations read only moves and scores."""
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


# --- the state ------------------------------------------------------------------------------


class AuntieState(State):
    """A game of Auntie's Fudge in progress.

    Cards are kept as counts per kind: a player's fudge `fudge[seat][k]` (k indexes
    game.fudge_ids), his action cards `hands[seat][a]` (a indexes ACTIONS); the fudge stack,
    action deck and event deck are lists of kinds, drawn from the end; discard piles are counts.

    `narrate` False (Auntie.new_quiet): no event texts are built, so play() returns no events
    and the log stays empty. Texts are built only under `if self.narrate`, and rules never
    are, so a quiet game plays exactly as a narrated one (same chance, moves and views).
    """

    game: Auntie

    def __init__(self, game: Auntie, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed)
        rng, n = self.rng, game.n
        self.n = n
        self.narrate = narrate
        # AU-1: the table chooses the first player, otherwise the seed does.
        self.first = game.first if game.first is not None else rng.randrange(n)
        # AU-3 setup: shuffle the three decks.
        self.stack = [k for k, c in enumerate(game.fudge_counts) for _ in range(c)]
        self.action_deck = [a for a, c in enumerate(game.action_counts) for _ in range(c)]
        self.event_deck = [e for e, c in enumerate(game.event_counts) for _ in range(c)]
        rng.shuffle(self.stack)
        rng.shuffle(self.action_deck)
        rng.shuffle(self.event_deck)
        self.fudge = [[0] * len(game.fudge_ids) for _ in range(n)]
        self.hands = [[0] * len(ACTIONS) for _ in range(n)]
        self.action_discard = [0] * len(ACTIONS)
        self.event_discard = [0] * len(game.event_ids)

        self.round = 0
        self.last_round = False
        self.ran_out = False
        self.active = self.first
        self.phase = _P_EXCUSE
        self._to_move: int | None = None
        self._legal: list[Move] | None = None
        self._queue: list[int] = []  # seats still to be asked about a reaction
        self.allowed = 0  # Excuses the active player may play this turn
        self.played = 0
        self.interrupted_by: int | None = None
        self.interrupts = 0
        self.named: int | None = None  # the target the turn's first Excuse named (AU-4)
        # The Excuse being played: [action, fudge kind or -1, target or -1, deflected by or -1]
        self.pending: list[int] | None = None
        self.deflects = 0
        self.deflectors: list[int] = []  # who deflected the Ask Auntie being played
        self.event: int | None = None  # the event card being played out

        events: list[Event] = []
        # AU-3: deal the action cards, one at a time from the first player round.
        for _ in range(TABLES.action_hand):
            for s in self._from(self.first):
                self._draw_action(s, events, quiet=True)
        if narrate:
            events += [self._dealt(s) for s in range(n)]
        self._start_round(events)
        if not self._start_turn(events):
            self._carry_on(events)
        self.log.extend(events)

    # --- small helpers -----------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def _from(self, seat: int) -> Iterable[int]:
        """Every seat, starting with `seat` and going left."""
        return ((seat + i) % self.n for i in range(self.n))

    def _private(self, seat: int | Iterable[int], text: str, public: str) -> Event:
        seats = frozenset((seat,)) if isinstance(seat, int) else frozenset(seat)
        return Event(text, seats, public)

    def _dealt(self, seat: int) -> Event:
        """AU-3: a seat's dealt hand, seen only by that seat."""
        name = self._name(seat)
        return self._private(
            seat,
            f"{name} is dealt {self._hand_text(seat)}",
            f"{name} is dealt {plural(sum(self.hands[seat]), 'action card')}",
        )

    def _hand_text(self, seat: int) -> str:
        return ", ".join(self._hand_ids(seat)) or "nothing"

    def _hand_ids(self, seat: int) -> list[str]:
        ids: list[str] = []
        for a, c in zip(ACTIONS, self.hands[seat], strict=True):
            if c:
                ids += [a] * c
        return ids

    def _fudge_ids(self, seat: int) -> list[str]:
        ids: list[str] = []
        for fid, c in zip(self.game.fudge_ids, self.fudge[seat], strict=True):
            if c:
                ids += [fid] * c
        return ids

    def _points(self, seat: int) -> int:
        return sum(map(mul, self.game.points, self.fudge[seat]))

    def _random_fudge(self, seat: int) -> int:
        """A random fudge kind from a seat's fudge (he must have some)."""
        f = self.fudge[seat]
        r = self.rng.randrange(sum(f))
        for k, c in enumerate(f):
            if r < c:
                return k
            r -= c
        raise AssertionError("unreachable")

    # --- drawing (AU-8) -----------------------------------------------------------------

    def _draw_fudge(self, seat: int) -> int | None:
        """The top of the fudge stack to `seat`; nothing if it is empty (AU-8). The round in
        which the stack runs out is the last (AU-9)."""
        if not self.stack:
            return None
        k = self.stack.pop()
        self.fudge[seat][k] += 1
        if not self.stack:
            self.ran_out = True
            self.last_round = True
        return k

    def _draw_action(self, seat: int, events: list[Event], quiet: bool = False) -> None:
        if not self.action_deck and sum(self.action_discard):
            # AU-8: an empty deck is refilled by shuffling its discard pile.
            self.action_deck = [a for a, c in enumerate(self.action_discard) for _ in range(c)]
            self.action_discard = [0] * len(ACTIONS)
            self.rng.shuffle(self.action_deck)
            if self.narrate:
                events.append(Event("The action discard pile is shuffled into a new deck (AU-8)"))
        quiet = quiet or not self.narrate  # quiet: the deal tells each hand at once
        if not self.action_deck:
            if not quiet:
                events.append(Event(f"{self._name(seat)} has no action card to draw (AU-8)"))
            return
        a = self.action_deck.pop()
        self.hands[seat][a] += 1
        if not quiet:
            name = self._name(seat)
            events.append(
                self._private(seat, f"{name} draws {ACTIONS[a]}", f"{name} draws an action card")
            )

    def _draw_event(self, events: list[Event]) -> int | None:
        if not self.event_deck and sum(self.event_discard):
            self.event_deck = [e for e, c in enumerate(self.event_discard) for _ in range(c)]
            self.event_discard = [0] * len(self.event_discard)
            self.rng.shuffle(self.event_deck)
            if self.narrate:
                events.append(Event("The event discard pile is shuffled into a new deck (AU-8)"))
        if not self.event_deck:
            if self.narrate:
                events.append(Event("There is no event card to draw (AU-8)"))
            return None
        e = self.event_deck.pop()
        self.event_discard[e] += 1  # played out now, then it lies on the discard pile
        return e

    # --- rounds and turns (AU-3, AU-4, AU-9) --------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        game, narrate = self.game, self.narrate
        need = TABLES.first_round_fudge if self.round == 1 else game.later_draw
        if narrate:
            events.append(Event(f"Round {self.round} begins"))
        if game.limit is not None and self.round >= game.limit:
            self.last_round = True
            if narrate:
                limit = plural(game.limit, "round")
                events.append(Event(f"Round {self.round} is the last (the game has {limit})"))
        if not need:
            return
        if len(self.stack) < need * self.n:
            # AU-9 (FAQ 2): the stack cannot serve everyone: nobody draws, this round is the last.
            self.last_round = True
            if narrate:
                events.append(
                    Event(
                        f"The fudge stack ({len(self.stack)}) cannot give everyone {need}: "
                        "nobody draws and this round is the last (AU-9)"
                    )
                )
            return
        for s in self._from(self.first):
            drawn = [self._draw_fudge(s) for _ in range(need)]
            if narrate:
                ids = ", ".join(game.fudge_ids[k] for k in drawn if k is not None)
                name = self._name(s)
                events.append(
                    self._private(
                        s, f"{name} draws {ids}", f"{name} draws {plural(need, 'fudge card')}"
                    )
                )
        if self.ran_out and narrate:
            events.append(Event("The fudge stack is empty: this round is the last (AU-9)"))

    def _start_turn(self, events: list[Event]) -> bool:
        """Begin the active player's turn; True if somebody now has a decision to make."""
        a = self.active
        if self.narrate:
            events.append(Event(f"{self._name(a)}'s turn"))
        for _ in range(TABLES.action_draw):
            self._draw_action(a, events)
        self.allowed = TABLES.excuses_per_turn
        self.played = 0
        self.interrupted_by = None
        self.interrupts = 0
        self.named = None
        self.pending = None
        self.event = None
        return self._ask_interrupts()

    def _ask_interrupts(self) -> bool:
        # AU-4: the others are asked in seat order from the active player's left; AU-11: all
        # of them, so being asked tells nothing (only a holder may answer `interrupt`).
        self._queue = list(self.game.others[self.active])
        if self._queue and TABLES.interrupts_per_turn > 0:
            self.phase = _P_INTERRUPT
            self._to_move = self._queue.pop(0)
            return True
        self._queue = []
        return False

    def _carry_on(self, events: list[Event]) -> None:
        """The active player's next Excuse, or the next turn, round, or the end."""
        while True:
            if self.played < self.allowed:
                self.phase, self._to_move, self._legal = _P_EXCUSE, self.active, None
                if len(self._excuse_moves()) > 1:
                    return
                self._legal = None  # nothing to play but 'stop': the turn ends by itself
            if self.narrate:
                events.append(Event(f"{self._name(self.active)} ends the turn"))
            self.active = (self.active + 1) % self.n
            if self.active == self.first:  # AU-1: the same player starts every round
                if self.last_round:
                    self._finish(events)
                    return
                self._start_round(events)
            if self._start_turn(events):
                return

    def _finish(self, events: list[Event]) -> None:
        self.phase, self._to_move, self._legal = _P_OVER, None, None
        if not self.narrate:
            return
        scores = self.scores()
        shown = ", ".join(f"{p} {int(v)}" for p, v in zip(self.game.players, scores, strict=True))
        best = won([self._name(s) for s in self.winners()])
        events.append(Event(f"The game is over after round {self.round}: {shown}. {best}"))

    # --- the contract ---------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves(self) -> list[Move]:
        return list(self._legal_list())  # a copy: the caller may change it, not our cache

    def _is_legal(self, move: Move) -> bool:
        return move in self._legal_list()  # the cache itself: play() checks every move

    def _legal_list(self) -> list[Move]:
        """The legal moves, cached until the next move (never handed out: see legal_moves)."""
        legal = self._legal
        if legal is None:
            phase, game = self.phase, self.game
            if phase == _P_EXCUSE:
                legal = self._excuse_moves()
            elif phase == _P_INTERRUPT:
                holds = self.hands[self._to_move or 0][_INTERRUPT]
                legal = [game.m_interrupt, game.m_pass] if holds else [game.m_pass]
            elif phase == _P_DEFLECT:
                seat = self._to_move or 0
                holds = self.hands[seat][_DEFLECT]
                legal = list(game.deflect_moves[seat]) if holds else [game.m_pass]
            elif phase == _P_ASK:
                holds = self.hands[self._to_move or 0][_DEFLECT]
                legal = [game.m_deflect, game.m_pass] if holds else [game.m_pass]
            elif phase == _P_EVENT:
                f, moves = self.fudge[self.active], game.m_event[game.event_target[self.event or 0]]
                legal = [moves[k] for k in range(len(f)) if f[k]]
            else:
                legal = []
            self._legal = legal
        return legal

    def _excuse_moves(self) -> list[Move]:
        if self._legal is not None:
            return self._legal
        game, a = self.game, self.active
        h, f = self.hands[a], self.fudge[a]
        # AU-4: the second Excuse names a different target than the first (before the first,
        # x is the active seat, which is no target anyway).
        x = a if self.named is None else self.named
        moves: list[Move] = []
        if h[_GIVE] or h[_SWAP]:
            kinds = [k for k in range(len(f)) if f[k]]
            if h[_GIVE]:
                give = game.give_at[a][x]
                for k in kinds:
                    moves += give[k]
            if h[_SWAP] and kinds:
                fudge = self.fudge  # AU-6: a Swap needs fudge on both sides
                with_fudge = [t for t in game.targets_at[a][x] if any(fudge[t])]
                for k in kinds:
                    row = game.m_swap[k]
                    moves += [row[t] for t in with_fudge]
        if h[_BURDEN]:
            moves += game.burden_at[a][x]
        if h[_ASK]:
            moves.append(game.m_ask)
        moves.append(game.m_stop)
        self._legal = moves
        return moves

    def apply(self, move: Move) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        phase = self.phase
        if phase == _P_EXCUSE:
            self._play_excuse(move, events)
        elif phase == _P_INTERRUPT:
            self._answer_interrupt(move, events)
        elif phase == _P_DEFLECT:
            self._answer_deflect(move, events)
        elif phase == _P_ASK:
            self._answer_ask(move, events)
        elif phase == _P_EVENT:
            k = self.game.fudge_index[move.args[0]]
            self._give_event(k, events)
            self.event = None
            self._carry_on(events)
        return events

    # --- AU-4: Interrupt --------------------------------------------------------------------

    def _answer_interrupt(self, move: Move, events: list[Event]) -> None:
        s = self._to_move
        assert s is not None
        if move.action == INTERRUPT:
            self._discard(s, _INTERRUPT)
            self.interrupts += 1
            self.allowed = max(0, self.allowed - 1)
            self.interrupted_by = s
            if self.narrate:
                events.append(
                    Event(
                        f"{self._name(s)} interrupts: {self._name(self.active)} may play "
                        f"{plural(self.allowed, 'Excuse')} this turn"
                    )
                )
            if self.interrupts >= TABLES.interrupts_per_turn:
                self._queue = []
        if self._queue:
            self._to_move = self._queue.pop(0)
            return
        if self.narrate and not self.interrupts:  # AU-11: never who passed
            events.append(Event("No one interrupts"))
        self._carry_on(events)

    def _discard(self, seat: int, action: int) -> None:
        self.hands[seat][action] -= 1
        self.action_discard[action] += 1

    # --- AU-4, AU-6: Excuses ---------------------------------------------------------------

    def _play_excuse(self, move: Move, events: list[Event]) -> None:
        game, a, act = self.game, self.active, move.action
        if act == STOP:
            self.played = self.allowed
            self._carry_on(events)
            return
        self.played += 1
        if act == ASK_AUNTIE:
            self._discard(a, _ASK)
            if self.narrate:
                events.append(Event(f"{self._name(a)} plays Ask Auntie"))
            self.pending = [_ASK, -1, -1, -1]
            self.deflectors = []
            # AU-5: every other player counts as targeted; asked in seat order from the left,
            # holder or not (AU-11).
            self._queue = list(game.others[a])
            if self._queue and TABLES.deflects_per_excuse > 0:
                self.phase = _P_ASK
                self._to_move = self._queue.pop(0)
                return
            self._queue = []
            self._resolve_ask(events)
            return
        args = move.args
        if act == BURDEN:
            action, k, t = _BURDEN, -1, game.seat_of[args[0].casefold()]
        else:
            action = _GIVE if act == GIVE else _SWAP
            k, t = game.fudge_index[args[0]], game.seat_of[args[2].casefold()]
        if self.narrate:
            events.append(self._excuse_event(action, k, t))
        self._discard(a, action)
        self.named = t
        self.pending = [action, k, t, -1]
        self.deflects = 0
        self._offer_deflect(t, events)

    def _excuse_event(self, action: int, k: int, t: int) -> Event:
        """The active player plays a Burden, Give or Swap: only he sees which fudge card."""
        name, target = self._name(self.active), self._name(t)
        if action == _BURDEN:
            return Event(f"{name} plays Burden at {target}")
        card = self.game.action_names[action]
        return self._private(
            self.active,
            f"{name} plays {card} ({self.game.fudge_ids[k]}) at {target}",
            f"{name} plays {card} at {target}",
        )

    def _offer_deflect(self, t: int, events: list[Event]) -> None:
        # AU-5: the target may Deflect (FAQ 1: when targeted by an Excuse not yet deflected).
        # AU-11: the target is asked whether or not he holds a Deflect.
        if self.deflects < TABLES.deflects_per_excuse and t != self.active:
            self.phase, self._to_move = _P_DEFLECT, t
            return
        self._resolve(events)
        self._carry_on(events)

    def _answer_deflect(self, move: Move, events: list[Event]) -> None:
        s = self._to_move
        pending = self.pending
        assert s is not None and pending is not None
        card = self.game.action_names[pending[0]]
        if move.action == DEFLECT:
            t = self.game.seat_of[move.args[1].casefold()]
            self._discard(s, _DEFLECT)
            self.deflects += 1
            pending[2], pending[3] = t, s
            if self.narrate:
                events.append(Event(f"{self._name(s)} deflects {card} to {self._name(t)}"))
            self._offer_deflect(t, events)
            return
        if self.narrate:
            events.append(Event(f"{self._name(s)} takes the {card}"))
        self._resolve(events)
        self._carry_on(events)

    def _resolve(self, events: list[Event]) -> None:
        """The Excuse lands on its final target (AU-5, AU-6)."""
        pending = self.pending
        assert pending is not None
        action, k, t, _ = pending
        self.pending = None
        a, game, narrate = self.active, self.game, self.narrate
        if action == _BURDEN:
            drawn = self._draw_fudge(t)
            if narrate:
                self._tell_draw(t, drawn, events)
            return
        if t == a:
            # AU-5: a Give or Swap that lands on the active player does nothing.
            if narrate:
                card, na = game.action_names[action], self._name(a)
                events.append(Event(f"The {card} lands on {na}: it does nothing (AU-5)"))
            return
        if action == _GIVE:
            self.fudge[a][k] -= 1
            self.fudge[t][k] += 1
            if narrate:
                na, nt, fid = self._name(a), self._name(t), game.fudge_ids[k]
                events.append(
                    self._private(
                        (a, t), f"{na} gives {fid} to {nt}", f"{na} gives a fudge card to {nt}"
                    )
                )
            return
        if not any(self.fudge[t]):
            if narrate:
                events.append(Event(f"{self._name(t)} has no fudge: the Swap does nothing (AU-5)"))
            return
        taken = self._random_fudge(t)  # AU-6: he takes one of the target's at random...
        self.fudge[t][taken] -= 1
        self.fudge[a][k] -= 1  # ...and gives the one he chose
        self.fudge[t][k] += 1
        self.fudge[a][taken] += 1
        if narrate:
            na, nt, fid = self._name(a), self._name(t), game.fudge_ids[k]
            events.append(
                self._private(
                    (a, t),
                    f"{na} swaps {fid} for {nt}'s {game.fudge_ids[taken]}",
                    f"{na} swaps a fudge card with {nt}",
                )
            )

    def _tell_draw(self, t: int, drawn: int | None, events: list[Event]) -> None:
        """A Burden's draw, seen only by its target (AU-8, AU-9)."""
        nt = self._name(t)
        if drawn is None:
            events.append(Event(f"{nt} draws nothing: the fudge stack is empty (AU-8)"))
            return
        fid = self.game.fudge_ids[drawn]
        events.append(self._private(t, f"{nt} draws {fid}", f"{nt} draws a fudge card"))
        if self.ran_out and not self.stack:
            events.append(Event("The fudge stack is empty: this round is the last (AU-9)"))

    # --- AU-5, AU-6, AU-7: Ask Auntie and events -------------------------------------------

    def _answer_ask(self, move: Move, events: list[Event]) -> None:
        s = self._to_move
        assert s is not None
        if move.action == DEFLECT:
            self._discard(s, _DEFLECT)
            self.deflectors.append(s)
            if self.narrate:
                name = self._name(s)
                events.append(Event(f"{name} deflects Ask Auntie and will not draw (AU-5)"))
            if len(self.deflectors) >= TABLES.deflects_per_excuse:
                self._queue = []  # AU-5: at most one Deflect per Excuse
        if self._queue:
            self._to_move = self._queue.pop(0)
            return
        if self.narrate and not self.deflectors:  # AU-11: never who passed
            events.append(Event("No one deflects Ask Auntie"))
        self._resolve_ask(events)

    def _resolve_ask(self, events: list[Event]) -> None:
        a, game, narrate = self.active, self.game, self.narrate
        self.pending = None
        drawers = [s for s in game.others[a] if s not in self.deflectors]
        if len(self.stack) >= len(drawers):
            for s in drawers:
                k = self._draw_fudge(s)
                assert k is not None  # the stack serves everyone
                if narrate:
                    name = self._name(s)
                    events.append(
                        self._private(
                            s, f"{name} draws {game.fudge_ids[k]}", f"{name} draws a fudge card"
                        )
                    )
            if drawers and self.ran_out and not self.stack and narrate:
                events.append(Event("The fudge stack is empty: this round is the last (AU-9)"))
        elif narrate:
            # AU-6 (FAQ 3): the stack cannot serve everyone: nobody draws, only the event.
            events.append(
                Event(
                    f"The fudge stack ({len(self.stack)}) cannot give all {len(drawers)} a card: "
                    "nobody draws fudge (AU-6)"
                )
            )
        self.deflectors = []
        e = self._draw_event(events)
        if e is not None:
            if narrate:
                events.append(Event(f"{self._name(a)} draws the event {game.event_names[e]}"))
            if self._play_event(e, events):
                return
        self._carry_on(events)

    def _play_event(self, e: int, events: list[Event]) -> bool:
        """Play out an event card (AU-7); True if the active player must choose a fudge."""
        game, a, narrate = self.game, self.active, self.narrate
        na = self._name(a)
        f = self.fudge[a]
        target = game.event_target[e]
        self.event = e
        if game.event_action[e] == "give":
            kinds = [k for k in range(len(f)) if f[k]]
            if not kinds:
                if narrate:
                    events.append(Event(f"{na} has no fudge to give: nothing happens (AU-7)"))
                self.event = None
                return False
            if len(kinds) > 1:
                self.phase, self._to_move = _P_EVENT, a
                return True
            self._give_event(kinds[0], events)
            self.event = None
            return False
        self.event = None
        if target == "auntie":
            k = self._draw_fudge(a)
            if not narrate:
                return False
            if k is None:
                events.append(Event(f"The fudge stack is empty: {na} takes nothing (AU-7)"))
                return False
            events.append(
                self._private(
                    a,
                    f"{na} takes {game.fudge_ids[k]} from the stack",
                    f"{na} takes a fudge card from the stack",
                )
            )
            if self.ran_out and not self.stack:
                events.append(Event("The fudge stack is empty: this round is the last (AU-9)"))
            return False
        v = self._neighbour(a, target)
        nv = self._name(v)
        if not any(self.fudge[v]):
            if narrate:
                events.append(Event(f"{nv} has no fudge: {na} takes nothing (AU-7)"))
            return False
        k = self._random_fudge(v)
        self.fudge[v][k] -= 1
        f[k] += 1
        if narrate:
            events.append(
                self._private(
                    (a, v),
                    f"{na} takes {game.fudge_ids[k]} from {nv} at random",
                    f"{na} takes a fudge card from {nv} at random",
                )
            )
        return False

    def _neighbour(self, seat: int, side: str) -> int:
        """AU-1, AU-7: the left is the next seat (play passes to the left)."""
        return (seat + 1) % self.n if side == "left" else (seat - 1) % self.n

    def _give_event(self, k: int, events: list[Event]) -> None:
        game, a = self.game, self.active
        e = self.event
        assert e is not None
        na, fid = self._name(a), game.fudge_ids[k]
        self.fudge[a][k] -= 1
        target = game.event_target[e]
        if target == "auntie":
            # AU-7: returned to the fudge stack, shuffled in.
            self.stack.insert(self.rng.randrange(len(self.stack) + 1), k)
            if self.narrate:
                events.append(
                    self._private(
                        a,
                        f"{na} gives {fid} back to Auntie (shuffled into the stack)",
                        f"{na} gives a fudge card back to Auntie (shuffled into the stack)",
                    )
                )
            return
        v = self._neighbour(a, target)
        self.fudge[v][k] += 1
        if self.narrate:
            nv = self._name(v)
            events.append(
                self._private(
                    (a, v), f"{na} gives {fid} to {nv}", f"{na} gives a fudge card to {nv}"
                )
            )

    # --- what each seat sees (AU-10) --------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        game = self.game
        pending = self.pending
        shown: dict[str, Any] | None = None
        if pending is not None:
            action, k, t, by = pending
            shown = {
                "excuse": ACTIONS[action],
                "by": self.active,
                "target": t if t >= 0 else None,
                "deflected_by": by if by >= 0 else None,
            }
            if seat == self.active and k >= 0:
                shown["fudge"] = game.fudge_ids[k]
        actions_discarded = self.action_discard
        events_discarded = self.event_discard
        v: dict[str, Any] = {
            "game": game.name,
            "players": list(game.players),
            "seat": seat,
            "round": self.round,
            "rounds": game.limit,
            "last_round": self.last_round,
            "first": self.first,
            "active": self.active,
            "to_move": self._to_move,
            "phase": PHASES[self.phase],
            "excuses_left": max(0, self.allowed - self.played),
            "interrupted_by": self.interrupted_by,
            "named": self.named,
            "pending": shown,
            "event": game.event_ids[self.event] if self.event is not None else None,
            "fudge_counts": [sum(f) for f in self.fudge],
            "hand_counts": [sum(h) for h in self.hands],
            "stack": len(self.stack),
            "action_deck": len(self.action_deck),
            "event_deck": len(self.event_deck),
            "action_discard": {a: c for a, c in zip(ACTIONS, actions_discarded, strict=True) if c},
            "event_discard": {
                e: c for e, c in zip(game.event_ids, events_discarded, strict=True) if c
            },
        }
        if seat is not None:
            v["fudge"] = self._fudge_ids(seat)
            v["hand"] = self._hand_ids(seat)
            v["points"] = self._points(seat)
        if self.phase == _P_OVER:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
            v["revealed"] = [self._fudge_ids(s) for s in range(self.n)]
        return v

    def reaction(self) -> Reaction | None:
        """AU-11: who is asked about an Interrupt or a Deflect in this window, holder or not."""
        phase, seat = self.phase, self._to_move
        if seat is None or phase not in (_P_INTERRUPT, _P_DEFLECT, _P_ASK):
            return None
        word = INTERRUPT if phase == _P_INTERRUPT else DEFLECT
        window = (self.round, self.active, phase, self.played, self.deflects)
        return Reaction(word, (seat, *self._queue), window)

    def seen(self, seat: int) -> Counter[str]:
        """GT-1: the seat's own fudge and action cards and the face-up discard piles (AU-10);
        everybody's fudge once the game is over."""
        game = self.game
        cards: Counter[str] = Counter()
        owners = range(self.n) if self.phase == _P_OVER else (seat,)
        for s in owners:
            cards.update({game.fudge_ids[k]: c for k, c in enumerate(self.fudge[s]) if c})
        cards.update({ACTIONS[a]: c for a, c in enumerate(self.hands[seat]) if c})
        cards.update({ACTIONS[a]: c for a, c in enumerate(self.action_discard) if c})
        cards.update({game.event_ids[e]: c for e, c in enumerate(self.event_discard) if c})
        return cards

    # --- the end (AU-9) ---------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Fudge points per seat (fewer is better)."""
        return [float(self._points(s)) for s in range(self.n)]

    def winners(self) -> list[int]:
        """Fewest points wins; a tie shares the win (AU-9)."""
        if self.phase != _P_OVER:
            return []
        scores = self.scores()
        best = min(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def conserved(self) -> bool:
        """40 fudge, 72 action and 10 event cards (AU-2), each in exactly one place."""
        game = self.game
        fudge = [0] * len(game.fudge_ids)
        for row in self.fudge:
            for k, c in enumerate(row):
                if c < 0:
                    return False
                fudge[k] += c
        for k in self.stack:
            fudge[k] += 1
        actions = list(self.action_discard)
        for row in self.hands:
            for i, c in enumerate(row):
                if c < 0:
                    return False
                actions[i] += c
        for i in self.action_deck:
            actions[i] += 1
        events = list(self.event_discard)
        for e in self.event_deck:
            events[e] += 1
        return (
            tuple(fudge) == game.fudge_counts
            and tuple(actions) == game.action_counts
            and tuple(events) == game.event_counts
            and min(self.action_discard, default=0) >= 0
            and min(self.event_discard, default=0) >= 0
        )

    # --- reasons (why a move is refused) ------------------------------------------------

    def why_illegal(self, move: Move) -> str:
        if self._to_move is None:
            return "the game is over (AU-9): no more moves"
        words = move.text().split()
        word, rest = (words[0].lower(), words[1:]) if words else ("", [])
        reason = self._reason(word, rest)
        legal = ", ".join(m.text() for m in self.legal_moves()[:12])
        more = " ..." if len(self.legal_moves()) > 12 else ""
        return f"{move.text()!r}: {reason}; {self._name(self._to_move)} may: {legal}{more}"

    def _reason(self, word: str, rest: list[str]) -> str:
        game, s, a, phase = self.game, self._to_move, self.active, self.phase
        assert s is not None
        name, active = self._name(s), self._name(a)
        if word not in (*ACTIONS, STOP, PASS, *EVENT_GIVE_WORDS.values()):
            return "not a move of Auntie's Fudge"
        if phase == _P_INTERRUPT:
            if word in EXCUSES or word == STOP:
                return f"{active} must wait: {name} is asked first whether to Interrupt (AU-4)"
            if word == INTERRUPT and rest:
                return "type just 'interrupt' (AU-4)"
            if word == DEFLECT:
                return "no Excuse has been played to deflect yet (AU-5)"
            return f"{name} is asked whether to Interrupt {active}'s turn: 'interrupt' or 'pass'"
        if phase == _P_DEFLECT:
            if word == DEFLECT:
                if len(rest) < 2 or rest[0] != "to":
                    return "name the new target: 'deflect to NAME' (AU-5)"
                t = game.seat(" ".join(rest[1:]))
                if t is None:
                    return f"no player named {' '.join(rest[1:])!r}"
                if t == s:
                    return "a Deflect names a new target other than yourself (AU-5)"
            if word == INTERRUPT:
                return "an Interrupt is played only before the first Excuse of a turn (AU-4)"
            return f"{name} is targeted and may 'deflect to NAME' or 'pass' (AU-5)"
        if phase == _P_ASK:
            if word == DEFLECT and rest:
                return (
                    "a Deflect against Ask Auntie only cancels your own draw: type 'deflect' (AU-5)"
                )
            return f"{name} may Deflect Ask Auntie to skip the draw: 'deflect' or 'pass' (AU-5)"
        if phase == _P_EVENT:
            e = self.event
            assert e is not None
            verb = EVENT_GIVE_WORDS[game.event_target[e]]
            if word == DEFLECT:
                return "Event cards cannot be deflected (AU-5)"
            if word != verb or len(rest) != 1:
                return f"{active} plays out {game.event_names[e]}: '{verb} V' (AU-7)"
            k = game.fudge_index.get(rest[0])
            if k is None:
                return f"{rest[0]!r} is not a fudge card (0..4 points)"
            return f"{active} holds no {rest[0]} fudge to give (AU-7)"
        # the active player's Excuse
        if word == INTERRUPT:
            return "Interrupt is played by a non-active player before the first Excuse (AU-4)"
        if word == DEFLECT:
            return "Deflect is played by the player an Excuse targets, not the active one (AU-5)"
        if word == PASS:
            return f"{active} plays an Excuse or types 'stop' to end the turn"
        if word in EVENT_GIVE_WORDS.values():
            return "that is how a Give event is played out, after Ask Auntie draws one (AU-7)"
        if self.played >= self.allowed:
            return f"{active} has played all {self.allowed} Excuses allowed this turn (AU-4)"
        return self._excuse_reason(word, rest)

    def _excuse_reason(self, word: str, rest: list[str]) -> str:
        game, a = self.game, self.active
        active = self._name(a)
        if word == STOP:
            return "type just 'stop'"
        if word == ASK_AUNTIE:
            if rest:
                return "Ask Auntie targets every other player: type just 'ask-auntie' (AU-6)"
            return f"{active} holds no Ask Auntie card"
        index = ACTIONS.index(word)
        card = game.action_names[index]
        if word == BURDEN:
            target_words = rest
        else:
            link = "to" if word == GIVE else "with"
            if len(rest) < 3 or rest[1] != link:
                return f"type '{word} V {link} NAME' (V: the fudge card's points)"
            if rest[0] not in game.fudge_index:
                return f"{rest[0]!r} is not a fudge card (0..4 points)"
            target_words = rest[2:]
        if not target_words:
            return f"name the target: '{word} NAME'"
        t = game.seat(" ".join(target_words))
        if t is None:
            return f"no player named {' '.join(target_words)!r}; players: {', '.join(game.players)}"
        if not self.hands[a][index]:
            return f"{active} holds no {card} card"
        if t == a:
            return "an Excuse targets another player, not yourself (AU-4)"
        if t == self.named:
            return (
                f"the second Excuse must name a different target than the first "
                f"({self._name(t)}) (AU-4)"
            )
        if word != BURDEN:
            if not self.fudge[a][game.fudge_index[rest[0]]]:
                return f"{active} holds no {rest[0]} fudge to {word} (AU-6)"
            if word == SWAP and not any(self.fudge[t]):
                return f"{self._name(t)} has no fudge to swap with (AU-6)"
        return "not allowed now"

    # --- a position set by hand ---------------------------------------------------------

    def arrange(
        self,
        *,
        fudge: Mapping[int, Sequence[str | int]] | None = None,
        hands: Mapping[int, Sequence[str]] | None = None,
        stack: Sequence[str | int] | None = None,
        actions: Sequence[str] | None = None,
        events: Sequence[str] | None = None,
    ) -> None:
        """Set a position by hand, for tests and teaching: only at the start of a turn.

        `fudge` and `hands` give seats exactly these fudge / action cards (their old ones go
        back, the new ones come from the stack / the action deck or its discard pile);
        `stack`, `actions` and `events` put these cards on top of their decks, the first
        listed drawn first. Every card stays in exactly one place. The turn's reactions are
        asked again. A game arranged this way cannot be replayed from its save.
        """
        if self.phase not in (_P_INTERRUPT, _P_EXCUSE) or self.played or self.interrupts:
            raise InputError("a position is arranged only at the start of a turn")
        game = self.game
        fudge, hands = fudge or {}, hands or {}
        for seat in fudge:  # every old card goes back first, then the new ones are taken
            for k, c in enumerate(self.fudge[seat]):
                self.stack.extend([k] * c)
            self.fudge[seat] = [0] * len(game.fudge_ids)
        for seat in hands:
            for i, c in enumerate(self.hands[seat]):
                self.action_deck.extend([i] * c)
            self.hands[seat] = [0] * len(ACTIONS)
        for seat, cards in fudge.items():
            for card in cards:
                k = game.fudge_index[str(card)]
                if k not in self.stack:
                    raise InputError(f"no {card} fudge card left to give seat {seat}")
                self.stack.remove(k)
                self.fudge[seat][k] += 1
        for seat, cards in hands.items():
            for card in cards:
                self._take_action(ACTIONS.index(card))
                self.hands[seat][ACTIONS.index(card)] += 1
        if stack is not None:
            kinds = [game.fudge_index[str(card)] for card in stack]
            for k in kinds:
                self.stack.remove(k)
            self.stack.extend(reversed(kinds))
        if actions is not None:
            kinds = [ACTIONS.index(card) for card in actions]
            for i in kinds:
                self._take_action(i)
            self.action_deck.extend(reversed(kinds))
        if events is not None:
            kinds = [game.event_ids.index(card) for card in events]
            for e in kinds:
                if e in self.event_deck:
                    self.event_deck.remove(e)
                else:
                    self.event_discard[e] -= 1
                    assert self.event_discard[e] >= 0, f"no {card} event card left"
            self.event_deck.extend(reversed(kinds))
        if not self.stack:
            self.ran_out = self.last_round = True
        self._legal = None
        log: list[Event] = []
        if not self._ask_interrupts():
            self._carry_on(log)
        self.log.extend(log)

    def _take_action(self, i: int) -> None:
        if i in self.action_deck:
            self.action_deck.remove(i)
        else:
            assert self.action_discard[i] > 0, f"no {ACTIONS[i]} card left in the decks"
            self.action_discard[i] -= 1
