"""The Ladder: rank names and numbers both ways (ruling EZ-1).

    Superb +4, Great +3, Good +2, Fair +1, Mediocre 0, Poor -1, Terrible -2

Beyond the ends a result is still named: "Worse Than Terrible" (-3),
"Completely Terrible" (-4), and above the top "Superb +1", "Superb +2", ...
Below -4 the same pattern runs downwards: "Completely Terrible -1" (-5), ...
"""

from __future__ import annotations

import re

from ezkit.errors import RankError
from ezkit.words import shorten

#: The seven rungs of the Ladder, best first, as the book prints them.
LADDER: dict[str, int] = {
    "Superb": 4,
    "Great": 3,
    "Good": 2,
    "Fair": 1,
    "Mediocre": 0,
    "Poor": -1,
    "Terrible": -2,
}
TOP = 4
BOTTOM = -2

#: The two rungs the "Mathless" section adds below Terrible for dice results.
BELOW: dict[str, int] = {"Worse Than Terrible": -3, "Completely Terrible": -4}
FLOOR = -4

_NAMES = {**LADDER, **BELOW}
_BY_NUMBER = {value: name for name, value in _NAMES.items()}
_LOWER = {name.lower(): value for name, value in _NAMES.items()}

LADDER_HINT = "Ladder: Terrible..Superb or -2..+4"

#: Ranks further out than this are on no table a game uses; the cap keeps typos sane.
LIMIT = 20

_NUMBER = re.compile(r"^[+-]?\d{1,6}$")
_WITH_NUMBER = re.compile(r"^(?P<name>.*?)\s*\(\s*(?P<number>[+-]?\d{1,6})\s*\)$")
_BEYOND = re.compile(r"^(?P<name>superb|completely terrible)\s*(?P<step>[+-]\s*\d{1,6})$", re.I)


def name(rank: int) -> str:
    """The Ladder word for a number: `name(3) == "Great"`, `name(6) == "Superb +2"`."""
    if rank in _BY_NUMBER:
        return _BY_NUMBER[rank]
    if rank > TOP:
        return f"Superb +{rank - TOP}"
    return f"Completely Terrible -{FLOOR - rank}"


def label(rank: int) -> str:
    """Word and number, as the book writes them: `label(3) == "Great (+3)"`."""
    return f"{name(rank)} ({signed(rank)})"


def with_article(rank: int) -> str:
    """The rank's word after "a" or "an": "a Great", "a Mediocre"."""
    word = name(rank)
    return f"an {word}" if word[0].lower() in "aeiou" else f"a {word}"


def signed(number: int) -> str:
    """A number with its sign, as the Ladder prints it: +3, 0, -1."""
    return f"{number:+d}" if number else "0"


def parse(text: str | int) -> int:
    """Read a rank given by name, unambiguous prefix, number or `Great (+3)`.

    Raises RankError with a did-you-mean suggestion when the text is no rank.
    """
    rank = _parse(text)
    if abs(rank) > LIMIT:
        raise _off_by_far(text)
    return rank


def _off_by_far(text: str | int) -> RankError:
    shown = shorten(" ".join(str(text).split()))  # as typed, less the space click's `-21` gets
    return RankError(
        f"rank {shown!r} is off the Ladder by far: ranks run from -{LIMIT} to +{LIMIT} "
        f"({LADDER_HINT})"
    )


def _parse(text: str | int) -> int:
    if isinstance(text, bool):  # YAML's yes/true is no rank, though Python counts it an int
        raise RankError(f"{str(text).lower()} is not a rank ({LADDER_HINT})")
    if isinstance(text, int):
        return text
    if text is None:  # a file's empty value (`body:` or `body: null`), not the word None
        raise RankError(f"no rank given: give a name or a number ({LADDER_HINT})")
    raw = cleaned = " ".join(str(text).split())  # messages quote it as typed, spaces aside
    if not cleaned:
        raise RankError(f"empty rank: give a name or a number ({LADDER_HINT})")
    if _NUMBER.match(cleaned):
        return int(cleaned)
    unsigned = cleaned[1:] if cleaned[0] in "+-" else cleaned  # one sign: `+-1` is no number
    if cleaned.isascii() and unsigned.isdigit():  # seven digits or more
        raise _off_by_far(cleaned)
    both = _WITH_NUMBER.match(cleaned)
    if both:
        number = int(both["number"])
        if both["name"]:
            word = _parse_word(both["name"], raw)
            if word != number:
                raise RankError(
                    f"rank {shorten(raw)!r} does not add up: {name(word)} is {signed(word)}, "
                    f"not {signed(number)} ({LADDER_HINT})"
                )
        return number
    return _parse_word(cleaned, raw)


def _parse_word(word: str, raw: str) -> int:
    key = word.lower()
    if key in _LOWER:
        return _LOWER[key]
    beyond = _BEYOND.match(word)
    if beyond:
        step = int(beyond["step"].replace(" ", ""))
        if beyond["name"].lower() == "superb" and step > 0:
            return TOP + step
        if beyond["name"].lower() == "completely terrible" and step < 0:
            return FLOOR + step
    matches = [value for lowered, value in _LOWER.items() if lowered.startswith(key)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        options = ", ".join(repr(name(value)) for value in matches)
        raise RankError(f"ambiguous rank {shorten(raw)!r}: it could be {options} ({LADDER_HINT})")
    raise RankError(f"unknown rank {shorten(raw)!r}{_suggestion(word)} ({LADDER_HINT})")


def _suggestion(word: str) -> str:
    import difflib  # only for a word that is not a rank: not at every start-up

    close = difflib.get_close_matches(word.lower(), list(_LOWER), n=1, cutoff=0.5)
    if not close:
        return ""
    return f"; did you mean {name(_LOWER[close[0]])!r}?"


def ranks(low: int = BOTTOM, high: int = TOP) -> list[int]:
    """Ranks from best to worst, as the Ladder is printed."""
    return list(range(high, low - 1, -1))
