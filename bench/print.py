"""Printing time: one sheet and six sheets, beside `import weasyprint` alone.

All three commands run in turn, round after round, so they share the machine's
load. Targets: one sheet <= 2.0x the import alone; six sheets <= 1.5x one sheet
(the work that grows with the page count must stay small beside the fixed cost);
the whole Foozle deck (174 cards, 20 pages) <= 4x one sheet.
Exit 1 if a target is missed.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 7
ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = sorted((ROOT / "examples" / "characters").glob("*.yaml"))


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    ezkit = str(Path(sys.executable).with_name("ezkit"))
    six = [str(CHARACTERS[i % len(CHARACTERS)]) for i in range(6)]
    with tempfile.TemporaryDirectory() as out:
        commands = {
            "python -c 'import weasyprint'": [sys.executable, "-c", "import weasyprint"],
            "ezkit print sheet (1 character)": [
                ezkit,
                "print",
                "sheet",
                str(CHARACTERS[0]),
                "-o",
                f"{out}/one.pdf",
            ],
            "ezkit print sheet (6 characters)": [
                ezkit,
                "print",
                "sheet",
                *six,
                "-o",
                f"{out}/six.pdf",
            ],
            "ezkit print deck foozle (174 cards)": [
                ezkit,
                "print",
                "deck",
                "foozle",
                "-o",
                f"{out}/foozle.pdf",
            ],
        }
        for argv in commands.values():
            wall(argv)  # warm the caches
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(ROUNDS):
            for name, argv in commands.items():
                times[name].append(wall(argv))
    medians = {name: statistics.median(samples) for name, samples in times.items()}
    base, one, many, deck = medians.values()
    print(f"printing, median of {ROUNDS} runs, interleaved")
    for name, median in medians.items():
        print(f"  {name:34} {median * 1000:7.0f} ms")
    checks = [
        ("one sheet / import weasyprint", one / base, 2.0),
        ("six sheets / one sheet", many / one, 1.5),
        ("Foozle deck / one sheet", deck / one, 4.0),
    ]
    missed = False
    for label, ratio, target in checks:
        ok = ratio <= target
        missed |= not ok
        print(f"  {label:34} ratio {ratio:4.2f}  target <= {target}: {'ok' if ok else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
