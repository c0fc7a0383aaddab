"""Cards typed as the screens print them: `discard 5 of Tops` is the menu's `discard 5-tops`,
`give County Fair Fish Fudge to Bob` is `give 4 to Bob` (a UX review found them refused, with
a list of ids as the reason). Typed at decisions of seeded games of every game, in place of
each card id of each legal move."""

from __future__ import annotations

import random

import pytest

from ezkit.games import decks, engine
from ezkit.games.decks import printed_as_ids
from ezkit.games.table import HUMAN, Seat, Session


def _printed(name: str, text: str) -> str:
    """A move's text with each card id in it written by the card's printed name."""
    names = {c.id: c.name for c in decks.deck(name).cards}
    return " ".join(names.get(word, word) for word in text.split())


@pytest.mark.parametrize("name", sorted(set(decks.GAMES) - {"bakeries"}))  # it types positions
def test_a_move_typed_with_printed_names_is_the_menus_move(name: str) -> None:
    players = ["Ann", "Bob"] if name == "bakeries" else ["Ann", "Bob", "Cat"]
    game = engine.make(name, {"players": players})
    tried = 0
    for seed in range(3):
        state = game.new(seed)
        rng = random.Random(seed)
        while state.to_move() is not None and len(state.moves) < 200:
            legal = state.legal_moves()
            for move in legal if len(state.moves) % 4 == 0 else ():
                typed = _printed(name, move.text())
                if typed != move.text():
                    tried += 1
                    assert state.parse(printed_as_ids(name, typed)) == move, typed
                    assert state.parse(printed_as_ids(name, typed.upper())) == move, typed
            state.play(legal[rng.randrange(len(legal))])
    assert tried


def test_the_table_takes_a_move_typed_as_printed() -> None:
    seats = [Seat("Ann", HUMAN), Seat("Bob", HUMAN)]
    session = Session.start("foozle", seats, 7, {})
    session.move("take draw")
    discard = next(m for m in session.state.legal_moves() if m.action == "discard")
    card = discard.args[0]
    printed = {c.id: c.name for c in decks.deck("foozle").cards}[card]
    _, made = session.move(f"discard {printed}")
    assert made == discard and session.state.moves[-1] == discard


@pytest.mark.parametrize("typed", ["Almond-Banana Fudge", "pure fudge", "Pure Fudge "])
def test_a_card_name_alone_is_no_menu_number(typed: str) -> None:
    """Auntie's fudge ids are digits: "Almond-Banana Fudge" alone had become `1`, menu choice
    1, and played another move (a review found it spend an Interrupt). Refused."""
    seats = [Seat("Ann", HUMAN), Seat("Bob", HUMAN), Seat("Cat", HUMAN)]
    session = Session.start("auntie", seats, 5, {})
    session.advance()
    before = list(session.state.moves)
    with pytest.raises(engine.IllegalMove):
        session.move(typed)
    assert session.state.moves == before


def test_only_card_names_are_rewritten() -> None:
    assert printed_as_ids("foozle", "discard 5 of Tops") == "discard 5-tops"
    assert printed_as_ids("foozle", "take draw") == "take draw"  # no card named: as typed
    assert printed_as_ids("foozle", "lay 5 of topsy") == "lay 5 of topsy"  # a word, not a card
    assert printed_as_ids("auntie", "give Pure Fudge to Bob") == "give 0 to Bob"
