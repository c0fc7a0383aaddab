"""Dudab (seed 002) rule by rule, rulings DU-1..DU-5, the Jungle and Baby expansions.

Positions are set by hand with `DudabState.arrange` as the start of a turn (`position()`):
seats not given a hand hold nothing, columns not given are the three below, own piles and
the discard pile are empty, and the draw pile holds `deck` on top of the other cards.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from ezkit.errors import InputError
from ezkit.games import dudab as dudab_module
from ezkit.games import engine
from ezkit.games.dudab import GAME_INFO, JUNGLE, Dudab, DudabHeuristicBot, DudabState
from ezkit.games.dudab import score as dudab_score
from ezkit.games.dudab.narration import name
from ezkit.games.dudab.rules import DUDAB, NUMBER, SHAMAN
from ezkit.games.dudab.screen import describe
from ezkit.games.engine import IllegalMove, Move

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
ANN, BOB, CAT, DAN, EVE, FAY = range(6)
COLUMNS = (("yellow-1-mammoth",), ("yellow-4-club",), ("green-1-club",))


def position(
    n: int = 4,
    *,
    seed: int = 7,
    active: int = ANN,
    hands: Mapping[int, Sequence[str]] | None = None,
    columns: Sequence[Sequence[str]] | None = None,
    piles: Mapping[int, Sequence[str]] | None = None,
    **arranged: Any,
) -> DudabState:
    """A game at the start of `active`'s turn (round 1, which he started) with these cards."""
    options = {k: arranged.pop(k) for k in ("jungle", "baby", "rounds") if k in arranged}
    game = Dudab(NAMES[:n], first=active, **options)
    state = game.new(seed)
    state.arrange(
        hands={**dict.fromkeys(range(n), ()), **(hands or {})},
        columns=columns if columns is not None else COLUMNS[: game.columns],
        piles={**dict.fromkeys(range(n), ()), **(piles or {})},
        discard=arranged.pop("discard", ()),
        active=active,
        **arranged,
    )
    assert state.conserved()
    return state


def play(state: DudabState, *texts: str) -> None:
    for text in texts:
        state.play(state.parse(text))
        assert state.conserved()


def moves(state: DudabState) -> list[str]:
    return [m.text() for m in state.legal_moves()]


