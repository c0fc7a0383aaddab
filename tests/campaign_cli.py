"""Running ezkit on a campaign file in tests: the command, its tables, the modules it loads."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import serve_imports
from click.testing import CliRunner

from ezkit.cli import cli


def ezkit(db: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """`ezkit ARGS --db DB`, which must exit with code: run in this process (click's runner,
    through ezkit's own main, as the installed command), its output and error apart. What a
    new process alone shows (the modules a command loads) is imported()'s."""
    argv = [*args, "--db", str(db)]
    result = CliRunner().invoke(cli, argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code == code, result.stderr
    return subprocess.CompletedProcess(argv, result.exit_code, result.stdout, result.stderr)


def tables(db: Path) -> dict[str, Any]:
    """The campaign's characters' file as TinyDB keeps it."""
    return json.loads(db.read_text(encoding="utf-8"))


def imported(db: Path, *args: str) -> set[str]:
    """The modules `ezkit ARGS --db DB` imports, as in a new process (forked from one that
    has imported only ezkit.cli, tests/serve_imports.py)."""
    return serve_imports.imported([*args, "--db", str(db)], prog_name=None)
