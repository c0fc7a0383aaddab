"""Wounds: level from value (EZ-14), the wound track with promotion (EZ-15), stun (EZ-16).

The track is a list of marks (`WoundMark`: the level whose box is marked, the
level it was rolled at, and whether it is a stun). Everything else (penalty,
movement, whether one can act, Dead) is worked out from the marks and the
wound table in the rules data, so one table drives it all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ezkit.errors import InputError
from ezkit.records import record
from ezkit.rules import Rules, WoundLevel

if TYPE_CHECKING:  # the track is read from any marks with .level and .stun (`char list`)
    from ezkit.character.model import WoundMark

DEAD = "Dead"


def level_for(value: int, rules: Rules) -> str | None:
    """The wound level for a wound value; None when it is no wound (value <= 0)."""
    found = None
    for level in rules.wounds.levels:
        if value >= level.from_:
            found = level.name
    return found


def highest_value(level: str, rules: Rules) -> int:
    """The largest wound value of a level (a pulled punch caps the wound at it)."""
    levels = rules.wounds.levels
    index = level_index(level, rules)
    if index + 1 < len(levels):
        return levels[index + 1].from_ - 1
    return 10**6


def level_index(name: str, rules: Rules) -> int:
    """A level by name, any case: the exact name wins, else an unambiguous prefix (`near`)."""
    key = " ".join(name.lower().replace("-", " ").split())
    lowered = [level.name.lower() for level in rules.wounds.levels]
    if key in lowered:
        return lowered.index(key)
    starting = [i for i, low in enumerate(lowered) if key and low.startswith(key)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        could = " or ".join(repr(rules.wounds.levels[i].name) for i in starting)
        raise InputError(f"ambiguous wound level {name!r}: it could be {could} (EZ-14)")
    names = ", ".join(level.name for level in rules.wounds.levels)
    raise InputError(f"unknown wound level {name!r}; levels: {names} (EZ-14)")


def level_named(name: str, rules: Rules) -> WoundLevel:
    return rules.wounds.levels[level_index(name, rules)]


def shift(level: str | None, steps: int, rules: Rules) -> str | None:
    """A level moved up or down the table (damage option 4); below Scratch is no wound."""
    names = [level.name for level in rules.wounds.levels]
    index = -1 if level is None else names.index(level)
    index = min(max(index + steps, -1), len(names) - 1)
    return None if index < 0 else names[index]


@record
class Marked:
    """What marking a wound did: the box marked (or Dead, or nothing for a stun)."""

    rolled: str
    level: str | None  # the level whose box was marked; Dead; None when nothing was marked
    stun: bool
    promoted: bool
    stun_name: str | None = None  # a stun by its own name: Dazed, Stunned, Knocked Out (EZ-16)
    capped: bool = False  # a stun rolled above the stun cap, marked at it (EZ-16)

    def describe(self) -> str:
        """`Hurt`, `stun Hurt (Dazed)`, `stun Scratch: No effect` (EZ-16), `..., Dead`."""
        if self.stun and self.level is None:
            full = "" if self.stun_name is None else ", no box left for it"
            return f"stun {self.rolled}: No effect{full}"
        if self.level is None:
            return f"{self.rolled}: no effect"
        if self.level == DEAD:
            return f"{self.rolled}, past Near Death: Dead"
        moved = (
            f"rolled {self.rolled}, promoted"
            if self.promoted
            else (f"rolled {self.rolled}, held to the stun cap" if self.capped else "")
        )
        if self.stun:
            return f"stun {self.level} ({self.stun_name}{'; ' + moved if moved else ''})"
        return f"{self.level} ({moved})" if moved else self.level


def mark(
    track: Sequence[WoundMark], rolled: str, rules: Rules, stun: bool = False
) -> tuple[list[WoundMark], Marked]:
    """Mark a wound rolled at a level: its box, else the next level up with an empty box.

    Past the last level the character is Dead. A stun that would be a Scratch
    has no effect; a stun never promotes past the stun cap and never kills (EZ-16).
    """
    from ezkit.character.model import WoundMark

    levels = rules.wounds.levels
    start = level_index(rolled, rules)
    marks = list(track)
    if is_dead(marks):
        return marks, Marked(levels[start].name, DEAD, stun, False)
    if stun and levels[start].stun is None:
        return marks, Marked(levels[start].name, None, True, False)
    top = level_index(rules.wounds.stun_cap, rules) if stun else len(levels) - 1
    for index in range(min(start, top), top + 1):
        level = levels[index]
        if sum(1 for m in marks if m.level == level.name) < level.boxes:
            marks.append(WoundMark(level=level.name, rolled=levels[start].name, stun=stun))
            named = level.stun if stun else None  # the box's stun name is the effect (EZ-16)
            return marks, Marked(
                levels[start].name, level.name, stun, index > start, named, capped=index < start
            )
    if stun:  # every box up to the stun cap is full: the stun adds nothing
        return marks, Marked(levels[start].name, None, True, False, levels[start].stun)
    marks.append(WoundMark(level=DEAD, rolled=levels[start].name, stun=False))
    return marks, Marked(levels[start].name, DEAD, False, True)


def is_dead(track: Sequence[WoundMark]) -> bool:
    return any(m.level == DEAD for m in track)


def worst(track: Sequence[WoundMark], rules: Rules) -> WoundLevel | None:
    """The highest marked level: only its effect applies (EZ-15)."""
    indices = [level_index(m.level, rules) for m in track if m.level != DEAD]
    return rules.wounds.levels[max(indices)] if indices else None


def penalty(track: Sequence[WoundMark], rules: Rules) -> int:
    """The modifier to every action: the highest marked level's, stun or wound."""
    level = worst(track, rules)
    return level.penalty if level else 0


