"""Fight scenes, the file a GM writes: its format, read and checked into a Scene.

The scene file
--------------
A YAML file a GM writes by hand: two sides, each a list of fighters.

    scene: Brawl at the Drowned Rat        # a title (optional)
    range: S            # how far fighters stand from their foes, unless they say: T, S, M, L
    light: normal       # normal, dim or dark, unless a fighter stands elsewhere (EZ-17)
    foe_roll: none      # NPC rolls: none (always 0), 1df or 4df (EZ-11, EZ-18)
    damage_options: []  # Damage Roll Options 1-4 (Fight Scenes)
    round_cap: 20       # optional, 1..1,000: default the rules' round cap (EZ-20)
    sides:
      heroes:                                     # a side: its name, then its fighters
        - file: ../characters/jason-free.yaml     # a PC from a character file (relative path)
          does: attack Bandit                     # what he does unless a round says otherwise
          rounds: [attack Bandit 2 roll +1, -1]   # scripted rounds (see below)
        - pc: Gruk Underbridge                    # a PC from the campaign, by name
      bandits:
        - npc: "Bandit: Fair Fighter, INJ 3, CPD 2"   # a stat line, as `fight --foe` takes it
          count: 3                                    # Bandit 1, Bandit 2, Bandit 3

A fighter is exactly one of `pc: NAME`, `file: PATH` or `npc: "NAME: RANK TRAIT, INJ N, CPD N"`
(add `, Reflexes RANK` for evading; `count: N` makes N of them, named NAME 1..NAME N, and NAME
alone in an action means the first of them still standing).

Maxima, checked before any work (exit 2, naming the field and the maximum): `count` up to 100
per entry (a larger crowd is several entries), 1,000 fighters in a scene, `round_cap` up to 1,000
(EZ-20; a house-rules round cap too), 1,000 scripted `rounds` per fighter, and fighters times
round cap up to 20,000 (a scene's work and story grow with both: 1,000 fighters fight at most 20
rounds). `schema_version`, when given, is 1.

Optional fields:

- `trait`, `weapon`: a PC's role or attribute and melee weapon (default: his first melee weapon,
  else unarmed, and the trait by EZ-24: the weapon's role, else his best melee fighting role,
  else Poor); `ranged_trait`, `ranged_weapon` for shooting (default: `trait` if given, and his
  first ranged weapon; the trait by EZ-24 as for melee, among the ranged fighting roles). A
  trait named here is the GM's: a role he lacks is Poor (-1), an attribute stands in at -2, at
  most Fair (EZ-24);
- `ranged_inj: N`: an NPC's gun or bow (without it an NPC cannot shoot; the stat line's rank
  counts for shooting too);
- `range: T|S|M|L`: how far he stands from the foes; two foes start at the farther of their two
  ranges (a sniper at L is at L from everyone); melee needs T or S (EZ-17);
- `cover: none|partial|heavy`, `light: normal|dim|dark`: where he stands, for shots at him;
- `mod: N`: the GM's modifier to all his actions; `stun: true`, `pull: LEVEL`: he attacks to stun,
  or pulls his punches to at most LEVEL (EZ-16, Melee Optional Rules);
- `does: ACTION`: his default action (default `attack`);
- `rounds: [...]`: one entry per round, in order: an ACTION, a bare roll (`+1`: the default action
  with that roll), or `~` (the default action, the dice roll). Rounds past the list use the default;
- `terrain: ROLE|RANK`: the test after a successful all-out defence (a role that would grant
  Perception or Tactics; for an NPC a rank): Fair or better moves the fight to better ground, and
  whoever he held off has -1 to his actions next round (EZ-18, Tactics). The test is rolled (the GM
  rolls for an NPC here, as the book says); default: the default of Poor;
- `fudge_points: N` (PCs only, at most the points he holds): Fudge Points he may spend in the scene,
  after his roll, +1 each to his result in one exchange (EZ-12); `fudge_policy: succeed` (the
  default) spends the fewest that make an exchange his success (a melee exchange won, a hit, a
  shot at him missed) when enough are left; `soften` also spends all that are left, when too few,
  to lower the margin he is wounded by (a melee exchange lost, a shot at him while he evades).
  Between two PCs in melee the attacker spends first and the defender may answer. With `--apply`
  the points spent come off the campaign PCs at the end (ezkit/combat/fudge.py).

An ACTION is `VERB [TARGET] [roll N]`, and at most one melee-phase and one ranged-phase action may
be joined with ` and ` (`attack Bandit 1 roll +1 and evade roll 0`):

- melee phase: `attack NAME`, `all-out-attack NAME`, `all-out-defend`, `defend` (he attacks
  nobody but rolls to fend off whoever attacks him);
- ranged phase: `shoot NAME`, `evade` (Reflexes + roll; nobody both shoots and evades, EZ-19);
- other: `close [NAME]` (move into reach of that foe, range S, after the round), `flee`,
  `surrender`, `wait`.

Without a TARGET (or when the named one is down) he picks the nearest foe still standing (the
first listed among equals); a melee attack with no foe in reach becomes a shot if he has a ranged
weapon, else `close` on the nearest foe. A roll is the fighter's roll for that phase: a PC rolls
4dF, an NPC rolls the scene's foe roll (EZ-18); a scripted roll replaces the dice, so a fully
scripted scene replays exactly. A PC with no `does` and no scripted entry for a round is asked
what he does (when ezkit runs at a terminal).

API: `load(path, rules, lookup)` reads a scene (lookup finds campaign PCs by name),
`parse(document, rules, base, lookup)` builds one from a document; `parse_intent(text)` reads
one ACTION. `ezkit.combat.scene` fights the Scene round by round.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ezkit import dice, ladder
from ezkit.character.files import parse_character, problems_from, read_character
from ezkit.character.model import Character, WoundMark
from ezkit.combat import fighters, fudge, wounds
from ezkit.errors import DocumentError, InputError, RuleError
from ezkit.odds import foe_method
from ezkit.rules import MAX_ROUND_CAP, LimitError, Rules, shown
from ezkit.yamlio import load_yaml

MELEE_VERBS = ("attack", "all-out-attack", "all-out-defend", "defend")
RANGED_VERBS = ("shoot", "evade")
OTHER_VERBS = ("close", "flee", "surrender", "wait")
ATTACKS = ("attack", "all-out-attack")  # melee verbs with a target
TARGETED = (*ATTACKS, "shoot", "close")
ALIASES = {"fight": "attack", "dodge": "evade", "run": "flee", "yield": "surrender"}
STALEMATE, DRAW = "stalemate", "draw"
#: The scene-file versions this ezkit reads.
SCHEMA_VERSION = 1
SCHEMA_VERSIONS = (1,)
#: A scene's maxima, checked before any work (LimitError, exit 2): NPCs one entry makes,
#: fighters in a scene, and fighters times the round cap (what a scene's work and story grow
#: with); the round cap itself is at most MAX_ROUND_CAP (EZ-20).
MAX_COUNT = 100
MAX_FIGHTERS = 1000
MAX_FIGHTER_ROUNDS = 20_000


# --- the file ------------------------------------------------------------------------------


class _Entry(BaseModel):
    """One line of a side: a PC (campaign or file) or an NPC stat line."""

    model_config = ConfigDict(extra="forbid")

    pc: str | None = None
    file: str | None = None
    npc: str | None = None
    count: int = Field(1, ge=1)
    trait: str | None = None
    weapon: str | None = None
    ranged_trait: str | None = None
    ranged_weapon: str | None = None
    ranged_inj: int | None = None
    range: str | None = None
    cover: str = "none"
    light: str | None = None
    mod: int = Field(0, ge=-ladder.LIMIT, le=ladder.LIMIT)
    stun: bool = False
    pull: str | None = None
    does: str | None = None
    rounds: list[int | str | None] = Field(default_factory=list)
    fudge_points: int = Field(0, ge=0)
    fudge_policy: fudge.Policy = fudge.SUCCEED
    terrain: str | None = None


class _SceneDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = 1
    scene: str = ""
    range: str = "S"
    light: str = "normal"
    foe_roll: str = "none"
    damage_options: list[int] = Field(default_factory=list)
    round_cap: int | None = Field(None, ge=1)
    sides: dict[str, list[_Entry]]


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One phase's action: a verb, its target and the roll, when scripted."""

    verb: str
    target: str | None = None
    roll: int | None = None

    def text(self) -> str:
        words = [self.verb, *([self.target] if self.target else [])]
        if self.roll is not None:
            words.append(f"roll {self.roll:+d}")
        return " ".join(words)


