"""The GM's play aid as a view model: every number worked out here, the template only loops.

The tables come from the rules data (a table's house rules included), the odds
from `ezkit.odds`, the dice readings from `ezkit.dice`, so the printed aid says
what the CLI does. The Melee and Ranged Phase flowcharts are data too: rows of
boxes on a grid of columns, with the arrows between rows (EZ-18, EZ-19).

Every leaf of the view model is a string, a bool or None: nothing is left for
the template to add up. The parts: `aid_odds.py` (the Ladder, actions, odds, dice readings),
`aid_fight.py` (the round, the flowcharts, tactics and options, wounds, healing), and here
equipment, Experience and Fudge Points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ezkit import ladder
from ezkit.printing.aid_fight import (
    combat_round,
    damage_options,
    healing,
    melee_chart,
    melee_options,
    ranged_chart,
    ranged_difficulty,
    tactics,
    wound_table,
)
from ezkit.printing.aid_odds import (
    action_rules,
    dice_table,
    ladder_rungs,
    net_odds,
    percentages_table,
)
from ezkit.rules import Rules


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
