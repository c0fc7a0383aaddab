"""The character sheet as a view model: everything the template shows, worked out here.

A sheet fills its page: the notes at the bottom (description, background) take what the
fixed parts leave, ruled for a pencil, and long texts flow onto further pages that carry
the character's name and their own page numbers ("Wren Hollowell, page 1 of 1"). What
changes in play (Fudge Points, Experience, wounds) is printed as boxes to mark in pencil,
with the values when printed shown lightly; roles, gifts, faults and weapons get spare rows.
"""

from __future__ import annotations

import re
from typing import Any

from ezkit import ladder
from ezkit.character.check import check
from ezkit.character.model import Character, WoundMark
from ezkit.combat import wounds
from ezkit.rules import Rules

ATTRIBUTES = ("body", "agility", "mind", "will")
#: Page height less the top and bottom margins (12 mm each), mm: the sheet's first page.
CONTENT_HEIGHT = {"letter": 279.4 - 24, "a4": 297.0 - 24}
#: Rows a filled sheet keeps empty for what is gained later, and the least rows of a table.
SPARE = {"roles": 2, "gifts": 2, "faults": 1, "weapons": 1, "tools": 1}
LEAST = {"roles": 7, "gifts": 3, "weapons": 2}
#: The blank sheet's rows.
BLANK_ROWS = {"roles": 9, "gifts": 4, "faults": 4, "weapons": 4, "armor": 2, "tools": 2}
FUDGE_BOXES = 10  # at least; more when a character holds more
TALLY_MOST = 40  # Fudge Points drawn as boxes, at most
XP_BOXES = 5  # the value when printed, then room for four new totals
#: Boxes are characters of the bundled font (text is far cheaper to lay out than a box per
#: mark): empty, and the marks when printed, shown in grey to pencil over.
EMPTY, FULL, STUN = "□", "■", "▣"
FIGURE_SPACE = "\u2007"  # as wide as a digit: every Experience box the same width
#: Name sizes: (longest word, whole name) at most these many characters -> font size.
NAME_SIZES = ((18, 30, "18pt"), (26, 44, "14pt"))
NAME_SMALLEST = "11pt"


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
            effect.append("no actions, no moving on their own")
        elif level.areas_per_round is not None:
            effect.append(f"moves at most {level.areas_per_round} area a round")
        marks = [m for m in track if m.level == level.name][: level.boxes]
        rows.append(
            {
                "level": level.name,
                "range": values,
                "effect": "; ".join(effect) or "no effect",
                "stun": level.stun or "no effect",
                "boxes": ["stun" if m.stun else "wound" for m in marks]
                + ["empty"] * (level.boxes - len(marks)),  # the play aid draws its own
                "marked": "".join(STUN if m.stun else FULL for m in marks),
                "empty": EMPTY * (level.boxes - len(marks)),
            }
        )
    return rows


def name_size(name: str) -> str:
    """A font size at which the name fits the head (a long name wraps, never clips)."""
    longest = max((len(word) for word in name.split()), default=0)
    for word_max, name_max, size in NAME_SIZES:
        if longest <= word_max and len(name) <= name_max:
            return size
    return NAME_SMALLEST


def paragraphs(text: str) -> list[list[str]]:
    """A note's paragraphs, each as its lines: a blank line parts paragraphs, a line break
    within one is kept (in a YAML folded block, `>`, a blank line between paragraphs reaches
    ezkit as one line break: it had run them together)."""
    found = (chunk.strip() for chunk in re.split(r"\n[ \t]*\n", text))
    return [[line.strip() for line in chunk.split("\n")] for chunk in found if chunk]


def _rows(items: list[dict[str, Any]], empty: dict[str, Any], spare: int, least: int = 0) -> list:
    return items + [empty] * max(spare, least - len(items))


ROLE = {"name": "", "specialty": "", "word": "", "number": ""}
GIFT = {"name": "", "note": "", "supernormal": False}
FAULT = {"name": "", "note": ""}
WEAPON = {"name": "", "kind": "", "inj": "", "how": ""}


