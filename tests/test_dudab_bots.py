"""Dudab's heuristic bot made fast (ezkit.games.dudab.bots): the same moves as before.

Its shortcuts (a call's unseen cards counted in one pass, scores of card counts remembered,
the last trim by the Dudabs left in hand) are checked against the plain questions they stand
for, and whole seeded games against the games the bot played before (tests/bot_games.py).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from bot_games import digest

from ezkit.games import engine
from ezkit.games.dudab import bots as db
from ezkit.games.dudab.rules import _DECK, DISCARD, OWN_PILE, TABLES
from ezkit.games.dudab.score import score
from ezkit.games.engine import Move

DECK = [c.id for c in _DECK.cards for _ in range(c.count)]


@pytest.fixture(autouse=True)
def cold_caches() -> None:
    for cache in db.CACHES:
        cache.clear()


def views(games: int, options: dict[str, bool]) -> list[dict[str, object]]:
    """Every view a seat was asked to decide on in seeded random games."""
    game = engine.make("dudab", {"players": ["A", "B", "C", "D"], **options})
    found = []
    for seed in range(games):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := state.to_move()) is not None:
            found.append(state.view(seat))
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
    return found


def test_a_call_is_the_one_the_unseen_cards_meet_least() -> None:
    """_request counts the cards meeting each call less those seen; _unseen, the plain
    count, must give the same call with the same dice."""
    bot = db.DudabHeuristicBot()
    for view in views(6, {"jungle": True, "baby": True})[::3]:
        unseen = bot._unseen(view)
        mine = set().union(*(bot.attrs[c] for c in view.get("hand") or []))
        rng = random.Random(len(unseen))
        state = rng.getstate()
        plain = min(
            ((sum(unseen[c] for c in cards) - (3 if w in mine else 0), rng.random(), w))
            for w, cards in bot.meeting.items()
        )
        rng.setstate(state)
        assert bot._request(view, rng) == plain[2]


def test_points_of_a_tally_are_the_books_score() -> None:
    rng = random.Random(1)
    bot = db.DudabHeuristicBot()
    for _ in range(2000):
        pile = rng.sample(DECK, rng.randint(0, 14))
        hand = rng.sample(DECK, rng.randint(0, 6))
        in_hand = sum(1 for c in hand if c == "dudab")
        want = score(pile, hand, explain=False).score
        assert db._points_of(bot._tally([*pile, *hand]), in_hand) == want
        assert db._points_of(bot._tally(pile)) == score(pile, explain=False).score


def test_the_last_trim_by_dudabs_left_is_the_trim_card_by_card() -> None:
    """DU-6's last trim: the fast cost (by the number of Dudabs left in hand) and the first
    one (every way to put the cards still to put) choose the same card with the same dice."""
    rng = random.Random(2)
    bot = db.DudabHeuristicBot()
    dudab_heavy = [*DECK, *["dudab"] * 20, *["shaman-red"] * 6]
    for _ in range(600):
        hand = rng.sample(dudab_heavy, TABLES.hand.max + rng.randint(1, 4))
        pile = rng.sample(DECK, rng.randint(0, 12))
        legal = [Move(DISCARD, (card, "to", OWN_PILE)) for card in dict.fromkeys(hand)]
        seed = rng.random()
        fast = bot._last_trim(pile, hand, legal, random.Random(seed))
        plain = bot._last_trim_by_cards(pile, hand, legal, random.Random(seed))
        assert fast == plain, (pile, hand)


def plain_discard(
    bot: db.DudabHeuristicBot, pile: list[str], hand: list[str], legal: list[Move], seed: float
) -> Move:
    """_discard as first written: the book's score() of card lists, move by move."""
    now = score(pile, explain=False).score
    draws = random.Random(seed)

    def cost(move: Move) -> tuple[float, float]:
        args = move.args
        cards = list(args[: args.index("to")])
        kept = list(hand)
        for card in cards:
            kept.remove(card)
        keep = 0.0  # added in hand order, one at a time, on every Python (db._added)
        for c in kept:
            keep += bot.keep.get(bot.kind[c], 0.0) + 0.3 * bot.value[c]
        delta = score([*pile, *cards], explain=False).score - now
        return (delta + keep if args[-1] == OWN_PILE else keep, draws.random())

    return min(legal, key=cost)


def test_a_discard_costs_what_it_did() -> None:
    """_discard after a capture: every way to keep two, scored with the tally, as the
    book's score() of the card lists scores them."""
    rng = random.Random(3)
    bot = db.DudabHeuristicBot()
    for _ in range(300):
        hand = rng.sample(DECK, rng.randint(3, 7))
        pile = rng.sample(DECK, rng.randint(0, 12))
        legal = []
        for put in dict.fromkeys(itertools.combinations(sorted(hand), len(hand) - 2)):
            legal.append(Move(DISCARD, (*put, "to", OWN_PILE)))
            legal.append(Move(DISCARD, (*put, "to", "discard-pile")))
        view = {"phase": "capture", "pile": pile, "hand": hand, "draw_pile": 10}
        seed = rng.random()
        want = plain_discard(bot, pile, hand, legal, seed)
        assert bot._discard(view, legal, random.Random(seed)) == want