def hand(state: DudabState, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def column(state: DudabState, number: int) -> list[str]:
    return state.view(None)["columns"][number - 1]["cards"]


def texts(events: Sequence[engine.Event], seat: int | None) -> list[str]:
    return [t for t in (e.seen_by(seat) for e in events) if t is not None]


# --- the game, its options and its deck (DU-1, DU-2, DU-5) -------------------------------------


def test_registered_and_described() -> None:
    assert engine.game_class("dudab") is Dudab
    game = Dudab(NAMES[:4])
    assert (game.name, game.title, game.rounds) == ("dudab", "Dudab", 4)
    assert game.options == {
        "players": NAMES[:4],
        "jungle": False,
        "baby": False,
        "first": None,
        "rounds": None,
    }
    assert GAME_INFO["default_players"] == 4
    for word in GAME_INFO["moves"]:  # every move is documented in the module docstring
        assert re.search(rf"\b{word}\b", dudab_module.__doc__ or "")


@pytest.mark.parametrize(
    ("options", "size"),
    [({}, 80), ({"jungle": True}, 88), ({"baby": True}, 88), ({"jungle": 1, "baby": "yes"}, 96)],
    ids=["base", "jungle", "baby", "both"],
)
def test_du1_du5_the_deck_is_built_per_options(options: dict[str, Any], size: int) -> None:
    game = Dudab(NAMES[:4], **options)
    counts = Counter(game.ids[k] for k in game.in_play)
    numbers = [c for c in counts if re.fullmatch(r"[a-z]+-[1-4]-[a-z]+", c)]
    assert len(numbers) == 64 and all(counts[c] == 1 for c in numbers)
    assert [counts[f"shaman-{c}"] for c in ("red", "blue", "yellow", "green")] == [2] * 4
    assert counts["dudab"] == 8
    assert counts["jungle"] == (8 if game.jungle else 0)
    assert counts["baby"] == (8 if game.baby else 0)
    assert len(game.in_play) == size and len(game.in_play) + len(game.box) == 96
    assert game.new(1).conserved()


def test_conserved_notices_a_card_in_two_places_or_lost() -> None:
    state = Dudab(NAMES[:4]).new(5)
    state.deck.append(state.deck[0])
    assert not state.conserved()
    state.deck.pop()
    state.hands[0].pop()
    assert not state.conserved()


@pytest.mark.parametrize(("n", "columns"), [(2, 2), (3, 2), (4, 3), (5, 3), (6, 3)])
def test_du2_setup_by_player_count(n: int, columns: int) -> None:
    state = Dudab(NAMES[:n]).new(3)
    view = state.view(None)
    assert [len(c["cards"]) for c in view["columns"]] == [1] * columns
    assert view["hand_counts"] == [3] * n
    assert view["draw_pile"] == 80 - 3 * n - columns
    assert view["round"] == 1 and view["rounds"] == n
    assert view["phase"] == "turn" and state.to_move() == view["first"]


@pytest.mark.parametrize("n", [1, 7])
def test_du2_other_player_counts_are_refused(n: int) -> None:
    with pytest.raises(InputError, match="2 to 6 players"):
        Dudab([f"P{i}" for i in range(n)])


def test_du2_no_jungle_or_baby_is_dealt_or_revealed() -> None:
    game = Dudab(NAMES[:6], jungle=True, baby=True)
    for seed in range(150):
        state = game.new(seed)
        dealt = [k for h in state.hands for k in h] + [col[0] for col in state.cols]
        assert all(game.type[k] < JUNGLE for k in dealt)
        assert state.conserved()


def test_du2_first_player_by_the_table_or_the_seed() -> None:
    assert Dudab(NAMES[:4], first="cat").new(3).first == CAT
    assert Dudab(NAMES[:4], first=1).new(3).to_move() == BOB
    assert {Dudab(NAMES[:4]).new(seed).first for seed in range(40)} == {0, 1, 2, 3}
    with pytest.raises(InputError, match="no player 'Zed'"):
        Dudab(NAMES[:4], first="Zed")
    with pytest.raises(InputError, match="seat 4 does not exist"):
        Dudab(NAMES[:4], first=4)


def test_du2_as_many_rounds_as_players_and_the_start_passes_left() -> None:
    state = Dudab(NAMES[:3], first="Bob").new(4)
    rng = random.Random(4)
    firsts = [state.first]
    while not state.is_over():
        legal = state.legal_moves()
        round_ = state.round
        state.play(legal[rng.randrange(len(legal))])
        if state.round != round_:
            firsts.append(state.first)
            assert state.to_move() == state.first and state.view(None)["phase"] == "turn"
    assert firsts == [BOB, CAT, ANN]
    view = state.view(None)
    assert len(view["round_scores"]) == 3
    assert view["totals"] == [sum(r[s] for r in view["round_scores"]) for s in range(3)]
    assert state.scores() == [float(t) for t in view["totals"]]


def test_options_rounds_and_variant() -> None:
    assert Dudab(NAMES[:4], rounds=2).rounds == 2
    game = Dudab(NAMES[:2], variant="jungle,baby")
    assert (game.jungle, game.baby) == (True, True)
    assert Dudab(NAMES[:2], variant="jungle+baby").baby
    assert Dudab(NAMES[:2], jungle="true", baby="false").options["jungle"] is True
    with pytest.raises(InputError, match=r"rounds: 5 is not 1\.\.4"):
        Dudab(NAMES[:4], rounds=5)
    with pytest.raises(InputError, match="'monkeys' is not an expansion"):
        Dudab(NAMES[:4], variant="monkeys")
    with pytest.raises(InputError, match="jungle: 'maybe' is not true or false"):
        Dudab(NAMES[:4], jungle="maybe")
    with pytest.raises(InputError, match="no option colour"):
        Dudab(NAMES[:4], colour="red")


# --- the turn: placing or drawing (seed 002, Playing the game) ---------------------------------


def test_a_turn_places_a_card_or_draws_and_play_passes_left() -> None:
    state = position(hands={ANN: ["yellow-2-hand", "blue-3-hide"]}, deck=["red-1-hand"])
    assert moves(state) == ["play blue-3-hide on 2", "play yellow-2-hand on 3", "draw"]
    play(state, "play blue-3-hide on 2")
    assert column(state, 2) == ["yellow-4-club", "blue-3-hide"]
    assert hand(state, ANN) == ["red-1-hand", "yellow-2-hand"]  # fewer than 2: drew one
    assert state.to_move() == BOB and state.view(None)["active"] == BOB


@pytest.mark.parametrize(
    ("top", "card", "fits"),
    [
        ("red-3-hand", "blue-4-club", True),
        ("red-3-hand", "blue-2-club", True),
        ("red-3-hand", "red-4-club", False),  # the same colour
        ("red-3-hand", "blue-4-hand", False),  # the same symbol
        ("red-3-hand", "blue-1-club", False),  # two apart
        ("red-3-hand", "blue-3-club", False),  # the same value
        ("red-1-hand", "blue-2-club", True),  # a 1 is followed by a 2 only
        ("red-4-hand", "blue-3-club", True),
        ("shaman-red", "red-1-hide", True),  # on a Shaman of its colour
        ("shaman-red", "blue-2-hide", False),
        ("dudab", "green-4-hide", True),  # a starting Dudab takes any Number card
        ("dudab", "shaman-green", False),
        ("red-3-hand", "shaman-red", True),  # a Shaman on a Number card of its colour
        ("red-3-hand", "shaman-blue", False),
        ("shaman-red", "shaman-blue", False),  # a Shaman on a Shaman only in answer to one
    ],
)
def test_placement_rules(top: str, card: str, fits: bool) -> None:
    state = position(
        n=2, hands={ANN: [card, "green-1-mammoth"]}, columns=[[top], ["yellow-1-hide"]]
    )
    assert (f"play {card} on 1" in moves(state)) is fits
    if not fits:
        with pytest.raises(IllegalMove, match="seed 002"):
            state.play(Move("play", (card, "on", "1")))


def test_a_dudab_goes_on_any_column_calling_for_a_colour_a_value_or_a_symbol() -> None:
    state = position(n=2, hands={ANN: ["dudab", "red-1-hand"]})
    calls = [m for m in moves(state) if m.startswith("dudab")]
    assert len(calls) == 2 * 12
    for call in (
        "dudab on 1 request colour red",
        "dudab on 2 request value 3",
        "dudab on 2 request symbol hide",
    ):
        assert call in calls
    play(state, "dudab on 2 request colour blue")
    view = state.view(None)
    assert view["request"] == {"column": 2, "kind": "colour", "value": "blue", "by": ANN}
    assert column(state, 2) == ["yellow-4-club", "dudab"]
    assert view["phase"] == "request" and state.to_move() == BOB


# --- DU-3: Dudab requests ---------------------------------------------------------------------

REQUEST_COLUMNS = (("yellow-1-mammoth", "dudab"), ("yellow-4-club",), ("green-1-club",))


def requested(kind: str, value: str, cards: Sequence[str], **kw: Any) -> DudabState:
    """Bob's turn; Ann's Dudab on column 1 calls for `kind value`."""
    return position(
        hands={BOB: cards}, columns=REQUEST_COLUMNS, request=(1, kind, value), active=BOB, **kw
    )


@pytest.mark.parametrize(
    ("kind", "value", "meeting"),
    [
        ("colour", "blue", ["play blue-1-hand on 1", "play shaman-blue on 1"]),
        ("value", "3", ["play yellow-3-hide on 1"]),
        ("symbol", "club", ["play red-2-club on 1"]),
    ],
)
def test_du3_a_player_who_can_meet_the_request_must(
    kind: str, value: str, meeting: list[str]
) -> None:
    state = requested(kind, value, ["blue-1-hand", "red-2-club", "yellow-3-hide", "shaman-blue"])
    assert moves(state) == meeting  # no draw, no other column
    play(state, meeting[0])
    assert state.view(None)["request"] is None and column(state, 1)[-1] == meeting[0].split()[1]


def test_du3_no_other_card_may_be_played_until_the_request_is_met() -> None:
    state = requested("colour", "red", ["blue-3-hide", "green-2-hand"], deck=["green-4-hide"])
    assert moves(state) == ["draw"]
    with pytest.raises(IllegalMove, match="must be met first"):
        state.play(Move("play", ("blue-3-hide", "on", "2")))


def test_du3_a_player_who_cannot_meet_shows_their_hand_and_draws() -> None:
    state = requested("value", "4", ["red-2-club", "yellow-3-hide"], deck=["green-2-hide"])
    events = state.play(Move("draw"))
    view = state.view(CAT)
    said = " ".join(texts(events, CAT))
    assert "Bob shows Red 2 Club, Yellow 3 Hide: nothing meets the request value 4" in said
    assert hand(state, BOB) == ["red-2-club", "yellow-3-hide", "green-2-hide"]
    assert state.to_move() == CAT and view["request"]["value"] == "4"  # still open
    # ruling GT-1: the shown cards went back into Bob's hand: no view keeps them, and a log
    # read while the game is on says only that the hand was shown
    assert "shown" not in view and "red-2-club" not in json.dumps(view)
    logged = [t for e in events if (t := e.logged_for(CAT, over=False)) is not None]
    assert "Bob shows their hand (2 cards): nothing meets the request value 4 (on column 1)" in (
        logged
    )
    assert "Red 2 Club" not in " ".join(logged) and "red-2-club" not in " ".join(logged)


def test_du3_five_cards_and_nothing_to_meet_one_card_to_the_own_pile_then_draw() -> None:
    cards = ["red-1-club", "red-2-club", "red-3-club", "blue-1-club", "blue-2-club"]
    state = requested("value", "4", cards, deck=["green-2-hide"])
    assert moves(state) == [f"draw discarding {c}" for c in cards]
    events = state.play(state.parse("draw discarding red-3-club"))
    assert state.view(BOB)["pile"] == ["red-3-club"] and len(hand(state, BOB)) == 5
    shown = ", ".join(name(c) for c in sorted(cards, key=state.game.kind_of.get))
    assert f"Bob shows {shown}: nothing meets the request value 4 (on column 1)" in texts(
        events, ANN
    )


def test_du3_a_dudab_may_replace_the_request_even_when_a_card_meets_it() -> None:
    state = requested("colour", "blue", ["dudab", "blue-1-hand"])
    assert moves(state)[0] == "play blue-1-hand on 1"
    assert len([m for m in moves(state) if m.startswith("dudab on 1 request")]) == 12
    assert not [m for m in moves(state) if m.startswith(("dudab on 2", "dudab on 3"))]
    play(state, "dudab on 1 request value 2")
    assert column(state, 1) == ["yellow-1-mammoth", "dudab", "dudab"]
    assert state.view(None)["request"] == {"column": 1, "kind": "value", "value": "2", "by": BOB}


def test_du3_the_request_goes_round_to_the_dudab_player_himself() -> None:
    state = position(n=2, hands={ANN: ["dudab", "green-3-hand"], BOB: ["red-1-hand"]})
    play(state, "dudab on 1 request symbol hand")
    assert moves(state) == ["play red-1-hand on 1"]  # Bob meets it
    state = position(
        n=2,
        hands={ANN: ["dudab", "green-3-hand", "red-2-club"], BOB: ["red-1-club", "blue-2-club"]},
    )
    play(state, "dudab on 1 request symbol hand", "draw")  # Bob cannot: shows and draws
    assert state.to_move() == ANN and moves(state) == ["play green-3-hand on 1"]


def test_du3_a_dudab_as_fifth_card_the_requested_card_takes_the_column() -> None:
    fifth = ["red-1-hand", "blue-2-club", "red-3-hand", "blue-4-club", "dudab"]
    state = position(
        hands={BOB: ["green-2-hide", "green-3-club"]},
        columns=[fifth, ["yellow-4-club"], ["green-1-club"]],
        request=(1, "colour", "green"),
        active=BOB,
    )
    play(state, "play green-2-hide on 1")
    assert column(state, 1) == ["green-2-hide"]
    assert state.view(BOB)["pile"] == sorted(fifth, key=state.game.kind_of.get)
    assert state.view(None)["request"] is None


# --- hand limits, the five-card rule (seed 002, Playing the game, Card draw) ------------------


def test_five_cards_may_not_draw_while_a_card_can_be_played() -> None:
    cards = ["red-1-club", "red-4-club", "blue-1-club", "blue-4-hand", "blue-3-hide"]
    state = position(hands={ANN: cards})
    assert moves(state) == ["play blue-3-hide on 2"]
    with pytest.raises(IllegalMove, match="only when no card can be played"):
        state.play(Move("draw", ("discarding", "red-1-club")))
    # a plain `draw` is refused for the same reason, not sent to `draw discarding CARD`
    with pytest.raises(IllegalMove, match="only when no card can be played"):
        state.play(Move("draw"))


def test_five_cards_and_an_unmet_request_a_card_not_held_is_named_as_such() -> None:
    """DU-3: with a Dudab but nothing meeting the request, the five-card draw is allowed: a
    draw naming a card not in hand is refused for that card, not by the five-card rule."""
    cards = ["dudab", "red-1-club", "red-3-club", "blue-1-club", "blue-2-club"]
    state = requested("value", "4", cards)
    assert "draw discarding red-1-club" in moves(state)
    with pytest.raises(IllegalMove, match="'green-4-hide' is not a card in hand"):
        state.play(Move("draw", ("discarding", "green-4-hide")))


def test_five_cards_none_playable_shows_discards_one_to_the_own_pile_and_draws() -> None:
    cards = ["red-1-club", "red-3-club", "red-4-club", "blue-1-club", "blue-4-club"]
    state = position(hands={ANN: cards}, deck=["green-4-hide"])
    assert moves(state) == [f"draw discarding {c}" for c in cards]
    events = state.play(state.parse("draw discarding red-4-club"))
    assert f"Ann shows {', '.join(map(name, cards))}: no card can be played" in texts(events, BOB)
    assert "Ann puts Red 4 Club on their own pile" in texts(events, BOB)
    assert hand(state, ANN) == [
        "red-1-club",
        "red-3-club",
        "blue-1-club",
        "blue-4-club",
        "green-4-hide",
    ]
    assert state.view(ANN)["pile"] == ["red-4-club"] and state.view(BOB)["pile_counts"][ANN] == 1
    assert "no card can be played" in " ".join(texts(events, BOB))


def test_fewer_than_two_cards_at_the_end_of_a_turn_draws_up_to_two() -> None:
    state = position(hands={ANN: ["blue-3-hide"]}, deck=["red-1-hand", "red-2-hand", "red-3-hand"])
    play(state, "play blue-3-hide on 2")
    assert hand(state, ANN) == ["red-1-hand", "red-2-hand"]


# --- the sixth card takes the column (seed 002, Placing cards) --------------------------------

FIVE = ["red-1-hand", "blue-2-club", "red-3-hand", "blue-4-club", "red-3-mammoth"]


def test_the_sixth_card_takes_the_first_five_and_starts_the_column() -> None:
    cards = ["blue-2-hide", "green-4-hand", "yellow-1-hand", "shaman-red"]
    state = position(hands={ANN: cards}, columns=[FIVE, ["yellow-4-club"], ["green-1-club"]])
    events = state.play(state.parse("play blue-2-hide on 1"))
    assert column(state, 1) == ["blue-2-hide"]
    assert state.view(ANN)["pile"] == sorted(FIVE, key=state.game.kind_of.get)
    assert "Ann takes 5 cards from column 1" in " ".join(texts(events, None))
    # then down to 2 cards, all to one pile of his choice
    assert state.to_move() == ANN and state.view(None)["phase"] == "capture"
    assert moves(state) == [
        f"discard {c} to {pile}"
        for c in ("yellow-1-hand", "green-4-hand", "shaman-red")
        for pile in ("discard-pile", "own-pile")
    ]
    play(state, "discard shaman-red to discard-pile")
    assert state.view(None)["discard"] == ["shaman-red"] and len(hand(state, ANN)) == 2
    assert state.to_move() == BOB


def test_the_discard_after_a_capture_goes_all_to_one_pile_typed_in_any_order() -> None:
    cards = ["blue-2-hide", "green-4-hand", "yellow-1-hand", "shaman-red", "dudab"]
    state = position(hands={ANN: cards}, columns=[FIVE, ["yellow-4-club"], ["green-1-club"]])
    play(state, "play blue-2-hide on 1")
    assert len(moves(state)) == 6 * 2  # 2 of 4 cards, to either pile
    play(state, "DISCARD yellow-1-hand green-4-hand to own-pile")
    assert hand(state, ANN) == ["shaman-red", "dudab"]
    assert len(state.view(ANN)["pile"]) == 7 and state.view(None)["discard"] == []


# --- Shaman cards: the next player answers (seed 002, Shaman cards; DU-3) ---------------------

SHAMAN_COLUMNS = (("red-3-hand", "shaman-red"), ("yellow-4-club",), ("green-1-club",))


def answering(cards: Sequence[str], **kw: Any) -> DudabState:
    """Bob's turn; Ann's Shaman lies on column 1, not yet answered."""
    return position(hands={BOB: cards}, columns=SHAMAN_COLUMNS, shaman=1, active=BOB, **kw)


def test_a_shaman_played_must_be_answered_by_the_next_player() -> None:
    state = position(
        hands={ANN: ["shaman-red", "blue-4-club"], BOB: ["shaman-blue", "dudab", "blue-1-hide"]},
        columns=[["red-3-hand"], ["yellow-4-club"], ["green-1-club"]],
    )
    play(state, "play shaman-red on 1")
    view = state.view(BOB)
    assert state.to_move() == BOB and view["phase"] == "shaman"
    assert view["shaman"] == {"column": 1, "by": ANN}
    legal = moves(state)
    assert legal[0] == "play shaman-blue on 1" and legal[-1] == "pass"
    assert len(legal) == 1 + 12 + 1  # no Number card, no other column
    with pytest.raises(IllegalMove, match="must answer the Shaman"):
        state.play(Move("play", ("blue-1-hide", "on", "3")))


def test_a_shaman_answered_with_a_shaman_goes_on_top_and_passes_the_duty_on() -> None:
    state = answering(["shaman-blue", "red-1-hand"])
    play(state, "play shaman-blue on 1")
    assert column(state, 1) == ["red-3-hand", "shaman-red", "shaman-blue"]
    assert state.to_move() == CAT and state.view(None)["shaman"] == {"column": 1, "by": BOB}
    assert moves(state) == ["pass"]  # Cat holds nothing to answer with


def test_a_shaman_answered_with_a_dudab_calls_for_a_card() -> None:
    state = answering(["dudab", "red-1-hand"])
    play(state, "dudab on 1 request colour green")
    view = state.view(None)
    assert view["shaman"] is None and view["request"]["value"] == "green"
    assert column(state, 1)[-1] == "dudab" and view["phase"] == "request"


def test_pass_reveals_until_a_number_card_and_draws_its_value() -> None:
    top = ["dudab", "shaman-green", "blue-3-club", "green-1-hand", "green-2-hand", "green-3-hand"]
    state = answering(["yellow-2-club", "yellow-3-club"], deck=top)
    events = state.play(Move("pass"))
    assert state.view(None)["discard"] == ["dudab", "shaman-green", "blue-3-club"]
    assert hand(state, BOB) == [
        "yellow-2-club",
        "yellow-3-club",
        "green-1-hand",
        "green-2-hand",
        "green-3-hand",
    ]
    said = texts(events, CAT)
    assert "Bob reveals Dudab!" in said and "Bob reveals Blue 3 Club" in said
    assert state.to_move() == CAT and state.view(None)["phase"] == "turn"  # answering was his turn


def test_a_shamans_draw_over_five_cards_is_trimmed_to_the_own_pile() -> None:
    top = ["blue-4-club", "green-1-hand", "green-2-hand", "green-3-hand", "green-4-hand"]
    state = answering(["yellow-2-club", "yellow-3-club", "red-1-club", "red-2-hide"], deck=top)
    play(state, "pass")
    assert state.to_move() == BOB and state.view(None)["phase"] == "trim"
    assert moves(state) == [f"discard {c} to own-pile" for c in hand(state, BOB)]
    play(state, "discard green-4-hand to own-pile", "discard red-1-club to own-pile")
    assert state.to_move() == BOB
    play(state, "discard red-2-hide to own-pile")
    assert len(hand(state, BOB)) == 5 and state.to_move() == CAT
    assert state.view(BOB)["pile"] == ["red-1-club", "red-2-hide", "green-4-hand"]
    assert state.view(CAT)["pile_counts"][BOB] == 3


# --- the end of a round, scoring, the end of the game (seed 002; DU-4) -------------------------


def test_the_round_ends_when_the_last_card_is_drawn_and_every_player_is_scored() -> None:
    state = position(
        n=2,
        hands={ANN: ["dudab", "red-1-hand"], BOB: ["blue-2-hide", "blue-3-hide"]},
        piles={ANN: ["shaman-red", "red-4-club"], BOB: ["dudab", "shaman-blue"]},
        deck=["green-2-club"],
        only_deck=True,
    )
    events = state.play(Move("draw"))
    ann = dudab_score.score(["shaman-red", "red-4-club"], ["dudab", "red-1-hand", "green-2-club"])
    assert ann.score == 5 + 5 + 4 + 1 + 2
    view = state.view(None)
    assert view["round_scores"] == [[17, 5]] and view["totals"] == [17, 5]
    assert view["last_scoring"][ANN]["hand"] == ["red-1-hand", "green-2-club", "dudab"]
    assert "round 1 is over. Ann 17, Bob 5" in " ".join(texts(events, None))
    assert state.round == 2 and state.first == BOB and state.to_move() == BOB


@pytest.mark.parametrize(
    ("bob_pile", "winners"), [(["red-4-club"], [BOB]), (["red-4-club", "red-1-club"], [ANN, BOB])]
)
def test_the_lowest_total_wins_and_a_tie_shares_the_win(
    bob_pile: list[str], winners: list[int]
) -> None:
    state = position(
        n=2,
        rounds=1,
        hands={ANN: ["blue-2-hide", "blue-3-hide"], BOB: ["yellow-1-club", "yellow-2-hand"]},
        piles={BOB: bob_pile},
        deck=["green-3-club"],
        only_deck=True,
    )
    assert state.winners() == []
    play(state, "draw")  # Ann: 2 + 3 + 3 = 8; Bob: 1 + 2 + 4 (+ 1)
    assert state.is_over() and state.legal_moves() == [] and state.to_move() is None
    assert state.winners() == winners and state.view(None)["winners"] == winners
    with pytest.raises(IllegalMove, match="the game is over"):
        state.play(Move("draw"))


# --- DU-5: the Jungle expansion ---------------------------------------------------------------

JUNGLED = ["yellow-1-mammoth", "jungle", "green-2-club"]


def test_a_shaman_answer_below_a_jungle_is_refused_by_the_mirror_rule() -> None:
    """DU-5: below a Jungle a Shaman answering a Shaman still mirrors the card as far above;
    the refusal says so, not that a Shaman or Dudab must answer (it is one)."""
    state = position(
        jungle=True,
        hands={BOB: ["shaman-blue", "red-1-club"]},
        columns=[
            ["dudab", "red-3-hand", "jungle", "shaman-red"],
            ["yellow-4-club"],
            ["green-1-club"],
        ],
        shaman=1,
        active=BOB,
    )
    assert moves(state) == ["pass"]  # only a Dudab mirrors the Dudab above
    with pytest.raises(IllegalMove, match="must mirror dudab, the card at the same distance"):
        state.play(Move("play", ("shaman-blue", "on", "1")))


def test_a_drawn_jungle_must_be_placed_on_a_column_without_one() -> None:
    state = position(
        jungle=True,
        hands={ANN: ["red-1-hand", "red-2-hand"]},
        columns=[JUNGLED, ["yellow-4-club"], ["green-1-club"]],
        deck=["jungle", "blue-1-hide"],
    )
    events = state.play(Move("draw"))
    assert "Ann draws a Jungle card" in texts(events, BOB)
    assert state.to_move() == ANN and state.view(BOB)["placing"] == "jungle"
    assert moves(state) == ["jungle on 2", "jungle on 3"]
    play(state, "jungle on 3")
    assert column(state, 3) == ["green-1-club", "jungle"]
    assert hand(state, ANN) == ["red-1-hand", "red-2-hand"]  # the Jungle was his draw
    assert state.to_move() == BOB


def test_a_jungle_no_column_can_take_is_discarded_and_not_replaced() -> None:
    columns = [JUNGLED, ["yellow-4-club", "jungle"], ["green-1-club", "jungle"]]
    state = position(
        jungle=True,
        hands={ANN: ["red-1-hand", "red-2-hand"]},
        columns=columns,
        deck=["jungle", "blue-1-hide"],
    )
    play(state, "draw")
    assert state.view(None)["discard"] == ["jungle"] and len(hand(state, ANN)) == 2
    assert state.to_move() == BOB


def test_a_discarded_jungle_but_fewer_than_two_cards_draws_again() -> None:
    columns = [JUNGLED, ["yellow-4-club", "jungle"], ["green-1-club", "jungle"]]
    state = position(
        jungle=True, columns=columns, deck=["jungle", "blue-1-hide", "jungle", "blue-2-hide"]
    )
    play(state, "draw")  # Ann holds nothing: a Jungle, then a card, then a Jungle, then a card
    assert hand(state, ANN) == ["blue-1-hide", "blue-2-hide"]
    assert state.view(None)["discard"] == ["jungle", "jungle"]


def test_a_jungle_on_a_five_card_column_does_not_take_it() -> None:
    state = position(
        jungle=True,
        hands={ANN: ["red-1-club", "red-2-club"]},
        columns=[FIVE, ["yellow-4-club"], ["green-1-club"]],
        deck=["jungle"],
    )
    play(state, "draw", "jungle on 1")
    assert column(state, 1) == [*FIVE, "jungle"] and state.view(ANN)["pile"] == []


ABOVE = ["red-3-hand", "blue-2-club", "jungle"]  # blue-2-club is mirrored first, then red-3-hand


@pytest.mark.parametrize(
    ("below", "card", "fits"),
    [
        ([], "blue-4-hide", True),  # colour, and the first card below follows the mirror alone
        ([], "red-2-hide", True),  # value
        ([], "green-4-club", True),  # symbol
        ([], "green-4-hide", False),  # nothing in common
        ([], "shaman-blue", True),  # a Shaman mirrors a Number card of its colour
        ([], "shaman-red", False),
        (["red-2-hide"], "blue-3-club", True),  # value 3 mirrored, and one above red-2-hide
        (["red-2-hide"], "yellow-1-hand", True),  # symbol hand mirrored
        (["red-2-hide"], "green-1-mammoth", False),  # fits red-2-hide but mirrors nothing
        (["red-2-hide"], "red-1-club", False),  # mirrors red, but red on red-2-hide
    ],
)
def test_du5_the_mirror_rule_below_a_jungle(below: list[str], card: str, fits: bool) -> None:
    state = position(
        jungle=True,
        hands={ANN: [card, "yellow-4-mammoth"]},
        columns=[ABOVE + below, ["yellow-4-club"], ["green-1-club"]],
    )
    assert (f"play {card} on 1" in moves(state)) is fits
    if not fits and not below:
        with pytest.raises(IllegalMove, match="must mirror blue-2-club"):
            state.play(Move("play", (card, "on", "1")))


@pytest.mark.parametrize(
    ("mirrored", "card", "fits"),
    [
        ("shaman-red", "shaman-blue", True),  # only a Shaman, of any colour
        ("shaman-red", "red-2-club", False),
        ("dudab", "shaman-red", False),  # only a Dudab
        ("dudab", "red-2-club", False),
    ],
)
def test_du5_a_mirrored_shaman_or_dudab(mirrored: str, card: str, fits: bool) -> None:
    state = position(
        jungle=True,
        hands={ANN: [card, "dudab"]},
        columns=[["red-3-hand", mirrored, "jungle"], ["yellow-4-club"], ["green-1-club"]],
    )
    legal = moves(state)
    assert (f"play {card} on 1" in legal) is fits
    assert "dudab on 1" in legal  # a Dudab instead of any other card, calling for nothing
    assert not [m for m in legal if m.startswith("dudab on 1 request")]


def test_du5_a_dudab_below_a_jungle_takes_any_card_that_mirrors() -> None:
    above = ["green-4-mammoth", "red-3-hand", "blue-2-club", "jungle", "blue-2-hide", "dudab"]
    columns = [above, ["yellow-4-club"], ["green-1-club"]]
    state = position(
        jungle=True, columns=columns, hands={ANN: ["shaman-green", "green-1-hand", "red-1-hide"]}
    )
    legal = moves(state)  # the third card below mirrors green-4-mammoth
    assert "play green-1-hand on 1" in legal and "play shaman-green on 1" in legal
    assert "play red-1-hide on 1" not in legal


def test_du5_a_jungle_column_is_taken_when_below_outnumbers_above() -> None:
    columns = [[*ABOVE, "red-2-hide", "blue-3-club"], ["yellow-4-club"], ["green-1-club"]]
    state = position(jungle=True, hands={ANN: ["red-4-hand", "yellow-1-hide"]}, columns=columns)
    play(state, "play red-4-hand on 1")  # no mirror left: the normal rules only
    assert column(state, 1) == ["red-4-hand"] and state.jungle[0] == -1
    pile = ["red-2-hide", "red-3-hand", "blue-2-club", "blue-3-club", "jungle"]
    assert state.view(ANN)["pile"] == pile


def test_du5_a_jungle_column_is_not_taken_on_the_sixth_card() -> None:
    above = ["red-1-hand", "blue-2-club", "red-3-hand", "blue-4-club", "jungle", "green-4-hide"]
    columns = [above, ["yellow-4-club"], ["green-1-club"]]
    state = position(jungle=True, hands={ANN: ["red-3-mammoth", "yellow-1-hide"]}, columns=columns)
    play(state, "play red-3-mammoth on 1")
    assert len(column(state, 1)) == 7 and state.view(ANN)["pile"] == []


def test_du5_a_shaman_answering_below_a_jungle_follows_the_mirror() -> None:
    ok = [
        ["shaman-blue", "red-3-hand", "jungle", "shaman-red"],
        ["yellow-4-club"],
        ["green-1-club"],
    ]
    state = position(
        jungle=True, hands={BOB: ["shaman-green", "dudab"]}, columns=ok, shaman=1, active=BOB
    )
    assert moves(state) == ["play shaman-green on 1", "dudab on 1", "pass"]
    no = [["dudab", "red-3-hand", "jungle", "shaman-red"], ["yellow-4-club"], ["green-1-club"]]
    state = position(
        jungle=True, hands={BOB: ["shaman-green", "dudab"]}, columns=no, shaman=1, active=BOB
    )
    assert moves(state) == ["dudab on 1", "pass"]


# --- DU-5: the Baby expansion -----------------------------------------------------------------

BABY_HANDS = {
    ANN: ["red-1-hand", "red-2-hand"],
    BOB: ["blue-1-hand", "blue-2-hand"],
    CAT: ["green-2-hand", "green-3-hand"],
}


def test_a_drawn_baby_is_placed_at_once_covered_and_everyone_draws() -> None:
    deck = [
        "baby",
        "red-2-club",
        "yellow-1-hide",
        "yellow-2-hide",
        "yellow-3-hide",
        "yellow-4-hide",
        "green-1-hide",
        "green-4-hide",
    ]
    state = position(
        n=3,
        baby=True,
        hands=BABY_HANDS,
        deck=deck,
        columns=[["yellow-1-mammoth", "green-2-club"], ["yellow-4-club"]],
    )
    play(state, "draw")
    assert state.to_move() == ANN and state.view(None)["phase"] == "baby"
    assert moves(state) == ["baby on 1", "baby on 2"]
    events = state.play(Move("baby", ("on", "1")))
    view = state.view(None)
    assert view["columns"][0] == {"cards": ["red-2-club"], "buried": 3}
    assert "Red 2 Club covers the Baby on column 1" in texts(events, None)
    # a 2: everyone draws 2, from the Baby's player leftward
    assert hand(state, ANN) == ["red-1-hand", "red-2-hand", "yellow-1-hide", "yellow-2-hide"]
    assert hand(state, BOB) == ["blue-1-hand", "blue-2-hand", "yellow-3-hide", "yellow-4-hide"]
    assert hand(state, CAT) == ["green-1-hide", "green-2-hand", "green-3-hand", "green-4-hide"]
    assert state.to_move() == BOB


def test_everyone_draws_and_each_hand_over_five_is_trimmed() -> None:
    hands = {**BABY_HANDS, BOB: ["blue-1-hand", "blue-2-hand", "blue-3-hand", "blue-4-hand"]}
    deck = [
        "baby",
        "red-3-club",
        "yellow-1-hide",
        "yellow-2-hide",
        "yellow-3-hide",
        "yellow-1-club",
        "yellow-2-club",
        "yellow-3-club",
        "green-1-hide",
        "green-4-hide",
    ]
    state = position(n=3, baby=True, hands=hands, deck=deck)
    play(state, "draw", "baby on 2")
    assert state.to_move() == BOB and state.view(None)["phase"] == "trim"
    play(state, "discard blue-4-hand to own-pile", "discard blue-3-hand to own-pile")
    assert len(hand(state, BOB)) == 5 and len(hand(state, CAT)) == 5 and state.to_move() == BOB
    assert state.view(None)["phase"] == "turn"


@pytest.mark.parametrize("cover", ["shaman-blue", "dudab"])
def test_a_card_other_than_a_number_on_the_baby_does_nothing(cover: str) -> None:
    state = position(n=3, baby=True, hands=BABY_HANDS, deck=["baby", cover, "yellow-1-hide"])
    play(state, "draw", "baby on 1")
    view = state.view(None)
    assert view["columns"][0]["cards"] == [cover] and view["hand_counts"] == [2, 2, 2]
    assert view["phase"] == "turn" and view["shaman"] is None and view["request"] is None
    if cover == "dudab":  # a Dudab with no request takes any Number card
        assert "play blue-1-hand on 1" in moves(state)


def test_a_baby_onto_a_baby_stacks_again_and_a_jungle_onto_it_is_discarded() -> None:
    deck = ["baby", "baby", "jungle", "shaman-blue"]
    state = position(n=3, jungle=True, baby=True, hands=BABY_HANDS, deck=deck)
    play(state, "draw", "baby on 2")
    view = state.view(None)
    assert view["columns"][1] == {"cards": ["shaman-blue"], "buried": 3}
    assert view["discard"] == ["jungle"]


def test_cards_under_a_baby_are_invisible_and_the_sixth_visible_takes_the_whole_pile() -> None:
    under = ["yellow-1-hide", "green-2-hide", "baby"]
    state = position(
        baby=True,
        hands={ANN: ["blue-2-hide", "yellow-2-club"]},
        columns=[FIVE[1:], ["yellow-4-club"], ["green-1-club"]],
        buried={1: under},
    )
    play(state, "play blue-2-hide on 1")  # the fifth visible card (seven in the pile): no take
    assert state.view(ANN)["pile"] == [] and len(column(state, 1)) == 5
    state = position(
        baby=True,
        hands={ANN: ["blue-2-hide", "yellow-2-club"]},
        columns=[FIVE, ["yellow-4-club"], ["green-1-club"]],
        buried={1: under},
    )
    play(state, "play blue-2-hide on 1")
    assert len(state.view(ANN)["pile"]) == 8 and column(state, 1) == ["blue-2-hide"]
    assert state.view(None)["columns"][0]["buried"] == 0


def test_a_jungle_under_a_baby_does_not_count() -> None:
    state = position(
        jungle=True,
        baby=True,
        hands={ANN: ["red-1-club", "red-2-club"]},
        columns=[["blue-2-club"], ["yellow-4-club", "jungle"], ["green-1-club"]],
        buried={1: ["red-1-hand", "jungle", "baby"]},
        deck=["jungle"],
    )
    play(state, "draw")
    assert moves(state) == ["jungle on 1", "jungle on 3"]


def test_no_baby_on_a_column_waiting_for_an_answer() -> None:
    # module docstring's choice; a Jungle may go there (ruling DU-7, test_dudab_rulings.py)
    cards = ["red-2-club", "yellow-3-hide"]
    state = requested("value", "4", cards, jungle=True, baby=True, deck=["baby", "red-4-club"])
    play(state, "draw")
    assert moves(state) == ["baby on 2", "baby on 3"]
    with pytest.raises(IllegalMove, match="column 1 waits for an answer"):
        state.play(Move("baby", ("on", "1")))


# --- hidden information ------------------------------------------------------------------------


def test_a_view_shows_his_own_cards_and_only_counts_of_the_others() -> None:
    state = position(
        hands={ANN: ["red-1-hand", "dudab"], BOB: ["blue-4-mammoth", "shaman-blue"]},
        piles={BOB: ["green-4-mammoth"]},
    )
    view = state.view(ANN)
    assert view["hand"] == ["red-1-hand", "dudab"] and view["pile"] == []
    assert view["hand_counts"][BOB] == 2 and view["pile_counts"][BOB] == 1
    shown = json.dumps(view)
    for card in ("blue-4-mammoth", "shaman-blue", "green-4-mammoth"):
        assert card not in shown
    assert "hand" not in state.view(None) and state.view(BOB)["pile"] == ["green-4-mammoth"]


def test_a_drawn_card_is_seen_only_by_its_drawer() -> None:
    state = position(hands={ANN: ["red-1-hand", "red-2-hand"]}, deck=["blue-4-mammoth"])
    events = state.play(Move("draw"))
    assert "Ann draws Blue 4 Mammoth" in texts(events, ANN)
    assert "Ann draws a card" in texts(events, BOB)
    assert "Blue 4 Mammoth" not in " ".join(texts(events, None))


# --- moves as typed, refused moves, saves -----------------------------------------------------


def test_typed_moves_parse_any_case_color_and_menu_numbers() -> None:
    state = position(n=2, hands={ANN: ["dudab", "red-1-hand"]})
    assert state.parse("Dudab on 1 Request Color Red") == Move(
        "dudab", ("on", "1", "request", "colour", "red")
    )
    assert state.parse("1") == state.legal_moves()[0]
    with pytest.raises(IllegalMove, match="could be several moves"):
        state.parse("dudab on 1 request")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play purple-9-hand on 1", "not a Dudab card"),
        ("play blue-4-club on 1", "Ann holds no blue-4-club"),
        ("play red-1-hand on 7", "there is no column 7"),
        ("play red-1-hand on 1", "one higher or lower, another colour and another symbol"),
        ("pass", "'pass' answers a Shaman"),
        ("jungle on 1", "placed when it is drawn"),
        ("dudab on 1", "call for a card"),
        ("draw discarding red-1-hand", "just type 'draw'"),
        ("shout", "not a move of Dudab"),
    ],
)
def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing(
    text: str, reason: str
) -> None:
    state = position(n=2, hands={ANN: ["dudab", "red-1-hand"]})
    before = (state.save(), state.view(ANN), moves(state), len(state.log))
    with pytest.raises(IllegalMove, match=re.escape(reason)):
        state.play(Move(*text.split(maxsplit=1)[:1], tuple(text.split()[1:])))
    assert (state.save(), state.view(ANN), moves(state), len(state.log)) == before