@dataclass(frozen=True)
class Intent:
    """What a fighter does in a round: a melee-phase, a ranged-phase and an other action."""

    melee: Part | None = None
    ranged: Part | None = None
    other: Part | None = None

    def parts(self) -> list[Part]:
        return [p for p in (self.melee, self.ranged, self.other) if p is not None]

    def text(self) -> str:
        return " and ".join(p.text() for p in self.parts())

    def with_roll(self, roll: int) -> Intent:
        """The same action with the roll of its first phase (melee, else ranged) given."""
        if self.melee:
            return replace(self, melee=replace(self.melee, roll=roll))
        if self.ranged:
            return replace(self, ranged=replace(self.ranged, roll=roll))
        return self


_SPLIT = re.compile(r"\s+and\s+|\s*;\s*", re.I)
_ROLL = re.compile(r"^(?P<body>.*?)(?:\s+roll\s+(?P<roll>[+-]?\d+))?\s*$", re.I)
_GRAMMAR = (
    "write VERB [TARGET] [roll N], with at most one melee and one ranged action joined by 'and'; "
    f"verbs: {', '.join((*MELEE_VERBS, *RANGED_VERBS, *OTHER_VERBS))}"
)


def parse_intent(text: str) -> Intent:
    """`attack Bandit 1 roll +1 and evade` -> Intent; InputError naming what is wrong."""
    pieces = [p for p in _SPLIT.split(str(text).strip()) if p]
    if not pieces:
        raise InputError(f"an empty action; {_GRAMMAR}")
    slots: dict[str, Part] = {}
    for piece in pieces:
        part = _part(piece, text)
        kind = _kind(part.verb)
        if kind in slots:
            verbs = {slots[kind].verb, part.verb}
            if verbs == {"shoot", "evade"}:
                raise RuleError(
                    f"action {text!r}: nobody both shoots and evades in one phase: one roll, "
                    "for the shot or for the evade (EZ-19)"
                )
            raise InputError(f"action {text!r}: two {kind} actions in one round; {_GRAMMAR}")
        slots[kind] = part
    intent = Intent(slots.get("melee"), slots.get("ranged"), slots.get("other"))
    other = intent.other.verb if intent.other else None
    if other in ("surrender", "wait") and len(intent.parts()) > 1:
        raise InputError(f"action {text!r}: one who {other}s does nothing else that round")
    if other == "flee" and (intent.melee or (intent.ranged and intent.ranged.verb == "shoot")):
        raise InputError(f"action {text!r}: one who flees may evade, but not fight or shoot")
    if other == "close" and intent.melee:
        raise InputError(f"action {text!r}: one who closes in fights from the next round")
    return intent


