"""A campaign that grows: `char list`, `char award` and `game move` against `ezkit roll`.

Campaigns of 50, 500 and 5,000 characters, each with 1,000 saved games, are written
straight as TinyDB JSON in the single-file layout older ezkits wrote (characters from
examples/characters/*.yaml with varied names and a short history; games started with the
engine, ezkit.games.table.Session, and played a few moves). One warm-up `char award` per
campaign lets the installed ezkit put it in whatever layout it keeps. `char list, checked`
lists a copy of each campaign as this ezkit keeps the characters it stored itself: with the
digest of each (ezkit.store.CHECKED), which lets it list them without the character model;
the older campaigns have none, and every character is validated.

Every command runs as a subprocess of the installed `ezkit`, round after round, with
`ezkit roll` in the same rounds; prints each median (and peak memory) as a ratio to
`ezkit roll`. Each `game move` moves a game nobody has moved yet, so every run does the
same work. Target: every ratio under 3x at 500 characters. Exit 1 if it is missed.
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROUNDS = int(os.environ.get("CAMPAIGN_ROUNDS", "7"))
SIZES = (50, 500, 5000)
GAMES = 1000
TARGET = 3.0  # at TARGET_SIZE characters
TARGET_SIZE = 500

ROOT = Path(__file__).resolve().parent.parent
bin_dir = Path(sys.executable).parent
ezkit = str(bin_dir / "ezkit")

# Words, not a list literal of 28 strings: the formatter would give each a line.
FIRST = "Ada Bram Cleo Dara Emil Fenna Gus Hilde Ivo Jory Kell Lio Mags Nim Oona Per".split()  # noqa: SIM905
LAST = "Ashdown Brook Cray Dunmore Ember Fallow Gale Holt Ives Jarrow Kestrel Lark".split()  # noqa: SIM905


def characters(count: int) -> list[dict[str, Any]]:
    """count character documents as `char add` stores them, each with a history."""
    from ezkit.character import advance
    from ezkit.character.files import read_character

    examples = [read_character(p) for p in sorted((ROOT / "examples/characters").glob("*.yaml"))]
    docs = []
    names = itertools.product(FIRST, LAST)
    for i in range(count):
        first, last = next(names) if i < len(FIRST) * len(LAST) else (f"Extra{i}", "Hand")
        character = replace(examples[i % len(examples)], name=f"{first} {last} {i}")
        for session in range(1 + i % 5):  # a few awards: a campaign's characters have played
            character = advance.award(character, 1, 2, f"session {session}: kept the party alive")
        docs.append(character.to_document())
    return docs


def games() -> tuple[list[dict[str, Any]], str]:
    """GAMES saved games at a human's move (a few distinct deals), and a legal move for all."""
    from ezkit.games.table import Session, seats_for

    records, move = [], None
    for seed in range(8):
        session = Session.start("auntie", seats_for(["Ann"], 3, ["heuristic"]), seed, {})
        session.advance()
        for _ in range(3):  # a few moves into the game
            session.move(session.state.legal_moves()[0].text())
            session.advance()
        session.record = session.snapshot()
        if session.to_move() is not None and move is None:
            records.append(session.record)
            move = session.state.legal_moves()[0].text()
        elif session.to_move() is not None and session.state.legal_moves()[0].text() == move:
            records.append(session.record)
    assert move is not None and records
    return [records[i % len(records)] for i in range(GAMES)], move


