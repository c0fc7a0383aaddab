"""Bakeries (seed 001) against rulings BK-7 and GT-1, and the moves and words a player types and
reads: whole words and numbers in typed moves, the length of the game, what a move reveals (what
each seat may see, which moves are final, what a log shows while the game is on) and the
messages' wording.

Positions are set with `BakeriesState.arrange` and reached by playing moves, as in
tests/test_bakeries.py.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_bakeries import ANN, BOB, NAMES, colour_set, play, start, two  # the shared positions

from ezkit.cli import cli
from ezkit.errors import InputError
from ezkit.games import decks, engine
from ezkit.games.bakeries import GAME_INFO, Bakeries, BakeriesState
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.games.bots import make_bot
from ezkit.games.engine import IllegalMove, Move

TABLES = decks.tables("bakeries")
assert isinstance(TABLES, BakeriesTables)
ROW_A = ["A1", "A2", "A3", "A4", "A5"]
EVERY_CAKE = [c.id for c in decks.deck("bakeries").of("cake")]


def phase_two(m: int = 6) -> BakeriesState:
    """Ann hired the m set (row A), Bob passed his second chance: Bob draws first (BK-4)."""
    state = start()
    state.arrange(board=dict(zip(ROW_A, colour_set(m), strict=True)))
    play(state, "hire", *(f"flip {p}" for p in ROW_A))
    if state.view(None)["step"] == "second-chance":
        play(state, "pass")
    assert state.view(None)["step"] == "place" and state.to_move() == BOB
    return state


def sale() -> BakeriesState:
    """Phase three's first roll: Ann 6x (hired first, rolls first), Bob 1x; both cases full,
    each player's own cakes one of each kind from slot 2 up."""
    state = start()
    state.arrange(
        board=dict(zip(ROW_A, colour_set(6), strict=True)),
        store=[cake for cake in EVERY_CAKE for _ in (ANN, BOB)],
    )
    play(state, "hire", *(f"flip {p}" for p in ROW_A), "pass")
    for slot in range(2, 13):
        play(state, f"place on mine {slot}", f"place on mine {slot}")
    assert state.view(None)["step"] == "roll" and state.to_move() == ANN
    return state


def rolls(state: BakeriesState, *numbers: int) -> None:
    """Phase-three rolls of these 2d6 totals, one per turn."""
    state.arrange(dice=[d for n in numbers for d in two(n)])
    for _ in numbers:
        assert state.legal_moves() == [Move("roll")]
        play(state, "roll")


# --- typed moves: whole words and numbers ---------------------------------------------------


def test_place_on_slot_1_is_refused_not_put_on_slot_10() -> None:
    """The reported position: Bob's own 11 and 12 are full, so `place ... on mine 1` was the
    start of only `... mine 10` and the cake went on slot 10. There is no slot 1."""
    state = phase_two()
    play(state, "place on mine 12", "place on mine 2", "place on mine 11", "place on mine 3")
    assert state.to_move() == BOB
    mine = {m.args[3] for m in state.legal_moves() if m.args[2] == "mine"}
    assert "10" in mine and not {"11", "12"} & mine  # the old prefix match was unique
    before = (state.save(), state.view(None))
    cake = state.view(None)["drawn"]
    for typed in ("place on mine 1", f"place {cake} on mine 1", "place on theirs 1"):
        with pytest.raises(IllegalMove, match=r"a case slot is 2\.\.12"):
            state.parse(typed)
    assert (state.save(), state.view(None)) == before
    assert state.parse("place on mine 10") == Move("place", (cake, "on", "mine", "10"))
    assert state.parse("place on mine 010") == state.parse("place on mine 10")


