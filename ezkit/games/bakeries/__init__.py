"""The Civil War Battle of the Bakeries (seed 001), as a package: see rules.py for the game
and its readings of the book, state.py for the state, screen.py for what a person is shown.

`ezkit.games.bakeries:Bakeries` is the registry's entry (engine.GAMES); the names below are
what other modules and tests import."""

from ezkit.games.bakeries.rules import GAME_INFO, Bakeries, Covered
from ezkit.games.bakeries.state import BakeriesState
from ezkit.games.engine import IllegalMove

__all__ = ["GAME_INFO", "Bakeries", "BakeriesState", "Covered", "IllegalMove"]