def _part(piece: str, text: str) -> Part:
    match = _ROLL.match(piece)
    assert match is not None  # the pattern matches any text
    body, roll = match["body"].strip(), match["roll"]
    words = body.split()
    for n in (3, 2, 1):
        key = "-".join(words[:n]).lower()
        verb = ALIASES.get(key, key)
        if len(words) >= n and _kind(verb):
            target = " ".join(words[n:]) or None
            if target and verb not in TARGETED:
                raise InputError(f"action {text!r}: {verb} takes no target ({target!r})")
            return Part(verb, target, dice.check_roll(int(roll)) if roll is not None else None)
    raise InputError(f"action {text!r}: {words[0] if words else piece!r} is no verb; {_GRAMMAR}")


def _kind(verb: str) -> str:
    if verb in MELEE_VERBS:
        return "melee"
    if verb in RANGED_VERBS:
        return "ranged"
    return "other" if verb in OTHER_VERBS else ""


# --- who fights ------------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass
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


@dataclass
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


Lookup = Callable[[str], Character]
#: Reads a `file:` entry's character: the path as written in the scene file.
Reader = Callable[[str], Character]


def load(path: Path, rules: Rules, lookup: Lookup | None = None) -> Scene:
    """Read a scene file; `file:` paths are relative to it, `pc:` names go through lookup."""
    return parse(load_yaml(path), rules, path.parent, lookup, str(path))


