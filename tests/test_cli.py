"""The command line: roll, odds, dice, action; errors; the installed script."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ezkit.cli import cli


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def run_json(runner: CliRunner, *args: str) -> object:
    code, out, err = run(runner, *args, "--json")
    assert code == 0, err
    return json.loads(out)


# --- help and version ---------------------------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["roll"], ["odds"], ["action"], ["dice"], ["dice", "compare"], ["dice", "list"]]
)
def test_every_command_has_help_with_an_example(runner: CliRunner, command: list[str]) -> None:
    code, out, _ = run(runner, *command, "--help")
    assert code == 0
    assert "Example" in out or command == ["dice"]


@pytest.mark.parametrize("command", [[], ["dice"]])
def test_a_group_alone_prints_its_help(runner: CliRunner, command: list[str]) -> None:
    code, out, _ = run(runner, *command)
    assert code == 0 and out.startswith("Usage:") and "Commands:" in out


def test_version(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--version")
    assert code == 0 and "ezkit" in out


# --- roll ----------------------------------------------------------------------


def test_roll_default_is_4df_and_replays_from_the_seed(runner: CliRunner) -> None:
    first = run_json(runner, "roll", "--seed", "11")
    again = run_json(runner, "roll", "--seed", "11")
    assert first == again
    assert first["method"] == "4dF" and first["seed"] == 11
    (one,) = first["rolls"]
    assert len(one["faces"]) == 4 and sum(one["faces"]) == one["roll"] == one["total"]


def test_roll_expression_with_modifier(runner: CliRunner) -> None:
    doc = run_json(runner, "roll", "3d6-1", "--seed", "3", "--times", "5")
    assert doc["expression"] == "3d6-1" and doc["modifier"] == -1
    assert len(doc["rolls"]) == 5
    for r in doc["rolls"]:
        assert len(r["faces"]) == 3 and r["total"] == r["roll"] - 1


def test_roll_human_output_shows_faces_total_and_name(runner: CliRunner) -> None:
    code, out, _ = run(runner, "roll", "4dF+2", "--seed", "1")
    doc = run_json(runner, "roll", "4dF+2", "--seed", "1")
    total = doc["rolls"][0]["total"]
    assert code == 0
    assert out.startswith("4dF+2: [")
    assert doc["rolls"][0]["name"] in out and f"= {total:+d}" in out
    assert "(seed 1)" in out


def test_roll_method_option_and_bare_modifier(runner: CliRunner) -> None:
    doc = run_json(runner, "roll", "-2", "--method", "d20", "--seed", "4")
    assert doc["method"] == "d20" and doc["modifier"] == -2


@pytest.mark.parametrize("method", ["4dF", "3d6", "d100", "poker", "2d10", "d20", "4d3-8"])
def test_roll_every_method(runner: CliRunner, method: str) -> None:
    doc = run_json(runner, "roll", "--method", method, "--times", "50", "--seed", "9")
    assert all(-4 <= r["roll"] <= 4 for r in doc["rolls"])


def test_poker_deck_file_carries_the_shoe_between_invocations(
    runner: CliRunner, tmp_path: Path
) -> None:
    shoe = tmp_path / "shoe.json"
    run_json(runner, "roll", "poker", "--seed", "1", "--deck-file", str(shoe))
    state = json.loads(shoe.read_text())
    assert not state["reshuffle_pending"] and len(state["cards"]) == 103  # seed 1: no Ace first
    doc = run_json(runner, "roll", "poker", "--seed", "2", "--deck-file", str(shoe))
    assert doc["rolls"][0]["faces"] == [state["cards"][-1]]  # the next card of the same shoe
    assert json.loads(shoe.read_text())["schema_version"] == 1


def test_a_broken_deck_file_is_reported_and_left_alone(runner: CliRunner, tmp_path: Path) -> None:
    shoe = tmp_path / "shoe.json"
    shoe.write_text("{not json")
    code, out, err = run(runner, "roll", "poker", "--deck-file", str(shoe))
    assert code == 1 and out == ""
    assert "is not a saved shoe" in err and "left untouched" in err
    assert shoe.read_text() == "{not json"


@pytest.mark.parametrize(
    "content",
    [
        '{"schema_version": 1, "cards": [1, 2], "reshuffle_pending": false}',
        '{"schema_version": 1, "cards": [[1]], "reshuffle_pending": false}',
        '{"schema_version": 1, "cards": ["AH", "AH", "AH"], "reshuffle_pending": false}',
        '{"schema_version": 99, "cards": [], "reshuffle_pending": false}',
        "[1, 2]",
    ],
)
def test_deck_files_this_deck_could_not_have_left_are_refused(
    runner: CliRunner, tmp_path: Path, content: str
) -> None:
    shoe = tmp_path / "shoe.json"
    shoe.write_text(content)
    code, _, err = run(runner, "roll", "poker", "--deck-file", str(shoe))
    assert code == 1 and "is not a saved shoe" in err
    assert shoe.read_text() == content


def test_deck_file_is_for_the_poker_method_only(runner: CliRunner, tmp_path: Path) -> None:
    code, _, err = run(runner, "roll", "3d6", "--deck-file", str(tmp_path / "x.json"))
    assert code == 2 and "poker method only" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roll", "5d6"], "unknown dice method '5d6'"),
        (["roll", "4dF+x"], "malformed dice expression '4dF+x'"),
        (["roll", "--method", "d7"], "unknown dice method 'd7'"),
        (["roll", "3d6", "--method", "d20"], "names 3d6 but --method says d20"),
        (["roll", "--times", "0"], "--times"),
        (
            ["action", "Superbb"],
            "unknown rank 'Superbb'; did you mean 'Superb'? (Ladder: Terrible..Superb or -2..+4)",
        ),
        (["action", "Fair", "--roll", "5"], "roll +5 is outside -4..+4"),
        (["action", "Fair", "--roll", "-7"], "roll -7 is outside -4..+4"),
        (["action", "Fair", "--roll", "x"], "'x' is not a whole number"),
        (["action", "Fair", "--difficulty", "g"], "ambiguous rank 'g'"),
        (["action", "Fair", "--foe-roll", "2df"], "--foe-roll"),
        (["action", "Fair", "--fudge-points", "-1"], "--fudge-points"),
        (["odds", "--difficulty", "Good"], "--difficulty needs --rank"),
        (["odds", "--rank", "Gud"], "unknown rank 'Gud'; did you mean 'Good'?"),
        (["nonsense"], "No such command"),
        (["roll", "--seeds", "3"], "No such option '--seeds'"),
        (["roll", "--bogus"], "No such option '--bogus'"),
        (["action", "Fair", "--roll", "1", "--seed", "3"], "give one"),
        (["action", "9" * 5000], "rank '9999999999999999999999999999999999999...' is off the"),
        (["action", "-21"], "rank '-21' is off the Ladder by far"),  # no space before it
        (["action", "99"], "ranks run from -20 to +20"),
        (["roll", "4dF+" + "9" * 5000], "the modifier +999999999"),
        # as every modifier: within the Ladder's reach (a hunt found `3d6+99` read Superb +94)
        (
            ["roll", "3d6+99"],
            "the modifier +99 in '3d6+99' is out of range: a modifier is from -20",
        ),
        (["roll", "+21"], "the modifier +21 in '+21' is out of range"),
        (["roll", "4dF+021"], "the modifier +021 in '4dF+021' is out of range"),
        (["roll", "4d3-7"], "unknown dice method '4d3'"),
        (["action", "Fair", "--debug"], "No such option '--debug'"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    runner: CliRunner, args: list[str], message: str
) -> None:
    code, out, err = run(runner, *args)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1 and err.startswith("Error: ")
    assert "Traceback" not in err


# --- odds and dice ---------------------------------------------------------------


def test_odds_table_prints_both_styles(runner: CliRunner) -> None:
    code, out, _ = run(runner, "odds")
    assert code == 0
    assert "exact to one decimal" in out and "as the book prints it" in out
    assert "98.8" in out and "Automatic" in out and "Never" in out


def test_odds_one_pair(runner: CliRunner) -> None:
    code, out, _ = run(runner, "odds", "--rank", "Good", "--difficulty", "Great")
    assert code == 0 and "38.3%" in out and "31 in 81" in out
    doc = run_json(runner, "odds", "--rank", "Good", "--difficulty", "Great")
    assert doc["chance"] == pytest.approx(31 / 81)


def test_odds_with_mod_and_foe_roll(runner: CliRunner) -> None:
    doc = run_json(runner, "odds", "-r", "Fair", "-d", "Good", "--mod", "1", "--foe-roll", "1df")
    # Fair +1 against Good with one foe Fudge die: count all 3**5 throws.
    throws = list(itertools.product((-1, 0, 1), repeat=5))
    wins = sum(1 + 1 + sum(t[:4]) >= 2 + t[4] for t in throws)
    assert Fraction(doc["fraction"]) == Fraction(wins, len(throws))
    plain = run_json(runner, "odds", "-r", "Fair", "-d", "Good", "--mod", "1")
    assert plain["chance"] == pytest.approx(50 / 81)


def test_odds_table_json(runner: CliRunner) -> None:
    doc = run_json(runner, "odds")
    assert doc["difficulties"] == [-2, -1, 0, 1, 2, 3, 4]
    assert [row["rank"] for row in doc["rows"]] == [4, 3, 2, 1, 0, -1, -2]
    assert doc["rows"][0]["book"][:3] == ["Automatic"] * 3
    assert doc["rows"][-1]["book"][-2:] == ["Never", "Never"]


def test_dice_compare(runner: CliRunner) -> None:
    code, out, _ = run(runner, "dice", "compare")
    assert code == 0 and "largest deviation" in out
    doc = run_json(runner, "dice", "compare")
    assert [m["method"] for m in doc["methods"]] == ["3d6", "d100", "poker", "2d10", "d20", "4d3-8"]
    for m in doc["methods"]:
        assert sum(m["chances"]) == pytest.approx(1)


def test_dice_list(runner: CliRunner) -> None:
    doc = run_json(runner, "dice", "list")
    assert {m["method"] for m in doc} >= {"4dF", "3d6", "d100", "poker", "2d10", "d20", "4d3-8"}


# --- action ------------------------------------------------------------------------


def test_action_louie_json(runner: CliRunner) -> None:
    doc = run_json(
        runner, "action", "Great", "--mod", "1", "--difficulty", "Superb", "--roll", "-1"
    )
    assert doc["rank"] == 3 and doc["modifier"] == 1 and doc["roll"] == -1
    assert doc["result"] == 3 and doc["result_name"] == "Great"
    assert doc["difficulty"] == 4 and doc["outcome"] == "failure" and doc["margin"] == 1
    assert doc["outcome_name"] == "Poor"
    assert doc["chance"] == pytest.approx(50 / 81)


def test_action_human_output(runner: CliRunner) -> None:
    code, out, _ = run(runner, "action", "Great", "--mod", "1", "-d", "Superb", "--roll", "-1")
    assert code == 0
    assert "Test: Great (+3) +1 against Superb (+4)" in out
    assert "61.7%" in out and "Failure, Failure Margin 1" in out and "Poor" in out


def test_action_mathless(runner: CliRunner) -> None:
    code, out, _ = run(runner, "action", "Fair", "--roll", "2", "--mathless")
    assert code == 0 and "Move up 2 for the Good (+2) roll: Great." in out
    assert "Roll: +2 (given)" in out and out.count("Success Margin 2") == 1
    doc = run_json(runner, "action", "Fair", "--roll", "2", "--mathless")
    assert doc["mathless"][0] == "Put your finger on Fair, the trait's rank."


def test_action_negative_rank_is_a_value(runner: CliRunner) -> None:
    doc = run_json(runner, "action", "-1", "--roll", "-2", "--difficulty", "-3")
    assert doc["rank"] == -1 and doc["result"] == -3 and doc["outcome"] == "success"


def test_action_rolls_with_a_seed_and_a_foe_roll(runner: CliRunner) -> None:
    first = run_json(runner, "action", "Good", "--seed", "5", "--foe-roll", "4df")
    again = run_json(runner, "action", "Good", "--seed", "5", "--foe-roll", "4df")
    assert first == again and first["kind"] == "contest"
    assert first["result"] == 2 + first["roll"]
    assert first["outcome_rank"] == first["result"] - 1 - first["foe_roll"]["value"]


def test_action_fudge_points(runner: CliRunner) -> None:
    doc = run_json(runner, "action", "Fair", "--roll", "-2", "--fudge-points", "1")
    assert doc["result"] == 0 and doc["outcome"] == "failure"
    assert doc["fudge_points_to_succeed"] == 1


def test_action_default_difficulty_is_fair_and_it_is_a_test(runner: CliRunner) -> None:
    doc = run_json(runner, "action", "Fair", "--roll", "0")
    assert doc["difficulty"] == 1 and doc["kind"] == "test" and doc["margin"] == 0


def test_json_output_is_one_document_only(runner: CliRunner) -> None:
    code, out, _ = run(runner, "action", "Good", "--json")
    assert code == 0
    json.loads(out)


# --- the installed program ----------------------------------------------------------


def _installed_ezkit() -> str:
    beside = Path(sys.executable).with_name("ezkit")
    found = str(beside) if beside.exists() else shutil.which("ezkit")
    assert found, "the ezkit console script is not installed"
    return found


def test_installed_ezkit_runs_in_a_subprocess(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": ""}
    done = subprocess.run(
        [
            _installed_ezkit(),
            "action",
            "Great",
            "--mod",
            "1",
            "-d",
            "Superb",
            "--roll",
            "-1",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == "failure"
    bad = subprocess.run(
        [_installed_ezkit(), "action", "Superbb"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "did you mean 'Superb'?" in bad.stderr


def test_python_dash_m_ezkit(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ezkit", "roll", "--seed", "3", "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seed"] == 3


def test_roll_and_action_do_not_import_heavy_modules(tmp_path: Path) -> None:
    code = (
        "import sys; from ezkit.cli import cli\n"
        "for args in (['roll', '--seed', '1'], ['action', 'Fair', '--roll', '0']):\n"
        "    try: cli.main(args)\n"
        "    except SystemExit: pass\n"
        "heavy = ('rich', 'weasyprint', 'pydantic', 'tinydb', 'jinja2')\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def _all_commands() -> list[tuple[str, click.Command]]:
    """Every command, by its words (`char add-gift`), the lazily loaded ones too."""
    found: list[tuple[str, click.Command]] = []

    def walk(command: click.Command, path: str, ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    walk(sub, f"{path} {name}".strip(), ctx)
        else:
            found.append((path, command))

    with click.Context(cli) as ctx:
        walk(cli, "", ctx)
    return found


def test_no_option_shows_a_range_of_none() -> None:
    """A whole number with no bounds of its own had its help say `[x<=None]` (add-gift
    --cpd, game --rounds, game sim --games, --players, --jobs): a bounded one says its bounds,
    an unbounded one none."""
    shown = []
    for path, command in _all_commands():
        for param in command.params:
            if isinstance(param.type, click.types._NumberRangeBase):
                described = param.type._describe_range()
                shown.append(f"{path} {param.opts[0]} [{described}]")
    assert shown and not [line for line in shown if "None" in line]
    ranges = "\n".join(shown)
    assert "char add-gift --cpd [-20<=x<=20]" in ranges
    assert "game sim --games [1<=x<=1000000]" in ranges
    assert "game sim --players [1<=x<=12]" in ranges
    assert "game sim --jobs [0<=x<=64]" in ranges


def test_the_command_lines_bounds_are_the_models() -> None:
    """ezkit.cli.params keeps two numbers of its own so that every command's start imports no
    model: the longest name and a modifier's reach."""
    from ezkit import ladder
    from ezkit.character.model import FUDGE_MAX, NAME_MAX
    from ezkit.cli import params

    assert (params.NAME_MOST, params.LIMIT) == (NAME_MAX, ladder.LIMIT)
    assert params.FUDGE_MOST == FUDGE_MAX


