"""`ezkit game ...`: play the rule books' card games at the table, save, resume, simulate.

Thin: the loop is ezkit.games.table, the saves ezkit.games.saves, the simulations
ezkit.games.sim. Seats are numbered from 0, as the engine and the JSON count them; a seat
may also be given by the player's name.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ezkit.cli import Lazy, LazyGroup
from ezkit.cli.params import SAVED_ID, SEED, Whole, db_option, emit_json, json_option, secret_seed
from ezkit.errors import InputError
from ezkit.games import saves
from ezkit.games.engine import Event, Move
from ezkit.games.table import Session, screen_module
from ezkit.terminal import safe, safe_line
from ezkit.words import plural, shorten

PLAY_EXAMPLE = """\b
Examples:
  ezkit game play auntie --players "Ann,Bob" --bots 2 --seed 7
  ezkit game play auntie --players Ann --bots 3 --bot random --rounds 5 --variant no-draw"""


# --- shared options ---------------------------------------------------------------------


def _table_options(command: Callable[..., Any]) -> Callable[..., Any]:
    decorators = [
        click.argument("game_name", metavar="GAME"),
        click.option("--players", default="", help='Human players, in seat order: "Ann,Bob".'),
        click.option("--bots", type=Whole(0), default=0, help="Computer players after the humans."),
        click.option(
            "--bot",
            "bot_kind",
            default=None,
            help="The bots' kind (default heuristic); a list cycles: random,heuristic.",
        ),
        click.option("--seed", type=SEED, default=None, help="Seed the deal, to replay a game."),
        *_game_options(),
        db_option,
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


def _game_options() -> list[Callable[..., Any]]:
    return [
        click.option(
            "--rounds",
            type=Whole(),  # each game's own range, which it says when it refuses one
            default=None,
            help="A fixed number of rounds, in the game's range.",
        ),
        click.option("--variant", default=None, help="A variant of the rules (no-draw, ...)."),
        click.option(
            "--first",
            default=None,
            help="Who starts: a seat number or a name (Foozle: the first dealer, and the "
            "player on the dealer's left starts, seed 004 Setup).",
        ),
        click.option(
            "--option",
            "extra",
            multiple=True,
            metavar="KEY=VALUE",
            help="Any other option of the game (repeatable).",
        ),
        click.option(
            "--options",
            "switches",
            default=None,
            metavar="NAME,NAME",
            help="Options to switch on, such as expansions: jungle,baby.",
        ),
    ]


def _options(
    rounds: int | None,
    variant: str | None,
    first: str | None,
    extra: tuple[str, ...],
    switches: str | None = None,
) -> dict[str, Any]:
    # `--options jungle,baby` switches options on: the same as --option jungle=true ...
    options: dict[str, Any] = dict.fromkeys(_split(switches or ""), True)
    for item in extra:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", param_hint="'--option'")
        options[key.strip().replace("-", "_")] = _value(value.strip())
    if "players" in options:  # the seats are the command's own (a TypeError had come out)
        raise click.BadParameter(
            "the players are given with --players and --bots, not as an option",
            param_hint="'--option'" if extra else "'--options'",
        )
    given = {"rounds": rounds, "variant": variant, "first": first}
    # 0 is a value to check, not "no option" (BK-7, AU-9: out of range is refused)
    given = {k: v for k, v in given.items() if v is not None and v != ""}
    options.update({k: _value(v) if isinstance(v, str) else v for k, v in given.items()})
    return options


def _value(text: str) -> Any:
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():
        if len(digits) > 18:
            raise click.BadParameter(
                f"a number of {len(digits)} digits; options take at most 18", param_hint="option"
            )
        return int(text)
    return text


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _player_names(text: str) -> list[str]:
    """--players' names; an empty one (`Ann,,Bob`, a comma at the end) is refused, not
    dropped: a seat the table meant to have would silently be missing."""
    names = [part.strip() for part in text.split(",")] if text.strip() else []
    if "" in names:
        at = names.index("") + 1
        raise click.BadParameter(
            f"name {at} of {len(names)} is empty; write the names with one comma between "
            "each, as Ann,Bob",
            param_hint="'--players'",
        )
    return names


def _start(
    game_name: str,
    players: str,
    bots: int,
    bot_kind: str | None,
    seed: int | None,
    options: dict[str, Any],
) -> Session:
    from ezkit.games.engine import game_class
    from ezkit.games.table import default_bot, seats_for

    name = game_class(game_name).name
    kinds = _split(bot_kind) if bot_kind else [default_bot(name)]
    seats = seats_for(_player_names(players), bots, kinds)
    return Session.start(name, seats, secret_seed(seed), options)


def _create(db: Path | None, session: Session) -> None:
    session.record = session.snapshot()
    session.game_id = saves.create(db, session.record)


STAKE_HELP = (
    "Campaign stake: fp=N or xp=N (N 1 to 10). Human seats named exactly as campaign "
    "characters (any case) play for it; at the game's end every winner that is a character "
    "(all of them on a shared win; never a bot) gets N Fudge Points or Experience Points, "
    "with the game's ID in the history."
)
stake_option = click.option("--stake", default=None, metavar="fp=N|xp=N", help=STAKE_HELP)


def _staked(db: Path | None, session: Session, stake: str | None) -> None:
    """Check --stake before the game is stored and keep it in the record (GT-1: no card)."""
    if stake is None:
        return
    from ezkit.games import stakes

    names = [s.name if s.human else None for s in session.seats]
    session.record["stake"] = stakes.check_stake(db, names, stakes.parse_stake(stake))


def _settle(db: Path | None, session: Session) -> None:
    """Confirm a stake that the command's last save paid (ezkit.games.stakes)."""
    stake = session.record.get("stake")
    if isinstance(stake, dict) and stake.get("state") == "due" and session.game_id is not None:
        from ezkit.games import stakes

        session.record["stake"] = stakes.settle(db, session.game_id)


