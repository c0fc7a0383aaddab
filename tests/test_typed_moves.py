"""Typed moves match whole words and numbers; options out of range are refused with their
ruling, never ignored (issue: fair tables, point 2)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ezkit.cli import cli
from ezkit.games import engine
from ezkit.games.engine import IllegalMove, Move, _abbreviates


@pytest.mark.parametrize(
    ("typed", "move", "matches"),
    [
        ("burden b", "burden Bob", True),
        ("give 4 to b", "give 4 to Bob", True),
        ("gi 4", "give 4 to Bob", True),
        ("give 4 bob", "give 4 to Bob", False),  # words in their places
        ("place x on mine 1", "place x on mine 10", False),  # a number is whole
        ("stale 1", "stale 10", False),
        ("take 3", "take 3-lamps", False),
        ("take 3-l", "take 3-lamps", True),
        ("burden bob now", "burden Bob", False),
    ],
)
def test_typed_words_abbreviate_word_by_word(typed: str, move: str, matches: bool) -> None:
    action, *args = move.split()
    assert _abbreviates(typed.lower().split(), Move(action, tuple(args))) is matches


def test_auntie_takes_an_abbreviation_and_refuses_a_part_of_a_number() -> None:
    state = engine.make("auntie", {"players": ["Ann", "Bob"], "first": 0}).new(3)
    while state.to_move() != 0 or not any(m.action == "burden" for m in state.legal_moves()):
        state.play(state.legal_moves()[-1])
    assert state.parse("burden b") == Move("burden", ("Bob",))
    with pytest.raises(IllegalMove):
        state.parse("burden bob 1")


@pytest.mark.parametrize(
    ("game", "rule"),
    [("auntie", "AU-9"), ("bakeries", "BK-7"), ("dudab", "DU-2"), ("foozle", "no option rounds")],
)
@pytest.mark.parametrize("rounds", ["0", "-1", "99"])
def test_rounds_out_of_range_are_refused_with_the_ruling(game: str, rule: str, rounds: str) -> None:
    result = CliRunner().invoke(
        cli, ["game", "new", game, "--bots", "2", "--bot", "random", f"--rounds={rounds}",
              "--db", "/nonexistent/never-written.json"],
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert rule in result.stderr and "rounds" in result.stderr


@pytest.mark.parametrize(
    ("typed", "cake"),
    [("bundt", "bundt-cake"), ("Bundt Cake", "bundt-cake"), ("pine", "pineapple-upside-down-cake"),
     ("black f", "black-forest-cake")],
)  # fmt: skip
def test_a_cake_by_an_unambiguous_beginning(typed: str, cake: str) -> None:
    from ezkit.games.bakeries.score import cake as find

    assert find(typed).id == cake


def test_an_ambiguous_cake_names_the_candidates() -> None:
    from ezkit.errors import InputError
    from ezkit.games.bakeries.score import cake as find

    with pytest.raises(InputError, match=r"could be any of .*black-forest-cake"):
        find("b")
    result = CliRunner().invoke(
        cli, ["score", "bakeries", "sale", "--chef", "5", "--cake", "bundt", "--slot", "8"]
    )
    assert result.exit_code == 0 and "$750" in result.stdout
