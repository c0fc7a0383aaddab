"""Reading YAML and JSON documents with errors a person can act on, within limits.

Every YAML or JSON document ezkit reads (characters, people packages, scenes,
house rules, bakery cases, deck files) comes through `load_yaml`: at most
DOCUMENT_LIMIT bytes from a regular file (ezkit.fileio), nested at most
DEPTH_LIMIT deep, and at most NODE_LIMIT values once aliases are expanded.

The nesting is checked while the document is composed, before anything
recurses into it: libyaml's own composer recurses in C and a document nested
50,000 deep crashed the process (SIGSEGV). Here libyaml still parses (its
parser keeps an explicit stack), and PyYAML's Python composer builds the
nodes, counting depth and size as it goes; it costs no more than the C one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.resolver import Resolver

from ezkit.errors import UnreadableError
from ezkit.fileio import (
    DEPTH_LIMIT,
    DOCUMENT_LIMIT,
    check_json_depth,
    nested_message,
    read_document_text,
)

# An alias repeats a whole subtree: ten nested aliases of ten make 10**10 values
# (a "billion laughs") for whatever walks the data. Real documents hold a few thousand.
NODE_LIMIT = 1_000_000

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Limit(Exception):
    """A document past a limit; the message follows its source's name."""


class _LimitedComposer(Composer):
    """PyYAML's composer, refusing nesting past DEPTH_LIMIT and more than NODE_LIMIT values.

    Depth counts collections (a scalar adds none); an alias counts as the depth
    and the values of what it names, so aliases cannot get around either limit.
    """

    def __init__(self) -> None:
        Composer.__init__(self)
        self._depth = self._peak = self._nodes = 0
        self._open: set[str] = set()  # anchors of collections still being composed
        self._sizes: dict[str, tuple[int, int]] = {}  # anchor -> (values, height)

    def compose_document(self) -> Node | None:
        self._sizes.clear()
        return Composer.compose_document(self)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            if event.anchor in self._open:
                raise _Limit(
                    f"the alias *{event.anchor} is inside its own anchor; ezkit reads "
                    "documents without recursive aliases"
                )
            node = Composer.compose_node(self, parent, index)  # refuses an undefined alias
            values, height = self._sizes.get(event.anchor, (1, 0))
            self._count(values)
            self._reach(self._depth + height)
            return node
        collection = isinstance(event, SequenceStartEvent | MappingStartEvent)
        outer_peak, start = self._peak, self._nodes
        self._count(1)
        self._depth += collection
        self._peak = self._depth
        self._reach(self._depth)
        anchor = event.anchor if collection else None
        if anchor is not None:
            self._open.add(anchor)
        try:
            node = Composer.compose_node(self, parent, index)
        finally:
            self._open.discard(anchor or "")
            self._depth -= collection
        if event.anchor is not None:
            self._sizes[event.anchor] = (self._nodes - start, self._peak - self._depth)
        self._peak = max(outer_peak, self._peak)
        if isinstance(node, MappingNode):
            self._unique_keys(node)
        return node

    def _unique_keys(self, node: MappingNode) -> None:
        """A key written twice in one mapping is refused: YAML would keep the last silently (a
        second `weapons:` block dropped the first's weapons). Keys are compared as read (`8`
        and `0x8` are one key), as written here, before any merge (`<<: *anchor`) brings in
        keys that are meant to be written again."""
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag == _MERGE:
                continue
            key = self.construct_object(key_node)  # type: ignore[attr-defined]
            if key in seen:
                raise ConstructorError(
                    None,
                    None,
                    f"the key {key_node.value!r} is written twice in one mapping (YAML would "
                    "keep only the last); write it once",
                    key_node.start_mark,
                )
            seen.add(key)

    def _count(self, values: int) -> None:
        self._nodes += values
        if self._nodes > NODE_LIMIT:
            raise _Limit(
                f"more than {NODE_LIMIT} values, each alias counted as the values it repeats; "
                f"ezkit reads documents of at most {NODE_LIMIT} values"
            )

    def _reach(self, depth: int) -> None:
        self._peak = max(self._peak, depth)
        if depth > DEPTH_LIMIT:
            raise _Limit("")


_MERGE = "tag:yaml.org,2002:merge"


try:
    from yaml.cyaml import CParser as _Parser

    class _Loader(_LimitedComposer, _Parser, SafeConstructor, Resolver):  # type: ignore[misc]
        """libyaml's parser, the limited composer, the safe constructor."""

        def __init__(self, stream: str) -> None:
            _Parser.__init__(self, stream)
            _LimitedComposer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

except ImportError:  # PyYAML built without libyaml: the pure-Python parser, same limits
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Loader(Reader, Scanner, Parser, _LimitedComposer, SafeConstructor, Resolver):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            _LimitedComposer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)


def load_yaml(path: Path) -> Any:
    """A YAML (or JSON) file's content; unreadable files name line and column.

    UnreadableError (exit 2) for a missing file, a FIFO or device, a file over
    DOCUMENT_LIMIT, nesting past DEPTH_LIMIT or more than NODE_LIMIT values.
    """
    text = read_document_text(path, DOCUMENT_LIMIT)
    return parse_text(text, str(path))


def parse_text(text: str, source: str) -> Any:
    """The document in text: JSON when source ends in .json, else YAML; limits checked."""
    if source.endswith(".json"):
        return parse_json(text, source)
    try:
        return yaml.load(text, Loader=_Loader)
    except _Limit as limit:
        reason = str(limit)  # empty for the depth, which has its own sentence
        raise UnreadableError(f"{source}: {reason}" if reason else nested_message(source)) from None
    except ValueError as error:  # a number longer than Python reads (4,300 digits)
        raise UnreadableError(f"{source}: {_too_long(error)}") from None
    except yaml.YAMLError as error:
        if "maximum nesting depth" in str(error):  # libyaml's own limit (PyYAML 6.0.4 on), far
            raise UnreadableError(nested_message(source)) from None  # past DEPTH_LIMIT
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise UnreadableError(f"{source}: not valid YAML{where}: {problem}") from None


def parse_json(text: str, source: str) -> Any:
    """JSON text nested at most DEPTH_LIMIT deep; errors name the line and column."""
    check_json_depth(text, source)
    try:
        return json.loads(text, object_pairs_hook=_unique_object)
    except _Twice as twice:
        raise UnreadableError(
            f"{source}: the key {twice.args[0]!r} is written twice in one object (JSON would "
            "keep only the last); write it once"
        ) from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise UnreadableError(f"{source}: not valid JSON at {where}: {error.msg}") from None
    except ValueError as error:  # a number longer than Python reads (4,300 digits)
        raise UnreadableError(f"{source}: {_too_long(error)}") from None


class _Twice(Exception):
    """A key written twice in one JSON object."""


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):  # rare: only then look for the key written twice
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return found


def _too_long(error: ValueError) -> str:
    if "digits" not in str(error):
        raise error
    return "holds a number of more than 4,300 digits; no value of ezkit is that long"


def dump_yaml(document: Any) -> str:
    """YAML in the order given, block style, unicode kept."""
    return yaml.dump(
        document, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False
    )
