"""Auntie's Fudge's screen (ezkit.games.auntie.screen): what a seat and the table are shown,
and the menu's steps.

The positions' screens are compared with reviewed snapshots in tests/snapshots/auntie/;
`EZKIT_SNAPSHOTS=update pytest tests/test_auntie_screen.py` writes them again (read the diff
before committing it).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from long_runs import scaled

from ezkit.games import decks
from ezkit.games.auntie import Auntie, AuntieState, screen
from ezkit.games.engine import Move
from ezkit.games.screen import WIDTH, Menu, Node

SNAPSHOTS = Path(__file__).parent / "snapshots" / "auntie"
NAMES = ["Ann", "Bob", "Cat", "Bot 3"]
ANN, BOB, CAT, BOT = range(4)


# --- positions ------------------------------------------------------------------------------


def forced(state: AuntieState) -> None:
    """Answer the questions that have one answer, as the table does."""
    while not state.is_over() and len(legal := state.legal_moves()) == 1:
        state.play(legal[0])


def arranged(
    *moves: str,
    first: int = ANN,
    seed: int = 7,
    hands: Mapping[int, Sequence[str]] | None = None,
    **cards: Any,
) -> AuntieState:
    """A game at the start of `first`'s turn with these cards (seats not given a hand hold
    no action cards), then these moves, each followed by the forced answers."""
    state = Auntie(NAMES, first=first).new(seed)
    all_hands: dict[int, Sequence[str]] = dict.fromkeys(range(len(NAMES)), ())
    all_hands.update(hands or {})
    state.arrange(hands=all_hands, **cards)
    forced(state)
    for text in moves:
        state.play(state.parse(text))
        forced(state)
    return state


def start() -> AuntieState:
    """A new game: Bob is the first asked whether to Interrupt Ann's first turn."""
    return Auntie(NAMES, first=ANN).new(3)


def excuse() -> AuntieState:
    """Ann's second Excuse, after a Burden at Bob: Bob is no target now (AU-4)."""
    return arranged(
        "burden Bob",
        hands={ANN: ["give", "swap", "burden", "burden", "ask-auntie", "deflect"]},
        fudge={ANN: ["4", "4", "3", "0"], BOB: ["1", "2"], CAT: ["2", "0"], BOT: ["3", "1"]},
        actions=["give"],
    )


def deflect() -> AuntieState:
    """Bot 3 plays Give at Cat, who is asked whether to Deflect (AU-5)."""
    return arranged(
        "pass",  # Cat, asked first, does not Interrupt
        "give 4 to Cat",
        first=BOT,
        hands={BOT: ["give", "burden"], CAT: ["deflect", "interrupt"]},
        fudge={ANN: ["1", "2"], BOB: ["2"], CAT: ["0", "0", "3"], BOT: ["4", "4", "2"]},
    )


def ask_auntie() -> AuntieState:
    """Ann plays Ask Auntie with two cards left in the stack; Bob is asked first (AU-5, AU-6)."""
    cards = decks.expand("auntie", "fudge")
    return arranged(
        "ask-auntie",
        hands={ANN: ["ask-auntie", "give"], BOB: ["deflect"]},
        fudge={ANN: cards[:10], BOB: cards[10:20], CAT: cards[20:28], BOT: cards[28:38]},
        events=["take-right"],
    )


def event() -> AuntieState:
    """Ann drew Give Left and chooses which fudge card Bob gets (AU-7)."""
    return arranged(
        "ask-auntie",
        hands={ANN: ["ask-auntie", "burden"]},
        fudge={ANN: ["4", "3", "3", "1"], BOB: ["2"], CAT: [], BOT: ["0"]},
        events=["give-left"],
    )


def last_round() -> AuntieState:
    """The fudge stack is empty: this round is the last (AU-9); Cat plays an Excuse."""
    cards = decks.expand("auntie", "fudge")
    return arranged(
        "pass",  # Ann, asked whether to Interrupt
        first=CAT,
        hands={CAT: ["swap", "burden", "give"], ANN: ["interrupt", "deflect"]},
        fudge={ANN: cards[:9], BOB: cards[9:19], CAT: cards[19:29], BOT: cards[29:]},
    )


