"""Running ezkit on a campaign file in tests: the command, its tables, the modules it loads."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from ezkit.cli import cli


def ezkit(db: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """`ezkit ARGS --db DB`, which must exit with code: run in this process (click's runner,
    through ezkit's own main, as the installed command), its output and error apart. What a
    new process alone shows (the modules a command loads) is imported()'s, which runs one."""
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
    """The modules `ezkit ARGS --db DB` imports, run in a new process."""
    code = (
        "import sys, contextlib, io\n"
        "from ezkit.cli import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    cli.main([*{list(args)!r}, '--db', {str(db)!r}], standalone_mode=False)\n"
        "print(sorted(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return set(ast.literal_eval(done.stdout.splitlines()[-1]))
