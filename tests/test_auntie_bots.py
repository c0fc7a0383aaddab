"""Auntie's heuristic bot made faster (ezkit.games.auntie.bots): the same moves as before,
for the same seeds (tests/bot_games.py)."""

from __future__ import annotations

from bot_games import digest


def test_the_same_seeds_play_the_same_games_as_before() -> None:
    """The moves of the first 100 games of `ezkit game sim auntie --seed 1`, all heuristic
    and the default random,heuristic, as the bot played them before. (Since a turn with only
    'stop' to play and an event's give of one kind of fudge are asked, GT-1, the games hold
    those forced moves too: without them they hash as before, e1f4fb7636272c06 and
    a1a61073792debb5.)"""
    assert digest("auntie", 100, ["heuristic"]) == "ea28fa1bb4ab5c95"
    assert digest("auntie", 100, ["random", "heuristic"]) == "81b18ccfa6989893"
