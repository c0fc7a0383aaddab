"""`ezkit game` and `ezkit score`: the facilitator loop, saves, scripts, the installed command.

The facilitator knows only the engine's contract, so most tests play Nim, a tiny game defined
here (two players, a pile of stones, a hidden card that can react); the same commands are then
run once on Auntie's Fudge.
"""

from __future__ import annotations

import json
import random
import re
import shlex
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ezkit.cli import cli
from ezkit.errors import InputError
from ezkit.games import engine, table
from ezkit.games import session as session_module
from ezkit.games.engine import Event, Game, Move, State

# --- Nim with a hidden card ---------------------------------------------------------------------


class Nim(Game):
    """Two players take 1..3 stones in turn; whoever takes the last stone loses. Each is dealt
    a hidden card, a shield or a blank: after the other's take, a shield may `block`, and the
    taker must take one stone more. Without a shield the only answer is `pass`."""

    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 2

    def check(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"stones"}
        if unknown:
            raise InputError(f"Nim has no option {', '.join(sorted(unknown))}")
        stones = int(options.get("stones", 9))
        if not 1 <= stones <= 50:
            raise InputError(f"stones: {stones} is not 1..50")
        return {"stones": stones}

    def new(self, seed: int) -> NimState:
        return NimState(self, seed)


class NimState(State):
    def __init__(self, game: Nim, seed: int) -> None:
        super().__init__(game, seed)
        cards = ["shield", "shield", "blank", "blank"]
        self.rng.shuffle(cards)
        self.cards = cards[:2]
        self.stones = int(game.options["stones"])
        self.active = 0
        self.reacting = False
        self.taken_last: int | None = None
        self.round = 1
        for seat, card in enumerate(self.cards):
            name = game.players[seat]
            self.log.append(Event(f"{name} holds a {card}", frozenset({seat}), f"{name} is dealt"))

    def to_move(self) -> int | None:
        if self.stones == 0:
            return None
        return 1 - self.active if self.reacting else self.active

    def legal_moves(self) -> list[Move]:
        if self.stones == 0:
            return []
        if self.reacting:
            shield = self.cards[1 - self.active] == "shield"
            return [Move("block"), Move("pass")] if shield else [Move("pass")]
        return [Move("take", (str(n),)) for n in range(1, min(3, self.stones) + 1)]

    def apply(self, move: Move) -> list[Event]:
        names = self.game.players
        if move.action == "take":
            self.stones -= int(move.args[0])
            self.taken_last = self.active
            events = [Event(f"{names[self.active]} takes {move.args[0]} ({self.stones} left)")]
            if self.stones:
                self.reacting = True
            return events
        self.reacting = False
        events = []
        if move.action == "block":
            self.cards[1 - self.active] = "blank"
            self.stones -= 1
            events.append(
                Event(f"{names[1 - self.active]} blocks: {names[self.active]} takes 1 more")
            )
        if self.stones:
            self.active = 1 - self.active
            self.round += self.active == 0
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        found: dict[str, Any] = {"stones": self.stones, "active": self.active, "round": self.round}
        if seat is not None:
            found["card"] = self.cards[seat]
        return found

    def scores(self) -> list[float]:
        if self.stones:
            return [0.0, 0.0]
        return [0.0 if seat == self.taken_last else 1.0 for seat in range(2)]

    def winners(self) -> list[int]:
        return [] if self.stones else [1 - self.taken_last]


