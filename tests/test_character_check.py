"""Character checking: the book's example, one test per rule, and property tests.

Rulings EZ-1 to EZ-10 (rules/RULINGS.md) and the seed's "Making Characters" and
"Point-Buy Characters" (CHECKING formula). Every rule test starts from a valid
character (Jason Free, as the book builds him) and breaks exactly one thing.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from long_runs import examples

from ezkit import ladder, rules
from ezkit.character import model
from ezkit.character.check import Report, check
from ezkit.character.derived import reflexes, resilience
from ezkit.character.files import InvalidCharacter, parse_character, read_character
from ezkit.errors import EzkitError
from ezkit.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
JASON_FILE = ROOT / "examples" / "characters" / "jason-free.yaml"
JASON_POINT_BUY_FILE = Path(__file__).parent / "data" / "characters" / "jason-free-point-buy.yaml"
R = rules.load(ROOT / "ezkit" / "data" / "rules.yaml")  # the book's defaults, not EZKIT_RULES
ATTRIBUTES = ("body", "agility", "mind", "will")


# --- helpers ---------------------------------------------------------------------------


def jason() -> dict[str, Any]:
    """Jason Free as a plain document (a fresh copy each time): a valid flowchart build."""
    return copy.deepcopy(_JASON)


_JASON = load_yaml(JASON_FILE)


def jason_point_buy() -> dict[str, Any]:
    """Jason's traits as a point-buy build: no swaps, faults without `bought` (EZ-7)."""
    doc = jason()
    doc["build"] = "point-buy"
    doc.pop("swaps")
    for fault in doc["faults"]:
        fault.pop("bought")
    return doc


def run(doc: dict[str, Any]) -> Report:
    return check(parse_character(doc), R)


def codes(problems: list) -> set[tuple[str, str]]:
    return {(p.rule, p.path) for p in problems}


def role(name: str, rank: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "rank": rank, **more}


def assert_error(report: Report, rule: str, path: str) -> None:
    assert (rule, path) in codes(report.errors), report.errors
    assert not report.valid


# --- 1. Jason Free, the book's worked example ---------------------------------------------


@pytest.fixture(scope="module")
def jason_report() -> Report:
    return check(read_character(JASON_FILE), R)


def test_jason_traits_are_the_books() -> None:
    """Making Characters: Jason's attributes, roles and Fudge Points as the book builds them."""
    c = read_character(JASON_FILE)
    assert c.attributes.ranks() == {"body": 3, "agility": 2, "mind": 2, "will": 2}
    assert [(r.label, r.rank) for r in c.roles] == [
        ("Quarterstaff for Hire", 3),
        ("Woodsman", 2),
        ("Historian (the East March)", 1),
        ("Camp Cook", 0),
        ("Rider", 1),
    ]
    assert [g.name for g in c.gifts] == ["Toughness"]
    assert [f.name for f in c.faults] == ["Mercenary Code of Ethics"]
    assert c.fudge_points == 3
    assert c.mass_scale == 0


def test_jason_is_valid_with_no_errors_or_warnings(jason_report: Report) -> None:
    """EZ-2..EZ-10: the book's character breaks no rule."""
    assert jason_report.valid
    assert jason_report.errors == []
    assert jason_report.warnings == []


def test_jason_derived_values(jason_report: Report) -> None:
    """EZ-9, EZ-10: Resilience 2, Reflexes 2, CPD 1 + 0 + 2 + 1 = 4, quarterstaff 5, knife 4."""
    d = jason_report.derived
    assert (d.resilience, d.reflexes) == (2, 2)
    assert d.cpd == 4
    assert [v for _, v in d.cpd_parts] == [1, 0, 2, 1]
    assert {w.name: w.inj for w in d.weapons} == {"quarterstaff": 5, "knife": 4}


def test_jason_spends_every_budget(jason_report: Report) -> None:
    """EZ-2, EZ-3, EZ-5, EZ-6: the fault and the swap give exactly what Jason spends."""
    budgets = {k: (b.spent, b.available) for k, b in jason_report.budgets.items()}
    assert budgets == {"roles": (12, 12), "attributes": (5, 5), "gifts": (1, 1)}


def test_jason_checks_to_30_build_points(jason_report: Report) -> None:
    """EZ-6, EZ-7: CHECKING 0 + 18 + 12 = 30."""
    assert jason_report.build_points == 30


def test_jason_as_point_buy_checks_to_30_and_is_valid() -> None:
    """EZ-7: the same traits bought directly cost 30 build points."""
    for c in (read_character(JASON_POINT_BUY_FILE), parse_character(jason_point_buy())):
        report = check(c, R)
        assert c.build == "point-buy"
        assert report.build_points == 30
        assert report.valid, report.errors
        assert report.warnings == []
        assert report.derived.cpd == 4


# --- 2. one test per rule ----------------------------------------------------------------

# EZ-2 attributes


@pytest.mark.parametrize("rank", ["+5", "Superb +1", "-3", "Worse Than Terrible"])
def test_ez2_attribute_out_of_range(rank: str) -> None:
    """EZ-2: a new character's attributes lie within Terrible..Superb."""
    doc = jason()
    doc["attributes"]["mind"] = rank
    assert_error(run(doc), "EZ-2", "attributes.mind")