def test_stale_1_is_refused_not_taken_for_stale_10() -> None:
    """`stale N` shares the parser: Bob sold 11 and 12, then repeated 11; Ann puts a Stale
    card on one of his unsold cakes, 2..10; `stale 1` was the start of `stale 10` only."""
    state = sale()
    rolls(state, 2, 11, 3, 12, 4, 11)  # Ann 2, 3, 4; Bob 11, 12, then 11 again
    assert state.view(None)["step"] == "stale" and state.to_move() == ANN
    assert sorted(int(m.args[0]) for m in state.legal_moves()) == list(range(2, 11))
    before = state.save()
    for typed in ("stale 1", "stale 0", "stale 13", "stale x"):
        with pytest.raises(IllegalMove, match=r"name the slot, 2\.\.12: 'stale N'"):
            state.parse(typed)
    with pytest.raises(IllegalMove, match="sold already"):
        state.parse("stale 12")
    assert state.save() == before
    assert state.parse("stale 10") == Move("stale", ("10",))


def test_a_position_matches_whole_never_by_its_start() -> None:
    state = start()
    state.arrange(dice=[6])
    play(state, "roll")
    for typed in ("flip b", "flip a", "flip 0", "flip 31"):
        with pytest.raises(IllegalMove, match=r"name one board position, A1\.\.F5 or 1\.\.30"):
            state.parse(typed)
    assert state.parse("flip 1") == Move("flip", ("A1",)) == state.parse("FLIP a1")


def test_words_may_be_shortened_where_one_move_fits() -> None:
    state = start()
    state.arrange(dice=[5])
    assert state.parse("ro") == Move("roll") and state.parse("h") == Move("hire")
    play(state, "ro")  # a 5: the bonus or two cards
    assert state.parse("b") == Move("bonus") == state.parse("BON")
    state = phase_two()
    cake = state.view(None)["drawn"]
    assert state.parse("pl on m 8") == Move("place", (cake, "on", "mine", "8"))
    assert state.parse(f"place {cake[:3]} on t 12") == Move("place", (cake, "on", "theirs", "12"))


def test_a_menu_number_out_of_range_is_refused_with_the_range() -> None:
    state = start()
    assert state.parse("2") == Move("hire")
    with pytest.raises(IllegalMove, match=r"the menu has moves 1\.\.2"):
        state.parse("3")
    with pytest.raises(IllegalMove, match="not a move of Bakeries"):
        state.parse("   ")


# --- BK-7: the length of the game --------------------------------------------------------


@pytest.mark.parametrize(("given", "rounds"), [(None, 3), (1, 1), (2, 2), (3, 3), ("2", 2)])
def test_bk7_rounds_may_be_1_or_2_or_the_default_3(given: Any, rounds: int) -> None:
    options = {} if given is None else {"rounds": given}
    game = Bakeries(NAMES, **options)
    assert game.rounds == rounds == game.options["rounds"]  # ruling BK-7


@pytest.mark.parametrize("given", [0, 4, -1, 10, "x", "", True, 2.5, "3x"])
def test_bk7_any_other_rounds_value_is_refused_citing_the_ruling(given: Any) -> None:
    with pytest.raises(InputError, match=r"rounds: .* is refused: .*1, 2 or 3 \(BK-7\)"):
        Bakeries(NAMES, rounds=given)  # ruling BK-7: refused, never ignored
    assert "BK-7" in GAME_INFO["options"]["rounds"]


@pytest.mark.parametrize(
    "args", [["--rounds", "0"], ["--rounds", "4"], ["--rounds=-1"], ["--option", "rounds=x"]]
)
def test_bk7_game_new_refuses_other_rounds(args: list[str], tmp_path: Path) -> None:
    """`ezkit game new bakeries --rounds 0` must not start a three-round game (ruling BK-7)."""
    db = str(tmp_path / "campaign.json")
    base = ["game", "new", "bakeries", "--players", "Ann", "--bots", "1", "--db", db, "--json"]
    result = CliRunner().invoke(cli, [*base, *args])
    assert result.exit_code != 0, result.output
    assert "BK-7" in result.stderr
    games = Path(db).with_suffix(".games.json")  # where saved games would be
    assert not games.exists() or "bakeries" not in games.read_text()


