"""`ezkit char new`: the flowchart and point-buy builders, one answer at a time (EZ-2..EZ-10).

Jason Free is built as the book builds him (seed 003, "Making Characters"), with his answers piped
in as a player would type them; every illegal answer is refused with its rule and asked again.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from ezkit import rules as rules_data
from ezkit.character import builder
from ezkit.character.check import check, swap_rates
from ezkit.character.files import parse_character, read_character
from ezkit.character.model import HistoryEntry, Role, Swap, Weapon
from ezkit.cli import cli
from ezkit.store import open_campaign

EXAMPLES = Path(__file__).parent.parent / "examples"

# Jason Free's answers, step by step, as the book makes him.
JASON: dict[str, list[str]] = {
    "idea": ["Jason Free", "", "A wandering do-gooder"],
    "roles": [
        *["Quarterstaff for Hire", "", "Great"],  # name, no specialty, rank: 4 points
        *["Woodsman", "", "Good"],  # 3
        *["Historian", "the East March", "n", "Fair"],  # an optional specialty: 2
        *["Camp Cook", "", "Mediocre"],  # 1
        "",
    ],
    "attributes": ["Agility", "Good", "Mind", "Good", ""],
    "gifts": ["Toughness", "n", "1", ""],  # not supernormal, +1 to CPD; the second gift unspent
    # the fault buys 2 attribute ranks (menu item 2), spent at once on Body and Will
    "faults": ["Mercenary Code of Ethics", "2", "Body", "Good", "Will", "Good", "", ""],
    # the unused gift for 1 attribute rank + 2 role points: Body Great, Fair Rider
    "swaps": ["7", "Body", "Great", "", "Rider", "", "Fair", "", ""],
    "people": ["Human", ""],
    "other": ["3"],
    "weapons": ["quarterstaff", "knife", "", "leather jacket"],
    "tools": ["typical adventurer's pack", "bedroll", "cooking supplies (on a job)", ""],
    "description": ["A tall, sunburnt man with a quick grin.", ""],
}


def answers(point_buy: bool = False, **steps: list[str]) -> list[str]:
    chosen = {**JASON, **steps}
    if point_buy:
        chosen.pop("swaps")
    return [line for lines in chosen.values() for line in lines]


def piped(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def inserted(step: str, at: int, *lines: str) -> dict[str, list[str]]:
    """Jason's answers to one step with wrong answers put in before the right one."""
    original = JASON[step]
    return {step: [*original[:at], *lines, *original[at:]]}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new(runner: CliRunner, lines: list[str], *args: str) -> tuple[int, str]:
    result = runner.invoke(cli, ["char", "new", *args], input=piped(lines))
    return result.exit_code, result.output


class Scripted:
    """An Asker that answers from a list and keeps everything said, for tests without click."""

    def __init__(self, lines: list[str]) -> None:
        self.answers, self.lines = list(lines), []

    def ask(self, text: str, default: str = "") -> str:
        assert self.answers, f"no answer left for {text!r}"
        answer = self.answers.pop(0)
        self.lines.append(f"{text}: {answer}")
        return answer or default

    def say(self, text: str) -> None:
        self.lines.append(text)

    @property
    def output(self) -> str:
        return "\n".join(self.lines)


def rules() -> rules_data.Rules:
    return rules_data.load(None)


# --- Jason Free, as the book makes him ------------------------------------------------------


def test_jason_free_as_the_book_makes_him(runner: CliRunner, here: Path) -> None:
    code, out = new(runner, answers())
    assert code == 0, out
    for shown in (
        "role points: 6 of 10 left",  # after Great Quarterstaff for Hire
        "role points: 0 of 10 left",
        "attribute ranks: 1 of 2 left",
        "gifts: 1 of 2 left",
        "attribute ranks: 2 of 4 left",  # what the fault bought
        "role points: 2 of 12 left",  # what the swap gave
        "Resilience +2, Reflexes +2",
        "quarterstaff: INJ 5 (Body +3 + Mass Scale +0 + damage factor +2)",
        "CPD 4 (armor 1 + Mass Scale 0 + Resilience 2 + gift Toughness 1)",
        "Jason Free (flowchart): valid",
        "wrote jason-free.yaml",
    ):
        assert shown in out
    jason = read_character(here / "jason-free.yaml")
    report = check(jason, rules())
    assert report.valid and not report.warnings
    assert report.build_points == 30
    assert report.derived.cpd == 4
    assert [(w.name, w.inj) for w in report.derived.weapons] == [("quarterstaff", 5), ("knife", 4)]
    assert (report.derived.resilience, report.derived.reflexes) == (2, 2)
    book = read_character(EXAMPLES / "characters" / "jason-free.yaml")
    assert jason.roles == book.roles
    assert jason.attributes == book.attributes
    assert jason.swaps == [Swap(gifts=-1, attributes=1, roles=2)]
    assert [f.bought for f in jason.faults] == ["attributes"]
    assert (jason.people, jason.fudge_points, jason.armor.name) == ("Human", 3, "leather jacket")


