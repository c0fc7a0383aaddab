"""Deck data of the four card games (AU-2, BK-2, BK-5, DU-1, DU-4, FZ-1) and its loader."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from ezkit import resources
from ezkit.errors import DocumentError, InputError
from ezkit.games import decks

# --- sizes, from the rule books and rulings ------------------------------------------------


@pytest.mark.parametrize(
    ("game", "sizes"),
    [
        ("auntie", {"fudge": 40, "action": 72, "event": 10}),  # seed 000, AU-2: 122
        ("bakeries", {"chef": 30, "cake": 78, "case": 22, "stale": 30}),  # seed 001, BK-2, BK-5
        ("dudab", {"number": 64, "shaman": 8, "dudab": 8, "jungle": 8, "baby": 8}),  # DU-1
        ("foozle", {"suited": 165, "trump": 9}),  # FZ-1: 174
    ],
)
def test_deck_sizes(game: str, sizes: dict[str, int]) -> None:
    deck = decks.deck(game)
    assert deck.kinds == tuple(sizes)
    assert {kind: deck.size(kind) for kind in deck.kinds} == sizes
    assert deck.size() == len(decks.expand(game)) == sum(sizes.values())


def test_totals() -> None:
    assert [decks.deck(game).size() for game in decks.GAMES] == [122, 160, 96, 174]


# --- Auntie's Fudge (AU-2) -----------------------------------------------------------------


def test_auntie_fudge_by_points_with_the_books_names() -> None:
    fudge = decks.deck("auntie").of("fudge")
    assert [(c.id, c.points, c.count) for c in fudge] == [
        ("0", 0, 5),
        ("1", 1, 6),
        ("2", 2, 8),
        ("3", 3, 9),
        ("4", 4, 12),
    ]
    assert [c.name for c in fudge] == [
        "Pure Fudge",
        "Almond-Banana Fudge",
        "Lemon-Craisin Fudge",
        "County Fair Broccoli Fudge",
        "County Fair Fish Fudge",
    ]


def test_auntie_actions_twelve_each() -> None:
    actions = decks.deck("auntie").of("action")
    assert {c.id: (c.count, c.role) for c in actions} == {
        "give": (12, "excuse"),
        "swap": (12, "excuse"),
        "burden": (12, "excuse"),
        "ask-auntie": (12, "excuse"),
        "interrupt": (12, "reaction"),
        "deflect": (12, "reaction"),
    }


def test_auntie_events_per_au_2() -> None:
    events = decks.deck("auntie").of("event")
    assert {c.id: c.count for c in events} == {
        "give-left": 2,
        "give-right": 2,
        "give-auntie": 1,
        "take-left": 2,
        "take-right": 2,
        "take-auntie": 1,
    }
    assert all(c.id == f"{c.action}-{c.target}" for c in events)


def test_auntie_tables() -> None:
    t = decks.tables("auntie")
    assert (t.players.min, t.players.max, t.players.default) == (2, 6, 4)  # AU-1
    assert (t.action_hand, t.first_round_fudge, t.round_fudge) == (12, 2, 1)  # AU-3
    assert (t.excuses_per_turn, t.interrupts_per_turn, t.deflects_per_excuse) == (2, 1, 1)
    assert (t.fixed_rounds.min, t.fixed_rounds.max, t.no_draw_rounds) == (5, 8, 10)  # AU-9


# --- Bakeries (seed 001, BK-2..BK-6) -------------------------------------------------------

CAKES = {  # seed 001 "PHASE TWO": cake, price, number in the deck
    "wedding-cake": (500, 2),
    "boston-cream-pie": (350, 3),
    "pineapple-upside-down-cake": (200, 5),
    "cinnamon-coffee-cake": (125, 7),
    "sheet-cake": (75, 12),
    "lemon-cake": (50, 20),
    "bundt-cake": (75, 12),
    "german-chocolate-cake": (125, 7),
    "black-forest-cake": (200, 5),
    "mississippi-mud-cake": (350, 3),
    "birthday-cake": (500, 2),
}
CASE = {7: 1, 6: 2, 8: 2, 5: 3, 9: 3, 4: 5, 10: 5, 3: 8, 11: 8, 2: 13, 12: 13}  # roll: multiplier
SETS = {"yellow": 2, "purple": 3, "blue": 4, "red": 5, "green": 6}  # BK-2


def test_bakeries_cakes_prices_and_counts() -> None:
    cakes = decks.deck("bakeries").of("cake")
    assert {c.id: (c.price, c.count) for c in cakes} == CAKES
    assert all(f"${c.price}" in c.text for c in cakes)


def test_bakeries_chef_sets_and_wilds() -> None:
    chef = decks.deck("bakeries").of("chef")
    sets = Counter((c.colour, c.multiplier) for c in chef if c.component != "wild")
    assert sets == {(colour, m): 5 for colour, m in SETS.items()}
    for colour in SETS:
        parts = {c.component for c in chef if c.colour == colour}
        assert parts == {"chef", "hat", "apron", "oven", "batter"}
    wilds = {c.id: (c.count, c.wild_for) for c in chef if c.component == "wild"}
    assert wilds == {"wild-2x-3x": (3, (2, 3)), "wild-4x-5x": (2, (4, 5))}
    assert decks.deck("bakeries").card("chef-yellow").name.startswith("Sally Sconeface")
    t = decks.tables("bakeries")
    assert {s.colour: s.multiplier for s in t.chef_sets} == SETS
    assert (t.board["rows"], t.board["columns"], t.wilds_per_set) == (6, 5, 1)


def test_bakeries_case_cards_and_table() -> None:
    case = decks.deck("bakeries").of("case")
    for bakery in ("union", "confederate"):
        cards = [c for c in case if c.bakery == bakery]
        assert [c.slot for c in cards] == list(range(2, 13))
        assert {c.slot: c.multiplier for c in cards} == CASE
        assert all(c.id == f"{bakery}-{c.slot}" for c in cards)
    t = decks.tables("bakeries")
    assert {row.slot: row.multiplier for row in t.case} == CASE
    assert [t.case_multiplier(slot) for slot in (2, 7, 12)] == [13, 1, 13]
    with pytest.raises(InputError, match="no bakery case slot 13"):
        t.case_multiplier(13)


def test_bakeries_phase_one_tables() -> None:
    t = decks.tables("bakeries")
    assert {n: face.flip for n, face in t.die.items()} == {
        1: (1, 1),
        2: (2, 2),
        3: (3, 3),
        4: (4, 4),
        5: (2, 2),
        6: (1, 4),
    }
    assert [n for n, face in t.die.items() if face.bonus] == [5]
    assert [n for n, face in t.die.items() if face.may_stop] == [6]
    assert [t.five_bonus_for(n) for n in range(3)] == [500, 750, 1000]  # BK-3
    assert t.second_chance == {6: (2, 3, 4, 5), 5: (2, 3), 4: (2, 3), 3: (2,), 2: ()}
    assert (t.no_chef_multiplier, t.phase_one_turn_cap, t.players, t.rounds) == (1, 200, 2, 3)


def test_bakeries_sale_tables_give_the_books_examples() -> None:
    """RULINGS.md "worked examples, recomputed": the tables alone give the right money."""
    t = decks.tables("bakeries")
    sale = t.sale
    price = decks.deck("bakeries").card("bundt cake").price
    assert 5 * price * t.case_multiplier(8) == 750
    lemon = 2 * decks.deck("bakeries").card("Lemon Cake").price * t.case_multiplier(2)
    assert lemon == 1300
    assert lemon * (100 - sale.stale_per_cake * sale.stale_percent) // 100 == 260
    assert 8500 * (100 + sale.great_chef_bonus_percent) // 100 == 10200
    keeps = [sale.loser_keeps_percent, *sale.consolation_percent]
    assert [8000 * p // 100 for p in keeps] == [3200, 4800, 6400]
    assert (sale.cakes_to_win, sale.consolation_gap, t.case_slots) == (7, 3, 11)
    assert decks.deck("bakeries").card("stale").count == 30  # BK-5


# --- Dudab (DU-1, DU-4) --------------------------------------------------------------------


def test_dudab_number_cards_each_combination_once() -> None:
    numbers = decks.deck("dudab").of("number")
    combos = {(c.colour, c.value, c.symbol) for c in numbers}
    assert len(combos) == len(numbers) == 64
    assert {c.colour for c in numbers} == {"red", "blue", "yellow", "green"}
    assert {c.symbol for c in numbers} == {"hand", "mammoth", "club", "hide"}
    assert {c.value for c in numbers} == {1, 2, 3, 4}
    assert all(c.id == f"{c.colour}-{c.value}-{c.symbol}" for c in numbers)
    assert decks.text("dudab", "red-3-hand").startswith("Red 3 Hand: ")


def test_dudab_specials() -> None:
    deck = decks.deck("dudab")
    assert {c.id: c.count for c in deck.of("shaman")} == {
        f"shaman-{colour}": 2 for colour in ("red", "blue", "yellow", "green")
    }
    assert [(c.id, c.count) for c in deck.of(("dudab", "jungle", "baby"))] == [
        ("dudab", 8),
        ("jungle", 8),
        ("baby", 8),
    ]
    assert [c.expansion for c in deck.of(("jungle", "baby"))] == ["jungle", "baby"]
    assert all(c.expansion is None for c in deck.of(("number", "shaman", "dudab")))


def test_dudab_tables() -> None:
    t = decks.tables("dudab")
    baby = [-t.baby_points(n) for n in range(9)]
    assert baby == [0, 1, 3, 6, 11, 19, 32, 51, 81]  # DU-4, negative points
    assert (t.scoring.dudab_in_hand, t.scoring.unpaired_shaman) == (5, 5)
    assert t.starting_columns == {2: 2, 3: 2, 4: 3, 5: 3, 6: 3}  # DU-2
    assert (t.deal, t.hand.min, t.hand.max, t.column_capture) == (3, 2, 5, 6)
    assert t.expansions == ("jungle", "baby")


# --- Foozle (FZ-1) -------------------------------------------------------------------------

COLOURS = {  # FZ-1
    "red": ["lamps", "plungers", "fromps"],
    "blue": ["zurfs", "rain", "tops"],
    "black": ["mazes", "inkblots", "scythes"],
    "brown": ["books", "bugs", "hives"],
    "yellow": ["faces", "time", "ears"],
}


def test_foozle_suits_ranks_and_colours() -> None:
    suited = decks.deck("foozle").of("suited")
    ranks = [*range(10), "inf"]
    assert Counter(c.suit for c in suited) == {s: 11 for suits in COLOURS.values() for s in suits}
    assert all([c.rank for c in suited if c.suit == suit] == ranks for suit in {"lamps", "ears"})
    assert all(c.id == f"{c.rank}-{c.suit}" and c.count == 1 for c in suited)
    t = decks.tables("foozle")
    assert {colour: t.suits_of(colour) for colour in t.tokens} == COLOURS
    assert all(c.colour == t.colour_of(c.suit) for c in suited)
    assert (t.deal, t.group_min, t.run_ranks, t.white_token, t.turn_cap) == (
        11,
        3,
        (0, 9),
        "white",
        300,
    )


def test_foozle_trumps() -> None:
    trumps = decks.deck("foozle").of("trump")
    names = ["granola", "death", "light", "snail", "beauty", "time", "grue", "lobster", "jester"]
    assert [c.id for c in trumps] == [f"trump-{name}" for name in names]
    assert all(c.suit is None and c.rank is None for c in trumps)
    assert decks.deck("foozle").card("trump-time") != decks.deck("foozle").card("3-time")


def test_foozle_infinity_notation() -> None:
    assert decks.deck("foozle").card("∞-tops").id == "inf-tops"
    assert decks.text("foozle", "inf-tops").startswith("∞ of Tops: A blue card.")


# --- every card: notation and printed text -------------------------------------------------

NOTATION = {  # DESIGN.md "Card notation"
    "auntie": r"[0-4]|give|swap|burden|ask-auntie|interrupt|deflect"
    r"|(give|take)-(left|right|auntie)",
    "bakeries": r"[a-z]+(-[a-z]+)*-(cake|pie)|(chef|hat|apron|oven|batter)-[a-z]+|wild-\dx-\dx"
    r"|(union|confederate)-([2-9]|1[0-2])|stale",
    "dudab": r"(red|blue|yellow|green)-[1-4]-(hand|mammoth|club|hide)"
    r"|shaman-(red|blue|yellow|green)|dudab|jungle|baby",
    "foozle": r"([0-9]|inf)-[a-z]+|trump-[a-z]+",
}


@pytest.mark.parametrize("game", decks.GAMES)
def test_every_card_has_an_id_in_notation_and_printed_text(game: str) -> None:
    deck = decks.deck(game)
    ids = [c.id for c in deck.cards]
    assert len(ids) == len(set(ids))
    for card in deck.cards:
        assert re.fullmatch(NOTATION[game], card.id), card.id
        assert card.name.strip() and card.rules.strip()
        assert "{" not in card.text and "}" not in card.text, card.id
        assert decks.text(game, card.id) == f"{card.name}: {card.rules}"


# --- the API -------------------------------------------------------------------------------


def test_expand_repeats_by_count_in_file_order() -> None:
    fudge = decks.expand("auntie", "fudge")
    assert fudge == ["0"] * 5 + ["1"] * 6 + ["2"] * 8 + ["3"] * 9 + ["4"] * 12
    assert decks.expand("auntie") == decks.expand("auntie", ["fudge", "action", "event"])
    assert decks.expand("dudab", "number")[:2] == ["red-1-hand", "red-1-mammoth"]
    assert decks.expand("dudab") == decks.expand("dudab")


def test_card_notation_any_case_spaces_or_hyphens() -> None:
    bakeries = decks.deck("bakeries")
    assert bakeries.card("Wedding Cake") == bakeries.card("wedding-cake")
    assert bakeries.card("  BUNDT   cake ").id == "bundt-cake"
    assert decks.text("auntie", "Ask Auntie").startswith("Ask Auntie: Excuse.")


def test_unknown_names_are_input_errors() -> None:
    with pytest.raises(
        InputError, match="bakeries has no card 'weding cake'; did you mean 'wedding-cake'"
    ):
        decks.text("bakeries", "weding cake")
    with pytest.raises(InputError, match="no card game 'poker'; the games are auntie, bakeries"):
        decks.deck("poker")
    with pytest.raises(
        InputError, match="auntie has no 'trump' cards; the kinds are fudge, action"
    ):
        decks.expand("auntie", "trump")


def test_loaded_once_from_the_resources_folder() -> None:
    for game in decks.GAMES:
        assert decks.deck(game) is decks.deck(game)
        assert decks.deck(game).path == resources.cards() / f"{game}.yaml"


@pytest.mark.parametrize("game", decks.GAMES)
def test_the_compiled_decks_are_the_deck_files(game: str) -> None:
    """The games read ezkit/data/decks/<game>.json: it must be what cards/<game>.yaml makes
    now. After a change to a deck file: EZKIT_SNAPSHOTS=update writes it anew."""
    path = resources.cards() / f"{game}.yaml"
    made = json.dumps(decks.plain(decks.load(path)), indent=1, ensure_ascii=False) + "\n"
    compiled = Path(decks.COMPILED, f"{game}.json")
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        compiled.write_text(made, encoding="utf-8")
    assert compiled.read_text(encoding="utf-8") == made, (
        f"{compiled} is not what {path} makes: run "
        "EZKIT_SNAPSHOTS=update pytest tests/test_decks.py -k compiled"
    )
    # read back, it is the deck the file makes, to the types of every table
    assert decks.deck(game) == decks.load(path)
    assert repr(decks.deck(game)) == repr(decks.load(path))


def test_loads_from_a_copied_cards_folder(tmp_path: Path) -> None:
    """The wheel's `ezkit/_cards` is a copy of cards/: the files need nothing beside them."""
    copy = shutil.copytree(resources.cards(), tmp_path / "_cards")
    for game in decks.GAMES:
        assert decks.load(copy / f"{game}.yaml").cards == decks.deck(game).cards


