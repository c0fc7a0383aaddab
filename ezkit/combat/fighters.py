"""Who fights: a character's numbers for a fight, or a foe's stat line.

A character fights with a trait (a role or an attribute), a weapon's INJ, his
CPD and the penalty of his wound track. A foe is a stat line the GM types:
`Bandit: Fair Fighter, INJ 3, CPD 2` (name, rank and trait, INJ, CPD; optional
`Reflexes Fair` for evading).

The trait follows EZ-24, in order: the trait the GM names; else the role the
weapon names; else the character's best fighting role for the kind of fight
(marked `fighting:` on the role, or listed in the rules data's
`fighting_roles`); else the default of Poor. A named role the character lacks
is the default of Poor too (never refused); an attribute the GM names stands in
at a penalty, capped (the rules data's `attribute_stand_in`). Never the best
role regardless of what it is: a Great Witch does not knife as a witch.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from ezkit import ladder
from ezkit.character.check import check
from ezkit.character.model import NAME_MAX, Character, Role, Weapon, WoundMark
from ezkit.combat import wounds
from ezkit.errors import InputError, RuleError
from ezkit.records import record
from ezkit.rules import Rules
from ezkit.terminal import name_problem, safe_line
from ezkit.words import shorten

# Why a trait was chosen (EZ-24), as the output says it (text and JSON `trait.why`).
BY_GM = "named by the GM"
BY_WEAPON = "the weapon's role"
BY_FIGHTING = "a fighting role"
BY_DEFAULT = "default Poor"
BY_STAT_LINE = "the foe's stat line"
ATTRIBUTES = ("body", "agility", "mind", "will")


@dataclass(frozen=True)  # one made every exchange: dataclass's own __init__ is quicker
class Trait:
    """The trait a fighter uses, and why (EZ-24)."""

    name: str  # a role's label, an attribute, or "default"
    rank: int
    why: str  # BY_GM, BY_WEAPON, BY_FIGHTING, BY_DEFAULT (BY_STAT_LINE for a foe)
    note: str = ""  # how the rank came about, when it is not simply the role's
    fighting: bool = False  # a fighting role: unarmed, the "helpful fighting role" row (EZ-10)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rank": self.rank,
            "label": ladder.label(self.rank),
            "why": self.why,
            "note": self.note,
        }

    def why_text(self) -> str:
        """`the weapon's role (knife)`, `default Poor (no melee fighting role)`."""
        return self.why + (f" ({self.note})" if self.note else "")

    def text(self, who: str) -> str:
        """`Wren Hollowell fights as Mediocre (0) Brawler: the weapon's role (knife)`."""
        if self.why == BY_DEFAULT:
            return f"{who} fights at the default of {ladder.label(self.rank)}: {self.why_text()}"
        return f"{who} fights as {ladder.label(self.rank)} {self.name}: {self.why_text()}"


@record
class Combatant:
    """A fighter's numbers, whoever he is."""

    name: str
    rank: int
    trait: str
    inj: int
    cpd: int
    weapon: str
    reflexes: int
    track: tuple[WoundMark, ...] = ()
    character: Character | None = field(default=None, compare=False)
    chosen: Trait | None = field(default=None, compare=False)  # a character's, with why

    def penalty(self, rules: Rules) -> int:
        return wounds.penalty(self.track, rules)

    def can_act(self, rules: Rules) -> bool:
        return wounds.can_act(self.track, rules)

    def trait_info(self) -> Trait:
        """The trait and why: a character's choice, or a foe's stat line."""
        return self.chosen or Trait(self.trait, self.rank, BY_STAT_LINE)


