"""Dudab (seed 002): place your cards on the columns, never be the one to take them.

The package, one module a concern:

    rules.py      the game and its options, the card tables, every move made once (Dudab)
    state.py      a game in progress: whose turn, what each seat sees, scores (DudabState)
    play.py       what a move does: placing, taking columns, drawing, the expansions, scoring
    moves.py      the legal moves of each phase, the typed move, why a move is refused
    narration.py  card names, sorted hands, a round's end told step by step
    bots.py       the computer player (DudabHeuristicBot)
    score.py      the book's scoring steps, for the engine and for `ezkit score dudab`
    screen.py     what a person is shown: a seat's screen, and moves chosen in steps

Cards are written as in DESIGN.md: `red-3-hand` (colour-value-symbol), `shaman-blue`, `dudab`,
`jungle`, `baby`. Columns are numbered from 1. Moves are decisions of the seat to move
(`State.to_move()`), typed as below (a menu number works too):

    who decides              move                                what it does
    the player whose turn    play red-3-hand on 2                place a card on a column
    it is                    play shaman-red on 1                (a Shaman: the next player answers)
                             dudab on 1 request colour red       a Dudab, calling for a colour,
                             dudab on 1 request value 3          a value or a symbol (no call
                             dudab on 1 request symbol hand      below a Jungle: `dudab on 1`)
                             draw                                draw a card (with an open request
                                                                 and no card to meet it: show the
                                                                 hand, then draw)
                             draw discarding red-3-hand          with 5 cards and nothing to play:
                                                                 show the hand, that card to the
                                                                 own pile, then draw
    the next player after    play shaman-blue on 1               answer with a Shaman (on it)
    a Shaman                 dudab on 1 request value 2          answer with a Dudab (on it)
                             pass                                reveal cards until a Number card,
                                                                 draw as many as its value
    the capturing player     discard red-3-hand dudab to         down to 2 cards after taking a
                             discard-pile | own-pile             column: all to one pile
    a player over 5 cards    discard red-3-hand to own-pile      one card at a time, down to 5
    (also when the last draw                                     (at the round's end: DU-6, then
    ends the round, DU-6)                                        the round is scored)
    who drew a Jungle        jungle on 2                         place it on a column (DU-7)
    who drew a Baby          baby on 1                           place it on a column (DU-5)

DU-6: when the last card is drawn, every player holding more than 5 cards puts cards of their
choice on their own pile, one `discard CARD to own-pile` at a time, until they hold 5 (the
drawer of the last card first, then leftward); then the round is scored. The view's phase is
then `trim` with an empty draw pile.
"""

from typing import TYPE_CHECKING

from ezkit.games import lazy_exports

if TYPE_CHECKING:
    from ezkit.games.dudab.bots import DudabHeuristicBot
    from ezkit.games.dudab.rules import (
        BABY,
        DUDAB,
        EXPANSIONS,
        GAME_INFO,
        JUNGLE,
        NUMBER,
        SHAMAN,
        TABLES,
        Dudab,
        Rules,
    )
    from ezkit.games.dudab.state import DudabState

__getattr__ = lazy_exports(
    __name__,
    {
        "DudabHeuristicBot": "ezkit.games.dudab.bots",
        "BABY": "ezkit.games.dudab.rules",
        "DUDAB": "ezkit.games.dudab.rules",
        "EXPANSIONS": "ezkit.games.dudab.rules",
        "GAME_INFO": "ezkit.games.dudab.rules",
        "JUNGLE": "ezkit.games.dudab.rules",
        "NUMBER": "ezkit.games.dudab.rules",
        "SHAMAN": "ezkit.games.dudab.rules",
        "TABLES": "ezkit.games.dudab.rules",
        "Dudab": "ezkit.games.dudab.rules",
        "Rules": "ezkit.games.dudab.rules",
        "DudabState": "ezkit.games.dudab.state",
    },
)

__all__ = [
    "BABY",
    "DUDAB",
    "EXPANSIONS",
    "GAME_INFO",
    "JUNGLE",
    "NUMBER",
    "SHAMAN",
    "TABLES",
    "Dudab",
    "DudabHeuristicBot",
    "DudabState",
    "Rules",
]
