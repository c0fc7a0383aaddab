"""Rules data: the book's tables, loaded once, with a table's house rules on top.

The defaults live in `data/rules.yaml`. A house-rules file (`--rules FILE`, or
the `EZKIT_RULES` environment variable) overrides entries: mappings merge key
by key, anything else is replaced whole. The merged document is validated, so
a typo in a house-rules file is reported with its path, not silently ignored.

The tables are plain frozen dataclasses (ezkit/records.py). Without house rules they are
read from `data/rules.json`, the defaults compiled: no YAML or pydantic (about 60 ms at
start-up). tests/test_startup.py checks that it is what rules.yaml makes now;
`EZKIT_SNAPSHOTS=update pytest tests/test_startup.py -k compiled` writes it anew. House
rules are checked by pydantic against the same dataclasses.
"""

from __future__ import annotations

import json
import os
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Literal

from ezkit import ladder
from ezkit.errors import DocumentError, InputError
from ezkit.records import Before, Check, Record, build, no_true_or_false, record

DATA = Path(__file__).parent / "data" / "rules.yaml"
COMPILED = DATA.with_suffix(".json")
#: The rules-data versions this ezkit reads.
SCHEMA_VERSIONS = (1,)
#: The largest round cap a table may set (EZ-20): a scene that nobody can end stops there.
MAX_ROUND_CAP = 1000
#: The longest rest counted at once, in weeks (ten years): more is refused before any work.
MAX_REST_WEEKS = 520


class LimitError(InputError):
    """A number past a documented maximum, refused before any work is done (exit 2)."""


def shown(number: int) -> str:
    """A number as an error message shows it: `100,000,000`; a giant one only by its size."""
    if abs(number) < 10**15:
        return f"{number:,}"
    return f"{'-' if number < 0 else ''}a number of about {number.bit_length() * 3 // 10} digits"


#: A rank written as the Ladder allows (`Fair`, `+1`, `Fair (+1)`), stored as its number.
Rank = Annotated[int, Before(ladder.parse)]


#: A count the house rules set (points, ranks, gifts, roles, XP costs): none, or some, up to
#: COUNT_LIMIT (a house role_points of 10^24 or a cost of 10^26 is a slip, not a rule).
COUNT_LIMIT = 1000
Count = Annotated[int, Check(ge=0, le=COUNT_LIMIT), Before(no_true_or_false)]
#: Boxes of one wound level: the sheet prints them in a row (the book's Scratch has three; a
#: house level of 10^9 boxes hung every command that marks wounds).
BOXES_LIMIT = 10
#: A bonus or factor on the Ladder's scale (armour, a weapon's damage factor): within the
#: modifiers any command takes (a house armour of 10^20 had given a CPD of 10^20).
Bonus = Annotated[int, Check(ge=-ladder.LIMIT, le=ladder.LIMIT), Before(no_true_or_false)]


@record(kw_only=True)
class Flowchart(Record):
    role_points: Count
    attribute_ranks: Count
    gifts: Count
    default_attribute: Rank
    default_role: Rank
    max_starting_role: Rank
    great_roles: Count
    recommended_roles: tuple[Count, Count]
    fault_buys: dict[str, dict[str, Count]]
    swap_rates: dict[str, int]
    #: what a supernormal gift counts as, in gifts: at least one
    supernormal_gift_weight: Annotated[int, Check(ge=1)]


@record(kw_only=True)
class PointBuy(Record):
    build_points: Count
    default_attribute: Rank
    attribute_rank: Count
    gift: Count
    fault: Bonus  # what a fault costs: negative, it gives build points back


@record(kw_only=True)
class FudgePoints(Record):
    starting: tuple[Count, Count]
    default: Count
    #: at least 1 each way: 0 Fudge Points an Experience Point made XP from nothing
    per_experience_point: Annotated[int, Check(ge=1)]
    back_conversion: Annotated[int, Check(ge=1)]


@record(kw_only=True)
class Experience(Record):
    role: dict[Rank, Count]
    attribute: dict[Rank, Count]
    below_table_costs_as: Rank
    beyond_superb_factor: Annotated[int, Check(ge=1, le=ladder.LIMIT)]
    add_gift: Count
    remove_fault: Count


@record(kw_only=True)
class MeleeWeapon(Record):
    factor: Bonus
    description: str = ""
    examples: tuple[str, ...] = ()


@record(kw_only=True)
class RangedWeapon(Record):
    inj: Annotated[tuple[Bonus, ...], Check(min_length=1)]
    note: str = ""


