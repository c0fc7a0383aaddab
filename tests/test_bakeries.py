"""The Civil War Battle of the Bakeries (seed 001) rule by rule, rulings BK-1..BK-6, the book's
worked examples recomputed from the rules' arithmetic, the memory display and the bots.

Positions are set with `BakeriesState.arrange` (the board, the next dice, the cakes drawn next,
the consolation draws) and reached by playing moves, so every rule is exercised as in a game.
Every expected sum of money is computed here from the deck file's numbers (the rule's
arithmetic); where the book prints a figure, the test says whether it agrees.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from click.testing import CliRunner

from ezkit.cli import cli
from ezkit.errors import InputError
from ezkit.games import decks, engine, table
from ezkit.games.bakeries import GAME_INFO, Bakeries, BakeriesState, Covered
from ezkit.games.bakeries.bots import BakeriesBot
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.games.bots import bots_for, make_bot
from ezkit.games.engine import IllegalMove, Move

NAMES = ["Ann", "Bob"]
ANN, BOB = 0, 1
TABLES = decks.tables("bakeries")
assert isinstance(TABLES, BakeriesTables)
SALE = TABLES.sale
PRICE = {c.id: int(c.price or 0) for c in decks.deck("bakeries").of("cake")}
COLOUR = {s.multiplier: s.colour for s in TABLES.chef_sets}
SET_PARTS = ("chef", "hat", "apron", "oven", "batter")


def colour_set(m: int) -> list[str]:
    """The five cards of the m set, chef first (BK-2)."""
    return [f"{part}-{COLOUR[m]}" for part in SET_PARTS]


def two(n: int) -> list[int]:
    """Two d6 results that add up to n."""
    a = max(1, n - 6)
    return [a, n - a]


def play(state: BakeriesState, *texts: str) -> list[engine.Event]:
    events: list[engine.Event] = []
    for text in texts:
        events += state.play(state.parse(text))
    return events


def start(seed: int = 1, first: int = ANN, **options: Any) -> BakeriesState:
    """A new game at its first phase-one turn, `first` to play."""
    state = Bakeries(NAMES, **options).new(seed)
    assert state.view(None)["step"] == "order"
    play(state, "first" if state.to_move() == first else "second")
    assert state.to_move() == first and state.view(None)["step"] == "turn"
    return state


def money(total: int, percent: int) -> int:
    """A share of a total in whole dollars, half up (BK-6; never needed with the book's numbers)."""
    return (2 * total * percent + 100) // 200


def value(chef: int, cake: str, slot: int, stale: int = 0) -> int:
    """BK-5: chef multiplier x cake price x slot multiplier x (1 - 0.2 x stale), whole dollars."""
    exact = chef * PRICE[cake] * TABLES.case_multiplier(slot) * (100 - SALE.stale_percent * stale)
    return money(exact, 1)


#: Eleven different cakes (one of each), for a case nobody cares about.
EVERY_CAKE = list(PRICE)


def case(**slots: str) -> dict[int, str]:
    """A full case: the slots named (`s2="lemon-cake"`), the others one of each other cake."""
    named = {int(k[1:]): v for k, v in slots.items()}
    rest = [c for c in EVERY_CAKE if c not in named.values()]
    return {slot: named.get(slot) or rest.pop(0) for slot in range(2, 13)}


def sale_position(
    hirer: int,
    chef: int,
    other_chef: int | None,
    *,
    cases: Mapping[int, Mapping[int, str]],
    seed: int = 1,
    **options: Any,
) -> BakeriesState:
    """Phase three's first roll: `hirer` hired the `chef` set first (its cards at A1..A5), the
    other took the `other_chef` set with his second chance (B1..B5) or passed; in phase two
    each placed the cakes of `cases[seat]` on his own case, slot 2 up."""
    state = start(seed, first=hirer, **options)
    other = 1 - hirer
    board = dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(chef), strict=True))
    if other_chef is not None:
        board.update(zip(["B1", "B2", "B3", "B4", "B5"], colour_set(other_chef), strict=True))
    order = []
    for slot in range(2, 13):  # the non-first-hirer draws first (BK-4), then they alternate
        order += [cases[other][slot], cases[hirer][slot]]
    state.arrange(board=board, store=order)
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5")
    assert state.first_hirer == hirer and state.mult[hirer] == chef
    if state.view(None)["step"] == "second-chance":
        if other_chef is None:
            play(state, "pass")
        else:  # any order: the chef last
            play(state, "flip B5", "flip B4", "flip B3", "flip B2", "flip B1")
    assert state.mult[other] == (other_chef or TABLES.no_chef_multiplier)
    for slot in range(2, 13):
        play(state, f"place on mine {slot}", f"place on mine {slot}")
    assert state.view(None)["step"] == "roll" and state.to_move() == hirer
    return state


def rolls(state: BakeriesState, *numbers: int) -> list[engine.Event]:
    """Phase-three rolls of these 2d6 totals, one per turn."""
    state.arrange(dice=[d for n in numbers for d in two(n)])
    events: list[engine.Event] = []
    for _ in numbers:
        assert state.legal_moves() == [Move("roll")]
        events += play(state, "roll")
    return events


def texts(events: Sequence[engine.Event]) -> list[str]:
    return [e.text for e in events]


# --- the game and its options (BK-1) ------------------------------------------------------


