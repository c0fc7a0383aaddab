"""The card games of the rule books, on one engine."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_exports(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A game package's `__getattr__` (PEP 562): each name it re-exports is imported from its
    module when first asked for, so `ezkit score bakeries` loads the scoring module and the
    deck, not the whole game. homes: name -> the module that defines it."""

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(homes[name]), name)

    return __getattr__
