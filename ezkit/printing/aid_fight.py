"""The play aid's fight pages: the combat round, the Melee and Ranged Phase flowcharts (as
rows of boxes on a grid, with the arrows between rows), tactics, the melee and damage options,
wounds and healing (EZ-14..EZ-21), from the rules in force."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ezkit import ladder, odds
from ezkit.printing.sheet import wound_rows
from ezkit.rules import Rules

# --- fight scenes (EZ-17..EZ-20) -------------------------------------------------------------


def _melee_ranges(rules: Rules) -> str:
    return " or ".join(key for key, r in rules.ranges.items() if r.melee)


def _first_level(rules: Rules, test: Any) -> str:
    for level in rules.wounds.levels:
        if test(level):
            return level.name
    return rules.wounds.beyond


def combat_round(rules: Rules) -> list[dict[str, str]]:
    """The round in the book's order (EZ-20)."""
    slow = _first_level(rules, lambda lv: lv.areas_per_round is not None)
    slow_areas = next(
        (lv.areas_per_round for lv in rules.wounds.levels if lv.areas_per_round is not None), 0
    )
    still = _first_level(rules, lambda lv: not lv.acts)
    return [
        {
            "title": "Imagine",
            "text": f"Each says what their character does: in melee reach ({_melee_ranges(rules)}) "
            "or ranged (any range)? Moving? What else?",
        },
        {
            "title": "Melee Phase",
            "text": "Resolve every melee exchange (flowchart). Brief other actions too: move "
            "within the area, take cover, brace, a simple search. No rolled action while "
            "fighting. GM: -1 or -2 to the fighter in the worse position.",
        },
        {
            "title": "Ranged Phase",
            "text": "Resolve every shot (flowchart). One roll each: shoot or evade, never both.",
        },
        {
            "title": "The rest, then wounds",
            "text": f"Other actions, then mark every wound taken this round (all at once). "
            f"{slow} or worse: at most {slow_areas} area a round. {still} or worse: no "
            "actions, cannot leave the area.",
        },
        {
            "title": "Again",
            "text": "until one side has fled, surrendered or been disabled "
            f"(ezkit calls a stalemate after {rules.round_cap} rounds).",
        },
    ]


def ranged_difficulty(rules: Rules) -> dict[str, Any]:
    """Shot difficulty by range, light and cover (EZ-17)."""
    return {
        "ranges": [
            {
                "key": key,
                "name": r.name,
                "difficulty": ladder.label(r.difficulty),
                "melee": "melee reach" if r.melee else "",
            }
            for key, r in rules.ranges.items()
        ],
        "mods": [
            {
                "what": what,
                "choices": ", ".join(
                    f"{name} {ladder.signed(v)}" for name, v in table.items() if v
                ),
            }
            for what, table in (("Light", rules.light), ("Cover", rules.cover))
        ],
    }


def _cell(
    kind: str,
    title: str = "",
    lines: Sequence[str] = (),
    span: int = 1,
    exit_: str = "",
) -> dict[str, Any]:
    """A box of a flowchart: step, decision, end, or blank (an empty place in the grid)."""
    return {"kind": kind, "span": str(span), "title": title, "lines": list(lines), "exit": exit_}


def _arrows(*labels: str | None) -> list[dict[str, Any]]:
    """The arrows into a row, one place per column: None for no arrow, a label (maybe "")."""
    return [{"show": label is not None, "label": label or ""} for label in labels]


def _chart(columns: int, rows: Sequence[tuple[list[dict[str, Any]] | None, list[Any]]]) -> dict:
    width = f"{100 / columns:.2f}%"
    return {
        "columns": str(columns),
        "widths": [width] * columns,
        "rows": [{"arrows": arrows or [], "cells": cells} for arrows, cells in rows],
    }


def _level_steps(rules: Rules) -> list[str]:
    rows = wound_rows([], rules)
    first = rules.wounds.levels[0].from_
    return [f"{ladder.signed(first - 1)} or less: no wound"] + [
        f"{row['range']}: {row['level']}" for row in rows
    ]