def test_registered_and_described() -> None:
    assert engine.game_class("bakeries") is Bakeries
    game = Bakeries(NAMES)
    assert (game.name, game.title) == ("bakeries", "The Civil War Battle of the Bakeries")
    assert game.options == {
        "players": NAMES,
        "rounds": TABLES.rounds,
        "turn_cap": TABLES.phase_one_turn_cap,
    }
    assert GAME_INFO["default_players"] == 2 == TABLES.players
    assert Bakeries.default_players == 2


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cat"]])
def test_bk1_exactly_two_players(players: list[str]) -> None:
    with pytest.raises(InputError, match="is for 2 players, not"):
        Bakeries(players)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "no option colour"),
        ({"rounds": 0}, r"rounds: 0 is refused: .*1, 2 or 3 \(BK-7\)"),  # ruling BK-7
        ({"turn_cap": "x"}, "turn_cap: 'x' is not a whole number"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        Bakeries(NAMES, **options)


def test_decks_and_numbers_come_from_the_deck_file() -> None:
    game = Bakeries(NAMES)
    deck = decks.deck("bakeries")
    assert game.size == TABLES.board["rows"] * TABLES.board["columns"] == deck.size("chef") == 30
    assert sum(game.cake_counts) == deck.size("cake") == 78
    assert game.case_cards == deck.size("case") == 22
    assert game.stale_cards == deck.size("stale") == 30
    assert game.slot_mult == tuple(TABLES.case_multiplier(s) for s in range(2, 13))
    state = game.new(3)
    assert state.conserved()
    state.store.append(state.store[0])
    assert not state.conserved()  # a cake in two places


# --- phase one: roll-off, order, the die (BK-3) ----------------------------------------------


def test_bk3_roll_off_ties_reroll_and_the_higher_roll_chooses() -> None:
    ties = 0
    for seed in range(60):
        state = Bakeries(NAMES).new(seed)
        a, b = state.roll_off
        assert a != b and state.to_move() == state.chooser == (ANN if a > b else BOB)
        assert state.legal_moves() == [Move("first"), Move("second")]
        ties += any("a tie: roll again" in e.text for e in state.log)
    assert ties  # some seeds tied first and rolled again


def test_bk3_the_chooser_may_go_second() -> None:
    state = Bakeries(NAMES).new(2)
    chooser = state.chooser
    play(state, "second")
    assert state.to_move() == 1 - chooser == state.first
    assert state.legal_moves() == [Move("roll"), Move("hire")]


@pytest.mark.parametrize("die", [1, 2, 3, 4])
def test_bk3_a_1_to_4_turns_over_exactly_that_many(die: int) -> None:
    state = start()
    state.arrange(dice=[die])
    play(state, "roll")
    assert state.view(ANN)["die"] == die
    for k in range(die):
        assert Move("stop") not in state.legal_moves()  # not fewer (BK-3)
        play(state, f"flip {state.game.pos_names[k]}")
    assert state.legal_moves() == [Move("stop")]  # not more: all turned, the turn ends
    play(state, "stop")
    assert state.to_move() == BOB


def test_bk3_a_6_turns_over_one_to_four_with_a_stop_any_time() -> None:
    state = start()
    state.arrange(dice=[6, 6])
    play(state, "roll")
    assert Move("stop") not in state.legal_moves()  # at least one card
    play(state, "flip A1")
    assert Move("stop") in state.legal_moves() and Move("flip", ("A2",)) in state.legal_moves()
    play(state, "stop")
    assert state.to_move() == BOB
    play(state, "roll", "flip A2", "flip A3", "flip A4", "flip A5")
    assert state.legal_moves() == [Move("stop")]  # four at most


def test_bk3_a_5_offers_two_cards_or_the_bonus_growing_with_every_5() -> None:
    state = start()
    first, step = TABLES.five_bonus.first, TABLES.five_bonus.step
    state.arrange(dice=[5, 5, 5])
    play(state, "roll")
    assert state.view(BOB)["bonus"] == first
    assert state.legal_moves()[0] == Move("bonus")
    play(state, "flip A1", "flip A2")  # he flips instead: the 5 still counts
    assert state.legal_moves() == [Move("stop")]
    play(state, "stop", "roll")  # Bob's 5 offers $500 + $250 for the one before
    assert state.view(ANN)["bonus"] == first + step
    play(state, "bonus")
    assert state.money == [0, first + step]  # straight to the game score (BK-3)
    assert state.to_move() == ANN
    play(state, "roll")
    assert state.view(ANN)["bonus"] == first + 2 * step  # either player's 5s count
    play(state, "bonus")
    assert state.scores() == [first + 2 * step, first + step]
    assert state.cur["five_bonus"] == [first + 2 * step, first + step]


def test_bk3_cards_turned_stay_face_up_until_the_next_move_then_are_covered() -> None:
    state = start()
    state.arrange(board={"A1": "chef-red", "C3": "wild-4x-5x"}, dice=[2, 1])
    play(state, "roll", "flip A1")
    assert state.view(ANN)["face_up"] == {"A1": "chef-red"}
    play(state, "flip C3", "stop")
    view = state.view(BOB)  # Bob's turn: he looks at them too
    assert view["face_up"] == {"A1": "chef-red", "C3": "wild-4x-5x"}
    assert view["board"][0][0] == "chef-red" and view["board"][2][2] == "wild-4x-5x"
    events = play(state, "roll")
    covered = [e for e in events if getattr(e, "hide", False)]
    assert len(covered) == 1 and isinstance(covered[0], Covered) and "A1, C3" in covered[0].text
    view = state.view(BOB)
    assert view["face_up"] == {} and view["board"][0][0] == "?" and view["board"][2][2] == "?"


def test_bk3_memory_is_the_states_record_and_never_in_a_view() -> None:
    state = start()
    state.arrange(board={"A1": "chef-red", "B2": "hat-blue"}, dice=[2, 1])
    play(state, "roll", "flip A1", "flip B2", "stop", "roll")
    assert (
        state.memory(ANN)
        == state.memory(BOB)
        == {
            "A1": {"card": "chef-red", "turn": 1},
            "B2": {"card": "hat-blue", "turn": 1},
        }
    )
    shown = json.dumps(state.view(ANN)) + json.dumps(state.view(None))
    assert "chef-red" not in shown and "hat-blue" not in shown


# --- phase one: hiring (BK-2, BK-3) ----------------------------------------------------------


def test_bk3_a_hire_turns_the_chef_first_then_the_components_any_order_one_wild() -> None:
    state = start()
    state.arrange(
        board={"A1": "chef-blue", "F5": "batter-blue", "C1": "wild-4x-5x", "D4": "apron-blue",
               "E2": "oven-blue"}
    )  # fmt: skip
    play(state, "hire", "flip A1", "flip E2", "flip C1", "flip D4", "flip F5")
    assert state.chefs[ANN] >= 0 and state.mult == [4, TABLES.no_chef_multiplier]
    assert state.first_hirer == ANN
    view = state.view(BOB)
    assert view["chefs"] == ["chef-blue", None] and view["multipliers"][ANN] == 4
    for pos in ("A1", "F5", "C1", "D4", "E2"):  # the set left the board
        assert view["board"]["ABCDEF".index(pos[0])][int(pos[1]) - 1] == ""
    assert view["step"] == "second-chance" and state.to_move() == BOB
    assert view["second_chance"] == {"seat": BOB, "multipliers": list(TABLES.second_chance[4])}


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        (["hat-red"], "the first card of a hire must be a chef"),
        (["chef-red", "hat-blue"], "cannot stand in the 5x set"),
        (["chef-red", "wild-4x-5x", "wild-4x-5x"], "cannot stand in the 5x set"),
        (["chef-red", "wild-2x-3x"], "cannot stand in the 5x set"),
        (["chef-green", "wild-4x-5x"], "cannot stand in the 6x set"),
        (["chef-red", "chef-blue"], "cannot stand in the 5x set"),
    ],
)
def test_bk3_a_card_that_shows_the_set_impossible_fails_the_hire(
    cards: list[str], why: str
) -> None:
    state = start()
    places = ["A1", "A2", "A3", "A4", "A5"][: len(cards)]
    state.arrange(board=dict(zip(places, cards, strict=True)))
    events = play(state, "hire", *(f"flip {p}" for p in places))
    assert any(why in t for t in texts(events))
    assert state.legal_moves() == [Move("stop")]  # he sees the cards, then his turn is over
    assert state.lost == [True, False] and state.first_hirer is None
    play(state, "stop")
    # BK-3: he loses his next turn: Bob plays two turns in a row
    state.arrange(dice=[1, 1])
    play(state, "roll", "flip F5", "stop")
    assert state.to_move() == BOB
    events = play(state, "roll")
    assert state.lost == [False, False] and state.cur["lost_turns"] == [1, 0]
    play(state, "flip F4", "stop")
    assert state.to_move() == ANN
    assert texts(events)[0].startswith("The cards are turned face down again")


