"""`ezkit roll`: roll dice on the Ladder."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ezkit import dice, ladder
from ezkit.cli.params import (
    METHOD,
    Command,
    Whole,
    emit_json,
    json_option,
    pick_seed,
    seed_option,
)
from ezkit.errors import DocumentError, InputError

if TYPE_CHECKING:
    from pathlib import Path


@click.command(
    cls=Command,
    short_help="Roll dice (4dF or another method) and read them on the Ladder.",
    epilog="""\b
Examples:
  ezkit roll                      4dF, the default
  ezkit roll 4dF+2 --seed 7       four Fudge dice plus 2, replayable
  ezkit roll 3d6-1                3d6 read on the book's table, minus 1
  ezkit roll --method d20 --times 5
  ezkit roll poker --times 3 --deck-file shoe.json   the shoe carries over""",
)
@click.argument("expression", required=False, metavar="[EXPR]")
@click.option("--method", "-m", type=METHOD, help="Dice method (default 4dF).")
@seed_option
@click.option("--times", "-n", type=Whole(1, 10_000), default=1, show_default=True, help="Rolls.")
@click.option(
    "--deck-file",
    # a str here: pathlib, json and the file code are imported only when a shoe is kept
    type=click.Path(dir_okay=False),
    help="Poker deck only: keep the shoe in this file between sessions of rolling.",
)
@json_option
def roll(
    expression: str | None,
    method: dice.Method | None,
    seed: int | None,
    times: int,
    deck_file: str | None,
    as_json: bool,
) -> None:
    """Roll EXPR (METHOD[+N|-N], e.g. 4dF+2 or 3d6-1) and read it on the Ladder.

    Methods: 4dF (default), 3d6, d100, poker, 2d10, d20, 4d3-8 (seed 003,
    Other Ways to "Roll"). The modifier adds to the -4..+4 value read.
    """
    expr = _expression(expression, method)
    seed = pick_seed(seed)
    roller = expr.method.roller(dice.new_rng(seed))
    if deck_file is not None and not isinstance(roller, dice.DeckRoller):
        raise click.BadParameter(
            f"works with the poker method only, not {expr.method.name}",
            param_hint="'--deck-file'",
        )
    if deck_file is not None:
        _load_deck(roller, _path(deck_file))
    rolls = [roller.roll() for _ in range(times)]
    if deck_file is not None:
        _save_deck(roller, _path(deck_file))

    if as_json:
        emit_json(
            {
                "expression": str(expr),
                "method": expr.method.name,
                "modifier": expr.modifier,
                "seed": seed,
                "rolls": [
                    {
                        "faces": list(r.faces),
                        "roll": r.value,
                        "total": r.value + expr.modifier,
                        "name": ladder.name(r.value + expr.modifier),
                    }
                    for r in rolls
                ],
            }
        )
        return
    for r in rolls:
        total = r.value + expr.modifier
        shown = f"{r.shown()}  = {ladder.signed(r.value)}"
        if expr.modifier:
            shown += f" {expr.modifier:+d} = {ladder.signed(total)}"
        click.echo(f"{expr}: {shown}  {ladder.name(total)}")
    click.echo(f"(seed {seed})")


def _expression(text: str | None, method: dice.Method | None) -> dice.Expression:
    try:
        expr = dice.parse(text, default=method.name if method else dice.DEFAULT)
    except InputError as error:
        raise click.BadParameter(str(error), param_hint="'EXPR'") from None
    if method is not None and expr.method is not method:
        raise click.BadParameter(
            f"EXPR {text!r} names {expr.method.name} but --method says {method.name}; "
            "give the method once",
            param_hint="'--method'",
        )
    return expr


DECK_SCHEMA = 1


def _path(name: str) -> Path:
    from pathlib import Path

    return Path(name)


def _save_deck(roller: dice.DeckRoller, path: Path) -> None:
    import json

    from ezkit.fileio import write_atomic

    write_atomic(path, json.dumps({"schema_version": DECK_SCHEMA, **roller.state()}))


def _load_deck(roller: dice.DeckRoller, path: Path) -> None:
    import json

    from ezkit.fileio import check_json_depth, read_document_bytes
    from ezkit.store import refuse_campaign_output

    refuse_campaign_output(path)  # the shoe is written back to this file
    if not path.exists():
        return
    try:
        text = read_document_bytes(path, what="deck file").decode("utf-8")
        check_json_depth(text, str(path))  # before json.loads recurses into it
        state = json.loads(text)
        if not isinstance(state, dict):
            raise ValueError("not a JSON object")
        if state.get("schema_version") != DECK_SCHEMA:
            raise ValueError(f"schema_version must be {DECK_SCHEMA}")
        roller.restore(state)
    except (ValueError, UnicodeDecodeError, InputError) as error:
        raise DocumentError(
            f"deck file {str(path)!r} is not a saved shoe ({error}); it was left untouched"
        ) from None
