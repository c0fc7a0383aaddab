"""`ezkit print deck|cheatsheet|scorepad`: the four card games on paper, read back."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import print_cache
import pytest
from click.testing import CliRunner
from pdf_fonts import whole_or_subset
from print_cache import Printed, group
from pypdf import PdfReader

from ezkit.cli import cli
from ezkit.games import decks

GAMES = decks.GAMES


def per_game(kind: str) -> list:
    """The games as parameters, each test of a game's print in that print's xdist group."""
    return [pytest.param(game, marks=group(f"{kind} {game}")) for game in GAMES]


def printed(kind: str, game: str, options: str = "", keep: bool = True) -> Printed:
    """`ezkit print KIND GAME [--options ...]`, printed once (print_cache), its layouts kept:
    the layout tests below read the very pages the command laid out."""
    return print_cache.printed(kind, game, *(["--options", options] if options else []), keep=keep)


@pytest.fixture(params=per_game("deck"))
def deck_pdf(request: pytest.FixtureRequest) -> tuple[str, Printed]:
    """Each game's deck with its backs (print_cache.deck: the Dudab deck with its expansions,
    on A4 with a bleed), printed once for the three tests of it here (and the Foozle deck's
    boxes for test_render_styles)."""
    return request.param, print_cache.deck(request.param)


def test_a_deck_embeds_no_whole_system_font(deck_pdf: tuple[str, Printed]) -> None:
    """The decks in the bundled fonts embed them whole; the Auntie deck's ☕ is drawn as an
    emoji in a system font, so that deck is subset (never a whole system font)."""
    game, deck_print = deck_pdf
    assert whole_or_subset(deck_print.path) == ("subset" if game == "auntie" else "whole")


def test_deck_pages_faces_and_backs(deck_pdf: tuple[str, Printed]) -> None:
    game, deck_print = deck_pdf
    deck = decks.deck(game)
    options = print_cache.DECK_EXPANSIONS.get(game, ())  # the base game's cards, and these
    printed_cards = [card for card in deck.cards if card.expansion in (None, *options)]
    base = sum(card.count for card in printed_cards)
    text = deck_print.pages
    assert len(text) == 2 * math.ceil(base / 9)
    with_options = f" (with {', '.join(options)})" if options else ""
    assert f"{base} cards{with_options}, {len(text)} pages" in deck_print.result.output
    faces = " ".join(text[0::2])
    names = Counter(line.strip() for line in faces.splitlines())
    for card in printed_cards:  # each card's name on its own line, once a copy (a long one wraps)
        if len(card.name) < 18:
            assert names[card.name] == card.count, card.name
    assert all(deck.name.split(":")[0] in " ".join(page.split()) for page in text[1::2])


def test_no_internal_ids_on_the_faces(deck_pdf: tuple[str, Printed]) -> None:
    game, deck_print = deck_pdf
    faces = " ".join(deck_print.pages[0::2])
    assert not re.search(r"[a-z]·[a-z0-9]", faces)
    for card in decks.deck(game).cards:
        if "-" in card.id:
            assert card.id not in faces, card.id


def test_deck_counts() -> None:
    assert decks.deck("foozle").size() == 174
    assert decks.deck("bakeries").size("case") == 22


@pytest.mark.parametrize(
    ("options", "jungles", "babies"),
    [("", 0, 0), ("jungle", 8, 0), ("baby", 0, 8), ("jungle,baby", 8, 8)],
)
def test_the_dudab_deck_follows_its_options(options: str, jungles: int, babies: int) -> None:
    """The deck laid out holds the expansions' cards only with their options on."""
    from ezkit.printing import cards as printing

    view = printing.deck_view("dudab", options=tuple(filter(None, options.split(","))))
    cards = 64 + 8 + 8 + jungles + babies  # Number, Shaman and Dudab cards, the expansions
    faces = [slot["face"] for page in view["pages"] for slot in page["cards"]]
    assert len(faces) == cards == view["cards"] and len(view["pages"]) == math.ceil(cards / 9)
    names = Counter(face["name"] for face in faces)
    assert (names["Jungle"], names["Baby (Buba)"], names["Dudab!"]) == (jungles, babies, 8)


