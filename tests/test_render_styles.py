"""What ezkit spares WeasyPrint when it prints, for speed, and prints the same: no styles for
the pseudo-elements of notes (render.NOTES) nor for the markers of elements that are no list
items, an HTML parser that makes its patterns once, and a deck's cards sharing their styles."""

from __future__ import annotations

from typing import Any

import print_cache
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


def test_the_notes_rules_are_left_out_and_the_markers_kept_for_list_items_alone() -> None:
    own, trimmed = render._user_agent_stylesheets()
    assert trimmed is not own  # this WeasyPrint keeps them where render looks
    left = {entry[3] for entry in trimmed.matcher.other_selectors}
    assert not left & (render.NOTES | {"marker"})
    assert len(own.matcher.other_selectors) == len(trimmed.matcher.other_selectors) + 6
    # a list item's numbers keep their rule, in the stylesheet's order among the item's rules
    items = trimmed.matcher.lower_local_name_selectors["li"]
    assert [entry[3] for entry in items].count("marker") == 1
    assert [entry[2] for entry in items] == sorted(entry[2] for entry in items)
    assert len(items) == len(own.matcher.lower_local_name_selectors["li"]) + 1


def test_a_list_item_alone_matches_a_marker_rule() -> None:
    """WeasyPrint computes a ::marker style for every element that matches a ::marker rule."""
    html = render._html()(string="<p>a <b>b</b></p><ul><li>c</li></ul>")
    matched = {
        element.local_name
        for element in html.wrapper_element.iter_subtree()
        for sheet in html._ua_stylesheets()
        for _, _, pseudo, _ in sheet.matcher.match(element)
        if pseudo == "marker"
    }
    assert matched == {"li"}


def test_html_is_parsed_with_tinyhtml5s_patterns_made_once() -> None:
    """render._cache_html_patterns: the same patterns as tinyhtml5's, each made once."""
    import tinyhtml5
    from tinyhtml5 import inputstream

    render._html()
    cache = inputstream.characters_until_regex
    assert isinstance(cache, render._Patterns)  # tinyhtml5 2.1 makes them as _Patterns does
    page = '<p class="a">x &amp; y <b>z</b></p>'
    tinyhtml5.parse(page, namespace_html_elements=False)
    made = dict(cache)
    tinyhtml5.parse(page, namespace_html_elements=False)
    assert made and all(cache[key] is pattern for key, pattern in made.items())
    assert len(cache) == len(made)


@print_cache.group("aid")
def test_a_page_is_laid_out_as_with_weasyprints_own_stylesheet() -> None:
    """The aid (lists and their numbers, tables, page footers) and a deck's first page. Ours
    is the aid `ezkit print aid` laid out (print_cache.aid), for the aid."""
    from ezkit import rules
    from ezkit.printing import aid

    print_cache.aid()
    deck = cards.deck_view("dudab", options=("jungle", "baby"))
    deck["pages"] = deck["pages"][:1]
    for template, context in (
        ("aid.html", {"aid": aid.aid(rules.load(None))}),
        ("deck.html", {"deck": deck}),
    ):
        page = render.html(template, paper="letter", **context)
        ours = laid_out(template, "letter", **context)
        with print_cache.collector_paused():
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


@print_cache.group("deck foozle")
def test_the_cards_of_a_deck_share_their_styles() -> None:
    """WeasyPrint computes one style for the elements whose parents' styles are one and whose
    rules are the same (ezkit.printing.cards): a card's style is its column's, a panel's its
    column's and its own classes' (not its place's on the page, nor its colour's). The Foozle
    deck as `ezkit print deck foozle --backs` laid it out (print_cache.deck): its faces, and
    its backs likewise."""
    from weasyprint.css import AnonymousStyle

    print_cache.deck("foozle")
    document = laid_out("deck.html", deck=cards.deck_view("foozle", backs=True))
    for side, pages, columns in (
        ("faces", document.pages[0::2], 2 * cards.COLUMNS),
        ("backs", document.pages[1::2], cards.COLUMNS),
    ):
        column_styles: set[int] = set()
        card_styles: set[int] = set()
        panel_styles: dict[str, set[int]] = {}
        for page in pages:
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
        # faces: a style for each column on the first page, one on the others (.sheet +
        # .sheet is theirs); backs (none first): one for each column
        assert len(column_styles) == columns, side
        assert len(card_styles) == len(column_styles), side
        assert all(len(styles) <= len(column_styles) for styles in panel_styles.values()), side
