"""A document checked against records without pydantic, and records written back as documents.

`check(hint, value)` builds the records a document describes when it can prove that pydantic
would accept the document and build the same records: exact types (YAML and JSON have no
others), the constraints of `Check`, the functions of `Before` and `After`. An error, or anything
it does not know, raises `Doubt`, and the caller asks pydantic, which decides and words the
errors. So a valid character is read in a few milliseconds without importing pydantic (some
150 ms), and an invalid one is refused with pydantic's messages as before.
tests/test_strict.py holds the two to the same answers.

`dump(hint, value)` is the record as pydantic's `dump_python(mode="json")` writes it.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import Annotated, Any, Literal

from ezkit.records import After, Before, Check, Dump


class Doubt(Exception):
    """The document may be invalid, or holds what `check` leaves to pydantic."""


Checker = Callable[[Any], Any]


def check(hint: Any, value: Any) -> Any:
    """The value as type `hint`, built as pydantic builds it; Doubt when not surely valid."""
    checker = _checker(hint)
    try:
        return checker(value)
    except Doubt:
        raise
    except Exception:  # anything a value trips in here (a date past the calendar): pydantic's
        raise Doubt from None


def dump(hint: Any, value: Any, lean: bool = False) -> Any:
    """A value of type `hint` as a JSON document, as pydantic writes it in "json" mode (lean:
    a record's fields at their defaults left out, as pydantic's `exclude_defaults`)."""
    return _dumper(hint, lean)(value)


@cache
def hints(cls: type) -> dict[str, Any]:
    """A record's field types with their constraints (`Annotated`)."""
    return typing.get_type_hints(cls, include_extras=True)


# --- check ------------------------------------------------------------------------------------

# The timestamps a character's history holds, as ezkit writes them: read alike by pydantic and
# datetime.fromisoformat (other forms pydantic reads are left to it).
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)?")


@cache
def _checker(hint: Any) -> Checker:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        return _record(hint)  # type: ignore[arg-type]
    if origin is Annotated:
        return _annotated(args[0], hint.__metadata__)
    if origin is Literal:
        return _literal(args)
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if origin is list:
        each = _checker(args[0])
        return lambda value: [each(v) for v in _exact(list, value)]
    if origin is dict:
        key, item = _checker(args[0]), _checker(args[1])
        return lambda value: {key(k): item(v) for k, v in _exact(dict, value).items()}
    if hint in (str, int, bool):
        return lambda value: _exact(hint, value)
    if hint is type(None):
        return lambda value: _exact(type(None), value)
    if hint is datetime:
        return _timestamp
    raise TypeError(f"strict.check does not know {hint!r}")  # a record's field: add it here


def _exact(kind: type, value: Any) -> Any:
    if type(value) is not kind:  # bool is no int, 1.0 no int, "3" no int: pydantic's to decide
        raise Doubt
    return value


def _record(cls: type) -> Checker:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    types_ = hints(cls)
    checkers = {f.name: _checker(types_[f.name]) for f in fields}
    required = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }

    def record(value: Any) -> Any:
        if type(value) is not dict or not required <= value.keys() <= checkers.keys():
            raise Doubt  # not a mapping, a field missing, or one the record does not have
        return cls(**{name: checkers[name](item) for name, item in value.items()})

    return record


def _annotated(base: Any, metadata: tuple[Any, ...]) -> Checker:
    inner = _checker(base)
    before = [m.function for m in metadata if isinstance(m, Before)]
    after = [m.function for m in metadata if isinstance(m, After)]
    limits = [_limit(name, bound) for m in metadata if isinstance(m, Check)
              for name, bound in m.constraints.items()]  # fmt: skip

    def annotated(value: Any) -> Any:
        try:
            for function in reversed(before):  # pydantic runs the last one first
                value = function(value)
            value = inner(value)
            if not all(limit(value) for limit in limits):
                raise Doubt
            for function in after:
                value = function(value)
        except Doubt:
            raise
        except Exception:  # what the function refuses, pydantic words
            raise Doubt from None
        return value

    return annotated


def _limit(name: str, bound: Any) -> Callable[[Any], bool]:
    if name == "min_length":
        return lambda value: len(value) >= bound
    if name == "ge":
        return lambda value: value >= bound
    if name == "le":
        return lambda value: value <= bound
    raise TypeError(f"strict.check does not know the constraint {name!r}")


def _literal(values: tuple[Any, ...]) -> Checker:
    def literal(value: Any) -> Any:
        if any(type(value) is type(v) and value == v for v in values):
            return value
        raise Doubt

    return literal


def _union(arms: tuple[Any, ...]) -> Checker:
    checkers = [_checker(arm) for arm in arms]

    def union(value: Any) -> Any:
        # Every union in a record has arms no value fits twice (None, a record, a bool or a
        # word), so the first that fits is the one pydantic picks.
        for checker in checkers:
            try:
                return checker(value)
            except Doubt:
                continue
        raise Doubt

    return union


def _timestamp(value: Any) -> datetime:
    if type(value) is datetime:
        return value
    if type(value) is str and _TIMESTAMP.fullmatch(value):
        try:
            return datetime.fromisoformat(value)
        except ValueError:  # month 13, hour 25: pydantic words it
            raise Doubt from None
    raise Doubt


# --- dump -------------------------------------------------------------------------------------


@cache
def _dumper(hint: Any, lean: bool) -> Callable[[Any], Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        return _record_dumper(hint, lean)  # type: ignore[arg-type]
    if origin is Annotated:
        written = [m.function for m in hint.__metadata__ if isinstance(m, Dump)]
        return written[0] if written else _dumper(args[0], lean)
    if origin is list:
        each = _dumper(args[0], lean)
        return lambda value: [each(v) for v in value]
    if origin is dict:
        item = _dumper(args[1], lean)
        return lambda value: {k: item(v) for k, v in value.items()}
    # a union, a Literal, text, a number: written by what the value is
    return _plain_lean if lean else _plain


def _record_dumper(cls: type, lean: bool) -> Callable[[Any], Any]:
    skip = getattr(cls, "__dump_skip__", ())
    types_ = hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.name not in skip]
    dumpers = [(f.name, _dumper(types_[f.name], lean)) for f in fields]
    if not lean:
        return lambda value: {name: dump(getattr(value, name)) for name, dump in dumpers}
    defaults = {f.name: _default(f) for f in fields}

    def record(value: Any) -> dict[str, Any]:
        items = ((name, dump, getattr(value, name)) for name, dump in dumpers)
        return {name: dump(item) for name, dump, item in items if item != defaults[name]}

    return record


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return field.default  # MISSING (a required field) equals no value: always written


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return _dumper(type(value), False)(value)
    if isinstance(value, datetime):
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    return value


def _plain_lean(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return _dumper(type(value), True)(value)
    return _plain(value)