def from_character(
    character: Character,
    rules: Rules,
    trait: str | None = None,
    weapon: str | None = None,
    ranged: bool = False,
    armed: bool = True,
) -> Combatant:
    """A character's fighting numbers: the weapon asked for (else the first of the kind;
    unarmed in melee), the trait by EZ-24, CPD and wound penalty.

    `armed=False` is a target that only gets shot at: it needs no weapon (EZ-26).
    """
    played = character.effective()
    report = check(character, rules)
    kind = "ranged" if ranged else "melee"
    arms = [w for w in report.derived.weapons if w.kind == kind]
    # a weapon the rules refuse is left out of the derived numbers: said why, not "no weapon"
    refused = [p.message for p in report.errors if p.path.startswith("weapons[")]
    if weapon:
        arms = [w for w in report.derived.weapons if w.name.lower() == weapon.lower()]
        if not arms:
            why = next((m for m in refused if f"{weapon.lower()!r}" in m.lower()), None)
            if why is not None:
                raise RuleError(f"{character.name} cannot fight with it: {why} (EZ-10)")
            held = ", ".join(w.name for w in report.derived.weapons) or "none"
            raise InputError(f"{character.name} has no weapon {weapon!r} (weapons: {held})")
    used_weapon = None
    if arms:
        inj, used = arms[0].inj, arms[0].name
        used_weapon = next((w for w in played.weapons if w.name == used), None)
        chosen = pick_trait(played, rules, trait, used_weapon, ranged)
    elif ranged and armed:
        but = f"; and {refused[0]} (EZ-10)" if refused else ""
        raise RuleError(f"{character.name} has no ranged weapon to shoot with (EZ-19){but}")
    else:
        chosen = pick_trait(played, rules, trait, None, ranged)
        # unarmed: the damage factor of the unarmed rows, better with a fighting role (EZ-10)
        row = "unarmed fighter" if chosen.fighting else "unarmed"
        table = rules.melee_weapons.get(row) or rules.melee_weapons["unarmed"]
        inj, used = played.attributes.body + played.mass_scale + table.factor, "unarmed"
        if ranged:  # only shot at: no weapon of its own (EZ-26)
            inj, used = 0, ""
    return Combatant(
        character.name,
        chosen.rank,
        chosen.name,
        inj,
        report.derived.cpd,
        used,
        report.derived.reflexes,
        tuple(character.wounds),
        character,
        chosen,
    )


def pick_trait(
    character: Character,
    rules: Rules,
    trait: str | None = None,
    weapon: Weapon | None = None,
    ranged: bool = False,
) -> Trait:
    """The trait a fighter uses, in EZ-24's order (see the module docstring).

    `character` is the character in play (people package applied). Ranged fights use the
    roles listed or marked for ranged (or both), melee fights those for melee (or both).
    """
    default = rules.flowchart.default_role  # a role not taken is Poor (EZ-3)
    if trait is not None:
        return _named(character, rules, trait, ranged)
    if weapon is not None and weapon.role:
        found = _find_role(character.roles, weapon.role)
        if found is not None:
            return Trait(
                found.label, found.rank, BY_WEAPON, weapon.name, _is_fighting(found, rules, ranged)
            )
        # the model checks a weapon's role against the roles; a package may have changed
        return Trait(
            weapon.role,
            default,
            BY_WEAPON,
            f"{weapon.name}; {character.name} has no role {weapon.role!r}: the default of "
            f"{ladder.label(default)}",
        )
    fighters = [r for r in character.roles if _is_fighting(r, rules, ranged)]
    if fighters:
        best = max(fighters, key=lambda r: r.rank)  # the first listed among equals
        return Trait(best.label, best.rank, BY_FIGHTING, "", True)
    kind = "ranged" if ranged else "melee"
    return Trait("default", default, BY_DEFAULT, f"no {kind} fighting role")


def fighting_kind(role: Role, rules: Rules) -> str | None:
    """The kind of fighting role: melee, ranged, both; None when the role is not one.

    The role's own mark (`fighting:` in the character file) wins over the rules' list.
    """
    if role.fighting is True:
        return "both"
    if role.fighting is False:
        return None
    if role.fighting is not None:
        return role.fighting
    return rules.fighting_kind(role.name)


def _is_fighting(role: Role, rules: Rules, ranged: bool) -> bool:
    kind = fighting_kind(role, rules)
    return kind == "both" or kind == ("ranged" if ranged else "melee")


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _find_role(roles: list[Role], name: str) -> Role | None:
    """A role by label (`Doctor (Surgery)`) or by name (`Doctor`: the best of that name)."""
    key = _key(name)
    for role in roles:
        if _key(role.label) == key:
            return role
    named = [r for r in roles if _key(r.name) == key]
    return max(named, key=lambda r: r.rank) if named else None


