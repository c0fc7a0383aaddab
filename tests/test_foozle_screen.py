"""Foozle's screen (ezkit.games.foozle.screen): what a seat and the table are shown, and the
menu's steps.

The positions' screens are compared with reviewed snapshots in tests/snapshots/foozle/;
`EZKIT_SNAPSHOTS=update pytest tests/test_foozle_screen.py` writes them again (read the diff
before committing it).
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from long_runs import scaled

from ezkit.games import engine
from ezkit.games.foozle import Foozle, FoozleState, screen
from ezkit.games.screen import WIDTH, Menu, Node

SNAPSHOTS = Path(__file__).parent / "snapshots" / "foozle"
NAMES = ["Ann", "Bob", "Cat"]
ANN, BOB, CAT = range(3)


# --- positions ------------------------------------------------------------------------------


def arranged(*moves: str, seed: int = 1, **cards: object) -> FoozleState:
    """Ann's turn (Cat dealt) with these cards, then these moves."""
    state = Foozle(NAMES, first=CAT).new(seed)
    state.arrange(active=ANN, **cards)  # type: ignore[arg-type]
    for text in moves:
        state.play(state.parse(text))
    return state


def start() -> FoozleState:
    """A new game: Ann, left of the dealer, takes the first card."""
    return Foozle(NAMES, first=CAT).new(1)


def mid_game() -> FoozleState:
    """Random play into the second hand: five groups on the table, tokens won, Ann to lay."""
    state = Foozle([*NAMES, "Dan"]).new(7)
    rng = random.Random(7)
    while len(state.moves) < 60 or not (state.groups and state.view(None)["phase"] == "play"):
        state.play(rng.choice(state.legal_moves()))
    return state


def owed() -> FoozleState:
    """Ann took the 4 of Lamps from the tableau (not the last card): she must play it now."""
    return arranged(
        "take 4-lamps",
        hands={
            ANN: ["2-lamps", "3-lamps", "5-lamps", "4-plungers", "4-zurfs", "9-mazes"],
            BOB: ["1-ears", "5-time", "7-books"],
        },
        groups=[["4-rain", "4-tops", "4-books"], ["6-lamps", "7-lamps", "8-lamps"]],
        tableau=["4-lamps", "7-bugs", "0-ears", "trump-grue"],
        colours={BOB: ["yellow"]},
    )


def hand_over() -> FoozleState:
    """Ann went out with a red run; hand 2 begins with Bob's first turn, Ann dealing."""
    return arranged(
        "take draw",
        "lay 2-lamps 3-plungers 4-fromps",
        hands={ANN: ["2-lamps", "3-plungers"]},
        deck=["4-fromps"],
        whites={CAT: 1},
    )


def game_over() -> FoozleState:
    """Ann's black flush earns her fifth colour: she holds the most tokens and wins (FZ-6)."""
    return arranged(
        "take draw",
        "lay 2-mazes 5-mazes 8-mazes",
        hands={ANN: ["2-mazes", "5-mazes", "8-mazes", "9-lamps"], BOB: ["0-bugs", "trump-time"]},
        colours={ANN: ["brown", "red", "yellow", "blue"], BOB: ["black", "red"]},
        whites={ANN: 1, BOB: 2, CAT: 1},
    )


def many_lays() -> FoozleState:
    """Ten Lamps in a row and two Plungers: 71 lays, asked in steps of a dozen at most."""
    hand = [f"{r}-lamps" for r in range(10)] + ["0-plungers", "1-plungers"]
    return arranged("take draw", hands={ANN: hand}, deck=["5-books"])


POSITIONS: dict[str, Callable[[], FoozleState]] = {
    "start": start,
    "mid_game": mid_game,
    "owed": owed,
    "hand_over": hand_over,
    "game_over": game_over,
    "many_lays": many_lays,
}


# --- snapshots ------------------------------------------------------------------------------


def menu_lines(node: Node, depth: int = 0) -> list[str]:
    """Every step of a menu, numbered as a person sees each."""
    lines = []
    for i, child in enumerate(node.children, 1):
        lines.append(f"{'   ' * depth}{i}. {child.label}")
        lines += menu_lines(child, depth + 1)
    return lines


def shown(state: FoozleState) -> str:
    """The seat to move's screen (the winner's once the game is over), the table's, the menu."""
    seat = state.to_move()
    seat = seat if seat is not None else state.winners()[0]
    player = state.game.players[seat]
    parts = [f"=== {player}'s screen ===", *screen.describe(state, seat)]
    parts += ["", "=== the table ===", *screen.describe(state, None)]
    if not state.is_over():
        parts += ["", f"=== {player}'s menu ===", *menu_lines(Menu(state).root)]
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("position", POSITIONS)
def test_screens_match_the_reviewed_snapshots(position: str) -> None:
    text = shown(POSITIONS[position]())
    path = SNAPSHOTS / f"{position}.txt"
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path}: EZKIT_SNAPSHOTS=update rewrites"


# --- every screen -----------------------------------------------------------------------------


def random_positions(count: int) -> Iterator[FoozleState]:
    """`count` positions from seeded random games of 2 to 6 players, some with a long name:
    the game itself at each, to be left as found."""
    seed = made = 0
    while made < count:
        players = 2 + seed % 5
        names = [f"Player {i}" for i in range(players)]
        if seed % 3 == 0:
            names[0] = "Wilhelmina Augusta Fairweather-Smythe III"  # 40 characters
        state = Foozle(names, hands=2).new(seed)
        rng = random.Random(seed)
        for stop in sorted(rng.sample(range(1, 400), 10)):
            while len(state.moves) < stop and not state.is_over():
                state.play(rng.choice(state.legal_moves()))
            if made < count:
                made += 1
                yield state
        seed += 1


