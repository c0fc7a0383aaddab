"""Fudge Points and Experience (EZ-12, EZ-13): awards, spending, conversion, improvement."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ezkit import rules as rules_data
from ezkit.character import advance
from ezkit.character.check import as_built, check
from ezkit.character.files import read_character
from ezkit.character.model import Character, Gift, Role, WoundMark
from ezkit.errors import InputError, RuleError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "characters"
RULES = rules_data.load()


@pytest.fixture
def jason() -> Character:
    return read_character(EXAMPLES / "jason-free.yaml")


@pytest.fixture
def gruk() -> Character:
    return read_character(EXAMPLES / "gruk.yaml")


def test_award_and_spend_keep_history(jason: Character) -> None:
    c = advance.award(jason, fudge_points=2, experience=5, reason="saved the mill")
    assert (c.fudge_points, c.experience) == (5, 5)
    c = advance.spend(c, fudge_points=1, reason="+1 on the climb")
    assert c.fudge_points == 4
    assert [(e.kind, e.fudge_points, e.experience, e.reason) for e in c.history] == [
        ("award", 2, 5, "saved the mill"),
        ("spend", -1, 0, "+1 on the climb"),
    ]
    assert all(e.time.tzinfo is not None for e in c.history)


def test_spending_more_than_held_says_how_many_are_missing(jason: Character) -> None:
    with pytest.raises(RuleError, match="needs 5 Fudge Points and has 3: 2 missing"):
        advance.spend(jason, fudge_points=5)


@pytest.mark.parametrize("fp, xp", [(0, 0), (-1, 0), (0, -2)])
def test_awards_must_be_positive(jason: Character, fp: int, xp: int) -> None:
    with pytest.raises(RuleError):
        advance.award(jason, fudge_points=fp, experience=xp)


def test_three_fudge_points_make_one_experience_point(jason: Character) -> None:
    c = advance.convert_to_experience(jason, 1, RULES)
    assert (c.fudge_points, c.experience) == (0, 1)
    with pytest.raises(RuleError, match="needs 3 Fudge Points and has 0: 3 missing"):
        advance.convert_to_experience(c, 1, RULES)


def test_back_conversion_gives_only_two_fudge_points(jason: Character) -> None:
    c = advance.award(jason, experience=2)
    c = advance.convert_to_fudge_points(c, 2, RULES)
    assert (c.fudge_points, c.experience) == (3 + 4, 0)


@pytest.mark.parametrize(
    ("trait", "cost", "to"),
    [
        ("Woodsman", 4, 3),  # role, Good -> Great
        ("Camp Cook", 1, 1),  # role, Mediocre -> Fair
        ("Quarterstaff for Hire", 8, 4),  # role, Great -> Superb
        ("Historian (the East March)", 2, 2),  # role by its full label
        ("agility", 8, 3),  # attribute, Good -> Great: double a role's cost
        ("Body", 16, 4),  # attribute, Great -> Superb
    ],
)
def test_improvement_costs_follow_the_table(
    jason: Character, trait: str, cost: int, to: int
) -> None:
    c = advance.award(jason, experience=20)
    c = advance.improve(c, trait, RULES)
    assert c.experience == 20 - cost
    entry = c.history[-1]
    assert entry.kind == "improve" and entry.experience == -cost and entry.to_rank == to


def test_a_new_role_is_bought_from_poor(jason: Character) -> None:
    c = advance.improve(advance.award(jason, experience=1), "Swimmer", RULES, new=True)
    assert any(r.name == "Swimmer" and r.rank == 0 for r in c.roles)
    assert c.experience == 0


def test_improving_without_enough_experience_is_refused(jason: Character) -> None:
    c = advance.award(jason, experience=5)
    with pytest.raises(RuleError, match="needs 8 Experience Points and has 5: 3 missing"):
        advance.improve(c, "Agility", RULES)


def test_beyond_superb_the_cost_keeps_doubling() -> None:
    assert RULES.improve_cost("role", 4) == 16
    assert RULES.improve_cost("role", 5) == 32
    assert RULES.improve_cost("attribute", 6) == 128
    assert RULES.improve_cost("role", -2) == RULES.improve_cost("role", -1) == 1  # Terrible as Poor


def test_attribute_cost_reads_the_rank_in_play(gruk: Character) -> None:
    # Gruk's Body is Good as built and Great with his people package: Great -> Superb costs 16.
    c = advance.improve(advance.award(gruk, experience=16), "body", RULES)
    assert c.experience == 0
    assert c.attributes.body == 3 and c.effective().attributes.body == 4


def test_improving_a_package_role_stores_it_one_rank_up(gruk: Character) -> None:
    c = advance.improve(advance.award(gruk, experience=4), "Forager", RULES)  # Fair -> Good
    assert c.experience == 2
    assert {r.name: r.rank for r in c.effective().roles}["Forager"] == 2
    assert check(c, RULES).valid  # the build is still checked as it was made


def test_add_gift_and_remove_fault_cost_eight(jason: Character) -> None:
    c = advance.award(jason, experience=16)
    c = advance.add_gift(c, Gift(name="Danger Sense"), RULES, reason="the ambush")
    c = advance.remove_fault(c, "mercenary code of ethics", RULES)
    assert c.experience == 0
    assert [g.name for g in c.gifts] == ["Toughness", "Danger Sense"]
    assert c.faults == []
    with pytest.raises(RuleError, match="has no fault 'Greedy'"):
        advance.remove_fault(advance.award(c, experience=8), "Greedy", RULES)
    with pytest.raises(RuleError, match="already has the gift"):
        advance.add_gift(advance.award(c, experience=8), Gift(name="toughness"), RULES)


def test_a_people_package_fault_is_not_bought_off(gruk: Character) -> None:
    """Gruk's 'Sunlight makes him sluggish' is his people package's (EZ-8), listed by `char
    show`: refused as such, saying how the GM changes the package, not as a fault he lacks
    ('faults: none'), and before the XP is asked for (EZ-13)."""
    for c in (gruk, advance.award(gruk, experience=8)):
        with pytest.raises(RuleError) as refused:
            advance.remove_fault(c, "sunlight makes him SLUGGISH", RULES)
        said = str(refused.value)
        assert "'Sunlight makes him sluggish' comes from the people package Hill Troll" in said
        assert "(EZ-8)" in said and "ezkit char export 'Gruk Underbridge' -o FILE" in said
        assert "--replace" in said and "missing" not in said
    with pytest.raises(RuleError, match=r"faults: none; from the people package Hill Troll, "):
        advance.remove_fault(advance.award(gruk, experience=8), "Sunlight", RULES)


def test_the_build_is_checked_as_it_was_made(jason: Character) -> None:
    """After advancement, undoing the history gives back the character as built."""
    c = advance.award(jason, fudge_points=1, experience=40)
    for trait in ("Woodsman", "Agility", "Sailor", "Quarterstaff for Hire"):
        c = advance.improve(c, trait, RULES, new=trait == "Sailor")
    c = advance.add_gift(c, Gift(name="Lucky"), RULES)
    c = advance.remove_fault(c, "Mercenary Code of Ethics", RULES)
    c = advance.convert_to_experience(c, 1, RULES)
    report = check(c, RULES)
    assert report.valid, report.errors  # two Great roles and a Superb now, fine after play
    assert report.build_points == 30
    original = as_built(c)
    assert original.attributes == jason.attributes
    assert [(r.label, r.rank) for r in original.roles] == [(r.label, r.rank) for r in jason.roles]
    assert original.gifts == jason.gifts and original.faults == jason.faults
    assert (original.fudge_points, original.experience) == (3, 0)


# --- a history that cost what the rules price (EZ-12, EZ-13) -------------------------------

#: What a player does between sessions, as the commands do it.
STEPS = [
    ("improve", "Body"),
    ("improve", "Mind"),
    ("improve", "Brawler"),
    ("improve", "Forager"),  # a role of Gruk's people package
    ("new", "Sailor"),
    ("new", "Dragon Slayer"),
    ("gift", "Lucky"),
    ("fault", "Sunlight makes him sluggish"),
    ("spend", "1"),
    ("convert", "1"),
    ("back", "1"),
]


def _advance(c: Character, step: tuple[str, str]) -> Character:
    what, arg = step
    if what in ("improve", "new"):
        return advance.improve(c, arg, RULES, new=what == "new")
    if what == "gift":
        return advance.add_gift(c, Gift(name=arg), RULES)
    if what == "fault":
        return advance.remove_fault(c, arg, RULES)
    if what == "spend":
        return advance.spend(c, fudge_points=1, experience=1)
    if what == "convert":
        return advance.convert_to_experience(c, 1, RULES)
    return advance.convert_to_fudge_points(c, 1, RULES)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STEPS), max_size=12), st.data())
def test_a_history_the_commands_wrote_checks_and_any_other_price_does_not(
    steps: list[tuple[str, str]], data: st.DataObject
) -> None:
    """Whatever the player bought in whatever order (a package's attribute and role
    included), the check accepts the history; a character file that changes any entry's
    points or ranks (a free improvement, a spend that gives) is an error naming the entry."""
    gruk = read_character(EXAMPLES / "gruk.yaml")
    c = advance.award(gruk, fudge_points=20, experience=200)
    for step in steps:
        try:
            c = _advance(c, step)
        except RuleError:  # bought already, or no fault left to remove: the next step
            continue
    report = check(c, RULES)
    assert report.valid, report.errors
    number = data.draw(st.integers(1, len(c.history)))
    field = data.draw(st.sampled_from(["fudge_points", "experience", "to_rank"]))
    entry = c.history[number - 1]
    if field == "to_rank" and entry.to_rank is None:
        field = "experience"
    value = getattr(entry, field)
    if entry.kind in ("award", "spend") and field != "to_rank":  # any amount, one way only
        value = -value or (1 if entry.kind == "spend" else -1)
    else:
        value += data.draw(st.sampled_from([-1, 1]))
    changed = replace(entry, **{field: value})
    forged = replace(c, history=[*c.history[: number - 1], changed, *c.history[number:]])
    # the entry by its place from 0, as every path counts (history[1] had named entry 0)
    found = [p for p in check(forged, RULES).errors if p.path == f"history[{number - 1}]"]
    assert found and found[0].rule in ("EZ-12", "EZ-13"), (entry, changed)


def test_a_package_role_counts_only_against_its_own_specialty(gruk: Character) -> None:
    """`effective()` sets a package's role against the character's own of the same specialty
    as written: the history check reads the package's rank the same way (a review found a
    `Doctor (surgery)` of his own checked against the package's `Doctor (Surgery)`)."""
    package = replace(gruk.people_package, roles=[Role(name="Doctor", specialty="Surgery", rank=3)])
    doctor = Role(name="Doctor", specialty="surgery", rank=0)
    c = replace(gruk, people_package=package, roles=[*gruk.roles, doctor])
    c = advance.award(c, experience=10)
    c = advance.improve(c, "Doctor (surgery)", RULES)
    assert c.history[-1].experience == -RULES.improve_cost("role", 0)
    found = [p for p in check(c, RULES).errors if p.path.startswith("history")]
    assert not found, found


