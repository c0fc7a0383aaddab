"""What ezkit spares WeasyPrint when it prints, for speed, and prints the same: no styles for
the pseudo-elements of notes (render.NOTES)."""

from __future__ import annotations

from typing import Any

from ezkit import render, resources
from ezkit.printing import cards


def texts(document: Any) -> list[list[tuple[str, float, float, float]]]:
    """Every text of every page with its place and width."""
    from weasyprint.formatting_structure import boxes

    return [
        [
            (box.text, box.position_x, box.position_y, box.width)
            for box in page._page_box.descendants(placeholders=True)
            if isinstance(box, boxes.TextBox)
        ]
        for page in document.pages
    ]


def test_the_notes_rules_are_left_out_and_nothing_else() -> None:
    own, trimmed = render._user_agent_stylesheets()
    assert trimmed is not own  # this WeasyPrint keeps them where render looks
    left = {entry[3] for entry in trimmed.matcher.other_selectors}
    assert not left & render.NOTES and "marker" in left  # a list's numbers keep theirs
    assert len(own.matcher.other_selectors) == len(trimmed.matcher.other_selectors) + 5


def test_a_page_is_laid_out_as_with_weasyprints_own_stylesheet() -> None:
    """The aid (lists and their numbers, tables, page footers) and a deck's first page."""
    from ezkit import rules
    from ezkit.printing import aid

    deck = cards.deck_view("dudab", options=("jungle", "baby"))
    deck["pages"] = deck["pages"][:1]
    for page in (
        render.html("aid.html", paper="letter", aid=aid.aid(rules.load(None))),
        render.html("deck.html", paper="letter", deck=deck),
    ):
        ours = render._lay_out(page)
        own = (
            render._weasyprint()
            .HTML(
                string=page,
                base_url=resources.templates().as_uri() + "/",
                url_fetcher=render.safe_fetcher(),
            )
            .render()
        )
        assert texts(ours) == texts(own)