def melee_chart(rules: Rules) -> dict[str, Any]:
    """The Melee Phase (EZ-18): one roll, the player's; a contest with two wrinkles."""
    floor = ladder.label(rules.melee_floor)
    foe_rolls = " / ".join(n for n in odds.FOE_ROLLS.values() if n)
    scratch = rules.wounds.levels[0].name
    return _chart(
        3,
        [
            (
                None,
                [
                    _cell(
                        "step",
                        "Character action",
                        ["trait + mods + roll", "the player rolls"],
                        span=3,
                    )
                ],
            ),
            (
                _arrows(None, "", None),
                [
                    _cell(
                        "step",
                        "Foe difficulty",
                        [f"foe trait + mods (+ foe roll: none, {foe_rolls})"],
                        span=3,
                    )
                ],
            ),
            (
                _arrows(None, "", None),
                [_cell("decision", "Outcome = action − difficulty", span=3)],
            ),
            (
                _arrows("> 0", "= 0", "< 0"),
                [
                    _cell("step", "Character advantage", ["Success Margin SM = outcome"]),
                    _cell(
                        "end",
                        "Even Exchange: a draw",
                        ["nobody is wounded", f"(option 3: each takes a {scratch})"],
                    ),
                    _cell("step", "Foe advantage", ["Failure Margin FM = −outcome"]),
                ],
            ),
            (
                _arrows("", None, ""),
                [
                    _cell(
                        "decision", f"Character action below {floor}?", exit_="yes: cannot wound"
                    ),
                    _cell("blank"),
                    _cell("decision", f"Foe difficulty below {floor}?", exit_="yes: cannot wound"),
                ],
            ),
            (
                _arrows("no", None, "no"),
                [
                    _cell("step", "Foe's wound value", ["SM + character INJ − foe CPD"]),
                    _cell("blank"),
                    _cell("step", "Character's wound value", ["FM + foe INJ − character CPD"]),
                ],
            ),
            (
                _arrows("", None, ""),
                [_cell("end", "Wound level", _level_steps(rules), span=3)],
            ),
        ],
    )


def ranged_chart(rules: Rules) -> dict[str, Any]:
    """The Ranged Phase (EZ-19): the shooter's action against the shot's difficulty."""
    ranges = ", ".join(f"{k} {ladder.name(r.difficulty)}" for k, r in rules.ranges.items())
    mods = [
        f"+ {what}: " + ", ".join(f"{name} {ladder.signed(v)}" for name, v in table.items() if v)
        for what, table in (("light", rules.light), ("cover", rules.cover))
    ]
    return _chart(
        2,
        [
            (
                None,
                [
                    _cell(
                        "step",
                        "Shot difficulty",
                        [f"range: {ranges}", *mods, "(or the GM's own)"],
                        span=2,
                    )
                ],
            ),
            (
                _arrows("", None),
                [
                    _cell(
                        "decision",
                        "Does the target evade?",
                        ["(it spends its phase on it: no shooting)"],
                        span=2,
                    )
                ],
            ),
            (
                _arrows("no", "yes"),
                [
                    _cell("step", "The set difficulty stands"),
                    _cell(
                        "step",
                        "Target evade",
                        ["Reflexes (or a fitting role) + mods + roll", "(a foe's roll goes here)"],
                    ),
                ],
            ),
            (
                _arrows("", ""),
                [_cell("step", "Difficulty = the higher of the two", span=2)],
            ),
            (
                _arrows("", None),
                [
                    _cell(
                        "step",
                        "Shooter action",
                        ["trait + mods + roll", "(a foe shooter's roll goes here)"],
                        span=2,
                    )
                ],
            ),
            (
                _arrows("", None),
                [_cell("decision", "Outcome = action − difficulty", span=2)],
            ),
            (
                _arrows("≥ 0: a hit", "< 0: a miss"),
                [
                    _cell("step", "Hit", ["Success Margin SM = outcome"]),
                    _cell("end", "Miss", ["no wound"]),
                ],
            ),
            (
                _arrows("", None),
                [
                    _cell("step", "Wound value", ["SM + weapon INJ − target CPD"]),
                    _cell("blank"),
                ],
            ),
            (
                _arrows("", None),
                [_cell("end", "Wound level", _level_steps(rules), span=2)],
            ),
        ],
    )


def tactics(rules: Rules) -> list[dict[str, str]]:
    """All-Out Attack and All-Out Defend, and the terrain manoeuvre (seed, EZ-18)."""
    attack = rules.tactics["all-out-attack"]
    defend = rules.tactics["all-out-defend"]
    terrain = rules.terrain
    return [
        {
            "name": "All-Out Attack",
            "text": f"{ladder.signed(attack.bonus)} to the attacker's total (character action "
            f"or foe difficulty); on success {ladder.signed(attack.wound_bonus)} to the wound "
            "dealt. If not successful, a tie counts as the opponent's success, and the "
            f"opponent gets {ladder.signed(attack.failure_wound_bonus)} to the wound dealt "
            "to the attacker. Both attack all-out and tie: each wounds the other at margin 0 with "
            f"{ladder.signed(attack.failure_wound_bonus)} (EZ-18).",
        },
        {
            "name": "All-Out Defend",
            "text": f"{ladder.signed(defend.bonus)} to the defender's total, but they cannot "
            "injure the opponent this round.",
        },
        {
            "name": "Terrain",
            "text": f"After a successful All-Out Defend, a {ladder.label(terrain.test)} or "
            "better test of a role with Perception or Tactics takes the better ground: the "
            f"opponent has {ladder.signed(terrain.opponent_mod)} to their action next round "
            "(the GM rolls for an NPC).",
        },
    ]


