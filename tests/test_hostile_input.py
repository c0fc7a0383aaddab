"""Hostile input at the game commands: huge numbers, odd digits, broken saves and names that
would drive the terminal get a one-line message and an exit code, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ezkit.cli import cli
from ezkit.terminal import control_characters, safe, safe_line

BIG = "9" * 5000


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "campaign.json")
    result = CliRunner().invoke(
        cli, ["game", "new", "auntie", "--players", "Ann", "--bots", "2", "--bot", "random",
              "--seed", "3", "--db", path],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return path


def ezkit(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["game", "move", "1", BIG], 1, "a move is at most 300 characters, not 5000"),
        (["game", "move", "1", "１"], 1, "not a move"),  # a full-width digit is no menu number
        (["game", "show", "1", "--seat", BIG], 2, "no seat '99999"),
        (["game", "new", "auntie", "--option", f"rounds={BIG}"], 2, "options take at most 18"),
        (["game", "new", "auntie", "--seed", BIG], 2, "at most 18 digits"),
        (["game", "new", "auntie", "--seed", "1.5"], 2, "at most 18 digits"),
        (["game", "new", "auntie", "--players", "Ann\x1b[2J"], 2, "no control characters"),
        (["game", "new", "auntie", "--players", "A" * 41], 2, "at most 40 characters"),
        # an empty name had been dropped: a seat silently missing (a hostile-input hunt)
        (["game", "new", "auntie", "--players", "Ann,,Bob"], 2, "name 2 of 3 is empty"),
        (["game", "new", "auntie", "--players", "Ann,Bob,"], 2, "name 3 of 3 is empty"),
    ],
    ids=[
        *("move", "full-width", "seat", "option", "seed", "seed-fraction", "escape", "long"),
        *("empty-name", "trailing-comma"),
    ],
)
def test_refused_in_one_line(db: str, args: list[str], code: int, message: str) -> None:
    status, _, err = ezkit(*args, "--db", db)
    assert status == code and message in err
    assert len(err.strip().splitlines()) == 1 and len(err) < 300


@pytest.mark.parametrize(
    "args",
    [
        ["score", "auntie", "--player", "A\x1b[2Jnn=1", "--player", "B=1"],
        ["score", "auntie", "--player", "A\x1b]0;PWNED\x07=9", "--player", "B=1"],  # no card 9
        ["score", "foozle", "standings", "A\x1b]0;PWNED\x07=red", "B=blue"],
    ],
    ids=["auntie", "auntie-bad-card", "foozle"],
)
def test_score_refuses_a_player_name_with_control_characters(args: list[str]) -> None:
    """As a game's seats are: the name was printed with its escape sequence, raw."""
    status, out, err = ezkit(*args)
    assert status == 2 and "holds the control character" in err
    assert "\x1b" not in out + err and "\x07" not in out + err  # not raw, in no message


def test_one_broken_save_is_listed_as_broken_and_the_others_still_show(db: str) -> None:
    ezkit("game", "new", "dudab", "--bots", "2", "--bot", "random", "--db", db)
    games = Path(db).with_suffix(".games.json")  # the games' own file beside the campaign
    data = json.loads(games.read_text())
    data["games"]["1"]["to_move"] = 99
    games.write_text(json.dumps(data))
    status, out, err = ezkit("game", "list", "--db", db)
    assert status == 0, err
    assert "broken save" in out and "dudab" in out
    status, out, _ = ezkit("game", "list", "--json", "--db", db)
    assert [g["status"] for g in json.loads(out)] == ["broken", "over"]


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("game", "chess", "'chess'"),
        # found by a hunt: an unknown game had been answered with advice on bots, and a save
        # without players with the bare KeyError text 'players'
        ("game", "../../etc", "unknown game '../../etc'; games: auntie, bakeries, dudab"),
        ("players", None, "its options name no players"),
        ("kind", "alien", "no bot 'alien'"),
        # players that are no names were an internal error (a hostile-input hunt)
        ("players", [1, 2, 3], "players: '[1, 2, 3]' is not a list of names"),
        ("players", "AnnBob", "players: 'AnnBob' is not a list of names"),
        ("schema_version", 99, "schema_version '99' (it reads 1 to 3"),
        ("schema_version", "3", "schema_version '3' (it reads 1 to 3"),
    ],
)
def test_a_save_naming_an_unknown_game_or_bot_is_an_invalid_save(
    db: str, field: str, value: Any, said: str
) -> None:
    """A damaged save (exit 1), not a usage error of the command typed (it was exit 2)."""
    games = Path(db).with_suffix(".games.json")
    data = json.loads(games.read_text())
    record = data["games"]["1"]
    if field == "kind":
        record["seats"][1]["kind"] = value
    elif field == "players" and value is None:
        del record["options"]["players"]
    elif field == "players":
        record["options"]["players"] = value
    else:
        record[field] = value
    games.write_text(json.dumps(data))
    before = games.read_bytes()
    for args in (["show", "1"], ["move", "1", "1"], ["undo", "1"]):
        status, _, err = ezkit("game", *args, "--db", db)
        assert status == 1 and "saved game 1 is not a valid save" in err and said in err, err
    assert games.read_bytes() == before