def test_every_screen_line_fits_80_columns() -> None:
    for state in random_positions(300):
        for seat in [None, *range(state.n)]:
            for line in screen.describe(state, seat):
                assert len(line) <= WIDTH, (state.seed, len(state.moves), seat, line)


def test_a_seat_sees_no_card_hidden_from_it() -> None:
    """GT-1: a seat's screen is the same whatever the other hands, draw pile and dump hold."""
    for state in random_positions(40):
        saved = ([list(h) for h in state.hands], list(state.deck), list(state.dump))
        for seat in range(state.n):
            before = screen.describe(state, seat)
            hidden = [k for s in range(state.n) if s != seat for k in state.hands[s]]
            hidden += state.deck + state.dump
            random.Random(seat).shuffle(hidden)
            for s in range(state.n):
                if s != seat:
                    state.hands[s] = sorted(hidden.pop() for _ in state.hands[s])
            state.deck, state.dump = hidden[: len(state.deck)], hidden[len(state.deck) :]
            assert screen.describe(state, seat) == before, (state.seed, seat)
        state.hands, state.deck, state.dump = saved


def test_screens_use_names_not_fields() -> None:
    """No raw fields, seat numbers or floats: a person's words."""
    text = "\n".join(line for s in random_positions(30) for line in screen.describe(s, 0))
    for raw in ("hand_no", "draw_pile", "colours:", "None", ".0", "{", "[", "inf-", "trump-"):
        assert raw not in text


# --- the menu's steps --------------------------------------------------------------------------


@pytest.mark.slow
def test_menus_ask_at_most_a_dozen_per_step() -> None:
    """Over 300 seeded random games (one hand each, 2 to 6 players) no step offers more than
    12 choices; the flat menus offered up to 47 moves."""
    longest = 0
    for seed in range(scaled(300, 50)):  # a share in `make test` (tests/long_runs.py)
        players = [f"P{i}" for i in range(2 + seed % 5)]
        state = Foozle(players, hands=1).new(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            longest = max(longest, Menu(state, legal).longest())
            state.play(rng.choice(legal))
    assert longest <= 12


def unique(node: Node) -> bool:
    labels = [c.label for c in node.children]
    return len(labels) == len(set(labels)) and all(unique(c) for c in node.children)


def test_step_labels_are_unique_among_siblings_so_every_move_is_reachable() -> None:
    for state in itertools.chain((p() for p in POSITIONS.values()), random_positions(150)):
        if state.is_over():
            continue
        legal = state.legal_moves()
        menu = Menu(state, legal)
        assert unique(menu.root), (state.seed, len(state.moves))
        assert sorted(menu.root.moves()) == sorted(legal)
        assert menu.longest() <= 12


def test_many_tableau_cards_are_asked_by_colour_first() -> None:
    """Twenty-three tableau cards Ann could play at once: their colour is asked first."""
    pairs = [f"{r}-{s}" for r in range(6) for s in ("lamps", "zurfs")]
    tableau = [f"{r}-{s}" for r in range(6) for s in ("mazes", "books", "faces", "time")]
    state = arranged(hands={ANN: pairs}, tableau=[*tableau, "9-ears"])
    assert len(state.legal_moves()) == 2 + len(tableau)
    menu = Menu(state)
    assert menu.options() == [
        "Draw the top card of the draw pile",
        "Take the last discard, 9 of Ears",
        "Take a tableau card to play at once",
    ]
    menu.pick(3)
    assert menu.options() == ["black", "brown", "yellow"]
    menu.pick(1)
    assert menu.options() == [f"{r} of Mazes" for r in range(6)]
    assert menu.pick(2) == engine.Move("take", ("1-mazes",))


def test_a_five_card_set_is_asked_by_size_not_as_sixteen_lines() -> None:
    five = ["7-lamps", "7-zurfs", "7-mazes", "7-books", "7-faces"]
    state = arranged("take draw", hands={ANN: [*five, "2-time"]}, deck=["9-bugs"])
    menu = Menu(state)
    assert menu.options()[0] == "Lay down a group: Set of 7s"
    menu.pick(1)
    assert menu.options() == [
        "5 cards: 7 of Lamps, Zurfs, Mazes, Books, Faces",
        "3 cards",
        "4 cards",
    ]
    menu.pick(2)
    assert len(menu.options()) == 10 and menu.options()[0] == "7 of Lamps, Zurfs, Mazes"


def test_steps_name_the_move_in_words() -> None:
    state = owed()
    said = {m.text(): screen.steps(state, m) for m in state.legal_moves()}
    assert said["lay 4-lamps on 2"] == [
        "Lay off a card",
        "4 of Lamps",
        "on group 2, Flush run of Lamps",
    ]
    assert said["lay 2-lamps 3-lamps 4-lamps 5-lamps on 2"] == [
        "Lay down a group",
        "Flush run of Lamps (earns the red token)",
        "2 to 5 of Lamps",
        "joining group 2, Flush run of Lamps",
    ]
    assert said["lay 4-lamps 4-plungers 4-zurfs on 1"] == [
        "Lay down a group",
        "Set of 4s",
        "4 of Lamps, Plungers, Zurfs",
        "joining group 1, Set of 4s",
    ]
    typed = engine.Move("lay", ("2-lamps", "3-lamps", "9-mazes"))  # no group: still in words
    assert screen.steps(state, typed) == ["Lay down a group", "Cards", "2, 3 of Lamps; 9 of Mazes"]
