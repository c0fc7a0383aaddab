"""Many games, bots only, in parallel processes, and what they add up to.

    simulate(game, games=1000, players=4, bots=["random", "heuristic"], seed=1, jobs=2)

Game i is fully fixed by (seed, i): its deal comes from game_seed(seed, i), its bots' dice
from the same number, and its seats' bots from seatings(): the bot list cycled over the
seats and rotated, then every such line-up turned round the table, one seat at a time, so
that each bot sits in each seat equally often (GT-2). A run plays whole rounds of those
seatings: the games asked for are rounded up to a multiple of their number, and the summary
says so (games_asked, seating). The games are cut into chunks of a fixed size and the results
put back in game order, so a summary is the same for every number of jobs; only the timing
figures (seconds, decisions_per_second) change from run to run.

A decision is one move made by a seat (forced moves, a `pass` with nothing to react with,
included). Wins: every winner of a shared win counts the game as won. Win rates come with a
95% Wilson score interval (win_rate_ci_by_seat, win_rate_ci_by_bot), so that a seat's
advantage can be told from noise; a bot's seats in one game are counted as if independent.
Game length: rounds for games played in rounds, hands for those played in hands (Foozle).

No click here: the CLI (`ezkit game sim`) reads options and prints the summary.
"""

from __future__ import annotations

import gc
import hashlib
import math
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ezkit.errors import InputError
from ezkit.games import engine
from ezkit.words import shorten

#: Games per chunk of work sent to a process (at most); fixed, so results never depend on it.
CHUNK = 25

#: The confidence of the win rates' intervals, and the normal quantile that gives it.
CONFIDENCE = 0.95
Z = 1.959963984540054


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
    hands: int | None = None


#: The most games one run plays (a season is ten thousand; a million takes minutes), the most
#: seats asked for (every game has at most six) and worker processes: bounds checked before
#: any work, so a typo of digits is refused, not run out of memory.
MAX_GAMES = 1_000_000
MAX_SEATS = 12
MAX_JOBS = 64


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: stable across Python versions."""
    digest = hashlib.blake2b(f"ezkit-sim:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 33  # 31 bits, as --seed takes


def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings a run goes through, game after game (GT-2: each bot kind sits in each seat
    equally often over them, whatever the number of bots and seats).

    A line-up is the bot list cycled over the seats from its j-th bot, for every j; each
    line-up is then turned round the table by r seats, for every r. Every line-up's turns are
    all there, so over the whole list every bot sits in every seat as often as in any other.
    The same seating reached twice is kept once (that keeps the balance: each line-up's turns
    that differ come once each). In order: turn by turn, and within a turn line-up by line-up,
    so the first len(bots) games are the plain rotations of the list."""
    kinds = len(bots)
    lineups = [tuple(bots[(seat + j) % kinds] for seat in range(players)) for j in range(kinds)]
    turned = (lineup[r:] + lineup[:r] for r in range(players) for lineup in lineups)
    return list(dict.fromkeys(turned))


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot in each seat of game `index` (see seatings())."""
    every = seatings(bots, players)
    return every[index % len(every)]


def balanced_games(games: int, bots: Sequence[str], players: int) -> int:
    """The games a run plays for `games` asked: rounded up to whole rounds of the seatings."""
    block = len(seatings(bots, players)) or 1
    return -(-games // block) * block


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
    see forced moves too (a memory bot learns from the cards shown then) and, if it says
    which (`learns_from(move)`), this one. The game is quiet
    (Game.new_quiet): its log may be empty; moves, scores and winners are as in a told one."""
    from ezkit.games.bots import reads_view, view_keys

    state = game.new_quiet(seed)  # nobody reads a simulation's story: no event texts
    rng = rng or random.Random(seed)
    looks = [reads_view(choose) for choose in choosers]
    keys = [view_keys(choose) for choose in choosers]
    learns = [_learns_from(choose) for choose in choosers]
    # A game may hand a simulation its own list of legal moves (`menu`: read, never
    # changed, not a copy) and make a move taken from it without checking it again
    # (`play_from_menu`; play() checks every move): nothing here changes the list, and
    # every bot picks one of its moves.
    legal_moves = getattr(state, "menu", state.legal_moves)
    play = getattr(state, "play_from_menu", state.play)
    # A game whose menu lists its moves only as they are read tells a single legal move
    # without listing them (`forced`: the move, or None when there are more).
    forced = getattr(state, "forced", None)
    while (seat := state.to_move()) is not None:
        legal = legal_moves()
        one = forced() if forced is not None else legal[0] if len(legal) == 1 else None
        if one is not None and not (learns[seat] and learns[seat](one)):
            move = one
        elif not looks[seat]:  # a bot that never looks is not handed a view (it costs a third)
            move = choosers[seat]({}, legal, rng)
        elif keys[seat] is None:
            move = choosers[seat](state.view(seat), legal, rng)
        else:  # nor one that names what it reads the rest of the view
            move = choosers[seat](state.view_part(seat, keys[seat]), legal, rng)
        play(move)
    return state


