"""A printed page's layout, read from WeasyPrint's own boxes: text that sticks out of the
block it is laid out in (a row of tally boxes running into the next column, a long word
running off the page) is found wherever it is, without knowing the template."""

from __future__ import annotations

from typing import Any

#: Slack, in CSS pixels, for a glyph's rounding at a block's edge.
SLACK = 0.5


def laid_out(template: str, paper: str = "letter", **context: Any) -> Any:
    """The WeasyPrint document of a template, as `ezkit print` lays it out (no PDF written):
    the one a print kept, if it laid out this very page (print_cache)."""
    import print_cache

    return print_cache.laid_out(template, paper, **context)


def sticking_out(document: Any) -> list[tuple[int, str, float]]:
    """Every text that ends past the right edge of its block, or starts left of the paper
    (a right-aligned page footer longer than its box): (page, text, by how many px)."""
    from weasyprint.formatting_structure import boxes

    found: list[tuple[int, str, float]] = []
    paper_width = 0.0

    def walk(box: Any, block: Any, page: int) -> None:
        if isinstance(box, boxes.LineBox):
            # within its block's right edge and the paper's (WeasyPrint widens a margin box to
            # its text: a long footer's box starts left of the paper's edge); on the left, the
            # paper's edge only (a list's numbers sit left of their block, as they should)
            left = 0.0
            limit = min(block.content_box_x() + block.width, paper_width) + SLACK
            for child in box.descendants():
                if not isinstance(child, boxes.TextBox):
                    continue
                past = max(child.position_x + child.width - limit, left - SLACK - child.position_x)
                if past > 0:
                    found.append((page, child.text, round(past, 1)))
            return
        if isinstance(box, boxes.BlockContainerBox):
            block = box
        for child in getattr(box, "children", ()):
            walk(child, block, page)

    for number, page in enumerate(document.pages, 1):
        paper_width = page.width
        walk(page._page_box, page._page_box, number)
    return found
