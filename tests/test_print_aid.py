"""`ezkit print aid`: the GM's play aid as PDF, read back; its view model has no arithmetic left."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import print_cache
import pytest
import yaml
from pdf_text import page_count
from print_cache import Printed

from ezkit import dice, ladder, odds
from ezkit import rules as rules_data
from ezkit.printing import aid, aid_odds

# The book's Other Ways to "Roll" table (seed 003, Extras): value, 3d6, d100, poker, 2d10, d20,
# with the d20 -3 row as ruling EZ-22 reads it ("1 & 6-20", not the book's slip "1 & 16-20").
BOOK_DICE = """
+4 | 17-18 | 100   | AH     | 20    | 20 & 16-20
+3 | 16    | 95-99 | 2H-3H  | 18-19 | 20 & 1-15
+2 | 14-15 | 83-94 | 4H-10H | 16-17 | 18-19
+1 | 12-13 | 63-82 | AD-10D | 13-15 | 14-17
0  | 10-11 | 39-62 | Face   | 10-12 | 8-13
-1 | 8-9   | 19-38 | AC-10C | 7-9   | 4-7
-2 | 6-7   | 07-18 | 4S-10S | 5-6   | 2-3
-3 | 5     | 02-06 | 2S-3S  | 3-4   | 1 & 6-20
-4 | 3-4   | 01    | AS     | 2     | 1 & 1-5
"""

HOUSE = {
    "armor": {"chain mail": 7},
    "experience": {"role": {"Good": 11}, "add_gift": 13},
}
#: Longer house tables than the book's, for the layout: the armour table runs on to a second
#: page, a wound level is longer and has more boxes (test_a_long_house_table_...).
SMITHY = "of the duchy's own smiths, lacquered and chased in silver"
LONG_ARMOR = {f"House armour {i} {SMITHY}": 1 + i % 5 for i in range(40)}

#: Every test here reads one of the two aids printed (print_cache): make test runs them on one
#: worker, which prints each once (and test_render_styles reads the default aid's layout).
pytestmark = print_cache.group("aid")


def flat(pages: tuple[str, ...]) -> str:
    """The PDF's text, every run of whitespace one space."""
    return " ".join(" ".join(pages).split())


@cache
def house_rules() -> Path:
    """House rules changing the tables and the experience costs (HOUSE), with the longer
    tables (LONG_ARMOR, a longer wound level of more boxes)."""
    wounds = yaml.safe_load((Path(rules_data.__file__).parent / "data" / "rules.yaml").read_text())[
        "wounds"
    ]
    wounds["levels"][0].update(name="Scratched and Bleeding Badly", boxes=6)
    house = {**HOUSE, "armor": {**HOUSE["armor"], **LONG_ARMOR}, "wounds": wounds}
    path = print_cache.folder() / "house.yaml"
    path.write_text(yaml.safe_dump(house))
    return path


def house_print() -> Printed:
    """`ezkit print aid --rules HOUSE --paper a4`, its layout kept."""
    return print_cache.printed("aid", "--rules", str(house_rules()), "--paper", "a4", keep=True)


@pytest.fixture
def default_text() -> str:
    return flat(print_cache.aid().pages)


@pytest.fixture
def house_aid() -> str:
    return flat(house_print().pages)


def test_the_aid_renders_to_a_few_pages() -> None:
    printed = print_cache.aid()
    out, said, pages = printed.path, printed.result.output, page_count(printed.path)
    assert 3 <= pages <= 6
    assert said.strip() == f"wrote {out}: {pages} pages"


def test_every_percentages_row_as_ezkit_odds_computes_it(default_text: str) -> None:
    table = odds.percentages()
    for rank, chances in table.rows():
        book = " ".join(odds.book_percent(p) for p in chances)
        assert f"{ladder.label(rank)} {book}" in default_text
        exact = " ".join(
            {Fraction(1): "100", Fraction(0): "0"}.get(p) or odds.percent(p) for p in chances
        )
        assert f"{ladder.label(rank)} {exact}" in default_text
    # the book's 82 and 18 are rounding slips; the aid prints 81 and 19 (EZ-23)
    assert "Superb (+4) Automatic Automatic Automatic 99 94 81 62" in default_text
    assert "Good (+2) Automatic 99 94 81 62 38 19" in default_text


