"""The state of a game of Auntie's Fudge: setup, rounds and turns, the legal moves, views.

The rules and the choices beyond the rulings are listed in rules.py; how Excuses, Reactions
and events play out is excuses.py, why a move is refused moves.py (both mixed in here).

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
from operator import add, mul
from typing import Any

from ezkit.errors import InputError
from ezkit.games.auntie.excuses import Excuses
from ezkit.games.auntie.moves import Reasons
from ezkit.games.auntie.rules import (
    _ASK,
    _BURDEN,
    _DEFLECT,
    _GIVE,
    _INTERRUPT,
    _P_ASK,
    _P_DEFLECT,
    _P_EVENT,
    _P_EXCUSE,
    _P_INTERRUPT,
    _P_OVER,
    _SWAP,
    ACTIONS,
    DEFLECT,
    INTERRUPT,
    PHASES,
    TABLES,
    Auntie,
)
from ezkit.games.engine import Event, Move, Reaction, State
from ezkit.words import plural, won


class AuntieState(Excuses, Reasons, State):
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
        super().__init__(game, seed, narrate)
        rng, n = self.rng, game.n
        self.n = n
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
        """The action cards held, by their printed names: `Give ×3, Swap, Burden`."""
        names = self.game.action_names
        held = [
            names[a] if c == 1 else f"{names[a]} ×{c}" for a, c in enumerate(self.hands[seat]) if c
        ]
        return ", ".join(held) or "nothing"

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
            # the card as printed ("Ask Auntie"), as the deal tells a hand: not its id
            name, card = self._name(seat), self.game.action_names[a]
            events.append(
                self._private(seat, f"{name} draws {card}", f"{name} draws an action card")
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
                ids = ", ".join(game.fudge_told[k] for k in drawn if k is not None)
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
                # Asked even when 'stop' is all there is: a turn ending by itself would tell
                # the table that the hand holds no Excuse (GT-1, AU-11).
                self.phase, self._to_move, self._legal = _P_EXCUSE, self.active, None
                return
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
        # one plain dict, the three kinds of card ids being distinct: Counter.update of a
        # mapping is a Python loop, and a told game asks this of every seat at every move
        over = self.phase == _P_OVER
        fudge = map(sum, zip(*self.fudge, strict=True)) if over else self.fudge[seat]
        cards = {card: c for card, c in zip(game.fudge_ids, fudge, strict=True) if c}
        actions = map(add, self.hands[seat], self.action_discard)
        cards.update((card, c) for card, c in zip(ACTIONS, actions, strict=True) if c)
        events = zip(game.event_ids, self.event_discard, strict=True)
        cards.update((card, c) for card, c in events if c)
        return Counter(cards)

    def sights(self) -> list[dict[str, int]]:
        """`seen` of every seat, in seat order, as plain dicts (a Counter is built by a Python
        loop, and a told game asks this twice a move): the discarded events, which every seat
        sees, are read once. The same counts as `seen`, seat by seat."""
        game = self.game
        events = {e: c for e, c in zip(game.event_ids, self.event_discard, strict=True) if c}
        if self.phase == _P_OVER:
            every_fudge = list(map(sum, zip(*self.fudge, strict=True)))
            fudges: Sequence[Sequence[int]] = [every_fudge] * self.n
        else:
            fudges = self.fudge
        discard = self.action_discard
        sights = []
        for fudge, hand in zip(fudges, self.hands, strict=True):
            cards = {card: c for card, c in zip(game.fudge_ids, fudge, strict=True) if c}
            actions = map(add, hand, discard)
            cards.update((card, c) for card, c in zip(ACTIONS, actions, strict=True) if c)
            cards.update(events)
            sights.append(cards)
        return sights

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
