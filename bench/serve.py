"""The web table under load: `ezkit game serve` on loopback, six seats with their event
streams open, moves posted as fast as legal play allows.

The installed command serves a six-player Dudab game with the expansions (every seat human,
bots' delay 0, a throw-away campaign, saved after every move as always). This process opens
the six seats' server-sent event streams, then, move after move, posts a legal move of the
seat to move (a random leaf of its menu) and waits until every stream has carried the state
that move made. Printed: moves per second, and the median and 95th-percentile time from a
POSTed move to the last of the six streams having the update; target: p95 under 100 ms.
Games are served one after another until `--moves N` (default 300) are made. Exit 1 if the
target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

EZKIT = str(Path(sys.executable).with_name("ezkit"))
TARGET_MS = 100.0
PLAYERS = "Ann,Bob,Cat,Dan,Eve,Fay"


async def _stream(client: httpx.AsyncClient, url: str, seen: dict[str, Any], seat: int) -> None:
    async with client.stream("GET", url) as response:
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                page = json.loads(line[6:])
                seen["pages"][seat] = page
                seen["versions"][seat] = page["version"]
                seen["event"].set()


def _leaf(steps: list[dict[str, Any]], rng: random.Random) -> str:
    node = rng.choice(steps)
    while node["move"] is None:
        node = rng.choice(node["children"])
    return node["move"]


async def _game(links: list[str], moves: int, rng: random.Random) -> tuple[list[float], int]:
    seats = links[1:]
    base = seats[0].split("/seat/")[0]
    tokens = [u.rsplit("/", 1)[1] for u in seats]
    seen: dict[str, Any] = {"pages": {}, "versions": {}, "event": asyncio.Event()}
    times: list[float] = []
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        readers = [
            asyncio.create_task(_stream(client, f"/api/{t}/events", seen, i))
            for i, t in enumerate(tokens)
        ]
        while len(seen["versions"]) < len(tokens):
            seen["event"].clear()
            await seen["event"].wait()
        made = 0
        while made < moves:
            pages = seen["pages"]
            mover = next((s for s, p in pages.items() if p["your_turn"]), None)
            if mover is None:
                if any(p["status"] == "over" for p in pages.values()):
                    break
                seen["event"].clear()
                await seen["event"].wait()
                continue
            move = _leaf(pages[mover]["menu"]["steps"], rng)
            start = time.perf_counter()
            answer = await client.post(f"/api/{tokens[mover]}/move", json={"move": move})
            answer.raise_for_status()
            version = answer.json()["state"]["version"]
            while min(seen["versions"].values()) < version:
                seen["event"].clear()
                await seen["event"].wait()
            times.append(time.perf_counter() - start)
            made += 1
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    return times, made


def _serve(db: Path, seed: int) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen(
        [
            *(EZKIT, "game", "serve", "dudab", "--players", PLAYERS, "--options", "jungle,baby"),
            *("--seed", str(seed), "--port", "0", "--bot-delay", "0", "--no-qr", "--db", str(db)),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    links: list[str] = []
    for line in process.stdout:
        links += re.findall(r"http://\S+", line)
        if "Ctrl-C" in line:
            break
    return process, links


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="moves to time (default 300)")
    args = parser.parse_args()
    rng = random.Random(1)
    times: list[float] = []
    wall = 0.0
    with tempfile.TemporaryDirectory() as folder:
        seed = 0
        while len(times) < args.moves:
            process, links = _serve(Path(folder) / "campaign.json", seed)
            try:
                start = time.perf_counter()
                found, _ = asyncio.run(_game(links, args.moves - len(times), rng))
                wall += time.perf_counter() - start
                times += found
            finally:
                process.send_signal(signal.SIGINT)
                process.communicate(timeout=30)
            seed += 1
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * len(ms)) - 1)]
    ok = p95 < TARGET_MS
    print(
        f"web table, 6 seats streaming: {len(ms) / wall:.0f} moves/s over {len(ms)} moves; "
        f"move to every page updated: median {statistics.median(ms):.1f} ms, "
        f"p95 {p95:.1f} ms (target < {TARGET_MS:.0f} ms) {'ok' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
