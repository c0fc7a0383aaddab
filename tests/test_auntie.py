"""Auntie's Fudge (seed 000) rule by rule, rulings AU-1..AU-10, the book's example turns and FAQ.

Positions are set by hand with `AuntieState.arrange` at the start of a turn: seats not given
a hand hold no action cards, so nobody reacts unless the test says so.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

import pytest

from ezkit.errors import InputError
from ezkit.games import decks, engine
from ezkit.games.auntie import GAME_INFO, Auntie, AuntieState
from ezkit.games.bots import make_bot
from ezkit.games.engine import IllegalMove, Move

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
ANN, BOB, CAT, DAN, EVE, FAY = range(6)


def position(
    n: int = 4,
    *,
    first: int = ANN,
    seed: int = 7,
    fudge: Mapping[int, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    stack: Sequence[str] | None = None,
    actions: Sequence[str] | None = None,
    events: Sequence[str] | None = None,
    **options: object,
) -> AuntieState:
    """A game at the start of `first`'s turn with these cards; unnamed seats hold no actions.

    The next player draws a Burden (unless `actions` says otherwise), so play stops at his
    turn's first decision."""
    state = Auntie(NAMES[:n], first=first, **options).new(seed)
    all_hands: dict[int, Sequence[str]] = dict.fromkeys(range(n), ())
    all_hands.update(hands or {})
    state.arrange(
        fudge=fudge,
        hands=all_hands,
        stack=stack,
        actions=["burden"] if actions is None else actions,
        events=events,
    )
    forced(state)
    return state


def forced(state: AuntieState) -> None:
    """Answer the questions that have one answer, as the table does (AU-11: a player without
    the reaction card is asked too, and can only pass)."""
    while not state.is_over() and len(legal := state.legal_moves()) == 1:
        state.play(legal[0])


def play_told(state: AuntieState, move: Move) -> list[engine.Event]:
    """Play a move and the forced answers after it; everything that happened."""
    events = list(state.play(move))
    while not state.is_over() and len(legal := state.legal_moves()) == 1:
        events += state.play(legal[0])
    return events


def play(state: AuntieState, *texts: str) -> None:
    for text in texts:
        state.play(state.parse(text))
        forced(state)


def fudge(state: AuntieState, seat: int) -> list[str]:
    return state.view(seat)["fudge"]


