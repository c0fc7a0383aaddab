"""Wounds by hand, first aid, natural healing and medical care (EZ-14, EZ-15, EZ-16, EZ-21).

Each function takes a character and returns a new one with its wound track
changed and a history entry recording it (kind "wound" or "heal"), or raises
RuleError saying why the rules refuse. The track itself is worked by
`ezkit.combat.wounds`; the numbers (boxes, which level clears after a battle,
the healer's target, treatments per week) come from the rules data.

Time is counted in in-game weeks: the character's current week is the latest
`week` in its history (0 when none). Resting N weeks moves it on by N; medical
treatments are counted per week, so resting is what makes room for more.

The limit on medical care applies per wound (EZ-25): a treatment rolls on the
wounds the character has, and each may be rolled on so many times a week (the
era's frequency); a wound taken since may be treated at once. How often a mark
was rolled on is read from the history: the treatments of the week since the
`wound` entry that marked it. A treatment's entry keeps, in `wound`, the mark it
moved down a box or healed away, as it was, so a mark can be followed back
through the treatments that moved it (None: nothing moved, as when it failed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from ezkit import ladder
from ezkit.character.model import Character, HistoryEntry, WoundMark
from ezkit.combat import wounds
from ezkit.errors import InputError, RuleError
from ezkit.rules import MAX_REST_WEEKS, LimitError, Rules, shown


def current_week(character: Character) -> int:
    """The character's in-game week: the latest `week` in its history, 0 when none."""
    for entry in reversed(character.history):
        if entry.week is not None:
            return entry.week
    return 0


def treatments_this_week(character: Character) -> int:
    """Medical treatments (failed ones too) given in the current in-game week."""
    week = current_week(character)
    return sum(1 for e in character.history if e.medical and e.week == week)


def wound(
    character: Character,
    level_or_value: str | int,
    rules: Rules,
    stun: bool = False,
    reason: str = "",
) -> Character:
    """Mark a wound by hand: a level name (`Hurt`, `very hurt`) or a wound value (`5`).

    A value is read through the wound table (EZ-14); 0 or less is no wound and is
    refused. The box is marked as the track does it: promotion, stun, Dead (EZ-15, EZ-16).
    """
    if wounds.is_dead(character.wounds):
        raise RuleError(f"{character.name} is already Dead: no wound to mark (EZ-15)")
    rolled = _rolled_level(level_or_value, rules)
    track, marked = wounds.mark(character.wounds, rolled, rules, stun=stun)
    added = track[-1] if len(track) > len(character.wounds) else None
    entry = HistoryEntry(
        time=_now(), kind="wound", reason=_reason(marked.describe(), reason), wound=added
    )
    return _record(character, entry, track)


def after_battle(character: Character, rules: Rules, reason: str = "") -> Character:
    """First aid after the battle: every mark rolled as a Scratch, and every stun, clears.

    A Scratch clears wherever promotion put it; the other marks stay in their boxes (EZ-21).
    """
    _living(character, "first aid")
    kept, cleared = _first_aid(character.wounds, rules)
    what = "after the battle: " + (
        "cleared " + ", ".join(_mark_text(m) for m in cleared) if cleared else "nothing to clear"
    )
    entry = HistoryEntry(
        time=_now(),
        kind="heal",
        reason=_reason(what, reason),
        week=current_week(character),
    )
    return _record(character, entry, kept)


def rest(character: Character, weeks: int, rules: Rules, reason: str = "") -> Character:
    """Natural healing: each week of rest every wound mark heals one level (EZ-21).

    Rest includes first aid, so Scratches and stuns clear first. Then, week by week,
    every remaining mark moves down one level at once, the lowest marks first, so a
    box below is freed before the mark above moves into it. A mark healing from the
    lowest non-Scratch level (Hurt) disappears; it does not become a Scratch. A mark
    whose box below is still full (only possible with house-rule box counts) stays
    where it is that week. The character's week moves on by `weeks`.
    """
    if weeks < 1:
        raise RuleError(f"rest is counted in whole weeks: {weeks} is not at least 1 (EZ-21)")
    if weeks > MAX_REST_WEEKS:
        raise LimitError(
            f"a rest of {shown(weeks)} weeks is more than {MAX_REST_WEEKS}, the longest rest "
            "counted at once (ten years, EZ-21)"
        )
    _living(character, "rest")
    track, cleared = _first_aid(character.wounds, rules)
    start = list(track)
    ends: list[WoundMark | None] = list(track)
    for _ in range(weeks):
        healed = _heal_week(ends, rules)
        if healed == ends:  # nothing moved this week: nothing will in the weeks after
            break
        ends = healed
    changes = [_mark_text(m) + " cleared" for m in cleared]
    for before, after in zip(start, ends, strict=True):
        if after is None:
            changes.append(f"{before.level} healed")
        elif after.level != before.level:
            changes.append(f"{before.level} -> {after.level}")
    week = current_week(character)
    plural = "s" if weeks != 1 else ""
    what = f"rested {weeks} week{plural} (week {week} -> {week + weeks}): " + (
        ", ".join(changes) or "nothing to heal"
    )
    entry = HistoryEntry(time=_now(), kind="heal", reason=_reason(what, reason), week=week + weeks)
    return _record(character, entry, _in_order([m for m in ends if m is not None], rules))