@pytest.mark.parametrize("typed", ["flip B3", "roll", "hire"])
def test_bk3_after_a_failed_hire_a_refused_move_says_the_hire_failed(typed: str) -> None:
    """No die was rolled this turn: the reason had read 'the die allows 2 cards and all are
    turned' (or 'Ann is turning cards over')."""
    state = start()
    state.arrange(board={"A1": "chef-red", "A2": "hat-blue"})
    play(state, "hire", "flip A1", "flip A2")
    with pytest.raises(IllegalMove) as refused:
        state.parse(typed)
    reason = str(refused.value)
    assert "the hire failed: 'stop' ends the turn, and Ann loses the next (BK-3)" in reason
    assert "die" not in reason


def test_bk3_a_hire_is_not_stopped_and_the_refusal_says_why() -> None:
    """'stop' in the middle of a hire had read 'nothing to stop now'."""
    state = start()
    state.arrange(board={"A1": "chef-red"})
    play(state, "hire", "flip A1")
    with pytest.raises(IllegalMove, match="a hire goes on until the set is complete or a card"):
        state.parse("stop")


def test_lost_turns_of_both_players_are_both_lost() -> None:
    state = start()
    state.arrange(board={"A1": "hat-red", "A2": "oven-red"})
    play(state, "hire", "flip A1", "stop")  # Ann fails and loses her next turn
    play(state, "hire", "flip A2", "stop")  # Bob fails too
    assert state.to_move() == ANN  # both turns lost: Ann, Bob, then Ann again
    assert state.cur["lost_turns"] == [1, 1] and state.lost == [False, False]


# --- the second chance (BK-3) ----------------------------------------------------------------


@pytest.mark.parametrize("first", sorted(TABLES.second_chance))
def test_bk3_the_second_chance_follows_the_table(first: int) -> None:
    allowed = list(TABLES.second_chance[first])
    state = start()
    state.arrange(board=dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(first), strict=True)))
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5")
    view = state.view(BOB)
    if not allowed:  # after the 2x set: no chance, phase two at once
        assert view["phase"] == 2 and state.mult[BOB] == TABLES.no_chef_multiplier
        return
    assert view["second_chance"]["multipliers"] == allowed
    assert Move("pass") in state.legal_moves()