def test_ez2_attribute_at_the_ends_is_in_range() -> None:
    """EZ-2: Terrible and Superb themselves are allowed."""
    doc = jason()
    doc["attributes"].update(body="Superb", will="Terrible", mind="Great", agility="Great")
    report = run(doc)
    assert not any(p.path.startswith("attributes.") for p in report.errors)
    assert report.budgets["attributes"].spent == 3 + -3 + 2 + 2


def test_ez2_overspent_attribute_ranks() -> None:
    """EZ-2: 2 extra ranks (+ faults and swaps); Jason has 5, a sixth is overspent."""
    doc = jason()
    doc["attributes"]["mind"] = "Great"
    report = run(doc)
    assert_error(report, "EZ-2", "attributes")
    assert report.budgets["attributes"].spent == 6
    assert report.budgets["attributes"].available == 5


def test_ez2_lowering_an_attribute_below_fair_returns_ranks() -> None:
    """EZ-2: an attribute lowered below Fair returns one rank per step."""
    doc = jason()
    doc["attributes"].update(will="Mediocre", mind="Superb")  # will -2 steps, mind +2 more
    report = run(doc)
    assert report.budgets["attributes"].spent == 5
    assert report.valid, report.errors


# EZ-3 roles


def test_ez3_overspent_role_points() -> None:
    """EZ-3: role cost = rank + 1; Camp Cook at Fair makes 13 of 12."""
    doc = jason()
    doc["roles"][3]["rank"] = "Fair"
    report = run(doc)
    assert_error(report, "EZ-3", "roles")
    assert report.budgets["roles"].spent == 13
    assert report.budgets["roles"].available == 12


def test_ez3_two_great_roles() -> None:
    """EZ-3: at most one Great role, however many points; the second Great is the error."""
    doc = jason()
    doc["roles"][1]["rank"] = "Great"
    doc["roles"].pop(3)  # Camp Cook's point pays for it: only the limit is broken
    report = run(doc)
    assert report.budgets["roles"].spent == report.budgets["roles"].available
    assert codes(report.errors) == {("EZ-3", "roles[1].rank")}


def test_ez3_superb_role_at_creation() -> None:
    """EZ-3: no starting role at Superb."""
    doc = jason()
    doc["roles"][0]["rank"] = "Superb"
    doc["roles"].pop(3)  # Camp Cook's 1 point pays for the fifth rank
    report = run(doc)
    assert report.budgets["roles"].spent == report.budgets["roles"].available
    assert codes(report.errors) == {("EZ-3", "roles[0].rank")}


def test_ez3_terrible_role() -> None:
    """EZ-3: a role not taken is already Poor for free; none is bought lower."""
    doc = jason()
    doc["roles"].append(role("Dancer", "Terrible"))
    assert_error(run(doc), "EZ-3", "roles[5].rank")


def test_ez3_fewer_than_four_roles_is_a_warning() -> None:
    """EZ-3: 4 to 6 roles recommended, a warning outside it, not an error."""
    doc = jason()
    doc["roles"] = [
        role("Quarterstaff for Hire", "Great"),
        role("Woodsman", "Good"),
        role("Historian", "Good"),
    ]
    doc["swaps"] = [{"gifts": -1, "attributes": 2}]
    doc["attributes"].update(body="Great", will="Great")
    report = run(doc)
    assert report.valid, report.errors
    assert codes(report.warnings) == {("EZ-3", "roles")}
    assert report.build_points == 30


# EZ-4 specialties


def test_ez4_required_specialty_without_a_specialty() -> None:
    """EZ-4: a role the GM marks as specialized must name its specialty."""
    doc = jason()
    doc["roles"][1]["specialty_required"] = True
    assert_error(run(doc), "EZ-4", "roles[1].specialty")


def test_ez4_same_role_and_specialty_twice() -> None:
    """EZ-4: the same role and specialty is listed once (names compared in any case)."""
    doc = jason()
    doc["roles"][3] = role("historian", "Mediocre", specialty="The East March")
    assert_error(run(doc), "EZ-4", "roles[3]")


def test_ez4_same_role_other_specialty_is_fine() -> None:
    """EZ-4: an optional specialty; another specialty of the role is another role."""
    doc = jason()
    doc["roles"][3] = role("Historian", "Mediocre", specialty="the West March")
    assert run(doc).valid


def test_ez4_required_specialty_extra_costs_its_rank() -> None:
    """EZ-4: a required-specialty role's further specialty costs its rank, one less."""
    doc = jason()
    doc["roles"][1] = role("Doctor", "Good", specialty="Surgery", specialty_required=True)
    doc["roles"][2] = role("Doctor", "Fair", specialty="Family Practice", specialty_required=True)
    doc["roles"][3]["rank"] = "Fair"
    report = run(doc)
    # 4 + 3 + (Fair extra: 1, not 2) + 2 + 2 = 12
    assert report.budgets["roles"].spent == 12
    assert report.valid, report.errors
    assert report.build_points == 30
    # the same roles without the GM's rule cost normally: 13 of 12
    for r in doc["roles"]:
        r.pop("specialty_required", None)
    report = run(doc)
    assert report.budgets["roles"].spent == 13
    assert_error(report, "EZ-3", "roles")


