"""Print-and-play decks as a view model: every copy of every card, placed nine to a page.

The cards come from `cards/<game>.yaml` through `ezkit.games.decks`; this module only
decides how a face looks (its colour, corner mark, art, rules text) and where it sits.
Every position is worked out here in millimetres: the template places boxes and does
no arithmetic. A face shows what a player reads, no ids; its art and type are as large
as its rules text leaves room for. Options (`jungle`, `baby`) add a game's expansion
cards; without them the deck is the base game's.

A page holds a 3 x 3 grid of poker-size cards (63 x 88 mm), centred on the paper, with
cut marks in the margins on every trim line, kept out of the 5 mm most printers leave
blank at the paper's edge when there is room (a bleed that pushes them there is warned
of). With `backs`, each face page is followed by its backs page, the columns mirrored
left-right so a back lands behind its face when the sheet is printed double-sided
(flipped on the long edge). With `bleed`, each card's colour runs `bleed` mm past its
trim line and the cards move apart to make room.

Boxes are placed and coloured by classes (`at3`, `bg-c0392b`, `ink-8a6a00`) whose rules the
view model lists once (`styles`), not by inline styles: WeasyPrint parses and checks an
element's style attribute anew for every element, and the Foozle deck repeated about a
thousand of them (0.6-0.9 s of its 4 s render). The web table colours its faces by the same
colour classes, as its Content-Security-Policy allows no inline style.

A page's cards are not placed one by one but by column (`columns`: three placed boxes, the
cards one under another in each), each card's colour on a box inside it: WeasyPrint computes
one style for the elements whose parents have the same style and whose rules are the same,
so a card placed or coloured by a class of its own gave everything on it styles of its own
(1,117 in the Foozle deck, each property computed again as it was laid out and drawn: 4%
of the deck's render). Now the faces of one look share theirs (333 styles).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.decks import Card

CARD_W, CARD_H = 63.0, 88.0  # poker size, mm
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
PAPER_NAME = {"letter": "letter", "a4": "A4"}
MARK_LENGTH = 5.0  # cut mark, mm, when the margin has room
MARK_SHORTEST = 2.0  # a shorter cut mark would be lost in a printer's unprintable margin
MARK_GAP = 1.0  # between a cut mark and the nearest printed colour, mm
PRINTABLE = 5.0  # most printers print nothing this close to the paper's edge, mm
MARK_VISIBLE = 1.5  # the least of a cut mark that must print, mm
#: A colour a face may be drawn in (a CSS hex colour: safe in a class name and a rule).
HEX = re.compile(r"#[0-9a-fA-F]{3,8}")
#: Rules text up to this many characters gets the face's larger art and type (else: smaller).
RULES_ROOM = ((150, "short"), (215, "medium"))
#: Decks whose kinds have backs of their own; the others share one back.
BACK_PER_KIND = {"auntie": True, "bakeries": True, "dudab": False, "foozle": False}

# Colours a face is printed in (frame) and its ink (marks, titles).
COLOURS = {
    "red": "#c0392b",
    "blue": "#1f5fa8",
    "yellow": "#d9a400",
    "green": "#2e7d32",
    "purple": "#6a3d9a",
    "black": "#1d1d1d",
    "brown": "#7a4a21",
}
INK = {**COLOURS, "yellow": "#8a6a00"}

#: Foozle suit glyphs, from the bundled DejaVu font (a suit a table adds shows its initial).
SUIT_GLYPHS = {
    "lamps": "☼",
    "plungers": "⚲",
    "fromps": "❀",
    "zurfs": "⚛",
    "rain": "☂",
    "tops": "◈",
    "mazes": "▦",
    "inkblots": "☁",
    "scythes": "☽",
    "books": "✎",
    "bugs": "✹",
    "hives": "⌬",
    "faces": "☺",
    "time": "☸",
    "ears": "♫",
}
AUNTIE_ART = {
    "give": "➜",
    "swap": "⇄",
    "burden": "⚖",
    "ask-auntie": "☕",
    "interrupt": "✖",
    "deflect": "↻",
}
EVENT_ART = {"left": "←", "right": "→", "auntie": "☕"}
BAKERIES_ART = {
    "chef": "☺",
    "hat": "♛",
    "apron": "✚",
    "oven": "♨",
    "batter": "⚗",
    "wild": "★",
}


def paper_size(paper: str) -> tuple[float, float]:
    return PAPER_MM[paper]


def _mm(value: float) -> str:
    return f"{value:.2f}mm"


def face(game: str, card: Card, title: str) -> dict[str, Any]:
    """One card's face: colour, ink, corner mark, art (a glyph or a named SVG), texts."""
    look = _look(game, card)
    corner = look.get("corner", "")
    art_text = look.get("art_text", "")
    return {
        "wide": len(corner) > 2,
        "turnable": corner in ("6", "9"),  # underlined, as on playing cards
        "id": card.id,
        "name": card.name,
        "rules": "" if _same(card.rules, art_text) else card.rules,  # "0 points." said once
        "subtitle": look.get("subtitle", title),
        "colour": look.get("colour", "#6b2d12"),
        "ink": look.get("ink", look.get("colour", "#6b2d12")),
        "corner": corner,
        "glyph": look.get("glyph", ""),
        "svg": look.get("svg", ""),
        "art_text": "" if art_text.lower() == card.name.lower() else art_text,  # said once
        "size": next((size for most, size in RULES_ROOM if len(card.rules) <= most), "long"),
    }


