"""ezkit.games.sim and `ezkit game sim`: bot-only games, in parallel, summed up."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from test_game_cli import nim  # noqa: F401 - the fixture that registers the toy game

from ezkit.cli import cli
from ezkit.errors import InputError
from ezkit.games import sim

TIMING = ("seconds", "decisions_per_second", "jobs")


def figures(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_game_seeds_and_seats_depend_only_on_the_run_seed_and_the_index() -> None:
    assert sim.game_seed(1, 0) == sim.game_seed(1, 0) != sim.game_seed(1, 1)
    assert sim.game_seed(1, 5) != sim.game_seed(2, 5)
    assert 0 <= sim.game_seed(123, 9) < 2**31
    assert sim.seat_bots(["random", "heuristic"], 4, 0) == (
        "random", "heuristic", "random", "heuristic"
    )  # fmt: skip
    assert sim.seat_bots(["a", "b", "c"], 2, 1) == ("b", "c")


def test_the_toy_game_is_the_same_for_a_seed_whatever_the_jobs(nim: str) -> None:  # noqa: F811
    one = sim.simulate("nim", 60, 2, ["random", "greedy"], seed=3, jobs=1)
    two = sim.simulate("nim", 60, 2, ["random", "greedy"], seed=3, jobs=2)
    assert figures(one) == figures(two)
    assert one["games"] == 60
    assert sum(one["wins_by_seat"]) == 60  # Nim has one winner a game
    assert one["seat_games_by_bot"] == {"random": 60, "greedy": 60}  # rotated seats
    assert one["rounds"] is not None and one["mean_rounds"] >= 1
    assert one["decisions"]["min"] >= 4  # 9 stones, at most 3 a take, a reaction after each
    other = sim.simulate("nim", 60, 2, ["random", "greedy"], seed=4, jobs=1)
    assert figures(other) != figures(one)


def test_progress_counts_every_game(nim: str) -> None:  # noqa: F811
    seen: list[int] = []
    sim.simulate("nim", 60, 2, ["random"], seed=1, jobs=2, progress=seen.append)
    assert sum(seen) == 60 and len(seen) == len(sim.chunks(60))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "--games must be 1 or more"),
        ({"bots": []}, "name at least one bot"),
        ({"jobs": -1}, "--jobs must be 0"),
        ({"players": 3}, "2 to 2 players, not 3"),
        ({"bots": ["clever"]}, "no bot 'clever'"),
    ],
    ids=["no-games", "no-bots", "negative-jobs", "players", "unknown-bot"],
)
def test_bad_requests_are_refused(nim: str, kwargs: dict[str, Any], message: str) -> None:  # noqa: F811
    args = {"game": "nim", "games": 5, "players": 2, "bots": ["random"], "seed": 1, **kwargs}
    with pytest.raises(InputError, match=message):
        sim.simulate(**args)


def test_the_command_prints_one_json_document(runner: CliRunner, nim: str) -> None:  # noqa: F811
    args = ["game", "sim", "nim", "--games", "30", "--bots", "random,greedy", "--seed", "5"]
    result = runner.invoke(cli, [*args, "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    found = json.loads(result.stdout)
    for key in ("games", "wins_by_seat", "mean_rounds", "decisions_per_second", "win_rate_by_bot"):
        assert key in found
    assert found["games"] == 30 and found["players"] == 2
    again = runner.invoke(cli, [*args, "--jobs", "2", "--json"])
    assert figures(json.loads(again.stdout)) == figures(found)
    shown = runner.invoke(cli, [*args, "--jobs", "1"])
    assert shown.exit_code == 0
    assert "By seat" in shown.stdout and "decisions per second" in shown.stdout
    assert shown.stderr == ""  # no progress bar when stderr is not a terminal


def test_auntie_simulated(runner: CliRunner) -> None:
    args = ["game", "sim", "auntie", "--games", "40", "--players", "4", "--seed", "2"]
    one = json.loads(runner.invoke(cli, [*args, "--jobs", "1", "--json"]).stdout)
    two = json.loads(runner.invoke(cli, [*args, "--jobs", "2", "--json"]).stdout)
    assert figures(one) == figures(two)
    assert one["bots"] == ["random", "heuristic"]  # every bot that plays Auntie by default
    assert one["seat_games_by_bot"] == {"random": 80, "heuristic": 80}
    assert sum(one["wins_by_seat"]) >= 40
    assert one["mean_rounds"] >= 1 and set(one["rounds"]["histogram"]) <= {
        str(n) for n in range(1, 30)
    }
    assert one["decisions_per_second"] > 0
    # Fewest points wins: the heuristic player should beat random ones.
    assert one["win_rate_by_bot"]["heuristic"] > one["win_rate_by_bot"]["random"]
    short = runner.invoke(cli, [*args, "--jobs", "1", "--rounds", "5", "--json"])
    assert json.loads(short.stdout)["rounds"]["max"] <= 5