@record(kw_only=True)
class WoundLevel(Record):
    """One row of the wound table and track (EZ-14, EZ-15, EZ-16)."""

    name: str
    from_: Annotated[int, Check(ge=1, le=COUNT_LIMIT)]  # `from:` in the files
    boxes: Annotated[int, Check(ge=1, le=BOXES_LIMIT)]
    penalty: Bonus = 0
    acts: bool = True
    areas_per_round: Count | None = None  # None: no limit
    stun: str | None = None
    heals_after_battle: bool = False

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Checked against a file, `from_` is read from `from:` (a keyword in Python)."""
        schema = handler(source)
        for field in schema["schema"]["fields"]:
            if field["name"] == "from_":
                field["validation_alias"] = "from"
        return schema


@record(kw_only=True)
class Wounds(Record):
    levels: Annotated[tuple[WoundLevel, ...], Check(min_length=1)]
    beyond: str
    stun_cap: str


@record(kw_only=True)
class Range(Record):
    name: str
    difficulty: Rank
    melee: bool = False


@record(kw_only=True)
class Tactic(Record):
    bonus: Bonus
    wound_bonus: Bonus = 0
    failure_wound_bonus: Bonus = 0


@record(kw_only=True)
class Terrain(Record):
    test: Rank
    opponent_mod: Bonus


@record(kw_only=True)
class Healing(Record):
    medical_result: Rank
    hospital_bonus: Bonus
    treatments_per_week: dict[str, Count]


#: What a fighting role fights in (EZ-24): close in, at range, or both.
FightingKind = Literal["melee", "ranged", "both"]


@record(kw_only=True)
class AttributeStandIn(Record):
    """An attribute the GM lets stand in for a role: at a penalty, capped (EZ-24)."""

    penalty: Bonus
    cap: Rank


@record(kw_only=True)
class Rules(Record):
    """Every table the character and fight rules read."""

    schema_version: int = 1
    flowchart: Flowchart
    attributes: tuple[str, ...]
    attribute_range: tuple[Rank, Rank]
    point_buy: PointBuy
    fudge_points: FudgePoints
    experience: Experience
    armor: dict[str, Bonus]
    melee_weapons: dict[str, MeleeWeapon]
    ranged_weapons: dict[str, RangedWeapon]
    wounds: Wounds
    ranges: dict[str, Range]
    light: dict[str, Bonus]
    cover: dict[str, Bonus]
    melee_floor: Rank
    tactics: dict[str, Tactic]
    terrain: Terrain
    round_cap: Annotated[int, Check(ge=1, le=MAX_ROUND_CAP)]
    healing: Healing
    # EZ-24: a null entry strikes a listed role out (a house rule), so it is kept as None
    fighting_roles: dict[str, FightingKind | None]
    attribute_stand_in: AttributeStandIn

    def improve_cost(self, kind: str, rank: int) -> int:
        """XP to raise a role or attribute one rank from `rank` (EZ-13)."""
        table = self.experience.role if kind == "role" else self.experience.attribute
        top = max(table)
        if rank > top:
            return table[top] * self.experience.beyond_superb_factor ** (rank - top)
        return table.get(rank, table[self.experience.below_table_costs_as])

    def melee_weapon(self, name: str) -> tuple[str, MeleeWeapon] | None:
        """A melee weapon by its row name or one of its examples, any case."""
        key = _key(name)
        for row, weapon in self.melee_weapons.items():
            if key == _key(row) or key in (_key(e) for e in weapon.examples):
                return row, weapon
        return None

    def ranged_weapon(self, name: str) -> RangedWeapon | None:
        return _lookup(self.ranged_weapons, name)

    def armor_bonus(self, name: str) -> int | None:
        return _lookup(self.armor, name)

    def fighting_kind(self, role: str) -> str | None:
        """Whether the rules list a role (by name, any case) as a fighting role, and for
        what: "melee", "ranged", "both"; None when it is not one (EZ-24)."""
        return _lookup(self.fighting_roles, role)

    def weapon_names(self) -> list[str]:
        melee = [e for w in self.melee_weapons.values() for e in w.examples]
        return sorted({*self.melee_weapons, *melee, *self.ranged_weapons})


def _key(name: str) -> str:
    return " ".join(name.lower().replace("_", " ").replace("-", " ").split())


def _lookup(table: dict[str, Any], name: str) -> Any:
    key = _key(name)
    for row, value in table.items():
        if _key(row) == key:
            return value
    return None


def merge(base: Any, override: Any) -> Any:
    """House rules over the defaults: mappings merge key by key, the rest is replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    return override


@cache
def _defaults() -> dict[str, Any]:
    """rules.yaml as written: what house rules are merged over."""
    from ezkit.yamlio import load_yaml

    return load_yaml(DATA)


