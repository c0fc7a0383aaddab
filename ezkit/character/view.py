"""A character in words, for the terminal: what `ezkit char show` and `check` print."""

from __future__ import annotations

from ezkit import ladder
from ezkit.character.check import Report, ranks_in_play
from ezkit.character.model import Character, HistoryEntry


def summary(character: Character, report: Report) -> list[str]:
    """The character sheet as lines of text, traits as played (people package applied)."""
    c = character.effective()
    d = report.derived
    lines = [f"{c.name}" + (f" (player {c.player})" if c.player else "")]
    if c.idea:
        lines.append(f"  Idea: {c.idea}")
    people = c.people or (c.people_package.name if c.people_package else "")
    if people:
        package = f" (package {c.people_package.name})" if c.people_package else ""
        lines.append(f"  People: {people}{package}")
    lines.append("  Roles: " + ", ".join(f"{ladder.label(r.rank)} {r.label}" for r in c.roles))
    a = c.attributes
    lines.append(
        "  Attributes: "
        + ", ".join(
            f"{name.capitalize()} {ladder.label(getattr(a, name))}"
            for name in ("body", "agility", "mind", "will")
        )
        + f"; Mass Scale {c.mass_scale}"
    )
    if c.gifts:
        lines.append("  Gifts: " + ", ".join(_gift(g.name, g.supernormal) for g in c.gifts))
    if c.faults:
        lines.append("  Faults: " + ", ".join(f.name for f in c.faults))
    lines.append(f"  Fudge Points {c.fudge_points}, Experience {c.experience}")
    cpd_parts = " + ".join(f"{source} {value}" for source, value in d.cpd_parts)
    lines.append(
        f"  Resilience {ladder.signed(d.resilience)}, Reflexes {ladder.signed(d.reflexes)}, "
        f"CPD {d.cpd} ({cpd_parts})"
    )
    roles = {w.name: w.role for w in c.weapons if w.role}
    for w in d.weapons:
        role = f"; used with {roles[w.name]} (EZ-24)" if w.name in roles else ""
        lines.append(f"  Weapon: {w.name}, INJ {w.inj} ({w.how}){role}")
    if c.armor:
        lines.append(f"  Armor: {c.armor.name}")
    if c.wounds:
        marks = ", ".join(f"{m.level}{' (stun)' if m.stun else ''}" for m in c.wounds)
        lines.append(f"  Wounds: {marks}")
    if c.tools:
        lines.append("  Tools and kit: " + "; ".join(c.tools))
    if c.description:
        lines.append(f"  Description: {c.description}")
    if c.background:
        lines.append(f"  Background: {c.background}")
    return lines


def _gift(name: str, supernormal: bool) -> str:
    return f"{name} (supernormal)" if supernormal else name


def history_lines(character: Character) -> list[str]:
    """Every award, spend, conversion and improvement, oldest first."""
    if not character.history:
        return ["  (no history yet)"]
    return [
        f"  {entry.time.isoformat()}  {describe(entry, character)}" for entry in character.history
    ]


def describe(entry: HistoryEntry, character: Character) -> str:
    """One history entry of the character's in words; an improvement by its ranks in play
    (the people package applied, EZ-8), though the entry keeps them as stored."""
    parts = [entry.kind]
    played = ranks_in_play(entry, character)
    if played is None and entry.from_rank is not None and entry.to_rank is not None:
        played = entry.from_rank, entry.to_rank  # no kind of trait: read as written
    if entry.trait and played is not None:
        parts.append(f"{entry.trait} {ladder.name(played[0])} -> {ladder.name(played[1])}")
    if entry.gift:
        parts.append(f"gift {entry.gift.name}")
    if entry.fault:
        parts.append(f"fault {entry.fault.name}")
    if entry.fudge_points:
        parts.append(f"{entry.fudge_points:+d} FP")
    if entry.experience:
        parts.append(f"{entry.experience:+d} XP")
    text = ", ".join(parts)
    return f"{text}: {entry.reason}" if entry.reason else text


def report_lines(report: Report) -> list[str]:
    """The check's verdict: budgets, build points, derived values, every problem."""
    c = report.character
    errors = len(report.errors)
    verdict = "valid" if report.valid else f"INVALID ({errors} error{'s' if errors != 1 else ''})"
    lines = [f"{c.name} ({c.build}): {verdict}"]
    units = {"roles": "role points", "attributes": "attribute ranks", "gifts": "gifts"}
    if report.budgets:
        lines.append(
            "  Budgets: "
            + ", ".join(
                f"{kind} {b.spent}/{b.available} {units[kind]}"
                for kind, b in report.budgets.items()
            )
        )
    lines.append(f"  Build points: {report.build_points} (the CHECKING formula)")
    d = report.derived
    lines.append(
        f"  Resilience {ladder.signed(d.resilience)}, Reflexes {ladder.signed(d.reflexes)}, "
        f"CPD {d.cpd}; " + (", ".join(f"{w.name} INJ {w.inj}" for w in d.weapons) or "no weapons")
    )
    for problem in report.errors:
        lines.append(f"  error   {problem}")
    for problem in report.warnings:
        lines.append(f"  warning {problem}")
    return lines
