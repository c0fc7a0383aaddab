"""The facilitator: hot-seat play around one screen, computer players in the empty seats.

    Seat         who sits where: a name and a kind ("human" or a bot's name)
    Session      one game in play: the engine state, the seats, the bots, a save after every move
    Asker        what the loop needs from a terminal: ask, say, clear (tests pass a script)
    run()        the interactive loop: privacy screen, view, menu, narration, final scores
    narrate()    a saved game replayed as one seat (or the whole table) saw it

Nothing here knows a game's rules: it speaks only the engine's contract (engine.py), so
every game of the rule books plays through it. A move is "forced" when the seat to move has
exactly one legal move (a reaction question to a player without a reaction card, whose only
answer is `pass`); forced moves of humans are answered without asking.

Memory games: an event whose `hide` attribute is true (e.g. bakeries.Covered) says that cards
the table saw were turned face down again. The screen is then cleared, not scrolled, so
nobody can look back at them: at once if a human typed that move himself (he has just seen
them on his screen), otherwise after he presses Enter.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from ezkit.errors import DocumentError, EzkitError, InputError, RuleError
from ezkit.games import engine
from ezkit.games.engine import Event, IllegalMove, Move, Reaction, State
from ezkit.games.screen import Menu
from ezkit.terminal import control_characters, safe_line
from ezkit.words import plural, shorten

HUMAN = "human"
#: The most computer players a table seats (every game has at most six seats).
MAX_BOTS = 12
#: The longest player name (a name is said in every line of the story).
NAME_LIMIT = 40
#: The longest text taken as a move (the longest real one is a Foozle lay of a dozen cards).
MOVE_LIMIT = 300
#: A bot: (its seat's view, the legal moves, a random generator) -> a legal move.
Chooser = Callable[[dict[str, Any], list[Move], random.Random], Move]
#: Called after every move: (seat, move, events, forced).
OnMove = Callable[[int, Move, list[Event], bool], None]


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # HUMAN or a bot's name

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    def label(self) -> str:
        return self.name if self.human else f"{self.name} ({self.kind} bot)"


class Asker(Protocol):
    """The terminal, as the loop sees it."""

    def ask(self, prompt: str) -> str:
        """Ask a question; the answer typed (an empty string for a bare Enter)."""

    def say(self, text: str) -> None:
        """Show a line."""

    def clear(self) -> None:
        """Clear the screen, so the previous player's hand is not left on it."""


class Quit(Exception):
    """The player asked to stop; the game is saved and can be resumed."""


# --- seats and bots ------------------------------------------------------------------


