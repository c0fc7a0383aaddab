"""Reading character and people-package files (YAML or JSON)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ezkit.character import model
from ezkit.errors import DocumentError, UnreadableError


@dataclass(frozen=True)
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

    document = load_yaml(path)
    try:
        return model.PeoplePackage.model_validate(document).model_dump(mode="json")
    except ValidationError as error:
        problems = problems_from(error, model.PeoplePackage)
        raise InvalidCharacter(str(path), problems) from None
    except FileNotFoundError:
        raise UnreadableError(f"{path}: no such people package") from None


def parse_character(document: Any, source: str = "character") -> model.Character:
    try:
        return model.Character.model_validate(document)
    except ValidationError as error:
        raise InvalidCharacter(source, problems_from(error, model.Character)) from None


def problems_from(error: ValidationError, root: type[BaseModel]) -> list[Problem]:
    """pydantic's errors as Problems: a field path, the rule and a plain sentence."""
    problems = []
    for item in error.errors():
        path = _path(item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        rule = "schema"
        if item["type"] == "extra_forbidden":
            field = str(item["loc"][-1])
            message = f"unknown field {field!r}{_did_you_mean(field, root, item['loc'][:-1])}"
        elif "rank" in message and "Ladder" in message:
            rule = "EZ-1"
        elif cited := _RULING.search(message):  # a model check that names its ruling
            rule = cited.group()
        elif item["type"] == "missing":
            message = "this field is required"
        problems.append(Problem(rule, path, message))
    return problems


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


def _did_you_mean(field: str, root: type[BaseModel], loc: tuple[Any, ...]) -> str:
    known = _fields_at(root, loc)
    close = difflib.get_close_matches(field, known, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"{hint} (known fields: {', '.join(known)})" if known else hint


def _fields_at(root: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The field names of the model found at a location, for a did-you-mean."""
    current: Any = root
    for part in loc:
        if isinstance(part, int) or not isinstance(current, type):
            continue
        if not issubclass(current, BaseModel) or part not in current.model_fields:
            continue
        current = _model_in(current.model_fields[part].annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _model_in(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_in(arg)
        if found is not None:
            return found
    for meta in getattr(annotation, "__origin__", None), *getattr(annotation, "__metadata__", ()):
        if isinstance(meta, type) and issubclass(meta, BaseModel):
            return meta
    return None