def test_ez4_mediocre_extra_specialty_costs_nothing() -> None:
    """EZ-4: a Mediocre extra specialty costs 0 (and 0 build points)."""
    doc = jason()
    doc["roles"][1] = role("Doctor", "Good", specialty="Surgery", specialty_required=True)
    doc["roles"].append(role("Doctor", "Mediocre", specialty="Vet", specialty_required=True))
    report = run(doc)
    assert report.budgets["roles"].spent == 12
    assert report.build_points == 30
    assert report.valid


def test_ez4_poor_extra_specialty_refunds_nothing() -> None:
    """EZ-3, EZ-4: listing a Poor extra specialty must not pay for anything."""
    doc = jason()
    doc["roles"][1] = role("Doctor", "Good", specialty="Surgery", specialty_required=True)
    before = run(doc)
    doc["roles"].append(role("Doctor", "Poor", specialty="Vet", specialty_required=True))
    after = run(doc)
    assert after.budgets["roles"].spent == before.budgets["roles"].spent
    assert after.build_points == before.build_points


def test_ez4_a_poor_specialty_listed_first_is_not_the_first_one_taken() -> None:
    """EZ-3, EZ-4: a Poor specialty is a role not taken; listed before the Good one, it had
    made the Good one the extra specialty (3 role points, not 4), a point for free."""
    doc = jason()
    doc["roles"][1] = role("Doctor", "Good", specialty="Surgery", specialty_required=True)
    before = run(doc)
    doc["roles"].insert(1, role("Doctor", "Poor", specialty="Dentistry", specialty_required=True))
    after = run(doc)
    assert after.budgets["roles"].spent == before.budgets["roles"].spent == 12
    assert after.build_points == before.build_points == 30


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(
    ranks=st.lists(st.sampled_from(["Poor", "Mediocre", "Fair", "Good"]), min_size=1, max_size=4),
    order=st.randoms(use_true_random=False),
)
def test_ez4_the_order_roles_are_listed_in_never_changes_their_cost(ranks, order) -> None:
    """EZ-4: which specialty is "the first" is not a matter of where it is written."""
    doc = jason()
    doc["roles"][1:2] = [
        role("Doctor", rank, specialty=f"Field {i}", specialty_required=True)
        for i, rank in enumerate(ranks)
    ]
    first = run(doc)
    order.shuffle(doc["roles"])
    again = run(doc)
    assert again.budgets["roles"].spent == first.budgets["roles"].spent
    assert again.build_points == first.build_points


# EZ-5 gifts and faults


def test_ez5_fault_without_bought_in_the_flowchart() -> None:
    """EZ-5: in the flowchart each fault says what it bought."""
    doc = jason()
    del doc["faults"][0]["bought"]
    report = run(doc)
    assert_error(report, "EZ-5", "faults[0].bought")
    assert report.budgets["attributes"].available == 3  # the fault bought nothing


@pytest.mark.parametrize(
    ("bought", "available"),
    [
        ("gift", {"gifts": 2, "attributes": 3, "roles": 12}),
        ("attributes", {"gifts": 1, "attributes": 5, "roles": 12}),
        ("roles", {"gifts": 1, "attributes": 3, "roles": 16}),
        ("attribute-and-roles", {"gifts": 1, "attributes": 4, "roles": 14}),
    ],
)
def test_ez5_what_a_fault_buys(bought: str, available: dict[str, int]) -> None:
    """EZ-5: 1 gift, or 2 attribute ranks, or 4 role points, or 1 rank + 2 role points."""
    doc = jason()
    doc["faults"][0]["bought"] = bought
    report = run(doc)
    assert {k: b.available for k, b in report.budgets.items()} == available


def test_ez5_supernormal_gift_weight_one_is_an_error() -> None:
    """EZ-5: a supernormal gift counts as 2 gifts at least."""
    doc = jason()
    doc["gifts"].append({"name": "Magic", "supernormal": True, "weight": 1})
    assert_error(run(doc), "EZ-5", "gifts[1].weight")


def test_ez5_supernormal_gift_counts_two() -> None:
    """EZ-5: a supernormal gift counts 2 in the gift budget and 8 in build points."""
    doc = jason()
    doc["gifts"] = [{"name": "Magic", "supernormal": True}]
    doc["swaps"] = []
    doc["roles"].pop()  # no swap: Rider goes, Body stays Good
    doc["attributes"]["body"] = "Good"
    report = run(doc)
    assert report.budgets["gifts"].spent == 2
    assert report.budgets["gifts"].available == 2
    assert report.build_points == 4 * (2 - 1) + 2 * 8 + (6 + 4)
    assert report.build_points == 30
    assert report.valid, report.errors
    doc["gifts"][0]["supernormal"] = False
    assert run(doc).budgets["gifts"].spent == 1
    assert run(doc).build_points == 26


def test_ez5_supernormal_gift_heavier_weight() -> None:
    """EZ-5: the weight is data, at least 2: a weight-3 gift counts 3 gifts, 12 points."""
    doc = jason_point_buy()
    doc["gifts"] = [{"name": "Psi", "supernormal": True, "weight": 3}]
    assert run(doc).build_points == 30 - 4 + 12


# EZ-6 trait swapping


