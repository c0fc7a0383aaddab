"""Dudab rulings DU-6 (never more than five in hand, at scoring too), DU-7 (placing a Jungle)
and GT-1 (secrets stay secret: `seen`, final moves, covered logs), and the words of the
game's messages. Positions are set by hand as in test_dudab.py (`position`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from test_dudab import (
    ANN,
    BOB,
    CAT,
    FIVE,
    JUNGLED,
    answering,
    column,
    hand,
    moves,
    play,
    position,
    requested,
    texts,
)

from ezkit.games.dudab import Dudab, DudabHeuristicBot, DudabState
from ezkit.games.dudab import score as dudab_score
from ezkit.games.dudab.rules import _T_TRIM
from ezkit.games.dudab.screen import describe
from ezkit.games.engine import Event, IllegalMove, Move

BOTS = ["Bot 1", "Bot 2", "Bot 3"]


def cli_game(seed: int, upto: int, **options: Any) -> DudabState:
    """The game `ezkit game new dudab --bots 3 --bot random --seed SEED --rounds 1` plays, its
    first `upto` moves: the table's random bot draws from the seed and the move number."""
    state = Dudab(BOTS, rounds=1, **options).new(seed)
    while len(state.moves) < upto and not state.is_over():
        legal = state.legal_moves()
        state.play(legal[random.Random(f"{seed}:{len(state.moves)}").randrange(len(legal))])
    return state


def logged(events: list[Event], seat: int | None) -> list[str]:
    """The events as a log shows them to a seat while the game is on (GT-1)."""
    return [t for e in events if (t := e.logged_for(seat, over=False)) is not None]


# --- ruling DU-6: never more than five in hand, at scoring too --------------------------------


def test_du6_the_reported_game_trims_before_scoring() -> None:
    # ruling DU-6: `ezkit game new dudab --bots 3 --bot random --seed 113 --rounds 1` scored
    # Bot 2 on 8 cards; the last draw (Bot 2's Shaman draw) now leaves Bot 2 to trim first
    state = cli_game(113, 10_000)
    assert state.is_over()
    assert all(len(h) <= 5 for h, _, _ in state.last_scoring or [])
    again = Dudab(BOTS, rounds=1).new(113)
    for move in state.moves:
        if not again.deck:  # the last card is drawn: only trims to the own pile until scoring
            assert again.view(None)["phase"] == "trim" and again.round_scores == []
            assert move.action == "discard" and move.args[-2:] == ("to", "own-pile")
            assert len(again.hands[again.to_move() or 0]) > 5
        again.play(move)
    assert [m.action for m in state.moves[-3:]] == ["discard"] * 3  # Bot 2 held 8
    assert state.round_scores[0][1] == state.last_scoring[1][2]


def shaman_draw_ends_the_round(**kw: Any) -> DudabState:
    """Bob answers Ann's Shaman with `pass`: a 4 is revealed and he draws the last 4 cards."""
    deck = ["blue-4-club", "green-1-hand", "green-2-hand", "green-3-hand", "green-4-hand"]
    cards = ["dudab", "dudab", "red-1-club", "red-2-hide"]
    return answering(cards, deck=deck, only_deck=True, piles={BOB: ["shaman-red"]}, **kw)


def test_du6_the_last_draw_leaves_a_full_hand_to_trim_then_the_round_is_scored() -> None:
    state = shaman_draw_ends_the_round(rounds=1)
    events = state.play(Move("pass"))
    view = state.view(BOB)
    assert view["draw_pile"] == 0 and view["round_scores"] == [] and not state.is_over()
    assert state.to_move() == BOB and view["phase"] == "trim" and len(view["hand"]) == 8
    assert moves(state) == [f"discard {c} to own-pile" for c in dict.fromkeys(view["hand"])]
    assert "Bob holds 3 cards too many before the scoring (DU-6)" in texts(events, CAT)
    with pytest.raises(IllegalMove, match=r"discard CARD to own-pile.*DU-6"):
        state.play(Move("draw"))
    play(state, "discard dudab to own-pile", "discard dudab to own-pile")
    assert state.to_move() == BOB and state.view(None)["round_scores"] == []
    events = state.play(state.parse("discard green-4-hand to own-pile"))
    assert state.is_over()
    kept = ["red-1-club", "red-2-hide", "green-1-hand", "green-2-hand", "green-3-hand"]
    pile = ["shaman-red", "dudab", "dudab", "green-4-hand"]
    expected = dudab_score.score(pile, kept).score  # the Dudabs on the pile, none in hand
    assert state.view(None)["round_scores"][0][BOB] == expected
    assert sorted(state.view(None)["last_scoring"][BOB]["hand"]) == sorted(kept)
    assert any("round 1 is over" in t for t in texts(events, None))