def _learns_from(choose: Callable[..., engine.Move]) -> Callable[[engine.Move], bool] | None:
    """Which forced moves a bot is to be shown (None: none): all if it `sees_forced`, or
    those its `learns_from(move)` picks."""
    bot = getattr(choose, "__self__", choose)
    if not getattr(bot, "sees_forced", False):
        return None
    return getattr(bot, "learns_from", None) or _every_move


def _every_move(move: engine.Move) -> bool:
    return True


def _run_chunk(job: tuple[Any, ...]) -> list[Result]:
    """Games start..stop of a run, in a worker process (or this one)."""
    name, where, options, players, bots, seed, start, stop = job
    engine.GAMES.setdefault(name, where)  # a worker started afresh knows the game too
    from ezkit.games.table import make_chooser

    game = engine.make(name, {"players": player_names(players), **options})
    made = {kind: make_chooser(kind, name) for kind in dict.fromkeys(bots)}
    every = seatings(bots, players)
    with _collector_paused():
        return [_play_indexed(game, made, every, seed, index) for index in range(start, stop)]


#: The objects Python keeps frozen itself before anyone calls gc.freeze (CPython 3.12: some
#: 375 of its own; none on 3.11 or 3.13): a run that finds no more frozen froze all the rest.
FROZEN_BY_PYTHON = gc.get_freeze_count()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a chunk of games is played; after it, one
    collection of what the chunk left, and what is still alive then frozen (gc.freeze).

    Why: a collection walks every object of the generations it collects, and the games' and
    bots' caches (pure functions of card shapes, bounded) hold hundreds of thousands; in
    Foozle such sweeps took a third of a simulation's time, and with the collector on again
    after each chunk, its sweeps of the older generations still took a tenth. The games make
    little cyclic garbage (a Dudab state is one cycle): the collection after a chunk frees
    it, and walks only the objects made since the last freeze. What outlives the chunk (the
    caches' entries, mostly) is frozen: no later collection walks it again, yet it is freed
    as usual when nothing refers to it any more (a cache cleared); only a frozen object that
    later became garbage within a cycle would wait for gc.unfreeze (simulate() calls it at the
    end of a run played in this process; a worker process ends). Nothing a game does depends
    on it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.collect()
            gc.freeze()
            gc.enable()


def _play_indexed(
    game: engine.Game,
    made: Mapping[str, Callable[..., engine.Move]],
    every: Sequence[tuple[str, ...]],
    seed: int,
    index: int,
) -> Result:
    """Game `index` of a run, played to the end and summed up."""
    sub_seed = game_seed(seed, index)
    kinds = every[index % len(every)]
    state = play_one(game, [made[k] for k in kinds], sub_seed, random.Random(sub_seed))
    rounds = getattr(state, "round", None)
    hands = getattr(state, "hand_no", None)  # a game of hands (Foozle)
    return Result(
        index=index,
        seed=sub_seed,
        bots=kinds,
        scores=tuple(float(s) for s in state.scores()),
        winners=tuple(state.winners()),
        rounds=int(rounds) if isinstance(rounds, int | float) else None,
        decisions=len(state.moves),
        hands=int(hands) if isinstance(hands, int | float) else None,
    )


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
    """Play `games` bot-only games, rounded up to whole rounds of the seatings (GT-2, see
    seatings() and balanced_games()), and summarise them (see summarize()).

    jobs: worker processes (0: one per CPU; 1: this process). progress(n) is called as
    n more games finish."""
    name = engine.game_class(game).name  # the game exists
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be 1 to {MAX_GAMES:,}, not {shorten(str(games))}")
    if not 1 <= players <= MAX_SEATS:
        raise InputError(f"--players must be 1 to {MAX_SEATS}, not {shorten(str(players))}")
    if not bots:
        raise InputError("name at least one bot with --bots")
    if len(bots) > MAX_SEATS:  # each kind takes a round of seatings: the games grow as its square
        raise InputError(f"--bots names at most {MAX_SEATS} bots, not {len(bots):,}")
    if not 0 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 0 (one per CPU) to {MAX_JOBS}, not {shorten(str(jobs))}")
    jobs = jobs or os.cpu_count() or 1
    options = dict(options or {})
    engine.make(name, {"players": player_names(players), **options})  # players, options valid
    from ezkit.games.table import check_bots

    check_bots(bots, name)
    asked, games = games, balanced_games(games, bots, players)
    if games > MAX_GAMES:
        raise InputError(
            f"--games {asked:,} rounds up to {games:,} games (whole rounds of the seatings, "
            f"GT-2), past the {MAX_GAMES:,} a run plays: ask for fewer games or bots"
        )
    work = [
        (name, engine.GAMES[name], options, players, tuple(bots), seed, start, stop)
        for start, stop in chunks(games)
    ]
    started = time.perf_counter()
    results: list[Result] = []
    if jobs == 1 or len(work) == 1:
        frozen = gc.get_freeze_count()
        try:
            for job in work:
                results += _run_chunk(job)
                if progress:
                    progress(job[-1] - job[-2])
        finally:
            if frozen <= FROZEN_BY_PYTHON:  # only the run froze: collected as usual again
                gc.unfreeze()
    else:
        results = _parallel(work, jobs, progress)
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: r.index)
    return summarize(
        results, elapsed, game=name, players=players, bots=bots, seed=seed, jobs=jobs, asked=asked
    )