def test_a_stored_name_with_escapes_is_shown_escaped(db: str) -> None:
    games = Path(db).with_suffix(".games.json")
    data = json.loads(games.read_text())
    data["games"]["1"]["seats"][0]["name"] = "Evil\x1b]0;PWNED\x07\x1b[2J [bold]x[/bold]"
    games.write_text(json.dumps(data))
    status, out, _ = ezkit("game", "list", "--db", db)
    assert status == 0 and "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;PWNED" in out and "[bold]x" in out


@pytest.mark.parametrize(
    ("text", "shown"),
    [("Ann", "Ann"), ("A\x1b[2J", "A\\x1b[2J"), ("A\x07", "A\\x07"), ("A\x9b", "A\\x9b"),
     ("A\u2028B", "A\\u2028B"), ("A\u202eB", "A\\u202eB")],
)  # fmt: skip
def test_safe_shows_control_characters(text: str, shown: str) -> None:
    assert safe(text) == shown
    assert control_characters(text) == ([] if text == "Ann" else [text[1]])


def test_one_line() -> None:
    assert safe_line("a\nb\tc") == "a\\nb c"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["game", "new", "auntie", "--bots", "1000000"], "--bots must be 0 to 12"),
        # the simulation's bounds (ezkit.games.sim), given to the options: the help says them
        (
            ["game", "sim", "auntie", "--games", "1" + "0" * 23],
            "'--games': 100000000000000000000000 is not a whole number from 1 to 1,000,000",
        ),
        (
            ["game", "sim", "auntie", "--players", "1000000"],
            "'--players': 1000000 is not a whole number from 1 to 12",
        ),
        (
            ["game", "sim", "auntie", "--jobs", "100000"],
            "'--jobs': 100000 is not a whole number from 0 to 64",
        ),
        # as fight --mod: a pasted 4,299-digit number had been taken (a hostile-input hunt)
        (
            ["action", "Fair", "--mod", "9" * 4299],
            "999... is not a whole number from -20 to +20",
        ),
        (["odds", "--mod", "-21"], "-21 is not a whole number from -20 to +20"),
        # one roll's Fudge Points: at most what a character may hold (EZ-12: no limit but
        # the points held; a hunt found a trillion taken: "a Superb +999999999998 outcome")
        (
            ["action", "Great", "--fudge-points", "1000000000000"],
            "1000000000000 is not a whole number from 0 to 999",
        ),
    ],
    ids=["bots", "games", "players", "jobs", "action-mod", "odds-mod", "fudge-points"],
)
def test_bounds_are_checked_before_any_work(tmp_path: Path, args: list[str], message: str) -> None:
    status, _, err = (
        ezkit(*args, "--db", str(tmp_path / "c.json")) if args[1] == "new" else ezkit(*args)
    )
    assert status == 2 and message in err


def test_bytes_that_are_not_utf8_are_refused_by_argument(tmp_path: Path) -> None:
    db = str(tmp_path / "c.json")
    status, _, err = ezkit("game", "new", "auntie", "--players", "An\udcffn", "--db", db)
    assert status == 2 and "argument 5 holds the byte 0xff" in err
    assert not Path(db).exists()


def test_an_empty_gift_name_is_a_usage_error_in_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "c.json")
    assert ezkit("char", "add", "examples/characters/gruk.yaml", "--db", db)[0] == 0
    before = Path(db).read_bytes()
    status, _, err = ezkit("char", "add-gift", "Gruk", "", "--db", db)
    assert status == 2 and "internal error" not in err and "name" in err
    assert len(err.strip().splitlines()) == 1 and Path(db).read_bytes() == before


def test_input_running_out_at_the_table_says_how_to_resume(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["game", "play", "auntie", "--players", "Ann,Bob", "--bots", "1",
              "--db", str(tmp_path / "c.json")], input="",
    )  # fmt: skip
    assert result.exit_code == 1
    assert "the game is saved. Resume with: ezkit game resume 1" in result.stderr


def test_char_list_escapes_names_and_skips_a_broken_character(tmp_path: Path) -> None:
    db = tmp_path / "c.json"
    for name in ("gruk", "wren"):
        assert ezkit("char", "add", f"examples/characters/{name}.yaml", "--db", str(db))[0] == 0
    data = json.loads(db.read_text())
    table = data["characters"]
    first, second = sorted(table)
    table[first]["name"] = "Evil\x1b]0;PWNED\x07\x1b[2J"
    table[second]["attributes"] = "not attributes"
    db.write_text(json.dumps(data))
    status, out, err = ezkit("char", "list", "--db", str(db))
    assert status == 0 and "\x1b" not in out + err and "\x07" not in out + err
    # a name holding an escape sequence is no valid character: skipped, its name escaped
    skipped = err.strip().splitlines()
    assert len(skipped) == 2 and all(line.startswith("skipped ") for line in skipped)
    assert "skipped Evil\\x1b]0;PWNED\\x07" in err and "no characters yet" in out