def nim_greedy(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return legal[0]


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> str:
    """Nim registered as a game, and a bot of its own, "greedy" (the first legal move)."""
    monkeypatch.setitem(engine.GAMES, "nim", f"{__name__}:Nim")
    real = table.make_chooser

    def chooser(kind: str, game_name: str) -> table.Chooser:
        return nim_greedy if kind == "greedy" else real(kind, game_name)

    monkeypatch.setattr(session_module, "make_chooser", chooser)  # where Session looks
    monkeypatch.setattr(table, "make_chooser", chooser)  # and what others import
    return "nim"


# --- helpers ------------------------------------------------------------------------------------


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def run_json(runner: CliRunner, *args: str) -> Any:
    code, out, err = run(runner, *args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "campaign.json")


def stored(db: str, game_id: int) -> dict[str, Any]:
    """A saved game as its file holds it (the games live beside the campaign)."""
    return json.loads(Path(db).with_suffix(".games.json").read_text())["games"][str(game_id)]


class Script:
    """An Asker that answers from a list and records the screen."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.screen: list[tuple[str, str]] = []

    def ask(self, prompt: str) -> str:
        self.screen.append(("ask", prompt))
        return self.answers.pop(0) if self.answers else "1"

    def say(self, text: str) -> None:
        self.screen.append(("say", text))

    def clear(self) -> None:
        self.screen.append(("clear", ""))


# --- the loop, without a terminal ------------------------------------------------------------


class Interrupted(Script):
    """Ctrl-C (or the input running out) at the first move prompt."""

    def __init__(self, error: type[BaseException]) -> None:
        super().__init__([])
        self.error = error

    def ask(self, prompt: str) -> str:
        if ", your move: " in prompt:
            self.screen.append(("ask", prompt))
            raise self.error
        return super().ask(prompt)


@pytest.mark.parametrize("error", [KeyboardInterrupt, EOFError])
def test_a_stop_at_a_private_screen_clears_it(nim: str, error: type[BaseException]) -> None:
    """GT-1: Ctrl-C at Ann's move had left her hand on the screen for the next player (`quit`
    cleared it); now the screen is cleared whatever stops the game."""
    session = _session(table.Seat("Ann", "human"), table.Seat("Bob", "human"), seed=3)
    session.saver = lambda record: None
    asker = Interrupted(error)
    with pytest.raises(error):
        table.run(session, asker)
    kinds = [kind for kind, _ in asker.screen]
    assert "Yours:" in " ".join(t for _, t in asker.screen)  # a private screen was up
    assert kinds[-1] == "clear"


def _session(*seats: table.Seat, seed: int = 1, **options: Any) -> table.Session:
    return table.Session.start("nim", list(seats), seed, options)


def test_hot_seat_clears_the_screen_and_shows_each_hand_only_to_its_player(nim: str) -> None:
    session = _session(table.Seat("Ann", "human"), table.Seat("Bob", "human"), seed=3)
    saves: list[dict[str, Any]] = []
    session.saver = saves.append
    asker = Script(["", "1"] * 40)
    table.run(session, asker)
    assert session.state.is_over()
    assert len(saves) == len(session.state.moves)  # a save after every move
    # Split the transcript at every clear: each piece is one person's screen or the table's.
    pieces: list[list[tuple[str, str]]] = [[]]
    for entry in asker.screen:
        if entry[0] == "clear":
            pieces.append([])
        else:
            pieces[-1].append(entry)
    owners = []
    for piece in pieces:
        text = "\n".join(t for _, t in piece)
        owner = next((n for n in ("Ann", "Bob") if f"{n} to move" in text), None)
        owners.append(owner)
        if owner is not None:  # the heading names who is addressed; the screen, the round
            assert f"{owner} to move" in [t for _, t in piece]
        for name in ("Ann", "Bob"):
            if owner != name:
                assert f"{name} holds a" not in text
        assert ("Yours:\n  card: " in text) == (owner is not None)
    assert "Ann" in owners and "Bob" in owners
    asks = [t for kind, t in asker.screen if kind == "ask"]
    assert any(t.startswith("Pass the screen to Bob") for t in asks)
    said = [t for kind, t in asker.screen if kind == "say"]
    assert "Final scores:" in said
    assert said[-1].endswith("wins.")


def test_two_humans_are_asked_even_a_forced_move_when_they_hold_a_secret(nim: str) -> None:
    """GT-1, AU-11, found by a peek hunt: a pass with nothing to react with was made for the
    player, so the table stopped for a shield holder and not for the other, and the other
    human learnt who held a blank. At a table of two humans, a seat holding a secret is asked
    every move, forced or not (session.is_asked)."""
    session = _session(table.Seat("Ann", "human"), table.Seat("Bob", "human"), seed=1)
    session.state.cards = ["blank", "blank"]
    asker = Script([])  # "1" to every question: the first choice
    table.run(session, asker)
    moves = [t for kind, t in asker.screen if kind == "ask" and "your move" in t]
    passes = [m for m in session.state.moves if m.action == "pass"]
    assert passes and len(moves) == len(session.state.moves)
    assert "Bob, your move: 1, or type it (back, help, quit)" in moves  # one choice: "1"


def test_a_forced_move_that_tells_nothing_is_made_without_asking(
    nim: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat that sees nothing the table does not (its card shown to all, as a face-up card)
    has a forced move made for it: having no choice is no secret then."""
    monkeypatch.setattr(
        NimState, "view", lambda self, seat: {"stones": self.stones, "cards": self.cards}
    )
    session = _session(table.Seat("Ann", "human"), table.Seat("Bob", "human"), seed=1)
    session.state.cards = ["blank", "blank"]
    asker = Script([])  # "1" to every question: the first choice
    table.run(session, asker)
    asks = [t for kind, t in asker.screen if kind == "ask"]
    moves = [t for t in asks if "your move" in t]
    takes = [m for m in session.state.moves if m.action == "take"]
    passes = [m for m in session.state.moves if m.action == "pass"]
    assert len(passes) == len(takes) - 1
    # Nobody was asked about a pass; the last take (one stone left, one move) was forced too.
    assert len(moves) == len(takes) - 1
    assert all(m.action != "block" for m in session.state.moves)