def test_bk3_the_second_chance_any_order_no_chef_first_claims_a_lesser_set() -> None:
    state = start()
    board = dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(6), strict=True))
    board.update({"B1": "hat-purple", "B2": "wild-2x-3x", "B3": "oven-purple",
                  "B4": "chef-purple", "B5": "batter-purple"})  # fmt: skip
    state.arrange(board=board)
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5")
    play(state, "flip B1", "flip B2", "flip B3")
    assert Move("pass") not in state.legal_moves()  # only before the first card
    play(state, "flip B4", "flip B5")
    assert state.mult == [6, 3] and state.cur["second_chance"]["hired"]
    assert state.view(None)["phase"] == 2


def test_bk3_the_second_chance_ends_at_a_card_no_allowed_set_can_use() -> None:
    state = start()
    board = dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(5), strict=True))
    board.update({"B1": "wild-2x-3x", "B2": "chef-blue"})
    state.arrange(board=board)
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5")
    play(state, "flip B1")  # a 2x/3x wild: both allowed sets are still possible
    events = play(state, "flip B2")  # after a 5x, the 4x set is not a lesser set to try
    assert "No allowed set can be made" in " ".join(texts(events))
    assert state.mult[BOB] == TABLES.no_chef_multiplier and state.view(None)["phase"] == 2


def test_bk3_the_second_chance_may_be_passed() -> None:
    state = start()
    state.arrange(board=dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(4), strict=True)))
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5", "pass")
    assert state.cur["second_chance"]["passed"] and state.view(None)["phase"] == 2


def test_bk3_the_turn_cap_leaves_both_at_1x_and_the_roll_off_winner_first() -> None:
    state = Bakeries(NAMES, turn_cap=3).new(5)
    chooser = state.chooser
    play(state, "second")
    state.arrange(dice=[1, 1, 1])
    play(state, "roll", "flip A1", "stop", "roll", "flip A2", "stop", "roll", "flip A3")
    events = play(state, "stop")
    assert any("Nobody hired a chef in 3 turns" in t for t in texts(events))
    assert state.mult == [TABLES.no_chef_multiplier] * 2
    assert state.first_hirer == chooser and state.cur["capped"]
    assert state.to_move() == 1 - chooser  # phase two: the other starts (BK-4)
    assert state.view(None)["phase"] == 2 and state.view(None)["drawn"] is not None


# --- phase two (BK-4) ------------------------------------------------------------------------


def test_bk4_the_non_hirer_starts_and_each_places_on_either_case() -> None:
    state = start()
    state.arrange(
        board=dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(2), strict=True)),
        store=["wedding-cake", "lemon-cake", "sheet-cake"],
    )
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5")
    assert state.to_move() == BOB  # BK-4: the player who did not hire first starts
    view = state.view(BOB)
    assert view["drawn"] == "wedding-cake" and view["store"] == 78 - 1
    assert Move("place", ("wedding-cake", "on", "theirs", "12")) in state.legal_moves()
    events = play(state, "place Wedding Cake on theirs 12")
    assert "YOU TAKE THE CAKE!" in texts(events)[0]
    assert state.to_move() == ANN and state.view(ANN)["drawn"] == "lemon-cake"
    with pytest.raises(IllegalMove, match="Ann's slot 12 holds a cake already"):
        play(state, "place on mine 12")
    play(state, "place lemon cake on theirs 12")
    view = state.view(None)
    assert view["cases"][ANN][-1] == "wedding-cake" and view["cases"][BOB][-1] == "lemon-cake"
    assert state.to_move() == BOB and view["drawn"] == "sheet-cake"
    legal = state.legal_moves()
    assert len(legal) == 2 * 10 and all(m.args[3] != "12" for m in legal)
    assert state.conserved()


def test_bk4_a_full_case_leaves_the_other_to_fill_his_own_alone() -> None:
    state = start()
    state.arrange(board=dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(2), strict=True)))
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5")
    # Both place on Ann's case until it is full (11 cakes), Bob first
    for k in range(11):
        slot = 2 + k
        play(state, f"place on {'theirs' if state.to_move() == BOB else 'mine'} {slot}")
    assert state.filled == [11, 0]
    for k in range(11):  # Bob draws and fills his own case alone
        assert state.to_move() == BOB
        assert all(m.args[2] == "mine" for m in state.legal_moves())
        play(state, f"place on mine {2 + k}")
    assert state.view(None)["step"] == "roll" and state.to_move() == ANN


# --- phase three (BK-5) and the book's worked examples ---------------------------------------


def test_example_5x_chef_bundt_cake_on_the_8_slot() -> None:
    state = sale_position(ANN, 5, 2, cases={ANN: case(s8="bundt-cake"), BOB: case()})
    expected = 5 * PRICE["bundt-cake"] * TABLES.case_multiplier(8)
    assert expected == value(5, "bundt-cake", 8) == 750  # the book's $750 agrees
    rolls(state, 8)  # BK-5: the first hirer rolls first
    assert state.totals == [expected, 0] and state.sold_counts == [1, 0]
    assert state.view(BOB)["sale_totals"] == [750, 0]