def _stake_line(session: Session) -> str | None:
    if "stake" not in session.record or session.game_id is None:
        return None
    from ezkit.games import stakes

    return stakes.describe(session.game_id, session.record)


def _load(db: Path | None, game_id: int) -> Session:
    return Session(saves.get(db, game_id), game_id=game_id)


def _seat(session: Session, seat: str | None) -> int | None:
    return None if seat is None else session.seat(seat)


def _human(session: Session, seat: int | None) -> int | None:
    """The seat if a human sits there, else None (the table's view)."""
    return seat if seat is not None and session.seats[seat].human else None


def _collector(lines: list[str], looker: Callable[[int], int | None]):
    def on_move(seat: int, move: Move, events: list[Event], forced: bool) -> None:
        who = looker(seat)
        lines.extend(t for e in events if (t := e.seen_by(who)) is not None)

    return on_move


def _status(session: Session) -> dict[str, Any]:
    info = session.summary()
    keys = ("id", "game", "seed", "seats", "status", "moves", "round", "to_move", "to_move_name")
    found = {k: info[k] for k in keys}
    if info["status"] == "over":
        found["scores"], found["winners"] = info["scores"], info["winners"]
    if "stake" in session.record:
        found["stake"] = session.record["stake"]
    return found


def _command(words: str, db: Path | None) -> str:
    """An ezkit command to type next, with the --db this one was given (else it would look
    in another campaign: "no game 2 in the campaign")."""
    import shlex

    return f"ezkit {words}" + (f" --db {shlex.quote(str(db))}" if db is not None else "")


def _print_status(session: Session, db: Path | None, shown: bool = False) -> None:
    """Who moves next and the command to see it; at the end the final scores (`shown`: the
    game's own end screen was printed above, with the scores: only who won)."""
    seat = session.to_move()
    if seat is None:
        results = session.results()
        if shown and screen_module(session.state) is not None:
            results = results[-1:]
        for line in results:
            click.echo(line)
        if line := _stake_line(session):
            click.echo(line)
        return
    name = session.seats[seat].name
    if not session.seats[seat].human:  # a game stopped at a bot's turn (Ctrl-C in `game play`)
        click.echo(
            f"{name} (a computer player) to move: the bots play on with "
            f"{_command(f'game resume {session.game_id}', db)} (a `game move` plays them "
            "first, then asks for the move again)"
        )
        return
    import shlex

    # the seat by the name people know it by (seats count from 0 for scripts); by its number
    # when the name would be read as one (a player called "1" at seat 0)
    try:
        by_name = session.seat(name) == seat
    except InputError:
        by_name = False
    which = shlex.quote(name) if by_name else str(seat)
    shown = _command(f"game show {session.game_id} --seat {which}", db)
    click.echo(f"{name} to move: {shown}")


# --- the group ---------------------------------------------------------------------------


# `game serve` (the web table) and `game sim` live in modules of their own, loaded only when
# they run or their help is asked for: the other game commands never import their code.
SIM_SHORT_HELP = "Play many games with bots only, in parallel, and report win rates."
_LAZY = {
    "serve": Lazy(
        "ezkit.cli.serve:serve",
        "Serve a game to the players' phones: GAME starts a new one, ID serves a saved one.",
    ),
    "sim": Lazy("ezkit.cli.game_sim:sim", short_help=SIM_SHORT_HELP),
}


