"""What a Dudab move does (mixed into DudabState): rounds and turns (DU-2), placing cards and
taking columns (DU-3), drawing, the Shaman's reveal-and-draw, the expansions (DU-5, DU-7), the
round's end (DU-6) and its scoring (DU-4, ezkit.games.dudab.score).

Play runs as a stack of tasks (draw, refill to two, trim to five, reveal, cover a Baby, the
next turn): a task that needs a decision stops the run until the decision is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat, starmap
from operator import itemgetter

from ezkit.games.dudab.narration import ColumnStory, scoring_lines
from ezkit.games.dudab.rules import (
    _A_DISCARD,
    _A_DRAW,
    _A_DUDAB,
    _A_JUNGLE,
    _A_PLAY,
    _P_BABY,
    _P_CAPTURE,
    _P_JUNGLE,
    _P_OVER,
    _P_REQUEST,
    _P_SHAMAN,
    _P_TRIM,
    _P_TURN,
    _T_CAPTURE,
    _T_COVER,
    _T_DRAW,
    _T_FILL,
    _T_NEXT,
    _T_REVEAL,
    _T_SCORE,
    _T_TRIM,
    BABY,
    DUDAB,
    JUNGLE,
    NUMBER,
    SHAMAN,
    _count,
)
from ezkit.games.dudab.score import Tally, score_tally
from ezkit.games.engine import Event, Move
from ezkit.words import won


class Playing:
    """The effects of moves, as methods of DudabState."""

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
        self._places.clear()  # the last round's places: none is shown again
        self._column_views = [None] * game.columns
        self._columns_shown = None
        # DU-2: deal one card at a time from the first player; a Jungle or Baby goes back.
        dealt = self._setup_cards(game.deal * n)  # card i to the i-th seat from the first
        for i, s in enumerate(game.order[self.first]):
            self.hands[s] += dealt[i::n]
        self.cols = [[k] for k in self._setup_cards(game.columns)]
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
            self.story = ColumnStory(game.columns)  # GT-1: covers cards that leave sight
            self.story.tell_start([self._card(col[0]) for col in self.cols], events)
        self._begin_turn(events)

    def _shuffled(self, cards: Sequence[int]) -> list[int]:
        """The cards in random order: sorted by a random number each, a uniform shuffle at a
        fraction of random.shuffle's cost (its loop is Python; this sort is not). The
        numbers are sorted as floats, not as (number, card) pairs: the same order, as
        `cards` come sorted (the game's deck) and the sort keeps equal numbers' order."""
        keys = list(starmap(self.rng.random, repeat((), len(cards))))  # one for each, in order
        return list(itemgetter(*sorted(range(len(cards)), key=keys.__getitem__))(cards))

    def _setup_cards(self, count: int) -> list[int]:
        """`count` cards dealt or revealed one at a time (DU-2): a Jungle or Baby is put
        back, the deck reshuffled. The rest of the deck is in random order already, so the
        card is put back at a random place: the same chances as a whole new shuffle, for a
        fraction of the work."""
        deck, kinds, rng = self.deck, self.game.type, self.rng
        cards: list[int] = []
        for _ in range(count):
            card = deck.pop()
            while kinds[card] >= JUNGLE:
                deck.insert(rng.randrange(len(deck) + 1), card)
                card = deck.pop()
            cards.append(card)
        return cards

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
            tally = Tally(
                counts[DUDAB] - in_hand,
                counts[SHAMAN],
                counts[JUNGLE],
                counts[BABY],
                tuple(numbers),
            )
            scoring = score_tally(tally, in_hand, explain=False)
            scores.append(scoring.score)
            revealed.append((tuple(hand), tuple(pile), scoring.score))  # shown in view()
        self.round_scores.append(scores)
        for s, points in enumerate(scores):
            self.totals[s] += points
        self.last_scoring = revealed
        if narrate:
            shown = ", ".join(f"{p} {v}" for p, v in zip(game.players, scores, strict=True))
            events.append(Event(f"The draw pile is empty: round {self.round} is over. {shown}"))
            # seed 002, Scoring: the hands are revealed and scored, told step by step
            ids = game.ids
            for s, (hand, pile, _) in enumerate(revealed):
                told = scoring_lines(self._name(s), [ids[k] for k in hand], [ids[k] for k in pile])
                events += [Event(line) for line in told]
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

    # --- playing a move ---------------------------------------------------------------------

    def apply(self, move: Move) -> list[Event]:
        legal = self._legal  # play() has just checked the move against it
        if legal is None:
            legal = self._legal_list()
        act = self.game.act_of[move]
        self._legal = None
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
                if act[1] >= 0 or phase == _P_REQUEST:  # a plain draw does nothing before it
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
                if act[1][0] not in hand:
                    legal.remove(move)
                self._legal = legal
                return events
        elif code == _A_JUNGLE:
            self._place_jungle(act[1], events)
            if not self.deck:  # DU-7: the last card drawn was this Jungle: the round ends
                self._last_card(self._to_move or 0, events)
                return events
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
        # _column_changed(c), written out: every card played comes here
        self._column_views[c] = None
        self._columns_shown = None
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
            took = f"{self._name(seat)} takes {_count(len(taken), 'card')} from column {c + 1}"
            starts = f"{self._card(k)} starts the column"
            # GT-1: the cards go to an own pile, hidden from the others: a log read while the
            # game is on does not list them, here or where they were played
            self.story.hide(c, events, self.log)
            told = Event(f"{took} ({self._text(taken)}); {starts}", covered=f"{took}; {starts}")
            self.story.tell(c, told, f"{took}; a card starts the column", events)

    def _play_card(self, a: int, k: int, c: int, events: list[Event]) -> None:
        game = self.game
        self.hands[a].remove(k)
        if self.narrate:
            under, name = self._card(self.cols[c][-1]), self._name(a)
            self.story.tell(
                c,
                Event(f"{name} plays {self._card(k)} on column {c + 1} (on {under})"),
                f"{name} plays a card on column {c + 1}",
                events,
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
                        f"{name} puts {self._card(k)} on their own pile",
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
            # the expansions' cards are placed when drawn (DU-5); a Baby drawn last stays in
            # the hand, a Jungle drawn last is placed all the same (DU-7), then the round ends
            if t >= JUNGLE and (deck or t == JUNGLE):
                if narrate:
                    events.append(Event(f"{self._name(s)} draws a {self._card(k)} card"))
                if t == JUNGLE and not self._jungle_columns():
                    # seed 002; DU-7: every column holds a Jungle: discarded, no card instead
                    self.discard.append(k)
                    if narrate:
                        events.append(
                            Event("Every column holds a Jungle: this one is discarded (DU-7)")
                        )
                    if not deck:
                        self._last_card(s, events)
                        return True
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
                    self._private(s, f"{name} draws {self._card(k)}", f"{name} draws a card")
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
                events.append(Event(f"{self._name(s)} reveals {self._card(k)}"))
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
        self._column_changed(c)
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
        self._column_changed(c)
        self.jungle[c] = -1
        self.placing = -1
        if self.narrate:
            self.story.hide(c, events, self.log)  # DU-5: nobody sees the cards under a Baby
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
        # GT-1: a card drawn and shown is final, even when no seat's sight grows by it (a
        # Dudab or Shaman drawn here as one of its kind goes under the Baby)
        self.reveal()
        if deck and t == BABY:  # DU-5: another Baby stacks again
            self.buried[c].append(k)
            self._column_changed(c)
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
        self._column_changed(c)
        if self.narrate:
            told = Event(f"{self._card(k)} covers the Baby on column {c + 1}")
            self.story.tell(c, told, f"A card covers the Baby on column {c + 1}", events)
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
