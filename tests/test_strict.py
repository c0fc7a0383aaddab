"""ezkit.strict against pydantic: what strict accepts, pydantic accepts and builds the same,
and strict writes it as pydantic writes it; what pydantic refuses, strict doubts.

The documents are the example characters mutated at random (a field removed, added or set to
an odd value, anywhere in the tree), so most are nearly valid: the cases that matter.
"""

from __future__ import annotations

import copy
import sys
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_runs import examples
from pydantic import TypeAdapter, ValidationError

from ezkit import ladder, strict
from ezkit.character.files import InvalidCharacter, parse_character, read_character
from ezkit.character.model import Character, PeoplePackage
from ezkit.combat import scene_file
from ezkit.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "characters").glob("*.yaml"))
PEOPLE = sorted((ROOT / "examples" / "people").glob("*.yaml"))
ADAPTER = TypeAdapter(Character)


def _with_history() -> dict[str, Any]:
    """Jason after an award, a conversion and an improvement: history entries to mutate."""
    from ezkit import rules
    from ezkit.character import advance

    jason = read_character(EXAMPLES[[p.name for p in EXAMPLES].index("jason-free.yaml")])
    table = rules.load()
    played = advance.convert_to_experience(advance.award(jason, 2, 12, "a good plan"), 1, table)
    return advance.improve(played, "Woodsman", table).to_document()


DOCUMENTS = [read_character(path).to_document() for path in EXAMPLES] + [_with_history()]

ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10),
    st.integers(),
    st.floats(allow_nan=False),
    st.sampled_from([1.0, 3.0, -0.0, "3", "", " ", "x", "\x1b[31m", "a\nb", "a\tb", "\x00"]),
    st.sampled_from([*ladder.LADDER, "Great (+3)", "gre", "+9", "Superb +1", "fair"]),
    st.sampled_from(["melee", "ranged", "both", "gift", "attributes", "award", "attribute"]),
    st.sampled_from(
        [
            "2024-05-01T10:00:00Z",
            "2024-05-01T10:00:00.5+02:00",
            "2024-05-01",
            "2024-05-01 10:00",
            "yesterday",
            "2024-13-01T10:00:00",
        ]
    ),
    st.just(datetime(2024, 5, 1, 10, 0, tzinfo=UTC)),
    st.just(datetime(2024, 5, 1, 10, 0, 0, 1500)),
    st.just(datetime(2024, 5, 1, 10, 0, tzinfo=timezone(timedelta(hours=-5)))),
    st.lists(st.sampled_from(["x", 1, None]), max_size=2),
    st.dictionaries(
        st.sampled_from(["name", "rank", "x"]), st.sampled_from(["Fair", 1]), max_size=2
    ),
)


