"""Names as a person types them: traits charged only when named (EZ-13), character and wound-level
prefixes, wounds in `char list`, and `char unwound` to take back a mark made by mistake (EZ-15)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from ezkit import rules as rules_data
from ezkit.cli import cli
from ezkit.combat import wounds
from ezkit.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "characters"
RULES = rules_data.load()

# A nursing sister with a Swimmer role and two Doctor specialties: the position that showed
# `improve ... Swimming` buying a new role and `improve ... Doctor` raising one Doctor silently.
AGATHE = {
    "schema_version": 1,
    "name": "Sister Agathe",
    "build": "flowchart",
    "roles": [
        {"name": "Doctor", "specialty": "Surgery", "rank": "Good"},
        {"name": "Doctor", "specialty": "Pathology", "rank": "Fair"},
        {"name": "Swimmer", "rank": "Fair"},
        {"name": "Nun", "rank": "Fair"},
    ],
    "attributes": {"body": "Fair", "agility": "Fair", "mind": "Good", "will": "Good"},
    "gifts": ["Patience", "Steady Hands"],
    "fudge_points": 3,
}


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def db(tmp_path: Path, runner: CliRunner) -> str:
    """A campaign of the examples and Sister Agathe, who holds 10 XP."""
    agathe = tmp_path / "agathe.yaml"
    agathe.write_text(yaml.safe_dump(AGATHE, sort_keys=False))
    path = str(tmp_path / "campaign.json")
    files = [str(p) for p in sorted(EXAMPLES.glob("*.yaml"))]
    code, _, err = run(runner, "char", "add", *files, str(agathe), "--db", path)
    assert code == 0, err
    assert run(runner, "char", "award", "Sister Agathe", "--xp", "10", "--db", path)[0] == 0
    return path


def stored(db: str, name: str) -> dict:
    docs = json.loads(Path(db).read_text())["characters"].values()
    return next(doc for doc in docs if doc["name"] == name)


# --- 1. nothing charged by a guess (EZ-13) ------------------------------------------------


def test_sister_agathe_swimming_is_refused_naming_her_traits(runner: CliRunner, db: str) -> None:
    before = Path(db).read_text()
    code, out, err = run(runner, "char", "improve", "Sister Agathe", "Swimming", "--db", db)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "Sister Agathe has no trait 'Swimming': did you mean 'Swimmer'?" in err
    assert "roles: Doctor (Surgery), Doctor (Pathology), Swimmer, Nun" in err
    assert "attributes: Body, Agility, Mind, Will" in err
    assert "Poor -> Mediocre for 1 XP, add --new (EZ-3, EZ-13)" in err
    assert Path(db).read_text() == before  # nothing charged, no role made


def test_a_new_role_is_an_explicit_choice_with_its_cost_shown(runner: CliRunner, db: str) -> None:
    code, out, err = run(runner, "char", "improve", "sister", "Swimming", "--new", "--db", db)
    assert code == 0, err
    assert out == (
        "Sister Agathe: improve, Swimming Poor -> Mediocre, -1 XP; "
        "now 3 Fudge Points, 9 Experience Points\n"
    )
    roles = [(r["name"], r["rank"]) for r in stored(db, "Sister Agathe")["roles"]]
    assert roles[-1] == ("Swimming", "Mediocre (0)")
    code, _, err = run(runner, "char", "improve", "sister", "swimmer", "--new", "--db", db)
    assert code == 1 and "already has the role 'Swimmer': improve it without --new" in err


def test_two_doctors_are_refused_listing_each_by_its_label(runner: CliRunner, db: str) -> None:
    before = Path(db).read_text()
    code, out, err = run(runner, "char", "improve", "Sister Agathe", "Doctor", "--db", db)
    assert (code, out) == (2, "")
    assert err == (
        "Error: 'Doctor' could be 2 of Sister Agathe's roles: 'Doctor (Surgery)' or "
        "'Doctor (Pathology)'; name one by its label, as 'Doctor (Surgery)', so the right "
        "one is raised (EZ-4, EZ-13)\n"
    )
    assert Path(db).read_text() == before
    code, out, _ = run(runner, "char", "improve", "Sister Agathe", "doctor (pathology)", "--db", db)
    assert code == 0 and "Doctor (Pathology) Fair -> Good, -2 XP" in out
    ranks = {(r["name"], r["specialty"]): r["rank"] for r in stored(db, "Sister Agathe")["roles"]}
    assert ranks[("Doctor", "Surgery")] == "Good (+2)"
    assert ranks[("Doctor", "Pathology")] == "Good (+2)"


def test_another_specialty_is_bought_new_by_its_label(runner: CliRunner, db: str) -> None:
    code, _, err = run(runner, "char", "improve", "Sister Agathe", "Doctor", "--new", "--db", db)
    assert code == 1 and "name the new role with its own specialty" in err
    args = ("char", "improve", "Sister Agathe", "doctor (Herbalism)", "--new", "--db", db)
    code, out, _ = run(runner, *args)
    assert code == 0 and "Doctor (Herbalism) Poor -> Mediocre, -1 XP" in out
    role = stored(db, "Sister Agathe")["roles"][-1]
    assert (role["name"], role["specialty"], role["rank"]) == (
        "Doctor",
        "Herbalism",
        "Mediocre (0)",
    )


def test_remove_fault_suggests_the_fault_meant(runner: CliRunner, db: str) -> None:
    run(runner, "char", "award", "Jason Free", "--xp", "8", "--db", db)
    code, _, err = run(runner, "char", "remove-fault", "jason", "Mercenary Code", "--db", db)
    assert code == 1 and "did you mean 'Mercenary Code of Ethics'?" in err


# --- 2. prefixes everywhere --------------------------------------------------------------


def test_char_show_jason_is_jason_free(runner: CliRunner, db: str) -> None:
    code, out, err = run(runner, "char", "show", "jason", "--db", db)
    assert code == 0, err
    assert out.startswith("Jason Free\n")


def test_char_wound_gruk_near_marks_near_death(runner: CliRunner, db: str) -> None:
    code, out, err = run(runner, "char", "wound", "Gruk", "near", "--db", db)
    assert code == 0, err
    assert out.splitlines()[0] == "Gruk Underbridge: Near Death"
    assert stored(db, "Gruk Underbridge")["wounds"] == [
        {"level": "Near Death", "rolled": "Near Death", "stun": False}
    ]


@pytest.mark.parametrize(
    ("typed", "level"),
    [("near", "Near Death"), ("V", "Very Hurt"), ("out-of", "Out of It"), ("hurt", "Hurt")],
)
def test_wound_levels_take_prefixes(typed: str, level: str) -> None:
    assert RULES.wounds.levels[wounds.level_index(typed, RULES)].name == level


def test_an_ambiguous_wound_level_lists_the_levels_it_could_be() -> None:
    levels = list(RULES.wounds.levels)
    levels[1] = replace(levels[1], name="Hit")  # a house rule's names
    levels[2] = replace(levels[2], name="Hit Hard")
    rules = replace(RULES, wounds=replace(RULES.wounds, levels=tuple(levels)))
    assert wounds.level_index("HIT", rules) == 1  # the exact name wins over a longer one
    assert wounds.level_index("hit h", rules) == 2
    with pytest.raises(InputError) as caught:
        wounds.level_index("hi", rules)
    assert (
        str(caught.value) == "ambiguous wound level 'hi': it could be 'Hit' or 'Hit Hard' (EZ-14)"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["char", "show", "gruk"],
        ["char", "export", "gruk"],
        ["char", "award", "gruk", "--fp", "1"],
        ["char", "spend", "gruk", "--fp", "1"],
        ["char", "convert", "gruk", "--to-xp", "1"],
        ["char", "improve", "gruk", "Cook"],
        ["char", "add-gift", "gruk", "Lucky"],
        ["char", "remove-fault", "gruk", "Slow"],
        ["char", "wound", "gruk", "scr"],
        ["char", "heal", "gruk"],
        ["char", "unwound", "gruk", "scr"],
        ["char", "remove", "gruk", "--yes"],
    ],
    ids=lambda args: args[1],
)
def test_every_name_argument_takes_a_prefix(runner: CliRunner, db: str, args: list[str]) -> None:
    """Whatever the command then says (refusals included), it speaks of Gruk Underbridge."""
    code, out, err = run(runner, *args, "--db", db)
    assert code in (0, 1) and "no character named" not in err
    assert "Gruk Underbridge" in out + err and "Traceback" not in err


def test_an_ambiguous_name_is_refused_listing_the_matches(
    runner: CliRunner, db: str, tmp_path: Path
) -> None:
    freeman = yaml.safe_load((EXAMPLES / "jason-free.yaml").read_text())
    freeman["name"] = "Jason Freeman"
    (tmp_path / "freeman.yaml").write_text(yaml.safe_dump(freeman))
    assert run(runner, "char", "add", str(tmp_path / "freeman.yaml"), "--db", db)[0] == 0
    before = Path(db).read_text()
    for args in (["show", "jason"], ["award", "Jason F", "--fp", "1"], ["wound", "jas", "1"]):
        code, out, err = run(runner, "char", *args, "--db", db)
        assert (code, out) == (2, "")
        assert "ambiguous character name" in err
        assert "'Jason Free', 'Jason Freeman'; give more of the name" in err
    assert Path(db).read_text() == before
    code, out, _ = run(runner, "char", "show", "JASON  FREE", "--db", db)  # the exact name wins
    assert code == 0 and out.startswith("Jason Free\n")
    code, out, _ = run(runner, "char", "show", "jason freem", "--db", db)
    assert code == 0 and out.startswith("Jason Freeman\n")


def test_print_sheet_and_fight_find_a_character_by_prefix(runner: CliRunner, db: str) -> None:
    args = ["fight", "melee", "jas", "--foe", "Bandit: Fair Fighter, INJ 3, CPD 2", "--roll", "-4"]
    code, out, err = run(runner, *args, "--apply", "--db", db, "--json")
    assert code == 0, err
    assert json.loads(out)["wounded"] == "Jason Free"
    assert stored(db, "Jason Free")["wounds"] == [
        {"level": "Scratch", "rolled": "Scratch", "stun": False}
    ]
    from ezkit.cli.char import load_character

    assert load_character("wren", Path(db)).name == "Wren Hollowell"  # what print sheet calls


# --- 3. char list shows wounds and state --------------------------------------------------


def test_char_list_shows_wounds_and_state(runner: CliRunner, db: str) -> None:
    for args in (["Gruk", "Scratch"], ["Gruk", "Scratch"], ["Gruk", "Hurt"], ["Wren", "out"]):
        assert run(runner, "char", "wound", *args, "--db", db)[0] == 0
    run(runner, "char", "wound", "Jason", "Hurt", "--stun", "--db", db)
    for _ in range(6):
        run(runner, "char", "wound", "Dr", "near", "--db", db)
    code, out, _ = run(runner, "char", "list", "--db", db)
    assert code == 0
    lines = {line.split("  ")[0]: line for line in out.splitlines()}
    assert lines["Gruk Underbridge"].endswith("Hurt (-1); marked Scratch x2, Hurt")
    assert lines["Jason Free"].endswith("Dazed (-1); marked stun Hurt")
    assert lines["Wren Hollowell"].endswith("Out of It: no actions; marked Out of It")
    assert lines["Dr. Mara Kell"].endswith("Dead; marked Near Death, Dead")
    assert lines["Sister Agathe"].endswith("unhurt")
    assert "FP 3" in lines["Sister Agathe"] and "XP 10" in lines["Sister Agathe"]
    code, out, _ = run(runner, "char", "list", "--db", db, "--json")
    listed = {c["name"]: c for c in json.loads(out)}
    assert listed["Gruk Underbridge"]["condition"] == "Hurt (-1)"
    assert [m["level"] for m in listed["Gruk Underbridge"]["wounds"]] == [
        "Scratch",
        "Scratch",
        "Hurt",
    ]
    assert listed["Dr. Mara Kell"]["condition"] == "Dead"
    assert listed["Sister Agathe"] == {
        "name": "Sister Agathe",
        "build": "flowchart",
        "people": "",
        "fudge_points": 3,
        "experience": 10,
        "wounds": [],
        "condition": "unhurt",
    }


# --- 4. char unwound ------------------------------------------------------------------------


def test_unwound_takes_back_the_most_recent_matching_mark(runner: CliRunner, db: str) -> None:
    for level in ("Hurt", "Scratch", "Hurt"):  # the second Hurt is promoted to Very Hurt
        run(runner, "char", "wound", "Gruk", level, "--db", db)
    code, out, err = run(
        runner, "char", "unwound", "gruk", "hurt", "--reason", "it was the bridge", "--db", db
    )
    assert code == 0, err
    assert out.splitlines() == [
        "Gruk Underbridge: took back Very Hurt (rolled Hurt), marked by mistake; it was the bridge",
        "  Scratch [x][ ][ ] Hurt [x] Very Hurt [ ] Out of It [ ] Near Death [ ]  Hurt (-1)",
    ]
    gruk = stored(db, "Gruk Underbridge")
    assert gruk["history"][-1]["kind"] == "note"
    assert gruk["history"][-1]["wound"] == {"level": "Very Hurt", "rolled": "Hurt", "stun": False}
    code, out, _ = run(runner, "char", "show", "Gruk", "--history", "--db", db)
    assert "note: took back Very Hurt (rolled Hurt), marked by mistake; it was the bridge" in out


def test_unwound_a_stun_needs_stun(runner: CliRunner, db: str) -> None:
    run(runner, "char", "wound", "Jason", "Very Hurt", "--stun", "--db", db)
    before = Path(db).read_text()
    code, out, err = run(runner, "char", "unwound", "Jason", "very", "--db", db)
    assert (code, out) == (1, "")
    assert err.startswith(
        "Error: Jason Free has no wound mark at Very Hurt (marked or rolled there) to take back; "
        "there is a stun mark there: add --stun; the track: "
    )
    assert Path(db).read_text() == before
    code, out, _ = run(runner, "char", "unwound", "Jason", "very", "--stun", "--db", db)
    assert code == 0 and out.startswith("Jason Free: took back stun Very Hurt, marked by mistake")
    assert stored(db, "Jason Free")["wounds"] == []


def test_unwound_with_no_such_mark_is_refused(runner: CliRunner, db: str) -> None:
    before = Path(db).read_text()
    code, out, err = run(runner, "char", "unwound", "Wren", "Scratch", "--db", db)
    assert (code, out) == (1, "")
    assert "Wren Hollowell has no wound mark at Scratch" in err and "(EZ-15)" in err
    code, _, err = run(runner, "char", "unwound", "Wren", "Bruised", "--db", db)
    assert code == 2 and "unknown wound level 'Bruised'; levels: Scratch, Hurt" in err
    assert Path(db).read_text() == before


def test_unwound_brings_back_a_character_killed_by_mistake(runner: CliRunner, db: str) -> None:
    for _ in range(2):
        run(runner, "char", "wound", "Gruk", "Near Death", "--db", db)
    code, out, _ = run(runner, "char", "unwound", "Gruk", "near", "--db", db)
    assert code == 0 and "took back Dead (rolled Near Death)" in out
    assert out.rstrip().endswith("Near Death: no actions")


def test_installed_ezkit_unwound(tmp_path: Path) -> None:
    ezkit = str(Path(sys.executable).with_name("ezkit"))
    env_db = str(tmp_path / "c.json")

    def ez(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [ezkit, *args, "--db", env_db], capture_output=True, text=True, check=False
        )

    assert ez("char", "add", str(EXAMPLES / "gruk.yaml")).returncode == 0
    assert ez("char", "wound", "gruk", "h").returncode == 0
    done = ez("char", "unwound", "gruk", "h", "--reason", "a typo")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Gruk Underbridge: took back Hurt, marked by mistake; a typo")
    again = ez("char", "unwound", "gruk", "h")
    assert again.returncode == 1 and "Traceback" not in again.stderr
    assert "has no wound mark at Hurt" in again.stderr