def _parallel(
    work: list[tuple[Any, ...]], jobs: int, progress: Callable[[int], None] | None
) -> list[Result]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # fork where there is one: workers start at once and know every registered game.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    results: list[Result] = []
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(work)),
        mp_context=context,
        initializer=_end_with_parent,
        initargs=(os.getpid(),),
    ) as pool:
        futures = {pool.submit(_run_chunk, job): job for job in work}
        for future in as_completed(futures):
            results += future.result()
            if progress:
                job = futures[future]
                progress(job[-1] - job[-2])
    return results


#: Seconds between a worker's looks at whether the run that started it is still there.
PARENT_CHECK = 0.5


def _end_with_parent(parent: int) -> None:
    """A worker ends when the run that started it is gone: killed outright (SIGKILL, a crash),
    the run never tells its workers, which waited for work forever (found by a hostile-input
    hunt). A daemon thread looks every PARENT_CHECK seconds."""
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="ezkit-parent-watch", daemon=True).start()


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


def wilson(wins: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a rate of `wins` out of `n` (95% by default): unlike
    rate +- z * standard error it stays within 0..1 and holds for rates near 0 or 1."""
    if n <= 0:
        return (0.0, 1.0)
    rate, zz = wins / n, z * z
    centre = (rate + zz / (2 * n)) / (1 + zz / n)
    half = z * math.sqrt(rate * (1 - rate) / n + zz / (4 * n * n)) / (1 + zz / n)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact ends, not 0.9999999999999999
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


def _interval(wins: int, n: int) -> list[float]:
    low, high = wilson(wins, n)
    return [_round(low), _round(high)]


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
    asked: int | None = None,
) -> dict[str, Any]:
    """The figures of a run; everything but `seconds` and `decisions_per_second` depends only
    on the results (and `asked`, the games asked for before rounding up). `seating` says
    whether every bot sat in every seat equally often (GT-2: seat advantage is read only from
    such a run; simulate() always plays one)."""
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
    hands = [r.hands for r in results if r.hands is not None]
    kind_seats = Counter((r.bots[seat], seat) for r in results for seat in range(players))
    balanced = all(len({kind_seats[k, seat] for seat in range(players)}) == 1 for k in kinds)
    decisions = [r.decisions for r in results]
    total = sum(decisions)
    return {
        "game": game,
        "games": n,
        "games_asked": n if asked is None else asked,
        "players": players,
        "bots": list(bots),
        "seed": seed,
        "jobs": jobs,
        "wins_by_seat": wins_by_seat,
        "win_rate_by_seat": [_round(w / n) for w in wins_by_seat],
        "win_rate_ci_by_seat": [_interval(w, n) for w in wins_by_seat],
        "mean_score_by_seat": [_round(statistics.fmean(s)) for s in score_by_seat],
        "wins_by_bot": wins_by_bot,
        "win_rate_by_bot": {k: _round(wins_by_bot[k] / seat_games[k]) for k in kinds},
        "win_rate_ci_by_bot": {k: _interval(wins_by_bot[k], seat_games[k]) for k in kinds},
        "confidence": {"level": CONFIDENCE, "interval": "Wilson score"},
        "seating": {"arrangements": len(seatings(bots, players)), "balanced": balanced},
        "seat_games_by_bot": seat_games,
        "mean_score_by_bot": {k: _round(statistics.fmean(v)) for k, v in scores_by_bot.items()},
        "shared_wins": shared,
        "scores": distribution([s for r in results for s in r.scores]),
        "winning_scores": distribution([r.scores[r.winners[0]] for r in results if r.winners]),
        "rounds": distribution(rounds) if rounds else None,
        "mean_rounds": _round(statistics.fmean(rounds)) if rounds else None,
        "hands": distribution(hands) if hands else None,
        "mean_hands": _round(statistics.fmean(hands)) if hands else None,
        "decisions": distribution(decisions, histogram=False),
        "mean_decisions": _round(total / n),
        "total_decisions": total,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(total / seconds) if seconds > 0 else None,
    }