def default_bot(game_name: str) -> str:
    """The bot for empty seats when none is named: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in bots_for(game_name) else "random"


def bots_for(game_name: str) -> list[str]:
    """The bots that can play this game (ezkit.games.bots.bots_for)."""
    from ezkit.games import bots

    return bots.bots_for(game_name)


def seats_for(humans: Sequence[str], bots: int, kinds: Sequence[str]) -> list[Seat]:
    """The humans in the order given, then `bots` computer players; bot kinds cycle."""
    names = [h.strip() for h in humans if h.strip()]
    for name in names:
        if control_characters(name) or len(name) > NAME_LIMIT:
            raise InputError(
                f"player name '{safe_line(shorten(name))}': a name is at most {NAME_LIMIT} "
                "characters, with no control characters (they would drive the terminal)"
            )
    if bots > MAX_BOTS:  # checked before any seat is made (the game checks its own count)
        raise InputError(f"--bots must be 0 to {MAX_BOTS}, not {shorten(str(bots))}")
    if bots < 0:
        raise InputError(f"--bots must be 0 or more, not {bots}")
    if bots and not kinds:
        raise InputError("name the bots' kind with --bot")
    taken = {n.casefold() for n in names}
    seats = [Seat(n, HUMAN) for n in names]
    number = 0
    for i in range(bots):
        number += 1
        while f"bot {number}" in taken:
            number += 1
        seats.append(Seat(f"Bot {number}", kinds[i % len(kinds)].strip().lower()))
    if not seats:
        raise InputError("no players: name them with --players and/or add computer players")
    return seats


def make_chooser(kind: str, game_name: str) -> Chooser:
    """The bot called kind for this game, as a function (ezkit.games.bots)."""
    from ezkit.games import bots

    return bots.make_bot(kind, game_name).choose


def check_bots(kinds: Iterable[str], game_name: str) -> None:
    """Fail early (a usage error) on a bot name that does not exist."""
    for kind in dict.fromkeys(kinds):
        make_chooser(kind, game_name)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --- a game in play --------------------------------------------------------------------


class Session:
    """One game at the table: replays its save, plays bots, saves after every move.

    save: a function given the new record after every move (None: keep nothing).
    """

    def __init__(
        self,
        record: Mapping[str, Any],
        save: Callable[[dict[str, Any]], None] | None = None,
        game_id: int | None = None,
    ) -> None:
        self.record = dict(record)
        self.game_id = game_id
        self.seats = [Seat(s["name"], s["kind"]) for s in self.record["seats"]]
        self.saver = save
        self._choosers: dict[str, Chooser] = {}
        self.state = self._replay()
        players = list(self.state.game.players)
        if players != [s.name for s in self.seats]:
            raise DocumentError(
                f"saved game {game_id}: seats {[s.name for s in self.seats]} "
                f"do not match the game's players {players}"
            )

    @classmethod
    def start(
        cls,
        game_name: str,
        seats: Sequence[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Session:
        """A new game (not yet stored): checks the players, options and bots."""
        game = engine.game_class(game_name)([s.name for s in seats], **dict(options or {}))
        check_bots((s.kind for s in seats if not s.human), game.name)
        state = game.new(seed)
        now = _now()
        record = {
            **state.save(),
            "seats": [{"name": s.name, "kind": s.kind} for s in seats],
            "created": now,
            "updated": now,
        }
        return cls(record)

    # --- what the table asks ---

    @property
    def name(self) -> str:
        return str(self.record["game"])

    def to_move(self) -> int | None:
        return self.state.to_move()

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def seat(self, text: str | int) -> int:
        """A seat by number (0-based, as the engine counts) or by player name."""
        number = text if isinstance(text, int) else engine.menu_number(str(text).strip())
        if number is not None:
            if 0 <= number < len(self.seats):
                return number
        else:
            key = str(text).strip().casefold()
            for i, s in enumerate(self.seats):
                if s.name.casefold() == key:
                    return i
        seats = ", ".join(f"{i} {s.name}" for i, s in enumerate(self.seats))
        raise InputError(f"no seat {shorten(str(text))!r} in this game; seats: {seats}")

    # --- playing ---

    def _chooser(self, kind: str) -> Chooser:
        if kind not in self._choosers:
            self._choosers[kind] = make_chooser(kind, self.name)
        return self._choosers[kind]

    def bot_rng(self) -> random.Random:
        """The bot's dice for the next move: from the seed and the move number, so a game
        replays the same whether it was played in one go, resumed or undone."""
        return random.Random(f"{self.state.seed}:{len(self.state.moves)}")

    def _play(self, seat: int, move: Move, forced: bool, on_move: OnMove | None) -> list[Event]:
        events = self.state.play(move)
        self.save()
        if on_move is not None:
            on_move(seat, move, events, forced)
        return events

    def advance(self, on_move: OnMove | None = None, reactions: bool = False) -> None:
        """Bots play, and humans' forced moves are made, until a human must decide.

        reactions: stop too at a human asked about a reaction he cannot play, so that a
        shared screen asks holders and non-holders alike (AU-11)."""
        while (seat := self.state.to_move()) is not None:
            legal = self.state.legal_moves()
            player = self.seats[seat]
            if player.human:
                if len(legal) > 1 or (reactions and self.state.reaction() is not None):
                    return
                self._play(seat, legal[0], True, on_move)
                continue
            choose = self._chooser(player.kind)
            move = choose(self.state.view(seat), legal, self.bot_rng())
            self._play(seat, move, len(legal) == 1, on_move)

    def move(self, text: str, on_move: OnMove | None = None) -> tuple[int, Move]:
        """A human's move by its text or menu number; IllegalMove (nothing changed) if the
        rules refuse it. Returns the seat and the move; bots are not run."""
        seat = self.state.to_move()
        if seat is None:
            raise IllegalMove(f"game {self.game_id} is over")
        if not self.seats[seat].human:
            raise IllegalMove(f"it is {self.seats[seat].label()}'s turn, not a human's")
        if len(text) > MOVE_LIMIT:  # a pasted page is no move, and a parser need not read it
            raise IllegalMove(f"a move is at most {MOVE_LIMIT} characters, not {len(text)}")
        move = self.state.parse(text)
        self._play(seat, move, False, on_move)
        return seat, move

    def last_decision(self) -> int | None:
        """The index of the last move a human decided (not a forced one), if any."""
        saved = self.state.save()
        last = None
        state = engine.make(saved["game"], saved["options"]).new(self.state.seed)
        for index, move in enumerate(self.state.moves):
            seat = state.to_move()
            if seat is not None and self.seats[seat].human and len(state.legal_moves()) > 1:
                last = index
            state.play(move)
        return last

    def undo_blocked(self) -> str | None:
        """Why `undo` cannot take anything back now, or None if it can (GT-1)."""
        if self.state.is_over():
            return f"game {self.game_id} is over"
        last = self.last_decision()
        if last is None:
            return f"game {self.game_id} has no human move to undo"
        final = self.state.final
        if last < final:
            return (
                f"move {final} of game {self.game_id} revealed a hidden card (a draw, a flip, a "
                "deal, a random take, a shuffle or a card shown), so it and every move before "
                "it are final: undo takes back only moves that revealed nothing (GT-1)"
            )
        return None

    def undo(self) -> int:
        """Take back the last move a human decided (not a forced one) and every move after
        it; returns how many moves were removed. Refused (RuleError) across a move that
        revealed something hidden (GT-1)."""
        blocked = self.undo_blocked()
        if blocked is not None:
            raise RuleError(f"cannot undo: {blocked}")
        last = self.last_decision()
        assert last is not None
        saved = self.state.save()
        removed = len(self.state.moves) - last
        self.record["moves"] = saved["moves"][:last]
        self._choosers = {}  # a bot's memory goes back with the moves
        self.state = self._replay()
        self.save()
        return removed

    def _replay(self) -> State:
        """The saved game rebuilt; a bot that remembers (the Bakeries memory bot) is shown
        every decision it made again, so a resumed game's bot knows what it knew."""
        remembering = {
            i
            for i, s in enumerate(self.seats)
            if not s.human
            and getattr(getattr(self._chooser(s.kind), "__self__", None), "remembers", False)
        }
        if not remembering:
            return _replay(self.record, self.game_id)
        try:
            state = engine.replay(self.record, upto=0)
            for text in self.record["moves"]:
                seat = state.to_move()
                if seat in remembering:
                    legal = state.legal_moves()
                    self._chooser(self.seats[seat].kind)(
                        state.view(seat), legal, random.Random(f"{state.seed}:{len(state.moves)}")
                    )
                state.play(state.parse(text))
        except (EzkitError, KeyError, ValueError) as error:
            raise DocumentError(f"saved game {self.game_id} does not replay: {error}") from None
        return state

    # --- the record ---

    def snapshot(self) -> dict[str, Any]:
        """The record as it stands now (what save() writes)."""
        record = {**self.record, **self.state.save()}
        record["seats"] = [{"name": s.name, "kind": s.kind} for s in self.seats]
        record["updated"] = _now()
        over = self.state.is_over()
        record["status"] = "over" if over else "playing"
        record["to_move"] = self.state.to_move()
        record.pop("scores", None)
        record.pop("winners", None)
        if over:
            record["scores"] = list(self.state.scores())
            record["winners"] = list(self.state.winners())
        return record

    def save(self) -> None:
        self.record = self.snapshot()
        if self.saver is not None:
            self.saver(self.record)

    def summary(self, seat: int | None = None) -> dict[str, Any]:
        """What `game show` prints: a seat's view (or the table's), whose move, the legal moves
        (only to the seat to move), scores and winners once the game is over."""
        state = self.state
        to_move = state.to_move()
        over = state.is_over()
        legal = [m.text() for m in state.legal_moves()] if not over and seat == to_move else []
        return {
            "id": self.game_id,
            "game": self.name,
            "seed": state.seed if over else None,  # GT-1: the seed is secret while it is on
            "options": jsonable(dict(state.game.options)),
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind} for i, s in enumerate(self.seats)
            ],
            "status": "over" if over else "playing",
            "moves": len(state.moves),
            "round": getattr(state, "round", None),
            "seat": seat,
            "player": None if seat is None else self.seats[seat].name,
            "view": jsonable(state.view(seat)),
            "to_move": to_move,
            "to_move_name": None if to_move is None else self.seats[to_move].name,
            "legal_moves": legal,
            "scores": list(state.scores()) if over else None,
            "winners": [self.seats[w].name for w in state.winners()] if over else None,
            "created": self.record.get("created"),
            "updated": self.record.get("updated"),
        }

    def results(self) -> list[str]:
        """Final scores and winners, as lines."""
        scores = self.state.scores()
        lines = ["Final scores:"]
        for i, s in enumerate(self.seats):
            lines.append(f"  {s.name}: {_number(scores[i])}")
        winners = [self.seats[w].name for w in self.state.winners()]
        if len(winners) == 1:
            lines.append(f"{winners[0]} wins.")
        elif winners:
            lines.append(f"{_and(winners)} share the win.")
        return lines


