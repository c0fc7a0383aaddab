"""Action resolution (EZ-11), Fudge Points on a roll (EZ-12) and "Mathless" EZFudge."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ezkit import actions, ladder


def test_lightfingers_louie() -> None:
    """A Great Cat Burglar, +1 for fine lockpicks, rolls -1 against a Superb lock."""
    louie = actions.resolve(
        ladder.parse("Great"), -1, modifier=1, difficulty=ladder.parse("Superb")
    )
    assert louie.result == 3
    assert ladder.name(louie.result) == "Great"
    assert not louie.success
    assert louie.margin == 1
    assert louie.margin_name == "Failure Margin"
    assert ladder.name(louie.outcome) == "Poor"
    assert louie.points_to_succeed() == 1


def test_louie_mathless_replay() -> None:
    louie = actions.resolve(3, -1, modifier=1, difficulty=4)
    assert actions.mathless(louie) == [
        "Put your finger on Great, the trait's rank.",
        "Move up 1 for the +1 modifier: Superb.",
        "Move down 1 for the Poor (-1) roll: Great.",
        "That is the action result: a Great action.",
        "Move down 4 for the Superb (+4) difficulty: Poor.",
        "Poor (-1): Poor or worse is a Failure, Failure Margin 1.",
    ]


def test_fair_burglar_with_a_good_roll_ends_on_great_ez23() -> None:
    burglar = actions.resolve(ladder.parse("Fair"), ladder.parse("Good"))
    assert ladder.name(burglar.result) == "Great"  # the book says Good: a slip (EZ-23)
    assert "Move up 2 for the Good (+2) roll: Great." in actions.mathless(burglar)


def test_great_smith_with_a_worse_than_terrible_roll_is_mediocre() -> None:
    smith = actions.resolve(ladder.parse("Great"), ladder.parse("Worse Than Terrible"))
    assert ladder.name(smith.result) == "Mediocre"
    assert "Move down 3 for the Worse Than Terrible (-3) roll: Mediocre." in actions.mathless(smith)


def test_a_tie_is_a_success_with_margin_zero() -> None:
    tie = actions.resolve(1, 0, difficulty=1)
    assert tie.success and tie.margin == 0 and tie.margin_name == "Success Margin"


def test_default_difficulty_is_fair() -> None:
    assert actions.resolve(0, 0).difficulty == ladder.parse("Fair")


def test_fudge_points_raise_the_result() -> None:
    action = actions.resolve(1, -2, difficulty=1, fudge_points=2)
    assert action.result == 1 and action.success
    steps = actions.mathless(action)
    assert "Move up 2 for 2 Fudge Points spent: Fair." in steps


def test_foe_roll_makes_a_contest_and_moves_the_difficulty() -> None:
    action = actions.resolve(2, 0, difficulty=2, foe_roll=1)
    assert action.kind == "contest"
    assert action.opposition == 3 and action.outcome == -1
    assert "Move down 1 for the foe's Fair (+1) roll: Poor." in actions.mathless(action)


def test_negative_difficulty_moves_the_finger_up() -> None:
    action = actions.resolve(0, 0, difficulty=-2)
    assert "Move up 2 for the Terrible (-2) difficulty: Good." in actions.mathless(action)


@given(
    st.integers(-4, 8),
    st.integers(-4, 4),
    st.integers(-3, 3),
    st.integers(-4, 8),
    st.integers(-4, 4),
    st.integers(0, 3),
)
def test_mathless_ends_where_the_arithmetic_does(
    rank: int, roll: int, modifier: int, difficulty: int, foe: int, points: int
) -> None:
    action = actions.resolve(rank, roll, modifier, difficulty, foe, points)
    steps = actions.mathless(action)
    assert any(
        f"the action result: {ladder.with_article(action.result)} action" in s for s in steps
    )
    verdict = "Success" if action.success else "Failure"
    assert steps[-1].startswith(f"{ladder.label(action.outcome)}:")
    assert f"{verdict} Margin {action.margin}." in steps[-1]
    # Spending the Fudge Points a failure asks for always turns it into a success.
    fixed = actions.resolve(
        rank, roll, modifier, difficulty, foe, points + action.points_to_succeed()
    )
    assert fixed.success