def test_the_swap_as_two_standard_swaps_gives_the_same_jason(runner: CliRunner, here: Path) -> None:
    # 1 gift -> 2 attribute ranks (Body Great, one rank left), then 1 rank -> 2 role points
    swaps = ["1", "Body", "Great", "", "5", "Rider", "", "Fair", "", ""]
    code, out = new(runner, answers(swaps=swaps))
    assert code == 0, out
    jason = read_character(here / "jason-free.yaml")
    book = read_character(EXAMPLES / "characters" / "jason-free.yaml")
    assert (jason.roles, jason.attributes) == (book.roles, book.attributes)
    assert jason.swaps == [Swap(gifts=-1, attributes=2), Swap(attributes=-1, roles=2)]
    report = check(jason, rules())
    assert report.valid and report.build_points == 30


def test_the_file_is_the_character_it_was_built_as() -> None:
    io = Scripted(answers())
    jason = builder.walk(io, rules())
    assert parse_character(builder.to_document(jason)) == jason
    assert parse_character(jason.to_document()) == jason
    assert not io.answers


# --- every illegal answer: the rule, and the question again -------------------------------------

REJECTIONS = [
    pytest.param(
        inserted("roles", 5, "Great"),
        "rejected (EZ-3): Woodsman is a second Great role; a starting character has at most 1",
        "Rank of Woodsman",
        id="second-great-role",
    ),
    pytest.param(
        inserted("roles", 2, "Superb"),
        "rejected (EZ-3): Quarterstaff for Hire is Superb (+4); a starting character's best "
        "role is Great (+3)",
        "Rank of Quarterstaff for Hire",
        id="superb-role",
    ),
    pytest.param(
        inserted("roles", 12, "Fair"),
        "rejected (EZ-3): that costs 2 role points, more than are left (1 of 10)",
        "Rank of Camp Cook",
        id="role-over-budget",
    ),
    pytest.param(
        inserted("roles", 2, "Poor"),
        "rejected (EZ-3): Quarterstaff for Hire at Poor (-1): a role not taken is already Poor",
        "Rank of Quarterstaff for Hire",
        id="poor-role",
    ),
    pytest.param(
        inserted("roles", 2, "Grate"),
        "rejected (EZ-1): unknown rank 'Grate'; did you mean 'Great'?",
        "Rank of Quarterstaff for Hire",
        id="not-a-rank",
    ),
    pytest.param(
        inserted("attributes", 1, "-3"),
        "rejected (EZ-2): Agility is Worse Than Terrible (-3); a new character's attributes lie "
        "within Terrible..Superb",
        "Rank of Agility",
        id="attribute-below-terrible",
    ),
    pytest.param(
        inserted("attributes", 1, "Superb"),
        "rejected (EZ-2): that costs 3 attribute ranks, more than are left (2 of 2)",
        "Rank of Agility",
        id="attribute-over-budget",
    ),
    pytest.param(
        inserted("attributes", 0, "Strength"),
        "rejected (EZ-2): 'strength' is not one of Body, Agility, Mind, Will",
        "Attribute to change",
        id="no-such-attribute",
    ),
    pytest.param(
        inserted("gifts", 3, "Sorcery", "y", "2"),  # refused before its CPD is asked
        "rejected (EZ-5): that costs 2 gifts, more than are left (1 of 2)",
        "Gift (Enter when done)",
        id="supernormal-gift-over-budget",
    ),
    pytest.param(
        inserted("other", 0, "6"),
        "rejected (EZ-9): the character started with 6 Fudge Points",
        "Fudge Points (1..5)",
        id="fudge-points",
    ),
    pytest.param(
        inserted("weapons", 0, "quartrstaff", ""),
        "rejected (EZ-10): weapon 'quartrstaff' is not on the melee or ranged weapon tables "
        "(did you mean 'quarterstaff'?)",
        "Weapon (Enter when done)",
        id="unknown-weapon",
    ),
    pytest.param(
        inserted("weapons", 3, "leather jackt", ""),
        "rejected (EZ-10): armor 'leather jackt' is not on the armor table "
        "(did you mean 'leather jacket'?)",
        "Armor (Enter for none)",
        id="unknown-armor",
    ),
    pytest.param(
        inserted("swaps", 0, "9"),
        "answer 1 to 8",
        "Swap (1-8, Enter when done)",
        id="no-such-swap",
    ),
]


@pytest.mark.parametrize(("steps", "rejection", "asked_again"), REJECTIONS)
def test_an_illegal_answer_is_refused_with_its_rule_and_asked_again(
    runner: CliRunner, here: Path, steps: dict[str, list[str]], rejection: str, asked_again: str
) -> None:
    code, out = new(runner, answers(**steps))
    assert code == 0, out
    assert rejection in out
    assert out.index(rejection) < out.rindex(asked_again)
    report = check(read_character(here / "jason-free.yaml"), rules())
    assert report.valid and report.build_points == 30 and report.derived.cpd == 4