def test_ez6_unbalanced_swap() -> None:
    """EZ-6: 1 gift = 2 attribute ranks = 4 role points; 1 gift for 1 rank + 3 points is not."""
    doc = jason()
    doc["swaps"] = [{"gifts": -1, "attributes": 1, "roles": 3}]
    assert_error(run(doc), "EZ-6", "swaps[0]")


@pytest.mark.parametrize(
    "swap",
    [
        {"gifts": -1, "attributes": 2},
        {"gifts": -1, "roles": 4},
        {"attributes": -1, "roles": 2},
        {"gifts": 1, "attributes": -2},
        {"roles": -4, "gifts": 1},
    ],
)
def test_ez6_balanced_swaps_in_any_direction(swap: dict[str, int]) -> None:
    """EZ-6: traits trade at the same rates in any direction."""
    doc = jason()
    doc["swaps"].append(swap)
    report = run(doc)
    assert not any(p.rule == "EZ-6" for p in report.errors + report.warnings)
    for kind in ("gifts", "attributes", "roles"):
        assert report.budgets[kind].available == {"gifts": 1, "attributes": 5, "roles": 12}[
            kind
        ] + swap.get(kind, 0)


# EZ-7 point-buy


def test_ez7_point_buy_over_30() -> None:
    """EZ-7: a standard character has 30 build points; 31 is an error."""
    doc = jason_point_buy()
    doc["roles"][3]["rank"] = "Fair"
    report = run(doc)
    assert report.build_points == 31
    assert_error(report, "EZ-7", "")


def test_ez7_point_buy_under_30_is_a_warning() -> None:
    """EZ-7: unspent build points are a warning."""
    doc = jason_point_buy()
    doc["roles"].pop(3)
    report = run(doc)
    assert report.build_points == 29
    assert report.valid
    assert ("EZ-7", "") in codes(report.warnings)


def test_ez7_no_swaps_in_point_buy() -> None:
    """EZ-7: no swapping in point-buy: buy what you want directly."""
    doc = jason_point_buy()
    doc["swaps"] = [{"gifts": -1, "attributes": 1, "roles": 2}]
    assert_error(run(doc), "EZ-7", "swaps")


def test_ez7_poor_attribute_refunds_two_build_points() -> None:
    """EZ-7: attributes 2 points per rank above Mediocre; negative ranks refund."""
    doc = jason_point_buy()
    doc["attributes"]["will"] = "Mediocre"
    mediocre = run(doc).build_points
    doc["attributes"]["will"] = "Poor"
    poor = run(doc).build_points
    doc["attributes"]["will"] = "Terrible"
    terrible = run(doc).build_points
    assert mediocre == 30 - 4
    assert (mediocre - poor, poor - terrible) == (2, 2)


def test_ez7_one_great_role_in_point_buy_too() -> None:
    """EZ-7: the one-Great-role limit of EZ-3 holds for point-buy characters too."""
    doc = jason_point_buy()
    doc["roles"][1]["rank"] = "Great"
    doc["roles"].pop(3)
    report = run(doc)
    assert report.build_points == 30
    assert codes(report.errors) == {("EZ-3", "roles[1].rank")}


def test_ez7_fault_bought_is_ignored_in_point_buy() -> None:
    """EZ-7: a fault is worth -4 in point-buy whatever it 'bought' (a warning)."""
    doc = jason_point_buy()
    doc["faults"][0]["bought"] = "roles"
    report = run(doc)
    assert report.build_points == 30
    assert report.valid
    assert ("EZ-7", "faults[0].bought") in codes(report.warnings)


# EZ-8 people packages

OGRE = {
    "name": "Ogre",
    "mass_scale": 1,
    "attributes": {"body": 1, "mind": -1},
    "gifts": [{"name": "Thick Hide", "cpd": 1}],
}


def test_ez8_package_changes_not_counted_in_budgets_or_build_points() -> None:
    """EZ-8, EZ-7: a package's attribute changes and Mass Scale are not counted."""
    plain = run(jason())
    doc = jason()
    doc["people_package"] = copy.deepcopy(OGRE)
    report = run(doc)
    assert report.budgets == plain.budgets
    assert report.build_points == 30
    assert report.valid, report.errors


def test_ez8_package_cost_is_counted() -> None:
    """EZ-7, EZ-8: a package that declares a cost adds it to the build points."""
    doc = jason()
    doc["people_package"] = {**copy.deepcopy(OGRE), "cost": 3}
    assert run(doc).build_points == 33
    pb = jason_point_buy()
    pb["people_package"] = {**copy.deepcopy(OGRE), "cost": 2}
    report = run(pb)
    assert report.build_points == 32
    assert_error(report, "EZ-7", "")


def test_ez8_effective_traits_show_the_package() -> None:
    """EZ-8: the package applies on top: effective attributes, Mass Scale, derived values."""
    doc = jason()
    doc["people_package"] = copy.deepcopy(OGRE)
    c = parse_character(doc)
    eff = c.effective()
    assert eff.attributes.ranks() == {"body": 4, "agility": 2, "mind": 1, "will": 2}
    assert eff.mass_scale == 1
    assert c.attributes.body == 3 and c.mass_scale == 0  # the build itself is unchanged
    d = check(c, R).derived
    assert d.resilience == 3  # floor((4 + 2) / 2)
    assert d.reflexes == 1  # floor((2 + 1) / 2)
    assert d.cpd == 1 + 1 + 3 + 1 + 1  # armor, Mass Scale, Resilience, Toughness, Thick Hide
    assert {w.name: w.inj for w in d.weapons} == {"quarterstaff": 4 + 1 + 2, "knife": 4 + 1 + 1}


