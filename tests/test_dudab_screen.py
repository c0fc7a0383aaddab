"""Dudab's screen (ezkit.games.dudab.screen): positions as a seat and as the table see them,
compared with reviewed snapshots (tests/snapshots/dudab/*.txt; `EZKIT_SNAPSHOTS=update`
writes them again, to be read before they are committed); every line within 80 columns and in
words, not raw fields; menus of at most a dozen choices a step; every move reachable by its
labels."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from long_runs import scaled
from test_dudab import ANN, BOB, CAT, DAN, play, position

from ezkit.games.dudab import Dudab, DudabState
from ezkit.games.dudab.screen import describe, steps
from ezkit.games.engine import Event
from ezkit.games.screen import WIDTH, Menu, Node

SNAPSHOTS = Path(__file__).parent / "snapshots" / "dudab"
UPDATE = os.environ.get("EZKIT_SNAPSHOTS") == "update"
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def random_game(seed: int, upto: int, players: int = 4, **options: Any) -> DudabState:
    """A game of random moves (drawn from the seed) after `upto` moves or at its end."""
    state = Dudab(NAMES[:players], **options).new(seed)
    rng = random.Random(seed)
    while len(state.moves) < upto and not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    return state


def menu_lines(state: DudabState) -> list[str]:
    """The whole menu of the seat to move, one step a level deeper."""

    def walk(node: Node, depth: int) -> list[str]:
        lines = []
        for number, child in enumerate(node.children, 1):
            lines.append(f"{'    ' * depth}{number}. {child.label}")
            lines += walk(child, depth + 1)
        return lines

    return walk(Menu(state).root, 1)


def screens(state: DudabState, seat: int, told: list[Event] | None = None) -> str:
    """What the snapshot holds: the events told to the table (if any), the seat's screen, the
    table's, and the seat's menu when it is to move."""
    name = state.game.players[seat]
    parts: list[str] = []
    if told is not None:
        parts += ["== What the table is told ==", *(e.text for e in told if e.seats is None)]
    parts += [f"== {name}'s screen ==", *describe(state, seat)]
    parts += ["== The table's screen ==", *describe(state, None)]
    if state.to_move() == seat:
        parts += [f"== {name}'s moves ==", *menu_lines(state)]
    return "\n".join(parts) + "\n"


# --- the positions -----------------------------------------------------------------------------


def start() -> str:
    state = Dudab(NAMES, first=ANN).new(7)
    return screens(state, ANN)


def midgame() -> str:
    # round 2 of a game with both expansions: a Jungle column, cards under a Baby, scores
    state = random_game(44, 82, jungle=True, baby=True)
    return screens(state, state.to_move() or 0)


def shaman() -> str:
    # a reaction: Ann's Shaman on column 1 waits for Bob's answer
    state = position(
        hands={
            ANN: ["shaman-red", "blue-4-club", "green-2-hide"],
            BOB: ["shaman-blue", "dudab", "blue-1-hide", "yellow-3-club"],
            CAT: ["red-2-hide", "yellow-2-hand", "blue-3-mammoth"],
            DAN: ["green-3-hand", "dudab"],
        },
        columns=[["green-4-club", "red-3-hand"], ["yellow-4-club"], ["green-1-club", "dudab"]],
        piles={BOB: ["red-4-mammoth", "shaman-green", "dudab"]},
        discard=["blue-2-hand"],
    )
    play(state, "play shaman-red on 1")
    return screens(state, BOB)


def capture() -> str:
    # Ann's sixth card took column 1: she keeps 2 cards, the others go to one pile
    state = position(
        hands={
            ANN: ["blue-2-hide", "dudab", "yellow-4-hand", "green-1-mammoth"],
            BOB: ["red-2-hide", "yellow-2-hand", "blue-3-mammoth"],
            CAT: ["green-3-hand", "shaman-yellow"],
            DAN: ["yellow-1-club", "red-4-hand", "green-2-hide"],
        },
        columns=[
            ["red-1-hand", "blue-2-club", "red-3-hand", "blue-4-club", "red-3-mammoth"],
            ["yellow-4-club"],
            ["green-1-club"],
        ],
    )
    play(state, "play blue-2-hide on 1")
    return screens(state, ANN)


def round_end() -> str:
    # the last card is drawn: Bob puts cards on his pile (DU-6), the round is scored
    state = random_game(15, 103, players=3, rounds=2)
    before = screens(state, BOB)
    rng = random.Random(15)
    told: list[Event] = []
    while state.round == 1:
        told += state.play(rng.choice(state.legal_moves()))
    return before + screens(state, state.to_move() or 0, told)


def game_over() -> str:
    state = random_game(3, 10_000, players=3, rounds=2)
    assert state.is_over()
    return screens(state, ANN)


POSITIONS: dict[str, Callable[[], str]] = {
    "start": start,
    "midgame": midgame,
    "shaman": shaman,
    "capture": capture,
    "round_end": round_end,
    "game_over": game_over,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_screens_match_their_reviewed_snapshot(name: str) -> None:
    text = POSITIONS[name]()
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}: run with EZKIT_SNAPSHOTS=update, then read it"
    assert text == path.read_text(encoding="utf-8"), f"{name}: the screen changed"


# --- every screen ------------------------------------------------------------------------------

#: What a screen for people never shows: card ids, floats, dict fields, seat numbers.
RAW = re.compile(
    r"\b(red|blue|yellow|green)-[1-4]-|shaman-|\d\.\d|[{}\[\]]|\b(None|True|False)\b"
    r"|\b(seat|phase|hand_counts|pile_counts|to_move|buried|by): "
)
LONG = "Wilhelmina Hortensia Featherstonehaugh-Ray"[:40]  # the longest name a table takes


def positions(count: int) -> Iterator[tuple[DudabState, int]]:
    """`count` positions of random games (players and expansions varied, and the game's end),
    each with its number of seats; one game in five is played by players with 40-character
    names. Each position is given as the game goes on: look at it before the next."""
    given = seed = 0
    while True:
        players = 2 + seed % 5
        long = seed % 5 == 4
        names = [f"{LONG[:-1]}{i}" if long else f"{NAMES[i % 4]}{i}" for i in range(players)]
        game = Dudab(names, jungle=seed % 2 == 1, baby=seed % 3 != 0, rounds=min(players, 2))
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        stops = set(rng.sample(range(1, 400), 9))
        while not state.is_over():
            if len(state.moves) in stops or given == 0:
                yield state, players
                given += 1
            state.play(rng.choice(state.legal_moves()))
        yield state, players  # the game's end
        given += 1
        if given >= count:
            return
        seed += 1


def test_every_screen_line_fits_80_columns_and_is_in_words() -> None:
    checked = 0
    for state, players in positions(300):
        for seat in [None, *range(players)]:
            for line in describe(state, seat):
                assert len(line) <= WIDTH, f"{len(line)} columns: {line!r}"
                assert not RAW.search(line), f"raw field or id: {line!r}"
        checked += 1
    assert checked >= 300


def _siblings_unique(node: Node) -> bool:
    labels = [c.label for c in node.children]
    return len(labels) == len(set(labels)) and all(_siblings_unique(c) for c in node.children)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}], ids=["base", "both"])
def test_menus_offer_at_most_a_dozen_choices_a_step_and_reach_every_move(
    options: dict[str, Any],
) -> None:
    """Over 150 seeded random games each (300 in all): no step offers more than 12 choices
    (the flat menus offered up to 45), step labels are unique among siblings, and the menu
    holds every legal move once."""
    longest = 0
    for seed in range(scaled(150, 25)):  # a share in `make test` (tests/long_runs.py)
        players = 2 + seed % 5
        state = Dudab(NAMES[:2] + [f"P{i}" for i in range(2, players)], **options).new_quiet(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            if len(legal) > 1:
                menu = Menu(state, legal)
                longest = max(longest, menu.longest())
                assert menu.longest() <= 12, (seed, len(state.moves), menu.options())
                assert _siblings_unique(menu.root), (seed, len(state.moves))
                assert sorted(menu.root.moves()) == sorted(legal)
            state.play(rng.choice(legal))
    assert longest >= 6  # the menus were measured, not skipped


def test_steps_name_the_card_then_the_column_then_the_call() -> None:
    state = position(hands={ANN: ["dudab", "red-2-club"]})
    labels = {m.text(): steps(state, m) for m in state.legal_moves()}
    assert labels["play red-2-club on 1"] == ["Play Red 2 Club", "Column 1, on Yellow 1 Mammoth"]
    assert labels["dudab on 2 request symbol hide"] == [
        "Say Dudab!",
        "Column 2, on Yellow 4 Club",
        "Call for a symbol",
        "Hide",
    ]
    assert labels["draw"] == ["Draw a card"]
    menu = Menu(state)
    assert menu.options() == [
        "Play Red 2 Club: Column 1, on Yellow 1 Mammoth",
        "Say Dudab!",
        "Draw a card",
    ]
