"""`ezkit char ...`: build, check, store and advance characters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ezkit import ladder
from ezkit.cli import char_advance
from ezkit.cli.char_advance import check_unmarked
from ezkit.cli.params import (
    character_file,
    db_option,
    emit_json,
    json_option,
    load_character,
    rules_option,
)
from ezkit.errors import DocumentError, EzkitError
from ezkit.fileio import check_writable, resolve, write_atomic
from ezkit.store import StoreError, open_campaign, refuse_campaign_output
from ezkit.terminal import safe, safe_line
from ezkit.words import name_key, plural

# The character model (pydantic), the build rules and YAML are imported by the commands
# that use them, not with the group: `char remove` needs none of them.
if TYPE_CHECKING:
    from collections.abc import Sequence

    from ezkit.character.asking import Asker
    from ezkit.character.check import Report
    from ezkit.character.files import Problem
    from ezkit.character.model import Character
    from ezkit.character.stored import Mark
    from ezkit.rules import Rules

CHECK_EXAMPLE = "ezkit char check examples/characters/jason-free.yaml"


@click.group("char")
def char() -> None:
    """Build, check, store and advance EZFudge characters."""


for _command in char_advance.COMMANDS:  # award ... heal: ezkit/cli/char_advance.py
    char.add_command(_command)


# --- checking ---------------------------------------------------------------------


@char.command("check", epilog=f"Example: {CHECK_EXAMPLE}")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@rules_option
@json_option
def check_command(file: Path, house_rules: Path | None, as_json: bool) -> None:
    """Check a character file against the build rules, listing every problem at once.

    Exit 0 when valid, 1 when not, 2 when the file cannot be read.
    """
    from ezkit import rules as rules_data
    from ezkit.character import view
    from ezkit.character.check import check
    from ezkit.character.files import InvalidCharacter, read_character

    rules = rules_data.load(house_rules)
    try:
        character = read_character(file)
    except InvalidCharacter as invalid:
        _print_invalid(invalid.problems, file, as_json)
        raise SystemExit(1) from None
    report = check(character, rules)
    if as_json:
        emit_json(report.as_dict())
    else:
        for line in view.report_lines(report):
            click.echo(line)
    if not report.valid:
        raise SystemExit(1)


def _print_invalid(problems: list[Problem], file: Path, as_json: bool) -> None:
    if as_json:
        emit_json(
            {
                "name": None,
                "valid": False,
                "errors": [p.as_dict() for p in problems],
                "warnings": [],
                "build_points": None,
                "budgets": {},
                "derived": None,
            }
        )
        return
    click.echo(f"{file}: INVALID ({plural(len(problems), 'error')})")
    for problem in problems:
        click.echo(f"  error   {problem}")


# --- the campaign -------------------------------------------------------------------


@char.command("add", epilog="Example: ezkit char add examples/characters/*.yaml")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--replace", is_flag=True, help="Overwrite a character of the same name.")
@db_option
@rules_option
def add(files: tuple[Path, ...], replace: bool, db: Path | None, house_rules: Path | None) -> None:
    """Check character files and add them to the campaign (names are unique, any case)."""
    from ezkit import rules as rules_data
    from ezkit.character.check import check
    from ezkit.character.files import read_character

    rules = rules_data.load(house_rules)
    characters = []
    for file in files:
        character = read_character(file)
        report = check(character, rules)
        if not report.valid:
            listed = "; ".join(str(p) for p in report.errors)
            raise DocumentError(f"{file} breaks the build rules and was not added: {listed}")
        twin = next((c for c in characters if name_key(c.name) == name_key(character.name)), None)
        if twin is not None:  # else the second is refused as "already in the campaign"
            raise click.UsageError(
                f"{safe_line(character.name)} is given twice ({file} too); nothing was added"
            )
        characters.append(character)
    with open_campaign(db) as campaign:
        for character in characters:
            campaign.add_character(character.to_document(), replace=replace, checked=True)
        check_unmarked(campaign)
    # said once written: a refusal later in the block writes none of them
    for character in characters:
        click.echo(f"added {character.name} to {campaign.path}")


@char.command("list", epilog="Example: ezkit char list --json")
@db_option
@rules_option
@json_option
def list_characters(db: Path | None, house_rules: Path | None, as_json: bool) -> None:
    """The characters in the campaign: best role, Fudge Points, Experience, wounds."""
    from ezkit import rules as rules_data
    from ezkit.character import stored
    from ezkit.combat import wounds

    rules = rules_data.load(house_rules)
    with open_campaign(db) as campaign:
        docs = campaign.list_characters_checked()
    characters, broken = [], []
    for doc, checked in docs:  # checked when stored, unchanged since: read without the model
        try:
            c = stored.listed(doc, checked)
            # the wounds read with these rules (a track another house's levels marked fails)
            characters.append((c, wounds.condition(c.wounds, rules), _marks_text(c.wounds, rules)))
        except EzkitError as error:  # one broken record is reported, never blocks the rest
            broken.append((str(doc.get("name", "?")), str(error)))
    for name, why in broken:
        click.echo(f"skipped {safe_line(name)}: {safe_line(why)}", err=True)
    if as_json:
        emit_json(
            [
                {
                    "name": c.name,
                    "build": c.build,
                    "people": c.people,
                    "fudge_points": c.fudge_points,
                    "experience": c.experience,
                    "wounds": [
                        {"level": m.level, "rolled": m.rolled, "stun": m.stun} for m in c.wounds
                    ],
                    "condition": state,
                }
                for c, state, _ in characters
            ]
        )
        return
    if not characters:
        click.echo("The campaign has no characters yet: add one with `ezkit char add FILE`.")
    for c, state, marks in characters:
        best = c.best_role
        role = f"{ladder.label(best[0])} {best[1]}" if best else "no roles"
        click.echo(
            f"{safe_line(c.name):24} {safe_line(role):40} FP {c.fudge_points:<3} "
            f"XP {c.experience:<4} {state}" + (f"; marked {marks}" if marks else "")
        )


def _marks_text(track: Sequence[Mark], rules: Rules) -> str:
    """The marked boxes in short, lowest level first: `Scratch x2, stun Hurt, Very Hurt`."""
    order = {level.name: i for i, level in enumerate(rules.wounds.levels)}
    counts: dict[str, int] = {}
    for m in sorted(track, key=lambda m: (order.get(m.level, len(order)), m.stun)):
        text = f"stun {m.level}" if m.stun else m.level
        counts[text] = counts.get(text, 0) + 1
    return ", ".join(f"{text} x{n}" if n > 1 else text for text, n in counts.items())


@char.command("show", epilog="Example: ezkit char show 'Jason Free' --history")
@click.argument("name")
@click.option("--history", is_flag=True, help="List every award, spend and improvement.")
@db_option
@rules_option
@json_option
def show(
    name: str, history: bool, db: Path | None, house_rules: Path | None, as_json: bool
) -> None:
    """Show a character from the campaign (or a character FILE)."""
    from ezkit import rules as rules_data
    from ezkit.character import view
    from ezkit.character.check import check

    character = load_character(name, db)
    report = check(character, rules_data.load(house_rules))
    if as_json:
        emit_json({"character": character.to_document(), "check": report.as_dict()})
        return
    for line in view.summary(character, report):
        click.echo(safe(line))
    if history:
        click.echo("  History:")
        for line in view.history_lines(character):
            click.echo(safe(line))


@char.command("remove", epilog="Example: ezkit char remove 'Jason Free' --yes")
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@db_option
def remove(name: str, yes: bool, db: Path | None) -> None:
    """Remove a character from the campaign."""
    if not yes:  # asked with the campaign closed: a question left open holds no lock
        with open_campaign(db) as campaign:
            asked = campaign.get_character(name)["name"]
        click.confirm(f"Remove {asked} from {campaign.path}?", abort=True)
    with open_campaign(db) as campaign:
        doc = campaign.get_character(name)
        if not yes and doc["name"] != asked:  # changed by another ezkit while asked
            raise StoreError(
                f"{name!r} now finds {doc['name']}, not {asked}: nothing was removed; run the "
                "command again"
            )
        campaign.remove_character(doc["name"])
    click.echo(f"removed {doc['name']}")


@char.command("export", epilog="Example: ezkit char export 'Jason Free' -o jason.yaml")
@click.argument("name")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["yaml", "json"]), default=None, help="Default: YAML."
)
@click.option("--force", is_flag=True, help="Write over an existing file that is not his.")
@db_option
def export(name: str, output: Path | None, fmt: str | None, force: bool, db: Path | None) -> None:
    """Write a character from the campaign as a YAML (or JSON) file.

    An existing FILE is written over when it is the same character's (an export made again),
    else only with --force: a name mistyped would lose another character's file.

    A stored character that no longer passes the checks (kept by an older ezkit, before a
    rule it breaks) is written as stored, with a warning: the way to mend it and add it back
    (char add FILE --replace), rather than a character no command can give back."""
    from ezkit.character.files import InvalidCharacter

    try:
        document = load_character(name, db).to_document()
    except InvalidCharacter as error:
        if character_file(name) is not None:
            raise
        with open_campaign(db) as campaign:
            document = campaign.get_character(name)
        click.echo(
            f"warning: {error}; written as stored: mend it, then ezkit char add FILE --replace",
            err=True,
        )
    fmt = fmt or ("json" if output and output.suffix == ".json" else "yaml")
    if fmt == "json":
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    else:
        from ezkit.yamlio import dump_yaml

        text = dump_yaml(document)
    if output is None:
        click.echo(text, nl=False)
    else:
        refuse_campaign_output(output, db)
        if not force:
            _refuse_another_file(output, str(document.get("name", "")))
        write_atomic(output, text)
        click.echo(f"wrote {output}", err=True)


def _refuse_another_file(output: Path, name: str) -> None:
    """A usage error when `output` exists, holds something, and is not a character file of
    `name` (any case). A file ezkit cannot write at all (a FIFO, a read-only file) is refused
    for that first; an empty one (`-o /dev/stdout` to a file just made) holds nothing to lose."""
    found = check_writable(resolve(output), output)
    if found is None or found.st_size == 0:
        return
    try:
        from ezkit.yamlio import load_yaml

        held = load_yaml(output)
    except EzkitError:
        held = None
    if isinstance(held, dict) and str(held.get("name", "")).casefold() == name.casefold():
        return
    raise click.UsageError(
        f"{safe_line(str(output))} exists and is not {safe_line(name)}'s character file: "
        "nothing was written; give --force to write over it, or another file"
    )


# --- making a character ---------------------------------------------------------------


@char.command(
    "new",
    epilog="""\b
