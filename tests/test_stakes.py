"""Campaign stakes on the card games (`--stake fp=1`): characters at the table, the winners
paid at the game's end in the save's own update, once, even when a write is cut short."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ezkit import campaign_files
from ezkit.cli import cli
from ezkit.errors import DocumentError, InputError
from ezkit.games import saves, stakes, table
from ezkit.games.stakes import MAX_AMOUNT, Stake, check_stake, parse_stake
from ezkit.store import StoreError

JASON = Path(__file__).parent / "data" / "characters" / "jason-free-point-buy.yaml"
# Auntie's Fudge, 5 rounds (AU-9), two random bots, each human always taking the first move
# of the menu: Jason Free wins this deal (GT-2: the bots' draws come from the seed).
GAME = ["auntie", "--bots", "2", "--bot", "random", "--rounds", "5", "--seed", "1"]
PLAYERS = ["--players", "jason free,WREN"]  # any case: the stored names are Jason Free, Wren


class Crash(BaseException):
    """The process dying in the middle of a write (no `except Exception` stops it)."""


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args), input=input)
    if isinstance(result.exception, Crash):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def character(db: str, name: str) -> dict[str, Any]:
    docs = json.loads(Path(db).read_text())["characters"].values()
    return next(doc for doc in docs if doc["name"] == name)


def game_record(db: str, game_id: int = 1) -> dict[str, Any]:
    return json.loads(Path(db).with_suffix(".games.json").read_text())["games"][str(game_id)]


def files(db: str) -> dict[str, bytes]:
    """The campaign's files as they are on disk (to show that nothing was written)."""
    folder = Path(db).parent
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name.startswith("campaign")}


def add(runner: CliRunner, db: str, tmp_path: Path, *names: str) -> None:
    paths = []
    for name in names:
        path = tmp_path / f"{name.replace(' ', '_')}.yaml"
        path.write_text(JASON.read_text().replace("name: Jason Free (point-buy)", f"name: {name}"))
        paths.append(str(path))
    code, _, err = run(runner, "char", "add", *paths, "--db", db)
    assert code == 0, err


@pytest.fixture
def db(tmp_path: Path, runner: CliRunner) -> str:
    """A campaign holding Jason Free and Wren, 3 FP and 0 XP each."""
    path = str(tmp_path / "campaign.json")
    add(runner, path, tmp_path, "Jason Free", "Wren")
    return path