def from_snapshots(
    document: dict[str, Any], snapshots: dict[str, dict[str, Any]], rules: Rules, source: str
) -> Scene:
    """A saved scene again: its document, its PCs as they were when it began."""

    def stored(key: str) -> Character:
        if key not in snapshots:
            raise DocumentError(f"{source}: no character saved for {key!r}; it cannot be replayed")
        return parse_character(snapshots[key], source)

    return parse(
        document,
        rules,
        Path("."),
        lambda name: stored(f"pc:{name}"),
        source,
        lambda path: stored(f"file:{path}"),
    )


def parse(
    document: Any,
    rules: Rules,
    base: Path = Path("."),
    lookup: Lookup | None = None,
    source: str = "scene",
    reader: Reader | None = None,
) -> Scene:
    """A scene from its document; DocumentError naming the field, the value and the rule.

    `file:` entries are read relative to base, or by reader when given (a saved scene)."""
    if not isinstance(document, dict):
        raise DocumentError(f"{source}: a scene is a mapping with 'sides' (see examples/scenes/)")
    version = document.get("schema_version", SCHEMA_VERSION)
    if version not in SCHEMA_VERSIONS:
        raise DocumentError(
            f"{source}: schema_version {version!r} is not one this ezkit reads (accepted: "
            f"{', '.join(map(str, SCHEMA_VERSIONS))}); write it for this version, or leave "
            "schema_version out"
        )
    try:
        doc = _SceneDocument.model_validate(document)
    except ValidationError as error:
        listed = "; ".join(f"{p.path}: {p.message}" for p in problems_from(error, _SceneDocument))
        raise DocumentError(f"{source} is not a valid scene: {listed}") from None
    check_limits(doc, rules, source)

    def bad(where: str, message: str) -> DocumentError:
        return DocumentError(f"{source}: {where}: {message}")

    if len(doc.sides) != 2 or not all(doc.sides.values()):
        raise bad("sides", f"a scene has two sides, each with fighters; got {list(doc.sides)}")
    _check_key(doc.range.upper(), rules.ranges, "range", "EZ-17", bad, "range")
    _check_key(doc.light, rules.light, "light", "EZ-17", bad, "light")
    try:
        foe_method(doc.foe_roll)
    except InputError as error:
        raise bad("foe_roll", str(error)) from None
    for option in doc.damage_options:
        if option not in (1, 2, 3, 4):
            raise bad("damage_options", f"{option} is no Damage Roll Option; choose 1, 2, 3, 4")

    snapshots: dict[str, dict[str, Any]] = {}

    def read(path: str) -> Character:
        character = reader(path) if reader else read_character(base / path)
        snapshots[f"file:{path}"] = character.to_document()
        return character

    def find(name: str) -> Character:
        if lookup is None:
            raise InputError(f"pc: {name!r} needs the campaign, and none was given")
        character = lookup(name)
        snapshots[f"pc:{name}"] = character.to_document()
        return character

    members: list[Member] = []
    for side, entries in doc.sides.items():
        for i, entry in enumerate(entries):
            where = f"sides.{side}[{i}]"
            for key, table, what in (
                ((entry.range or "S").upper(), rules.ranges, "range"),
                (entry.cover, rules.cover, "cover"),
                (entry.light or "normal", rules.light, "light"),
            ):
                _check_key(key, table, what, "EZ-17", bad, f"{where}.{what}")
            try:
                members += _members(entry, side, doc, rules, find, read, where)
            except (InputError, RuleError) as error:
                raise bad(where, str(error)) from None
    seen: dict[str, Member] = {}
    for m in members:
        if m.name.casefold() in seen:
            raise bad("sides", f"two fighters are called {m.name!r}: give each a name of his own")
        seen[m.name.casefold()] = m
    first, second = doc.sides
    scene = Scene(
        doc.scene or (Path(source).stem if source != "scene" else "a fight"),
        (first, second),
        members,
        doc.light,
        doc.foe_roll,
        frozenset(doc.damage_options),
        doc.round_cap or rules.round_cap,
        doc.model_dump(mode="json", exclude_none=True),
        snapshots,
    )
    for m in members:  # every action names foes that exist, and shoots only with a weapon
        intents = [("does", m.does)] + [(f"rounds[{n}]", s) for n, s in enumerate(m.script)]
        for key, intent in intents:
            if not isinstance(intent, Intent):
                continue
            try:
                _check_intent(scene, m, intent)
            except (InputError, RuleError) as error:
                raise bad(f"{m.where}.{key}", str(error)) from None
    return scene