def test_du6_every_hand_over_five_from_the_drawer_leftward() -> None:
    six = ["red-1-hand", "red-2-hand", "red-3-hand", "red-4-hand", "blue-1-hand", "blue-2-hand"]
    seven = ["green-1-hand", "green-2-hand", "green-3-hand", "green-4-hand"]
    seven += ["yellow-1-hand", "yellow-2-hand", "yellow-3-hand"]
    state = position(
        n=3,
        rounds=1,
        hands={ANN: ["blue-3-club", "blue-4-club"], BOB: six, CAT: seven},
        deck=["green-1-club"],
        only_deck=True,
    )
    events = state.play(Move("draw"))  # Ann draws the last card
    said = texts(events, ANN)
    assert "Bob holds 1 card too many before the scoring (DU-6)" in said
    deciders = []
    while not state.is_over():
        deciders.append(state.to_move())
        said += texts(state.play(state.legal_moves()[0]), ANN)
    assert deciders == [BOB, CAT, CAT]
    assert "Cat holds 2 cards too many before the scoring (DU-6)" in said
    assert [len(h) for h, _, _ in state.last_scoring or []] == [3, 5, 5]


def test_du6_the_heuristic_bot_puts_what_would_cost_it_most_in_hand() -> None:
    # ruling DU-6: a Dudab kept in hand scores 5; on the pile it pairs with the Shaman
    state = shaman_draw_ends_the_round()
    play(state, "pass")
    bot = DudabHeuristicBot()
    for _ in range(2):
        chosen = bot.choose(state.view(BOB), state.legal_moves(), random.Random(4))
        assert chosen == Move("discard", ("dudab", "to", "own-pile"))
        state.play(chosen)
    chosen = bot.choose(state.view(BOB), state.legal_moves(), random.Random(4))
    state.play(chosen)
    assert state.round_scores and "dudab" not in state.view(None)["last_scoring"][BOB]["hand"]


