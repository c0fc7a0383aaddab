"""The system's Chromium driven by Playwright (its sync API), for the web table's browser tests.

Playwright never downloads a browser of its own here: `make browser` installs Debian's chromium
when it runs as root, and the tests launch it by path (EZKIT_CHROMIUM, /usr/bin/chromium or
/usr/bin/chromium-browser). Without it, or without the playwright package, the tests are skipped
and the reason is printed in the warnings summary, which `pytest -q` shows too."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

# No network but loopback: without these, Chromium's background connections (updates, sync,
# safe browsing, QUIC probes) fail noisily at every start. No sandbox: the tests may run as root.
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

PLACES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")

# Every browser test runs on one pytest-xdist worker (make test: --dist loadgroup): one Chromium
# at a time on a machine of two cores, and the module-scoped server and browser made once.
GROUP = pytest.mark.xdist_group("browser")


def chromium_path() -> str | None:
    """The Chromium to launch: EZKIT_CHROMIUM if set, else the first system one found."""
    chosen = os.environ.get("EZKIT_CHROMIUM")
    for path in [chosen] if chosen else PLACES:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def _skip(reason: str) -> None:
    # A skip's reason alone is shown only with -rs; the warning reaches every summary.
    warnings.warn(f"browser tests skipped: {reason}", stacklevel=2)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for the module (each test opens its own contexts)."""
    path = chromium_path()
    if path is None:
        where = os.environ.get("EZKIT_CHROMIUM") or " or ".join(PLACES)
        _skip(f"no Chromium at {where} (Debian: apt-get install chromium; `make browser`)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip("the playwright package is missing (pip install -e '.[dev]')")
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(
            executable_path=path, headless=True, args=list(CHROMIUM_FLAGS)
        )
        try:
            yield chromium
        finally:
            chromium.close()