def test_ez8_second_great_role_from_the_package_is_allowed() -> None:
    """EZ-8: the one-Great-role limit is checked before the package is applied."""
    doc = jason()
    doc["people_package"] = {"name": "Hill Folk", "roles": [role("Climber", "Great")]}
    report = run(doc)
    assert report.valid, report.errors
    greats = [r.name for r in parse_character(doc).effective().roles if r.rank == 3]
    assert greats == ["Quarterstaff for Hire", "Climber"]


# EZ-9 other numbers


@pytest.mark.parametrize("points", [0, 6])
def test_ez9_starting_fudge_points_out_of_range(points: int) -> None:
    """EZ-9: a starting character has 1 to 5 Fudge Points."""
    doc = jason()
    doc["fudge_points"] = points
    assert_error(run(doc), "EZ-9", "fudge_points")


@pytest.mark.parametrize("points", [1, 5])
def test_ez9_starting_fudge_points_in_range(points: int) -> None:
    """EZ-9: 1 and 5 are allowed."""
    doc = jason()
    doc["fudge_points"] = points
    assert run(doc).valid


def test_ez9_fudge_points_default_to_three() -> None:
    """EZ-9: default 3."""
    doc = jason()
    del doc["fudge_points"]
    assert parse_character(doc).fudge_points == 3


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [(-2, 0, -1), (-2, -1, -2), (-1, 0, -1), (3, 2, 2), (4, 4, 4), (-2, -2, -2), (1, 0, 0)],
)
def test_ez9_resilience_and_reflexes_round_down(first: int, second: int, expected: int) -> None:
    """EZ-9: floor((a + b) / 2), toward negative infinity (-1.5 is -2, not -1)."""
    assert resilience(first, second) == expected
    assert reflexes(first, second) == expected
    doc = jason()
    doc["attributes"] = {"body": first, "will": second, "agility": first, "mind": second}
    d = run(doc).derived
    assert (d.resilience, d.reflexes) == (expected, expected)


def test_ez9_terrible_body_mediocre_will() -> None:
    """EZ-9: Body Terrible (-2) + Will Mediocre (0) gives Resilience -1; Will Poor gives -2."""
    doc = jason()
    doc["attributes"].update(body="Terrible", will="Mediocre")
    assert run(doc).derived.resilience == -1
    doc["attributes"]["will"] = "Poor"
    assert run(doc).derived.resilience == -2


# EZ-10 CPD and INJ


def test_ez10_unknown_weapon_suggests_a_name() -> None:
    """EZ-10: a weapon not on the tables is an error, with a did-you-mean."""
    doc = jason()
    doc["weapons"] = ["knife", "quartrstaff"]
    report = run(doc)
    assert_error(report, "EZ-10", "weapons[1]")
    (problem,) = [p for p in report.errors if p.path == "weapons[1]"]
    assert "did you mean 'quarterstaff'" in problem.message
    assert [w.name for w in report.derived.weapons] == ["knife"]


def test_ez10_unknown_armor() -> None:
    """EZ-10: armor not on the table (and without a bonus) is an error."""
    doc = jason()
    doc["armor"] = "mithril shirt"
    report = run(doc)
    assert_error(report, "EZ-10", "armor")
    assert report.derived.cpd == 3  # no armor bonus counted


def test_ez10_armor_with_its_own_bonus() -> None:
    """EZ-10: armor off the table counts when its bonus is given."""
    doc = jason()
    doc["armor"] = {"name": "mithril shirt", "bonus": 3}
    report = run(doc)
    assert report.valid
    assert report.derived.cpd == 3 + 0 + 2 + 1


def test_ez10_custom_quality_melee_weapon() -> None:
    """EZ-10: melee INJ = Body + Mass Scale + damage factor, +1 for a quality weapon."""
    doc = jason()
    doc["weapons"] = [
        {"name": "Dwarf-forged axe", "kind": "melee", "damage_factor": 2, "quality": True},
        {"name": "Plain axe", "kind": "melee", "damage_factor": 2},
        {"name": "Fine staff", "type": "quarterstaff", "quality": True},
    ]
    report = run(doc)
    assert report.valid, report.errors
    assert [w.inj for w in report.derived.weapons] == [3 + 2 + 1, 3 + 2, 3 + 2 + 1]


@pytest.mark.parametrize(
    ("weapon", "inj"),
    [
        ("small handgun", 2),
        ("Light Rifle", 3),
        ("anti-tank weapon", 10),
        ({"name": "My pistol", "type": "large handgun"}, 4),
        ({"name": "Big rifle", "type": "medium rifle", "inj": 6}, 6),
    ],
)
def test_ez10_ranged_weapon_uses_the_lower_inj(weapon: Any, inj: int) -> None:
    """EZ-10: a self-powered weapon's INJ is its own; the table's lower value by default."""
    doc = jason()
    doc["weapons"] = [weapon]
    report = run(doc)
    assert report.valid, report.errors
    (stats,) = report.derived.weapons
    assert (stats.kind, stats.inj) == ("ranged", inj)


