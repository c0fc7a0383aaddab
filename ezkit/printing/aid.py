"""The GM's play aid as a view model: every number worked out here, the template only loops.

The tables come from the rules data (a table's house rules included), the odds
from `ezkit.odds`, the dice readings from `ezkit.dice`, so the printed aid says
what the CLI does. The Melee and Ranged Phase flowcharts are data too: rows of
boxes on a grid of columns, with the arrows between rows (EZ-18, EZ-19).

Every leaf of the view model is a string, a bool or None: nothing is left for
the template to add up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ezkit import actions, dice, ladder, odds
from ezkit.printing.sheet import wound_rows
from ezkit.rules import Rules

SUITS = {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"}
CARD_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
# The card ranks in deck order and which of them are face cards: the dice data's own notation.
CARD_RANKS: Sequence[str] = dice.RANKS
FACE_CARDS: Sequence[str] = dice.FACE_CARDS
#: The spread of net values (rank + mods - difficulty) in the foe-roll odds table.
NET_SPREAD = 6


def aid(rules: Rules) -> dict[str, Any]:
    """Everything the play aid prints, from the rules in force."""
    return {
        "title": "EZFudge play aid",
        "ladder": ladder_rungs(),
        "action": action_rules(rules),
        "percentages": percentages_table(),
        "net_odds": net_odds(),
        "dice": dice_table(),
        "round": combat_round(rules),
        "ranged_difficulty": ranged_difficulty(rules),
        "melee_chart": melee_chart(rules),
        "ranged_chart": ranged_chart(rules),
        "tactics": tactics(rules),
        "melee_options": melee_options(rules),
        "damage_options": damage_options(rules),
        "wounds": wound_table(rules),
        "healing": healing(rules),
        "armor": armor_table(rules),
        "melee_weapons": melee_weapon_table(rules),
        "ranged_weapons": ranged_weapon_table(rules),
        "experience": experience_table(rules),
        "gifts_faults": gifts_and_faults(rules),
        "fudge_points": fudge_points(rules),
    }


# --- the Ladder and actions (EZ-1, EZ-11, EZ-12) --------------------------------------------


def ladder_rungs() -> list[dict[str, Any]]:
    """The Ladder best first, with the two rungs below Terrible that only rolls reach."""
    return [
        {
            "word": ladder.name(rank),
            "number": ladder.signed(rank),
            "rolls_only": rank < ladder.BOTTOM,
        }
        for rank in ladder.ranks(low=ladder.FLOOR)
    ]


def _span(method: str) -> str:
    """What a method adds, as its lowest and highest value: "-1 to +1"."""
    values = [v for v, p in dice.method(method).distribution().items() if p]
    return f"{ladder.signed(min(values))} to {ladder.signed(max(values))}"


def action_rules(rules: Rules) -> dict[str, Any]:
    default = ladder.label(actions.DEFAULT_DIFFICULTY)
    levels = rules.wounds.levels
    hurt = [lv for lv in levels if lv.penalty]
    return {
        "result": "result = rank + modifiers + roll",
        "outcome": "outcome = result − difficulty",
        "steps": [
            {
                "title": "Roll at all?",
                "text": "Easy: \u201cyes, it happens.\u201d Impossible here: \u201cthink of "
                "something else.\u201d Interesting either way: the player rolls.",
            },
            {
                "title": "Test or contest?",
                "text": f"Test (nobody else changes it): the GM sets the difficulty, "
                f"most often {default}, and need not say it. Contest: the difficulty "
                "is the rank of the trait the NPC resists with.",
            },
            {
                "title": "Action result",
                "text": "rank of the trait (a role not taken is "
                f"{ladder.label(rules.flowchart.default_role)}) + modifiers (the GM's bonus or "
                "penalty, "
                + ", ".join(f"{lv.name} {ladder.signed(lv.penalty)}" for lv in hurt)
                + f") + the roll ({_span(dice.DEFAULT)}, {dice.DEFAULT}).",
            },
            {
                "title": "Outcome",
                "text": "result − difficulty (− the foe's roll, if any).",
            },
        ],
        "outcomes": [
            {
                "when": f"{ladder.signed(0)} or more",
                "word": "Success",
                "margin": "Success Margin (SM) = outcome",
            },
            {
                "when": f"{ladder.signed(-1)} or less",
                "word": "Failure",
                "margin": "Failure Margin (FM) = −outcome",
            },
        ],
        "default_difficulty": default,
        "foe_rolls": [
            {"name": "none", "text": "foes roll 0 (the default): the GM only sets difficulties"},
            *(
                {
                    "name": name,
                    "text": f"{name} ({_span(name)}) added to the foe's difficulty",
                }
                for name in (n for n in odds.FOE_ROLLS.values() if n)
            ),
        ],
        "fudge_point": "+1 to the result for each Fudge Point spent after the roll",
        "mathless": [
            "Finger on the trait's rank; up for each + modifier, down for each -; "
            "then up or down as the roll says: that rung is the result.",
            "From the result, down for a + difficulty, up for a - one: "
            f"{ladder.name(0)} or better is a Success, {ladder.name(-1)} or worse a "
            "Failure; the margin is the number without its sign.",
            f"Melee: {ladder.name(1)} or better is the character's advantage, "
            f"{ladder.name(-1)} or worse the foe's, {ladder.name(0)} an Even Exchange.",
        ],
    }


# --- odds and dice ---------------------------------------------------------------------------


def _exact(p: Fraction) -> dict[str, Any]:
    sure = p in (0, 1)
    return {"text": odds.percent(p, places=0) if sure else odds.percent(p), "sure": sure}


def percentages_table() -> dict[str, Any]:
    """The seed's Percentages table, book style and exact (EZ-23), from `ezkit.odds`."""
    table = odds.percentages()
    return {
        "title": f"Percentages: chance of a {ladder.label(0)} or better outcome",
        "difficulties": [
            {"word": ladder.name(d), "number": ladder.signed(d)} for d in table.difficulties
        ],
        "book": [
            {
                "rank": ladder.label(rank),
                "cells": [{"text": odds.book_percent(p), "sure": p in (0, 1)} for p in chances],
            }
            for rank, chances in table.rows()
        ],
        "exact": [
            {"rank": ladder.label(rank), "cells": [_exact(p) for p in chances]}
            for rank, chances in table.rows()
        ],
    }


