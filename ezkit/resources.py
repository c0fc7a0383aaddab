"""Where the package's own files are: templates/ and cards/.

In a source checkout (and an editable install) they sit at the top of the
project; a wheel maps them into the package as `_templates` and `_cards`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def templates() -> Path:
    return _find("_templates", "templates")


@cache
def cards() -> Path:
    return _find("_cards", "cards")


def _find(installed: str, source: str) -> Path:
    for candidate in (_PACKAGE / installed, _PACKAGE.parent / source):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"ezkit cannot find its {source}/ folder next to {_PACKAGE}")