def test_a_name_option_longer_than_a_name_is_refused_shortened(runner: CliRunner) -> None:
    """A 5,000-character --weapon was printed back whole (found by a review)."""
    jason = "examples/characters/jason-free.yaml"
    result = runner.invoke(cli, ["fight", "melee", jason, jason, "--weapon", "w" * 5000])
    assert result.exit_code == 2 and "is 5,000 characters long; a name holds at most 100" in (
        result.stderr
    )
    assert len(result.stderr) < 200


def test_odds_and_action_say_which_poker_chance_they_give(runner: CliRunner) -> None:
    """A deck's chance depends on the cards gone: `odds` gives the long run, `action` the
    first card off a fresh shoe; each says which (a hunt found 38.6% and 38.5% unlabelled)."""
    odds = runner.invoke(
        cli, ["odds", "--rank", "Good", "--difficulty", "Great", "--method", "poker"]
    )
    assert "38.6% (162 in 420) to succeed rolling poker (over the long run, the shoe" in odds.output
    action = runner.invoke(
        cli, ["action", "Good", "--difficulty", "Great", "--method", "poker", "--seed", "1"]
    )
    assert "38.5% (5/13, one card off a fresh shoe)." in action.output
    plain = runner.invoke(cli, ["action", "Good", "--difficulty", "Great", "--roll", "0"])
    assert "shoe" not in plain.output


def test_a_modifier_written_with_leading_zeros_is_its_number(runner: CliRunner) -> None:
    """`+0001` is +1 (a review found it called out of range by its length)."""
    result = runner.invoke(cli, ["roll", "--seed", "1", "--", "+0000001"])
    assert result.exit_code == 0 and result.output.startswith("4dF+1: "), result.output
    table = runner.invoke(cli, ["odds", "--method", "poker"])
    assert "(poker, over the long run, the shoe reshuffled after each Ace)" in table.output
