"""ezkit/cli/tables.py draws the tables rich drew, character for character (and on a
terminal, the same styles), and leaves to rich what it does not draw itself."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from ezkit.cli.tables import plain

SAVED = (
    "Saved games",
    ["id", "game", "players", "moves", "status", "updated"],
    [
        ["1", "bakeries", "Ann, Bot 1*", "0", "Ann to move", "2026-11-23T21:29:08+00:00"],
        ["12", "auntie", "Bo", "104", "won by Bo", ""],
    ],
    ["right", "left", "left", "right", "left", "left"],
)
ODDS = (
    "Chance of success in percent, exact to one decimal (4dF)",
    ["Trait \\ Difficulty", "Terrible (-2)", "Poor (-1)", "Mediocre (0)", "Fair (+1)"],
    [
        ["Superb (+4)", "100.0", "Automatic", "99", "1.2"],
        ["Terrible (-2)", "61.7", "Never", "0.0", "6"],
    ],
    ["left", "right", "right", "right", "right"],
)
EMPTY = ("Nothing", ["a", "b"], [], ["left", "right"])


def drawn_by_rich(title, header, rows, justify, width: int, styled: bool) -> str:  # type: ignore[no-untyped-def]
    table = Table(title=title, title_justify="left")
    for heading, side in zip(header, justify, strict=True):
        table.add_column(heading, justify=side)
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    colours = "standard" if styled else None
    Console(file=out, width=width, force_terminal=styled, color_system=colours).print(table)
    return out.getvalue()


@pytest.mark.parametrize("styled", [False, True], ids=["piped", "terminal"])
@pytest.mark.parametrize("table", [SAVED, ODDS, EMPTY], ids=["saved", "odds", "empty"])
def test_the_same_characters_as_rich(table: tuple, styled: bool) -> None:  # type: ignore[type-arg]
    assert plain(*table, 160, styled) == drawn_by_rich(*table, 160, styled)


def test_what_rich_would_wrap_or_measure_is_left_to_rich() -> None:
    title, header, _rows, justify = SAVED
    assert plain(*SAVED, 60) is None  # wider than the terminal: rich wraps the cells
    assert plain("A title longer than its table", ["a"], [["b"]], ["left"], 160) is None
    wide = [["1", "dudab", "Zoë, 太郎", "0", "Zoë to move", ""]]
    assert plain(title, header, wide, justify, 160) is None  # rich measures wide characters
