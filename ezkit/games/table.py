"""The facilitator: hot-seat play around one screen, computer players in the empty seats.

    Asker        what the loop needs from a terminal: ask, say, clear (tests pass a script)
    run()        the interactive loop: privacy screen, screen, menu in steps, narration, scores
    narrate()    a saved game replayed as one seat (or the whole table) saw it

The game in play is a Session (session.py); what a seat is shown comes from the game's
screen (screen.py). Nothing here knows a game's rules.

Memory games: an event whose `hide` attribute is true (e.g. the Bakeries' Covered) says that
cards the table saw were turned face down again. The screen is then cleared, not scrolled, so
nobody can look back at them: at once if a human typed that move himself (he has just seen
them on his screen), otherwise after he presses Enter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from ezkit.games import engine
from ezkit.games.engine import Event, IllegalMove, Move, Reaction, State
from ezkit.games.screen import (  # noqa: F401 - the table's names, as callers import them
    HIDDEN_KEYS,
    Menu,
    grouped_moves,
    menu_lines,
    screen_lines,
    screen_module,
    table_lines,
    view_lines,
)
from ezkit.games.session import (  # noqa: F401 - the table's names, as callers import them
    HUMAN,
    MAX_BOTS,
    MOVE_LIMIT,
    NAME_LIMIT,
    Chooser,
    OnMove,
    Seat,
    Session,
    _and,
    _or,
    bots_for,
    check_bots,
    default_bot,
    is_asked,
    jsonable,
    make_chooser,
    seats_for,
)
from ezkit.words import plural


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


# --- the interactive loop ----------------------------------------------------------------


def run(session: Session, asker: Asker, resume: str | None = None) -> None:
    """Play at the terminal until the game ends (or a player types `quit`; then `resume` is
    the command that goes on, by default `ezkit game resume ID`).

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
        again = resume or f"ezkit game resume {session.game_id}"
        asker.say("Stopped; the game is saved." + (f" Resume with:\n  {again}" if where else ""))
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
            choices = "1" if count == 1 else f"1-{count}"  # a forced move: its one choice
            answer = asker.ask(
                f"{player.name}, your move: {choices}, or type it ({_HELP_WORDS})"
            ).strip()
            if _quits(answer, legal):
                stop()
            word = answer.casefold()
            if not word:
                show()
                continue
            if word in ("help", "?"):
                asker.say(menu_help(legal[-1].text()))
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

    try:
        while True:
            session.advance(on_move, reactions=private)
            seat = session.to_move()
            if seat is None:
                break
            player = seats[seat]
            reaction = session.state.reaction() if private else None
            if reaction is not None:
                claimer = None if window is None else window[1]
                if window is None or window[0] != reaction.window:
                    hide()
                    window = (reaction.window, claim(reaction))
                elif claimer is not None and claimer not in reaction.seats:
                    # The claimer passed and the window is still open: the players after him are
                    # asked in turn (AU-4); passing tells nothing, a holder may pass too (AU-11).
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
                # AU-11: the claimer's screen waits for a key, holder or not: a screen cleared at
                # once would tell the table he had nothing to choose
                if _quits(asker.ask("Press Enter"), []):
                    stop()
                session.move(legal[0].text(), on_move)
                continue
            # who is addressed; the screen under it says the round (or hand) and the turn
            asker.say(f"{player.name} to move")
            for line in screen_lines(session.state, seat):
                asker.say(line)
            legal = session.state.legal_moves()
            choose(player, legal)
    except BaseException:
        # Ctrl-C, the input running out, a save refused: the game stops, and a private
        # screen must not stay up for the next player to read (GT-1)
        if screen is not None:
            asker.clear()
        raise
    hide()
    for line in ending(session, viewer):
        asker.say(line)


def ending(session: Session, seat: int | None) -> list[str]:
    """The end of a game as the table reads it: the game's own end screen (who won, by which
    rule, each player's score and how it was made: `Dan wins with 15 points (the fewest
    points win)`), then who won again, as the last line under a long round-by-round
    account; a game without a screen of its own: the bare final scores."""
    results = session.results()
    if screen_module(session.state) is None:
        return results
    return [*screen_lines(session.state, seat), "", results[-1]]  # type: ignore[arg-type]


