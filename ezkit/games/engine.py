"""The card-game contract every game follows (DESIGN.md, "The card-game contract").

    Game   rules and options (players, variants, deck data); immutable; a factory of States
    State  whose turn, the legal moves, play a move, what each seat may see, scores, winners
    Move   a small frozen value with a text form a person can type
    Event  what happened, and who may see it

Chance (shuffles, dice, draws) happens inside the state from its own seeded
random generator, so a game is fully described by (name, options, seed, moves):
that is what a save holds, and resume, undo and replay are replays.

Quiet games: `Game.new_quiet(seed)` is `Game.new(seed)` for simulations whose story nobody
reads. Its state may skip building event texts: `play()` may return no events and the log
may stay empty. Everything else (whose turn, legal moves, chance, views, scores, the save)
is exactly as in `new(seed)`. A game that narrates cheaply need not override it. The table
and the CLI always narrate.

`play()` checks a move with `_is_legal(move)`, by default `move in legal_moves()`; a game
that caches its legal moves can answer from the cache without making a copy.

What a move reveals (ruling GT-1). `seen(seat)` is every card that seat may see now, by id
(its own hand, face-up cards; not a card turned face down again). A narrated `play()` marks
a move *final* when it brought a card into some seat's sight, used chance (a shuffle, a
die, a random take) or called `reveal()`; `final` counts the moves up to the last final one.
Undo never goes below `final`. An event's `covered` text is what a log shows while the game
is on once the cards the event showed are face down again (the Bakeries board).
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from ezkit.errors import InputError, RuleError
from ezkit.words import range_text, shorten

#: Registered games: name -> "module:GameClass", imported only when asked for.
GAMES: dict[str, str] = {
    "auntie": "ezkit.games.auntie:Auntie",
    "bakeries": "ezkit.games.bakeries:Bakeries",
    "dudab": "ezkit.games.dudab:Dudab",
    "foozle": "ezkit.games.foozle:Foozle",
}


class IllegalMove(RuleError):
    """A move the rules do not allow now; the message says why."""


class Move(NamedTuple):
    """A decision: an action word and its arguments, typed as `burden Cat` or `give 4 to Bob`.

    A named tuple rather than a dataclass: simulations compare and make millions of them."""

    action: str
    args: tuple[str, ...] = ()

    def text(self) -> str:
        return " ".join((self.action, *self.args))

    def __str__(self) -> str:
        return self.text()


class Event(NamedTuple):
    """Something that happened. `seats` None means everyone saw it; otherwise only those
    seats did, and `public` (if any) is what the others are told instead. `covered`: what a
    log says instead while the game is on, once the cards shown are face down again (GT-1)."""

    text: str
    seats: frozenset[int] | None = None
    public: str | None = None
    covered: str | None = None

    def seen_by(self, seat: int | None) -> str | None:
        """The event as one seat saw it (None: the whole table's view)."""
        if self.seats is None or (seat is not None and seat in self.seats):
            return self.text
        return self.public

    def logged_for(self, seat: int | None, over: bool) -> str | None:
        """The event in a seat's log: while the game is on, a covered event shows only its
        covered text (GT-1: a log holds only what the seat may still see)."""
        if self.covered is not None and not over:
            return self.covered if self.seen_by(seat) is not None else None
        return self.seen_by(seat)


class Reaction(NamedTuple):
    """A question put to several seats in turn (AU-11): may anyone `word` now? `seats`: the
    seats still to be asked in this window, in order; `window` tells one window from the next."""

    word: str
    seats: tuple[int, ...]
    window: tuple[Any, ...]


class Chance(random.Random):
    """A game's random source that counts its draws: a move that drew on it is final (GT-1),
    known without comparing the generator's whole state (625 numbers, copied by getstate)
    before and after every move. Every draw goes through random() or getrandbits(); the
    numbers are those of random.Random with the same seed."""

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.draws += 1
        return super().getrandbits(k)


class State(ABC):
    """A game in progress. Subclasses implement the rules; this class keeps the record."""

    #: False in quiet games (simulations): no narration, and no reveal tracking.
    narrate: bool = True

    def __init__(self, game: Game, seed: int, narrate: bool = True) -> None:
        self.game = game
        self.seed = seed
        self.narrate = narrate
        # a quiet game tracks no reveals, so its draws need no counting (the same numbers)
        self.rng = Chance(seed) if narrate else random.Random(seed)
        self.moves: list[Move] = []
        self.log: list[Event] = []
        #: GT-1: the first `final` moves cannot be taken back (the last of them revealed).
        self.final = 0
        self._revealing = False
        #: The sights after the last told move, with the number of moves then: the next
        #: move's sights before, unless a move was made since without play().
        self._sights_after: tuple[int, Sequence[Mapping[str, int]]] | None = None

    # --- what the rules answer --------------------------------------------------------

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that decides next; None when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every move the seat to move may make; never empty before the end."""

    @abstractmethod
    def apply(self, move: Move) -> list[Event]:
        """Make a legal move; return what happened."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what one seat may see (None: what the whole table sees)."""

    def view_part(self, seat: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """The entries `keys` of view(seat) (those it shows): for a reader of a few of them
        (a bot in a simulation, see sim.play_one). A game may build them alone."""
        view = self.view(seat)
        return {key: view[key] for key in keys if key in view}

    @abstractmethod
    def scores(self) -> list[float]:
        """Per seat, in the game's own units."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (several on a shared win); empty before the end."""

    def is_over(self) -> bool:
        return self.to_move() is None

    def why_illegal(self, move: Move) -> str:
        """A reason a move is not legal now; games override for better reasons."""
        if self.is_over():
            return "the game is over"
        legal = ", ".join(m.text() for m in self.legal_moves()[:12])
        return f"{move.text()!r} is not a legal move now (legal: {legal})"

    def conserved(self) -> bool:
        """Every card is in exactly one place; games with cards override it."""
        return True

    def seen(self, seat: int) -> Counter[str]:
        """Every card this seat may see now, by id (GT-1): its hand, the face-up cards.
        Games with hidden cards override it; it decides which moves are final."""
        return Counter()

    def sights(self) -> Sequence[Mapping[str, int]]:
        """`seen(seat)` of every seat, in seat order (the same counts, in any mapping): what
        `play` compares before and after a told move (a card newly in some seat's sight makes
        it final, GT-1). A game whose seats share most of what they see (the table)
        overrides it to count that once."""
        return [self.seen(s) for s in range(len(self.game.players))]

    def reaction(self) -> Reaction | None:
        """The reaction the seat to move is asked about, if any. Every eligible seat is asked,
        holder or not (AU-11); a table with one screen asks them all at once by it."""
        return None

    def holds_secrets(self, seat: int) -> bool:
        """Whether `seat` sees something the table does not (a hand, its own pile): then how
        many moves it has may follow from it, and whether it had a choice is its secret too
        (GT-1). Read from the views: anything view(seat) shows that view(None) shows
        otherwise, its own seat number apart."""
        own, public = self.view(seat), self.view(None)
        return any(key != "seat" and public.get(key) != value for key, value in own.items())

    def reveal(self) -> None:
        """Called by a game while applying a move that shows something hidden that `seen`
        does not capture (GT-1): the move becomes final."""
        self._revealing = True

    # --- the record ----------------------------------------------------------------

    def _is_legal(self, move: Move) -> bool:
        """Whether `move` is legal now; games with a cached legal list override it (no copy)."""
        return move in self.legal_moves()

    def play(self, move: Move) -> list[Event]:
        """Check, apply, log. An illegal move raises IllegalMove and changes nothing."""
        if not self._is_legal(move):
            raise IllegalMove(self.why_illegal(move))
        if not self.narrate:  # a simulation: nobody undoes it, so nothing to track
            events = self.apply(move)
            self.moves.append(move)
            return events
        kept = self._sights_after
        before = kept[1] if kept is not None and kept[0] == len(self.moves) else self.sights()
        draws = self.rng.draws
        self._revealing = False
        events = self.apply(move)
        self.moves.append(move)
        self.log.extend(events)
        after = self.sights()  # (asked even when the move is final: the next move's before)
        self._sights_after = (len(self.moves), after)
        if self._revealing or self.rng.draws != draws or any(map(_sees_more, after, before)):
            self.final = len(self.moves)
        return events

    def parse(self, text: str) -> Move:
        """A move from what a person typed: its text, or a number from the menu (1-based)."""
        legal = self.legal_moves()
        typed = " ".join(text.lower().split())
        chosen = menu_number(typed)
        if chosen is not None and 1 <= chosen <= len(legal):
            return legal[chosen - 1]
        exact = [m for m in legal if m.text().lower() == typed]
        if exact:
            return exact[0]
        starting = [m for m in legal if _abbreviates(typed.split(), m)] if typed else []
        if len(starting) == 1:
            return starting[0]
        if len(starting) > 1:
            options = ", ".join(repr(m.text()) for m in starting[:8])
            raise IllegalMove(f"{text!r} could be several moves: {options}")
        raise IllegalMove(self.why_illegal(Move(typed or "(nothing)")))

    def save(self) -> dict[str, Any]:
        """All a game is: its name, options, seed and moves."""
        return {
            "schema_version": SCHEMA_VERSION,
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "moves": [m.text() for m in self.moves],
        }


def menu_number(text: str) -> int | None:
    """A number as typed at a menu or for a seat: ASCII digits only (not full-width ones),
    and short (a 5,000-digit number is not a choice, and Python would refuse to read it)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _abbreviates(typed: Sequence[str], move: Move) -> bool:
    """Whether typed words abbreviate a move word by word: each a prefix of the move's word
    in its place (`burden b`, `give 4 to b`), a number whole (`on 1` is not `on 10`)."""
    words = move.text().lower().split()
    if len(typed) > len(words):
        return False
    for mine, theirs in zip(typed, words, strict=False):
        if menu_number(mine) is not None or menu_number(theirs) is not None:
            if mine != theirs:
                return False
        elif not theirs.startswith(mine):
            return False
    return True


#: The most lists of entries a ViewParts remembers how to build (bots ask for a few).
PLANS_KEPT = 64


class ViewParts:
    """A view built entry by entry, for a game whose bots read a few entries (State.view_part,
    sim.play_one): each entry's builder `build[key](state, seat)`, the entries only a seat's
    own view holds (`own`: its cards, never the table's, GT-1) and those shown only once the
    game is over (`end`: the scores). Every entry not named in `own` or `end` is public."""

    def __init__(
        self,
        build: Mapping[str, Callable[[Any, int | None], Any]],
        own: Iterable[str],
        end: Iterable[str],
    ) -> None:
        self.build = dict(build)
        self.keys = tuple(self.build)  # the whole view, in its order
        own, end = frozenset(own), frozenset(end)
        #: The entries a view shows: [a seat's, not the table's][the game over].
        self.shown = tuple(
            tuple(
                frozenset(k for k in self.keys if (mine or k not in own) and (over or k not in end))
                for over in (False, True)
            )
            for mine in (False, True)
        )
        #: Per list of entries asked for (a bot asks for the same at every decision) and view
        #: (a seat's or the table's, the game over or not): the entries shown, with their
        #: builders (_plan).
        self._plans: dict[tuple[tuple[str, ...], bool, bool], tuple[tuple[str, Any], ...]] = {}

    def part(self, state: Any, seat: int | None, keys: Iterable[str], over: bool) -> dict[str, Any]:
        """The entries `keys` of state's view for `seat`, those it shows."""
        mine = seat is not None
        plan = self._plans.get((keys, mine, over)) if type(keys) is tuple else None
        if plan is None:
            plan = self._plan(keys, mine, over)
        view: dict[str, Any] = {}
        for key, build in plan:  # (a loop, not a comprehension: it is not a call of its own)
            view[key] = build(state, seat)
        return view

    def _plan(self, keys: Iterable[str], mine: bool, over: bool) -> tuple[tuple[str, Any], ...]:
        """The entries of `keys` a view shows, in that order, each with its builder;
        remembered for a tuple of keys (a few: the bots' own)."""
        shown, build = self.shown[mine][over], self.build
        plan = tuple((key, build[key]) for key in keys if key in shown)
        if type(keys) is tuple and len(self._plans) < PLANS_KEPT:
            self._plans[keys, mine, over] = plan
        return plan


class Game(ABC):
    """A game's rules and options; immutable; makes States."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __init__(self, players: Sequence[str], **options: Any) -> None:
        if isinstance(players, str) or not all(isinstance(p, str) for p in players):
            raise InputError(f"players: {str(players)[:60]!r} is not a list of names")
        if not self.min_players <= len(players) <= self.max_players:
            players_ = range_text(self.min_players, self.max_players)
            raise InputError(f"{self.title} is for {players_} players, not {len(players)}")
        if len({p.casefold() for p in players}) != len(players):
            raise InputError(f"player names must differ: {', '.join(players)}")
        self.players = tuple(players)
        self.options: Mapping[str, Any] = {"players": list(players), **self.check(options)}

    def unsaved(self, state: State, version: int) -> bool:
        """Whether a save of schema `version` left out the forced move `state` waits for,
        because the game then made it by itself (see replay); games that changed override."""
        return False

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate the game's own options (variants, round counts); games override."""
        if options:
            raise InputError(f"{self.title} has no options {', '.join(options)}")
        return {}

    def first_seat(self, value: Any, rule: str) -> int | None:
        """The `first` option: a seat number (from 0) or a player's name; None: the seed picks."""
        if value is None:
            return None
        n = len(self.players)
        if isinstance(value, str) and menu_number(value.strip()) is None:
            for seat, player in enumerate(self.players):
                if player.casefold() == value.strip().casefold():
                    return seat
            raise InputError(
                f"first: no player {value!r} ({rule}); the players: {', '.join(self.players)}"
            )
        try:
            seat = int(value)
        except (TypeError, ValueError):
            raise InputError(f"first: {value!r} is not a seat or a player ({rule})") from None
        if not 0 <= seat < n:
            raise InputError(f"first: seat {seat} does not exist; seats are 0..{n - 1} ({rule})")
        return seat

    @abstractmethod
    def new(self, seed: int) -> State:
        """A new game, its chance drawn from seed."""

    def new_quiet(self, seed: int) -> State:
        """The same game as new(seed), but it may tell nothing: no event texts (see above)."""
        return self.new(seed)


def game_class(name: str) -> type[Game]:
    """A registered game by name."""
    key = name.strip().lower()
    if key not in GAMES:
        raise InputError(f"unknown game {name!r}; games: {', '.join(sorted(GAMES))}")
    module, _, attribute = GAMES[key].partition(":")
    return getattr(importlib.import_module(module), attribute)


def make(name: str, options: Mapping[str, Any]) -> Game:
    """A game from its saved name and options."""
    opts = dict(options)
    players = opts.pop("players")
    return game_class(name)(players, **opts)


#: 3: Auntie records the forced moves it used to make by itself (Auntie.unsaved).
SCHEMA_VERSION = 3


def replay(
    saved: Mapping[str, Any],
    upto: int | None = None,
    before: Callable[[State, Move], None] | None = None,
) -> State:
    """Rebuild a state from a save: the same game, seed and moves (the first `upto`).

    A game may have begun asking for forced moves it used to make by itself, which its older
    saves lack (Auntie's turn with nothing but 'stop', since GT-1 asks it): those are made
    as the save is read (Game.unsaved), before each saved move and, for the whole game, after
    the last; the state's moves then hold them, and its next save is of this schema.
    `before(state, move)` is told of each move, forced ones too, just before it is played: a
    reader of the game move by move (a log) replays it once."""
    game = make(saved["game"], saved["options"])
    state = game.new(int(saved["seed"]))
    version = saved.get("schema_version", 1)
    version = version if isinstance(version, int) else SCHEMA_VERSION

    def play(move: Move) -> None:
        if before is not None:
            before(state, move)
        state.play(move)

    def fill() -> None:
        while not state.is_over() and game.unsaved(state, version):
            play(state.legal_moves()[0])

    for number, text in enumerate(list(saved["moves"])[:upto], 1):
        fill()
        play_saved(state, number, text, play)
    if upto is None:
        fill()
    return state


def play_saved(
    state: State, number: int, text: str, play: Callable[[Move], Any] | None = None
) -> None:
    """Play move `number` of a save (with `play`, if given: state.play by default). One that
    is not legal there is refused without the rule's reason: that names the legal moves of
    the seat to move, so it would tell whoever reads the error what that seat holds (GT-1,
    AU-11)."""
    try:
        (play or state.play)(state.parse(text))
    except IllegalMove:
        raise IllegalMove(
            f"its move {number}, {shorten(text)!r}, is not a legal move there"
        ) from None


def _sees_more(after: Mapping[str, int], before: Mapping[str, int]) -> bool:
    """Whether `after` holds some card more often than `before` (a card newly seen); the
    counts of seen() are never negative. Not `after - before`: that builds the whole
    difference, and a told game asks it of every seat at every move (half the time of a
    seeded test game)."""
    had = before.get
    return any(count > had(card, 0) for card, count in after.items())
