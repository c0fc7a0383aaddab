"""`ezkit fight melee|ranged` from the command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ezkit.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "characters"
JASON = str(EXAMPLES / "jason-free.yaml")
GRUK = str(EXAMPLES / "gruk.yaml")
MARA = str(EXAMPLES / "mara-kell.yaml")
BANDIT = "Bandit: Fair Fighter, INJ 3, CPD 2"


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def run_json(runner: CliRunner, *args: str) -> dict:
    code, out, err = run(runner, *args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    ("roll", "outcome", "result", "value", "level", "wounded"),
    [
        (1, 3, "character", 6, "Very Hurt", "Bandit"),
        (-1, 1, "character", 4, "Hurt", "Bandit"),
        (-2, 0, "draw", None, None, None),
        (-3, -1, "foe", 0, None, None),
        (-4, -2, "foe", 1, "Scratch", "Jason Free"),
    ],
)
def test_melee_json_contract(
    runner: CliRunner, roll: int, outcome: int, result: str, value, level, wounded
) -> None:
    doc = run_json(runner, "fight", "melee", JASON, "--foe", BANDIT, "--roll", str(roll))
    assert doc["action"] == 3 + roll and doc["difficulty"] == 1
    assert (doc["outcome"], doc["result"]) == (outcome, result)
    assert (doc["wound_value"], doc["wound_level"], doc["wounded"]) == (value, level, wounded)
    assert doc["stun"] is False


@pytest.mark.parametrize(
    ("tactics", "roll", "result", "said", "wounded"),
    [
        # Jason Great +1 all-out, roll -3: Fair against the Bandit's Fair: a tie, the foe's
        (
            ["--tactic", "all-out-attack"],
            "-3",
            "foe",
            "counts as Bandit's success: foe advantage",
            ["Jason Free"],
        ),
        # the Bandit Fair +1 all-out against Jason's Great -1: a tie, the character's
        (
            ["--foe-tactic", "all-out-attack"],
            "-1",
            "character",
            "counts as Jason Free's success: character advantage",
            ["Bandit"],
        ),
        # both all-out: Great +1 -2 against Fair +1: each wounds the other
        (
            ["--tactic", "all-out-attack", "--foe-tactic", "all-out-attack"],
            "-2",
            "both",
            "both attacked all-out and tie; each wounds the other",
            ["Bandit", "Jason Free"],
        ),
    ],
)
def test_a_tie_against_an_all_out_attack_is_the_other_sides_success(
    runner: CliRunner, tactics: list[str], roll: str, result: str, said: str, wounded: list[str]
) -> None:
    """EZ-18 (seed 003, Tactics): the result is who succeeded, in JSON and text alike; before,
    JSON said "draw" while a side was wounded."""
    args = ["fight", "melee", JASON, "--foe", BANDIT, "--roll", roll, *tactics]
    doc = run_json(runner, *args)
    assert (doc["outcome"], doc["result"]) == (0, result)
    assert sorted(w["target"] for w in doc["wounds"] if w["wound_level"]) == wounded
    code, out, _ = run(runner, *args)
    assert code == 0 and said in out and "draw" not in out
    for name in wounded:
        assert f"{name} takes " in out


def test_melee_human_output_tells_the_exchange(runner: CliRunner) -> None:
    code, out, _ = run(runner, "fight", "melee", JASON, "--foe", BANDIT, "--roll", "1")
    assert code == 0
    assert "Jason Free: Great (+3) Quarterstaff for Hire, roll +1: action Superb (+4)" in out
    assert "character advantage, Success Margin 3" in out
    assert "margin 3 + INJ 5 - CPD 2 = wound value 6" in out and "Bandit takes Very Hurt" in out


def test_melee_between_two_characters_with_options(runner: CliRunner) -> None:
    doc = run_json(
        runner,
        "fight",
        "melee",
        JASON,
        GRUK,
        "--roll",
        "0",
        "--foe-tactic",
        "all-out-attack",
        "--trait",
        "Body",
        "--stun",
    )
    # Jason's Body Great (+3) stands in at -2, at most Fair: Fair (+1) (EZ-24), against Gruk's
    # Great Brawler +1 all-out: 1 - 4 = -3; Gruk wounds: 3 + heavy club INJ 7 - CPD 4 + 1 (his
    # all-out attack succeeded) = 7, Out of It.
    assert doc["trait"]["rank"] == 1 and doc["trait"]["why"] == "named by the GM"
    assert doc["foe_trait"]["why"] == "the weapon's role"
    assert doc["outcome"] == -3 and doc["wound_value"] == 7 and doc["wound_level"] == "Out of It"
    assert doc["stun"] is False  # Jason attacked to stun, but it was Gruk who wounded


def test_aim_pull_and_damage_options_from_the_command_line(runner: CliRunner) -> None:
    doc = run_json(
        runner,
        "fight",
        "melee",
        JASON,
        "--foe",
        BANDIT,
        "--roll",
        "3",
        "--aim=-2:3",
        "--pull",
        "hurt",
    )
    assert doc["outcome"] == 3 and doc["wound_level"] == "Hurt"
    doc = run_json(
        runner,
        "fight",
        "melee",
        JASON,
        "--foe",
        BANDIT,
        "--seed",
        "5",
        "--damage-option",
        "2",
        "--damage-option",
        "4",
    )
    again = run_json(
        runner,
        "fight",
        "melee",
        JASON,
        "--foe",
        BANDIT,
        "--seed",
        "5",
        "--damage-option",
        "2",
        "--damage-option",
        "4",
    )
    assert doc == again and doc["seed"] == 5


def test_ranged_json_contract(runner: CliRunner) -> None:
    doc = run_json(
        runner,
        "fight",
        "ranged",
        MARA,
        "--trait",
        "Marksman",
        "--foe",
        "Thug: Fair Gunman, INJ 3, CPD 1",
        "--range",
        "L",
        "--light",
        "dim",
        "--roll",
        "4",
    )
    # Mediocre Marksman + 4 = +4 against Long (Good) + dim (+1) = Great: SM 1;
    # small handgun INJ 2 (the lower value) - CPD 1: wound value 2, a Scratch.
    assert (doc["action"], doc["difficulty"], doc["outcome"]) == (4, 3, 1)
    assert doc["result"] == "character" and doc["wound_value"] == 2
    assert (doc["wound_level"], doc["wounded"]) == ("Scratch", "Thug")


def test_ranged_evade_and_foe_shooting(runner: CliRunner) -> None:
    doc = run_json(
        runner,
        "fight",
        "ranged",
        MARA,
        "--trait",
        "Marksman",
        "--foe",
        "Thug: Fair Gunman, INJ 3, CPD 1, Reflexes Good",
        "--evade",
        "1",
        "--roll",
        "2",
    )
    assert doc["difficulty"] == 3 and doc["outcome"] == -1 and doc["result"] == "foe"
    doc = run_json(
        runner,
        "fight",
        "ranged",
        MARA,
        "--foe",
        "Thug: Fair Gunman, INJ 3, CPD 1",
        "--foe-shoots",
        "--seed",
        "2",
        "--difficulty",
        "Mediocre",
    )
    assert doc["shooter"] == "Thug" and doc["target"] == "Dr. Mara Kell"


@pytest.mark.parametrize(
    ("args", "message", "code"),
    [
        (["fight", "melee", JASON], "who is the opponent?", 2),
        (["fight", "melee", JASON, GRUK, "--foe", BANDIT], "give B or --foe, not both", 2),
        (["fight", "melee", JASON, "--foe", "Bandit Fair"], "is not a stat line", 2),
        (["fight", "melee", JASON, "--foe", BANDIT, "--aim", "x"], "write MOD:MARGIN", 2),
        # beyond the Ladder, or a negative margin needed (a hostile-input hunt): refused
        (["fight", "melee", JASON, "--foe", BANDIT, "--aim", "99999999999:3"], "(-20 to +20)", 2),
        (["fight", "melee", JASON, "--foe", BANDIT, "--aim", "-1:-1"], "needs (0 to 20)", 2),
        (["fight", "melee", JASON, "--foe", BANDIT, "--pull", "bruise"], "unknown wound level", 2),
        (["fight", "melee", JASON, "--foe", BANDIT, "--roll", "5"], "outside -4..+4", 2),
        (["fight", "melee", JASON, "--foe", BANDIT, "--damage-option", "5"], "from 1 to 4", 2),
        (["fight", "ranged", JASON, "--foe", BANDIT], "no ranged weapon", 1),
    ],
)
def test_fight_errors(runner: CliRunner, args: list[str], message: str, code: int) -> None:
    got, out, err = run(runner, *args)
    assert got == code and message in err and out == "" and "Traceback" not in err


def test_fight_help_has_examples(runner: CliRunner) -> None:
    for command in (["fight", "melee"], ["fight", "ranged"]):
        code, out, _ = run(runner, *command, "--help")
        assert code == 0 and "Examples:" in out


def test_installed_ezkit_fights(tmp_path: Path) -> None:
    ezkit = str(Path(sys.executable).with_name("ezkit"))
    done = subprocess.run(
        [ezkit, "fight", "melee", JASON, "--foe", BANDIT, "--roll", "0", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["wound_level"] == "Very Hurt"


def test_apply_marks_the_wound_on_the_stored_character(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "c.json")
    assert run(runner, "char", "add", JASON, "--db", db)[0] == 0
    doc = run_json(
        runner,
        "fight",
        "melee",
        "Jason Free",
        "--foe",
        BANDIT,
        "--roll",
        "-4",
        "--apply",
        "--db",
        db,
    )
    assert doc["wounded"] == "Jason Free" and "Scratch [x][ ][ ]" in doc["applied"]["Jason Free"]
    shown = run_json(runner, "char", "show", "Jason Free", "--db", db)
    assert shown["character"]["wounds"] == [
        {"level": "Scratch", "rolled": "Scratch", "stun": False}
    ]


@pytest.mark.parametrize("phase", ["melee", "ranged"])
def test_apply_refuses_a_character_fighting_itself(
    runner: CliRunner, tmp_path: Path, phase: str
) -> None:
    """Found by a hostile-input hunt: `fight melee jason jason --apply` marked Jason's wound
    from his own blow on him. With --apply that is a usage error, nothing written; without,
    the exchange is shown as any what-if."""
    db = str(tmp_path / "c.json")
    assert run(runner, "char", "add", MARA, "--db", db)[0] == 0
    before = (tmp_path / "c.json").read_bytes()
    args = ["fight", phase, "Dr. Mara Kell", "dr. mara kell", "--roll", "4", "--db", db]
    code, _, err = run(runner, *args, "--apply")
    assert code == 2 and "A and B are both Dr. Mara Kell: with --apply" in err, err
    assert (tmp_path / "c.json").read_bytes() == before
    assert run(runner, *args)[0] == 0


def test_apply_needs_campaign_characters(runner: CliRunner) -> None:
    code, _, err = run(runner, "fight", "melee", JASON, "--foe", BANDIT, "--roll", "-4", "--apply")
    assert code == 2 and "campaign characters" in err
    assert "add the character with `ezkit char add` first" in err  # not "add him"


def test_apply_never_marks_a_file_character_on_the_campaign_one_of_the_same_name(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A fighter read from a file is not the campaign's, even of the same name: --apply had
    marked the file's fight (its own CPD) on the stored Jason Free."""
    db = str(tmp_path / "c.json")
    assert run(runner, "char", "add", JASON, "--db", db)[0] == 0
    before = (tmp_path / "c.json").read_bytes()
    weak = tmp_path / "jason-free.yaml"
    weak.write_text(Path(JASON).read_text().replace("mass_scale: 0", "mass_scale: -6"))
    for args in (["--roll", "-4"], ["--roll", "-4", "--fudge-points", "1"]):
        code, _, err = run(
            runner, "fight", "melee", str(weak), "--foe", BANDIT, *args, "--apply", "--db", db
        )
        assert code == 2 and "Jason Free was read from a file" in err, err
    assert (tmp_path / "c.json").read_bytes() == before