def test_char_list_skips_a_wound_the_house_rules_cannot_read_and_names_whose(
    tmp_path: Path,
) -> None:
    """A track marked under other wound levels: that character is skipped, named; the others
    are listed (it had stopped the list with a message naming nobody, exit 2)."""
    db = tmp_path / "c.json"
    for name in ("jason-free", "wren"):
        assert ezkit("char", "add", f"examples/characters/{name}.yaml", "--db", str(db))[0] == 0
    data = json.loads(db.read_text())
    for record in data["characters"].values():
        if record["name"] == "Jason Free":
            record["wounds"] = [{"level": "Hurt", "rolled": "Hurt", "stun": False}]
    db.write_text(json.dumps(data))
    rules = tmp_path / "rules.yaml"
    rules.write_text(
        "schema_version: 1\nwounds:\n  levels:\n"
        "    - {name: Graze, from: 1, boxes: 3, penalty: 0}\n"
        "    - {name: Wounded, from: 4, boxes: 2, penalty: -1}\n"
        "    - {name: Down, from: 7, boxes: 1, penalty: -3, acts: false}\n"
        "  stun_cap: Down\n"
    )
    for extra in ([], ["--json"]):
        status, out, err = ezkit("char", "list", "--db", str(db), "--rules", str(rules), *extra)
        assert status == 0 and "Wren Hollowell" in out and "Jason Free" not in out, err
        assert err.startswith("skipped Jason Free: unknown wound level 'Hurt'"), err


def test_a_character_file_naming_an_escape_sequence_is_refused(tmp_path: Path) -> None:
    text = Path("examples/characters/wren.yaml").read_text()
    evil = tmp_path / "evil.yaml"
    lines = ['name: "Evil\\e]0;PWNED\\a\\e[2J"' if ln.startswith("name:") else ln
             for ln in text.splitlines()]  # fmt: skip
    evil.write_text("\n".join(lines) + "\n")
    foe = "Bandit: Fair Fighter, INJ 3, CPD 2"
    for args in (["char", "check", str(evil)], ["fight", "melee", str(evil), "--foe", foe]):
        status, out, err = ezkit(*args)
        assert status == 1 and "\x1b" not in out + err
        assert "holds the control character '\\x1b'" in out + err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Jason\nFree", "holds the control character '\\n'"),
        ("Jason\tFree", "holds the control character '\\t'"),
        ("Jason\u200bFree", "hides or reorders text"),  # looks like Jason Free
        ("\ufeffJason Free", "hides or reorders text"),
        ("Evil\u202eeerF", "holds the control character '\\u202e'"),  # reorders text
        ("Jason\u200eFree", "holds the control character '\\u200e'"),
        ("Ja\u00adson", "hides or reorders text"),  # a soft hyphen
        ("\u3164", "shows nothing"),  # a Hangul filler
        ("\u200b\u200b", "hides or reorders text"),
        ("\u0301", "shows nothing"),
        ("J\u0430son Free", "mixes Latin and Cyrillic letters in one word"),  # a Cyrillic а
        ("\u0391nn", "mixes Latin and Greek letters in one word"),  # a Greek capital alpha
    ],
    ids=[
        *("newline", "tab", "zero-width-space", "bom", "bidi-override", "left-to-right-mark"),
        *("soft-hyphen", "filler", "invisible", "mark-only", "cyrillic-a", "greek-alpha"),
    ],
)
def test_a_name_must_be_one_visible_line(tmp_path: Path, name: str, said: str) -> None:
    """Two names that look the same must not be two characters or two seats, and a name is
    typed back at a prompt: a character's and a player's name alike."""
    assert _check_named(tmp_path, name)[0] == 1
    assert said in "".join(_check_named(tmp_path, name)[1:])
    db = str(tmp_path / "c.json")
    status, _, err = ezkit("game", "new", "auntie", "--players", name, "--bots", "1", "--db", db)
    assert status == 2 and said in err, err


@pytest.mark.parametrize(
    "name",
    [
        "Mehr\u200cdokht",
        "Zoë Ó Briain",
        "山田 花子",
        "Ann 👨‍👩‍👧",
        "Иван Петров",
        "Σωκράτης",
        "Ivan Иван",
    ],
)
def test_names_of_every_script_are_still_names(tmp_path: Path, name: str) -> None:
    """Not refused: the zero-width joiner and non-joiner (Persian and Indic names, emoji)."""
    status, out, err = _check_named(tmp_path, name)
    assert status == 0, out + err


