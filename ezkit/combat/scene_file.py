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
  after his roll, +1 each to that result (EZ-12): in every exchange of the phase that uses the
  same roll (his one melee roll, his one evade), so he never pays twice; `fudge_policy: succeed`
  (the default) spends the fewest that make an exchange his success (a melee exchange won, a hit,
  a shot at him missed) when enough are left; `soften` also spends all that are left, when too
  few, to lower the margin he is wounded by (a melee exchange lost to a foe who may wound him,
  a shot at him while he evades).
  Between two PCs in melee the attacker spends first and the defender may answer. With `--apply`
  the points spent come off the campaign PCs at the end (ezkit/combat/fudge.py).

An ACTION is `VERB [TARGET] [roll N]`, and at most one melee-phase and one ranged-phase action may
be joined with ` and ` (`attack Bandit 1 roll +1 and evade roll 0`):

- melee phase: `attack NAME`, `all-out-attack NAME`, `all-out-defend` (he wounds nobody that
  round: he may evade, not shoot, EZ-18), `defend` (he attacks nobody but rolls to fend off
  whoever attacks him);
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

This module reads and checks the file (schema, limits, the sides' entries); what a scene is made
of lives beside it and is re-exported here: `scene_actions` (the verbs, `Part`, `Intent`,
`parse_intent`) and `scene_members` (`Arms`, `Member`, `Scene`, `find_member`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import Annotated, Any, TypeVar

from ezkit import dice, ladder, strict
from ezkit.character.files import InvalidCharacter, checked, parse_character, read_character
from ezkit.character.model import Character
from ezkit.combat import fighters, fudge, wounds

# What a scene is made of, beside this module; re-exported, as other code imports it from here.
from ezkit.combat.scene_actions import (  # noqa: F401
    ALIASES,
    ATTACKS,
    MELEE_VERBS,
    OTHER_VERBS,
    RANGED_VERBS,
    TARGETED,
    Intent,
    Part,
    parse_intent,
)
from ezkit.combat.scene_members import Arms, Member, Scene, Script, find_member
from ezkit.errors import DocumentError, InputError, RuleError, UnreadableError
from ezkit.odds import foe_method
from ezkit.records import Before, Check, Record, no_true_or_false, record
from ezkit.rules import MAX_ROUND_CAP, LimitError, Rules, shown
from ezkit.terminal import name_problem, safe_line
from ezkit.words import name_key
from ezkit.yamlio import load_yaml

STALEMATE, DRAW = "stalemate", "draw"
T, V = TypeVar("T"), TypeVar("V")
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


@record(frozen=False, kw_only=True)
class _Entry(Record):
    """One line of a side: a PC (campaign or file) or an NPC stat line."""

    pc: str | None = None
    file: str | None = None
    npc: str | None = None
    count: Annotated[int, Check(ge=1)] = 1
    trait: str | None = None
    weapon: str | None = None
    ranged_trait: str | None = None
    ranged_weapon: str | None = None
    ranged_inj: Annotated[int, Before(no_true_or_false)] | None = None
    range: str | None = None
    cover: str = "none"
    light: str | None = None
    mod: Annotated[int, Check(ge=-ladder.LIMIT, le=ladder.LIMIT)] = 0
    stun: bool = False
    pull: str | None = None
    does: str | None = None
    rounds: list[int | str | None] = field(default_factory=list)
    fudge_points: Annotated[int, Check(ge=0)] = 0
    fudge_policy: fudge.Policy = fudge.SUCCEED
    terrain: str | None = None


def _rounds(value: Any) -> Any:
    """A round cap is a number, never true or false (pydantic would read `true` as 1 round)."""
    if isinstance(value, bool):
        raise ValueError(f"{str(value).lower()} is no number of rounds; write a whole number")
    return value


@record(frozen=False, kw_only=True)
class _SceneDocument(Record):
    schema_version: int = 1
    scene: str = ""
    range: str = "S"
    light: str = "normal"
    foe_roll: str = "none"
    damage_options: list[int] = field(default_factory=list)
    round_cap: Annotated[int, Before(_rounds), Check(ge=1)] | None = None
    sides: dict[str, list[_Entry]]

    def written(self) -> dict[str, Any]:
        """The document as a scene's record keeps it: what was given, no empty fields."""
        document = {k: v for k, v in strict.dump(_SceneDocument, self).items() if v is not None}
        document["sides"] = {
            side: [{k: v for k, v in entry.items() if v is not None} for entry in entries]
            for side, entries in document["sides"].items()
        }
        return document


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

    if (
        isinstance(document, dict) and document.get("round_cap") == 0
    ):  # saved when 0 meant the rules' cap: it still does
        document = {key: value for key, value in document.items() if key != "round_cap"}
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
        doc = checked(_SceneDocument, document, source)
    except InvalidCharacter as error:
        listed = "; ".join(f"{p.path}: {p.message}" for p in error.problems)
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
    for side, entries in doc.sides.items():
        for i, entry in enumerate(entries):
            inj = entry.ranged_inj
            if inj is not None and (not -ladder.LIMIT <= inj <= ladder.LIMIT):
                raise bad(
                    f"sides.{side}[{i}].ranged_inj",
                    f"{shown(inj)} is out of range: an INJ is from -{ladder.LIMIT} to "
                    f"+{ladder.LIMIT}, as the stat line's",
                )

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
            except UnreadableError as error:  # a file: entry's file (exit 2, as any unreadable)
                raise UnreadableError(f"{source}: {where}.file: {error}") from None
    seen: dict[str, Member] = {}
    for m in members:
        if why := name_problem(m.name):
            raise bad("sides", f"a fighter's name {safe_line(m.name)!r} {why}; a name is one line")
        key = name_key(m.name)  # told apart as people read names
        if key in seen:
            raise bad("sides", f"two fighters are called {m.name!r}: give each a name of his own")
        seen[key] = m
    first, second = doc.sides
    scene = Scene(
        doc.scene or (Path(source).stem if source != "scene" else "a fight"),
        (first, second),
        members,
        doc.light,
        doc.foe_roll,
        frozenset(doc.damage_options),
        rules.round_cap if doc.round_cap is None else doc.round_cap,
        doc.written(),
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
    cap = rules.round_cap if doc.round_cap is None else max(doc.round_cap, 1)
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
    does = _named("does", parse_intent, entry.does) if entry.does else None
    script = tuple(_named(f"rounds[{n}]", _script, s) for n, s in enumerate(entry.rounds))
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


def _named(key: str, read: Callable[[V], T], value: V) -> T:
    """An action of `does` or `rounds`, read; a refusal names its field (`rounds[2]: ...`)."""
    try:
        return read(value)
    except (InputError, RuleError) as error:
        raise type(error)(f"{key}: {error}") from None


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