def test_a_role_bought_new_under_a_house_default_is_not_in_the_build(jason: Character) -> None:
    """With a house rule's untaken role at Mediocre, a role bought new (from Mediocre) had
    stayed in the build when the history was undone, and counted against its role points (a
    review of the day's diff found Wren over budget after `char improve --new`)."""
    house = replace(RULES, flowchart=replace(RULES.flowchart, default_role=0))
    c = advance.improve(advance.award(jason, experience=10), "Sailor", house, new=True)
    assert c.history[-1].from_rank == 0
    assert [r.label for r in as_built(c, 0).roles] == [r.label for r in jason.roles]
    assert [str(p) for p in check(c, house).errors] == [str(p) for p in check(jason, house).errors]


# --- nothing charged by a guess (EZ-13) -------------------------------------------------------


@pytest.fixture
def agathe(jason: Character) -> Character:
    """A character with a Swimmer role and two Doctor specialties, holding 10 XP."""
    roles = [
        Role(name="Doctor", specialty="Surgery", rank=2),
        Role(name="Doctor", specialty="Pathology", rank=1),
        Role(name="Swimmer", rank=1),
    ]
    return replace(jason, name="Sister Agathe", roles=roles, experience=10)


def test_a_trait_she_lacks_is_refused_with_did_you_mean(agathe: Character) -> None:
    with pytest.raises(RuleError) as caught:
        advance.improve(agathe, "Swimming", RULES)
    assert str(caught.value) == (
        "Sister Agathe has no trait 'Swimming': did you mean 'Swimmer'? (roles: Doctor (Surgery), "
        "Doctor (Pathology), Swimmer; attributes: Body, Agility, Mind, Will). To buy 'Swimming' "
        "as a new role, Poor -> Mediocre for 1 XP, add --new (EZ-3, EZ-13)"
    )