Examples:
  ezkit char new                          the flowchart; writes NAME.yaml here
  ezkit char new --point-buy -o wren.yaml --add
  ezkit char new < answers.txt            answers piped in, one a line""",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Character file to write (default: the name, as jason-free.yaml, here).",
)
@click.option(
    "--point-buy", is_flag=True, help="Spend 30 build points instead of the flowchart (EZ-7)."
)
@click.option("--add", "add_it", is_flag=True, help="Also add the character to the campaign.")
@db_option
@rules_option
def new_character(
    output: Path | None, point_buy: bool, add_it: bool, db: Path | None, house_rules: Path | None
) -> None:
    """Make a character step by step, as the "Make A Character" flowchart goes.

    Each step says what is left to spend; an illegal choice is refused with its rule
    (EZ-2..EZ-10) and asked again. Blank answers end a list. Then the character is
    checked, written as YAML and, with --add, added to the campaign.
    """
    from ezkit import rules as rules_data
    from ezkit.character import builder, view
    from ezkit.character.check import check

    rules = rules_data.load(house_rules)
    if output is not None:  # refused before the walk, not after every answer is given
        from ezkit.fileio import check_creatable, check_writable

        refuse_campaign_output(output, db)
        check_writable(output)
        check_creatable(output)
    console = builder.Console(
        lambda text, default: click.prompt(text, default=default, show_default=bool(default)),
        click.echo,
    )

    def finish(io: Asker, character: Character) -> tuple[Report, Path | None]:
        """The check, then where to write: the walk's last step, so `back` works there."""
        report = check(character, rules)
        for line in view.report_lines(report):
            io.say(line)
        where = output or Path(builder.file_name(character.name))
        return report, builder.output_path(io, where, refuse=writable)

    def writable(path: Path) -> None:
        """Refused at the question, not after it (the character would be lost): never the
        campaign's files, only a regular file ezkit may write (or a new one)."""
        from ezkit.fileio import check_creatable, check_writable

        refuse_campaign_output(path, db)
        check_writable(path)
        check_creatable(path)

    try:
        character, (report, path) = builder.walk_then(console, rules, finish, point_buy=point_buy)
    except click.Abort:  # click's prompt at the end of the input or a Ctrl-C
        click.echo()  # the question's line ends
        raise EzkitError(
            "char new stopped before the character was done (the input ran out, or Ctrl-C): "
            "nothing was written"
        ) from None
    if path is None:
        click.echo("nothing written")
    else:
        refuse_campaign_output(path, db)
        write_atomic(path, builder.to_text(character, path))
        click.echo(f"wrote {path}")
    if add_it:
        if not report.valid:
            listed = "; ".join(str(p) for p in report.errors)
            raise DocumentError(
                f"{character.name} breaks the build rules and was not added: {listed}"
            )
        with open_campaign(db) as campaign:
            if campaign.has_character(character.name):  # char new has no --replace: say how
                kept = f"it is in {path}; " if path is not None else ""
                raise StoreError(
                    f"a character named {character.name!r} is already in the campaign "
                    f"({campaign.path}); {kept}ezkit char add FILE --replace overwrites it"
                )
            campaign.add_character(character.to_document(), checked=True)
        click.echo(f"added {character.name} to {campaign.path}")
