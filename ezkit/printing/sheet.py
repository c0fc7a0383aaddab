"""The character sheet as a view model: everything the template shows, worked out here."""

from __future__ import annotations

from typing import Any

from ezkit import ladder
from ezkit.character.check import check
from ezkit.character.model import Character, WoundMark
from ezkit.combat import wounds
from ezkit.rules import Rules

ATTRIBUTES = ("body", "agility", "mind", "will")


def ladder_rungs() -> list[dict[str, str]]:
    """The Ladder, best first, for the side of the sheet."""
    return [{"word": ladder.name(r), "number": ladder.signed(r)} for r in ladder.ranks()]


def wound_rows(track: list[WoundMark], rules: Rules) -> list[dict[str, Any]]:
    """Each level of the wound table: its wound values, its effect, its boxes as marked."""
    levels = rules.wounds.levels
    rows = []
    for i, level in enumerate(levels):
        top = levels[i + 1].from_ - 1 if i + 1 < len(levels) else None
        values = f"{level.from_}+" if top is None else f"{level.from_}-{top}"
        effect = []
        if level.penalty:
            effect.append(f"{level.penalty:+d} to actions")
        if not level.acts:
            effect.append("no actions, no moving on his own")
        elif level.areas_per_round is not None:
            effect.append(f"moves at most {level.areas_per_round} area a round")
        marks = [m for m in track if m.level == level.name]
        boxes = ["stun" if m.stun else "wound" for m in marks][: level.boxes]
        rows.append(
            {
                "level": level.name,
                "range": values,
                "effect": "; ".join(effect) or "no effect",
                "stun": level.stun or "no effect",
                "boxes": boxes + ["empty"] * (level.boxes - len(boxes)),
            }
        )
    return rows


def sheet(character: Character, rules: Rules) -> dict[str, Any]:
    """One character's sheet, traits as played (the people package applied)."""
    played = character.effective()
    report = check(character, rules)
    d = report.derived
    package = character.people_package
    return {
        "blank": False,
        "name": character.name,
        "player": character.player,
        "idea": character.idea,
        "people": character.people or (package.name if package else ""),
        "package": package.name if package else "",
        "roles": [
            {
                "name": r.name,
                "specialty": r.specialty or "",
                "word": ladder.name(r.rank),
                "number": ladder.signed(r.rank),
            }
            for r in sorted(played.roles, key=lambda r: -r.rank)
        ],
        "attributes": [
            {
                "name": a.capitalize(),
                "word": ladder.name(getattr(played.attributes, a)),
                "number": ladder.signed(getattr(played.attributes, a)),
            }
            for a in ATTRIBUTES
        ],
        "mass_scale": played.mass_scale,
        "gifts": [
            {"name": g.name, "note": g.note, "supernormal": g.supernormal} for g in played.gifts
        ],
        "faults": [{"name": f.name, "note": f.note} for f in played.faults],
        "fudge_points": character.fudge_points,
        "experience": character.experience,
        "resilience": ladder.signed(d.resilience),
        "reflexes": ladder.signed(d.reflexes),
        "cpd": d.cpd,
        "cpd_parts": " + ".join(f"{source} {value}" for source, value in d.cpd_parts),
        "weapons": [
            {"name": w.name, "kind": w.kind, "inj": w.inj, "how": w.how} for w in d.weapons
        ],
        "armor": _armor(character, d.cpd_parts),
        "condition": wounds.condition(character.wounds, rules),
        "wounds": wound_rows(list(character.wounds), rules),
        "tools": list(character.tools),
        "description": character.description,
        "background": character.background,
        "ladder": ladder_rungs(),
    }


def blank(rules: Rules) -> dict[str, Any]:
    """An empty sheet to fill in by hand: the same parts, with room to write."""
    return {
        "blank": True,
        "name": "",
        "player": "",
        "idea": "",
        "people": "",
        "package": "",
        "roles": [{"name": "", "specialty": "", "word": "", "number": ""}] * 6,
        "attributes": [{"name": a.capitalize(), "word": "", "number": ""} for a in ATTRIBUTES],
        "mass_scale": "",
        "gifts": [{"name": "", "note": "", "supernormal": False}] * 3,
        "faults": [{"name": "", "note": "", "supernormal": False}] * 3,
        "fudge_points": "",
        "experience": "",
        "resilience": "",
        "reflexes": "",
        "cpd": "",
        "cpd_parts": "armor + Mass Scale + Resilience + other",
        "weapons": [{"name": "", "kind": "", "inj": "", "how": ""}] * 3,
        "armor": "",
        "condition": "",
        "wounds": wound_rows([], rules),
        "tools": [],
        "description": "",
        "background": "",
        "ladder": ladder_rungs(),
    }


def _armor(character: Character, parts: list[tuple[str, int]]) -> str:
    if character.armor is None:
        return ""
    bonus = dict(parts).get("armor", 0)
    return f"{character.armor.name} (+{bonus})"