def test_a_shield_holder_is_asked_and_a_bot_plays_alone(nim: str) -> None:
    seats = table.Seat("Ann", "human"), table.Seat("Bot 1", "greedy")
    seed = next(n for n in range(100) if _session(*seats, seed=n).state.cards[0] == "shield")
    session = _session(*seats, seed=seed)
    asker = Script(["3", "1", "1", "1", "1", "1", "1", "1"])
    table.run(session, asker)
    prompts = [t for kind, t in asker.screen if kind == "ask"]
    assert not any(t.startswith("Pass the screen") for t in prompts)  # one human: no screen
    said = "\n".join(t for kind, t in asker.screen if kind == "say")
    assert "Ann holds a shield" in said  # the lone human sees his own events
    assert "Bot 1 takes 1" in said
    assert "block" in said  # the menu offered Ann her reaction


def test_illegal_typing_is_refused_with_the_reason_and_asked_again(nim: str) -> None:
    session = _session(table.Seat("Ann", "human"), table.Seat("Bot 1", "greedy"))
    asker = Script(["take 9", "take 3", *["1"] * 20])
    table.run(session, asker)
    said = [t for kind, t in asker.screen if kind == "say"]
    assert "Not allowed: 'take 9' is not a legal move now (legal: take 1, take 2, take 3)" in said
    assert session.state.moves[0] == Move("take", ("3",))


def test_quit_stops_and_keeps_the_game(nim: str) -> None:
    session = _session(table.Seat("Ann", "human"), table.Seat("Bob", "human"))
    asker = Script(["", "quit"])
    with pytest.raises(table.Quit):
        table.run(session, asker)
    assert not session.state.moves


def test_bots_replay_the_same_after_undo(nim: str) -> None:
    first = _session(table.Seat("Ann", "human"), table.Seat("Bot 1", "random"), seed=5)
    first.move("1")
    first.advance()
    first.move("2")
    first.advance()
    moves = list(first.state.moves)
    removed = first.undo()
    assert removed >= 1
    assert first.state.to_move() == 0
    first.move("2")
    first.advance()
    assert first.state.moves == moves


