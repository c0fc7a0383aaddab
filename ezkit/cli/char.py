"""`ezkit char ...`: build, check, store and advance characters."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ezkit import ladder
from ezkit.cli.params import RANK, Command, db_option, emit_json, json_option, rules_option
from ezkit.errors import DocumentError, EzkitError, InputError
from ezkit.fileio import write_atomic
from ezkit.rules import MAX_REST_WEEKS
from ezkit.store import open_campaign, refuse_campaign_output
from ezkit.terminal import safe, safe_line
from ezkit.words import plural

# The character model (pydantic), the build rules and YAML are imported by the commands
# that use them, not with the group: `char remove` needs none of them.
if TYPE_CHECKING:
    from collections.abc import Sequence

    from ezkit.character.files import Problem
    from ezkit.character.model import Character
    from ezkit.character.stored import Mark
    from ezkit.rules import Rules
    from ezkit.store import Campaign

CHECK_EXAMPLE = "ezkit char check examples/characters/jason-free.yaml"


def reason_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--reason", default="", help="Why: kept in the character's history.")(
        command
    )


@click.group("char")
def char() -> None:
    """Build, check, store and advance EZFudge characters."""


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
        characters.append(character)
    with open_campaign(db) as campaign:
        for character in characters:
            campaign.add_character(character.to_document(), replace=replace, checked=True)
            click.echo(f"added {character.name} to {campaign.path}")
        _check_unmarked(campaign)


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
            characters.append(stored.listed(doc, checked))
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
                    "condition": wounds.condition(c.wounds, rules),
                }
                for c in characters
            ]
        )
        return
    if not characters:
        click.echo("The campaign has no characters yet: add one with `ezkit char add FILE`.")
    for c in characters:
        best = c.best_role
        role = f"{ladder.label(best[0])} {best[1]}" if best else "no roles"
        state = wounds.condition(c.wounds, rules)
        marks = _marks_text(c.wounds, rules)
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
    with open_campaign(db) as campaign:
        doc = campaign.get_character(name)
        if not yes:
            click.confirm(f"Remove {doc['name']} from {campaign.path}?", abort=True)
        campaign.remove_character(doc["name"])
    click.echo(f"removed {doc['name']}")


@char.command("export", epilog="Example: ezkit char export 'Jason Free' -o jason.yaml")
@click.argument("name")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["yaml", "json"]), default=None, help="Default: YAML."
)
@db_option
def export(name: str, output: Path | None, fmt: str | None, db: Path | None) -> None:
    """Write a character from the campaign as a YAML (or JSON) file."""
    character = load_character(name, db)
    fmt = fmt or ("json" if output and output.suffix == ".json" else "yaml")
    document = character.to_document()
    if fmt == "json":
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    else:
        from ezkit.yamlio import dump_yaml

        text = dump_yaml(document)
    if output is None:
        click.echo(text, nl=False)
    else:
        refuse_campaign_output(output, db)
        write_atomic(output, text)
        click.echo(f"wrote {output}", err=True)


# --- advancement ------------------------------------------------------------------------


def _advance(
    name: str,
    db: Path | None,
    house_rules: Path | None,
    change: Callable[[Character, Rules], Character],
) -> Character:
    """Apply a change to a stored character, in one locked, atomic write."""
    from ezkit import rules as rules_data
    from ezkit.character.files import parse_character

    rules = rules_data.load(house_rules)
    result: list[Character] = []

    def apply(doc: dict[str, Any]) -> dict[str, Any]:
        before = parse_character(doc, "the campaign")
        changed = change(before, rules)
        if changed.wounds != before.wounds:
            _check_track(changed, rules)  # refused before the one write, not after it
        result.append(changed)
        document = changed.to_document()
        parse_character(document, f"{changed.name} as changed")  # the model checks it whole
        return document

    with open_campaign(db) as campaign:
        campaign.update_character(name, apply, checked=True)
        _check_unmarked(campaign)
    return result[0]


def _ledger(
    name: str, db: Path | None, change: Callable[[dict[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """Change a stored character's Fudge Points and Experience (ezkit.character.ledger) in
    one locked, atomic write, and return its new document.

    A character the campaign keeps as the model checked it (its digest) is changed as a
    document, without starting the model: the ledger keeps a valid document valid. Any
    other is read by the model first, which checks the change whole.
    """
    from ezkit.character import ledger

    def apply(doc: dict[str, Any]) -> dict[str, Any]:
        if as_checked and ledger.plain(doc):
            return change(doc)
        from ezkit.character.files import parse_character

        before = parse_character(doc, "the campaign").to_document()
        after = change(before)
        return parse_character(after, f"{after['name']} as changed").to_document()

    with open_campaign(db) as campaign:
        as_checked = campaign.character_checked(name)
        changed = campaign.update_character(name, apply, checked=True)
        _check_unmarked(campaign)
    return changed


def _report_points(doc: dict[str, Any], what: str) -> None:
    from ezkit.character.ledger import held_experience, held_fudge_points

    click.echo(
        f"{safe(doc['name'])}: {what}; now {held_fudge_points(doc)} Fudge Points, "
        f"{held_experience(doc)} Experience Points"
    )


def _check_unmarked(campaign: Campaign) -> None:
    """A change to the campaign's characters checks those stored without a digest (by an
    older ezkit; by a fight) and keeps the digest of each valid one: `char list` then reads
    them without the model. Once: a character with its digest is not checked again here."""
    unmarked = campaign.unmarked_characters()
    if not unmarked:
        return
    from ezkit.character.files import parse_character

    valid = []
    for doc_id, doc in unmarked:
        try:
            parse_character(doc, "the campaign")
        except EzkitError:
            continue  # listed with its reason by `char list`, never in the way of this change
        valid.append(doc_id)
    campaign.mark_checked(valid)


def _check_track(character: Character, rules: Rules) -> None:
    """DocumentError unless every mark on the track is at a level of these rules."""
    from ezkit.combat import wounds

    try:
        wounds.track_text(character.wounds, rules)
    except InputError as error:
        raise DocumentError(
            f"{character.name} in the campaign has a wound track these rules cannot read "
            f"({error}); nothing was written"
        ) from None


def _report(character: Character, what: str) -> None:
    click.echo(
        f"{character.name}: {what}; now {character.fudge_points} Fudge Points, "
        f"{character.experience} Experience Points"
    )


@char.command(
    "award", epilog="Example: ezkit char award 'Jason Free' --fp 1 --reason 'clever plan'"
)
@click.argument("name")
@click.option("--fp", "fudge_points", type=click.IntRange(0), default=0, help="Fudge Points.")
@click.option("--xp", "experience", type=click.IntRange(0), default=0, help="Experience Points.")
@reason_option
@db_option
def award(name: str, fudge_points: int, experience: int, reason: str, db: Path | None) -> None:
    """The GM awards Fudge Points or Experience Points."""
    from ezkit.character import ledger

    doc = _ledger(name, db, lambda d: ledger.award(d, fudge_points, experience, reason))
    _report_points(doc, "awarded")


@char.command(
    "spend", epilog="Example: ezkit char spend 'Jason Free' --fp 1 --reason '+1 on a roll'"
)
@click.argument("name")
@click.option("--fp", "fudge_points", type=click.IntRange(0), default=0, help="Fudge Points.")
@click.option("--xp", "experience", type=click.IntRange(0), default=0, help="Experience Points.")
@reason_option
@db_option
def spend(name: str, fudge_points: int, experience: int, reason: str, db: Path | None) -> None:
    """Spend Fudge Points (+1 each on a roll's result, EZ-12) or Experience Points."""
    from ezkit.character import ledger

    doc = _ledger(name, db, lambda d: ledger.spend(d, fudge_points, experience, reason))
    _report_points(doc, "spent")


@char.command(
    "convert",
    epilog="""\b
Examples:
  ezkit char convert 'Jason Free' --to-xp 1   3 Fudge Points become 1 XP
  ezkit char convert 'Jason Free' --to-fp 1   1 XP becomes 2 Fudge Points""",
)
@click.argument("name")
@click.option("--to-xp", type=click.IntRange(1), help="Experience Points to make, 3 FP each.")
@click.option("--to-fp", type=click.IntRange(1), help="Experience Points to turn into 2 FP each.")
@reason_option
@db_option
@rules_option
def convert(
    name: str,
    to_xp: int | None,
    to_fp: int | None,
    reason: str,
    db: Path | None,
    house_rules: Path | None,
) -> None:
    """Convert Fudge Points into Experience (3 to 1) or back (1 to 2), as EZ-12 allows."""
    from ezkit import rules as rules_data
    from ezkit.character import ledger

    if (to_xp is None) == (to_fp is None):
        raise click.UsageError("give exactly one of --to-xp N or --to-fp N")
    rules = rules_data.load(house_rules)
    if to_xp is not None:
        doc = _ledger(name, db, lambda d: ledger.convert_to_experience(d, to_xp, rules, reason))
    else:
        assert to_fp is not None
        doc = _ledger(name, db, lambda d: ledger.convert_to_fudge_points(d, to_fp, rules, reason))
    _report_points(doc, "converted")


@char.command(
    "improve",
    epilog="""\b
Examples:
  ezkit char improve 'Jason Free' Woodsman
  ezkit char improve 'Sister Agathe' 'Doctor (Surgery)'   one of two Doctor specialties
  ezkit char improve 'Jason Free' Swimmer --new          a new role, from Poor""",
)
@click.argument("name")
@click.argument("trait")
@click.option(
    "--new",
    "new_role",
    is_flag=True,
    help="TRAIT is a role the character does not have yet, bought from Poor (EZ-3, EZ-13).",
)
@reason_option
@db_option
@rules_option
def improve(
    name: str, trait: str, new_role: bool, reason: str, db: Path | None, house_rules: Path | None
) -> None:
    """Raise one of the character's roles or attributes one rank with Experience (EZ-13).

    TRAIT is named whole (any case); a role with a specialty by its label, as
    'Doctor (Surgery)'. A trait the character lacks, or a name that fits several
    roles, is refused and nothing is charged; a new role needs --new.
    """
    from ezkit.character import advance, view

    c = _advance(
        name, db, house_rules, lambda c, r: advance.improve(c, trait, r, reason, new=new_role)
    )
    entry = c.history[-1]
    _report(c, f"{view.describe(entry)}")


@char.command("add-gift", epilog="Example: ezkit char add-gift 'Jason Free' 'Danger Sense'")
@click.argument("name")
@click.argument("gift")
@click.option("--supernormal", is_flag=True, help="A supernormal gift (counts as 2 gifts).")
@click.option("--cpd", type=int, default=0, help="Defence the gift adds to CPD.")
@reason_option
@db_option
@rules_option
def add_gift(
    name: str,
    gift: str,
    supernormal: bool,
    cpd: int,
    reason: str,
    db: Path | None,
    house_rules: Path | None,
) -> None:
    """Add a gift for 8 Experience Points, with the GM's agreement (EZ-13)."""
    from ezkit.character import advance
    from ezkit.character.model import Gift

    new = Gift(name=gift, supernormal=supernormal, cpd=cpd)
    c = _advance(name, db, house_rules, lambda c, r: advance.add_gift(c, new, r, reason))
    _report(c, f"gained the gift {gift}")


@char.command("remove-fault", epilog="Example: ezkit char remove-fault 'Jason Free' 'Greedy'")
@click.argument("name")
@click.argument("fault")
@reason_option
@db_option
@rules_option
def remove_fault(
    name: str, fault: str, reason: str, db: Path | None, house_rules: Path | None
) -> None:
    """Remove a fault for 8 Experience Points, with the GM's agreement (EZ-13)."""
    from ezkit.character import advance

    c = _advance(name, db, house_rules, lambda c, r: advance.remove_fault(c, fault, r, reason))
    _report(c, f"lost the fault {fault}")


# --- helpers ---------------------------------------------------------------------------


def load_character(name: str, db: Path | None) -> Character:
    """A character from a file when NAME is one, else from the campaign."""
    from ezkit.character.files import parse_character, read_character

    path = Path(name)
    if path.suffix in (".yaml", ".yml", ".json") and path.is_file():
        return read_character(path)
    with open_campaign(db) as campaign:
        doc = campaign.get_character(name)
    return parse_character(doc, "the campaign")


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
    console = builder.Console(
        lambda text, default: click.prompt(text, default=default, show_default=bool(default)),
        click.echo,
    )
    character = builder.walk(console, rules, point_buy=point_buy)
    report = check(character, rules)
    for line in view.report_lines(report):
        click.echo(line)
    path = builder.output_path(console, output or Path(builder.file_name(character.name)))
    if path is None:
        click.echo("nothing written")
    else:
        refuse_campaign_output(path, db)
        write_atomic(path, builder.to_yaml(character))
        click.echo(f"wrote {path}")
    if add_it:
        if not report.valid:
            listed = "; ".join(str(p) for p in report.errors)
            raise DocumentError(
                f"{character.name} breaks the build rules and was not added: {listed}"
            )
        with open_campaign(db) as campaign:
            campaign.add_character(character.to_document(), checked=True)
            click.echo(f"added {character.name} to {campaign.path}")


# --- wounds and healing -------------------------------------------------------------


def _track_line(character: Character, rules: Rules) -> str:
    from ezkit.combat import wounds

    return f"  {wounds.track_text(character.wounds, rules)}"


@char.command(
    "wound",
    cls=Command,
    epilog="""\b
Examples:
  ezkit char wound 'Jason Free' 'Very Hurt' --reason 'troll club'
  ezkit char wound 'Jason Free' 5           a wound value: 5-6 is Very Hurt (EZ-14)
  ezkit char wound 'Jason Free' Hurt --stun  circled: Dazed (EZ-16)""",
)
@click.argument("name")
@click.argument("level", metavar="LEVEL|VALUE")
@click.option("--stun", is_flag=True, help="An attack to stun: marked as stun (EZ-16).")
@reason_option
@db_option
@rules_option
def wound_command(
    name: str, level: str, stun: bool, reason: str, db: Path | None, house_rules: Path | None
) -> None:
    """Mark a wound on a stored character, by level name or by wound value.

    The box is marked as the track does it: a full level promotes the wound to the
    next level up with an empty box; past Near Death the character is Dead (EZ-15).
    """
    from ezkit import rules as rules_data
    from ezkit.combat import healing

    rules = rules_data.load(house_rules)
    c = _advance(name, db, house_rules, lambda c, r: healing.wound(c, level, r, stun, reason))
    click.echo(f"{c.name}: {c.history[-1].reason}")
    click.echo(_track_line(c, rules))


@char.command(
    "heal",
    cls=Command,
    epilog="""\b
Examples:
  ezkit char heal 'Jason Free'              after the battle: Scratches and stuns clear
  ezkit char heal 'Jason Free' --weeks 2    two weeks of rest: each wound heals 2 levels
  ezkit char heal 'Jason Free' --medical Good --era fantasy --hospital""",
)
@click.argument("name")
@click.option(
    "--weeks",
    type=click.IntRange(1, MAX_REST_WEEKS),
    help=f"Weeks of rest, 1 to {MAX_REST_WEEKS} (ten years): one level a week (EZ-21).",
)
@click.option(
    "--medical",
    "result",
    type=RANK,
    help="A treatment: the healer's action result (Fair or better heals a level).",
)
@click.option("--era", help="With --medical: the game world's era (fantasy, industrial, modern).")
@click.option("--hospital", is_flag=True, help="With --medical: in a hospital, +1 to the result.")
@reason_option
@db_option
@rules_option
def heal_command(
    name: str,
    weeks: int | None,
    result: int | None,
    era: str | None,
    hospital: bool,
    reason: str,
    db: Path | None,
    house_rules: Path | None,
) -> None:
    """Heal a stored character's wounds (EZ-21).

    With no option: first aid after the battle (every Scratch, even a promoted one,
    and every stun clears). --weeks N: rest, each wound healing one level a week.
    --medical RESULT --era ERA: one treatment, limited per in-game week by the era.
    """
    from ezkit import rules as rules_data
    from ezkit.combat import healing

    if weeks is not None and result is not None:
        raise click.UsageError("give --weeks N (rest) or --medical RESULT (a treatment), not both")
    if result is None and (era is not None or hospital):
        raise click.UsageError("--era and --hospital go with --medical RESULT")
    if result is not None and era is None:
        raise click.UsageError("--medical needs --era (fantasy, industrial or modern)")
    rules = rules_data.load(house_rules)

    def change(c: Character, r: Rules) -> Character:
        if weeks is not None:
            return healing.rest(c, weeks, r, reason)
        if result is not None:
            assert era is not None
            return healing.medical(c, result, era, r, hospital, reason)
        return healing.after_battle(c, r, reason)

    c = _advance(name, db, house_rules, change)
    click.echo(f"{c.name}: {c.history[-1].reason}")
    click.echo(_track_line(c, rules))


@char.command(
    "unwound",
    epilog="""\b
Examples:
  ezkit char unwound 'Jason Free' Hurt --reason 'the club missed after all'
  ezkit char unwound jason near               prefixes: Jason Free, Near Death
  ezkit char unwound 'Jason Free' Hurt --stun   a stun mark (Dazed)""",
)
@click.argument("name")
@click.argument("level")
@click.option("--stun", is_flag=True, help="Take back a stun mark, not a wound.")
@reason_option
@db_option
@rules_option
def unwound_command(
    name: str, level: str, stun: bool, reason: str, db: Path | None, house_rules: Path | None
) -> None:
    """Take back one wound mark made by mistake, kept in the history as a note.

    The mark taken back is the most recent one in LEVEL's box or rolled at LEVEL
    (a promoted wound; a Dead mark by the level it was rolled at). Nothing else on
    the track moves; no mark there is refused (EZ-15).
    """
    from ezkit import rules as rules_data
    from ezkit.character import advance

    rules = rules_data.load(house_rules)
    c = _advance(
        name, db, house_rules, lambda c, r: advance.take_back_wound(c, level, r, stun, reason)
    )
    click.echo(f"{c.name}: {c.history[-1].reason}")
    click.echo(_track_line(c, rules))