def test_an_off_table_weapon_takes_its_damage_factor_or_inj(runner: CliRunner, here: Path) -> None:
    weapons = ["elven staff", "+2", "sling", "inj 1", "", "leather jacket"]
    code, out = new(runner, answers(weapons=weapons))
    assert code == 0, out
    assert "elven staff: INJ 5 (Body +3 + Mass Scale +0 + damage factor +2)" in out
    assert "sling: INJ 1 (INJ as given)" in out
    jason = read_character(here / "jason-free.yaml")
    assert jason.weapons == [
        Weapon(name="elven staff", kind="melee", damage_factor=2),
        Weapon(name="sling", kind="ranged", inj=1),
    ]


# --- trait swapping (EZ-6) -------------------------------------------------------------------


def test_a_swap_that_gives_away_spent_traits_makes_the_player_lower_them() -> None:
    # 4 role points -> 1 gift, with every role point spent: lower roles until it balances
    swaps = [
        "4",
        "",  # refused: still 4 over
        "Woodsman",
        "Poor",  # dropped: 3 back, still 1 over
        "",  # refused: still 1 over
        "Camp Cook",
        "Poor",  # balanced
        "",
        *["Danger Sense", "n", "0", "Lucky", "n", "0", ""],  # spend the 2 gifts left
        "",
    ]
    io = Scripted(answers(swaps=swaps))
    character = builder.walk(io, rules())
    out = io.output
    assert "the roles given away were spent: lower roles to balance (EZ-6)" in out
    assert "role points: 4 over, 6 available" in out
    assert "  no higher rank to buy (4 role points over); Fair (+1) gives 1 back" in out
    assert "Woodsman: dropped" in out
    assert "rejected (EZ-6): still 4 role points over: lower roles until the budget balances" in out
    assert "rejected (EZ-6): still 1 role point over" in out
    assert "Role to lower (Enter when done)" in out
    assert [r.label for r in character.roles] == [
        "Quarterstaff for Hire",
        "Historian (the East March)",
    ]
    assert [g.name for g in character.gifts] == ["Toughness", "Danger Sense", "Lucky"]
    assert character.swaps == [Swap(roles=-4, gifts=1)]
    report = check(character, rules())
    assert report.valid and report.build_points == 30


def test_while_overspent_a_trait_cannot_be_raised() -> None:
    c = builder.start("Jason", rules())
    c = builder.set_role(c, rules(), Role(name="Woodsman", rank=2))
    c = builder.set_attribute(c, rules(), "body", 3)
    c = builder.apply_swap(c, rules(), Swap(attributes=-2, gifts=1))
    assert builder.overspent(c, rules()) == {"attributes": 2}
    with pytest.raises(builder.BuildError) as raised:
        builder.set_attribute(c, rules(), "mind", 2)
    assert raised.value.problem.rule == "EZ-2"
    c = builder.set_attribute(c, rules(), "body", 1)
    assert builder.overspent(c, rules()) == {}


def test_the_swap_menu_is_the_standard_trades_both_ways_and_each_balances() -> None:
    options = builder.swap_options(rules())
    trades = [builder.describe(s) for s in options]
    assert trades == [
        "1 gift -> 2 attribute ranks",
        "2 attribute ranks -> 1 gift",
        "1 gift -> 4 role points",
        "4 role points -> 1 gift",
        "1 attribute rank -> 2 role points",
        "2 role points -> 1 attribute rank",
        "1 gift -> 1 attribute rank + 2 role points",
        "1 attribute rank + 2 role points -> 1 gift",
    ]
    c = builder.start("Any", rules())
    errors: list = []
    swap_rates(replace(c, swaps=options), rules(), errors, [])
    assert errors == []


def test_a_swap_cannot_give_what_there_is_none_of() -> None:
    c = builder.start("Any", rules())
    give_a_gift = Swap(gifts=-1, roles=4)
    c = builder.apply_swap(builder.apply_swap(c, rules(), give_a_gift), rules(), give_a_gift)
    with pytest.raises(builder.BuildError, match="there are only 0 gifts to give"):
        builder.apply_swap(c, rules(), give_a_gift)


# --- point-buy (EZ-7) ----------------------------------------------------------------------


# The same Jason bought with 30 build points: roles 12 + attributes 18, then gift 4 - fault 4.
POINT_BUY = {
    "idea": ["Jason Free (point-buy)", "", ""],
    "roles": [*JASON["roles"][:-1], "Rider", "", "Fair", ""],
    "attributes": ["Body", "Great", "Agility", "Good", "Mind", "Good", "Will", "Good", ""],
    # no points left for a gift yet: refused before its details are asked, and the step ends
    "gifts": ["Toughness", ""],
    # the fault gives 4 back: spend them on gifts (3) at once
    "faults": ["Mercenary Code of Ethics", "3", "Toughness", "n", "1", "", ""],
}


