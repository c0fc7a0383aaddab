"""A game of Dudab in progress: its cards, whose turn, what each seat sees, the scores.

What a move does is ezkit.games.dudab.play (mixed in), the legal moves and the reasons a move
is refused ezkit.games.dudab.moves (mixed in); the rules' tables are the game's (rules.py).

What a seat sees (GT-1, `seen`): its own hand; its own pile (the book never turns the own pile
face down, and every card in it was put there by its owner, who may look at it); every visible
card on the columns and a Jungle or Baby being placed; the whole discard pile (face up, seed
002, Setup). Not the others' hands or piles, not the draw pile, not the cards under a Baby
("invisible", DU-5). A hand shown (the 5-card rule, an unmet request) goes back into the hand:
the move calls `reveal()` (it is final), the view does not keep it, and a log read while the
game is on says only that the hand was shown (the event's `covered` text); so too for the card
of the 5-card rule and the cards a capture takes to an own pile.

`view(seat)` keys: game, players, seat, round, rounds, first (this round's), active (whose turn),
to_move, phase (turn, request, shaman, capture, trim, jungle, baby, over), columns (per column:
cards, top last, a Jungle among them where it lies; buried: how many under Babies), request
(column, kind, value, by) or None, shaman (the unanswered Shaman: column, by) or None, placing
(the Jungle or Baby being placed), hand_counts, pile_counts, draw_pile, discard (face up, top
last), round_scores, totals, last_scoring (per seat at the last round's end: hand, pile,
score); for a seat also hand and pile (its own cards); at the end scores and winners.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from typing import Any

from ezkit.errors import InputError
from ezkit.games.dudab.moves import LegalMoves
from ezkit.games.dudab.narration import name
from ezkit.games.dudab.play import Playing
from ezkit.games.dudab.rules import (
    _P_OVER,
    PHASES,
    SHAMAN,
    Dudab,
)
from ezkit.games.engine import Event, Move, State, ViewParts


class DudabState(Playing, LegalMoves, State):
    """A game of Dudab in progress.

    Cards are small numbers (a kind: the index of the card face in the deck file; game.ids
    names them). Hands, own piles, the draw pile (drawn from the end) and the discard pile are
    lists of kinds; each column is a list of its visible cards (top last), with the position of
    its Jungle (`jungle[c]`, -1 for none) and the cards buried under its Babies (`buried[c]`).

    Play runs as a stack of tasks (draw, refill to two, trim to five, reveal, cover a Baby, the
    next turn): a task that needs a decision stops the run until the decision is played.

    `narrate` False (Dudab.new_quiet): no event texts are built; the rules never look at it.
    """

    game: Dudab

    def __init__(self, game: Dudab, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed, narrate)
        self.n = game.n
        self.first0 = game.first if game.first is not None else self.rng.randrange(self.n)
        self.round = 0
        self.totals = [0] * self.n
        self.round_scores: list[list[int]] = []
        #: Every seat's hand, own pile and score at the last round's end (shown openly).
        self.last_scoring: list[tuple[tuple[int, ...], tuple[int, ...], int]] | None = None
        #: A quiet state's views share their unchanging parts (see _shared_view) and the
        #: cards of each place that only grows (see _seen_place), by the place's list.
        self._shared: tuple[Any, dict[str, Any]] | None = None
        self._places: dict[int, tuple[list[int], int, Any]] = {}
        #: A quiet state's columns view and each column's entry (None: to build again).
        self._column_views: list[dict[str, Any] | None] = []
        self._columns_shown: list[dict[str, Any]] | None = None
        self.tasks: list[tuple[Any, ...]] = []
        self._legal: list[Move] | None = None
        #: The legal moves of each phase (PHASES order).
        self._builders = (
            self._turn_moves,
            self._request_moves,
            self._shaman_moves,
            self._capture_moves,
            self._trim_moves,
            self._jungle_moves,
            self._baby_moves,
            self._no_moves,
        )
        events: list[Event] = []
        self._start_round(events)
        self.log.extend(events)

    # --- small helpers -----------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def _ids(self, cards: Iterable[int]) -> list[str]:
        ids = self.game.ids  # (a tuple: its bound __getitem__ is slow to map, a loop is not)
        return [ids[k] for k in sorted(cards)]

    def _card(self, k: int) -> str:
        """A card as the story names it: its printed name (`red-3-hand` is Red 3 Hand)."""
        return name(self.game.ids[k])

    def _text(self, cards: Iterable[int]) -> str:
        return ", ".join(map(name, self._ids(cards))) or "nothing"

    def _private(self, seat: int, text: str, public: str) -> Event:
        return Event(text, frozenset((seat,)), public)

    def _pending(self) -> int:
        """The column that waits for an answer (open request or unanswered Shaman), or -1."""
        return self.req_col if self.req_col >= 0 else self.shaman_col

    # --- the contract ---------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is None:  # (as _legal_list: asked for every move, so written out here)
            legal = self._legal = self._builders[self.phase]()
        return list(legal)  # a copy: the caller may change it, not our cache

    def menu(self) -> list[Move]:
        """The legal moves for a simulation (sim.play_one), which only reads them: the
        cached list itself, not legal_moves' copy."""
        legal = self._legal
        if legal is None:  # (as _legal_list: asked for every move, so written out here)
            legal = self._legal = self._builders[self.phase]()
        return legal

    def play_from_menu(self, move: Move) -> None:
        """Make a move a simulation has just taken from menu(). A quiet game does not check
        it again (play() checks every move and refuses an illegal one); a told one plays
        it as play() does."""
        if self.narrate:
            self.play(move)
            return
        self.apply(move)
        self.moves.append(move)

    def _is_legal(self, move: Move) -> bool:
        legal = self._legal  # the cache itself: play() checks every move
        if legal is None:
            legal = self._legal = self._builders[self.phase]()
        return move in legal

    def _legal_list(self) -> list[Move]:
        """The legal moves, cached until the next move."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._builders[self.phase]()
        return legal

    # --- what each seat sees ------------------------------------------------------------------

    def seen(self, seat: int) -> Counter[str]:
        """Every card `seat` may see now, by id (GT-1): its own hand; its own pile (the book
        never turns the own pile face down and its owner put every card there, so may look at
        it; the view shows it); the visible cards of every column; a Jungle or Baby being
        placed (its draw was told to all); the whole discard pile (face up, seed 002, Setup).
        Not the others' hands or piles, not the draw pile, not the cards under a Baby
        (invisible, DU-5), not a hand shown earlier (it went back into the hand: `_show`
        calls reveal())."""
        kinds = Counter(chain(self.hands[seat], self.piles[seat], *self.cols, self.discard))
        if self.placing >= 0:
            kinds[self.placing] += 1
        ids = self.game.ids
        return Counter({ids[k]: n for k, n in kinds.items()})

    def sights(self) -> list[dict[str, int]]:
        """`seen` of every seat, the cards all seats see (the columns, the discard pile, a
        card being placed) counted once; plain dicts (a Counter's copy and update are loops
        in Python, and a told game asks this twice a move)."""
        ids = self.game.ids
        table = Counter(chain(*self.cols, self.discard))
        if self.placing >= 0:
            table[self.placing] += 1
        public = {ids[k]: n for k, n in table.items()}
        every = []
        for hand, pile in zip(self.hands, self.piles, strict=True):
            sight = dict(public)
            for k, n in Counter(chain(hand, pile)).items():
                card = ids[k]
                sight[card] = sight.get(card, 0) + n
            every.append(sight)
        return every

    def view(self, seat: int | None) -> dict[str, Any]:
        return _VIEW.part(self, seat, _VIEW.keys, self.phase == _P_OVER)

    def view_part(self, seat: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """The entries `keys` of view(seat), each built alone (_PARTS): a simulation hands a
        bot only the entries it reads. Those view(seat) does not show are left out: a seat's
        own hand and pile when seat is None, the scores and winners before the end."""
        return _VIEW.part(self, seat, keys, self.phase == _P_OVER)

    # --- the entries of a view (_PARTS) ------------------------------------------------------

    def _request_part(self, seat: int | None) -> dict[str, Any] | None:
        if self.req_col < 0:
            return None
        attr, value = self.game.requests[self.req]
        return {"column": self.req_col + 1, "kind": attr, "value": value, "by": self.req_by}

    def _shaman_part(self, seat: int | None) -> dict[str, Any] | None:
        if self.shaman_col < 0:
            return None
        return {"column": self.shaman_col + 1, "by": self.shaman_by}

    def _placing_part(self, seat: int | None) -> str | None:
        return self.game.ids[self.placing] if self.placing >= 0 else None

    def _hand_part(self, seat: int | None) -> list[str]:
        ids = self.game.ids  # _ids(hand), written out: every view of a seat asks for it
        return [ids[k] for k in sorted(self.hands[seat or 0])]

    def _pile_part(self, seat: int | None) -> list[str]:
        cards = self.piles[seat or 0]
        # the names kept since the pile last grew (_seen_place), asked first: most views
        found = self._places.get(id(cards))
        if found is not None and found[0] is cards and found[1] == len(cards):
            return found[2]
        return self._seen_place(cards, True)

    def _discard_part(self, seat: int | None) -> list[str]:
        cards = self.discard
        # the names kept since the pile last grew (_seen_place), asked first: most views
        found = self._places.get(id(cards))
        if found is not None and found[0] is cards and found[1] == len(cards):
            return found[2]
        return self._seen_place(cards, False)

    def _columns_view(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The columns as a view shows them: per column its visible cards and how many lie
        under its Babies. A quiet state keeps this list, and each column's entry, until a
        column changes (_column_changed: a card put on it, taken, buried under a Baby, a new
        round), so a view after a move builds only the column it changed, and a view with
        no column changed since the last builds nothing."""
        name_of = self.game.ids.__getitem__
        if self.narrate:
            return [
                {"cards": list(map(name_of, col)), "buried": len(buried)}
                for col, buried in zip(self.cols, self.buried, strict=True)
            ]
        shown = self._columns_shown
        if shown is None:
            kept = self._column_views
            for c, entry in enumerate(kept):
                if entry is None:
                    cards = list(map(name_of, self.cols[c]))
                    kept[c] = {"cards": cards, "buried": len(self.buried[c])}
            shown = self._columns_shown = list(kept)  # a new list: views keep the old one
        return shown

    def _column_changed(self, c: int) -> None:
        """Column c's cards (or those under its Babies) changed: a quiet state's views build
        its entry again (_columns_view). Every change to a column calls this."""
        self._column_views[c] = None
        self._columns_shown = None

    def _seen_place(self, cards: list[int], ordered: bool) -> list[str]:
        """The ids of a place's cards, in its order or sorted (an own pile, as `_ids`).

        A quiet state remembers them for the next views, which may share the list (they
        never change it): an own pile and the discard pile, as the columns, only grow (cards
        are put on them, never taken off) until a new list replaces them (a new round; a
        capture or a Baby for a column), so the same list at the same length holds the same
        cards."""
        found = self._places.get(id(cards))
        if found is not None and found[0] is cards and found[1] == len(cards):
            return found[2]
        names = self._ids(cards) if ordered else list(map(self.game.ids.__getitem__, cards))
        if not self.narrate:
            self._places[id(cards)] = (cards, len(cards), names)
        return names

    def _shared_view(self) -> dict[str, Any]:
        """The parts of a view that change only when a round is scored: the players, each
        round's scores, the totals and the last round's hands and piles revealed.

        A narrated state builds them afresh for every view. A quiet one (a simulation, whose
        views only its bots read, and never change) builds them once per round and hands the
        same lists to every view: they change only in _end_round, which sets `last_scoring`
        to a new list, so that list (held here) says whether they are still right. The
        content is the same either way (tests/test_dudab_bots.py compares quiet views with
        narrated ones)."""
        if not self.narrate and self._shared is not None and self._shared[0] is self.last_scoring:
            return self._shared[1]
        part = {
            "players": list(self.game.players),
            "round_scores": [list(r) for r in self.round_scores],
            "totals": list(self.totals),
            "last_scoring": (
                [
                    {"hand": self._ids(hand), "pile": self._ids(pile), "score": points}
                    for hand, pile, points in self.last_scoring
                ]
                if self.last_scoring is not None
                else None
            ),
        }
        if not self.narrate:
            self._shared = (self.last_scoring, part)
        return part

    # --- the end -------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Points over the rounds played so far (fewer is better, DU-4)."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """The lowest total wins; a tie shares the win (DU-4)."""
        if self.phase != _P_OVER:
            return []
        best = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def conserved(self) -> bool:
        """All 96 cards (DU-1) in exactly one place, the expansions' unused ones in the box."""
        found = [0] * len(self.game.ids)
        places: list[Iterable[int]] = [
            self.deck,
            self.discard,
            self.game.box,
            *self.hands,
            *self.piles,
            *self.cols,
            *self.buried,
        ]
        if self.placing >= 0:
            places.append((self.placing,))
        for place in places:
            for k in place:
                found[k] += 1
        jungles_ok = all(
            (j < 0 or (j < len(col) and col[j] == self.game.jungle_kind))
            for j, col in zip(self.jungle, self.cols, strict=True)
        )
        return tuple(found) == self.game.counts and jungles_ok

    # --- a position set by hand ---------------------------------------------------------

    def arrange(
        self,
        *,
        hands: Mapping[int, Sequence[str]] | None = None,
        columns: Sequence[Sequence[str]] | None = None,
        buried: Mapping[int, Sequence[str]] | None = None,
        piles: Mapping[int, Sequence[str]] | None = None,
        discard: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        only_deck: bool = False,
        active: int | None = None,
        request: tuple[int, str, str] | None = None,
        request_by: int | None = None,
        shaman: int | None = None,
    ) -> None:
        """Set a position by hand, for tests and teaching, as the start of `active`'s turn.

        `hands`, `piles` give seats exactly these cards; `columns` the visible cards of each
        column (first to top; a `jungle` among them lies where written); `buried` the cards
        under a column's Babies (column numbers from 1); `discard` the discard pile; `deck`
        the top of the draw pile, the first listed drawn first. What is not given stays; every
        other card goes to the draw pile (shuffled, under `deck`), or with `only_deck` to the
        discard pile (the draw pile is then exactly `deck`). `request` opens a Dudab
        request on a column whose top is a Dudab: (column, kind, value); `shaman` marks the
        Shaman on top of that column as not yet answered. A game arranged this way cannot be
        replayed from its save."""
        game = self.game
        if self.phase == _P_OVER:
            raise InputError("the game is over")
        kind = game.kind_of
        hands_now = {s: [kind[c] for c in cards] for s, cards in (hands or {}).items()}
        piles_now = {s: [kind[c] for c in cards] for s, cards in (piles or {}).items()}
        new_hands = [hands_now.get(s, self.hands[s]) for s in range(self.n)]
        new_piles = [piles_now.get(s, self.piles[s]) for s in range(self.n)]
        new_cols = (
            [[kind[c] for c in col] for col in columns]
            if columns is not None
            else [list(c) for c in self.cols]
        )
        if len(new_cols) != game.columns:
            raise InputError(f"this game has {game.columns} columns, not {len(new_cols)}")
        new_buried = [list(b) for b in self.buried]
        for c, cards in (buried or {}).items():
            new_buried[c - 1] = [kind[x] for x in cards]
        new_discard = [kind[c] for c in discard] if discard is not None else list(self.discard)
        top = [kind[c] for c in deck or ()]
        pool = Counter(game.in_play)
        for place in (*new_hands, *new_piles, *new_cols, *new_buried, new_discard, top):
            pool.subtract(place)
        short = [game.ids[k] for k, c in pool.items() if c < 0]
        if short:
            raise InputError(f"not enough {', '.join(short)} cards in this game's deck")
        rest = sorted(pool.elements())
        self.rng.shuffle(rest)
        if only_deck:
            new_discard += rest
            rest = []
        self.deck = rest + top[::-1]
        self.hands, self.piles, self.cols, self.buried = new_hands, new_piles, new_cols, new_buried
        self.discard = new_discard
        self.jungle = [
            col.index(game.jungle_kind) if game.jungle_kind in col else -1 for col in new_cols
        ]
        self.req = self.req_col = self.req_by = -1
        self.shaman_col = self.shaman_by = -1
        if active is not None:
            self.active = active
        if request is not None:
            c, attr, value = request
            self.req = game.requests.index((attr, str(value)))
            self.req_col = c - 1
            self.req_by = (self.active - 1) % self.n if request_by is None else request_by
            assert new_cols[c - 1][-1] == game.dudab_kind, "a request is made by a Dudab on top"
        if shaman is not None:
            self.shaman_col, self.shaman_by = shaman - 1, (self.active - 1) % self.n
            assert game.type[new_cols[shaman - 1][-1]] == SHAMAN
        self.placing = -1
        self.tasks.clear()
        self._column_views = [None] * game.columns
        self._columns_shown = None
        self._begin_turn(self.log)


