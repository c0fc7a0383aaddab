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

The package: `rules` (this module: the constants, the game and its options), `state` (the
state: rounds, the contract, views), `phase_one` (hiring a chef), `sale` (phases two and
three: the cakes placed and sold), `moves` (typing a move, and why one is refused), `bots`,
`score` (money for real cards) and `screen` (what a person is shown, and menus in steps).

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
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError, InputError
from ezkit.games import decks
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.games.engine import Event, Game, Move, menu_number

if TYPE_CHECKING:
    from ezkit.games.bakeries.state import BakeriesState

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
ORDER, TURN, FIVE, FLIP, HIRE, SECOND, PLACE, ROLL, STALE, CONSOLE, OVER = range(11)
#: The book's phase of each step.
PHASE_OF = (1, 1, 1, 1, 1, 1, 2, 3, 3, 3, None)

CHEF, COMPONENT, WILD = range(3)
MINE, THEIRS = "mine", "theirs"
FACE_DOWN, GONE = "?", ""

# --- game info ------------------------------------------------------------------------------

_DECK = decks.deck("bakeries")
TABLES = decks.tables("bakeries")
assert isinstance(TABLES, BakeriesTables)

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


def counted(n: int, noun: str) -> str:
    """`1 card`, `2 cards`, `no cards`: a number of things in words a player reads."""
    if n == 0:
        return f"no {noun}s"
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def half_up(numerator: int, denominator: int = 100) -> int:
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
        codes = {"chef": CHEF, "wild": WILD}
        for card in _DECK.of("chef"):
            for _ in range(card.count):
                ids.append(card.id)
                names.append(card.name)
                kind.append(codes.get(str(card.component), COMPONENT))
                mult.append(int(card.multiplier or 0))
                wild_for.append(frozenset(card.wild_for or ()))
        if len(ids) != self.size:
            raise DocumentError(
                f"{where}: {len(ids)} Hire a Chef cards do not fill a "
                f"{self.rows} x {self.columns} board (BK-2)"
            )
        self.card_ids, self.card_names = tuple(ids), tuple(names)
        #: the board's rows as slices of its cells, position by position, and each
        #: position's (row, column)
        self.row_slices = tuple(
            slice(r, r + self.columns) for r in range(0, self.size, self.columns)
        )
        self.cell_of = tuple(divmod(p, self.columns) for p in range(self.size))
        self.card_kind, self.card_mult = tuple(kind), tuple(mult)
        self.card_wild_for = tuple(wild_for)
        self.set_multipliers = tuple(sorted(s.multiplier for s in t.chef_sets))
        self.colour_of = {s.multiplier: s.colour for s in t.chef_sets}
        #: components per set (4): a set is its chef and these (BK-2)
        self.components = {
            m: sum(1 for k, x in zip(kind, mult, strict=True) if k == COMPONENT and x == m)
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
        #: cake ids with None last: index -1 (no cake) reads None
        self.cake_ids_or_none: tuple[str | None, ...] = (*self.cake_ids, None)
        self.cake_names = tuple(c.name for c in cakes)
        self.cake_prices = tuple(int(c.price or 0) for c in cakes)
        self.cake_counts = tuple(c.count for c in cakes)
        self.cake_index = {cid: k for k, cid in enumerate(self.cake_ids)}
        #: the store before it is shuffled: every cake card, kind by kind
        self.cake_pile = tuple(k for k, c in enumerate(self.cake_counts) for _ in range(c))
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
        self.flip_position = {m: p for p, m in enumerate(self.m_flip)}  # a flip move's place
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
        from ezkit.games.bakeries.state import BakeriesState  # the state imports this module

        return BakeriesState(self, seed)

    def new_quiet(self, seed: int) -> BakeriesState:
        """The same game, telling nothing: simulations read only moves, scores and history."""
        from ezkit.games.bakeries.state import BakeriesState

        return BakeriesState(self, seed, narrate=False)

    def position(self, text: str) -> int | None:
        """A board position from `B3` (any case) or its number in reading order (`8`)."""
        typed = text.strip().upper()
        number = menu_number(typed)  # ASCII digits only: int() refuses `²`, isdigit() not
        if number is not None:
            p = number - 1
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
    elif isinstance(value, str):
        number = menu_number(value.strip())
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