def write_campaign(
    path: Path, chars: list[dict[str, Any]], saved: list[dict[str, Any]], checked: bool = False
) -> None:
    """The campaign in one file; with checked, each character's digest as this ezkit keeps
    it for a character the model checked when it was stored (ezkit.store.CHECKED)."""
    from ezkit import store

    tables = {
        "characters": {str(i): doc for i, doc in enumerate(chars, 1)},
        "games": {str(i): doc for i, doc in enumerate(saved, 1)},
    }
    if checked:
        stored = {key: json.loads(json.dumps(doc)) for key, doc in tables["characters"].items()}
        tables[store.CHECKED] = {key: {"digest": store.digest(doc)} for key, doc in stored.items()}
    path.write_text(json.dumps(tables, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def run(argv: list[str]) -> tuple[float, int]:
    """Wall time and peak memory (KB) of one run; the command must succeed."""
    with tempfile.TemporaryFile() as errors:  # a file, not a pipe: nothing waits on a reader
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(proc.pid, 0)  # the child's own peak memory, not all children's
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(argv)} failed: {errors.read().decode()}")
    return elapsed, usage.ru_maxrss


def build(folder: Path) -> str:
    """Write the campaigns into folder; the move every saved game may make next."""
    saved, move = games()
    all_chars = characters(max(SIZES))
    for size in SIZES:
        for folder_name, checked in ((f"c{size}", False), (f"k{size}", True)):
            db = folder / folder_name / "campaign.json"
            db.parent.mkdir()
            write_campaign(db, all_chars[:size], saved, checked)
            (db.parent / "award").write_text(all_chars[size // 2]["name"], encoding="utf-8")
    return move


def main() -> int:
    built = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ezkit-bench-campaign-") as tmp:
        # Built in another process: a child forked from a parent holding the campaigns in
        # memory would report the parent's pages as its own peak memory.
        move = subprocess.run(
            [sys.executable, __file__, "--build", tmp], check=True, capture_output=True, text=True
        ).stdout.strip()
        commands: dict[str, list[str]] = {"ezkit roll": [ezkit, "roll"]}
        game_runs: dict[int, int] = {}
        for size in SIZES:
            db = Path(tmp) / f"c{size}" / "campaign.json"
            mb = db.stat().st_size / 1e6
            print(f"campaign of {size} characters and {GAMES} games: {mb:.1f} MB", flush=True)
            name = (db.parent / "award").read_text(encoding="utf-8")
            commands[f"char list   {size:>5}"] = [ezkit, "char", "list", "--db", str(db)]
            kept = Path(tmp) / f"k{size}" / "campaign.json"
            commands[f"char list, checked {size:>5}"] = [ezkit, "char", "list", "--db", str(kept)]
            commands[f"char award  {size:>5}"] = [
                *(ezkit, "char", "award", name, "--fp", "1", "--db", str(db)),
            ]
            commands[f"game move   {size:>5}"] = [ezkit, "game", "move", "", move, "--db", str(db)]
            game_runs[size] = 0
        print(f"built in {time.perf_counter() - built:.1f} s; move: {move!r}", flush=True)

        def argv_of(label: str) -> list[str]:
            argv = list(commands[label])
            if label.startswith("game move"):
                size = int(label.split()[-1])
                game_runs[size] += 1  # a fresh game each run: the same work every time
                argv[3] = str(game_runs[size])
            return argv

        for label in commands:  # warm the caches; the award lets ezkit migrate the layout
            run(argv_of(label))
        times: dict[str, list[float]] = {label: [] for label in commands}
        memory: dict[str, list[int]] = {label: [] for label in commands}
        for _ in range(ROUNDS):
            for label in commands:
                elapsed, peak = run(argv_of(label))
                times[label].append(elapsed)
                memory[label].append(peak)
    base = statistics.median(times["ezkit roll"])
    base_mem = statistics.median(memory["ezkit roll"])
    missed = False
    print(f"a growing campaign, median of {ROUNDS} runs, interleaved with `ezkit roll`")
    for label, samples in times.items():
        median = statistics.median(samples)
        peak = statistics.median(memory[label]) / 1024
        ratio = median / base
        mark = ""
        if label != "ezkit roll" and int(label.split()[-1]) == TARGET_SIZE:
            ok = ratio < TARGET
            missed |= not ok
            mark = f"  target < {TARGET:g}: {'ok' if ok else 'MISSED'}"
        print(
            f"  {label:24} {median * 1000:7.0f} ms  ratio {ratio:5.2f}  "
            f"{peak:5.0f} MB ({statistics.median(memory[label]) / base_mem:4.1f}x){mark}"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--build"]:
        print(build(Path(sys.argv[2])))
        sys.exit(0)
    sys.exit(main())
