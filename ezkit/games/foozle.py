"""Foozle (seed 004): lay down sets, flushes and runs of the Fanucci deck for coloured tokens.

Rules: the rule book, settled by rulings FZ-1..FZ-6 (shared/rules/RULINGS.md); the cards and
the numbers (deal 11, group_min 3, run_ranks 0-9, the token colours, the suit colours, the
turn cap) come from `cards/foozle.yaml`. Which cards form a group, and what a group becomes
when a card is laid off on it, is ezkit.games.foozle_groups (the same functions
`ezkit score foozle group` shows).

Cards are written as in DESIGN.md: `3-lamps`, `inf-tops` (also `∞-tops`), `trump-grue`.
Groups on the table are numbered from 1 in the order they were laid down. A turn is a
sequence of decisions by the same seat (`State.to_move()`), typed as below (a menu number
works too):

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

Playing the last card (or discarding it) ends the hand: no discard is needed (FZ-3). The
menu offers the lay-downs of `foozle_groups.candidates` (every set, flush and Big Fozzle of
all of a rank, suit or the trumps, their sub-groups when small, every run of consecutive
ranks); any other valid lay-down from the hand may be typed and is accepted: the rules are
checked, not the menu.

Options: `first` (the first dealer, a seat or a name; else random from the seed), `turn_cap`
(FZ-3, default from the deck data), `hands` (a safety cap for simulations: after that many
hands the game ends and the players with the most tokens share the win; default None, the
book's end only).

Beyond the rulings (each also noted where it is coded; candidate rulings):

- A lay-down that joins a group on the table is still a lay-down: an all-one-colour lay-down
  earns its token even when it joins (the book: "put your cards with the other ones").
- `take discard` (the last card) carries no duty to play it, but like every card taken from
  the tableau it may not be discarded that turn (FZ-3). A card taken under (c) must be played
  by the very next move ("immediately"); so the menu offers `take CARD` only when it can be.
- A lay (down or off) that would leave the player holding only the card taken from the
  tableau is refused unless that card can then be laid off (else the player could neither
  discard nor play it).
- FZ-5's exhausted draw pile is refilled when a player is to take a card and the draw pile
  is empty. The dump stack is not shown (a count only). A deal that the draw pile cannot
  make is made from the reshuffled deck.
- FZ-6 is checked after every token, so a coloured token can end the game mid-hand; the
  cards then stay where they are.
- Tokens: the white tokens are not limited (the book: "ten or so").

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

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ezkit.errors import InputError
from ezkit.games import foozle_groups as fg
from ezkit.games.engine import Event, Game, IllegalMove, Move, State
from ezkit.words import plural, won

# --- constants ------------------------------------------------------------------------------

TAKE, LAY, DISCARD, ON, DRAW_WORD, DISCARD_WORD = "take", "lay", "discard", "on", "draw", "discard"
PHASES = ("take", "owe", "play", "over")
_P_TAKE, _P_OWE, _P_PLAY, _P_OVER = range(4)
# What a legal move does: (action, a, b).
_A_DRAW, _A_LAST, _A_ANY, _A_LAYDOWN, _A_LAYOFF, _A_DISCARD = range(6)

TABLES = fg.TABLES
IDS = fg.IDS
N_CARDS = len(IDS)

GAME_INFO: dict[str, Any] = {
    "name": "foozle",
    "title": "Foozle",
    "min_players": TABLES.players.min,
    "max_players": TABLES.players.max,
    "default_players": TABLES.players.default or 4,
    "options": {
        "first": "the first dealer (seat number from 0, or a name); None: from the seed",
        "turn_cap": f"turns after which a hand ends without a winner (FZ-3, {TABLES.turn_cap})",
        "hands": "None (the book's end, FZ-6) or a cap on hands: then the most tokens win",
    },
    "moves": (TAKE, LAY, DISCARD),
}


class _Moves:
    """Every fixed move, made once."""

    def __init__(self) -> None:
        self.take_draw = Move(TAKE, (DRAW_WORD,))
        self.take_last = Move(TAKE, (DISCARD_WORD,))
        self.take = [Move(TAKE, (i,)) for i in IDS]
        self.discard = [Move(DISCARD, (i,)) for i in IDS]
        self.layoff: dict[tuple[int, int], Move] = {}
        self.laydown: dict[tuple[tuple[int, ...], int], Move] = {}

    def lay_off(self, k: int, g: int) -> Move:
        move = self.layoff.get((k, g))
        if move is None:
            move = self.layoff[(k, g)] = Move(LAY, (IDS[k], ON, str(g + 1)))
        return move

    def lay_down(self, cards: tuple[int, ...], g: int) -> Move:
        move = self.laydown.get((cards, g))
        if move is None:
            args = tuple(IDS[k] for k in cards)
            move = Move(LAY, (*args, ON, str(g + 1)) if g >= 0 else args)
            if len(self.laydown) < 200_000:
                self.laydown[(cards, g)] = move
        return move


@cache
def moves() -> _Moves:
    return _Moves()


_ACCEPTING: dict[fg.Summary, tuple[int, ...]] = {}


def _accepting(s: fg.Summary) -> tuple[int, ...]:
    """The cards that may be laid off on a group with summary s (FZ-2), remembered: the
    engine asks twice per group change, and the same group shapes recur game after game."""
    found = _ACCEPTING.get(s)
    if found is None:
        if len(_ACCEPTING) >= fg.CACHE_CAP:
            _ACCEPTING.clear()
        found = _ACCEPTING[s] = _find_accepting(s)
    return found


def _find_accepting(s: fg.Summary) -> tuple[int, ...]:
    found = []
    pool: set[int] = set()
    if s.rank >= 0:
        pool.update(_BY_RANK[s.rank])
    if s.suit >= 0:
        pool.update(_BY_SUIT[s.suit])
    if s.colour >= 0 and s.distinct:
        pool.update(_BY_COLOUR[s.colour])
    for k in pool:
        if fg.valid(fg.merge(s, fg.SINGLE[k])):
            found.append(k)
    return tuple(found)


_BY_RANK: dict[int, list[int]] = {}
_BY_SUIT: dict[int, list[int]] = {}
_BY_COLOUR: dict[int, list[int]] = {}
for _k in range(N_CARDS):
    if fg.RANK[_k] != fg.TRUMP:
        _BY_RANK.setdefault(fg.RANK[_k], []).append(_k)
        _BY_SUIT.setdefault(fg.SUIT[_k], []).append(_k)
        if fg.RANK[_k] != fg.INF:
            _BY_COLOUR.setdefault(fg.COLOUR[_k], []).append(_k)


#: The discard acts, made once (one per card).
_DISCARD_ACTS: tuple[tuple[int, int, int], ...] = tuple((_A_DISCARD, k, 0) for k in range(N_CARDS))

#: A card's place among run neighbours: colour * 16 + rank, so a run's next card is +1; trumps
#: and infinities (never in a run, FZ-2) get a key no card is next to.
_RUN_KEY: tuple[int, ...] = tuple(
    -100 if fg.RANK[k] in (fg.TRUMP, fg.INF) else fg.COLOUR[k] * 16 + fg.RANK[k]
    for k in range(N_CARDS)
)


def _option_int(name: str, value: Any, low: int) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = low - 1
    if isinstance(value, bool) or number < low:
        raise InputError(f"{name}: {value!r} is not a whole number of at least {low}")
    return number


# --- the game -------------------------------------------------------------------------------


class Foozle(Game):
    """Foozle for 2..6 players; options `first`, `turn_cap`, `hands`."""

    name = "foozle"
    title = "Foozle"
    min_players = TABLES.players.min
    max_players = TABLES.players.max
    default_players = TABLES.players.default or 4

    def __init__(self, players: Sequence[str], **options: Any) -> None:
        super().__init__(players, **options)
        self.n = len(self.players)
        self.deal = TABLES.deal
        self.first: int | None = self.options["first"]
        self.turn_cap: int = self.options["turn_cap"] or TABLES.turn_cap
        self.hands_cap: int | None = self.options["hands"]
        self.m = moves()
        self.seat_of = {p.casefold(): s for s, p in enumerate(self.players)}

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        known = ("first", "turn_cap", "hands")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InputError(
                f"{self.title} has no option {', '.join(unknown)}; its options: {', '.join(known)}"
            )
        return {
            "first": self.first_seat(options.get("first"), "FZ-5"),
            "turn_cap": _option_int("turn_cap", options.get("turn_cap"), 1),
            "hands": _option_int("hands", options.get("hands"), 1),
        }

    def new(self, seed: int) -> FoozleState:
        return FoozleState(self, seed)

    def new_quiet(self, seed: int) -> FoozleState:
        """The same game, telling nothing: simulations read only moves and scores."""
        return FoozleState(self, seed, narrate=False)


# --- the state ------------------------------------------------------------------------------


class FoozleState(State):
    """A game of Foozle in progress. Cards are numbers (foozle_groups.KIND); hands, the draw
    pile (drawn from the end), the tableau (last = most recent), the groups on the table and
    the dump stack are lists of them. `narrate` False: no event texts; the rules never look."""

    game: Foozle

    def __init__(self, game: Foozle, seed: int, narrate: bool = True) -> None:
        super().__init__(game, seed)
        self.n = game.n
        self.narrate = narrate
        self.colours: list[set[int]] = [set() for _ in range(self.n)]
        self.whites = [0] * self.n
        self.hand_no = 0
        self.won: list[int] = []
        self.last_hand: dict[str, Any] | None = None
        self.dump: list[int] = []
        self.deck = self._shuffled(range(N_CARDS))
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.tableau: list[int] = []
        self.groups: list[list[int]] = []
        self.sums: list[fg.Summary] = []
        self.fits: dict[int, list[int]] = {}
        self.phase = _P_TAKE
        self.taken = self.owed = -1
        self.turn = 0
        self._to_move: int | None = None
        self._legal: list[Move] | None = None
        self._acts: list[tuple[Any, ...]] = []
        self._picked = -1
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

    @staticmethod
    def _text(cards: Sequence[int]) -> str:
        return " ".join(IDS[k] for k in cards) or "nothing"

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
                events.append(Event("The deck is reshuffled"))
        self.hands = [[] for _ in range(n)]
        for _ in range(game.deal):
            for i in range(1, n + 1):
                self.hands[(self.dealer + i) % n].append(self.deck.pop())
        for hand in self.hands:
            hand.sort()
        self.tableau = [self.deck.pop()]
        self.groups, self.sums, self.fits = [], [], {}
        self.turn = 0
        self.active = (self.dealer + 1) % n
        if self.narrate:
            events.append(
                Event(f"Hand {self.hand_no}: {self._name(self.dealer)} deals {game.deal} each")
            )
            for s in range(n):
                events.append(
                    Event(
                        f"{self._name(s)} is dealt {self._text(self.hands[s])}",
                        frozenset((s,)),
                        f"{self._name(s)} is dealt {plural(game.deal, 'card')}",
                    )
                )
            events.append(Event(f"The tableau starts with {IDS[self.tableau[0]]}"))
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        self.taken = self.owed = -1
        if not self.deck:  # FZ-5: the tableau but its last card becomes the draw pile
            rest = self.tableau[:-1]
            if not rest:
                if self.narrate:
                    events.append(Event("The draw pile and the tableau are spent"))
                self._end_hand(-1, events)
                return
            self.tableau = self.tableau[-1:]
            self.deck = self._shuffled(rest)
            if self.narrate:
                events.append(
                    Event(f"The draw pile is empty: {plural(len(rest), 'tableau card')} shuffled")
                )
        self.phase = _P_TAKE
        self._to_move = self.active
        self._legal = None
        if self.narrate:
            events.append(Event(f"{self._name(self.active)}'s turn"))

    def _end_turn(self, events: list[Event]) -> None:
        self.turn += 1
        if self.turn >= self.game.turn_cap:  # FZ-3
            if self.narrate:
                events.append(
                    Event(
                        f"The hand reaches the cap of {plural(self.game.turn_cap, 'turn')} (FZ-3)"
                    )
                )
            self._end_hand(-1, events)
            return
        self.active = (self.active + 1) % self.n
        self._begin_turn(events)

    def _end_hand(self, winner: int, events: list[Event]) -> None:
        """seed 004 "Going Out"; FZ-5: dump all, the winner deals (else the deal passes)."""
        narrate = self.narrate
        if winner >= 0:
            self.whites[winner] += 1
            self.last_hand = {"winner": winner, "why": "went out"}
            if narrate:
                events.append(Event(f"{self._name(winner)} goes out and takes a white token"))
        else:
            self.last_hand = {"winner": None, "why": "no winner"}
            if narrate:
                events.append(Event(f"Hand {self.hand_no} ends without a winner"))
        if winner >= 0 and self._check_end(events):
            return
        for hand in self.hands:
            self.dump.extend(hand)
            hand.clear()
        for group in self.groups:
            self.dump.extend(group)
        self.dump.extend(self.tableau)
        self.tableau, self.groups, self.sums, self.fits = [], [], [], {}
        cap = self.game.hands_cap
        if cap is not None and self.hand_no >= cap:
            self._finish(events, f"the cap of {plural(cap, 'hand')}")
            return
        self.dealer = winner if winner >= 0 else (self.dealer + 1) % self.n
        self._start_hand(events)

    def _check_end(self, events: list[Event]) -> bool:
        """FZ-6: all five colours somewhere, and one player strictly ahead."""
        full = len(fg.COLOURS)
        if not any(len(c) == full for c in self.colours):
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
        self.phase, self._to_move, self._legal = _P_OVER, None, None
        self.reveal()  # GT-1: the game is over and its whole story is shown: no undo past it
        if self.narrate:
            shown = ", ".join(
                f"{p} {plural(t, 'token')}" for p, t in zip(self.game.players, totals, strict=True)
            )
            who = won([self._name(s) for s in self.won])
            events.append(Event(f"The game is over ({why}): {shown}. {who}"))

    # --- groups on the table --------------------------------------------------------------

    def _set_group(self, g: int, cards: list[int], s: fg.Summary | None = None) -> None:
        """Put group g (new when g is past the end) on the table; s: its summary when the
        caller knows it (merged from the old group's), else it is worked out."""
        fits = self.fits
        if g < len(self.groups):
            old = self.sums[g]
            for k in _accepting(old):
                at = fits.get(k)
                if at is not None and g in at:
                    at.remove(g)
            self.groups[g] = cards
        else:
            self.groups.append(cards)
            self.sums.append(fg.EMPTY)
        s = self.sums[g] = fg.summary(cards) if s is None else s
        for k in _accepting(s):
            fits.setdefault(k, []).append(g)

    def _targets(self, s: fg.Summary) -> list[int]:
        """FZ-2: the groups a lay-down with summary s could join."""
        joins = fg.joins
        return [g for g, t in enumerate(self.sums) if joins(s, t)]

    def _fits_after(self, t: int, g: int, s: fg.Summary) -> bool:
        """Could card t be laid off once group g has summary s (g may be a new group)?"""
        one = fg.SINGLE[t]
        for h, old in enumerate(self.sums):
            if fg.valid(fg.merge(s if h == g else old, one)):
                return True
        return g >= len(self.sums) and fg.valid(fg.merge(s, one))

    def _fits_after_off(self, t: int, g: int, k: int) -> bool:
        """Could card t be laid off once card k is laid off on group g?"""
        return self._fits_after(t, g, fg.merge(self.sums[g], fg.SINGLE[k]))

    # --- the contract -----------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self._to_move

    def legal_moves(self) -> list[Move]:
        return list(self._legal_list())

    def _is_legal(self, move: Move) -> bool:
        legal = self._legal_list()
        try:
            self._picked = legal.index(move)
        except ValueError:
            self._picked = -1
            return move.action == LAY and self._lay_check(move.args)[0] is not None
        return True

    def _legal_list(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            if self.phase == _P_TAKE:
                legal = self._take_moves()
            elif self.phase == _P_OVER:
                legal, self._acts = [], []
            else:
                legal = self._play_moves()
            self._legal = legal
        return legal

    def _take_moves(self) -> list[Move]:
        m = self.game.m
        legal = [m.take_draw]
        acts: list[tuple[Any, ...]] = [(_A_DRAW, -1, 0)]
        tableau = self.tableau
        if tableau:
            legal.append(m.take_last)
            acts.append((_A_LAST, tableau[-1], 0))
        if len(tableau) > 1:
            # the hand indexed by rank, suit and run key at C speed (Counter over map); a
            # trump counts under rank and suit TRUMP, which no other card asks about
            hand = self.hands[self.active]
            rank, suit, trump, inf = fg.RANK, fg.SUIT, fg.TRUMP, fg.INF
            ranks = Counter(map(rank.__getitem__, hand))
            suits = Counter(map(suit.__getitem__, hand))
            runs = set(map(_RUN_KEY.__getitem__, hand))
            trumps = ranks[trump]
            fits = self.fits
            for k in tableau[:-1]:
                r = rank[k]
                if r == trump:
                    ok = trumps >= 2
                elif fits.get(k) or ranks.get(r, 0) >= 2 or suits.get(suit[k], 0) >= 2:
                    ok = True
                elif r != inf:
                    c = _RUN_KEY[k]
                    lo, hi = c - 1 in runs, c + 1 in runs
                    ok = (lo and hi) or (lo and c - 2 in runs) or (hi and c + 2 in runs)
                else:
                    ok = False
                if ok:
                    legal.append(m.take[k])
                    acts.append((_A_ANY, k, 0))
        self._acts = acts
        return legal

    def _play_moves(self) -> list[Move]:
        m = self.game.m
        hand = self.hands[self.active]
        owed, taken = self.owed, self.taken
        legal: list[Move] = []
        acts: list[tuple[Any, ...]] = []
        lonely = taken >= 0 and taken in hand  # the taken card: never left alone unplayable
        size = len(hand)
        summary, targets = fg.summary_of, self._targets
        for cards in fg.candidates(hand):
            if owed >= 0 and owed not in cards:
                continue
            s = summary(cards)
            joins = targets(s)
            alone = lonely and size - len(cards) == 1 and taken not in cards
            if not joins:
                if alone and not self._fits_after(taken, len(self.sums), s):
                    continue
                legal.append(m.lay_down(cards, -1))
                acts.append((_A_LAYDOWN, cards, -1))
                continue
            for g in joins:
                if alone and not self._fits_after(taken, g, fg.merge(self.sums[g], s)):
                    continue
                legal.append(m.lay_down(cards, g))
                acts.append((_A_LAYDOWN, cards, g))
        fits = self.fits
        for k in (owed,) if owed >= 0 else hand:
            for g in fits.get(k, ()):
                if lonely and size == 2 and k != taken and not self._fits_after_off(taken, g, k):
                    continue
                legal.append(m.lay_off(k, g))
                acts.append((_A_LAYOFF, k, g))
        if owed < 0:  # every card but the one taken from the tableau (FZ-3)
            kept = [k for k in hand if k != taken]
            legal.extend(map(m.discard.__getitem__, kept))
            acts.extend(map(_DISCARD_ACTS.__getitem__, kept))
        self._acts = acts
        return legal

    def _lay_check(self, args: Sequence[str]) -> tuple[tuple[Any, ...] | None, str]:
        """Any lay typed (menu or not): what it does, or None and why not."""
        if self.phase not in (_P_OWE, _P_PLAY):
            return None, "cards are laid after taking one (take draw, take discard, take CARD)"
        words = list(args)
        g = -1
        if len(words) >= 2 and words[-2] == ON:
            if not words[-1].isdigit():
                return None, f"'on' names a group by its number, not {words[-1]!r}"
            g = int(words[-1]) - 1
            words = words[:-2]
            if not 0 <= g < len(self.groups):
                return None, (
                    f"there is no group {g + 1} on the table ({plural(len(self.groups), 'group')})"
                )
        try:
            cards = fg.parse(words)
        except InputError as error:
            return None, str(error)
        hand = self.hands[self.active]
        missing = [IDS[k] for k in cards if k not in hand]
        if missing:
            return None, f"{self._name(self.active)} holds no {', '.join(missing)}"
        if not cards:
            return None, "name the cards to lay: 'lay 2-lamps 3-lamps 4-lamps'"
        owed = self.owed
        if owed >= 0 and owed not in cards:
            return None, f"{IDS[owed]} was taken from the tableau: it must be played now (FZ-3)"
        taken = self.taken
        leaves_taken = taken in hand and taken not in cards and len(hand) - len(cards) == 1
        if len(cards) == 1:
            if g < 0:
                return None, "a single card is laid off on a group: 'lay 3-lamps on 2'"
            after = fg.merge(self.sums[g], fg.SINGLE[cards[0]])
            if not fg.valid(after):
                return None, f"{IDS[cards[0]]} does not fit group {g + 1} (FZ-2: it stays a group)"
            if leaves_taken and not self._fits_after(taken, g, after):
                return None, f"that would leave only {IDS[taken]}, which cannot be played (FZ-3)"
            return (_A_LAYOFF, cards[0], g), ""
        cards = sorted(cards)
        s = fg.summary(cards)
        if not fg.valid(s):
            return None, f"{' '.join(IDS[k] for k in cards)} is not a group (FZ-2)"
        joins = self._targets(s)
        if joins and g not in joins:
            where = ", ".join(str(j + 1) for j in joins)
            return None, f"these cards join a group on the table (FZ-2): say 'on {where}'"
        if not joins and g >= 0:
            return None, f"these cards cannot join group {g + 1}; lay them down on their own"
        after = fg.merge(self.sums[g], s) if g >= 0 else s
        if leaves_taken and not self._fits_after(taken, g if g >= 0 else len(self.sums), after):
            return None, f"that would leave only {IDS[taken]}, which cannot be played (FZ-3)"
        return (_A_LAYDOWN, tuple(cards), g), ""

    def apply(self, move: Move) -> list[Event]:
        if self._picked >= 0:
            act = self._acts[self._picked]
        else:
            act, _ = self._lay_check(move.args)
            assert act is not None
        self._picked = -1
        events: list[Event] = []
        kind = act[0]
        seat = self.active
        hand = self.hands[seat]
        narrate = self.narrate
        self._legal = None
        if kind == _A_DRAW:
            k = self.deck.pop()
            hand.append(k)
            hand.sort()
            self.phase = _P_PLAY
            if narrate:
                name = self._name(seat)
                events.append(
                    Event(f"{name} draws {IDS[k]}", frozenset((seat,)), f"{name} draws a card")
                )
        elif kind in (_A_LAST, _A_ANY):
            k = act[1]
            self.tableau.remove(k)
            hand.append(k)
            hand.sort()
            self.taken = k
            if kind == _A_ANY:
                self.owed = k
                self.phase = _P_OWE
            else:
                self.phase = _P_PLAY
            if narrate:
                duty = " (to play at once)" if kind == _A_ANY else ""
                events.append(Event(f"{self._name(seat)} takes {IDS[k]} from the tableau{duty}"))
        elif kind == _A_LAYOFF:
            k, g = act[1], act[2]
            hand.remove(k)
            after = fg.merge(self.sums[g], fg.SINGLE[k])
            self._set_group(g, [*self.groups[g], k], after)
            self._played(k)
            if narrate:
                shown = ", ".join(fg.summary_kinds(self.sums[g]))
                events.append(
                    Event(f"{self._name(seat)} lays {IDS[k]} off on group {g + 1} ({shown})")
                )
            if not hand:
                self._end_hand(seat, events)
        elif kind == _A_LAYDOWN:
            self._lay_down(seat, act[1], act[2], events)
        else:
            k = act[1]
            hand.remove(k)
            self.tableau.append(k)
            if narrate:
                events.append(Event(f"{self._name(seat)} discards {IDS[k]}"))
            if hand:
                self._end_turn(events)
            else:
                self._end_hand(seat, events)
        return events

    def _played(self, k: int) -> None:
        if k == self.owed:
            self.owed = -1
            self.phase = _P_PLAY
        if k == self.taken:
            self.taken = -1

    def _lay_down(self, seat: int, cards: tuple[int, ...], g: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        for k in cards:
            hand.remove(k)
            self._played(k)
        name = self._name(seat)
        s = fg.summary_of(cards)
        if g >= 0:
            self._set_group(g, sorted([*self.groups[g], *cards]), fg.merge(self.sums[g], s))
        else:
            g = len(self.groups)
            self._set_group(g, list(cards), s)
        if self.narrate:
            shown = ", ".join(fg.summary_kinds(self.sums[g]))
            events.append(Event(f"{name} lays down {self._text(cards)} as group {g + 1} ({shown})"))
        if fg.RANK[cards[0]] == fg.TRUMP:  # a Big Fozzle (seed 004, Trumps; FZ-4)
            self.tableau.extend(hand)
            if self.narrate:
                events.append(Event(f"A Big Fozzle! {name} discards {self._text(hand)}"))
            hand.clear()
            self._end_hand(seat, events)
            return
        colour = s.colour
        if colour >= 0 and colour not in self.colours[seat]:  # FZ-4
            self.colours[seat].add(colour)
            if self.narrate:
                events.append(Event(f"{name} takes the {fg.COLOURS[colour]} token"))
            if self._check_end(events):
                return
        if not hand:
            self._end_hand(seat, events)

    # --- what a seat sees ------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        colours = fg.COLOURS
        v: dict[str, Any] = {
            "game": self.game.name,
            "players": list(self.game.players),
            "seat": seat,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "active": self.active,
            "to_move": self._to_move,
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "turn_cap": self.game.turn_cap,
            "groups": [
                {"cards": [IDS[k] for k in g], "kinds": fg.summary_kinds(s)}
                for g, s in zip(self.groups, self.sums, strict=True)
            ],
            "tableau": [IDS[k] for k in self.tableau],
            "draw_pile": len(self.deck),
            "dump": len(self.dump),
            "hand_counts": [len(h) for h in self.hands],
            "tokens": [
                {
                    "colours": [c for i, c in enumerate(colours) if i in self.colours[s]],
                    "white": self.whites[s],
                    "total": self.tokens(s),
                }
                for s in range(self.n)
            ],
            "taken": IDS[self.taken] if self.taken >= 0 else None,
            "owed": IDS[self.owed] if self.owed >= 0 else None,
            "last_hand": dict(self.last_hand) if self.last_hand else None,
        }
        if seat is not None:
            v["hand"] = [IDS[k] for k in sorted(self.hands[seat])]
        if self.phase == _P_OVER:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        return v

    def describe(self, seat: int) -> list[str]:
        """A seat's screen at the table."""
        v = self.view(seat)
        names = self.game.players
        lines = [
            f"Hand {v['hand_no']}, turn {v['turn'] + 1}; {names[v['active']]} to "
            f"{v['phase']} (dealer {names[v['dealer']]})",
            f"  Your hand: {' '.join(v['hand']) or '-'}",
            "Groups on the table:",
        ]
        for i, g in enumerate(v["groups"], 1):
            lines.append(f"  {i}: {' '.join(g['cards'])}  ({', '.join(g['kinds'])})")
        if not v["groups"]:
            lines.append("  none")
        lines.append(f"  Tableau (last is the top): {' '.join(v['tableau']) or '-'}")
        lines.append(f"  Draw pile {v['draw_pile']}; dump {v['dump']}")
        for s, t in enumerate(v["tokens"]):
            lines.append(
                f"  {names[s]}: {plural(v['hand_counts'][s], 'card')}; tokens "
                f"{' '.join(t['colours']) or '-'} + {t['white']} white = {t['total']}"
            )
        if v["owed"]:
            lines.append(f"  {v['owed']} must be played now (FZ-3)")
        return lines

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

    def conserved(self) -> bool:
        places = [*self.hands, self.deck, self.tableau, self.dump, *self.groups]
        every = [k for place in places for k in place]
        return len(every) == N_CARDS and set(every) == set(range(N_CARDS))

    # --- typing -----------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        words = " ".join(text.lower().split()).split()
        if words and words[0] == LAY and len(words) > 1:
            args = words[1:]
            tail: list[str] = []
            if len(args) >= 2 and args[-2] == ON:
                args, tail = args[:-2], args[-2:]
            try:
                cards = fg.parse(args)
            except InputError as error:
                raise IllegalMove(str(error)) from None
            typed = Move(LAY, (*(IDS[k] for k in sorted(cards)), *tail))
            legal = self._legal_list()
            if typed in legal:
                return typed
            if not tail:
                joined = [
                    mv for mv in legal if mv.args[:-2] == typed.args and mv.args[-2:-1] == (ON,)
                ]
                if len(joined) == 1:
                    return joined[0]
            act, why = self._lay_check(typed.args)
            if act is None:
                raise IllegalMove(why)
            return typed
        if (
            len(words) == 2
            and words[0] in (TAKE, DISCARD)
            and words[1] not in (DRAW_WORD, DISCARD_WORD)
        ):
            try:
                words[1] = IDS[fg.card(words[1])]
            except InputError as error:
                raise IllegalMove(str(error)) from None
        return super().parse(" ".join(words))

    def why_illegal(self, move: Move) -> str:
        if self.phase == _P_OVER:
            return "the game is over"
        if not move.args:  # a typed text not parsed into words yet
            words = move.action.split() or [""]
            move = Move(words[0], tuple(words[1:]))
        if move.action == LAY:
            return self._lay_check(move.args)[1] or super().why_illegal(move)
        if self.phase != _P_TAKE and move.action == TAKE:
            return "a card is taken once, at the start of the turn (FZ-3)"
        if self.phase == _P_TAKE and move.action != TAKE:
            return "first take a card: take draw, take discard, or take CARD (FZ-3)"
        if move.action == DISCARD and self.phase == _P_OWE:
            return f"{IDS[self.owed]} must be played first (FZ-3)"
        if move.action == DISCARD and self.taken >= 0 and move.args[:1] == (IDS[self.taken],):
            return "a card taken from the tableau may not be discarded the same turn (FZ-3)"
        if move.action == TAKE and move.args and move.args[0] in fg.KIND:
            return f"{move.args[0]}: a tableau card is taken only when it can be played now (FZ-3)"
        return super().why_illegal(move)

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
        self.groups, self.sums, self.fits = [], [], {}
        for g, cards in enumerate(new_groups):
            self._set_group(g, cards)
        for s, cs in (colours or {}).items():
            self.colours[s] = {fg.COLOURS.index(c) for c in cs}
        for s, w in (whites or {}).items():
            self.whites[s] = w
        if active is not None:
            self.active = active
        self.won = []
        self._begin_turn(self.log)


# --- a computer player ----------------------------------------------------------------------


class FoozleHeuristicBot:
    """A Foozle player that reads only its view, after the book's strategy hints.

    It holds its groups until it can go out (a plan laying down and off everything but one
    card to discard), unless a lay-down all of one colour earns a token it still needs (then
    it lays it down at once); it never lays off except to go out. It takes the last discard
    when it makes a new group with its hand, a tableau card (which must be played at once)
    only to go out or for a needed token, else draws. It discards the card least connected
    to the rest of its hand (a lone trump first). Between equal choices it picks at random
    with the rng it is handed (GT-2), never the first in the menu's order."""

    name = "heuristic"
    reads_view = True

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        hand = [fg.KIND[c] for c in view["hand"]]
        groups = [fg.summary(fg.KIND[c] for c in g["cards"]) for g in view["groups"]]
        mine = view["tokens"][view["seat"]]["colours"]
        need = {fg.COLOURS.index(c) for c in fg.COLOURS if c not in mine}
        if view["phase"] == "take":
            return self._take(view, hand, groups, need, legal, rng)
        taken = fg.KIND[view["taken"]] if view["taken"] else -1
        plan = _plan(hand, groups, taken)
        lays = [m for m in legal if m.action == LAY]
        if plan:
            step = plan[0]
            ways = [m for m in lays if tuple(sorted(fg.KIND[c] for c in _cards(m))) == step]
            if ways:  # the same cards onto one group or another (FZ-2): equal, at random
                return _pick(ways, rng)
        token_lays = [m for m in lays if len(_cards(m)) >= 3 and self._earns(m, need)]
        if token_lays:
            return _longest(token_lays, rng)
        if view["phase"] == "owe" or not any(m.action == DISCARD for m in legal):
            return _longest(lays, rng)
        return self._discard(hand, legal, rng)

    @staticmethod
    def _earns(move: Move, need: set[int]) -> bool:
        s = fg.summary(fg.KIND[c] for c in _cards(move))
        return s.colour in need

    def _take(
        self,
        view: dict[str, Any],
        hand: list[int],
        groups: list[fg.Summary],
        need: set[int],
        legal: Sequence[Move],
        rng: random.Random,
    ) -> Move:
        tableau = view["tableau"]
        going_out = []
        for move in legal:
            if move.action != TAKE or move.args[0] == DRAW_WORD:
                continue
            k = fg.KIND[tableau[-1] if move.args[0] == DISCARD_WORD else move.args[0]]
            if _plan([*hand, k], groups, k) is not None:
                going_out.append(move)
        if going_out:  # every card that lets it go out is as good: one at random (GT-2)
            return _pick(going_out, rng)
        tokens = []
        for move in legal:
            if move.action == TAKE and move.args[0] not in (DRAW_WORD, DISCARD_WORD):
                k = fg.KIND[move.args[0]]
                if any(k in c and fg.summary(c).colour in need for c in fg.candidates([*hand, k])):
                    tokens.append(move)
        if tokens:
            return _pick(tokens, rng)
        if tableau and Move(TAKE, (DISCARD_WORD,)) in legal:
            k = fg.KIND[tableau[-1]]
            if any(k in c for c in fg.candidates([*hand, k], full_only=True)):
                return Move(TAKE, (DISCARD_WORD,))
        return Move(TAKE, (DRAW_WORD,))

    @staticmethod
    def _discard(hand: list[int], legal: Sequence[Move], rng: random.Random) -> Move:
        in_group = {k for c in fg.candidates(hand) for k in c}
        trumps = sum(1 for k in hand if fg.RANK[k] == fg.TRUMP)

        def worth(move: Move) -> tuple[float, float]:
            k = fg.KIND[move.args[0]]
            if fg.RANK[k] == fg.TRUMP:
                return (0.5 * trumps, rng.random())
            links = 0.0
            for o in hand:
                if o == k or fg.RANK[o] == fg.TRUMP:
                    continue
                links += (fg.RANK[o] == fg.RANK[k]) + (fg.SUIT[o] == fg.SUIT[k])
                if fg.COLOUR[o] == fg.COLOUR[k] and abs(fg.RANK[o] - fg.RANK[k]) <= 2:
                    links += 0.5
            return (links + (5 if k in in_group else 0), rng.random())

        return min((m for m in legal if m.action == DISCARD), key=worth)


def _pick(moves: Sequence[Move], rng: random.Random) -> Move:
    """One of equal moves: the only one, else one at random from the bot's rng (GT-2); the rng
    is drawn on only when there is a choice."""
    return moves[0] if len(moves) == 1 else moves[rng.randrange(len(moves))]


def _longest(lays: Sequence[Move], rng: random.Random) -> Move:
    """The lay with the most cards; among equally long ones, one at random (GT-2)."""
    most = max(len(_cards(m)) for m in lays)
    return _pick([m for m in lays if len(_cards(m)) == most], rng)


def _cards(move: Move) -> tuple[str, ...]:
    args = move.args
    return args[:-2] if len(args) >= 2 and args[-2] == ON else args


def _plan(
    hand: list[int], groups: list[fg.Summary], taken: int, budget: int = 60
) -> list[tuple[int, ...]] | None:
    """Steps (lay-downs; a lay-off is a 1-tuple) that leave at most one card to discard,
    not the card taken from the tableau; None if the search finds none."""
    tried = [0]

    def search(left: tuple[int, ...], sums: list[fg.Summary]) -> list[tuple[int, ...]] | None:
        tried[0] += 1
        if len(left) == 0 or (len(left) == 1 and left[0] != taken):
            return []
        if tried[0] > budget:
            return None
        for k in left:  # lay-offs first: they never hurt when going out
            for i, s in enumerate(sums):
                after = fg.merge(s, fg.SINGLE[k])
                if fg.valid(after):
                    rest = search(
                        tuple(x for x in left if x != k), [*sums[:i], after, *sums[i + 1 :]]
                    )
                    return None if rest is None else [(k,), *rest]
        for cards in fg.candidates(left):
            s = fg.summary(cards)
            if fg.RANK[cards[0]] == fg.TRUMP:
                return [cards]
            rest = search(tuple(x for x in left if x not in cards), [*sums, s])
            if rest is not None:
                return [cards, *rest]
        return None

    return search(tuple(sorted(hand)), list(groups))