def test_ez10_mass_scale_adds_to_inj_and_cpd() -> None:
    """EZ-10: Mass Scale adds to melee INJ and to CPD, not to a ranged weapon's INJ."""
    doc = jason()
    doc["mass_scale"] = 2
    doc["weapons"] = ["quarterstaff", "knife", "small handgun"]
    d = run(doc).derived
    assert d.cpd == 4 + 2
    assert [w.inj for w in d.weapons] == [5 + 2, 4 + 2, 2]


def test_ez10_defence_modifiers_add_to_cpd() -> None:
    """EZ-10: other defence modifiers (equipment, the GM) add to CPD."""
    doc = jason()
    doc["defence_modifiers"] = [{"source": "shield", "value": 1}, {"source": "GM", "value": -2}]
    assert run(doc).derived.cpd == 4 + 1 - 2


# every error at once; schema errors


def test_every_error_is_reported_at_once() -> None:
    """One check lists every violation: EZ-3, EZ-5, EZ-9 and EZ-10 together."""
    doc = jason()
    doc["roles"][0]["rank"] = "Superb"
    doc["roles"].pop(3)
    del doc["faults"][0]["bought"]
    doc["fudge_points"] = 6
    doc["armor"] = "mithril shirt"
    report = run(doc)
    assert {
        ("EZ-3", "roles[0].rank"),
        ("EZ-5", "faults[0].bought"),
        ("EZ-9", "fudge_points"),
        ("EZ-10", "armor"),
    } <= codes(report.errors)


def test_typo_field_says_did_you_mean() -> None:
    """A misspelt field is an error (not silently dropped), with a did-you-mean."""
    doc = jason()
    doc["roles"][0]["rnak"] = doc["roles"][0].pop("rank")
    with pytest.raises(InvalidCharacter) as raised:
        parse_character(doc)
    problems = {p.path: p for p in raised.value.problems}
    assert "roles[0].rnak" in problems
    assert "did you mean 'rank'" in problems["roles[0].rnak"].message
    assert problems["roles[0].rank"].message == "this field is required"


def test_typo_top_level_field() -> None:
    """A misspelt top-level field is named with a did-you-mean too."""
    doc = jason()
    doc["fudge_piont"] = doc.pop("fudge_points")
    with pytest.raises(InvalidCharacter) as raised:
        parse_character(doc)
    (problem,) = raised.value.problems
    assert problem.path == "fudge_piont"
    assert "did you mean 'fudge_points'" in problem.message


@pytest.mark.parametrize(("path", "value"), [("role", "Grate"), ("attribute", "Awesome")])
def test_bad_rank_word_is_ez1(path: str, value: str) -> None:
    """EZ-1: a rank that names no rung of the Ladder."""
    doc = jason()
    if path == "role":
        doc["roles"][2]["rank"] = value
        where = "roles[2].rank"
    else:
        doc["attributes"]["will"] = value
        where = "attributes.will"
    with pytest.raises(InvalidCharacter) as raised:
        parse_character(doc)
    assert [(p.rule, p.path) for p in raised.value.problems] == [("EZ-1", where)]


@pytest.mark.parametrize(
    ("text", "rank"), [("gre", 3), ("GOOD", 2), ("+3", 3), ("-1", -1), ("Fair (+1)", 1), (0, 0)]
)
def test_ez1_rank_spellings(text: Any, rank: int) -> None:
    """EZ-1: by name (any case, prefix), by number, or as `Great (+3)`."""
    doc = jason()
    doc["roles"][3]["rank"] = text
    assert parse_character(doc).roles[3].rank == rank


def test_ez1_boolean_is_not_a_rank() -> None:
    """EZ-1: `true` (YAML `yes`) is no rank name or number."""
    doc = jason()
    doc["roles"][3]["rank"] = True
    with pytest.raises(InvalidCharacter):
        parse_character(doc)


@pytest.mark.parametrize(
    "entry",
    [
        {"trait": "Strength", "from_rank": 1},
        {"trait": "Body", "from_rank": 99},
    ],
)
def test_history_improving_an_unknown_attribute_is_reported(entry: dict[str, Any]) -> None:
    """An improvement of no attribute, or to a rank off the Ladder, is a schema problem."""
    doc = jason()
    doc["history"] = [
        {
            "time": "2024-01-01T00:00:00",
            "kind": "improve",
            "trait_kind": "attribute",
            "to_rank": 3,
            **entry,
        }
    ]
    with pytest.raises(InvalidCharacter, match="history"):
        parse_character(doc)


# --- 3. property tests -------------------------------------------------------------------

FAULT_BUYS = {
    "gift": {"gifts": 1},
    "attributes": {"attributes": 2},
    "roles": {"roles": 4},
    "attribute-and-roles": {"attributes": 1, "roles": 2},
}
_SWAPS = [
    {"gifts": -1, "attributes": 2},
    {"gifts": -1, "roles": 4},
    {"attributes": -1, "roles": 2},
    {"gifts": -1, "attributes": 1, "roles": 2},
]
SWAPS = _SWAPS + [{k: -v for k, v in s.items()} for s in _SWAPS]
ROLE_NAMES = ["Archer", "Bard", "Burglar", "Cook", "Druid", "Knight", "Monk", "Rider", "Scholar"]