@group("deck dudab")
def test_the_printed_dudab_deck_says_its_options_and_holds_their_cards() -> None:
    """The same, printed (one PDF: the other options differ only in the view above). The Dudab
    deck print_cache.deck prints: both expansions, on A4 with a 2 mm bleed, with its backs."""
    dudab = print_cache.deck("dudab")
    result = dudab.result
    assert "96 cards" in result.stdout and "with jungle, baby" in result.stdout
    text = dudab.pages
    assert len(text) == 2 * math.ceil(96 / 9)  # faces and backs
    names = Counter(line.strip() for line in " ".join(text).splitlines())
    assert (names["Jungle"], names["Baby (Buba)"], names["Dudab!"]) == (8, 8, 8)


def test_deck_options_are_checked(tmp_path: Path) -> None:
    bad = CliRunner().invoke(
        cli, ["print", "deck", "dudab", "-o", str(tmp_path / "x.pdf"), "--options", "jungel"]
    )
    assert bad.exit_code != 0 and "no option 'jungel'" in bad.output
    assert not (tmp_path / "x.pdf").exists()


def test_a_bleed_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["print", "deck", "auntie", "-o", str(tmp_path / "x.pdf"), "--bleed", "9"]
    )
    assert result.exit_code != 0 and "--bleed" in result.output
    assert "use at most 1.5 mm" in result.output  # letter: 279.4 mm for three 88 mm cards
    assert not (tmp_path / "x.pdf").exists()


def test_a_bleed_that_is_not_a_number_is_a_usage_error(tmp_path: Path) -> None:
    """nan passes every bound (no comparison with it is true): it had printed a broken deck."""
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(cli, ["print", "deck", "auntie", "-o", str(out), "--bleed", "nan"])
    assert result.exit_code == 2 and "'nan' is not a number" in result.output
    assert not out.exists()


@group("deck dudab")
def test_a_bleed_that_pushes_the_cut_marks_off_the_printable_area_is_warned_of() -> None:
    dudab = print_cache.deck("dudab")  # on A4 with a 2 mm bleed
    out, result = dudab.path, dudab.result
    assert "warning: --bleed 2: the cut marks beside the cards fall within 5 mm" in result.stderr
    assert "largest bleed that keeps them printable on A4 paper is 1.0 mm" in result.stderr
    reader = PdfReader(out)  # written all the same: a borderless printer prints it
    assert len(reader.pages) == 2 * math.ceil(96 / 9)  # faces and backs
    assert round(float(reader.pages[0].mediabox.width) / 72 * 25.4) == 210
    # what the command warns of is the layout's (printed once above, not again)
    from ezkit.printing import cards as printing

    assert printing.deck_view("dudab", "a4", bleed=1)["warnings"] == []
    [letter] = printing.deck_view("dudab", "letter", bleed=0.5)["warnings"]
    assert "letter paper has no room for a bleed with printable cut marks" in letter


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cut_marks_without_bleed_lie_where_printers_print(paper: str) -> None:
    from ezkit.printing import cards

    view = cards.deck_view("auntie", paper)
    width, height = cards.paper_size(paper)
    assert view["warnings"] == []
    for mark in view["pages"][0]["marks"]:
        left, top, w, h = (
            float(mark[k].removesuffix("mm")) for k in ("left", "top", "width", "height")
        )
        assert left >= 5 and left + w <= width - 5 and top >= 5 and top + h <= height - 5, mark
        assert max(w, h) >= 1.5


OPTIONS = {"auntie": "no-draw,rounds", "bakeries": "", "dudab": "jungle,baby", "foozle": ""}
RULING = re.compile(r"\b(AU|BK|DU|FZ|GT|EZ)-\d")


@pytest.mark.parametrize("game", per_game("cheatsheet"))
def test_cheatsheet_names_every_card_type(game: str) -> None:
    text = printed("cheatsheet", game, OPTIONS[game]).pages
    assert len(text) == 1
    flat = " ".join(" ".join(text).split())
    assert not RULING.search(flat), RULING.search(flat)  # for players: no ruling ids
    deck = decks.deck(game)
    if game in ("auntie", "bakeries"):
        names = [c.name for c in deck.cards if c.kind not in ("fudge", "cake", "case", "chef")]
    else:
        names = [c.name for c in deck.cards if c.kind not in ("number", "shaman", "suited")]
    for name in names:
        assert name in flat, name
    for title in deck.titles.values():
        first = title.split(" (")[0].split()[0]
        assert first in flat, title


