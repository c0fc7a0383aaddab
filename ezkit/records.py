"""Records: plain dataclasses for what ezkit reads, with their constraints in their types.

Data ezkit ships checked and compiled (decks, rules tables, dice) is read from JSON (`build`),
without pydantic or YAML, which take about 100 ms to start. A file a person writes (a deck
file, house rules, a character, a scene) is checked by pydantic against the same dataclasses:
`Record` refuses keys a record does not have, and a field's constraints are written in its
type, `Annotated[int, Check(ge=1)]`, `Before(...)`, `After(...)` (pydantic's own checks, made
only then; ezkit.strict reads them too). `record` makes such dataclasses cheaply.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar


class Record:
    """Base of the records: pydantic reads this config when it checks a file against one."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}


def record(cls: type | None = None, /, *, frozen: bool = True, kw_only: bool = False) -> Any:
    """`@dataclass`, with the methods a dataclass writes for each class (`__init__`, `__eq__`,
    `__repr__`, `__hash__`, a frozen one's `__setattr__`) shared by every record instead: the
    same behaviour, but Python 3.11 writes and compiles those methods anew for each class, about
    1 ms a class, which every command paid at start-up (a `fight` made some 60). A class made
    in a hot loop keeps dataclass's own `__init__`, the quicker one to call (dice.Roll).
    tests/test_records.py holds a record to what dataclass makes.

    frozen: assigning a field raises FrozenInstanceError, and the record is hashable (a mutable
    one is not, as with dataclass). kw_only: every field is passed by keyword."""

    def wrap(cls: type) -> type:
        if not cls.__doc__:  # else dataclass works out a signature for it, slowly
            cls.__doc__ = f"The {cls.__name__} record."
        made = dataclasses.dataclass(
            cls, init=False, repr=False, eq=False, frozen=False, kw_only=kw_only
        )
        fields = dataclasses.fields(made)
        if any(not f.init for f in fields):
            raise TypeError(f"{cls.__name__}: a record's fields are all given to __init__")
        made.__record_positional__ = tuple(f.name for f in fields if not f.kw_only)  # type: ignore[attr-defined]
        made.__record_fields__ = tuple((f.name, f.default, f.default_factory) for f in fields)  # type: ignore[attr-defined]
        made.__record_names__ = frozenset(f.name for f in fields)  # type: ignore[attr-defined]
        made.__record_compared__ = tuple(f.name for f in fields if f.compare)  # type: ignore[attr-defined]
        made.__record_shown__ = tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
        made.__record_post_init__ = hasattr(made, "__post_init__")  # type: ignore[attr-defined]
        for name, method in (("__init__", _init), ("__eq__", _eq), ("__repr__", _repr)):
            if name not in cls.__dict__:
                setattr(made, name, method)
        made.__hash__ = _hash if frozen else None  # type: ignore[assignment,method-assign]
        if frozen:
            made.__setattr__ = _frozen  # type: ignore[assignment,method-assign]
            made.__delattr__ = _frozen  # type: ignore[assignment,method-assign]
        return made

    return wrap if cls is None else wrap(cls)


_MISSING: Any = dataclasses.MISSING


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    named = cls.__record_positional__
    if len(args) > len(named):
        raise TypeError(
            f"{cls.__name__}() takes {len(named)} positional arguments, not {len(args)}"
        )
    given = dict(zip(named, args, strict=False))
    for name, value in kwargs.items():
        if name in given:
            raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
        if name not in cls.__record_names__:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
        given[name] = value
    for name, default, factory in cls.__record_fields__:
        if name in given:
            value = given[name]
        elif factory is not _MISSING:
            value = factory()
        elif default is not _MISSING:
            value = default
        else:
            raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
        object.__setattr__(self, name, value)
    if cls.__record_post_init__:
        self.__post_init__()


def _frozen(self: Any, name: str, *value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    names = self.__record_compared__
    return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)


def _hash(self: Any) -> int:
    return hash(tuple(getattr(self, n) for n in self.__record_compared__))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__record_shown__)
    return f"{type(self).__qualname__}({shown})"


class Check:
    """A field's constraints as pydantic's core schema names them: `Check(ge=1)`,
    `Check(pattern=...)`, `Check(min_length=1)`."""

    def __init__(self, **constraints: Any) -> None:
        self.constraints = constraints

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        # onto the value's own schema, under any Before/After written ahead of this Check:
        # set on a function's schema, the constraints were silently not checked (a round
        # cap's ge=1 under its Before had let 0 and -5 through)
        target = schema
        while target.get("type", "").startswith("function-") and "schema" in target:
            target = target["schema"]
        target.update(self.constraints)
        return schema