def test_foe_roll_odds_follow_ezkit_odds(default_text: str) -> None:
    for net in (3, 0, -3):
        cells = [odds.book_percent(odds.chance(net, 0, foe_roll=o)) for o in odds.FOE_ROLLS]
        assert f"{ladder.signed(net)} {' '.join(cells)}" in default_text


def test_other_ways_to_roll_in_the_books_notation(default_text: str) -> None:
    assert "1 & 6-20" in default_text and "2H-3H" in default_text
    assert "1 & 16-20" not in default_text
    fudge = dice.method("4dF").distribution()
    for line in BOOK_DICE.strip().splitlines():
        value, *readings = (cell.strip() for cell in line.split("|"))
        chance = odds.in_n(fudge[int(value)])
        assert f"{value} {chance} {' '.join(readings)}" in default_text, line
    model = aid.dice_table()
    assert model["columns"] == ["3d6", "d100", "poker", "2d10", "d20"]
    book = [[c.strip() for c in line.split("|")] for line in BOOK_DICE.strip().splitlines()]
    assert [[row["roll"], *row["cells"]] for row in model["rows"]] == book


def test_the_dice_readings_parse_back_to_the_dice_data() -> None:
    """The notation is computed from the data: read back by dice's own parser, it is the data."""
    values = range(dice.HIGH, dice.LOW - 1, -1)
    for method in dice.methods().values():
        rows = {str(v): aid_odds.reading(method, v) for v in values}
        if isinstance(method, dice.TableDice):
            table, rerolls = dice._table_rows(rows)
            assert (table, rerolls) == (dict(method.table), dict(method.rerolls))
        elif isinstance(method, dice.PokerDeck):
            assert dice._card_rows(rows) == dict(method.values)


def test_a_changed_table_changes_the_readings() -> None:
    d20 = dice.TableDice(
        name="d20",
        description="",
        dice=(20,),
        table={**dict.fromkeys(range(2, 20), 0)},
        rerolls={
            20: {**dict.fromkeys(range(1, 11), 1), **dict.fromkeys(range(11, 21), 2)},
            1: dict.fromkeys(range(1, 21), -2),
        },
    )
    assert aid_odds.reading(d20, 2) == "20 & 11-20"
    assert aid_odds.reading(d20, 0) == "2-19"
    assert aid_odds.reading(d20, -2) == "1 & 1-20"
    assert aid_odds.reading(d20, 4) == "-"


def test_the_fight_wounds_and_tables_are_printed(default_text: str) -> None:
    rules = rules_data.load(None)
    for phrase in (
        "Worse Than Terrible -3",
        "Completely Terrible -4",
        "result = rank + modifiers + roll",
        "outcome = result − difficulty",
        "Character action below Poor (-1)?",
        "Foe difficulty below Poor (-1)?",
        "SM + character INJ − foe CPD",
        "FM + foe INJ − character CPD",
        "Difficulty = the higher of the two",
        "SM + weapon INJ − target CPD",
        "wound value = margin + attacker INJ − defender CPD",
        "Chain mail +3",
        "Large 2-handed, sharp (greatsword, battle axe) +4",
        "Assault rifle 7 or 8",
        "Good (+2) 4 8",
        "Superb +1 (+5) 32 64",
        "3 Fudge Points -> 1 Experience Point",
        "1 Experience Point -> 2 Fudge Points",
        "Modern 3 / week",
        "Light dim +1, dark +2",
        "Cover partial +1, heavy +2",
    ):
        assert phrase in default_text, phrase
    assert "built-in method" not in default_text and "Undefined" not in default_text
    order = [default_text.index(f"{step} Resolve") for step in ("Melee Phase", "Ranged Phase")]
    assert order == sorted(order)
    for level in rules.wounds.levels:
        assert level.name in default_text


def test_house_rules_change_the_printed_aid(house_aid: str, default_text: str) -> None:
    assert "Chain mail +7" in house_aid and "Chain mail +7" not in default_text
    assert "Good (+2) 11 8" in house_aid and "Good (+2) 4 8" in default_text
    assert "Add a gift (with the GM's agreement) 13 XP" in house_aid


# --- the view model ----------------------------------------------------------------------


