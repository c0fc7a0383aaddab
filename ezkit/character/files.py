"""Reading character and people-package files (YAML or JSON), and checking documents.

A document is read by `ezkit.strict` when it is surely valid (a few milliseconds), else by
pydantic, which refuses it with every problem named (and imports in some 150 ms).
"""

from __future__ import annotations

import dataclasses
import difflib
import keyword
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ezkit import strict
from ezkit.character import model
from ezkit.errors import DocumentError, UnreadableError
from ezkit.records import message as pydantic_message
from ezkit.records import record
from ezkit.terminal import safe_line
from ezkit.words import shorten

if TYPE_CHECKING:
    from pydantic import ValidationError

R = TypeVar("R")


@record
class Problem:
    """One thing wrong with a character: the rule broken, where, and a plain sentence."""

    rule: str
    path: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "path": self.path, "message": self.message}

    def __str__(self) -> str:
        return f"{self.rule} {self.path}: {self.message}"


class InvalidCharacter(DocumentError):
    """A document that is not a character at all: every problem found, at once."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source, self.problems = source, problems
        listed = "; ".join(str(p) for p in problems)
        super().__init__(f"{source} is not a valid character: {listed}")


def read_character(path: Path) -> model.Character:
    """Read and validate a character file; a people package named by path is read too."""
    from ezkit.yamlio import load_yaml  # not for the campaign's characters, stored as JSON

    document = load_yaml(path)
    if not isinstance(document, dict):
        raise InvalidCharacter(str(path), [Problem("schema", "", "expected a mapping of fields")])
    package = document.get("people_package")
    if isinstance(package, str):
        document = {**document, "people_package": read_people(path.parent / package)}
    return parse_character(document, str(path))


def read_people(path: Path) -> dict[str, Any]:
    """A people package file, checked, as a plain document to embed in a character."""
    from ezkit.yamlio import load_yaml

    try:
        document = load_yaml(path)
    except FileNotFoundError:
        raise UnreadableError(f"{path}: no such people package") from None
    package = checked(model.PeoplePackage, document, str(path))
    return strict.dump(model.PeoplePackage, package)


def in_campaign(document: Any) -> str:
    """How a message names a character the campaign holds: by its name where it has one
    ("Wren Hollowell in the campaign is not a valid character: ...")."""
    name = document.get("name") if isinstance(document, dict) else None
    if isinstance(name, str) and name.strip():
        return f"{safe_line(shorten(name))} in the campaign"
    return "the campaign"


def parse_character(document: Any, source: str = "character") -> model.Character:
    """A character document checked whole (InvalidCharacter naming every problem)."""
    character = checked(model.Character, document, source)
    problems = [Problem(_rule(text), _path(loc), text) for loc, text in character.finish()]
    if problems:
        raise InvalidCharacter(source, problems)
    return character


def checked(record: type[R], document: Any, source: str) -> R:
    """The record a document describes; InvalidCharacter with pydantic's words if it is not
    one."""
    try:
        return strict.check(record, document)
    except strict.Doubt:
        pass  # pydantic decides, and words what is wrong
    from pydantic import ValidationError

    try:
        return _adapter(record).validate_python(document)
    except ValidationError as error:
        raise InvalidCharacter(source, problems_from(error, record)) from None


@cache
def _adapter(record: type) -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(record)


def problems_from(error: ValidationError, root: type) -> list[Problem]:
    """pydantic's errors as Problems: a field path, the rule and a plain sentence."""
    problems = []
    for item in error.errors():
        path = _path(item["loc"])
        message = pydantic_message(item).removeprefix("Value error, ")
        if item["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
            field = str(item["loc"][-1])
            message = f"unknown field {field!r}{_did_you_mean(field, root, item['loc'][:-1])}"
        elif item["type"] == "missing":
            message = "this field is required"
        elif item["type"] in _MAPPING_TYPES:  # not pydantic's "instance of Flowchart"
            message = f"expected a mapping of fields, not {_given(item.get('input'))}"
        elif item["type"] in _WHOLE_TYPES:
            message = f"expected a whole number, not {_given(item.get('input'))}"
        problems.append(Problem(_rule(message), path, message))
    return problems


#: pydantic's errors for a value that is no mapping where a record is, or no whole number.
_MAPPING_TYPES = frozenset({"dataclass_type", "model_type", "dict_type"})
_WHOLE_TYPES = frozenset({"int_parsing", "int_type", "int_from_float"})


def _given(value: Any) -> str:
    """A value as the document gave it, cut short."""
    return shorten(safe_line(repr(value)))


def _rule(message: str) -> str:
    """The ruling a problem breaks, as its message names it (schema: the document's form)."""
    if "rank" in message and "Ladder" in message:
        return "EZ-1"
    if cited := _RULING.search(message):  # a model check that names its ruling
        return cited.group()
    return "schema"


_RULING = re.compile(r"\bEZ-\d+\b")


def _path(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not _is_union_tag(str(part)):
            text += f".{part}" if text else str(part)
    return text


def _is_union_tag(part: str) -> bool:
    # pydantic names the branch of a union or validator in the location; people don't.
    return part in {"Armor", "function-before[_named(), Armor]"} or part.startswith("function-")


def _did_you_mean(field: str, root: type, loc: tuple[Any, ...]) -> str:
    # as the file writes them: `from_` (a Python keyword escaped) is `from:`
    known = [_as_written(name) for name in _fields_at(root, loc)]
    close = difflib.get_close_matches(field, known, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"{hint} (known fields: {', '.join(known)})" if known else hint


def _as_written(name: str) -> str:
    bare = name.removesuffix("_")
    return bare if bare != name and keyword.iskeyword(bare) else name


def _fields_at(root: type, loc: tuple[Any, ...]) -> list[str]:
    """The field names of the record found at a location, for a did-you-mean."""
    current: Any = root
    for part in loc:
        fields = _fields(current)
        if isinstance(part, int) or part not in fields:
            continue
        current = _record_in(fields[part])
    return list(_fields(current))


def _fields(record: Any) -> dict[str, Any]:
    """A record's fields and their types ({} for what is no record)."""
    if not (isinstance(record, type) and dataclasses.is_dataclass(record)):
        return {}
    hints = strict.hints(record)
    return {f.name: hints[f.name] for f in dataclasses.fields(record)}


def _record_in(annotation: Any) -> Any:
    """The record a field's type holds: itself, or in a list, a union or an Annotated."""
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _record_in(arg)
        if found is not None:
            return found
    return None
