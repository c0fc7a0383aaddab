"""One conformance test over every registered card game (OpenSpiel style).

Thousands of seeded games played by bots, for every game in engine.GAMES, checking the
invariants of DESIGN.md's card-game contract at every step:

- the cards are conserved (every card in exactly one place);
- legal_moves() is never empty before the end, and empty after it;
- every game ends;
- no view shows another player's hidden cards (a game-specific check, below);
- an illegal move is refused and changes nothing;
- replaying the saved moves (engine.replay(state.save())) rebuilds the same state.

Most games are played quiet (Game.new_quiet, as simulations play them): the checked games
(every fourth, which cover every player count and option set in four rounds of them) and,
for a combination none of whose games was checked, its last game are told (Game.new, as
at the table); a replay is told, so a quiet game replayed must equal its told replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from long_runs import scaled
from test_dudab import dudab_hidden
from test_foozle import foozle_hidden

from ezkit.games import engine
from ezkit.games.bots import HEURISTICS, make_bot, reads_view
from ezkit.games.engine import IllegalMove, Move, State

#: Games played per (game, bot); spread over player counts and option sets (`make test` plays
#: a share of them, never fewer than one per player count and option set: tests/long_runs.py).
GAMES_PER_BOT = {"random": 2000, "heuristic": 800}
#: Fewer for games whose games are long (a Bakeries game is three rounds of three phases).
GAMES_FOR: dict[str, dict[str, int]] = {
    "bakeries": {"random": 250, "heuristic": 400},
    "dudab": {"random": 1500, "heuristic": 300},
    "foozle": {"random": 700, "heuristic": 80},
}
#: A game longer than this many decisions has not ended (DESIGN: every game ends).
MAX_DECISIONS = 20_000
#: Every how many decisions the costly checks run (hidden cards, illegal move).
EVERY = 7

#: Option sets each game is played with (a game not listed: its defaults only).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "auntie": [{}, {"rounds": 5}, {"rounds": 8}, {"variant": "no-draw"}, {"first": 0}],
    "bakeries": [{"turn_cap": 12}, {}, {"rounds": 1, "turn_cap": 4}, {"turn_cap": 30}],
    # Foozle: a hands cap keeps random games short (the book ends only by FZ-6)
    "foozle": [{"hands": 1}, {"hands": 2, "turn_cap": 40}, {"hands": 1, "turn_cap": 8}, {}],
    "dudab": [
        {"rounds": 1},
        {"jungle": True, "rounds": 1},
        {"baby": True, "rounds": 1},
        {"jungle": True, "baby": True, "rounds": 1},
        {},
        {"variant": "jungle,baby"},
    ],
}


# --- hidden information, per game ---------------------------------------------------------


def _auntie_hidden(state: Any, seat: int, rng: random.Random) -> None:
    """Auntie (AU-10): a seat's view holds his own cards exactly, and does not change when the
    cards hidden from him (the others' fudge and action cards, the stack, the action deck) are
    dealt again at random with the same counts."""
    view = state.view(seat)
    assert view["fudge"] == state._fudge_ids(seat)
    assert view["hand"] == state._hand_ids(seat)
    saved = (
        [list(row) for row in state.fudge],
        [list(row) for row in state.hands],
        list(state.stack),
        list(state.action_deck),
    )
    others = [s for s in range(state.n) if s != seat]
    for rows, deck in ((state.fudge, state.stack), (state.hands, state.action_deck)):
        pool = list(deck)
        for s in others:
            pool.extend(k for k, c in enumerate(rows[s]) for _ in range(c))
        rng.shuffle(pool)
        for s in others:
            size = sum(rows[s])
            rows[s][:] = [0] * len(rows[s])
            for k in pool[:size]:
                rows[s][k] += 1
            del pool[:size]
        deck[:] = pool
    state._legal = None
    try:
        assert state.view(seat) == view, f"seat {seat}'s view depends on cards hidden from him"
    finally:
        state.fudge, state.hands = saved[0], saved[1]
        state.stack, state.action_deck = saved[2], saved[3]
        state._legal = None


def _bakeries_hidden(state: Any, seat: int, rng: random.Random) -> None:
    """Bakeries (BK-3): a view shows exactly the board cards face up now, and does not change
    when the face-down cards are dealt again among their positions and the store (the cakes
    not yet drawn) is shuffled. What a seat has seen (state.seen) is never in a view."""
    view = state.view(seat)
    game = state.game
    up = {game.pos_names[p]: game.card_ids[state.board[p]] for p in state.shown}
    if view["phase"] == 1:
        assert view["face_up"] == up
        cells = [cell for row in view["board"] for cell in row]
        assert cells.count("?") == sum(
            1 for p, c in enumerate(state.board) if c >= 0 and not state.face_up[p]
        )
        assert set(cells) <= {"?", "", *up.values()}
    saved = (list(state.board), list(state.store))
    down = [p for p, c in enumerate(state.board) if c >= 0 and not state.face_up[p]]
    cards = [state.board[p] for p in down]
    rng.shuffle(cards)
    for p, c in zip(down, cards, strict=True):
        state.board[p] = c
    rng.shuffle(state.store)
    state._legal = None
    try:
        assert state.view(seat) == view, f"seat {seat}'s view depends on cards hidden from him"
    finally:
        state.board, state.store = saved
        state._legal = None


#: Per game: check(state, seat, rng) raises AssertionError if view(seat) shows hidden cards.
HIDDEN: dict[str, Callable[[Any, int, random.Random], None]] = {
    "auntie": _auntie_hidden,
    "bakeries": _bakeries_hidden,
    "dudab": dudab_hidden,
    "foozle": foozle_hidden,
}


# --- the checks -----------------------------------------------------------------------------


def _seats(state: State) -> list[int | None]:
    return [None, *range(len(state.game.players))]


def _snapshot(state: State) -> tuple[Any, ...]:
    """All a game is (what its save holds, the moves as moves: a save's texts are made from
    them) and everything the seats are shown."""
    return (
        state.game.name,
        dict(state.game.options),
        state.seed,
        list(state.moves),
        [state.view(s) for s in _seats(state)],
        state.scores(),
        state.to_move(),
        list(state.legal_moves()),
        len(state.log),
    )


def _check_illegal(state: State) -> None:
    before = _snapshot(state)
    legal = state.legal_moves()
    bogus = [Move("no-such-move"), Move(legal[0].action, (*legal[0].args, "zzz"))]
    for move in bogus:
        assert move not in legal
        with pytest.raises(IllegalMove) as error:
            state.play(move)
        assert str(error.value)
    assert _snapshot(state) == before, "an illegal move changed the state"


def _check_replay(state: State) -> None:
    again = engine.replay(json.loads(json.dumps(state.save())))
    assert again.to_move() == state.to_move()
    assert again.scores() == state.scores()
    assert again.winners() == state.winners()
    assert again.legal_moves() == state.legal_moves()
    for seat in _seats(state):
        assert again.view(seat) == state.view(seat)


def _play_one(
    name: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    bot_name: str,
    checks: bool,
    told: bool = True,
) -> State:
    """One game, checked at every decision. `checks`: the costly checks too, every EVERY
    decisions (a seat's view is built for them, and for a bot that reads it: a random bot
    never does). `told`: a narrated game (Game.new, as at the table; its play() compares
    every seat's sights before and after each move, GT-1), else a quiet one
    (Game.new_quiet, as in a simulation: the same game, as
    test_a_quiet_game_plays_exactly_like_a_narrated_one and each game's quiet tests hold)."""
    game = engine.make(name, {"players": [f"P{i}" for i in range(players)], **options})
    state = game.new(seed) if told else game.new_quiet(seed)
    bots = [make_bot(bot_name, name) for _ in range(players)]
    looks = reads_view(bots[0])  # a random bot's view: built by the checks alone
    rng = random.Random(seed)
    hidden = HIDDEN.get(name)
    assert state.conserved()
    for step in range(MAX_DECISIONS):
        seat = state.to_move()
        if seat is None:
            break
        legal = state.legal_moves()
        assert legal, f"no legal move for seat {seat} before the end"
        view = state.view(seat) if looks else {}
        if checks and step % EVERY == 0:
            if hidden is not None:
                hidden(state, seat, rng)
                hidden(state, (seat + 1) % players, rng)
            _check_illegal(state)
        move = bots[seat].choose(view, legal, rng)
        assert move in legal
        state.play(move)
        assert state.conserved(), f"a card was lost or doubled after {move.text()!r}"
    else:
        pytest.fail(f"{name} seed {seed} did not end in {MAX_DECISIONS} decisions")
    assert state.is_over() and state.legal_moves() == []
    assert state.winners() and len(state.scores()) == players
    json.dumps([state.view(s) for s in _seats(state)])  # views are plain data
    return state


def _cases() -> list[tuple[str, str]]:
    cases = []
    for name in sorted(engine.GAMES):
        cases.append((name, "random"))
        if name in HEURISTICS:
            cases.append((name, "heuristic"))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("name", "bot_name"), _cases(), ids=lambda v: v)
def test_conformance(name: str, bot_name: str) -> None:
    cls = engine.game_class(name)
    counts = list(range(cls.min_players, cls.max_players + 1))
    option_sets = OPTIONS.get(name, [{}])
    total = scaled(GAMES_FOR.get(name, GAMES_PER_BOT)[bot_name], len(counts) * len(option_sets))
    combos = len(counts) * len(option_sets)  # game `seed` plays combination seed % combos
    decisions = 0
    checked, told_in = set(), set()
    for seed in range(total):
        players = counts[seed % len(counts)]
        options = option_sets[(seed // len(counts)) % len(option_sets)]
        # the costly checks on every fourth game, one game later in each round of the player
        # counts and option sets: four rounds check every one of them
        checks = (seed % combos + seed // combos) % 4 == 0
        # told: the games checked, and the last game of a combination none of whose games
        # was (every player count and option set is told); the others quiet
        told = checks or (seed + combos >= total and seed % combos not in told_in)
        state = _play_one(name, players, options, seed, bot_name, checks, told)
        if told:
            told_in.add(seed % combos)
        if checks:
            checked.add(seed % combos)
        decisions += len(state.moves)
        if seed % 10 == 0:  # a replay is told: a quiet game's must equal it
            _check_replay(state)
            if len(state.moves) > 2:  # and from the middle of a game
                middle = engine.replay(state.save(), upto=len(state.moves) // 2)
                _check_replay(middle)
                assert middle.conserved()
    assert decisions > total  # the games were real games
    assert len(told_in) == combos  # each told at least once
    assert len(checked) == combos or total < 4 * combos  # and checked, given four rounds


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_quiet_game_plays_exactly_like_a_narrated_one(players: int) -> None:
    """Simulations skip the narration (Game.new_quiet); the rules must not notice."""
    game = engine.make("auntie", {"players": [f"P{i}" for i in range(players)]})
    for seed in range(40):
        loud, quiet = game.new(seed), game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := loud.to_move()) is not None:
            assert quiet.to_move() == seat
            legal = loud.legal_moves()
            assert quiet.legal_moves() == legal
            assert quiet.view(seat) == loud.view(seat)
            move = legal[rng.randrange(len(legal))]
            loud.play(move)
            assert quiet.play(move) == []
        assert quiet.is_over() and quiet.scores() == loud.scores()
        assert quiet.winners() == loud.winners() and quiet.log == []


#: Each game with its options that change what a view holds (Dudab's expansions).
PARTED = [
    ("auntie", {}),
    ("bakeries", {}),
    ("dudab", {}),
    ("dudab", {"jungle": True, "baby": True}),
    ("foozle", {}),
]


#: What only a seat's own view holds, and the games whose scores are shown only at the end
#: (GT-1: Dudab's hand and pile, Foozle's hand).
OWN = {"dudab": {"hand", "pile"}, "foozle": {"hand"}}
SCORED_AT_THE_END = {"dudab", "foozle"}


@pytest.mark.parametrize(("name", "options"), PARTED)
def test_a_view_part_is_the_views_entries_and_never_more(
    name: str, options: dict[str, Any]
) -> None:
    """A simulation hands a bot that names what it reads (view_keys) only those entries of its
    view (State.view_part; Dudab and Foozle build each alone). At every step of a told and a
    quiet game, for every seat and the table: the entries asked are the view's own, and asked
    for every entry there is, it is the view itself, before and after the end: a part shows
    nothing the view hides (GT-1). A seat's own cards are in its view alone, and the scores
    of Dudab and Foozle come at the end."""
    players = 2 if name == "bakeries" else 3
    game = engine.make(name, {"players": [f"P{i}" for i in range(players)], **options})
    keys = getattr(HEURISTICS[name](), "view_keys", None)
    for seed in range(2):
        for state in (game.new(seed), game.new_quiet(seed)):
            rng = random.Random(seed)
            while True:
                seats = (None, *range(players))
                views = [state.view(s) for s in seats]
                # every entry any seat's view holds now, and those shown at the end
                every = ("scores", "winners", *{k for view in views for k in view})
                assert not {"hand", "pile"} & set(views[0])  # the table's: nobody's own (GT-1)
                over = state.to_move() is None
                for seat, view in zip(seats, views, strict=True):
                    own = OWN.get(name, set())
                    assert own & set(view) == (set() if seat is None else own)
                    if name in SCORED_AT_THE_END:
                        assert ("scores" in view) == over
                    assert state.view_part(seat, every) == view
                    if keys is not None:  # (without keys: the call above again)
                        part = state.view_part(seat, keys)
                        assert part == {k: view[k] for k in keys if k in view}
                if (seat := state.to_move()) is None:
                    break
                assert set(keys or ()) <= set(state.view(seat))  # what the bot reads is there
                legal = state.legal_moves()
                state.play(legal[rng.randrange(len(legal))])