# --- the command line: scripts -----------------------------------------------------------------


def test_new_move_show_list(runner: CliRunner, db: str, nim: str) -> None:
    made = run_json(runner, "game", "new", "nim", "--players", "Ann", "--bots", "1",
                    "--bot", "greedy", "--seed", "4", "--db", db)  # fmt: skip
    assert made["id"] == 1
    assert made["to_move"] == 0
    assert made["seats"][1] == {"seat": 1, "name": "Bot 1", "kind": "greedy"}
    shown = run_json(runner, "game", "show", "1", "--seat", "0", "--db", db)
    assert shown["legal_moves"] == ["take 1", "take 2", "take 3"]
    assert shown["view"]["card"] in ("shield", "blank")
    assert shown["scores"] is None
    other = run_json(runner, "game", "show", "1", "--seat", "Bot 1", "--db", db)
    assert other["legal_moves"] == []  # only the seat to move sees his moves
    public = run_json(runner, "game", "show", "1", "--db", db)
    assert "card" not in public["view"]
    moved = run_json(runner, "game", "move", "1", "take 2", "--db", db)
    assert moved["played"] == "take 2"
    assert "Ann takes 2 (7 left)" in moved["events"]
    assert moved["to_move"] == 0  # the bot has played
    doc = stored(db, 1)
    assert doc["moves"][0] == "take 2" and len(doc["moves"]) >= 3
    assert doc["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "greedy"}]
    assert doc["status"] == "playing" and doc["seed"] == 4 and doc["game"] == "nim"
    assert doc["options"] == {"players": ["Ann", "Bot 1"], "stones": 9}
    listed = run_json(runner, "game", "list", "--db", db)
    assert [(g["id"], g["game"], g["status"]) for g in listed] == [(1, "nim", "playing")]
    code, out, _ = run(runner, "game", "list", "--db", db)
    assert code == 0 and "Ann, Bot 1*" in out
    # its time as a table reads it, in this machine's zone (the ISO stamp had been cut short)
    updated = datetime.fromisoformat(listed[0]["updated"]).astimezone()
    assert updated.strftime("%Y-%m-%d %H:%M") in out and "+00:00" not in out


def test_an_illegal_move_exits_1_with_its_reason_and_changes_nothing(
    runner: CliRunner, db: str, nim: str
) -> None:
    run_json(runner, "game", "new", "nim", "--players", "Ann,Bob", "--seed", "2", "--db", db)
    before = Path(db).with_suffix(".games.json").read_bytes()
    code, out, err = run(runner, "game", "move", "1", "take 4", "--db", db)
    assert code == 1
    assert err.startswith("Error: 'take 4' is not a legal move now (legal: take 1, take 2, take 3)")
    assert out == ""
    assert Path(db).with_suffix(".games.json").read_bytes() == before
    code, _, err = run(runner, "game", "move", "1", "take 1", "--seat", "Bob", "--db", db)
    assert code == 1 and "it is Ann's move (seat 0), not Bob's" in err
    code, _, err = run(runner, "game", "move", "7", "take 1", "--db", db)
    assert code == 1 and "no game 7" in err
    assert Path(db).with_suffix(".games.json").read_bytes() == before


def test_a_move_typed_at_a_game_stopped_before_the_bots_is_not_played_after_them(
    runner: CliRunner, db: str, nim: str
) -> None:
    """A save stopped at a bot's turn (Ctrl-C in `game play`): `game move` lets the bots play
    and saves that, but refuses the move, which would answer a decision its player never
    saw (a reaction spent so could not be undone)."""
    from ezkit.games import saves
    from ezkit.games.session import Session

    run_json(runner, "game", "new", "nim", "--players", "Ann", "--bots", "1", "--bot", "greedy",
             "--seed", "4", "--db", db)  # fmt: skip
    session = Session(saves.get(Path(db), 1), game_id=1)
    session.state.play(session.state.parse("take 2"))  # Ann's move, the bot's not yet made
    saves.put(Path(db), 1, session.snapshot())
    code, out, _ = run(runner, "game", "show", "1", "--db", db)
    assert code == 0 and "Bot 1 (a computer player) to move: the bots play on with" in out
    code, out, err = run(runner, "game", "move", "1", "take 1", "--seat", "Ann", "--db", db)
    assert code == 1
    assert "game 1 had stopped before the bots' moves: they are made now" in err
    assert "'take 1' was not played" in err
    assert "Bot 1 takes" in out and "Ann to move: ezkit game show 1 --seat Ann" in out
    moves = stored(db, 1)["moves"]  # Ann's and the bot's: the bot's move is saved
    assert moves[0] == "take 2" and len(moves) >= 2
    moved = run_json(runner, "game", "move", "1", "take 1", "--seat", "Ann", "--db", db)
    assert moved["played"] == "take 1"
    assert stored(db, 1)["moves"][len(moves)] == "take 1"


def test_undo_takes_back_the_last_human_move_and_the_bots_after_it(
    runner: CliRunner, db: str, nim: str
) -> None:
    run_json(runner, "game", "new", "nim", "--players", "Ann", "--bots", "1", "--bot", "greedy",
             "--seed", "4", "--db", db)  # fmt: skip
    run_json(runner, "game", "move", "1", "1", "--db", db)
    after_one = stored(db, 1)["moves"]
    run_json(runner, "game", "move", "1", "take 3", "--db", db)
    before = stored(db, 1)["moves"]
    undone = run_json(runner, "game", "undo", "1", "--db", db)
    assert stored(db, 1)["moves"] == after_one
    assert undone["removed"] == len(before) - len(after_one) >= 2
    assert undone["to_move"] == 0
    run_json(runner, "game", "undo", "1", "--db", db)
    assert stored(db, 1)["moves"] == []
    code, _, err = run(runner, "game", "undo", "1", "--db", db)
    assert code == 1 and "no human move to undo" in err


def test_log_tells_the_table_or_one_seat(runner: CliRunner, db: str, nim: str) -> None:
    run_json(runner, "game", "new", "nim", "--players", "Ann,Bob", "--seed", "2", "--db", db)
    run_json(runner, "game", "move", "1", "take 2", "--db", db)
    public = run_json(runner, "game", "log", "1", "--db", db)["lines"]
    ann = run_json(runner, "game", "log", "1", "--seat", "0", "--db", db)["lines"]
    assert "Ann is dealt" in public and not any("holds a" in line for line in public)
    assert any(line.startswith("Ann holds a") for line in ann)
    assert "1. Ann: take 2" in ann and "1. Ann" in public
    code, out, _ = run(runner, "game", "log", "1", "--seat", "Bob", "--db", db)
    assert code == 0 and "Bob holds a" in out and "Ann holds a" not in out


def test_unknown_game_bot_seat_and_options_are_usage_errors(
    runner: CliRunner, db: str, nim: str
) -> None:
    cases = [
        (["game", "new", "chess", "--players", "Ann,Bob"], "unknown game 'chess'"),
        (["game", "new", "nim", "--players", "Ann", "--bots", "1", "--bot", "smart"], "smart"),
        (["game", "new", "nim", "--players", "Ann,Bob,Cat"], "is for 2 players, not 3"),
        (["game", "new", "nim", "--players", "Ann,ann"], "must differ"),
        (["game", "new", "nim", "--players", "Ann,Bob", "--option", "stones=99"], "1..50"),
        (["game", "new", "nim", "--players", "Ann,Bob", "--option", "nope"], "KEY=VALUE"),
        # the seats are the command's own: an option naming them had been an internal error
        (["game", "new", "nim", "--players", "Ann", "--option", "players=Bob"], "--players"),
        (["game", "play", "nim", "--players", "Ann,Bob", "--options", "players"], "--players"),
    ]
    for args, message in cases:
        code, _, err = run(runner, *args, "--db", db)
        assert code == 2, (args, err)
        assert message in err and "Traceback" not in err
    code, _, err = run(runner, "game", "sim", "nim", "--games", "2", "--option", "players=3")
    assert code == 2 and "--players" in err and "Traceback" not in err
    run_json(runner, "game", "new", "nim", "--players", "Ann,Bob", "--db", db)
    code, _, err = run(runner, "game", "show", "1", "--seat", "5", "--db", db)
    assert code == 2 and "no seat '5'" in err


# --- the command line: at the terminal (piped) -----------------------------------------------


def test_a_whole_hot_seat_game_through_piped_input(runner: CliRunner, db: str, nim: str) -> None:
    code, out, err = run(runner, "game", "play", "nim", "--players", "Ann,Bob", "--seed", "8",
                         "--db", db, input="1\n" * 200)  # fmt: skip
    assert code == 0, err
    assert "Pass the screen to Bob, then press Enter" in out
    assert "Final scores:" in out and out.rstrip().endswith("wins.")
    doc = stored(db, 1)
    assert doc["status"] == "over" and doc["to_move"] is None
    assert sorted(doc["scores"]) == [0.0, 1.0] and len(doc["winners"]) == 1
    listed = run_json(runner, "game", "list", "--db", db)
    assert listed[0]["status"] == "over"
    code, out, _ = run(runner, "game", "resume", "1", "--db", db)
    assert code == 0 and "is over" in out


def test_quit_then_resume_finishes_the_game(runner: CliRunner, db: str, nim: str) -> None:
    code, out, _ = run(runner, "game", "play", "nim", "--players", "Ann,Bob", "--seed", "8",
                       "--db", db, input="\n1\nquit\n")  # fmt: skip
    # the command printed names the campaign it was given (else: "no game 1 in the campaign")
    printed = re.search(r"Resume with:\s+ezkit (.*)", out)
    assert printed and printed[1] == f"game resume 1 --db {shlex.quote(db)}"
    assert stored(db, 1)["moves"][:1] == ["take 1"]
    code, out, _ = run(runner, *shlex.split(printed[1]), input="1\n" * 200)
    assert code == 0 and "Resuming after" in out and "Final scores:" in out
    assert stored(db, 1)["status"] == "over"


def test_end_of_input_stops_with_the_game_saved(runner: CliRunner, db: str, nim: str) -> None:
    code, _, err = run(runner, "game", "play", "nim", "--players", "Ann,Bob", "--db", db,
                       input="\n1\n")  # fmt: skip
    assert code == 1 and "Stopped; the game is saved. Resume with: ezkit game resume 1 --db" in err
    assert stored(db, 1)["moves"][:1] == ["take 1"]


def test_the_next_command_printed_names_the_campaign(runner: CliRunner, db: str, nim: str) -> None:
    """...and the seat by its player's name, quoted for the shell (seats count from 0 for
    scripts; people know each other by name)."""
    code, out, err = run(runner, "game", "new", "nim", "--players", "Ann O'Neil,Bob", "--db", db)
    assert code == 0, err
    printed = re.search(r"to move: ezkit (.*)", out)
    assert printed and printed[1].endswith(f"--db {shlex.quote(db)}")
    name = "Ann O'Neil"
    assert f"--seat {shlex.quote(name)} --db" in printed[1]
    code, out, err = run(runner, *shlex.split(printed[1]))
    assert code == 0 and out.startswith("Game 1: ") and "take 1" in out, err
    # a name read as a seat number is printed as its own seat's number (a review found
    # "1 to move: ... --seat 1" at seat 0 showing seat 1's hand)
    code, out, err = run(runner, "game", "new", "nim", "--players", "1,0", "--db", db)
    assert code == 0 and "1 to move: ezkit game show 2 --seat 0 --db" in out, out + err


# --- Auntie's Fudge -----------------------------------------------------------------------------


def test_auntie_scripted_and_hot_seat(runner: CliRunner, db: str) -> None:
    made = run_json(runner, "game", "new", "auntie", "--players", "Ann,Bob", "--bots", "2",
                    "--bot", "random", "--seed", "7", "--rounds", "5", "--db", db)  # fmt: skip
    game_id = str(made["id"])
    while True:
        seat = str(made["to_move"] or 0)
        shown = run_json(runner, "game", "show", game_id, "--seat", seat, "--db", db)
        if shown["status"] == "over":
            break
        assert shown["view"]["hand"] is not None and shown["legal_moves"]
        made = run_json(runner, "game", "move", game_id, shown["legal_moves"][-1], "--db", db)
    assert shown["scores"] is not None and shown["winners"]
    assert shown["round"] <= 5
    # the finished game's own end screen gives the scores once; who won closes it
    code, out, _ = run(runner, "game", "show", game_id, "--db", db)
    assert code == 0 and "The game is over after round" in out and "Final scores" not in out
    assert out.rstrip().endswith(("wins.", "share the win."))
    code, out, err = run(runner, "game", "play", "auntie", "--players", "Ann,Bob,Cat",
                         "--seed", "3", "--variant", "no-draw", "--db", db,
                         input="1\n\n" * 3000)  # fmt: skip
    assert code == 0, err
    assert "Pass the screen to Bob" in out and "The game is over after round" in out
    # the game's own end screen, by its rule, and who won as the last line
    said = " ".join(out.split())  # as read, whatever the terminal's width wrapped
    assert "(the fewest points win)" in said and said.endswith(("wins.", "share the win."))
    assert "Final scores:" not in out
    assert stored(db, 2)["status"] == "over"


def test_the_installed_command(tmp_path: Path) -> None:
    ezkit = str(Path(sys.executable).with_name("ezkit"))
    db = str(tmp_path / "campaign.json")

    def call(*args: str) -> Any:
        done = subprocess.run([ezkit, *args], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    made = call("game", "new", "auntie", "--players", "Ann", "--bots", "3", "--seed", "1",
                "--db", db, "--json")  # fmt: skip
    shown = call("game", "show", str(made["id"]), "--seat", "Ann", "--db", db, "--json")
    assert shown["to_move"] == 0 and shown["legal_moves"]
    assert call("score", "auntie", "4", "4", "3", "0", "--json") == {"score": 11}


# --- ezkit score -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["4", "4", "3", "0"], {"score": 11}),
        ([], {"score": 0}),
        (["--player", "Ann=4,4,3", "--player", "Bob=0,1"],
         {"scores": {"Ann": 11, "Bob": 1}, "winners": ["Bob"]}),
        (["--player", "Ann=2,1", "--player", "Bob=3", "--player", "Cat=4"],
         {"scores": {"Ann": 3, "Bob": 3, "Cat": 4}, "winners": ["Ann", "Bob"]}),
        (["--player", "Ann=", "--player", "Bob=0"],
         {"scores": {"Ann": 0, "Bob": 0}, "winners": ["Ann", "Bob"]}),
    ],
    ids=["one-hand", "empty-hand", "two-players", "shared-win", "zero-points"],
)  # fmt: skip
def test_score_auntie(runner: CliRunner, args: list[str], expected: dict[str, Any]) -> None:
    assert run_json(runner, "score", "auntie", *args) == expected


