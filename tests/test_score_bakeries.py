"""`ezkit score bakeries` and ezkit.games.bakeries.score: the money of phase three (BK-5, BK-6).

The book's worked examples are recomputed here from the rules' arithmetic (RULINGS.md "The
books' worked examples, recomputed"), never pasted; the numbers come from the deck file.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from long_runs import examples

from ezkit.cli import cli
from ezkit.errors import DocumentError, InputError
from ezkit.games import decks
from ezkit.games.bakeries import score as bk
from ezkit.games.bakeries.tables import BakeriesTables

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "bakeries-case.yaml"

TABLES = decks.tables("bakeries")
assert isinstance(TABLES, BakeriesTables)
SALE = TABLES.sale
CAKES = decks.deck("bakeries").of("cake")
PRICE = {card.id: int(card.price or 0) for card in CAKES}
CHEFS = (TABLES.no_chef_multiplier, *(s.multiplier for s in TABLES.chef_sets))
SLOTS = tuple(row.slot for row in TABLES.case)


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def run_json(runner: CliRunner, *args: str) -> Any:
    code, out, err = run(runner, "score", "bakeries", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def percent(amount: int, share: int) -> int:
    """An exact share of whole dollars (the book's examples never need rounding)."""
    exact = Fraction(amount * share, 100)
    assert exact.denominator == 1
    return int(exact)


# --- the book's worked examples (seed 001; RULINGS.md "recomputed") -----------------------------


def test_five_x_chef_bundt_cake_on_the_eight_slot() -> None:
    """seed 001 "PHASE TWO" example: 5x chef x $75 Bundt Cake x slot 8 (2x)."""
    expected = 5 * PRICE["bundt-cake"] * TABLES.case_multiplier(8)
    assert expected == 5 * 75 * 2
    assert bk.sale_value(5, "Bundt Cake", 8) == expected


def test_myrtles_lemon_cake_on_the_two_slot_fresh_and_with_four_stale_cards() -> None:
    """seed 001 "PHASE THREE" example: 2x chef, $50 Lemon Cake, slot 2 (13x); four Stale cards
    take 4 x 20% off: $50 becomes $10."""
    fresh = 2 * PRICE["lemon-cake"] * TABLES.case_multiplier(2)
    assert fresh == 2 * 50 * 13
    assert bk.sale_value(2, "lemon cake", 2) == fresh
    stale_price = percent(PRICE["lemon-cake"], 100 - 4 * SALE.stale_percent)
    assert stale_price == 10
    assert bk.sale_value(2, "lemon-cake", 2, stale=4) == 2 * stale_price * 13


def test_seven_distinct_cakes_get_the_great_chef_bonus() -> None:
    """seed 001 "PHASE THREE" example: $8,500 plus 20% of $8,500."""
    bonus = percent(8500, SALE.great_chef_bonus_percent)
    assert bk.winner_total(8500, distinct=True) == 8500 + bonus
    assert bk.winner_total(8500) == 8500


def test_the_losers_eight_thousand_at_forty_sixty_and_eighty_percent() -> None:
    """seed 001 "CATCH UP" example. The book prints $4,200 for 60% of $8,000: a slip, since
    60% of $8,000 is $4,800 (BK-6: compute, never copy a figure from the book)."""
    shares = [SALE.loser_keeps_percent, *SALE.consolation_percent]
    assert shares == [40, 60, 80]
    for hits, share in enumerate(shares):
        assert bk.loser_total(8000, consolation_hits=hits) == 8000 * share // 100
    assert bk.loser_total(8000, 1) != 4200  # the book's misprint


def test_the_consolation_examples() -> None:
    """seed 001: Myrtle 2x against Shirley 6x (gap 4), Shirley 3x against Myrtle 6x (gap 3)."""
    assert SALE.consolation_gap <= 6 - 2 and bk.consolation_applies(6, 2)
    assert SALE.consolation_gap <= 6 - 3 and bk.consolation_applies(6, 3)


# --- edge cases ---------------------------------------------------------------------------------


@pytest.mark.parametrize("slot", SLOTS)
def test_every_slot_sells_at_its_multiplier_from_the_case_table(slot: int) -> None:
    expected = {2: 13, 3: 8, 4: 5, 5: 3, 6: 2, 7: 1, 8: 2, 9: 3, 10: 5, 11: 8, 12: 13}[slot]
    assert TABLES.case_multiplier(slot) == expected  # seed 001 "PHASE TWO": the table
    assert bk.sale_value(1, "wedding cake", slot) == PRICE["wedding-cake"] * expected


@pytest.mark.parametrize(
    "name",
    ["bundt-cake", "Bundt Cake", "BUNDT CAKE", "bundt cake", "  Bundt-Cake ", "bundt_cake"],
)
def test_cake_names_in_any_notation(name: str) -> None:
    assert bk.cake(name).id == "bundt-cake"
    assert bk.sale_value(5, name, 8) == 750


@pytest.mark.parametrize("cake", [c.id for c in CAKES])
def test_every_cake_sells_at_its_price(cake: str) -> None:
    assert bk.sale_value(1, cake, 7) == PRICE[cake]
    assert bk.sale_value(1, cake.replace("-", " ").title(), 7) == PRICE[cake]


def test_stale_cards_from_none_to_the_limit() -> None:
    assert SALE.stale_per_cake == 4 and SALE.stale_percent == 20  # BK-5
    fresh = bk.sale_value(3, "Boston Cream Pie", 11)
    for stale in range(SALE.stale_per_cake + 1):
        expected = Fraction(fresh) * (100 - stale * SALE.stale_percent) / 100
        assert bk.sale_value(3, "Boston Cream Pie", 11, stale) == expected
    assert bk.sale_value(3, "Boston Cream Pie", 11, SALE.stale_per_cake) > 0  # never 100%


@pytest.mark.parametrize("stale", [-1, 5, 30])
def test_stale_outside_the_limits_is_refused(stale: int) -> None:
    with pytest.raises(InputError, match=r"Stale cards: one cake carries 0\.\.4 \(BK-5\)"):
        bk.sale_value(2, "lemon cake", 2, stale)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: bk.sale_value(7, "lemon cake", 2), "chef multiplier 7 is neither"),
        (lambda: bk.sale_value(0, "lemon cake", 2), "(2, 3, 4, 5 or 6) nor 1"),
        (lambda: bk.sale_value(2, "lemon pie", 2), "did you mean 'lemon-cake'?"),
        (lambda: bk.sale_value(2, "stale", 2), "no cake 'stale'"),
        (lambda: bk.sale_value(2, "lemon cake", 1), "slot 1 is not a bakery case slot"),
        (lambda: bk.sale_value(2, "lemon cake", 13), "the slots are 2..12"),
        (lambda: bk.winner_total(-1), "0 or more"),
        (lambda: bk.loser_total(100, 3), "3 consolation hits: the round gives 0..2 (BK-6)"),
        (lambda: bk.loser_total(100, -1), "-1 consolation hits"),
        (lambda: bk.consolation_applies(6, 8), "chef multiplier 8"),
    ],
    ids=["chef-7", "chef-0", "cake", "not-a-cake", "slot-1", "slot-13", "total", "hits-3",
         "hits-neg", "chef-8"],
)  # fmt: skip
def test_bad_values_are_refused_with_one_clear_line(call: Any, message: str) -> None:
    with pytest.raises(InputError) as raised:
        call()
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_no_chef_is_one_x() -> None:
    assert TABLES.no_chef_multiplier == 1  # BK-3
    assert bk.sale_value(1, "Sheet Cake", 4) == PRICE["sheet-cake"] * 5
    assert bk.chef_multipliers() == (1, 2, 3, 4, 5, 6)


