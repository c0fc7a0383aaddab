"""The fonts a printed PDF embeds, read back with pypdf (tests of ezkit.render's font choice)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from ezkit import resources

#: The byte sizes of the bundled fonts (a font embedded whole keeps its size).
BUNDLED_SIZES = {p.stat().st_size for p in resources.templates().glob("fonts/*.ttf")}
#: More than any subset a page could need, less than any whole system font.
SUBSET_MOST = 200_000


def embedded_font_sizes(path: Path) -> set[int]:
    """The byte sizes of the font files a PDF embeds (each descriptor's /FontFile2 Length1)."""
    sizes = set()
    for page in PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            for child in font.get_object().get("/DescendantFonts", []):
                stream = child.get_object()["/FontDescriptor"].get_object()["/FontFile2"]
                sizes.add(int(stream.get_object()["/Length1"]))
    return sizes


def whole_or_subset(path: Path) -> str:
    """'whole' when the PDF embeds only the bundled fonts, whole; 'subset' when every font it
    embeds is cut to its glyphs; anything else (a whole system font) fails the test."""
    sizes = embedded_font_sizes(path)
    assert sizes, "no embedded font"
    if sizes <= BUNDLED_SIZES:
        return "whole"
    assert not sizes & BUNDLED_SIZES and max(sizes) < SUBSET_MOST, sizes
    return "subset"