def rank_text(draw: st.DrawFn, rank: int) -> Any:
    """A rank as a player might write it (EZ-1): number, word, or `Great (+3)`."""
    how = draw(st.sampled_from(["number", "name", "label", "signed"]))
    return {
        "number": rank,
        "name": ladder.name(rank),
        "label": ladder.label(rank),
        "signed": ladder.signed(rank),
    }[how]


@st.composite
def flowchart_characters(draw: st.DrawFn) -> dict[str, Any]:
    """A legal flowchart character that spends every budget exactly (EZ-2..EZ-6)."""
    faults = draw(st.lists(st.sampled_from(sorted(FAULT_BUYS)), max_size=3))
    swaps = draw(st.lists(st.sampled_from(SWAPS), max_size=4))
    budget = {"roles": 10, "attributes": 2, "gifts": 2}
    for change in [FAULT_BUYS[b] for b in faults] + swaps:
        for kind, amount in change.items():
            budget[kind] += amount
    # four attributes each -3..+3 steps from Fair: the ranks must sum to -12..12
    assume(budget["gifts"] >= 0 and budget["roles"] >= 0 and -12 <= budget["attributes"] <= 12)

    roles: list[dict[str, Any]] = []
    left = budget["roles"]
    if left >= 4 and draw(st.booleans()):
        roles.append({"rank": 3})
        left -= 4
    while left:
        cost = draw(st.integers(1, min(3, left)))  # Mediocre 1, Fair 2, Good 3
        roles.append({"rank": cost - 1})
        left -= cost
    roles = [
        {"name": f"{ROLE_NAMES[i % len(ROLE_NAMES)]} {i}", "rank": rank_text(draw, r["rank"])}
        for i, r in enumerate(draw(st.permutations(roles)))
    ]

    attributes = {}
    left = budget["attributes"]
    for i, key in enumerate(ATTRIBUTES):
        rest = len(ATTRIBUTES) - 1 - i
        step = draw(st.integers(max(-3, left - 3 * rest), min(3, left + 3 * rest)))
        attributes[key] = rank_text(draw, 1 + step)
        left -= step

    gifts: list[dict[str, Any]] = []
    left = budget["gifts"]
    while left:
        if left >= 2 and draw(st.booleans()):
            gifts.append({"name": f"Power {len(gifts)}", "supernormal": True})
            left -= 2
        else:
            gifts.append({"name": f"Gift {len(gifts)}"})
            left -= 1

    return {
        "name": "Random",
        "build": "flowchart",
        "roles": roles,
        "attributes": attributes,
        "gifts": gifts,
        "faults": [{"name": f"Fault {i}", "bought": b} for i, b in enumerate(faults)],
        "swaps": swaps,
        "fudge_points": draw(st.integers(1, 5)),
        "weapons": draw(st.lists(st.sampled_from(["knife", "club", "small handgun"]), max_size=2)),
    }


@settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(flowchart_characters())
def test_property_legal_flowchart_character_is_30_build_points(doc: dict[str, Any]) -> None:
    """EZ-6: a correctly built flowchart character checks to exactly 30 build points (EZ-7),
    is valid, spends every budget; bought directly (point-buy) it is valid too."""
    report = run(doc)
    assert report.valid, report.errors
    assert report.build_points == 30
    for budget in report.budgets.values():
        assert budget.spent == budget.available
    assert not [p for p in report.warnings if "unspent" in p.message]
    point_buy = {**doc, "build": "point-buy", "swaps": []}
    point_buy["faults"] = [{"name": f["name"]} for f in doc["faults"]]
    pb = run(point_buy)
    assert pb.build_points == 30
    assert pb.valid, pb.errors


# check never crashes: only ezkit's own errors may escape

_FIELD_NAMES = sorted(
    {
        name
        for cls in (
            model.Character,
            model.Role,
            model.Attributes,
            model.Gift,
            model.Fault,
            model.Swap,
            model.Weapon,
            model.Armor,
            model.DefenceModifier,
            model.PeoplePackage,
            model.WoundMark,
        )
        for name in (f.name for f in dataclasses.fields(cls))
    }
)
_WORDS = [
    *ladder.LADDER,
    "Great (+3)",
    "gre",
    "Superb +1",
    "Superb +30",
    "+3",
    "-9",
    "flowchart",
    "point-buy",
    "gift",
    "attributes",
    "roles",
    "attribute-and-roles",
    "melee",
    "ranged",
    "quarterstaff",
    "small handgun",
    "leather jacket",
    "Body",
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(_WORDS)
)
keys = st.sampled_from(_FIELD_NAMES) | st.text(max_size=8) | st.integers(-2, 2) | st.none()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=25,
)


def check_quietly(document: Any) -> None:
    """parse and check; only ezkit's errors (InvalidCharacter, ...) may escape."""
    try:
        report = check(parse_character(document), R)
    except EzkitError:
        return
    report.as_dict()  # the report can be printed too


@settings(max_examples=examples(300), deadline=None)
@given(values)
def test_property_check_never_crashes_on_arbitrary_documents(document: Any) -> None:
    """Whatever a YAML file holds, parse + check reports problems and never crashes."""
    check_quietly(document)