def test_consolation_gap_boundary() -> None:
    gap = SALE.consolation_gap
    for winner in CHEFS:
        for loser in CHEFS:
            assert bk.consolation_applies(winner, loser) == (winner - loser >= gap)
    assert bk.consolation_applies(5, 2) and not bk.consolation_applies(5, 3)
    assert bk.consolation_applies(4, 1) and not bk.consolation_applies(2, 1)


@pytest.mark.parametrize(
    ("amount", "dollars"),
    [(Fraction(5, 2), 3), (Fraction(7, 2), 4), (Fraction(49, 10), 5), (Fraction(41, 10), 4),
     (Fraction(1, 2), 1), (Fraction(2, 5), 0), (Fraction(12), 12)],
)  # fmt: skip
def test_money_rounds_to_whole_dollars_half_up(amount: Fraction, dollars: int) -> None:
    assert bk.whole_dollars(amount) == dollars


@pytest.mark.parametrize(
    ("total", "bonus", "share"),
    [(8501, 10201, 3400), (1, 1, 0), (3, 4, 1), (7, 8, 3), (4, 5, 2)],
)
def test_totals_round_to_whole_dollars(total: int, bonus: int, share: int) -> None:
    """Any typed total: 120% and 40% of it, rounded half up (8501 x 1.2 = 10201.2)."""
    assert bonus == round(Fraction(total * 120, 100))
    assert bk.winner_total(total, distinct=True) == bonus
    assert bk.loser_total(total) == share


