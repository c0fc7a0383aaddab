"""The Civil War Battle of the Bakeries (seed 001): find a chef, fill the case, sell seven cakes.

Rules: the rule book, settled by rulings BK-1..BK-7 and GT-1 (shared/rules/RULINGS.md); the
cards, the die table, the 5-bonus, the second-chance table, the turn cap, the case multipliers,
the cakes' prices and counts and every percentage of the sale come from `cards/bakeries.yaml`
(ezkit.games.decks). Two players, three rounds of three phases; money adds up (BK-1).

Moves are decisions of the seat to move (`State.to_move()`), typed as below. POS is a board
position, row letter and column number (`B3`; rows A..F, columns 1..5), or its number in
reading order (`flip 8` is `flip B3`); CAKE a cake in card notation (`wedding-cake`, any case,
spaces for hyphens, or left out: `place on mine 8`); N a bakery case slot, 2..12.

    who decides                 move                      what it does
    the roll-off winner         first | second            go first or second in phase one (BK-3)
    phase one, on one's turn    roll                      roll the die and follow it (BK-3)
                                hire                      "I am going to hire a chef!"
    after a 5                   bonus                     take the 5-bonus instead of flipping
                                flip POS                  ...or turn over the first of 2 cards
    after a roll                flip POS                  turn over one card, face up for all
                                stop                      end the turn (after a 6: any time
                                                          after the first card; otherwise once
                                                          the die's cards are all turned)
    hiring                      flip POS                  the chef first, then the set's
                                                          components (one wild at most)
    the other player, once      flip POS                  their one attempt at a lesser set, any
    after the first hire        pass                      order (BK-3) / or none at all
    phase two, a cake drawn     place CAKE on mine N      on an empty slot of one's own case
                                place CAKE on theirs N    ...or of the opponent's (BK-4)
    phase three, one's turn     roll                      roll 2d6: sell that slot's cake (BK-5)
    the roller's opponent,      stale N                   a Stale card on the roller's unsold
    after a repeated number                               cake on slot N (BK-5)
    the consolation player      draw                      draw an unsold slot number, roll once
                                stop | continue           keep 60%, or draw and roll for 80%
                                                          (a miss drops them to 40%) (BK-6)

Chance (the roll-off, the die, 2d6, the cake drawn, the consolation draw) is the state's own.
Moves with one legal choice (a phase-three `roll`, the `stop` that ends a flip, `draw`) are
still moves: the table plays them without asking a human.

Memory (BK-3: "what a human sees is shown and then hidden again"): the cards a player turns
over are face up for both players until the next turn's first move, which turns them face down
again with a `Covered` event (its `hide` is true: the table clears the screen). `view(seat)` and
`describe(seat)` show only the cards face up now. What the players have seen is the state's own
record `sightings[seat]` ({position: (card index, phase-one turn)}; `memory(seat)` by names),
for reports and tests, never in a view, a screen or a log: a bot keeps its own memory from the
views it is shown (ezkit.games.bots), a human their own head (GT-1).

Secrets (GT-1): `seen(seat)` is every card id the seat may see now: the board cards face up,
the sets hired this phase one (then the chefs alone), the cake drawn, the cakes in the cases,
the Stale cards on them and the case cards; never a board card turned face down again nor the
store. A move that turns a card over, rolls, draws a cake or turns cards face down again (undoing
it would show them again) is final (`State.final`): undo stops before it. An event that names a
board card turned over carries `covered` text without it ("Ann turns over B3"): a log read
while the game is on (`Event.logged_for`) shows only that; the live screen shows the card.

Beyond the rulings (candidate rulings; each also noted where it is coded):

- The cards turned over in a turn stay face up until the next turn's first move (both players
  look at them), and every flipping ends with the flipper's `stop` (forced once no card may be
  turned), so the flipper too is shown the last card: a bot sees it at that `stop`, if it is
  asked at forced decisions (the table asks; see bots.BakeriesBot.sees_forced).
- Both players see every card turned over, so `sightings[0]` and `sightings[1]` are equal; they
  are kept per seat all the same (what differs is what each remembers: the bots' business).
- A hire whose first card is not a chef fails ("he MUST turn over the chef card first").
- The second-chance player may `pass` before their first card; the attempt ends at the first
  card that leaves no allowed set possible; a wild counts for every allowed set it may stand in.
- When both players have lost a turn, both turns are lost and play alternates again.
- The turn cap counts turns played (rolls and hires); lost turns do not count.
- Phase two: the drawn cake is shown to both players before it is placed.
- Phase three: one roll per turn; the round ends at once when a player sells their seventh
  cake. A Stale card is the opponent's duty when one can be played (they only choose the
  cake); none when every unsold cake of the roller carries 4 or the deck is empty.
- Money is rounded half up to whole dollars, once per sale, once for the winner's total with
  its bonus and once for the loser's share (with the book's numbers nothing needs rounding).
- The consolation `draw` is a move (one legal choice): one draw and one 2d6 roll; `continue`
  draws again from all the unsold numbers (the first card put back and shuffled in).
- The winner's round money is added to the scores when the seventh cake is sold, the loser's
  when their share is settled; the 5-bonus at once (BK-3).
- Option `rounds` (default 3, BK-1) may shorten the game to 1 or 2 rounds; any other value is
  refused (BK-7). Option `turn_cap` overrides the data's.

`view(seat)` keys, every step: game, players, seat, round, rounds, phase (1, 2, 3; None at the
end), step (order, turn, five, flip, hire, second-chance, place, roll, stale, consolation,
over), to_move, moves (decisions made so far: a clock), scores (money so far), active (whose
turn), roll_off ([roll, roll] of this round), chooser (its winner), first (who went first in
phase one), chefs (chef card ids or None), multipliers, first_hirer. Phase one also: board
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

import string
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ezkit.errors import DocumentError, InputError
from ezkit.games import decks
from ezkit.games.engine import Event, Game, IllegalMove, Move, State

# --- constants ------------------------------------------------------------------------------

STEPS = (
    "order",
    "turn",
    "five",
    "flip",
    "hire",
    "second-chance",
    "place",
    "roll",
    "stale",
    "consolation",
    "over",
)
_ORDER, _TURN, _FIVE, _FLIP, _HIRE, _SECOND, _PLACE, _ROLL, _STALE, _CONSOLE, _OVER = range(11)
#: The book's phase of each step.
PHASE_OF = (1, 1, 1, 1, 1, 1, 2, 3, 3, 3, None)

_CHEF, _COMPONENT, _WILD = range(3)
MINE, THEIRS = "mine", "theirs"
FACE_DOWN, GONE = "?", ""

# --- game info ------------------------------------------------------------------------------

_DECK = decks.deck("bakeries")
TABLES = decks.tables("bakeries")
assert isinstance(TABLES, decks.BakeriesTables)

GAME_INFO: dict[str, Any] = {
    "name": "bakeries",
    "title": "The Civil War Battle of the Bakeries",
    "min_players": TABLES.players,
    "max_players": TABLES.players,
    "default_players": TABLES.players,
    "options": {
        "rounds": f"1 or 2 for quick play, default {TABLES.rounds} (BK-1, BK-7)",
        "turn_cap": f"phase one's turn cap, default {TABLES.phase_one_turn_cap} (BK-3)",
    },
    "moves": (
        "first",
        "second",
        "roll",
        "hire",
        "bonus",
        "flip",
        "stop",
        "pass",
        "place",
        "stale",
        "draw",
        "continue",
    ),
}


class Covered(Event):
    """Cards the table saw are face down again: a screen that showed them is cleared
    (ezkit.games.table clears the screen at any event whose `hide` is true)."""

    __slots__ = ()
    hide = True


def _count(n: int, noun: str) -> str:
    """`1 card`, `2 cards`, `no cards`: a number of things in words a player reads."""
    if n == 0:
        return f"no {noun}s"
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _half_up(numerator: int, denominator: int = 100) -> int:
    """Whole dollars, half up (BK-6), for money that is never negative."""
    return (2 * numerator + denominator) // (2 * denominator)


# --- the game -------------------------------------------------------------------------------


class Bakeries(Game):
    """The Civil War Battle of the Bakeries for two players (BK-1); options `rounds`, `turn_cap`."""

    name = "bakeries"
    title = "The Civil War Battle of the Bakeries"
    min_players = TABLES.players
    max_players = TABLES.players
    default_players = TABLES.players

    def __init__(self, players: Sequence[str], **options: Any) -> None:
        super().__init__(players, **options)
        t = self.tables = TABLES
        self.rounds: int = self.options["rounds"]
        self.turn_cap: int = self.options["turn_cap"]
        where = _DECK.path

        # BK-2: the board, 6 rows x 5 columns of the 30 Hire a Chef cards.
        self.rows, self.columns = t.board["rows"], t.board["columns"]
        self.size = self.rows * self.columns
        if self.rows > 26:
            raise DocumentError(f"{where}: tables.board.rows: at most 26 rows (A..Z)")
        self.pos_names: tuple[str, ...] = tuple(
            f"{string.ascii_uppercase[r]}{c + 1}"
            for r in range(self.rows)
            for c in range(self.columns)
        )
        self.pos_index = {name: p for p, name in enumerate(self.pos_names)}
        ids: list[str] = []
        names: list[str] = []
        kind: list[int] = []
        mult: list[int] = []
        wild_for: list[frozenset[int]] = []
        codes = {"chef": _CHEF, "wild": _WILD}
        for card in _DECK.of("chef"):
            for _ in range(card.count):
                ids.append(card.id)
                names.append(card.name)
                kind.append(codes.get(str(card.component), _COMPONENT))
                mult.append(int(card.multiplier or 0))
                wild_for.append(frozenset(card.wild_for or ()))
        if len(ids) != self.size:
            raise DocumentError(
                f"{where}: {len(ids)} Hire a Chef cards do not fill a "
                f"{self.rows} x {self.columns} board (BK-2)"
            )
        self.card_ids, self.card_names = tuple(ids), tuple(names)
        self.card_kind, self.card_mult = tuple(kind), tuple(mult)
        self.card_wild_for = tuple(wild_for)
        self.set_multipliers = tuple(sorted(s.multiplier for s in t.chef_sets))
        self.colour_of = {s.multiplier: s.colour for s in t.chef_sets}
        #: components per set (4): a set is its chef and these (BK-2)
        self.components = {
            m: sum(1 for k, x in zip(kind, mult, strict=True) if k == _COMPONENT and x == m)
            for m in self.set_multipliers
        }
        self.set_size = {m: 1 + n for m, n in self.components.items()}
        self.second_chance = {int(k): tuple(v) for k, v in t.second_chance.items()}

        # BK-3: the die (a d6) and what each result lets the roller do.
        if sorted(t.die) != list(range(1, 7)):
            raise DocumentError(f"{where}: tables.die: give the results 1..6 of a d6 (BK-3)")
        self.die = {d: (f.flip[0], f.flip[1], f.bonus, f.may_stop) for d, f in t.die.items()}

        # Phase two: the cakes (seed 001 "PHASE TWO") and the case slots 2..12.
        cakes = _DECK.of("cake")
        self.cake_ids = tuple(c.id for c in cakes)
        self.cake_names = tuple(c.name for c in cakes)
        self.cake_prices = tuple(int(c.price or 0) for c in cakes)
        self.cake_counts = tuple(c.count for c in cakes)
        self.cake_index = {cid: k for k, cid in enumerate(self.cake_ids)}
        self.slots = tuple(row.slot for row in t.case)
        self.slot_mult = tuple(row.multiplier for row in t.case)
        self.slot_index = {slot: i for i, slot in enumerate(self.slots)}
        if len(self.slots) != t.case_slots or sorted(self.slots) != list(range(2, 13)):
            raise DocumentError(f"{where}: tables.case: the slots are the 2d6 rolls 2..12")
        if sum(self.cake_counts) < 2 * len(self.slots):
            raise DocumentError(f"{where}: too few cakes to fill both bakery cases (BK-4)")
        self.case_cards = _DECK.size("case")
        self.stale_cards = _DECK.size("stale")
        # GT-1: the ids `BakeriesState.seen` counts: the case cards (face up from phase two
        # on) and the Stale card's
        self.case_card_ids = tuple(c.id for c in _DECK.of("case") for _ in range(c.count))
        self.stale_id = _DECK.of("stale")[0].id
        sale = t.sale
        self.sale = sale

        # Every move, made once.
        self.m_first, self.m_second = Move("first"), Move("second")
        self.m_roll, self.m_hire, self.m_bonus = Move("roll"), Move("hire"), Move("bonus")
        self.m_stop, self.m_pass = Move("stop"), Move("pass")
        self.m_draw, self.m_continue = Move("draw"), Move("continue")
        self.m_flip = tuple(Move("flip", (name,)) for name in self.pos_names)
        self.m_place = tuple(
            tuple(
                tuple(Move("place", (cid, "on", whose, str(slot))) for slot in self.slots)
                for whose in (MINE, THEIRS)
            )
            for cid in self.cake_ids
        )
        self.m_stale = tuple(Move("stale", (str(slot),)) for slot in self.slots)

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        known = ("rounds", "turn_cap")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InputError(
                f"{self.title} has no option {', '.join(unknown)}; its options: {', '.join(known)}"
            )
        return {
            "rounds": _rounds(options.get("rounds")),
            "turn_cap": _whole(
                options.get("turn_cap"), TABLES.phase_one_turn_cap, 1, 100_000, "turn_cap", "BK-3"
            ),
        }

    def new(self, seed: int) -> BakeriesState:
        return BakeriesState(self, seed)

    def new_quiet(self, seed: int) -> BakeriesState:
        """The same game, telling nothing: simulations read only moves, scores and history."""
        return BakeriesState(self, seed, narrate=False)

    def position(self, text: str) -> int | None:
        """A board position from `B3` (any case) or its number in reading order (`8`)."""
        typed = text.strip().upper()
        if typed.isdigit():
            p = int(typed) - 1
            return p if 0 <= p < self.size else None
        return self.pos_index.get(typed)


def _rounds(value: Any) -> int:
    """Ruling BK-7: the game is three rounds (BK-1), or 1 or 2 for quick play; any other value
    (0, 4, -1, "x", True) is refused with the ruling's ID, never ignored."""
    most = TABLES.rounds
    if value is None:
        return most
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    if number is None or not 1 <= number <= most:
        numbers = [str(n) for n in range(1, most + 1)]
        allowed = " or ".join([", ".join(numbers[:-1]), numbers[-1]] if most > 1 else numbers)
        raise InputError(
            f"rounds: {value!r} is refused: a game is {most} rounds (BK-1), or fewer for quick "
            f"play: {allowed} (BK-7)"
        )
    return number