@pytest.mark.parametrize(
    "options", [{}, {"jungle": True}, {"baby": True}, {"variant": "jungle,baby"}]
)
def test_a_saved_game_replays_to_the_same_state(options: dict[str, Any]) -> None:
    game = Dudab(NAMES[:3], **options)
    state = game.new(11)
    rng = random.Random(11)
    for _ in range(150):
        if state.is_over():
            break
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    saved = json.loads(json.dumps(state.save()))
    again = engine.replay(saved)
    assert [again.view(s) for s in (None, 0, 1, 2)] == [state.view(s) for s in (None, 0, 1, 2)]
    assert again.legal_moves() == state.legal_moves() and again.scores() == state.scores()


@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}])
def test_a_quiet_game_plays_exactly_like_a_narrated_one(options: dict[str, Any]) -> None:
    game = Dudab(NAMES[:4], **options)
    for seed in range(8):
        loud, quiet = game.new(seed), game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := loud.to_move()) is not None:
            assert quiet.to_move() == seat and quiet.legal_moves() == loud.legal_moves()
            assert quiet.view(seat) == loud.view(seat)
            legal = loud.legal_moves()
            move = legal[rng.randrange(len(legal))]
            loud.play(move)
            assert quiet.play(move) == []
        assert quiet.scores() == loud.scores() and quiet.winners() == loud.winners()
        assert quiet.log == [] and loud.log