def medical(
    character: Character,
    result: int,
    era: str,
    rules: Rules,
    hospital: bool = False,
    reason: str = "",
) -> Character:
    """One medical treatment: a healer's result of Fair or better heals the worst wound a level.

    The worst wound is the highest marked box that is not a Scratch or a stun (those
    clear with first aid). A hospital adds its bonus to the result. Treatments are
    limited per in-game week by the era; a failed one counts too (EZ-21).
    """
    healing = rules.healing
    key = " ".join(era.lower().split())
    if key not in healing.treatments_per_week:
        eras = ", ".join(healing.treatments_per_week)
        raise InputError(f"unknown era {era!r} for medical care; eras: {eras} (EZ-21)")
    per_week = healing.treatments_per_week[key]
    _living(character, "medical care")
    week = current_week(character)
    given = treatments_this_week(character)
    treatable = [i for i, m in enumerate(character.wounds) if not _clears(m, rules)]
    if not treatable:
        raise RuleError(
            f"{character.name} has no wound for medical care to heal: Scratches and stuns "
            "clear with first aid after the battle (EZ-21)"
        )
    # EZ-25: the limit is per wound; a wound taken since the week's treatments is fresh
    rolled_on = {i: times_rolled_on(character, i, rules) for i in treatable}
    waiting = [i for i in treatable if rolled_on[i] < per_week]
    if not waiting:
        raise RuleError(
            f"{character.name} has had {_count(given, 'medical treatment')} in week {week}; "
            f"{key} care allows {per_week} a week (EZ-21) for each wound, and every wound "
            f"{character.name} has was rolled on that often since it was taken (EZ-25): "
            "a wound taken since may be treated at once; rest (--weeks) moves the week on"
        )
    index = max(waiting, key=lambda i: wounds.level_index(character.wounds[i].level, rules))
    total = result + (healing.hospital_bonus if hospital else 0)
    shown = ladder.label(result) + (
        f" {healing.hospital_bonus:+d} hospital = {ladder.label(total)}" if hospital else ""
    )
    track = list(character.wounds)
    target = ladder.name(healing.medical_result)
    moved: WoundMark | None = None  # the mark moved down a box or healed away, as it was
    before = track[index]
    if total >= healing.medical_result:
        track = _heal_one(track, index, rules)
        after = track[index] if len(track) == len(character.wounds) else None
        outcome = f"{before.level} -> {after.level}" if after else f"{before.level} healed"
        if after is not None or _heals_away(wounds.level_index(before.level, rules), rules):
            moved = before  # else it went into a full box below: no mark changed box
    else:
        outcome = f"below {target}, nothing healed"
    new = "; a wound taken since, EZ-25" if rolled_on[index] < min(given, per_week) else ""
    what = (
        f"medical care ({key}, treatment {rolled_on[index] + 1} of {per_week} in week "
        f"{week}{new}): {shown}: {outcome}"
    )
    entry = HistoryEntry(
        time=_now(),
        kind="heal",
        reason=_reason(what, reason),
        week=week,
        medical=True,
        wound=moved,
    )
    return _record(character, entry, track)