def play_out(runner: CliRunner, db: str, game_id: int = 1) -> dict[str, Any]:
    """`game move ID 1` until the game is over; the last answer."""
    for _ in range(200):
        code, out, err = run(runner, "game", "move", str(game_id), "1", "--db", db, "--json")
        assert code == 0, err
        found = json.loads(out)
        if found["status"] == "over":
            return found
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def last_move(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The campaign's files (as `db`, with `game new GAME PLAYERS --stake fp=2` played by
    `game move 1 1`) just before the move that ends the game: the tests of that move start
    here rather than play the 50 moves before it each. On the way, `game new` says the stake
    (kept as "new.out") and the characters' file is written by no move before the last (only
    the paying move writes it)."""
    folder = tmp_path_factory.mktemp("stakes")
    runner = CliRunner()
    db = str(folder / "campaign.json")
    add(runner, db, folder, "Jason Free", "Wren")
    code, out, err = run(runner, "game", "new", *GAME, *PLAYERS, "--stake", "fp=2", "--db", db)
    assert code == 0, err
    characters = Path(db).read_bytes()
    said = out.encode()
    for _ in range(200):
        before = {**files(db), "new.out": said}
        code, out, err = run(runner, "game", "move", "1", "1", "--db", db, "--json")
        assert code == 0, err
        if json.loads(out)["status"] == "over":
            return before
        assert Path(db).read_bytes() == characters, "a move before the last wrote campaign.json"
    raise AssertionError("the game did not end")


def at_last_move(folder: Path, last_move: dict[str, bytes]) -> str:
    """The campaign of last_move, copied into folder: its path."""
    for name, data in last_move.items():
        if name.startswith("campaign"):
            (folder / name).write_bytes(data)
    return str(folder / "campaign.json")


def ledger(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [h for h in doc["history"] if h["kind"] == "award"]


# --- parse_stake ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stake"),
    [("fp=1", Stake("fp", 1)), ("XP=10", Stake("xp", 10)), (" xp = 3 ", Stake("xp", 3))],
)
def test_parse_stake_reads_fudge_points_and_experience(text: str, stake: Stake) -> None:
    assert parse_stake(text) == stake


@pytest.mark.parametrize(
    "text", ["", "fp", "fp=", "fp=0", f"fp={MAX_AMOUNT + 1}", "hp=1", "fp=-1", "fp=1.5", "fp=²"]
)
def test_parse_stake_refuses_anything_else_naming_the_value_and_the_forms(text: str) -> None:
    with pytest.raises(InputError) as refused:
        parse_stake(text)
    message = str(refused.value)
    assert repr(text) in message and "fp=N" in message and "xp=N" in message
    assert f"1 to {MAX_AMOUNT}" in message


def test_a_stake_is_bounded_however_it_is_made() -> None:
    with pytest.raises(InputError):
        Stake("fp", MAX_AMOUNT + 1)
    with pytest.raises(InputError):
        Stake("gold", 1)
    assert Stake("xp", 2).label() == "2 Experience Points" and str(Stake("fp", 1)) == "fp=1"


# --- check_stake: who plays for it ------------------------------------------------------------


def test_check_stake_takes_exact_names_in_any_case_and_never_a_bot(db: str) -> None:
    found = check_stake(db, ["wren", "Ann", None, "JASON FREE"], Stake("fp", 1))
    assert found["characters"] == [{"seat": 0, "name": "Wren"}, {"seat": 3, "name": "Jason Free"}]
    assert (found["kind"], found["amount"], found["state"]) == ("fp", 1, "open")
    # a bot seat is None: a character's name on it is never looked up
    assert check_stake(db, ["Wren", None], Stake("xp", 1))["characters"] == [
        {"seat": 0, "name": "Wren"}
    ]


def test_a_prefix_of_characters_is_refused_naming_them(
    runner: CliRunner, db: str, tmp_path: Path
) -> None:
    add(runner, db, tmp_path, "Jason Bourne")
    before = files(db)
    code, out, err = run(
        runner, "game", "new", *GAME, "--players", "Jason,Wren", "--stake", "fp=1", "--db", db
    )
    assert (code, out) == (2, "")
    assert "player 'Jason' is not a character" in err and "named exactly as stored" in err
    assert "'Jason Bourne', 'Jason Free'" in err  # ambiguous: both are named
    assert files(db) == before  # no game stored, nothing written


def test_a_misspelt_character_is_refused_with_the_close_name(runner: CliRunner, db: str) -> None:
    before = files(db)
    code, _, err = run(
        runner, "game", "play", *GAME, "--players", "Jasn Free", "--stake", "xp=1", "--db", db
    )
    assert code == 2 and "player 'Jasn Free' is not a character" in err
    assert "'Jason Free'" in err
    assert files(db) == before


def test_a_stake_without_a_character_seat_is_a_usage_error(runner: CliRunner, db: str) -> None:
    before = files(db)
    code, _, err = run(
        runner, "game", "new", *GAME, "--players", "Ann,Bob", "--stake", "fp=1", "--db", db
    )
    assert code == 2
    assert "--stake fp=1: no human seat is a character" in err and "'Ann', 'Bob'" in err
    assert files(db) == before


def test_a_bad_stake_is_refused_before_anything_is_stored(runner: CliRunner, db: str) -> None:
    before = files(db)
    code, _, err = run(runner, "game", "new", *GAME, *PLAYERS, "--stake", "fp=100", "--db", db)
    assert code == 2 and "--stake 'fp=100'" in err and "Traceback" not in err
    assert files(db) == before


# --- a staked game played to its end -------------------------------------------------------------


def test_game_new_and_move_pay_the_winning_character_once(
    runner: CliRunner, tmp_path: Path, last_move: dict[str, bytes]
) -> None:
    """`game new` and every `game move` before the last: last_move; the last one here."""
    db = at_last_move(tmp_path, last_move)
    out = last_move["new.out"].decode()
    assert "Stake fp=2: 2 Fudge Points to each winning character (Jason Free, Wren)." in out
    wren = character(db, "Wren")  # as `game new` left it (last_move)
    end = play_out(runner, db)
    assert end["winners"] == ["jason free"]
    assert end["stake"]["state"] == "paid" and end["stake"]["paid"] == ["Jason Free"]
    jason = character(db, "Jason Free")
    assert (jason["fudge_points"], jason["experience"]) == (5, 0)
    [award] = ledger(jason)
    assert award["fudge_points"] == 2 and award["reason"].startswith("game 1: won Auntie's Fudge")
    assert character(db, "Wren") == wren  # the loser: not a byte changed
    record = game_record(db)
    assert record["stake"]["state"] == "paid" and record["status"] == "over"
    # shown where the game's details are shown
    _, shown, _ = run(runner, "game", "show", "1", "--db", db)
    assert "Stake fp=2: 2 Fudge Points to each winning character (Jason Free, Wren), " in shown
    assert "paid to Jason Free." in shown
    listed = json.loads(run(runner, "game", "list", "--db", db, "--json")[1])
    assert listed[0]["stake"] == "fp=2, paid to Jason Free"
    assert "stake fp=2, paid to Jason Free" in run(runner, "game", "list", "--db", db)[1]
    # paid once: the game resumed, shown, and its last save written again
    assert run(runner, "game", "resume", "1", "--db", db)[0] == 0
    saves.writer(db, 1, record["moves"])(dict(record, stake={**record["stake"], "state": "open"}))
    saves.put(db, 1, record)
    assert len(ledger(character(db, "Jason Free"))) == 1
    assert character(db, "Jason Free")["fudge_points"] == 5


def piped_answers(seats: list[table.Seat]) -> str:
    """What the players type at `game play` for this deal: the first move of every menu,
    Enter at every other prompt (no reaction); found by playing the same deal first."""
    answers: list[str] = []

    class Asker:
        def ask(self, prompt: str) -> str:
            answers.append("1" if "your move" in prompt else "")
            return answers[-1]

        def say(self, text: str) -> None:
            pass

        def clear(self) -> None:
            pass

    session = table.Session.start("auntie", seats, 1, {"rounds": 5})
    table.run(session, Asker())
    # a shared win: Jason Free is paid, Bot 2 never is
    assert [session.seats[w].name for w in session.state.winners()] == ["jason free", "Bot 2"]
    return "\n".join(answers) + "\n"


def test_game_play_with_piped_input_pays_experience(runner: CliRunner, db: str) -> None:
    seats = [table.Seat("jason free", "human"), table.Seat("WREN", "human")]
    seats += [table.Seat("Bot 1", "random"), table.Seat("Bot 2", "random")]
    answers = piped_answers(seats)
    code, out, err = run(
        runner, "game", "play", *GAME, *PLAYERS, "--stake", "xp=3", "--db", db, input=answers
    )
    assert code == 0, err
    assert "Stake xp=3: 3 Experience Points to each winning character" in out
    assert out.rstrip().endswith("paid to Jason Free.")
    jason, wren = character(db, "Jason Free"), character(db, "Wren")
    assert (jason["fudge_points"], jason["experience"]) == (3, 3)
    assert (wren["fudge_points"], wren["experience"]) == (3, 0) and not ledger(wren)
    [award] = ledger(jason)
    assert award["experience"] == 3 and award["reason"].startswith("game 1: ")
    assert game_record(db)["stake"]["state"] == "paid"
    code, out, _ = run(runner, "game", "resume", "1", "--db", db)
    assert code == 0 and "Game 1 is over." in out and "paid to Jason Free." in out
    assert len(ledger(character(db, "Jason Free"))) == 1


# --- every winner, ties, the end not taken back ----------------------------------------------


def staked_record(db: str, characters: dict[int, str], status: str = "playing") -> int:
    """A stored auntie record with a stake (as saves checks it; never replayed here)."""
    record = {
        "game": "auntie",
        "options": {},
        "seed": 1,
        "moves": [],
        "seats": [{"name": n, "kind": "human"} for n in ("Wren", "Jason Free", "Ann")]
        + [{"name": "Bot 1", "kind": "random"}],
        "status": status,
        "to_move": 0,
        "created": "2026-01-02T03:04:05+00:00",
        "stake": stakes.entry(Stake("fp", 1), characters),
    }
    return saves.create(Path(db), record)


@pytest.fixture
def won_as_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    """The winners of a staked_record game as its save says: these records are made by hand
    and never replayed, so a shared win can be tried without a game that plays to one (a
    stake otherwise pays by the game replayed, stakes._winners)."""
    monkeypatch.setattr(stakes, "_winners", lambda _id, record: set(record["winners"]))


@pytest.mark.usefixtures("won_as_saved")
def test_a_shared_win_pays_every_winning_character(db: str) -> None:
    game_id = staked_record(db, {0: "Wren", 1: "Jason Free"})
    save = saves.writer(Path(db), game_id, [])
    record = saves.get(Path(db), game_id)
    save({**record, "moves": ["x"], "status": "over", "winners": [0, 1, 3]})
    for name in ("Wren", "Jason Free"):
        doc = character(db, name)
        assert doc["fudge_points"] == 4
        assert ledger(doc)[0]["reason"] == (
            f"game {game_id}: won Auntie's Fudge, begun 2026-01-02 03:04 (stake fp=1)"
        )
    assert game_record(db, game_id)["stake"]["paid"] == ["Wren", "Jason Free"]


@pytest.mark.usefixtures("won_as_saved")
def test_a_character_gone_at_the_end_is_listed_unpaid_and_the_others_paid(
    runner: CliRunner, db: str
) -> None:
    game_id = staked_record(db, {0: "Wren", 1: "Jason Free"})
    assert run(runner, "char", "remove", "Wren", "--yes", "--db", db)[0] == 0
    record = saves.get(Path(db), game_id)
    saves.writer(Path(db), game_id, [])({**record, "status": "over", "winners": [0, 1]})
    stake = game_record(db, game_id)["stake"]
    assert stake["state"] == "paid" and stake["paid"] == ["Jason Free"]
    assert [m["name"] for m in stake["unpaid"]] == ["Wren"]
    assert "no character named 'Wren'" in stake["unpaid"][0]["why"]
    assert character(db, "Jason Free")["fudge_points"] == 4


def test_the_end_of_a_paid_game_cannot_be_taken_back(
    runner: CliRunner, tmp_path: Path, last_move: dict[str, bytes]
) -> None:
    db = at_last_move(tmp_path, last_move)
    assert play_out(runner, db)["stake"]["state"] == "paid"
    before = files(db)
    assert run(runner, "game", "undo", "1", "--db", db)[0] == 1  # no game's end is undone
    record = game_record(db)
    with pytest.raises(StoreError, match="its end cannot be taken back"):
        saves.put(Path(db), 1, {**record, "moves": record["moves"][:-1], "status": "playing"})
    assert files(db) == before


def test_a_damaged_stake_is_reported_not_paid(runner: CliRunner, db: str) -> None:
    game_id = staked_record(db, {0: "Wren"})
    path = Path(db).with_suffix(".games.json")
    games = json.loads(path.read_text())
    games["games"][str(game_id)]["stake"]["amount"] = 10**6
    path.write_text(json.dumps(games))
    record = saves.get(Path(db), game_id)
    with pytest.raises(DocumentError, match="its stake is damaged"):
        saves.writer(Path(db), game_id, [])({**record, "status": "over", "winners": [0]})
    assert character(db, "Wren")["fudge_points"] == 3
    assert saves.listing(game_id, record)["stake"] == "damaged"


def _forge(db: str, game_id: int, change: Callable[[dict[str, Any]], None]) -> None:
    path = Path(db).with_suffix(".games.json")
    games = json.loads(path.read_text())
    change(games["games"][str(game_id)])
    path.write_text(json.dumps(games))


def test_a_stake_pays_by_the_game_replayed_not_by_what_its_save_says(
    runner: CliRunner, db: str
) -> None:
    """A games file edited to say the game is over, seat 0 won and the stake is due had paid
    Wren at the next `game show`, a command that only reads (a hostile-input hunt). Now the
    game is replayed: it is not over, so nothing is paid and the save is named damaged."""
    assert run(runner, "game", "new", *GAME, *PLAYERS, "--stake", "fp=1", "--db", db)[0] == 0
    before = [character(db, name)["fudge_points"] for name in ("Jason Free", "Wren")]

    def over(record: dict[str, Any]) -> None:
        record.update(status="over", winners=[0, 1])
        record["stake"]["state"] = "due"

    _forge(db, 1, over)
    for command in ("show", "list"):
        code, _, err = run(runner, "game", command, *["1"][: command == "show"], "--db", db)
        assert code == (1 if command == "show" else 0), err
    assert (
        "its stake is due, but the game is not over; nothing was paid"
        in run(runner, "game", "show", "1", "--db", db)[2]
    )
    assert [character(db, name)["fudge_points"] for name in ("Jason Free", "Wren")] == before
    assert game_record(db)["stake"]["state"] == "due"  # not turned into "paid" either


@pytest.mark.parametrize(
    ("seat", "name"), [(3, "Wren"), (99, "Wren"), (1, "Wren")], ids=["bot", "no-seat", "another"]
)
def test_a_stake_naming_a_seat_that_is_not_the_character_is_damaged(
    runner: CliRunner, db: str, seat: int, name: str
) -> None:
    """A stake pays a human seat named as the character, never a bot or a seat not there."""
    game_id = staked_record(db, {0: "Wren"})
    _forge(db, game_id, lambda r: r["stake"]["characters"].append({"seat": seat, "name": name}))
    record = saves.get(Path(db), game_id)
    with pytest.raises(DocumentError, match="its stake is damaged"):
        saves.writer(Path(db), game_id, [])({**record, "status": "over", "winners": [0]})
    assert character(db, "Wren")["fudge_points"] == 3


# --- a write cut short ------------------------------------------------------------------------


def crash_on(monkeypatch: pytest.MonkeyPatch, name: str, after: int = 0) -> list[str]:
    """Make the write of the campaign file called name die (after `after` writes of it); the
    names of the files written before."""
    real = campaign_files.write_atomic
    written: list[str] = []

    def write(path: Any, text: str, **kwargs: Any) -> None:
        nonlocal after
        if Path(path).name == name:
            if after == 0:
                raise Crash(path)
            after -= 1
        real(path, text, **kwargs)
        written.append(Path(path).name)

    monkeypatch.setattr(campaign_files, "write_atomic", write)
    return written


def test_a_crash_between_the_games_and_the_characters_file_is_completed_once(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    last_move: dict[str, bytes],
) -> None:
    db = at_last_move(tmp_path, last_move)  # no move before writes campaign.json (last_move)
    written = crash_on(monkeypatch, "campaign.json")
    with pytest.raises(Crash):
        play_out(runner, db)
    assert written[-1] == "campaign.games.json"  # the save that ended the game is there
    record = game_record(db)
    assert record["status"] == "over" and record["stake"]["state"] == "due"
    assert character(db, "Jason Free")["fudge_points"] == 3  # the award died with the write
    monkeypatch.undo()
    code, out, err = run(runner, "game", "show", "1", "--db", db)  # the next command
    assert code == 0, err
    assert "paid to Jason Free." in out
    jason = character(db, "Jason Free")
    assert jason["fudge_points"] == 5 and len(ledger(jason)) == 1
    assert game_record(db)["stake"]["state"] == "paid"
    assert run(runner, "game", "resume", "1", "--db", db)[0] == 0
    assert character(db, "Jason Free") == jason


def test_a_crash_before_the_stake_is_marked_paid_pays_nobody_twice(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    last_move: dict[str, bytes],
) -> None:
    db = at_last_move(tmp_path, last_move)
    # the ending update writes the games file then the characters' file; the one after it,
    # which marks the stake paid, writes the games file again: that write dies
    real = campaign_files.write_atomic
    state: dict[str, Any] = {"paying": False}

    def write(path: Any, text: str, **kwargs: Any) -> None:
        name = Path(path).name
        if state["paying"] and name == "campaign.games.json":
            raise Crash(path)
        real(path, text, **kwargs)
        state["paying"] = state["paying"] or name == "campaign.json"

    monkeypatch.setattr(campaign_files, "write_atomic", write)
    with pytest.raises(Crash):
        play_out(runner, db)
    monkeypatch.undo()
    record = game_record(db)
    assert record["status"] == "over" and record["stake"]["state"] == "due"
    assert character(db, "Jason Free")["fudge_points"] == 5  # paid in the ending update
    code, out, _ = run(runner, "game", "resume", "1", "--db", db)
    assert code == 0 and "paid to Jason Free." in out
    assert game_record(db)["stake"]["state"] == "paid"
    jason = character(db, "Jason Free")
    assert jason["fudge_points"] == 5 and len(ledger(jason)) == 1


def test_a_crash_in_game_play_is_completed_by_game_resume(
    runner: CliRunner, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = [table.Seat("jason free", "human"), table.Seat("WREN", "human")]
    seats += [table.Seat("Bot 1", "random"), table.Seat("Bot 2", "random")]
    answers = piped_answers(seats)
    crash_on(monkeypatch, "campaign.json")
    with pytest.raises(Crash):
        run(runner, "game", "play", *GAME, *PLAYERS, "--stake", "fp=1", "--db", db, input=answers)
    monkeypatch.undo()
    assert game_record(db)["stake"]["state"] == "due"
    assert character(db, "Jason Free")["fudge_points"] == 3
    code, out, _ = run(runner, "game", "resume", "1", "--db", db)
    assert code == 0 and "paid to Jason Free." in out
    assert character(db, "Jason Free")["fudge_points"] == 4
    assert run(runner, "game", "resume", "1", "--db", db)[0] == 0
    assert len(ledger(character(db, "Jason Free"))) == 1