@cache
def _load(house: str | None) -> Rules:
    if house:
        return checked(house)
    with open(COMPILED, encoding="utf-8") as handle:  # the defaults, checked when compiled
        return build(Rules, json.load(handle))


def checked(house: str | None = None) -> Rules:
    """The defaults with a house-rules file over them (rules.yaml alone for None), checked:
    DocumentError naming the file and every field it gets wrong."""
    from pydantic import TypeAdapter, ValidationError

    from ezkit.yamlio import load_yaml

    document = _defaults()
    if house:
        override = load_yaml(Path(house))
        if not isinstance(override, dict):
            raise DocumentError(f"house rules {house}: expected a mapping of rules to override")
        document = merge(document, override)
    where = f"house rules {house}" if house else f"rules data {DATA}"
    version = document.get("schema_version", 1)
    if version not in SCHEMA_VERSIONS:
        accepted = ", ".join(map(str, SCHEMA_VERSIONS))
        raise DocumentError(
            f"{where}: schema_version {version!r} is not one this ezkit reads (accepted: "
            f"{accepted}); write it for this version, or leave schema_version out"
        )
    cap = document.get("round_cap")
    if isinstance(cap, int) and cap > MAX_ROUND_CAP:  # ruling EZ-20: a cap, not forever
        raise LimitError(
            f"{where}: round_cap {shown(cap)} is more than {MAX_ROUND_CAP:,}, the largest round "
            "cap (EZ-20)"
        )
    try:
        rules = TypeAdapter(Rules).validate_python(document)
    except ValidationError as error:
        from ezkit.character.files import problems_from  # worded as a character file's are

        problems = "; ".join(f"{p.path}: {p.message}" for p in problems_from(error, Rules))
        raise DocumentError(f"{where} is invalid: {problems}") from None
    if problems := in_order(rules):
        raise DocumentError(f"{where} is invalid: {'; '.join(problems)}")
    return rules


def in_order(rules: Rules) -> list[str]:
    """What the types cannot say: ranges low to high, wound levels each from a higher value
    than the one before, and named once (a reversed range allowed no attribute at all)."""
    problems = []
    low, high = rules.attribute_range
    if low > high:
        problems.append(
            f"attribute_range: {ladder.label(low)} to {ladder.label(high)}; "
            "the lower rank first (EZ-2)"
        )
    first, last = rules.fudge_points.starting
    if first > last:
        problems.append(f"fudge_points.starting: {first} to {last}; the fewer first")
    if [a.casefold() for a in rules.attributes] != ["body", "agility", "mind", "will"]:
        problems.append(
            f"attributes: {', '.join(rules.attributes) or 'none'}; the four of EZ-2 are Body, "
            "Agility, Mind and Will, which house rules may not rename or leave out"
        )
    low_roles, high_roles = rules.flowchart.recommended_roles
    if low_roles > high_roles:
        problems.append(
            f"flowchart.recommended_roles: {low_roles} to {high_roles}; the fewer first"
        )
    rates = rules.flowchart.swap_rates
    if any(rate < 1 for rate in rates.values()):
        shown_rates = ", ".join(f"{k} {v}" for k, v in rates.items())
        problems.append(f"flowchart.swap_rates: {shown_rates}; each rate is at least 1 (EZ-6)")
    levels = rules.wounds.levels
    for before, level in pairwise(levels):
        if level.from_ <= before.from_:
            problems.append(
                f"wounds.levels: {level.name} from {level.from_} comes after {before.name} "
                f"from {before.from_}; each level starts at a higher wound value (EZ-14)"
            )
    names = [level.name.casefold() for level in levels]
    if len(set(names)) != len(names):
        problems.append("wounds.levels: two levels have the same name (in any case)")
    if rules.wounds.stun_cap.casefold() not in names:
        problems.append(
            f"wounds.stun_cap: {rules.wounds.stun_cap!r} is no wound level; name one of "
            f"{', '.join(level.name for level in levels)}"
        )
    below = rules.experience.below_table_costs_as
    for kind in ("role", "attribute"):
        table = getattr(rules.experience, kind)
        if below not in table:
            ranks = ", ".join(ladder.label(rank) for rank in sorted(table))
            problems.append(
                f"experience.below_table_costs_as: {ladder.label(below)} is not in the "
                f"experience.{kind} table ({ranks or 'empty'}); name one of its ranks (EZ-13)"
            )
    return problems


def load(house: str | os.PathLike[str] | None = None) -> Rules:
    """The rules in force: the defaults, with house rules from the file or EZKIT_RULES."""
    if house is None:
        house = os.environ.get("EZKIT_RULES") or None
    return _load(str(house) if house else None)