HE = re.compile(r"\b(he|his|him|himself)\b", re.I)


@pytest.mark.parametrize("command", ["melee", "ranged", "scene"])
def test_help_speaks_of_a_and_b_not_his(runner: CliRunner, command: str) -> None:
    """Player-facing text names the side ("A's best role", "B's roll"), never "his"."""
    code, out, _ = run(runner, "fight", command, "--help")
    assert code == 0 and not HE.search(out), HE.findall(out)


def test_foe_shooting_with_a_roll_says_the_roll_is_the_evade(runner: CliRunner) -> None:
    code, _, err = run(
        runner, "fight", "ranged", MARA, "--foe", BANDIT, "--foe-shoots", "--roll", "1"
    )
    assert code == 2 and "the player's roll is the evade: use --evade" in err


def test_terrain_test_from_the_command_line(runner: CliRunner) -> None:
    code, out, _ = run(
        runner,
        "fight",
        "melee",
        JASON,
        "--foe",
        BANDIT,
        "--roll",
        "0",
        "--tactic",
        "all-out-defend",
        "--terrain-test",
        "Good",
    )
    assert code == 0 and "takes the better ground: -1 to the opponent next round" in out


WREN = str(EXAMPLES / "wren.yaml")
ARCHER = "Archer: Good Archer, INJ 3, CPD 1"
THUG = "Thug: Fair Gunman, INJ 3, CPD 1, Reflexes Good"


