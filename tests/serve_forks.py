"""ezkit commands run each in a process of its own, forked from one process that started
Python and imported ezkit once: a crash is still that command's exit signal and a hang its
timeout (SIGALRM, whose default action ends the process), never a lost test run, at a few
milliseconds a command instead of a new interpreter's 80 to 100 ms.

The commands go through ezkit's own main (click's runner, in the child), as the installed
command does; what needs the real console script (a pipe as its standard output, exit codes
of the process itself) is run with it, elsewhere.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

_PARENT = r"""
import json, os, signal, sys
from click.testing import CliRunner
from ezkit.cli import cli

runs, timeout = json.loads(sys.argv[1]), int(sys.argv[2])
for module in json.loads(sys.argv[3]):  # imported once here, not in every child
    __import__(module)
results = {}
for name, argv in runs.items():
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        signal.alarm(timeout)  # a hang: killed by SIGALRM, seen below as that signal
        ran = CliRunner().invoke(cli, argv)
        error = ran.exception
        unexpected = None if error is None or isinstance(error, SystemExit) else repr(error)
        answer = {"code": ran.exit_code, "stdout": ran.stdout, "stderr": ran.stderr,
                  "exception": unexpected}
        with os.fdopen(write, "w") as out:
            json.dump(answer, out)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as got:
        text = got.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        results[name] = {"signal": os.WTERMSIG(status)}
    else:
        results[name] = json.loads(text) if text else {"exit": os.WEXITSTATUS(status)}
print(json.dumps(results))
"""


def run_forked(
    runs: dict[str, list[str]], timeout: int = 20, preload: tuple[str, ...] = ()
) -> dict[str, dict[str, Any]]:
    """Each named argv run as `ezkit ARGV` in a forked process: its exit code, stdout, stderr
    and any exception other than SystemExit; or {"signal": N} for a process that died of one
    (SIGALRM: still running after timeout seconds). The modules in preload are imported
    before the forks (what the commands would each import again)."""
    done = subprocess.run(
        [sys.executable, "-c", _PARENT, json.dumps(runs), str(timeout), json.dumps(preload)],
        capture_output=True,
        text=True,
        timeout=timeout * len(runs) + 30,
    )
    assert done.returncode == 0, done.stderr
    results: dict[str, dict[str, Any]] = json.loads(done.stdout.splitlines()[-1])
    return results
