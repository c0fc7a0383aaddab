"""A game of Foozle in progress: where every card is, whose decision it is, and what a move
does (the rules are told in ezkit.games.foozle.rules; the moves in .moves).

`view(seat)` keys: game, players, seat, hand_no, dealer, active, to_move, phase (take, owe,
play, over), turn, turn_cap, groups (per group: cards, kinds), tableau (oldest first),
draw_pile, dump (counts), hand_counts, tokens (per seat: colours, white, total), taken (the
card taken from the tableau this turn, if any), owed (the card that must be played now),
last_hand (winner seat or None, why), for a seat also hand; at the end scores and winners.

What a seat sees (GT-1): `seen(seat)` is its own hand, the groups on the table and the
tableau; the other hands, the draw pile and the dump stay hidden. So a move that draws, deals,
lays down, lays off or discards (a card comes into some seat's sight), that shuffles, or that
ends the game (the whole story is then shown) is final: undo stops before it. Taking a
tableau card, in everybody's sight already, is not final by itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ezkit.errors import InputError
from ezkit.games.engine import Event, Move, State, ViewParts
from ezkit.games.foozle import groups as fg
from ezkit.games.foozle import moves as mv
from ezkit.games.foozle import narration as say
from ezkit.games.foozle.moves import (
    A_ANY,
    A_DRAW,
    A_LAST,
    A_LAYDOWN,
    A_LAYOFF,
    LAY,
    P_OVER,
    P_OWE,
    P_PLAY,
    P_TAKE,
    PHASES,
)
from ezkit.words import plural

if TYPE_CHECKING:
    from ezkit.games.foozle.rules import Foozle

IDS = fg.IDS
N_CARDS = len(IDS)


class FoozleState(State):
    """A game of Foozle in progress. Cards are numbers (groups.KIND); hands, the draw pile
    (drawn from the end), the tableau (last = most recent), the groups on the table and the
    dump stack are lists of them. `narrate` False: no event texts; the rules never look."""

    game: Foozle

    def __init__(self, game: Foozle, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed, narrate)
        self.n = game.n
        self.colours: list[set[int]] = [set() for _ in range(self.n)]
        self.whites = [0] * self.n
        self.hand_no = 0
        self.won: list[int] = []
        self.last_hand: dict[str, Any] | None = None
        self.dump: list[int] = []
        self.deck = self._shuffled(range(N_CARDS))
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        #: Per seat, its hand as bits and its families counted (groups.FAMILY_COUNT), kept
        #: with the hand (_got, _gave): every menu asks them.
        self.held = [0] * self.n
        self.counts = [0] * self.n
        self.tableau: list[int] = []
        self.groups: list[list[int]] = []
        #: Bumped whenever the groups or the tokens change (see _groups_part).
        self._shown = 0
        self._shared: tuple[int, list[dict[str, Any]]] | None = None
        #: A quiet state's view of each group (cards and kinds), None once it changed; and
        #: of the players and of every seat's tokens, with the count of token changes then.
        self._group_views: list[dict[str, Any] | None] = []
        self._players = list(game.players)
        self._tokens_shown = 0
        self._tokens_view: tuple[int, list[dict[str, Any]]] | None = None
        self.sums: list[fg.Summary] = []
        #: The lay-off index (FZ-2): per group the cards it takes (groups.takers, as bits),
        #: the groups in the order they last changed, and every card some group takes.
        self.takes: list[int] = []
        self.changed: list[int] = []
        self.anywhere = 0
        #: The groups' kin together (groups.kin): a lay-down of no rank or colour here joins
        #: no group (targets).
        self.kin = 0
        #: targets() remembered by summary until the groups change (see targets).
        self._targets: dict[fg.Summary, list[int]] = {}
        self.phase = P_TAKE
        self.taken = self.owed = -1
        self.turn = 0
        self._to_move: int | None = None
        #: This decision's menu (made when first asked), and the act of the move play() has
        #: just found legal (None: apply works it out).
        self._legal: mv.Menu | None = None
        self._act: mv.Act | None = None
        self.dealer = game.first if game.first is not None else self.rng.randrange(self.n)
        events: list[Event] = []
        self._start_hand(events)
        self.log.extend(events)

    # --- helpers -----------------------------------------------------------------------------

    def _shuffled(self, cards: Sequence[int] | range) -> list[int]:
        draw = self.rng.random
        return [card for _, card in sorted([(draw(), card) for card in cards])]

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def tokens(self, seat: int) -> int:
        return len(self.colours[seat]) + self.whites[seat]

    # --- hands and turns --------------------------------------------------------------

    def _start_hand(self, events: list[Event]) -> None:
        game, n = self.game, self.n
        self.hand_no += 1
        need = n * game.deal + 1
        # seed 004 "Going Out": reshuffle if the dump is taller than the draw pile
        if len(self.dump) > len(self.deck) or len(self.deck) < need:
            self.deck = self._shuffled(self.deck + self.dump)
            self.dump = []
            if self.narrate and self.hand_no > 1:
                events.append(say.RESHUFFLED)
        self.hands = [[] for _ in range(n)]
        for _ in range(game.deal):
            for i in range(1, n + 1):
                self.hands[(self.dealer + i) % n].append(self.deck.pop())
        for hand in self.hands:
            hand.sort()
        self._count_hands()
        self.tableau = [self.deck.pop()]
        self._clear_groups()
        self.turn = 0
        self.active = (self.dealer + 1) % n
        if self.narrate:
            events += say.deal(
                self.hand_no, game.players, self.dealer, game.deal, self.hands, self.tableau[0]
            )
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        self.taken = self.owed = -1
        if not self.deck:  # FZ-5: the tableau but its last card becomes the draw pile
            rest = self.tableau[:-1]
            if not rest:
                if self.narrate:
                    events.append(say.SPENT)
                self._end_hand(-1, events)
                return
            self.tableau = self.tableau[-1:]
            self.deck = self._shuffled(rest)
            if self.narrate:
                events.append(say.refilled(len(rest)))
        self.phase = P_TAKE
        self._to_move = self.active
        self._legal = None
        if self.narrate:
            events.append(say.turn(self._name(self.active)))

    def _end_turn(self, events: list[Event]) -> None:
        self.turn += 1
        if self.turn >= self.game.turn_cap:  # FZ-3
            if self.narrate:
                events.append(say.turn_cap(self.game.turn_cap))
            self._end_hand(-1, events)
            return
        self.active = (self.active + 1) % self.n
        self._begin_turn(events)

    def _end_hand(self, winner: int, events: list[Event]) -> None:
        """seed 004 "Going Out"; FZ-5: dump all, the winner deals (else the deal passes)."""
        narrate = self.narrate
        if winner >= 0:
            self.whites[winner] += 1
            self._shown += 1
            self._tokens_shown += 1
            self.last_hand = {"winner": winner, "why": "went out"}
            if narrate:
                events.append(say.went_out(self._name(winner)))
        else:
            self.last_hand = {"winner": None, "why": "no winner"}
            if narrate:
                events.append(say.no_winner(self.hand_no))
        if winner >= 0 and self._check_end(events):
            return
        for hand in self.hands:
            self.dump.extend(hand)
            hand.clear()
        self._count_hands()
        for group in self.groups:
            self.dump.extend(group)
        self.dump.extend(self.tableau)
        self.tableau = []
        self._clear_groups()
        cap = self.game.hands_cap
        if cap is not None and self.hand_no >= cap:
            self._finish(events, f"the cap of {plural(cap, 'hand')}")
            return
        self.dealer = winner if winner >= 0 else (self.dealer + 1) % self.n
        self._start_hand(events)

    def _check_end(self, events: list[Event]) -> bool:
        """FZ-6: all five colours somewhere, and one player strictly ahead."""
        full = len(fg.COLOURS)
        if full not in map(len, self.colours):
            return False
        totals = [self.tokens(s) for s in range(self.n)]
        best = max(totals)
        if totals.count(best) != 1:
            return False
        self._finish(events, "FZ-6")
        return True

    def _finish(self, events: list[Event], why: str) -> None:
        totals = [self.tokens(s) for s in range(self.n)]
        best = max(totals)
        self.won = [s for s in range(self.n) if totals[s] == best]
        self.phase, self._to_move, self._legal = P_OVER, None, None
        self.reveal()  # GT-1: the game is over and its whole story is shown: no undo past it
        if self.narrate:
            events.append(say.game_over(why, self.game.players, totals, self.won))

    # --- groups on the table --------------------------------------------------------------

    def _clear_groups(self) -> None:
        self.groups, self.sums, self.takes, self.changed, self.anywhere = [], [], [], [], 0
        self.kin = 0
        self._group_views = []
        self._targets = {}
        self._shown += 1

    def _set_group(self, g: int, cards: list[int], s: fg.Summary | None = None) -> None:
        """Put group g (new when g is past the end) on the table; s: its summary when the
        caller knows it (merged from the old group's), else it is worked out."""
        self._shown += 1
        self._targets = {}
        if g < len(self.groups):
            self.groups[g] = cards
            self.changed.remove(g)
            self._group_views[g] = None
        else:
            self.groups.append(cards)
            self.sums.append(fg.EMPTY)
            self.takes.append(0)
            self._group_views.append(None)
        s = self.sums[g] = fg.summary(cards) if s is None else s
        self.takes[g] = fg.takers(s)
        self.changed.append(g)
        anywhere = kin = 0
        for m, t in zip(self.takes, self.sums, strict=True):
            anywhere |= m
            kin |= fg.kin(t)
        self.anywhere, self.kin = anywhere, kin

    def fitting(self, k: int) -> list[int]:
        """The groups card k may be laid off on (FZ-2), in the order they last changed (the
        menu's order of lay-offs)."""
        takes = self.takes
        return [g for g in self.changed if takes[g] >> k & 1]

    def targets(self, s: fg.Summary) -> list[int]:
        """FZ-2: the groups a lay-down with summary s could join. Together the cards make a
        set (one rank), a flush or run (one colour) or a Big Fozzle (the trumps' colour), so
        only a group of s's rank or colour is asked (most are not: asked at every lay-down of
        every play decision). Remembered by s until the groups change: a player holding a
        group back offers it turn after turn. The list is shared: callers only read it."""
        found = self._targets.get(s)
        if found is None:
            joins, rank, colour = fg.joins, s.rank, s.colour
            found = self._targets[s] = [
                g
                for g, t in enumerate(self.sums)
                if (t.rank == rank >= 0 or t.colour == colour != fg.MIXED) and joins(s, t)
            ]
        return found

    def fits_after(self, t: int, g: int, s: fg.Summary) -> bool:
        """Could card t be laid off once group g has summary s (g may be a new group)?"""
        one = fg.SINGLE[t]
        for h, old in enumerate(self.sums):
            if fg.valid(fg.merge(s if h == g else old, one)):
                return True
        return g >= len(self.sums) and fg.valid(fg.merge(s, one))

    def fits_after_off(self, t: int, g: int, k: int) -> bool:
        """Could card t be laid off once card k is laid off on group g?"""
        return self.fits_after(t, g, fg.merge(self.sums[g], fg.SINGLE[k]))

    # --- the contract -----------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves(self) -> list[Move]:
        return list(self._legal_list())

    def menu(self) -> mv.Menu:
        """This decision's legal moves for a simulation (sim.play_one): listed part by part
        as they are read (moves.Menu), so a bot that reads a part or two does not pay for
        the whole list."""
        menu = self._legal
        if menu is None:
            menu = self._legal = mv.Menu(self)
        return menu

    def forced(self) -> Move | None:
        """The one legal move, if there is one only (sim.play_one plays it for the seat)."""
        return self.menu().forced()

    def play_from_menu(self, move: Move) -> None:
        """Make a move a simulation has just taken from menu(). A quiet game does not check
        it again (play() checks every move and refuses an illegal one); a told one plays it
        as play() does."""
        if self.narrate:
            self.play(move)
            return
        self._act = self.menu().act(move)
        self.apply(move)
        self.moves.append(move)

    def _is_legal(self, move: Move) -> bool:
        legal, acts = self.menu().listed()
        try:
            self._act = acts[legal.index(move)]
        except ValueError:
            self._act = None
            return move.action == LAY and mv.lay_check(self, move.args)[0] is not None
        return True

    def _legal_list(self) -> list[Move]:
        return self.menu().listed()[0]

    def parse(self, text: str) -> Move:
        return mv.parse(self, text)

    def why_illegal(self, move: Move) -> str:
        return mv.why_illegal(self, move)

    def apply(self, move: Move) -> list[Event]:
        act = self._act
        if act is None:  # a lay beyond the menu
            act, _ = mv.lay_check(self, move.args)
            assert act is not None
        self._act = None
        events: list[Event] = []
        kind = act[0]
        seat = self.active
        hand = self.hands[seat]
        narrate = self.narrate
        self._legal = None
        if kind == A_DRAW:
            k = self.deck.pop()
            self._got(seat, k)
            self.phase = P_PLAY
            if narrate:
                events.append(say.drew(self._name(seat), seat, k))
        elif kind in (A_LAST, A_ANY):
            k = act[1]
            self.tableau.remove(k)
            self._got(seat, k)
            self.taken = k
            if kind == A_ANY:
                self.owed = k
                self.phase = P_OWE
            else:
                self.phase = P_PLAY
            if narrate:
                events.append(say.took(self._name(seat), k, kind == A_ANY))
        elif kind == A_LAYOFF:
            k, g = act[1], act[2]
            self._gave(seat, k)
            after = fg.merge(self.sums[g], fg.SINGLE[k])
            self._set_group(g, [*self.groups[g], k], after)
            self._played(k)
            if narrate:
                events.append(say.laid_off(self._name(seat), k, g, fg.summary_kinds(self.sums[g])))
            if not hand:
                self._end_hand(seat, events)
        elif kind == A_LAYDOWN:
            self._lay_down(seat, act[1], act[2], events)
        else:
            k = act[1]
            self._gave(seat, k)
            self.tableau.append(k)
            if narrate:
                events.append(say.discarded(self._name(seat), k))
            if hand:
                self._end_turn(events)
            else:
                self._end_hand(seat, events)
        return events

    def _got(self, seat: int, k: int) -> None:
        """Card k into seat's hand (kept in card order)."""
        hand = self.hands[seat]
        hand.append(k)
        hand.sort()
        self.held[seat] |= fg.CARD_BIT[k]
        self.counts[seat] += fg.FAMILY_COUNT[k]

    def _gave(self, seat: int, k: int) -> None:
        """Card k out of seat's hand."""
        self.hands[seat].remove(k)
        self.held[seat] &= ~fg.CARD_BIT[k]
        self.counts[seat] -= fg.FAMILY_COUNT[k]

    def _count_hands(self) -> None:
        """`held` and `counts` of every hand afresh (dealt, emptied or set by hand)."""
        self.held, self.counts = self._hands_counted()

    def _hands_counted(self) -> tuple[list[int], list[int]]:
        return list(map(fg.bits_of, self.hands)), list(map(fg.family_counts, self.hands))

    def _played(self, k: int) -> None:
        if k == self.owed:
            self.owed = -1
            self.phase = P_PLAY
        if k == self.taken:
            self.taken = -1

    def _lay_down(self, seat: int, cards: tuple[int, ...], g: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        for k in cards:
            self._gave(seat, k)
            self._played(k)
        name = self._name(seat)
        s = fg.summary_of(cards)
        joined = g >= 0
        if joined:
            self._set_group(g, sorted([*self.groups[g], *cards]), fg.merge(self.sums[g], s))
        else:
            g = len(self.groups)
            self._set_group(g, list(cards), s)
        if self.narrate:
            kinds = fg.summary_kinds(self.sums[g])
            events.append(say.laid_down(name, cards, g, kinds, joined))
        if fg.RANK[cards[0]] == fg.TRUMP:  # a Big Fozzle (seed 004, Trumps; FZ-4)
            self.tableau.extend(hand)
            if self.narrate:
                events.append(say.big_fozzle(name, hand))
            hand.clear()
            self._count_hands()
            self._end_hand(seat, events)
            return
        colour = s.colour
        if colour >= 0 and colour not in self.colours[seat]:  # FZ-4
            self.colours[seat].add(colour)
            self._shown += 1
            self._tokens_shown += 1
            if self.narrate:
                events.append(say.token(name, colour))
            # FZ-6 after the token; a lay-down that also empties the hand earns the white
            # token first (seed 004, Going Out), then FZ-6 is checked (_end_hand)
            if hand and self._check_end(events):
                return
        if not hand:
            self._end_hand(seat, events)

    # --- what a seat sees ------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return _VIEW.part(self, seat, _VIEW.keys, self.phase == P_OVER)

    def view_part(self, seat: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """The entries `keys` of view(seat), each built alone (_PARTS): a simulation hands a
        bot only the entries it reads. Those view(seat) does not show are left out: the
        hand when seat is None, the scores and winners before the end."""
        return _VIEW.part(self, seat, keys, self.phase == P_OVER)

    # --- the entries of a view (_PARTS) ------------------------------------------------------

    def _groups_part(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The groups on the table (cards and kinds).

        A narrated state builds them afresh for every view. A quiet one (a simulation, whose
        views only its bots read, and never change) builds them when they changed and hands
        the same list to the views in between: `_shown` is bumped at every change to a group
        (_set_group), to the groups as a whole (a hand's start and end, arrange) and to the
        tokens (a colour won, a white token, arrange); then only the groups that changed are
        made anew (`_group_views`). The content is the same either way
        (tests/test_foozle_bots.py compares quiet views with narrated ones)."""
        if self.narrate:
            return [self._group_view(g) for g in range(len(self.groups))]
        shared = self._shared
        if shared is not None and shared[0] == self._shown:
            return shared[1]
        views = self._group_views
        for g, seen in enumerate(views):
            if seen is None:
                views[g] = self._group_view(g)
        part = list(views)
        self._shared = (self._shown, part)
        return part

    def _tokens_part(self, seat: int | None = None) -> list[dict[str, Any]]:
        """Every seat's tokens; a quiet state hands the same list to its views until a token
        changes hands (`_tokens_shown`), as with the groups."""
        if self.narrate:
            return self._seats_tokens()
        if self._tokens_view is None or self._tokens_view[0] != self._tokens_shown:
            self._tokens_view = (self._tokens_shown, self._seats_tokens())
        return self._tokens_view[1]

    def _players_part(self, seat: int | None = None) -> list[str]:
        return list(self.game.players) if self.narrate else self._players

    def _hand_part(self, seat: int | None) -> list[str]:
        return [IDS[k] for k in sorted(self.hands[seat or 0])]

    def _seats_tokens(self) -> list[dict[str, Any]]:
        colours = fg.COLOURS
        return [
            {
                "colours": [c for i, c in enumerate(colours) if i in self.colours[s]],
                "white": self.whites[s],
                "total": self.tokens(s),
            }
            for s in range(self.n)
        ]

    def _group_view(self, g: int) -> dict[str, Any]:
        return {"cards": [IDS[k] for k in self.groups[g]], "kinds": fg.summary_kinds(self.sums[g])}

    def describe(self, seat: int | None) -> list[str]:
        """A seat's screen (None: the table's): ezkit.games.foozle.screen."""
        from ezkit.games.foozle import screen

        return screen.describe(self, seat)

    def scores(self) -> list[float]:
        return [float(self.tokens(s)) for s in range(self.n)]

    def winners(self) -> list[int]:
        return list(self.won)

    def seen(self, seat: int) -> Counter[str]:
        """GT-1: the cards `seat` may see now, by id: its own hand, the groups laid down and the
        discard tableau (seed 004: "make sure all previously discarded cards are visible");
        not the other hands, the draw pile or the dump stack (set aside face down). So a draw
        from the pile, a deal, a lay-down, a lay-off and a discard are final; taking a
        tableau card (in sight of all) is not, by itself."""
        ids = IDS.__getitem__
        seen = Counter(map(ids, self.hands[seat]))
        seen.update(map(ids, self.tableau))
        for group in self.groups:
            seen.update(map(ids, group))
        return seen

    def sights(self) -> list[dict[str, int]]:
        """`seen` of every seat, the tableau and the groups (all seats see them) counted once;
        plain dicts (the deck has one of each card: a count is 1)."""
        ids = IDS.__getitem__
        public = dict.fromkeys(map(ids, self.tableau), 1)
        for group in self.groups:
            public.update(dict.fromkeys(map(ids, group), 1))
        every = []
        for hand in self.hands:
            sight = dict(public)
            sight.update(dict.fromkeys(map(ids, hand), 1))
            every.append(sight)
        return every

    def conserved(self) -> bool:
        places = [*self.hands, self.deck, self.tableau, self.dump, *self.groups]
        every = [k for place in places for k in place]
        return (
            len(every) == N_CARDS
            and set(every) == set(range(N_CARDS))
            and self._hands_counted() == (self.held, self.counts)  # kept along with the hands
        )

    # --- a position set by hand ---------------------------------------------------------

    def arrange(
        self,
        *,
        hands: Mapping[int, Sequence[str]] | None = None,
        groups: Sequence[Sequence[str]] | None = None,
        tableau: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        active: int | None = None,
        colours: Mapping[int, Sequence[str]] | None = None,
        whites: Mapping[int, int] | None = None,
    ) -> None:
        """Set a position by hand, for tests and teaching, as the start of `active`'s turn.

        `hands` give seats exactly these cards; `groups` the groups on the table; `tableau`
        the discards (oldest first); `deck` the top of the draw pile (first drawn first). Every
        other card goes under them in the draw pile, shuffled. A game arranged this way cannot
        be replayed from its save."""
        kind = fg.card
        given_hands = {s: sorted(kind(c) for c in cards) for s, cards in (hands or {}).items()}
        given_groups = [[kind(c) for c in g] for g in groups] if groups is not None else None
        given_tableau = [kind(c) for c in tableau] if tableau is not None else None
        top = [kind(c) for c in deck or ()]
        named = [
            k
            for place in (*given_hands.values(), *(given_groups or ()), given_tableau or (), top)
            for k in place
        ]
        if len(named) != len(set(named)):
            raise InputError("a card is placed twice")
        taken = set(named)  # what is not given stays, but for the cards named elsewhere

        def kept(cards: Sequence[int]) -> list[int]:
            return [k for k in cards if k not in taken]

        new_hands = [given_hands.get(s, kept(self.hands[s])) for s in range(self.n)]
        new_groups = given_groups if given_groups is not None else [kept(g) for g in self.groups]
        new_tableau = given_tableau if given_tableau is not None else kept(self.tableau)
        used = [k for place in (*new_hands, *new_groups, new_tableau, top) for k in place]
        rest = sorted(set(range(N_CARDS)) - set(used))
        self.rng.shuffle(rest)
        self.deck = rest + top[::-1]
        self.dump = []
        self.hands, self.tableau = new_hands, new_tableau
        self._count_hands()
        self._clear_groups()
        for g, cards in enumerate(new_groups):
            self._set_group(g, cards)
        for s, cs in (colours or {}).items():
            self.colours[s] = {fg.COLOURS.index(c) for c in cs}
        for s, w in (whites or {}).items():
            self.whites[s] = w
        self._shown += 1
        self._tokens_shown += 1
        if active is not None:
            self.active = active
        self.won = []
        self._begin_turn(self.log)


#: Every entry of a view, in the order view() gives them, and how it is built.
_PARTS: dict[str, Callable[[FoozleState, int | None], Any]] = {
    "game": lambda state, seat: state.game.name,
    "players": FoozleState._players_part,
    "seat": lambda state, seat: seat,
    "hand_no": lambda state, seat: state.hand_no,
    "dealer": lambda state, seat: state.dealer,
    "active": lambda state, seat: state.active,
    "to_move": lambda state, seat: state._to_move,
    "phase": lambda state, seat: PHASES[state.phase],
    "turn": lambda state, seat: state.turn,
    "turn_cap": lambda state, seat: state.game.turn_cap,
    "groups": FoozleState._groups_part,
    "tableau": lambda state, seat: [IDS[k] for k in state.tableau],
    "draw_pile": lambda state, seat: len(state.deck),
    "dump": lambda state, seat: len(state.dump),
    "hand_counts": lambda state, seat: list(map(len, state.hands)),
    "tokens": FoozleState._tokens_part,
    "taken": lambda state, seat: IDS[state.taken] if state.taken >= 0 else None,
    "owed": lambda state, seat: IDS[state.owed] if state.owed >= 0 else None,
    "last_hand": lambda state, seat: dict(state.last_hand) if state.last_hand else None,
    # a seat's own cards (not in the table's view)
    "hand": FoozleState._hand_part,
    # at the end
    "scores": lambda state, seat: state.scores(),
    "winners": lambda state, seat: state.winners(),
}
#: The view by its entries (GT-1: the own ones a seat's alone, the scores at the end).
_VIEW = ViewParts(_PARTS, own=("hand",), end=("scores", "winners"))