def net_odds() -> dict[str, Any]:
    """Success chances by net (rank + mods - difficulty) with each foe roll option (EZ-11)."""
    options = list(odds.FOE_ROLLS)
    names = [odds.FOE_ROLLS[o] or "no foe roll" for o in options]
    rows = []
    for net in range(NET_SPREAD, -NET_SPREAD - 1, -1):
        cells = [odds.chance(net, 0, foe_roll=o) for o in options]
        rows.append(
            {
                "net": ladder.signed(net),
                "cells": [{"text": odds.book_percent(p), "sure": p in (0, 1)} for p in cells],
            }
        )
    return {"columns": names, "rows": rows}


def _runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted numbers as runs of consecutive ones: [(1, 3), (6, 6)]."""
    runs: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _numbers_text(numbers: Iterable[int], width: int = 0) -> str:
    """Totals in the book's notation: "17-18", "5", "07-18" on percentile dice."""
    return ", ".join(
        f"{low:0{width}d}" if low == high else f"{low:0{width}d}-{high:0{width}d}"
        for low, high in _runs(numbers)
    )


def _width(method: dice.TableDice) -> int:
    """Percentile-style dice (one die of 10**k faces) read with k digits: 01, 07-18."""
    if len(method.dice) == 1:
        sides = method.dice[0]
        digits = len(str(sides)) - 1
        if digits > 1 and sides == 10**digits:
            return digits
    return 0


