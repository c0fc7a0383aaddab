"""Menus in steps (ezkit.games.screen) and the table's prompt: a number is a choice, `back`
goes up, `help` explains, a wrong entry shows the menu again with the range."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ezkit.games import engine
from ezkit.games.engine import Move
from ezkit.games.screen import Menu, tree
from ezkit.games.table import HUMAN, Quit, Seat, Session, run
from ezkit.words import plural


def moves(*texts: str) -> list[tuple[Move, list[str]]]:
    return [(Move(t.split()[0], tuple(t.split()[1:])), t.split()) for t in texts]


def test_a_step_with_one_choice_is_folded_into_the_step_above() -> None:
    root = tree(moves("give 4 to Bob", "give 4 to Cat", "burden Bob", "stop"))
    assert [c.label for c in root.children] == ["give: 4: to", "burden: Bob", "stop"]
    assert [c.label for c in root.children[0].children] == ["Bob", "Cat"]
    assert root.children[1].move == Move("burden", ("Bob",))


class Fixed:
    """A state stand-in with fixed legal moves, for Menu."""

    def __init__(self, texts: list[str]) -> None:
        self.legal = [Move(t.split()[0], tuple(t.split()[1:])) for t in texts]
        self.game: Any = type("G", (), {"name": "nonesuch"})()

    def legal_moves(self) -> list[Move]:
        return list(self.legal)


def test_menu_walks_down_and_back_and_refuses_a_number_out_of_range() -> None:
    menu = Menu(Fixed(["flip A1", "flip A2", "flip B1", "roll"]))  # type: ignore[arg-type]
    assert menu.options() == ["flip", "roll"]
    assert menu.pick(1) is None and menu.options() == ["A1", "A2", "B1"]
    assert menu.lines()[0] == "  flip >"
    with pytest.raises(IndexError):
        menu.pick(4)
    assert menu.back() and menu.options() == ["flip", "roll"] and not menu.back()
    assert menu.pick(2) == Move("roll")
    assert menu.longest() == 3


class Script:
    def __init__(self, answers: list[str]) -> None:
        self.answers, self.told, self.asked = answers, [], []

    def ask(self, prompt: str) -> str:
        self.asked.append(prompt)
        return self.answers.pop(0) if self.answers else "1"

    def say(self, text: str) -> None:
        self.told.append(text)

    def clear(self) -> None:
        pass


def test_the_prompt_explains_shows_the_menu_again_and_names_the_range() -> None:
    seats = [Seat("Ann", HUMAN), Seat("Bot 1", "random")]
    session = Session.start("auntie", seats, 4, {"rounds": 5})
    script = Script(["help", "99", "xyzzy", "", "back", "quit"])
    with pytest.raises(Quit):  # `quit` ends the scripted game
        run(session, script)
    told = "\n".join(script.told)
    assert "How to choose: type the number of a choice" in told
    helped = next(t for t in script.told if t.startswith("How to choose"))
    example = re.search(r"\(e\.g\. '([^']+)'\)", helped)
    assert example and example[1] in {m.text() for m in session.state.legal_moves()}
    assert "There is no choice 99 here: choose 1 to" in told
    assert "Not allowed: " in told and "This is the first step already." in told
    assert told.count("Your moves:") >= 5  # shown again after every wrong entry


def test_menus_of_every_game_are_short_at_each_step() -> None:
    """No step offers more than a dozen choices (the longest flat menus had 30 to 42)."""
    import random

    for name, options, players in [("auntie", {}, 4), ("dudab", {"jungle": True, "baby": True}, 4),
                                   ("foozle", {"hands": 1}, 4)]:  # fmt: skip
        for seed in range(15):
            state = engine.make(name, {"players": [f"P{i}" for i in range(players)], **options})
            state = state.new(seed)
            rng = random.Random(seed)
            while not state.is_over() and len(state.moves) < 300:
                legal = state.legal_moves()
                assert Menu(state, legal).longest() <= 12, (name, seed, len(state.moves))
                state.play(rng.choice(legal))


def test_a_resumed_game_still_tells_each_player_what_only_they_saw() -> None:
    from ezkit.games.table import since_last_turn

    seats = [Seat("Ann", HUMAN), Seat("Bob", HUMAN), Seat("Bot 1", "random")]
    session = Session.start("auntie", seats, 4, {"rounds": 5})
    session.advance()
    for _ in range(200):  # play on until the seat to move saw something alone since its turn
        session.move("1")
        session.advance()
        record = session.snapshot()
        mover = session.to_move()
        told = since_last_turn(record, [0, 1])
        if mover in (0, 1) and told[mover]:
            break
    other = seats[1 - mover].name
    assert told[mover] and all(not t.startswith(other) for t in told[mover])
    script = Script(["", "", "", "", "quit"])
    with pytest.raises(Quit):  # `quit` ends the scripted game
        run(Session(record), script)
    shown = "\n".join(script.told)
    assert f"Resuming after {plural(len(record['moves']), 'move')}." in shown
    assert f"{seats[mover].name}, since your last turn only you saw:" in shown
    assert f"  {told[mover][-1]}" in shown


def test_a_reaction_the_table_was_asked_keeps_a_seats_news_for_its_turn() -> None:
    """Found by a review: one screen asks a reaction of the whole table at once, and a seat
    that did not claim it never had its screen then; a resumed game had cleared its news
    ("Cat is dealt ...") at such a question all the same."""
    from ezkit.games.table import since_last_turn

    seats = [Seat("Ann", HUMAN), Seat("Bob", HUMAN), Seat("Cat", HUMAN)]
    session = Session.start("auntie", seats, 4, {"rounds": 5})
    passed = False
    for _ in range(200):
        session.advance()
        state = session.state
        if state.to_move() == 2 and state.reaction() is None:
            break
        passed |= state.to_move() == 2
        legal = state.legal_moves()
        session.move("pass" if state.reaction() is not None else legal[0].text())
    assert passed, "Cat was asked no reaction before her turn"
    told = since_last_turn(session.snapshot(), [0, 1, 2])
    assert any(t.startswith("Cat is dealt") for t in told[2]), told[2]


def test_game_show_groups_the_moves_under_their_first_step(tmp_path: Any) -> None:
    from click.testing import CliRunner

    from ezkit.cli import cli

    db = str(tmp_path / "c.json")
    runner = CliRunner()
    args = ["--players", "Ann", "--bots", "3", "--bot", "random", "--seed", "5", "--first", "Ann"]
    made = runner.invoke(cli, ["game", "new", "auntie", *args, "--db", db])
    assert made.exit_code == 0, made.output
    shown = runner.invoke(cli, ["game", "show", "1", "--seat", "0", "--db", db])
    moves = shown.stdout.split("Moves:\n")[1].splitlines()
    moves = [line for line in moves if " to move: ezkit " not in line]  # a command: whole
    assert moves[0].startswith("  ") and moves[0].endswith(":")  # a first step's label
    assert any(" 1. " in line for line in moves) and all(len(line) <= 80 for line in moves)
    assert "Undo: not possible" not in shown.stdout  # nothing to take back yet, nothing said


def test_a_step_with_one_way_to_take_is_still_said_over_the_choices() -> None:
    """Foozle's discard after its lays: the cards alone had been listed under "Your moves:",
    without the step they are the choices of."""
    from ezkit.games import engine

    game = engine.make("foozle", {"players": ["Ann", "Bob"]})
    for seed in range(30):
        state = game.new(seed)
        rng = random.Random(seed)
        while state.to_move() is not None:
            legal = state.legal_moves()
            if len(legal) > 1 and all(m.action == "discard" for m in legal):
                lines = Menu(state, legal).lines()
                assert lines[0] == "  Discard a card >" and lines[1].startswith("  1. ")
                return
            state.play(legal[rng.randrange(len(legal))])
    raise AssertionError("no turn where only a discard is left")