def test_the_books_numbers_never_need_rounding() -> None:
    """Every price is a multiple of $25, so every sale is whole dollars exactly (BK-5)."""
    for chef in CHEFS:
        for cake in PRICE:
            for slot in SLOTS:
                for stale in range(SALE.stale_per_cake + 1):
                    exact = Fraction(chef * PRICE[cake] * TABLES.case_multiplier(slot))
                    exact *= Fraction(100 - stale * SALE.stale_percent, 100)
                    assert exact.denominator == 1
                    assert bk.sale_value(chef, cake, slot, stale) == exact


def test_a_sale_rounds_when_the_table_gives_cents(monkeypatch: pytest.MonkeyPatch) -> None:
    """A house table with a 15% Stale card: $75 x 85% = $63.75, sold for $64."""
    changed = dataclasses.replace(TABLES, sale=dataclasses.replace(SALE, stale_percent=15))
    monkeypatch.setattr(bk, "tables", lambda: changed)
    assert bk.sale_value(1, "sheet cake", 7, stale=1) == 64
    assert Fraction(75 * 70, 100) == Fraction(105, 2)
    assert bk.sale_value(1, "sheet cake", 7, stale=2) == 53  # $52.50, half up


# --- properties (hypothesis) --------------------------------------------------------------------

chefs = st.sampled_from(CHEFS)
cakes = st.sampled_from([c.id for c in CAKES])
slots = st.sampled_from(SLOTS)
stales = st.integers(0, SALE.stale_per_cake)
totals = st.integers(0, 10**7)


@settings(max_examples=examples(300), deadline=None)
@given(chefs, cakes, slots, stales)
def test_more_stale_cards_never_raise_a_sale_and_a_sale_is_never_zero(
    chef: int, cake: str, slot: int, stale: int
) -> None:
    value = bk.sale_value(chef, cake, slot, stale)
    assert value > 0
    if stale < SALE.stale_per_cake:
        assert bk.sale_value(chef, cake, slot, stale + 1) <= value
    assert value <= bk.sale_value(chef, cake, slot, 0)


@settings(max_examples=examples(300), deadline=None)
@given(totals)
def test_loser_totals_rise_with_hits_and_never_pass_the_total(total: int) -> None:
    kept = [bk.loser_total(total, hits) for hits in range(len(SALE.consolation_percent) + 1)]
    assert kept == sorted(kept)
    assert all(0 <= k <= total for k in kept)