def test_seats_whose_names_differ_only_by_case_or_spacing_are_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "c.json")
    status, _, err = ezkit(
        "game", "new", "auntie", "--players", "Jason Free,jason  free", "--db", db
    )
    assert status == 2 and "player names must differ" in err
    # nor by the forms that print alike (found by a hunt: a fullwidth Ａ had passed)
    # an all-Cyrillic TOM, a joiner inside a Latin name (a review found both seated)
    for players in ("Ann,\uff21nn", "TOM,\u0422\u041e\u041c", "Ann,An\u200dn"):
        status, _, err = ezkit("game", "new", "auntie", "--players", players, "--db", db)
        assert status == 2 and "player names must differ" in err, players
    # --seat finds a name typed with other spacing and case
    assert ezkit("game", "new", "auntie", "--players", "Jason Free,Bob", "--db", db)[0] == 0
    status, out, err = ezkit("game", "show", "1", "--seat", "jason   FREE", "--db", db)
    assert status == 0 and "Jason Free" in out, err


def test_a_save_made_before_with_such_seats_still_replays(db: str) -> None:
    """The check is made of new seats only: a save that holds such names is still a game."""
    games = Path(db).with_suffix(".games.json")
    data = json.loads(games.read_text())
    record = data["games"]["1"]
    record["seats"][0]["name"] = record["options"]["players"][0] = "Bot  2"  # beside "Bot 2"
    games.write_text(json.dumps(data))
    status, _, err = ezkit("game", "show", "1", "--db", db)
    assert status == 0, err


def _check_named(tmp_path: Path, name: str) -> tuple[int, str, str]:
    """`ezkit char check` of Wren's file with another name."""
    lines = Path("examples/characters/wren.yaml").read_text().splitlines()
    path = tmp_path / "named.yaml"
    path.write_text(
        "\n".join(
            f"name: {json.dumps(name, ensure_ascii=False)}" if ln.startswith("name:") else ln
            for ln in lines
        )
    )
    return ezkit("char", "check", str(path))


def test_a_number_too_long_to_read_in_a_document_is_refused(tmp_path: Path) -> None:
    big = "9" * 5000
    for name, text in (("big.yaml", f"name: Big\nfudge_points: {big}\n"),
                       ("big.json", f'{{"name": "Big", "fudge_points": {big}}}')):  # fmt: skip
        path = tmp_path / name
        path.write_text(text)
        status, _, err = ezkit("char", "check", str(path))
        assert status == 2 and "more than 4,300 digits" in err and len(err) < 300


def test_a_file_name_holding_a_nul_byte_is_refused(tmp_path: Path) -> None:
    scene = tmp_path / "scene.yaml"
    scene.write_text('pcs:\n  - file: "a\\0b.yaml"\n')
    status, _, err = ezkit("fight", "scene", str(scene))
    assert status in (1, 2) and "internal error" not in err


def test_standings_of_nobody_is_a_usage_error() -> None:
    status, _, err = ezkit("score", "foozle", "standings", "")
    assert status == 2 and "name at least one player" in err


@pytest.mark.parametrize("cards", ["", "  ", ", ,"])
def test_a_group_of_no_cards_is_a_usage_error(cards: str) -> None:
    """It had said ": not a group (FZ-2)" and exit 0 (found by a hostile-input hunt)."""
    status, out, err = ezkit("score", "foozle", "group", cards)
    assert status == 2 and "name the cards" in err and out == ""


