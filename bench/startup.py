"""Start-up time of the commands a GM types most, against `import click`.

Runs every command in turn, round after round, so all three see the same
machine load; prints each median and its ratio to the baseline. Target: both
ratios <= 2.0 (no heavy imports on these paths). Exit 1 if a target is missed.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROUNDS = 25
TARGET = 2.0

bin_dir = Path(sys.executable).parent
ezkit = str(bin_dir / "ezkit")
commands = {
    "python -c 'import click'": [sys.executable, "-c", "import click"],
    "ezkit roll": [ezkit, "roll"],
    "ezkit action Fair --roll 0": [ezkit, "action", "Fair", "--roll", "0"],
}


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    for argv in commands.values():  # warm the file cache
        wall(argv)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(ROUNDS):
        for name, argv in commands.items():
            times[name].append(wall(argv))
    baseline_name = next(iter(commands))
    baseline = statistics.median(times[baseline_name])
    missed = False
    print(f"start-up, median of {ROUNDS} runs, interleaved")
    for name, samples in times.items():
        median = statistics.median(samples)
        ratio = median / baseline
        mark = ""
        if name != baseline_name:
            ok = ratio <= TARGET
            missed |= not ok
            mark = f"  target <= {TARGET}: {'ok' if ok else 'MISSED'}"
        print(f"  {name:30} {median * 1000:7.1f} ms  ratio {ratio:4.2f}{mark}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
