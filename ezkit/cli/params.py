"""click parameter types and shared options for ezkit's commands.

Light on purpose: every command imports it, so the modules a type needs (the dice, the
Ladder) are imported when a value is converted, and pathlib and json when an option that
needs them is made or a document printed, not here.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ezkit.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    from ezkit import dice
    from ezkit.character.model import Character

_NEGATIVE = re.compile(r"^-\d+$")


class Command(click.Command):
    """A command that reads `-1` as a value (a rank, a roll, a modifier), not an option.

    A leading space keeps click's parser from taking the token for an option;
    every type that reads numbers strips it. Unknown options still fail.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, [f" {a}" if _NEGATIVE.match(a) else a for a in args])


class FiniteRange(click.FloatRange):
    """click.FloatRange that refuses `nan`, which passes every bound (no comparison with it
    is true): `--reaction-wait nan` skipped the players' reactions, `--bleed nan` broke a
    printed deck's layout."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number; give one {self._describe_range()}", param, ctx)
        return number


#: The longest name (ezkit.character.model.NAME_MAX, kept here: params imports no model) and
#: the reach of a modifier (ezkit.ladder.LIMIT); tests/test_cli.py checks both agree.
NAME_MOST = 100
LIMIT = 20
#: The most Fudge Points a character holds (ezkit.character.model.FUDGE_MAX), so the most
#: one roll can take (EZ-12: no limit but the points held).
FUDGE_MOST = 999


class Whole(click.IntRange):
    """A whole number, within `low` to `high` where given; a value out of range, or no
    number, is named shortened (a pasted 4,000-digit number is not printed back whole)."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        super().__init__(low, high)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            from ezkit.terminal import safe_line
            from ezkit.words import shorten

            self.fail(f"{shorten(safe_line(str(value)))} is not {self.accepted()}", param, ctx)

    def _describe_range(self) -> str:
        """The range the help shows, as click writes it (`1<=x<=4`); none for a number with
        no bounds of its own (click's own said `x<=None`)."""
        return "" if self.min is None and self.max is None else super()._describe_range()

    def accepted(self) -> str:
        low, high = self.min, self.max
        if low is not None and high is not None:
            return f"a whole number from {low:,} to {high:,}"
        if low is not None:
            return f"a whole number of {low:,} or more"
        if high is not None:
            return f"a whole number of {high:,} or less"
        return "a whole number"


class Modifier(Whole):
    """A modifier within ±LIMIT (the Ladder's reach), its bounds said as the Ladder signs
    them (-20 to +20)."""

    def __init__(self, limit: int = LIMIT) -> None:
        super().__init__(-limit, limit)

    def accepted(self) -> str:
        return f"a whole number from {self.min} to +{self.max}"


MODIFIER = Modifier()


#: A saved game's or scene's ID (a number the campaign gave it).
SAVED_ID = Whole(1, 999_999_999)


