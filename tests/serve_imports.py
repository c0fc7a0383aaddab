"""The modules a run of `ezkit ARGS` imports, as a fresh interpreter would import them, at a
fork's cost rather than a new interpreter's (some 70 ms of CPU each).

One process per test process, started at the first question, does what every fresh
interpreter of the tests did before the command: `import sys, contextlib, io` and
`from ezkit.cli import cli`, and nothing else (it reads its questions with sys.stdin and
answers with os, both loaded by every interpreter at start; eval of a list of strings imports
nothing). For each question it forks: the child runs the command with its output swallowed,
then answers sorted(sys.modules), exactly what the fresh interpreter printed; the parent's
modules stay as they were for the next child.
"""

from __future__ import annotations

import ast
import atexit
import subprocess
import sys

_SERVER = r"""
import sys, contextlib, io
from ezkit.cli import cli
import os

while line := sys.stdin.readline():
    argv, prog = eval(line)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                cli.main(argv, prog_name=prog, standalone_mode=False)
            answer = repr(["ok", sorted(sys.modules)])
        except BaseException:
            import traceback
            answer = repr(["error", traceback.format_exc()])
        data = answer.encode()
        while data:
            data = data[os.write(write, data):]
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 1 << 16):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    sys.stdout.write(repr(b"".join(chunks).decode()) + "\n")
    sys.stdout.flush()
"""

_server: list[subprocess.Popen[str]] = []


def _started() -> subprocess.Popen[str]:
    if not _server or _server[0].poll() is not None:
        process = subprocess.Popen(
            [sys.executable, "-c", _SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        _server[:] = [process]
        atexit.register(_stop, process)
    return _server[0]


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(10)


def imported(args: list[str], prog_name: str | None = "ezkit") -> set[str]:
    """The modules `cli.main(args, prog_name=..., standalone_mode=False)` leaves imported,
    run after only `import sys, contextlib, io` and `from ezkit.cli import cli`; a command
    that raises fails the caller with its traceback."""
    process = _started()
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(repr((args, prog_name)) + "\n")
    process.stdin.flush()
    line = process.stdout.readline()
    assert line, "the import server ended"
    status, found = ast.literal_eval(ast.literal_eval(line))
    assert status == "ok", found
    return set(found)