def test_point_buy_spends_30_build_points(runner: CliRunner, here: Path) -> None:
    code, out = new(runner, answers(point_buy=True, **POINT_BUY), "--point-buy")
    assert code == 0, out
    for shown in (
        "build points: 30 of 30 left",
        "build points: 26 of 30 left",
        "Rank of Body (now Mediocre (0))",
        "build points: 0 of 30 left",
        "rejected (EZ-7): that costs 4 build points, more than are left (0 of 30)",
        "Mercenary Code of Ethics gives 4 build points back (EZ-7)",
        "build points: 4 of 30 left",
        "Jason Free (point-buy) (point-buy): valid",
    ):
        assert shown in out
    assert "Trait Swapping" not in out and "What does" not in out
    jason = read_character(here / "jason-free-point-buy.yaml")
    report = check(jason, rules())
    assert report.valid and not report.warnings
    assert report.build_points == 30 and report.derived.cpd == 4
    assert jason.build == "point-buy" and jason.swaps == []
    assert [f.bought for f in jason.faults] == [None]


def test_point_buy_keeps_the_one_great_role_limit(runner: CliRunner, here: Path) -> None:
    roles = POINT_BUY["roles"]
    steps = {**POINT_BUY, "roles": [*roles[:5], "Great", *roles[5:]]}
    code, out = new(runner, answers(point_buy=True, **steps), "--point-buy")
    assert code == 0, out
    assert "rejected (EZ-3): Woodsman is a second Great role" in out


# --- people (EZ-8) ------------------------------------------------------------------------


def test_a_people_package_is_read_and_applied_after_the_swaps(
    runner: CliRunner, here: Path
) -> None:
    package = EXAMPLES / "people" / "hill-dwarf.yaml"
    people = ["Hill Dwarf", "nowhere.yaml", str(package)]
    code, out = new(runner, answers(people=people))
    assert code == 0, out
    assert "rejected (EZ-8): nowhere.yaml: no such file" in out
    assert "the Hill Dwarf package applies (EZ-8)" in out
    assert "Resilience +3, Reflexes +2" in out  # the package's Will +1: (Body 3 + Will 3) // 2
    jason = read_character(here / "jason-free.yaml")
    assert jason.people_package is not None and jason.people_package.name == "Hill Dwarf"
    assert jason.effective().attributes.will == 3
    assert check(jason, rules()).valid


# --- the file and the campaign ------------------------------------------------------------


@pytest.mark.parametrize(
    ("finish", "written", "kept"),
    [
        pytest.param(["n", ""], None, True, id="declined"),
        pytest.param(["n", "other.yaml"], "other.yaml", True, id="another-file"),
        pytest.param(["y"], "jason-free.yaml", False, id="confirmed"),
    ],
)
def test_an_existing_file_is_not_overwritten_without_confirmation(
    runner: CliRunner, here: Path, finish: list[str], written: str | None, kept: bool
) -> None:
    (here / "jason-free.yaml").write_text("keep me\n")
    code, out = new(runner, [*answers(), *finish])
    assert code == 0, out
    assert "jason-free.yaml exists. Overwrite it?" in out
    assert ((here / "jason-free.yaml").read_text() == "keep me\n") is kept
    if written is None:
        assert "nothing written" in out
    else:
        assert f"wrote {written}" in out
        assert check(read_character(here / written), rules()).valid


def test_back_and_help_work_at_the_questions_of_where_to_write(
    runner: CliRunner, here: Path
) -> None:
    """The last questions are the walk's too: `back` at "Overwrite it?" asks the background
    again, `back` at "File to write instead" asks "Overwrite it?" again (it was taken for a
    file name), and `?` shows the help."""
    (here / "jason-free.yaml").write_text("keep me\n")
    finish = ["?", "back", "Raised by wolves", "n", "back", "n", "?", "other.yaml"]
    code, out = new(runner, [*answers(), *finish])
    assert code == 0, out
    assert out.count("Background (Enter for none)") == 2
    assert out.count("jason-free.yaml exists. Overwrite it?") == 4
    assert out.count("File to write instead") == 3 and out.count("? shows this help") == 3
    assert not (here / "back").exists() and not (here / "?").exists()
    assert (here / "jason-free.yaml").read_text() == "keep me\n"
    assert "wrote other.yaml" in out and out.count("Jason Free (flowchart): valid") == 3
    written = read_character(here / "other.yaml")
    assert written.background == "Raised by wolves" and check(written, rules()).valid


def test_a_file_ezkit_cannot_write_is_said_at_the_question_and_another_asked_for(
    runner: CliRunner, here: Path
) -> None:
    """Found by a hostile-input hunt: a folder, a read-only file or the campaign named at
    "File to write instead" ended the command (exit 2) after every question was answered,
    and the character was lost. Why is said there, and another file asked for."""
    (here / "jason-free.yaml").write_text("keep me\n")
    (here / "folder").mkdir()
    (here / "locked.yaml").write_text("x\n")
    (here / "locked.yaml").chmod(0o444)
    db = here / "campaign.json"
    finish = ["n", "folder", "locked.yaml", "campaign.json", "locked.yaml/x.yaml", "ok.yaml"]
    code, out = new(runner, [*answers(), *finish], "--db", str(db))
    assert code == 0, out
    assert "cannot write there: folder is a folder, not a regular file" in out
    assert "cannot write there: locked.yaml is read-only" in out
    assert "cannot write there: locked.yaml/x.yaml: cannot be written (Not a directory)" in out
    assert "cannot write there:" in out and out.count("cannot write there:") == 4
    assert "(a link to" not in out  # a relative name is no link
    assert "wrote ok.yaml" in out and read_character(here / "ok.yaml").name == "Jason Free"


