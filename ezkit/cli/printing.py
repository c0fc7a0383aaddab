"""`ezkit print sheet|aid`: character sheets and the GM's play aid as PDF."""

from __future__ import annotations

from pathlib import Path

import click

from ezkit import rules as rules_data
from ezkit.cli.char import db_option, load_character, rules_option

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
    from ezkit import render

    render.preload()
    from ezkit.printing import sheet as sheets

    rules = rules_data.load(house_rules)
    if blank == bool(names):
        raise click.UsageError("name one or more characters, or ask for a --blank sheet")
    views = (
        [sheets.blank(rules)]
        if blank
        else [sheets.sheet(load_character(name, db), rules) for name in names]
    )
    pages = render.pdf("sheet.html", output, paper, sheets=views)
    click.echo(
        f"wrote {output}: {len(views)} sheet{'s' if len(views) != 1 else ''}, "
        f"{pages} page{'s' if pages != 1 else ''}"
    )


@print_group.command("aid", epilog="Example: ezkit print aid -o play-aid.pdf --rules house.yaml")
@OUTPUT
@PAPER
@rules_option
def aid(output: Path, paper: str, house_rules: Path | None) -> None:
    """The GM's play aid: the Ladder, actions, odds, dice, fights, wounds, healing, tables."""
    from ezkit import render

    render.preload()
    from ezkit.printing import aid as play_aid

    rules = rules_data.load(house_rules)
    pages = render.pdf("aid.html", output, paper, aid=play_aid.aid(rules))
    click.echo(f"wrote {output}: {pages} page{'s' if pages != 1 else ''}")