def test_bk7_game_new_plays_a_shorter_game(tmp_path: Path) -> None:
    db = str(tmp_path / "campaign.json")
    args = ["game", "new", "bakeries", "--players", "Ann", "--bots", "1", "--rounds", "2"]
    result = CliRunner().invoke(cli, [*args, "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(cli, ["game", "show", "1", "--seat", "0", "--db", db, "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["view"]["rounds"] == 2


# --- GT-1: what each seat may see -----------------------------------------------------------


def test_gt1_seen_is_the_face_up_cards_not_those_face_down_again() -> None:
    state = start()
    state.arrange(board={"C1": "chef-red", "B2": "hat-blue"}, dice=[2, 1])
    assert state.seen(ANN) == Counter() == state.seen(BOB)  # the board is face down
    play(state, "roll", "flip C1")
    assert state.seen(ANN) == Counter({"chef-red": 1}) == state.seen(BOB)
    play(state, "flip B2", "stop")
    assert state.seen(BOB) == Counter({"chef-red": 1, "hat-blue": 1})  # still face up
    play(state, "roll")  # Bob's turn begins: they go face down again (BK-3)
    assert state.seen(ANN) == Counter() == state.seen(BOB)


def test_gt1_seen_holds_the_hired_set_then_the_chef_the_cakes_and_stale_cards() -> None:
    state = start()
    state.arrange(board=dict(zip(ROW_A, colour_set(6), strict=True)), store=["wedding-cake"])
    play(state, "hire", *(f"flip {p}" for p in ROW_A))
    assert state.view(None)["step"] == "second-chance"
    assert state.seen(BOB) == Counter(colour_set(6))  # the hired set lies before Ann
    play(state, "pass")  # phase two: the components set aside, the chef kept
    case_cards = Counter(c.id for c in decks.deck("bakeries").of("case") for _ in range(c.count))
    # the cake drawn, not the store; the chef alone, not the components set aside
    expected = Counter({"chef-green": 1, "wedding-cake": 1}) + case_cards
    assert state.seen(ANN) == expected == state.seen(BOB)
    state = sale()
    rolls(state, 2, 7, 3, 7)  # Bob repeats 7: Ann puts a Stale card on one of his cakes
    play(state, "stale 12")
    assert state.seen(ANN)["stale"] == 1 == state.seen(BOB)["stale"]


def test_gt1_a_flip_is_final_and_undo_stops_before_it() -> None:
    """Undo never goes below state.final (the table's Session.undo); every move that turns a
    card over, rolls, draws a cake or turns cards face down again is final (GT-1)."""
    state = Bakeries(NAMES).new(4)
    play(state, "first")
    assert state.final < len(state.moves)  # choosing the order revealed nothing
    state.arrange(board={"C1": "chef-purple"}, dice=[6])
    play(state, "roll")
    assert state.final == len(state.moves)  # a die rolled
    play(state, "flip C1")
    assert state.final == len(state.moves)  # flip C1: final, undo cannot take it back
    play(state, "stop")
    assert state.final == len(state.moves) - 1  # the stop revealed nothing
    play(state, "hire")
    assert state.final == len(state.moves)  # C1 face down: undoing it would show it again
    # a cake drawn is final; the very last cake placed draws none
    state = phase_two()
    assert state.final == len(state.moves)
    for slot in range(2, 12):
        play(state, f"place on mine {slot}", f"place on mine {slot}")
        assert state.final == len(state.moves)
    play(state, "place on mine 12")
    assert state.final == len(state.moves)  # Ann's last cake is drawn by it
    play(state, "place on mine 12")
    assert state.view(None)["step"] == "roll" and state.final == len(state.moves) - 1


def test_gt1_a_flip_names_the_card_live_but_a_log_only_where() -> None:
    state = start()
    state.arrange(board={"C1": "chef-red"}, dice=[1])
    events = play(state, "roll", "flip C1")
    flip = events[-1]
    assert flip.text == "Ann turns over C1: The 5x Red Chef"  # the live screen (table)
    assert flip.seen_by(BOB) == flip.text
    assert flip.covered == "Ann turns over C1"
    for seat in (None, ANN, BOB):
        assert flip.logged_for(seat, over=False) == "Ann turns over C1"
        assert flip.logged_for(seat, over=True) == flip.text  # the whole story at the end
    events = play(state, "stop")
    assert events[0].logged_for(BOB, over=False) == "Ann ends the turn; face up: C1"
    assert events[0].text == "Ann ends the turn; face up: C1 The 5x Red Chef"


def test_gt1_a_failed_hire_does_not_tell_a_log_what_the_cards_were() -> None:
    state = start()
    state.arrange(board={"A1": "chef-red", "A2": "hat-blue"})
    events = play(state, "hire", "flip A1", "flip A2")
    fail = events[-1]
    assert "cannot stand in the 5x set" in fail.text
    assert fail.logged_for(BOB, over=False) == "The hire fails. Ann loses the next turn (BK-3)"


def _board_names(game: Bakeries) -> set[str]:
    return set(game.card_ids) | set(game.card_names)


def test_gt1_a_log_while_the_game_is_on_names_no_face_down_board_card() -> None:
    """A whole game of bots, replayed with the engine's events: every seat's log, read while
    the game is on, names no board card but the chefs hired (face up before their hirer)."""
    game = Bakeries(NAMES, turn_cap=40)
    chefs = {c.name for c in decks.deck("bakeries").of("chef") if c.component == "chef"}
    names = _board_names(game)
    for seed in range(3):
        state = game.new(seed)
        bots = [make_bot("heuristic", "bakeries") for _ in NAMES]
        rng = random.Random(seed)
        while (seat := state.to_move()) is not None:
            state.play(bots[seat].choose(state.view(seat), state.legal_moves(), rng))
        saved = json.loads(json.dumps(state.save()))
        again = engine.replay(saved)
        assert [e.text for e in again.log] == [e.text for e in state.log]
        covered = [e for e in again.log if e.covered is not None]
        assert covered and any(any(n in e.text for n in names) for e in covered)
        for seat in (None, ANN, BOB):
            for event in again.log:
                line = event.logged_for(seat, over=False)
                if line is None:
                    continue
                named = {n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", line)}
                assert not named or (" hires " in line and named <= chefs), line
            over = [event.logged_for(seat, over=True) for event in again.log]
            assert any(n in line for line in over if line for n in names)


def test_gt1_views_and_screens_forget_a_card_turned_face_down_again() -> None:
    """The memory of what was seen is the state's record and the bots' own (BK-3), never in a
    view nor on a human's screen (GT-1)."""
    state = start()
    state.arrange(board={"C1": "chef-red", "B2": "hat-blue"}, dice=[2, 1])
    play(state, "roll", "flip C1", "flip B2", "stop")
    assert "chef-red" in json.dumps(state.view(BOB))  # face up now: seen by both
    assert any("5x Red Chef" in line for line in state.describe(BOB))
    play(state, "roll")
    for seat in (None, ANN, BOB):
        shown = json.dumps(state.view(seat)) + "\n".join(state.describe(seat or 0))
        for secret in ("chef-red", "hat-blue", "5x Red Chef", "4x Blue Hat"):
            assert secret not in shown
    assert set(state.memory(BOB)) == {"C1", "B2"}  # the engine's record, for reports


def test_gt1_the_bot_learns_at_the_flip_from_the_views_it_is_shown() -> None:
    """The memory bot reads face-up cards in the views (also the forced `stop`), so it can still
    hire a set the views showed it once, though no view shows the cards any more."""
    bot = make_bot("heuristic", "bakeries")
    state = start(first=BOB)
    state.arrange(board=dict(zip(ROW_A, colour_set(5), strict=True)), dice=[4, 1, 1])
    rng = random.Random(1)
    play(state, "roll", "flip A1", "flip A2", "flip A3", "flip A4", "stop")
    for _ in range(2):  # Ann (the bot) rolls a 1 and turns over a card it has not seen
        state.play(bot.choose(state.view(ANN), state.legal_moves(), rng))
    assert state.moves[-1].args[0] not in ROW_A
    play(state, "stop", "roll", "flip A5", "stop")
    view = state.view(ANN)  # A5 is face up; A1..A4 are not, nor on any screen
    assert view["face_up"] == {"A5": "batter-red"} and "chef-red" not in json.dumps(view)
    assert bot.choose(view, state.legal_moves(), rng) == Move("hire")


# --- words ---------------------------------------------------------------------------------


def test_words_a_die_turns_over_1_card_or_1_to_4_cards() -> None:
    state = start()
    state.arrange(dice=[1, 6])
    play(state, "roll")
    with pytest.raises(IllegalMove) as error:
        state.parse("stop")
    assert "a 1 turns over exactly 1 card: no cards turned so far (BK-3)" in str(error.value)
    assert "Die 1: turn over exactly 1 card; no cards turned so far" in state.describe(ANN)
    play(state, "flip A1")
    with pytest.raises(IllegalMove, match=r"the die allows 1 card and all are turned"):
        state.parse("flip A2")
    play(state, "stop", "roll")  # Bob rolls a 6: 1 to 4 (BK-3)
    with pytest.raises(IllegalMove) as error:
        state.parse("stop")
    message = str(error.value)
    assert "a 6 turns over 1 to 4 cards: no cards turned so far (BK-3)" in message
    assert "exactly" not in message
    play(state, "flip A2")
    assert "Die 6: turn over 1 to 4 cards; 1 card turned so far" in state.describe(BOB)


def test_words_the_5_bonus_on_the_screen_is_the_one_offered() -> None:
    """The second 5 of a phase one offers $750: the screen's header said the next 5's $1,000
    beside a prompt offering $750 for the same choice."""
    state = start()
    state.arrange(dice=[5, 5])
    play(state, "roll", "flip A1", "flip A2", "stop", "roll")
    offer = TABLES.five_bonus_for(1)
    assert offer == 750 and state.view(BOB)["bonus"] == offer
    screen = "\n".join(state.describe(BOB))
    assert f"this 5-bonus ${offer:,}" in screen and f"take ${offer:,}" in screen
    assert f"${TABLES.five_bonus_for(2):,}" not in screen
    play(state, "bonus")
    assert f"next 5-bonus ${TABLES.five_bonus_for(2):,}" in "\n".join(state.describe(ANN))


def test_words_their_not_his() -> None:
    """Player-facing text says `their` or the name, never `his` or `him`."""
    his = re.compile(r"\b(his|him|he)\b", re.IGNORECASE)
    state = phase_two()
    events = play(state, "place on mine 2")
    assert events[0].text.startswith(f"Bob puts the {state.game.cake_names[state.cases[1][0]]}")
    assert "on their own slot 2" in events[0].text
    state = start()
    state.arrange(board=dict(zip(ROW_A, colour_set(4), strict=True)))
    play(state, "hire", *(f"flip {p}" for p in ROW_A), "flip B1")
    with pytest.raises(IllegalMove, match="before their first card"):
        state.parse("pass")
    game = Bakeries(NAMES, turn_cap=1, rounds=1)
    state = game.new(2)
    bots = [make_bot("heuristic", "bakeries") for _ in NAMES]
    rng = random.Random(2)
    while (seat := state.to_move()) is not None:
        state.play(bots[seat].choose(state.view(seat), state.legal_moves(), rng))
        for line in state.describe(seat):
            assert not his.search(line), line
    lines = [e.text for e in state.log]
    assert any("Nobody hired a chef in 1 turn:" in line for line in lines)
    assert not [line for line in lines if his.search(line)]
    assert not his.search(json.dumps(GAME_INFO))
