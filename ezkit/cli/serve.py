"""`ezkit game serve`: the web table (ezkit.web), a page per seat on the players' phones and
the public board on a shared screen. Starlette, uvicorn and segno are imported inside the
command, so no other command pays for them."""

from __future__ import annotations

import signal
import socket
import sys
from pathlib import Path
from typing import Any

import click

from ezkit.campaign_files import waiting_at_most
from ezkit.cli.game import (
    _command,
    _create,
    _game_options,
    _options,
    _settle,
    _stake_line,
    _staked,
    _start,
    stake_option,
)
from ezkit.cli.params import SAVED_ID, SEED, FiniteRange, Whole, db_option
from ezkit.errors import EzkitError, InputError
from ezkit.games import saves
from ezkit.games.session import Session
from ezkit.terminal import safe

#: ezkit.web.table.REACTION_WAIT (a test keeps them equal), not imported: the command line
#: starts without the web table's modules (asyncio) until a game is served.
REACTION_WAIT = 20.0
#: Seconds a save of the served game waits for the campaign's lock (see run).
SAVE_WAIT = 2.0

SERVE_EXAMPLE = """\b
Examples:
  ezkit game serve dudab --players "Ann,Bob" --bots 1 --options jungle,baby
  ezkit game serve auntie --players Ann --bots 3 --lan --port 8000
  ezkit game serve 4          (serve saved game 4 again: new links, the game goes on)"""

LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This machine's address on its local network, found without sending anything (a UDP
    socket's connect only picks the route); loopback when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            return LOOPBACK
    return address if address and not address.startswith("0.") else LOOPBACK


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: a free one), opened before the links are
    printed so that they name the real port. The protocol is named (IPPROTO_TCP) because
    asyncio sets TCP_NODELAY on accepted connections only then: without it, each answer on a
    kept-alive connection waited about 40 ms for the browser's delayed ACK."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise InputError(
            f"--port {port}: cannot listen on {host}:{port} ({error.strerror})"
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _decorated(command: Any, decorators: list[Any]) -> Any:
    for decorator in reversed(decorators):  # the same game options as `game play`
        command = decorator(command)
    return command


def _qr(url: str) -> str:
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=1)
    return out.getvalue()


@click.command("serve", epilog=SERVE_EXAMPLE)
@click.argument("target", metavar="GAME|ID")
@click.option("--players", default="", help='Human players, in seat order: "Ann,Bob".')
@click.option("--bots", type=Whole(0), default=0, help="Computer players after the humans.")
@click.option(
    "--bot",
    "bot_kind",
    default=None,
    help="The bots' kind (default heuristic); a list cycles: random,heuristic.",
)
@click.option("--seed", type=SEED, default=None, help="Seed the deal, to replay a game.")
@(lambda command: _decorated(command, _game_options()))
@click.option("--lan", is_flag=True, help="Listen on this machine's LAN address (phones).")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port (0: any free one).",
)
@click.option(
    "--bot-delay",
    type=FiniteRange(0, 60),
    default=1.0,
    show_default=True,
    help="Seconds a bot waits before it moves.",
)
@click.option(
    "--reaction-wait",
    # at least 5 s: a person must read "Does anyone interrupt?" and tap; at most 300 s: a
    # phone put away must not hold the whole table for longer (AU-11: the same for every seat)
    type=FiniteRange(5, 300),
    default=REACTION_WAIT,
    show_default=True,
    help="Seconds a reaction question waits for every asked player's answer.",
)
@click.option("--no-qr", is_flag=True, help="Print the links without QR codes.")
@stake_option
@db_option
def serve(
    target: str,
    players: str,
    bots: int,
    bot_kind: str | None,
    seed: int | None,
    rounds: int | None,
    variant: str | None,
    first: str | None,
    extra: tuple[str, ...],
    switches: str | None,
    lan: bool,
    port: int,
    bot_delay: float,
    reaction_wait: float,
    no_qr: bool,
    stake: str | None,
    db: Path | None,
) -> None:
    """Serve a game to the players' phones: GAME starts a new one, ID serves a saved one.

    Prints one link (and a QR code) per human seat, each with a secret token that opens that
    seat's page only, and a link for the table's shared screen. A seat's page shows its
    hand as the printed deck's cards, the table and the story as that seat saw it (GT-1);
    moves are made by tapping. Bots play the empty seats. The game is saved to the campaign
    after every move; Ctrl-C stops the server, and `ezkit game serve ID` goes on with new
    links. Listens on 127.0.0.1 unless --lan.
    """
    number = target.strip()
    saved = number.isascii() and number.isdigit()
    if saved:
        if typed := _given_game_options():
            named = ", ".join("--" + OPTION_WORDS.get(name, name) for name in typed)
            raise click.UsageError(
                f"a saved game ID takes no game options or stake (they are saved): {named}"
            )
        game_id = SAVED_ID.convert(number, None, click.get_current_context())
        session = Session(saves.get(db, game_id), game_id=game_id)
        if session.state.is_over():
            raise EzkitError(
                f"game {game_id} is over: nothing to serve "
                f"(`{_command(f'game show {game_id}', db)}` shows how it ended)"
            )
    else:
        options = _options(rounds, variant, first, extra, switches)
        session = _start(number, players, bots, bot_kind, seed, options)
        if not session.humans():
            raise click.UsageError("nobody to serve: name the human players with --players")
        _staked(db, session, stake)  # checked before the game is stored (ezkit.games.stakes)
    host = lan_address() if lan else LOOPBACK
    # The port is taken before a new game is stored: a busy port had left a game behind,
    # stopped at a bot's turn, that nobody had asked for.
    sock = _listen(host, port)
    try:
        if not saved:
            _create(db, session)
    except BaseException:
        sock.close()
        raise
    run(session, db, sock, host, lan, bot_delay, not no_qr, reaction_wait)


