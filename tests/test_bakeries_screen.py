"""The Bakeries screen (ezkit.games.bakeries.screen): what a person is shown, and menus in steps.

Positions of a game (its start, a turn in phase one, the 5-bonus, the second chance, phase two,
a Stale card to place, the consolation round, a round's end, the end of the game) are drawn
for the seat to move and for the public table and compared with reviewed snapshots in
tests/snapshots/bakeries/ (`EZKIT_SNAPSHOTS=update` writes them again: read the diff before
committing it). Over random games: every line fits 80 columns, no menu step offers more than
12 choices, and every legal move is reached by labels unique among their siblings.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from long_runs import scaled

from ezkit.games.bakeries import Bakeries, BakeriesState, screen
from ezkit.games.screen import WIDTH, Menu, Node

NAMES = ["Ann", "Bob"]
ANN, BOB = 0, 1
SNAPSHOTS = Path(__file__).parent / "snapshots" / "bakeries"
ROW_A = ["A1", "A2", "A3", "A4", "A5"]


def play(state: BakeriesState, *texts: str) -> None:
    for text in texts:
        state.play(state.parse(text))


def until(state: BakeriesState, done: Callable[[BakeriesState], bool], seed: int) -> None:
    """Random legal moves (from `seed`) until `done` holds."""
    rng = random.Random(seed)
    while not done(state):
        assert not state.is_over(), "the position never came"
        state.play(rng.choice(state.legal_moves()))


def step(state: BakeriesState) -> str:
    return str(state.view(None)["step"])


# --- the positions --------------------------------------------------------------------------


def start() -> BakeriesState:
    """The roll-off is rolled: its winner chooses to go first or second."""
    return Bakeries(NAMES).new(1)


def flip() -> BakeriesState:
    """Ann rolled a 6 and has turned over two cards; she may turn over two more or stop."""
    state = start()
    play(state, "first" if state.to_move() == ANN else "second")
    state.arrange(board={"A1": "chef-red", "C3": "wild-2x-3x", "F5": "batter-yellow"}, dice=[6])
    play(state, "roll", "flip A1", "flip C3")
    return state


def five() -> BakeriesState:
    """Bob rolled the round's second 5: the 5-bonus is $750 now, or two cards."""
    state = start()
    play(state, "first" if state.to_move() == ANN else "second")
    state.arrange(board={"B2": "hat-green", "D4": "oven-blue"}, dice=[5, 5])
    play(state, "roll", "flip B2", "flip D4", "stop", "roll")
    return state


def second_chance() -> BakeriesState:
    """Ann hired the 5x Red set; Bob has one chance at a lesser set and has turned one card."""
    state = start()
    play(state, "first" if state.to_move() == ANN else "second")
    red = ["chef-red", "hat-red", "apron-red", "oven-red", "batter-red"]
    board = {**dict(zip(ROW_A, red, strict=True)), "B1": "chef-purple", "B2": "hat-green"}
    state.arrange(board=board)
    play(state, "hire", *(f"flip {p}" for p in ROW_A), "flip B1")
    return state


def place() -> BakeriesState:
    """Phase two, four cakes placed: Bob drew a Wedding Cake."""
    state = second_chance()
    cakes = ["lemon-cake", "boston-cream-pie", "sheet-cake", "bundt-cake", "wedding-cake"]
    state.arrange(store=cakes)  # drawn in this order, the first as phase two begins
    play(state, "flip B2")
    assert step(state) == "place", "B2 cannot join a lesser set: phase two, Bob draws first"
    play(state, "place on mine 7", "place on theirs 2", "place on theirs 12", "place on mine 3")
    return state


def stale() -> BakeriesState:
    """Phase three: a number sold already was rolled; a Stale card for the roller's cakes."""
    state = Bakeries(NAMES, turn_cap=8).new(4)
    until(state, lambda s: step(s) == "stale" and s.sold_counts[0] + s.sold_counts[1] >= 5, 4)
    return state


def _consolation_game() -> BakeriesState:
    """Ann hires the 6x Green set, Bob passes; random play to the consolation round, where Bob
    draws slot 8 and rolls 8: a hit (60%), then stop or go on."""
    for seed in range(50):
        state = Bakeries(NAMES, rounds=2).new(seed)
        play(state, "first" if state.to_move() == ANN else "second")
        green = ["chef-green", "hat-green", "apron-green", "oven-green", "batter-green"]
        state.arrange(board=dict(zip(ROW_A, green, strict=True)))
        play(state, "hire", *(f"flip {p}" for p in ROW_A), "pass")
        until(state, lambda s: step(s) in ("consolation", "order"), seed)
        if step(state) != "consolation":
            continue  # Bob sold seven first: no consolation round for Ann
        slots = zip(state.game.slots, state.sold[BOB], strict=True)
        slot = next(s for s, sold in slots if not sold)
        state.arrange(draws=[slot], dice=[max(1, slot - 6), slot - max(1, slot - 6)])
        play(state, "draw")
        return state
    raise AssertionError("no seed gave Ann the round")