def test_du6_the_table_screen_says_why_the_round_waits() -> None:
    state = shaman_draw_ends_the_round()
    play(state, "pass")
    shown = " ".join(" ".join(describe(state, BOB)).split())  # the words, unwrapped
    assert "every hand goes down to 5 cards, then round 1 is scored." in shown


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_du6_no_round_is_scored_with_more_than_five_cards_in_a_hand(bot: str) -> None:
    # ruling DU-6, over many seeded games: a hand holds more than 5 cards only while its
    # player trims it (seed 002) and never when a round is scored
    heuristic = DudabHeuristicBot()
    ended_with_trims = rounds = 0
    games = 400 if bot == "random" else 60
    for seed in range(games):
        n = 2 + seed % 5
        options = [{}, {"jungle": True}, {"baby": True}, {"variant": "jungle,baby"}][seed // 5 % 4]
        state = Dudab([f"P{i}" for i in range(n)], rounds=1 if seed % 3 else None, **options)
        state = state.new_quiet(seed)
        rng = random.Random(seed)
        trimming = False
        while (seat := state.to_move()) is not None:
            # more than 5 only for the seat deciding or one whose trim waits (seed 002), or
            # for those trimming after the last card (DU-6)
            for s in (s for s, h in enumerate(state.hands) if len(h) > 5):
                assert s == seat or (_T_TRIM, s, int(not state.deck)) in state.tasks, seed
            trimming = trimming or not state.deck
            scored = len(state.round_scores)
            legal = state.legal_moves()
            if bot == "random":
                move = legal[rng.randrange(len(legal))]
            else:
                move = heuristic.choose(state.view(seat), legal, rng)
            state.play(move)
            if len(state.round_scores) > scored:
                rounds += 1
                ended_with_trims += trimming
                trimming = False
                assert all(len(h) <= 5 for h, _, _ in state.last_scoring or [])
        assert state.conserved()
    assert rounds > games and ended_with_trims > 0


# --- ruling DU-7: placing a Jungle ---------------------------------------------------------------


def test_du7_the_reported_game_places_the_jungle_on_the_waiting_column() -> None:
    # ruling DU-7: `--options jungle --seed 24 --rounds 1 --bots 3 --bot random`, move 75:
    # Bot 1 cannot meet the request on column 2 (no Jungle there) and draws a Jungle; it was
    # discarded, citing DU-5
    state = cli_game(24, 74, jungle=True)
    view = state.view(None)
    assert state.to_move() == 0 and view["request"]["column"] == 2
    assert "jungle" not in column(state, 2)
    events = state.play(Move("draw"))
    said = " ".join(texts(events, None))
    assert "discarded" not in said and "DU-5" not in said
    assert state.view(None)["phase"] == "jungle" and "jungle on 2" in moves(state)
    events = state.play(Move("jungle", ("on", "2")))
    said = " ".join(texts(events, None))
    assert "on column 2 (2 above): the Dudab's request is over (DU-7)" in said
    view = state.view(None)
    assert view["request"] is None and column(state, 2)[-2:] == ["dudab", "jungle"]
    # Bot 2's free turn; below the Jungle the first card mirrors the Dudab: only a Dudab
    assert state.to_move() == 1 and view["phase"] == "turn"
    assert [m for m in moves(state) if re.search(r" on 2\b", m)] in ([], ["dudab on 2"])


def test_du7_a_jungle_goes_on_the_only_free_column_though_it_waits_for_an_answer() -> None:
    columns = [JUNGLED, ["yellow-4-club", "jungle"], ["green-1-club", "dudab"]]
    state = position(
        jungle=True,
        hands={BOB: ["red-2-club", "yellow-3-hide"]},
        columns=columns,
        request=(3, "value", "4"),
        active=BOB,
        deck=["jungle", "blue-1-hide"],
    )
    play(state, "draw")
    assert moves(state) == ["jungle on 3"] and state.view(None)["discard"] == []
    play(state, "jungle on 3")
    assert column(state, 3) == ["green-1-club", "dudab", "jungle"]
    assert state.view(None)["request"] is None and state.to_move() == CAT
    assert state.view(None)["phase"] == "turn"


def test_du7_a_jungle_on_an_unanswered_shaman_ends_its_demand() -> None:
    state = position(
        jungle=True,
        hands={ANN: ["shaman-red"], BOB: ["shaman-blue", "red-1-hand", "dudab"]},
        columns=[["red-3-hand"], ["yellow-4-club"], ["green-1-club"]],
        deck=["jungle", "blue-1-hide", "blue-2-hide"],
    )
    play(state, "play shaman-red on 1")  # Ann holds nothing: she draws, a Jungle first
    assert state.view(None)["shaman"] == {"column": 1, "by": ANN}
    assert moves(state) == ["jungle on 1", "jungle on 2", "jungle on 3"]
    events = state.play(Move("jungle", ("on", "1")))
    assert "the Shaman need not be answered (DU-7)" in " ".join(texts(events, BOB))
    assert hand(state, ANN) == ["blue-1-hide", "blue-2-hide"]  # the Jungle was one draw
    view = state.view(BOB)
    assert view["shaman"] is None and view["phase"] == "turn" and state.to_move() == BOB
    legal = moves(state)
    assert "pass" not in legal
    # the first card below mirrors the Shaman: a Shaman of any colour, or a Dudab (no call)
    assert [m for m in legal if re.search(r" on 1\b", m)] == ["play shaman-blue on 1", "dudab on 1"]


def test_du7_a_jungle_is_discarded_only_when_every_column_holds_one() -> None:
    columns = [JUNGLED, ["yellow-4-club", "jungle"], ["green-1-club", "jungle"]]
    state = position(
        jungle=True,
        hands={ANN: ["red-1-hand", "red-2-hand"]},
        columns=columns,
        deck=["jungle", "blue-1-hide"],
    )
    events = state.play(Move("draw"))
    assert "Every column holds a Jungle: this one is discarded (DU-7)" in texts(events, BOB)
    assert state.view(None)["discard"] == ["jungle"]


def _last_card_jungle(columns: list[list[str]]) -> DudabState:
    """Ann draws the draw pile's last card, a Jungle, in a one-round game of two."""
    state = Dudab(["Ann", "Bob"], first=0, jungle=True, rounds=1).new(1)
    state.arrange(
        hands={0: ["red-4-hand", "blue-3-club"], 1: ["yellow-1-club", "red-1-hide"]},
        columns=columns,
        piles={0: ["red-1-mammoth", "blue-1-hide"], 1: []},
        deck=["jungle"],
        only_deck=True,
        active=0,
    )
    state.play(state.parse("draw"))
    return state


def test_du7_a_jungle_drawn_as_the_last_card_is_placed_then_the_round_is_scored() -> None:
    """DU-7 of every drawn Jungle, the last one too (a review found it kept in the hand, where
    it cancelled Ann's two 1s: 7 points, not 4 + 3 + 1 + 1 = 9)."""
    state = _last_card_jungle([["green-1-club"], ["yellow-2-mammoth"]])
    assert state.to_move() == 0
    assert [m.text() for m in state.legal_moves()] == ["jungle on 1", "jungle on 2"]
    state.play(state.parse("jungle on 2"))
    assert state.is_over()
    ann = state.view(None)["last_scoring"][0]
    assert ann["hand"] == ["red-4-hand", "blue-3-club"] and ann["score"] == 9


def test_du7_a_jungle_drawn_last_with_every_column_jungled_is_discarded() -> None:
    state = _last_card_jungle([["green-1-club", "jungle"], ["yellow-2-mammoth", "jungle"]])
    assert state.is_over()
    assert state.view(None)["discard"][-1] == "jungle"
    assert state.view(None)["last_scoring"][0]["score"] == 4 + 3 + 1 + 1  # not in her hand


def test_du7_the_reason_for_a_refused_jungle_cites_du7() -> None:
    state = requested("value", "4", ["red-2-club"], jungle=True, deck=["jungle", "red-4-club"])
    play(state, "draw")
    with pytest.raises(IllegalMove, match=r"a column without one \(DU-7\)"):
        state.play(Move("play", ("red-2-club", "on", "2")))


# --- ruling GT-1: what a seat sees, final moves, covered logs -----------------------------------


def test_gt1_seen_is_own_hand_own_pile_the_visible_columns_and_the_discard_pile() -> None:
    state = position(
        baby=True,
        hands={ANN: ["red-1-hand", "dudab"], BOB: ["blue-4-mammoth", "shaman-blue"]},
        piles={ANN: ["green-4-mammoth"], BOB: ["yellow-2-hide"]},
        columns=[["blue-2-club"], ["yellow-4-club", "blue-3-hide"], ["green-1-club"]],
        buried={1: ["red-3-hand", "baby"]},
        discard=["red-4-club"],
        deck=["yellow-3-club"],
    )
    table = {"blue-2-club", "yellow-4-club", "blue-3-hide", "green-1-club", "red-4-club"}
    assert state.seen(ANN) == Counter({"red-1-hand", "dudab", "green-4-mammoth", *table})
    assert state.seen(BOB) == Counter({"blue-4-mammoth", "shaman-blue", "yellow-2-hide", *table})
    assert state.seen(CAT) == Counter(table)  # not under the Baby, not the draw pile


def test_gt1_a_jungle_being_placed_is_seen_by_all() -> None:
    state = position(jungle=True, hands={ANN: ["red-1-hand", "red-2-hand"]}, deck=["jungle"])
    play(state, "draw")
    assert state.seen(BOB)["jungle"] == 1 and state.seen(ANN)["jungle"] == 1


def test_gt1_a_draw_and_a_play_are_final() -> None:
    state = position(hands={ANN: ["yellow-2-hand", "blue-3-hide"]}, deck=["red-1-hand"])
    play(state, "draw")  # Ann sees a card she did not see
    assert state.final == len(state.moves) == 1
    state = position(hands={ANN: ["yellow-2-hand", "blue-3-hide", "red-1-club"]})
    play(state, "play blue-3-hide on 2")  # the others see it on the column
    assert state.final == len(state.moves) == 1


def test_gt1_cards_to_the_own_pile_and_a_jungle_placed_are_not_final() -> None:
    top = ["blue-4-club", "green-1-hand", "green-2-hand", "green-3-hand", "green-4-hand"]
    state = answering(["yellow-2-club", "yellow-3-club", "red-1-club", "red-2-hide"], deck=top)
    play(state, "pass")
    assert state.final == 1
    play(state, "discard green-4-hand to own-pile")  # from Bob's hand to his pile: no secret
    assert (state.final, len(state.moves)) == (1, 2)
    state = position(jungle=True, hands={ANN: ["red-1-hand", "red-2-hand"]}, deck=["jungle"])
    play(state, "draw", "jungle on 2")
    assert (state.final, len(state.moves)) == (1, 2)


def test_gt1_the_card_drawn_onto_a_baby_makes_the_placing_final() -> None:
    """GT-1: the card drawn onto a Baby is a draw, so placing the Baby is final, even when
    nobody's sight grows: here the Dudab on the column goes under the Baby and the card
    drawn onto it is another Dudab (the same counts). Undo would otherwise let the player
    place the Baby again, knowing the card that covers it."""
    state = position(
        baby=True,
        hands={ANN: ["red-1-hand", "red-2-hand"]},
        columns=[["blue-2-club", "dudab"], ["yellow-4-club"], ["green-1-club"]],
        deck=["baby", "dudab"],
    )
    play(state, "draw")  # the Baby: seen by all, final
    assert (state.final, state.to_move()) == (1, ANN)
    play(state, "baby on 1")
    assert column(state, 1) == ["dudab"]
    assert state.final == len(state.moves) == 2


def test_gt1_a_capture_discard_is_final_only_to_the_discard_pile() -> None:
    cards = ["blue-2-hide", "green-4-hand", "yellow-1-hand", "shaman-red"]
    for where, final in (("discard-pile", 2), ("own-pile", 1)):
        state = position(hands={ANN: cards}, columns=[FIVE, ["yellow-4-club"], ["green-1-club"]])
        play(state, "play blue-2-hide on 1", f"discard shaman-red to {where}")
        assert state.final == final


def test_gt1_showing_a_hand_reveals(monkeypatch: pytest.MonkeyPatch) -> None:
    # with the seats' sight blind, only reveal() makes the unmet request's draw final
    monkeypatch.setattr(DudabState, "seen", lambda self, seat: Counter())
    monkeypatch.setattr(DudabState, "sights", lambda self: [{} for _ in self.hands])
    state = position(hands={ANN: ["yellow-2-hand", "blue-3-hide"]}, deck=["red-1-hand"])
    play(state, "draw")
    assert state.final == 0  # a plain draw shows nothing to the others
    state = requested("value", "4", ["red-2-club", "yellow-3-hide"], deck=["green-2-hide"])
    play(state, "draw")
    assert state.final == 1


def test_gt1_a_log_read_while_the_game_is_on_keeps_hidden_cards_hidden() -> None:
    cards = ["red-1-club", "red-3-club", "red-4-club", "blue-1-club", "blue-4-club"]
    state = position(hands={ANN: cards}, deck=["green-4-hide"])
    events = state.play(state.parse("draw discarding red-4-club"))
    log = logged(events, BOB)
    assert "Ann shows their hand (5 cards): no card can be played" in log
    assert "Ann puts a card on their own pile" in log
    assert not any(c in t for c in ("red-", "blue-", "Red ", "Blue ") for t in log)
    # a capture: the cards go to Ann's pile, hidden from the others
    state = position(
        hands={ANN: ["blue-2-hide", "shaman-red", "dudab"]},
        columns=[FIVE, *[["yellow-4-club"], ["green-1-club"]]],
    )
    events = state.play(state.parse("play blue-2-hide on 1"))
    assert "Ann takes 5 cards from column 1; Blue 2 Hide starts the column" in logged(events, BOB)
    assert "Red 1 Hand" in " ".join(texts(events, BOB))  # seen as it happened


# --- words: plurals and "their" ---------------------------------------------------------------


def test_words_own_pile_messages_say_their_and_count_right() -> None:
    top = ["blue-4-club", "green-1-hand", "green-2-hand", "green-3-hand", "green-4-hand"]
    state = answering(["yellow-2-club", "yellow-3-club", "red-1-club", "red-2-hide"], deck=top)
    events = state.play(Move("pass"))
    assert "Bob holds 3 cards too many" in texts(events, CAT)
    events = state.play(state.parse("discard green-4-hand to own-pile"))
    assert "Bob puts 1 card on their own pile" in texts(events, CAT)
    assert "Bob puts Green 4 Hand on their own pile" in texts(events, BOB)


def test_words_one_card_too_many() -> None:
    top = ["blue-1-club", "green-1-hand"]
    cards = ["yellow-2-club", "yellow-3-club", "red-1-club", "red-2-hide", "red-3-hide"]
    state = answering(cards, deck=top)
    events = state.play(Move("pass"))
    assert "Bob holds 1 card too many" in texts(events, CAT)


def test_words_a_shared_win_and_one_round() -> None:
    state = position(
        n=2,
        rounds=1,
        hands={ANN: ["blue-2-hide", "blue-3-hide"], BOB: ["yellow-1-club", "yellow-2-hand"]},
        piles={BOB: ["red-4-club", "red-1-club"]},
        deck=["green-3-club"],
        only_deck=True,
    )
    events = state.play(Move("draw"))
    assert texts(events, None)[-1] == "The game is over: Ann 8, Bob 8. Ann and Bob share the win"
    shown = " ".join(" ".join(describe(state, ANN)).split())  # the words, unwrapped
    assert shown.startswith("The game is over after 1 round: Ann and Bob share the win with 8 ")


def test_words_a_baby_on_one_card_and_everyone_draws_one() -> None:
    hands = {ANN: ["red-1-hand", "red-2-hand"], BOB: ["blue-1-hand", "blue-2-hand"]}
    hands[CAT] = ["green-2-hand", "green-3-hand"]
    deck = ["baby", "red-1-club", "yellow-1-hide", "yellow-2-hide", "yellow-3-hide", "red-4-hide"]
    state = position(n=3, baby=True, hands=hands, deck=deck)
    play(state, "draw")
    events = state.play(Move("baby", ("on", "1")))
    said = texts(events, None)
    pushed = "the column's 1 card is pushed into a stack under it"
    assert f"Ann places the Baby on column 1: {pushed}" in said
    assert "Everyone draws 1 card" in said


def test_words_no_his_and_no_one_plural_in_any_message() -> None:
    bad = re.compile(r"\bhis\b|\bhim\b|\b1 (cards|rounds)\b|\bhe\b")
    for seed in range(30):
        game = Dudab(["Ann", "Bob", "Cat"][: 2 + seed % 2], jungle=True, baby=seed % 3 == 0)
        state = game.new(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            try:
                state.play(Move("shout"))
            except IllegalMove as error:
                assert not bad.search(str(error)), str(error)
            state.play(move)
        for event in state.log:
            for text in (event.text, event.public, event.covered):
                assert text is None or not bad.search(text), text
