"""Foozle's moves: their words, which are legal now, the parser, and why a move is not legal.

A turn is a sequence of decisions by the same seat (`State.to_move()`), typed as below (a
menu number works too). Groups on the table are numbered from 1 in the order they were laid
down. Cards are written as in DESIGN.md: `3-lamps`, `inf-tops` (also `∞-tops`), `trump-grue`.

    phase   move                                what it does
    take    take draw                           the top card of the draw pile
            take discard                        the last (most recent) card of the tableau
            take 3-lamps                        any other tableau card: it must be played at
                                                once (offered only when it can be; FZ-3)
    owe     lay 2-lamps 3-lamps 4-lamps         the next move plays the card just taken
            lay 3-lamps on 2                    (a lay-down with it, or it laid off)
    play    lay 2-lamps 3-plungers 4-fromps     lay down a group (a set, flush, run, flush run
                                                or 3+ trumps: a Big Fozzle)
            lay 5-zurfs 6-zurfs 7-zurfs on 2    a lay-down that could join group 2 joins it
                                                (FZ-2; `on N` names the group when several)
            lay 3-lamps on 2                    lay one card off on group 2
            discard 7-tops                      end the turn (not the card taken from the
                                                tableau this turn, FZ-3)

The menu offers the lay-downs of `groups.candidates` (every set, flush and Big Fozzle of all
of a rank, suit or the trumps, their sub-groups when small, every run of consecutive ranks);
any other valid lay-down from the hand may be typed and is accepted: the rules are checked,
not the menu. Each legal move comes with its act, `(what, a, b)`, which `State.apply` does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ezkit.errors import InputError
from ezkit.games.engine import IllegalMove, Move, State, menu_number
from ezkit.games.foozle import groups as fg
from ezkit.words import plural

if TYPE_CHECKING:
    from ezkit.games.foozle.state import FoozleState

TAKE, LAY, DISCARD, ON, DRAW_WORD, DISCARD_WORD = "take", "lay", "discard", "on", "draw", "discard"
PHASES = ("take", "owe", "play", "over")
P_TAKE, P_OWE, P_PLAY, P_OVER = range(4)
#: What a legal move does: the first item of its act (what, a, b).
A_DRAW, A_LAST, A_ANY, A_LAYDOWN, A_LAYOFF, A_DISCARD = range(6)

IDS = fg.IDS
N_CARDS = len(IDS)

Act = tuple[Any, ...]


class _Moves:
    """Every fixed move, made once."""

    def __init__(self) -> None:
        self.take_draw = Move(TAKE, (DRAW_WORD,))
        self.take_last = Move(TAKE, (DISCARD_WORD,))
        self.take = [Move(TAKE, (i,)) for i in IDS]
        self.discard = [Move(DISCARD, (i,)) for i in IDS]
        self.layoff: dict[tuple[int, int], Move] = {}
        self.laydown: dict[tuple[tuple[int, ...], int], Move] = {}
        self.alone: dict[tuple[int, ...], tuple[fg.Summary, Move, Act, int]] = {}

    def lay_off(self, k: int, g: int) -> Move:
        move = self.layoff.get((k, g))
        if move is None:
            move = self.layoff[(k, g)] = Move(LAY, (IDS[k], ON, str(g + 1)))
        return move

    def new_group(self, cards: tuple[int, ...]) -> tuple[fg.Summary, Move, Act, int]:
        """A lay-down as a group of its own: its cards' summary, its move, its act and its
        kin (groups.kin), made once per cards (asked for every lay-down of every play
        decision)."""
        found = self.alone.get(cards)
        if found is None:
            s = fg.summary_of(cards)
            found = (s, self.lay_down(cards, -1), (A_LAYDOWN, cards, -1), fg.kin(s))
            if len(self.alone) < 200_000:
                self.alone[cards] = found
        return found

    def lay_down(self, cards: tuple[int, ...], g: int) -> Move:
        move = self.laydown.get((cards, g))
        if move is None:
            args = tuple([IDS[k] for k in cards])
            move = Move(LAY, (*args, ON, str(g + 1)) if g >= 0 else args)
            if len(self.laydown) < 200_000:
                self.laydown[(cards, g)] = move
        return move


@cache
def moves() -> _Moves:
    return _Moves()


#: The phases in which cards are laid (and discarded).
_LAYING = (P_OWE, P_PLAY)
#: The discard acts and those of taking a tableau card, made once (one per card).
_DISCARD_ACTS: tuple[Act, ...] = tuple((A_DISCARD, k, 0) for k in range(N_CARDS))
_TAKE_ACTS: tuple[Act, ...] = tuple((A_ANY, k, 0) for k in range(N_CARDS))


def lay_cards(move: Move) -> tuple[str, ...]:
    """The cards a lay move names (without `on N`)."""
    args = move.args
    return args[:-2] if len(args) >= 2 and args[-2] == ON else args


# --- which moves are legal now --------------------------------------------------------------


def take_moves(state: FoozleState, takeable: int) -> tuple[list[Move], list[Act]]:
    """The take phase (FZ-3): draw, the last discard, or a tableau card that can be played
    (`takeable`, as bits: tableau_takes)."""
    m = state.game.m
    legal = [m.take_draw]
    acts: list[Act] = [(A_DRAW, -1, 0)]
    tableau = state.tableau
    if tableau:
        legal.append(m.take_last)
        acts.append((A_LAST, tableau[-1], 0))
    if takeable:
        for k in tableau[:-1]:
            if takeable >> k & 1:
                legal.append(m.take[k])
                acts.append(_TAKE_ACTS[k])
    return legal, acts


def tableau_takes(state: FoozleState) -> int:
    """The tableau cards but the last that may be taken (FZ-3: they can be played at once),
    as bits."""
    if len(state.tableau) < 2:
        return 0
    seat = state.active
    playable = fg.playable_with(state.hands[seat], state.counts[seat], state.anywhere)
    takeable = 0
    for k in state.tableau[:-1]:
        takeable |= playable & fg.CARD_BIT[k]
    return takeable


def lay_downs(state: FoozleState) -> tuple[list[Move], list[Act]]:
    """The owe and play phases' lay-downs: each of `groups.candidates` (with the owed card,
    if one is owed) joining each group it could join, else on its own; none that would
    leave only the card taken from the tableau, unplayable (FZ-3)."""
    m = state.game.m
    seat = state.active
    hand = state.hands[seat]
    owed, taken = state.owed, state.taken
    legal: list[Move] = []
    acts: list[Act] = []
    lonely = taken >= 0 and taken in hand  # the taken card: never left alone unplayable
    size = len(hand)
    new_group, targets, fits_after = m.new_group, state.targets, state.fits_after
    kin = state.kin  # the ranks and colours of the groups: a lay-down of none joins none
    for cards in fg.held_candidates(hand, state.held[seat], state.counts[seat]):
        if owed >= 0 and owed not in cards:
            continue
        s, move, act, its_kin = new_group(cards)
        joins = targets(s) if its_kin & kin else ()
        # a Big Fozzle discards the rest of the hand: nothing is left to be stuck with
        alone = lonely and size - len(cards) == 1 and taken not in cards and not _fozzle(cards)
        if not joins:
            if alone and not fits_after(taken, len(state.sums), s):
                continue
            legal.append(move)
            acts.append(act)
            continue
        for g in joins:
            if alone and not fits_after(taken, g, fg.merge(state.sums[g], s)):
                continue
            legal.append(m.lay_down(cards, g))
            acts.append((A_LAYDOWN, cards, g))
    return legal, acts


def lay_offs(state: FoozleState) -> tuple[list[Move], list[Act]]:
    """The owe and play phases' lay-offs (FZ-2): of the cards that may be played (the owed
    card, else the hand) those some group takes, in card order (a hand's order), each on
    every group it fits; none that would leave only the taken card, unplayable (FZ-3)."""
    m = state.game.m
    seat = state.active
    hand = state.hands[seat]
    owed, taken = state.owed, state.taken
    legal: list[Move] = []
    acts: list[Act] = []
    lonely = taken >= 0 and taken in hand and len(hand) == 2
    fits = state.anywhere & (fg.CARD_BIT[owed] if owed >= 0 else state.held[seat])
    for k in fg.each(fits):
        for g in state.fitting(k):
            if lonely and k != taken and not state.fits_after_off(taken, g, k):
                continue
            legal.append(m.lay_off(k, g))
            acts.append((A_LAYOFF, k, g))
    return legal, acts


def discards(state: FoozleState) -> tuple[list[Move], list[Act]]:
    """The play phase's discards (none while a card is owed): every card but the one taken
    from the tableau (FZ-3)."""
    if state.owed >= 0:
        return [], []
    taken = state.taken
    kept = [k for k in state.hands[state.active] if k != taken]
    discard = state.game.m.discard
    return [discard[k] for k in kept], [_DISCARD_ACTS[k] for k in kept]


#: The parts of an owe or play menu, in its order: what Menu lists each by.
_PARTS = (lay_downs, lay_offs, discards)
_DOWNS, _OFFS, _DISCARDS = range(3)


class Menu(Sequence[Move]):
    """The legal moves of one decision, each part listed only when it is read.

    As a sequence it is the whole menu (take: draw, the last discard, the tableau cards that
    may be taken; owe and play: lay-downs, lay-offs, discards). A reader that wants one part
    asks for it alone (a simulation's heuristic bot reads a part or two of most menus, and
    listing the lay-downs costs most): `lay_downs`, `lay_offs`, `discards`, `takeable`; and
    `forced` tells a single legal move without listing the menu when there are plainly more.
    `Menu.of(moves)` is a listed menu's parts picked out of the list (the plain rule).
    The state's menu stays valid until its next move; readers never change its lists."""

    __slots__ = ("_acts", "_moves", "_parts", "_state", "_takeable")

    def __init__(self, state: FoozleState | None) -> None:
        self._state = state
        self._moves: list[Move] | None = None
        self._acts: list[Act] = []
        #: The parts listed so far (each with its acts), in _PARTS' order; None: not yet.
        self._parts: list[tuple[list[Move], list[Act]] | None] = [None, None, None]
        self._takeable = -1

    @classmethod
    def of(cls, moves: Sequence[Move]) -> Menu:
        """A menu of these legal moves (a Menu as it is): its parts picked out of them."""
        if isinstance(moves, Menu):
            return moves
        menu = cls(None)
        menu._moves = list(moves)
        downs: list[Move] = []
        offs: list[Move] = []
        cards: list[Move] = []
        takeable = 0
        for move in moves:
            if move.action == DISCARD:
                cards.append(move)
            elif move.action != LAY:
                if move.args[0] in fg.KIND:  # take CARD
                    takeable |= fg.CARD_BIT[fg.KIND[move.args[0]]]
            elif len(lay_cards(move)) == 1:
                offs.append(move)
            else:
                downs.append(move)
        menu._parts = [(downs, []), (offs, []), (cards, [])]
        menu._takeable = takeable
        return menu

    def listed(self) -> tuple[list[Move], list[Act]]:
        """Every legal move and its act (what State.apply does), in the menu's order."""
        moves = self._moves
        if moves is None:
            state = self._state
            assert state is not None
            if state.phase == P_TAKE:
                moves, self._acts = take_moves(state, self.takeable())
            elif state.phase == P_OVER:
                moves, self._acts = [], []
            else:
                downs, offs, cards = self._part(_DOWNS), self._part(_OFFS), self._part(_DISCARDS)
                moves = [*downs[0], *offs[0], *cards[0]]
                self._acts = [*downs[1], *offs[1], *cards[1]]
            self._moves = moves
        return moves, self._acts

    def __len__(self) -> int:
        return len(self.listed()[0])

    def __getitem__(self, i: Any) -> Any:
        return self.listed()[0][i]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.listed()[0])

    def __contains__(self, move: object) -> bool:
        return move in self.listed()[0]

    def forced(self) -> Move | None:
        """The one legal move, or None when there are more (or none). A take with a tableau
        (draw, or take the last discard) and a play with two cards to discard are plainly
        more, told without listing the menu."""
        state = self._state
        if state is not None and self._moves is None:
            if state.phase == P_TAKE and state.tableau:
                return None
            if state.phase == P_PLAY:
                taken = state.taken
                seat = state.active
                kept = len(state.hands[seat]) - (taken >= 0 and state.held[seat] >> taken & 1)
                if kept >= 2:
                    return None
        moves = self.listed()[0]
        return moves[0] if len(moves) == 1 else None

    def lay_downs(self) -> list[Move]:
        """The lay-downs (groups of GROUP_MIN cards or more), in the menu's order."""
        return self._part(_DOWNS)[0]

    def lay_offs(self) -> list[Move]:
        """The lay-offs (one card on a group), in the menu's order."""
        return self._part(_OFFS)[0]

    def discards(self) -> list[Move]:
        """The discards, in the menu's order (the hand's)."""
        return self._part(_DISCARDS)[0]

    def takeable(self) -> int:
        """The take phase: the tableau cards but the last that may be taken, as bits."""
        if self._takeable < 0:
            assert self._state is not None
            self._takeable = tableau_takes(self._state) if self._state.phase == P_TAKE else 0
        return self._takeable

    def _part(self, i: int) -> tuple[list[Move], list[Act]]:
        """Part i of _PARTS (lay-downs, lay-offs, discards) with its acts, listed when first
        asked for (none outside the owe and play phases)."""
        part = self._parts[i]
        if part is None:
            state = self._state
            assert state is not None
            part = _PARTS[i](state) if state.phase in _LAYING else ([], [])
            self._parts[i] = part
        return part

    def act(self, move: Move) -> Act:
        """What a move taken from this menu does (State.apply), found in the part it was
        read from; a take is known by its words (its card, if any, was read as takeable).
        A move not in the menu raises ValueError."""
        if self._moves is not None:
            return self._acts[self._moves.index(move)]
        state = self._state
        assert state is not None
        if state.phase == P_TAKE and move.action == TAKE:
            word = move.args[0]
            if word == DRAW_WORD:
                return (A_DRAW, -1, 0)
            if word == DISCARD_WORD and state.tableau:
                return (A_LAST, state.tableau[-1], 0)
            k = fg.KIND.get(word, -1)
            if k >= 0 and self.takeable() >> k & 1:
                return _TAKE_ACTS[k]
        for part in self._parts:
            if part is not None and move in part[0]:
                return part[1][part[0].index(move)]
        moves, acts = self.listed()
        return acts[moves.index(move)]


