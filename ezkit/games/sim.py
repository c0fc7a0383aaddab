"""Many games, bots only, in parallel processes, and what they add up to.

    simulate(game, games=1000, players=4, bots=["random", "heuristic"], seed=1, jobs=2)

Game i is fully fixed by (seed, i): its deal comes from game_seed(seed, i), its bots' dice
from the same number, and its seats' bots from the list rotated by i (so every bot sits in
every seat equally often). The games are cut into chunks of a fixed size and the results
put back in game order, so a summary is the same for every number of jobs; only the timing
figures (seconds, decisions_per_second) change from run to run.

A decision is one move made by a seat (forced moves, a `pass` with nothing to react with,
included). Wins: every winner of a shared win counts the game as won.

No click here: the CLI (`ezkit game sim`) reads options and prints the summary.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ezkit.errors import InputError
from ezkit.games import engine

#: Games per chunk of work sent to a process (at most); fixed, so results never depend on it.
CHUNK = 25


@dataclass(frozen=True)
class Result:
    """One finished game."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    rounds: int | None
    decisions: int


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: stable across Python versions."""
    digest = hashlib.blake2b(f"ezkit-sim:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 33  # 31 bits, as --seed takes


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot in each seat of game `index`: the list, cycled over the seats, rotated by index."""
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def player_names(players: int) -> list[str]:
    return [f"Bot {i + 1}" for i in range(players)]


def play_one(
    game: engine.Game,
    choosers: Sequence[Callable[..., engine.Move]],
    seed: int,
    rng: random.Random | None = None,
) -> engine.State:
    """One game to the end, each seat played by its chooser (choose(view, legal, rng)).
    A seat with a single legal move makes it without asking its bot, unless the bot wants to
    see forced moves too (a memory bot learns from the cards shown then). The game is quiet
    (Game.new_quiet): its log may be empty; moves, scores and winners are as in a told one."""
    from ezkit.games.bots import reads_view

    state = game.new_quiet(seed)  # nobody reads a simulation's story: no event texts
    rng = rng or random.Random(seed)
    looks = [reads_view(choose) for choose in choosers]
    forced = [_sees_forced(choose) for choose in choosers]
    while (seat := state.to_move()) is not None:
        legal = state.legal_moves()
        if len(legal) == 1 and not forced[seat]:
            move = legal[0]
        else:  # a bot that never looks at its view is not handed one (it costs a third)
            move = choosers[seat](state.view(seat) if looks[seat] else {}, legal, rng)
        state.play(move)
    return state


def _sees_forced(choose: Callable[..., engine.Move]) -> bool:
    return bool(getattr(getattr(choose, "__self__", choose), "sees_forced", False))


def _run_chunk(job: tuple[Any, ...]) -> list[Result]:
    """Games start..stop of a run, in a worker process (or this one)."""
    name, where, options, players, bots, seed, start, stop = job
    engine.GAMES.setdefault(name, where)  # a worker started afresh knows the game too
    from ezkit.games.table import make_chooser

    game = engine.make(name, {"players": player_names(players), **options})
    made = {kind: make_chooser(kind, name) for kind in dict.fromkeys(bots)}
    results = []
    for index in range(start, stop):
        sub_seed = game_seed(seed, index)
        kinds = seat_bots(bots, players, index)
        state = play_one(game, [made[k] for k in kinds], sub_seed, random.Random(sub_seed))
        rounds = getattr(state, "round", None)
        results.append(
            Result(
                index=index,
                seed=sub_seed,
                bots=kinds,
                scores=tuple(float(s) for s in state.scores()),
                winners=tuple(state.winners()),
                rounds=int(rounds) if isinstance(rounds, int | float) else None,
                decisions=len(state.moves),
            )
        )
    return results