@click.group("game", cls=LazyGroup, lazy=_LAZY)
def game() -> None:
    """Play the rule books' card games: hot-seat, with bots, saved after every move.

    Interactive: `game play`, `game resume`. Scriptable: `game new`, `game move`,
    `game show --seat N --json`. Bots only, many games: `game sim`.
    """


class TerminalAsker:
    """The real terminal: click's prompt (piped input works), escape codes to clear. A line
    longer than the terminal is wide is wrapped at spaces, its later pieces indented under
    it, rather than cut mid-word by the terminal (a deal of ten cards, a long refusal)."""

    def ask(self, prompt: str) -> str:
        *head, last = fit(safe(prompt))
        for line in head:
            click.echo(line)
        return click.prompt(last, default="", show_default=False)

    def say(self, text: str) -> None:
        for line in fit(safe(text)):
            click.echo(line)

    def clear(self) -> None:
        if sys.stdout.isatty():
            # clear the screen and the scrollback, so the last hand cannot be scrolled back to
            click.echo("\033[H\033[2J\033[3J", nl=False)
        else:
            click.echo()


def fit(text: str) -> list[str]:
    """Text as lines no wider than the terminal (COLUMNS, else 80; at least 40): a longer
    line is wrapped at spaces (never inside a card id such as `inf-tops`), its later pieces
    indented two more than it. A line that is a command to type (`ezkit game resume 1 --db
    ...`) is left whole, for the terminal to fold: copied, it still runs."""
    import textwrap

    from ezkit.terminal import terminal_width

    width = max(40, terminal_width())
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width or line.lstrip().startswith("ezkit "):
            lines.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        wrapped = textwrap.wrap(
            line.strip(),
            width,
            initial_indent=lead,
            subsequent_indent=lead + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
        lines += wrapped or [""]  # a line of spaces alone: an empty line, not none
    return lines


def _interactive(db: Path | None, session: Session) -> None:
    from ezkit.games.table import Quit, run

    session.saver = saves.writer(db, session.game_id, session.record["moves"])
    again = _command(f"game resume {session.game_id}", db)
    try:
        run(session, TerminalAsker(), again)
    except Quit:
        return
    except (click.Abort, KeyboardInterrupt, EOFError):
        # Ctrl-C or the input ran out: every move is saved already, so say how to go on
        click.echo(f"\nStopped; the game is saved. Resume with: {again}", err=True)
        sys.exit(1)
    if session.state.is_over() and (line := _stake_line(session)):
        click.echo(line)


@game.command("play", epilog=PLAY_EXAMPLE)
@_table_options
@stake_option
def play(
    game_name: str,
    players: str,
    bots: int,
    bot_kind: str | None,
    seed: int | None,
    rounds: int | None,
    variant: str | None,
    first: str | None,
    extra: tuple[str, ...],
    switches: str | None,
    db: Path | None,
    stake: str | None,
) -> None:
    """Play a game at this terminal: humans take turns at the screen, bots fill the rest.

    Before each human decides, the screen asks to be passed to that player and is cleared;
    then they see their cards, the table and a numbered menu (type the number or the move's
    text). A reaction (Auntie's Interrupt and Deflect) is asked of the whole table at once,
    holder or not (AU-11): whoever wants to react types their name, then decides at their own
    screen. The seed stays secret until the game is over (GT-1). The game is saved after
    every move: type `quit` to stop, `ezkit game resume ID` later.
    """
    session = _start(
        game_name, players, bots, bot_kind, seed, _options(rounds, variant, first, extra, switches)
    )
    _staked(db, session, stake)
    _create(db, session)  # GT-1: the seed stays secret until the game is over
    if stake_line := _stake_line(session):
        click.echo(stake_line)
    _interactive(db, session)


@game.command("new", epilog='Example: ezkit game new auntie --players "Ann,Bob" --bots 2 --json')
@_table_options
@stake_option
@json_option
def new(
    game_name: str,
    players: str,
    bots: int,
    bot_kind: str | None,
    seed: int | None,
    rounds: int | None,
    variant: str | None,
    first: str | None,
    extra: tuple[str, ...],
    switches: str | None,
    db: Path | None,
    stake: str | None,
    as_json: bool,
) -> None:
    """Start a saved game for scripts: bots move until a human must decide; prints its ID."""
    from ezkit.store import open_campaign

    session = _start(
        game_name, players, bots, bot_kind, seed, _options(rounds, variant, first, extra, switches)
    )
    _staked(db, session, stake)
    humans = session.humans()
    looker = humans[0] if len(humans) == 1 else None
    lines = [t for e in session.state.log if (t := e.seen_by(looker)) is not None]
    with open_campaign(db) as campaign:
        session.record = session.snapshot()
        session.game_id = campaign.table("games").insert(dict(session.record))
        session.saver = saves.writer_in(campaign, session.game_id, session.record["moves"])
        # AU-11: a human is asked about a reaction whether or not he holds the card, or the
        # command's stop would tell every reader who holds one (as in game play and serve)
        session.advance(_collector(lines, lambda _: looker), reactions=True)
    _settle(db, session)
    if as_json:
        emit_json({**_status(session), "events": lines})
        return
    click.echo(f"Game {session.game_id}: {session.state.game.title}")
    click.echo("  " + ", ".join(s.label() for s in session.seats))
    if (stake_line := _stake_line(session)) and session.to_move() is not None:
        click.echo(f"  {stake_line}")
    for line in lines:
        click.echo(line)
    _print_status(session, db)


@game.command("move", epilog='Example: ezkit game move 1 "burden Bob"')
@click.argument("game_id", metavar="ID", type=SAVED_ID)
@click.argument("words", metavar="MOVE", nargs=-1, required=True)
@click.option("--seat", default=None, help="Refuse unless this seat (number or name) is to move.")
@db_option
@json_option
def move(game_id: int, words: tuple[str, ...], seat: str | None, db: Path | None, as_json: bool):
    """Make the human move MOVE (its text or menu number), then let the bots play until a
    human must decide. An illegal move exits 1 with the rule's reason; nothing is saved."""
    from ezkit.games.engine import IllegalMove
    from ezkit.store import open_campaign

    with open_campaign(db) as campaign:
        session = Session(saves.get_in(campaign, game_id), game_id=game_id)
        session.saver = saves.writer_in(campaign, game_id, session.record["moves"])
        wanted = _seat(session, seat)
        lines: list[str] = []
        # bots left to move (a `game play` stopped at a bot's turn): told as `--seat` (else
        # the seat to move after them) sees them
        missed: list[Event] = []
        saved_moves = len(session.state.moves)
        session.advance(lambda _s, _m, events, _f: missed.extend(events), reactions=True)
        caught_up = len(session.state.moves) > saved_moves
        mover = session.to_move()
        if caught_up:
            looker = wanted if wanted is not None else _human(session, mover)
            lines = [t for e in missed if (t := e.seen_by(looker)) is not None]
        else:
            if mover is not None and wanted is not None and wanted != mover:
                raise IllegalMove(
                    f"it is {session.seats[mover].name}'s move (seat {mover}), "
                    f"not {session.seats[wanted].name}'s"
                )
            on_move = _collector(lines, lambda _: mover)
            _, played = session.move(" ".join(words), on_move)
            session.advance(on_move, reactions=True)
    _settle(db, session)
    if caught_up:
        # MOVE was typed against the saved game: after the bots' moves it would answer a
        # decision its player never saw (and a reaction spent that way cannot be undone)
        if as_json:
            emit_json({**_status(session), "seat": None, "played": None, "events": lines})
        else:
            for line in lines:
                click.echo(line)
            _print_status(session, db)
        raise IllegalMove(
            f"game {game_id} had stopped before the bots' moves: they are made now (above) "
            f"and saved; '{shorten(' '.join(words))}' was not played. Look at the game again, "
            "then move"
        )
    if as_json:
        emit_json({**_status(session), "seat": mover, "played": played.text(), "events": lines})
        return
    for line in lines:
        click.echo(line)
    _print_status(session, db)


@game.command("show", epilog="Example: ezkit game show 1 --seat 0 --json")
@click.argument("game_id", metavar="ID", type=SAVED_ID)
@click.option("--seat", default=None, help="Show what this seat sees (number or name).")
@db_option
@json_option
def show(game_id: int, seat: str | None, db: Path | None, as_json: bool) -> None:
    """A saved game: a seat's view (or the table's), whose move, the legal moves (to the seat
    to move), and the scores once it is over."""
    from ezkit.games.table import grouped_moves, screen_lines, table_lines

    session = _load(db, game_id)
    number = _seat(session, seat)
    info = session.summary(number)
    if as_json:
        emit_json({**info, "stake": session.record["stake"]} if "stake" in session.record else info)
        return
    seed = f", seed {info['seed']}" if info["seed"] is not None else ""
    click.echo(f"Game {game_id}: {session.state.game.title}{seed}, {info['status']}")
    click.echo("  " + ", ".join(f"{i} {s.label()}" for i, s in enumerate(session.seats)))
    round_ = f", round {info['round']}" if info["round"] is not None else ""
    click.echo(f"  {plural(info['moves'], 'move')}{round_}")
    if info["to_move"] is not None and (stake_line := _stake_line(session)):
        click.echo(f"  {stake_line}")
    if number is None:
        for line in table_lines(session.state):
            click.echo(line)
    else:
        click.echo(f"{session.seats[number].name}'s view:")
        for line in screen_lines(session.state, number):
            click.echo(line)
    if info["to_move"] is not None and info["legal_moves"]:
        click.echo("Moves:")
        for line in grouped_moves(session.state):
            click.echo(line)
        blocked = session.undo_blocked()
        if blocked is not None and session.last_decision() is not None:
            click.echo(f"Undo: not possible, {blocked}.")
    _print_status(session, db, shown=True)


@game.command("list", epilog="Example: ezkit game list --json")
@db_option
@json_option
def list_games(db: Path | None, as_json: bool) -> None:
    """The saved games of the campaign."""
    found = [saves.listing(game_id, doc) for game_id, doc in saves.list_games(db)]
    if as_json:
        emit_json(found)
        return
    if not found:
        click.echo("No saved games: start one with `ezkit game play` or `ezkit game new`.")
        return
    from ezkit.cli.tables import print_table

    header = ["id", "game", "players", "moves", "status", "updated"]
    rows = []
    for g in found:
        names = ", ".join(p["name"] + ("" if p["kind"] == "human" else "*") for p in g["players"])
        if g["status"] == "over":
            status = "won by " + ", ".join(g["winners"] or [])
        elif g["status"] == "broken":
            status = "broken save: it cannot be read (the others are listed)"
        else:
            status = f"{g['to_move_name']} to move"
        if g.get("stake"):
            status += f"; stake {g['stake']}"
        row = (g["id"], g["game"], names, g["moves"], status, _when(g["updated"]))
        rows.append([safe_line(cell) for cell in row])
    justify = ["right" if heading in ("id", "moves") else "left" for heading in header]
    print_table("Saved games", header, rows, justify)
    click.echo("* a computer player")


def _when(stamp: Any) -> str:
    """A save's time as a table reads it, in this machine's time zone: `2026-11-27 01:35`
    (the ISO stamp, 25 characters, had been cut short in an 80-column list)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(str(stamp)).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return str(stamp or "")


@game.command("resume", epilog="Example: ezkit game resume 1")
@click.argument("game_id", metavar="ID", type=SAVED_ID)
@db_option
def resume(game_id: int, db: Path | None) -> None:
    """Go on playing a saved game at this terminal."""
    session = _load(db, game_id)
    if session.state.is_over():
        click.echo(f"Game {game_id} is over.")
        for line in session.results():
            click.echo(line)
        if stake_line := _stake_line(session):
            click.echo(stake_line)
        return
    _interactive(db, session)


@game.command("undo", epilog="Example: ezkit game undo 1")
@click.argument("game_id", metavar="ID", type=SAVED_ID)
@db_option
@json_option
def undo(game_id: int, db: Path | None, as_json: bool) -> None:
    """Take back the last move a human made and the bots' moves after it."""
    from ezkit.store import open_campaign

    with open_campaign(db) as campaign:
        session = Session(saves.get_in(campaign, game_id), game_id=game_id)
        session.saver = saves.writer_in(campaign, game_id, session.record["moves"])
        removed = session.undo()
    if as_json:
        emit_json({**_status(session), "removed": removed})
        return
    click.echo(f"Took back {removed} move{'s' * (removed != 1)} of game {game_id}.")
    _print_status(session, db)


@game.command("log", epilog="Example: ezkit game log 1 --seat 0")
@click.argument("game_id", metavar="ID", type=SAVED_ID)
@click.option("--seat", default=None, help="The game as this seat saw it (default: the table).")
@db_option
@json_option
def log(game_id: int, seat: str | None, db: Path | None, as_json: bool) -> None:
    """The game replayed and told, as the whole table saw it or as one seat did."""
    from ezkit.games.table import narrate

    session = _load(db, game_id)
    number = _seat(session, seat)
    lines = narrate(session.record, number)
    if session.state.is_over():
        lines += session.results()
    if as_json:
        emit_json({"id": game_id, "seat": number, "lines": lines})
        return
    for line in lines:
        click.echo(line)


# --- simulation --------------------------------------------------------------------------------