# --- a lay typed by hand, and why a move is not legal -------------------------------------


def lay_check(state: FoozleState, args: Sequence[str]) -> tuple[Act | None, str]:
    """Any lay typed (menu or not): what it does, or None and why not."""
    if state.phase not in (P_OWE, P_PLAY):
        return None, "cards are laid after taking one (take draw, take discard, take CARD)"
    words = list(args)
    g = -1
    if len(words) >= 2 and words[-2] == ON:
        number = menu_number(words[-1])
        if number is None:
            return None, f"'on' names a group by its number, not {words[-1]!r}"
        g = number - 1
        words = words[:-2]
        if not 0 <= g < len(state.groups):
            return None, (
                f"there is no group {g + 1} on the table ({plural(len(state.groups), 'group')})"
            )
    try:
        cards = fg.parse(words)
    except InputError as error:
        return None, str(error)
    hand = state.hands[state.active]
    missing = [IDS[k] for k in cards if k not in hand]
    if missing:
        return None, f"{state.game.players[state.active]} holds no {', '.join(missing)}"
    if not cards:
        return None, "name the cards to lay: 'lay 2-lamps 3-lamps 4-lamps'"
    owed = state.owed
    if owed >= 0 and owed not in cards:
        return None, f"{IDS[owed]} was taken from the tableau: it must be played now (FZ-3)"
    taken = state.taken
    leaves_taken = taken in hand and taken not in cards and len(hand) - len(cards) == 1
    if len(cards) == 1:
        if g < 0:
            return None, "a single card is laid off on a group: 'lay 3-lamps on 2'"
        after = fg.merge(state.sums[g], fg.SINGLE[cards[0]])
        if not fg.valid(after):
            return None, f"{IDS[cards[0]]} does not fit group {g + 1} (FZ-2: it stays a group)"
        if leaves_taken and not state.fits_after(taken, g, after):
            return None, f"that would leave only {IDS[taken]}, which cannot be played (FZ-3)"
        return (A_LAYOFF, cards[0], g), ""
    cards = sorted(cards)
    s = fg.summary(cards)
    if not fg.valid(s):
        return None, f"{' '.join(IDS[k] for k in cards)} is not a group (FZ-2)"
    joins = state.targets(s)
    if joins and g not in joins:
        where = ", ".join(str(j + 1) for j in joins)
        return None, f"these cards join a group on the table (FZ-2): say 'on {where}'"
    if not joins and g >= 0:
        return None, f"these cards cannot join group {g + 1}; lay them down on their own"
    after = fg.merge(state.sums[g], s) if g >= 0 else s
    if (
        leaves_taken
        and not _fozzle(cards)
        and not state.fits_after(taken, g if g >= 0 else len(state.sums), after)
    ):
        return None, f"that would leave only {IDS[taken]}, which cannot be played (FZ-3)"
    return (A_LAYDOWN, tuple(cards), g), ""


