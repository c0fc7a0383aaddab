"""Score pads for the four card games as view models: a grid to fill in by hand.

Rows are the game's rounds or hands, each with the lines its scoring asks for
(Bakeries: phase money lines; Dudab: the scoring steps of DU-4; Foozle: tokens of
FZ-4); columns are the players. Labels and numbers come from the deck files' tables.
Foozle's players each get a column per token, the five colours and white, headed by
abbreviations that differ in black and white too (Bk, Br, R, Y, Bu, W). Ruling ids are
for whoever checks the words and are not printed (`cheatsheet.for_players`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ezkit.games import decks
from ezkit.games.auntie.tables import AuntieTables
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.games.dudab.tables import DudabTables
from ezkit.games.foozle.tables import FoozleTables
from ezkit.printing.cheatsheet import for_players

COLOURS = {
    "black": "#1d1d1d",
    "brown": "#7a4a21",
    "red": "#c0392b",
    "yellow": "#d9a400",
    "blue": "#1f5fa8",
    "white": "#ffffff",
}
#: Token abbreviations that stay apart in black and white (black, blue and brown too).
ABBREVIATIONS = {
    "black": "Bk",
    "blue": "Bu",
    "brown": "Br",
    "red": "R",
    "yellow": "Y",
    "white": "W",
    "green": "G",
    "purple": "P",
}
FOOZLE_HANDS = 24
#: A line's height (its cells' content, mm): at first, with Foozle's token ticks (no padding)
#: apart, and the most it is made to fill the page (fill()); a gain under MIN_GAIN is not
#: worth a second layout.
ROW_MM = 3.8
TICK_MM = 6.0
MOST_MM = 8.0
MIN_GAIN_MM = 0.4
PX_PER_MM = 96 / 25.4


def _line(label: str, note: str = "", strong: bool = False) -> dict[str, Any]:
    return {"label": label, "note": note, "strong": strong}


def abbreviations(names: list[str]) -> list[str]:
    """A short, distinct label for each token: the usual one, else the shortest prefix that
    no other name shares."""
    labels = []
    for name in names:
        label = ABBREVIATIONS.get(name)
        if label is None or any(
            ABBREVIATIONS.get(other) == label for other in names if other != name
        ):
            size = 1
            while any(o != name and o[:size] == name[:size] for o in names) and size < len(name):
                size += 1
            label = name[:size]
        labels.append(label.title())
    return labels


def scorepad(game: str) -> dict[str, Any]:
    """The score pad of one game: its blocks of lines, a column per player."""
    deck = decks.deck(game)
    build = {"auntie": _auntie, "bakeries": _bakeries, "dudab": _dudab, "foozle": _foozle}[game]
    pad = build(deck.tables)
    pad.setdefault("tokens", [])
    pad["title"] = deck.name
    pad["seats"] = [f"Player {i}" for i in range(1, pad.pop("players") + 1)]
    pad["columns"] = str(1 + len(pad["seats"]) * len(pad["tokens"]))  # a heading's span
    pad["note"] = for_players(pad["note"])
    pad["row_height"] = f"{TICK_MM if pad['tokens'] else ROW_MM:.1f}mm"
    for block in pad["blocks"]:
        block["heading"] = for_players(block["heading"])
    return pad


def fill(pad: dict[str, Any]) -> Callable[[Any], dict[str, Any] | None]:
    """What `render.pdf` asks after laying a pad out (its `refit`): for a pad of one page,
    its lines made taller to share the room left at the page's foot (at most MOST_MM, so a
    short pad is not stretched to the foot); the room is measured on the laid-out page. A
    line whose label takes two lines is already taller and grows less, so the pad still fits;
    render.pdf keeps the first layout if not."""
    lines = sum(len(block["lines"]) for block in pad["blocks"])
    first = float(pad["row_height"].removesuffix("mm"))

    def taller(document: Any) -> dict[str, Any] | None:
        if len(document.pages) != 1 or not lines:
            return None
        try:  # WeasyPrint's laid-out boxes (not its public API: a change there keeps 5 mm lines)
            from weasyprint.formatting_structure.boxes import MarginBox

            page = document.pages[0]._page_box
            flow = (box for box in page.children if not isinstance(box, MarginBox))  # no footer
            room = (page.height - sum(box.margin_height() for box in flow)) / PX_PER_MM
        except (AttributeError, ImportError, TypeError):
            return None
        gain = min(room / lines, MOST_MM - first)
        if gain < MIN_GAIN_MM:
            return None
        return {"pad": {**pad, "row_height": f"{first + gain - 0.05:.1f}mm"}}

    return taller


def _auntie(t: Any) -> dict[str, Any]:
    assert isinstance(t, AuntieTables)
    fudge = decks.deck("auntie").of("fudge")
    blocks = [
        {
            "heading": "Rounds (tick each round played; a fixed game stops at its limit, AU-9)",
            "lines": [_line(f"Round {n}") for n in range(1, 21)],
        },
        {
            "heading": "End of game: count your fudge cards (fewest points wins, AU-9)",
            "lines": [
                *[_line(f"{c.name}", f"{c.points} pt × cards") for c in fudge],
                _line("Fudge points", "total", strong=True),
            ],
        },
    ]
    return {"players": t.players.max, "blocks": blocks, "note": "Ties share the win."}


def _bakeries(t: Any) -> dict[str, Any]:
    assert isinstance(t, BakeriesTables)
    s = t.sale
    blocks = []
    for n in range(1, t.rounds + 1):
        lines = [
            _line("Chef multiplier", "phase one (no set: 1x)"),
            _line("5-bonus money", "phase one, to the game score"),
            *[_line(f"Sale {i}", "slot · cake · $") for i in range(1, s.cakes_to_win + 1)],
            _line("Cake sale total", "phase three"),
            _line(  # BK-6: the winner's +20% only for 7 different cakes
                f"Winner bonus / loser {s.loser_keeps_percent}%",
                f"+{s.great_chef_bonus_percent}% only for {s.cakes_to_win} different cakes; "
                f"consolation {'/'.join(str(p) for p in s.consolation_percent)}%",
            ),
            _line(f"Round {n} score", "sale + bonus money", strong=True),
        ]
        blocks.append({"heading": f"Round {n}", "lines": lines})
    blocks.append({"heading": "Game", "lines": [_line("Total", "higher total wins", strong=True)]})
    return {"players": t.players, "blocks": blocks, "note": "Whole dollars (BK-6)."}


def _dudab(t: Any) -> dict[str, Any]:
    assert isinstance(t, DudabTables)
    sc = t.scoring
    blocks = []
    for n in range(1, t.players.max + 1):
        lines = [
            _line("Dudab in hand", f"× {sc.dudab_in_hand}"),
            _line("Shaman left", f"× {sc.unpaired_shaman}, after spare Jungles"),
            _line("Number cards", "values, minus the negative"),
            _line(
                "Babies (option)", "/".join(str(v) for _, v in sorted(sc.baby.items())[:4]) + "/..."
            ),
            _line(f"Round {n}", "total", strong=True),
        ]
        blocks.append({"heading": f"Round {n}", "lines": lines})
    blocks.append({"heading": "Game", "lines": [_line("Total", "lowest wins", strong=True)]})
    return {
        "players": t.players.max,
        "blocks": blocks,
        "note": "As many rounds as players. Jungle cards (option) take the lowest Number "
        "cards, a value each, before they are counted; a spare Jungle (no value left) "
        "discards a Shaman left first, which then scores nothing (DU-4).",
    }


def _foozle(t: Any) -> dict[str, Any]:
    assert isinstance(t, FoozleTables)
    names = [*t.tokens, t.white_token]
    tokens = [
        {"name": name, "colour": COLOURS.get(name, "#888888"), "label": label}
        for name, label in zip(names, abbreviations(names), strict=True)
    ]
    lines = [_line(f"Hand {n}") for n in range(1, FOOZLE_HANDS + 1)]
    total = _line("Tokens held", strong=True)
    legend = ", ".join(f"{token['label']} {token['name']}" for token in tokens)
    return {
        "players": t.players.max,
        "tokens": tokens,
        "blocks": [
            {"heading": "Hands: tick the tokens each player takes (FZ-4)", "lines": lines},
            {"heading": "Game", "lines": [total]},
        ],
        "note": f"Tokens: {legend}. Each player takes a colour's token once a game, for laying "
        f"down a group all of that colour; a {t.white_token} token for each hand won. The game "
        "ends when someone holds all five colours and one player holds the most tokens: that "
        "player wins (FZ-4, FZ-6).",
    }
