"""`ezkit char new`: the flowchart and point-buy builders, one answer at a time (EZ-2..EZ-10).

Jason Free is built as the book builds him (seed 003, "Making Characters"), with his answers piped
in as a player would type them; every illegal answer is refused with its rule and asked again.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ezkit import rules as rules_data
from ezkit.character import builder
from ezkit.character.check import check, swap_rates
from ezkit.character.files import parse_character, read_character
from ezkit.character.model import Character, Role, Swap, Weapon
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
        inserted("gifts", 3, "Sorcery", "y", "2", "0"),
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
    swap_rates(c.model_copy(update={"swaps": options}), rules(), errors, [])
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
    # no points left for a gift yet: refused, and the step ends
    "gifts": ["Toughness", "n", "1", ""],
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


def test_add_puts_the_character_in_the_campaign(runner: CliRunner, here: Path) -> None:
    db = here / "campaign.json"
    code, out = new(runner, answers(), "-o", "sheets/jason.yaml", "--add", "--db", str(db))
    assert code == 0, out
    assert "wrote sheets/jason.yaml" in out and "added Jason Free to" in out
    with open_campaign(db) as campaign:
        stored = Character.model_validate(campaign.get_character("jason free"))
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