def _replay(record: Mapping[str, Any], game_id: int | None) -> State:
    try:
        return engine.replay(record)
    except IllegalMove as error:
        raise DocumentError(f"saved game {game_id} does not replay: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise DocumentError(f"saved game {game_id} is not a valid save: {error}") from None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _or(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def jsonable(value: Any) -> Any:
    """A view made JSON-ready: sets sorted into lists, moves as their text."""
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((jsonable(v) for v in value), key=str)
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, Move):
        return value.text()
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


# --- showing a view ------------------------------------------------------------------------


#: View entries that hold a seat number (shown as the player's name), in any game.
SEAT_KEYS = frozenset(
    {"active", "first", "to_move", "interrupted_by", "named", "by", "target", "deflected_by",
     "dealer", "leader", "winner"}
)  # fmt: skip
#: View entries not worth a line on the screen (the seat is the player himself).
HIDDEN_KEYS = frozenset({"seat", "game", "players"})


def _show_value(value: Any, names: Sequence[str], key: str = "") -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in SEAT_KEYS and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, Mapping):
        shown = (f"{k}: {_show_value(v, names, str(k))}" for k, v in value.items())
        return "; ".join(shown) or "-"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(_show_value(v, names) for v in value) or "-"
    return "-" if value is None else str(value)