def consolation() -> BakeriesState:
    """Ann (6x) sold seven first; Bob (1x) hit once in the consolation round: stop or go on."""
    return _consolation_game()


def round_over() -> BakeriesState:
    """Bob went on for 80% and missed: back to 40%; round 2's roll-off winner chooses."""
    state = _consolation_game()
    c = state.console
    assert c is not None
    state.arrange(draws=[c["drawn"]], dice=[1, 1] if c["drawn"] != 2 else [1, 2])
    play(state, "continue")
    return state


def game_over() -> BakeriesState:
    """Round 2 played out at random: the game is over."""
    state = round_over()
    until(state, lambda s: s.is_over(), 9)
    return state


POSITIONS: dict[str, Callable[[], BakeriesState]] = {
    "start": start,
    "flip": flip,
    "five": five,
    "second-chance": second_chance,
    "place": place,
    "stale": stale,
    "consolation": consolation,
    "round-over": round_over,
    "game-over": game_over,
}


def rendered(name: str, state: BakeriesState) -> str:
    """A position as its snapshot holds it: the seat to move's screen and menu, the table's."""
    doc = (POSITIONS[name].__doc__ or "").strip().split("\n")[0]
    seat = state.to_move()
    players = state.game.players
    parts = [f"# {name}: {doc}"]
    if seat is not None:
        parts += [f"--- {players[seat]}'s screen ---", *screen.describe(state, seat)]
        menu = Menu(state)
        parts += ["--- the menu ---", *menu.lines()]
        if menu.pick(1) is None:
            parts += menu.lines()
    else:  # the game is over: a player's screen too
        parts += [f"--- {players[ANN]}'s screen ---", *screen.describe(state, ANN)]
    parts += ["--- the table ---", *screen.describe(state, None)]
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("name", list(POSITIONS))
def test_screens_match_the_reviewed_snapshots(name: str) -> None:
    state = POSITIONS[name]()
    text = rendered(name, state)
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("EZKIT_SNAPSHOTS") == "update":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}: run with EZKIT_SNAPSHOTS=update, then read it"
    assert text == path.read_text(encoding="utf-8")


def test_the_positions_are_the_steps_they_name() -> None:
    expected = {
        "start": "order",
        "flip": "flip",
        "five": "five",
        "second-chance": "second-chance",
        "place": "place",
        "stale": "stale",
        "consolation": "consolation",
        "round-over": "order",
        "game-over": "over",
    }
    assert {name: step(make()) for name, make in POSITIONS.items()} == expected


# --- what the screen shows -----------------------------------------------------------------


def test_the_board_names_face_up_cards_and_none_turned_face_down_again() -> None:
    """GT-1: a card face up is shown by name and id; once face down again, on no screen."""
    state = flip()
    shown = "\n".join(screen.describe(state, BOB))
    assert "  A1  The 5x Red Chef\n" in shown and "Wild 2x/3x" in shown
    assert "(chef-red)" not in shown  # a card's id means nothing at the table
    play(state, "stop", "roll")
    for seat in (ANN, BOB, None):
        shown = "\n".join(screen.describe(state, seat))
        assert "chef-red" not in shown and "Red Chef" not in shown


def test_the_5_bonus_in_the_header_is_the_one_the_prompt_offers() -> None:
    lines = screen.describe(five(), BOB)
    assert "Turn 2; this 5-bonus $750." in lines
    assert "Die 5: take $750 or turn over 2 cards" in lines
    assert not any("$1,000" in line for line in lines)


def test_stale_marks_are_explained_and_the_menu_says_what_a_card_takes_off() -> None:
    state = stale()
    text = "\n".join(screen.describe(state, ANN))
    assert "-20%: a Cake Going Stale card on the cake" in text
    for move in state.legal_moves():
        (label,) = screen.steps(state, move)
        assert label.startswith(f"Slot {move.args[0]} (") and " -> $" in label


def test_the_round_end_tells_the_money_step_by_step() -> None:
    state = round_over()
    record = state.history[-1]
    text = "\n".join(screen.describe(state, None))
    loser = 1 - record["winner"]
    assert f"Round 1 is over: {NAMES[record['winner']]} sold 7 cakes first." in text
    assert f"keeps 40% (the consolation round missed) = ${record['sale_money'][loser]:,}" in (
        text.replace("\n    ", " ")
    )


def test_a_long_name_never_breaks_a_line_past_80_columns_nor_inside_a_name() -> None:
    long = "Maximiliana Featherstonehaugh-Smythe III"  # 40: the longest name a table takes
    state = Bakeries([long, "Bo"], turn_cap=6).new(5)
    until(state, lambda s: step(s) == "stale", 5)
    lines = screen.describe(state, 1)
    assert all(len(line) <= WIDTH for line in lines)
    assert sum(long in line for line in lines) >= 2  # said whole in the sentences
    assert not any(line.endswith(("Maximiliana", "Featherstonehaugh-Smythe")) for line in lines)