def test_a_file_that_is_no_campaign_given_as_db_is_refused_and_nothing_made(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "wren.yaml"
    sheet.write_text(Path("examples/characters/wren.yaml").read_text())
    before = sheet.read_bytes()
    for args in (["char", "list"], ["char", "add", "examples/characters/gruk.yaml"]):
        status, _, err = ezkit(*args, "--db", str(sheet))
        assert status == 1 and "is not an ezkit campaign" in err
    assert sheet.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wren.yaml"]  # no lock, no temp


@pytest.mark.parametrize("field", ["per_experience_point", "back_conversion"])
def test_house_rules_make_no_points_from_nothing(tmp_path: Path, field: str) -> None:
    """0 Fudge Points an Experience Point made any XP for nothing (`char convert --to-xp`)."""
    rules = tmp_path / "rules.yaml"
    rules.write_text(f"schema_version: 1\nfudge_points:\n  {field}: 0\n")
    status, _, err = ezkit("char", "check", "examples/characters/wren.yaml", "--rules", str(rules))
    assert (
        status == 1 and f"fudge_points.{field}: 0 is out of range: it may be no less than 1" in err
    )


def test_foe_and_scene_fighter_names_are_names_too(tmp_path: Path) -> None:
    """Not only characters and seats: a foe's stat line and a scene's NPCs print their names,
    and `Band<U+200B>it` beside `Bandit` would be two fighters that look the same."""
    foe = "Band\u200bit: Fair Fighter, INJ 3, CPD 2"
    status, _, err = ezkit("fight", "melee", "examples/characters/jason-free.yaml", "--foe", foe)
    assert status == 2 and "foe name 'Band\\u200bit'" in err and "hides or reorders" in err
    scene = tmp_path / "scene.yaml"
    jason = Path("examples/characters/jason-free.yaml").resolve()
    scene.write_text(
        "scene: Look-alikes\nsides:\n  heroes:\n"
        f"    - file: {jason}\n"
        "  bandits:\n"
        '    - npc: "Bandit: Fair Fighter, INJ 3, CPD 2"\n'
        '    - npc: "Bandit\\u2060: Fair Fighter, INJ 3, CPD 2"\n'
    )
    status, out, err = ezkit("fight", "scene", str(scene), "--seed", "1")
    assert status != 0 and "hides or reorders text" in out + err, out + err


@pytest.mark.parametrize(
    ("foe", "said"),
    [
        # a 5,000-digit INJ was an internal error; one of 10^26 was printed as a wound value
        ("B: Fair Fighter, INJ " + "9" * 5000 + ", CPD 2", "foe INJ 999999999... is out of range"),
        ("B: Fair Fighter, INJ 3, CPD -21", "foe CPD -21 is out of range: it may be from -20"),
        ("B" * 500 + ": Fair Fighter, INJ 3, CPD 2", "has 500 characters; a name is at most 100"),
        ("x" * 40_000, "foe 'xxxxxxxx"),  # not a stat line: named, not echoed whole
    ],
    ids=["huge-inj", "cpd", "long-name", "no-stat-line"],
)
def test_a_foe_stat_line_is_bounded(tmp_path: Path, foe: str, said: str) -> None:
    status, out, err = ezkit("fight", "melee", "examples/characters/jason-free.yaml", "--foe", foe)
    assert status == 2 and said in err and len(err) < 400 and not out, err
    scene = tmp_path / "scene.yaml"
    jason = Path("examples/characters/jason-free.yaml").resolve()
    scene.write_text(
        f"scene: Bounds\nsides:\n  heroes:\n    - file: {jason}\n  bandits:\n"
        f"    - npc: {json.dumps(foe)}\n"
    )
    status, _, err = ezkit("fight", "scene", str(scene), "--seed", "1")
    assert status == 1 and said in err and len(err) < 500, err


@pytest.mark.parametrize("field", ["fudge_points", "experience"])
@pytest.mark.parametrize("value", ["true", "false"])
def test_points_are_no_true_or_false(tmp_path: Path, field: str, value: str) -> None:
    """pydantic reads `true` as 1: `fudge_points: true` had been 1 Fudge Point, valid."""
    lines = Path("examples/characters/wren.yaml").read_text().splitlines()
    lines = [ln for ln in lines if not ln.startswith(f"{field}:")] + [f"{field}: {value}"]
    path = tmp_path / "points.yaml"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = ezkit("char", "check", str(path))
    assert status == 1 and f"{field}: {value} is no number of points" in out + err


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("attribute_range: [Superb, Terrible]\n", "attribute_range: Superb (+4) to Terrible"),
        ("fudge_points:\n  starting: [5, 1]\n", "fudge_points.starting: 5 to 1"),
        (
            "wounds:\n  levels:\n    - {name: Scratch, from: 5, boxes: 3}\n"
            "    - {name: Hurt, from: 1, boxes: 2}\n",
            "Hurt from 1 comes after Scratch from 5",
        ),
        (
            "wounds:\n  levels:\n    - {name: Hurt, from: 1, boxes: 3}\n"
            "    - {name: hurt, from: 4, boxes: 2}\n",
            "two levels have the same name",
        ),
        ("attributes: []\n", "attributes: none; the four of EZ-2 are Body, Agility, Mind"),
        ("attributes: [Body, Strength, Mind, Will]\n", "attributes: Body, Strength, Mind, Will"),
        ("flowchart: {swap_rates: {gifts: 0}}\n", "each rate is at least 1 (EZ-6)"),
        # found by a hostile-input hunt: "at most -1 Great roles", a CPD of 10^20
        (
            "flowchart: {role_points: -5}\n",
            "flowchart.role_points: -5 is out of range: it may be no less than 0",
        ),
        (
            "flowchart: {great_roles: -1}\n",
            "flowchart.great_roles: -1 is out of range: it may be no less than 0",
        ),
        ("flowchart: {recommended_roles: [6, 4]}\n", "recommended_roles: 6 to 4; the fewer"),
        (
            "flowchart: {supernormal_gift_weight: 0}\n",
            "supernormal_gift_weight: 0 is out of range: it may be no less than 1",
        ),
        (
            "armor: {leather jacket: 99999999999999999999}\n",
            "jacket: a number of 20 digits is out of range: it may be no more than 20",
        ),
        (
            "melee_weapons: {club: {factor: -21}}\n",
            "club.factor: -21 is out of range: it may be no less than -20",
        ),
        # and after a review: the other tables' numbers
        (
            "ranged_weapons: {sling: {inj: [99999999999999999999]}}\n",
            "sling.inj[0]: a number of 20 digits is out of range",
        ),
        ("point_buy: {gift: -1}\n", "point_buy.gift: -1 is out of range: it may be no less than 0"),
        (
            "experience: {add_gift: -8}\n",
            "experience.add_gift: -8 is out of range: it may be no less than 0",
        ),
        (
            "tactics: {all-out-attack: {bonus: 99}}\n",
            "all-out-attack.bonus: 99 is out of range: it may be no more than 20",
        ),
        (
            "flowchart: {fault_buys: {roles: {roles: -3}}}\n",
            "fault_buys.roles.roles: -3 is out of range",
        ),
        # a third hunt: a billion boxes hung every command that marks a wound; a rank the
        # XP tables lack broke every `char improve`; a stun cap no level has, every stun
        (
            "wounds:\n  levels:\n    - {name: Scratch, from: 1, boxes: 1000000000}\n"
            "    - {name: Hurt, from: 3, boxes: 1}\n  stun_cap: Hurt\n",
            "boxes: 1,000,000,000 is out of range: it may be no more than 10",
        ),
        (
            "experience: {below_table_costs_as: Terrible}\n",
            "experience.below_table_costs_as: Terrible (-2) is not in the experience.role table"
            " (Poor (-1), Mediocre (0), Fair (+1), Good (+2), Great (+3), Superb (+4))",
        ),
        ("wounds: {stun_cap: Nowhere}\n", "wounds.stun_cap: 'Nowhere' is no wound level"),
        (
            "healing: {treatments_per_week: {fantasy: -1}}\n",
            "treatments_per_week.fantasy: -1 is out of range: it may be no less than 0",
        ),
        (
            "flowchart: {role_points: 1000000000000000000000000}\n",
            "flowchart.role_points: a number of 25 digits is out of range: it may be no more",
        ),
        ("healing: {hospital_bonus: 99}\n", "hospital_bonus: 99 is out of range"),
    ],
    ids=[
        *("attribute-range", "starting-points", "wound-order", "wound-names"),
        *("no-attributes", "renamed-attribute", "swap-rate-0", "role-points", "great-roles"),
        *("recommended-roles", "supernormal-weight", "armor-bonus", "weapon-factor"),
        *("ranged-inj", "point-buy-gift", "xp-cost", "tactic-bonus", "fault-buy"),
        *("wound-boxes", "below-table", "stun-cap", "treatments", "huge-count", "hospital"),
    ],
)
def test_house_rules_in_the_wrong_order_are_refused(tmp_path: Path, rules: str, said: str) -> None:
    """The types held, the tables made no sense: a reversed range allowed no attribute."""
    path = tmp_path / "rules.yaml"
    path.write_text("schema_version: 1\n" + rules)
    status, _, err = ezkit("char", "check", "examples/characters/wren.yaml", "--rules", str(path))
    assert status == 1 and said in err, err