@group("cheatsheet auntie")
def test_cheatsheet_options(tmp_path: Path) -> None:
    plain = " ".join(printed("cheatsheet", "dudab", keep=False).pages)  # no layout test reads it
    assert "Jungle (expansion 1)" not in plain and "Baby (Buba)" not in plain
    rounds = printed("cheatsheet", "auntie", OPTIONS["auntie"]).pages  # read above too
    assert "rounds" in OPTIONS["auntie"] and "5 to 8 rounds" in " ".join(" ".join(rounds).split())
    out = tmp_path / "x.pdf"
    bad = CliRunner().invoke(
        cli, ["print", "cheatsheet", "foozle", "-o", str(out), "--options", "x"]
    )
    assert bad.exit_code != 0 and "no option 'x'" in bad.output


@pytest.mark.parametrize("game", per_game("cheatsheet"))
def test_nothing_sticks_out_of_a_cheat_sheet(game: str) -> None:
    """The cards' table lays out at fixed widths (its automatic layout measured every word
    for the narrowest width it could take): a count wider than its column, a long name or a
    word of a card's text past its cell would stick out here, on either paper (on letter the
    very page the printed sheet above was drawn from, in its largest type)."""
    from pdf_layout import laid_out, sticking_out

    printed("cheatsheet", game, OPTIONS[game])
    for paper in ("letter", "a4"):
        laid = laid_out("cheatsheet.html", paper, sheet=_sheet(game, OPTIONS[game]))
        assert sticking_out(laid) == [], paper


def test_ruling_ids_are_taken_out_and_the_words_kept() -> None:
    from ezkit.printing.cheatsheet import for_players

    assert for_players("ties share (DU-4).") == "ties share."
    assert for_players("(not again this turn, FZ-3). Next") == "(not again this turn). Next"
    assert for_players("each hand won (FZ-4, FZ-6).") == "each hand won."
    assert for_players("as DU-2 gives it") == "as DU-2 gives it"  # only citations in brackets


@group("cheatsheet foozle")
def test_cheatsheets_use_the_page() -> None:
    from ezkit.printing import cheatsheet

    sizes = {}
    for game in GAMES:
        view = cheatsheet.cheatsheet(game, cheatsheet.parse_options(game, OPTIONS[game]))
        sizes[game] = float(view["type_size"].removesuffix("pt"))
    assert min(sizes.values()) >= 9 and sizes["foozle"] >= 11  # was 9 pt for all, 55-60% full
    flat = " ".join(" ".join(printed("cheatsheet", "foozle").pages).split())
    # numbered steps in a numbered list (no bullet before a number), the trumps in a wide cell
    assert "YOUR TURN Take the top of the draw pile" in flat and "1. 2. 3." in flat
    assert "Trumps ×9 The Granola, The Death" in flat


@pytest.mark.parametrize("game", per_game("scorepad"))
def test_scorepad_renders(game: str) -> None:
    text = " ".join(printed("scorepad", game).pages)
    assert "Player 1" in text and decks.deck(game).name.split(":")[0] in text
    expected = {
        "auntie": "Round 20",
        "bakeries": "Sale 7",
        "dudab": "Shaman left",
        "foozle": "Hand 24",
    }
    assert expected[game] in text
    assert not RULING.search(text), RULING.search(text)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", per_game("scorepad"))
def test_a_score_pad_fills_its_one_page_with_lines_to_write_on(game: str, paper: str) -> None:
    """Found by a look at printed pads: 5 mm lines, a third of the page empty below. The
    lines grow to share the room (up to 8 mm), measured on the laid-out page, and the pad
    stays one page; where the lines do not reach 8 mm, little room is left. (On letter, the
    pages the printed pad above was laid out in: the first, and the one its rows refit.)"""
    from pdf_layout import laid_out

    from ezkit.printing import scorepad

    if paper == "letter":
        printed("scorepad", game)
    pad = scorepad.scorepad(game)
    first = laid_out("scorepad.html", paper, pad=pad)
    assert len(first.pages) == 1
    changes = scorepad.fill(pad)(first)
    if changes is None:  # no room worth a second layout: the page is full already
        assert _room_mm(first) / _lines(pad) < scorepad.MIN_GAIN_MM
        return
    taller = changes["pad"]["row_height"]
    assert float(taller.removesuffix("mm")) > float(pad["row_height"].removesuffix("mm"))
    second = laid_out("scorepad.html", paper, **changes)
    assert len(second.pages) == 1
    assert float(taller.removesuffix("mm")) >= scorepad.MOST_MM - 0.1 or _room_mm(second) < 25


