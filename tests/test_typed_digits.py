"""Digits a person may type that Python's int() refuses (`²`, `³`: str.isdigit() is true
for them) or that are no menu number (`１`, `٣`): every game's parser refuses them as moves,
never with a ValueError (an internal error at the terminal, a 500 on the web table). Typed at
every decision of seeded games, in place of each digit of each legal move and alone."""

from __future__ import annotations

import random

import pytest

from ezkit.games import engine
from ezkit.games.engine import IllegalMove

#: Per ASCII digit, what a person might type instead: a superscript, a full-width digit, an
#: Arabic-Indic one (each is a digit to str.isdigit(); only the superscripts fail int()).
LOOKALIKES = [
    str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"),
    str.maketrans("0123456789", "０１２３４５６７８９"),
    str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"),
]


def _typed(text: str) -> list[str]:
    return [text.translate(table) for table in LOOKALIKES if text.translate(table) != text]


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_lookalike_digits_are_refused_as_moves_in_every_game(name: str) -> None:
    cls = engine.game_class(name)
    players = ["Ann", "Bob", "Cat", "Dan"][: max(2, min(4, cls.max_players))]
    game = engine.make(name, {"players": players})
    for seed in range(3):
        state = game.new(seed)
        rng = random.Random(seed)
        while state.to_move() is not None and len(state.moves) < 300:
            legal = state.legal_moves()
            if len(state.moves) % 3:  # every third decision: each kind of step is met
                state.play(legal[rng.randrange(len(legal))])
                continue
            for text in ["²", "１", "٣", *(t for m in legal[:6] for t in _typed(m.text()))]:
                with pytest.raises(IllegalMove):  # refused: no digit but ASCII's is a number
                    state.parse(text)
            state.play(legal[rng.randrange(len(legal))])


def test_a_bakeries_position_or_slot_in_lookalike_digits_is_no_position() -> None:
    game = engine.make("bakeries", {"players": ["Ann", "Bob"]})
    assert game.position("8") == 7 and game.position("B3") is not None
    for text in ("⁸", "８", "٨"):
        assert game.position(text) is None
