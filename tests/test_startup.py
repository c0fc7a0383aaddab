"""Start-up: `ezkit --help` lists the commands without importing them, and each command
imports only what it uses (bench/startup.py times them; these tests keep the imports honest).
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import serve_imports
from click.testing import CliRunner

from ezkit import dice, rules
from ezkit.cli import COMMANDS, cli, schema
from ezkit.errors import DocumentError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def listing(group: click.Group, width: int) -> str:
    context = click.Context(group, info_name="ezkit", terminal_width=width)
    formatter = context.make_formatter()
    group.format_commands(context, formatter)
    return formatter.getvalue()


@pytest.mark.parametrize("width", [40, 60, 80, 100, 160])
def test_the_help_lists_each_command_as_the_command_itself_would(width: int) -> None:
    loaded = click.Group("ezkit")
    context = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None
        loaded.add_command(command, name)
    assert listing(cli, width) == listing(loaded, width)


def imported(*args: str) -> set[str]:
    """The modules a run of `ezkit ARGS` imports (as in a fresh interpreter: forked from one
    that has imported only ezkit.cli, tests/serve_imports.py)."""
    return serve_imports.imported(list(args))


def test_the_help_imports_no_command() -> None:
    modules = imported("--help")
    assert not {m for m in modules if m.startswith("ezkit.") and m != "ezkit.errors"} - {
        "ezkit.cli"
    }


HEAVY = {"pydantic", "yaml", "rich", "tinydb", "weasyprint", "jinja2"}


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "--seed", "1"],
        ["roll", "3d6-1", "--times", "3", "--seed", "1"],
        ["action", "Fair", "--roll", "0"],
        ["odds", "--rank", "Good", "--difficulty", "Great"],
    ],
    ids=" ".join,
)
def test_the_quick_commands_import_nothing_heavy(args: list[str]) -> None:
    """What a GM types mid-scene: no model, YAML, table drawing, campaign or file code."""
    modules = imported(*args)
    top = {m.partition(".")[0] for m in modules}
    assert not top & HEAVY
    # json reads the dice methods (ezkit/data/dice.json); a file or the campaign is not read
    assert not {"pathlib", "tomllib", "ezkit.fileio", "ezkit.store", "ezkit.rules"} & modules


@pytest.mark.parametrize(
    "args",
    [
        ["odds"],
        ["dice", "compare"],
        ["score", "bakeries", "case", str(EXAMPLES / "bakeries-case.yaml")],
    ],
    ids=" ".join,
)
def test_simple_tables_are_drawn_without_rich(args: list[str]) -> None:
    """ezkit/cli/tables.py draws them as rich would (tests/test_tables.py), in a third of the
    time: rich is imported only for a table it would wrap or text beyond ASCII."""
    assert "rich" not in imported(*args)


def test_the_game_commands_do_not_import_the_character_commands(tmp_path: Path) -> None:
    db = str(tmp_path / "campaign.json")
    made = CliRunner().invoke(  # the saved game, made in this process: imported() asks below
        cli, ["game", "new", "auntie", "--players", "Ann", "--bots", "1", "--seed", "1", "--db", db]
    )
    assert made.exit_code == 0, made.output
    modules = imported("game", "list", "--db", db)  # a table of one saved game, without rich
    assert not {m for m in modules if m.startswith(("ezkit.character", "ezkit.cli.char"))}
    assert not {"pydantic", "ezkit.rules", "rich", "yaml"} & modules
    # the web table's command is loaded only when it runs: no socket or server code here
    assert not {"ezkit.cli.serve", "ezkit.web", "socket", "starlette", "uvicorn"} & modules


def test_the_terminal_width_is_read_without_shutil(monkeypatch: pytest.MonkeyPatch) -> None:
    """shutil brings lzma and bz2 (9 ms of a hot-seat game's start) for get_terminal_size,
    which ezkit.terminal.terminal_width does as it does."""
    code = (
        "import sys\n"
        "from ezkit.cli.game import fit\n"
        "fit('word ' * 50)\n"
        "print(sorted({'shutil', 'lzma', 'bz2'} & set(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr
    import shutil

    from ezkit.terminal import terminal_width

    for columns in ("100", "37", "0", "wide", ""):
        monkeypatch.setenv("COLUMNS", columns)
        assert terminal_width() == shutil.get_terminal_size().columns


def test_fights_read_characters_without_the_character_commands() -> None:
    """`fight` and `print sheet` read a character with ezkit.cli.params.load_character: the
    character commands' module (and its advancement commands) is not theirs to import."""
    jason = str(EXAMPLES / "characters" / "jason-free.yaml")
    modules = imported("fight", "melee", jason, "--foe", "Bandit: Fair Fighter, INJ 3, CPD 2")
    assert "ezkit.character.files" in modules
    assert not {"ezkit.cli.char", "ezkit.cli.char_advance"} & modules


def test_the_game_help_lists_serve_and_sim_as_they_would_themselves() -> None:
    from ezkit.cli.game import game
    from ezkit.cli.serve import serve

    loaded = click.Group("game")
    with click.Context(game) as context:
        for name in game.list_commands(context):
            loaded.add_command(game.get_command(context, name), name)
    from ezkit.cli.game_sim import sim

    assert loaded.commands["serve"] is serve and loaded.commands["sim"] is sim
    assert listing(game, 100) == listing(loaded, 100)


def test_the_card_games_start_without_pydantic_or_yaml(tmp_path: Path) -> None:
    """A game reads its compiled deck (ezkit/data/decks/), not the deck file with pydantic."""
    db = ["--db", str(tmp_path / "campaign.json")]
    runs = [
        ["score", "auntie", "4", "4", "3", "0"],
        ["score", "dudab", "--pile", "red-3-hand dudab"],
        ["score", "foozle", "group", "2-lamps 3-plungers 4-fromps"],
        ["score", "bakeries", "sale", "--chef", "5", "--cake", "bundt cake", "--slot", "8"],
        ["game", "new", "bakeries", "--players", "Ann", "--bots", "1", "--seed", "2", *db],
        ["game", "show", "1", "--seat", "0", *db],
    ]
    for args in runs:
        top = {m.partition(".")[0] for m in imported(*args)}
        assert not {"pydantic", "yaml"} & top, args
        # a save's temp file is made without tempfile, which brings shutil, bz2 and lzma
        assert not {"tempfile", "shutil"} & top, args


def test_the_character_commands_import_what_they_use(tmp_path: Path) -> None:
    """`char remove` needs no model; characters stored in the campaign are read without
    YAML (a file given by the user is YAML, and checked by the model)."""
    db = ["--db", str(tmp_path / "campaign.json")]
    jason = str(EXAMPLES / "characters" / "jason-free.yaml")
    added = CliRunner().invoke(cli, ["char", "add", jason, *db])  # in this process: a setup
    assert added.exit_code == 0, added.output
    for args in (["char", "award", "Jason Free", "--xp", "1"], ["char", "show", "Jason Free"]):
        modules = imported(*args, *db)
        assert "yaml" not in modules and "rich" not in modules, args
    modules = imported("char", "remove", "Jason Free", "--yes", *db)
    assert not {"pydantic", "yaml", "rich", "ezkit.character.model"} & modules


@pytest.mark.parametrize("name", ["character", "people"])
def test_the_kept_schemas_are_the_models_schemas(name: str) -> None:
    """`ezkit schema` prints the schema kept in ezkit/data/schemas/; it must be the one the
    model makes now. After a change to the model: EZKIT_SNAPSHOTS=update writes it anew."""
    made = schema.generated(name)
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        Path(schema.SCHEMAS, f"{name}.json").write_text(made, encoding="utf-8")
    assert schema.stored(name) == made, (
        f"ezkit/data/schemas/{name}.json is not the model's schema: run "
        "EZKIT_SNAPSHOTS=update pytest tests/test_startup.py -k schema"
    )


def test_the_compiled_rules_are_rules_yaml() -> None:
    """Without house rules ezkit reads ezkit/data/rules.json: it must be what rules.yaml makes
    now, checked. After a change to rules.yaml: EZKIT_SNAPSHOTS=update writes it anew."""
    made = json.dumps(dataclasses.asdict(rules.checked()), indent=1, ensure_ascii=False) + "\n"
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        rules.COMPILED.write_text(made, encoding="utf-8")
    assert rules.COMPILED.read_text(encoding="utf-8") == made, (
        "ezkit/data/rules.json is not what rules.yaml makes: run "
        "EZKIT_SNAPSHOTS=update pytest tests/test_startup.py -k compiled"
    )
    compiled = rules._load(None)  # read back: the same tables, to the types of every value
    assert compiled == rules.checked() and repr(compiled) == repr(rules.checked())


def test_the_compiled_dice_are_dice_toml() -> None:
    """ezkit reads the dice methods from ezkit/data/dice.json: it must be what dice.toml says.
    After a change to dice.toml: EZKIT_SNAPSHOTS=update writes it anew."""
    made = json.dumps(dice.source(), indent=1, ensure_ascii=False) + "\n"
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        Path(dice.COMPILED).write_text(made, encoding="utf-8")
    assert Path(dice.COMPILED).read_text(encoding="utf-8") == made, (
        "ezkit/data/dice.json is not what dice.toml says: run "
        "EZKIT_SNAPSHOTS=update pytest tests/test_startup.py -k compiled"
    )


def test_house_rules_are_refused_in_the_words_they_were(tmp_path: Path) -> None:
    """Checked against the records, a house-rules file's faults read as the models said them."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "flowchart: 5\nround_cap: 0\n"
        "wounds:\n  levels:\n    - {name: A, from: x, boxes: 1, extra: 2}\n"
    )
    with pytest.raises(DocumentError) as refused:
        rules.load(house)
    assert str(refused.value) == (
        f"house rules {house} is invalid: "
        "flowchart: expected a mapping of fields, not 5; "
        "wounds.levels[0].from: expected a whole number, not 'x'; "
        "wounds.levels[0].extra: unknown field 'extra' (known fields: name, from, boxes, "
        "penalty, acts, areas_per_round, stun, heals_after_battle); "
        "wounds.levels: Tuple should have at least 1 item after validation, not 0; "
        "round_cap: 0 is out of range: it may be no less than 1"
    )


def test_printing_a_schema_imports_no_model() -> None:
    assert "pydantic" not in imported("schema", "character")


def test_the_console_entry_freezes_what_is_alive_at_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ezkit` (the console script) registers gc.freeze as its first exit hook, so the last
    cycle collection at exit skips what the command left alive (0.12 s after a PDF)."""
    import atexit
    import gc

    import ezkit.cli

    registered: list[object] = []
    monkeypatch.setattr(atexit, "register", registered.append)
    monkeypatch.setattr(ezkit.cli.cli, "main", lambda **kwargs: registered.append(kwargs))
    ezkit.cli.main()
    assert registered == [gc.freeze, {"prog_name": "ezkit"}]
