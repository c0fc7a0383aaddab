"""Auntie's heuristic bot made faster (ezkit.games.auntie.bots): the same moves as before,
for the same seeds (tests/bot_games.py)."""

from __future__ import annotations

from bot_games import digest


def test_the_same_seeds_play_the_same_games_as_before() -> None:
    """The moves of the first 100 games of `ezkit game sim auntie --seed 1`, all heuristic
    and the default random,heuristic, as the bot played them before."""
    assert digest("auntie", 100, ["heuristic"]) == "e1f4fb7636272c06"
    assert digest("auntie", 100, ["random", "heuristic"]) == "a1a61073792debb5"