def over() -> AuntieState:
    """A five-round game played to the end by players who never play an Excuse."""
    state = Auntie(NAMES, rounds=5).new(11)
    while not state.is_over():
        legal = state.legal_moves()
        state.play(next((m for m in legal if m.action in ("stop", "pass")), legal[0]))
    return state


#: Each snapshot: the position and the seats whose screens it shows (None: the table).
POSITIONS: dict[str, tuple[Callable[[], AuntieState], tuple[int | None, ...]]] = {
    "start": (start, (BOB, None)),
    "excuse": (excuse, (ANN, None)),
    "deflect": (deflect, (CAT, BOT, None)),
    "ask_auntie": (ask_auntie, (BOB, None)),
    "event": (event, (ANN, None)),
    "last_round": (last_round, (CAT, None)),
    "over": (over, (BOB, None)),
}


def menu_text(node: Node, depth: int = 0) -> list[str]:
    """Every step of a menu, indented by depth (what a person can walk down to)."""
    lines = []
    for number, child in enumerate(node.children, 1):
        lines.append(f"{'   ' * depth}{number}. {child.label}")
        lines += menu_text(child, depth + 1)
    return lines


def shown(state: AuntieState, seats: Sequence[int | None]) -> str:
    parts = []
    for seat in seats:
        heading = "the table" if seat is None else f"{NAMES[seat]}'s screen"
        parts += [f"=== {heading} ===", *screen.describe(state, seat), ""]
    if not state.is_over():
        mover = NAMES[state.to_move() or 0]
        parts += [f"=== {mover}'s menu ===", *menu_text(Menu(state).root), ""]
    return "\n".join(parts)


@pytest.mark.parametrize("name", POSITIONS)
def test_screens_match_the_reviewed_snapshots(name: str) -> None:
    make, seats = POSITIONS[name]
    text = shown(make(), seats)
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# --- every position -------------------------------------------------------------------------


def random_positions(games: int, names: Sequence[str]) -> Any:
    """Positions of seeded random games with 2 to 6 players, one every few moves. Quiet
    games (new_quiet): a screen is drawn from the seat's view alone (the test below), the
    same in a told game (test_a_quiet_game_plays_exactly_like_a_narrated_one)."""
    for seed in range(games):
        players = 2 + seed % 5
        state = Auntie(list(names[:players])).new_quiet(seed)
        rng = random.Random(seed)
        while not state.is_over():
            if rng.random() < 0.05:
                yield state
            state.play(rng.choice(state.legal_moves()))
        yield state


def test_every_line_fits_80_columns_even_with_the_longest_names() -> None:
    names = [f"{chr(65 + i)}{' Longname' * 4}x{i}"[:40] for i in range(6)]
    names[1] = "B" * 40  # a name with no space in it
    count = 0
    for state in random_positions(60, names):
        for seat in (None, *range(len(state.game.players))):
            for line in screen.describe(state, seat):
                assert len(line) <= WIDTH, line
        count += 1
    assert count >= 300


def test_a_screen_is_drawn_from_that_seats_view_alone() -> None:
    """GT-1: describe() asks the state for nothing but view(seat) (and the game's deck data),
    so it cannot show a card the seat may not see."""

    class Watched:
        def __init__(self, state: AuntieState, seat: int | None) -> None:
            self.game, self.state, self.seat = state.game, state, seat

        def view(self, seat: int | None) -> dict[str, Any]:
            assert seat == self.seat
            return self.state.view(seat)

    for state in random_positions(20, [*NAMES, "Eve", "Fay"]):
        for seat in (None, *range(len(state.game.players))):
            screen.describe(Watched(state, seat), seat)  # type: ignore[arg-type]


