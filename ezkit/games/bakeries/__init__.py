"""The Civil War Battle of the Bakeries (seed 001), as a package: see rules.py for the game
and its readings of the book, state.py for the state, screen.py for what a person is shown.

`ezkit.games.bakeries:Bakeries` is the registry's entry (engine.GAMES); the names below are
what other modules and tests import."""

from typing import TYPE_CHECKING

from ezkit.games import lazy_exports

if TYPE_CHECKING:
    from ezkit.games.bakeries.rules import GAME_INFO, Bakeries, Covered
    from ezkit.games.bakeries.state import BakeriesState
    from ezkit.games.engine import IllegalMove

__getattr__ = lazy_exports(
    __name__,
    {
        "GAME_INFO": "ezkit.games.bakeries.rules",
        "Bakeries": "ezkit.games.bakeries.rules",
        "Covered": "ezkit.games.bakeries.rules",
        "BakeriesState": "ezkit.games.bakeries.state",
        "IllegalMove": "ezkit.games.engine",
    },
)

__all__ = ["GAME_INFO", "Bakeries", "BakeriesState", "Covered", "IllegalMove"]
