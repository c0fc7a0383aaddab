"""Who fights in a scene: a `Member` (a fighter of a side, his `Arms` and his state in the
scene: track, status, range), the `Scene` itself, and `find_member`, which finds a fighter by
name, group or the beginning of a name."""

from __future__ import annotations

import difflib
from dataclasses import field
from typing import Any, Literal

from ezkit import ladder
from ezkit.character.model import Character, WoundMark
from ezkit.combat import fighters, fudge, wounds
from ezkit.combat.scene_actions import Intent
from ezkit.errors import InputError
from ezkit.records import record
from ezkit.rules import Rules
from ezkit.words import name_key


@record
class Arms:
    """The numbers a fighter attacks with: trait rank and name, INJ and the weapon."""

    rank: int
    trait: str
    inj: int
    weapon: str
    chosen: fighters.Trait | None = None  # a PC's trait and why it was chosen (EZ-24)

    @classmethod
    def of(cls, fighter: fighters.Combatant) -> Arms:
        return cls(fighter.rank, fighter.trait, fighter.inj, fighter.weapon, fighter.chosen)

    def trait_info(self) -> fighters.Trait:
        return self.chosen or fighters.Trait(self.trait, self.rank, fighters.BY_STAT_LINE)

    def text(self) -> str:
        """`Great (+3) Brawler (the weapon's role: Bridge club), Bridge club INJ 7`."""
        what = f", {self.weapon}" if self.weapon else ""
        trait = f"{ladder.label(self.rank)} {self.trait}"
        chosen = self.chosen
        if chosen is not None:  # a PC's trait and why it was chosen (EZ-24)
            note = f": {chosen.note}" if chosen.note else ""
            trait += f" ({chosen.why}{note})"
            if chosen.why == fighters.BY_DEFAULT:
                trait = f"{ladder.label(self.rank)} by default ({chosen.note})"
        return f"{trait}{what} INJ {self.inj}"


Script = Intent | int | None


@record(frozen=False)
class Member:
    """A fighter of a side, with his state in the scene (track, status, range)."""

    name: str
    side: str
    source: Literal["campaign", "file", "npc"]
    melee: Arms
    ranged: Arms | None
    cpd: int
    reflexes: int
    range: str
    cover: str = "none"
    light: str | None = None
    mod: int = 0
    stun: bool = False
    pull: str | None = None
    does: Intent | None = None
    script: tuple[Script, ...] = ()
    group: str = ""
    where: str = ""  # the entry in the file: sides.heroes[0]
    track: list[WoundMark] = field(default_factory=list)
    status: str = "in"  # in, fled, surrendered
    character: Character | None = None
    taken: list[tuple[str, bool, str]] = field(default_factory=list)  # (level, stun, reason)
    fudge_points: int = 0  # the PC's budget for the scene (EZ-12)
    fudge_policy: str = fudge.SUCCEED
    fudge_spent: int = 0
    # the Perception or Tactics test after a successful all-out defence (EZ-18)
    terrain: int = -1
    terrain_trait: str = "default Poor"

    @property
    def fudge_left(self) -> int:
        return self.fudge_points - self.fudge_spent

    @property
    def pc(self) -> bool:
        return self.source != "npc"

    def standing(self, rules: Rules) -> bool:
        """Still in the fight and able to act (EZ-15)."""
        return self.status == "in" and wounds.can_act(self.track, rules)

    def describe(self) -> str:
        kind = {"campaign": "PC", "file": "PC, from a file", "npc": "NPC"}[self.source]
        shoots = f"; shoots {self.ranged.text()}" if self.ranged else ""
        where = f"range {self.range}"
        if self.cover != "none":
            where += f", {self.cover} cover"
        if self.light:
            where += f", {self.light} light"
        return (
            f"{self.name} ({kind}): {self.melee.text()}{shoots}; CPD {self.cpd}, Reflexes "
            f"{ladder.label(self.reflexes)}; {where}"
        )


@record(frozen=False)
class Scene:
    title: str
    sides: tuple[str, str]
    members: list[Member]
    light: str = "normal"
    foe_roll: str = "none"
    damage_options: frozenset[int] = frozenset()
    round_cap: int = 20
    # what a saved scene needs to be fought again: the checked document, and every PC's
    # character as it was read (`pc:NAME`, `file:PATH`), so a resumed scene replays exactly
    document: dict[str, Any] = field(default_factory=dict)
    snapshots: dict[str, dict[str, Any]] = field(default_factory=dict)


def find_member(members: list[Member], name: str, rules: Rules | None = None) -> Member:
    """A fighter by name (as people read names: name_key), the first standing member of a
    group (`Bandit`), or the one fighter whose name begins so (`Gruk`), else the one with a
    word that begins so (`Mara` for Dr. Mara Kell)."""
    key = name_key(name)
    for m in members:
        if name_key(m.name) == key:
            return m
    group = [m for m in members if name_key(m.group) == key]
    if group:
        if rules is not None:
            return next((m for m in group if m.standing(rules)), group[0])
        return group[0]
    names = [m.name for m in members]
    starting = [m for m in members if key and name_key(m.name).startswith(key)]
    if not starting:
        starting = [m for m in members if key and f" {key}" in f" {name_key(m.name)}"]
    if len(starting) == 1:  # an unambiguous beginning: `Gruk` for Gruk Underbridge
        return starting[0]
    if starting:
        could = ", ".join(m.name for m in starting[:6]) + (", ..." if len(starting) > 6 else "")
        raise InputError(f"ambiguous fighter {name!r}: it begins {could}; give more of the name")
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise InputError(f"no fighter called {name!r}{hint} (fighters: {', '.join(names)})")