@settings(max_examples=examples(300), deadline=None)
@given(totals, totals)
def test_totals_are_monotone_in_the_sale_total(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert bk.winner_total(low, True) <= bk.winner_total(high, True)
    assert bk.winner_total(high) == high <= bk.winner_total(high, True)
    assert bk.loser_total(low, 2) <= bk.loser_total(high, 2)


@settings(max_examples=examples(200), deadline=None)
@given(
    chefs,
    st.permutations([c.id for c in CAKES]),
    st.sets(slots, max_size=SALE.cakes_to_win),
    st.lists(stales, min_size=len(SLOTS), max_size=len(SLOTS)),
)
def test_a_case_total_is_the_sum_of_its_sold_slots(
    chef: int, order: list[str], sold: set[int], stale: list[int]
) -> None:
    assume(sum(stale) <= decks.deck("bakeries").size("stale"))
    rows = list(zip(SLOTS, order, stale, strict=True))
    case = {
        "chef": chef,
        "case": {slot: {"cake": cake, "stale": n} for slot, cake, n in rows},
        "sold": sorted(sold),
    }
    found = bk.case_value(case)
    assert found.distinct  # eleven different cakes
    values = {slot: bk.sale_value(chef, cake, slot, n) for slot, cake, n in rows}
    assert [row.value for row in found.slots] == list(values.values())
    assert found.sold_total == sum(values[s] for s in sold)


# --- a whole case -------------------------------------------------------------------------------


def example_case() -> dict[str, Any]:
    return {
        "chef": 2,
        "case": {
            2: {"cake": "Lemon Cake", "stale": 4},
            3: "Wedding Cake",
            4: "Sheet Cake",
            5: {"cake": "cinnamon-coffee-cake", "stale": 1},
            6: "Pineapple Upside Down Cake",
            7: "Bundt Cake",
            8: "German Chocolate Cake",
            9: {"cake": "Black Forest Cake", "stale": 2},
            10: "Lemon Cake",
            11: "BOSTON CREAM PIE",
            12: "Birthday Cake",
        },
        "sold": [12, 2, 5, 6, 7, 8, 11],
    }


def expected_example_total() -> int:
    sold = {2: ("lemon-cake", 4), 5: ("cinnamon-coffee-cake", 1),
            6: ("pineapple-upside-down-cake", 0), 7: ("bundt-cake", 0),
            8: ("german-chocolate-cake", 0), 11: ("boston-cream-pie", 0),
            12: ("birthday-cake", 0)}  # fmt: skip
    total = Fraction(0)
    for slot, (cake, stale) in sold.items():
        keep = Fraction(100 - stale * SALE.stale_percent, 100)
        total += 2 * PRICE[cake] * TABLES.case_multiplier(slot) * keep
    return int(total)


def test_case_value_of_myrtles_case() -> None:
    found = bk.case_value(example_case())
    assert found.chef == 2 and found.sold == (2, 5, 6, 7, 8, 11, 12)
    assert [row.slot for row in found.slots] == list(SLOTS)
    assert found.slots[0].value == 2 * 10 * 13  # the stale Lemon Cake, as the book
    assert found.slots[1].value == 2 * 500 * 8 and not found.slots[1].sold
    assert found.sold_total == expected_example_total()
    assert found.distinct


def test_the_example_file_is_this_case() -> None:
    from ezkit.yamlio import load_yaml

    assert bk.read_case(load_yaml(EXAMPLE)) == bk.read_case(example_case())


def test_a_repeated_sold_cake_is_not_distinct() -> None:
    case = example_case()
    case["sold"] = [2, 10]  # Lemon Cake twice
    found = bk.case_value(case)
    assert not found.distinct
    assert found.sold_total == 2 * 10 * 13 + 2 * 50 * 5


def test_slot_keys_may_be_strings_and_nothing_sold_is_zero() -> None:
    case = example_case()
    case["case"] = {str(k): v for k, v in case["case"].items()}
    case["sold"] = []
    found = bk.case_value(case)
    assert found.sold_total == 0 and found.sold == () and found.distinct


def changed(path: str, value: Any) -> dict[str, Any]:
    """The example case with one field set (`case.2.stale`), or removed (value `...`)."""
    case = example_case()
    *parents, last = path.split(".")
    node: Any = case
    for key in parents:
        node = node[int(key) if key.isdigit() else key]
    key_: Any = int(last) if last.isdigit() else last
    if value is ...:
        del node[key_]
    else:
        node[key_] = value
    return case


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ([1, 2], "case: a bakery case file is a mapping of chef, case and sold"),
        (changed("chef", 7), "case: chef: chef multiplier 7 is neither a chef set's"),
        (changed("chef", "five"), "case: chef: 'five' is not a whole number"),
        (changed("chef", True), "case: chef: true is not a whole number"),
        (changed("chef", ...), "case: chef: missing; the fields are chef, case and sold"),
        (changed("sold", ...), "case: sold: missing"),
        (changed("solds", []), "case: solds: not a field; did you mean 'sold'?"),
        (changed("case", "full"), "case: case: a mapping of every slot 2..12 to its cake"),
        (changed("case.7", ...), "case: case: no cake on slot 7; a filled case has a cake on"),
        (changed("case.13", "Lemon Cake"), "case: case.13: slot 13 is not a bakery case slot"),
        (changed("case.2.cake", "lemon kake"), "case.2.cake: no cake 'lemon kake' in the Bakeries"
                                               " deck; did you mean 'lemon-cake'?"),
        (changed("case.2.cake", 5), "case: case.2.cake: 5 is not a cake name"),
        (changed("case.2.stale", 5), "case: case.2.stale: 5 Stale cards: one cake carries 0..4"),
        (changed("case.2.stale", -1), "case.2.stale: -1 Stale cards"),
        (changed("case.2.stal", 1), "case: case.2.stal: not a field; did you mean 'stale'?"),
        (changed("case.2", 3), "case: case.2: a cake name, or {cake: NAME, stale: N}"),
        (changed("sold", 7), "case: sold: a list of the slots sold"),
        (changed("sold", [2, 1]), "case: sold[1]: slot 1 is not a bakery case slot"),
        (changed("sold", [2, 2]), "case: sold[1]: slot 2 is sold twice"),
        (changed("sold", [2, 3, 4, 5, 6, 7, 8, 9]), "case: sold: 8 slots, but a round ends when a"
                                                    " player sells 7 (BK-6)"),
    ],
    ids=["not-mapping", "chef-7", "chef-word", "chef-bool", "no-chef", "no-sold", "typo",
         "case-string", "slot-missing", "slot-13", "cake-typo", "cake-number", "stale-5",
         "stale-neg", "stale-typo", "slot-number", "sold-number", "sold-1",
         "sold-twice", "sold-8"],
)  # fmt: skip
def test_a_bad_case_names_the_field(case: Any, message: str) -> None:
    with pytest.raises(DocumentError) as raised:
        bk.case_value(case)
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_more_copies_of_a_cake_than_the_deck_holds() -> None:
    case = example_case()
    held = decks.deck("bakeries").card("wedding-cake").count
    assert held == 2  # seed 001 "PHASE TWO"
    case["case"].update({4: "Wedding Cake", 10: "wedding-cake"})
    with pytest.raises(
        DocumentError, match=r"case: 3 Wedding Cake cards, but the deck holds only 2"
    ):
        bk.case_value(case)