def view_lines(
    view: Mapping[str, Any], keys: Iterable[str], names: Sequence[str] = (), by_seat: bool = False
) -> list[str]:
    """One line per entry; with by_seat (public entries), a list with one item per player is
    shown by name."""
    lines = []
    for key in keys:
        value = view[key]
        if key in HIDDEN_KEYS:
            continue
        if by_seat and isinstance(value, list) and len(value) == len(names):
            value = {names[i]: v for i, v in enumerate(value)}
        lines.append(f"  {str(key).replace('_', ' ')}: {_show_value(value, names, key)}")
    return lines


def screen_lines(state: State, seat: int) -> list[str]:
    """A seat's screen: what only he sees (his hand), then what the whole table sees.

    A game may give its own `describe(seat) -> list[str]`; otherwise the seat's view is set
    against the table's and the entries that differ are his."""
    from ezkit.games import screen

    module = screen.screen_module(state)
    if module is not None:
        return list(module.describe(state, seat))
    describe = getattr(state, "describe", None)
    if callable(describe):
        return list(describe(seat))
    own, public = state.view(seat), state.view(None)
    mine = [k for k in own if public.get(k) != own[k] and k not in HIDDEN_KEYS]
    lines = ["Yours:", *view_lines(own, mine, state.game.players)] if mine else []
    return [*lines, *table_lines(state, public, skip=mine)]