def test_example_myrtles_lemon_cake_on_the_2_slot_with_four_stale_cards() -> None:
    # Myrtle (Ann) hired 2x; Shirley (Bob) put a Stale card on her 2 slot each time she
    # rolled a 7 again.
    fresh = sale_position(BOB, 6, 2, cases={ANN: case(s2="lemon-cake"), BOB: case()})
    rolls(fresh, 12, 2)
    assert fresh.totals[ANN] == 2 * PRICE["lemon-cake"] * TABLES.case_multiplier(2) == 1300
    state = sale_position(BOB, 6, 2, cases={ANN: case(s2="lemon-cake"), BOB: case()})
    rolls(state, 12, 7)
    for n in range(4):
        rolls(state, 12)  # Bob repeats: Ann puts a Stale card on his 3 slot
        assert state.to_move() == ANN and state.view(ANN)["stale_for"] == BOB
        play(state, "stale 3")
        rolls(state, 7)  # Ann repeats
        assert state.to_move() == BOB and state.view(BOB)["repeat"] == 7
        legal = state.legal_moves()
        assert Move("stale", ("7",)) not in legal  # sold cakes take no Stale card
        play(state, "stale 2")
        assert state.stale[ANN][0] == n + 1
    before = state.totals[ANN]
    rolls(state, 12)
    play(state, "stale 4")
    rolls(state, 2)
    four = PRICE["lemon-cake"] * (100 - 4 * SALE.stale_percent) // 100  # $50 -> $10
    assert state.totals[ANN] - before == 2 * four * 13 == value(2, "lemon-cake", 2, 4) == 260
    assert state.stale_deck == state.game.stale_cards - 9 and state.conserved()  # 4 + 4 + 1


def test_bk5_at_most_four_stale_cards_on_a_cake() -> None:
    state = sale_position(ANN, 5, 2, cases={ANN: case(), BOB: case()})
    rolls(state, 7, 12)
    for _ in range(SALE.stale_per_cake):
        rolls(state, 7)
        play(state, "stale 2")  # Bob's stale on Ann's 2 slot
        rolls(state, 12)
        play(state, "stale 3")
    rolls(state, 7)
    assert Move("stale", ("2",)) not in state.legal_moves()  # four is the most
    assert Move("stale", ("3",)) in state.legal_moves()


def test_bk5_no_stale_card_once_the_deck_is_empty_and_whole_again_next_round() -> None:
    state = sale_position(ANN, 5, 3, cases={ANN: case(), BOB: case()}, rounds=2)
    rolls(state, 7, 12)
    full = state.stale_deck
    state.stale_deck = 0  # as if thirty repeats had used them all (BK-5)
    events = rolls(state, 7)
    assert "No Stale card: the Stale deck is empty (BK-5)" in texts(events)
    assert state.to_move() == BOB and state.view(None)["step"] == "roll"
    state.stale_deck = full
    rolls(state, 12)
    play(state, "stale 2")
    assert state.stale_deck == full - 1 and state.conserved()
    rolls(state, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 8)  # Ann sells her seventh cake
    assert state.round == 2 and state.stale_deck == state.game.stale_cards == full


def test_bk6_the_first_to_sell_seven_takes_his_total_the_other_keeps_40_percent() -> None:
    cases = {ANN: case(), BOB: case(s7="lemon-cake")}
    state = sale_position(ANN, 4, 3, cases=cases)
    # Ann sells 2..8 (seven different cakes), Bob sells his 7, repeats it and sells his 9
    rolls(state, 2, 7, 3, 7)
    for ann in (4, 5, 6):
        play(state, "stale 12")  # Bob rolled 7 again: Ann puts a Stale card on his 12
        rolls(state, ann, 7)
    play(state, "stale 12")
    rolls(state, 7, 9, 8)
    ann = sum(value(4, cases[ANN][n], n) for n in range(2, 9))
    bob = sum(value(3, cases[BOB][n], n) for n in (7, 9))
    assert state.history[0]["sale_totals"] == [ann, bob]
    assert state.history[0]["great_chef_bonus"]  # seven different cakes
    won = ann + money(ann, SALE.great_chef_bonus_percent)
    assert state.history[0]["sale_money"] == [won, money(bob, SALE.loser_keeps_percent)]
    assert not state.history[0]["consolation_played"]  # 4x - 3x is less than 3
    assert state.scores() == [won, money(bob, SALE.loser_keeps_percent)]
    assert state.round == 2 and state.view(None)["step"] == "order"


def test_example_seven_distinct_cakes_worth_8500_take_the_great_chef_bonus() -> None:
    myrtle = case(
        s2="cinnamon-coffee-cake", s3="german-chocolate-cake", s4="lemon-cake", s5="sheet-cake",
        s6="pineapple-upside-down-cake", s7="boston-cream-pie", s8="black-forest-cake",
        s9="bundt-cake", s10="wedding-cake", s11="birthday-cake", s12="mississippi-mud-cake",
    )  # fmt: skip
    state = sale_position(ANN, 2, None, cases={ANN: myrtle, BOB: case()})
    rolls(state, 2, 12, 3, 12)
    play(state, "stale 11")
    rolls(state, 4, 12)
    play(state, "stale 11")
    rolls(state, 5, 12)
    play(state, "stale 11")
    rolls(state, 6, 12)
    play(state, "stale 11")
    rolls(state, 7, 12)
    play(state, "stale 10")
    rolls(state, 8)
    total = sum(value(2, myrtle[n], n) for n in range(2, 9))
    assert total == 8500  # the book's $8,500 is a real sale: 2x these seven cakes
    bonus = money(total, SALE.great_chef_bonus_percent)
    assert state.history[0]["sale_money"][ANN] == total + bonus == 10_200  # the book agrees


def test_bk6_repeated_cake_names_take_no_great_chef_bonus() -> None:
    lemons = case(s2="lemon-cake", s3="lemon-cake")
    state = sale_position(ANN, 2, None, cases={ANN: lemons, BOB: case()})
    rolls(state, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 6, 8)  # Ann's seventh: her 8
    total = sum(value(2, lemons[n], n) for n in range(2, 9))
    assert not state.history[0]["great_chef_bonus"]
    assert state.history[0]["sale_money"][ANN] == total