def check_limits(doc: _SceneDocument, rules: Rules, source: str) -> None:
    """The scene's size against its documented maxima, before any fighter is made: LimitError
    (exit 2) naming the field, the value and the maximum."""
    total = 0
    for side, entries in doc.sides.items():
        for i, entry in enumerate(entries):
            where = f"{source}: sides.{side}[{i}]"
            if entry.count > MAX_COUNT:
                raise LimitError(
                    f"{where}.count: {shown(entry.count)} is more than {MAX_COUNT}, the most NPCs "
                    f"one entry makes; a crowd is several entries, at most {MAX_FIGHTERS:,} "
                    "fighters in a scene"
                )
            if len(entry.rounds) > MAX_ROUND_CAP:
                raise LimitError(
                    f"{where}.rounds: {len(entry.rounds):,} scripted rounds is more than "
                    f"{MAX_ROUND_CAP:,}, the largest round cap (EZ-20)"
                )
            total += entry.count
    if total > MAX_FIGHTERS:
        raise LimitError(
            f"{source}: sides: {shown(total)} fighters is more than {MAX_FIGHTERS:,}, the most in "
            "one scene"
        )
    if doc.round_cap is not None and doc.round_cap > MAX_ROUND_CAP:
        raise LimitError(
            f"{source}: round_cap: {shown(doc.round_cap)} is more than {MAX_ROUND_CAP:,}, the "
            "largest round cap (EZ-20)"
        )
    cap = doc.round_cap or rules.round_cap
    if total * cap > MAX_FIGHTER_ROUNDS:
        where = "round_cap" if doc.round_cap else "round_cap (from the rules)"
        raise LimitError(
            f"{source}: {where}: {total:,} fighters for up to {cap:,} rounds is more than "
            f"{MAX_FIGHTER_ROUNDS:,} fighter-rounds, the most one scene may fight: set "
            f"round_cap: {MAX_FIGHTER_ROUNDS // total} or fewer, or bring fewer fighters"
        )


def _check_key(key: str, table: dict[str, Any], what: str, rule: str, bad: Any, where: str) -> None:
    if key not in table:
        raise bad(where, f"unknown {what} {key!r}; choose {', '.join(table)} ({rule})")


def _members(
    entry: _Entry,
    side: str,
    doc: _SceneDocument,
    rules: Rules,
    lookup: Lookup,
    read: Reader,
    where: str,
) -> list[Member]:
    given = [k for k in ("pc", "file", "npc") if getattr(entry, k) is not None]
    if len(given) != 1:
        raise InputError(
            f"a fighter is exactly one of pc: NAME, file: PATH or npc: STAT LINE; got {given or 0}"
        )
    if entry.count != 1 and entry.npc is None:
        raise InputError("count is for NPCs: a PC is one person")
    pull = None
    if entry.pull:
        pull = rules.wounds.levels[wounds.level_index(entry.pull, rules)].name
    does = parse_intent(entry.does) if entry.does else None
    script = tuple(_script(s) for s in entry.rounds)
    common = {
        "side": side,
        "range": (entry.range or doc.range).upper(),
        "cover": entry.cover,
        "light": entry.light,
        "mod": entry.mod,
        "stun": entry.stun,
        "pull": pull,
        "does": does,
        "script": script,
        "where": where,
    }
    if entry.npc is not None:
        foe = fighters.parse_foe(entry.npc)
        arms = Arms(foe.rank, foe.trait, foe.inj, "")
        gun = (
            Arms(foe.rank, foe.trait, entry.ranged_inj, "ranged weapon")
            if entry.ranged_inj is not None
            else None
        )
        for key in ("trait", "weapon", "ranged_trait", "ranged_weapon"):
            if getattr(entry, key) is not None:
                raise InputError(f"{key} is for PCs: an NPC's numbers are his stat line")
        if entry.fudge_points:
            raise InputError("fudge_points is for PCs: players spend Fudge Points (EZ-12)")
        terrain = fighters.Trait("terrain test", rules.flowchart.default_role, fighters.BY_DEFAULT)
        if entry.terrain is not None:  # an NPC's test is a rank: its stat line has no roles
            try:
                rank = ladder.parse(entry.terrain)
            except InputError as error:
                raise InputError(f"terrain: an NPC's test is a rank: {error}") from None
            terrain = fighters.Trait("terrain test", rank, fighters.BY_GM)
        names = (
            [foe.name] if entry.count == 1 else [f"{foe.name} {n + 1}" for n in range(entry.count)]
        )
        return [
            Member(
                name,
                source="npc",
                melee=arms,
                ranged=gun,
                cpd=foe.cpd,
                reflexes=foe.reflexes,
                group=foe.name,
                terrain=terrain.rank,
                terrain_trait=_terrain_text(terrain),
                **common,
            )
            for name in names
        ]
    if entry.ranged_inj is not None:
        raise InputError("ranged_inj is for NPCs: a PC shoots with his own weapon (ranged_weapon)")
    if entry.pc is not None:
        character, source = lookup(entry.pc), "campaign"
    else:
        character, source = read(str(entry.file)), "file"
    if entry.fudge_points > character.fudge_points:  # no limit but the points held (EZ-12)
        raise RuleError(
            f"fudge_points: {entry.fudge_points}: {character.name} holds "
            f"{character.fudge_points} Fudge Points; a PC spends at most the points held (EZ-12)"
        )
    hand = fighters.from_character(character, rules, entry.trait, entry.weapon)
    # a role that would grant Perception or Tactics, named here; else the default of Poor
    terrain = fighters.Trait("terrain test", rules.flowchart.default_role, fighters.BY_DEFAULT)
    if entry.terrain is not None:
        terrain = fighters.pick_trait(character.effective(), rules, entry.terrain)
    gun = None
    try:
        shooting = fighters.from_character(
            character, rules, entry.ranged_trait or entry.trait, entry.ranged_weapon, ranged=True
        )
        gun = Arms.of(shooting)
    except RuleError:
        if entry.ranged_weapon:
            raise
    return [
        Member(
            character.name,
            source=source,  # type: ignore[arg-type]
            melee=Arms.of(hand),
            ranged=gun,
            cpd=hand.cpd,
            reflexes=hand.reflexes,
            group=character.name,
            track=list(character.wounds),
            character=character,
            fudge_points=entry.fudge_points,
            fudge_policy=entry.fudge_policy,
            terrain=terrain.rank,
            terrain_trait=_terrain_text(terrain),
            **common,
        )
    ]