def chunks(games: int) -> list[tuple[int, int]]:
    return [(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]


def simulate(
    game: str,
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` bot-only games and summarise them (see summarize()).

    jobs: worker processes (0: one per CPU; 1: this process). progress(n) is called as
    n more games finish."""
    name = engine.game_class(game).name  # the game exists
    if games < 1:
        raise InputError(f"--games must be 1 or more, not {games}")
    if not bots:
        raise InputError("name at least one bot with --bots")
    if jobs < 0:
        raise InputError(f"--jobs must be 0 (one per CPU) or more, not {jobs}")
    jobs = jobs or os.cpu_count() or 1
    options = dict(options or {})
    engine.make(name, {"players": player_names(players), **options})  # players, options valid
    from ezkit.games.table import check_bots

    check_bots(bots, name)
    work = [
        (name, engine.GAMES[name], options, players, tuple(bots), seed, start, stop)
        for start, stop in chunks(games)
    ]
    started = time.perf_counter()
    results: list[Result] = []
    if jobs == 1 or len(work) == 1:
        for job in work:
            results += _run_chunk(job)
            if progress:
                progress(job[-1] - job[-2])
    else:
        results = _parallel(work, jobs, progress)
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: r.index)
    return summarize(results, elapsed, game=name, players=players, bots=bots, seed=seed, jobs=jobs)


def _parallel(
    work: list[tuple[Any, ...]], jobs: int, progress: Callable[[int], None] | None
) -> list[Result]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # fork where there is one: workers start at once and know every registered game.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=min(jobs, len(work)), mp_context=context) as pool:
        futures = {pool.submit(_run_chunk, job): job for job in work}
        for future in as_completed(futures):
            results += future.result()
            if progress:
                job = futures[future]
                progress(job[-1] - job[-2])
    return results


# --- the summary ------------------------------------------------------------------------------


def distribution(values: Sequence[float], histogram: bool = True) -> dict[str, Any]:
    """Mean, spread, quantiles (10th, 50th, 90th percentile) and, if asked, counts by value."""
    if not values:
        return {"count": 0}
    ordered = sorted(values)

    def quantile(q: float) -> float:
        return _clean(ordered[min(len(ordered) - 1, math.floor(q * len(ordered)))])

    found: dict[str, Any] = {
        "count": len(values),
        "mean": _round(statistics.fmean(values)),
        "stdev": _round(statistics.pstdev(values)),
        "min": _clean(ordered[0]),
        "p10": quantile(0.10),
        "median": quantile(0.50),
        "p90": quantile(0.90),
        "max": _clean(ordered[-1]),
    }
    if histogram:
        found["histogram"] = {str(_clean(v)): n for v, n in sorted(Counter(values).items())}
    return found


def _clean(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _round(value: float) -> float:
    return round(value, 4)


def summarize(
    results: Sequence[Result],
    seconds: float,
    *,
    game: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    jobs: int,
) -> dict[str, Any]:
    """The figures of a run; everything but `seconds` and `decisions_per_second` depends only
    on the results."""
    n = len(results)
    wins_by_seat = [0] * players
    score_by_seat: list[list[float]] = [[] for _ in range(players)]
    kinds = list(dict.fromkeys(bots))
    seat_games = dict.fromkeys(kinds, 0)
    wins_by_bot = dict.fromkeys(kinds, 0)
    scores_by_bot: dict[str, list[float]] = {k: [] for k in kinds}
    shared = 0
    for r in results:
        shared += len(r.winners) > 1
        for seat in r.winners:
            wins_by_seat[seat] += 1
            wins_by_bot[r.bots[seat]] += 1
        for seat, score in enumerate(r.scores):
            score_by_seat[seat].append(score)
            seat_games[r.bots[seat]] += 1
            scores_by_bot[r.bots[seat]].append(score)
    rounds = [r.rounds for r in results if r.rounds is not None]
    decisions = [r.decisions for r in results]
    total = sum(decisions)
    return {
        "game": game,
        "games": n,
        "players": players,
        "bots": list(bots),
        "seed": seed,
        "jobs": jobs,
        "wins_by_seat": wins_by_seat,
        "win_rate_by_seat": [_round(w / n) for w in wins_by_seat],
        "mean_score_by_seat": [_round(statistics.fmean(s)) for s in score_by_seat],
        "wins_by_bot": wins_by_bot,
        "win_rate_by_bot": {k: _round(wins_by_bot[k] / seat_games[k]) for k in kinds},
        "seat_games_by_bot": seat_games,
        "mean_score_by_bot": {k: _round(statistics.fmean(v)) for k, v in scores_by_bot.items()},
        "shared_wins": shared,
        "scores": distribution([s for r in results for s in r.scores]),
        "winning_scores": distribution([r.scores[r.winners[0]] for r in results if r.winners]),
        "rounds": distribution(rounds) if rounds else None,
        "mean_rounds": _round(statistics.fmean(rounds)) if rounds else None,
        "decisions": distribution(decisions, histogram=False),
        "mean_decisions": _round(total / n),
        "total_decisions": total,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(total / seconds) if seconds > 0 else None,
    }
