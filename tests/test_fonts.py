"""The bundled fonts are cut to the characters ezkit prints (templates/fonts/make_subset.py):
every character the templates, the decks, the rules and the printing view models can put
on paper must still have a glyph in each of them."""

from __future__ import annotations

import ast
import json
from itertools import pairwise
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "templates" / "fonts"
SHIPPED = sorted(FONTS.glob("*.ttf"))
#: Printed by name in the issue: Foozle suits come from cards.py, these beside them.
NAMED = "∞■▣×–—’“”…"


def printed_text() -> str:
    """Every character in the templates, the card decks, the rules data and the
    string literals of the printing view models."""
    texts = [NAMED]
    sources = [p for p in (ROOT / "templates").iterdir() if p.suffix in {".html", ".css"}]
    sources += sorted((ROOT / "cards").glob("*.yaml"))
    sources += sorted((ROOT / "ezkit" / "data").glob("*.yaml"))
    texts += [path.read_text(encoding="utf-8") for path in sources]
    for module in sorted((ROOT / "ezkit" / "printing").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        texts += [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ]
    return "".join(texts)


def needed() -> set[str]:
    return {c for c in printed_text() if c.isprintable() and c != "\t"}


def test_three_fonts_shipped_with_license_and_record() -> None:
    assert [p.name for p in SHIPPED] == [
        "DejaVuSansCondensed-Bold.ttf",
        "DejaVuSansCondensed-Oblique.ttf",
        "DejaVuSansCondensed.ttf",
    ]
    assert (FONTS / "LICENSE-DejaVu.txt").is_file()
    record = json.loads((FONTS / "subset.json").read_text(encoding="utf-8"))
    assert set(record["fonts"]) == {p.name for p in SHIPPED}
    for path in SHIPPED:
        assert record["fonts"][path.name]["output_bytes"] == path.stat().st_size


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_printed_character_has_a_glyph(path: Path) -> None:
    cmap = TTFont(path, lazy=True).getBestCmap()
    missing = sorted(c for c in needed() if ord(c) not in cmap and c not in "\n\r")
    assert not missing, f"{path.name} lacks {''.join(missing)!r}: add them to make_subset.KEEP"


def test_the_named_symbols_and_suits_are_looked_at() -> None:
    text = needed()
    assert set(NAMED) <= text
    assert {"☼", "⚲", "❀", "⌬", "★", "♛"} <= text  # Foozle and Bakeries suit glyphs
    assert {"é", "Ł"} <= {chr(cp) for cp in TTFont(SHIPPED[0], lazy=True).getBestCmap()}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_fonts_are_the_small_cut(path: Path) -> None:
    font = TTFont(path, lazy=True)
    assert path.stat().st_size < 100_000
    assert "GPOS" not in font and "GSUB" not in font  # fontTools' slow read in write_pdf
    assert "kern" in font  # HarfBuzz still kerns from it
    # glyph names kept: reading the font needs no Adobe Glyph List (16 ms of a sheet)
    assert font["post"].formatType == 2.0


def test_the_record_of_what_every_font_covers_is_true() -> None:
    """subset.json "covered" (ezkit.render embeds the fonts whole for text within it) is the
    code points all three shipped fonts have, as ranges."""
    record = json.loads((FONTS / "subset.json").read_text(encoding="utf-8"))
    listed = {cp for first, last in record["covered"] for cp in range(first, last + 1)}
    common = set.intersection(*(set(TTFont(p, lazy=True).getBestCmap()) for p in SHIPPED))
    assert listed == common
    ranges = record["covered"]
    assert all(a[1] + 1 < b[0] for a, b in pairwise(ranges))  # merged