# --- invalid files: one message naming the file and the field -------------------------------


def _broken(tmp_path: Path, game: str, old: str, new: str) -> Path:
    text = (resources.cards() / f"{game}.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{game}.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("game", "old", "new", "message"),
    [
        (
            "auntie",
            '{id: "0", count: 5, points: 0,',
            '{id: "0", count: 5, pionts: 0,',
            r"decks\.fudge\.cards\[0\]\.pionts: Extra inputs are not permitted",
        ),
        (
            "auntie",
            '{id: "1", count: 6,',
            '{id: "1", count: 0,',
            r"decks\.fudge\.cards\[1\]\.count: .* is out of range: it may be no less than 1",
        ),
        (
            "auntie",
            "id: burden",
            "id: Burden",
            r"decks\.action\.cards\[2\]\.id: String should match",
        ),
        ("auntie", "id: burden", "id: give", "card id 'give' appears twice"),
        ("auntie", "game: auntie", "game: dudab", "game: 'dudab' should be 'auntie'"),
        ("auntie", "schema_version: 1", "schema_version: 2", r"schema_version: Input should be 1"),
        ("auntie", "action_hand: 12", "action_hand: twelve", r"tables\.action_hand: Input should"),
        (
            "dudab",
            'id: "{colour}-{value}-{symbol}"',
            'id: "{colour}-{value}-{sybmol}"',
            r"decks\.number\.generate\[0\]\.id: no field 'sybmol' \(the card has colour, value",
        ),
        (
            "foozle",
            "{suit: tops, colour: blue}",
            "{suit: tops, colour: purple}",
            "0-tops: colour 'purple' is not a token colour",
        ),
        (
            "bakeries",
            "{slot: 12, multiplier: 13}",
            "{slot: 13, multiplier: 13}",
            r"decks\.case\.generate\[0\] \(union-13\)\.slot: 13 is out of range: it may be no more",
        ),
    ],
)
def test_invalid_deck_files_name_file_and_field(
    tmp_path: Path, game: str, old: str, new: str, message: str
) -> None:
    path = _broken(tmp_path, game, old, new)
    with pytest.raises(DocumentError, match=message) as caught:
        decks.load(path)
    assert str(caught.value).startswith(f"{path}: ")
