"""Foozle's groups (seed 004; FZ-2, FZ-4): ezkit.games.foozle.groups and .score."""

from __future__ import annotations

import pytest

from ezkit.errors import InputError
from ezkit.games import foozle as fg

# (cards, kinds, token): every example of the book, then a table from the rules.
GROUPS = [
    # the book's examples
    ("7-lamps 7-zurfs 7-mazes", ["set"], None),  # "3 sevens"
    ("9-lamps 9-zurfs 9-mazes 9-books", ["set"], None),  # "4 nines"
    ("1-mazes 5-mazes 8-mazes", ["flush"], "black"),  # "3 Mazes"
    ("0-lamps 3-lamps 6-lamps 9-lamps", ["flush"], "red"),  # "4 Lamps"
    ("2-lamps 3-plungers 4-fromps", ["run"], "red"),  # all red
    ("6-zurfs 7-zurfs 8-rain", ["run"], "blue"),  # all blue
    ("8-tops 9-tops inf-tops", ["flush"], "blue"),  # ∞ does not come after 9: no run
    ("4-plungers 5-plungers 6-plungers", ["flush", "run", "flush-run"], "red"),  # Eleanor
    ("3-lamps 3-plungers 3-fromps", ["set"], "red"),  # a set of one colour earns a token
    ("trump-grue trump-death trump-light", ["fozzle"], None),  # a Big Fozzle
    # the rules, valid
    ("inf-lamps inf-zurfs inf-mazes", ["set"], None),  # FZ-2: infinity in a set
    ("inf-tops 0-tops 5-tops", ["flush"], "blue"),
    ("0-faces 1-time 2-ears 3-faces", ["run"], "yellow"),
    ("7-books 8-bugs 9-hives", ["run"], "brown"),
    ("2-lamps 3-lamps 5-lamps 4-plungers", ["run"], "red"),
    ("trump-time trump-grue trump-lobster trump-jester", ["fozzle"], None),
    # invalid
    ("2-lamps 3-lamps", [], None),  # too few
    ("9-lamps inf-lamps 0-lamps 1-plungers", [], None),  # no wrapping, no ∞
    ("9-zurfs inf-zurfs 8-rain", [], None),
    ("2-lamps 3-zurfs 4-fromps", [], None),  # two colours
    ("2-lamps 4-plungers 5-fromps", [], None),  # a gap
    ("2-lamps 3-plungers 3-fromps", [], None),  # a rank twice
    ("trump-grue trump-death 3-time", [], None),  # trumps are not wild
    ("trump-time 3-time 4-time", [], None),
]


@pytest.mark.parametrize(("cards", "kinds", "token"), GROUPS, ids=[g[0] for g in GROUPS])
def test_group_kinds_and_tokens(cards: str, kinds: list[str], token: str | None) -> None:
    assert fg.kinds(cards.split()) == kinds
    assert fg.token(cards.split()) == token


def test_notation_infinity_and_case() -> None:
    assert fg.kinds(["∞-Tops", "INF-lamps", "inf mazes"]) == ["set"]
    with pytest.raises(InputError, match="did you mean"):
        fg.kinds(["3-lampz", "3-zurfs", "3-mazes"])
    with pytest.raises(InputError, match="twice"):
        fg.kinds(["3-lamps", "3-lamps", "3-mazes"])


def test_flush_run_turns_into_a_flush_or_a_colour_run_and_back() -> None:
    run = ["4-plungers", "5-plungers", "6-plungers"]
    offs = fg.lay_offs(run, ["2-plungers", "7-fromps", "3-plungers", "7-zurfs", "4-lamps"])
    assert offs == {
        "2-plungers": ["flush"],  # the book: an ordinary flush
        "7-fromps": ["run"],  # the book: an ordinary colour run
        "3-plungers": ["flush", "run", "flush-run"],
    }
    # an ordinary flush becomes a flush run
    assert fg.becomes(["4-plungers", "6-plungers", "8-plungers"], "5-plungers") == ["flush"]
    assert fg.becomes(["4-plungers", "5-plungers", "7-plungers"], "6-plungers") == [
        "flush",
        "run",
        "flush-run",
    ]
    # a flush with a gap becomes a colour run with a card of another red suit
    assert fg.becomes(["2-lamps", "3-lamps", "5-lamps"], "4-fromps") == ["run"]
    assert fg.becomes(["2-lamps", "3-plungers", "4-fromps"], "9-lamps") == []
    assert fg.becomes(["8-rain", "9-rain", "7-rain"], "inf-rain") == ["flush"]
    assert fg.becomes(["7-zurfs", "8-rain", "9-tops"], "inf-tops") == []


def test_candidates_offer_maximal_groups_and_runs_per_suit() -> None:
    hand = [
        fg.card(c) for c in ["2-lamps", "3-lamps", "4-lamps", "4-plungers", "4-fromps", "4-zurfs"]
    ]
    found = {tuple(fg.IDS[k] for k in c) for c in fg.candidates(hand)}
    assert ("4-lamps", "4-plungers", "4-fromps", "4-zurfs") in found
    assert ("2-lamps", "3-lamps", "4-lamps") in found  # the flush run
    assert ("2-lamps", "3-lamps", "4-plungers") in found  # the run through 4-plungers
    for cards in found:
        assert fg.kinds(list(cards))
    full = fg.candidates(hand, full_only=True)
    assert len(full) < len(found)