def table_reading(method: dice.TableDice, value: int) -> str:
    """The totals that read as `value`, in the book's notation ("20 & 16-20" for a reroll)."""
    width = _width(method)
    parts = []
    direct = [total for total, v in method.table.items() if v == value]
    if direct:
        parts.append(_numbers_text(direct, width))
    for total, second in sorted(method.rerolls.items(), reverse=True):
        again = [t for t, v in second.items() if v == value]
        if again:
            parts.append(f"{total:0{width}d} & {_numbers_text(again, width)}")
    return ", ".join(parts) or "-"


def card_reading(method: dice.PokerDeck, value: int) -> str:
    """The cards that read as `value`, in the book's notation: "AH", "2H-3H", "Face"."""
    cards = {card for card, v in method.values.items() if v == value}
    faces = {rank + suit for rank in FACE_CARDS for suit in SUITS}
    parts = []
    if faces and faces <= cards:
        parts.append("Face")
        cards -= faces
    for suit in SUITS:
        indices = [i for i, rank in enumerate(CARD_RANKS) if rank + suit in cards]
        for low, high in _runs(indices):
            first, last = CARD_RANKS[low] + suit, CARD_RANKS[high] + suit
            parts.append(first if low == high else f"{first}-{last}")
    return ", ".join(parts) or "-"


def sum_reading(method: dice.SumDice, value: int) -> str:
    return str(value - method.offset)


def reading(method: dice.Method, value: int) -> str:
    """How one method reads to `value`, in the book's notation."""
    if isinstance(method, dice.TableDice):
        return table_reading(method, value)
    if isinstance(method, dice.PokerDeck):
        return card_reading(method, value)
    if isinstance(method, dice.SumDice):
        return sum_reading(method, value)
    return ladder.signed(value)


def _method_note(method: dice.Method) -> str | None:
    if isinstance(method, dice.PokerDeck):
        suits = ", ".join(SUITS.values())
        after = CARD_NAMES.get(method.reshuffle_after, method.reshuffle_after)
        faces = ", ".join(FACE_CARDS)
        return (
            f"{method.name}: {method.decks} decks of 52 cards shuffled together ({suits}); "
            f"face cards are {faces} of any suit; reshuffle after any {after}."
        )
    if isinstance(method, dice.TableDice) and method.rerolls:
        rolls = []
        for total, second in sorted(method.rerolls.items(), reverse=True):
            reads = "; ".join(
                f"{_numbers_text([t for t, v in second.items() if v == value])} "
                f"gives {ladder.signed(value)}"
                for value in sorted(set(second.values()), reverse=True)
            )
            rolls.append(f"after a {total}, {reads}")
        return (
            f"{method.name}: reroll a natural "
            + " or ".join(str(t) for t in sorted(method.rerolls, reverse=True))
            + f" for the magnitude (EZ-22): {'; '.join(rolls)}."
        )
    if isinstance(method, dice.SumDice):
        return f"{method.name}: {method.description}."
    return None


def dice_table() -> dict[str, Any]:
    """Other Ways to "Roll": each value's reading on every alternative method, from dice data."""
    fudge = dice.method(dice.DEFAULT)
    truth = fudge.distribution()
    shown = [m for m in dice.alternatives() if isinstance(m, (dice.TableDice, dice.PokerDeck))]
    others = [m for m in dice.alternatives() if m not in shown]
    _, comparisons = odds.compare()
    gaps = {c.method: c for c in comparisons}
    return {
        "reference": fudge.name,
        "columns": [m.name for m in shown],
        "rows": [
            {
                "roll": ladder.signed(value),
                "rank": ladder.name(value),
                "chance": odds.in_n(truth[value]),
                "percent": odds.percent(truth[value]),
                "cells": [reading(m, value) for m in shown],
            }
            for value in range(dice.HIGH, dice.LOW - 1, -1)
        ],
        "gaps": [
            f"{odds.percent(gaps[m.name].deviation)} at {ladder.signed(gaps[m.name].at)}"
            for m in shown
        ],
        "notes": [note for m in shown + others if (note := _method_note(m))],
    }


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


# --- equipment, experience, Fudge Points (EZ-10, EZ-12, EZ-13) ------------------------------


