"""A fought scene written back to the campaign: the PCs' wounds and the Fudge Points they
spent (EZ-12), in one locked update."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.character.files import in_campaign, parse_character
from ezkit.combat import wounds
from ezkit.combat.scene_members import Member
from ezkit.combat.scene_result import Result
from ezkit.rules import Rules

if TYPE_CHECKING:
    from ezkit.store import Campaign


def apply(result: Result, rules: Rules, db: Path | str | None = None) -> dict[str, str]:
    """Mark the campaign PCs' wounds of the scene and take off the Fudge Points they spent
    (refused, RuleError, when one holds fewer now: EZ-12): one locked, atomic update for them all.

    PCs read from files are not in the campaign and are left out. Returns each updated
    character's track in words. If any PC cannot be updated, none is (one write, or none).
    """
    from ezkit.store import open_campaign

    with open_campaign(db) as campaign:
        return apply_in(campaign, result, rules)


def apply_in(campaign: Campaign, result: Result, rules: Rules) -> dict[str, str]:
    """`apply` within an open campaign block (its one write is the caller's)."""
    from ezkit.character import advance
    from ezkit.combat import healing

    applied: dict[str, str] = {}
    for m in result.members:
        if m.source != "campaign" or not (m.taken or m.fudge_spent) or m.character is None:
            continue

        def change(doc: dict[str, Any], m: Member = m) -> dict[str, Any]:
            character = parse_character(doc, in_campaign(doc))
            if m.fudge_spent:  # refused when he lacks them now: nothing written (EZ-12)
                why = f"+1 each after rolls in {result.title} (ezkit fight scene)"
                character = advance.spend(character, m.fudge_spent, 0, why)
            for level, stun, reason in m.taken:
                if wounds.is_dead(character.wounds):
                    break
                character = healing.wound(character, level, rules, stun, reason)
            changed = character.to_document()
            parse_character(changed, f"{character.name} as changed")  # checked whole
            return changed

        # checked: the campaign keeps its digest, so `char list` reads it without the model
        doc = campaign.update_character(m.character.name, change, checked=True)
        track = parse_character(doc, in_campaign(doc)).wounds
        applied[m.name] = wounds.track_text(track, rules)  # in the block: refuses the write
    return applied