# --- the consolation round (BK-6) ------------------------------------------------------------

#: Shirley's tab: $8,000 with a 2x chef (the book's 3x cannot make $8,000: 8000 / 3 is no
#: whole sum of prices): a Wedding Cake on her 4 slot and a Birthday Cake on her 9 slot.
SHIRLEY = case(s4="wedding-cake", s9="birthday-cake")


def consolation(**options: Any) -> BakeriesState:
    """Bob (6x) sells seven cakes first; Ann (2x) sold her 4 and 9 slots: $8,000."""
    state = sale_position(BOB, 6, 2, cases={ANN: SHIRLEY, BOB: case()}, **options)
    for bob, ann in ((2, 4), (3, 9), (4, 9), (5, 9), (6, 9), (7, 9)):
        rolls(state, bob, ann)
        if state.view(None)["step"] == "stale":
            play(state, "stale 12")
    rolls(state, 8)
    assert state.totals[ANN] == value(2, "wedding-cake", 4) + value(2, "birthday-cake", 9)
    assert state.totals[ANN] == 8000
    assert state.view(ANN)["step"] == "consolation" and state.legal_moves() == [Move("draw")]
    return state


def test_bk6_consolation_is_played_three_or_more_below_the_winner() -> None:
    state = consolation()
    assert state.mult[BOB] - state.mult[ANN] >= SALE.consolation_gap
    assert state.cur["consolation_played"]


def test_example_consolation_first_hit_keeps_60_percent() -> None:
    state = consolation()
    state.arrange(draws=[6], dice=two(6))
    play(state, "draw")
    assert state.legal_moves() == [Move("stop"), Move("continue")]
    play(state, "stop")
    sixty = money(8000, SALE.consolation_percent[0])
    assert state.history[0]["sale_money"][ANN] == sixty == 4800  # the book prints $4,200
    assert state.history[0]["consolation"] == {"seat": ANN, "hits": 1, "percent": 60}


def test_example_consolation_second_hit_keeps_80_percent() -> None:
    state = consolation()
    state.arrange(draws=[6, 10], dice=[*two(6), *two(10)])
    play(state, "draw", "continue")
    eighty = money(8000, SALE.consolation_percent[1])
    assert state.history[0]["sale_money"][ANN] == eighty == 6400  # the book agrees


@pytest.mark.parametrize("moves", [["draw"], ["draw", "continue"]])
def test_example_consolation_a_miss_keeps_40_percent(moves: list[str]) -> None:
    state = consolation()
    hit_then_miss = [*two(6), *two(7)] if len(moves) == 2 else two(7)
    state.arrange(draws=[6, 6], dice=hit_then_miss)
    play(state, *moves)
    forty = money(8000, SALE.loser_keeps_percent)
    assert state.history[0]["sale_money"][ANN] == forty == 3200  # the book agrees
    assert state.history[0]["consolation"]["percent"] == 40


def test_bk6_the_consolation_draws_only_unsold_numbers() -> None:
    drawn = set()
    for seed in range(12):
        state = consolation(seed=seed)
        text = " ".join(texts(play(state, "draw")))
        drawn.add(int(text.split("draws slot ")[1].split()[0]))
    assert drawn and not drawn & {4, 9}  # Ann sold her 4 and her 9


# --- three rounds (BK-1) ---------------------------------------------------------------------


def whole_game(seed: int, **options: Any) -> BakeriesState:
    state = Bakeries(NAMES, **options).new(seed)
    bots = [make_bot("heuristic", "bakeries"), make_bot("forgetful", "bakeries")]
    rng = random.Random(seed)
    while (seat := state.to_move()) is not None:
        state.play(bots[seat].choose(state.view(seat), state.legal_moves(), rng))
    return state


def test_bk1_three_rounds_add_up_and_the_higher_total_wins() -> None:
    state = whole_game(3)
    assert state.round == 3 and len(state.history) == 3 and state.is_over()
    totals = [sum(h["money"][s] for h in state.history) for s in (ANN, BOB)]
    assert state.scores() == [float(t) for t in totals]
    best = max(totals)
    assert state.winners() == [s for s in (ANN, BOB) if totals[s] == best]
    view = state.view(None)
    assert view["winners"] == state.winners() and view["step"] == "over"
    for h in state.history:  # what a simulation report reads
        assert {"phase_three_first", "multipliers", "money", "consolation_played"} <= set(h)
        assert h["phase_three_first"] == h["first_hirer"]
        assert h["money"] == [h["sale_money"][s] + h["five_bonus"][s] for s in (ANN, BOB)]
    with pytest.raises(IllegalMove, match="the game is over"):
        state.play(Move("roll"))


def test_bk1_equal_totals_share_the_win() -> None:
    state = consolation(rounds=1)
    state.money[ANN] = state.money[BOB] - money(8000, SALE.loser_keeps_percent)
    state.arrange(draws=[6], dice=two(7))
    play(state, "draw")
    assert state.scores()[ANN] == state.scores()[BOB] and state.winners() == [ANN, BOB]


# --- moves as typed; illegal moves ---------------------------------------------------------


