"""`ezkit odds` and `ezkit dice`: the exact chances behind every roll."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import click

from ezkit import dice, ladder
from ezkit import odds as odds_rules
from ezkit.cli.params import FOE_ROLL, METHOD, RANK, Command, emit_json, json_option, mod_option


@click.command(
    cls=Command,
    epilog="""\b
Examples:
  ezkit odds                                  the Percentages table, exact and as the book prints it
  ezkit odds --rank Good --difficulty Great   one chance
  ezkit odds --rank Fair --difficulty Fair --foe-roll 1df
  ezkit odds --method 3d6 --json""",
)
@click.option("--rank", "-r", type=RANK, help="Trait rank (e.g. Good, +2, 'Good (+2)').")
@click.option("--difficulty", "-d", type=RANK, help="Difficulty (default Fair with --rank).")
@mod_option("Modifier to the action result.")
@click.option("--foe-roll", type=FOE_ROLL, default="none", show_default=True)
@click.option("--method", "-m", type=METHOD, default=dice.DEFAULT, show_default=True)
@json_option
def odds(
    rank: int | None,
    difficulty: int | None,
    modifier: int,
    foe_roll: str,
    method: dice.Method,
    as_json: bool,
) -> None:
    """The chance of a Mediocre (0) or better outcome (a Success).

    With no --rank: the seed's Percentages table, computed exactly (one
    decimal) and in the book's style (whole percent, Automatic, Never).
    """
    foe_roll = foe_roll.lower()
    if rank is None:
        if difficulty is not None:
            raise click.UsageError("--difficulty needs --rank: give both for one chance")
        _table(modifier, foe_roll, method, as_json)
        return
    if difficulty is None:
        difficulty = ladder.LADDER["Fair"]
    p = odds_rules.chance(rank, difficulty, modifier, foe_roll, method.name)
    if as_json:
        emit_json(
            {
                "rank": rank,
                "rank_name": ladder.name(rank),
                "difficulty": difficulty,
                "difficulty_name": ladder.name(difficulty),
                "modifier": modifier,
                "foe_roll": foe_roll,
                "method": method.name,
                "chance": float(p),
                "fraction": str(p),
            }
        )
        return
    mod = f" {modifier:+d}" if modifier else ""
    # a deck's chance depends on the cards gone: this one is over many draws, where `ezkit
    # action` gives the first card off a fresh shoe (a hunt found them unlabelled)
    shoe = isinstance(method, dice.PokerDeck)
    click.echo(
        f"{ladder.label(rank)}{mod} against {ladder.label(difficulty)}: "
        f"{odds_rules.percent(p)}% ({odds_rules.in_n(p, method.name, foe_roll)}) to succeed"
        f"{'' if foe_roll == 'none' else f' with a {foe_roll} foe roll'}"
        f"{'' if method.name == dice.DEFAULT else f' rolling {method.name}'}"
        f"{' (over the long run, the shoe reshuffled after each Ace)' if shoe else ''}."
    )


def _table(modifier: int, foe_roll: str, method: dice.Method, as_json: bool) -> None:
    table = odds_rules.percentages(modifier, foe_roll, method.name)
    if as_json:
        emit_json(
            {
                "modifier": modifier,
                "foe_roll": foe_roll,
                "method": method.name,
                "difficulties": list(table.difficulties),
                "rows": [
                    {
                        "rank": rank,
                        "rank_name": ladder.name(rank),
                        "chances": [float(p) for p in chances],
                        "fractions": [str(p) for p in chances],
                        "book": [odds_rules.book_percent(p) for p in chances],
                    }
                    for rank, chances in table.rows()
                ],
            }
        )
        return
    conditions = []
    if modifier:
        conditions.append(f"modifier {modifier:+d}")
    if foe_roll != "none":
        conditions.append(f"foe roll {foe_roll}")
    conditions.append(method.name)
    if isinstance(method, dice.PokerDeck):
        conditions.append("over the long run, the shoe reshuffled after each Ace")
    context = ", ".join(conditions)
    header = ["Trait \\ Difficulty", *(ladder.label(d) for d in table.difficulties)]
    exact = [[ladder.label(r), *(odds_rules.percent(p) for p in ps)] for r, ps in table.rows()]
    book = [[ladder.label(r), *(odds_rules.book_percent(p) for p in ps)] for r, ps in table.rows()]
    _print_table(f"Chance of success in percent, exact to one decimal ({context})", header, exact)
    _print_table("The same, as the book prints it (whole percent)", header, book)


@click.group("dice")
def dice_group() -> None:
    """The dice methods and how they compare with 4dF."""


@dice_group.command("compare", epilog="Example: ezkit dice compare --json")
@json_option
def compare(as_json: bool) -> None:
    """Each alternative method's exact distribution beside true 4dF.

    The poker column is the long-run chance with the shoe reshuffled after
    any Ace, which makes Aces (the ±4 and ±1 cards) come up a little more
    often than in a fresh deck.
    """
    truth, rows = odds_rules.compare()
    values = list(truth)
    if as_json:
        emit_json(
            {
                "values": values,
                "reference": {"method": dice.DEFAULT, **_dist_json(truth)},
                "methods": [
                    {
                        "method": row.method,
                        **_dist_json(row.distribution),
                        "largest_deviation": float(row.deviation),
                        "largest_deviation_at": row.at,
                    }
                    for row in rows
                ],
            }
        )
        return
    header = ["Roll", f"{dice.DEFAULT}", *(row.method for row in rows)]
    body = [
        [ladder.signed(v), _pct(truth[v]), *(_pct(row.distribution[v]) for row in rows)]
        for v in values
    ]
    body.append(
        [
            "largest deviation",
            "",
            *(f"{_pct(row.deviation)} at {ladder.signed(row.at)}" for row in rows),
        ]
    )
    _print_table("Each method against 4dF, percent (exact, one decimal)", header, body)


@dice_group.command("list", epilog="Example: ezkit dice list")
@json_option
def list_methods(as_json: bool) -> None:
    """The dice methods, their aliases and how each is read."""
    methods = dice.methods().values()
    if as_json:
        emit_json(
            [
                {"method": m.name, "aliases": list(m.aliases), "description": m.description}
                for m in methods
            ]
        )
        return
    for m in methods:
        aliases = f" (also {', '.join(m.aliases)})" if m.aliases else ""
        click.echo(f"{m.name:7} {m.description}{aliases}")


def _dist_json(distribution: dice.Distribution) -> dict[str, Any]:
    return {
        "chances": [float(p) for p in distribution.values()],
        "fractions": [str(p) for p in distribution.values()],
    }


def _pct(p: Fraction) -> str:
    return odds_rules.percent(p)


def _print_table(title: str, header: list[str], rows: list[list[str]]) -> None:
    from ezkit.cli.tables import print_table

    print_table(title, header, rows, ["left", *["right"] * (len(header) - 1)])
