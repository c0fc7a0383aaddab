"""The wound table (EZ-14), the track and promotion (EZ-15), stun (EZ-16)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ezkit import rules as rules_data
from ezkit.combat import wounds

R = rules_data.load()
LEVELS = ["Scratch", "Hurt", "Very Hurt", "Out of It", "Near Death"]


@pytest.mark.parametrize(
    ("value", "level"),
    [
        (-3, None),
        (0, None),
        (1, "Scratch"),
        (2, "Scratch"),
        (3, "Hurt"),
        (4, "Hurt"),
        (5, "Very Hurt"),
        (6, "Very Hurt"),
        (7, "Out of It"),
        (8, "Out of It"),
        (9, "Near Death"),
        (15, "Near Death"),
    ],
)
def test_wound_levels_from_values(value: int, level: str | None) -> None:
    assert wounds.level_for(value, R) == level


def test_a_full_scratch_row_promotes_up_to_dead() -> None:
    track: list = []
    seen = []
    for _ in range(9):
        track, marked = wounds.mark(track, "Scratch", R)
        seen.append(marked.level)
    assert seen == ["Scratch"] * 3 + [
        "Hurt",
        "Very Hurt",
        "Out of It",
        "Near Death",
        "Dead",
        "Dead",
    ]
    assert wounds.is_dead(track) and not wounds.can_act(track, R)
    assert sum(1 for m in track if m.level == "Dead") == 1  # dead once
    assert all(m.rolled == "Scratch" for m in track)


def test_promotion_skips_to_the_next_empty_box() -> None:
    track, _ = wounds.mark([], "Very Hurt", R)
    track, marked = wounds.mark(track, "Hurt", R)
    assert marked.level == "Hurt" and not marked.promoted
    track, marked = wounds.mark(track, "Hurt", R)
    assert marked.level == "Out of It" and marked.promoted  # Hurt and Very Hurt are full


def test_near_death_on_a_full_near_death_box_is_dead() -> None:
    track, _ = wounds.mark([], "Near Death", R)
    track, marked = wounds.mark(track, "Near Death", R)
    assert marked.level == "Dead"


@pytest.mark.parametrize(
    ("levels", "penalty", "acts", "areas", "condition"),
    [
        ([], 0, True, None, "unhurt"),
        (["Scratch", "Scratch"], 0, True, None, "Scratch"),
        (["Scratch", "Hurt"], -1, True, None, "Hurt (-1)"),
        (["Hurt", "Very Hurt"], -2, True, 1, "Very Hurt (-2)"),  # only the highest applies
        (["Out of It"], 0, False, 0, "Out of It: no actions"),
    ],
)
def test_effects_of_the_highest_level_only(
    levels: list[str], penalty: int, acts: bool, areas: int | None, condition: str
) -> None:
    track: list = []
    for level in levels:
        track, _ = wounds.mark(track, level, R)
    assert wounds.penalty(track, R) == penalty
    assert wounds.can_act(track, R) is acts
    assert wounds.areas_per_round(track, R) == areas
    assert wounds.condition(track, R) == condition


@pytest.mark.parametrize(
    ("rolled", "marked", "condition"),
    [
        ("Scratch", None, "unhurt"),  # a stun Scratch has no effect
        ("Hurt", "Hurt", "Dazed (-1)"),
        ("Very Hurt", "Very Hurt", "Stunned (-2)"),
        ("Out of It", "Out of It", "Knocked Out: no actions"),
        ("Near Death", "Out of It", "Knocked Out: no actions"),  # never past Out of It
    ],
)
def test_stun_results(rolled: str, marked: str | None, condition: str) -> None:
    track, result = wounds.mark([], rolled, R, stun=True)
    assert result.level == marked and result.stun
    assert wounds.condition(track, R) == condition


def test_a_stun_above_the_cap_is_told_as_held_to_it_not_promoted() -> None:
    """EZ-16: a stun rolled at Near Death is marked at the cap, Out of It (a hunt found it
    told as 'promoted', the word for a wound moved up)."""
    _, result = wounds.mark([], "Near Death", R, stun=True)
    assert not result.promoted and result.capped
    assert (
        result.describe() == "stun Out of It (Knocked Out; rolled Near Death, held to the stun cap)"
    )
    track, _ = wounds.mark([], "Hurt", R, stun=True)
    _, again = wounds.mark(track, "Hurt", R, stun=True)  # the Hurt box is full: moved up
    assert again.promoted and not again.capped and "promoted" in again.describe()


def test_a_stun_never_kills() -> None:
    track: list = []
    for _ in range(10):
        track, _ = wounds.mark(track, "Near Death", R, stun=True)
    assert not wounds.is_dead(track)
    assert [m.level for m in track] == ["Out of It"]


def test_the_track_as_boxes() -> None:
    track, _ = wounds.mark([], "Scratch", R)
    track, _ = wounds.mark(track, "Hurt", R, stun=True)
    assert wounds.boxes(track, R)[:2] == [("Scratch", ["x", "", ""]), ("Hurt", ["o"])]
    assert wounds.track_text(track, R).startswith("Scratch [x][ ][ ] Hurt [o]")


def test_a_pulled_punch_caps_by_value() -> None:
    assert wounds.highest_value("Scratch", R) == 2
    assert wounds.highest_value("Very Hurt", R) == 6


def test_unknown_level_is_named() -> None:
    with pytest.raises(Exception, match="unknown wound level 'Bruised'"):
        wounds.level_index("Bruised", R)


marks = st.lists(st.tuples(st.sampled_from(LEVELS), st.booleans()), max_size=20)


@given(marks)
def test_one_wound_marks_at_most_one_box_and_never_overfills(sequence: list) -> None:
    track: list = []
    for level, stun in sequence:
        before = len(track)
        track, _ = wounds.mark(track, level, R, stun=stun)
        assert len(track) - before <= 1
        for name, cells in wounds.boxes(track, R):
            limit = next(lv.boxes for lv in R.wounds.levels if lv.name == name)
            assert sum(1 for m in track if m.level == name) <= limit
            assert len(cells) == limit


@given(marks)
def test_penalties_never_improve_as_wounds_are_added(sequence: list) -> None:
    track: list = []
    for level, stun in sequence:
        penalty, acts = wounds.penalty(track, R), wounds.can_act(track, R)
        track, _ = wounds.mark(track, level, R, stun=stun)
        if wounds.can_act(track, R):
            assert wounds.penalty(track, R) <= penalty
        assert acts or not wounds.can_act(track, R)