def table_lines(
    state: State, public: Mapping[str, Any] | None = None, skip: Iterable[str] = ()
) -> list[str]:
    """What the whole table sees (empty entries left out)."""
    from ezkit.games import screen

    module = screen.screen_module(state)
    if module is not None and public is None and not skip:
        return list(module.describe(state, None))
    public = state.view(None) if public is None else public
    skipped = {*skip, "to_move"}
    shared = [k for k in public if k not in skipped and public[k] is not None]
    return ["The table:", *view_lines(public, shared, state.game.players, by_seat=True)]


def menu_lines(legal: Sequence[Move]) -> list[str]:
    return [f"  {i}. {m.text()}" for i, m in enumerate(legal, 1)]


def grouped_moves(state: State, width: int = 80) -> list[str]:
    """The legal moves for `game show`: grouped under the menu's first step, each with the
    number `game move` takes, several to a line (42 Dudab moves fit in a dozen lines)."""
    legal = state.legal_moves()
    number = {m: i for i, m in enumerate(legal, 1)}
    lines: list[str] = []
    for node in Menu(state, legal).root.children:
        lines.append(f"  {node.label}:")
        line = "   "
        for move in node.moves():
            item = f" {number[move]}. {move.text()}"
            if len(line) + len(item) > width and line.strip():
                lines.append(line)
                line = "   "
            line += item
        lines.append(line)
    return lines


# --- the interactive loop ----------------------------------------------------------------