def test_a_trim_costs_what_a_discard_did() -> None:
    """A trim (one card to the own pile, the draw pile not empty): _trim's cost from the
    sums of the hand's terms before each card and the remembered pile scores is the plain
    cost, twice over (the second time from _one_more's table)."""
    rng = random.Random(4)
    bot = db.DudabHeuristicBot()
    for _ in range(600):
        hand = rng.sample(DECK, rng.randint(6, 11))
        pile = rng.sample(DECK, rng.randint(0, 12))
        legal = [Move(DISCARD, (card, "to", OWN_PILE)) for card in dict.fromkeys(hand)]
        view = {"phase": "trim", "pile": pile, "hand": hand, "draw_pile": 10}
        seed = rng.random()
        want = plain_discard(bot, pile, hand, legal, seed)
        for _ in range(2):
            assert bot._discard(view, legal, random.Random(seed)) == want, (pile, hand)


def plain_choice(
    bot: db.DudabHeuristicBot, view: dict[str, Any], legal: list[Move], rng: random.Random
) -> Move:
    """choose() of a turn, a request or a Shaman's answer as first written: each move's
    _gain and a draw, move by move, the highest (the first of equals)."""
    phase, hand = view["phase"], view.get("hand") or []
    calls = "dudab" in hand and any(len(m.args) > 2 and m.args[2] == "request" for m in legal)
    request = bot._request(view, rng) if calls else ("", "")
    best: tuple[tuple[float, float], Move] | None = None
    for move in legal:
        key = (bot._gain(view, move, phase, hand, request), rng.random())
        if best is None or key > best[0]:
            best = (key, move)
    assert best is not None
    return best[1]


@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}])
def test_a_turn_is_chosen_as_move_by_move(options: dict[str, bool]) -> None:
    """choose() weighs a block of Dudab calls on a column by its best call and the first of
    the others with the highest draw, and draws for every move at once: the same move as
    each move's _gain and draw in turn, at every decision of seeded games (a Dudab held in
    many of them), and the same draws taken."""
    game = engine.make("dudab", {"players": ["A", "B", "C", "D"], **options})
    bot, held = db.DudabHeuristicBot(), 0
    for seed in range(12):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := state.to_move()) is not None:
            view, legal = state.view(seat), state.legal_moves()
            if view["phase"] in ("turn", "request", "shaman") and len(legal) > 1:
                fast, plain = random.Random(rng.random()), random.Random()
                plain.setstate(fast.getstate())
                assert bot.choose(view, legal, fast) == plain_choice(bot, view, legal, plain)
                assert fast.random() == plain.random()
                held += "dudab" in view["hand"]
            state.play(bot.choose(view, legal, rng) if seat % 2 else rng.choice(legal))
    assert held > 100, held


@pytest.mark.parametrize(
    ("bots", "options", "expected"),
    [
        (["heuristic"], {}, "5cd52d2b47424d92"),
        (["random", "heuristic"], {}, "61748d4c7208adab"),
        # with the Jungle: games where a Jungle is the last card drawn changed with DU-7's fix,
        # and games with a Jungle on a column of four when the bot's fifth-card test read the
        # column's cards (it had read the column's keys, so a Jungle never spared it)
        (["heuristic"], {"jungle": True, "baby": True}, "70820b3d86d8f193"),
        (["random", "heuristic"], {"jungle": True, "baby": True}, "b387e4c5f0d2f2f2"),
    ],
)
def test_the_same_seeds_play_the_same_games_as_before(
    bots: list[str], options: dict[str, bool], expected: str
) -> None:
    """The moves of the first 60 games of `ezkit game sim dudab --seed 1`, with and without
    both expansions, as the bot played them before it was made fast."""
    assert digest("dudab", 60, bots, options) == expected


@pytest.mark.parametrize("options", [{}, {"jungle": True, "baby": True}])
def test_a_quiet_games_views_are_the_narrated_games_views(options: dict[str, bool]) -> None:
    """Quiet states (simulations) share the scoring part of their views from one view to
    the next; what each view holds is what a narrated game's view holds, round after round,
    and a view read later still holds what it held."""
    game = engine.make("dudab", {"players": ["A", "B", "C"], **options})
    for seed in range(8):
        loud, quiet = game.new(seed), game.new_quiet(seed)
        rng = random.Random(seed)
        kept = []
        while (seat := loud.to_move()) is not None:
            view = quiet.view(seat)
            told = loud.view(seat)
            assert view == told
            kept.append((view, told))
            legal = loud.legal_moves()
            move = legal[rng.randrange(len(legal))]
            loud.play(move)
            quiet.play(move)
        assert quiet.view(0) == loud.view(0) and quiet.round == loud.round > 1
        assert all(early == late for early, late in kept)


def test_a_jungle_spares_a_column_of_four_the_fifth_card_penalty() -> None:
    """The fifth card's -0.5 (the next player need not take the column) is for a column
    captured on its 6th card; a column with a Jungle is captured by its own count (DU-5). The
    test had read the column's keys for "jungle", so a Jungle never spared a column."""
    game = engine.make("dudab", {"players": ["A", "B", "C", "D"], "jungle": True})
    bot, seen = db.DudabHeuristicBot(), {True: 0, False: 0}
    for seed in range(40):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := state.to_move()) is not None:
            view, legal = state.view(seat), state.legal_moves()
            for move in legal:
                if move.action != "play" or view["phase"] != "turn":
                    continue
                c = int(move.args[2]) - 1
                cards = view["columns"][c]["cards"]
                if len(cards) != 4 or bot._capture(view, c) is not None:
                    continue
                card = move.args[0]
                base = 2.5 if bot.kind[card] == "shaman" else 1.0 + bot.value[card] * 0.6
                jungle = "jungle" in cards
                want = base if jungle else base - 0.5
                assert bot._gain(view, move, "turn", view["hand"], ("", "")) == want
                seen[jungle] += 1
            state.play(legal[rng.randrange(len(legal))])
    assert seen[True] and seen[False], seen
