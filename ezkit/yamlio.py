"""Reading YAML and JSON documents with errors a person can act on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from ezkit.errors import UnreadableError

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load_yaml(path: Path) -> Any:
    """A YAML (or JSON) file's content; unreadable files name line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnreadableError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise UnreadableError(f"{path}: cannot be read ({error})") from None
    return parse_text(text, str(path))


def parse_text(text: str, source: str) -> Any:
    if source.endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            where = f"line {error.lineno}, column {error.colno}"
            raise UnreadableError(f"{source}: not valid JSON at {where}: {error.msg}") from None
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise UnreadableError(f"{source}: not valid YAML{where}: {problem}") from None


def dump_yaml(document: Any) -> str:
    """YAML in the order given, block style, unicode kept."""
    return yaml.dump(
        document, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False
    )