def _lines(pad: dict) -> int:
    return sum(len(block["lines"]) for block in pad["blocks"])


def _room_mm(document: object) -> float:
    """The room left at the foot of a one-page document."""
    from weasyprint.formatting_structure.boxes import MarginBox

    page = document.pages[0]._page_box  # type: ignore[attr-defined]
    flow = [b for b in page.children if not isinstance(b, MarginBox)]
    return (page.height - sum(b.margin_height() for b in flow)) * 25.4 / 96


@group("scorepad foozle")
def test_the_foozle_score_pad_has_a_column_per_token() -> None:
    from ezkit.printing import scorepad

    flat = " ".join(" ".join(printed("scorepad", "foozle").pages).split())
    heads = "Bk Br R Y Bu W"  # black and blue apart in black and white, the white token too
    assert flat.count(heads) == 6  # under each of six players
    assert "Tokens: Bk black, Br brown, R red, Y yellow, Bu blue, W white." in flat
    pad = scorepad.scorepad("foozle")
    assert [t["name"] for t in pad["tokens"]] == [
        "black",
        "brown",
        "red",
        "yellow",
        "blue",
        "white",
    ]
    assert scorepad.abbreviations(["blackberry", "blueberry", "bread"]) == ["Bla", "Blu", "Br"]


@pytest.mark.parametrize("game", GAMES)
def test_the_deck_page_places_and_colours_by_classes_not_inline_styles(game: str) -> None:
    """No element of a printed deck carries a style attribute (WeasyPrint parses one per
    element: a thousand in the Foozle deck cost most of a second); every class a card, back,
    column or cut mark uses has its rule, and a place's rule is that box's position: a cut
    mark's, a column's (a card's is its column's, one card under another)."""
    from ezkit import render
    from ezkit.printing import cards

    view = cards.deck_view(game, "a4", backs=True, bleed=1.0, options=("jungle", "baby"))
    page = render.html("deck.html", paper="A4", deck=view)
    assert "style=" not in page.split("</style>", 1)[1]
    rules = dict(re.findall(r"^\.([\w-]+) \{ (.*); \}$", "\n".join(view["styles"]), re.M))
    used = {c for names in re.findall(r'class="([^"]*)"', page) for c in names.split()}
    assert {c for c in used if re.fullmatch(r"at\d+|bg-\w+|ink-\w+", c)} <= set(rules)
    boxes = [m for p in view["pages"] for m in p["marks"]]
    boxes += [column for p in view["pages"] for column in p["columns"]]
    for box in boxes:
        declared = dict(part.split(": ") for part in rules[box["at"]].split("; "))
        assert declared == {k: box[k] for k in ("left", "top", "width", "height") if k in box}
    lefts = [column["left"] for column in view["pages"][0]["columns"]]  # a full page
    for p in view["pages"]:  # card i of a page: row i // 3, column i % 3 (a back's mirrored)
        at = {id(s): (c["left"], row) for c in p["columns"] for row, s in enumerate(c["cards"])}
        assert len(at) == len(p["cards"])
        for i, slot in enumerate(p["cards"]):
            column = 2 - i % 3 if p["side"] == "back" else i % 3
            assert at[id(slot)] == (lefts[column], i // 3)
    faces = [slot["face"] for p in view["pages"] for slot in p["cards"] if "face" in slot]
    for face in faces:
        assert rules[f"bg-{face['colour'][1:]}"] == f"background: {face['colour']}"
        assert rules[f"ink-{face['ink'][1:]}"] == f"color: {face['ink']}"


def test_a_face_colour_that_is_no_hex_colour_is_refused() -> None:
    from ezkit.printing import cards

    with pytest.raises(ValueError, match="'red; x' is not a hex colour"):
        cards.colour_rules([{"id": "x", "colour": "red; x", "ink": "#000"}])


def test_a_terminal_is_shown_a_spinner_while_the_pdf_is_drawn(tmp_path: Path) -> None:
    """A deck takes seconds: standard error on a terminal shows what is being drawn, and
    clears it; a pipe (stdout here, and stderr in every other test) gets no such line."""
    import os
    import pty
    import subprocess
    import sys

    output = tmp_path / "pad.pdf"
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ezkit", "print", "scorepad", "dudab", "-o", str(output)],
            stdout=subprocess.PIPE,
            stderr=follower,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": "80", "TERM": "xterm"},
        )
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    assert done.returncode == 0, shown
    assert done.stdout == f"wrote {output}: 1 page\n"
    assert b"Drawing the score pad ..." in shown
    # gone when done: the cursor shown again, its line erased (up one, erase line)
    assert b"\x1b[?25h" in shown and shown.endswith(b"\x1b[1A\x1b[2K")
    assert output.read_bytes().startswith(b"%PDF-")