def _name(key: str) -> str:
    return key[:1].upper() + key[1:]


def armor_table(rules: Rules) -> list[dict[str, str]]:
    return [{"name": _name(name), "bonus": ladder.signed(b)} for name, b in rules.armor.items()]


def melee_weapon_table(rules: Rules) -> list[dict[str, str]]:
    return [
        {
            "name": w.description or _name(key),
            "examples": ", ".join(w.examples),
            "factor": ladder.signed(w.factor),
        }
        for key, w in rules.melee_weapons.items()
    ]


def ranged_weapon_table(rules: Rules) -> list[dict[str, str]]:
    return [
        {
            "name": _name(key),
            "note": w.note,
            "inj": " or ".join(str(v) for v in w.inj),
        }
        for key, w in rules.ranged_weapons.items()
    ]


def experience_table(rules: Rules) -> dict[str, Any]:
    """XP to raise a trait one rank, by its current rank (EZ-13), via `Rules.improve_cost`."""
    xp = rules.experience
    ranks = sorted({*xp.role, *xp.attribute}, reverse=True)
    top, bottom = ranks[0], ranks[-1]
    shown = [top + 1, *ranks, bottom - 1]
    rows = [
        {
            "rank": ladder.label(rank),
            "role": str(rules.improve_cost("role", rank)),
            "attribute": str(rules.improve_cost("attribute", rank)),
            "note": (
                f"and x{xp.beyond_superb_factor} each rank beyond"
                if rank > top
                else f"as {ladder.name(xp.below_table_costs_as)}"
                if rank < bottom
                else ""
            ),
        }
        for rank in shown
    ]
    return {
        "rows": rows,
        "add_gift": str(xp.add_gift),
        "remove_fault": str(xp.remove_fault),
    }


def _buy(spec: Mapping[str, int]) -> str:
    words = {"gifts": "gift", "attributes": "attribute rank", "roles": "role point"}
    return " + ".join(
        f"{n} {words.get(what, what)}{'s' if n != 1 else ''}" for what, n in spec.items()
    )


def gifts_and_faults(rules: Rules) -> list[dict[str, str]]:
    xp = rules.experience
    pb = rules.point_buy
    flow = rules.flowchart
    rates = flow.swap_rates
    return [
        {"what": "Add a gift (with the GM's agreement)", "cost": f"{xp.add_gift} XP"},
        {"what": "Remove a fault (with the GM's agreement)", "cost": f"{xp.remove_fault} XP"},
        {
            "what": "One fault buys one of",
            "cost": " | ".join(_buy(b) for b in flow.fault_buys.values()),
        },
        {
            "what": "Trait swapping (at the swap step)",
            "cost": " = ".join(_buy({k: max(rates.values()) // v}) for k, v in rates.items()),
        },
        {
            "what": "Point-buy",
            "cost": f"gift {pb.gift}, fault {pb.fault}, attribute rank {pb.attribute_rank} "
            f"build points",
        },
        {
            "what": "Supernormal gift",
            "cost": f"counts as {flow.supernormal_gift_weight} gifts or more",
        },
    ]


def fudge_points(rules: Rules) -> list[dict[str, str]]:
    fp = rules.fudge_points
    low, high = fp.starting
    return [
        {
            "what": "Starting",
            "text": f"{low} to {high} each (usually {fp.default}); the GM "
            "awards more for good play: be generous.",
        },
        {
            "what": "Spend",
            "text": "after a roll, +1 to that action's result per point, as "
            "many as the player holds.",
        },
        {
            "what": "To XP",
            "text": f"{_count(fp.per_experience_point, 'Fudge Point')} -> 1 Experience Point",
        },
        {
            "what": "Back",
            "text": f"1 Experience Point -> {_count(fp.back_conversion, 'Fudge Point')} "
            "(when desperately short)",
        },
    ]


def _count(n: int, unit: str) -> str:
    return f"{n} {unit}{'s' if n != 1 else ''}"