@settings(max_examples=examples(300), deadline=None)
@given(values)
def test_property_check_never_crashes_on_arbitrary_characters(document: Any) -> None:
    """An arbitrary mapping of known fields (with the required ones present) never crashes."""
    if isinstance(document, dict):
        document.setdefault("name", "X")
        document.setdefault("attributes", {a: 1 for a in ATTRIBUTES})
    check_quietly(document)


#: Mostly values a field might hold, so a mutated character often still parses and is checked.
plausible = (
    st.integers(-5, 10)
    | st.sampled_from(_WORDS)
    | st.booleans()
    | st.none()
    | st.text(max_size=6)
    | values
)


def _containers(doc: Any, path: tuple = ()) -> list[tuple]:
    """Every path in a document that a mutation can replace."""
    found = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _containers(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _containers(value, (*path, i))
    return found


_JASON_PATHS = _containers(_JASON)[1:] + _containers(jason_point_buy())[1:]


@st.composite
def mutated_jasons(draw: st.DrawFn) -> dict[str, Any]:
    """Jason (flowchart or point-buy) with 1-3 fields replaced, deleted or added."""
    doc = draw(st.sampled_from([jason, jason_point_buy]))()
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_JASON_PATHS))
        parent: Any = doc
        try:
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(parent, dict | list):  # an earlier mutation put a string here
            continue
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(plausible)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(keys)] = draw(plausible)
        else:
            parent.append(draw(plausible))
    return doc


@settings(max_examples=examples(400), deadline=None)
@given(mutated_jasons())
def test_property_check_never_crashes_on_mutated_jason(document: dict[str, Any]) -> None:
    """A valid character with random fields broken: problems reported, never a crash."""
    check_quietly(document)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("name", "x" * 101, "name: 101 characters long; a name holds at most 100"),
        ("description", "x" * 20_001, "description: 20,001 characters long; a text holds at most"),
        ("tools", ["y" * 20_001], "tools[0]: 20,001 characters long; a text holds at most 20,000"),
    ],
    ids=["name", "description", "tools"],
)
def test_names_and_texts_have_a_most_length(field: str, value: Any, said: str) -> None:
    """Found by a hostile-input hunt: a 100,000-character name took minutes to print, and no
    rule bounded it. A name holds at most 100 characters, a text 20,000; at the bound, fine."""
    document = load_yaml(JASON_FILE)
    with pytest.raises(InvalidCharacter, match=said.replace("[", r"\[").replace("]", r"\]")):
        parse_character({**document, field: value}, "x")
    at_bound = {"name": "x" * 100, "description": "x" * 20_000, "tools": ["y" * 20_000]}
    assert parse_character({**document, field: at_bound[field]}, "x")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"armor": {"name": "plate", "bonus": 10**20}},
            "armor.bonus: a number of 21 digits is out of range: it may be no more than 20",
        ),
        ({"mass_scale": -21}, "mass_scale: -21 is out of range: it may be no less than -20"),
        (
            {"gifts": [{"name": "Toughness", "cpd": 99}]},
            "gifts[0].cpd: 99 is out of range: it may be no more than 20",
        ),
    ],
    ids=["armor", "mass-scale", "gift-cpd"],
)
def test_a_characters_bonuses_are_on_the_ladders_scale(change: dict[str, Any], said: str) -> None:
    """Found by a review: a character file's armour of 10^20 passed char check with a CPD of
    10^20. An armour's, a gift's, a weapon's bonus and the Mass Scale stay within ±20."""
    document = load_yaml(JASON_FILE)
    with pytest.raises(InvalidCharacter, match=said.replace("[", r"\[").replace("]", r"\]")):
        parse_character({**document, **change}, "x")


def test_a_weapon_giving_both_a_damage_factor_and_an_inj_is_refused() -> None:
    """Which it is cannot be guessed (a hunt found a rifle with both made a melee weapon, and
    a character `check` called valid could not shoot)."""
    doc = jason()
    doc["weapons"][1] = {"name": "rifle", "type": "light rifle", "inj": 4, "damage_factor": 2}
    report = run(doc)
    assert_error(report, "EZ-10", "weapons[1]")
    (problem,) = [p for p in report.errors if p.path == "weapons[1]"]
    assert "gives both damage_factor" in problem.message


def test_the_fights_say_why_a_weapon_the_rules_refuse_cannot_be_used(tmp_path: Path) -> None:
    """Not "has no weapon 'rifle'" (a review): the weapon's own error is named."""
    import json

    from click.testing import CliRunner

    from ezkit.cli import cli

    doc = jason()
    doc["weapons"][1] = {"name": "rifle", "type": "light rifle", "inj": 4, "damage_factor": 2}
    path = tmp_path / "jason.json"
    path.write_text(json.dumps(doc))
    foe = ["--foe", "X: Fair Fighter, INJ 1, CPD 0", "--roll", "2"]
    melee = CliRunner().invoke(cli, ["fight", "melee", str(path), "--weapon", "rifle", *foe])
    assert (
        melee.exit_code == 1 and "cannot fight with it: weapon 'rifle' gives both" in melee.output
    )
    shot = CliRunner().invoke(cli, ["fight", "ranged", str(path), *foe])
    assert (
        shot.exit_code == 1
        and "no ranged weapon to shoot with (EZ-19); and weapon 'rifle'" in shot.output
    )