def test_score_auntie_prints_the_total_and_the_winners(runner: CliRunner) -> None:
    assert run(runner, "score", "auntie", "4", "4", "3", "0")[1] == "11\n"
    out = run(runner, "score", "auntie", "--player", "Ann=4,4,3", "--player", "Bob=0,1")[1]
    assert out == "Ann  11\nBob  1\nBob wins (the fewest points).\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["5"], "'5' is not an Auntie's Fudge card: fudge cards are worth 0, 1, 2, 3 or 4 points"),
        (["-1"], "'-1' is not an Auntie's Fudge card"),
        (["0"] * 6, "6 fudge cards of 0 points given, but the deck holds only 5 (AU-2)"),
        (["--player", "Ann=4,x"], "'x' (Ann) is not an Auntie's Fudge card"),
        (["--player", "Ann"], "'Ann' is not NAME=CARDS"),
        (["--player", "Ann=1", "--player", "ann=2"], "'ann' is given twice"),
        (["1", "--player", "Ann=1"], "not both"),
    ],
    ids=["five", "negative", "too-many", "bad-card", "no-equals", "twice", "both"],
)
def test_score_auntie_refuses_cards_the_deck_lacks(
    runner: CliRunner, args: list[str], message: str
) -> None:
    code, _, err = run(runner, "score", "auntie", *args)
    assert code == 2
    assert message in err