def can_act(track: Sequence[WoundMark], rules: Rules) -> bool:
    """Out of It or worse (or Knocked Out, or Dead): no actions (EZ-15, EZ-16)."""
    if is_dead(track):
        return False
    level = worst(track, rules)
    return level.acts if level else True


def areas_per_round(track: Sequence[WoundMark], rules: Rules) -> int | None:
    """How far one may move in a round; None for no limit."""
    if is_dead(track):
        return 0
    level = worst(track, rules)
    return level.areas_per_round if level else None


def condition(track: Sequence[WoundMark], rules: Rules) -> str:
    """In words: "unhurt", "Hurt (-1)", "Stunned (-2)", "Out of It: no actions", "Dead"."""
    if is_dead(track):
        return DEAD
    level = worst(track, rules)
    if level is None:
        return "unhurt"
    stunned = [m for m in track if m.level == level.name and m.stun]
    wounded = [m for m in track if m.level == level.name and not m.stun]
    name = level.stun if stunned and not wounded and level.stun else level.name
    if not level.acts:
        return f"{name}: no actions"
    return f"{name} ({level.penalty:+d})" if level.penalty else name


def boxes(track: Sequence[WoundMark], rules: Rules) -> list[tuple[str, list[str]]]:
    """Each level and its boxes: "" empty, "x" a wound, "o" a stun (the sheet circles it)."""
    rows = []
    for level in rules.wounds.levels:
        here = [m for m in track if m.level == level.name]
        cells = ["o" if m.stun else "x" for m in here][: level.boxes]
        rows.append((level.name, cells + [""] * (level.boxes - len(cells))))
    return rows


def track_text(track: Sequence[WoundMark], rules: Rules) -> str:
    """The track on one line: `Scratch [x][ ][ ] Hurt [o] ...`."""
    text = " ".join(
        f"{name} " + "".join(f"[{c or ' '}]" for c in cells) for name, cells in boxes(track, rules)
    )
    return f"{text}  {condition(track, rules)}"