def _named(character: Character, rules: Rules, trait: str, ranged: bool) -> Trait:
    """The trait the GM names: a role (held, another specialty, or not taken) or an attribute."""
    key = _key(trait)
    if not key:
        raise InputError("a trait the GM names is a role or an attribute; got nothing (EZ-24)")
    if key in ATTRIBUTES:
        stand_in = rules.attribute_stand_in
        value = getattr(character.attributes, key)
        rank = min(value + stand_in.penalty, stand_in.cap)
        return Trait(
            key.capitalize(),
            rank,
            BY_GM,
            f"an attribute stands in at {stand_in.penalty:+d}, at most "
            f"{ladder.label(stand_in.cap)}: {key.capitalize()} {ladder.label(value)}",
        )
    found = _find_role(character.roles, trait)
    if found is not None:
        return Trait(found.label, found.rank, BY_GM, "", _is_fighting(found, rules, ranged))
    default = rules.flowchart.default_role
    other = _other_specialty(character.roles, trait)
    if other is not None:  # EZ-4: an optional specialty acts at -1 for another specialty
        return Trait(
            " ".join(trait.split()),
            other.rank - 1,
            BY_GM,
            f"another specialty of {other.label} at -1 (EZ-4)",
        )
    names = [r.label for r in character.roles] + [a.capitalize() for a in ATTRIBUTES]
    close = difflib.get_close_matches(trait, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return Trait(
        " ".join(trait.split()),
        default,
        BY_GM,
        f"{character.name} has no role {trait!r}: a role not taken is "
        f"{ladder.label(default)}{hint}",
    )


def _other_specialty(roles: list[Role], trait: str) -> Role | None:
    """`Historian (Westmarch)` for a character with an optional Historian (the East March)."""
    match = re.match(r"^\s*(?P<name>[^()]+?)\s*\((?P<specialty>[^()]*)\)\s*$", trait)
    if not match:
        return None
    same = [
        r
        for r in roles
        if _key(r.name) == _key(match["name"]) and r.specialty and not r.specialty_required
    ]
    return max(same, key=lambda r: r.rank) if same else None


_FOE = re.compile(
    r"^\s*(?P<name>[^:]+?)\s*:\s*(?P<trait>[^,]+?)\s*"
    r",\s*INJ\s*(?P<inj>[+-]?\d+)\s*,\s*CPD\s*(?P<cpd>[+-]?\d+)"
    r"(?:\s*,\s*Reflexes\s*(?P<reflexes>[^,]+?))?\s*$",
    re.I,
)


def parse_foe(text: str) -> Combatant:
    """Read `Bandit: Fair Fighter, INJ 3, CPD 2` (optionally `, Reflexes Mediocre`)."""
    match = _FOE.match(text)
    if not match:
        raise InputError(
            f"foe {safe_line(shorten(text, 80))!r} is not a stat line; write it as 'NAME: RANK "
            "TRAIT, INJ N, CPD N' (e.g. 'Bandit: Fair Fighter, INJ 3, CPD 2', optionally "
            "', Reflexes Fair')"
        )
    name = match["name"]
    if why := name_problem(name):
        raise InputError(f"foe name {safe_line(shorten(name))!r} {why}; a name is one line")
    if len(name) > NAME_MAX:
        raise InputError(
            f"foe name {safe_line(shorten(name))!r} has {len(name):,} characters; a name is at "
            f"most {NAME_MAX}"
        )
    rank, trait = _rank_and_trait(match["trait"])
    reflexes = ladder.parse(match["reflexes"]) if match["reflexes"] else rank
    return Combatant(name, rank, trait, _stat(match, "inj"), _stat(match, "cpd"), "", reflexes)


def _stat(match: re.Match[str], key: str) -> int:
    """A foe's INJ or CPD: within the modifiers any command takes (a 5,000-digit INJ was an
    internal error, and one of 10^26 was printed as a wound value)."""
    digits = match[key]
    value = int(digits) if len(digits.lstrip("+-")) <= 6 else None
    if value is None or abs(value) > ladder.LIMIT:
        shown = shorten(digits, 12)
        raise InputError(
            f"foe {key.upper()} {shown} is out of range: it may be from -{ladder.LIMIT} to "
            f"+{ladder.LIMIT}"
        )
    return value


def _rank_and_trait(text: str) -> tuple[int, str]:
    """`Fair Fighter`, `Great (+3) Swordsman`, `+1 Fighter`: the rank first, then the trait."""
    both = re.match(r"^(?P<rank>.+?\(\s*[+-]?\d+\s*\)|[+-]?\d+|\S+)\s*(?P<trait>.*)$", text)
    assert both is not None  # the pattern matches any non-empty text
    rank = ladder.parse(both["rank"])
    return rank, both["trait"] or "fighting"