class Before:
    """A function that reads the value before pydantic checks its type (`Fair` -> 0).
    `takes`: the type a file may write there, for the JSON Schema (a name for a gift)."""

    def __init__(self, function: Any, takes: Any = None) -> None:
        self.function = function
        self.takes = takes

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        takes = None if self.takes is None else handler.generate_schema(self.takes)
        return core_schema.no_info_before_validator_function(
            self.function, handler(source), json_schema_input_schema=takes
        )


class After:
    """A function that checks the value once pydantic has checked its type."""

    def __init__(self, function: Any) -> None:
        self.function = function

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.function, handler(source))


class Dump:
    """How a value is written in a document (a rank as the book's label), by pydantic too."""

    def __init__(self, function: Any) -> None:
        self.function = function

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        schema = handler(source)
        schema["serialization"] = core_schema.plain_serializer_function_ser_schema(
            self.function, when_used="json"
        )
        return schema


class Schema:
    """A field's JSON Schema as written here (what a file may hold, said better than the type)."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> Any:
        return dict(self.schema)


def build(hint: Any, value: Any) -> Any:
    """Compiled JSON data as the type `hint` says: records, tuples, and dictionaries' number
    keys (JSON has only lists, and text keys). The data was checked when it was compiled."""
    convert = _converter(hint)
    return value if convert is None else convert(value)


Convert = Callable[[Any], Any]


@cache
def _converter(hint: Any) -> Convert | None:
    """How a JSON value becomes a value of type hint; None when it already is one (text,
    numbers, a Literal). Worked out once a type: a deck makes hundreds of cards."""
    if dataclasses.is_dataclass(hint):
        fields = {name: _converter(field) for name, field in _fields(hint).items()}  # type: ignore[arg-type]

        def record(value: Any) -> Any:
            return hint(
                **{
                    name: item if (convert := fields[name]) is None else convert(item)
                    for name, item in value.items()
                }
            )

        return record
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _converter(args[0])
            return tuple if each is None else lambda value: tuple(map(each, value))
        items = [_converter(arg) or _same for arg in args]
        return lambda value: tuple(f(item) for f, item in zip(items, value, strict=True))
    if origin is dict:
        key, item = _converter(args[0]) or _same, _converter(args[1]) or _same
        return lambda value: {key(k): item(v) for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):  # `X | None`: the X a JSON value needs
        built = [
            a for a in args if dataclasses.is_dataclass(a) or typing.get_origin(a) in (tuple, dict)
        ]
        inner = _converter(built[0]) if built else None
        if inner is None:
            return None
        return lambda value: None if value is None else inner(value)
    if hint is int:  # a dictionary's key, written as text
        return lambda value: int(value) if isinstance(value, str) else value
    return None


def _same(value: Any) -> Any:
    return value


def message(error: Any) -> str:
    """One of pydantic's errors (from ValidationError.errors()) in words, as pydantic says
    them of its models: a document reads alike whether a model or a record checks it."""
    if error["type"] == "unexpected_keyword_argument":  # a key the record does not have
        return "Extra inputs are not permitted"
    if error["type"] == "dataclass_type":  # not a mapping where a record is
        name = error.get("ctx", {}).get("class_name", "")
        return f"Input should be a valid dictionary or instance of {name}"
    bound = _BOUNDS.get(error["type"])
    if bound is not None:  # the value given, and what is accepted (pydantic names the bound)
        word, key = bound
        limit, given = error.get("ctx", {}).get(key), error.get("input")
        if isinstance(given, str) and given.strip().removeprefix("-").isdigit():
            given = int(given)  # a number written as text ('0'), read as the number
        if isinstance(given, int) and not isinstance(given, bool) and limit is not None:
            shown = (
                f"{given:,}"
                if len(str(abs(given))) <= 18
                else f"a number of {len(str(abs(given)))} digits"
            )
            return f"{shown} is out of range: {word} {limit:,}"
    return str(error["msg"])


#: pydantic's bound errors: the word ezkit says, and the bound's key in the error's ctx.
_BOUNDS = {
    "greater_than_equal": ("it may be no less than", "ge"),
    "less_than_equal": ("it may be no more than", "le"),
}


@cache
def _fields(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)  # constraints (Annotated) left out


def no_true_or_false(value: Any) -> Any:
    """A number is never true or false: pydantic would read `mass_scale: true` as 1."""
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is no number; write a whole number")
    return value
