"""The Ladder (ruling EZ-1)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ezkit import ladder
from ezkit.errors import RankError


@pytest.mark.parametrize(
    ("number", "word"),
    [
        (4, "Superb"),
        (3, "Great"),
        (2, "Good"),
        (1, "Fair"),
        (0, "Mediocre"),
        (-1, "Poor"),
        (-2, "Terrible"),
        (-3, "Worse Than Terrible"),
        (-4, "Completely Terrible"),
        (5, "Superb +1"),
        (7, "Superb +3"),
        (-5, "Completely Terrible -1"),
    ],
)
def test_names_both_ways(number: int, word: str) -> None:
    assert ladder.name(number) == word
    assert ladder.parse(word) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("great", 3),
        ("GREAT", 3),
        ("gre", 3),
        ("goo", 2),
        ("s", 4),
        ("med", 0),
        ("+3", 3),
        ("3", 3),
        ("-1", -1),
        ("0", 0),
        ("Great (+3)", 3),
        ("great(+3)", 3),
        ("Mediocre (0)", 0),
        ("Poor (-1)", -1),
        ("  Fair  ", 1),
        ("worse than terrible", -3),
        ("Superb +2", 6),
        ("superb+1", 5),
    ],
)
def test_parse_forms(text: str, number: int) -> None:
    assert ladder.parse(text) == number


def test_label_is_the_books_style() -> None:
    assert ladder.label(3) == "Great (+3)"
    assert ladder.label(0) == "Mediocre (0)"
    assert ladder.label(-2) == "Terrible (-2)"


def test_unknown_rank_suggests() -> None:
    with pytest.raises(RankError) as error:
        ladder.parse("Superbb")
    assert str(error.value) == (
        "unknown rank 'Superbb'; did you mean 'Superb'? (Ladder: Terrible..Superb or -2..+4)"
    )


def test_unknown_rank_without_a_near_name() -> None:
    with pytest.raises(RankError, match=r"^unknown rank 'xyzzy' \(Ladder"):
        ladder.parse("xyzzy")


@pytest.mark.parametrize("text", ["+-1", "++1", "--1", "-+1234567"])
def test_two_signs_make_no_number(text: str) -> None:
    """`+-1` had been called "off the Ladder by far" (found by a hostile-input hunt)."""
    with pytest.raises(RankError, match=rf"^unknown rank '{re.escape(text)}' \(Ladder"):
        ladder.parse(text)


def test_ambiguous_prefix_names_the_candidates() -> None:
    with pytest.raises(RankError, match="ambiguous rank 'g': it could be 'Great', 'Good'"):
        ladder.parse("g")


def test_word_and_number_must_agree() -> None:
    with pytest.raises(RankError, match="Great is \\+3, not \\+2"):
        ladder.parse("Great (+2)")


def test_empty_rank_is_an_error() -> None:
    with pytest.raises(RankError, match="empty rank"):
        ladder.parse("   ")


def test_ranks_are_listed_best_first() -> None:
    assert ladder.ranks() == [4, 3, 2, 1, 0, -1, -2]


def test_article() -> None:
    assert ladder.with_article(3) == "a Great"
    assert ladder.with_article(-3) == "a Worse Than Terrible"
    assert ladder.with_article(4) == "a Superb"


@given(st.integers(min_value=-ladder.LIMIT, max_value=ladder.LIMIT))
def test_every_name_and_label_parses_back(number: int) -> None:
    assert ladder.parse(ladder.name(number)) == number
    assert ladder.parse(ladder.label(number)) == number
    assert ladder.parse(ladder.signed(number)) == number
    assert ladder.parse(ladder.name(number).upper()) == number


@given(st.sampled_from(list(ladder.LADDER)), st.integers(min_value=0, max_value=10))
def test_unambiguous_prefixes_parse(word: str, cut: int) -> None:
    prefix = word[: max(1, len(word) - cut)]
    matching = [w for w in (*ladder.LADDER, *ladder.BELOW) if w.lower().startswith(prefix.lower())]
    if len(matching) == 1:
        assert ladder.parse(prefix) == ladder.LADDER[word]
    else:
        with pytest.raises(RankError):
            ladder.parse(prefix)
