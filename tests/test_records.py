"""`ezkit.records.record` behaves as `dataclasses.dataclass` does, for what records use."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from ezkit.records import record


@dataclass(frozen=True)
class Made:
    name: str
    rank: int = 0
    tags: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list, compare=False, repr=False)


@record
class Mine:
    name: str
    rank: int = 0
    tags: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list, compare=False, repr=False)


@record(frozen=False, kw_only=True)
class Loose:
    """A mutable record, every field by keyword."""

    name: str
    items: list[int] = field(default_factory=list)


values = st.tuples(
    st.text(max_size=5), st.integers(-3, 3), st.tuples(st.sampled_from("ab")), st.lists(st.text())
)


@given(values, values)
def test_a_record_compares_hashes_and_shows_as_a_dataclass(a: tuple, b: tuple) -> None:
    made_a, made_b, mine_a, mine_b = Made(*a), Made(*b), Mine(*a), Mine(*b)
    assert (mine_a == mine_b) == (made_a == made_b)
    assert hash(mine_a) == hash(made_a)
    assert repr(mine_a) == repr(made_a).replace("Made(", "Mine(")
    assert mine_a != made_a  # another class is never equal, as with dataclass
    assert dataclasses.astuple(mine_a) == dataclasses.astuple(made_a)


def test_arguments_defaults_and_errors_are_dataclasses() -> None:
    assert Mine("x", tags=("a",)) == Mine(name="x", rank=0, tags=("a",))
    first, second = Mine("x"), Mine("x")
    first.notes.append("one")
    assert second.notes == []  # a default factory gives each its own
    with pytest.raises(TypeError, match="missing required argument: 'name'"):
        Mine()
    with pytest.raises(TypeError, match="unexpected keyword argument 'nmae'"):
        Mine(nmae="x")
    with pytest.raises(TypeError, match="multiple values"):
        Mine("x", name="y")
    with pytest.raises(TypeError, match="positional"):
        Mine("x", 1, (), [], "extra")
    with pytest.raises(TypeError, match="positional"):
        Loose("x")  # kw_only


def test_frozen_and_mutable() -> None:
    mine = Mine("x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        mine.rank = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del mine.rank
    loose = Loose(name="x")
    loose.name = "y"
    assert loose == Loose(name="y")
    with pytest.raises(TypeError, match="unhashable"):
        hash(loose)


def test_replace_copy_pickle_and_pydantic() -> None:
    mine = Mine("x", 2, ("a",), ["n"])
    assert dataclasses.replace(mine, rank=3) == Mine("x", 3, ("a",))
    assert copy.deepcopy(mine) == mine and pickle.loads(pickle.dumps(mine)) == mine
    assert TypeAdapter(Mine).validate_python({"name": "x", "rank": 2}) == Mine("x", 2)
    assert TypeAdapter(Loose).validate_python({"name": "x"}) == Loose(name="x")
    assert [f.name for f in dataclasses.fields(Mine)] == ["name", "rank", "tags", "notes"]
