"""Dice methods of "Other Ways to Roll" (seed 003, Extras) and ruling EZ-22."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from random import Random

import pytest
from conftest import enumerate_outcomes
from hypothesis import given
from hypothesis import strategies as st

from ezkit import dice
from ezkit.errors import DiceError

ALL = list(dice.methods())
DICE_METHODS = [name for name in ALL if not isinstance(dice.method(name), dice.PokerDeck)]


def test_the_books_methods_are_all_there() -> None:
    assert [m.name for m in dice.alternatives()] == ["3d6", "d100", "poker", "2d10", "d20", "4d3-8"]
    assert dice.DEFAULT == "4dF"


@pytest.mark.parametrize("name", DICE_METHODS)
def test_distribution_matches_enumeration_of_every_throw(name: str) -> None:
    method = dice.method(name)
    exact = enumerate_outcomes(lambda rng: method.roll_once(rng).value)
    assert {v: p for v, p in method.distribution().items() if p} == exact


@pytest.mark.parametrize("name", ALL)
def test_distribution_is_a_distribution_over_the_ladder_range(name: str) -> None:
    dist = dice.method(name).distribution()
    assert sum(dist.values()) == 1
    assert all(-4 <= v <= 4 and p >= 0 for v, p in dist.items())
    assert all(isinstance(p, Fraction) for p in dist.values())


@pytest.mark.parametrize("name", ALL)
def test_every_method_is_symmetric(name: str) -> None:
    dist = dice.method(name).distribution()
    assert all(dist[v] == dist[-v] for v in dist)


def test_4df_counts_out_of_81() -> None:
    counts = [p * 81 for p in dice.method("4dF").distribution().values()]
    assert counts == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_4d3_minus_8_is_exactly_4df() -> None:
    assert dice.method("4d3-8").distribution() == dice.method("4dF").distribution()


def test_3d6_table_by_counting_216_throws() -> None:
    throws = Counter(sum(t) for t in itertools.product(range(1, 7), repeat=3))
    expected_rows = {4: (17, 18), 3: (16, 16), 2: (14, 15), 1: (12, 13), 0: (10, 11)}
    dist = dice.method("3d6").distribution()
    for value, (low, high) in expected_rows.items():
        ways = sum(throws[t] for t in range(low, high + 1))
        assert dist[value] == Fraction(ways, 216)


def test_d20_reroll_is_ruling_ez22() -> None:
    method = dice.method("d20")
    dist = method.distribution()
    assert dist[4] == Fraction(1, 20) * Fraction(5, 20)
    assert dist[3] == Fraction(1, 20) * Fraction(15, 20)
    assert dist[-3] == Fraction(1, 20) * Fraction(15, 20)  # 1 & 6-20, not the book's 1 & 16-20
    assert dist[-4] == Fraction(1, 20) * Fraction(5, 20)


class Scripted:
    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        return self.values.pop(0)


@pytest.mark.parametrize(
    ("first", "second", "value"),
    [(20, 16, 4), (20, 15, 3), (1, 5, -4), (1, 6, -3), (1, 20, -3), (19, None, 2), (8, None, 0)],
)
def test_d20_rolls_read_like_the_table(first: int, second: int | None, value: int) -> None:
    rolled = dice.method("d20").roll_once(Scripted(first, *([second] if second else [])))
    assert rolled.value == value
    assert rolled.faces == ((first, second) if second else (first,))


# The book's table (seed 003, Other Ways to "Roll"), row by row, as (value, lowest, highest).
BOOK_ROWS = {
    "3d6": [
        (4, 17, 18),
        (3, 16, 16),
        (2, 14, 15),
        (1, 12, 13),
        (0, 10, 11),
        (-1, 8, 9),
        (-2, 6, 7),
        (-3, 5, 5),
        (-4, 3, 4),
    ],
    "d100": [
        (4, 100, 100),
        (3, 95, 99),
        (2, 83, 94),
        (1, 63, 82),
        (0, 39, 62),
        (-1, 19, 38),
        (-2, 7, 18),
        (-3, 2, 6),
        (-4, 1, 1),
    ],
    "2d10": [
        (4, 20, 20),
        (3, 18, 19),
        (2, 16, 17),
        (1, 13, 15),
        (0, 10, 12),
        (-1, 7, 9),
        (-2, 5, 6),
        (-3, 3, 4),
        (-4, 2, 2),
    ],
    "d20": [(2, 18, 19), (1, 14, 17), (0, 8, 13), (-1, 4, 7), (-2, 2, 3)],
}


def _faces_for(total: int, dice_sides: tuple[int, ...]) -> list[int]:
    """Some throw of the dice that adds up to total."""
    for faces in itertools.product(*(range(1, s + 1) for s in dice_sides)):
        if sum(faces) == total:
            return list(faces)
    raise AssertionError(total)


@pytest.mark.parametrize("name", list(BOOK_ROWS))
def test_every_row_of_the_books_table(name: str) -> None:
    method = dice.method(name)
    assert isinstance(method, dice.TableDice)
    for value, low, high in BOOK_ROWS[name]:
        for total in range(low, high + 1):
            rolled = method.roll_once(Scripted(*_faces_for(total, method.dice)))
            assert rolled.value == value, (name, total)


# --- the poker deck ----------------------------------------------------------


def test_poker_table_reads_every_card_of_a_deck_once() -> None:
    deck = dice.method("poker")
    assert isinstance(deck, dice.PokerDeck)
    assert len(deck.values) == 52
    assert len(deck.shoe()) == 104
    assert deck.values["AH"] == 4 and deck.values["AS"] == -4
    assert deck.values["3H"] == 3 and deck.values["10H"] == 2
    assert deck.values["AD"] == 1 and deck.values["AC"] == -1
    assert {deck.values[f"{r}{s}"] for r in "JQK" for s in "HDCS"} == {0}
    fresh = deck.fresh_distribution()
    assert [fresh[v] * 52 for v in range(-4, 5)] == [1, 2, 7, 10, 12, 10, 7, 2, 1]


def test_poker_long_run_formula_by_exact_enumeration_on_a_small_shoe() -> None:
    """Check the renewal argument itself: every order of a 6-card shoe, run to the first Ace."""
    values = {"AH": 4, "AS": -4, "2H": 3, "KD": 0, "5C": -1, "9D": 1}
    small = dice.PokerDeck(name="small", description="", decks=1, values=values)
    reward: dict[int, Fraction] = Counter()
    length = Fraction(0)
    orders = list(itertools.permutations(values))
    for order in orders:
        run = list(itertools.takewhile(lambda c: not c.startswith("A"), order))
        run.append(order[len(run)])
        length += Fraction(len(run), len(orders))
        for card in run:
            reward[values[card]] += Fraction(1, len(orders))
    expected = {v: reward.get(v, Fraction(0)) / length for v in range(-4, 5)}
    assert small.distribution() == expected


def test_poker_roller_long_run_matches_the_exact_distribution() -> None:
    deck = dice.method("poker")
    roller = deck.roller(Random(2026))
    draws = 200_000
    seen = Counter(roller.roll().value for _ in range(draws))
    exact = deck.distribution()
    for value, p in exact.items():
        assert abs(seen[value] / draws - float(p)) < 0.0015, value
    # Aces end every run, so ±4 comes up more often than in a fresh deck (1/52).
    assert abs((seen[4] + seen[-4]) / draws - float(exact[4] + exact[-4])) < 0.001
    assert exact[4] == Fraction(3, 140) > Fraction(1, 52)


def test_poker_shoe_reshuffles_after_an_ace_and_keeps_state_between_rolls() -> None:
    deck = dice.method("poker")
    roller = deck.roller(Random(1))
    drawn = []
    for _ in range(300):
        before = len(roller.cards)
        card = roller.roll().faces[0]
        after = len(roller.cards)
        drawn.append(card)
        if before and drawn[-2:-1] and not drawn[-2].startswith("A"):
            assert after == before - 1  # no Ace last time: same shoe, one card fewer
        if card.startswith("A"):
            assert roller.reshuffle_pending
            roller.roll()
            assert len(roller.cards) == 103  # a whole shoe again, less the card drawn


def test_poker_state_survives_a_round_trip() -> None:
    deck = dice.method("poker")
    first = deck.roller(Random(5))
    for _ in range(3):
        first.roll()
    second = deck.roller(Random())
    second.restore(first.state())
    second.rng.setstate(first.rng.getstate())  # type: ignore[attr-defined]
    assert [first.roll() for _ in range(40)] == [second.roll() for _ in range(40)]


def test_poker_state_with_foreign_cards_is_refused() -> None:
    roller = dice.method("poker").roller(Random(1))
    with pytest.raises(DiceError, match="not in the deck: ZZ"):
        roller.restore({"cards": ["ZZ"], "reshuffle_pending": False})
    with pytest.raises(DiceError, match="needs 'cards'"):
        roller.restore({"cards": "AH"})


# --- expressions -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "method", "modifier"),
    [
        (None, "4dF", 0),
        ("", "4dF", 0),
        ("4dF", "4dF", 0),
        ("4df+2", "4dF", 2),
        ("3d6-1", "3d6", -1),
        ("+1", "4dF", 1),
        ("-2", "4dF", -2),
        ("4d3-8", "4d3-8", 0),
        ("4d3-8+1", "4d3-8", 1),
        ("D20 + 3", "d20", 3),
        ("poker", "poker", 0),
        ("deck-1", "poker", -1),
        ("d%", "d100", 0),
        ("1dF", "1dF", 0),
    ],
)
def test_expressions(text: str | None, method: str, modifier: int) -> None:
    expr = dice.parse(text)
    assert (expr.method.name, expr.modifier) == (method, modifier)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5d6", "unknown dice method '5d6'"),
        ("banana+1", "unknown dice method 'banana'"),
        ("4dF+x", "malformed dice expression '4dF+x'"),
        ("4dF++2", "malformed dice expression"),
        ("3d6-1-1", "malformed dice expression"),
    ],
)
def test_bad_expressions(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=re.escape(message)):
        dice.parse(text)


def test_unknown_method_lists_the_methods() -> None:
    with pytest.raises(DiceError, match="methods: 4dF, 1dF, 3d6, d100, poker, 2d10, d20, 4d3-8"):
        dice.method("d7")


@given(st.sampled_from(ALL), st.integers(min_value=-20, max_value=20))
def test_expression_text_round_trips(name: str, modifier: int) -> None:
    expr = dice.Expression(dice.method(name), modifier)
    assert dice.parse(str(expr)) == expr


@given(st.sampled_from(ALL), st.integers(min_value=-5, max_value=5))
def test_expression_distribution_is_shifted_by_the_modifier(name: str, modifier: int) -> None:
    expr = dice.Expression(dice.method(name), modifier)
    dist = expr.distribution()
    assert sum(dist.values()) == 1
    base = {v for v, p in expr.method.distribution().items() if p}
    assert {v - modifier for v, p in dist.items() if p} == base


@given(st.sampled_from(ALL), st.integers(min_value=0, max_value=2**32))
def test_rolls_stay_on_the_range_and_replay_from_the_seed(name: str, seed: int) -> None:
    method = dice.method(name)
    first = [method.roller(dice.new_rng(seed)).roll() for _ in range(3)]
    again = [method.roller(dice.new_rng(seed)).roll() for _ in range(3)]
    assert first == again
    assert all(-4 <= r.value <= 4 for r in first)


@pytest.mark.parametrize("value", [-5, 5, 9])
def test_a_given_roll_must_be_on_the_dice(value: int) -> None:
    with pytest.raises(DiceError, match=re.escape("outside -4..+4")):
        dice.check_roll(value)


def test_fudge_faces_are_shown_as_fudge_dice() -> None:
    rolled = dice.Roll("4dF", (1, 0, -1, 1), 1, fudge=True)
    assert rolled.shown() == "[+] [ ] [-] [+]"