def test_wren_needs_no_weapon_to_be_shot_at(runner: CliRunner) -> None:
    """ruling EZ-26: a target needs no weapon; before, Wren (a knife, no gun) could not be
    shot at: "has no ranged weapon to shoot with"."""
    args = ["fight", "ranged", WREN, "--foe", ARCHER, "--foe-shoots", "--seed", "3"]
    code, out, err = run(runner, *args)
    assert code == 0, err
    assert out.splitlines()[0] == "Archer: Good (+2) Archer, roll 0: action Good (+2)"
    doc = run_json(runner, *args)
    assert (doc["shooter"], doc["target"], doc["evade"]) == ("Archer", "Wren Hollowell", None)
    # she may evade with the player's roll: Reflexes Fair (+1) + 2
    doc = run_json(runner, *args, "--evade", "2")
    assert (doc["evade"], doc["evade_roll"], doc["difficulty"]) == (3, 2, 3)
    assert doc["steps"][0].startswith("Wren Hollowell spends the phase evading: Reflexes Fair")


def test_a_foe_that_evades_rolls_the_foe_roll(runner: CliRunner) -> None:
    """ruling EZ-26: evade = Reflexes + the foe roll when the GM rolls for foes; before, the
    foe roll was dropped (`foe_roll: null`)."""
    base = ["fight", "ranged", MARA, "--foe", THUG, "--roll", "2", "--foe-roll", "4df"]
    rolled = set()
    for seed in range(8):
        doc = run_json(runner, *base, "--evade", "0", "--seed", str(seed))
        assert doc["foe_roll"] is not None and doc["evade_roll"] == doc["foe_roll"]
        assert doc["evade"] == 2 + doc["foe_roll"]  # Reflexes Good + 0 + the foe roll
        assert doc["difficulty"] == max(1, doc["evade"])
        assert run_json(runner, *base, "--evade", "--seed", str(seed)) == doc  # ROLL is 0
        rolled.add(doc["foe_roll"])
        text = run(runner, *base, "--evade", "--seed", str(seed))[1]
        assert f"roll 0, foe roll {doc['foe_roll']:+d}".replace("+0", "0") in text
    assert len(rolled) > 1  # seeded dice, not a constant
    plain = run_json(runner, "fight", "ranged", MARA, "--foe", THUG, "--roll", "2", "--evade", "1")
    assert (plain["foe_roll"], plain["evade"]) == (0, 3)


