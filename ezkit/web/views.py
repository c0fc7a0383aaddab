"""What a page shows, as data: a seat's page (or the shared table's), made only of what the
engine gives that seat (GT-1): `describe(state, seat)`, `state.view(seat)` (its hand, drawn as
the print-and-play deck's card faces, ezkit.printing.cards.face), its own legal moves as the
menu of `steps()` (ezkit.games.screen.Menu), the board drawn from the view
(ezkit.web.boards), and the story with `Event.logged_for(seat)`.

The same dict is the page's JSON, what its event stream carries, and the context its template
is rendered from; the pages invent no rule.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.engine import Move, State
from ezkit.games.screen import Menu, Node, describe, steps
from ezkit.games.session import _number
from ezkit.web import boards
from ezkit.web.table import WebTable

#: Story lines a page shows (the newest last).
STORY = 40
#: View entries holding a seat's own cards, in the order a page shows them.
HAND_KEYS = ("hand", "fudge")


@cache
def face(game: str, card_id: str) -> dict[str, Any] | None:
    """A card's face as the printed deck draws it; None for an id that is no card."""
    from ezkit.printing.cards import face as printed

    deck = decks.deck(game)
    try:
        card = deck.card(card_id)
    except InputError:  # an id the deck does not know: shown as text, never a crash
        return None
    return printed(game, card, deck.titles[card.kind])


def story(state: State, seat: int | None) -> list[str]:
    """The newest events as this seat saw them (GT-1: covered cards stay covered)."""
    over = state.is_over()
    told = [t for e in state.log if (t := e.logged_for(seat, over)) is not None]
    return joined(told[-STORY * 2 :])[-STORY:]


#: A scored step's line ("   +3  text", "  -12  text"): a new item, never a wrapped piece.
_STEP = re.compile(r"\s*[+-]?\d+\s\s")


def joined(lines: list[str], strip: bool = True) -> list[str]:
    """The story's events with the pieces of a terminal-wrapped paragraph joined back into
    one sentence: a line indented deeper than the line its paragraph began with, after a
    line that ends mid-sentence, is that paragraph's next piece (the terminal's wrap hangs
    its later lines; ezkit.games.dudab.narration.wrap). The terminal's lines are unchanged."""
    out: list[str] = []
    first = ""  # the line the last paragraph began with
    for line in lines:
        text = line.strip()
        indent = len(line) - len(line.lstrip())
        if (
            out
            and text
            and indent > len(first) - len(first.lstrip())
            and not out[-1].rstrip().endswith((".", "!", "?"))
            and not _STEP.match(line)
        ):
            out[-1] = f"{out[-1].rstrip()} {text}"
            continue
        out.append(line)
        first = line
    return [line.strip() for line in out] if strip else out


def asked(screen: list[str]) -> list[str]:
    """The sentences of `describe()` that say what is asked now: its first paragraph, without
    its indented tables (the board draws those)."""
    first: list[str] = []
    for line in screen:
        if not line.strip():
            if first:
                break
            continue
        first.append(line)
    return [line for line in joined(first, strip=False) if not line.startswith(" ")]


def _menu(state: State, legal: list[Move], hand: set[str]) -> dict[str, Any]:
    """The seat's legal moves as the menu in steps, and for each card in its hand the moves
    that play it (a tap on the card, then where)."""
    menu = Menu(state, legal)

    def node(n: Node, path: list[int]) -> dict[str, Any]:
        return {
            "label": n.label,
            "path": ".".join(map(str, path)),
            "move": None if n.move is None else n.move.text(),
            "children": [node(c, [*path, i]) for i, c in enumerate(n.children, 1)],
        }

    by_card: dict[str, list[dict[str, str]]] = {}
    for move in legal:
        for card in dict.fromkeys(a for a in move.args if a in hand):
            labels = steps(state, move)
            by_card.setdefault(card, []).append(
                {
                    "move": move.text(),
                    "label": " · ".join(labels[1:] or labels),
                    "where": boards.where(labels),
                }
            )
    # a tap on the board: the one move that names that place and plays no card of the hand
    # (a card's moves are picked by tapping the card first, then the place: by_card's where)
    by_target: dict[str, list[str]] = {}
    for move in legal:
        if not any(a in hand for a in move.args):
            target = boards.where(steps(state, move))
            if target is not None:
                by_target.setdefault(target, []).append(move.text())
    return {
        "steps": node(menu.root, [])["children"],
        "by_card": by_card,
        "by_cell": {},
        "by_target": {t: m[0] for t, m in by_target.items() if len(m) == 1},
    }


def _players(table: WebTable, deciding: int | None) -> list[dict[str, Any]]:
    state = table.session.state
    over = state.is_over()
    scores = state.scores() if over else None
    winners = set(state.winners()) if over else set()
    return [
        {
            "name": seat.name,
            "label": seat.label(),
            "to_move": i == deciding,
            "score": None if scores is None else _number(scores[i]),
            "winner": i in winners,
        }
        for i, seat in enumerate(table.session.seats)
    ]


def _common(table: WebTable, seat: int | None) -> dict[str, Any]:
    session = table.session
    state = session.state
    view = state.view(seat)
    reaction = table.reaction()
    over = state.is_over()
    # while a reaction window is open nobody is shown as "to move": who is asked in which
    # order, and how long each takes, would tell who holds a reaction card (AU-11)
    deciding = None if reaction is not None and not table.choosing() else state.to_move()
    screen = describe(state, seat)
    return {
        "version": table.version,
        "game": state.game.title,
        "status": "over" if over else "playing",
        "round": getattr(state, "round", None),
        "players": _players(table, deciding),
        "to_move_name": None if deciding is None else session.seats[deciding].name,
        "waiting": None if reaction is None else f"Does anyone {reaction.word}?",
        "screen": screen,
        "asked": asked(screen),
        "board": boards.board(state.game.name, view, face),
        "story": story(state, seat),
        "results": session.results() if over else [],
        "broken": table.broken,
    }


def seat_page(table: WebTable, seat: int) -> dict[str, Any]:
    """Everything a seat's page shows, from what that seat may see (GT-1)."""
    session = table.session
    state = session.state
    view = state.view(seat)
    page = _common(table, seat)
    hand: list[dict[str, Any]] = []
    for key in HAND_KEYS:
        for card in view.get(key) or []:
            drawn = face(state.game.name, str(card))
            hand.append({"id": str(card), "face": drawn, "pile": key})
    deciding = table.deciding(seat)
    question = table.question(seat)
    ids = {c["id"] for c in hand}
    menu = _menu(state, table.legal(), ids) if deciding else None
    grid = (page["board"] or {}).get("grid")
    if menu is not None and grid:  # a tap on a board cell picks its move
        cells = {c["cell"] for row in grid for c in row}
        menu["by_cell"] = {
            m.args[-1]: m.text() for m in table.legal() if m.args and m.args[-1] in cells
        }
    page.update(
        {
            "seat": seat,
            "player": session.seats[seat].name,
            "hand": hand,
            "your_turn": deciding,
            "question": None
            if question is None
            else {"word": question.word, "text": f"Does anyone {question.word}?"},
            "answered": table.reaction() is not None and seat in table.answers,
            "note": table.notes.get(seat),
            "menu": menu,
        }
    )
    return page


def table_page(table: WebTable) -> dict[str, Any]:
    """The shared screen: what the whole table sees (view(None)), the story, the scores."""
    page = _common(table, None)
    page.update(
        {
            "seat": None,
            "player": None,
            "hand": [],
            "your_turn": False,
            "question": None,
            "answered": False,
            "note": None,
            "menu": None,
        }
    )
    return page
