"""GT-1, one conformance test for every card game: what a seat is shown names no card that
seat may not see now, and undo never takes back a move that revealed something.

For seeded games of every registered game (random moves, narrated as at the table), at
checkpoints and for every seat, the texts that seat can be shown are gathered: `game show
--seat` (Session.summary, JSON), the table's screen (screen_lines), the public table
(table_lines), the seat's log (narrate) and the save listing (saves.listing). None may name
a card id the seat may not know:

- a card the seat has seen (State.seen: its hand, face-up cards) stays known: a player may
  remember what was shown openly;
- except a memory game's board (the Bakeries, BK-3): a card turned face down again is known
  only while it is face up (GT-1: "turns over B3", without the card, until the game ends).

Auntie's cards are numbers and common words (`4`, `give`), so texts cannot be searched for
them; its views are checked structurally, and AU-11 by who is asked.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest
from long_runs import scaled

from ezkit.games import decks, engine, saves
from ezkit.games.table import HUMAN, Seat, Session, narrate, screen_lines, table_lines

#: Seeded games per configuration (GT-1 asks for 1,000 or more per game; `make test` plays a
#: share of them, tests/long_runs.py, unless EZKIT_FAIR_GAMES says how many).
GAMES = int(os.environ.get("EZKIT_FAIR_GAMES") or scaled(1000))
#: Every how many moves the seats' texts are checked; the log (a replay, the costly part)
#: once midway in every LOG_EVERY-th game.
EVERY = 60
LOG_EVERY = 10

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("auntie", 4, {"rounds": 5}),
    ("bakeries", 2, {"rounds": 1, "turn_cap": 12}),
    ("dudab", 3, {"rounds": 1}),
    ("dudab", 4, {"rounds": 1, "jungle": True, "baby": True}),
    ("foozle", 3, {"hands": 1, "turn_cap": 40}),
]
#: Board cards of a memory game: known only while face up (BK-3, GT-1).
FADING = {"bakeries": frozenset(c.id for c in decks.deck("bakeries").of("chef"))}

TOKEN = re.compile(r"[\w∞]+(?:-[\w∞]+)*")


def _ids(name: str, options: dict[str, Any]) -> frozenset[str]:
    """The card ids worth searching for: cards with one copy (naming one of eight Dudab
    cards or thirty Stale cards tells which card nobody), and not the game's or an option's
    name."""
    words = {name, *options}
    return frozenset(c.id for c in decks.deck(name).of() if c.count == 1 and c.id not in words)


def _names(name: str, ids: frozenset[str]) -> dict[str, str]:
    """Card id -> printed name (lower case), for the cards searched for by id."""
    cards = [c for c in decks.deck(name).of() if c.id in ids]
    names = Counter(c.name.lower() for c in cards)
    return {c.id: c.name.lower() for c in cards if names[c.name.lower()] == 1}


def _named(text: str, ids: frozenset[str], names: dict[str, str]) -> set[str]:
    """The searched-for cards a text names, by id or by printed name."""
    text = text.lower()
    found = set(TOKEN.findall(text)) & ids
    return found | {card for card, printed in names.items() if printed in text}


def _public(session: Session) -> list[str]:
    """What every seat is shown alike: the public table and the save listing."""
    return [*table_lines(session.state), json.dumps(saves.listing(1, session.snapshot()))]


def _shown(session: Session, seat: int, log: bool, public: list[str]) -> str:
    """What `seat` is shown: its summary (`game show --seat`), its screen, what every seat is
    shown (_public, made once for all seats) and, with `log`, its log."""
    parts = [json.dumps(session.summary(seat)), *screen_lines(session.state, seat), *public]
    if log:
        parts += narrate(session.snapshot(), seat)
    return "\n".join(parts)


def _play(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    seats = [Seat(f"P{i}", HUMAN) for i in range(players)]
    session = Session.start(name, seats, seed, options)
    state = session.state
    ids = _ids(name, options)
    names = _names(name, ids)
    fading = FADING.get(name, frozenset())
    # what each seat sees, asked once a move (seen() makes a new Counter at each call)
    seen = [state.seen(s) for s in range(players)]
    known = [set(cards) for cards in seen]
    rng = random.Random(seed)
    checkpoints = {EVERY * k for k in range(1, 1000)}
    midway_log = seed % LOG_EVERY == 0
    while not state.is_over():
        legal = state.legal_moves()
        assert legal, f"{name} seed {seed}: no legal move before the end"
        before, final_before = seen, state.final
        state.play(rng.choice(legal))
        seen = [state.seen(s) for s in range(players)]
        gained = any(map(_gained, seen, before))
        if gained:  # GT-1: a move that brought a card into sight is final
            assert state.final == len(state.moves), f"{name} seed {seed}: move not final"
        else:
            assert state.final >= final_before
        for s in range(players):
            known[s] |= seen[s].keys()
        if len(state.moves) in checkpoints or state.is_over():
            log = midway_log
            midway_log = midway_log and not log
            if name == "auntie":
                _check_auntie(state)
                continue
            if state.is_over():
                continue  # GT-1 holds while the game is on; the end may show all
            public = _public(session)
            for s in range(players):
                now = seen[s].keys()
                may = {c for c in known[s] if c not in fading or c in now}
                leaked = _named(_shown(session, s, log, public), ids, names) - may
                assert not leaked, f"{name} seed {seed} move {len(state.moves)}: seat {s} " + (
                    f"is shown {sorted(leaked)}"
                )


def _gained(after: Counter[str], before: Counter[str]) -> bool:
    """Whether `after` holds a card more often than `before` (`after - before` is not empty,
    without building it)."""
    return any(count > before[card] for card, count in after.items())


def _check_auntie(state: Any) -> None:
    """Auntie: a seat's view holds its own hand and fudge, only counts of the others'."""
    n = len(state.game.players)
    for s in range(n):
        view = state.view(s)
        assert sum(view["fudge_counts"]) >= len(view["fudge"])
        assert view["seat"] == s
        assert "revealed" not in view or state.is_over()
        text = json.dumps(state.view(None))
        assert '"hand":' not in text and '"fudge":' not in text


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "players", "options"),
    CONFIGS,
    ids=[f"{n}-{'-'.join(o) or 'base'}" for n, _, o in CONFIGS],
)
def test_no_seat_is_shown_a_card_it_may_not_see(
    name: str, players: int, options: dict[str, Any]
) -> None:
    for seed in range(GAMES):
        _play(name, players, options, seed)


# --- AU-11: who is asked about a reaction tells nothing ----------------------------------------


def test_au11_every_other_player_is_asked_about_an_interrupt_in_seat_order() -> None:
    """Holder or not, every non-active player is asked in seat order until one interrupts, so
    whose turn it is (game list, game show) never tells who holds an Interrupt."""
    for seed in range(120):
        state = engine.make("auntie", {"players": ["A", "B", "C", "D"]}).new(seed)
        rng = random.Random(seed)
        while not state.is_over():
            reaction = state.reaction()
            if reaction is not None and reaction.word == "interrupt":
                active, window = state.active, reaction.window
                asked = []
                while (r := state.reaction()) is not None and r.window == window:
                    asked.append(state.to_move())
                    move = rng.choice(state.legal_moves())
                    state.play(move)
                    if move.action == "interrupt":
                        break
                else:
                    assert asked == [(active + i) % 4 for i in range(1, 4)]
                continue
            state.play(rng.choice(state.legal_moves()))
        public = [e.seen_by(None) or "" for e in state.log]
        assert not [t for t in public if re.search("does not (interrupt|deflect)", t)]