#: Every entry of a view, in the order view() gives them, and how it is built.
_PARTS: dict[str, Callable[[DudabState, int | None], Any]] = {
    "game": lambda state, seat: state.game.name,
    "players": lambda state, seat: state._shared_view()["players"],
    "seat": lambda state, seat: seat,
    "round": lambda state, seat: state.round,
    "rounds": lambda state, seat: state.game.rounds,
    "first": lambda state, seat: state.first,
    "active": lambda state, seat: state.active,
    "to_move": lambda state, seat: state._to_move,
    "phase": lambda state, seat: PHASES[state.phase],
    "columns": DudabState._columns_view,
    "request": DudabState._request_part,
    "shaman": DudabState._shaman_part,
    "placing": DudabState._placing_part,
    "hand_counts": lambda state, seat: list(map(len, state.hands)),
    "pile_counts": lambda state, seat: list(map(len, state.piles)),
    "draw_pile": lambda state, seat: len(state.deck),
    "discard": DudabState._discard_part,
    "round_scores": lambda state, seat: state._shared_view()["round_scores"],
    "totals": lambda state, seat: state._shared_view()["totals"],
    "last_scoring": lambda state, seat: state._shared_view()["last_scoring"],
    # a seat's own cards (not in the table's view)
    "hand": DudabState._hand_part,
    "pile": DudabState._pile_part,
    # at the end
    "scores": lambda state, seat: state.scores(),
    "winners": lambda state, seat: state.winners(),
}
#: The view by its entries (GT-1: the own ones a seat's alone, the scores at the end).
_VIEW = ViewParts(_PARTS, own=("hand", "pile"), end=("scores", "winners"))