def _whole(value: Any, default: int, low: int, high: int, name: str, rule: str) -> int:
    if value is None:
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number is None or isinstance(value, bool) or not low <= number <= high:
        raise InputError(f"{name}: {value!r} is not a whole number {low}..{high} ({rule})")
    return number


# --- the state ------------------------------------------------------------------------------


class BakeriesState(State):
    """A game of Bakeries in progress.

    The board is a list of Hire a Chef card indexes by position (-1: no card there), with
    `face_up` per position; a case is a list per slot of cake kinds (-1: empty), with the Stale
    cards and sold marks beside it; the store is a shuffled list of cake kinds, drawn from its
    end. `narrate` False (Bakeries.new_quiet): no event texts, the rules play the same.
    """

    game: Bakeries

    def __init__(self, game: Bakeries, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed)
        self.narrate = narrate
        self._dice: list[int] = []  # results forced by arrange() (tests), used before the rng
        self._draws: list[int] = []
        self.round = 0
        self.money = [0, 0]  # the game score: finished rounds' money and 5-bonuses (BK-1)
        self.history: list[dict[str, Any]] = []
        self.step = _ORDER
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
        self.lost = [False, False]
        self.die = 0
        self.flipped = self.flip_lo = self.flip_hi = 0
        self.may_stop = False
        self.bonus_offer = 0
        self.hire_cards: list[int] = []
        self.allowed: tuple[int, ...] = ()
        self.active = 0
        # Phase two: the store shuffled now (a "messy pile"), the cases empty.
        self.store = [k for k, c in enumerate(game.cake_counts) for _ in range(c)]
        rng.shuffle(self.store)
        slots = len(game.slots)
        self.cases = [[-1] * slots, [-1] * slots]
        self.stale = [[0] * slots, [0] * slots]
        self.sold = [[False] * slots, [False] * slots]
        self.filled = [0, 0]
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
        self.step, self._to_move, self._legal = _ORDER, self.chooser, None
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
            self.step, self._to_move, self._legal = _OVER, None, None
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
        board, up, m_flip = self.board, self.face_up, self.game.m_flip
        return [m_flip[p] for p in range(len(board)) if board[p] >= 0 and not up[p]]

    def _legal_list(self) -> list[Move]:
        legal = self._legal
        if legal is not None:
            return legal
        game, step = self.game, self.step
        if step == _TURN:
            legal = [game.m_roll, game.m_hire]
        elif step == _FLIP:
            legal = self._flips() if self.flipped < self.flip_hi else []
            if self.flipped >= self.flip_lo and (self.may_stop or self.flipped >= self.flip_hi):
                legal.append(game.m_stop)
        elif step == _ROLL:
            legal = [game.m_roll]
        elif step == _PLACE:
            me, rows = self._to_move or 0, game.m_place[self.drawn]
            mine, theirs = self.cases[me], self.cases[1 - me]
            legal = [rows[0][i] for i, k in enumerate(mine) if k < 0]
            legal += [rows[1][i] for i, k in enumerate(theirs) if k < 0]
        elif step == _STALE:
            legal = [game.m_stale[i] for i in self._stale_slots(self.active)]
        elif step == _HIRE:
            legal = self._flips()
        elif step == _FIVE:
            legal = [game.m_bonus, *self._flips()]
        elif step == _SECOND:
            legal = self._flips()
            if not self.hire_cards:
                legal.append(game.m_pass)
        elif step == _ORDER:
            legal = [game.m_first, game.m_second]
        elif step == _CONSOLE:
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
        if step == _FLIP:
            self._flip(move, events)
        elif step == _ROLL:
            self._sale_roll(events)
        elif step == _TURN:
            self._turn(move, events)
        elif step == _PLACE:
            self._place(move, events)
        elif step == _STALE:
            self._put_stale(move, events)
        elif step == _HIRE:
            self._hire(move, events)
        elif step == _FIVE:
            self._five(move, events)
        elif step == _SECOND:
            self._second(move, events)
        elif step == _ORDER:
            self._order(move, events)
        elif step == _CONSOLE:
            self._consolation(move, events)
        return events

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
        self.step, self._to_move = _TURN, seat
        if self.narrate:
            events.append(Event(f"{self._name(seat)}'s turn ({self.turns + 1})"))

    def _cover(self, events: list[Event], hide: bool = True) -> None:
        """The cards face up are turned face down again (BK-3: shown, then hidden)."""
        if not self.shown:
            return
        up = self.face_up
        names = self.game.pos_names
        for p in self.shown:
            up[p] = False
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
            self.step = _HIRE
            self.hire_cards = []
            self.cur["hires"][a] += 1
            if self.narrate:
                events.append(Event(f'{self._name(a)}: "I am going to hire a chef!" (BK-3)'))
            return
        d = self._d6()
        self.die = d
        low, high, bonus, may_stop = game.die[d]
        face_down = sum(1 for p, c in enumerate(self.board) if c >= 0 and not self.face_up[p])
        self.flip_hi = min(high, face_down)
        self.flip_lo = min(low, self.flip_hi)
        self.may_stop = may_stop
        if self.narrate:
            events.append(Event(f"{self._name(a)} rolls a {d}"))
        if bonus:
            # BK-3: $500 + $250 for every 5 rolled earlier this phase one, taken or not.
            self.bonus_offer = game.tables.five_bonus_for(self.fives)
            self.fives += 1
            self.step = _FIVE
            return
        self.step = _FLIP
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
        self.step = _FLIP
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
            if k == _CHEF:
                if mult[c] != m:
                    return False
                chefs += 1
            elif k == _COMPONENT:
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
        if game.card_kind[chef] != _CHEF:
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
                self.step, self._to_move = _SECOND, other
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
        self.step = _FLIP
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
        self.claimed[seat] = cards
        chef = next(c for c in cards if game.card_kind[c] == _CHEF)
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
                        f"Nobody hired a chef in {_count(game.turn_cap, 'turn')}: both are "
                        f"{game.tables.no_chef_multiplier}x and {self._name(self.chooser)} "
                        "counts as the first hirer (BK-3)"
                    )
                )
        # The Hire a Chef cards are set aside, but the chefs claimed.
        self.aside.extend(c for c in self.board if c >= 0)
        self.board = [-1] * game.size
        self.face_up = [False] * game.size
        self.shown = []
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

    # --- phase two (BK-4) -------------------------------------------------------------------

    def _draw(self, seat: int, events: list[Event]) -> None:
        self.drawn = self.store.pop()
        self.active = seat
        self.step, self._to_move = _PLACE, seat
        if self.narrate:
            cake = self.drawn
            name, price = self.game.cake_names[cake], self.game.cake_prices[cake]
            events.append(Event(f"{self._name(seat)} draws a {name} (${price})"))

    def _place(self, move: Move, events: list[Event]) -> None:
        game, me = self.game, self.active
        _, _, whose, slot = move.args
        owner = me if whose == MINE else 1 - me
        i = game.slot_index[int(slot)]
        self.cases[owner][i] = self.drawn
        self.filled[owner] += 1
        if self.narrate:
            cake = game.cake_names[self.drawn]
            if owner == me:
                text = f"{self._name(me)} puts the {cake} on their own slot {slot}"
            else:
                text = (
                    f"{self._name(me)} puts the {cake} on {self._name(owner)}'s slot {slot}: "
                    '"YOU TAKE THE CAKE!"'
                )
            events.append(Event(text))
        self.drawn = -1
        slots = len(game.slots)
        full = [self.filled[0] == slots, self.filled[1] == slots]
        if full[0] and full[1]:
            self._start_sale(events)
            return
        if full[0] or full[1]:
            # BK-4: one case is full: the other player draws and fills their own alone.
            self._draw(1 if full[0] else 0, events)
            return
        self._draw(1 - me, events)

    # --- phase three (BK-5, BK-6) ----------------------------------------------------------

    def _start_sale(self, events: list[Event]) -> None:
        first = self.first_hirer
        assert first is not None
        self.cur["phase_three_first"] = first
        self.active = first
        self.step, self._to_move = _ROLL, first
        if self.narrate:
            events.append(
                Event(f"Phase three, the Cake Sale: {self._name(first)} rolls first (BK-5)")
            )

    def _stale_slots(self, seat: int) -> list[int]:
        """The roller's unsold cakes that may take one more Stale card (BK-5)."""
        most = self.game.sale.stale_per_cake
        sold, stale = self.sold[seat], self.stale[seat]
        return [i for i in range(len(sold)) if not sold[i] and stale[i] < most]

    def sale_value(self, seat: int, i: int) -> int:
        """What the cake on slot index i of seat's case sells for now (BK-5), whole dollars."""
        game = self.game
        price = game.cake_prices[self.cases[seat][i]]
        share = 100 - game.sale.stale_percent * self.stale[seat][i]
        return _half_up(self.mult[seat] * price * game.slot_mult[i] * share)

    def _sale_roll(self, events: list[Event]) -> None:
        game, r = self.game, self.active
        a, b = self._d6(), self._d6()
        self.last_roll = (a, b)
        self.cur["rolls"] += 1
        n = a + b
        i = game.slot_index[n]
        if not self.sold[r][i]:
            value = self.sale_value(r, i)
            self.sold[r][i] = True
            self.sold_counts[r] += 1
            self.totals[r] += value
            self.sold_kinds[r].append(self.cases[r][i])
            if self.narrate:
                cake = game.cake_names[self.cases[r][i]]
                events.append(
                    Event(
                        f"{self._name(r)} rolls {n}: sells the {cake} for ${value:,} "
                        f'("Hey Bakery Customer, YOU TAKE THE CAKE!"); '
                        f"{self.sold_counts[r]} sold, ${self.totals[r]:,}"
                    )
                )
            if self.sold_counts[r] >= game.sale.cakes_to_win:
                self._round_won(r, events)
                return
        else:
            self.repeat = n
            if self.narrate:
                events.append(Event(f"{self._name(r)} rolls {n}, already sold (BK-5)"))
            if self.stale_deck > 0 and self._stale_slots(r):
                self.step, self._to_move = _STALE, 1 - r
                return
            if self.narrate:
                why = "the Stale deck is empty" if not self.stale_deck else "no cake can take one"
                events.append(Event(f"No Stale card: {why} (BK-5)"))
        self._next_roller(events)

    def _next_roller(self, events: list[Event]) -> None:
        r = 1 - self.active
        self.active = r
        self.step, self._to_move = _ROLL, r

    def _put_stale(self, move: Move, events: list[Event]) -> None:
        game, r = self.game, self.active
        i = game.slot_index[int(move.args[0])]
        self.stale[r][i] += 1
        self.stale_deck -= 1
        self.cur["stale_cards"][r] += 1
        if self.narrate:
            cake = game.cake_names[self.cases[r][i]]
            events.append(
                Event(
                    f"{self._name(1 - r)} puts a Stale card on {self._name(r)}'s {cake} "
                    f"(slot {move.args[0]}, now {self.stale[r][i]}); "
                    f"{self.stale_deck} left (BK-5)"
                )
            )
        self._next_roller(events)

    def _round_won(self, w: int, events: list[Event]) -> None:
        sale, cur = self.game.sale, self.cur
        loser = 1 - w
        distinct = len(set(self.sold_kinds[w])) == len(self.sold_kinds[w])
        bonus = sale.great_chef_bonus_percent if distinct else 0
        won = _half_up(self.totals[w] * (100 + bonus))
        self.money[w] += won
        cur["winner"] = w
        cur["great_chef_bonus"] = distinct
        cur["sold"] = list(self.sold_counts)
        cur["sale_totals"] = list(self.totals)
        cur["sale_money"][w] = won
        if self.narrate:
            extra = f" + the Great Chef Bonus ({bonus}%) = ${won:,}" if distinct else ""
            events.append(
                Event(
                    f"{self._name(w)} sold {sale.cakes_to_win} cakes first: "
                    f"${self.totals[w]:,}{extra} (BK-6)"
                )
            )
        if self.mult[w] - self.mult[loser] >= sale.consolation_gap:
            # BK-6: a multiplier 3 or more below the winner's plays the consolation round.
            cur["consolation_played"] = True
            self.console = {
                "seat": loser,
                "total": self.totals[loser],
                "hits": 0,
                "percent": sale.loser_keeps_percent,
                "drawn": None,
                "roll": None,
            }
            self.active = loser
            self.step, self._to_move = _CONSOLE, loser
            if self.narrate:
                events.append(
                    Event(
                        f"{self._name(loser)} ({self.mult[loser]}x against {self.mult[w]}x) plays "
                        "the Catch Up Consolation Clearance Cake Sale Round (BK-6)"
                    )
                )
            return
        self._settle(loser, sale.loser_keeps_percent, events)

    def _consolation(self, move: Move, events: list[Event]) -> None:
        game, sale = self.game, self.game.sale
        c = self.console
        assert c is not None
        s = c["seat"]
        if move.action == "stop":
            self._settle(s, c["percent"], events)
            return
        unsold = [game.slots[i] for i, sold in enumerate(self.sold[s]) if not sold]
        # the unsold numbers shuffled, the top one drawn: one of them at random
        if self._draws:
            self.reveal()  # GT-1: a draw, arranged (tests) or not, is final
            slot = self._draws.pop(0)
        else:
            slot = unsold[int(self.rng.random() * len(unsold))]
        a, b = self._d6(), self._d6()
        c["drawn"], c["roll"] = slot, a + b
        hit = a + b == slot
        if self.narrate:
            outcome = "a hit" if hit else "a miss"
            events.append(
                Event(f"{self._name(s)} draws slot {slot} and rolls {a + b}: {outcome} (BK-6)")
            )
        if not hit:
            c["hits"] = 0  # BK-6: a miss leaves (or drops them back to) 40%
            c["percent"] = sale.loser_keeps_percent
            self._settle(s, c["percent"], events)
            return
        c["hits"] += 1
        c["percent"] = sale.consolation_percent[c["hits"] - 1]
        if c["hits"] >= len(sale.consolation_percent):
            self._settle(s, c["percent"], events)

    def _settle(self, loser: int, percent: int, events: list[Event]) -> None:
        """The loser keeps their share of their cake sale total (BK-6); the round ends."""
        kept = _half_up(self.totals[loser] * percent)
        self.money[loser] += kept
        cur = self.cur
        cur["sale_money"][loser] = kept
        cur["sold"] = list(self.sold_counts)
        cur["sale_totals"] = list(self.totals)
        if self.console is not None:
            cur["consolation"] = {
                "seat": loser,
                "hits": self.console["hits"],
                "percent": percent,
            }
        if self.narrate:
            events.append(
                Event(
                    f"{self._name(loser)} keeps {percent}% of ${self.totals[loser]:,}: "
                    f"${kept:,} (BK-6)"
                )
            )
        self.console = None
        self._end_round(events)

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
            "active": self.active if step != _OVER else None,
            "roll_off": list(self.roll_off),
            "chooser": self.chooser,
            "first": self.first,
            "chefs": [game.card_ids[c] if c >= 0 else None for c in self.chefs],
            "multipliers": list(self.mult),
            "first_hirer": self.first_hirer,
        }
        if step <= _SECOND:
            ids, cols = game.card_ids, game.columns
            board, up = self.board, self.face_up
            cells = [
                ids[c] if up[p] else (FACE_DOWN if c >= 0 else GONE) for p, c in enumerate(board)
            ]
            v["board"] = [cells[r : r + cols] for r in range(0, len(cells), cols)]
            v["face_up"] = {game.pos_names[p]: ids[board[p]] for p in self.shown}
            v["turn"] = self.turns
            v["turn_cap"] = game.turn_cap
            v["die"] = self.die or None
            flipping = step in (_FIVE, _FLIP)
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
            v["five_bonus"] = game.tables.five_bonus_for(self.fives)
            v["bonus"] = self.bonus_offer if step == _FIVE else None
            v["lost_turn"] = list(self.lost)
            v["hire"] = (
                [game.pos_names[p] for p in self.hire_cards]
                if step
                in (
                    _HIRE,
                    _SECOND,
                )
                else []
            )
            v["second_chance"] = (
                {"seat": self.active, "multipliers": list(self.allowed)}
                if step == _SECOND
                else None
            )
            return v
        cake_ids = game.cake_ids
        v["slots"] = list(game.slots)
        v["slot_multipliers"] = list(game.slot_mult)
        v["cases"] = [[cake_ids[k] if k >= 0 else None for k in case] for case in self.cases]
        v["stale"] = [list(row) for row in self.stale]
        v["sold"] = [list(row) for row in self.sold]
        v["drawn"] = cake_ids[self.drawn] if self.drawn >= 0 else None
        v["store"] = len(self.store)
        v["sold_counts"] = list(self.sold_counts)
        v["sale_totals"] = list(self.totals)
        v["stale_deck"] = self.stale_deck
        v["last_roll"] = list(self.last_roll) if self.last_roll else None
        v["stale_for"] = self.active if step == _STALE else None
        v["repeat"] = self.repeat if step == _STALE else None
        v["consolation"] = dict(self.console) if self.console is not None else None
        if step == _OVER:
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
        if self.step >= _PLACE:
            seen.update(game.case_card_ids)
            cakes = game.cake_ids
            for case, stale in zip(self.cases, self.stale, strict=True):
                seen.update(cakes[k] for k in case if k >= 0)
                if any(stale):
                    seen[game.stale_id] += sum(stale)
            if self.drawn >= 0:
                seen[cakes[self.drawn]] += 1
        return seen

    def memory(self, seat: int) -> dict[str, dict[str, Any]]:
        """What a seat has seen of this round's board: {position: {card, turn}} (BK-3). The
        engine's record, for reports and tests; never part of a view, a screen or a log (GT-1:
        a card turned face down again reaches no seat)."""
        game = self.game
        return {
            game.pos_names[p]: {"card": game.card_ids[c], "turn": t}
            for p, (c, t) in sorted(self.sightings[seat].items())
        }

    def describe(self, seat: int) -> list[str]:
        """A seat's screen: the board face down but for what is face up now, or the cases."""
        game, v = self.game, self.view(seat)
        names = game.players
        lines = [
            f"Round {self.round} of {game.rounds}, phase {v['phase']}. Money: "
            + ", ".join(f"{names[s]} ${self.money[s]:,}" for s in (0, 1)),
            "Chefs: "
            + ", ".join(
                f"{names[s]} {self.mult[s]}x"
                + (f" ({game.card_names[self.chefs[s]]})" if self.chefs[s] >= 0 else "")
                for s in (0, 1)
            ),
        ]
        if self.step <= _SECOND:
            width = max(12, *(len(i) + 2 for i in game.card_ids))
            turn = self.turns + (self.step in (_ORDER, _TURN))
            # The bonus a 5 offers: while this 5's offer is open, the header shows that offer
            # (the prompt's), not the next 5's, so the screen names one figure for one choice.
            bonus = (
                f"this 5-bonus ${self.bonus_offer:,}"
                if self.step == _FIVE
                else f"next 5-bonus ${v['five_bonus']:,}"
            )
            lines.append(
                f"Phase one, turn {turn} (cap {game.turn_cap}); {bonus}. "
                "The board (? face down, . gone):"
            )
            header = "".join(f"{c + 1:<{width}}" for c in range(game.columns))
            lines.append(f"    {header}".rstrip())
            for r, row in enumerate(v["board"]):
                cells = "".join(f"{(cell or '.'):<{width}}" for cell in row)
                lines.append(f"  {string.ascii_uppercase[r]} {cells}".rstrip())
            if self.step == _FIVE:
                lines.append(f"You rolled a 5: take ${self.bonus_offer:,} or turn over 2 cards")
            elif self.step == _FLIP:
                if self.die:
                    lines.append(
                        f"Die {self.die}: turn over {self._flip_range()}; "
                        f"{_count(self.flipped, 'card')} turned so far"
                    )
                else:
                    lines.append("The hire failed: stop, and lose your next turn")
            elif self.step == _HIRE:
                lines.append("Hiring: the chef first, then the set's components (one wild)")
            elif self.step == _SECOND:
                sets = ", ".join(f"{m}x" for m in self.allowed)
                lines.append(f"Your one chance at a lesser set ({sets}): five cards, any order")
            for s in (0, 1):
                if self.lost[s]:
                    lines.append(f"{names[s]} loses the next turn")
            return lines
        lines.append(f"{'slot':>6} {'x':>4}  {names[0]:<30} {names[1]}")
        for i, slot in enumerate(game.slots):
            cells = []
            for s in (0, 1):
                k = self.cases[s][i]
                text = game.cake_ids[k] if k >= 0 else "-"
                if k >= 0 and self.step >= _ROLL:
                    if self.sold[s][i]:
                        text += " SOLD"
                    elif self.stale[s][i]:
                        text += " " + "S" * self.stale[s][i]
                cells.append(f"{text:<30}")
            lines.append(f"{slot:>6} {game.slot_mult[i]:>3}x  {cells[0]} {cells[1]}".rstrip())
        if self.step == _PLACE:
            k = self.drawn
            lines.append(
                f"{names[self.active]} drew a {game.cake_names[k]} (${game.cake_prices[k]}); "
                f"{len(self.store)} cakes in the store"
            )
        else:
            lines.append(
                "Sold: "
                + ", ".join(
                    f"{names[s]} {self.sold_counts[s]} (${self.totals[s]:,})" for s in (0, 1)
                )
                + f"; Stale cards left {self.stale_deck}"
            )
            if self.last_roll:
                lines.append(f"Last roll: {self.last_roll[0]} + {self.last_roll[1]}")
            if self.step == _STALE:
                roller = names[self.active]
                lines.append(
                    f"{roller} rolled {self.repeat} again: {names[1 - self.active]} puts a "
                    f"Stale card on one of {roller}'s unsold cakes"
                )
            if self.console is not None:
                c = self.console
                lines.append(
                    f"Consolation: {c['percent']}% of ${c['total']:,} kept so far"
                    + (f"; drew {c['drawn']}, rolled {c['roll']}" if c["drawn"] else "")
                )
        return lines

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

    # --- typing -----------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """A move as typed: its text in any case, or its number in the menu (1-based); also
        `flip 8` (a position by number) and `place on mine 8` or `place Wedding Cake on theirs
        12` (the cake by name, or left out).

        Words and numbers match whole, word for word: a word may be shortened where that leaves
        one move (`ro`, `place on m 8`), a number or a position never (`place on mine 1` is no
        slot, not slot 10; `stale 1` neither), and a wrong one is refused with its range."""
        legal = self._legal_list()
        words = text.lower().split()
        if len(words) == 1 and words[0].isdigit():  # a number from the menu
            n = int(words[0])
            if 1 <= n <= len(legal):
                return legal[n - 1]
            raise IllegalMove(
                f"{text.strip()!r}: the menu has moves 1..{len(legal)}; "
                + self.why_illegal(Move(words[0]))
            )
        if not words:
            raise IllegalMove(self.why_illegal(Move("(nothing)")))
        # the move word shortened (`ro`): made whole, among the legal moves' first
        actions = [m.action for m in legal]
        words[0] = _expand(words[0], actions) or _expand(words[0], GAME_INFO["moves"]) or words[0]
        if len(words) == 2 and words[0] == "flip":
            p = self.game.position(words[1])
            if p is not None:
                words[1] = self.game.pos_names[p].lower()
        elif words and words[0] == "place" and "on" in words:
            on = words.index("on")
            cake = "-".join(words[1:on]) if on > 1 else None
            if cake is None and self.drawn >= 0:
                cake = self.game.cake_ids[self.drawn]
            if cake is not None:
                words = ["place", decks.normalise(cake), *words[on:]]
        whole = [m for m in legal if m.text().lower().split() == words]
        if whole:
            return whole[0]
        short = [m for m in legal if _fits(words, m.text().lower().split())]
        if len(short) == 1:
            return short[0]
        if short:
            options = ", ".join(repr(m.text()) for m in short[:8])
            raise IllegalMove(f"{text!r} could be several moves: {options}")
        raise IllegalMove(self.why_illegal(Move(words[0], tuple(words[1:]))))

    def why_illegal(self, move: Move) -> str:
        if self._to_move is None:
            return "the game is over (BK-1): no more moves"
        words = move.text().lower().split()
        word, rest = (words[0], words[1:]) if words else ("", [])
        reason = self._reason(word, rest)
        legal = self.legal_moves()
        shown = ", ".join(m.text() for m in legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"{move.text()!r}: {reason}; {self._name(self._to_move)} may: {shown}"

    def _flip_range(self) -> str:
        """How many cards this die turns over, in words: `exactly 1 card`, `exactly 3 cards`,
        `1 to 4 cards` (a 6, BK-3); fewer when fewer are face down."""
        lo, hi = self.flip_lo, self.flip_hi
        text = f"exactly {_count(lo, 'card')}" if lo == hi else f"{lo} to {_count(hi, 'card')}"
        if self.die and hi < self.game.die[self.die][1]:
            text += f" (only {hi} face down)"
        return text

    def _reason(self, word: str, rest: list[str]) -> str:
        game, step = self.game, self.step
        name = self._name(self._to_move or 0)
        if word not in GAME_INFO["moves"]:
            return "not a move of Bakeries"
        if word in ("first", "second"):
            return "the roll-off winner chooses first or second at the start of a round (BK-3)"
        if step == _ORDER:
            return f"{name} won the roll-off and chooses 'first' or 'second' (BK-3)"
        if word == "flip":
            if step not in (_FIVE, _FLIP, _HIRE, _SECOND):
                return "cards are turned over only in phase one, after a roll or to hire (BK-3)"
            if len(rest) != 1 or game.position(rest[0]) is None:
                return f"name one board position, A1..{game.pos_names[-1]} or 1..{game.size}"
            p = game.position(rest[0])
            assert p is not None
            if self.board[p] < 0:
                return f"there is no card at {game.pos_names[p]} any more"
            if self.face_up[p]:
                return f"{game.pos_names[p]} is face up already"
            if step == _FLIP and self.flipped >= self.flip_hi:
                allows = _count(self.flip_hi, "card")
                return f"the die allows {allows} and all are turned: 'stop' (BK-3)"
            return "not allowed now"
        if word == "stop":
            if step == _FLIP:
                return (
                    f"a {self.die} turns over {self._flip_range()}: "
                    f"{_count(self.flipped, 'card')} turned so far (BK-3)"
                )
            if step == _CONSOLE:
                return "the consolation round stops only after a hit (BK-6)"
            return "nothing to stop now"
        if word == "bonus":
            return "the 5-bonus is taken instead of flipping, right after rolling a 5 (BK-3)"
        if word in ("roll", "hire"):
            if step in (_FIVE, _FLIP, _HIRE, _SECOND):
                return f"{name} is turning cards over: one roll or hire a turn (BK-3)"
            if word == "hire":
                return "a chef is hired in phase one, on one's turn instead of rolling (BK-3)"
            return f"{name} does not roll now"
        if word == "pass":
            return "only the second-chance player may pass, before their first card (BK-3)"
        if word == "place":
            if step != _PLACE:
                return "cakes are placed in phase two, one drawn cake at a time (BK-4)"
            cake = game.cake_ids[self.drawn]
            if len(rest) != 4 or rest[1] != "on" or rest[2] not in (MINE, THEIRS):
                return f"type 'place {cake} on mine N' or 'place {cake} on theirs N' (BK-4)"
            if rest[0] != cake:
                return f"the cake drawn is {cake}, not {rest[0]}"
            if not rest[3].isdigit() or int(rest[3]) not in game.slot_index:
                return "a case slot is 2..12"
            owner = self.active if rest[2] == MINE else 1 - self.active
            if self.cases[owner][game.slot_index[int(rest[3])]] >= 0:
                return f"{self._name(owner)}'s slot {rest[3]} holds a cake already (BK-4)"
            return "not allowed now"
        if word == "stale":
            if step != _STALE:
                return "a Stale card is played only after the opponent rolls a repeat (BK-5)"
            if len(rest) != 1 or not rest[0].isdigit() or int(rest[0]) not in game.slot_index:
                return "name the slot, 2..12: 'stale N'"
            i = game.slot_index[int(rest[0])]
            r = self.active
            if self.sold[r][i]:
                return f"{self._name(r)}'s cake on slot {rest[0]} is sold already (BK-5)"
            return f"a cake carries at most {game.sale.stale_per_cake} Stale cards (BK-5)"
        if word in ("draw", "continue"):
            if step != _CONSOLE:
                return "the consolation round (BK-6) is not being played"
            if word == "continue":
                return "'continue' comes after a hit of the consolation round (BK-6)"
            return "the number is drawn once; after a hit: 'stop' or 'continue' (BK-6)"
        return "not allowed now"

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
            if self.step > _TURN or self.shown or any(c < 0 for c in self.board):
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


def _expand(word: str, words: Sequence[str]) -> str | None:
    """A typed move word, made whole if it is one of `words` or starts exactly one (`ro`)."""
    if word in words:
        return word
    found = {w for w in words if w.startswith(word)}
    return found.pop() if len(found) == 1 else None


def _fits(typed: Sequence[str], words: Sequence[str]) -> bool:
    """Whether what was typed is this move word for word: equal, or a word shortened (no word
    with a digit: a number or a position matches whole, `1` is never `10`)."""
    if len(typed) != len(words):
        return False
    for t, w in zip(typed, words, strict=True):
        if t == w:
            continue
        if t.isdigit() and w.isdigit() and int(t) == int(w):
            continue
        if not t or any(ch.isdigit() for ch in t + w) or not w.startswith(t):
            return False
    return True


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


__all__ = ["GAME_INFO", "Bakeries", "BakeriesState", "Covered", "IllegalMove"]
