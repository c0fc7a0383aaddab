"""`ezkit print`: character sheets, the GM's play aid, decks, cheat sheets, score pads.

Each command starts importing WeasyPrint in the background first (`_preload`) and
imports what it reads with (rules data, characters, the campaign) only then: WeasyPrint's
import spends much of its time waiting for the programs that look for its C libraries,
and that time is spent here reading and checking, not after.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from ezkit.cli.params import FiniteRange, db_option, rules_option
from ezkit.words import plural

OUTPUT = click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The PDF file to write.",
)
PAPER = click.option(
    "--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True
)


def _refuse_output(output: Path, db: Path | None = None) -> None:
    """`-o`, checked before any work: never the campaign's files, and never a file that is not
    a PDF already. A PDF is written over a PDF only, so `-o` naming the character printed, the
    house rules or a campaign kept elsewhere is refused (exit 2), not silently replaced."""
    from ezkit.errors import UnwritableError
    from ezkit.store import refuse_campaign_output

    refuse_campaign_output(output, db)
    if not output.is_file():  # missing (made), a folder or a device: the write says why not
        return
    with open(output, "rb") as handle:  # a regular file: opening it never waits
        start = handle.read(5)
    if start and start != b"%PDF-":
        raise UnwritableError(
            f"{output} exists and is not a PDF; ezkit writes a PDF over a PDF only: name "
            "another file, or remove this one first"
        )


def _preload() -> None:
    """Start importing WeasyPrint, and pause the cycle collector until the command ends.

    What a print command makes (modules, view models, WeasyPrint's boxes) lives to its end,
    so the collector's sweeps would only walk it over and over: a full one took about 0.1 s
    of a sheet's 0.25 s after the import, and half the time of 32 sheets. What they would
    free is small (peak memory 2 MB more at most, for the Foozle deck and for 32 sheets)."""
    import gc

    from ezkit import render

    render.preload()
    gc.disable()
    click.get_current_context().call_on_close(gc.enable)


def _warn(text: str) -> None:
    click.echo(f"warning: {text}", err=True)


@contextmanager
def _drawing(what: str) -> Iterator[None]:
    """A spinner on the terminal while the PDF is drawn (a deck takes seconds), on standard
    error and gone when done; nothing when that is not a terminal (a pipe, a log, the tests)."""
    import sys

    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(f"Drawing {what} ...", spinner="line"):
        yield


@click.group("print")
def print_group() -> None:
    """Print character sheets and the play aid as PDF."""


@print_group.command(
    "sheet",
    epilog="""\b
Examples:
  ezkit print sheet examples/characters/jason-free.yaml -o jason.pdf
  ezkit print sheet 'Jason Free' 'Gruk Underbridge' -o party.pdf --paper a4
  ezkit print sheet --blank -o blank-sheet.pdf""",
)
@click.argument("names", nargs=-1)
@OUTPUT
@PAPER
@click.option("--blank", is_flag=True, help="An empty sheet to fill in by hand.")
@db_option
@rules_option
def sheet(
    names: tuple[str, ...],
    output: Path,
    paper: str,
    blank: bool,
    db: Path | None,
    house_rules: Path | None,
) -> None:
    """Character sheets, one character a page: campaign NAMEs or character FILEs."""
    if blank and names:
        raise click.UsageError(
            "a --blank sheet is for a character not made yet: name characters, or ask for "
            "--blank, not both"
        )
    if not blank and not names:
        raise click.UsageError("name one or more characters, or ask for a --blank sheet")
    _preload()
    from ezkit import render
    from ezkit import rules as rules_data
    from ezkit.cli.params import load_character
    from ezkit.printing import sheet as sheets

    _refuse_output(output, db)
    rules = rules_data.load(house_rules)
    views = (
        [sheets.blank(rules)]
        if blank
        else [sheets.sheet(load_character(name, db), rules) for name in names]
    )
    with _drawing("a blank sheet" if blank else plural(len(views), "sheet")):
        pages = render.pdf("sheet.html", output, paper, _warn, **sheets.batch(views, paper))
    click.echo(f"wrote {output}: {plural(len(views), 'sheet')}, {plural(pages, 'page')}")


@print_group.command("aid", epilog="Example: ezkit print aid -o play-aid.pdf --rules house.yaml")
@OUTPUT
@PAPER
@rules_option
def aid(output: Path, paper: str, house_rules: Path | None) -> None:
    """The GM's play aid: the Ladder, actions, odds, dice, fights, wounds, healing, tables."""
    _preload()
    from ezkit import render
    from ezkit import rules as rules_data
    from ezkit.printing import aid as play_aid

    _refuse_output(output)

    rules = rules_data.load(house_rules)
    with _drawing("the play aid"):
        pages = render.pdf("aid.html", output, paper, _warn, aid=play_aid.aid(rules))
    click.echo(f"wrote {output}: {plural(pages, 'page')}")


GAME = click.argument("game", type=click.Choice(["auntie", "bakeries", "dudab", "foozle"]))


def _pages(pages: int) -> str:
    return plural(pages, "page")


OPTIONS = click.option(
    "--options",
    "options",
    default="",
    help="Options to include, comma-separated: auntie no-draw,rounds; dudab jungle,baby.",
)


@print_group.command(
    "deck",
    epilog="""\b
Examples:
  ezkit print deck dudab -o dudab-deck.pdf --options jungle,baby
  ezkit print deck foozle -o fanucci.pdf --paper a4 --backs --bleed 1""",
)
@GAME
@OUTPUT
@PAPER
@click.option("--backs", is_flag=True, help="A page of card backs after each page of faces.")
@click.option(
    "--bleed",
    type=FiniteRange(min=0),
    default=0.0,
    show_default=True,
    help="Millimetres of colour past each card's trim line.",
)
@OPTIONS
def deck(game: str, output: Path, paper: str, backs: bool, bleed: float, options: str) -> None:
    """A print-and-play deck: every card of GAME, poker size, nine to a page, with cut marks.

    The base game's cards; --options adds Dudab's expansions (jungle, baby). With --backs,
    each page of faces is followed by its backs, mirrored left-right so they land behind
    their faces when printed double-sided (flip on the long edge). A bleed that puts the
    cut marks where most printers do not print (5 mm from the edge) is warned of."""
    _preload()
    from ezkit import render
    from ezkit.printing import cards
    from ezkit.printing.cheatsheet import parse_options

    _refuse_output(output)

    view = cards.deck_view(
        game, paper, backs=backs, bleed=bleed, options=parse_options(game, options)
    )
    for warning in view["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    with _drawing(f"the deck: {plural(view['cards'], 'card')}"):
        pages = render.pdf("deck.html", output, paper, _warn, deck=view)
    with_options = f" (with {view['options']})" if view["options"] else ""
    click.echo(f"wrote {output}: {view['cards']} cards{with_options}, {_pages(pages)}")


@print_group.command(
    "cheatsheet",
    epilog="""\b
Examples:
  ezkit print cheatsheet auntie -o auntie-cheat.pdf --options no-draw
  ezkit print cheatsheet dudab -o dudab-cheat.pdf --options jungle,baby --paper a4""",
)
@GAME
@OUTPUT
@PAPER
@OPTIONS
def cheatsheet(game: str, output: Path, paper: str, options: str) -> None:
    """A one-page cheat sheet for GAME: turn, cards, scoring, end, the options in play.

    For players: no ruling ids; the type as large as the page allows."""
    _preload()
    from ezkit import render
    from ezkit.printing import cheatsheet as sheets

    _refuse_output(output)

    view = sheets.cheatsheet(game, sheets.parse_options(game, options))
    with _drawing("the cheat sheet"):
        for at, size in enumerate(view["type_sizes"]):  # the largest type first
            warn = _warn if at == 0 else None  # told once, not at every size tried
            pages = render.pdf(
                "cheatsheet.html", output, paper, warn, sheet={**view, "type_size": size}
            )
            if pages == 1:
                break
    click.echo(f"wrote {output}: {_pages(pages)}")


@print_group.command(
    "scorepad", epilog="Example: ezkit print scorepad bakeries -o bakeries-pad.pdf"
)
@GAME
@OUTPUT
@PAPER
def scorepad(game: str, output: Path, paper: str) -> None:
    """A score pad for GAME: its rounds or hands, players across."""
    _preload()
    from ezkit import render
    from ezkit.printing import scorepad as pads

    _refuse_output(output)

    pad = pads.scorepad(game)
    with _drawing("the score pad"):
        pages = render.pdf("scorepad.html", output, paper, _warn, pads.fill(pad), pad=pad)
    click.echo(f"wrote {output}: {_pages(pages)}")
