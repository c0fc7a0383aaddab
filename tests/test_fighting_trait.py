"""The trait a fighter uses (ruling EZ-24), in `fight melee|ranged|scene` and in the model.

In order: the trait the GM names (a role the character lacks is Poor (-1), an attribute stands
in at -2, at most Fair); else the role the weapon names; else the character's best fighting role
for the kind of fight (marked on the role, or listed in the rules data); else Poor (-1). The
choice and why are always shown. Never the best role regardless of what it is.

Before EZ-24 the best role was taken whatever it was: Wren (Great Witch, Mediocre Brawler)
knifed as a Witch, Mara (Great Doctor, Mediocre Marksman) shot as a Doctor, and
`--trait Brawler` for someone without it was refused.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_runs import examples

from ezkit import rules as rules_data
from ezkit.character.files import InvalidCharacter, parse_character, read_character
from ezkit.character.model import Character, Weapon
from ezkit.cli import cli
from ezkit.combat import fighters, scene
from ezkit.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ROOT / "examples" / "characters"
WREN = CHARACTERS / "wren.yaml"
MARA = CHARACTERS / "mara-kell.yaml"
JASON = CHARACTERS / "jason-free.yaml"
GRUK = CHARACTERS / "gruk.yaml"
BANDIT = "Bandit: Fair Fighter, INJ 3, CPD 2"
R = rules_data.load(None)


def doc(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text())


def changed(path: Path, **fields: Any) -> Character:
    """An example character with some fields replaced (its people package left out)."""
    document = {**doc(path), **fields}
    document.pop("people_package", None)
    return parse_character(document, path.name)


def fight_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(cli, ["fight", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --- the positions that showed it -------------------------------------------------------------


def test_wren_knifes_as_a_brawler_not_as_a_great_witch(runner: CliRunner) -> None:
    """ruling EZ-24: Wren's knife names her role, Brawler (Mediocre), in her file."""
    got = fight_json(runner, "melee", str(WREN), "--foe", BANDIT, "--roll", "0")
    assert got["trait"] == {
        "name": "Brawler",
        "rank": 0,
        "label": "Mediocre (0)",
        "why": "the weapon's role",
        "note": "knife",
    }
    assert got["action"] == 0  # Mediocre + 0, not Great + 0
    text = runner.invoke(cli, ["fight", "melee", str(WREN), "--foe", BANDIT, "--roll", "0"])
    assert text.stdout.splitlines()[0] == (
        "Wren Hollowell fights as Mediocre (0) Brawler: the weapon's role (knife)"
    )
    assert "Witch" not in text.stdout


def test_wren_with_a_plain_knife_fights_with_her_fighting_role() -> None:
    """ruling EZ-24: with no role on the weapon, the listed fighting role, never the best role."""
    wren = changed(WREN, weapons=["knife"])
    fighter = fighters.from_character(wren, R)
    assert (fighter.trait, fighter.rank) == ("Brawler", 0)
    assert fighter.chosen is not None and fighter.chosen.why == fighters.BY_FIGHTING


def test_mara_shoots_as_a_marksman_and_has_no_melee_fighting_role(runner: CliRunner) -> None:
    """ruling EZ-24: Mara's handgun names Marksman; in melee she has no fighting role: Poor."""
    shot = fight_json(runner, "ranged", str(MARA), "--foe", BANDIT, "--roll", "0")
    assert (shot["trait"]["name"], shot["trait"]["why"], shot["action"]) == (
        "Marksman",
        "the weapon's role",
        0,
    )
    plain = changed(MARA, weapons=["small handgun"])
    shooting = fighters.from_character(plain, R, ranged=True)
    assert (shooting.trait, shooting.rank, shooting.chosen.why) == (
        "Marksman",
        0,
        "a fighting role",
    )
    hand = fight_json(runner, "melee", str(MARA), "--foe", BANDIT, "--roll", "0")
    assert hand["trait"] == {
        "name": "default",
        "rank": -1,
        "label": "Poor (-1)",
        "why": "default Poor",
        "note": "no melee fighting role",
    }
    assert hand["action"] == -1  # Poor, not her Great (+3) Doctor (Surgery)


