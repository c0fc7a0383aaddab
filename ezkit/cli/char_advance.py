"""`ezkit char award|spend|convert|improve|add-gift|remove-fault|wound|unwound|heal`: a stored
character's Fudge Points and Experience (EZ-12, EZ-13), improvements, wounds and healing
(EZ-15, EZ-16, EZ-21), each one locked, atomic write to the campaign, checked whole first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ezkit.cli.params import (
    MODIFIER,
    RANK,
    Command,
    Whole,
    db_option,
    reason_option,
    rules_option,
)
from ezkit.errors import DocumentError, EzkitError, InputError
from ezkit.rules import MAX_REST_WEEKS
from ezkit.store import open_campaign
from ezkit.terminal import safe

if TYPE_CHECKING:
    from ezkit.character.model import Character
    from ezkit.rules import Rules
    from ezkit.store import Campaign


# --- advancement ------------------------------------------------------------------------


def _advance(
    name: str,
    db: Path | None,
    house_rules: Path | None,
    change: Callable[[Character, Rules], Character],
) -> Character:
    """Apply a change to a stored character, in one locked, atomic write."""
    from ezkit import rules as rules_data
    from ezkit.character.files import in_campaign, parse_character

    rules = rules_data.load(house_rules)
    result: list[Character] = []

    def apply(doc: dict[str, Any]) -> dict[str, Any]:
        before = parse_character(doc, in_campaign(doc))
        changed = change(before, rules)
        if changed.wounds != before.wounds:
            _check_track(changed, rules)  # refused before the one write, not after it
        result.append(changed)
        document = changed.to_document()
        parse_character(document, f"{changed.name} as changed")  # the model checks it whole
        return document

    with open_campaign(db) as campaign:
        campaign.update_character(name, apply, checked=True)
        check_unmarked(campaign)
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
        from ezkit.character.files import in_campaign, parse_character

        before = parse_character(doc, in_campaign(doc)).to_document()
        after = change(before)
        return parse_character(after, f"{after['name']} as changed").to_document()

    with open_campaign(db) as campaign:
        as_checked = campaign.character_checked(name)
        changed = campaign.update_character(name, apply, checked=True)
        check_unmarked(campaign)
    return changed


def _report_points(doc: dict[str, Any], what: str) -> None:
    from ezkit.character.ledger import held_experience, held_fudge_points

    click.echo(
        f"{safe(doc['name'])}: {what}; now {held_fudge_points(doc)} Fudge Points, "
        f"{held_experience(doc)} Experience Points"
    )


def check_unmarked(campaign: Campaign) -> None:
    """A change to the campaign's characters checks those stored without a digest (by an
    older ezkit; by a fight) and keeps the digest of each valid one: `char list` then reads
    them without the model. Once: a character with its digest is not checked again here."""
    unmarked = campaign.unmarked_characters()
    if not unmarked:
        return
    from ezkit.character.files import in_campaign, parse_character

    valid = []
    for doc_id, doc in unmarked:
        try:
            parse_character(doc, in_campaign(doc))
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


def _some_points(fudge_points: int, experience: int, what: str) -> None:
    """A usage error (exit 2) when the command line names no points: nothing to do."""
    if not fudge_points and not experience:
        raise click.UsageError(f"{what} how many? give --fp N or --xp N (or both), N at least 1")


@click.command(
    "award", epilog="Example: ezkit char award 'Jason Free' --fp 1 --reason 'clever plan'"
)
@click.argument("name")
@click.option("--fp", "fudge_points", type=Whole(0), default=0, help="Fudge Points.")
@click.option("--xp", "experience", type=Whole(0), default=0, help="Experience Points.")
@reason_option
@db_option
def award(name: str, fudge_points: int, experience: int, reason: str, db: Path | None) -> None:
    """The GM awards Fudge Points or Experience Points."""
    from ezkit.character import ledger

    _some_points(fudge_points, experience, "award")
    doc = _ledger(name, db, lambda d: ledger.award(d, fudge_points, experience, reason))
    _report_points(doc, "awarded")


@click.command(
    "spend", epilog="Example: ezkit char spend 'Jason Free' --fp 1 --reason '+1 on a roll'"
)
@click.argument("name")
@click.option("--fp", "fudge_points", type=Whole(0), default=0, help="Fudge Points.")
@click.option("--xp", "experience", type=Whole(0), default=0, help="Experience Points.")
@reason_option
@db_option
def spend(name: str, fudge_points: int, experience: int, reason: str, db: Path | None) -> None:
    """Spend Fudge Points (+1 each on a roll's result, EZ-12) or Experience Points."""
    from ezkit.character import ledger

    _some_points(fudge_points, experience, "spend")
    doc = _ledger(name, db, lambda d: ledger.spend(d, fudge_points, experience, reason))
    _report_points(doc, "spent")


@click.command(
    "convert",
    epilog="""\b
Examples:
  ezkit char convert 'Jason Free' --to-xp 1   3 Fudge Points become 1 XP
  ezkit char convert 'Jason Free' --to-fp 1   1 XP becomes 2 Fudge Points""",
)
@click.argument("name")
@click.option("--to-xp", type=Whole(1), help="Experience Points to make, 3 FP each.")
@click.option("--to-fp", type=Whole(1), help="Experience Points to turn into 2 FP each.")
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


@click.command(
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
    _report(c, view.describe(c.history[-1], c))


@click.command("add-gift", epilog="Example: ezkit char add-gift 'Jason Free' 'Danger Sense'")
@click.argument("name")
@click.argument("gift")
@click.option("--supernormal", is_flag=True, help="A supernormal gift (counts as 2 gifts).")
@click.option("--cpd", type=MODIFIER, default=0, help="Defence the gift adds to CPD (EZ-10).")
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
    from ezkit.character.files import InvalidCharacter, checked
    from ezkit.character.model import Gift

    try:
        new = checked(Gift, {"name": gift, "supernormal": supernormal, "cpd": cpd}, "GIFT")
    except InvalidCharacter as error:  # a value typed on the command line: a usage error
        said = "; ".join(f"{p.path}: {p.message}" for p in error.problems)
        raise click.BadParameter(f"{gift!r}: {said}", param_hint="GIFT") from None
    c = _advance(name, db, house_rules, lambda c, r: advance.add_gift(c, new, r, reason))
    _report(c, f"gained the gift {gift}")


@click.command("remove-fault", epilog="Example: ezkit char remove-fault 'Jason Free' 'Greedy'")
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
    removed = c.history[-1].fault  # by its stored name: FAULT may be a part of it, in any case
    _report(c, f"lost the fault {removed.name if removed else fault}")


# --- wounds and healing -------------------------------------------------------------


def _track_line(character: Character, rules: Rules) -> str:
    from ezkit.combat import wounds

    return f"  {wounds.track_text(character.wounds, rules)}"


@click.command(
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


@click.command(
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


@click.command(
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


#: The commands of this module, joined to the `char` group by ezkit/cli/char.py.
COMMANDS = [
    award,
    spend,
    convert,
    improve,
    add_gift,
    remove_fault,
    wound_command,
    unwound_command,
    heal_command,
]
