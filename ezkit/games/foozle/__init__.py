"""Foozle (seed 004), a set-making game for the Fanucci deck: the rules in .rules (which also
maps the package), the computer player in .bots, scoring for real cards in .score, the screen
in .screen. The names other modules and tests import are re-exported here."""

from typing import TYPE_CHECKING

from ezkit.games import lazy_exports

if TYPE_CHECKING:
    from ezkit.games.foozle.bots import FoozleHeuristicBot
    from ezkit.games.foozle.groups import (
        COLOURS,
        IDS,
        KIND,
        TABLES,
        candidates,
        card,
        kinds_of,
        parse,
        token_of,
    )
    from ezkit.games.foozle.rules import GAME_INFO, Foozle
    from ezkit.games.foozle.score import (
        Standings,
        becomes,
        kinds,
        lay_offs,
        parse_tokens,
        standings,
        token,
    )
    from ezkit.games.foozle.state import FoozleState

__getattr__ = lazy_exports(
    __name__,
    {
        "FoozleHeuristicBot": "ezkit.games.foozle.bots",
        "COLOURS": "ezkit.games.foozle.groups",
        "IDS": "ezkit.games.foozle.groups",
        "KIND": "ezkit.games.foozle.groups",
        "TABLES": "ezkit.games.foozle.groups",
        "candidates": "ezkit.games.foozle.groups",
        "card": "ezkit.games.foozle.groups",
        "kinds_of": "ezkit.games.foozle.groups",
        "parse": "ezkit.games.foozle.groups",
        "token_of": "ezkit.games.foozle.groups",
        "GAME_INFO": "ezkit.games.foozle.rules",
        "Foozle": "ezkit.games.foozle.rules",
        "Standings": "ezkit.games.foozle.score",
        "becomes": "ezkit.games.foozle.score",
        "kinds": "ezkit.games.foozle.score",
        "lay_offs": "ezkit.games.foozle.score",
        "parse_tokens": "ezkit.games.foozle.score",
        "standings": "ezkit.games.foozle.score",
        "token": "ezkit.games.foozle.score",
        "FoozleState": "ezkit.games.foozle.state",
    },
)

__all__ = [
    "COLOURS",
    "GAME_INFO",
    "IDS",
    "KIND",
    "TABLES",
    "Foozle",
    "FoozleHeuristicBot",
    "FoozleState",
    "Standings",
    "becomes",
    "candidates",
    "card",
    "kinds",
    "kinds_of",
    "lay_offs",
    "parse",
    "parse_tokens",
    "standings",
    "token",
    "token_of",
]
