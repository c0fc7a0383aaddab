"""A game in play at the table: who sits where, the bots, and a save after every move.

    Seat         who sits where: a name and a kind ("human" or a bot's name)
    Session      one game in play: the engine state, the seats, the bots, a save after every move

Nothing here knows a game's rules: it speaks only the engine's contract (engine.py). A move
is "forced" when the seat to move has exactly one legal move (a reaction question to a player
without a reaction card, whose only answer is `pass`). A human's forced move is made without
asking him only where that tells nobody anything (`is_asked`): at a table of one human, or when
the seat holds no secret (the Bakeries' public board). Otherwise the table stopping for one
player and not another would tell the others who had no choice, and so something of his
hand: that he holds no Shaman to answer with, no card that fits a column (GT-1, AU-11).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ezkit.errors import DocumentError, EzkitError, InputError, RuleError
from ezkit.games import engine
from ezkit.games.engine import Event, IllegalMove, Move, State
from ezkit.terminal import name_problem, safe_line
from ezkit.words import name_key, shorten

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


def is_asked(state: State, seat: int, legal: Sequence[Move], humans: int, reactions: bool) -> bool:
    """Whether the human at `seat` is asked for his move (not played for him) at a table of
    `humans` human seats: when he has a choice; when he is asked about a reaction and
    `reactions` (a shared screen asks holders and non-holders alike, AU-11); and, with two
    humans or more, when he holds a secret his having no choice would tell (GT-1)."""
    if len(legal) > 1:
        return True
    if humans < 2:
        return reactions and state.reaction() is not None
    return state.reaction() is not None or state.holds_secrets(seat)


# --- seats and bots ------------------------------------------------------------------


def default_bot(game_name: str) -> str:
    """The bot for empty seats when none is named: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in bots_for(game_name) else "random"


def bots_for(game_name: str) -> list[str]:
    """The bots that can play this game (ezkit.games.bots.bots_for)."""
    from ezkit.games import bots

    return bots.bots_for(game_name)


def same_name(name: str) -> str:
    """A name as people tell names apart (ezkit.words.name_key: `jason  free` is Jason Free,
    `Ａnn` is Ann). New seats must differ so (a save made before keeps its seats); `--seat`
    finds them so."""
    return name_key(name)


def seats_for(humans: Sequence[str], bots: int, kinds: Sequence[str]) -> list[Seat]:
    """The humans in the order given, then `bots` computer players; bot kinds cycle."""
    names = [h.strip() for h in humans if h.strip()]
    for name in names:
        if (why := name_problem(name)) or len(name) > NAME_LIMIT:
            raise InputError(
                f"player name '{safe_line(shorten(name))}'"
                + (f" {why}" if why else "")
                + f": a name is at most {NAME_LIMIT} characters, one line, with no control "
                "characters (they would drive the terminal) and none that hide text"
            )
    if len({same_name(n) for n in names}) != len(names):
        raise InputError(f"player names must differ, in any case and spacing: {', '.join(names)}")
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
        try:
            # the game and its players first: a bot's kind is judged for its game (a damaged
            # save's unknown game had been answered with advice on bots), and a save without
            # players had been reported as the bare KeyError 'players'
            engine.game_class(self.record["game"])
            if "players" not in self.record["options"]:
                raise InputError("its options name no players")
            self.state = self._replay()
        except InputError as error:  # a game or bot kind the save names that ezkit has not
            raise DocumentError(f"saved game {game_id} is not a valid save: {error}") from None
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
            key = same_name(str(text))
            for i, s in enumerate(self.seats):
                if same_name(s.name) == key:
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
        try:
            self.save()
        except BaseException:
            # The save was refused (another ezkit changed the game) or failed: the move is not
            # made, and no screen may show what it brought to sight, as the saved game never
            # did (GT-1).
            self.state = self._replay()
            raise
        if on_move is not None:
            on_move(seat, move, events, forced)
        return events

    def advance(self, on_move: OnMove | None = None, reactions: bool = False) -> None:
        """Bots play, and humans' forced moves are made, until a human is asked (`is_asked`).

        reactions: stop too at a human asked about a reaction he cannot play, so that a
        shared screen asks holders and non-holders alike (AU-11)."""
        humans = len(self.humans())
        while (seat := self.state.to_move()) is not None:
            legal = self.state.legal_moves()
            player = self.seats[seat]
            if player.human:
                if is_asked(self.state, seat, legal, humans, reactions):
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
        try:
            move = self.state.parse(text)
        except IllegalMove:
            # the cards as the screen prints them: `discard 5 of Tops` is `discard 5-tops`;
            # never a menu number (Auntie's fudge ids are digits: a fudge card's name alone
            # had been read as menu choice 1 or 2, another move)
            from ezkit.games.decks import printed_as_ids

            typed = printed_as_ids(self.state.game.name, text)
            if typed == text or engine.menu_number(typed.strip()) is not None:
                raise
            move = self.state.parse(typed)
        self._play(seat, move, False, on_move)
        return seat, move

    def last_decision(self) -> int | None:
        """The index of the last move a human was asked for (`is_asked`; at a table of two humans
        or more, a forced move of a seat holding secrets counts: were it skipped, whether
        undo takes it back would tell the others he had no choice, GT-1), if any."""
        saved = self.state.save()
        last = None
        state = engine.make(saved["game"], saved["options"]).new(self.state.seed)
        humans = len(self.humans())
        for index, move in enumerate(self.state.moves):
            seat = state.to_move()
            if (
                seat is not None
                and self.seats[seat].human
                and is_asked(state, seat, state.legal_moves(), humans, humans >= 2)
            ):
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
        """Take back the last move a human was asked for (`last_decision`) and every move
        after it; returns how many moves were removed. Refused (RuleError) across a move that
        revealed something hidden (GT-1)."""
        blocked = self.undo_blocked()
        if blocked is not None:
            raise RuleError(f"cannot undo: {blocked}")
        last = self.last_decision()
        assert last is not None
        saved = self.state.save()
        removed = len(self.state.moves) - last
        # the schema with the moves: a game read from an older save holds the forced moves
        # that save lacked (engine.replay), and must not be given them twice
        self.record = {**self.record, **saved, "moves": saved["moves"][:last]}
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
            for number, text in enumerate(self.record["moves"], 1):
                seat = state.to_move()
                if seat in remembering:
                    legal = state.legal_moves()
                    self._chooser(self.seats[seat].kind)(
                        state.view(seat), legal, random.Random(f"{state.seed}:{len(state.moves)}")
                    )
                engine.play_saved(state, number, text)
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
        """Write the record; it becomes this session's only once it is written."""
        record = self.snapshot()
        if self.saver is not None:
            self.saver(record)
        self.record = record

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