def sheet(character: Character, rules: Rules) -> dict[str, Any]:
    """One character's sheet, traits as played (the people package applied)."""
    played = character.effective()
    report = check(character, rules)
    d = report.derived
    package = character.people_package
    roles = [
        {
            "name": r.name,
            "specialty": r.specialty or "",
            "word": ladder.name(r.rank),
            "number": ladder.signed(r.rank),
        }
        for r in sorted(played.roles, key=lambda r: -r.rank)
    ]
    gifts = [{"name": g.name, "note": g.note, "supernormal": g.supernormal} for g in played.gifts]
    faults = [{"name": f.name, "note": f.note} for f in played.faults]
    rows = max(len(gifts) + SPARE["gifts"], len(faults) + SPARE["faults"], LEAST["gifts"])
    used_with = {w.name: w.role for w in character.weapons if w.role}  # EZ-24
    weapons = [
        {
            "name": w.name + (f" ({used_with[w.name]})" if w.name in used_with else ""),
            "kind": w.kind,
            "inj": w.inj,
            "how": w.how,
        }
        for w in d.weapons
    ]
    fudge = character.fudge_points
    condition = wounds.condition(character.wounds, rules)
    return {
        "blank": False,
        "name": character.name,
        "name_size": name_size(character.name),
        "player": character.player,
        "idea": character.idea,
        "people": character.people or (package.name if package else ""),
        "package": package.name if package else "",
        "roles": _rows(roles, ROLE, SPARE["roles"], LEAST["roles"]),
        "attributes": [
            {
                "name": a.capitalize(),
                "word": ladder.name(getattr(played.attributes, a)),
                "number": ladder.signed(getattr(played.attributes, a)),
            }
            for a in ATTRIBUTES
        ],
        "mass_scale": played.mass_scale,
        "gifts": _rows(gifts, GIFT, 0, rows),
        "faults": _rows(faults, FAULT, 0, rows),
        "fudge_points": fudge,
        # past TALLY_MOST, the points held are a number beside one box (a tally too long to count)
        "fudge_held": FULL * fudge if fudge <= TALLY_MOST else f"{FULL} × {fudge} ",
        "fudge_empty": EMPTY * max(FUDGE_BOXES - fudge, 4),
        "experience": character.experience,
        "xp_boxes": [_xp(str(character.experience))] + [_xp("")] * (XP_BOXES - 1),
        "resilience": ladder.signed(d.resilience),
        "reflexes": ladder.signed(d.reflexes),
        "cpd": d.cpd,
        "cpd_parts": " + ".join(f"{source} {value}" for source, value in d.cpd_parts),
        "weapons": _rows(weapons, WEAPON, SPARE["weapons"], LEAST["weapons"]),
        "armor": [_armor(character, d.cpd_parts) or "none"],
        "condition": "" if condition == "unhurt" else condition,
        "wounds": wound_rows(list(character.wounds), rules),
        "tools": [" · ".join(character.tools)] * bool(character.tools) + [""] * SPARE["tools"],
        "description": paragraphs(character.description),
        "background": paragraphs(character.background),
        "ladder": ladder_rungs(),
    }


def blank(rules: Rules) -> dict[str, Any]:
    """An empty sheet to fill in by hand: every part of a filled one, with room to write."""
    return {
        "blank": True,
        "name": "",
        "name_size": NAME_SIZES[0][2],
        "player": "",
        "idea": "",
        "people": "",
        "package": "",
        "roles": [ROLE] * BLANK_ROWS["roles"],
        "attributes": [{"name": a.capitalize(), "word": "", "number": ""} for a in ATTRIBUTES],
        "mass_scale": "",
        "gifts": [GIFT] * BLANK_ROWS["gifts"],
        "faults": [FAULT] * BLANK_ROWS["faults"],
        "fudge_points": "",
        "fudge_held": "",
        "fudge_empty": EMPTY * FUDGE_BOXES,
        "experience": "",
        "xp_boxes": [_xp("")] * XP_BOXES,
        "resilience": "",
        "reflexes": "",
        "cpd": "",
        "cpd_parts": "armor + Mass Scale + Resilience + other",
        "weapons": [WEAPON] * BLANK_ROWS["weapons"],
        "armor": [""] * BLANK_ROWS["armor"],
        "condition": "",
        "wounds": wound_rows([], rules),
        "tools": [""] * BLANK_ROWS["tools"],
        "description": [],
        "background": [],
        "ladder": ladder_rungs(),
    }


def batch(views: list[dict[str, Any]], paper: str) -> dict[str, Any]:
    """The sheets of one PDF, each with the anchor its last page is counted to (its pages
    are numbered from 1 to that one); the height of a page's content, for the notes to fill."""
    for n, view in enumerate(views, start=1):
        view["end"] = f"end-of-character-{n}"
    return {"sheets": views, "page_height": f"{CONTENT_HEIGHT[paper] - 0.5:.1f}mm"}


def _xp(value: str) -> str:
    """A value centred in an Experience box four digits wide."""
    return value.center(4, FIGURE_SPACE)


def _armor(character: Character, parts: list[tuple[str, int]]) -> str:
    if character.armor is None:
        return ""
    bonus = dict(parts).get("armor", 0)
    return f"{character.armor.name} (+{bonus})"
