"""How Excuses, Reactions and events play out (AU-4 to AU-7).

`Excuses` is a part of AuntieState (state.py), mixed into it: its methods read and change
the state's cards and turn (fudge, hands, pending, the queue of seats to ask) and call its
drawing and turn helpers (_draw_fudge, _draw_event, _carry_on). Event texts are built only
under `if self.narrate`, as everywhere in the state (quiet games play the same).
"""

from __future__ import annotations

from ezkit.games.auntie.rules import (
    _ASK,
    _BURDEN,
    _DEFLECT,
    _GIVE,
    _INTERRUPT,
    _P_ASK,
    _P_DEFLECT,
    _P_EVENT,
    _SWAP,
    ASK_AUNTIE,
    BURDEN,
    DEFLECT,
    GIVE,
    INTERRUPT,
    STOP,
    TABLES,
    Auntie,
)
from ezkit.games.engine import Event, Move
from ezkit.words import plural


class Excuses:
    """Interrupt, the Excuses and Deflect, Ask Auntie and the event cards (a part of
    AuntieState)."""

    game: Auntie

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
            f"{name} plays {card} at {target}, with {self.game.fudge_told[k]}",
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
                na, nt, fid = self._name(a), self._name(t), game.fudge_told[k]
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
            na, nt, fid = self._name(a), self._name(t), game.fudge_told[k]
            events.append(
                self._private(
                    (a, t),
                    f"{na} swaps {fid} for {nt}'s {game.fudge_told[taken]}",
                    f"{na} swaps a fudge card with {nt}",
                )
            )

    def _tell_draw(self, t: int, drawn: int | None, events: list[Event]) -> None:
        """A Burden's draw, seen only by its target (AU-8, AU-9)."""
        nt = self._name(t)
        if drawn is None:
            events.append(Event(f"{nt} draws nothing: the fudge stack is empty (AU-8)"))
            return
        fid = self.game.fudge_told[drawn]
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
                            s, f"{name} draws {game.fudge_told[k]}", f"{name} draws a fudge card"
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
            # Asked even with one kind of fudge: giving it without a word would tell the
            # table that every fudge card held is of that kind (GT-1).
            self.phase, self._to_move = _P_EVENT, a
            return True
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
                    f"{na} takes {game.fudge_told[k]} from the stack",
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
                    f"{na} takes {game.fudge_told[k]} from {nv} at random",
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
        na, fid = self._name(a), game.fudge_told[k]
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