def test_the_swap_message_quotes_the_rates_in_force(tmp_path: Path) -> None:
    """EZ-6's refusal had quoted the book's rates whatever the house rules said."""
    rules = tmp_path / "rules.yaml"
    rules.write_text("schema_version: 1\nflowchart: {swap_rates: {gifts: 6, attributes: 2}}\n")
    lines = Path("examples/characters/jason-free.yaml").read_text()
    character = tmp_path / "jason.yaml"
    character.write_text(lines)
    status, out, err = ezkit("char", "check", str(character), "--rules", str(rules))
    assert status == 1  # Jason's swap (a gift for a rank and 2 role points) no longer balances
    assert "1 gift = 3 attribute ranks = 6 role points, 1 attribute rank = 2 role points" in (
        out + err
    ), out + err


@pytest.mark.parametrize(
    "args",
    [
        ["print", "aid", "-o", "{long}.pdf"],
        ["print", "scorepad", "dudab", "-o", "{long}.pdf"],
        ["roll", "poker", "--deck-file", "{long}.json"],
    ],
)
def test_a_file_name_the_system_refuses_is_a_usage_error_in_one_line(
    tmp_path: Path, args: list[str]
) -> None:
    """Found by a hostile-input hunt: a 300-character file name gave the raw OS error
    ("[Errno 36] File name too long: 'aaaa...'", the name whole) and exit 1. It is a usage
    error (2): the name, shortened, and what the system said."""
    long = str(tmp_path / ("a" * 300))
    result = CliRunner().invoke(cli, [a.replace("{long}", long) for a in args])
    assert result.exit_code == 2, result.output
    assert result.stderr.endswith("aaa.pdf: File name too long\n") or result.stderr.endswith(
        "aaa.json: File name too long\n"
    ), result.stderr
    assert result.stderr.startswith("Error: ...aaa"), result.stderr
    assert "Errno" not in result.stderr and len(result.stderr) < 120