def _places(document: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: a key of a mapping, an index of a list."""
    if not isinstance(document, dict | list):
        return []
    places = []
    items = document.items() if isinstance(document, dict) else enumerate(document)
    for key, value in items:
        places.append((*at, key))
        places += _places(value, (*at, key))
    return places


@st.composite
def mutated(draw: st.DrawFn, documents: list[dict[str, Any]] = DOCUMENTS) -> dict[str, Any]:
    document = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(_places(document)))
        *path, last = place
        parent = document
        for part in path:
            parent = parent[part]
        how = draw(st.sampled_from(["set", "set", "set", "remove", "add"]))
        if how == "set":
            parent[last] = draw(ODD)
        elif how == "remove":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["nam", "weapon", "extra", "rank", "bonus"]))] = draw(ODD)
        else:
            parent.append(draw(ODD))
        if not _places(document):
            break
    return document


def _same_as_pydantic(document: Any) -> bool:
    """Holds strict to pydantic on one document; True when strict accepted it."""
    try:
        by_pydantic = ADAPTER.validate_python(copy.deepcopy(document))
    except ValidationError:
        by_pydantic = None
    try:
        by_strict = strict.check(Character, copy.deepcopy(document))
    except strict.Doubt:
        return False
    assert by_pydantic is not None, f"strict accepted what pydantic refuses: {document!r}"
    assert by_strict == by_pydantic
    written = ADAPTER.dump_python(by_pydantic, mode="json")
    written.pop("weapon")  # read into `weapons` by Character.finish, never written
    assert strict.dump(Character, by_strict) == written
    lean = ADAPTER.dump_python(by_pydantic, mode="json", exclude_defaults=True)
    lean.pop("weapon", None)
    assert strict.dump(Character, by_strict, lean=True) == lean
    return True


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_strict_accepts_only_what_pydantic_accepts_and_builds_the_same(document: Any) -> None:
    _same_as_pydantic(document)


def test_the_examples_and_what_ezkit_writes_are_read_without_pydantic() -> None:
    """The fast path is the one taken: every example, as written by ezkit and as in its file."""
    from ezkit.yamlio import load_yaml

    assert _same_as_pydantic(DOCUMENTS[-1])  # with history: timestamps as ezkit writes them
    for path, document in zip(EXAMPLES, DOCUMENTS[:-1], strict=True):
        assert _same_as_pydantic(document), path
        raw = load_yaml(path)
        if isinstance(raw.get("people_package"), str):
            continue  # a path, read by read_character
        assert _same_as_pydantic(raw), path


def test_a_people_package_is_read_and_written_as_pydantic_does() -> None:
    adapter = TypeAdapter(PeoplePackage)
    from ezkit.yamlio import load_yaml

    assert PEOPLE
    for path in PEOPLE:
        document = load_yaml(path)
        package = strict.check(PeoplePackage, document)
        assert package == adapter.validate_python(document)
        assert strict.dump(PeoplePackage, package) == adapter.dump_python(package, mode="json")


@pytest.mark.parametrize(
    ("where", "said"),
    [
        (("name",), "name: Input should be a valid string"),  # pydantic's own, for a Name
        (("roles", 0, "name"), "roles[0].name: Input should be a valid string"),
        (("tools",), "tools[0]: holds '\\ud800', half of a character (a lone surrogate)"),
        (("idea",), "idea: holds '\\ud800', half of a character (a lone surrogate)"),
    ],
)
def test_half_a_character_is_refused_by_both(where: tuple[Any, ...], said: str) -> None:
    """A lone surrogate (JSON's "\\ud800") in any text: refused in words, by strict and
    pydantic alike (it could be neither printed nor stored; it was an internal error)."""
    document = copy.deepcopy(DOCUMENTS[0])
    *path, last = where
    parent: Any = document
    for part in path:
        parent = parent[part]
    parent[last] = ["a\ud800"] if last == "tools" else "Ja\ud800son"
    assert not _same_as_pydantic(document)
    with pytest.raises(InvalidCharacter) as refused:
        parse_character(document)
    assert said in str(refused.value)


def test_a_date_past_the_calendar_is_refused_in_words() -> None:
    document = {**DOCUMENTS[0], "history": [{"time": "2024-13-01T10:00:00", "kind": "note"}]}
    assert not _same_as_pydantic(document)
    with pytest.raises(InvalidCharacter, match=r"history\[0\]\.time"):
        parse_character(document)


@pytest.mark.parametrize(
    "text",
    ["2024-05-01T10:00:00Z", "2024-05-01T10:00:00.250000+02:00", "2024-05-01T10:00:00"],
)
def test_a_timestamp_is_read_and_written_as_pydantic_does(text: str) -> None:
    document = {**DOCUMENTS[0], "history": [{"time": text, "kind": "note"}]}
    assert _same_as_pydantic(document)
    assert parse_character(document).to_document()["history"][0]["time"] == text


def test_reading_a_valid_character_imports_no_pydantic() -> None:
    """The point of it all: `char check` on a valid file starts without pydantic."""
    import subprocess

    code = (
        "import sys; from pathlib import Path\n"
        "from ezkit.character.files import read_character\n"
        f"read_character(Path({str(EXAMPLES[0])!r})).to_document()\n"
        "print('pydantic' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


# --- scene files -------------------------------------------------------------------------------

SCENE = TypeAdapter(scene_file._SceneDocument)
SCENES = [load_yaml(path) for path in sorted((ROOT / "examples" / "scenes").glob("*.yaml"))]


def _scene_as_pydantic(document: Any) -> bool:
    try:
        by_pydantic = SCENE.validate_python(copy.deepcopy(document))
    except ValidationError:
        by_pydantic = None
    try:
        by_strict = strict.check(scene_file._SceneDocument, copy.deepcopy(document))
    except strict.Doubt:
        return False
    assert by_pydantic is not None, f"strict accepted what pydantic refuses: {document!r}"
    assert by_strict == by_pydantic
    assert by_strict.written() == SCENE.dump_python(by_pydantic, mode="json", exclude_none=True)
    return True


def test_the_example_scenes_are_read_without_pydantic() -> None:
    assert SCENES and all(_scene_as_pydantic(document) for document in SCENES)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(SCENES))
def test_strict_reads_scenes_as_pydantic_does(document: Any) -> None:
    _scene_as_pydantic(document)