def times_rolled_on(character: Character, position: int, rules: Rules) -> int:
    """How many of this week's medical treatments rolled on the mark at `position` (EZ-25).

    A treatment rolls on every wound the character has, so the count is the week's
    treatments since the mark was taken. Walking the history back from now, the mark
    is followed through the treatments that moved it down a box (their `wound` is the
    mark one box up) to the `wound` entry that marked it; a mark with no such entry
    this week was there before the week's first treatment.
    """
    week = current_week(character)
    mark = character.wounds[position]
    level = wounds.level_index(mark.level, rules)
    count = 0
    for entry in reversed(character.history):
        if entry.week is not None and entry.week < week:
            break  # before this week: its treatments do not count
        state = WoundMark(level=rules.wounds.levels[level].name, rolled=mark.rolled)
        if entry.kind == "wound" and entry.wound == state:
            break  # the wound was taken here
        if not (entry.medical and entry.week == week):
            continue
        count += 1
        levels = rules.wounds.levels
        if entry.wound is not None and level + 1 < len(levels):
            above = replace(state, level=levels[level + 1].name)
            if entry.wound == above:
                level += 1  # this treatment moved it down from the box above
    return count


# --- helpers -----------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _record(character: Character, entry: HistoryEntry, track: list[WoundMark]) -> Character:
    return replace(character, wounds=track, history=[*character.history, entry])


def _reason(what: str, reason: str) -> str:
    return f"{what}; {reason}" if reason else what


def _count(n: int, unit: str) -> str:
    return f"{n} {unit}{'s' if n != 1 else ''}"


def _living(character: Character, doing: str) -> None:
    if wounds.is_dead(character.wounds):
        raise RuleError(f"{character.name} is Dead: {doing} cannot heal the dead (EZ-15, EZ-21)")


def _rolled_level(level_or_value: str | int, rules: Rules) -> str:
    """The level a wound was rolled at, from a level name or a wound value (EZ-14)."""
    text = str(level_or_value).strip()
    try:
        value = int(text)
    except ValueError:
        return wounds.level_named(text, rules).name
    level = wounds.level_for(value, rules)
    if level is None:
        raise RuleError(f"a wound value of {value} is no wound: 0 or less does nothing (EZ-14)")
    return level


def _clears(mark: WoundMark, rules: Rules) -> bool:
    """A stun, or a mark rolled at a level that clears after the battle (a Scratch)."""
    return mark.stun or wounds.level_named(mark.rolled, rules).heals_after_battle


def _first_aid(track: Sequence[WoundMark], rules: Rules) -> tuple[list[WoundMark], list[WoundMark]]:
    """(the marks kept, the marks cleared) by first aid."""
    kept = [m for m in track if not _clears(m, rules)]
    cleared = [m for m in track if _clears(m, rules)]
    return kept, cleared


def _mark_text(mark: WoundMark) -> str:
    if mark.stun:
        return f"stun {mark.level}"
    if mark.rolled != mark.level:
        return f"{mark.level} (rolled {mark.rolled})"
    return mark.level


def _heals_away(index: int, rules: Rules) -> bool:
    """A mark one level above the bottom (or a cleared level) heals away, not down."""
    return index == 0 or rules.wounds.levels[index - 1].heals_after_battle


def _heal_week(track: list[WoundMark | None], rules: Rules) -> list[WoundMark | None]:
    """One week of rest: every mark down a level at once, lowest first (same positions)."""
    levels = rules.wounds.levels
    result: list[WoundMark | None] = [None] * len(track)
    placed: dict[int, int] = {}
    marks = [(wounds.level_index(m.level, rules), i, m) for i, m in enumerate(track) if m]
    for index, i, mark in sorted(marks, key=lambda item: item[:2]):
        if _heals_away(index, rules):
            continue
        if placed.get(index - 1, 0) < levels[index - 1].boxes:
            index -= 1
        placed[index] = placed.get(index, 0) + 1
        result[i] = replace(mark, level=levels[index].name)
    return result


def _heal_one(track: list[WoundMark], position: int, rules: Rules) -> list[WoundMark]:
    """One mark healed one level: into the box below, or gone.

    It is gone when it was a Hurt (it does not become a Scratch), and when the box
    below is already marked: the character is then at that lower level, one level
    better, which is what healing one level means for the condition.
    """
    levels = rules.wounds.levels
    mark = track[position]
    index = wounds.level_index(mark.level, rules)
    below = index - 1
    if (
        _heals_away(index, rules)
        or sum(1 for m in track if m.level == levels[below].name) >= levels[below].boxes
    ):
        return [m for i, m in enumerate(track) if i != position]
    track = list(track)
    track[position] = replace(mark, level=levels[below].name)
    return track


def _in_order(track: list[WoundMark], rules: Rules) -> list[WoundMark]:
    """The track lowest level first, as the sheet reads."""
    return sorted(track, key=lambda m: wounds.level_index(m.level, rules))
