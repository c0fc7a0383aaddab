"""The public table drawn for people: one small function per game, each made only from
`state.view(seat)` (or `view(None)` for the shared screen), never from hidden state (GT-1).

They live here, beside each other, rather than beside each game's terminal screen module:
they share one shape (below) that one template draws, and their words are the web page's,
not the 80-column screen's; a game's rules stay in the game.

A board is a dict of optional parts, drawn in this order by templates/web/main.html:

    piles      [{target, label, top, under, unshown, buried, count}]  a column: its top card
               whole, a few cards under it fanned, the visible cards not fanned (`unshown`)
               and the ones buried under a Baby (`buried`, invisible by the book) counted;
               `count` is the visible cards (Dudab)
    grid       [[{cell, target, state, face}]]  a memory board: face down, gone or up (Bakeries)
    cases      [{label, slots: [{slot, target, times, cake, stale, sold}]}]  each player's case
               (Bakeries, phase two)
    rows       [{target, label, cards}]  groups on the table as rows of small cards (Foozle)
    stacks     [{label, count, back, top}]  the draw and discard piles with their counts
    seats      [str]  each player's public counts, a sentence each
    sentences  [str]  what a game shows as text (Auntie)

`target` names a tap target ("column-2", "cell-A1", "group-1", "slot-you-4"): `where(labels)`
finds the same name in a move's `steps()` labels, so a tap on the board picks its "where".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

#: A card's face (ezkit.web.views.face): None for an id the deck does not know.
Face = Callable[[str, str], "dict[str, Any] | None"]
#: Cards of a column shown under its top card (the other visible ones counted as not shown).
FANNED = 3

_COLUMN = re.compile(r"^Column (\d+)\b")
_CELL = re.compile(r"^([A-Z]\d{1,2})$")
_GROUP = re.compile(r"\bgroup (\d+)\b", re.IGNORECASE)
_SLOT = re.compile(r"^Slot (\d+)\b")
_GIVEN = re.compile(r"^Give it to (.+?) \(")


def where(labels: Sequence[str]) -> str | None:
    """The board target a move's steps name (its "where" step), if any."""
    for label in labels[1:]:
        if m := _COLUMN.match(label):
            return f"column-{m.group(1)}"
        if m := _CELL.match(label):
            return f"cell-{m.group(1)}"
        if m := _GROUP.search(label):
            return f"group-{m.group(1)}"
        if m := _SLOT.match(label):  # a Bakeries case's slot: whose case the first step says
            given = _GIVEN.match(labels[0])
            return f"slot-{'to-' + given.group(1) if given else 'you'}-{m.group(1)}"
    return None


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _card(game: str, face: Face, card: str) -> dict[str, Any]:
    return {"id": card, "face": face(game, card)}


def dudab(view: dict[str, Any], face: Face) -> dict[str, Any]:
    """The columns (top card last in the view), the draw and discard piles, the counts."""
    piles = []
    for c, column in enumerate(view.get("columns") or [], 1):
        cards = [str(x) for x in column.get("cards") or []]
        top = _card("dudab", face, cards[-1]) if cards else None
        under = [_card("dudab", face, x) for x in reversed(cards[:-1])][:FANNED]
        unshown = max(len(cards) - 1 - len(under), 0)  # visible, only not drawn
        piles.append(
            {
                "target": f"column-{c}",
                "label": f"Column {c}",
                "top": top,
                "under": under,
                "unshown": unshown,
                "buried": int(column.get("buried") or 0),  # under a Baby (the engine's word)
                "count": len(cards),  # the visible cards: the ones the capturing card counts
            }
        )
    discard = [str(x) for x in view.get("discard") or []]
    stacks = [
        {"label": "Draw pile", "count": int(view.get("draw_pile") or 0), "back": True},
        {
            "label": "Discard pile",
            "count": len(discard),
            "back": False,
            "top": _card("dudab", face, discard[-1]) if discard else None,
        },
    ]
    players = view.get("players") or []
    hands = view.get("hand_counts") or []
    own = view.get("pile_counts") or []
    totals = view.get("totals") or []
    seats = [
        f"{p}: {_plural(hands[i], 'card')} in hand, {own[i]} on the own pile"
        + (f", {totals[i]} points so far" if i < len(totals) and totals[i] else "")
        for i, p in enumerate(players)
        if i < len(hands) and i < len(own)
    ]
    return {"piles": piles, "stacks": stacks, "seats": seats}


def bakeries(view: dict[str, Any], face: Face) -> dict[str, Any]:
    """The memory board as a grid of slots (A1, A2, ...): face down, gone or turned up."""
    grid = []
    for r, row in enumerate(view.get("board") or []):
        cells = []
        for c, value in enumerate(row):
            cell = f"{chr(ord('A') + r)}{c + 1}"
            # the view's cells: "?" face down, "" gone (a hired set's), else a card face up
            card = value if isinstance(value, str) and value not in ("?", ".", "") else None
            cells.append(
                {
                    "cell": cell,
                    "target": f"cell-{cell}",
                    "state": "up" if card else ("gone" if value in ("", ".", None) else "down"),
                    "face": face("bakeries", card) if card else None,
                }
            )
        grid.append(cells)
    players = view.get("players") or []
    money = view.get("scores") or []
    chefs = view.get("chefs") or []
    times = view.get("multipliers") or []
    seats = []
    for i, p in enumerate(players):
        line = f"{p}: ${money[i] if i < len(money) else 0}"
        chef = chefs[i] if i < len(chefs) else None
        if chef:
            f = face("bakeries", str(chef))
            line += f", chef {f['name'] if f else chef}"
        if i < len(times) and times[i] != 1:
            line += f", {times[i]}x"
        seats.append(line)
    drawn = view.get("drawn")
    stacks = []
    if drawn:
        stacks.append({"label": "Drawn cake", "count": 1, "top": _card("bakeries", face, drawn)})
    if "store" in view:
        stacks.append({"label": "Store", "count": int(view.get("store") or 0), "back": True})
    return {"grid": grid, "cases": _cases(view, face), "stacks": stacks, "seats": seats}


