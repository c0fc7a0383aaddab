"""Make the bundled fonts: DejaVu Sans Condensed cut down to the characters ezkit prints.

WeasyPrint subsets every embedded font again when it writes a PDF. With the system's
HarfBuzz subset library that is quick; without it (libharfbuzz-subset0 missing, the usual
fresh machine) fontTools does it, and on the full DejaVu fonts (6,253 glyphs, large
layout tables) that took 0.43 s of a sheet's 0.6 s. Shipping fonts already cut to a few
hundred glyphs makes that pass cheap on every machine.

The full fonts (DejaVu 2.37) are not shipped: they are read from the git revision that
last held them (FULL_FONTS_REV) or from a folder (`--source`, e.g. the `ttf/` folder
of the dejavu-fonts-ttf-2.37 release). Run from anywhere:

    python templates/fonts/make_subset.py            # from git history
    python templates/fonts/make_subset.py --source ~/dejavu-fonts-ttf-2.37/ttf

It writes the three .ttf files next to itself and `subset.json`, which records what
was kept (Unicode ranges, layout features), the inputs' SHA-256, the fontTools version and
`covered`: the code points all three fonts have, as [first, last] ranges (ezkit.render reads
it to tell a page its bundled fonts print whole).
A character outside the kept ranges still prints: Pango falls back to a system font.
Add a character by adding it to KEEP (tests/test_fonts.py checks the printed ones).
The DejaVu license (LICENSE-DejaVu.txt) allows modified copies; the names keep "DejaVu".
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

from fontTools import subset, version
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
FONTS = (
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansCondensed-Oblique.ttf",
)
#: The last commit whose templates/fonts/ held the full DejaVu 2.37 fonts.
FULL_FONTS_REV = "826562928d9e2652c224cb822e0804b38c052161"

#: The Foozle suit glyphs (ezkit/printing/cards.py SUITS and the ones it may add).
SUITS = "⌬☁☂☕☘☸☹☺☻☼☽♛♨♫⚖⚗⚛⚲✎✖✚✦✹❀➜"

#: (first, last, what) code point ranges kept; a range may hold code points the font lacks.
KEEP: tuple[tuple[int, int, str], ...] = (
    (0x0020, 0x007E, "Basic Latin"),
    (0x00A0, 0x00FF, "Latin-1 Supplement"),
    (0x0100, 0x017F, "Latin Extended-A (names)"),
    (0x2000, 0x206F, "General Punctuation (dashes, quotes, ellipsis, spaces)"),
    (0x20AC, 0x20AC, "euro sign"),
    (0x2122, 0x2122, "trade mark sign"),
    (0x2190, 0x2195, "arrows ← ↑ → ↓ ↔ ↕"),
    (0x21BB, 0x21BB, "clockwise open circle arrow ↻"),
    (0x21C4, 0x21C4, "arrows ⇄"),
    (0x2212, 0x2212, "minus sign"),
    (0x221E, 0x221E, "infinity"),
    (0x2248, 0x2248, "almost equal"),
    (0x2260, 0x2265, "not equal, less/greater or equal"),
    (0x2500, 0x2502, "box drawing ─ │"),
    (0x2514, 0x2514, "box drawing └"),
    (0x251C, 0x251C, "box drawing ├"),
    (0x25A0, 0x25A9, "squares ■ □ ▣ ▦ ▩ (check boxes)"),
    (0x25B2, 0x25B2, "triangle ▲"),
    (0x25BC, 0x25BC, "triangle ▼"),
    (0x25C6, 0x25CF, "diamonds and circles ◆ ◇ ◈ ○ ●"),
    (0x2605, 0x2606, "stars ★ ☆"),
    (0x2713, 0x2714, "check marks ✓ ✔"),
    (0x2717, 0x2718, "ballot x ✗ ✘"),
    (0x2680, 0x2685, "die faces ⚀-⚅"),
    (0x2660, 0x2667, "card suits ♠-♧"),
    *((ord(c), ord(c), "Foozle suit") for c in SUITS),
    (0xFFFD, 0xFFFD, "replacement character"),
)

#: Tables dropped. The OpenType layout tables are most of what fontTools reads when
#: WeasyPrint subsets the font again (0.15 s of a sheet's 0.3 s kept them): without them
#: HarfBuzz kerns from the legacy `kern` table, which is kept; the ligatures and mark
#: positioning they held matter neither for Latin text in precomposed form nor symbols.
DROP_TABLES = ("GSUB", "GPOS", "GDEF", "FFTM", "MATH")


def codepoints() -> list[int]:
    return [cp for first, last, _ in KEEP for cp in range(first, last + 1)]


def full_font(name: str, source: Path | None) -> bytes:
    if source is not None:
        return (source / name).read_bytes()
    return subprocess.run(
        ["git", "show", f"{FULL_FONTS_REV}:templates/fonts/{name}"],
        cwd=HERE,
        check=True,
        capture_output=True,
    ).stdout


def cut(data: bytes) -> bytes:
    """The font with only KEEP's characters, FEATURES' layout and no hinting."""
    options = subset.Options()
    options.hinting = False  # WeasyPrint drops hinting from PDFs by default anyway
    options.name_IDs = ["*"]  # keep copyright and license strings
    options.name_languages = ["*"]
    options.drop_tables += list(DROP_TABLES)
    options.notdef_outline = True
    # Glyph names kept (a format 2 `post` table): without them fontTools names every glyph
    # from the Adobe Glyph List whenever the font is read (importing it: about 16 ms of a
    # sheet, as WeasyPrint reads the widths of a font it embeds whole).
    options.glyph_names = True
    options.legacy_kern = True  # keep `kern`: HarfBuzz kerns from it once GPOS is gone
    font = TTFont(io.BytesIO(data), recalcTimestamp=False)  # same bytes on every run
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints())
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def covered(fonts: list[bytes]) -> list[list[int]]:
    """The code points every one of the fonts has a glyph for, as [first, last] ranges: text
    made only of them is printed in the bundled fonts alone (ezkit.render embeds them whole
    then, instead of subsetting them again)."""
    common = set.intersection(*(set(TTFont(io.BytesIO(f)).getBestCmap()) for f in fonts))
    ranges: list[list[int]] = []
    for cp in sorted(common):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--source", type=Path, help="folder holding the full DejaVu 2.37 fonts (default: git)"
    )
    args = parser.parse_args(argv)
    record: dict[str, object] = {
        "about": "made by make_subset.py from the full DejaVu Sans Condensed 2.37 fonts",
        "fonttools": version,
        "source": str(args.source) if args.source else f"git {FULL_FONTS_REV}",
        "unicode_ranges": [
            {"first": f"U+{first:04X}", "last": f"U+{last:04X}", "what": what}
            for first, last, what in KEEP
        ],
        "dropped_tables": list(DROP_TABLES),
        "fonts": {},
    }
    fonts: dict[str, object] = {}
    made = []
    for name in FONTS:
        data = full_font(name, args.source)
        small = cut(data)
        made.append(small)
        (HERE / name).write_bytes(small)
        glyphs = len(TTFont(io.BytesIO(small)).getGlyphOrder())
        fonts[name] = {
            "input_sha256": hashlib.sha256(data).hexdigest(),
            "input_bytes": len(data),
            "output_bytes": len(small),
            "glyphs": glyphs,
        }
        print(f"{name:34} {len(data):8,} -> {len(small):8,} bytes, {glyphs} glyphs")
    record["fonts"] = fonts
    record["covered"] = covered(made)
    (HERE / "subset.json").write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
