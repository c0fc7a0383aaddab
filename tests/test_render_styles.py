"""What ezkit spares WeasyPrint when it prints, for speed, and prints the same: no styles for
the pseudo-elements of notes (render.NOTES), and a deck's cards sharing their styles."""

from __future__ import annotations

from typing import Any

from pdf_layout import laid_out

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


def test_the_cards_of_a_deck_share_their_styles() -> None:
    """WeasyPrint computes one style for the elements whose parents' styles are one and whose
    rules are the same (ezkit.printing.cards): a card's style is its column's, a panel's its
    column's and its own classes' (not its place's on the page, nor its colour's)."""
    from weasyprint.css import AnonymousStyle

    document = laid_out("deck.html", deck=cards.deck_view("foozle"))
    column_styles: set[int] = set()
    card_styles: set[int] = set()
    panel_styles: dict[str, set[int]] = {}
    for page in document.pages:
        for box in page._page_box.descendants(placeholders=True):
            if box.element is None or isinstance(box.style, AnonymousStyle):
                continue  # a page's box, or one WeasyPrint made (a line)
            classes = box.element.get("class", "").split()
            if "column" in classes:
                column_styles.add(id(box.style))
            elif "card" in classes:
                card_styles.add(id(box.style))
            elif "panel" in classes:
                panel_styles.setdefault(" ".join(classes), set()).add(id(box.style))
    # a style for each column on the first page, one on the others (.sheet + .sheet is theirs)
    assert len(column_styles) == 2 * cards.COLUMNS and len(card_styles) == len(column_styles)
    assert all(len(styles) <= len(column_styles) for styles in panel_styles.values())
