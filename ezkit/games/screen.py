"""What a person is shown: each game's screen, and menus chosen in steps.

Every game package has a `screen` module (ezkit/games/<game>/screen.py) with two functions,
used by the terminal table, `game show` and `game log` (and later the web table); none of
them has rules of its own:

    describe(state, seat) -> list[str]    the screen of one seat (None: the public table),
                                          in sentences, names and small tables; at most 80
                                          columns; nothing the seat may not see (GT-1)
    steps(state, move) -> list[str]       how a person picks this move: one label a step,
                                          from the action (or card) to where or what, e.g.
                                          ["Turn over a card", "Row B", "B3"]

A game without a screen module falls back to the engine's view and to the move's own words
as steps.

A menu in steps (`Menu`) is the legal moves arranged as a tree by their steps: at each step
the person picks one of at most a dozen labels by number, and a step with a single choice is
taken without asking. Typing a whole move still works at every step (the engine parses it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ezkit.games.engine import Move, State

Describe = Callable[[State, int | None], list[str]]
Steps = Callable[[State, Move], list[str]]

#: The widest line a screen may print (a terminal's usual width).
WIDTH = 80


_MODULES: dict[str, Any] = {}


def screen_module(state: State) -> Any | None:
    """The game's screen module (ezkit/games/<game>/screen.py), None if it has none."""
    name = state.game.name
    if name not in _MODULES:
        try:
            _MODULES[name] = importlib.import_module(f"ezkit.games.{name}.screen")
        except ModuleNotFoundError:
            _MODULES[name] = None
    return _MODULES[name]


def describe(state: State, seat: int | None) -> list[str]:
    """The screen of one seat (None: the public table): the game's, or the engine's view."""
    return table_lines(state) if seat is None else screen_lines(state, seat)


def steps(state: State, move: Move) -> list[str]:
    """The labels a person picks this move by, one a step (default: the move's words)."""
    module = screen_module(state)
    if module is not None and hasattr(module, "steps"):
        return list(module.steps(state, move))
    return move.text().split()


# --- menus in steps ------------------------------------------------------------------------


@dataclass
class Node:
    """One step of a menu: a label, and either the moves below it or the move it makes."""

    label: str
    children: list[Node] = field(default_factory=list)
    move: Move | None = None

    def moves(self) -> list[Move]:
        if self.move is not None:
            return [self.move]
        return [m for child in self.children for m in child.moves()]


def tree(labelled: Sequence[tuple[Move, Sequence[str]]]) -> Node:
    """The moves arranged by their step labels; a step with one choice is folded into the
    step above it (its label joined on), so nobody is asked a question with one answer."""
    root = Node("")
    for move, labels in labelled:
        node = root
        for label in labels[:-1] if labels else []:
            found = next((c for c in node.children if c.label == label and c.move is None), None)
            if found is None:
                found = Node(label)
                node.children.append(found)
            node = found
        node.children.append(Node(labels[-1] if labels else move.text(), move=move))
    return _fold(root)


def _fold(node: Node) -> Node:
    node.children = [_fold(c) for c in node.children]
    while len(node.children) == 1 and node.move is None and node.label:
        only = node.children[0]
        node = Node(f"{node.label}: {only.label}", only.children, only.move)
    return node


class Menu:
    """A menu walked in steps: `options()` are the labels of the current step; `pick(n)`
    goes one step down (or returns the move); `back()` goes one step up."""

    def __init__(self, state: State, legal: Sequence[Move] | None = None) -> None:
        legal = list(state.legal_moves() if legal is None else legal)
        self.root = tree([(m, steps(state, m)) for m in legal])
        #: The steps there was one way to take, not asked: still said over the choices
        #: ("Discard a card >" over the cards, not the cards alone)
        self.lead: list[str] = []
        while len(self.root.children) == 1 and self.root.children[0].move is None:
            self.root = self.root.children[0]  # one way to start: no question about it
            self.lead.append(self.root.label)
        self.path: list[Node] = [self.root]

    @property
    def here(self) -> Node:
        return self.path[-1]

    def options(self) -> list[str]:
        return [c.label for c in self.here.children]

    def lines(self) -> list[str]:
        """The current step, numbered; with the steps taken so far as its heading."""
        taken = " > ".join([*self.lead, *(n.label for n in self.path[1:])])
        head = [f"  {taken} >"] if taken else []
        return head + [f"  {i}. {label}" for i, label in enumerate(self.options(), 1)]

    def pick(self, number: int) -> Move | None:
        """Choose option `number` (1-based): the move it makes, or None after a step down.
        IndexError if there is no such option."""
        if not 1 <= number <= len(self.here.children):
            raise IndexError(number)
        child = self.here.children[number - 1]
        if child.move is not None:
            return child.move
        self.path.append(child)
        return None

    def back(self) -> bool:
        """One step up; False at the top."""
        if len(self.path) == 1:
            return False
        self.path.pop()
        return True

    def longest(self) -> int:
        """The most choices any step of this menu offers (the measure: at most a dozen)."""

        def widest(node: Node) -> int:
            return max([len(node.children), *(widest(c) for c in node.children)], default=0)

        return widest(self.root)