# --- found by a review of the printed sheets: the words against the books and rulings -------


def _sheet(game: str, options: str = "") -> dict:
    from ezkit.printing import cheatsheet

    return cheatsheet.cheatsheet(game, cheatsheet.parse_options(game, options))


def _items(sheet: dict) -> list[str]:
    """Every rule item of a cheat sheet, those moved below the cards too."""
    return [item for s in sheet["sections"] + sheet["more"] for item in s["items"]]


def _option(sheet: dict, name: str) -> str:
    return next(o["text"] for o in sheet["options"] if o["name"].startswith(name))


def _card_row(sheet: dict, name: str) -> str:
    return next(r["text"] for r in sheet["cards"] if r["name"].startswith(name))


def test_dudab_spare_jungles_discarding_shamans_is_printed_where_scoring_is() -> None:
    """DU-4 (seed 002, Scoring, the note): spare Jungle cards discard unassigned Shamans
    before those are charged 5 points, as the engine scores them; the sheet, the cards and
    the pad said only that a Dudab cancels a Shaman."""
    from ezkit.games.dudab.score import Tally, score_tally
    from ezkit.printing import scorepad

    assert score_tally(Tally(shamans=1, jungles=1)).score == 0  # what the words must say
    sheet = _sheet("dudab", "jungle")
    assert "a spare one (more Jungles than values left) discards a Shaman" in _option(
        sheet, "Jungle"
    )
    shamans = next(item for item in _items(sheet) if "each Shaman left scores 5" in item)
    assert "unless a spare Jungle discards it" in shamans
    assert "if no Dudab or spare Jungle cancels it" in _card_row(sheet, "Shaman")
    plain = _sheet("dudab")  # without the option, no word of Jungles
    assert "if no Dudab cancels it" in _card_row(plain, "Shaman")
    assert not any("Jungle" in item for item in _items(plain)[-2:])
    deck = decks.deck("dudab")
    assert "a spare one (no value left) discards a Shaman" in deck.card("jungle").rules
    assert "Scores 5 if no Dudab (or spare Jungle) cancels it" in deck.card("shaman-red").rules
    pad = scorepad.scorepad("dudab")
    shaman_left = [ln for b in pad["blocks"] for ln in b["lines"] if ln["label"] == "Shaman left"]
    assert shaman_left and all("spare Jungles" in ln["note"] for ln in shaman_left)
    assert "a spare Jungle (no value left) discards a Shaman left first" in pad["note"]


def test_dudab_a_shaman_answered_by_revealing_reveals_until_a_number_card() -> None:
    """Seed 002, Shaman cards: "If a non-number card was revealed, they keep drawing until a
    Number card is found" (the engine's reveal does); the sheet had the non-Number card
    discarded and the reveal over, the card said only "the top card"."""
    reveal = next(item for item in _items(_sheet("dudab")) if "After a Shaman" in item)
    assert "reveals cards from the draw pile until a Number card and draws its value" in reveal
    assert "top card" not in reveal
    for card in decks.deck("dudab").of("shaman"):
        assert "reveal cards from the draw pile until a Number card and draw as many" in card.rules