def test_moves_are_typed_in_any_case_by_position_name_or_number() -> None:
    state = start()
    state.arrange(dice=[6])
    play(state, "ROLL")
    assert state.parse("flip b3") == Move("flip", ("B3",)) == state.parse("flip 8")
    assert state.parse("1") == state.legal_moves()[0]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("flip Z9", "name one board position, A1..F5 or 1..30"),
        ("flip 31", "name one board position"),
        ("bonus", "right after rolling a 5"),
        ("stale 3", "only after the opponent rolls a repeat"),
        ("place lemon-cake on mine 2", "cakes are placed in phase two"),
        ("first", "at the start of a round"),
        ("dance", "not a move of Bakeries"),
    ],
)
def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing(
    text: str, reason: str
) -> None:
    state = start()
    state.arrange(dice=[3])
    play(state, "roll", "flip A1")
    before = (state.save(), [state.view(s) for s in (None, ANN, BOB)], len(state.log))
    words = text.split()
    with pytest.raises(IllegalMove) as error:
        state.play(Move(words[0], tuple(words[1:])))
    assert reason in str(error.value)
    with pytest.raises(IllegalMove, match=reason):
        state.parse(text)
    assert before == (state.save(), [state.view(s) for s in (None, ANN, BOB)], len(state.log))
    with pytest.raises(IllegalMove, match="A1 is face up already"):
        state.parse("flip a1")
    with pytest.raises(IllegalMove, match="turns over exactly 3 cards: 1 card turned so far"):
        state.parse("stop")


# --- quiet games, saves ------------------------------------------------------------------------


def test_a_quiet_game_plays_exactly_like_a_narrated_one() -> None:
    game = Bakeries(NAMES, turn_cap=40)
    for seed in range(6):
        loud, quiet = game.new(seed), game.new_quiet(seed)
        bots = [make_bot("heuristic", "bakeries") for _ in (0, 1)]
        rng = random.Random(seed)
        while (seat := loud.to_move()) is not None:
            assert quiet.to_move() == seat
            legal = loud.legal_moves()
            assert quiet.legal_moves() == legal
            view = loud.view(seat)
            assert quiet.view(seat) == view
            move = bots[seat].choose(view, legal, rng)
            loud.play(move)
            assert quiet.play(move) == []
        assert quiet.scores() == loud.scores() and quiet.history == loud.history
        assert quiet.log == [] and loud.log


def test_a_saved_game_replays_to_the_same_state() -> None:
    state = whole_game(8, turn_cap=60)
    saved = state.save()
    assert saved["options"] == {"players": NAMES, "rounds": 3, "turn_cap": 60}
    again = engine.replay(json.loads(json.dumps(saved)))
    assert [again.view(s) for s in (None, ANN, BOB)] == [state.view(s) for s in (None, ANN, BOB)]
    assert again.history == state.history and [e.text for e in again.log] == [
        e.text for e in state.log
    ]


# --- the bots ----------------------------------------------------------------------------------


def seen_red_set(bot: BakeriesBot, forget_between: bool = False) -> tuple[BakeriesState, Move]:
    """Bob turns over the 5x red set over two turns, Ann (the bot) looks each time; her
    choice at her turn after the second look."""
    state = start(first=BOB)
    state.arrange(
        board=dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(5), strict=True)),
        dice=[4, 1, 1],
    )
    rng = random.Random(1)
    play(state, "roll", "flip A1", "flip A2", "flip A3", "flip A4", "stop")
    move = bot.choose(state.view(ANN), state.legal_moves(), rng)
    assert move == Move("roll")  # four of five known: not yet
    state.play(move)
    pick = bot.choose(state.view(ANN), state.legal_moves(), rng)
    assert pick.args[0] not in {"A1", "A2", "A3", "A4"}  # a card it has not seen
    state.play(pick)
    play(state, "stop", "roll", "flip A5", "stop")
    return state, bot.choose(state.view(ANN), state.legal_moves(), rng)


def test_the_perfect_bot_hires_a_set_it_remembers_chef_first() -> None:
    bot = make_bot("heuristic", "bakeries")
    assert isinstance(bot, BakeriesBot) and bot.forget == 0
    state, move = seen_red_set(bot)
    assert move == Move("hire")
    state.play(move)
    rng = random.Random(2)
    order = []
    while state.view(None)["step"] == "hire":
        move = bot.choose(state.view(ANN), state.legal_moves(), rng)
        order.append(move.args[0])
        state.play(move)
    assert order[0] == "A1" and sorted(order) == ["A1", "A2", "A3", "A4", "A5"]
    assert state.mult[ANN] == 5 and state.first_hirer == ANN


def test_the_forgetful_bot_loses_what_it_saw() -> None:
    assert make_bot("forgetful", "bakeries").forget == 0.1  # type: ignore[attr-defined]
    bot = make_bot("forgetful:1", "bakeries")
    _, move = seen_red_set(bot)  # type: ignore[arg-type]
    assert move == Move("roll")  # A1..A4 forgotten two turns later


def test_one_bot_keeps_each_seats_memory_and_starts_afresh_each_game() -> None:
    bot = BakeriesBot()
    seen_red_set(bot)
    assert set(bot.memory[ANN]["cards"]) >= {"A1", "A2", "A3", "A4", "A5"}
    other = start(first=BOB)
    bot.choose(other.view(ANN), other.legal_moves(), random.Random(1))
    assert bot.memory[ANN]["cards"] == {}  # a new game: the move clock went back


def test_the_bot_places_dear_cakes_on_its_own_case_and_cheap_ones_on_the_opponents() -> None:
    bot = BakeriesBot()
    state = start()
    state.arrange(
        board=dict(zip(["A1", "A2", "A3", "A4", "A5"], colour_set(6), strict=True)),
        store=["lemon-cake", "wedding-cake"],
    )
    play(state, "hire", "flip A1", "flip A2", "flip A3", "flip A4", "flip A5", "pass")
    rng = random.Random(3)
    cheap = bot.choose(state.view(BOB), state.legal_moves(), rng)  # Bob 1x, lemon
    assert cheap.args[2] == "theirs" and int(cheap.args[3]) in (2, 3, 11, 12)
    state.play(cheap)
    dear = bot.choose(state.view(ANN), state.legal_moves(), rng)  # Ann 6x, wedding cake
    assert dear.args[2] == "mine" and int(dear.args[3]) in (3, 4, 10, 11)