#: The options that make a new game: a saved one has its own.
NEW_GAME_OPTIONS = (
    "players",
    "bots",
    "bot_kind",
    "seed",
    "rounds",
    "variant",
    "first",
    "extra",
    "switches",
    "stake",
)

#: The options' words where they differ from the parameters' names.
OPTION_WORDS = {"bot_kind": "bot", "extra": "option", "switches": "options"}


def _given_game_options() -> list[str]:
    """The new-game options typed on the command line (`--seed 0` and `--bots 0` too,
    which a test of their values' truth had let pass)."""
    ctx = click.get_current_context()
    typed = (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)
    return [name for name in NEW_GAME_OPTIONS if ctx.get_parameter_source(name) in typed]


def run(
    session: Session,
    db: Path | None,
    sock: socket.socket,
    host: str,
    lan: bool,
    delay: float,
    qr: bool,
    reaction_wait: float = REACTION_WAIT,
) -> None:
    """Serve on the listening `sock` (on `host`), print the links, until Ctrl-C; the game
    is saved after every move."""
    import asyncio

    import uvicorn

    from ezkit.web.app import make_app
    from ezkit.web.guard import (
        more_open_files,
        quiet_accept_errors,
        quiet_protocol_warnings,
        server_limits,
    )
    from ezkit.web.table import WebTable

    game_id = session.game_id
    assert game_id is not None
    write = saves.writer(db, game_id, session.record["moves"])

    def save(record: dict[str, Any]) -> None:
        # Every page waits while a save waits for the campaign's lock: not 30 s but a few;
        # a move that found it busy is not made, and is made again (WebTable: BusyError).
        with waiting_at_most(SAVE_WAIT):
            write(record)

    session.saver = save
    table = WebTable(session, bot_delay=delay, reaction_wait=reaction_wait)
    base = f"http://{host}:{sock.getsockname()[1]}"
    more_open_files()
    quiet_protocol_warnings()
    config = uvicorn.Config(
        make_app(table),
        log_level="warning",
        timeout_graceful_shutdown=1,
        lifespan="on",
        access_log=False,
        **server_limits(),
    )

    class Server(uvicorn.Server):
        failed: OSError | None = None  # the links could not be printed (stdout closed)

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            quiet_accept_errors(asyncio.get_running_loop())
            await super().startup(sockets)
            # The links, and "Ctrl-C stops", only once the server answers and its signal
            # handlers are in place: a Ctrl-C just after them had come before uvicorn caught
            # signals, and ended the command with click's "Aborted!" and exit code 1.
            if not self.should_exit:
                try:
                    _print_links(session, table, host, base, lan, qr)
                except OSError as error:  # raised below, once the server has stopped:
                    self.failed, self.should_exit = error, True  # uvicorn would log a traceback

        def handle_exit(self, sig: int, frame: Any) -> None:
            if self.should_exit:
                # A second Ctrl-C: the server is already stopping (its shutdown waits at most
                # timeout_graceful_shutdown). uvicorn would force the exit, cancelling the
                # app's lifespan, which printed a traceback on the way out.
                return
            table.stop()  # open event streams end now, not after a graceful-shutdown timeout
            super().handle_exit(sig, frame)
            # uvicorn raises each captured signal again once it has shut down: SIGINT comes
            # back as KeyboardInterrupt (caught below), but SIGTERM's default action would
            # kill the process before the ending lines. SIGTERM ends like Ctrl-C instead.
            captured = getattr(self, "_captured_signals", None)
            if isinstance(captured, list):
                captured[:] = [s for s in captured if s != signal.SIGTERM]

    server = Server(config)
    table.on_broken = lambda why: click.echo(f"The table stopped: {why}", err=True)
    try:
        click.echo(f"Game {game_id}: {session.state.game.title}, " + _who(session))
        if line := _stake_line(session):
            click.echo(line)
        sys.stdout.flush()
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C while the server starts: the game is saved as it is
        pass
    finally:
        sock.close()
    if server.failed is not None:
        raise server.failed
    _settle(db, session)  # a stake the ending save paid is confirmed
    if table.broken is not None:  # the campaign holds the game as last saved, if at all
        raise EzkitError(f"game {game_id} stopped: {table.broken}")
    if session.state.is_over():  # the table's end screen, as hot-seat play ends
        from ezkit.games.table import ending

        for line in ending(session, None):
            click.echo(line)
        if line := _stake_line(session):
            click.echo(line)
        click.echo(f"game {game_id} is over and saved")
        return
    click.echo(f"game {game_id} saved: resume with `ezkit game serve {game_id}`")


def _print_links(session: Session, table: Any, host: str, base: str, lan: bool, qr: bool) -> None:
    """A link (and a QR code) for the shared screen and for each human seat."""
    if lan:
        click.echo(f"Listening on the local network at {host} (phones on the same network).")
    links: list[tuple[str, str]] = [
        ("The table (shared screen)", f"{base}/table/{table.table_token}")
    ]
    seats = session.seats
    links += [(safe(seats[s].name), f"{base}/seat/{t}") for s, t in table.seat_tokens().items()]
    for label, url in links:
        click.echo(f"{label}: {url}")
        if qr:
            click.echo(_qr(url))
    click.echo("Each link opens its own seat only: give each player theirs. Ctrl-C stops.")
    sys.stdout.flush()


def _who(session: Session) -> str:
    return ", ".join(safe(s.label()) for s in session.seats)
