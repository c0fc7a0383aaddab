"""Counts, lists and winners as people write them ("1 card", "Ann, Bob and Cat share the win"),
one test per message family that uses them."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ezkit.cli import cli
from ezkit.errors import InputError
from ezkit.games import engine
from ezkit.words import and_list, plural, range_text, won


@pytest.mark.parametrize(
    ("count", "word", "many", "text"),
    [(0, "card", None, "0 cards"), (1, "card", None, "1 card"), (2, "round", None, "2 rounds"),
     (1, "die", "dice", "1 die"), (3, "die", "dice", "3 dice")],
)  # fmt: skip
def test_plural(count: int, word: str, many: str | None, text: str) -> None:
    assert plural(count, word, many) == text


def test_lists_and_winners() -> None:
    assert and_list([]) == "" and and_list(["Ann"]) == "Ann"
    assert and_list(["Ann", "Bob"]) == "Ann and Bob"
    assert and_list(["Chris", "Pat", "Sam"]) == "Chris, Pat and Sam"
    assert won(["Ann"]) == "Ann wins"
    assert won(["Chris", "Pat", "Sam"]) == "Chris, Pat and Sam share the win"
    assert range_text(2, 2) == "2" and range_text(2, 6) == "2 to 6"


def test_player_counts_say_a_fixed_count_once() -> None:
    with pytest.raises(InputError, match=r"is for 2 players, not 3$"):
        engine.game_class("bakeries")(["A", "B", "C"])
    with pytest.raises(InputError, match=r"is for 2 to 6 players, not 7$"):
        engine.game_class("auntie")([f"P{i}" for i in range(7)])


def test_score_auntie_names_a_shared_win_once() -> None:
    result = CliRunner().invoke(
        cli, ["score", "auntie", "--player", "Chris=4,4", "--player", "Pat=4,4",
              "--player", "Sam=4,4"],
    )  # fmt: skip
    assert result.exit_code == 0
    assert "Chris, Pat and Sam share the win (the fewest points)." in result.stdout


def test_auntie_counts_excuses_cards_and_rounds_in_the_singular() -> None:
    texts: list[str] = []
    for seed in range(40):
        state = engine.make("auntie", {"players": ["Ann", "Bob", "Cat"], "rounds": 5}).new(seed)
        while not state.is_over():
            legal = state.legal_moves()
            interrupt = [m for m in legal if m.action == "interrupt"]
            state.play((interrupt or legal)[-1])
        texts += [e.text for e in state.log]
    joined = "\n".join(texts)
    assert "may play 1 Excuse this turn" in joined
    for wrong in ("1 Excuses", "1 cards", "1 rounds", " and Bob and ", "does not interrupt"):
        assert wrong not in joined
    assert "Round 5 is the last (the game has 5 rounds)" in joined