@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}])
def test_the_cached_legal_moves_are_the_ones_the_rules_give(options: dict[str, Any]) -> None:
    game = Dudab(NAMES[:4], **options)
    for seed in range(6):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            state._legal = None  # built afresh from the position
            assert state.legal_moves() == legal
            state.play(legal[rng.randrange(len(legal))])


def test_the_table_screen_shows_his_hand_the_columns_and_the_request() -> None:
    state = requested("colour", "blue", ["blue-1-hand", "dudab"])
    shown = " ".join(" ".join(describe(state, BOB)).split())  # the words, unwrapped
    assert "Your hand (2 cards): Blue 1 Hand*, Dudab!*." in shown
    assert "Column 1: Dudab!, on Yellow 1 Mammoth (2 cards); Ann's Dudab! calls for a blue" in shown


# --- the heuristic computer player ------------------------------------------------------------


def test_the_heuristic_bot_does_not_take_a_column_when_it_need_not() -> None:
    cards = ["blue-2-hide", "green-1-hand"]
    state = position(hands={ANN: cards}, columns=[FIVE, ["yellow-4-club"], ["green-1-club"]])
    legal = state.legal_moves()
    assert Move("play", ("blue-2-hide", "on", "1")) in legal
    chosen = DudabHeuristicBot().choose(state.view(ANN), legal, random.Random(1))
    assert chosen != Move("play", ("blue-2-hide", "on", "1"))