def _same(text: str, other: str) -> bool:
    return text.rstrip(".").strip().lower() == other.strip().lower()


def _look(game: str, card: Card) -> dict[str, str]:
    if game == "auntie":
        return _auntie(card)
    if game == "bakeries":
        return _bakeries(card)
    if game == "dudab":
        return _dudab(card)
    return _foozle(card)


def _auntie(card: Card) -> dict[str, str]:
    if card.kind == "fudge":
        shade = ["#b08a5a", "#9a6b3c", "#7f5230", "#5f3a1f", "#3f2410"][min(card.points or 0, 4)]
        return {
            "colour": shade,
            "corner": str(card.points),
            "glyph": "▩",
            "art_text": f"{card.points} point{'s' if card.points != 1 else ''}",
        }
    if card.kind == "action":
        excuse = card.role == "excuse"
        return {
            "colour": "#1f5fa8" if excuse else "#c0392b",
            "subtitle": "Excuse" if excuse else "Reaction",
            "corner": "E" if excuse else "R",
            "glyph": AUNTIE_ART.get(card.id, "★"),
        }
    return {
        "colour": "#6a3d9a",
        "subtitle": "Event card",
        "corner": "?",
        "glyph": EVENT_ART.get(card.target or "", "★"),
        "art_text": f"{(card.action or '').title()} {(card.target or '').title()}",
    }


def _bakeries(card: Card) -> dict[str, str]:
    if card.kind == "chef":
        if card.component == "wild":
            return {
                "colour": "#555555",
                "corner": "W",
                "glyph": BAKERIES_ART["wild"],
                "art_text": " / ".join(f"{m}x" for m in card.wild_for or ()),
            }
        colour = COLOURS.get(card.colour or "", "#555555")
        return {
            "colour": colour,
            "ink": INK.get(card.colour or "", colour),
            "corner": f"{card.multiplier}x",
            "glyph": BAKERIES_ART.get(card.component or "", "★"),
            "art_text": (card.component or "").replace("batter", "cake batter & pan").title(),
        }
    if card.kind == "cake":
        return {"colour": "#b0306a", "corner": f"${card.price}", "svg": "cake"}
    if card.kind == "case":
        union = card.bakery == "union"
        return {
            "colour": "#2c4a7a" if union else "#7a7a7a",
            "corner": str(card.slot),
            "art_text": f"{card.multiplier}x",
            "glyph": "⚅",
        }
    return {"colour": "#6b7a2e", "corner": "-20%", "glyph": "☹"}


def _dudab(card: Card) -> dict[str, str]:
    if card.kind == "number":
        colour = COLOURS.get(card.colour or "", "#555555")
        return {
            "colour": colour,
            "ink": INK.get(card.colour or "", colour),
            "corner": str(card.value),
            "svg": card.symbol or "",
            "art_text": f"{(card.colour or '').title()} · {card.value} · {card.symbol}",
        }
    if card.kind == "shaman":
        colour = COLOURS.get(card.colour or "", "#555555")
        return {
            "colour": colour,
            "ink": INK.get(card.colour or "", colour),
            "corner": "S",
            "svg": "shaman",
            "art_text": f"{(card.colour or '').title()} Shaman",
        }
    looks = {
        "dudab": {"colour": "#3b2f63", "corner": "!", "glyph": "!"},
        "jungle": {"colour": "#1e5631", "corner": "J", "glyph": "☘"},
        "baby": {"colour": "#c2577a", "corner": "B", "glyph": "☻"},
    }
    return looks.get(card.kind, {"colour": "#555555", "glyph": "★"})