def _fozzle(cards: Sequence[int]) -> bool:
    """A lay-down of trumps: a Big Fozzle, which ends the hand (seed 004, Trumps; FZ-4)."""
    return fg.RANK[cards[0]] == fg.TRUMP


def parse(state: FoozleState, text: str) -> Move:
    """A move from what a person typed: card notation in any case (`∞-Tops`), a lay's cards
    in any order, `on N` left out when the lay-down joins one group only; cards apart by
    spaces or commas, as the screens list them ("lay 3 of Mazes, 4 of Mazes, ...")."""
    words = text.lower().replace(",", " ").split()
    if words and words[0] == LAY and len(words) > 1:
        args = words[1:]
        tail: list[str] = []
        if len(args) >= 2 and args[-2] == ON:
            args, tail = args[:-2], args[-2:]
            if tail[1].isascii() and tail[1].isdigit() and len(tail[1]) < 10:  # `on 01`: `on 1`
                tail[1] = str(int(tail[1]))
        try:
            cards = fg.parse(args)
        except InputError as error:
            raise IllegalMove(str(error)) from None
        typed = Move(LAY, (*(IDS[k] for k in sorted(cards)), *tail))
        legal = state._legal_list()
        if typed in legal:
            return typed
        if not tail:
            joined = [mv for mv in legal if mv.args[:-2] == typed.args and mv.args[-2:-1] == (ON,)]
            if len(joined) == 1:
                return joined[0]
        act, why = lay_check(state, typed.args)
        if act is None and not tail and len(cards) > 1:  # beyond the menu, `on N` left out
            s = fg.summary(cards)
            joins = state.targets(s) if fg.valid(s) else []
            if len(joins) == 1:  # FZ-2: it joins the one group it can
                typed = Move(LAY, (*typed.args, ON, str(joins[0] + 1)))
                act, why = lay_check(state, typed.args)
        if act is None:
            raise IllegalMove(why)
        return typed
    named = len(words) == 2 and words[1] not in (DRAW_WORD, DISCARD_WORD)
    if named and words[0] in (TAKE, DISCARD):
        try:
            words[1] = IDS[fg.card(words[1])]
        except InputError as error:
            raise IllegalMove(str(error)) from None
    return State.parse(state, " ".join(words))