def test_dudab_a_number_card_goes_on_a_dudab_with_no_request() -> None:
    """Seed 002, Number cards: any Number card may go on a Dudab drawn at the start (the
    engine: a Dudab with no request takes any Number card); the card and the sheet named
    only a Dudab whose request it meets. The card's text stays within the medium face."""
    from ezkit.printing.cards import RULES_ROOM

    said = "or any Dudab with no request (a starting one)"
    medium = next(most for most, size in RULES_ROOM if size == "medium")
    assert said in _card_row(_sheet("dudab"), "Number")
    for card in decks.deck("dudab").of("number"):
        assert said in card.rules and len(card.rules) <= medium, card.id


def test_dudab_the_dudab_card_says_where_it_goes_and_when_it_requests() -> None:
    """DU-3 and the Dudab rules' docstring: with a request open a Dudab goes only on the
    open Dudab and replaces the request; below a Jungle it calls for nothing (seed 002,
    Jungle card). The card (and the sheet's row, the card's words) said "at any time in
    your turn, onto any column" and always requested."""
    rules = decks.deck("dudab").card("dudab").rules
    sheet = _sheet("dudab", "jungle")
    for text in (rules, _card_row(sheet, "Dudab!")):
        assert "with a request open, only on that Dudab, replacing its request" in text
        assert "(none below a Jungle)" in text
        assert "on the Shaman when answering one" in text
    assert "at any time" not in rules
    request = next(item for item in _items(sheet) if item.startswith("An open Dudab request"))
    assert "or replaced by a Dudab played on it" in request


def test_auntie_with_both_options_the_agreed_rounds_are_the_limit() -> None:
    """AU-9 and the Auntie rules' docstring: with `rounds` and the no-draw variant both on,
    `rounds` is the limit; the sheet said "play 10 rounds" beside "Agree on 5 to 8 rounds"."""
    from ezkit.games.auntie.rules import TABLES

    both = _sheet("auntie", "no-draw,rounds")
    no_draw, shorter = _option(both, "No-draw"), _option(both, "Shorter")
    assert f"play {TABLES.no_draw_rounds} rounds" not in no_draw
    assert f"play the rounds agreed for a shorter game, not {TABLES.no_draw_rounds}" in no_draw
    assert f"With the no-draw variant this is the limit, not {TABLES.no_draw_rounds}." in shorter
    alone = _sheet("auntie", "no-draw")  # the variant alone keeps its own length
    assert f"play {TABLES.no_draw_rounds} rounds" in _option(alone, "No-draw")
    assert "no-draw" not in _option(_sheet("auntie", "rounds"), "Shorter")


def test_foozle_no_card_taken_from_the_tableau_is_discarded_that_turn() -> None:
    """FZ-3: a card taken from the tableau (the last discard as much as one played at once)
    may not be discarded in the same turn; the bracket closing the step read as if it were
    said of the last way of taking only."""
    take = next(item for item in _items(_sheet("foozle")) if "Take the top" in item)
    assert take.startswith("Take the top of the draw pile, or the last discard, or any")
    assert take.endswith(". A card taken from the discards may not be discarded again this turn.")
    assert "(not" not in take


def test_bakeries_score_pad_gives_the_winner_20_percent_only_for_7_different_cakes() -> None:
    """BK-6: the winner's +20% is the great chef bonus, for 7 different cakes only; the
    pad's "Winner +20% / loser 40%" read as if every winner had it."""
    from ezkit.printing import scorepad

    pad = scorepad.scorepad("bakeries")
    lines = [ln for b in pad["blocks"] for ln in b["lines"] if "loser" in ln["label"]]
    assert len(lines) == decks.tables("bakeries").rounds
    for line in lines:
        assert "+20%" not in line["label"]
        assert line["note"].startswith("+20% only for 7 different cakes;")


def test_bakeries_a_tied_roll_off_rolls_again() -> None:
    """BK-3: "roll-off each round (ties reroll)"; the cheat sheet said only that the higher
    roll chooses, leaving a tie to the table (found by a review of the printed sheets)."""
    (roll_off,) = [item for item in _items(_sheet("bakeries")) if "roll off" in item]
    assert "(a tie rolls again)" in roll_off and "the higher roll chooses" in roll_off
