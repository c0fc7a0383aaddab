"""`ezkit action`: resolve one action roll (EZ-11)."""

from __future__ import annotations

from fractions import Fraction

import click

from ezkit import actions, dice, ladder, odds
from ezkit.cli.params import (
    FOE_ROLL,
    FUDGE_MOST,
    METHOD,
    RANK,
    ROLL,
    Command,
    Whole,
    emit_json,
    json_option,
    mod_option,
    pick_seed,
    seed_option,
)


@click.command(
    cls=Command,
    epilog="""\b
Examples:
  ezkit action Great --mod 1 --difficulty Superb --roll -1   Lightfingers Louie's lock
  ezkit action Fair --roll 2 --mathless                       the finger-walk
  ezkit action Good --difficulty Good --contest --foe-roll 1df --seed 3
  ezkit action +2 --fudge-points 1 --json""",
)
@click.argument("rank", type=RANK)
@mod_option("Modifiers the GM allows.")
@click.option(
    "--difficulty",
    "-d",
    type=RANK,
    default="Fair",
    show_default=True,
    help="The test's difficulty, or the resisting trait's rank in a contest.",
)
@click.option("--roll", "given_roll", type=ROLL, help="The roll made at the table (-4..+4).")
@seed_option
@click.option("--method", "-m", type=METHOD, default=dice.DEFAULT, show_default=True)
@click.option("--contest", is_flag=True, help="Someone resists: a contest, not a test.")
@click.option(
    "--foe-roll",
    type=FOE_ROLL,
    default="none",
    show_default=True,
    help="Optional roll for the foe, added to the difficulty (makes it a contest).",
)
@click.option(
    "--fudge-points",
    type=Whole(0, FUDGE_MOST),
    default=0,
    help="Fudge Points spent after the roll, +1 each (EZ-12).",
)
@click.option("--mathless", is_flag=True, help="Tell it as finger moves on the Ladder.")
@json_option
def action(
    rank: int,
    modifier: int,
    difficulty: int,
    given_roll: int | None,
    seed: int | None,
    method: dice.Method,
    contest: bool,
    foe_roll: str,
    fudge_points: int,
    mathless: bool,
    as_json: bool,
) -> None:
    """Resolve an action: RANK + modifiers + roll against the difficulty.

    RANK is the trait's rank: a Ladder word (any case, a prefix such as
    `gre`), a number, or `Great (+3)`. Without --roll the dice are rolled
    (replay with --seed).
    """
    foe_roll = foe_roll.lower()
    foe_method = odds.foe_method(foe_roll)
    if given_roll is not None and seed is not None and foe_method is None:
        raise click.UsageError(
            "--roll gives the roll made at the table and --seed rolls the dice: give one "
            "(with --foe-roll, --seed rolls the foe's dice)"
        )
    if given_roll is None or foe_method is not None:
        seed = pick_seed(seed)
    rng = dice.new_rng(seed)
    roll = None if given_roll is not None else method.roller(rng).roll()
    roll_value = given_roll if roll is None else roll.value
    foe = foe_method.roller(rng).roll() if foe_method else None
    # One roll from a fresh start: for the poker deck, a fresh shoe's odds.
    chance = odds.chance(rank, difficulty, modifier, foe_roll, method.name, fresh=True)
    result = actions.resolve(
        rank,
        roll_value,
        modifier=modifier,
        difficulty=difficulty,
        foe_roll=foe.value if foe else 0,
        fudge_points=fudge_points,
        contest=contest or foe is not None,
    )

    if as_json:
        emit_json(
            {
                "kind": result.kind,
                "rank": rank,
                "rank_name": ladder.name(rank),
                "modifier": modifier,
                "method": method.name,
                "roll": roll_value,
                "roll_faces": list(roll.faces) if roll else None,
                "fudge_points": fudge_points,
                "result": result.result,
                "result_name": ladder.name(result.result),
                "difficulty": difficulty,
                "difficulty_name": ladder.name(difficulty),
                "foe_roll": (
                    {"method": foe.method, "faces": list(foe.faces), "value": foe.value}
                    if foe
                    else None
                ),
                "outcome": "success" if result.success else "failure",
                "outcome_rank": result.outcome,
                "outcome_name": ladder.name(result.outcome),
                "margin": result.margin,
                "chance": float(chance),
                "chance_fraction": str(chance),
                "fudge_points_to_succeed": result.points_to_succeed(),
                "mathless": actions.mathless(result) if mathless else None,
                "seed": seed,
            }
        )
        return

    click.echo(_headline(result, chance, method.name, foe_roll))
    if mathless:
        click.echo(f"  {_roll_line(result, roll)}")
        if foe:
            click.echo(f"  Foe roll: {foe.method} {foe.shown()} = {ladder.signed(foe.value)}")
        for step in actions.mathless(result):
            click.echo(f"  {step}")
    else:
        for line in _arithmetic(result, roll, foe):
            click.echo(f"  {line}")
        verdict = "Success" if result.success else "Failure"
        click.echo(
            f"{verdict}, {result.margin_name} {result.margin}: "
            f"{ladder.with_article(result.outcome)} outcome ({ladder.signed(result.outcome)})."
        )
    if not result.success:
        need = result.points_to_succeed()
        click.echo(
            f"Spending {need} Fudge Point{'s' if need != 1 else ''} would make it a Success."
        )
    if seed is not None:
        click.echo(f"(seed {seed})")


def _headline(result: actions.Action, chance: Fraction, method: str, foe_roll: str) -> str:
    mod = f" {result.modifier:+d}" if result.modifier else ""
    return (
        f"{result.kind.capitalize()}: {ladder.label(result.rank)}{mod} against "
        f"{ladder.label(result.difficulty)}; chance of success before the roll "
        f"{odds.percent(chance)}% ({odds.in_n(chance, method, foe_roll)}"
        f"{', one card off a fresh shoe' if method == 'poker' else ''})."
    )


def _roll_line(result: actions.Action, roll: dice.Roll | None) -> str:
    rolled = f"{roll.method} {roll.shown()} = " if roll else ""
    return f"Roll: {rolled}{ladder.signed(result.roll)}{'' if roll else ' (given)'}"


def _arithmetic(result: actions.Action, roll: dice.Roll | None, foe: dice.Roll | None) -> list[str]:
    lines = [_roll_line(result, roll)]
    parts = [ladder.signed(result.rank)]
    if result.modifier:
        parts.append(f"{result.modifier:+d}")
    parts.append(f"{result.roll:+d}" if result.roll else "+0")
    if result.fudge_points:
        parts.append(f"+{result.fudge_points} (Fudge Points)")
    lines.append(f"Result: {' '.join(parts)} = {ladder.label(result.result)}")
    if foe:
        lines.append(
            f"Foe roll: {foe.method} {foe.shown()} = {ladder.signed(foe.value)}; "
            f"difficulty {ladder.signed(result.difficulty)} {foe.value:+d} = "
            f"{ladder.label(result.opposition)}"
        )
    lines.append(
        f"Outcome: {ladder.signed(result.result)} - ({ladder.signed(result.opposition)}) = "
        f"{ladder.signed(result.outcome)}"
    )
    return lines
