"""The `ezkit` command line: a root group that loads each command on first use.

Commands are thin (parse, call the rules, print). Every error ezkit raises,
and every click usage error, is turned into one line on stderr and an exit
code here, in one place: 2 for a usage error, 1 for an invalid document or
move. `--debug` (or EZKIT_DEBUG=1) shows the traceback instead.
"""

from __future__ import annotations

import atexit
import errno
import gc
import importlib
import os
import sys
from typing import Any, NamedTuple

import click

from ezkit import __version__
from ezkit.errors import EzkitError


class Lazy(NamedTuple):
    """Where a command lives ("module:attribute"), and what `ezkit --help` lists it as: its
    help's first paragraph, or its short_help when it has one (tests/test_cli.py checks that
    both match the command's own)."""

    target: str
    help: str | None = None
    short_help: str | None = None


# A command's module is imported only when it runs, so `ezkit roll` never pays for the PDF,
# database or card-game code, and `ezkit --help` lists the commands without importing any.
COMMANDS = {
    "roll": Lazy(
        "ezkit.cli.roll:roll",
        short_help="Roll dice (4dF or another method) and read them on the Ladder.",
    ),
    "odds": Lazy(
        "ezkit.cli.odds:odds", "The chance of a Mediocre (0) or better outcome (a Success)."
    ),
    "dice": Lazy("ezkit.cli.odds:dice_group", "The dice methods and how they compare with 4dF."),
    "action": Lazy(
        "ezkit.cli.action:action",
        "Resolve an action: RANK + modifiers + roll against the difficulty.",
    ),
    "char": Lazy("ezkit.cli.char:char", "Build, check, store and advance EZFudge characters."),
    "fight": Lazy(
        "ezkit.cli.fight:fight", "Resolve melee and ranged exchanges, and whole fight scenes."
    ),
    "print": Lazy(
        "ezkit.cli.printing:print_group", "Print character sheets and the play aid as PDF."
    ),
    "schema": Lazy(
        "ezkit.cli.schema:schema",
        "JSON Schemas of the files ezkit reads, for editors and other tools.",
    ),
    "game": Lazy(
        "ezkit.cli.game:game",
        "Play the rule books' card games: hot-seat, with bots, saved after every move.",
    ),
    "score": Lazy("ezkit.cli.score:score", "Score a game played with real cards."),
}


class LazyGroup(click.Group):
    """A click group whose commands are imported when first asked for."""

    def __init__(self, *args: Any, lazy: dict[str, Lazy] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self._listing = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            entry = self.lazy[cmd_name]
            if self._listing:  # the help's list of commands: a stand-in with the same line
                return click.Command(cmd_name, help=entry.help, short_help=entry.short_help)
            module, _, attribute = entry.target.partition(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def main(self, args: Any = None, prog_name: str | None = None, **kwargs: Any) -> Any:
        standalone = kwargs.pop("standalone_mode", True)
        if not standalone:
            return super().main(args, prog_name, standalone_mode=False, **kwargs)
        argv = list(sys.argv[1:] if args is None else args)
        debug = argv[:1] == ["--debug"] or os.environ.get("EZKIT_DEBUG") == "1"
        for number, arg in enumerate(argv, 1):
            # bytes that are not UTF-8 arrive as surrogates, which no file or screen can take
            bad = next((c for c in str(arg) if "\udc80" <= c <= "\udcff"), None)
            if bad is not None:
                byte = ord(bad) - 0xDC00
                click.echo(
                    f"Error: argument {number} holds the byte 0x{byte:02x}, which is not UTF-8 "
                    "text; ezkit reads its arguments as UTF-8",
                    err=True,
                )
                sys.exit(2)
        try:
            code = super().main(argv, prog_name, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as error:
            # `ezkit` or `ezkit dice` alone: the help, as --help would print it.
            click.echo(error.ctx.get_help() if error.ctx else error.format_message())
            sys.exit(0)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except click.ClickException as error:
            if debug:
                raise
            click.echo(f"Error: {_one_line(error.format_message())}", err=True)
            sys.exit(error.exit_code)
        except EzkitError as error:
            if debug:
                raise
            click.echo(f"Error: {_one_line(str(error))}", err=True)
            sys.exit(error.exit_code)
        except OSError as error:
            if debug:
                raise
            click.echo(f"Error: {_one_line(_os_error(error))}", err=True)
            sys.exit(2 if error.errno in _PATH_ERRORS else 1)
        except Exception as error:
            if debug:
                raise
            if type(error).__name__ == "ValidationError" and hasattr(error, "errors"):
                # a value from the command line that the model refuses (pydantic, imported
                # only by the commands that need it): a usage error, said in one line
                click.echo(f"Error: {_validation(error)}", err=True)
                sys.exit(2)
            # A bug, not bad input: one line and the way to see more.
            click.echo(
                f"Error: internal error ({type(error).__name__}: {_one_line(str(error))}); "
                "run again with --debug for the traceback and please report it",
                err=True,
            )
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _validation(error: Any) -> str:
    """A pydantic ValidationError as one sentence per field: where, what, the value."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ())) or "value"
        value = repr(item.get("input"))[:40]
        parts.append(f"{where}: {item.get('msg', 'invalid')} (got {value})")
    return _one_line("; ".join(parts))


#: What the system says of a path a person gave (a name too long, a folder not allowed): a
#: usage error (2), as check_writable's are. Anything else (a full disk, an I/O error) is a
#: failure of the command (1).
_PATH_ERRORS = frozenset(
    getattr(errno, name)
    for name in ("ENAMETOOLONG", "ENOENT", "ENOTDIR", "EISDIR", "EACCES", "EPERM", "ELOOP")
    if hasattr(errno, name)
)


def _os_error(error: OSError) -> str:
    """An OSError as a person reads it: the path (shortened; a rename's target, not its temp
    file) and what the system said."""
    name = error.filename2 if error.filename2 is not None else error.filename
    if name is None or not error.strerror:
        return str(error)
    from ezkit.terminal import safe_line

    shown = safe_line(os.fsdecode(name))
    if len(shown) > 60:  # the end kept: the file's own name says most
        shown = "..." + shown[-57:]
    return f"{shown}: {error.strerror}"


def _one_line(message: str) -> str:
    return " ".join(message.split())


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Example: ezkit action Great --mod 1 --difficulty Superb --roll -1",
)
@click.version_option(__version__, "--version", prog_name="ezkit")
@click.option("--debug", is_flag=True, help="Show a traceback on errors.")
def cli(debug: bool) -> None:
    """ezkit: a game master's toolkit for EZFudge.

    Build and keep characters, roll on the Ladder, resolve actions and
    fights with their exact odds, and print sheets and the play aid.
    """


def main() -> None:
    """Console-script entry point."""
    # At exit Python's last cycle collection walks every object still alive, for a process
    # about to free them all: after a PDF (WeasyPrint's modules and boxes) about 0.12 s here.
    # Frozen objects are left out of it. Registered first, the freeze runs after every other
    # exit hook (they run last-registered first), so nothing they make is walked either.
    atexit.register(gc.freeze)
    cli.main(prog_name="ezkit")
