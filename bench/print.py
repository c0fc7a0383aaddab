"""Printing time: one sheet, six sheets and the Foozle deck, beside `import weasyprint` alone,
with the system's HarfBuzz subset library and without it.

WeasyPrint (weasyprint/text/ffi.py) asks cffi to dlopen libharfbuzz-subset under six names
(libharfbuzz-subset-0, harfbuzz-subset, ..., libharfbuzz-subset.so.0); for a name dlopen does
not find, cffi asks ctypes.util.find_library, which runs ldconfig -p, then the C compiler and
the linker. When none loads, WeasyPrint subsets the fonts it embeds with fontTools (slower):
what a fresh machine without libharfbuzz-subset0 does. "Without" runs each command in a
Python whose cffi is asked for a library that does not exist wherever WeasyPrint asks for
libharfbuzz-subset, so the lookups fail as they would there, programs and all, and WeasyPrint
takes its fontTools path (checked before timing). If the library is not installed at all, both
columns measure the same thing.

ezkit's modules are compiled to bytecode first, as pip does when it installs ezkit (where
PYTHONDONTWRITEBYTECODE is set, every run would otherwise compile them from source again).
All commands run in turn, round after round, so they share the machine's load.
Targets: one sheet <= 1.5x the import alone (each column against its own import);
six sheets <= 1.5x one sheet (the work that grows with the page count must stay small
beside the fixed cost); the whole Foozle deck (174 cards, 20 pages) <= 3x one sheet.
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

#: Run first in the "without" Python: WeasyPrint's lookups of the HarfBuzz subset library ask for
#: one that is not there, so they cost what they cost on a machine without it, and fail.
HIDE_HB_SUBSET = """
import cffi
_dlopen = cffi.FFI.dlopen
def _hidden(self, name, *args, **kwargs):
    if isinstance(name, str) and "harfbuzz-subset" in name:
        name = name.replace("harfbuzz-subset", "harfbuzz-subset-not-installed")
    return _dlopen(self, name, *args, **kwargs)
cffi.FFI.dlopen = _hidden
"""


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def python(code: str, hide: bool) -> list[str]:
    return [sys.executable, "-W", "ignore", "-c", (HIDE_HB_SUBSET if hide else "") + code]


def ezkit(args: list[str], hide: bool) -> list[str]:
    code = f"import sys\nsys.argv = ['ezkit', *{args!r}]\nfrom ezkit.cli import main\nmain()"
    return python(code, hide)


def library_seen(hide: bool) -> bool:
    """Whether WeasyPrint, in that Python, loads the HarfBuzz subset library."""
    code = "from weasyprint.text.ffi import harfbuzz_subset\nprint(harfbuzz_subset is not None)"
    result = subprocess.run(python(code, hide), check=True, capture_output=True, text=True)
    return result.stdout.strip() == "True"


def main() -> int:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "ezkit")], check=True)
    six = [str(CHARACTERS[i % len(CHARACTERS)]) for i in range(6)]
    with_lib, without_lib = library_seen(False), library_seen(True)
    assert not without_lib, "the HarfBuzz subset library could not be hidden"
    with tempfile.TemporaryDirectory() as out:
        commands: dict[tuple[str, str], list[str]] = {}
        for column, hide in (("with", False), ("without", True)):
            commands[(column, "import")] = python("import weasyprint", hide)
            commands[(column, "one")] = ezkit(
                ["print", "sheet", str(CHARACTERS[0]), "-o", f"{out}/one-{column}.pdf"], hide
            )
            commands[(column, "six")] = ezkit(
                ["print", "sheet", *six, "-o", f"{out}/six-{column}.pdf"], hide
            )
            commands[(column, "deck")] = ezkit(
                ["print", "deck", "foozle", "-o", f"{out}/foozle-{column}.pdf"], hide
            )
        for argv in commands.values():
            wall(argv)  # warm the caches
        times: dict[tuple[str, str], list[float]] = {key: [] for key in commands}
        for _ in range(ROUNDS):
            for key, argv in commands.items():
                times[key].append(wall(argv))
    ms = {key: statistics.median(samples) for key, samples in times.items()}
    labels = {
        "import": "python -c 'import weasyprint'",
        "one": "ezkit print sheet (1 character)",
        "six": "ezkit print sheet (6 characters)",
        "deck": "ezkit print deck foozle (174 cards)",
    }
    print(f"printing, median of {ROUNDS} runs, interleaved; ms")
    print(f"  {'libharfbuzz-subset:':36} {'with':>8} {'without':>8}")
    if not with_lib:
        print("  (not installed here: both columns run without it)")
    for what, label in labels.items():
        print(f"  {label:36} {ms[('with', what)] * 1000:8.0f} {ms[('without', what)] * 1000:8.0f}")
    checks = [
        ("one sheet / import weasyprint", "one", "import", 1.5),
        ("six sheets / one sheet", "six", "one", 1.5),
        ("Foozle deck / one sheet", "deck", "one", 3.0),
    ]
    missed = False
    for label, top, bottom, target in checks:
        ratios = [ms[(column, top)] / ms[(column, bottom)] for column in ("with", "without")]
        ok = all(ratio <= target for ratio in ratios)
        missed |= not ok
        print(
            f"  {label:36} {ratios[0]:8.2f} {ratios[1]:8.2f}  "
            f"target <= {target}: {'ok' if ok else 'MISSED'}"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