def why_illegal(state: FoozleState, move: Move) -> str:
    """Why a move is not legal now, naming the rule."""
    if state.phase == P_OVER:
        return "the game is over"
    if not move.args:  # a typed text not parsed into words yet
        words = move.action.split() or [""]
        move = Move(words[0], tuple(words[1:]))
    if move.action == LAY:
        return lay_check(state, move.args)[1] or State.why_illegal(state, move)
    if state.phase != P_TAKE and move.action == TAKE:
        return "a card is taken once, at the start of the turn (FZ-3)"
    if state.phase == P_TAKE and move.action != TAKE:
        return "first take a card: take draw, take discard, or take CARD (FZ-3)"
    if move.action == DISCARD and state.phase == P_OWE:
        return f"{IDS[state.owed]} must be played first (FZ-3)"
    if move.action == DISCARD and state.taken >= 0 and move.args[:1] == (IDS[state.taken],):
        return "a card taken from the tableau may not be discarded the same turn (FZ-3)"
    if move.action == TAKE and move.args and move.args[0] in fg.KIND:
        k = fg.KIND[move.args[0]]
        if k not in state.tableau:
            return f"{move.args[0]} is not in the discard tableau (FZ-3)"
        if k == state.tableau[-1]:  # seed 004 "Taking a Card" (b): no duty to play it
            return f"{move.args[0]} is the last discard: take it with 'take discard' (FZ-3)"
        return f"{move.args[0]}: a tableau card is taken only when it can be played now (FZ-3)"
    return State.why_illegal(state, move)