# --- showing a view ------------------------------------------------------------------------


#: View entries that hold a seat number (shown as the player's name), in any game.
SEAT_KEYS = frozenset(
    {"active", "first", "to_move", "interrupted_by", "named", "by", "target", "deflected_by",
     "dealer", "leader", "winner"}
)  # fmt: skip
#: View entries not worth a line on the screen (the seat is the player himself).
HIDDEN_KEYS = frozenset({"seat", "game", "players"})


def _show_value(value: Any, names: Sequence[str], key: str = "") -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in SEAT_KEYS and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, Mapping):
        shown = (f"{k}: {_show_value(v, names, str(k))}" for k, v in value.items())
        return "; ".join(shown) or "-"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(_show_value(v, names) for v in value) or "-"
    return "-" if value is None else str(value)


def view_lines(
    view: Mapping[str, Any], keys: Iterable[str], names: Sequence[str] = (), by_seat: bool = False
) -> list[str]:
    """One line per entry; with by_seat (public entries), a list with one item per player is
    shown by name."""
    lines = []
    for key in keys:
        value = view[key]
        if key in HIDDEN_KEYS:
            continue
        if by_seat and isinstance(value, list) and len(value) == len(names):
            value = {names[i]: v for i, v in enumerate(value)}
        lines.append(f"  {str(key).replace('_', ' ')}: {_show_value(value, names, key)}")
    return lines


def screen_lines(state: State, seat: int) -> list[str]:
    """A seat's screen: what only he sees (his hand), then what the whole table sees.

    A game may give its own `describe(seat) -> list[str]`; otherwise the seat's view is set
    against the table's and the entries that differ are his."""
    module = screen_module(state)
    if module is not None:
        return list(module.describe(state, seat))
    describe = getattr(state, "describe", None)
    if callable(describe):
        return list(describe(seat))
    own, public = state.view(seat), state.view(None)
    mine = [k for k in own if public.get(k) != own[k] and k not in HIDDEN_KEYS]
    lines = ["Yours:", *view_lines(own, mine, state.game.players)] if mine else []
    return [*lines, *table_lines(state, public, skip=mine)]


def table_lines(
    state: State, public: Mapping[str, Any] | None = None, skip: Iterable[str] = ()
) -> list[str]:
    """What the whole table sees (empty entries left out)."""
    module = screen_module(state)
    if module is not None and public is None and not skip:
        return list(module.describe(state, None))
    public = state.view(None) if public is None else public
    skipped = {*skip, "to_move"}
    shared = [k for k in public if k not in skipped and public[k] is not None]
    return ["The table:", *view_lines(public, shared, state.game.players, by_seat=True)]


def menu_lines(legal: Sequence[Move]) -> list[str]:
    return [f"  {i}. {m.text()}" for i, m in enumerate(legal, 1)]


def grouped_moves(state: State, width: int = 80) -> list[str]:
    """The legal moves for `game show`: grouped under the menu's first step, each with the
    number `game move` takes, several to a line (42 Dudab moves fit in a dozen lines)."""
    legal = state.legal_moves()
    number = {m: i for i, m in enumerate(legal, 1)}
    lines: list[str] = []
    for node in Menu(state, legal).root.children:
        lines.append(f"  {node.label}:")
        line = "   "
        for move in node.moves():
            item = f" {number[move]}. {move.text()}"
            if len(line) + len(item) > width and line.strip():
                lines.append(line)
                line = "   "
            line += item
        lines.append(line)
    return lines
