"""Foozle (seed 004), a set-making game for the Fanucci deck: the rules in .rules (which also
maps the package), the computer player in .bots, scoring for real cards in .score, the screen
in .screen. The names other modules and tests import are re-exported here."""

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