def test_a_name_two_roles_share_is_refused(agathe: Character) -> None:
    with pytest.raises(InputError, match="'doctor' could be 2 of Sister Agathe's roles"):
        advance.improve(agathe, "doctor", RULES)
    c = advance.improve(agathe, "Doctor  (Surgery)", RULES)
    assert [(r.label, r.rank) for r in c.roles][:2] == [
        ("Doctor (Surgery)", 3),
        ("Doctor (Pathology)", 1),
    ]


def test_a_plain_role_is_named_by_its_label_beside_its_specialties(agathe: Character) -> None:
    plain = replace(agathe, roles=[*agathe.roles, Role(name="Doctor", rank=0)])
    c = advance.improve(plain, "Doctor", RULES)
    assert [(r.label, r.rank) for r in c.roles][-1] == ("Doctor", 1)


@pytest.mark.parametrize(
    ("trait", "message"),
    [
        ("swimmer", "already has the role 'Swimmer': improve it without --new"),
        ("Body", "Body is an attribute, not a new role"),
        ("Doctor", "has Doctor with a specialty (Doctor (Surgery), Doctor (Pathology))"),
        ("  ", "a new role needs a name"),
    ],
)
def test_new_is_only_for_a_role_she_lacks(agathe: Character, trait: str, message: str) -> None:
    with pytest.raises(RuleError, match=re.escape(message)):
        advance.improve(agathe, trait, RULES, new=True)


