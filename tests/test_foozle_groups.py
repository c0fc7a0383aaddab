"""Foozle's groups (seed 004; FZ-2, FZ-4): ezkit.games.foozle.groups and .score."""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import random
import types

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


# --- the shortcuts follow the deck data's numbers ---------------------------------------------


def _groups_with(monkeypatch: pytest.MonkeyPatch, **numbers: object) -> types.ModuleType:
    """A fresh copy of ezkit.games.foozle.groups built on deck tables changed by `numbers`
    (a table may edit them: RULINGS, "every number ... belongs in data"); the real module
    is left alone."""
    from ezkit.games import decks

    changed = dataclasses.replace(decks.tables("foozle"), **numbers)
    monkeypatch.setattr(decks, "tables", lambda game: changed)
    spec = importlib.util.find_spec("ezkit.games.foozle.groups")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _plain_playable(g: types.ModuleType, hand: list[int], k: int) -> bool:
    """Seed 004 (c), by the plain rule: k makes a group with some cards of the hand."""
    return any(
        g.valid(g.summary([*cards, k]))
        for size in range(g.GROUP_MIN - 1, len(hand) + 1)
        for cards in itertools.combinations(hand, size)
    )


@pytest.mark.parametrize(
    "numbers",
    [{"group_min": 4}, {"group_min": 2}, {"run_ranks": (1, 8)}],
    ids=["group_min-4", "group_min-2", "run_ranks-1-8"],
)
def test_the_shortcuts_follow_group_min_and_run_ranks(
    monkeypatch: pytest.MonkeyPatch, numbers: dict[str, object]
) -> None:
    """FZ-2, FZ-3: the bit shortcuts (which tableau card can be played with a hand, which
    runs a hand holds) agree with the plain rule whatever group_min and run_ranks the deck
    data gives. They had three in a row and two of a family written into them, and counted
    ranks outside run_ranks as run neighbours: 'take CARD' was offered for a card that then
    could not be played, leaving no legal move."""
    g = _groups_with(monkeypatch, **numbers)
    rng = random.Random(4)
    lamps = [g.card(f"{r}-lamps") for r in range(10)]
    for _ in range(300):
        hand = rng.sample([*lamps, *rng.sample(range(len(g.IDS)), 6)], rng.randint(2, 7))
        hand = sorted(set(hand))
        playable = g.playable_with(hand, g.family_counts(hand), 0)
        for k in rng.sample([*lamps, *range(len(g.IDS))], 40):
            if k not in hand:
                assert bool(playable >> k & 1) == _plain_playable(g, hand, k), (
                    [g.IDS[c] for c in hand],
                    g.IDS[k],
                )
        found = g.candidates(hand)
        assert all(g.valid(g.summary(cards)) for cards in found)
        for size in range(g.GROUP_MIN, len(hand) + 1):
            for cards in itertools.combinations(hand, size):
                if "run" in g.kinds_of(cards) and len(set(map(g.SUIT.__getitem__, cards))) == 1:
                    assert cards in found, [g.IDS[c] for c in cards]  # every flush run


def test_the_written_out_run_gaps_of_three_are_the_general_ones() -> None:
    """groups.run_gaps keeps the written-out form for the book's group_min 3 (asked at every
    take): it must be the general one (FZ-2)."""
    from ezkit.games.foozle import groups

    assert groups.GROUP_MIN == 3 and groups.run_gaps is groups._run_gaps_three
    rng = random.Random(9)
    for _ in range(2000):
        runs = rng.getrandbits(80) & rng.getrandbits(80)
        assert groups._run_gaps_three(runs) == groups._run_gaps_any(runs)


def test_each_lists_the_cards_of_the_bits_lowest_first() -> None:
    from ezkit.games.foozle import groups

    rng = random.Random(5)
    n = len(groups.IDS)
    for size in (0, 1, 2, 3, 11, n):
        for _ in range(50):
            cards = sorted(rng.sample(range(n), size))
            bits = sum(1 << k for k in cards)
            assert groups.each(bits) == cards