def test_add_puts_the_character_in_the_campaign(runner: CliRunner, here: Path) -> None:
    db = here / "campaign.json"
    code, out = new(runner, answers(), "-o", "sheets/jason.yaml", "--add", "--db", str(db))
    assert code == 0, out
    assert "wrote sheets/jason.yaml" in out and "added Jason Free to" in out
    with open_campaign(db) as campaign:
        stored = parse_character(campaign.get_character("jason free"))
    assert stored == read_character(here / "sheets" / "jason.yaml")


def test_house_rules_change_the_budgets(runner: CliRunner, here: Path) -> None:
    house = here / "house.yaml"
    house.write_text("flowchart:\n  role_points: 12\n")
    code, out = new(runner, answers(), "--rules", str(house))
    assert code == 0, out
    assert "role points: 12 of 12 left" in out and "role points: 2 of 14 left" in out


def test_file_names_come_from_the_character_name() -> None:
    assert builder.file_name("Jason Free") == "jason-free.yaml"
    assert builder.file_name("Jason Free (point-buy)") == "jason-free-point-buy.yaml"
    assert builder.file_name("!!!") == "character.yaml"


def test_the_installed_ezkit_takes_piped_answers(tmp_path: Path) -> None:
    beside = Path(sys.executable).with_name("ezkit")
    ezkit = str(beside) if beside.exists() else shutil.which("ezkit")
    assert ezkit, "the ezkit console script is not installed"
    done = subprocess.run(
        [ezkit, "char", "new"],
        input=piped(answers()),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert "Jason Free (flowchart): valid" in done.stdout
    assert check(read_character(tmp_path / "jason-free.yaml"), rules()).valid


# --- asking as a player needs it ----------------------------------------------------------


def transcript_after(out: str, asked: str) -> list[str]:
    """The lines said after the question `asked` (a `Scripted` line, "question: answer")."""
    lines = out.splitlines()
    return lines[lines.index(asked) + 1 :]


def test_a_gift_is_refused_before_its_details_when_no_gift_is_left() -> None:
    # both gifts taken, then a third offered: refused at its name, nothing more asked of it
    gifts = ["Toughness", "n", "1", "Lucky", "n", "0", "Rich", ""]
    io = Scripted(answers(gifts=gifts, swaps=[""]))
    character = builder.walk(io, rules())
    after = transcript_after(io.output, "Gift (Enter when done): Rich")
    assert after[:2] == [
        "  rejected (EZ-5): that costs 1 gift, more than are left (0 of 2)",
        "Gift (Enter when done): ",
    ]
    assert "Is Rich supernormal" not in io.output
    assert [g.name for g in character.gifts] == ["Toughness", "Lucky"]


def test_a_supernormal_gift_beyond_the_budget_is_refused_before_its_cpd() -> None:
    gifts = ["Toughness", "n", "1", "Sorcery", "y", "2", ""]
    io = Scripted(answers(gifts=gifts))
    builder.walk(io, rules())
    after = transcript_after(io.output, "How many gifts does Sorcery count as: 2")
    assert after[0] == "  rejected (EZ-5): that costs 2 gifts, more than are left (1 of 2)"
    assert "Defence Sorcery" not in io.output


def test_a_rank_shows_its_cost_and_only_affordable_ranks_are_offered() -> None:
    io = Scripted(answers())
    builder.walk(io, rules())
    out = io.output.splitlines()

    def offered(question: str) -> str:
        return out[out.index(question) - 1]

    # the first role: every rank up to Great, each at rank + 1 (EZ-3)
    assert offered("Rank of Quarterstaff for Hire (Enter to skip): Great") == (
        "  Mediocre (0) for 1, Fair (+1) for 2, Good (+2) for 3, Great (+3) for 4 role points "
        "(10 of 10 left)"
    )
    # a Great role is taken: no second Great offered, though 6 points would buy it
    assert offered("Rank of Woodsman (Enter to skip): Good") == (
        "  Mediocre (0) for 1, Fair (+1) for 2, Good (+2) for 3 role points (6 of 10 left)"
    )
    # 1 point left: Fair (2) and better are not offered
    assert offered("Rank of Camp Cook (Enter to skip): Mediocre") == (
        "  Mediocre (0) for 1 role point (1 of 10 left)"
    )
    # an attribute: raises as far as the ranks left reach, and what lowering gives back (EZ-2)
    assert offered("Rank of Mind (now Fair (+1)): Good") == (
        "  Good (+2) for 1 more attribute rank (1 of 2 left); Mediocre (0) gives 1 back, "
        "Poor (-1) gives 2 back, Terrible (-2) gives 3 back"
    )


def test_the_offers_of_a_role_taken_and_of_a_required_specialty() -> None:
    r = rules()
    c = builder.start("Doc", r)
    doctor = Role(name="Doctor", specialty="Family Practice", specialty_required=True, rank=2)
    c = builder.set_role(c, r, doctor)
    c = builder.set_role(c, r, Role(name="Woodsman", rank=3))  # 7 of 10 spent
    left = builder.budgets(c, r)["roles"]
    # a taken role: one rank up for 1 more, the ranks down give back, Poor drops it
    offers = builder.role_offers(c, r, doctor)
    assert offers == [(-1, -3), (0, -2), (1, -1)]  # no Great: Woodsman is the one Great role
    text = builder.describe_offers(offers, left, now=2, drop=-1)
    assert text == (
        "no higher rank to buy (3 of 10 left); Fair (+1) gives 1 back, "
        "Mediocre (0) gives 2 back, Poor (-1) drops it and gives 3 back"
    )
    # a further specialty of a required-specialty role costs its rank (EZ-4)
    vet = Role(name="Doctor", specialty="Veterinary", specialty_required=True, rank=0)
    assert builder.role_offers(c, r, vet) == [(0, 0), (1, 1), (2, 2)]


def test_a_required_specialty_is_asked_for() -> None:
    roles = [
        *["Doctor", "Family Practice", "y", "Great"],  # the GM requires a specialty: 4 points
        *["Doctor", ""],  # no specialty given: the role is skipped, not asked its rank
        *["Doctor", "Good", "Veterinary", "Good"],  # a rank is not a specialty; extra: 2 points
        *["Woodsman", "", "Good"],  # 3
        *["Camp Cook", "", "Mediocre"],  # 1
        "",
    ]
    io = Scripted(answers(roles=roles))
    character = builder.walk(io, rules())
    out = io.output
    asked = "Specialty of Doctor (the GM requires one, EZ-4; Enter to skip Doctor)"
    assert transcript_after(out, f"{asked}: ")[0] == "Role name (Enter when done): Doctor"
    assert transcript_after(out, f"{asked}: Good")[0] == (
        "  rejected (EZ-4): 'Good' is a rank, not a specialty: name the specialty or press "
        "Enter; the rank is asked next"
    )
    assert transcript_after(out, f"{asked}: Veterinary")[0] == (
        "  Mediocre (0) for 0, Fair (+1) for 1, Good (+2) for 2 role points (6 of 10 left)"
    )
    assert "must be specialized" not in out
    assert [(r.label, r.rank, r.specialty_required) for r in character.roles[:2]] == [
        ("Doctor (Family Practice)", 3, True),
        ("Doctor (Veterinary)", 2, True),
    ]
    report = check(character, rules())
    assert report.valid and report.build_points == 30


def test_a_rank_typed_for_a_role_name_is_refused() -> None:
    io = Scripted(answers(roles=["Good", *JASON["roles"]]))
    builder.walk(io, rules())
    assert transcript_after(io.output, "Role name (Enter when done): Good")[0] == (
        "  rejected (EZ-3): 'Good' is a rank, not a role: name the role first, its rank is "
        "asked next"
    )


def test_back_returns_to_the_previous_question_at_any_prompt(runner: CliRunner, here: Path) -> None:
    steps = {
        # the first question: nothing before it; then a name mistyped and taken back
        "idea": ["back", "Jason Fre", "back", "Jason Free", "", "A wandering do-gooder"],
        "roles": [
            *["Quarterstaff for Hire", "", "Superb", "Great"],  # Superb refused
            # a second Great refused, then back: to Woodsman's specialty, not to its rank
            *["Woodsman", "", "Great", "back", "", "Good"],
            *JASON["roles"][6:],
        ],
        # back from the next step's first question: the roles' last question again
        "attributes": ["back", "", "Agility", "Good", "Mind", "Good", ""],
        # back from a gift's CPD to whether it is supernormal
        "gifts": ["Toughness", "n", "back", "n", "1", ""],
        # back at a rank the swap gave: the attribute is asked again
        "swaps": ["7", "Body", "back", "Body", "Great", "", "Rider", "", "Fair", "", ""],
        "tools": ["typical adventurer's pack", "bedroll", "back", "blanket", ""],
    }
    code, out = new(runner, answers(**steps))
    assert code == 0, out
    assert "nothing to go back to: this is the first question" in out
    for back_at, asked_again in (
        ("Player (Enter for none): back", "Character name: Jason Free"),
        ("Rank of Woodsman (Enter to skip): back", "Specialty of Woodsman (optional"),
        ("Attribute to change (Enter when done): back", "Role name (Enter when done): "),
        ("EZ-10) [0]: back", "Is Toughness supernormal"),
        (
            "Rank of Body (now Good (+2)) [Good]: back",
            "Attribute to change (Enter when done): Body",
        ),
        ("Tool or kit (Enter when done): back", "Tool or kit (Enter when done): blanket"),
    ):
        # the question asked again, after what was said before it the first time
        following = out[out.index(back_at) :].splitlines()[1:5]
        assert any(line.startswith(asked_again) for line in following), (back_at, following)
    jason = read_character(here / "jason-free.yaml")
    book = read_character(EXAMPLES / "characters" / "jason-free.yaml")
    assert jason.name == "Jason Free"
    assert (jason.roles, jason.attributes) == (book.roles, book.attributes)
    assert [g.name for g in jason.gifts] == ["Toughness"] and jason.gifts[0].cpd == 1
    assert jason.swaps == [Swap(gifts=-1, attributes=1, roles=2)]
    assert jason.tools == ["typical adventurer's pack", "blanket"]
    assert check(jason, rules()).build_points == 30


def test_the_first_question_says_how_to_go_back(runner: CliRunner, here: Path) -> None:
    code, out = new(runner, answers())
    assert code == 0, out
    help_line = "Type back at any question to go back to the question before and answer it again"
    assert out.index(help_line) < out.index("Character name:")


def test_a_new_character_has_no_history_undone() -> None:
    io = Scripted(answers(other=["6", "3"]))
    builder.walk(io, rules())
    said = "rejected (EZ-9): the character started with 6 Fudge Points; a starting character has"
    assert said in io.output
    assert "history undone" not in io.output
    # the check of a new character's file says the same
    jason = read_character(EXAMPLES / "characters" / "jason-free.yaml")
    problems = check(replace(jason, fudge_points=6), rules()).errors
    assert [p.message for p in problems] == [
        "the character started with 6 Fudge Points; a starting character has 1 to 5"
    ]
    # a character with a history was counted back to its start: that is what is said
    award = HistoryEntry(time=datetime(2024, 1, 1, tzinfo=UTC), kind="award", fudge_points=4)
    played = replace(jason, fudge_points=10, history=[award])
    assert [p.message for p in check(played, rules()).errors] == [
        "the character started with 6 Fudge Points (history undone); a starting character has "
        "1 to 5"
    ]


# --- hostile answers and outputs -------------------------------------------------------------


def test_a_long_name_gets_a_file_name_the_system_takes(runner: CliRunner, here: Path) -> None:
    """A 300-character name had made a file name too long to open: the walk was lost. A name
    holds at most 100 characters now (a longer one is asked again); its file name is short."""
    too_long, long = "Jason " + "Free" * 74, "Jason " + "Free" * 22 + "Done!!"
    assert len(long) == 100
    code, out = new(runner, answers(idea=[too_long, long, "", "A wandering do-gooder"]))
    assert code == 0, out
    assert "refused: that answer is 302 characters long; it may hold at most 100" in out
    (written,) = here.glob("*.yaml")
    assert len(written.name) <= 65 and read_character(written).name == long


def test_an_armor_bonus_of_thousands_of_digits_is_asked_again(
    runner: CliRunner, here: Path
) -> None:
    weapons = ["quarterstaff", "knife", "", "Tinfoil", "9" * 5000, "leather jacket"]
    code, out = new(runner, answers(weapons=weapons), "-o", "jason.yaml")
    assert code == 0 and "internal error" not in out, out
    assert read_character(here / "jason.yaml").name == "Jason Free"


def test_a_json_output_is_written_as_json(runner: CliRunner, here: Path) -> None:
    """`-o jason.json` had held YAML, which ezkit then refused to read."""
    code, out = new(runner, answers(), "-o", "jason.json")
    assert code == 0, out
    assert json.loads((here / "jason.json").read_text())["name"] == "Jason Free"
    assert read_character(here / "jason.json").name == "Jason Free"


def test_new_add_of_a_name_already_stored_says_how_to_replace_it(
    runner: CliRunner, here: Path
) -> None:
    """char new has no --replace: the refusal had told to use it."""
    db = str(here / "c.json")
    assert runner.invoke(cli, ["char", "add", str(EXAMPLES / "characters/jason-free.yaml"),
                               "--db", db]).exit_code == 0  # fmt: skip
    code, out = new(runner, answers(), "-o", "again.yaml", "--add", "--db", db)
    assert code == 1 and "it is in again.yaml; ezkit char add FILE --replace overwrites it" in out
    assert (here / "again.yaml").exists()


def test_an_output_ezkit_will_not_write_is_refused_before_the_walk(
    runner: CliRunner, here: Path
) -> None:
    """The campaign itself, or a device: refused at once, not after every answer is given."""
    db = here / "c.json"
    assert runner.invoke(cli, ["char", "add", str(EXAMPLES / "characters/wren.yaml"),
                               "--db", str(db)]).exit_code == 0  # fmt: skip
    for output in (str(db), "/dev/null"):
        result = runner.invoke(cli, ["char", "new", "-o", output, "--db", str(db)], input="")
        assert result.exit_code == 2, result.output
        assert "Character name" not in result.output  # no question asked


def test_input_that_runs_out_says_nothing_was_written(runner: CliRunner, here: Path) -> None:
    """Found by a hunt: piped answers that ran out ended with click's bare 'Aborted.'."""
    result = runner.invoke(cli, ["char", "new", "-o", str(here / "zed.yaml")], input="Zed\n")
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == (
        "Error: char new stopped before the character was done (the input ran out, or "
        "Ctrl-C): nothing was written"
    )
    assert not (here / "zed.yaml").exists()


@pytest.mark.parametrize(
    ("step", "at", "bad", "why"),
    [
        (
            "idea",
            0,
            "Ann\u202eA",
            "holds the control character '\\u202e'",
        ),  # a bidi override: reads backwards
        ("idea", 0, "Tab\tName", "holds the control character '\\t'"),
        ("idea", 0, "Zero\u200bW", "holds '\\u200b', a character that hides"),
        ("idea", 0, "Bob\x1b[31mX", "holds the control character '\\x1b'"),
        ("idea", 0, "\x00abc", "holds the control character '\\x00'"),
        ("idea", 0, "Line\u2028build: point-buy", "holds the control character '\\u2028'"),
        (
            "idea",
            1,
            "Pl\u202eayer",
            "holds the control character '\\u202e'",
        ),  # the player, text as well
        ("roles", 1, "East\x1b]0;x\x07", "holds the control character '\\x1b'"),
        ("description", 0, "Tall\u2066 man", "holds the control character '\\u2066'"),
    ],
)
def test_a_typed_answer_char_check_would_refuse_is_asked_again(
    runner: CliRunner, here: Path, step: str, at: int, bad: str, why: str
) -> None:
    """Found by a hostile-input hunt: `char new` took any line, so it wrote files (and added
    characters to the campaign) that `char check` then refused, and an escape sequence in a
    name reached the terminal raw. A line `char check` would refuse is refused with why, and
    the question asked again; the file written is then one ezkit reads."""
    code, output = new(runner, answers(**inserted(step, at, bad)), "-o", "out.yaml")
    assert code == 0, output
    assert f"refused: that answer {why}" in output
    checked = runner.invoke(cli, ["char", "check", "out.yaml"])
    assert checked.exit_code == 0, checked.output
    assert bad not in (here / "out.yaml").read_text(encoding="utf-8", errors="surrogateescape")


#: Answers of every kind of character (letters, marks, controls, format characters such as
#: the soft hyphen and emoji tags), up to a little past a name's most.
ANSWERS = st.text(
    alphabet=st.one_of(st.characters(), st.sampled_from("a \t\u00ad\u200b\u200d\U000e0067")),
    max_size=105,
)


@given(ANSWERS, st.booleans())
def test_typed_problem_refuses_exactly_what_the_model_refuses(answer: str, prose: bool) -> None:
    """A typed answer passes when it is empty or the model takes it: a name (model.Name) or,
    for a text such as a description, a text (model.Text: a soft hyphen is fine there)."""
    from pydantic import TypeAdapter, ValidationError

    from ezkit.character.model import Name, Text
    from ezkit.character.walk import typed_problem

    answer = answer.strip()
    try:
        TypeAdapter(Text if prose else Name).validate_python(answer)
        takes = True
    except ValidationError:
        takes = False
    assert (typed_problem(answer, prose) == "") == (takes or answer == "")


def test_the_length_of_a_typed_answer_is_the_models() -> None:
    from ezkit.character.walk import typed_problem

    assert typed_problem("x" * 100) == "" and "101 characters long" in typed_problem("x" * 101)
    assert typed_problem("x" * 20_000, prose=True) == ""
    assert "at most 20,000" in typed_problem("x" * 20_001, prose=True)
    assert typed_problem("soft\u00adhyphen", prose=True) == ""  # a text may hold it
    assert "hides or reorders" in typed_problem("soft\u00adhyphen")  # a name may not


def test_an_undecodable_byte_in_an_answer_is_named() -> None:
    from ezkit.character.walk import typed_problem

    # stdin decoded with surrogateescape (a POSIX locale) turns a stray byte into half a character
    assert typed_problem("Ann\udcff") == (
        "holds '\\udcff', a byte that is no character (is the terminal UTF-8?)"
    )


def test_a_new_file_in_a_folder_that_may_not_be_written_is_refused_before_the_walk(
    runner: CliRunner, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a review: a new file in a read-only folder passed the checks and failed at
    the write, after every question. The folder is asked of first (the system's answer is
    faked here: tests run as root, who may write anywhere but a read-only disk)."""
    import os

    from ezkit import fileio

    (here / "ro").mkdir()
    real = os.access
    monkeypatch.setattr(
        fileio.os, "access", lambda p, mode: False if Path(p).name == "ro" else real(p, mode)
    )
    code, out = new(runner, [], "-o", "ro/jason.yaml")
    assert code == 2 and "cannot write in its folder" in out and "Character name" not in out
    (here / "jason-free.yaml").write_text("keep me\n")  # asked where instead: ro, then ok
    code, out = new(runner, [*answers(), "n", "ro/jason.yaml", "ok.yaml"])
    assert code == 0 and "cannot write there: ro/jason.yaml: cannot write in its folder" in out
    assert "wrote ok.yaml" in out
