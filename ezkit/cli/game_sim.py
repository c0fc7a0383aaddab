"""`ezkit game sim`: many games with bots only, in parallel processes (ezkit.games.sim), and
their win rates by seat and by bot, scores, lengths and speed, as tables or JSON."""

from __future__ import annotations

import sys
from typing import Any

import click

from ezkit.cli.game import SIM_SHORT_HELP, _options, _split
from ezkit.cli.params import SEED, Whole, emit_json, json_option, pick_seed
from ezkit.games.sim import MAX_GAMES, MAX_JOBS, MAX_SEATS


@click.command(
    "sim",
    short_help=SIM_SHORT_HELP,
    epilog="Example: ezkit game sim auntie --games 1000 --bots random,heuristic",
)
@click.argument("game_name", metavar="GAME")
@click.option(
    "--games",
    type=Whole(1, MAX_GAMES),
    default=100,
    show_default=True,
    help="How many games (rounded up so each bot sits in each seat equally often).",
)
@click.option(
    "--players",
    type=Whole(1, MAX_SEATS),
    default=None,
    help="Seats (default: the game's default); within the game's own range.",
)
@click.option(
    "--bots",
    default=None,
    help="Bots, each seated in each seat equally often (GT-2; default: every bot).",
)
@click.option("--seed", type=SEED, default=None, help="Seed the run, to repeat it exactly.")
@click.option(
    "--jobs",
    type=Whole(0, MAX_JOBS),
    default=0,
    help="Worker processes (default 0: one per CPU; 1: none).",
)
@click.option(
    "--rounds", type=Whole(), default=None, help="A fixed number of rounds, in the game's range."
)
@click.option("--variant", default=None, help="A variant of the rules.")
@click.option("--option", "extra", multiple=True, metavar="KEY=VALUE", help="Any other option.")
@click.option(
    "--options", "switches", default=None, metavar="NAME,NAME", help="Switch on: jungle,baby."
)
@json_option
def sim(
    game_name: str,
    games: int,
    players: int | None,
    bots: str | None,
    seed: int | None,
    jobs: int,
    rounds: int | None,
    variant: str | None,
    extra: tuple[str, ...],
    switches: str | None,
    as_json: bool,
) -> None:
    """Play many games with bots only, in parallel, and report win rates by seat and by bot
    (with 95% intervals), scores, game lengths and speed. Each bot sits in each seat equally
    often (GT-2): --games is rounded up to whole rounds of the seatings. The same seed gives
    the same figures for any --jobs."""
    from ezkit.games import sim as simulation
    from ezkit.games.engine import game_class
    from ezkit.games.table import bots_for

    cls = game_class(game_name)
    seats = players if players is not None else getattr(cls, "default_players", cls.min_players)
    kinds = _split(bots.lower()) if bots else bots_for(cls.name)
    seed = pick_seed(seed)
    options = _options(rounds, variant, None, extra, switches)
    show_bar = not as_json and sys.stderr.isatty()
    if show_bar:
        from rich.console import Console
        from rich.progress import Progress

        # No refresh thread: the bar is redrawn as chunks finish, and the worker processes
        # are forked from a process without threads.
        from ezkit.words import plural

        # GT-2: the run plays whole rounds of its seatings, maybe a few games more than asked.
        played = simulation.balanced_games(games, kinds, seats)
        console = Console(stderr=True)
        with Progress(console=console, transient=True, auto_refresh=False) as bar:
            task = bar.add_task(f"{cls.title}: {plural(played, 'game')}", total=played)

            def advance(n: int) -> None:
                bar.advance(task, n)
                bar.refresh()

            summary = simulation.simulate(
                cls.name, games, seats, kinds, seed, jobs, options, progress=advance
            )
    else:
        summary = simulation.simulate(cls.name, games, seats, kinds, seed, jobs, options)
    if as_json:
        emit_json(summary)
        return
    _print_sim(cls.title, summary)


def _print_sim(title: str, s: dict[str, Any]) -> None:
    from ezkit.cli.tables import print_table
    from ezkit.words import plural

    def _interval(bounds: list[float]) -> str:
        return f"{bounds[0]:.1%} to {bounds[1]:.1%}"

    def _seat_advantage(level: str) -> str:
        """GT-2: what the seats' intervals say, against the mean seat win rate (above
        1 / players when wins are shared: each sharer counts the game)."""
        mean = sum(s["wins_by_seat"]) / (s["games"] * s["players"])
        ci = s["win_rate_ci_by_seat"]
        off = [str(i) for i, (low, high) in enumerate(ci) if not low <= mean <= high]
        said = f"Intervals: {level} Wilson score. Mean seat win rate {mean:.1%}: "
        if not s["seating"]["balanced"]:
            return said + "the bots did not sit in every seat equally often: no seat advantage."
        if not off:
            return said + "every seat's interval holds it (no seat advantage shown)."
        return said + f"{'seat' if len(off) == 1 else 'seats'} {', '.join(off)} outside it."

    bots = ", ".join(s["bots"])
    click.echo(
        f"{title}: {plural(s['games'], 'game')}, {plural(s['players'], 'player')}, "
        f"{'bot' if len(s['bots']) == 1 else 'bots'} {bots}, seed {s['seed']}, "
        f"{plural(s['jobs'], 'job')}"
    )
    asked = s.get("games_asked", s["games"])
    if asked != s["games"]:  # GT-2: whole rounds of the seatings
        click.echo(
            f"({asked} asked: rounded up to {s['games']}, whole rounds of "
            f"{plural(s['seating']['arrangements'], 'seating')}, so that each bot sits in "
            "each seat equally often)"
        )
    level = f"{s['confidence']['level']:.0%}"
    print_table(
        "By seat",
        ("seat", "wins", "win rate", f"{level} interval", "mean score"),
        [
            (
                str(i),
                str(wins),
                f"{s['win_rate_by_seat'][i]:.1%}",
                _interval(s["win_rate_ci_by_seat"][i]),
                f"{s['mean_score_by_seat'][i]:.2f}",
            )
            for i, wins in enumerate(s["wins_by_seat"])
        ],
        ["right"] * 5,
    )
    print_table(
        "By bot",
        ("bot", "seats played", "wins", "win rate", f"{level} interval", "mean score"),
        [
            (
                bot,
                str(s["seat_games_by_bot"][bot]),
                str(wins),
                f"{s['win_rate_by_bot'][bot]:.1%}",
                _interval(s["win_rate_ci_by_bot"][bot]),
                f"{s['mean_score_by_bot'][bot]:.2f}",
            )
            for bot, wins in s["wins_by_bot"].items()
        ],
        ["left"] + ["right"] * 5,
    )
    click.echo(_seat_advantage(level))
    rows = [("score", s["scores"]), ("winning score", s["winning_scores"])]
    rows += [("rounds", s["rounds"])] if s["rounds"] else []
    rows += [("hands", s["hands"])] if s.get("hands") else []
    rows += [("decisions", s["decisions"])]
    keys = ("mean", "stdev", "min", "p10", "median", "p90", "max")
    print_table(
        "Distributions",
        ("", *keys),
        [(label, *(_figure(d[k]) for k in keys)) for label, d in rows if d.get("count")],
        ["left"] + ["right"] * len(keys),
    )
    if s["shared_wins"]:
        click.echo(f"Shared wins: {plural(s['shared_wins'], 'game')} (each winner counted).")
    speed = s["decisions_per_second"]
    click.echo(
        f"{plural(s['total_decisions'], 'decision')} in {s['seconds']:.2f} s"
        + (f": {plural(speed, 'decision')} per second" if speed is not None else "")
    )


def _figure(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:.2f}"