def test_the_heuristic_bot_keeps_its_dudab_for_a_shaman() -> None:
    bot = DudabHeuristicBot()
    state = position(hands={ANN: ["dudab", "blue-3-hide", "red-1-club"]})
    assert bot.choose(state.view(ANN), state.legal_moves(), random.Random(2)).action == "play"
    state = answering(["dudab", "red-1-hand"])
    assert bot.choose(state.view(BOB), state.legal_moves(), random.Random(2)).action == "dudab"


def test_the_heuristic_bot_dumps_its_high_cards_first() -> None:
    state = position(hands={ANN: ["blue-3-hide", "yellow-2-hand"]})
    chosen = DudabHeuristicBot().choose(state.view(ANN), state.legal_moves(), random.Random(3))
    assert chosen == Move("play", ("blue-3-hide", "on", "2"))


def test_the_heuristic_bot_beats_the_random_one() -> None:
    from ezkit.games import sim

    summary = sim.simulate("dudab", 40, 4, ["random", "heuristic"], seed=5, jobs=1)
    assert summary["mean_score_by_bot"]["heuristic"] < summary["mean_score_by_bot"]["random"]
    assert summary["win_rate_by_bot"]["heuristic"] > summary["win_rate_by_bot"]["random"]


# --- the conformance test's hidden-card check (tests/test_games_conformance.py) ---------------


