"""A game served to phones: one Session, a token per seat, moves under a lock, live updates.

Tokens (`secrets.token_urlsafe(16)`, 128 bits) live in memory for the run of the server: a
restarted server prints new links (a campaign file, copied or backed up, never holds a live
key to a seat). The table's own token opens the shared screen, which sees `view(None)`.

Who moves when (nothing here knows a game's rules):

- a bot seat plays after `bot_delay` seconds, so people can follow;
- a human seat with one legal move and no reaction question plays it at once (a forced move),
  unless the seat holds secrets at a table of two humans or more (session.is_asked, GT-1);
- a reaction window (State.reaction(), AU-11) is put to every eligible human seat at once, the
  same question with the same two answers (the word, or pass) on every page, holder or not.
  The window is settled when every one of them has answered, or `reaction_wait` seconds after
  it opened (the unanswered pass), never sooner: so neither its timing nor any page tells a
  holder from a non-holder. It is then played in the engine's order; a seat that claimed the
  word without holding a card for it passes (its own page says so), one with several ways to
  react (Deflect to whom) chooses them at its page.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from ezkit.campaign_files import BusyError
from ezkit.errors import EzkitError
from ezkit.games.engine import IllegalMove, Move, Reaction
from ezkit.games.screen import Menu
from ezkit.games.session import MOVE_LIMIT, Session, is_asked

#: Seconds a reaction window stays open for the humans' answers (AU-11: the same for all).
REACTION_WAIT = 20.0
#: Seconds before a move whose save found the campaign locked is made again.
BUSY_RETRY = 1.0
#: What a seat is told when its move found the campaign locked (the message names the GM's path).
BUSY = "the campaign is busy (another ezkit is writing it): your move was not made; try again"
#: Seconds a bot waits before it moves, so the table can follow (tests and benches: 0).
BOT_DELAY = 1.0


#: An absolute path's folders (kept: its last part), as a message may name a file.
_FOLDERS = re.compile(r"(?<![\w.])/(?:[^/\s'\"()]+/)+(?=[^/\s'\"()])")


def _without_folders(text: str) -> str:
    """`no game 1 in the campaign (/home/gm/c.json)` -> `... (c.json)`."""
    return _FOLDERS.sub("", text)


class NotYourTurn(IllegalMove):
    """A move from a seat that is not asked now (409)."""


class WebTable:
    """One game at the web table. `lock` guards every change; `version` counts those every
    page may see (an answer to a reaction is not one: AU-11)."""

    def __init__(
        self,
        session: Session,
        bot_delay: float = BOT_DELAY,
        reaction_wait: float = REACTION_WAIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        self.bot_delay = bot_delay
        self.reaction_wait = reaction_wait
        self.clock = clock
        self.tokens: dict[str, int | None] = {secrets.token_urlsafe(16): None}
        for seat, player in enumerate(session.seats):
            if player.human:
                self.tokens[secrets.token_urlsafe(16)] = seat
        self.version = 0
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self._bot_due: float | None = None
        self._window: tuple[Any, ...] | None = None
        self._deadline = 0.0
        #: The first version whose pages ask the open window's question (see current).
        self._asked_from = 0
        self._choice: tuple[Any, ...] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.answers: dict[int, str] = {}
        #: A line for one seat's page only (you hold nothing to interrupt with: you pass),
        #: shown from the pass it explains until the first move made after that pass's
        #: reaction window (`_noted`): it changes only with a move, so only with the version.
        self.notes: dict[int, str] = {}
        self._noted: tuple[Any, ...] | None = None
        self.stopped = False
        #: Why the table stopped playing (a save refused or failed), shown on every page;
        #: told to `on_broken` too (the terminal that serves it).
        self.broken: str | None = None
        self.on_broken: Callable[[str], None] | None = None

    # --- who is who ---

    @property
    def table_token(self) -> str:
        return next(t for t, s in self.tokens.items() if s is None)

    def seat_tokens(self) -> dict[int, str]:
        return {s: t for t, s in self.tokens.items() if s is not None}

    def lookup(self, token: str) -> tuple[bool, int | None]:
        """(known, seat) for a token; compared in constant time, one token after another."""
        found: tuple[bool, int | None] = (False, None)
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = (True, seat)
        return found

    # --- reactions (AU-11) ---

    def reaction(self) -> Reaction | None:
        """The open reaction window, when a human is among those it asks."""
        reaction = self.session.state.reaction()
        if reaction is None or not self.asked(reaction):
            return None
        return reaction

    def asked(self, reaction: Reaction) -> list[int]:
        """The human seats a reaction window asks (those still to be asked, in order)."""
        state = self.session.state
        seats = [state.to_move(), *reaction.seats]
        return [s for s in dict.fromkeys(seats) if s is not None and self.session.seats[s].human]

    def _open(self, reaction: Reaction) -> None:
        if self._window != reaction.window:
            self._window = reaction.window
            self._deadline = self.clock() + self.reaction_wait
            self.answers = {}
            self._asked_from = self.version  # a move that opens one bumps it first (_moved)

    def current(self, seat: int, shown: int) -> bool:
        """Whether a tap made on this seat's page at version `shown` is for what the seat is
        asked now: the version itself, or for a reaction question still open and not yet
        answered, any version since its window opened (a bot ahead in the window passes
        meanwhile, AU-11's order). A tap older than that would land on a decision its
        player never saw (a double tap, a slow network)."""
        if shown == self.version:
            return True
        return self.question(seat) is not None and self._asked_from <= shown <= self.version

    def question(self, seat: int) -> Reaction | None:
        """The reaction question this seat's page asks now (None: none, or answered)."""
        reaction = self.reaction()
        if reaction is None or seat not in self.asked(reaction) or seat in self.answers:
            return None
        return reaction

    def choosing(self) -> bool:
        """Whether the seat to move claimed a reaction in a settled window and now picks how
        (Deflect to whom): set by `step`, over at the next move."""
        state = self.session.state
        return self._choice == (self._window, state.to_move(), len(state.moves))

    # --- the moves ---

    def deciding(self, seat: int) -> bool:
        """Whether this seat picks a move from its menu now."""
        state = self.session.state
        if state.to_move() != seat or not self.session.seats[seat].human:
            return False
        if self.reaction() is not None:
            return self.choosing()
        return self._asks(seat, state.legal_moves())

    def _asks(self, seat: int, legal: list[Move]) -> bool:
        """Whether the human at `seat` picks his move, forced or not (session.is_asked)."""
        return is_asked(self.session.state, seat, legal, len(self.session.humans()), False)

    def move(
        self, seat: int, text: str | None = None, path: list[int] | None = None
    ) -> Move | None:
        """A seat's answer or move (call under the lock). NotYourTurn or IllegalMove (with the
        rule's reason) when refused; None when an answer to a reaction was recorded."""
        if self.broken:
            raise NotYourTurn(f"the table stopped: {self.broken}")
        if self.session.state.is_over():
            raise NotYourTurn("the game is over")
        if text is not None and len(text) > MOVE_LIMIT:
            raise IllegalMove(f"a move is at most {MOVE_LIMIT} characters, not {len(text)}")
        reaction = self.reaction()
        if reaction is not None and not self.choosing():
            self._open(reaction)
            if seat not in self.asked(reaction):
                raise NotYourTurn(f"the table waits for answers: may anyone {reaction.word}?")
            answer = " ".join((text or "").lower().split())
            if answer not in ("pass", reaction.word):
                raise IllegalMove(f"answer {reaction.word} or pass")
            if seat in self.answers:
                raise NotYourTurn("you have answered already")
            self.answers[seat] = answer
            # AU-11: only the answering seat's page changes (its state is made per answered
            # flag, not per version); the version every page shows and every stream's event
            # id stay as they were, so no page learns that someone answered, or when
            self._wake.set()  # the runner may settle the window now
            return None
        if not self.deciding(seat):
            mover = self.session.state.to_move()
            name = self.session.seats[mover].name if mover is not None else "nobody"
            raise NotYourTurn(f"it is {name}'s turn")
        if path is not None:
            text = self._pick(path)
        if text is None:
            raise IllegalMove("no move given")
        window = self._window_now()
        _, made = self.session.move(text)
        self._moved(window)
        return made

    def _pick(self, path: list[int]) -> str:
        menu = Menu(self.session.state, self.legal())
        try:
            for number in path:
                made = menu.pick(int(number))
                if made is not None:
                    return made.text()
        except (IndexError, TypeError, ValueError):
            pass
        raise IllegalMove("no such choice in the menu")

    def legal(self) -> list[Move]:
        """The moves the seat deciding now picks from (a claimed reaction: its reactions)."""
        legal = self.session.state.legal_moves()
        reaction = self.reaction()
        if reaction is not None and self.choosing():
            return [m for m in legal if m.action == reaction.word] or legal
        return legal

    def step(self) -> float | None:
        """Make at most one move nobody has to pick (call under the lock; a move made bumps
        the version). Returns None when one was made, else how long to wait (inf: until a
        human moves)."""
        session = self.session
        state = session.state
        seat = state.to_move()
        if seat is None or self.stopped or self.broken:
            return float("inf")
        legal = state.legal_moves()
        now = self.clock()
        reaction = self.reaction()
        if reaction is not None:
            self._open(reaction)  # the humans' time to answer runs from the window's opening
        if not session.seats[seat].human:
            if self._bot_due is None:
                self._bot_due = now + self.bot_delay
            if now < self._bot_due:
                return self._bot_due - now
            self._bot_due = None
            move = session._chooser(session.seats[seat].kind)(
                state.view(seat), legal, session.bot_rng()
            )
            window = self._window_now()
            session._play(seat, move, len(legal) == 1, None)
            self._moved(window)
            return None
        if reaction is not None:
            if self.choosing():
                return float("inf")
            waiting = [s for s in self.asked(reaction) if s not in self.answers]
            if waiting and now < self._deadline:
                return self._deadline - now
            answer = self.answers.get(seat, "pass")
            mine = [m for m in legal if m.action == reaction.word]
            passing = next((m for m in legal if m.action == "pass"), legal[0])
            if answer != reaction.word or not mine:
                session._play(seat, passing, len(legal) == 1, None)
                self._moved(reaction.window)
                if answer == reaction.word:  # shown with the pass, in the same version
                    self.notes[seat] = f"You hold nothing to {reaction.word} with: you pass."
                    self._noted = reaction.window
                return None
            if len(mine) == 1:
                session._play(seat, mine[0], False, None)
                self._moved(reaction.window)
                return None
            self._choice = (self._window, seat, len(state.moves))  # it picks how at its page
            self._changed_now()
            return float("inf")
        if not self._asks(seat, legal):
            window = self._window_now()
            session._play(seat, legal[0], True, None)
            self._moved(window)
            return None
        return float("inf")

    def _window_now(self) -> tuple[Any, ...] | None:
        """The reaction window a move made now belongs to (None: none is open)."""
        reaction = self.session.state.reaction()
        return reaction.window if reaction is not None else None

    def _moved(self, window: tuple[Any, ...] | None) -> None:
        """After a move made in `window`: the notes go unless the move settles the same window
        as the pass they explain (the others' passes), and the version is bumped."""
        if window is None or window != self._noted:
            self.notes.clear()
            self._noted = None
        self._changed_now()
        if (reaction := self.reaction()) is not None:
            self._open(reaction)  # a window this move opened: no answers yet, in this version

    # --- running and telling ---

    def _changed_now(self) -> None:
        """A new version: wakes every page's event stream and the runner."""
        self.version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        self._wake.set()

    async def changed(self, since: int, timeout: float) -> int:
        """The version once it is past `since` (or after timeout, the same)."""
        if self.version > since:
            return self.version
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)
        return self.version

    def halt(self, error: EzkitError | OSError) -> None:
        """Stop playing: a save was refused (another ezkit played this game) or failed (a
        full disk). The game in memory is the saved one (Session._play put it back), so
        nothing is lost; every page and the terminal say why. The pages name a file without
        its folders (an OSError by its reason alone): they are the players', the paths the
        GM's."""
        if isinstance(error, OSError):
            why = f"the game could not be saved ({error.strerror or type(error).__name__})"
        else:
            why = str(error)
        self.broken = _without_folders(why)
        self._changed_now()
        if self.on_broken is not None:
            self.on_broken(why)

    def stop(self) -> None:
        """End the runner and every event stream (safe from a signal handler)."""
        self.stopped = True
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._changed_now)

    async def run(self) -> None:
        """Play the moves nobody picks, at their pace, until the game ends or stops."""
        self._loop = asyncio.get_running_loop()
        while not self.stopped:
            async with self.lock:
                self._wake.clear()  # before the step: a move made after it wakes us
                try:
                    wait = self.step()
                except BusyError:  # another ezkit writes the campaign: the move again, soon
                    wait = BUSY_RETRY
                except (EzkitError, OSError) as error:  # a save refused or failed: stop
                    self.halt(error)
                    wait = float("inf")
            if wait is None:
                await asyncio.sleep(0)  # let the pages hear of it between bot moves
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), None if wait == float("inf") else wait)
