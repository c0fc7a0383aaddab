"""Auntie's Fudge (seed 000), one package: the rules (rules.py: the game and its options;
state.py, excuses.py, moves.py: a game in play), the computer player (bots.py), scoring real
cards (score.py) and what a person is shown (screen.py).

The names other modules and tests import are re-exported here, so
`from ezkit.games.auntie import Auntie` and the registry's `ezkit.games.auntie:Auntie` work.
"""

from typing import TYPE_CHECKING

from ezkit.games import lazy_exports

if TYPE_CHECKING:
    from ezkit.games.auntie.rules import (
        ACTIONS,
        ASK_AUNTIE,
        BURDEN,
        DEFLECT,
        EVENT_GIVE_WORDS,
        EXCUSES,
        GAME_INFO,
        GIVE,
        INTERRUPT,
        NO_DRAW,
        PASS,
        PHASES,
        RETURN,
        STOP,
        SWAP,
        TABLES,
        VARIANTS,
        Auntie,
    )
    from ezkit.games.auntie.state import AuntieState

__getattr__ = lazy_exports(
    __name__,
    {
        "ACTIONS": "ezkit.games.auntie.rules",
        "ASK_AUNTIE": "ezkit.games.auntie.rules",
        "BURDEN": "ezkit.games.auntie.rules",
        "DEFLECT": "ezkit.games.auntie.rules",
        "EVENT_GIVE_WORDS": "ezkit.games.auntie.rules",
        "EXCUSES": "ezkit.games.auntie.rules",
        "GAME_INFO": "ezkit.games.auntie.rules",
        "GIVE": "ezkit.games.auntie.rules",
        "INTERRUPT": "ezkit.games.auntie.rules",
        "NO_DRAW": "ezkit.games.auntie.rules",
        "PASS": "ezkit.games.auntie.rules",
        "PHASES": "ezkit.games.auntie.rules",
        "RETURN": "ezkit.games.auntie.rules",
        "STOP": "ezkit.games.auntie.rules",
        "SWAP": "ezkit.games.auntie.rules",
        "TABLES": "ezkit.games.auntie.rules",
        "VARIANTS": "ezkit.games.auntie.rules",
        "Auntie": "ezkit.games.auntie.rules",
        "AuntieState": "ezkit.games.auntie.state",
    },
)

__all__ = [
    "ACTIONS",
    "ASK_AUNTIE",
    "BURDEN",
    "DEFLECT",
    "EVENT_GIVE_WORDS",
    "EXCUSES",
    "GAME_INFO",
    "GIVE",
    "INTERRUPT",
    "NO_DRAW",
    "PASS",
    "PHASES",
    "RETURN",
    "STOP",
    "SWAP",
    "TABLES",
    "VARIANTS",
    "Auntie",
    "AuntieState",
]