def dudab_hidden(state: Any, seat: int, rng: random.Random) -> None:
    """Dudab: a seat's view holds his own hand and own pile exactly, and does not change when
    the cards hidden from him (the others' hands and own piles, the draw pile) are dealt again
    at random with the same counts."""
    view = state.view(seat)
    ids = state.game.ids
    assert view["hand"] == [ids[k] for k in sorted(state.hands[seat])]
    assert view["pile"] == [ids[k] for k in sorted(state.piles[seat])]
    saved = (state.hands, state.piles, state.deck)
    others = [s for s in range(state.n) if s != seat]
    pool = list(state.deck)
    for s in others:
        pool += state.hands[s] + state.piles[s]
    rng.shuffle(pool)
    hands, piles = [list(h) for h in state.hands], [list(p) for p in state.piles]
    for s in others:
        hands[s] = [pool.pop() for _ in state.hands[s]]
        piles[s] = [pool.pop() for _ in state.piles[s]]
    state.hands, state.piles, state.deck = hands, piles, pool
    state._legal = None
    try:
        assert state.view(seat) == view, f"seat {seat}'s view depends on cards hidden from him"
    finally:
        state.hands, state.piles, state.deck = saved
        state._legal = None


def test_the_hidden_card_check_finds_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(hands={ANN: ["red-1-hand", "dudab"], BOB: ["blue-4-mammoth", "shaman-blue"]})
    dudab_hidden(state, ANN, random.Random(1))
    original = DudabState.view

    def leaky(self: DudabState, seat: int | None) -> dict[str, Any]:
        return {**original(self, seat), "bob": sorted(self.hands[BOB])}

    monkeypatch.setattr(DudabState, "view", leaky)
    with pytest.raises(AssertionError, match="depends on cards hidden"):
        dudab_hidden(state, ANN, random.Random(1))