def run(session: Session, asker: Asker) -> None:
    """Play at the terminal until the game ends (or a player types `quit`).

    With two humans or more, a human decides only after a privacy screen ("pass to Bob") that
    clears the previous player's screen; what only he may see of the moves since his last
    turn is shown to him then. Everything else is narrated as the whole table sees it.
    With one human, everything is told as he sees it, and there is no privacy screen.
    """
    seats = session.seats
    humans = session.humans()
    private = len(humans) >= 2
    viewer = humans[0] if len(humans) == 1 else None
    screen: int | None = None  # the seat whose private screen is up
    shown: list[Event] = []  # events told on that screen, to narrate to all when it hides
    queued: dict[int, list[str]] = {seat: [] for seat in humans}

    def queue_private(events: Iterable[Event]) -> None:
        for event in events:
            if event.seats is None or event.text == event.public:
                continue
            for seat in sorted(event.seats):
                if seat in queued and seat != viewer:
                    queued[seat].append(event.text)

    def hide() -> None:
        nonlocal screen
        if screen is None:
            return
        asker.clear()
        screen = None
        told = [text for event in shown if (text := event.seen_by(None)) is not None]
        if told:  # what the player just did, as the rest of the table may know it
            asker.say("For the whole table:")
            for text in told:
                asker.say(f"  {text}")
        queue_private(shown)
        shown.clear()

    def cover(seat: int, forced: bool) -> None:
        """Cards were turned face down again: clear the screen that showed them, after Enter
        unless a human just typed this move himself."""
        if not humans:
            return
        if forced or seat not in humans:
            answer = asker.ask("Look at the cards, then press Enter: they go face down again")
            if _quits(answer, []):
                stop()
        asker.clear()

    def on_move(seat: int, move: Move, events: list[Event], forced: bool) -> None:
        if screen is not None and seat != screen:
            hide()
        for event in events:
            if getattr(event, "hide", False):
                cover(seat, forced)
            if screen is not None:
                if (text := event.seen_by(screen)) is not None:
                    asker.say(text)
            elif (text := event.seen_by(viewer)) is not None:
                asker.say(text)
        if screen is not None:
            shown.extend(events)
            return
        queue_private(events)

    def stop() -> None:
        hide()
        resume = f" Resume with: ezkit game resume {session.game_id}" if where else ""
        asker.say(f"Stopped; the game is saved.{resume}")
        raise Quit

    where = f" Saved as game {session.game_id}." if session.game_id is not None else ""
    asker.say(f"{session.state.game.title}: {', '.join(s.label() for s in seats)}.{where}")
    if session.state.moves:
        asker.say(f"Resuming after {plural(len(session.state.moves), 'move')}.")
        if private:
            for seat, texts in since_last_turn(session.record, humans).items():
                queued[seat] = texts
    else:  # the deal
        on_move(-1, Move("deal"), list(session.state.log), True)
    window: tuple[Any, int | None] | None = None  # a reaction window, and who claimed it

    def claim(reaction: Reaction) -> int | None:
        """AU-11: one question for the whole table, the same whoever holds what; the player
        who wants to react names himself and then decides at his own screen."""
        asked = [s for s in dict.fromkeys(reaction.seats) if seats[s].human]
        names = [seats[s].name for s in asked]
        word = reaction.word
        if len(asked) == 1:
            question = (
                f"Does {names[0]} {word}? {names[0]}: type {word} (then choose at your own "
                "screen), or press Enter"
            )
        else:
            question = (
                f"Does anyone {word}? To {word}, type your name (then choose at your own "
                "screen); otherwise press Enter"
            )
        while True:
            answer = asker.ask(question).strip().casefold()
            if not answer:
                return None
            if _quits(answer, []):
                stop()
            if len(asked) == 1 and word.startswith(answer):
                return asked[0]
            found = [s for s in asked if seats[s].name.casefold().startswith(answer)]
            exact = [s for s in found if seats[s].name.casefold() == answer]
            if len(exact) == 1 or len(found) == 1:
                return (exact or found)[0]
            hint = f"{word} or {names[0]}" if len(asked) == 1 else _or(names)
            asker.say(f"Type {hint}, or press Enter for nobody.")

    def choose(player: Seat, legal: list[Move]) -> None:
        """The move, chosen from a menu in steps or typed whole (`help` explains)."""
        menu = Menu(session.state, legal)

        def show() -> None:
            asker.say("Your moves:")
            for line in menu.lines():
                asker.say(line)

        show()
        while True:
            count = len(menu.options())
            answer = asker.ask(
                f"{player.name}, your move: 1-{count}, or type it ({_HELP_WORDS})"
            ).strip()
            if _quits(answer, legal):
                stop()
            word = answer.casefold()
            if not word:
                show()
                continue
            if word in ("help", "?"):
                for line in MENU_HELP:
                    asker.say(line)
                show()
                continue
            if word == "back":
                if not menu.back():
                    asker.say("This is the first step already.")
                show()
                continue
            number = engine.menu_number(answer)
            if number is not None:  # a number is always a menu choice, never part of a move
                try:
                    move = menu.pick(number)
                except IndexError:
                    asker.say(f"There is no choice {number} here: choose 1 to {count}.")
                    show()
                    continue
                if move is None:
                    show()
                    continue
                answer = move.text()
            try:
                session.move(answer, on_move)
            except IllegalMove as error:
                asker.say(f"Not allowed: {error}")
                show()
                continue
            return

    while True:
        session.advance(on_move, reactions=private)
        seat = session.to_move()
        if seat is None:
            break
        player = seats[seat]
        reaction = session.state.reaction() if private else None
        if reaction is not None:
            if window is None or window[0] != reaction.window:
                hide()
                window = (reaction.window, claim(reaction))
            passing = next((m for m in session.state.legal_moves() if m.action == "pass"), None)
            if window[1] != seat and passing is not None:
                session.move(passing.text(), on_move)
                continue
        if private and screen != seat:
            hide()
            if not _all_public(session.state):  # else nothing is hidden: no screen to pass
                if _quits(asker.ask(f"Pass the screen to {player.name}, then press Enter"), []):
                    stop()
                asker.clear()
            screen = seat
            if queued[seat]:
                asker.say(f"{player.name}, since your last turn only you saw:")
                for text in queued[seat]:
                    asker.say(f"  {text}")
                queued[seat].clear()
        legal = session.state.legal_moves()
        if reaction is not None and len(legal) == 1:
            asker.say(f"{player.name}, you hold nothing to {reaction.word} with: you pass.")
            session.move(legal[0].text(), on_move)
            continue
        round_ = getattr(session.state, "round", None)
        heading = f"{player.name} to move" + (f" (round {round_})" if round_ is not None else "")
        asker.say(heading)
        for line in screen_lines(session.state, seat):
            asker.say(line)
        legal = session.state.legal_moves()
        choose(player, legal)
    hide()
    for line in session.results():
        asker.say(line)


