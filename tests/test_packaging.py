"""A non-editable install works: the wheel carries the data, templates/ and cards/."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built by the build backend pyproject.toml names, called in a process of its
    own at the project's root: what `pip wheel --no-build-isolation` does (the same wheel, file
    for file) without pip's own start and checks, 0.8 s of CPU."""
    out = tmp_path_factory.mktemp("wheel")
    with (ROOT / "pyproject.toml").open("rb") as handle:
        backend = tomllib.load(handle)["build-system"]["build-backend"]
    build = f"import sys, {backend} as b; b.build_wheel(sys.argv[1])"
    subprocess.run([sys.executable, "-c", build, str(out)], cwd=ROOT, check=True)
    (built,) = out.glob("ezkit-*.whl")
    return built


def test_wheel_holds_the_rules_data_templates_and_cards(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "ezkit/data/dice.toml" in names and "ezkit/data/dice.json" in names
    assert "ezkit/_templates/README.md" in names
    assert "ezkit/_cards/README.md" in names
    assert "ezkit/_templates/sheet.html" in names
    assert "ezkit/_templates/fonts/DejaVuSansCondensed.ttf" in names
    assert any(name.endswith("entry_points.txt") for name in names)


def test_a_fresh_venv_with_the_wheel_rolls_and_prints(wheel: Path, tmp_path: Path) -> None:
    """`pip install` of the wheel (not editable) into a new venv, run from another folder.

    The new venv borrows only the dependencies from the test environment (a .pth file),
    so ezkit itself, its data, templates and fonts come from the installed wheel.
    """
    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True)
    python = fresh / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",  # the wheel alone: nothing to look up
            "--disable-pip-version-check",
            # not every module compiled ahead (0.4 s): what the runs below import is compiled
            # as it is imported, from the installed files
            "--no-compile",
            str(wheel),
        ],
        check=True,
    )
    (site,) = (fresh / "lib").glob("python3*/site-packages")
    deps = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (site / "zz_dependencies.pth").write_text("\n".join(deps) + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def run(*args: str) -> str:
        done = subprocess.run(
            args, capture_output=True, text=True, cwd=elsewhere, env=env, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = run(
        str(python),
        "-c",
        "import ezkit, ezkit.resources as r; print(ezkit.__file__); print(r.templates())",
    )
    assert all(line.startswith(str(site)) for line in where.split())
    assert (
        json.loads(run(str(fresh / "bin" / "ezkit"), "roll", "d20", "--seed", "1", "--json"))[
            "method"
        ]
        == "d20"
    )
    jason = ROOT / "examples" / "characters" / "jason-free.yaml"
    run(str(fresh / "bin" / "ezkit"), "print", "sheet", str(jason), "-o", "jason.pdf")
    assert (elsewhere / "jason.pdf").read_bytes().startswith(b"%PDF")