_HELP_WORDS = "back, help, quit"


def menu_help(example: str) -> str:
    """What `help` says at the menu; `example`: a move of this game, as the menu words it."""
    return (
        "How to choose: type the number of a choice; a choice with more after it (a card, then "
        "where it goes) shows the next step. 'back' goes up a step. You may also type a whole "
        f"move as the menu words it (e.g. '{example}'); a number alone is always a choice. "
        "'quit' stops: the game is saved after every move and resumes with `ezkit game resume`."
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
    told: dict[int, list[str]] = {seat: [] for seat in seats}
    humans = sum(seat.get("kind") == HUMAN for seat in record["seats"])
    read = 0  # how much of the log is read

    def keep(state: State) -> None:
        """The log's events since it was last read (the deal, then each move's)."""
        nonlocal read
        for event in state.log[read:]:
            if event.seats is not None and event.text != event.public:
                for seat in event.seats & told.keys():
                    told[seat].append(event.text)
        read = len(state.log)

    def before(state: State, move: Move) -> None:
        keep(state)
        mover = state.to_move()
        # a seat's screen came up at its decisions; not at a reaction, which the one screen
        # asks of the whole table at once (a claimer sees a line again: no harm)
        asked = is_asked(state, mover, state.legal_moves(), humans, humans >= 2)
        if mover in told and asked and state.reaction() is None:
            told[mover] = []

    keep(engine.replay(record, before=before))
    return told


def _quits(answer: str, legal: Sequence[Move]) -> bool:
    """`quit` (or `exit`) stops the loop, unless it is a move of the game."""
    typed = answer.strip().casefold()
    return typed in {"quit", "exit"} and all(m.text().casefold() != typed for m in legal)


# --- the log -------------------------------------------------------------------------------


def narrate(record: Mapping[str, Any], seat: int | None = None) -> list[str]:
    """A saved game replayed, every event as one seat (None: the whole table) saw it.

    Each move's events are headed by who moved; the move's own text only in that player's
    log, since a move can name a hidden card (`give 4 to Bob`), and not while one of its
    events is covered (GT-1: `play green-3-hide on 1` of a Dudab column gone out of sight)."""
    seats = [s["name"] for s in record["seats"]]
    # each move as it is played (its mover, its text, where its events begin in the log)
    starts: list[tuple[int | None, Move, int]] = []
    state = engine.replay(
        record, before=lambda s, move: starts.append((s.to_move(), move, len(s.log)))
    )
    return log_lines(state, starts, seats, seat)


def log_lines(
    state: State, starts: Sequence[tuple[int | None, Move, int]], seats: list[str], seat: int | None
) -> list[str]:
    """narrate's lines from the game played to its end (`state`) and, for each move, its
    mover, the move and where its events begin in the log."""
    bounds = [start for _, _, start in starts] + [len(state.log)]  # move n's: n-1 to n
    # Read from the log as it ends, not as each move told it: a later move may cover an
    # event told earlier (GT-1: Dudab's plays of a column taken to an own pile).
    log = state.log
    over = state.is_over()  # GT-1: covered cards stay covered in a log until the end
    lines = [f"{state.game.title}: {', '.join(seats)}"]
    lines += [t for e in log[: bounds[0]] if (t := e.logged_for(seat, over)) is not None]
    for number, (mover, move, start) in enumerate(starts, 1):
        told = log[start : bounds[number]]
        heading = f"{number}. {seats[mover] if mover is not None else '?'}"
        covered = not over and any(e.covered is not None for e in told)
        if seat is not None and mover == seat and not covered:
            heading += f": {move.text()}"
        lines.append(heading)
        lines += [f"   {t}" for e in told if (t := e.logged_for(seat, over)) is not None]
    if over:  # GT-1: the seed, secret while the game is on, replays it now
        lines.append(f"Seed {state.seed}: the same seed and moves replay this game exactly.")
    return lines
