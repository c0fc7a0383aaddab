"""Auntie's Fudge (seed 000), one package: the rules (rules.py: the game and its options;
state.py, excuses.py, moves.py: a game in play), the computer player (bots.py), scoring real
cards (score.py) and what a person is shown (screen.py).

The names other modules and tests import are re-exported here, so
`from ezkit.games.auntie import Auntie` and the registry's `ezkit.games.auntie:Auntie` work.
"""

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
