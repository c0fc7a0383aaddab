"""ezkit.games.sim and `ezkit game sim`: bot-only games, in parallel, summed up."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
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


# --- GT-2: balanced seating, win rates with intervals ---------------------------------------


@pytest.mark.parametrize("kinds", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_bot_sits_in_every_seat_equally_often(kinds: int, players: int) -> None:
    """GT-2: over one round of seatings each bot kind sits in each seat as often as in any
    other, whatever the number of kinds and seats."""
    bots = [f"bot{i}" for i in range(kinds)]
    every = sim.seatings(bots, players)
    assert len(every) == len(set(every)) <= kinds * players
    for bot in bots:
        per_seat = {sum(seating[seat] == bot for seating in every) for seat in range(players)}
        assert len(per_seat) == 1 and per_seat != {0}, (bot, every)
    # the first games are the plain rotations of the list, as before GT-2
    assert every[: min(kinds, len(every))] == [
        sim.seat_bots(bots, players, i) for i in range(min(kinds, len(every)))
    ]


def test_three_bots_at_two_seats_meet_in_both_orders() -> None:
    """The Bakeries' default (three bots, two seats): the old rotation only ever sat random to
    the heuristic bot's right, which read as a 61/39 seat split (GT-2)."""
    every = sim.seatings(["random", "heuristic", "forgetful"], 2)
    assert sorted(every) == sorted(
        (a, b) for a in ("random", "heuristic", "forgetful")
        for b in ("random", "heuristic", "forgetful") if a != b
    )  # fmt: skip
    assert sim.balanced_games(100, ["random", "heuristic", "forgetful"], 2) == 102
    assert sim.balanced_games(6, ["random", "heuristic", "forgetful"], 2) == 6
    assert sim.balanced_games(7, ["heuristic"], 4) == 7


def test_wilson_intervals() -> None:
    from statistics import NormalDist

    assert NormalDist().inv_cdf(0.5 + sim.CONFIDENCE / 2) == pytest.approx(sim.Z)
    low, high = sim.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert sim.wilson(0, 10)[0] == 0.0 and 0.0 < sim.wilson(0, 10)[1] < 0.35
    assert sim.wilson(10, 10)[1] == 1.0
    low, high = sim.wilson(3, 40)
    assert (low, high) == pytest.approx((1 - sim.wilson(37, 40)[1], 1 - sim.wilson(37, 40)[0]))
    assert sim.wilson(300, 4000)[1] - sim.wilson(300, 4000)[0] < high - low  # more games
    assert sim.wilson(0, 0) == (0.0, 1.0)


def test_a_run_is_rounded_up_to_whole_seatings_and_reports_intervals(nim: str) -> None:  # noqa: F811
    """GT-2: three bot lists entries at two seats: three seatings, so 5 games become 6."""
    found = sim.simulate("nim", 5, 2, ["random", "greedy", "random"], seed=2, jobs=1)
    assert found["games_asked"] == 5 and found["games"] == 6
    assert found["seating"] == {"arrangements": 3, "balanced": True}
    assert found["seat_games_by_bot"] == {"random": 8, "greedy": 4}
    assert found["confidence"] == {"level": 0.95, "interval": "Wilson score"}
    for rate, (low, high), wins in zip(
        found["win_rate_by_seat"], found["win_rate_ci_by_seat"], found["wins_by_seat"], strict=True
    ):
        assert low <= rate <= high
        assert [low, high] == [round(x, 4) for x in sim.wilson(wins, 6)]
    for bot, (low, high) in found["win_rate_ci_by_bot"].items():
        assert low <= found["win_rate_by_bot"][bot] <= high


def test_a_summary_of_unbalanced_results_says_so() -> None:
    results = [
        sim.Result(index=i, seed=i, bots=("a", "b"), scores=(1.0, 0.0), winners=(0,),
                   rounds=1, decisions=3)
        for i in range(4)
    ]  # fmt: skip
    found = sim.summarize(results, 1.0, game="x", players=2, bots=["a", "b"], seed=1, jobs=1)
    assert found["seating"] == {"arrangements": 2, "balanced": False}
    assert found["hands"] is None and found["mean_hands"] is None