def plain_menu(state: DudabState) -> list[Move]:
    """The legal moves of a turn, a request or a Shaman's answer as first written: every
    card of the hand, by kind, on every column, asked of the rules' rows one by one."""
    game, phase = state.game, state.view(None)["phase"]
    hand = state.hands[state.active]

    def fits(k: int, c: int, reaction: bool) -> bool:
        col, j = state.cols[c], state.jungle[c]
        rows = game.answer if reaction else game.normal
        if j < 0:
            return game.meets[state.req][k] if c == state.req_col else rows[col[-1]][k]
        below = len(col) - j - 1
        if below < j and not game.mirror[col[j - 1 - below]][k]:
            return False
        return below == 0 or game.type[col[-1]] == DUDAB or rows[col[-1]][k]

    c = state.req_col if phase == "request" else state.shaman_col
    columns = range(game.columns) if phase == "turn" else [c]
    moves: list[Move] = []
    met = False
    for k in sorted(set(hand)):
        if k == game.dudab_kind:  # no call below a Jungle
            for d in columns:
                moves += game.m_dudab_req[d] if state.jungle[d] < 0 else [game.m_dudab[d]]
        elif game.type[k] == SHAMAN or (game.type[k] == NUMBER and phase != "shaman"):
            plays = [game.m_play[k][d] for d in columns if fits(k, d, phase == "shaman")]
            moves += plays
            met = met or bool(plays)
    if phase == "shaman":
        return [*moves, game.m_pass]
    if (phase == "request" and met) or (phase == "turn" and len(hand) >= game.hand_max and moves):
        return moves
    if len(hand) < game.hand_max:
        return [*moves, game.m_draw]
    return moves + [game.m_draw_discarding[k] for k in sorted(set(hand))]