def test_reaction_questions_read_the_same_for_holders_and_non_holders() -> None:
    """AU-11: Bob is asked about an Interrupt, then a Deflect, in the same words whether he
    holds the card or not; only his own list of cards differs."""

    def question(bob: list[str], *moves: str) -> list[str]:
        state = Auntie(NAMES, first=ANN).new(5)
        state.arrange(hands={ANN: ["burden", "give"], BOB: bob, CAT: [], BOT: []})
        for text in moves:
            state.play(state.parse(text))
        assert state.to_move() == BOB
        return [line for line in screen.describe(state, BOB) if not line.startswith("Your ")]

    assert question(["interrupt"]) == question(["give"])
    after = ("pass", "pass", "pass", "burden Bob")  # nobody interrupts; Ann burdens Bob
    assert question(["deflect"], *after) == question(["give"], *after)


# --- the menu -------------------------------------------------------------------------------


#: The menu tests' seeded random games of 2 to 6 players (told, as at the table): every
#: menu's labels in the first 60, its longest step in a share of 300 (tests/long_runs.py).
LABELLED = 60
MEASURED = scaled(300, 50)


class Decision(NamedTuple):
    """A decision of those games: its longest menu step (with two moves or more; else
    None) and, in the first LABELLED games, its legal moves, each move's step labels and its
    menu's root (else None: the full run's 300 games keep only the longest steps)."""

    longest: int | None
    legal: list[Move] | None = None
    labels: list[tuple[str, ...]] | None = None
    root: Node | None = None


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    """Every decision of the menu tests' games, played once for both tests (the same games:
    Auntie with 2 + seed % 5 players, rng.choice of the legal moves)."""
    found = []
    for seed in range(max(LABELLED, MEASURED)):
        state = Auntie([f"P{i}" for i in range(2 + seed % 5)]).new(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            menu = Menu(state, legal)
            longest = menu.longest() if seed < MEASURED and len(legal) > 1 else None
            if seed < LABELLED:
                labels = [tuple(screen.steps(state, m)) for m in legal]
                found.append(Decision(longest, legal, labels, menu.root))
            else:
                found.append(Decision(longest))
            state.play(rng.choice(legal))
    return found


@pytest.mark.slow
def test_every_step_offers_at_most_a_dozen_choices(decisions: list[Decision]) -> None:
    """Over 300 seeded random games of 2 to 6 players, no menu step offers more than 12
    choices (the flat menus offered up to 57)."""
    measured = [d.longest for d in decisions if d.longest is not None]
    assert measured and max(measured) <= 12


def test_step_labels_are_unique_among_siblings_so_every_move_is_reachable(
    decisions: list[Decision],
) -> None:
    checked = 0
    for _, legal, labels, root in decisions:
        if legal is None or labels is None or root is None:
            continue
        assert len(set(labels)) == len(labels), labels
        for a in labels:  # a move's labels never lead on to another move's step
            assert not [b for b in labels if b != a and b[: len(a)] == a], (a, labels)
        assert sorted(_leaves(root)) == sorted(legal)  # one menu, walked twice
        for node in _nodes(root):
            names = [c.label for c in node.children]
            assert len(set(names)) == len(names), names
        checked += 1
    assert checked > 100 * LABELLED


def _leaves(node: Node) -> list[Move]:
    return [node.move] if node.move is not None else [m for c in node.children for m in _leaves(c)]


def _nodes(node: Node) -> list[Node]:
    return [node, *(n for c in node.children for n in _nodes(c))]


def test_steps_name_the_card_then_the_player() -> None:
    state = excuse()
    assert screen.steps(state, Move("give", ("4", "to", "Cat"))) == [
        "Give (Excuse)",
        "4 points: County Fair Fish Fudge",
        "to Cat",
    ]
    assert screen.steps(state, Move("burden", ("Cat",))) == ["Burden (Excuse)", "at Cat"]
    state = deflect()
    assert screen.steps(state, Move("deflect", ("to", "Ann"))) == ["Deflect", "to Ann"]
    assert screen.steps(state, Move("pass")) == ["Take the Give"]