# --- help, and two writers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["game", c] for c in ("play", "new", "move", "show", "list", "resume", "undo", "log", "sim")]
    + [["score", "auntie"]],
    ids=" ".join,
)
def test_every_command_has_help_with_an_example(runner: CliRunner, command: list[str]) -> None:
    code, out, _ = run(runner, *command, "--help")
    assert code == 0 and "Example" in out


def test_a_write_from_a_stale_copy_is_refused(runner: CliRunner, db: str, nim: str) -> None:
    from ezkit.games import saves
    from ezkit.store import StoreError

    run_json(runner, "game", "new", "nim", "--players", "Ann,Bob", "--seed", "2", "--db", db)
    first, second = (table.Session(saves.get(Path(db), 1), game_id=1) for _ in range(2))
    for session in (first, second):
        session.saver = saves.writer(Path(db), 1, session.record["moves"])
    first.move("take 1")
    with pytest.raises(StoreError, match="game 1 was changed by another ezkit"):
        second.move("take 2")
    assert stored(db, 1)["moves"] == ["take 1"]


def test_no_players_is_a_usage_error(runner: CliRunner, db: str) -> None:
    code, _, err = run(runner, "game", "new", "auntie", "--db", db)
    assert code == 2 and "no players" in err


def test_options_switch_expansions_on(tmp_path: Path) -> None:
    db = str(tmp_path / "c.json")
    result = CliRunner().invoke(
        cli,
        [
            "game",
            "new",
            "dudab",
            "--bots",
            "4",
            "--options",
            "jungle,baby",
            "--seed",
            "2",
            "--db",
            db,
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    saved = json.loads(Path(db).with_suffix(".games.json").read_text())["games"]
    (record,) = saved.values()
    assert record["options"]["jungle"] is True and record["options"]["baby"] is True


def test_the_terminal_wraps_a_long_line_at_spaces_under_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ten-card deal or a long refusal had been cut mid-word by the terminal."""
    from ezkit.cli.game import fit

    monkeypatch.setenv("COLUMNS", "80")
    dealt = "  Ann is dealt " + ", ".join(f"{n} of Lamps" for n in range(1, 12)) + ", inf-tops"
    lines = fit(f"Hand 1\n{dealt}")
    assert lines[0] == "Hand 1" and all(len(line) <= 80 for line in lines)
    assert lines[1].startswith("  Ann is dealt") and lines[2].startswith("    ")
    assert " ".join(line.strip() for line in lines[1:]) == dealt.strip()
    assert any(line.endswith("inf-tops") for line in lines)  # a card id is never split
    command = "  ezkit game resume 12 --db '/home/gm/campaigns/the long winter/campaign.json'"
    assert fit(command + command) == [command + command]  # copied whole, it still runs
    monkeypatch.setenv("COLUMNS", "120")
    assert fit(dealt[:110]) == [dealt[:110]]  # a wider terminal: no need
    assert fit(" " * 200) == [""]  # spaces alone: an empty line, not none