def test_evade_roll_given_twice_is_a_usage_error(runner: CliRunner) -> None:
    args = ["fight", "ranged", WREN, "--foe", ARCHER, "--foe-shoots", "--evade", "1", "--roll", "2"]
    code, _, err = run(runner, *args)
    assert code == 2 and "give A's evade roll once" in err


@pytest.mark.parametrize(
    ("cpd", "value", "level", "named"),
    [
        (5, 2, None, "No effect"),
        (4, 3, "Hurt", "Dazed"),
        (2, 5, "Very Hurt", "Stunned"),
        (0, 7, "Out of It", "Knocked Out"),
        (-2, 9, "Near Death", "Knocked Out"),
    ],
)
def test_a_stun_is_told_by_its_own_name(
    runner: CliRunner, cpd: int, value: int, level: str | None, named: str
) -> None:
    """ruling EZ-16: before, "Knight takes Scratch" (no effect) and "takes Out of It"."""
    # Jason Great (+3) + 0 against Fair: margin 2; 2 + quarterstaff INJ 5 - CPD = value
    args = ["fight", "melee", JASON, "--foe", f"Knight: Fair Fighter, INJ 3, CPD {cpd}"]
    args += ["--roll", "0", "--stun"]
    doc = run_json(runner, *args)
    assert (doc["wound_value"], doc["wound_level"], doc["stun"]) == (value, level, True)
    assert doc["stun_result"] == named and doc["wounds"][0]["stun_result"] == named
    assert doc["wounded"] == ("Knight" if level else None)
    out = run(runner, *args)[1]
    assert "Knight takes" not in out
    if level is None:
        assert "Knight: No effect (an attack to stun at Scratch level, EZ-16)" in out
    else:
        assert f"Knight is {named} (an attack to stun at {level} level)" in out