def test_a_full_disk_at_the_rename_is_a_failure_naming_the_campaign_not_its_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a review: an OSError naming a file had become a usage error (2) whatever it
    was, and a failed rename was named by its temp file (already gone). A full disk is a
    failure of the command (1), named by the file it was writing."""
    import errno
    import os

    db = tmp_path / "c.json"

    def full(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), source, None, target)

    monkeypatch.setattr(os, "replace", full)
    result = CliRunner().invoke(
        cli, ["char", "add", "examples/characters/wren.yaml", "--db", str(db)]
    )
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: ") and "tmp" not in result.stderr.split("/")[-1]
    assert result.stderr.endswith(
        "/c.json: cannot be written (No space left on device); it is unchanged\n"
    ), result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["char", "add", "examples/characters/wren.yaml"],
        ["char", "export", "-o", "{tmp}/w.yaml", "examples/characters/wren.yaml"],
        ["game", "new", "dudab", "--players", "Ann", "--bots", "1"],
    ],
)
def test_a_full_disk_while_writing_names_the_file_and_says_it_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """Found by a hunt: the data's write fails with an OSError naming no file, and every
    command had said only '[Errno 28] No space left on device'."""
    import errno
    import os

    real_fdopen = os.fdopen

    class Full:
        def __init__(self, handle: object) -> None:
            self.handle = handle

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()  # type: ignore[attr-defined]

        def fileno(self) -> int:
            return self.handle.fileno()  # type: ignore[attr-defined]

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    typed = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    result = CliRunner().invoke(cli, [*typed, "--db", str(tmp_path / "c.json")])
    assert result.exit_code == 1, result.output
    assert "cannot be written (No space left on device); it is unchanged" in result.stderr
    assert "Errno" not in result.stderr
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_modifier_refused_is_shown_escaped() -> None:
    """Found by a review: the new --mod message printed its value raw (an escape sequence
    reached the terminal)."""
    result = CliRunner().invoke(cli, ["action", "Fair", "--mod", "1\x1b]0;pwned\x07"])
    assert result.exit_code == 2 and "\x1b" not in result.stderr
    assert "1\\x1b]0;pwned\\x07 is not a whole number from -20 to +20" in result.stderr


def test_the_font_warning_names_a_control_character_escaped() -> None:
    from ezkit import render

    warning = render.missing_glyphs_warning("Gruk \x9b王")
    assert warning is not None and "\x9b" not in warning and "\\x9b" in warning


@pytest.mark.parametrize(
    "args",
    [
        ["action", "a" * 20_000],
        ["odds", "--rank", "G" * 20_000],
        ["roll", "4dF+" + "9" * 5_000],
        ["roll", "zz" + "9" * 5_000],
        # found by a hunt: numbers of options and arguments had been printed back whole
        ["action", "Great", "--fudge-points", "9" * 5_000],
        ["game", "show", "9" * 4_000],
        ["game", "move", "9" * 5_000, "pass"],
        ["game", "sim", "auntie", "--rounds", "9" * 5_000],
        ["char", "award", "wren", "--fp", "9" * 5_000],
        ["game", "serve", "9" * 5_000, "--port", "0"],
        ["fight", "scene", "examples/scenes/tavern-brawl.yaml", "--resume", "9" * 5_000],
        ["fight", "melee", "Wren", "Gruk", "--fudge-points", "9" * 5_000],
        ["fight", "melee", "Wren", "Gruk", "--damage-option", "9" * 5_000],
        ["roll", "-n", "9" * 5_000],
    ],
    ids=[
        *("action-rank", "odds-rank", "roll-modifier", "roll-method", "fudge-points"),
        *("game-id", "game-id-5000", "sim-rounds", "award-fp", "serve-id", "scene-id"),
        *("fight-fudge-points", "damage-option", "roll-times"),
    ],
)
def test_a_huge_value_is_named_cut_short_not_echoed_whole(args: list[str]) -> None:
    """A pasted page given as a rank or a dice expression had been printed back whole."""
    status, out, err = ezkit(*args)
    assert status == 2 and not out and "..." in err and len(err) < 400, err


def test_a_huge_saved_move_is_named_cut_short(db: str) -> None:
    games = Path(db).with_suffix(".games.json")
    data = json.loads(games.read_text())
    data["games"]["1"]["moves"].append("x" * 1_000_000)
    games.write_text(json.dumps(data))
    status, _, err = ezkit("game", "show", "1", "--db", db)
    assert status == 1 and "'xxxxxxxx" in err and len(err) < 400, err


def test_a_character_whose_name_prints_as_a_stored_one_is_refused(db: str, tmp_path: Path) -> None:
    """Found by a hunt: a fullwidth or ligature form of a stored name was a second character."""
    path = tmp_path / "wren.yaml"
    text = Path("examples/characters/wren.yaml").read_text()
    path.write_text(text.replace("name: Wren", "name: \uff37ren", 1))
    assert ezkit("char", "add", "examples/characters/wren.yaml", "--db", db)[0] == 0
    status, _, err = ezkit("char", "add", str(path), "--db", db)
    assert status != 0 and "already" in err, err


def test_two_stored_names_that_read_the_same_are_told_apart_or_refused(
    db: str, tmp_path: Path
) -> None:
    """A campaign stored before names were compared in their printed forms may hold Wren and
    a fullwidth Ｗren: typed exactly, each is found; typed otherwise, neither is guessed (a
    review found `char remove` reaching the other one)."""
    from ezkit.store import open_campaign

    assert ezkit("char", "add", "examples/characters/wren.yaml", "--db", db)[0] == 0
    with open_campaign(Path(db)) as campaign:  # as an older ezkit stored it
        doc = dict(campaign.find_character("Wren Hollowell"))
        doc["name"] = "\uff37ren Hollowell"
        campaign.table("characters").insert(doc)
    status, out, err = ezkit("char", "show", "\uff37ren Hollowell", "--db", db)
    assert status == 0 and "\uff37ren Hollowell" in out, err
    status, out, err = ezkit("char", "show", "wren hollowell", "--db", db)
    assert status == 2 and "2 characters in the campaign" in err and "read the same" in err, err


def test_the_scoring_helpers_refuse_a_player_given_twice_in_a_form_that_prints_alike() -> None:
    status, _, err = ezkit("score", "auntie", "--player", "Ann=4,4,3", "--player", "\uff21nn=0,1")
    assert status == 2 and "is given twice" in err, err
    status, _, err = ezkit("score", "foozle", "standings", "Ann=red", "\uff21nn=blue")
    assert status == 2 and "is given twice" in err, err


def test_two_fighters_whose_names_print_alike_are_refused(tmp_path: Path) -> None:
    """A scene's fighters are told apart as people read their names (a review found a scene
    with Wren and a fullwidth Ｗren fought, untested)."""
    scene = tmp_path / "scene.yaml"
    scene.write_text(
        "sides:\n"
        "  left:\n    - npc: 'Wren: Fair Fighter, INJ 3, CPD 2'\n"
        "  right:\n    - npc: '\uff37ren: Fair Fighter, INJ 3, CPD 2'\n"
    )
    status, _, err = ezkit("fight", "scene", str(scene), "--seed", "1")
    assert status == 1 and "two fighters are called" in err, err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("mass_scale: 0", "mass_scale: true"), "mass_scale: true is no number"),
        (("mass_scale: 0", "mass_scale: false"), "mass_scale: false is no number"),
    ],
)
def test_true_or_false_is_no_number_in_a_character(
    tmp_path: Path, change: tuple[str, str], said: str
) -> None:
    """A hunt found `mass_scale: true` read as Mass Scale 1 (CPD and INJ changed)."""
    text = Path("examples/characters/jason-free.yaml").read_text()
    assert change[0] in text
    path = tmp_path / "jason.yaml"
    path.write_text(text.replace(change[0], change[1], 1))
    status, out, err = ezkit("char", "check", str(path))
    assert status == 1 and said in out + err, out + err


def test_true_or_false_is_no_number_in_house_rules(tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text("flowchart:\n  role_points: true\narmor: {tin: false}\n")
    status, _, err = ezkit(
        "char", "check", "examples/characters/jason-free.yaml", "--rules", str(rules)
    )
    assert status == 1 and "flowchart.role_points: true is no number" in err, err
    assert "armor.tin: false is no number" in err


def test_a_check_written_after_a_before_still_bounds_the_value() -> None:
    """records.Check set its bounds on a Before's function schema, where pydantic ignores them
    (a scene's round_cap of 0 and -5 had passed)."""
    from typing import Annotated

    from pydantic import TypeAdapter, ValidationError

    from ezkit.records import Before, Check

    adapter = TypeAdapter(Annotated[int, Before(lambda v: v), Check(ge=1)] | None)
    assert adapter.validate_python(3) == 3 and adapter.validate_python(None) is None
    with pytest.raises(ValidationError):
        adapter.validate_python(0)


def test_a_missing_or_boolean_rank_is_named_as_the_file_wrote_it(tmp_path: Path) -> None:
    """A hunt found `body: null` told as "unknown rank 'None'", and `true` as `True`."""
    text = Path("examples/characters/jason-free.yaml").read_text()
    for value, said in (("null", "attributes.body: no rank given"), ("true", "body: true is not")):
        path = tmp_path / "jason.yaml"
        path.write_text(re.sub(r"(?m)^  body: .*$", f"  body: {value}", text, count=1))
        status, out, err = ezkit("char", "check", str(path))
        assert status == 1 and said in out + err and "None" not in out + err, out + err


def test_a_bakeries_case_names_true_as_written(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    for text, said in (
        ("chef: true\ncase: {}\nsold: []\n", "chef: true is not a whole number"),
        ("chef: 2\ncase: {true: 1}\nsold: []\n", "case.true: true is not a whole number"),
    ):
        case.write_text(text)
        status, _, err = ezkit("score", "bakeries", "case", str(case))
        assert status == 1 and said in err and "True" not in err, err
