"""The EZFudge character as a document: plain dataclasses, checked at the edge.

A character file holds the traits as the player built them; a people package
(EZ-8) is applied on top to give the traits used in play (`effective`).
Improvements bought with Experience change the stored traits and are kept in
the history, so the build can always be checked as it was made.

The records say their constraints in their types (`Check`, `Before`, `After`): pydantic checks
a document against them and words what is wrong, and `ezkit.strict` reads a valid one without
importing pydantic (ezkit.character.files says which does what). A field's docstring is its
description in `ezkit schema character`.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import field
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal

from ezkit import ladder
from ezkit.records import After, Before, Check, Dump, Record, Schema, no_true_or_false, record
from ezkit.terminal import control_characters, name_problem

SCHEMA_VERSION = 1
ATTRIBUTE_NAMES = ("body", "agility", "mind", "will")  # EZ-2


def _printable(value: str) -> str:
    """No control characters in any text (a name holding an escape sequence would drive
    the terminal it is printed on); line breaks and tabs only where prose is kept. No lone
    surrogate either (JSON's "\\ud800"): half a character, which no terminal or file can take."""
    if bad := control_characters(value, prose=True):
        raise ValueError(
            f"holds the control character {bad[0]!a}; text may hold letters, "
            "digits, punctuation, spaces and line breaks only"
        )
    if half := [c for c in value if "\ud800" <= c <= "\udfff"]:
        raise ValueError(
            f"holds {half[0]!a}, half of a character (a lone surrogate); write the whole "
            "character, or leave it out"
        )
    return value


def _not_true_or_false(value: Any) -> Any:
    """Points are a number (written "4" is read as 4), never true or false: pydantic would
    read `fudge_points: true` as 1 Fudge Point."""
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is no number of points; write a whole number")
    return value


#: The longest name and text a document holds, in characters: a name of 100 is a sentence, a
#: text of 20,000 some ten printed pages. Past them, printing a sheet took minutes (a 100,000-
#: character name) while nothing a person writes needs them.
NAME_MAX = 100
TEXT_MAX = 20_000
#: The most Fudge Points and Experience a character holds: far past any campaign (a few are
#: awarded a session), and a bound (an award of 10^20 had been taken, and a sheet drawing
#: 100,000 Fudge Point boxes never finished).
FUDGE_MAX = 999
EXPERIENCE_MAX = 999_999


def _at_most(most: int, what: str) -> Any:
    """A length check run after _printable (a constraint in pydantic's own string check would
    refuse half a character first, in words of its own)."""

    def check(value: str) -> str:
        if len(value) > most:
            raise ValueError(f"{len(value):,} characters long; {what} holds at most {most:,}")
        return value

    return After(check)


#: A bonus on the Ladder's scale (an armour's, a gift's to CPD, a weapon's INJ, a Mass Scale):
#: within the ±20 of any modifier (a CPD of 10^20 had been taken).
Bonus = Annotated[int, Check(ge=-20, le=20), Before(no_true_or_false)]

#: Text in a document: any, but no control characters.
Text = Annotated[str, After(_printable), _at_most(TEXT_MAX, "a text")]


def _name(value: str) -> str:
    """A name is one line a person can read and type back (ezkit.terminal.name_problem)."""
    if why := name_problem(value):
        raise ValueError(f"{why}; a name is one line of letters, digits, spaces and signs")
    return value


#: A name: text, not empty, one line, every character seen.
Name = Annotated[
    str, Check(min_length=1), After(_printable), After(_name), _at_most(NAME_MAX, "a name")
]

#: A rank as the Ladder allows it (`Great`, `+3`, `Great (+3)`), kept as its number
#: and written back as the book's label.
Rank = Annotated[
    int,
    Before(ladder.parse),
    Dump(ladder.label),
    Schema(
        {
            "anyOf": [{"type": "integer"}, {"type": "string", "minLength": 1}],
            "description": "A rank on the Ladder: a name (any case or an unambiguous prefix), "
            "a number, or both, as Great, +3 or 'Great (+3)' (EZ-1).",
            "examples": ["Great", 3, "Great (+3)"],
        }
    ),
]


def _role_key(name: str) -> str:
    """A role's name or label as compared: any case, any spacing."""
    return " ".join(name.lower().split())


def _named(value: Any) -> Any:
    """Let a bare string stand for an object with just that name."""
    return {"name": value} if isinstance(value, str) else value


class Doc(Record):
    """A strict document part: unknown keys are errors, not silently dropped."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {
        "extra": "forbid",
        "use_attribute_docstrings": True,
    }


@record(frozen=False, kw_only=True)
class Role(Doc):
    """A role (a skill group) at a rank, maybe with a specialty (EZ-3, EZ-4)."""

    name: Name
    rank: Rank
    specialty: Text | None = None
    specialty_required: bool = False
    """The GM rules this role must be specialized (EZ-4)."""
    fighting: bool | Literal["melee", "ranged", "both"] | None = None
    """A fighting role (EZ-24): melee, ranged or both (true: both; false: not one). Left out,
    the rules data's list of fighting roles decides."""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.specialty})" if self.specialty else self.name


@record(frozen=False, kw_only=True)
class Attributes(Doc):
    """The four attributes (EZ-2)."""

    body: Rank
    agility: Rank
    mind: Rank
    will: Rank

    def ranks(self) -> dict[str, int]:
        """The attributes by name, as numbers."""
        return {name: getattr(self, name) for name in ATTRIBUTE_NAMES}


@record(frozen=False, kw_only=True)
class Gift(Doc):
    """An unranked advantage; a supernormal gift counts as 2 gifts or more (EZ-5)."""

    name: Name
    supernormal: bool = False
    weight: int | None = None
    """Gifts it counts as (default 1, supernormal 2)."""
    cpd: Bonus = 0
    """Defence it adds to CPD, as Toughness +1 (EZ-10)."""
    note: Text = ""


@record(frozen=False, kw_only=True)
class Fault(Doc):
    """An unranked limitation; in the flowchart, what it bought (EZ-5)."""

    name: Name
    bought: Literal["gift", "attributes", "roles", "attribute-and-roles"] | None = None
    """Flowchart only: 1 gift, 2 attribute ranks, 4 role points, or 1 attribute rank and 2 role
    points (EZ-5)."""
    note: Text = ""


@record(frozen=False, kw_only=True)
class Swap(Doc):
    """One trait swap (EZ-6): amounts given (negative) and got (positive)."""

    gifts: int = 0
    attributes: int = 0
    roles: int = 0
    note: Text = ""


@record(frozen=False, kw_only=True)
class Weapon(Doc):
    """A weapon: a row of the melee or ranged table, or one described in full (EZ-10)."""

    name: Name
    type: Text | None = None
    """Table row or example it counts as."""
    kind: Literal["melee", "ranged"] | None = None
    damage_factor: Bonus | None = None
    inj: Bonus | None = None
    """A ranged weapon's INJ (the GM's pick)."""
    quality: bool = False
    """Quality or unique melee weapon: INJ +1."""
    role: Name | None = None
    """The role the character fights with when using it (EZ-24), one of the character's roles:
    its name, or name and specialty as 'Doctor (Surgery)'; for example Knife Fighter."""
    note: Text = ""


@record(frozen=False, kw_only=True)
class Armor(Doc):
    """Armor worn: its name, and its bonus when it is not the table's (EZ-10)."""

    name: Name
    bonus: Bonus | None = None
    """Armor bonus; from the table when left out."""


@record(frozen=False, kw_only=True)
class DefenceModifier(Doc):
    """A lasting change to the character's defence (CPD), and where it comes from (EZ-10)."""

    source: Name
    value: Bonus


# A bare string stands for an object with just that name: `- quarterstaff`, `armor: chain mail`.
NamedGift = Annotated[Gift, Before(_named, takes=str | Gift)]
NamedFault = Annotated[Fault, Before(_named, takes=str | Fault)]
NamedWeapon = Annotated[Weapon, Before(_named, takes=str | Weapon)]
NamedArmor = Annotated[Armor | None, Before(_named, takes=str | Armor | None)]


@record(frozen=False, kw_only=True)
class PeoplePackage(Doc):
    """A GM's package of traits for a people (EZ-8), applied after trait swapping."""

    schema_version: Literal[1] = SCHEMA_VERSION
    name: Name
    description: Text = ""
    mass_scale: Bonus = 0
    """Change to Mass Scale."""
    attributes: dict[Literal["body", "agility", "mind", "will"], int] = field(default_factory=dict)
    """Changes to attributes, in ranks."""
    roles: list[Role] = field(default_factory=list)
    """Roles the package adds."""
    gifts: list[NamedGift] = field(default_factory=list)
    faults: list[NamedFault] = field(default_factory=list)
    cost: int | None = None
    """Build points, counted when given (EZ-7)."""


@record(frozen=False, kw_only=True)
class WoundMark(Doc):
    """A marked box on the wound track (EZ-15, EZ-16)."""

    level: Text
    rolled: Text
    """The level the wound was rolled at, before promotion."""
    stun: bool = False


@record(frozen=False, kw_only=True)
class HistoryEntry(Doc):
    """One change to the character: awards, spending, improvements (EZ-12, EZ-13)."""

    time: datetime
    kind: Literal[
        "created",
        "award",
        "spend",
        "convert",
        "improve",
        "add-gift",
        "remove-fault",
        "wound",
        "heal",
        "note",
    ]
    reason: Text = ""
    fudge_points: int = 0
    experience: int = 0
    trait: Text | None = None
    trait_kind: Literal["role", "attribute"] | None = None
    from_rank: int | None = None
    """An improvement's rank before, as stored, not as played: an attribute's as built (the
    people package's change is not in it); a role's own, or the default (Poor) when the
    character had the role only from the package or not at all (EZ-8, EZ-13)."""
    to_rank: int | None = None
    """An improvement's rank after, as stored: an attribute's as built, a role's own."""
    gift: Gift | None = None
    fault: Fault | None = None
    wound: WoundMark | None = None
    week: int | None = None
    """In-game week of rest or treatment (EZ-21)."""
    medical: bool = False

    def problem(self) -> str | None:
        """An improvement names a trait the character can have, at ranks on the Ladder."""
        if self.trait_kind == "attribute" and (self.trait or "").lower() not in ATTRIBUTE_NAMES:
            return f"improved attribute {self.trait!r} is not one of {', '.join(ATTRIBUTE_NAMES)}"
        for rank in (self.from_rank, self.to_rank):
            if rank is not None and abs(rank) > ladder.LIMIT:
                return f"rank {rank} is off the Ladder (-{ladder.LIMIT}..+{ladder.LIMIT})"
        return None


def _package_read(value: Any) -> Any:
    if isinstance(value, str):
        raise ValueError(
            f"people_package names the file {value!r}; ezkit reads it when it reads the "
            "character file, relative to that file"
        )
    return value


# In a file, a path (read by ezkit.character.files); in memory, always the package itself.
PackageOrPath = Annotated[
    PeoplePackage | None, Before(_package_read, takes=PeoplePackage | str | None)
]


@record(frozen=False, kw_only=True)
class Character(Doc):
    """An EZFudge character, as built by the flowchart or by point-buy."""

    __dump_skip__: ClassVar[tuple[str, ...]] = ("weapon",)  # read into `weapons` (finish)

    schema_version: Literal[1] = SCHEMA_VERSION
    name: Name
    player: Text = ""
    idea: Text = ""
    build: Literal["flowchart", "point-buy"] = "flowchart"
    people: Text = ""
    """The character's people (species and culture)."""
    people_package: PackageOrPath = None
    """The people package (EZ-8), inline or the path of its file."""
    roles: list[Role] = field(default_factory=list)
    attributes: Attributes
    mass_scale: Bonus = 0
    gifts: list[NamedGift] = field(default_factory=list)
    faults: list[NamedFault] = field(default_factory=list)
    swaps: list[Swap] = field(default_factory=list)
    fudge_points: Annotated[int, Check(ge=0, le=FUDGE_MAX), Before(_not_true_or_false)] = 3
    experience: Annotated[int, Check(ge=0, le=EXPERIENCE_MAX), Before(_not_true_or_false)] = 0
    weapons: list[NamedWeapon] = field(default_factory=list)
    weapon: NamedWeapon | None = None
    """Shorthand for one weapon: `weapon: quarterstaff`."""
    armor: NamedArmor = None
    defence_modifiers: list[DefenceModifier] = field(default_factory=list)
    tools: list[Text] = field(default_factory=list)
    description: Text = ""
    background: Text = ""
    wounds: list[WoundMark] = field(default_factory=list)
    history: list[HistoryEntry] = field(default_factory=list)

    def finish(self) -> list[tuple[tuple[str | int, ...], str]]:
        """What a document's fields cannot say alone, once they are checked: `weapon: X` is the
        first of the weapons (the document keeps only the list), and the problems found, by
        where they are."""
        if self.weapon is not None:
            self.weapons = [self.weapon, *self.weapons]
            self.weapon = None
        problems: list[tuple[tuple[str | int, ...], str]] = [
            (("history", i), message)
            for i, entry in enumerate(self.history)
            if (message := entry.problem()) is not None
        ]
        problems += self._weapon_roles()
        return problems

    def _weapon_roles(self) -> list[tuple[tuple[str | int, ...], str]]:
        """A weapon's `role` names one of the character's roles (EZ-24): a typo would
        otherwise fight at the default of Poor without anyone noticing."""
        roles = [*self.roles, *(self.people_package.roles if self.people_package else [])]
        known = {_role_key(name): name for r in roles for name in (r.label, r.name)}
        problems = []
        for i, weapon in enumerate(self.weapons):
            if weapon.role is None or _role_key(weapon.role) in known:
                continue
            close = difflib.get_close_matches(weapon.role, list(dict.fromkeys(known.values())), 1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            held = ", ".join(dict.fromkeys(r.label for r in roles)) or "none"
            problems.append(
                (
                    ("weapons", i, "role"),
                    f"weapon {weapon.name!r} names the role {weapon.role!r}, which "
                    f"{self.name} does not have{hint} (roles: {held}); a weapon's role is one "
                    "of the character's roles (EZ-24)",
                )
            )
        return problems

    def to_document(self) -> dict[str, Any]:
        """The character as a plain document: ranks as the book writes them."""
        from ezkit import strict

        return strict.dump(Character, self)

    def effective(self) -> Character:
        """The traits in play: the people package applied on top of the build (EZ-8)."""
        package = self.people_package
        if package is None:
            return self
        attributes = dataclasses.replace(
            self.attributes,
            **{
                key: getattr(self.attributes, key) + change
                for key, change in package.attributes.items()
            },
        )
        roles = {(r.name.lower(), r.specialty): r for r in self.roles}
        for role in package.roles:
            mine = roles.get((role.name.lower(), role.specialty))
            if mine is None or mine.rank < role.rank:
                roles[(role.name.lower(), role.specialty)] = role
        return dataclasses.replace(
            self,
            attributes=attributes,
            roles=list(roles.values()),
            gifts=[*self.gifts, *package.gifts],
            faults=[*self.faults, *package.faults],
            mass_scale=self.mass_scale + package.mass_scale,
        )
