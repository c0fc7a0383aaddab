"""Start-up time of every ezkit command that prints no PDF, against `import click`.

Each command runs once per round, all of them in turn round after round, so all see the
same machine load; each line is the median wall time, its ratio to the median of
`python -c "import click"` in the same run, the target and whether it is met:

- 1.5x: `ezkit --help`, `roll`, `action` and `odds` (what a GM types mid-scene);
- 3.0x: the commands that read a character and check it (`char ...` but `char remove`,
  `fight ...`): they need the character model and the rules tables;
- 2.0x: every other command.

ezkit's modules are compiled to bytecode first, as pip does when it installs ezkit: where
PYTHONDONTWRITEBYTECODE is set, every run would otherwise compile them from source again,
which an installed ezkit never does (and `import click` reads click's compiled modules).

The commands work on a throw-away campaign (the example characters, Jason with XP to spend
and a Scratch to take off, a Bakeries game with a move to undo), restored before every run
outside the timing, so a command that changes it (award, remove, game move) does the same
work each time. `--rounds N` sets the rounds (default 15), `-k TEXT` keeps the commands
whose line holds TEXT. Exit 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
BIN = Path(sys.executable).parent
EZKIT = str(BIN / "ezkit")

FAST, PLAIN, CHARACTER = 1.5, 2.0, 3.0
BASELINE = "python -c 'import click'"
# Timed in the same rounds beside the `char` and `fight` commands: what a command that checked
# a character with pydantic could not go under (the character was a pydantic model until
# ezkit.strict read valid ones without it), and what reading one needs now.
FLOORS = {
    "floor: click, YAML and a one-field pydantic model": (
        "import click, yaml, pydantic\nclass M(pydantic.BaseModel):\n    x: int\nM(x=1)"
    ),
    "floor: click, YAML and ezkit's character model": (
        "import click, yaml\nfrom ezkit.character.model import Character"
    ),
}

# Jason Free's answers to `ezkit char new`, one a line (as tests/test_builder.py makes him).
JASON_ANSWERS = [
    *["Jason Free", "", "A wandering do-gooder"],
    *["Quarterstaff for Hire", "", "Great", "Woodsman", "", "Good"],
    *["Historian", "the East March", "n", "Fair", "Camp Cook", "", "Mediocre", ""],
    *["Agility", "Good", "Mind", "Good", ""],
    *["Toughness", "n", "1", ""],
    *["Mercenary Code of Ethics", "2", "Body", "Good", "Will", "Good", "", ""],
    *["7", "Body", "Great", "", "Rider", "", "Fair", "", ""],
    *["Human", "", "3"],
    *["quarterstaff", "knife", "", "leather jacket"],
    *["typical adventurer's pack", "bedroll", "cooking supplies (on a job)", ""],
    *["A tall, sunburnt man with a quick grin.", ""],
]


@dataclass
class Case:
    args: list[str]
    target: float
    stdin: str = ""
    codes: tuple[int, ...] = (0,)
    samples: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        shown = [a if a and " " not in a and "'" not in a else repr(a) for a in self.args]
        return " ".join(["ezkit", *shown])


def cases() -> list[Case]:
    jason, wren = "examples/characters/jason-free.yaml", "Wren Hollowell"
    bandit = "Bandit: Fair Fighter, INJ 3, CPD 2"
    return [
        Case(["--help"], FAST),
        Case(["roll"], FAST),
        Case(["roll", "3d6-1", "--times", "3"], FAST),
        Case(["action", "Fair", "--roll", "0"], FAST),
        Case(["odds"], FAST),
        Case(["odds", "--rank", "Good", "--difficulty", "Great"], FAST),
        Case(["dice", "list"], PLAIN),
        Case(["dice", "compare"], PLAIN),
        Case(["schema", "character"], PLAIN),
        Case(["schema", "people"], PLAIN),
        Case(["score", "auntie", "4", "4", "3", "0"], PLAIN),
        Case(["score", "bakeries", "case", "examples/bakeries-case.yaml"], PLAIN),
        Case(
            ["score", "bakeries", "consolation", "--winner-chef", "6", "--loser-chef", "2"], PLAIN
        ),
        Case(["score", "bakeries", "loser", "--total", "8000"], PLAIN),
        Case(
            ["score", "bakeries", "sale", "--chef", "5", "--cake", "bundt cake", "--slot", "8"],
            PLAIN,
        ),
        Case(["score", "bakeries", "winner", "--total", "8500", "--distinct"], PLAIN),
        Case(["score", "dudab", "--pile", "red-3-hand blue-4-club shaman-red dudab"], PLAIN),
        Case(["score", "foozle", "group", "2-lamps 3-plungers 4-fromps"], PLAIN),
        Case(
            ["score", "foozle", "standings", "Ann=red,blue,black,brown,yellow", "Bob=white"], PLAIN
        ),
        Case(["game", "list"], PLAIN),
        Case(["game", "show", "1", "--seat", "0"], PLAIN),
        Case(["game", "log", "1", "--seat", "0"], PLAIN),
        Case(["game", "move", "1", "1"], PLAIN),
        Case(["game", "undo", "1"], PLAIN),
        Case(["game", "new", "auntie", "--players", "Ann", "--bots", "3", "--seed", "7"], PLAIN),
        Case(["game", "play", "auntie", "--players", "Ann", "--bots", "1"], PLAIN, "quit\n"),
        Case(["game", "resume", "1"], PLAIN, "quit\n"),
        Case(
            ["game", "sim", "auntie", "--games", "1", "--bots", "heuristic", "--jobs", "1"], PLAIN
        ),
        Case(["char", "remove", wren, "--yes"], PLAIN),
        Case(["char", "check", jason], CHARACTER),
        Case(["char", "add", jason, "--replace"], CHARACTER),
        Case(
            ["char", "new", "-o", "out/new.yaml"],
            CHARACTER,
            "\n".join(JASON_ANSWERS) + "\n",
        ),
        Case(["char", "list"], CHARACTER),
        Case(["char", "show", "Jason Free"], CHARACTER),
        Case(["char", "export", "Jason Free", "-o", "out/jason.yaml"], CHARACTER),
        Case(["char", "award", "Jason Free", "--xp", "1"], CHARACTER),
        Case(["char", "spend", "Jason Free", "--fp", "1"], CHARACTER),
        Case(["char", "convert", "Jason Free", "--to-xp", "1"], CHARACTER),
        Case(["char", "improve", "Jason Free", "Woodsman"], CHARACTER),
        Case(["char", "add-gift", "Jason Free", "Danger Sense"], CHARACTER),
        Case(["char", "remove-fault", "Jason Free", "Mercenary Code of Ethics"], CHARACTER),
        Case(["char", "wound", "Jason Free", "Hurt"], CHARACTER),
        Case(["char", "unwound", "Jason Free", "Scratch"], CHARACTER),
        Case(["char", "heal", "Jason Free"], CHARACTER),
        Case(["fight", "melee", jason, "--foe", bandit, "--roll", "1"], CHARACTER),
        Case(["fight", "melee", "Jason Free", "Gruk Underbridge", "--seed", "7"], CHARACTER),
        Case(
            ["fight", "ranged", "Dr. Mara Kell", "--foe", "Thug: Fair Gunman, INJ 3, CPD 1"],
            CHARACTER,
        ),
        Case(
            ["fight", "scene", "examples/scenes/tavern-brawl.yaml", "--seed", "1"],
            CHARACTER,
        ),
    ]


def ezkit(args: list[str], env: dict[str, str], stdin: str = "") -> None:
    subprocess.run(
        [EZKIT, *args], input=stdin, text=True, env=env, check=True, stdout=subprocess.DEVNULL
    )


def campaign(home: Path, env: dict[str, str]) -> None:
    """The throw-away campaign every command starts from."""
    ezkit(["char", "add", *map(str, sorted((EXAMPLES / "characters").glob("*.yaml")))], env)
    ezkit(["char", "award", "Jason Free", "--xp", "30", "--fp", "5"], env)
    ezkit(["char", "wound", "Jason Free", "Scratch"], env)
    ezkit(["game", "new", "bakeries", "--players", "Ann", "--bots", "1", "--seed", "2"], env)
    ezkit(["game", "move", "1", "1"], env)  # a move that `game undo 1` can take back


def restore(saved: Path, home: Path, out: Path) -> None:
    """The campaign as saved, and no files written by an earlier run."""
    for file in saved.iterdir():
        shutil.copyfile(file, home / file.name)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()


def wall(argv: list[str], case: Case, env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        argv,
        input=case.stdin,
        text=True,
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in case.codes:
        raise SystemExit(f"{case.name}: exit {done.returncode}\n{done.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("-k", dest="keep", default="", help="only commands whose line holds this")
    options = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "ezkit")], check=True)
    with tempfile.TemporaryDirectory(prefix="ezkit-startup-") as tmp:
        work = Path(tmp)
        home, saved = work / "campaign", work / "saved"
        home.mkdir()
        (work / "examples").symlink_to(EXAMPLES)  # commands run here, name examples/...
        env = {**os.environ, "EZKIT_DB": str(home / "campaign.json"), "COLUMNS": "100"}
        env.pop("EZKIT_RULES", None)
        campaign(home, env)
        shutil.copytree(home, saved, ignore=shutil.ignore_patterns("*.lock"))
        baseline = Case([BASELINE], 1.0)
        chosen = [c for c in cases() if options.keep in c.name]
        runs = [(baseline, [sys.executable, "-c", "import click"])]
        floors = [
            (Case([name], 0.0), [sys.executable, "-c", code]) for name, code in FLOORS.items()
        ]
        if not any(c.target == CHARACTER for c in chosen):
            floors = []
        runs += [(c, [EZKIT, *c.args]) for c in chosen] + floors
        for case, argv in runs:  # warm the file cache, and check every command works
            restore(saved, home, work / "out")
            wall(argv, case, env, work)
        for _ in range(options.rounds):
            for case, argv in runs:
                restore(saved, home, work / "out")
                case.samples.append(wall(argv, case, env, work))
    base = statistics.median(baseline.samples)
    missed = 0
    print(f"start-up, median of {options.rounds} runs, interleaved; ratio to `import click`")
    print(f"  {BASELINE:72} {base * 1000:6.1f} ms")
    for case in chosen:
        median = statistics.median(case.samples)
        ratio = median / base
        ok = ratio <= case.target
        missed += not ok
        verdict = "ok" if ok else "MISSED"
        print(
            f"  {case.name[:72]:72} {median * 1000:6.1f} ms  {ratio:5.2f}x  "
            f"<= {case.target:.1f}x  {verdict}"
        )
    for case, _ in floors:
        median = statistics.median(case.samples)
        print(f"  {case.args[0][:72]:72} {median * 1000:6.1f} ms  {median / base:5.2f}x")
    print(
        f"{len(chosen) - missed} of {len(chosen)} within target"
        + (f"; {missed} missed" if missed else "")
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