def test_more_stale_cards_than_the_deck_holds() -> None:
    case = example_case()
    case["case"] = {slot: {"cake": "Lemon Cake", "stale": 4} for slot in SLOTS}
    with pytest.raises(DocumentError, match=r"case: 44 Stale cards, but the deck holds only 30"):
        bk.case_value(case)


# --- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["sale", "--chef", "5", "--cake", "bundt cake", "--slot", "8"], {"value": 5 * 75 * 2}),
        (["sale", "--chef", "2", "--cake", "Lemon-Cake", "--slot", "2"], {"value": 2 * 50 * 13}),
        (["sale", "--chef", "2", "--cake", "lemon cake", "--slot", "2", "--stale", "4"],
         {"value": 2 * 50 * 13 * 20 // 100}),
        (["winner", "--total", "8500", "--distinct"], {"value": 8500 * 120 // 100}),
        (["winner", "--total", "8500"], {"value": 8500}),
        (["loser", "--total", "8000"], {"value": 8000 * 40 // 100}),
        (["loser", "--total", "8000", "--consolation-hits", "0"], {"value": 8000 * 40 // 100}),
        (["loser", "--total", "8000", "--consolation-hits", "1"], {"value": 8000 * 60 // 100}),
        (["loser", "--total", "8000", "--consolation-hits", "2"], {"value": 8000 * 80 // 100}),
        (["consolation", "--winner-chef", "6", "--loser-chef", "2"], {"applies": True}),
        (["consolation", "--winner-chef", "5", "--loser-chef", "3"], {"applies": False}),
        (["consolation", "--winner-chef", "4", "--loser-chef", "1"], {"applies": True}),
    ],
    ids=["sale", "sale-lemon", "sale-stale", "winner", "winner-plain", "loser", "loser-0",
         "loser-1", "loser-2", "consolation", "no-consolation", "consolation-1x"],
)  # fmt: skip
def test_score_bakeries_json(runner: CliRunner, args: list[str], expected: dict[str, Any]) -> None:
    assert run_json(runner, *args) == expected


def test_score_bakeries_case_json(runner: CliRunner) -> None:
    doc = run_json(runner, "case", str(EXAMPLE))
    assert set(doc) == {"chef", "slots", "sold", "sold_total", "distinct"}
    assert doc["sold_total"] == expected_example_total() and doc["distinct"] is True
    assert doc["sold"] == [2, 5, 6, 7, 8, 11, 12]
    assert [row["slot"] for row in doc["slots"]] == list(SLOTS)
    assert doc["slots"][0] == {
        "slot": 2, "multiplier": 13, "cake": "lemon-cake", "name": "Lemon Cake", "price": 50,
        "stale": 4, "value": 260, "sold": True,
    }  # fmt: skip


def test_score_bakeries_reads_json_case_files(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(example_case()), encoding="utf-8")  # keys become "2", "3", ...
    assert run_json(runner, "case", str(path))["sold_total"] == expected_example_total()


def test_human_output_explains_the_product(runner: CliRunner) -> None:
    sale = ["score", "bakeries", "sale", "--chef", "5", "--cake", "bundt cake", "--slot", "8"]
    assert run(runner, *sale)[1] == "Bundt Cake on slot 8, 5x chef: 5 x $75 x 2 = $750\n"
    out = run(runner, "score", "bakeries", "sale", "--chef", "2", "--cake", "lemon-cake",
              "--slot", "2", "--stale", "4")[1]  # fmt: skip
    assert out.endswith("2 x $50 x 13 x (100% - 4 x 20%) = $260\n")
    out = run(runner, "score", "bakeries", "winner", "--total", "8500", "--distinct")[1]
    assert out == "$8,500 + 20% Great Chef Bonus ($1,700) = $10,200\n"
    out = run(runner, "score", "bakeries", "loser", "--total", "8000", "--consolation-hits", "1")
    assert out[1] == "60% of $8,000 (1 consolation hit) = $4,800\n"
    out = run(runner, "score", "bakeries", "consolation", "--winner-chef", "6", "--loser-chef", "2")
    assert out[1] == "The loser plays the consolation round: 6 - 2 = 4, at least 3.\n"


def test_human_case_output_is_a_table_and_the_total(runner: CliRunner) -> None:
    code, out, _ = run(runner, "score", "bakeries", "case", str(EXAMPLE))
    assert code == 0
    assert "Wedding Cake" in out and "$8,000" in out and "$13,000" in out
    total = expected_example_total()
    assert f"Sold 7 cakes (all different): ${total:,} in all." in out
    assert f"ezkit score bakeries winner --total {total} --distinct" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sale", "--chef", "7", "--cake", "lemon cake", "--slot", "2"],
         "Invalid value for '--chef': chef multiplier 7 is neither a chef set's (2, 3, 4, 5 or 6)"
         " nor 1"),
        (["sale", "--chef", "2", "--cake", "lemmon cake", "--slot", "2"],
         "no cake 'lemmon cake' in the Bakeries deck; did you mean 'lemon-cake'?"),
        (["sale", "--chef", "2", "--cake", "lemon cake", "--slot", "13"],
         "Invalid value for '--slot': slot 13 is not a bakery case slot: the slots are 2..12"),
        (["sale", "--chef", "2", "--cake", "lemon cake", "--slot", "1"], "slot 1 is not"),
        (["sale", "--chef", "2", "--cake", "lemon cake", "--slot", "2", "--stale", "5"],
         "Invalid value for '--stale': 5 Stale cards: one cake carries 0..4 (BK-5)"),
        (["sale", "--chef", "2", "--cake", "lemon cake", "--slot", "2", "--stale", "-1"],
         "-1 Stale cards"),
        (["sale", "--chef", "two", "--cake", "lemon cake", "--slot", "2"],
         "'two' is not a whole number"),
        (["sale", "--cake", "lemon cake", "--slot", "2"], "Missing option '--chef'"),
        (["winner", "--total", "-5"], "a cake sale total is whole dollars, 0 or more, not -5"),
        (["loser", "--total", "8000", "--consolation-hits", "3"],
         "3 consolation hits: the round gives 0..2 (BK-6)"),
        (["consolation", "--winner-chef", "6", "--loser-chef", "0"], "chef multiplier 0"),
        (["case", "/no/such/case.yaml"], "no such file"),
    ],
    ids=["chef", "cake", "slot-13", "slot-1", "stale-5", "stale-neg", "chef-word", "missing",
         "total", "hits", "loser-chef", "no-file"],
)  # fmt: skip
def test_bad_options_exit_2_with_one_line(runner: CliRunner, args: list[str], message: str) -> None:
    code, out, err = run(runner, "score", "bakeries", *args)
    assert code == 2 and out == ""
    assert message in err and err.startswith("Error: ") and err.count("\n") == 1


def test_a_bad_case_file_exits_1_naming_the_file_and_field(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "case.yaml"
    text = EXAMPLE.read_text(encoding="utf-8").replace("3: Wedding Cake", "3: Weding Cake")
    path.write_text(text, encoding="utf-8")
    code, _, err = run(runner, "score", "bakeries", "case", str(path), "--json")
    assert code == 1
    assert err == (
        f"Error: {path}: case.3.cake: no cake 'Weding Cake' in the Bakeries deck; "
        "did you mean 'wedding-cake'?\n"
    )
    path.write_text("chef: [2\n", encoding="utf-8")
    code, _, err = run(runner, "score", "bakeries", "case", str(path))
    assert code == 2 and "not valid YAML" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "command", [[], ["sale"], ["winner"], ["loser"], ["consolation"], ["case"]], ids=str
)
def test_every_command_has_help_with_an_example(runner: CliRunner, command: list[str]) -> None:
    code, out, _ = run(runner, "score", "bakeries", *command, "--help")
    assert code == 0 and "Example" in out and "ezkit score bakeries" in out


def test_case_help_documents_the_format(runner: CliRunner) -> None:
    out = run(runner, "score", "bakeries", "case", "--help")[1]
    for field in ("chef:", "case:", "stale:", "sold:", "examples/bakeries-case.yaml"):
        assert field in out


def test_score_auntie_is_still_there(runner: CliRunner) -> None:
    code, out, _ = run(runner, "score", "auntie", "4", "4", "3", "0", "--json")
    assert code == 0 and json.loads(out) == {"score": 11}


def test_the_installed_command() -> None:
    ezkit = str(Path(sys.executable).with_name("ezkit"))

    def call(*args: str) -> Any:
        done = subprocess.run(
            [ezkit, "score", "bakeries", *args, "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    assert call("sale", "--chef", "5", "--cake", "bundt cake", "--slot", "8") == {"value": 750}
    assert call("case", str(EXAMPLE))["sold_total"] == expected_example_total()
