"""A non-editable install works: the wheel carries the data, templates/ and cards/."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
    )
    (built,) = out.glob("ezkit-*.whl")
    return built


def test_wheel_holds_the_rules_data_templates_and_cards(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "ezkit/data/dice.toml" in names
    assert "ezkit/_templates/README.md" in names
    assert "ezkit/_cards/README.md" in names
    assert "ezkit/_templates/sheet.html" in names
    assert "ezkit/_templates/fonts/DejaVuSansCondensed.ttf" in names
    assert any(name.endswith("entry_points.txt") for name in names)


def test_installed_wheel_runs_from_another_folder(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-c", "import ezkit, sys; print(ezkit.__file__)"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=env,
        check=True,
    )
    assert done.stdout.strip().startswith(str(target))
    done = subprocess.run(
        [sys.executable, "-m", "ezkit", "roll", "d20", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=env,
        check=True,
    )
    assert json.loads(done.stdout)["method"] == "d20"
    # printing reads templates and fonts from inside the installed package
    jason = ROOT / "examples" / "characters" / "jason-free.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "ezkit", "print", "sheet", str(jason), "-o", "jason.pdf"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (elsewhere / "jason.pdf").read_bytes().startswith(b"%PDF")
    check = subprocess.run(
        [sys.executable, "-c", "from ezkit import resources; print(resources.templates())"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=env,
        check=True,
    )
    assert check.stdout.strip().startswith(str(target))