def _cases(view: dict[str, Any], face: Face) -> list[dict[str, Any]]:
    """Phase two: each player's case, its slots (2 to 12, each with its multiplier) holding
    a cake or empty; stale and sold as the view says."""
    slots = view.get("slots") or []
    times = view.get("slot_multipliers") or []
    players = view.get("players") or []
    stale = view.get("stale") or []
    sold = view.get("sold") or []
    cases = []
    for p, case in enumerate(view.get("cases") or []):
        shown = []
        for i, cake in enumerate(case):
            shown.append(
                {
                    "slot": slots[i] if i < len(slots) else i + 2,
                    "times": times[i] if i < len(times) else None,
                    "cake": _card("bakeries", face, str(cake)) if cake else None,
                    "stale": p < len(stale) and i < len(stale[p]) and bool(stale[p][i]),
                    "sold": p < len(sold) and i < len(sold[p]) and bool(sold[p][i]),
                }
            )
        name = players[p] if p < len(players) else f"Player {p + 1}"
        owner = "you" if p == view.get("seat") else f"to-{name}"
        for slot in shown:
            slot["target"] = f"slot-{owner}-{slot['slot']}"
        cases.append({"label": f"{name}'s case", "slots": shown})
    return cases


def foozle(view: dict[str, Any], face: Face) -> dict[str, Any]:
    """The groups on the table as rows of small cards, the tableau, the piles, the tokens."""
    rows = []
    for g, group in enumerate(view.get("groups") or [], 1):
        kinds = ", ".join(str(k) for k in group.get("kinds") or [])
        rows.append(
            {
                "target": f"group-{g}",
                "label": f"Group {g}" + (f": {kinds}" if kinds else ""),
                "cards": [_card("foozle", face, str(c)) for c in group.get("cards") or []],
            }
        )
    tableau = [str(c) for c in view.get("tableau") or []]
    stacks = [
        {"label": "Draw pile", "count": int(view.get("draw_pile") or 0), "back": True},
        {"label": "Dump", "count": int(view.get("dump") or 0), "back": True},
    ]
    players = view.get("players") or []
    hands = view.get("hand_counts") or []
    tokens = view.get("tokens") or []
    seats = []
    for i, p in enumerate(players):
        line = f"{p}: {_plural(hands[i], 'card')}" if i < len(hands) else p
        if i < len(tokens):
            t = tokens[i]
            held = [*t.get("colours", []), *(["white"] * int(t.get("white") or 0))]
            line += f"; tokens: {', '.join(held) if held else 'none'}"
        seats.append(line)
    board: dict[str, Any] = {"rows": rows, "stacks": stacks, "seats": seats}
    if tableau:  # oldest first: the last one is on top
        board["tableau"] = {
            "label": f"Tableau ({_plural(len(tableau), 'card')}, the last on top)",
            "cards": [_card("foozle", face, c) for c in tableau],
        }
    return board


def auntie(view: dict[str, Any], face: Face) -> dict[str, Any]:
    """Auntie's public information in sentences: who holds how many cards, the piles left."""
    players = view.get("players") or []
    fudge = view.get("fudge_counts") or []
    hands = view.get("hand_counts") or []
    seats = [
        f"{p} holds {_plural(fudge[i], 'fudge card')} and {_plural(hands[i], 'action card')}."
        for i, p in enumerate(players)
        if i < len(fudge) and i < len(hands)
    ]
    sentences = [
        f"The fudge stack has {_plural(int(view.get('stack') or 0), 'card')}, the action deck "
        f"{int(view.get('action_deck') or 0)}, the event deck {int(view.get('event_deck') or 0)}."
    ]
    for key, title in (("action_discard", "action"), ("event_discard", "event")):
        pile = view.get(key) or {}
        if pile:
            named = ", ".join(
                f"{_name('auntie', face, str(k))}{f' ×{n}' if n > 1 else ''}"
                for k, n in pile.items()
            )
            sentences.append(f"On the {title} discard pile: {named}.")
        else:
            sentences.append(f"The {title} discard pile is empty.")
    return {"seats": seats, "sentences": sentences}


def _name(game: str, face: Face, card: str) -> str:
    f = face(game, card)
    return str(f["name"]) if f and f.get("name") else card.replace("-", " ").capitalize()


BOARDS: dict[str, Callable[[dict[str, Any], Face], dict[str, Any]]] = {
    "dudab": dudab,
    "bakeries": bakeries,
    "foozle": foozle,
    "auntie": auntie,
}


def board(game: str, view: dict[str, Any], face: Face) -> dict[str, Any] | None:
    """A game's board from a seat's view (GT-1: nothing but the view); None for a game
    without one."""
    draw = BOARDS.get(game)
    if draw is None:
        return None
    parts: dict[str, Any] = {"piles": [], "grid": [], "cases": [], "rows": [], "tableau": None}
    drawn = {**parts, "stacks": [], "seats": [], "sentences": [], **draw(view, face)}
    drawn["stacks"] = [{"top": None, "back": False, **s} for s in drawn["stacks"]]
    return drawn
