"""Dudab's scoring (seed 002, "Scoring"; DU-4): ezkit.games.dudab.score step by step, and
`ezkit score dudab`. The engine scores its rounds with the same functions (test_dudab.py)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from long_runs import examples

from ezkit.cli import cli
from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.dudab.score import STEPS, Tally, check_supply, parse_cards, score, score_tally


def points(pile: str, hand: str = "") -> int:
    return score(pile.split(), hand.split()).score


def step(pile: str, rule: str, hand: str = "") -> tuple[int, str]:
    found = {s.rule: s for s in score(pile.split(), hand.split()).steps}[rule]
    return found.points, found.text


# --- the book's steps, one at a time -------------------------------------------------------


def test_the_steps_come_in_the_books_order_and_add_up() -> None:
    pile = ["red-3-hand", "shaman-red", "dudab", "dudab", "jungle", "baby", "green-1-hide"]
    found = score(pile, ["dudab"])
    assert (
        [s.rule for s in found.steps]
        == list(STEPS)
        == [
            "hand-dudabs",
            "dudab-shaman",
            "dudab-number",
            "shamans",
            "jungle-numbers",
            "spare-jungles",
            "babies",
            "numbers",
        ]
    )
    assert found.score == sum(s.points for s in found.steps) == 5 + 0 - 3 + 0 + 0 + 0 - 1 + 0


def test_1_every_dudab_in_hand_scores_5_and_the_other_cards_join_the_pile() -> None:
    assert step("", "hand-dudabs", "dudab dudab") == (
        10,
        "2 Dudabs in hand x 5, then discarded; the other cards in hand join the own pile",
    )
    assert points("", "dudab red-3-hand") == 5 + 3
    assert points("shaman-red", "dudab") == 5 + 5  # a Dudab in hand cancels no Shaman
    assert points("dudab shaman-red") == 0


def test_2_each_dudab_with_a_shaman_is_discarded_without_value() -> None:
    assert step("dudab shaman-red dudab shaman-blue", "dudab-shaman") == (
        0,
        "2 Dudab-Shaman pairs discarded without value",
    )
    assert points("dudab shaman-red dudab shaman-blue red-2-hand") == 2


def test_3_a_spare_dudab_turns_a_number_card_negative() -> None:
    assert points("dudab red-1-hand blue-4-club") == -4 + 1
    assert step("dudab dudab red-1-hand blue-4-club yellow-3-club", "dudab-number") == (
        -7,
        "2 spare Dudabs: 2 Number cards turned negative: -4, -3",
    )


def test_3_a_dudab_with_nothing_to_pair_with_scores_0() -> None:
    assert points("dudab") == 0
    assert step("dudab dudab red-2-hand", "dudab-number") == (
        -2,
        "2 spare Dudabs: 1 Number card turned negative: -2; 1 with nothing to pair with, 0 points",
    )


def test_3_du4_the_choice_that_scores_lowest() -> None:
    # turning the 1 lets the Jungle take the three 4s: -1, not -4 + 4 + 4 (+ the 1 taken)
    pile = "dudab jungle red-4-hand blue-4-club yellow-4-hide green-1-hide"
    assert points(pile) == -1
    assert step(pile, "dudab-number")[1] == "1 spare Dudab: 1 Number card turned negative: -1"
    assert step(pile, "jungle-numbers")[1].endswith("value 4 (4, 4, 4) discarded with them")


def test_4_a_shaman_without_a_dudab_scores_5() -> None:
    assert points("shaman-red shaman-blue dudab") == 5
    assert step("shaman-red shaman-blue", "shamans") == (10, "2 Shamans without a Dudab x 5")


def test_5_jungles_take_the_lowest_values_one_value_each() -> None:
    assert points("jungle red-1-hand blue-1-club red-3-hand") == 3
    assert points("jungle jungle red-1-hand blue-2-club red-3-hand blue-3-club") == 6
    assert step("jungle red-2-hand blue-2-club red-4-hand", "jungle-numbers") == (
        0,
        "1 Jungle, 1 used: the Number cards of value 2 (2, 2) discarded with them",
    )


def test_6_du4_spare_jungles_discard_shamans_before_they_score() -> None:
    assert points("jungle shaman-red") == 0
    assert points("jungle jungle shaman-red red-2-hand") == 0  # one for the 2, one spare
    assert points("jungle shaman-red red-2-hand") == 5  # no spare Jungle: the Shaman scores
    assert step("jungle jungle jungle shaman-red", "spare-jungles") == (
        0,
        "3 spare Jungles: 1 discard a Shaman each, 2 without value",
    )
    assert step("jungle jungle jungle shaman-red", "shamans")[1] == (
        "0 Shamans without a Dudab x 5 (1 more discarded by spare Jungles, step 6)"
    )


@pytest.mark.parametrize(
    ("babies", "expected"),
    [(0, 0), (1, -1), (2, -3), (3, -6), (4, -11), (5, -19), (6, -32), (7, -51), (8, -81)],
)
def test_7_baby_cards_score_the_books_table(babies: int, expected: int) -> None:
    assert points(" ".join(["baby"] * babies)) == expected
    assert score_tally(Tally(babies=babies)).score == expected


def test_8_the_number_cards_left_score_their_values() -> None:
    assert step("red-1-hand blue-4-club green-3-hide", "numbers") == (
        8,
        "3 Number cards left: 4, 3, 1",  # highest first, whatever the order given,
    )


def test_the_points_come_from_the_deck_file() -> None:
    scoring = decks.tables("dudab").scoring  # type: ignore[union-attr]
    assert (scoring.dudab_in_hand, scoring.unpaired_shaman) == (5, 5)
    assert scoring.baby == {1: -1, 2: -3, 3: -6, 4: -11, 5: -19, 6: -32, 7: -51, 8: -81}


def test_without_words_the_score_is_the_same() -> None:
    tally = Tally(dudabs=3, shamans=1, jungles=2, babies=1, numbers=(1, 1, 2, 3, 3, 4, 4))
    told, quiet = score_tally(tally, 1), score_tally(tally, 1, explain=False)
    assert told.score == quiet.score == sum(s.points for s in told.steps)
    assert told.negated == quiet.negated and quiet.steps == ()


# --- the lowest-score choice, against every choice (DU-4) ---------------------------------------


def _every_choice(pile: Sequence[str], hand: Sequence[str]) -> int:
    """The book's steps written out plainly, trying every Number card the spare Dudabs could
    turn and keeping the lowest total: an independent check of score()."""
    kinds = {c.id: (c.kind, c.value) for c in decks.deck("dudab").cards}
    cards = [*pile, *(c for c in hand if c != "dudab")]
    total = 5 * sum(1 for c in hand if c == "dudab")
    dudabs = sum(1 for c in cards if c == "dudab")
    shamans = sum(1 for c in cards if kinds[c][0] == "shaman")
    jungles = sum(1 for c in cards if c == "jungle")
    babies = sum(1 for c in cards if c == "baby")
    numbers = [int(kinds[c][1] or 0) for c in cards if kinds[c][0] == "number"]
    total += {0: 0, 1: -1, 2: -3, 3: -6, 4: -11, 5: -19, 6: -32, 7: -51, 8: -81}[babies]
    pairs = min(dudabs, shamans)
    spare = dudabs - pairs
    best = None
    for turned in itertools.combinations(range(len(numbers)), min(spare, len(numbers))):
        left = [v for i, v in enumerate(numbers) if i not in turned]
        values = sorted(set(left))
        taken = set(values[:jungles])
        unpaired = max(0, shamans - pairs - max(0, jungles - len(values)))
        found = -sum(numbers[i] for i in turned) + 5 * unpaired
        found += sum(v for v in left if v not in taken)
        best = found if best is None else min(best, found)
    assert best is not None
    return total + best


CARDS = [c.id for c in decks.deck("dudab").cards for _ in range(c.count)]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(CARDS), max_size=14), st.integers(0, 3))
def test_the_score_is_the_lowest_of_every_choice(cards: list[str], in_hand: int) -> None:
    counts = {c.id: c.count for c in decks.deck("dudab").cards}
    if any(cards.count(c) > counts[c] for c in set(cards)):
        return
    pile, hand = cards[in_hand:], cards[:in_hand]
    assert score(pile, hand).score == _every_choice(pile, hand)


# --- card notation and the deck's supply -------------------------------------------------------


def test_cards_are_read_as_typed_and_checked_against_the_deck() -> None:
    assert parse_cards("Red-3-Hand, Shaman-Blue  DUDAB") == ["red-3-hand", "shaman-blue", "dudab"]
    with pytest.raises(InputError, match=r"--pile: dudab has no card 'red-5-hand'"):
        parse_cards("red-5-hand", "--pile")
    check_supply(["dudab"] * 4, ["dudab"] * 4)
    with pytest.raises(InputError, match=r"9 x dudab given, but the deck holds 8 copies \(DU-1\)"):
        check_supply(["dudab"] * 5, ["dudab"] * 4)
    with pytest.raises(InputError, match="2 x red-3-hand given, but the deck holds 1 copy"):
        check_supply(["red-3-hand", "red-3-hand"])


# --- ezkit score dudab -------------------------------------------------------------------------


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    done = runner.invoke(cli, list(args))
    return done.exit_code, done.stdout, done.stderr


def test_score_dudab_shows_the_steps_one_by_one(runner: CliRunner) -> None:
    code, out, _ = run(
        runner,
        "score",
        "dudab",
        "--pile",
        "red-3-hand blue-4-club shaman-red dudab jungle baby",
        "--hand",
        "dudab yellow-2-hand",
    )
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[1] for line in lines[:8]] == list(STEPS)
    assert lines[0].startswith("1. hand-dudabs       +5  1 Dudab in hand x 5")
    assert lines[6] == "7. babies            -1  1 Baby card"
    assert lines[-1] == "Score: 11"


def test_score_dudab_json(runner: CliRunner) -> None:
    code, out, _ = run(
        runner, "score", "dudab", "--pile", "dudab red-4-hand red-1-club jungle", "--json"
    )
    doc: dict[str, Any] = json.loads(out)
    assert code == 0 and doc["score"] == -4 and isinstance(doc["score"], int)
    assert [s["step"] for s in doc["steps"]] == list(range(1, 9))
    assert doc["steps"][2] == {
        "step": 3,
        "rule": "dudab-number",
        "points": -4,
        "text": "1 spare Dudab: 1 Number card turned negative: -4",
    }
    assert doc["pile"] == ["dudab", "red-4-hand", "red-1-club", "jungle"] and doc["hand"] == []


def test_score_dudab_of_nothing_is_0(runner: CliRunner) -> None:
    assert json.loads(run(runner, "score", "dudab", "--json")[1])["score"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pile", "red-5-hand"], "--pile: dudab has no card 'red-5-hand'"),
        (["--hand", "shaman-purple"], "--hand: dudab has no card 'shaman-purple'"),
        (["--pile", "baby " * 9], "9 x baby given, but the deck holds 8 copies (DU-1)"),
        (["--pile", "red-1-hand", "--hand", "red-1-hand"], "2 x red-1-hand given"),
        # DU-6: a hand over 5 goes down to 5 (the player's choice) before it is scored
        (
            ["--hand", "dudab red-1-hand red-2-hand red-3-hand red-4-hand blue-1-hand"],
            "6 cards in hand, but a hand holds at most 5 at scoring (DU-6)",
        ),
    ],
    ids=["bad-card", "bad-shaman", "too-many-babies", "one-card-twice", "hand-over-five"],
)
def test_score_dudab_refuses_cards_the_deck_lacks(
    runner: CliRunner, args: list[str], message: str
) -> None:
    code, _, err = run(runner, "score", "dudab", *args)
    assert code == 2 and message in err


def test_score_dudab_has_help_with_an_example(runner: CliRunner) -> None:
    code, out, _ = run(runner, "score", "dudab", "--help")
    assert code == 0 and "Example" in out and "--pile" in out and "--hand" in out


def test_the_installed_command_scores_dudab() -> None:
    ezkit = str(Path(sys.executable).with_name("ezkit"))
    done = subprocess.run(
        [ezkit, "score", "dudab", "--pile", "shaman-red jungle jungle red-1-hand", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == 0