def test_a_stun_shot_is_told_by_its_own_name(runner: CliRunner) -> None:
    """ruling EZ-16 in a ranged phase: Mediocre Marksman + 1 against Medium Fair: margin 0,
    0 + INJ 2 - CPD 1 = 1, a Scratch to stun: no effect."""
    args = ["fight", "ranged", MARA, "--foe", "Knight: Fair Fighter, INJ 3, CPD 1", "--roll", "1"]
    doc = run_json(runner, *args, "--stun")
    assert (doc["stun_result"], doc["wound_level"], doc["wounded"]) == ("No effect", None, None)
    assert "Knight takes" not in run(runner, *args, "--stun")[1]


def test_a_named_role_never_refused_and_an_unknown_weapon_still_is(runner: CliRunner) -> None:
    """ruling EZ-24: `--trait Juggler` was refused ("has no role"); now Poor (-1), said so."""
    code, out, _ = run(runner, "fight", "melee", JASON, "--foe", BANDIT, "--trait", "Juggler")
    assert code == 0 and "Jason Free fights as Poor (-1) Juggler: named by the GM" in out
    code, _, err = run(runner, "fight", "melee", JASON, "--foe", BANDIT, "--weapon", "lance")
    assert code == 2 and "has no weapon 'lance'" in err


@pytest.mark.parametrize("command", ["melee", "ranged"])
@pytest.mark.parametrize("option", ["--pull", "--foe-pull"])
def test_a_pull_names_a_wound_level(runner: CliRunner, command: str, option: str) -> None:
    """Even where that side deals no wound (B does not shoot): `--foe-pull abc` was accepted."""
    a = MARA if command == "ranged" else JASON
    code, out, err = run(runner, "fight", command, a, "--foe", BANDIT, "--roll", "0", option, "abc")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{option}: unknown wound level 'abc'; levels: Scratch, Hurt, Very Hurt" in err
    assert run(runner, "fight", command, a, "--foe", BANDIT, "--roll", "0", option, "hurt")[0] == 0


