"""Phase one, hire a chef (BK-2, BK-3): the roll-off's choice, turns, the die, flips, hires
and the second chance. Methods of BakeriesState (state.py), which holds the fields they use."""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from ezkit.games.bakeries.rules import (
    CHEF,
    COMPONENT,
    FIVE,
    FLIP,
    HIRE,
    SECOND,
    TURN,
    Bakeries,
    Covered,
    counted,
)
from ezkit.games.engine import Event, Move


class PhaseOne:
    """The moves of phase one, mixed into BakeriesState."""

    game: Bakeries

    # --- phase one: turns (BK-3) ------------------------------------------------------------

    def _order(self, move: Move, events: list[Event]) -> None:
        w = self.chooser
        self.first = w if move.action == "first" else 1 - w
        self.cur["first"] = self.first
        if self.narrate:
            events.append(Event(f"{self._name(w)} goes {move.action} (BK-3)"))
        self._start_turn(self.first, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        # BK-3: a failed hire loses the player's next turn; the other plays twice in a row.
        # Both having lost one (candidate ruling): both turns are lost, alternation resumes.
        while self.lost[seat]:
            self.lost[seat] = False
            self.cur["lost_turns"][seat] += 1
            if self.narrate:
                events.append(Event(f"{self._name(seat)} loses this turn (a failed hire, BK-3)"))
            seat = 1 - seat
        self.active = seat
        self.die = 0
        self.bonus_offer = 0
        self.step, self._to_move = TURN, seat
        if self.narrate:
            events.append(Event(f"Turn {self.turns + 1}: {self._name(seat)}"))

    def _cover(self, events: list[Event], hide: bool = True) -> None:
        """The cards face up are turned face down again (BK-3: shown, then hidden)."""
        if not self.shown:
            return
        up, down = self.face_up, self._face_down
        names, m_flip, position = self.game.pos_names, self.game.m_flip, self.game.flip_position
        for p in self.shown:
            up[p] = False
            insort(down, m_flip[p], key=position.__getitem__)  # in board order
        # GT-1: undoing this move would turn the cards face up again: it is final
        self.reveal()
        if self.narrate:
            where = ", ".join(names[p] for p in self.shown)
            text = f"The cards are turned face down again: {where}"
            events.append(Covered(text) if hide else Event(text))
        self.shown = []

    def _reveal(self, p: int, events: list[Event]) -> None:
        self.face_up[p] = True
        self.shown.append(p)
        self._face_down.remove(self.game.m_flip[p])
        mark = (self.board[p], self.turns)
        self.sightings[0][p] = mark  # every card turned over is seen by both players
        self.sightings[1][p] = mark
        if self.narrate:
            name, where = self._name(self.active), self.game.pos_names[p]
            # GT-1: the card goes face down again; a log while the game is on says only where
            text = f"{name} turns over {where}: {self._card(p)}"
            events.append(Event(text, covered=f"{name} turns over {where}"))

    def _turn(self, move: Move, events: list[Event]) -> None:
        game, a = self.game, self.active
        self._cover(events)  # the last turn's cards go face down as this turn starts
        self.turns += 1
        self.flipped = 0
        if move.action == "hire":
            self.step = HIRE
            self.hire_cards = []
            self.cur["hires"][a] += 1
            if self.narrate:
                events.append(Event(f'{self._name(a)}: "I am going to hire a chef!" (BK-3)'))
            return
        d = self._d6()
        self.die = d
        low, high, bonus, may_stop = game.die[d]
        self.flip_hi = min(high, len(self._face_down))
        self.flip_lo = min(low, self.flip_hi)
        self.may_stop = may_stop
        if self.narrate:
            events.append(Event(f"{self._name(a)} rolls a {d}"))
        if bonus:
            # BK-3: $500 + $250 for every 5 rolled earlier this phase one, taken or not.
            self.bonus_offer = self.five_bonus
            self.fives += 1
            self.five_bonus = game.tables.five_bonus_for(self.fives)
            self.step = FIVE
            return
        self.step = FLIP
        if self.flip_hi == 0:
            self._end_turn(events)

    def _five(self, move: Move, events: list[Event]) -> None:
        if move.action == "bonus":
            a, value = self.active, self.bonus_offer
            self.money[a] += value  # BK-3: straight to the game score
            self.cur["five_bonus"][a] += value
            if self.narrate:
                events.append(Event(f"{self._name(a)} takes the 5-bonus: ${value:,} (BK-3)"))
            self._end_turn(events)
            return
        self.step = FLIP
        self._flip(move, events)

    def _flip(self, move: Move, events: list[Event]) -> None:
        if move.action == "stop":
            self._end_turn(events)
            return
        p = self.game.pos_index[move.args[0]]
        self._reveal(p, events)
        self.flipped += 1

    def _end_turn(self, events: list[Event]) -> None:
        """The turn is over; its cards stay face up until the next turn's first move."""
        if self.narrate and self.shown:
            names, name = self.game.pos_names, self._name(self.active)
            up = "; ".join(f"{names[p]} {self._card(p)}" for p in self.shown)
            where = ", ".join(names[p] for p in self.shown)
            # GT-1: in a log while the game is on, where the cards lie but not what they are
            events.append(
                Event(
                    f"{name} ends the turn; face up: {up}",
                    covered=f"{name} ends the turn; face up: {where}",
                )
            )
        if self.turns >= self.game.turn_cap:
            self._cover(events, hide=False)  # the board is set aside: nothing left to remember
            self._end_phase_one(events, capped=True)
            return
        self._start_turn(1 - self.active, events)

    # --- phase one: hiring (BK-2, BK-3) -------------------------------------------------------

    def _fits(self, cards: Sequence[int], m: int) -> bool:
        """Whether these cards can all belong to one set of multiplier m (BK-2): its chef, its
        own components, and at most one wild that may stand in it (never for the chef)."""
        game = self.game
        kind, mult, wild_for = game.card_kind, game.card_mult, game.card_wild_for
        chefs = components = wilds = 0
        for c in cards:
            k = kind[c]
            if k == CHEF:
                if mult[c] != m:
                    return False
                chefs += 1
            elif k == COMPONENT:
                if mult[c] != m:
                    return False
                components += 1
            else:
                if m not in wild_for[c]:
                    return False
                wilds += 1
        return (
            chefs <= 1
            and wilds <= game.tables.wilds_per_set
            and components + wilds <= game.components.get(m, 0)
        )

    def _hire(self, move: Move, events: list[Event]) -> None:
        game, a = self.game, self.active
        p = game.pos_index[move.args[0]]
        self._reveal(p, events)
        self.hire_cards.append(p)
        cards = [self.board[q] for q in self.hire_cards]
        chef = cards[0]
        if game.card_kind[chef] != CHEF:
            # BK-3: "he MUST turn over the chef card first" (candidate ruling: else the hire
            # fails)
            self._fail_hire("the first card of a hire must be a chef", events)
            return
        m = game.card_mult[chef]
        if not self._fits(cards, m):
            self._fail_hire(f"it cannot stand in the {m}x set", events)
            return
        if len(cards) == game.set_size[m]:
            self._claim(a, self.hire_cards, events)
            self.first_hirer = a
            self.cur["first_hirer"] = a
            other = 1 - a
            allowed = game.second_chance.get(m, ())
            if allowed:
                # BK-3: the other player's one untimed attempt at a lesser set.
                self.step, self._to_move = SECOND, other
                self.active = other
                self.hire_cards = []
                self.allowed = tuple(allowed)
                self.cur["second_chance"] = {
                    "seat": other,
                    "allowed": list(allowed),
                    "hired": False,
                    "passed": False,
                }
                if self.narrate:
                    sets = ", ".join(f"{x}x" for x in allowed)
                    events.append(
                        Event(
                            f"{self._name(other)} has one chance at a lesser set ({sets}): "
                            "five cards, any order (BK-3)"
                        )
                    )
                return
            if self.narrate:
                events.append(Event(f"After a {m}x set there is no lesser set to try (BK-3)"))
            self._end_phase_one(events)

    def _fail_hire(self, why: str, events: list[Event]) -> None:
        a = self.active
        self.lost[a] = True
        self.cur["failed_hires"][a] += 1
        if self.narrate:
            # GT-1: why it failed tells what the cards are; a log while the game is on doesn't
            lost = f"{self._name(a)} loses the next turn (BK-3)"
            events.append(
                Event(f"The hire fails: {why}. {lost}", covered=f"The hire fails. {lost}")
            )
        # the flipping is over: `stop` ends the turn, the cards face up until the next move
        self.step = FLIP
        self.flip_lo = self.flip_hi = self.flipped = len(self.hire_cards)
        self.may_stop = False

    def _claim(self, seat: int, positions: Sequence[int], events: list[Event]) -> None:
        """A complete set: its cards leave the board; the chef lies before the player."""
        game = self.game
        cards = [self.board[p] for p in positions]
        for p in positions:
            self.board[p] = -1
            self.face_up[p] = False
        self.shown = [p for p in self.shown if p not in positions]
        self._board_changed()
        self.claimed[seat] = cards
        chef = next(c for c in cards if game.card_kind[c] == CHEF)
        self.chefs[seat] = chef
        self.mult[seat] = game.card_mult[chef]
        self.cur["chefs"][seat] = game.card_ids[chef]
        self.cur["multipliers"][seat] = self.mult[seat]
        if self.narrate:
            events.append(
                Event(
                    f"{self._name(seat)} hires {game.card_names[chef]}: "
                    f"{self.mult[seat]}x for this round"
                )
            )

    def _second(self, move: Move, events: list[Event]) -> None:
        s, game = self.active, self.game
        record = self.cur["second_chance"]
        if move.action == "pass":
            record["passed"] = True
            if self.narrate:
                events.append(Event(f"{self._name(s)} does not try for a set"))
            self._end_phase_one(events)
            return
        p = game.pos_index[move.args[0]]
        self._reveal(p, events)
        self.hire_cards.append(p)
        cards = [self.board[q] for q in self.hire_cards]
        possible = [m for m in self.allowed if self._fits(cards, m)]
        if not possible:
            if self.narrate:
                events.append(
                    Event(f"No allowed set can be made: {self._name(s)} stays at 1x (BK-3)")
                )
            self._end_phase_one(events)
            return
        complete = [m for m in possible if len(cards) == game.set_size[m]]
        if complete:
            self._claim(s, self.hire_cards, events)
            record["hired"] = True
            self._end_phase_one(events)

    def _end_phase_one(self, events: list[Event], capped: bool = False) -> None:
        game = self.game
        if capped:
            # BK-3: nobody hired by the turn cap: both 1x, the roll-off winner counts as first.
            self.first_hirer = self.chooser
            self.cur["capped"] = True
            self.cur["first_hirer"] = self.chooser
            if self.narrate:
                events.append(
                    Event(
                        f"Nobody hired a chef in {counted(game.turn_cap, 'turn')}: both are "
                        f"{game.tables.no_chef_multiplier}x and {self._name(self.chooser)} "
                        "counts as the first hirer (BK-3)"
                    )
                )
        # The Hire a Chef cards are set aside, but the chefs claimed.
        self.aside.extend(c for c in self.board if c >= 0)
        self.board = [-1] * game.size
        self.face_up = [False] * game.size
        self.shown = []
        self._board_changed()
        for seat in (0, 1):
            cards = self.claimed[seat]
            self.aside.extend(c for c in cards if c != self.chefs[seat])
            self.claimed[seat] = [c for c in cards if c == self.chefs[seat]]
        self.cur["turns"] = self.turns
        self.cur["cards_seen"] = [len(self.sightings[0]), len(self.sightings[1])]
        first = self.first_hirer
        assert first is not None
        starter = 1 - first
        self.cur["phase_two_first"] = starter
        if self.narrate:
            shown = ", ".join(f"{self._name(s)} {self.mult[s]}x" for s in (0, 1))
            events.append(
                Event(f"Phase two, You Take The Cake: {shown}; {self._name(starter)} starts (BK-4)")
            )
        self._draw(starter, events)