def _terrain_text(trait: fighters.Trait) -> str:
    """`Good (+2) Woodsman`, `Fair (+1)` (a rank the GM gave), `Poor (-1) by default`."""
    if trait.why == fighters.BY_DEFAULT:
        return f"{ladder.label(trait.rank)} by default"
    if trait.name == "terrain test":
        return ladder.label(trait.rank)
    return f"{ladder.label(trait.rank)} {trait.name}"


def _script(entry: int | str | None) -> Script:
    if entry is None:
        return None
    if isinstance(entry, int):
        return dice.check_roll(entry)
    return parse_intent(entry)


def _check_intent(scene: Scene, m: Member, intent: Intent) -> None:
    for part in intent.parts():
        if part.target:
            target = find_member(scene.members, part.target)
            if target.side == m.side:
                raise RuleError(f"{target.name} is on {m.name}'s own side ({m.side})")
    if intent.ranged and intent.ranged.verb == "shoot" and m.ranged is None:
        raise RuleError(
            f"{m.name} has no ranged weapon to shoot with (EZ-19); "
            + ("give him ranged_inj: N" if not m.pc else "give him one, or name ranged_weapon")
        )


def find_member(members: list[Member], name: str, rules: Rules | None = None) -> Member:
    """A fighter by name (any case), the first standing member of a group (`Bandit`), or the
    one fighter whose name begins so (`Gruk`)."""
    key = " ".join(name.split()).casefold()
    for m in members:
        if m.name.casefold() == key:
            return m
    group = [m for m in members if m.group.casefold() == key]
    if group:
        if rules is not None:
            return next((m for m in group if m.standing(rules)), group[0])
        return group[0]
    names = [m.name for m in members]
    starting = [m for m in members if key and m.name.casefold().startswith(key)]
    if len(starting) == 1:  # an unambiguous beginning: `Gruk` for Gruk Underbridge
        return starting[0]
    if starting:
        could = ", ".join(m.name for m in starting[:6]) + (", ..." if len(starting) > 6 else "")
        raise InputError(f"ambiguous fighter {name!r}: it begins {could}; give more of the name")
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise InputError(f"no fighter called {name!r}{hint} (fighters: {', '.join(names)})")