# --- over random games ----------------------------------------------------------------------


def test_every_screen_line_fits_80_columns() -> None:
    """300 positions of seeded random games, long names and short, each seat and the table."""
    positions, seed = 0, 0
    while positions < 300:
        names = NAMES if seed % 2 else ["Maximiliana Featherstonehaugh-Smythe III", "Bo Li"]
        state, rng = Bakeries(names, rounds=1, turn_cap=20).new(seed), random.Random(seed)
        while positions < 300:
            if rng.random() < 0.08 or state.is_over():
                positions += 1
                for seat in (ANN, BOB, None):
                    for line in screen.describe(state, seat):
                        assert len(line) <= WIDTH, (seed, len(state.moves), seat, line)
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        seed += 1


def _siblings_unique(node: Node) -> bool:
    labels = [c.label for c in node.children]
    return len(labels) == len(set(labels)) and all(_siblings_unique(c) for c in node.children)


@pytest.mark.slow
def test_menus_offer_at_most_12_choices_a_step_and_reach_every_move() -> None:
    """Over 300 seeded random games (the longest step over 1,000: 11, a case's slots; the flat
    menu had 31: the 5-bonus and 30 cards): every step has at most 12 labels, unique among
    siblings, and every legal move is one leaf."""
    longest = 0
    for seed in range(scaled(300, 50)):  # a share in `make test` (tests/long_runs.py)
        state = Bakeries(NAMES, rounds=1, turn_cap=30).new_quiet(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            if len(legal) > 1:
                menu = Menu(state, legal)
                steps = menu.longest()
                longest = max(longest, steps)
                assert steps <= 12, (seed, len(state.moves))
                assert _siblings_unique(menu.root), (seed, len(state.moves))
                leaves = menu.root.moves()
                assert sorted(leaves) == sorted(legal) and len(set(leaves)) == len(leaves)
            state.play(rng.choice(legal))
    assert longest == 11


def _walk(menu: Menu, labels: list[str]) -> Any:
    """Pick `labels` one step after another; a step folded into the one above (a single
    choice) shows as labels joined by ': '."""
    rest = list(labels)
    if menu.root.label:  # the menu began below a first step with one choice
        k = next(k for k in range(1, len(rest) + 1) if ": ".join(rest[:k]) == menu.root.label)
        rest = rest[k:]
    picked: Any = None
    while rest:
        options = menu.options()
        k = next(k for k in range(1, len(rest) + 1) if ": ".join(rest[:k]) in options)
        picked = menu.pick(options.index(": ".join(rest[:k])) + 1)
        rest = rest[k:]
    return picked


@pytest.mark.parametrize("name", ["flip", "five", "second-chance", "place", "stale"])
def test_a_menu_walk_makes_the_move_its_labels_name(name: str) -> None:
    """Picking a move's labels step by step ends at that move (the table types its text)."""
    state = POSITIONS[name]()
    for move in state.legal_moves():
        picked = _walk(Menu(state), screen.steps(state, move))
        assert picked == move and state.parse(picked.text()) == move


def test_the_turn_cap_is_told_only_near_it() -> None:
    """BK-3's turn cap (200) means nothing on turn 2; near it, the screen says what it does."""
    assert screen._turn_told(2, 200) == "Turn 2"
    assert screen._turn_told(190, 200) == "Turn 190"
    near = screen._turn_told(191, 200)
    assert near == "Turn 191: phase one ends after turn 200 unless a chef is hired"
    assert screen._turn_told(200, 200).startswith("Turn 200: phase one ends after this turn")
    state = Bakeries(NAMES, turn_cap=3).new(1)
    play(state, "first" if state.to_move() == ANN else "second")
    lines = screen.describe(state, ANN)
    assert "Turn 1: phase one ends after turn 3 unless a chef is hired; next 5-bonus $500." in lines


def test_the_web_board_shows_a_hired_sets_cells_gone_not_face_down() -> None:
    """The view marks a cell whose card left the board with "" (rules.GONE): after Ann's hire
    (BK-3), row A is empty, and the web table's grid must not draw it as five cards face
    down, which Bob, on his second chance, would read as cards to turn."""
    from ezkit.web import boards

    state = second_chance()
    view = state.view(BOB)
    assert view["board"][0] == ["", "", "", "", ""]
    grid = boards.bakeries(view, lambda game, card: {"id": card, "name": card})["grid"]
    states = {c["cell"]: c["state"] for row in grid for c in row}
    assert [states[p] for p in ROW_A] == ["gone"] * 5
    assert states["B1"] == "up" and states["B2"] == "down"
