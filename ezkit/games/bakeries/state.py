"""The state of a game of Bakeries: rounds, the contract, what each seat sees.

The phases' moves are the mixins `PhaseOne` (phase_one.py) and `CakeSale` (sale.py); typing
a move and the reasons one is refused are `Typing` (moves.py); the screen is screen.py.

Memory (BK-3: "what a human sees is shown and then hidden again"): the cards a player turns
over are face up for both players until the next turn's first move, which turns them face down
again with a `Covered` event (its `hide` is true: the table clears the screen). `view(seat)` and
`describe(seat)` show only the cards face up now. What the players have seen is the state's own
record `sightings[seat]` ({position: (card index, phase-one turn)}; `memory(seat)` by names),
for reports and tests, never in a view, a screen or a log: a bot keeps its own memory from the
views it is shown (ezkit.games.bakeries.bots), a human their own head (GT-1).

Secrets (GT-1): `seen(seat)` is every card id the seat may see now: the board cards face up,
the sets hired this phase one (then the chefs alone), the cake drawn, the cakes in the cases,
the Stale cards on them and the case cards; never a board card turned face down again nor the
store. A move that turns a card over, rolls, draws a cake or turns cards face down again (undoing
it would show them again) is final (`State.final`): undo stops before it. An event that names a
board card turned over carries `covered` text without it ("Ann turns over B3"): a log read
while the game is on (`Event.logged_for`) shows only that; the live screen shows the card.

`view(seat)` keys, every step: game, players, seat, round, rounds, phase (1, 2, 3; None at the
end), step (order, turn, five, flip, hire, second-chance, place, roll, stale, consolation,
over), to_move, moves (decisions made so far: a clock), scores (money so far), active (whose
turn), roll_off ([roll, roll] of this round), chooser (its winner), first (who went first in
phase one), chefs (chef card ids or None), multipliers, first_hirer, last_round (at a round's
first decision, the record of the round before, as in history; else None). Phase one also: board
(rows of cells: "?" face down, a card id face up now, "" gone), face_up ({position: card id}),
turn (turns played this round), turn_cap, die (this turn's die or None), flips (done, least,
most, may_stop; None unless flipping), fives (5s rolled this round), five_bonus (what the next
5 offers), bonus (what this 5 offers, or None), lost_turn ([bool, bool]), hire (positions
turned in this hire or second chance), second_chance (seat and multipliers allowed, or None).
Phases two and three also: slots, slot_multipliers, cases ([[cake id or None per slot] per
seat]), stale ([[cards per slot] per seat]), sold ([[bool per slot] per seat]), drawn (the cake
being placed), store (cakes left), sold_counts, sale_totals, stale_deck, last_roll ([die, die]
or None), stale_for (whose cake takes a Stale card now) and repeat (the number repeated),
consolation (seat, total, hits, percent, drawn, roll; or None). At the end: winners and history
(the rounds, below).

`state.history` (and the view's at the end): one dict per finished round, for simulation
reports: round, roll_off, roll_off_winner, first, turns, fives, five_bonus [per seat], hires,
failed_hires, lost_turns, capped (no hire before the turn cap), first_hirer, chefs,
multipliers, second_chance (None or seat, allowed, hired, passed), cards_seen [distinct board
cards each seat saw], phase_two_first, phase_three_first, rolls, stale_cards [Stale cards put
on each seat's cakes], sold, sale_totals, winner, great_chef_bonus, consolation_played,
consolation (None or seat, hits, percent), sale_money, money [sale money + 5-bonus, per seat].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.bakeries.moves import Typing
from ezkit.games.bakeries.phase_one import PhaseOne
from ezkit.games.bakeries.rules import (
    CONSOLE,
    FACE_DOWN,
    FIVE,
    FLIP,
    GONE,
    HIRE,
    ORDER,
    OVER,
    PHASE_OF,
    PLACE,
    ROLL,
    SECOND,
    STALE,
    STEPS,
    TURN,
    Bakeries,
)
from ezkit.games.bakeries.sale import CakeSale
from ezkit.games.engine import Event, Move, State

# --- the state ------------------------------------------------------------------------------


class BakeriesState(PhaseOne, CakeSale, Typing, State):
    """A game of Bakeries in progress.

    The board is a list of Hire a Chef card indexes by position (-1: no card there), with
    `face_up` per position; a case is a list per slot of cake kinds (-1: empty), with the Stale
    cards and sold marks beside it; the store is a shuffled list of cake kinds, drawn from its
    end. `narrate` False (Bakeries.new_quiet): no event texts, the rules play the same.
    """

    game: Bakeries

    def __init__(self, game: Bakeries, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed, narrate)
        self._dice: list[int] = []  # results forced by arrange() (tests), used before the rng
        self._draws: list[int] = []
        self.round = 0
        self.money = [0, 0]  # the game score: finished rounds' money and 5-bonuses (BK-1)
        self.history: list[dict[str, Any]] = []
        self.step = ORDER
        self._to_move: int | None = None
        self._legal: list[Move] | None = None
        self._winners: list[int] = []
        events: list[Event] = []
        self._start_round(events)
        self.log.extend(events)

    # --- small helpers -----------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def _d6(self) -> int:
        if self._dice:
            self.reveal()  # GT-1: a die rolled is chance, arranged (tests) or not: final
            return self._dice.pop(0)
        return int(self.rng.random() * 6) + 1

    def _card(self, p: int) -> str:
        return self.game.card_names[self.board[p]]

    def _board_changed(self) -> None:
        """Called when cards leave the board or a new one is laid. Kept: the view's rows of
        cells with every card face down ("?", "" where none is), since the view is asked for at
        nearly every move and this changes only at a hire; and the flip moves of the cards face
        down, in board order, since every flip decision asks for them (a card turned over
        leaves them, _reveal; one turned face down again comes back, _cover)."""
        cells = [FACE_DOWN if c >= 0 else GONE for c in self.board]
        self._hidden_rows = list(map(cells.__getitem__, self.game.row_slices))
        board, up, m_flip = self.board, self.face_up, self.game.m_flip
        self._face_down = [m for m, c, u in zip(m_flip, board, up, strict=True) if c >= 0 and not u]

    # --- rounds (BK-1, BK-3) -----------------------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        game, rng = self.game, self.rng
        self.round += 1
        n = game.size
        # BK-2: the board, shuffled, face down.
        self.board = list(range(n))
        rng.shuffle(self.board)
        self.face_up = [False] * n
        self.shown: list[int] = []  # positions face up now, in the order turned
        self._board_changed()
        #: what each seat has seen of this round's board, {position: (card, turn)}: the
        #: engine's record for reports, never shown to a seat (GT-1; not `seen()`, the cards
        #: a seat may see now)
        self.sightings: list[dict[int, tuple[int, int]]] = [{}, {}]
        self.claimed: list[list[int]] = [[], []]
        self.aside: list[int] = []
        self.chefs = [-1, -1]
        self.mult = [game.tables.no_chef_multiplier] * 2
        self.first_hirer: int | None = None
        self.turns = 0
        self.fives = 0
        self.five_bonus = game.tables.five_bonus_for(0)  # what the next 5 offers (BK-3)
        self.lost = [False, False]
        self.die = 0
        self.flipped = self.flip_lo = self.flip_hi = 0
        self.may_stop = False
        self.bonus_offer = 0
        self.hire_cards: list[int] = []
        self.allowed: tuple[int, ...] = ()
        self.active = 0
        # Phase two: the store shuffled now (a "messy pile"), the cases empty.
        self.store = list(game.cake_pile)
        rng.shuffle(self.store)
        slots = len(game.slots)
        self.cases = [[-1] * slots, [-1] * slots]
        #: the cases as a view shows them, cake ids (None: empty), kept as cakes are placed
        self._case_ids: list[list[str | None]] = [[None] * slots, [None] * slots]
        self.stale = [[0] * slots, [0] * slots]
        self.sold = [[False] * slots, [False] * slots]
        #: each case's empty slots (indexes), in slot order: where a cake may go (BK-4)
        self.open_slots = [list(range(slots)), list(range(slots))]
        self.drawn = -1
        # Phase three (BK-5): the Stale deck is whole again each round.
        self.stale_deck = game.stale_cards
        self.sold_counts = [0, 0]
        self.totals = [0, 0]
        self.sold_kinds: list[list[int]] = [[], []]
        self.last_roll: tuple[int, int] | None = None
        self.repeat = 0
        self.console: dict[str, Any] | None = None
        self.cur: dict[str, Any] = {
            "round": self.round,
            "roll_off": None,
            "roll_off_winner": None,
            "first": None,
            "turns": 0,
            "fives": 0,
            "five_bonus": [0, 0],
            "hires": [0, 0],
            "failed_hires": [0, 0],
            "lost_turns": [0, 0],
            "capped": False,
            "first_hirer": None,
            "chefs": [None, None],
            "multipliers": list(self.mult),
            "second_chance": None,
            "cards_seen": [0, 0],
            "phase_two_first": None,
            "phase_three_first": None,
            "rolls": 0,
            "stale_cards": [0, 0],
            "sold": [0, 0],
            "sale_totals": [0, 0],
            "winner": None,
            "great_chef_bonus": False,
            "consolation_played": False,
            "consolation": None,
            "sale_money": [0, 0],
            "money": [0, 0],
        }
        if self.narrate:
            events.append(
                Event(f"Round {self.round} of {game.rounds} begins: phase one, hire a chef")
            )
        # BK-3: the roll-off; ties reroll; the higher roll chooses to go first or second.
        while True:
            a, b = self._d6(), self._d6()
            if self.narrate:
                tie = " (a tie: roll again)" if a == b else ""
                events.append(
                    Event(f"Roll-off: {self._name(0)} {a}, {self._name(1)} {b}{tie} (BK-3)")
                )
            if a != b:
                break
        self.roll_off = [a, b]
        self.chooser = 0 if a > b else 1
        self.first = self.chooser
        self.cur["roll_off"] = [a, b]
        self.cur["roll_off_winner"] = self.chooser
        self.step, self._to_move, self._legal = ORDER, self.chooser, None
        if self.narrate:
            events.append(Event(f"{self._name(self.chooser)} chooses to go first or second"))

    def _end_round(self, events: list[Event]) -> None:
        cur = self.cur
        cur["turns"] = self.turns
        cur["fives"] = self.fives
        cur["money"] = [cur["sale_money"][s] + cur["five_bonus"][s] for s in (0, 1)]
        self.history.append(cur)
        if self.narrate:
            shown = ", ".join(
                f"{self._name(s)} ${cur['money'][s]:,} (game ${self.money[s]:,})" for s in (0, 1)
            )
            events.append(Event(f"Round {self.round} is over: {shown}"))
        if self.round >= self.game.rounds:
            self.step, self._to_move, self._legal = OVER, None, None
            best = max(self.money)
            self._winners = [s for s in (0, 1) if self.money[s] == best]
            if self.narrate:
                who = " and ".join(self._name(s) for s in self._winners)
                verb = "share the win" if len(self._winners) > 1 else "wins"
                events.append(
                    Event(
                        f"The game is over: {self._name(0)} ${self.money[0]:,}, "
                        f"{self._name(1)} ${self.money[1]:,}. {who} {verb} (BK-1)"
                    )
                )
            return
        self._start_round(events)

    # --- the contract ---------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves(self) -> list[Move]:
        return list(self._legal_list())  # a copy: the caller may change it, not our cache

    def _is_legal(self, move: Move) -> bool:
        return move in self._legal_list()

    def _flips(self) -> list[Move]:
        return list(self._face_down)  # a copy: a `stop` may be added to it

    def _legal_list(self) -> list[Move]:
        legal = self._legal
        if legal is not None:
            return legal
        game, step = self.game, self.step
        if step == TURN:
            legal = [game.m_roll, game.m_hire]
        elif step == FLIP:
            legal = self._flips() if self.flipped < self.flip_hi else []
            if self.flipped >= self.flip_lo and (self.may_stop or self.flipped >= self.flip_hi):
                legal.append(game.m_stop)
        elif step == ROLL:
            legal = [game.m_roll]
        elif step == PLACE:
            me, (on_mine, on_theirs) = self._to_move or 0, game.m_place[self.drawn]
            legal = list(map(on_mine.__getitem__, self.open_slots[me]))
            legal += map(on_theirs.__getitem__, self.open_slots[1 - me])
        elif step == STALE:
            legal = [game.m_stale[i] for i in self._stale_slots(self.active)]
        elif step == HIRE:
            legal = self._flips()
        elif step == FIVE:
            legal = [game.m_bonus, *self._flips()]
        elif step == SECOND:
            legal = self._flips()
            if not self.hire_cards:
                legal.append(game.m_pass)
        elif step == ORDER:
            legal = [game.m_first, game.m_second]
        elif step == CONSOLE:
            assert self.console is not None
            legal = (
                [game.m_draw] if self.console["drawn"] is None else [game.m_stop, game.m_continue]
            )
        else:
            legal = []
        self._legal = legal
        return legal

    def apply(self, move: Move) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        step = self.step
        if step == FLIP:
            self._flip(move, events)
        elif step == ROLL:
            self._sale_roll(events)
        elif step == TURN:
            self._turn(move, events)
        elif step == PLACE:
            self._place(move, events)
        elif step == STALE:
            self._put_stale(move, events)
        elif step == HIRE:
            self._hire(move, events)
        elif step == FIVE:
            self._five(move, events)
        elif step == SECOND:
            self._second(move, events)
        elif step == ORDER:
            self._order(move, events)
        elif step == CONSOLE:
            self._consolation(move, events)
        return events

    # --- what each seat sees ----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        game, step = self.game, self.step
        v: dict[str, Any] = {
            "game": game.name,
            "players": list(game.players),
            "seat": seat,
            "round": self.round,
            "rounds": game.rounds,
            "phase": PHASE_OF[step],
            "step": STEPS[step],
            "to_move": self._to_move,
            "moves": len(self.moves),
            "scores": list(self.money),
            "active": self.active if step != OVER else None,
            "roll_off": list(self.roll_off),
            "chooser": self.chooser,
            "first": self.first,
            "chefs": list(self.cur["chefs"]),  # their ids, as the round's record keeps them
            "multipliers": list(self.mult),
            "first_hirer": self.first_hirer,
            # the round just finished, shown as the next one starts (public: BK-6's money)
            "last_round": _copy(self.history[-1]) if step == ORDER and self.history else None,
        }
        if step <= SECOND:
            # the cards face up now (`shown`) on the cells as if all were face down
            ids, names, cell_of, board = game.card_ids, game.pos_names, game.cell_of, self.board
            rows = list(map(list.copy, self._hidden_rows))
            face_up = {}
            for p in self.shown:
                r, c = cell_of[p]
                rows[r][c] = face_up[names[p]] = ids[board[p]]
            v["board"] = rows
            v["face_up"] = face_up
            v["turn"] = self.turns
            v["turn_cap"] = game.turn_cap
            v["die"] = self.die or None
            flipping = step in (FIVE, FLIP)
            v["flips"] = (
                {
                    "done": self.flipped,
                    "least": self.flip_lo,
                    "most": self.flip_hi,
                    "may_stop": self.may_stop,
                }
                if flipping
                else None
            )
            v["fives"] = self.fives
            v["five_bonus"] = self.five_bonus
            v["bonus"] = self.bonus_offer if step == FIVE else None
            v["lost_turn"] = list(self.lost)
            v["hire"] = (
                [game.pos_names[p] for p in self.hire_cards] if step in (HIRE, SECOND) else []
            )
            v["second_chance"] = (
                {"seat": self.active, "multipliers": list(self.allowed)} if step == SECOND else None
            )
            return v
        v["slots"] = list(game.slots)
        v["slot_multipliers"] = list(game.slot_mult)
        v["cases"] = list(map(list, self._case_ids))
        v["stale"] = list(map(list, self.stale))
        v["sold"] = list(map(list, self.sold))
        v["drawn"] = game.cake_ids_or_none[self.drawn]  # -1 (no cake): None
        v["store"] = len(self.store)
        v["sold_counts"] = list(self.sold_counts)
        v["sale_totals"] = list(self.totals)
        v["stale_deck"] = self.stale_deck
        v["last_roll"] = list(self.last_roll) if self.last_roll else None
        v["stale_for"] = self.active if step == STALE else None
        v["repeat"] = self.repeat if step == STALE else None
        v["consolation"] = dict(self.console) if self.console is not None else None
        if step == OVER:
            v["winners"] = list(self._winners)
            v["history"] = [_copy(h) for h in self.history]
        return v

    def seen(self, seat: int) -> Counter[str]:
        """Every card id this seat may see now (GT-1): the board cards face up (turned this
        turn, not yet face down again), the hired sets (after phase one the chefs alone), the
        cake drawn, the case cards and the cakes and Stale cards on them. Never a board card
        turned face down again (remembering it is the players' job, BK-3), nor the store, nor
        the Stale deck. Both players see the same table, so `seat` changes nothing."""
        game = self.game
        ids = game.card_ids
        seen: Counter[str] = Counter(
            ids[c] for p, c in enumerate(self.board) if c >= 0 and self.face_up[p]
        )
        for cards in self.claimed:
            seen.update(ids[c] for c in cards)
        if self.step >= PLACE:
            seen.update(game.case_card_ids)
            cakes = game.cake_ids
            for case, stale in zip(self.cases, self.stale, strict=True):
                seen.update(cakes[k] for k in case if k >= 0)
                if any(stale):
                    seen[game.stale_id] += sum(stale)
            if self.drawn >= 0:
                seen[cakes[self.drawn]] += 1
        return seen

    def sights(self) -> list[Counter[str]]:
        """`seen` of both seats: the same table, counted once."""
        seen = self.seen(0)
        return [seen, seen]

    def memory(self, seat: int) -> dict[str, dict[str, Any]]:
        """What a seat has seen of this round's board: {position: {card, turn}} (BK-3). The
        engine's record, for reports and tests; never part of a view, a screen or a log (GT-1:
        a card turned face down again reaches no seat)."""
        game = self.game
        return {
            game.pos_names[p]: {"card": game.card_ids[c], "turn": t}
            for p, (c, t) in sorted(self.sightings[seat].items())
        }

    def describe(self, seat: int | None) -> list[str]:
        """A seat's screen (None: the public table), as screen.py draws it."""
        from ezkit.games.bakeries import screen

        return screen.describe(self, seat)

    # --- the end (BK-1) ---------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Money per seat: the rounds' money and the 5-bonuses so far (BK-1)."""
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        """The higher total wins; equal totals share the win (BK-1)."""
        return list(self._winners)

    def conserved(self) -> bool:
        """30 Hire a Chef, 78 cake, 22 case and 30 Stale cards, each in exactly one place."""
        game = self.game
        chef_cards = [c for c in self.board if c >= 0] + self.aside
        for cards in self.claimed:
            chef_cards += cards
        if sorted(chef_cards) != list(range(game.size)):
            return False
        cakes = [0] * len(game.cake_ids)
        for k in self.store:
            cakes[k] += 1
        for case in self.cases:
            for k in case:
                if k >= 0:
                    cakes[k] += 1
        if self.drawn >= 0:
            cakes[self.drawn] += 1
        # every case slot holds one case card; the Stale cards are in the deck or on cakes
        stale = self.stale_deck + sum(map(sum, self.stale))
        return (
            tuple(cakes) == game.cake_counts
            and 2 * len(game.slots) == game.case_cards
            and stale == game.stale_cards
            and all(0 <= x <= game.sale.stale_per_cake for row in self.stale for x in row)
        )

    # --- a position set by hand ---------------------------------------------------------

    def arrange(
        self,
        *,
        board: Mapping[str, str] | Sequence[str] | None = None,
        dice: Sequence[int] | None = None,
        store: Sequence[str] | None = None,
        draws: Sequence[int] | None = None,
    ) -> None:
        """Set chance by hand, for tests and teaching. A game arranged so cannot be replayed.

        `board` (phase one, before a card is turned this round): the cards at these positions
        ({"A1": "chef-red", ...}; the other cards fill the rest in their shuffled order), or
        all 30 ids in reading order. `dice`: the next d6 results, used before the random ones
        (a 2d6 roll takes two). `store`: these cakes are drawn next, first listed first.
        `draws`: the consolation round's next slot numbers."""
        game = self.game
        if board is not None:
            if self.step > TURN or self.shown or any(c < 0 for c in self.board):
                raise InputError("the board is arranged only before a card is turned")
            pairs: dict[int, int] = {}
            if isinstance(board, Mapping):
                items = [(game.position(str(k)), str(v)) for k, v in board.items()]
            else:
                items = list(zip(range(game.size), (str(v) for v in board), strict=True))
            rest = list(self.board)
            for p, card in items:
                if p is None:
                    raise InputError(f"no board position in {board!r}")
                c = next((c for c in rest if game.card_ids[c] == card), None)
                if c is None:
                    raise InputError(f"no {card!r} left to put at {game.pos_names[p]}")
                rest.remove(c)
                pairs[p] = c
            self.board = [pairs[p] if p in pairs else rest.pop(0) for p in range(game.size)]
            self._board_changed()
        if dice is not None:
            if any(not 1 <= d <= 6 for d in dice):
                raise InputError(f"dice are 1..6: {list(dice)}")
            self._dice = list(dice)
        if store is not None:
            kinds = [game.cake_index[decks.normalise(c)] for c in store]
            for k in kinds:
                self.store.remove(k)
            self.store.extend(reversed(kinds))
        if draws is not None:
            self._draws = list(draws)
        self._legal = None


def _copy(record: Mapping[str, Any]) -> dict[str, Any]:
    """A round record for a view: its lists and dicts copied (a view is the caller's)."""
    out: dict[str, Any] = {}
    for k, v in record.items():
        if isinstance(v, list):
            out[k] = list(v)
        elif isinstance(v, dict):
            out[k] = {kk: list(vv) if isinstance(vv, list) else vv for kk, vv in v.items()}
        else:
            out[k] = v
    return out