def hand(state: AuntieState, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def passive(state: AuntieState) -> None:
    """Play to the end: nobody reacts, every active player stops at once."""
    while not state.is_over():
        legal = state.legal_moves()
        for word in ("stop", "pass"):
            if Move(word) in legal:
                state.play(Move(word))
                break
        else:
            state.play(legal[0])


def texts(events: Sequence[engine.Event], seat: int | None) -> list[str]:
    return [t for t in (e.seen_by(seat) for e in events) if t is not None]


# --- the game and its options (AU-1, AU-9) -----------------------------------------------


def test_registered_and_described() -> None:
    assert engine.game_class("auntie") is Auntie
    game = Auntie(NAMES[:4])
    assert (game.name, game.title) == ("auntie", "Auntie's Fudge")
    assert GAME_INFO["default_players"] == 4
    assert game.options == {"players": NAMES[:4], "rounds": None, "variant": None, "first": None}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_au1_two_to_six_players(n: int) -> None:
    state = Auntie(NAMES[:n]).new(1)
    assert len(state.scores()) == n and state.conserved()


@pytest.mark.parametrize("n", [1, 7])
def test_au1_other_player_counts_are_refused(n: int) -> None:
    names = [f"P{i}" for i in range(n)]
    with pytest.raises(InputError, match="2 to 6 players"):
        Auntie(names)


def test_au1_first_player_chosen_by_the_table_or_the_seed() -> None:
    assert Auntie(NAMES[:4], first="cat").new(3).first == CAT
    assert Auntie(NAMES[:4], first=1).new(3).first == BOB
    assert Auntie(NAMES[:4], first="3").new(3).first == DAN
    firsts = {Auntie(NAMES[:4]).new(seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Auntie(NAMES[:4]).new(11).first == Auntie(NAMES[:4]).new(11).first
    with pytest.raises(InputError, match="no player 'Zed'"):
        Auntie(NAMES[:4], first="Zed")
    with pytest.raises(InputError, match="seat 4 does not exist"):
        Auntie(NAMES[:4], first=4)


def test_au1_play_passes_left_and_the_same_player_starts_every_round() -> None:
    state = position(first=CAT, actions=["deflect"] * 8)
    # nobody holds an Excuse: every turn ends by itself, Cat, Dan, Ann, Bob, then Cat again
    order = [e.text for e in state.log if e.text.endswith(("'s turn", " begins"))]
    assert order[:7] == [
        "Round 1 begins", "Cat's turn", "Dan's turn", "Ann's turn", "Bob's turn",
        "Round 2 begins", "Cat's turn",
    ]  # fmt: skip


def test_unknown_options_are_refused() -> None:
    with pytest.raises(InputError, match="no option colour"):
        Auntie(NAMES[:4], colour="red")
    with pytest.raises(InputError, match="not a variant"):
        Auntie(NAMES[:4], variant="sudden-death")


# --- AU-2, AU-3 setup ---------------------------------------------------------------------


def test_au2_decks_come_from_the_deck_file() -> None:
    game = Auntie(NAMES[:4])
    assert sum(game.fudge_counts) == 40 == len(decks.expand("auntie", "fudge"))
    assert dict(zip(game.fudge_ids, game.fudge_counts, strict=True)) == {
        "0": 5, "1": 6, "2": 8, "3": 9, "4": 12
    }  # fmt: skip
    assert game.action_counts == (12,) * 6 and sum(game.action_counts) == 72
    assert dict(zip(game.event_ids, game.event_counts, strict=True)) == {
        "give-left": 2, "give-right": 2, "give-auntie": 1,
        "take-left": 2, "take-right": 2, "take-auntie": 1,
    }  # fmt: skip


def test_au2_conserved_notices_a_card_in_two_places() -> None:
    state = Auntie(NAMES[:4]).new(5)
    assert state.conserved()
    state.stack.append(state.stack[0])
    assert not state.conserved()


def test_au3_setup_deals_twelve_actions_and_two_fudge() -> None:
    state = Auntie(NAMES[:4], first=ANN).new(2)
    view = state.view(None)
    # the first player has drawn his turn's action card (AU-4)
    assert view["hand_counts"] == [13, 12, 12, 12]
    assert view["fudge_counts"] == [2, 2, 2, 2]
    assert view["stack"] == 32 and view["action_deck"] == 72 - 49
    assert view["round"] == 1


def test_au3_each_later_round_starts_with_one_fudge_each() -> None:
    state = position(actions=["deflect"] * 3 + ["burden"], fudge={s: ["0", "1"] for s in range(4)})
    assert state.round == 2
    assert state.view(None)["fudge_counts"] == [3, 3, 3, 3]


def test_au3_variant_without_per_round_draws() -> None:
    state = position(
        variant="no-draw",
        actions=["deflect"] * 3 + ["burden"],
        fudge={s: ["0", "1"] for s in range(4)},
    )
    assert state.round == 2
    assert state.view(None)["fudge_counts"] == [2, 2, 2, 2]


# --- AU-4 the turn ------------------------------------------------------------------------


def test_au4_interrupt_is_asked_in_seat_order_of_holders_only() -> None:
    state = position(hands={ANN: ["burden"], BOB: ["give"], CAT: ["interrupt"], DAN: ["interrupt"]})
    assert state.to_move() == CAT and state.view(None)["phase"] == "interrupt"
    assert state.legal_moves() == [Move("interrupt"), Move("pass")]
    play(state, "pass")
    assert state.to_move() == DAN
    play(state, "pass")
    assert state.to_move() == ANN and state.view(ANN)["excuses_left"] == 2


def test_au4_asking_starts_at_the_active_players_left() -> None:
    state = position(first=CAT, hands={CAT: ["burden"], ANN: ["interrupt"], BOB: ["interrupt"]})
    assert state.to_move() == ANN  # Dan holds none; Ann is next from Cat's left
    play(state, "pass")
    assert state.to_move() == BOB


def test_au4_one_interrupt_per_turn_and_one_excuse_fewer() -> None:
    state = position(
        hands={ANN: ["burden", "burden"], BOB: ["interrupt"], CAT: ["interrupt"]},
        fudge={s: ["1"] for s in range(4)},
    )
    play(state, "interrupt")
    assert state.to_move() == ANN  # Cat is not asked: at most one Interrupt per turn
    assert state.view(ANN)["excuses_left"] == 1 and state.view(None)["interrupted_by"] == BOB
    assert hand(state, CAT) == ["interrupt"]
    assert state.view(None)["action_discard"] == {"interrupt": 1}
    play(state, "burden Cat")
    assert state.active == BOB  # the one Excuse was played: the turn is over


def test_au4_two_excuses_each_at_a_different_target() -> None:
    state = position(hands={ANN: ["burden", "burden", "burden"]})
    play(state, "burden Bob")
    assert state.to_move() == ANN
    assert Move("burden", ("Bob",)) not in state.legal_moves()
    with pytest.raises(IllegalMove, match="different target than the first"):
        state.play(Move("burden", ("Bob",)))
    play(state, "burden Cat")
    assert state.active == BOB and hand(state, ANN) == ["burden"]
    assert state.view(None)["action_discard"] == {"burden": 2}


def test_au4_the_active_player_may_stop() -> None:
    state = position(hands={ANN: ["burden", "give"]}, fudge={ANN: ["1", "2"]})
    play(state, "stop")
    assert state.active == BOB and hand(state, ANN) == ["give", "burden"]


def test_au4_interrupt_only_before_the_first_excuse() -> None:
    state = position(hands={ANN: ["burden", "burden"], BOB: ["interrupt"]})
    play(state, "pass", "burden Cat")
    assert state.to_move() == ANN
    with pytest.raises(IllegalMove, match="non-active player before the first Excuse"):
        state.play(Move("interrupt"))


def test_au4_a_turn_draws_one_action_card() -> None:
    state = position(hands={ANN: ["burden"]}, actions=["swap"])
    play(state, "stop")
    assert state.active == BOB and hand(state, BOB) == ["swap"]


def test_au10_a_drawn_action_card_is_told_by_its_printed_name_to_its_drawer_only() -> None:
    state = position(hands={ANN: ["burden"]}, actions=["ask-auntie"])
    events = play_told(state, Move("stop"))
    assert "Bob draws Ask Auntie" in texts(events, BOB)  # not its id, 'ask-auntie'
    assert "Bob draws an action card" in texts(events, ANN)


# --- AU-5 Deflect ---------------------------------------------------------------------------


def test_au5_deflect_names_a_new_target_who_cannot_deflect_again() -> None:
    state = position(
        hands={ANN: ["burden"], BOB: ["deflect"], CAT: ["deflect"]},
        fudge={s: ["0"] for s in range(4)},
    )
    play(state, "burden Bob")
    assert state.to_move() == BOB and state.view(None)["phase"] == "deflect"
    assert Move("deflect", ("to", "Bob")) not in state.legal_moves()
    with pytest.raises(IllegalMove, match="other than yourself"):
        state.play(Move("deflect", ("to", "Bob")))
    play(state, "deflect to Cat")
    # Cat holds a Deflect but is not asked: one Deflect per Excuse (FAQ 1)
    assert state.view(None)["fudge_counts"] == [1, 1, 2, 1]
    assert hand(state, CAT) == ["deflect"]


def test_au5_burden_deflected_back_to_the_active_player() -> None:
    state = position(hands={ANN: ["burden"], BOB: ["deflect"]}, fudge={s: ["0"] for s in range(4)})
    play(state, "burden Bob", "deflect to Ann")
    assert state.view(None)["fudge_counts"] == [2, 1, 1, 1]


@pytest.mark.parametrize("excuse", ["give 4 to Bob", "swap 4 with Bob"])
def test_au5_give_or_swap_landing_on_the_active_player_does_nothing(excuse: str) -> None:
    state = position(
        hands={ANN: ["give", "swap"], BOB: ["deflect"]},
        fudge={ANN: ["4"], BOB: ["0"], CAT: ["0"], DAN: ["0"]},
    )
    play(state, excuse)
    events = play_told(state, state.parse("deflect to Ann"))
    assert any("does nothing (AU-5)" in e.text for e in events)
    assert fudge(state, ANN) == ["4"] and fudge(state, BOB) == ["0"]
    assert state.view(None)["action_discard"] == {excuse.split()[0]: 1, "deflect": 1}


def test_au5_swap_deflected_to_a_player_without_fudge_does_nothing() -> None:
    state = position(
        hands={ANN: ["swap"], BOB: ["deflect"]},
        fudge={ANN: ["4"], BOB: ["0"], CAT: [], DAN: ["1"]},
    )
    play(state, "swap 4 with Bob", "deflect to Cat")
    assert fudge(state, ANN) == ["4"] and fudge(state, CAT) == []


def test_au5_a_give_deflected_goes_to_the_new_target() -> None:
    state = position(
        hands={ANN: ["give"], BOB: ["deflect"]},
        fudge={ANN: ["4", "1"], BOB: [], CAT: [], DAN: []},
    )
    play(state, "give 4 to Bob", "deflect to Dan")
    assert fudge(state, ANN) == ["1"] and fudge(state, DAN) == ["4"] and fudge(state, BOB) == []


def test_au5_ask_auntie_deflect_cancels_only_the_deflectors_draw() -> None:
    state = position(
        hands={ANN: ["ask-auntie"], BOB: ["deflect"], CAT: ["deflect"], DAN: ["deflect"]},
        fudge={s: ["0"] for s in range(4)},
        events=["take-auntie"],
    )
    play(state, "ask-auntie")
    assert state.to_move() == BOB and state.view(None)["phase"] == "ask-auntie"
    assert state.legal_moves() == [Move("deflect"), Move("pass")]
    with pytest.raises(IllegalMove, match="only cancels your own draw"):
        state.play(Move("deflect", ("to", "Cat")))
    play(state, "pass")
    assert state.to_move() == CAT
    play(state, "deflect")
    # at most one Deflect per Excuse: Dan is not asked; Bob and Dan draw, Ann takes an event
    counts = state.view(None)["fudge_counts"]
    assert counts == [2, 2, 1, 2]
    assert hand(state, DAN) == ["deflect"]


def test_au5_whether_the_stack_serves_is_judged_after_the_deflects() -> None:
    rest = decks.expand("auntie", "fudge")
    for card in ["1", "2"]:
        rest.remove(card)
    state = position(
        hands={ANN: ["ask-auntie"], BOB: ["deflect"]},
        fudge={ANN: rest[:19], BOB: rest[19:38], CAT: [], DAN: []},
        events=["give-auntie"],
    )
    assert state.view(None)["stack"] == 2  # three others: not enough unless one deflects
    play(state, "ask-auntie", "deflect")
    assert fudge(state, BOB) == rest[19:38]  # Bob deflected: he does not draw
    assert sorted(fudge(state, CAT) + fudge(state, DAN)) == ["1", "2"]
    assert len(fudge(state, CAT)) == len(fudge(state, DAN)) == 1


def test_au5_event_cards_cannot_be_deflected() -> None:
    state = position(
        hands={ANN: ["ask-auntie"], BOB: ["deflect"]},
        fudge={ANN: ["4", "1"], BOB: ["0"], CAT: ["0"], DAN: ["0"]},
        events=["give-left"],
    )
    play(state, "ask-auntie", "pass")
    assert state.to_move() == ANN and state.view(None)["phase"] == "event"
    with pytest.raises(IllegalMove, match="Event cards cannot be deflected"):
        state.play(Move("deflect", ("to", "Cat")))
    play(state, "give-left 4")
    assert "4" in fudge(state, BOB) and "deflect" in hand(state, BOB)


# --- AU-6 the Excuses -------------------------------------------------------------------


def test_au6_give_a_card_of_his_choice() -> None:
    state = position(hands={ANN: ["give"]}, fudge={ANN: ["0", "4"], BOB: ["1"], CAT: [], DAN: []})
    assert {m.text() for m in state.legal_moves()} == {
        "give 0 to Bob", "give 0 to Cat", "give 0 to Dan",
        "give 4 to Bob", "give 4 to Cat", "give 4 to Dan", "stop",
    }  # fmt: skip
    play(state, "give 4 to Cat")
    assert fudge(state, ANN) == ["0"] and fudge(state, CAT) == ["4"]


def test_au6_give_needs_fudge_to_give() -> None:
    state = position(hands={ANN: ["give", "burden"]}, fudge={ANN: [], BOB: ["1"]})
    assert not [m for m in state.legal_moves() if m.action == "give"]
    with pytest.raises(IllegalMove, match="Ann holds no 4 fudge to give"):
        state.play(Move("give", ("4", "to", "Bob")))


def test_au6_swap_gives_his_choice_and_takes_one_at_random() -> None:
    taken = set()
    for seed in range(30):
        state = position(
            seed=seed,
            hands={ANN: ["swap"]},
            fudge={ANN: ["4", "4"], BOB: ["0", "1", "2"], CAT: [], DAN: ["3"]},
        )
        assert {m.text() for m in state.legal_moves()} == {
            "swap 4 with Bob",
            "swap 4 with Dan",
            "stop",
        }  # Cat has no fudge (AU-6)
        play(state, "swap 4 with Bob")
        mine = fudge(state, ANN)
        assert len(mine) == 2 and mine.count("4") == 1
        got = next(c for c in mine if c != "4")
        assert sorted([*fudge(state, BOB), got]) == ["0", "1", "2", "4"]
        taken.add(got)
        assert state.conserved()
    assert taken == {"0", "1", "2"}  # at random


def test_au6_swap_with_a_player_without_fudge_is_refused() -> None:
    state = position(hands={ANN: ["swap"]}, fudge={ANN: ["4"], BOB: [], CAT: ["1"], DAN: ["1"]})
    with pytest.raises(IllegalMove, match="Bob has no fudge to swap with"):
        state.play(Move("swap", ("4", "with", "Bob")))


def test_au6_burden_draws_one_fudge() -> None:
    state = position(hands={ANN: ["burden"]}, fudge={s: [] for s in range(4)}, stack=["3"])
    play(state, "burden Dan")
    assert fudge(state, DAN) == ["3"] and state.view(None)["stack"] == 39


def test_au6_ask_auntie_everyone_else_draws_and_he_draws_an_event() -> None:
    state = position(
        hands={ANN: ["ask-auntie"]},
        fudge={s: [] for s in range(4)},
        stack=["1", "2", "3"],
        events=["take-left"],
    )
    play(state, "ask-auntie")
    # Bob, Cat, Dan draw from the top in seat order; Take Left takes Bob's card
    assert [fudge(state, s) for s in range(4)] == [["1"], [], ["2"], ["3"]]
    assert state.view(None)["event_discard"] == {"take-left": 1}


def test_au6_ask_auntie_when_the_stack_cannot_serve_everyone() -> None:
    cards = decks.expand("auntie", "fudge")
    state = position(
        hands={ANN: ["ask-auntie"]},
        fudge={ANN: cards[:19], BOB: cards[19:38], CAT: [], DAN: []},
        events=["take-auntie"],
    )
    assert state.view(None)["stack"] == 2
    play(state, "ask-auntie")
    # nobody draws fudge; only the event is played out (FAQ 3): Ann takes the top card
    counts = state.view(None)["fudge_counts"]
    assert counts == [20, 19, 0, 0] and state.view(None)["stack"] == 1


# --- AU-7 events ----------------------------------------------------------------------------


def _event(event: str, seed: int = 3, **fudge_of: list[str]) -> AuntieState:
    cards = {s: fudge_of.get(NAMES[s].lower(), []) for s in range(4)}
    return position(
        seed=seed, hands={ANN: ["ask-auntie"]}, fudge=cards, events=[event], stack=["0"] * 3
    )


@pytest.mark.parametrize(
    ("event", "word", "receiver"),
    [("give-left", "give-left", BOB), ("give-right", "give-right", DAN)],
)
def test_au7_give_left_or_right_a_card_of_his_choice(event: str, word: str, receiver: int) -> None:
    state = _event(event, ann=["4", "1"])
    play(state, "ask-auntie")
    assert state.to_move() == ANN and state.view(ANN)["event"] == event
    assert [m.text() for m in state.legal_moves()] == [f"{word} 1", f"{word} 4"]
    play(state, f"{word} 4")
    assert fudge(state, ANN) == ["1"] and "4" in fudge(state, receiver)


def test_au7_give_auntie_returns_the_card_to_the_stack_shuffled_in() -> None:
    state = _event("give-auntie", ann=["4", "1"])
    stack = state.view(None)["stack"]
    play(state, "ask-auntie", "return 4")
    assert fudge(state, ANN) == ["1"] and state.view(None)["stack"] == stack - 3 + 1
    assert state.conserved()


def test_au7_give_with_one_kind_of_fudge_plays_itself() -> None:
    state = _event("give-left", ann=["3", "3"])
    play(state, "ask-auntie")
    assert fudge(state, ANN) == ["3"] and fudge(state, BOB) == ["0", "3"]
    assert state.active == BOB


@pytest.mark.parametrize(("event", "victim"), [("take-left", BOB), ("take-right", DAN)])
def test_au7_take_a_random_card_from_a_neighbour(event: str, victim: int) -> None:
    state = _event(event, bob=["4"], dan=["2"])
    play(state, "ask-auntie")
    assert fudge(state, ANN) == ["4" if victim == BOB else "2"]
    assert fudge(state, victim) == ["0"]


def test_au7_take_auntie_draws_the_top_of_the_stack() -> None:
    state = position(
        hands={ANN: ["ask-auntie"]}, fudge={s: [] for s in range(4)},
        stack=["0", "0", "0", "4"], events=["take-auntie"],
    )  # fmt: skip
    play(state, "ask-auntie")
    assert fudge(state, ANN) == ["4"]


@pytest.mark.parametrize("event", ["give-left", "take-right"])
def test_au7_nothing_to_give_or_take_does_nothing(event: str) -> None:
    state = position(
        n=2, hands={ANN: ["ask-auntie"]}, fudge={ANN: [], BOB: []}, events=[event], stack=["2"]
    )
    play(state, "ask-auntie")  # Bob draws the 2; a give from Ann's empty hand does nothing
    assert fudge(state, ANN) == ([] if event == "give-left" else ["2"])
    assert state.conserved()


def test_au7_left_and_right_in_a_two_player_game_are_the_other_player() -> None:
    state = position(n=2, hands={ANN: ["ask-auntie"]}, fudge={ANN: ["4", "0"], BOB: []},
                     events=["give-right"], stack=["1"])  # fmt: skip
    play(state, "ask-auntie", "give-right 4")
    assert sorted(fudge(state, BOB)) == ["1", "4"]


# --- AU-8 empty decks (FAQ 4) ---------------------------------------------------------------


def test_au8_six_players_hold_every_action_card_then_draw_from_the_discards() -> None:
    state = Auntie(NAMES, first=ANN).new(4)
    view = state.view(None)
    assert view["hand_counts"] == [12] * 6 and view["action_deck"] == 0
    assert any("no action card to draw (AU-8)" in e.text for e in state.log)
    # play on until a card is discarded and someone draws again
    rng = random.Random(0)
    bot = make_bot("random", "auntie")
    refilled = "The action discard pile is shuffled into a new deck (AU-8)"
    while not any(e.text == refilled for e in state.log) and not state.is_over():
        state.play(bot.choose(state.view(state.to_move()), state.legal_moves(), rng))
    assert any(e.text == refilled for e in state.log)
    assert state.conserved()


def test_au8_an_empty_event_deck_is_refilled_from_its_discard_pile() -> None:
    state = position(hands={ANN: ["ask-auntie"]}, fudge={s: [] for s in range(4)})
    state.event_discard = list(state.game.event_counts)
    state.event_deck = []
    assert state.conserved()
    events = play_told(state, Move("ask-auntie"))
    assert any("event discard pile is shuffled into a new deck (AU-8)" in e.text for e in events)
    assert state.conserved() and state.view(None)["event_deck"] == 9


def test_au8_and_faq3_a_draw_from_an_empty_stack_draws_nothing() -> None:
    cards = decks.expand("auntie", "fudge")
    state = position(
        hands={ANN: ["burden", "ask-auntie"]},
        fudge={ANN: cards[:20], BOB: cards[20:], CAT: [], DAN: []},
        events=["give-left"],
    )
    assert state.view(None)["stack"] == 0 and state.last_round
    play(state, "burden Cat")
    assert fudge(state, CAT) == []
    play(state, "ask-auntie")
    assert fudge(state, CAT) == [] and fudge(state, DAN) == []
    assert state.conserved()


# --- AU-9 the end ---------------------------------------------------------------------------


def test_au9_and_faq2_a_round_the_stack_cannot_serve_is_the_last() -> None:
    cards = decks.expand("auntie", "fudge")
    # 3 cards left for 4 players: round 1 plays on; round 2 cannot be served
    state = position(fudge={ANN: cards[:20], BOB: cards[20:37], CAT: [], DAN: []},
                     actions=["deflect"] * 8)  # fmt: skip
    assert state.is_over()
    assert state.round == 2
    assert any("cannot give everyone 1: nobody draws" in e.text for e in state.log)
    assert state.view(None)["fudge_counts"] == [20, 17, 0, 0] and state.view(None)["stack"] == 3


def test_au9_the_game_ends_after_the_round_in_which_the_stack_ran_out() -> None:
    cards = decks.expand("auntie", "fudge")
    state = position(
        fudge={ANN: cards[:20], BOB: cards[20:39], CAT: [], DAN: []},
        hands={ANN: ["burden"], DAN: ["burden"]},
        actions=["deflect"] * 3,
    )
    play(state, "burden Cat")  # the last card: this round is the last
    assert state.last_round and not state.is_over()
    assert state.active == DAN  # ... but the round plays out: Bob and Cat had nothing, Dan has
    play(state, "burden Cat", "pass")  # Cat drew a Deflect on her turn
    assert state.is_over() and state.round == 1
    assert fudge(state, CAT) == [cards[39]]


@pytest.mark.parametrize("rounds", [5, 6, 7, 8])
def test_au9_fixed_number_of_rounds(rounds: int) -> None:
    state = Auntie(NAMES[:2], rounds=rounds).new(9)
    passive(state)
    assert state.round == rounds
    assert sum(state.view(None)["fudge_counts"]) == 4 + 2 * (rounds - 1)


@pytest.mark.parametrize("rounds", [4, 9, "x", 0])
def test_au9_other_round_counts_are_refused(rounds: object) -> None:
    with pytest.raises(InputError, match=r"rounds: .* is not 5\.\.8"):
        Auntie(NAMES[:4], rounds=rounds)


def test_au9_no_draw_variant_plays_ten_rounds() -> None:
    state = Auntie(NAMES[:4], variant="no-draw").new(3)
    assert state.game.limit == 10
    passive(state)
    assert state.round == 10 and state.view(None)["fudge_counts"] == [2, 2, 2, 2]


def test_au9_a_round_limit_or_the_exhausted_stack_whichever_first() -> None:
    state = Auntie(NAMES[:6], rounds=8).new(3)
    passive(state)  # 12, then 6 a round: 4 are left, too few for round 6, the last
    assert state.round == 6 and state.view(None)["stack"] == 4
    assert Auntie(NAMES[:4], variant="no-draw", rounds=6).new(1).game.limit == 6


def test_au9_without_options_the_game_runs_until_the_fudge_is_drawn() -> None:
    state = Auntie(NAMES[:4]).new(3)
    passive(state)
    # 8 in round 1, then 4 a round: 32 / 4 = 8 more rounds; round 9 empties the stack
    assert state.round == 9 and state.view(None)["stack"] == 0


def test_au9_fewest_points_wins() -> None:
    cards = decks.expand("auntie", "fudge")
    for card in ["4", "1", "2", "2"]:
        cards.remove(card)
    state = position(
        n=3, fudge={ANN: ["4", "1"], BOB: ["2", "2"], CAT: cards}, actions=["deflect"] * 2
    )
    assert state.is_over()
    assert state.scores() == [5.0, 4.0, float(97 - 9)]
    assert state.winners() == [BOB]
    view = state.view(ANN)
    assert view["winners"] == [BOB] and view["revealed"][BOB] == ["2", "2"]


def test_au9_a_tie_shares_the_win() -> None:
    cards = decks.expand("auntie", "fudge")
    for card in ["4", "0", "2", "2"]:
        cards.remove(card)
    state = position(
        n=3, fudge={ANN: ["4", "0"], BOB: ["2", "2"], CAT: cards}, actions=["deflect"] * 2
    )
    assert state.is_over() and state.winners() == [ANN, BOB]
    assert state.to_move() is None and state.legal_moves() == []


def test_winners_are_empty_before_the_end() -> None:
    assert Auntie(NAMES[:4]).new(1).winners() == []


# --- AU-10 hidden information ---------------------------------------------------------------


def test_au10_a_view_shows_his_cards_and_only_counts_of_the_others() -> None:
    state = position(
        hands={ANN: ["give", "deflect"], BOB: ["burden"]},
        fudge={ANN: ["4", "1"], BOB: ["0"], CAT: ["3", "3"], DAN: []},
    )
    view = state.view(ANN)
    assert view["fudge"] == ["1", "4"] and view["points"] == 5
    assert view["hand"] == ["give", "deflect"]
    assert view["fudge_counts"] == [2, 1, 2, 0] and view["hand_counts"] == [2, 1, 0, 0]
    public = state.view(None)
    assert "fudge" not in public and "hand" not in public and "revealed" not in public
    for key in ("stack", "action_deck", "event_deck", "action_discard", "event_discard"):
        assert key in public


def test_au10_a_give_is_seen_only_by_giver_and_receiver() -> None:
    state = position(hands={ANN: ["give"]}, fudge={ANN: ["4", "1"], BOB: [], CAT: [], DAN: []})
    events = play_told(state, state.parse("give 4 to Bob"))
    told = "Ann gives County Fair Fish Fudge (4 points) to Bob"  # as the card is printed
    assert told in texts(events, ANN) and told in texts(events, BOB)
    assert "Ann gives a fudge card to Bob" in texts(events, CAT)
    assert not any("Fish" in t or " 4" in t for t in texts(events, CAT))
    assert not any("Fish" in t or " 4" in t for t in texts(events, None))


def test_au10_the_fudge_a_pending_give_names_is_seen_only_by_its_player() -> None:
    state = position(hands={ANN: ["give"], BOB: ["deflect"]}, fudge={ANN: ["4", "1"]})
    play(state, "give 4 to Bob")
    assert state.view(ANN)["pending"] == {
        "excuse": "give", "by": ANN, "target": BOB, "deflected_by": None, "fudge": "4"
    }  # fmt: skip
    assert "fudge" not in state.view(BOB)["pending"]
    assert "fudge" not in state.view(None)["pending"]


def test_au10_a_random_take_is_seen_only_by_both() -> None:
    state = _event("take-left", bob=["4"], dan=["2"])
    events = play_told(state, Move("ask-auntie"))
    assert "Ann takes County Fair Fish Fudge (4 points) from Bob at random" in texts(events, BOB)
    assert "Ann takes a fudge card from Bob at random" in texts(events, CAT)


def test_au10_a_drawn_card_is_seen_only_by_its_drawer() -> None:
    state = position(hands={ANN: ["burden"]}, fudge={s: [] for s in range(4)}, stack=["3"])
    events = play_told(state, state.parse("burden Dan"))
    assert "Dan draws County Fair Broccoli Fudge (3 points)" in texts(events, DAN)
    assert "Dan draws a fudge card" in texts(events, ANN)


# --- the book's example turns ---------------------------------------------------------------


def test_example_turn_1_burden_then_skip() -> None:
    # Player 1 plays Burden against Player 3, who has no Deflect and draws; with only a 1pt
    # and a 2pt fudge card Player 1 skips his second action.
    state = position(
        hands={ANN: ["burden", "give"]},
        fudge={ANN: ["1", "2"], BOB: ["0"], CAT: ["0"], DAN: ["0"]},
        stack=["4"],
    )
    play(state, "burden Cat")
    assert fudge(state, CAT) == ["0", "4"]
    assert state.to_move() == ANN and state.view(ANN)["excuses_left"] == 1
    play(state, "stop")
    assert state.active == BOB and fudge(state, ANN) == ["1", "2"]


def test_example_turn_2_interrupted_ask_auntie() -> None:
    # Player 2 draws; Player 4 interrupts; Player 2 plays Ask Auntie (not Give); Player 1
    # deflects and does not draw; Players 3 and 4 draw; Player 2 draws Give Left and hands his
    # 3pt fudge to Player 3; his one action played, his turn ends.
    state = position(
        first=BOB,
        hands={BOB: ["give", "ask-auntie"], DAN: ["interrupt"], ANN: ["deflect"]},
        fudge={ANN: ["0"], BOB: ["1", "3"], CAT: ["0"], DAN: ["0"]},
        stack=["2", "4"],
        events=["give-left"],
    )
    assert state.to_move() == DAN
    play(state, "interrupt")
    assert state.to_move() == BOB and state.view(BOB)["excuses_left"] == 1
    legal = {m.text() for m in state.legal_moves()}
    assert {"give 3 to Cat", "ask-auntie"} <= legal
    play(state, "ask-auntie")
    assert state.to_move() == ANN  # Cat and Dan hold no Deflect
    play(state, "deflect")
    assert fudge(state, ANN) == ["0"]
    assert fudge(state, CAT) == ["0", "2"] and fudge(state, DAN) == ["0", "4"]
    assert state.view(BOB)["event"] == "give-left"
    play(state, "give-left 3")
    assert fudge(state, CAT) == ["0", "2", "3"] and fudge(state, BOB) == ["1"]
    assert state.active == CAT  # the turn is over
    assert state.view(None)["action_discard"] == {"ask-auntie": 1, "interrupt": 1, "deflect": 1}


def test_example_turn_overview_two_excuses_one_deflected() -> None:
    # Turn Overview 1-6: draw, two Excuses at different targets, a Deflect picks a new target
    state = position(
        hands={ANN: ["give", "burden"], BOB: ["deflect"], CAT: ["deflect"], DAN: ["deflect"]},
        fudge={ANN: ["4", "1"], BOB: [], CAT: [], DAN: []},
        stack=["3"],
    )
    play(state, "give 4 to Bob", "deflect to Cat")
    assert fudge(state, CAT) == ["4"] and hand(state, CAT) == ["deflect"]  # Cat is not asked
    play(state, "burden Dan")
    assert state.to_move() == DAN
    play(state, "pass")
    assert fudge(state, DAN) == ["3"] and state.active == BOB and hand(state, BOB) == ["burden"]


# --- the FAQ --------------------------------------------------------------------------------


def test_faq1_deflect_only_when_targeted_by_an_excuse_not_deflected() -> None:
    state = position(
        hands={ANN: ["burden"], BOB: ["deflect"], CAT: ["deflect"], DAN: ["deflect"]},
        fudge={s: ["0"] for s in range(4)},
    )
    assert state.to_move() == ANN  # Deflects are no Interrupts: nobody is asked yet
    play(state, "burden Bob")
    assert state.to_move() == BOB  # only the target is asked
    play(state, "deflect to Cat")
    assert hand(state, CAT) == ["deflect"] and state.active == BOB


# FAQ 2: test_au9_and_faq2_a_round_the_stack_cannot_serve_is_the_last
# FAQ 3: test_au8_and_faq3_a_draw_from_an_empty_stack_draws_nothing and
#        test_au6_ask_auntie_when_the_stack_cannot_serve_everyone
# FAQ 4: test_au8_six_players_hold_every_action_card_then_draw_from_the_discards and
#        test_au8_an_empty_event_deck_is_refilled_from_its_discard_pile


# --- illegal moves --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("burden Ann", "targets another player, not yourself (AU-4)"),
        ("burden Zed", "no player named 'Zed'"),
        ("swap 4 with Bob", "Ann holds no Swap card"),
        ("give 9 to Bob", "'9' is not a fudge card"),
        ("give 3 to Bob", "Ann holds no 3 fudge to give (AU-6)"),
        ("give 4 Bob", "type 'give V to NAME'"),
        ("interrupt", "non-active player before the first Excuse (AU-4)"),
        ("deflect to Bob", "not the active one (AU-5)"),
        ("pass", "types 'stop' to end the turn"),
        ("give-left 4", "after Ask Auntie draws one (AU-7)"),
        ("dance", "not a move of Auntie's Fudge"),
    ],
)
def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing(
    text: str, reason: str
) -> None:
    state = position(hands={ANN: ["give", "burden"]}, fudge={ANN: ["4"], BOB: ["1"]})
    before = (state.save(), [state.view(s) for s in (None, 0, 1, 2, 3)], len(state.log))
    words = text.split()
    with pytest.raises(IllegalMove) as error:
        state.play(Move(words[0], tuple(words[1:])))
    assert reason in str(error.value)
    with pytest.raises(IllegalMove, match="(?i)" + re.escape(reason)):
        state.parse(text)
    assert before == (state.save(), [state.view(s) for s in (None, 0, 1, 2, 3)], len(state.log))
    assert state.conserved()


def test_reactions_are_refused_outside_their_moment() -> None:
    state = position(hands={ANN: ["burden"], BOB: ["interrupt"]})
    with pytest.raises(IllegalMove, match="Ann must wait: Bob is asked first whether to Interrupt"):
        state.play(Move("burden", ("Cat",)))
    with pytest.raises(IllegalMove, match="no Excuse has been played to deflect yet"):
        state.play(Move("deflect", ("to", "Cat")))


def test_no_move_after_the_end() -> None:
    state = Auntie(NAMES[:2], rounds=5).new(1)
    passive(state)
    with pytest.raises(IllegalMove, match="the game is over"):
        state.play(Move("stop"))


def test_typed_moves_parse_any_case_and_menu_numbers() -> None:
    state = position(hands={ANN: ["give"]}, fudge={ANN: ["4"], BOB: [], CAT: [], DAN: []})
    assert state.parse("GIVE 4 TO bob") == Move("give", ("4", "to", "Bob"))
    assert state.parse("1") == state.legal_moves()[0]


# --- save and replay ------------------------------------------------------------------------


def test_a_saved_game_replays_to_the_same_state() -> None:
    state = Auntie(NAMES[:5], rounds=6).new(21)
    rng = random.Random(4)
    bot = make_bot("heuristic", "auntie")
    for _ in range(60):
        if state.is_over():
            break
        state.play(bot.choose(state.view(state.to_move()), state.legal_moves(), rng))
    saved = state.save()
    assert saved["options"] == {"players": NAMES[:5], "rounds": 6, "variant": None, "first": None}
    again = engine.replay(saved)
    assert [again.view(s) for s in (None, *range(5))] == [state.view(s) for s in (None, *range(5))]
    assert [e.text for e in again.log] == [e.text for e in state.log]