def test_house_rules_of_an_unknown_schema_version_are_refused(
    runner: CliRunner, tmp_path: Path
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("schema_version: 99\n")
    code, _, err = run(
        runner, "fight", "melee", JASON, "--foe", BANDIT, "--roll", "0", "--rules", str(house)
    )
    assert code == 1 and err.count("\n") == 1
    assert "schema_version 99 is not one this ezkit reads (accepted: 1)" in err


@pytest.mark.parametrize("option", ["--trait", "--foe-trait", "--weapon", "--foe-weapon"])
@pytest.mark.parametrize("bad", ["Q\x1b]0;pwned\x07", "Witch\u202e", "Zero\u200bW"])
def test_a_name_option_holding_control_characters_is_a_usage_error(
    runner: CliRunner, option: str, bad: str
) -> None:
    """Found by a hostile-input hunt: --foe-trait was printed back raw, so an escape sequence
    in it could retitle or drive the terminal. Such a name is refused, shown escaped."""
    result = runner.invoke(cli, ["fight", "melee", JASON, GRUK, option, bad, "--roll", "0"])
    assert result.exit_code == 2, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output  # shown escaped
    assert f"Invalid value for '{option}'" in result.stderr


@pytest.mark.parametrize("option", ["--foe-trait", "--foe-weapon"])
def test_a_foe_option_beside_an_inline_foe_is_a_usage_error(runner: CliRunner, option: str) -> None:
    """--foe-trait beside --foe was silently ignored: the inline foe names its own trait."""
    args = ["fight", "melee", JASON, "--foe", BANDIT, option, "Fighter", "--roll", "0"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert (
        f"{option} is for a foe B; an inline --foe fights with what its line says" in result.stderr
    )


def test_a_target_out_of_it_cannot_evade(runner: CliRunner, tmp_path: Path) -> None:
    """EZ-15 with EZ-19: evading is an action, and Out of It or worse takes none. The target
    had evaded all the same (Reflexes Good, roll +1: the shot missed)."""
    from ezkit.yamlio import load_yaml

    doc = load_yaml(Path(MARA))
    mara = tmp_path / "mara.yaml"
    argv = ["fight", "ranged", str(mara), "--foe", "Thug: Fair Gunman, INJ 3, CPD 1"]
    argv += ["--foe-shoots", "--evade", "--roll", "1"]
    mara.write_text(json.dumps(doc))
    assert run(runner, *argv)[0] == 0
    doc["wounds"] = [{"level": "Out of It", "rolled": "Out of It"}]
    mara.write_text(json.dumps(doc))
    code, out, err = run(runner, *argv)
    assert (code, out) == (1, "")
    assert "Dr. Mara Kell is Out of It: no actions (EZ-15), so no evade: leave out --evade" in err


@pytest.mark.parametrize("foe_shoots", [False, True])
def test_the_evaders_modifiers_count(runner: CliRunner, foe_shoots: bool) -> None:
    """EZ-19: evade = Reflexes + modifiers + roll; the evader's modifiers had been dropped.
    The Thug (Reflexes Fair) evades at Fair -2 = Poor: Mara's Mediocre shot at Short range
    (Mediocre) ties the shot's difficulty, and a tie hits. Mara (Reflexes Good) evades at
    Good -2 = Mediocre, roll 0: the Thug's Fair shot hits her."""
    thug = "Thug: Fair Gunman, INJ 3, CPD 1, Reflexes Fair"
    common = ["fight", "ranged", MARA, "--foe", thug, "--range", "S"]
    if foe_shoots:
        doc = run_json(runner, *common, "--foe-shoots", "--evade", "0", "--mod", "-2")
        assert (doc["evade"], doc["difficulty"], doc["action"]) == (0, 0, 1)
        assert doc["hit"] and doc["result"] == "foe"
    else:
        doc = run_json(runner, *common, "--evade", "0", "--foe-mod", "-2", "--roll", "0")
        assert (doc["evade"], doc["difficulty"], doc["action"]) == (-1, 0, 0)
        assert doc["hit"] and doc["result"] == "character"
    assert any("-2 modifiers, roll 0" in step for step in doc["steps"])