@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}])
def test_the_menus_from_sets_of_kinds_are_the_rules_row_by_row(options: dict[str, bool]) -> None:
    """The legal moves of a turn, a request and a Shaman's answer come from the rules'
    tables as sets of kinds (rules.fitting, mirroring, ...); asked card by card and column
    by column of the rules' rows, they are the same moves in the same order. So are those
    after a capture, made from the rules' remembered pairs of discards (discard_pair)."""
    game = engine.make("dudab", {"players": ["A", "B", "C", "D"], **options})
    asked = captures = 0
    for seed in range(30):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while state.to_move() is not None:
            if state.view(None)["phase"] in ("turn", "request", "shaman"):
                assert state.legal_moves() == plain_menu(state)
                asked += 1
            if state.view(None)["phase"] == "capture":
                assert state.legal_moves() == plain_capture_menu(state)
                captures += 1
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
    assert asked > 1000 and captures > 20


def plain_capture_menu(state: DudabState) -> list[Move]:
    """After a capture, as first written: every way to discard down to 2 cards (sorted kinds),
    each to the discard pile, then to the own pile (seed 002, Placing cards)."""
    ids, hand = state.game.ids, sorted(state.hands[state.to_move() or 0])
    return [
        Move("discard", (*(ids[k] for k in cards), "to", pile))
        for cards in dict.fromkeys(itertools.combinations(hand, len(hand) - 2))
        for pile in ("discard-pile", "own-pile")
    ]


def test_a_simulations_menu_and_unchecked_moves_play_as_legal_moves_and_play() -> None:
    """sim.play_one reads a quiet state's own list (menu) and makes the move without a
    second check (play_from_menu): the same games as legal_moves() and play(); the list is
    what legal_moves() copies; a told game's play_from_menu still refuses an illegal move."""
    game = engine.make("dudab", {"players": ["A", "B", "C", "D"], "jungle": True, "baby": True})
    for seed in range(6):
        fast, plain = game.new_quiet(seed), game.new_quiet(seed)
        rng = random.Random(seed)
        while plain.to_move() is not None:
            legal = plain.legal_moves()
            assert fast.menu() == legal and fast.menu() is fast.menu()
            move = legal[rng.randrange(len(legal))]
            plain.play(move)
            fast.play_from_menu(move)
        assert fast.moves == plain.moves and fast.totals == plain.totals
    told = game.new(1)
    with pytest.raises(IllegalMove):
        told.play_from_menu(Move("pass"))


def test_a_shuffle_by_float_keys_is_the_sort_of_number_card_pairs() -> None:
    """_shuffled sorts the cards' random numbers as floats; sorting (number, card) pairs,
    as first written, gives the same deck from the same draws, ties among numbers too."""
    game = engine.make("dudab", {"players": ["A", "B", "C"], "jungle": True, "baby": True})
    state = game.new_quiet(1)
    for seed in range(200):
        state.rng.seed(seed)
        fast = state._shuffled(game.in_play)
        draws = random.Random(seed)
        assert fast == [k for _, k in sorted((draws.random(), k) for k in game.in_play)]
    tied = random.Random(0)
    tied.random = lambda: 0.5  # every number equal: the deck's own order
    state.rng = tied
    assert state._shuffled(game.in_play) == list(game.in_play)
