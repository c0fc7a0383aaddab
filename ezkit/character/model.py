"""The EZFudge character as a document (pydantic v2, validated at the edge).

A character file holds the traits as the player built them; a people package
(EZ-8) is applied on top to give the traits used in play (`effective`).
Improvements bought with Experience change the stored traits and are kept in
the history, so the build can always be checked as it was made.
"""

from __future__ import annotations

import difflib
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from ezkit import ladder
from ezkit.terminal import control_characters

SCHEMA_VERSION = 1
ATTRIBUTE_NAMES = ("body", "agility", "mind", "will")  # EZ-2

#: A rank as the Ladder allows it (`Great`, `+3`, `Great (+3)`), kept as its number
#: and written back as the book's label.
Rank = Annotated[
    int,
    BeforeValidator(ladder.parse),
    PlainSerializer(ladder.label, return_type=str, when_used="json"),
    WithJsonSchema(
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


class Doc(BaseModel):
    """A strict document part: unknown keys are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    @field_validator("*", mode="after")
    @classmethod
    def _printable(cls, value: Any) -> Any:
        """No control characters in any text (a name holding an escape sequence would drive
        the terminal it is printed on); line breaks and tabs only where prose is kept."""
        texts = value if isinstance(value, list) else [value]
        for text in texts:
            if isinstance(text, str) and (bad := control_characters(text, prose=True)):
                raise ValueError(
                    f"holds the control character {bad[0]!a}; text may hold letters, "
                    "digits, punctuation, spaces and line breaks only"
                )
        return value


class Role(Doc):
    """A role (a skill group) at a rank, maybe with a specialty (EZ-3, EZ-4)."""

    name: str = Field(min_length=1)
    rank: Rank
    specialty: str | None = None
    specialty_required: bool = Field(
        False, description="The GM rules this role must be specialized (EZ-4)."
    )
    fighting: bool | Literal["melee", "ranged", "both"] | None = Field(
        None,
        description="A fighting role (EZ-24): melee, ranged or both (true: both; false: "
        "not one). Left out, the rules data's list of fighting roles decides.",
    )

    @property
    def label(self) -> str:
        return f"{self.name} ({self.specialty})" if self.specialty else self.name


class Attributes(Doc):
    """The four attributes (EZ-2)."""

    body: Rank
    agility: Rank
    mind: Rank
    will: Rank


class Gift(Doc):
    """An unranked advantage; a supernormal gift counts as 2 gifts or more (EZ-5)."""

    name: str = Field(min_length=1)
    supernormal: bool = False
    weight: int | None = Field(None, description="Gifts it counts as (default 1, supernormal 2).")
    cpd: int = Field(0, description="Defence it adds to CPD, as Toughness +1 (EZ-10).")
    note: str = ""


class Fault(Doc):
    """An unranked limitation; in the flowchart, what it bought (EZ-5)."""

    name: str = Field(min_length=1)
    bought: Literal["gift", "attributes", "roles", "attribute-and-roles"] | None = Field(
        None,
        description="Flowchart only: 1 gift, 2 attribute ranks, 4 role points, "
        "or 1 attribute rank and 2 role points (EZ-5).",
    )
    note: str = ""


class Swap(Doc):
    """One trait swap (EZ-6): amounts given (negative) and got (positive)."""

    gifts: int = 0
    attributes: int = 0
    roles: int = 0
    note: str = ""


class Weapon(Doc):
    """A weapon: a row of the melee or ranged table, or one described in full (EZ-10)."""

    name: str = Field(min_length=1)
    type: str | None = Field(None, description="Table row or example it counts as.")
    kind: Literal["melee", "ranged"] | None = None
    damage_factor: int | None = None
    inj: int | None = Field(None, description="A ranged weapon's INJ (the GM's pick).")
    quality: bool = Field(False, description="Quality or unique melee weapon: INJ +1.")
    role: str | None = Field(
        None,
        min_length=1,
        description="The role the character fights with when using it (EZ-24), one of the "
        "character's roles: its name, or name and specialty as 'Doctor (Surgery)'.",
        examples=["Knife Fighter"],
    )
    note: str = ""


class Armor(Doc):
    name: str = Field(min_length=1)
    bonus: int | None = Field(None, description="Armor bonus; from the table when left out.")


class DefenceModifier(Doc):
    source: str = Field(min_length=1)
    value: int


# A bare string stands for an object with just that name: `- quarterstaff`, `armor: chain mail`.
NamedGift = Annotated[Gift, BeforeValidator(_named, json_schema_input_type=str | Gift)]
NamedFault = Annotated[Fault, BeforeValidator(_named, json_schema_input_type=str | Fault)]
NamedWeapon = Annotated[Weapon, BeforeValidator(_named, json_schema_input_type=str | Weapon)]
NamedArmor = Annotated[
    Armor | None, BeforeValidator(_named, json_schema_input_type=str | Armor | None)
]


class PeoplePackage(Doc):
    """A GM's package of traits for a people (EZ-8), applied after trait swapping."""

    schema_version: Literal[1] = SCHEMA_VERSION
    name: str = Field(min_length=1)
    description: str = ""
    mass_scale: int = Field(0, description="Change to Mass Scale.")
    attributes: dict[Literal["body", "agility", "mind", "will"], int] = Field(
        default_factory=dict, description="Changes to attributes, in ranks."
    )
    roles: list[Role] = Field(default_factory=list, description="Roles the package adds.")
    gifts: list[NamedGift] = Field(default_factory=list)
    faults: list[NamedFault] = Field(default_factory=list)
    cost: int | None = Field(None, description="Build points, counted when given (EZ-7).")


class WoundMark(Doc):
    """A marked box on the wound track (EZ-15, EZ-16)."""

    level: str
    rolled: str = Field(description="The level the wound was rolled at, before promotion.")
    stun: bool = False


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
    reason: str = ""
    fudge_points: int = 0
    experience: int = 0
    trait: str | None = None
    trait_kind: Literal["role", "attribute"] | None = None
    from_rank: int | None = None
    to_rank: int | None = None
    gift: Gift | None = None
    fault: Fault | None = None
    wound: WoundMark | None = None
    week: int | None = Field(None, description="In-game week of rest or treatment (EZ-21).")
    medical: bool = False

    @model_validator(mode="after")
    def _known_trait(self) -> HistoryEntry:
        """An improvement names a trait the character can have, at ranks on the Ladder."""
        if self.trait_kind == "attribute" and (self.trait or "").lower() not in ATTRIBUTE_NAMES:
            raise ValueError(
                f"improved attribute {self.trait!r} is not one of {', '.join(ATTRIBUTE_NAMES)}"
            )
        for rank in (self.from_rank, self.to_rank):
            if rank is not None and abs(rank) > ladder.LIMIT:
                raise ValueError(
                    f"rank {rank} is off the Ladder (-{ladder.LIMIT}..+{ladder.LIMIT})"
                )
        return self


def _package_read(value: Any) -> Any:
    if isinstance(value, str):
        raise ValueError(
            f"people_package names the file {value!r}; ezkit reads it when it reads the "
            "character file, relative to that file"
        )
    return value


# In a file, a path (read by ezkit.character.files); in memory, always the package itself.
PackageOrPath = Annotated[
    PeoplePackage | None,
    BeforeValidator(_package_read, json_schema_input_type=PeoplePackage | str | None),
]


class Character(Doc):
    """An EZFudge character, as built by the flowchart or by point-buy."""

    schema_version: Literal[1] = SCHEMA_VERSION
    name: str = Field(min_length=1)
    player: str = ""
    idea: str = ""
    build: Literal["flowchart", "point-buy"] = "flowchart"
    people: str = Field("", description="The character's people (species and culture).")
    people_package: PackageOrPath = Field(
        None, description="The people package (EZ-8), inline or the path of its file."
    )
    roles: list[Role] = Field(default_factory=list)
    attributes: Attributes
    mass_scale: int = 0
    gifts: list[NamedGift] = Field(default_factory=list)
    faults: list[NamedFault] = Field(default_factory=list)
    swaps: list[Swap] = Field(default_factory=list)
    fudge_points: int = Field(3, ge=0)
    experience: int = Field(0, ge=0)
    weapons: list[NamedWeapon] = Field(default_factory=list)
    weapon: NamedWeapon | None = Field(
        None, exclude=True, description="Shorthand for one weapon: `weapon: quarterstaff`."
    )
    armor: NamedArmor = None
    defence_modifiers: list[DefenceModifier] = Field(default_factory=list)
    tools: list[str] = Field(default_factory=list)
    description: str = ""
    background: str = ""
    wounds: list[WoundMark] = Field(default_factory=list)
    history: list[HistoryEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_weapon(self) -> Character:
        """`weapon: X` is the first of the weapons; the document keeps only the list."""
        if self.weapon is not None:
            self.weapons = [self.weapon, *self.weapons]
            self.weapon = None
        return self

    @model_validator(mode="after")
    def _weapon_roles(self) -> Character:
        """A weapon's `role` names one of the character's roles (EZ-24): a typo would
        otherwise fight at the default of Poor without anyone noticing."""
        roles = [*self.roles, *(self.people_package.roles if self.people_package else [])]
        known = {_role_key(name): name for r in roles for name in (r.label, r.name)}
        errors = []
        for i, weapon in enumerate(self.weapons):
            if weapon.role is None or _role_key(weapon.role) in known:
                continue
            close = difflib.get_close_matches(weapon.role, list(dict.fromkeys(known.values())), 1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            held = ", ".join(dict.fromkeys(r.label for r in roles)) or "none"
            message = (
                f"weapon {weapon.name!r} names the role {weapon.role!r}, which "
                f"{self.name} does not have{hint} (roles: {held}); a weapon's role is one of "
                "the character's roles (EZ-24)"
            )
            errors.append(
                InitErrorDetails(
                    type=PydanticCustomError("weapon_role", message.replace("{", "{{")),
                    loc=("weapons", i, "role"),
                    input=weapon.role,
                )
            )
        if errors:
            raise ValidationError.from_exception_data(type(self).__name__, errors)
        return self

    def to_document(self) -> dict[str, Any]:
        """The character as a plain document: ranks as the book writes them."""
        return self.model_dump(mode="json", exclude_defaults=False)

    def effective(self) -> Character:
        """The traits in play: the people package applied on top of the build (EZ-8)."""
        package = self.people_package
        if package is None:
            return self
        attributes = self.attributes.model_copy(
            update={
                key: getattr(self.attributes, key) + change
                for key, change in package.attributes.items()
            }
        )
        roles = {(r.name.lower(), r.specialty): r for r in self.roles}
        for role in package.roles:
            mine = roles.get((role.name.lower(), role.specialty))
            if mine is None or mine.rank < role.rank:
                roles[(role.name.lower(), role.specialty)] = role
        return self.model_copy(
            update={
                "attributes": attributes,
                "roles": list(roles.values()),
                "gifts": [*self.gifts, *package.gifts],
                "faults": [*self.faults, *package.faults],
                "mass_scale": self.mass_scale + package.mass_scale,
            }
        )