def test_the_bot_stales_the_most_valuable_unsold_cake() -> None:
    cases = {ANN: case(), BOB: case(s8="wedding-cake", s6="lemon-cake")}
    state = sale_position(ANN, 5, 3, cases=cases)
    rolls(state, 7, 7)  # both sell their 7
    rolls(state, 2, 7)  # Bob repeats: Ann's bot chooses
    move = BakeriesBot().choose(state.view(ANN), state.legal_moves(), random.Random(1))
    worth = {
        n: value(3, cases[BOB][n], n) * BakeriesBot().chance[n] for n in range(2, 13) if n != 7
    }
    assert move == Move("stale", (str(max(worth, key=worth.__getitem__)),))


def test_the_bot_goes_for_80_percent_only_when_it_decides_the_game() -> None:
    state = consolation(rounds=1)
    state.arrange(draws=[6], dice=two(6))
    play(state, "draw")
    bot = BakeriesBot()
    rng = random.Random(1)
    assert bot.choose(state.view(ANN), state.legal_moves(), rng) == Move("stop")
    # 60% loses, 80% wins: go on
    state.money[BOB] = state.money[ANN] + money(8000, 70)
    assert bot.choose(state.view(ANN), state.legal_moves(), rng) == Move("continue")


def test_the_bots_are_registered_for_bakeries_only() -> None:
    assert bots_for("bakeries") == ["random", "heuristic", "forgetful"]
    assert "forgetful" not in bots_for("auntie") and table.bots_for("auntie")
    with pytest.raises(InputError, match="plays Bakeries only"):
        make_bot("forgetful", "auntie")
    with pytest.raises(InputError, match="takes no parameter"):
        make_bot("random:3", "bakeries")


# --- the table: memory on the screen ---------------------------------------------------------


class Script:
    """An Asker that answers from a list (then "1") and records the screen."""

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


def test_the_screen_is_cleared_when_the_cards_go_face_down_again() -> None:
    seats = [table.Seat("Ann", "human"), table.Seat("Bot 1", "heuristic")]
    seed = next(n for n in range(50) if Bakeries(["Ann", "Bot 1"]).new(n).chooser == ANN)
    session = table.Session.start("bakeries", seats, seed)
    state = session.state
    assert isinstance(state, BakeriesState)
    state.arrange(board={"A1": "chef-green", "A2": "hat-green"}, dice=[6, 2])
    asker = Script(["first", "roll", "flip A1", "flip A2", "stop"])
    # after Ann's stop the bot rolls: the green cards go face down, Ann presses Enter first
    asker.answers += ["", "quit"]
    with pytest.raises(table.Quit):
        table.run(session, asker)
    screen = asker.screen
    look = next(i for i, e in enumerate(screen) if e[1].startswith("Look at the cards"))
    assert screen[look + 1] == ("clear", "")
    before = "\n".join(t for _, t in screen[:look])
    after = "\n".join(t for _, t in screen[look + 1 :])
    assert "The 6x Green Chef" in before and "chef-green" not in after
    assert "The cards are turned face down again: A1, A2" in after


def test_two_humans_play_a_whole_game_at_one_screen() -> None:
    seats = [table.Seat("Ann", "human"), table.Seat("Bob", "human")]
    session = table.Session.start("bakeries", seats, 9, {"turn_cap": 6})
    asker = Script([])
    table.run(session, asker)
    assert session.state.is_over()
    said = [t for kind, t in asker.screen if kind == "say"]
    assert said[-1].endswith(("wins.", "share the win."))
    assert ("clear", "") in asker.screen


# --- the command line ----------------------------------------------------------------------------


def test_game_sim_and_new_work_for_bakeries(tmp_path: Any) -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli, ["game", "sim", "bakeries", "--games", "6", "--jobs", "1", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["bots"] == ["random", "heuristic", "forgetful"] and summary["games"] == 6
    db = str(tmp_path / "campaign.json")
    args = ["game", "new", "bakeries", "--players", "Ann", "--bots", "1", "--seed", "2"]
    result = runner.invoke(cli, [*args, "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["to_move_name"] == "Ann"
    result = runner.invoke(cli, ["game", "show", "1", "--seat", "0", "--db", db])
    assert result.exit_code == 0 and "The board (? face down, . gone):" in result.stdout


def test_a_reloaded_game_gives_the_memory_bot_back_its_memory() -> None:
    """`ezkit game move` reloads the save for every move: the bot must remember as if it had
    played on without a break (issue 7: bots play from memory)."""
    import random as _random

    from ezkit.games.table import Seat, Session

    session = Session.start("bakeries", [Seat("Ann", "human"), Seat("Bot", "heuristic")], 11)
    session.advance()
    rng = _random.Random(3)
    for _ in range(40):
        if session.to_move() is None:
            break
        legal = session.state.legal_moves()
        session.move(legal[rng.randrange(len(legal))].text())
        session.advance()
    live = session._chooser("heuristic").__self__.memory
    reloaded = Session(session.record)
    assert reloaded.state.save() == session.state.save()
    assert reloaded._chooser("heuristic").__self__.memory == live
    assert live  # it did remember something
