"""Plain frozen dataclasses for data ezkit ships checked and compiled (decks, rules tables).

The program reads such data from compiled JSON (`build`), without pydantic or YAML, which
take about 100 ms to start. A file a person writes (a deck file, house rules) is checked by
pydantic against the same dataclasses: `Record` refuses keys a record does not have, and a
field's constraints are written `Annotated[int, Check(ge=1)]` (pydantic's own checks, made
only then).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, ClassVar


class Record:
    """Base of the records: pydantic reads this config when it checks a file against one."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}


class Check:
    """A field's constraints as pydantic's core schema names them: `Check(ge=1)`,
    `Check(pattern=...)`, `Check(min_length=1)`."""

    def __init__(self, **constraints: Any) -> None:
        self.constraints = constraints

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema.update(self.constraints)
        return schema


class Before:
    """A function that reads the value before pydantic checks its type (`Fair` -> 0)."""

    def __init__(self, function: Any) -> None:
        self.function = function

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_before_validator_function(self.function, handler(source))


def build(hint: Any, value: Any) -> Any:
    """Compiled JSON data as the type `hint` says: records, tuples, and dictionaries' number
    keys (JSON has only lists, and text keys). The data was checked when it was compiled."""
    if dataclasses.is_dataclass(hint):
        fields = _fields(hint)  # type: ignore[arg-type]
        return hint(**{name: build(fields[name], item) for name, item in value.items()})
    if value is None:
        return None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(build(args[0], item) for item in value)
        return tuple(build(arg, item) for arg, item in zip(args, value, strict=True))
    if origin is dict:
        return {build(args[0], key): build(args[1], item) for key, item in value.items()}
    if origin in (typing.Union, types.UnionType):  # `X | None`: the X a JSON value needs
        built = [
            a for a in args if dataclasses.is_dataclass(a) or typing.get_origin(a) in (tuple, dict)
        ]
        return build(built[0], value) if built else value
    if hint is int and isinstance(value, str):  # a dictionary's key
        return int(value)
    return value


def message(error: Any) -> str:
    """One of pydantic's errors (from ValidationError.errors()) in words, as pydantic says
    them of its models: a document reads alike whether a model or a record checks it."""
    if error["type"] == "unexpected_keyword_argument":  # a key the record does not have
        return "Extra inputs are not permitted"
    if error["type"] == "dataclass_type":  # not a mapping where a record is
        name = error.get("ctx", {}).get("class_name", "")
        return f"Input should be a valid dictionary or instance of {name}"
    return str(error["msg"])


@cache
def _fields(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)  # constraints (Annotated) left out