def _foozle(card: Card) -> dict[str, str]:
    if card.kind == "trump":
        return {"colour": "#5a2d82", "ink": "#5a2d82", "corner": "T", "glyph": "★"}
    colour = COLOURS.get(card.colour or "", "#555555")
    rank = "∞" if card.rank == "inf" else str(card.rank)
    suit = card.suit or ""
    return {
        "colour": colour,
        "ink": INK.get(card.colour or "", colour),
        "corner": rank,
        "glyph": SUIT_GLYPHS.get(suit, suit[:1].upper()),
        "subtitle": f"{suit.title()} · {card.colour}",
    }


def back(game: str, deck_name: str, title: str) -> dict[str, str]:
    """A card back: the game's name, and the deck's title where the kinds have backs."""
    return {"game": deck_name, "deck": title if BACK_PER_KIND.get(game) else "", "mark": "✦"}


def deck_view(
    game: str,
    paper: str = "letter",
    backs: bool = False,
    bleed: float = 0.0,
    options: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The whole deck laid out: face pages (and, with `backs`, a mirrored back page after each).

    Expansion cards are in only with their option on. `warnings` says when the cut marks
    fall where most printers do not print."""
    deck = decks.deck(game)
    if bleed < 0:
        raise InputError(f"--bleed {bleed}: a bleed is 0 mm or more")
    page_w, page_h = paper_size(paper)
    pitch_x, pitch_y = CARD_W + 2 * bleed, CARD_H + 2 * bleed
    grid_w, grid_h = COLUMNS * pitch_x, ROWS * pitch_y
    side, head = (page_w - grid_w) / 2, (page_h - grid_h) / 2
    if min(side, head) - MARK_GAP < MARK_SHORTEST:
        most = largest_bleed(paper, MARK_SHORTEST + MARK_GAP)
        raise InputError(
            f"--bleed {bleed:g}: nine poker cards with that bleed and cut marks do not fit on "
            f"{PAPER_NAME[paper]} paper; use at most {most:.1f} mm"
        )
    warnings = []
    if min(side, head) - MARK_GAP - PRINTABLE < MARK_VISIBLE:
        edges = " and ".join(
            where
            for where, margin in (("beside", side), ("above and below", head))
            if margin - MARK_GAP - PRINTABLE < MARK_VISIBLE
        )
        most = largest_bleed(paper, PRINTABLE + MARK_GAP + MARK_VISIBLE)
        keep = (
            f"the largest bleed that keeps them printable on {PAPER_NAME[paper]} paper is "
            f"{most:.1f} mm"
            if most > 0
            else f"{PAPER_NAME[paper]} paper has no room for a bleed with printable cut marks"
        )
        warnings.append(
            f"--bleed {bleed:g}: the cut marks {edges} the cards fall within {PRINTABLE:g} mm "
            f"of the paper's edge, which most printers leave blank, so they may not print; "
            f"{keep} (or print borderless)"
        )
    left, top = side, head
    cards = [card for card in deck.cards if card.expansion is None or card.expansion in options]
    copies = [(card, deck.titles[card.kind]) for card in cards for _ in range(card.count)]
    faces = {card.id: face(game, card, title) for card, title in dict.fromkeys(copies)}
    places = _Places()
    marks = cut_marks(left, top, pitch_x, pitch_y, bleed, _mark(side), _mark(head))
    for mark in marks:
        mark["at"] = places.place(mark)
    columns = [
        {"left": _mm(left + c * pitch_x), "top": _mm(top), "width": _mm(pitch_x)}
        for c in range(COLUMNS)
    ]
    for column in columns:
        column["at"] = places.place(column)
    pages = []
    for start in range(0, len(copies), PER_PAGE):
        chunk = copies[start : start + PER_PAGE]
        slots = [{"face": faces[card.id]} for card, _ in chunk]
        back_slots = [{"back": back(game, deck.name, title)} for _, title in chunk]
        pages.append({"side": "face", "cards": slots, "marks": marks})
        pages[-1]["columns"] = _columns(columns, slots, mirrored=False)
        if backs:
            pages.append({"side": "back", "cards": back_slots, "marks": marks})
            pages[-1]["columns"] = _columns(columns, back_slots, mirrored=True)
    return {
        "game": game,
        "title": deck.name,
        "cards": len(copies),
        "options": ", ".join(options),
        "warnings": warnings,
        "page_w": _mm(page_w),
        "page_h": _mm(page_h - 0.5),
        "bleed": _mm(bleed),
        "inner": _mm(bleed + 3.0),
        "card_h": _mm(pitch_y),
        "pages": pages,
        "styles": places.rules() + colour_rules(faces.values()),
    }


def _columns(
    columns: list[dict[str, str]], slots: list[dict[str, Any]], mirrored: bool
) -> list[dict[str, Any]]:
    """A page's cards by the column they print in (its `at`), top down: the grid is filled
    row by row, left to right; backs right to left, each behind its face."""
    placed = []
    for c, column in enumerate(columns):
        cards = slots[COLUMNS - 1 - c if mirrored else c :: COLUMNS]
        if cards:  # a last page of one or two cards leaves a column empty
            placed.append({**column, "cards": cards})
    return placed


def colour_rules(faces: Iterable[Mapping[str, Any]]) -> list[str]:
    """CSS rules for the faces' colours as classes: `bg-c0392b` (the face) and `ink-8a6a00`
    (its corner, art and art text). A colour that is not a hex colour is refused: it would
    otherwise print as a white face."""
    found: set[tuple[str, str, str]] = set()
    for f in faces:
        for kind, prop, value in (("bg", "background", f["colour"]), ("ink", "color", f["ink"])):
            if not HEX.fullmatch(value):
                raise ValueError(f"card {f['id']}: colour {value!r} is not a hex colour")
            found.add((kind, prop, value))
    return [f".{kind}-{value[1:]} {{ {prop}: {value}; }}" for kind, prop, value in sorted(found)]


class _Places:
    """Boxes' positions as classes (`at0`, `at1`, ...), one per distinct position."""

    def __init__(self) -> None:
        self.classes: dict[str, str] = {}

    def place(self, box: Mapping[str, str]) -> str:
        sides = [side for side in ("left", "top", "width", "height") if side in box]
        rule = "; ".join(f"{side}: {box[side]}" for side in sides)
        return self.classes.setdefault(rule, f"at{len(self.classes)}")

    def rules(self) -> list[str]:
        return [f".{name} {{ {rule}; }}" for rule, name in self.classes.items()]


def largest_bleed(paper: str, margin: float) -> float:
    """The largest bleed (mm, rounded down to 0.1) that leaves `margin` mm outside the grid."""
    page_w, page_h = paper_size(paper)
    most = min((page_w - 2 * margin) / COLUMNS - CARD_W, (page_h - 2 * margin) / ROWS - CARD_H) / 2
    return max(math.floor(most * 10 + 1e-9) / 10, 0.0)


def _mark(margin: float) -> float:
    """A cut mark's length in a margin: clear of the printer's blank edge when it can be."""
    printable = margin - MARK_GAP - PRINTABLE
    return min(MARK_LENGTH, printable if printable >= MARK_VISIBLE else margin - MARK_GAP)


def cut_marks(
    left: float,
    top: float,
    pitch_x: float,
    pitch_y: float,
    bleed: float,
    length: float = MARK_LENGTH,
    length_y: float | None = None,
) -> list[dict[str, str]]:
    """Short hairlines in the margins on every trim line, clear of the printed colour:
    `length` mm beside the grid, `length_y` (default the same) above and below it."""
    across = length if length_y is None else length_y
    xs = sorted(
        {
            round(left + c * pitch_x + bleed + edge, 3)
            for c in range(COLUMNS)
            for edge in (0, CARD_W)
        }
    )
    ys = sorted(
        {round(top + r * pitch_y + bleed + edge, 3) for r in range(ROWS) for edge in (0, CARD_H)}
    )
    grid_right = left + COLUMNS * pitch_x
    grid_bottom = top + ROWS * pitch_y
    marks = []
    for x in xs:
        for y in (top - MARK_GAP - across, grid_bottom + MARK_GAP):
            marks.append(
                {
                    "left": _mm(x),
                    "top": _mm(y),
                    "width": "0mm",
                    "height": _mm(across),
                    "dir": "v",
                }
            )
    for y in ys:
        for x in (left - MARK_GAP - length, grid_right + MARK_GAP):
            marks.append(
                {
                    "left": _mm(x),
                    "top": _mm(y),
                    "width": _mm(length),
                    "height": "0mm",
                    "dir": "h",
                }
            )
    return marks