def mod_option(help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`--mod`, the modifiers to an action: -20 to +20."""
    return click.option("--mod", "modifier", type=MODIFIER, default=0, help=help)


class Rank(click.ParamType):
    """A rank on the Ladder, by name, prefix, number or `Great (+3)` (EZ-1)."""

    name = "rank"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        from ezkit import ladder

        try:
            return ladder.parse(value)
        except InputError as error:
            self.fail(str(error), param, ctx)


class Roll(click.ParamType):
    """A roll given by hand: a whole number from -4 to +4 (EZ-11)."""

    name = "roll"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a whole number: a roll is -4 to +4 (EZ-11)", param, ctx)
        from ezkit import dice

        try:
            return dice.check_roll(number)
        except InputError as error:
            self.fail(str(error), param, ctx)


class Method(click.ParamType):
    """A dice method by name or alias (4dF, 3d6, d100, poker, 2d10, d20, 4d3-8)."""

    name = "method"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> dice.Method:
        from ezkit import dice

        if isinstance(value, dice.Method):
            return value
        try:
            return dice.method(value)
        except InputError as error:
            self.fail(str(error), param, ctx)


RANK = Rank()
ROLL = Roll()
METHOD = Method()
FOE_ROLL = click.Choice(["none", "1df", "4df"], case_sensitive=False)


def json_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON document and nothing else."
    )(command)


class SeedType(click.ParamType):
    """A seed: a whole number of at most 18 digits (a longer one is a paste, not a seed, and
    would be echoed back whole)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        digits = text.removeprefix("-")
        if digits.isascii() and digits.isdigit() and len(digits) <= 18:
            return int(text)
        shown = text if len(text) <= 24 else f"{text[:21]}..."
        self.fail(f"{shown!r} is not a whole number of at most 18 digits", param, ctx)


SEED = SeedType()


class NameType(click.ParamType):
    """A name typed on the command line (a trait, a weapon): one line a person can read, as a
    character file's names are (ezkit.terminal.name_problem); an escape sequence in it would
    otherwise reach the terminal when it is printed back."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from ezkit.terminal import name_problem, safe_line
        from ezkit.words import shorten

        text = str(value).strip()
        if len(text) > NAME_MOST:  # as a character file's names (model.NAME_MAX)
            shown = shorten(safe_line(text))
            self.fail(
                f"'{shown}' is {len(text):,} characters long; a name holds at most {NAME_MOST}",
                param,
                ctx,
            )
        if text and (why := name_problem(text)):  # an empty one: the command says what it needs
            shown = shorten(safe_line(text))
            self.fail(f"'{shown}' {why}; name it in letters, digits and signs", param, ctx)
        return text


NAME = NameType()


def seed_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--seed", type=SEED, default=None, help="Seed the dice, to replay a roll exactly."
    )(command)


def reason_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--reason", default="", help="Why: kept in the character's history.")(
        command
    )


def db_option(command: Callable[..., Any]) -> Callable[..., Any]:
    from pathlib import Path

    return click.option(
        "--db",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Campaign database (default: $EZKIT_DB, else the user data folder).",
    )(command)


def rules_option(command: Callable[..., Any]) -> Callable[..., Any]:
    from pathlib import Path

    return click.option(
        "--rules",
        "house_rules",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        help="House-rules file over the book's tables (default: $EZKIT_RULES).",
    )(command)


def emit_json(document: Any) -> None:
    import json

    click.echo(json.dumps(document, indent=2, ensure_ascii=False))


def pick_seed(seed: int | None) -> int:
    """The seed given, or a fresh one that the output shows so the roll can be replayed."""
    if seed is not None:
        return seed
    return int.from_bytes(os.urandom(4), "big") >> 1


#: The bits of a card game's fresh seed (see secret_seed).
SECRET_SEED_BITS = 53


def secret_seed(seed: int | None) -> int:
    """The seed given, or a fresh one for a card game, whose seed is its secret while it is on
    (GT-1). 53 bits: with the 31 of a roll's seed, a player could try every seed for the one
    that deals his own hand, and so learn every other hand and the deck; 2**53 seeds are far
    past that. And still a whole number that JavaScript holds exactly and --seed takes."""
    if seed is not None:
        return seed
    return int.from_bytes(os.urandom(8), "big") >> (64 - SECRET_SEED_BITS)


def character_file(name: str) -> Path | None:
    """The file NAME names when it is a character file (load_character reads it, not the
    campaign), else None."""
    from pathlib import Path

    path = Path(name)
    return path if path.suffix in (".yaml", ".yml", ".json") and path.is_file() else None


def load_character(name: str, db: Path | None) -> Character:
    """A character from a file when NAME is one, else from the campaign (the character,
    fight and print commands read them alike)."""
    from ezkit.character.files import in_campaign, parse_character, read_character
    from ezkit.store import open_campaign

    path = character_file(name)
    if path is not None:
        return read_character(path)
    with open_campaign(db) as campaign:
        doc = campaign.get_character(name)
    return parse_character(doc, in_campaign(doc))