def test_a_named_role_the_character_lacks_is_poor_and_said_so(runner: CliRunner) -> None:
    """ruling EZ-24 (seed 003: "try the default of Poor"): used at Poor (-1), never refused."""
    args = ["melee", str(MARA), "--foe", BANDIT, "--roll", "1", "--trait", "Brawler"]
    got = fight_json(runner, *args)
    assert (got["trait"]["name"], got["trait"]["rank"], got["trait"]["why"]) == (
        "Brawler",
        -1,
        "named by the GM",
    )
    assert (
        "Dr. Mara Kell has no role 'Brawler': a role not taken is Poor (-1)"
        in (got["trait"]["note"])
    )
    result = runner.invoke(cli, ["fight", *args])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].startswith(
        "Dr. Mara Kell fights as Poor (-1) Brawler: named by the GM (Dr. Mara Kell has no role"
    )


def test_a_named_role_with_a_typo_says_did_you_mean() -> None:
    chosen = fighters.pick_trait(read_character(WREN), R, "Brawlr")
    assert chosen.rank == -1 and "did you mean 'Brawler'?" in chosen.note


def test_a_named_role_the_character_has_is_used_whatever_it_is() -> None:
    """ruling EZ-24: the GM's choice comes first, over the weapon's role."""
    chosen = fighters.pick_trait(read_character(WREN), R, "witch")
    assert (chosen.name, chosen.rank, chosen.why) == ("Witch", 3, fighters.BY_GM)


@pytest.mark.parametrize(
    ("attribute", "value", "rank"),
    [("Body", 3, 1), ("body", 4, 1), ("Agility", 2, 0), ("Mind", 1, -1), ("Will", -1, -3)],
)
def test_an_attribute_stands_in_at_minus_two_at_most_fair(
    attribute: str, value: int, rank: int
) -> None:
    """ruling EZ-24: an attribute the GM names: -2 ranks, capped at Fair (+1)."""
    jason = read_character(JASON)
    attributes = replace(jason.attributes, **{attribute.lower(): value})
    chosen = fighters.pick_trait(replace(jason, attributes=attributes), R, attribute)
    assert (chosen.name, chosen.rank, chosen.why) == (
        attribute.capitalize(),
        rank,
        "named by the GM",
    )
    assert "an attribute stands in at -2, at most Fair (+1)" in chosen.note


def test_another_specialty_of_an_optional_specialty_role_is_one_less() -> None:
    """EZ-4 with EZ-24: Jason's Fair Historian (the East March) for the Westmarch: Mediocre."""
    chosen = fighters.pick_trait(read_character(JASON), R, "Historian (Westmarch)")
    assert chosen.rank == 0 and "EZ-4" in chosen.note


def test_a_ranged_fight_picks_among_ranged_fighting_roles() -> None:
    """ruling EZ-24: a Great Brawler and Fair Archer shoots as an Archer and brawls as a Brawler."""
    roles = [{"name": "Brawler", "rank": "Great"}, {"name": "Archer", "rank": "Fair"}]
    rider = changed(
        WREN, roles=roles, weapons=["club", {"name": "bow", "kind": "ranged", "inj": 2}]
    )
    assert fighters.from_character(rider, R, ranged=True).trait == "Archer"
    assert fighters.from_character(rider, R).trait == "Brawler"
    soldier = changed(WREN, roles=[{"name": "Soldier", "rank": "Good"}], weapons=["knife"])
    assert fighters.from_character(soldier, R).rank == 2  # listed for both