_HELP_WORDS = "back, help, quit"
MENU_HELP = (
    "How to choose: type the number of a choice; a choice with more after it (a card, then",
    "where it goes) shows the next step. 'back' goes up a step. You may also type a whole",
    "move as the menu words it (e.g. 'give 4 to Bob'); a number alone is always a choice.",
    "'quit' stops: the game is saved after every move and resumes with `ezkit game resume`.",
)


def _all_public(state: State) -> bool:
    """Whether every seat sees the same cards now (nothing to hide when the screen passes)."""
    seen = [state.seen(s) for s in range(len(state.game.players))]
    return all(s == seen[0] for s in seen) and not _hands(state)


def _hands(state: State) -> bool:
    """Whether some seat holds cards of its own (a hand, even an empty-looking one)."""
    view = state.view(0)
    public = state.view(None)
    return any(view.get(k) != public.get(k) for k in view if k not in HIDDEN_KEYS)


def since_last_turn(record: Mapping[str, Any], seats: Sequence[int]) -> dict[int, list[str]]:
    """For each seat, what only it saw since its last decision (a resumed game tells it at
    the seat's next turn, as an unbroken one would)."""
    state = engine.replay(record, upto=0)
    told: dict[int, list[str]] = {seat: [] for seat in seats}

    def keep(events: Iterable[Event]) -> None:
        for event in events:
            if event.seats is not None and event.text != event.public:
                for seat in event.seats & told.keys():
                    told[seat].append(event.text)

    keep(state.log)  # the deal
    for move in engine.replay(record).moves:
        mover = state.to_move()
        if mover in told and len(state.legal_moves()) > 1:
            told[mover] = []
        keep(state.play(move))
    return told


def _quits(answer: str, legal: Sequence[Move]) -> bool:
    """`quit` (or `exit`) stops the loop, unless it is a move of the game."""
    typed = answer.strip().casefold()
    return typed in {"quit", "exit"} and all(m.text().casefold() != typed for m in legal)


# --- the log -------------------------------------------------------------------------------


def narrate(record: Mapping[str, Any], seat: int | None = None) -> list[str]:
    """A saved game replayed, every event as one seat (None: the whole table) saw it.

    Each move's events are headed by who moved; the move's own text only in that player's
    log, since a move can name a hidden card (`give 4 to Bob`)."""
    seats = [s["name"] for s in record["seats"]]
    moves = engine.replay(record).moves  # with any forced moves an old save lacks
    state = engine.replay(record, upto=0)
    dealt = list(state.log)
    played: list[tuple[str, list[Event]]] = []
    for number, move in enumerate(moves, 1):
        mover = state.to_move()
        events = state.play(move)
        who = seats[mover] if mover is not None else "?"
        shown = f": {move.text()}" if seat is not None and mover == seat else ""
        played.append((f"{number}. {who}{shown}", events))
    over = state.is_over()  # GT-1: covered cards stay covered in a log until the end
    lines = [f"{state.game.title}: {', '.join(seats)}"]
    lines += [t for e in dealt if (t := e.logged_for(seat, over)) is not None]
    for heading, events in played:
        lines.append(heading)
        lines += [f"   {t}" for e in events if (t := e.logged_for(seat, over)) is not None]
    if over:  # GT-1: the seed, secret while the game is on, replays it now
        lines.append(f"Seed {state.seed}: the same seed and moves replay this game exactly.")
    return lines