def melee_options(rules: Rules) -> list[dict[str, str]]:
    """The other optional rules of melee (and ranged) exchanges."""
    levels = rules.wounds.levels
    stuns = ", ".join(f"{lv.name} {lv.stun}" for lv in levels if lv.stun)
    return [
        {
            "name": "Which trait fights",
            "text": "The trait the GM names (a role the fighter lacks is "
            f"{ladder.label(rules.flowchart.default_role)}); else the role the weapon names; "
            "else the fighter's best fighting role for this kind of fight ("
            f"{', '.join(r for r, kind in rules.fighting_roles.items() if kind)}); else "
            f"{ladder.label(rules.flowchart.default_role)}. Never the best role whatever it "
            "is (EZ-24).",
        },
        {
            "name": "Pulling the punch",
            "text": "Announce the highest wound level you will inflict; a worse wound counts "
            f"as that level (\u201cto first blood\u201d: anything above a {levels[0].name} "
            f"counts as a {levels[0].name}).",
        },
        {
            "name": "Attacking to stun",
            "text": "Resolved as usual; a wound goes on the track as a stun (circled): "
            f"{levels[0].name} no effect, {stuns}. A stun never promotes past "
            f"{rules.wounds.stun_cap} and never kills.",
        },
        {
            "name": "Aimed strikes",
            "text": "A hand, the eyes: a penalty to the action and a margin the hit needs "
            "(the GM sets both and the effect). Good enough to wound but short of the "
            "margin: the foe decides where the hit lands.",
        },
        {
            "name": "Rolls for foes",
            "text": "Foes roll 0. Or add "
            + " or ".join(n for n in odds.FOE_ROLLS.values() if n)
            + " to the foe difficulty (melee); in the Ranged Phase to the foe's shooter "
            "action or evade.",
        },
    ]


def damage_options(rules: Rules) -> list[dict[str, str]]:
    """Damage Roll Options 1-4 (seed, Fight Scenes)."""
    scratch = rules.wounds.levels[0].name
    top = ladder.name(ladder.TOP)
    return [
        {
            "number": "1",
            "text": f"A successful attack with a {top} roll always does at least a {scratch}.",
        },
        {"number": "2", "text": "Roll one Fudge die and add it to every wound value."},
        {"number": "3", "text": f"If the Melee Phase actions tie, each fighter takes a {scratch}."},
        {
            "number": "4",
            "text": "After the wound value, roll one Fudge die: − or + shifts the "
            "wound level down or up one.",
        },
    ]


# --- wounds and healing (EZ-14..EZ-16, EZ-21) ------------------------------------------------


def wound_table(rules: Rules) -> dict[str, Any]:
    """The wound table and track: values, boxes, effects, stun results, promotion."""
    levels = rules.wounds.levels
    return {
        "formula": "wound value = margin + attacker INJ − defender CPD",
        "none": f"{ladder.signed(levels[0].from_ - 1)} or less",
        "rows": wound_rows([], rules),
        "rules": [
            f"Mark a box of the wound's level; a full level promotes it to the next level up "
            f"with an empty box; past {levels[-1].name}: {rules.wounds.beyond}.",
            "Only the highest marked level's effect counts.",
            f"A stun is marked on the same track, circled; a stun {levels[0].name} has no "
            f"effect; a stun never goes past {rules.wounds.stun_cap} and never kills.",
            "Outside fights (falls, fire, rats) the GM names the wound level.",
        ],
    }


def healing(rules: Rules) -> dict[str, Any]:
    h = rules.healing
    quick = [lv.name for lv in rules.wounds.levels if lv.heals_after_battle]
    slow = [lv.name for lv in rules.wounds.levels if not lv.heals_after_battle]
    gone = slow[0] if slow else ""
    return {
        "steps": [
            {
                "title": "After the battle",
                "text": f"(or 5-10 minutes of tending) every mark rolled as a "
                f"{' or '.join(quick)}, wherever promotion put it, and every stun clears.",
            },
            {
                "title": "Rest",
                "text": "Other wounds heal one level per week of rest, every mark at once, "
                f"lowest first. A healed {gone} disappears; it does not become a "
                f"{' or '.join(quick)}. No rest, no healing (but medical care).",
            },
            {
                "title": "Medical care",
                "text": f"A {ladder.label(h.medical_result)} or better result of a healing role "
                "(Doctor, Nurse, Physicker, EMT) heals a wound one level. The healer rolls on "
                "those wounds again only after the era's interval (new wounds any time); a "
                f"failure counts too. Hospital: {ladder.signed(h.hospital_bonus)} to the "
                "healer's result.",
            },
        ],
        "eras": [
            {"era": era.capitalize(), "per_week": f"{n} / week"}
            for era, n in h.treatments_per_week.items()
        ],
        "note": "Spells and future medicine may speed healing, but recovering from Near Death "
        "always takes time.",
    }