def leaves(value: Any, path: str = "aid") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in leaves(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, f"{path}[{i}]")]
    return [(path, value)]


def test_the_view_model_leaves_no_arithmetic_to_the_template() -> None:
    model = aid.aid(rules_data.load(None))
    assert set(model) == {
        "title",
        "ladder",
        "action",
        "percentages",
        "net_odds",
        "dice",
        "round",
        "ranged_difficulty",
        "melee_chart",
        "ranged_chart",
        "tactics",
        "melee_options",
        "damage_options",
        "wounds",
        "healing",
        "armor",
        "melee_weapons",
        "ranged_weapons",
        "experience",
        "gifts_faults",
        "fudge_points",
    }
    numbers = [(p, v) for p, v in leaves(model) if not isinstance(v, (str, bool, type(None)))]
    assert numbers == []
    # Jinja reads `x.items` as the dict's method: no key may shadow one
    methods = {m for m in dir(dict) if not m.startswith("_")}
    shadowed = [p for p, _ in leaves(model) if methods & set(re.split(r"[.\[\]]", p))]
    assert shadowed == []
    assert [r["number"] for r in model["ladder"]] == [ladder.signed(r) for r in range(4, -5, -1)]
    assert [r["rolls_only"] for r in model["ladder"]] == [False] * 7 + [True] * 2


@pytest.mark.parametrize("name", ["melee_chart", "ranged_chart"])
def test_the_flowcharts_fill_their_grid(name: str) -> None:
    chart = aid.aid(rules_data.load(None))[name]
    columns = int(chart["columns"])
    assert len(chart["widths"]) == columns
    for i, row in enumerate(chart["rows"]):
        assert sum(int(cell["span"]) for cell in row["cells"]) == columns
        assert len(row["arrows"]) == (columns if i else 0)
        assert all(c["kind"] in {"step", "decision", "end", "blank"} for c in row["cells"])


def test_the_view_model_follows_the_rules_data(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        yaml.safe_dump(
            {
                "melee_floor": "Terrible",
                "tactics": {"all-out-defend": {"bonus": 3}},
                "healing": {"treatments_per_week": {"modern": 5}},
                "fudge_points": {"back_conversion": 1},
            }
        )
    )
    model = aid.aid(rules_data.load(house))
    titles = [c["title"] for row in model["melee_chart"]["rows"] for c in row["cells"]]
    assert "Character action below Terrible (-2)?" in titles
    assert any(t["text"].startswith("+3 ") for t in model["tactics"])
    assert {"era": "Modern", "per_week": "5 / week"} in model["healing"]["eras"]
    assert any("1 Experience Point -> 1 Fudge Point " in f["text"] for f in model["fudge_points"])


def test_the_aid_says_which_trait_fights_from_the_rules_data() -> None:
    """EZ-24 in the melee options, the fighting roles read from the rules data."""
    rules = rules_data.load(None)
    option = next(o for o in aid.melee_options(rules) if o["name"] == "Which trait fights")
    assert "(EZ-24)" in option["text"] and "Never the best role whatever it is" in option["text"]
    for role, kind in rules.fighting_roles.items():
        assert (role in option["text"]) == bool(kind)


def test_a_long_house_table_repeats_its_header_on_every_page_and_nothing_sticks_out() -> None:
    """House rules with many armours and weapons run the gear tables onto another page: the
    header row comes again there (found by a look at printed aids: the rows went on with no
    header). Nothing in the aid sticks out of its block, on either paper (this one holds the
    default's every part, longer tables and a longer wound level of more boxes: the aid's
    tables lay out at fixed widths, given for the book's data on letter paper). On A4, the
    pages and the PDF of the printed house aid (house_print)."""
    from pdf_layout import laid_out, sticking_out

    printed = house_print()
    rules = rules_data.load(house_rules())
    assert sticking_out(laid_out("aid.html", "a4", aid=aid.aid(rules))) == []
    assert sticking_out(laid_out("aid.html", "letter", aid=aid.aid(rules))) == []
    texts = [" ".join(t.split()) for t in printed.pages]
    holding = [t for t in texts if "House armour" in t]
    assert len(holding) >= 2, "the armour table should run onto a second page"
    for text in holding:
        assert text.index("Armor Bonus") < text.index("House armour"), text[:300]
