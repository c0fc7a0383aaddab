"""Score pads for the four card games as view models: a grid to fill in by hand.

Rows are the game's rounds or hands, each with the lines its scoring asks for
(Bakeries: phase money lines; Dudab: the scoring steps of DU-4; Foozle: tokens of
FZ-4); columns are the players. Labels and numbers come from the deck files' tables.
"""

from __future__ import annotations

from typing import Any

from ezkit.games import decks
from ezkit.games.decks import AuntieTables, BakeriesTables, DudabTables, FoozleTables

COLOURS = {
    "black": "#1d1d1d",
    "brown": "#7a4a21",
    "red": "#c0392b",
    "yellow": "#d9a400",
    "blue": "#1f5fa8",
    "white": "#ffffff",
}
FOOZLE_HANDS = 14


def _line(label: str, note: str = "", strong: bool = False) -> dict[str, Any]:
    return {"label": label, "note": note, "strong": strong, "tokens": []}


def scorepad(game: str) -> dict[str, Any]:
    deck = decks.deck(game)
    build = {"auntie": _auntie, "bakeries": _bakeries, "dudab": _dudab, "foozle": _foozle}[game]
    pad = build(deck.tables)
    pad["title"] = deck.name
    pad["seats"] = [f"Player {i}" for i in range(1, pad.pop("players") + 1)]
    return pad


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
            _line(
                f"Winner +{s.great_chef_bonus_percent}% / loser {s.loser_keeps_percent}%",
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
            _line("Shaman left", f"× {sc.unpaired_shaman}"),
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
        "cards before they are counted (DU-4).",
    }


def _foozle(t: Any) -> dict[str, Any]:
    assert isinstance(t, FoozleTables)
    tokens = [
        {"name": c, "colour": COLOURS.get(c, "#888888"), "initial": c[:2].title()}
        for c in (*t.tokens, t.white_token)
    ]
    lines = []
    for n in range(1, FOOZLE_HANDS + 1):
        line = _line(f"Hand {n}")
        line["tokens"] = tokens
        lines.append(line)
    total = _line("Tokens held", "all five colours and the most tokens wins", strong=True)
    return {
        "players": t.players.max,
        "blocks": [{"heading": "Hands: mark the tokens taken (FZ-4)", "lines": [*lines, total]}],
        "note": f"One {', '.join(t.tokens)} token each a game; a {t.white_token} token for "
        "each hand won (FZ-4, FZ-6).",
    }