def test_foozle_reports_hands_per_game() -> None:
    """Foozle plays hands, not rounds: a run says how many hands a game took."""
    found = sim.simulate("foozle", 2, 2, ["heuristic"], seed=1, jobs=1)
    assert found["rounds"] is None and found["mean_rounds"] is None
    assert found["hands"]["count"] == 2 and found["hands"]["min"] >= 1
    assert found["mean_hands"] >= 1


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
        ({"games": 0}, "--games must be 1 to 1,000,000"),
        ({"bots": []}, "name at least one bot"),
        ({"jobs": -1}, "--jobs must be 0"),
        ({"players": 3}, "is for 2 players, not 3"),
        ({"bots": ["clever"]}, "no bot 'clever'"),
        # found by a hostile-input hunt: 2,000 kinds made 4,000 games and took 49 s
        ({"bots": ["random"] * 13}, "--bots names at most 12 bots, not 13"),
        (
            {"games": 1_000_000, "bots": ["random", "greedy", "random"]},
            r"rounds up to 1,000,002 games \(whole rounds of the seatings, GT-2\), past the",
        ),
    ],
    ids=["no-games", "no-bots", "negative-jobs", "players", "unknown-bot", "kinds", "past"],
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
    assert "95% interval" in shown.stdout and "Wilson score" in shown.stdout
    assert "rounded up" not in shown.stdout  # 30 games: whole rounds of two seatings


def test_the_command_counts_in_words_and_says_when_it_rounds_up(
    runner: CliRunner,
    nim: str,  # noqa: F811
) -> None:
    args = ["game", "sim", "nim", "--bots", "greedy", "--seed", "5", "--jobs", "1"]
    one = runner.invoke(cli, [*args, "--games", "1"])
    assert one.exit_code == 0, one.stderr
    first = one.stdout.splitlines()[0]
    assert first.startswith("Nim: 1 game, 2 players, bot greedy,") and first.endswith(", 1 job")
    assert "1 games" not in one.stdout and "1 jobs" not in one.stdout
    mixed = runner.invoke(cli, [*args[:3], "--bots", "random,greedy,random", *args[5:]])
    assert mixed.exit_code == 0, mixed.stderr
    assert "Nim: 102 games" in mixed.stdout
    assert "(100 asked: rounded up to 102, whole rounds of 3 seatings" in mixed.stdout
    found = json.loads(runner.invoke(cli, [*args, "--games", "1", "--json"]).stdout)
    assert found["games"] == found["games_asked"] == 1


def test_auntie_simulated(runner: CliRunner) -> None:
    args = ["game", "sim", "auntie", "--games", "40", "--players", "4", "--seed", "2"]
    one = json.loads(runner.invoke(cli, [*args, "--jobs", "1", "--json"]).stdout)
    two = json.loads(runner.invoke(cli, [*args, "--jobs", "2", "--json"]).stdout)
    assert figures(one) == figures(two)
    assert one["bots"] == ["random", "heuristic"]  # every bot that plays Auntie by default
    assert one["seat_games_by_bot"] == {"random": 80, "heuristic": 80}
    assert one["seating"] == {"arrangements": 2, "balanced": True}
    assert sum(one["wins_by_seat"]) >= 40
    assert one["mean_rounds"] >= 1 and set(one["rounds"]["histogram"]) <= {
        str(n) for n in range(1, 30)
    }
    assert one["decisions_per_second"] > 0
    # Fewest points wins: the heuristic player should beat random ones.
    assert one["win_rate_by_bot"]["heuristic"] > one["win_rate_by_bot"]["random"]
    short = runner.invoke(cli, [*args, "--jobs", "1", "--rounds", "5", "--json"])
    assert json.loads(short.stdout)["rounds"]["max"] <= 5


@pytest.mark.skipif(
    not Path(f"/proc/self/task/{__import__('os').getpid()}/children").exists(),
    reason="reads a run's workers from /proc/PID/task/PID/children (Linux)",
)
def test_the_workers_of_a_run_killed_outright_end_too(tmp_path: Path) -> None:
    """Found by a hostile-input hunt: after `kill -9` of a `game sim`, its workers waited for
    work forever, reparented and asleep. Each now ends within a second of its run."""
    import os
    import signal
    import subprocess
    import sys
    import time

    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ezkit",
            "game",
            "sim",
            "foozle",
            "--games",
            "100000",
            "--jobs",
            "2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "EZKIT_DB": str(tmp_path / "c.json")},
    )
    children = Path(f"/proc/{run.pid}/task/{run.pid}/children")
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)  # killed as soon as they are there: they play at full speed till then
        workers = [int(p) for p in children.read_text().split()] if children.exists() else []
    try:
        assert len(workers) >= 2, "the run started no workers"
        run.send_signal(signal.SIGKILL)
        run.wait()

        def alive(worker: int) -> bool:
            """Running or asleep: a worker that has ended but is not yet reaped is a zombie
            (Z) until its new parent waits for it, which init may leave for seconds."""
            try:
                stat = Path(f"/proc/{worker}/stat").read_text()
            except FileNotFoundError:
                return False
            return stat.rsplit(")", 1)[1].split()[0] != "Z"

        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.02)
        left = [w for w in workers if alive(w)]
        assert not left, f"workers {left} outlived their run"
    finally:
        for worker in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)
        run.kill()