def test_a_role_marked_fighting_in_the_file_counts_and_false_strikes_it() -> None:
    roles = [
        {"name": "Witch", "rank": "Great", "fighting": "melee"},
        {"name": "Brawler", "rank": "Mediocre", "fighting": False},
        {"name": "Duelist", "rank": "Fair", "fighting": True},
    ]
    wren = changed(WREN, roles=roles, weapons=["knife"], faults=[], gifts=[])
    assert fighters.from_character(wren, R).trait == "Witch"  # the GM marked it: a fighting role
    chosen = fighters.pick_trait(wren, R, ranged=True)
    assert (chosen.name, chosen.why) == ("Duelist", fighters.BY_FIGHTING)  # true: both


def test_house_rules_extend_and_strike_out_fighting_roles(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("fighting_roles:\n  Witch: melee\n  Brawler: null\n")
    rules = rules_data.load(house)
    wren = changed(WREN, weapons=["knife"])
    assert fighters.from_character(wren, rules).trait == "Witch"
    assert rules.fighting_kind("Marksman") == "ranged"  # the rest of the list stays
    assert fighters.from_character(wren, R).trait == "Brawler"  # the defaults are untouched


def test_unarmed_a_fighting_role_uses_the_helpful_role_factor() -> None:
    """EZ-10 with EZ-24: unarmed INJ = Body + Mass Scale + 0 with a fighting role, else -1."""
    brawler = fighters.from_character(changed(WREN, weapons=[]), R)
    assert (brawler.weapon, brawler.inj) == ("unarmed", 1 + 0)
    nobody = fighters.from_character(changed(MARA, weapons=[]), R)
    assert (nobody.weapon, nobody.inj, nobody.trait) == ("unarmed", -1 - 1, "default")


# --- the character file -------------------------------------------------------------------------


def test_a_weapon_role_must_be_one_of_the_roles_with_did_you_mean() -> None:
    document = {**doc(WREN), "weapons": [{"name": "knife", "role": "Brawlr"}]}
    with pytest.raises(InvalidCharacter) as bad:
        parse_character(document, "wren.yaml")
    (problem,) = bad.value.problems
    assert problem.path == "weapons[0].role"
    assert "names the role 'Brawlr'" in problem.message
    assert "did you mean 'Brawler'?" in problem.message and "EZ-24" in problem.message


def test_a_weapon_role_may_name_a_specialty_or_a_package_role() -> None:
    mara = changed(MARA, weapons=[{"name": "scalpel", "type": "knife", "role": "doctor (surgery)"}])
    chosen = fighters.from_character(mara, R)
    assert (chosen.trait, chosen.rank, chosen.chosen.why) == (
        "Doctor (Surgery)",
        3,
        "the weapon's role",
    )
    # a role the people package gives counts too (EZ-8): the hill troll's Forager
    document = {
        **doc(GRUK),
        "weapons": [{"name": "digging stick", "type": "club", "role": "Forager"}],
    }
    document["people_package"] = yaml.safe_load(
        (ROOT / "examples/people/hill-troll.yaml").read_text()
    )
    gruk = parse_character(document, "gruk.yaml")
    chosen = fighters.from_character(gruk, R)
    assert (chosen.trait, chosen.rank) == ("Forager", 1)


def test_a_bad_weapon_role_makes_char_check_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    file = tmp_path / "wren.yaml"
    file.write_text(yaml.safe_dump({**doc(WREN), "weapons": [{"name": "knife", "role": "Ninja"}]}))
    result = runner.invoke(cli, ["char", "check", str(file)])
    assert result.exit_code == 1 and "weapons[0].role" in result.output + result.stderr


def test_the_schema_shows_the_new_fields(runner: CliRunner) -> None:
    schema = json.loads(runner.invoke(cli, ["schema", "character"]).stdout)
    assert "role" in schema["$defs"]["Weapon"]["properties"]
    assert "fighting" in schema["$defs"]["Role"]["properties"]


# --- scenes --------------------------------------------------------------------------------------


def test_scenes_show_the_trait_and_why(runner: CliRunner) -> None:
    shootout = ROOT / "examples" / "scenes" / "warehouse-shootout.yaml"
    result = runner.invoke(cli, ["fight", "scene", str(shootout), "--seed", "1", "--json"])
    got = json.loads(result.stdout)
    mara = next(f for f in got["fighters"] if f["name"] == "Dr. Mara Kell")
    assert mara["ranged_trait"]["name"] == "Marksman"
    assert mara["ranged_trait"]["why"] == "the weapon's role"
    assert mara["melee_trait"]["why"] == "default Poor"
    okafor = next(f for f in got["fighters"] if f["name"] == "Det. Ray Okafor")
    assert okafor["ranged_trait"]["why"] == "the foe's stat line"
    assert "Mediocre (0) Marksman (the weapon's role: small handgun)" in got["log"][2]


def test_a_scene_trait_the_pc_lacks_is_poor_not_an_error() -> None:
    document = {
        "sides": {
            "heroes": [{"file": "wren.yaml", "trait": "Swordsman", "rounds": [0]}],
            "bandits": [{"npc": BANDIT}],
        },
        "round_cap": 1,
    }
    result = scene.run(scene.parse(document, R, CHARACTERS), R, 0)
    (exchange,) = result.rounds[0].exchanges
    assert exchange["trait"]["rank"] == -1 and exchange["trait"]["why"] == "named by the GM"
    assert exchange["action"] == -1


# --- property: never above the best fighting role unless the GM or the weapon names it ----------

ROLE_NAMES = ["Witch", "Doctor", "Brawler", "Marksman", "Archer", "Cook", "Soldier", "Fighter"]


@st.composite
def fighters_and_weapons(draw: st.DrawFn) -> tuple[Character, Weapon | None, bool]:
    names = draw(st.lists(st.sampled_from(ROLE_NAMES), min_size=0, max_size=6, unique=True))
    roles = [
        {
            "name": name,
            "rank": draw(st.integers(-2, 4)),
            "fighting": draw(st.sampled_from([None, None, True, False, "melee", "ranged"])),
        }
        for name in names
    ]
    character = parse_character(
        {
            "name": "Someone",
            "roles": roles,
            "attributes": {
                a: draw(st.integers(-2, 4)) for a in ("body", "agility", "mind", "will")
            },
        }
    )
    role = draw(st.sampled_from([None, *names])) if names else None
    weapon = Weapon(name="thing", role=role) if draw(st.booleans()) else None
    return character, weapon, draw(st.booleans())


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fighters_and_weapons(), st.sampled_from([None, None, "Witch", "Agility", "Juggler"]))
def test_never_above_the_best_fighting_role_unless_named(
    case: tuple[Character, Weapon | None, bool], named: str | None
) -> None:
    """ruling EZ-24, as a property over random characters, weapons and kinds of fight."""
    character, weapon, ranged = case
    rules: Rules = R
    chosen = fighters.pick_trait(character, rules, named, weapon, ranged)
    kinds = ("both", "ranged" if ranged else "melee")
    fighting = [r.rank for r in character.roles if fighters.fighting_kind(r, rules) in kinds]
    ceiling = max(fighting, default=rules.flowchart.default_role)
    if named is not None:
        assert chosen.why == fighters.BY_GM
    elif weapon is not None and weapon.role:
        assert chosen.why == fighters.BY_WEAPON and chosen.name == weapon.role
    else:
        assert chosen.rank <= ceiling
        assert chosen.why == (fighters.BY_FIGHTING if fighting else fighters.BY_DEFAULT)
        if fighting:
            assert chosen.rank == ceiling  # the best of the fighting roles
        else:
            assert chosen.rank == rules.flowchart.default_role  # Poor, never the best role
    if named in ("Agility",):
        assert chosen.rank <= rules.attribute_stand_in.cap


def test_an_empty_trait_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["fight", "melee", str(WREN), "--foe", BANDIT, "--trait", " "])
    assert result.exit_code == 2 and "got nothing (EZ-24)" in result.stderr