def test_a_new_specialty_keeps_the_roles_name(agathe: Character) -> None:
    c = advance.improve(agathe, "doctor (Herbalism)", RULES, new=True)
    assert (c.roles[-1].name, c.roles[-1].specialty, c.roles[-1].rank) == ("Doctor", "Herbalism", 0)
    assert c.history[-1].trait == "Doctor (Herbalism)" and c.experience == 9
    assert as_built(c).roles == agathe.roles


def test_an_empty_trait_is_a_usage_error(agathe: Character) -> None:
    with pytest.raises(InputError, match="TRAIT is empty"):
        advance.improve(agathe, " ", RULES)


def test_a_gift_from_the_people_package_is_not_bought_again(gruk: Character) -> None:
    with pytest.raises(RuleError, match="already has the gift 'night vision'"):
        advance.add_gift(advance.award(gruk, experience=8), Gift(name="night vision"), RULES)


# --- a wound mark taken back (EZ-15) ------------------------------------------------------------


def marks(*spec: tuple[str, str, bool]) -> list[WoundMark]:
    return [WoundMark(level=level, rolled=rolled, stun=stun) for level, rolled, stun in spec]


def test_take_back_the_most_recent_mark_at_or_rolled_at_a_level(jason: Character) -> None:
    track = marks(
        ("Scratch", "Scratch", False),
        ("Hurt", "Hurt", False),
        ("Very Hurt", "Hurt", False),  # promoted
        ("Out of It", "Hurt", True),  # a stun, promoted
    )
    c = advance.take_back_wound(replace(jason, wounds=track), "hurt", RULES)
    assert c.wounds == track[:2] + track[3:]
    assert c.history[-1].kind == "note" and c.history[-1].wound == track[2]
    assert c.history[-1].reason == "took back Very Hurt (rolled Hurt), marked by mistake"
    c = advance.take_back_wound(c, "H", RULES, stun=True, reason="pulled")
    assert c.wounds == track[:2]
    assert c.history[-1].reason == (
        "took back stun Out of It (rolled Hurt), marked by mistake; pulled"
    )
    c = advance.take_back_wound(c, "hurt", RULES)
    assert c.wounds == track[:1]


def test_take_back_refuses_when_there_is_no_such_mark(jason: Character) -> None:
    c = replace(jason, wounds=marks(("Hurt", "Hurt", True)))
    with pytest.raises(RuleError, match=r"no wound mark at Hurt .* add --stun"):
        advance.take_back_wound(c, "Hurt", RULES)
    with pytest.raises(RuleError, match=r"no stun mark at Scratch .*EZ-15"):
        advance.take_back_wound(c, "Scratch", RULES, stun=True)
    with pytest.raises(InputError, match="unknown wound level 'Bruised'"):
        advance.take_back_wound(c, "Bruised", RULES)
