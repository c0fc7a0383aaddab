"""Fight scenes: a whole encounter, round by round in the book's order (EZ-14..EZ-20).

The scene file
--------------
A YAML file a GM writes by hand: two sides, each a list of fighters.

    scene: Brawl at the Drowned Rat        # a title (optional)
    range: S            # how far fighters stand from their foes, unless they say: T, S, M, L
    light: normal       # normal, dim or dark, unless a fighter stands elsewhere (EZ-17)
    foe_roll: none      # NPC rolls: none (always 0), 1df or 4df (EZ-11, EZ-18)
    damage_options: []  # Damage Roll Options 1-4 (Fight Scenes)
    round_cap: 20       # optional: default the rules' round cap (EZ-20)
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
alone in an action means the first of them still standing). Optional fields:

- `trait`, `weapon`: a PC's role or attribute and melee weapon (default: his best role, his first
  melee weapon, else unarmed); `ranged_trait`, `ranged_weapon` for shooting (default: `trait` and
  his first ranged weapon);
- `ranged_inj: N`: an NPC's gun or bow (without it an NPC cannot shoot; the stat line's rank
  counts for shooting too);
- `range: T|S|M|L`: how far he stands from the foes; two foes start at the farther of their two
  ranges (a sniper at L is at L from everyone); melee needs T or S (EZ-17);
- `cover: none|partial|heavy`, `light: normal|dim|dark`: where he stands, for shots at him;
- `mod: N`: the GM's modifier to all his actions; `stun: true`, `pull: LEVEL`: he attacks to stun,
  or pulls his punches to at most LEVEL (EZ-16, Melee Optional Rules);
- `does: ACTION`: his default action (default `attack`);
- `rounds: [...]`: one entry per round, in order: an ACTION, a bare roll (`+1`: the default action
  with that roll), or `~` (the default action, the dice roll). Rounds past the list use the default.

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

A round (EZ-20)
---------------
1. Intent: every fighter still standing says what he does (script, answer or default).
2. Melee phase: every melee pair is one exchange (`melee.resolve`); the PC rolls (between two PCs
   or two NPCs, the one who attacks). A fighter rolls once for the whole phase. One who is
   attacked by someone he is not attacking only fends him off: he may not wound him (the Fudge
   rule for several foes; the book leaves it open).
3. Ranged phase: every shot (`ranged.resolve`), against the range/light/cover difficulty, or the
   target's evade result when higher.
4. Other actions (close, flee, surrender), then every wound of the round is marked at once:
   penalties start next round. Fighters Out of It, Knocked Out or Dead take no more actions.

The scene ends when one side is all out of the fight (cannot act, fled or surrendered): the
other side is the winner ("draw" when both sides go out in the same round). After the round cap
it ends as a "stalemate" (EZ-20). All dice come from one generator seeded with the scene's seed.

API: `load(path, rules, lookup)` reads a scene (lookup finds campaign PCs by name),
`parse(document, rules, base, lookup)` builds one from a document, `run(scene, rules, seed,
asker)` fights it and returns a `Result` (log, rounds, winner, tracks; `as_dict()` for JSON), and
`apply(result, rules, db)` marks the campaign PCs' wounds, one locked update per character.
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
from ezkit.character.builder import Asker
from ezkit.character.files import parse_character, problems_from, read_character
from ezkit.character.model import Character, WoundMark
from ezkit.combat import fighters, melee, ranged, wounds
from ezkit.combat.damage import Attack, Wound
from ezkit.errors import DocumentError, EzkitError, InputError, RuleError
from ezkit.odds import foe_method
from ezkit.rules import Rules
from ezkit.yamlio import load_yaml

MELEE_VERBS = ("attack", "all-out-attack", "all-out-defend", "defend")
RANGED_VERBS = ("shoot", "evade")
OTHER_VERBS = ("close", "flee", "surrender", "wait")
ATTACKS = ("attack", "all-out-attack")  # melee verbs with a target
TARGETED = (*ATTACKS, "shoot", "close")
ALIASES = {"fight": "attack", "dodge": "evade", "run": "flee", "yield": "surrender"}
STALEMATE, DRAW = "stalemate", "draw"


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
    mod: int = 0
    stun: bool = False
    pull: str | None = None
    does: str | None = None
    rounds: list[int | str | None] = Field(default_factory=list)


class _SceneDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
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

    def text(self) -> str:
        what = f", {self.weapon}" if self.weapon else ""
        return f"{ladder.label(self.rank)} {self.trait}{what} INJ {self.inj}"


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


Lookup = Callable[[str], Character]


def load(path: Path, rules: Rules, lookup: Lookup | None = None) -> Scene:
    """Read a scene file; `file:` paths are relative to it, `pc:` names go through lookup."""
    return parse(load_yaml(path), rules, path.parent, lookup, str(path))


def parse(
    document: Any,
    rules: Rules,
    base: Path = Path("."),
    lookup: Lookup | None = None,
    source: str = "scene",
) -> Scene:
    """A scene from its document; DocumentError naming the field, the value and the rule."""
    if not isinstance(document, dict):
        raise DocumentError(f"{source}: a scene is a mapping with 'sides' (see examples/scenes/)")
    try:
        doc = _SceneDocument.model_validate(document)
    except ValidationError as error:
        listed = "; ".join(f"{p.path}: {p.message}" for p in problems_from(error, _SceneDocument))
        raise DocumentError(f"{source} is not a valid scene: {listed}") from None

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
                members += _members(entry, side, doc, rules, base, lookup, where)
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


def _check_key(key: str, table: dict[str, Any], what: str, rule: str, bad: Any, where: str) -> None:
    if key not in table:
        raise bad(where, f"unknown {what} {key!r}; choose {', '.join(table)} ({rule})")


def _members(
    entry: _Entry,
    side: str,
    doc: _SceneDocument,
    rules: Rules,
    base: Path,
    lookup: Lookup | None,
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
                **common,
            )
            for name in names
        ]
    if entry.ranged_inj is not None:
        raise InputError("ranged_inj is for NPCs: a PC shoots with his own weapon (ranged_weapon)")
    if entry.pc is not None:
        if lookup is None:
            raise InputError(f"pc: {entry.pc!r} needs the campaign, and none was given")
        character, source = lookup(entry.pc), "campaign"
    else:
        character, source = read_character(base / str(entry.file)), "file"
    hand = fighters.from_character(character, rules, entry.trait, entry.weapon)
    gun = None
    try:
        shooting = fighters.from_character(
            character, rules, entry.ranged_trait or entry.trait, entry.ranged_weapon, ranged=True
        )
        gun = Arms(shooting.rank, shooting.trait, shooting.inj, shooting.weapon)
    except RuleError:
        if entry.ranged_weapon:
            raise
    return [
        Member(
            character.name,
            source=source,  # type: ignore[arg-type]
            melee=Arms(hand.rank, hand.trait, hand.inj, hand.weapon),
            ranged=gun,
            cpd=hand.cpd,
            reflexes=hand.reflexes,
            group=character.name,
            track=list(character.wounds),
            character=character,
            **common,
        )
    ]


def _script(entry: int | str | None) -> Script:
    if entry is None:
        return None
    if isinstance(entry, int):
        return dice.check_roll(entry)
    return parse_intent(entry)


def _check_intent(scene: Scene, m: Member, intent: Intent) -> None:
    for part in intent.parts():
        if part.target:
            target = _find(scene.members, part.target)
            if target.side == m.side:
                raise RuleError(f"{target.name} is on {m.name}'s own side ({m.side})")
    if intent.ranged and intent.ranged.verb == "shoot" and m.ranged is None:
        raise RuleError(
            f"{m.name} has no ranged weapon to shoot with (EZ-19); "
            + ("give him ranged_inj: N" if not m.pc else "give him one, or name ranged_weapon")
        )


def _find(members: list[Member], name: str, rules: Rules | None = None) -> Member:
    """A fighter by name (any case), or the first standing member of a group (`Bandit`)."""
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
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise InputError(f"no fighter called {name!r}{hint} (fighters: {', '.join(names)})")


# --- the result -------------------------------------------------------------------------------


@dataclass
class Round:
    """What happened in one round: intents, exchanges (melee and ranged), wounds, tracks."""

    number: int
    intents: dict[str, str] = field(default_factory=dict)
    rolls: dict[str, dict[str, int]] = field(default_factory=dict)
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    wounds: list[dict[str, Any]] = field(default_factory=list)
    tracks: dict[str, str] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "intents": self.intents,
            "rolls": self.rolls,
            "exchanges": self.exchanges,
            "actions": self.actions,
            "wounds": self.wounds,
            "tracks": self.tracks,
            "log": self.log,
        }


@dataclass
class Result:
    title: str
    seed: int
    sides: tuple[str, str]
    rounds: list[Round]
    winner: str  # a side's name, "stalemate" or "draw"
    members: list[Member]
    tracks: dict[str, str]
    log: list[str]
    round_cap: int

    def fighter(self, name: str) -> Member:
        return _find(self.members, name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "scene": self.title,
            "seed": self.seed,
            "sides": list(self.sides),
            "winner": self.winner,
            "rounds_fought": len(self.rounds),
            "round_cap": self.round_cap,
            "rounds": [r.as_dict() for r in self.rounds],
            "tracks": self.tracks,
            "fighters": [
                {
                    "name": m.name,
                    "side": m.side,
                    "pc": m.pc,
                    "source": m.source,
                    "status": m.status,
                    "track": self.tracks[m.name],
                    "marks": [mark.model_dump(mode="json") for mark in m.track],
                }
                for m in self.members
            ],
            "log": self.log,
        }


# --- the runner -------------------------------------------------------------------------------


def run(scene: Scene, rules: Rules, seed: int, asker: Asker | None = None) -> Result:
    """Fight the scene to its end, or to the round cap; the scene itself is not changed."""
    return _Fight(scene, rules, seed, asker).run()


class _Fight:
    def __init__(self, scene: Scene, rules: Rules, seed: int, asker: Asker | None) -> None:
        self.scene, self.rules, self.seed, self.asker = scene, rules, seed, asker
        self.members = [replace(m, track=list(m.track), taken=[]) for m in scene.members]
        rng = dice.new_rng(seed)
        self.player_dice = dice.method("4dF").roller(rng)
        self.fudge_die = dice.method("1dF").roller(rng)
        method = foe_method(scene.foe_roll)
        self.foe_dice = method.roller(rng) if method else None
        order = list(rules.ranges)
        self.order = {key: i for i, key in enumerate(order)}
        self.reach = max((k for k in order if rules.ranges[k].melee), key=self.order.__getitem__)
        # how far apart two foes are: the farther of their ranges, until one closes in
        self.distance = {
            frozenset((a.name, b.name)): max(a.range, b.range, key=self.order.__getitem__)
            for a in self.members
            for b in self.members
            if a.side != b.side
        }
        self.log: list[str] = []
        self.round: Round | None = None
        self.intents: dict[str, Intent] = {}
        self.rolls: dict[tuple[str, str], int] = {}
        self.helped = False

    # -- output

    def say(self, line: str) -> None:
        self.log.append(line)
        if self.round is not None:
            self.round.log.append(line)
        if self.asker is not None:
            self.asker.say(line)

    # -- the scene

    def run(self) -> Result:
        scene = self.scene
        self.say(f"Scene: {scene.title} (seed {self.seed})")
        for side in scene.sides:
            self.say(f"{side}:")
            for m in self.side(side):
                self.say(f"  {m.describe()}")
                if m.track:
                    self.say(f"    {wounds.track_text(m.track, self.rules)}")
        rounds: list[Round] = []
        winner = self.winner()
        while winner is None and len(rounds) < scene.round_cap:
            self.round = Round(len(rounds) + 1)
            rounds.append(self.round)
            self.fight_round(self.round)
            self.round = None
            winner = self.winner()
        if winner is None:
            winner = STALEMATE
            self.say(
                f"Result: a stalemate: nobody ended the fight in {scene.round_cap} rounds (EZ-20)"
            )
        elif winner == DRAW:
            self.say(f"Result: a draw: both sides are out of the fight after round {len(rounds)}")
        else:
            loser = next(s for s in scene.sides if s != winner)
            when = f"after {len(rounds)} round{'s' * (len(rounds) != 1)}" if rounds else "at once"
            self.say(f"Result: {winner} win {when}: {loser} are all out of the fight")
        self.say(f"(seed {self.seed})")
        tracks = {m.name: self.track_line(m) for m in self.members}
        return Result(
            scene.title,
            self.seed,
            scene.sides,
            rounds,
            winner,
            self.members,
            tracks,
            self.log,
            scene.round_cap,
        )

    def side(self, side: str) -> list[Member]:
        return [m for m in self.members if m.side == side]

    def winner(self) -> str | None:
        out = [s for s in self.scene.sides if not any(m.standing(self.rules) for m in self.side(s))]
        if len(out) == 2:
            return DRAW
        if out:
            return next(s for s in self.scene.sides if s not in out)
        return None

    def track_line(self, m: Member) -> str:
        text = wounds.track_text(m.track, self.rules)
        return f"{text}; {m.status}" if m.status != "in" else text

    # -- one round

    def fight_round(self, r: Round) -> None:
        self.rolls = {}
        self.say(f"== Round {r.number} ==")
        self.say("1) Intent")
        acting = [m for m in self.members if m.standing(self.rules)]
        self.intents = {}
        for m in self.members:
            if m.status != "in":
                continue
            if m not in acting:
                self.say(f"  {m.name}: {wounds.condition(m.track, self.rules)}")
                continue
            intent, notes = self.intent(m, r.number)
            self.intents[m.name] = intent
            r.intents[m.name] = intent.text()
            penalty = self.penalty(m)
            hurt = f" (wounds {penalty:+d})" if penalty else ""
            self.say(f"  {m.name}{hurt}: {intent.text()}")
            for note in notes:
                self.say(f"    {note}")

        dealt: list[tuple[str, Wound]] = []
        self.say("2) Melee phase")
        for a, b, mutual in self.melee_pairs(acting):
            dealt += [("melee", w) for w in self.exchange(r, a, b, mutual)]
        if not r.exchanges:
            self.say("  nobody fights in melee")
        self.say("3) Ranged phase")
        fought = len(r.exchanges)
        for m in acting:
            part = self.intents[m.name].ranged
            if part and part.verb == "shoot":
                hurt = self.shoot(r, m, self.member(part.target or ""))
                if hurt is not None:
                    dealt.append(("ranged", hurt))
        if len(r.exchanges) == fought:
            self.say("  nobody shoots")

        self.say("4) Other actions, then the round's wounds")
        for m in acting:
            self.other_action(r, m)
        self.mark_all(r, dealt)
        self.say("Tracks")
        width = max(len(m.name) for m in self.members)
        for m in self.members:
            r.tracks[m.name] = self.track_line(m)
            self.say(f"  {m.name:<{width}}  {r.tracks[m.name]}")
        r.rolls = {}
        for (name, phase), value in self.rolls.items():
            r.rolls.setdefault(name, {})[phase] = value

    # -- step 1: intent

    def intent(self, m: Member, number: int) -> tuple[Intent, list[str]]:
        entry = m.script[number - 1] if number <= len(m.script) else None
        where = f"round {number}, {m.name}"
        if isinstance(entry, Intent):
            try:
                return self.settle(m, entry, strict=True)
            except EzkitError as error:
                raise type(error)(f"{where}: {error}") from None
        if isinstance(entry, int):
            intent, notes = self.settle(m, m.does or Intent(Part("attack")), strict=False)
            return intent.with_roll(entry), notes
        if self.asker is not None and m.pc and m.does is None:
            return self.ask(m, number)
        return self.settle(m, m.does or Intent(Part("attack")), strict=False)

    def ask(self, m: Member, number: int) -> tuple[Intent, list[str]]:
        assert self.asker is not None
        default, _ = self.settle(m, Intent(Part("attack")), strict=False)
        if not self.helped:
            self.helped = True
            self.asker.say(
                "Say what he does: attack NAME, all-out-attack NAME, all-out-defend, defend, "
                "shoot NAME, evade, close [NAME], flee, surrender, wait; add 'roll N' to give "
                "your own roll, and join a melee and a ranged action with 'and'. Blank: default."
            )
        foes = ", ".join(
            f"{f.name} ({self.pair_range(m, f)})" for f in self.foes(m) if f.standing(self.rules)
        )
        while True:
            answer = self.asker.ask(
                f"Round {number}: what does {m.name} do? (foes: {foes})", default.text()
            )
            try:
                return self.settle(m, parse_intent(answer or default.text()), strict=True)
            except EzkitError as error:
                self.asker.say(f"  {error}")

    def settle(self, m: Member, intent: Intent, strict: bool) -> tuple[Intent, list[str]]:
        """The intent with its targets found; a melee attack out of reach falls back."""
        notes: list[str] = []
        melee_part, ranged_part, other = intent.melee, intent.ranged, intent.other
        if melee_part and melee_part.verb in ATTACKS:
            target = self.target(m, melee_part.target, notes)
            if target is not None and not self.in_reach(m, target):
                if strict:
                    raise RuleError(
                        f"{target.name} is at range {self.pair_range(m, target)}, out of melee "
                        f"reach (T or S, EZ-17): shoot, or close in first"
                    )
                target = None
            if target is None:
                target = self.nearest(m, reach=True)
            if target is not None:
                melee_part = replace(melee_part, target=target.name)
            else:
                roll = melee_part.roll
                melee_part = None
                if m.ranged is not None and ranged_part is None:
                    ranged_part = Part("shoot", None, roll)
                    notes.append(f"no foe in reach: {m.name} shoots instead")
                elif other is None:
                    other = Part("close")
                    notes.append(f"no foe in reach: {m.name} closes in")
        if ranged_part and ranged_part.verb == "shoot":
            if m.ranged is None:
                raise RuleError(f"{m.name} has no ranged weapon to shoot with (EZ-19)")
            target = self.target(m, ranged_part.target, notes) or self.nearest(m, reach=False)
            assert target is not None  # the scene goes on only while both sides stand
            ranged_part = replace(ranged_part, target=target.name)
        if other and other.verb == "close":
            target = self.target(m, other.target, notes) or self.nearest(m, reach=False)
            assert target is not None
            other = replace(other, target=target.name)
        return Intent(melee_part, ranged_part, other), notes

    def target(self, m: Member, name: str | None, notes: list[str]) -> Member | None:
        """The foe named, if he is standing; None (with a note) when he is down."""
        if not name:
            return None
        target = _find(self.members, name, self.rules)
        if target.side == m.side:
            raise RuleError(f"{target.name} is on {m.name}'s own side ({m.side})")
        if not target.standing(self.rules):
            why = target.status if target.status != "in" else "down"
            notes.append(f"{target.name} is {why}: {m.name} turns to another foe")
            return None
        return target

    def foes(self, m: Member) -> list[Member]:
        return [f for f in self.members if f.side != m.side]

    def nearest(self, m: Member, reach: bool) -> Member | None:
        """The nearest standing foe (the first listed among equals), in reach if asked."""
        standing = [f for f in self.foes(m) if f.standing(self.rules)]
        if reach:
            standing = [f for f in standing if self.in_reach(m, f)]
        return min(standing, key=lambda f: self.order[self.pair_range(m, f)], default=None)

    def pair_range(self, a: Member, b: Member) -> str:
        """How far apart two foes are (EZ-17)."""
        return self.distance[frozenset((a.name, b.name))]

    def in_reach(self, a: Member, b: Member) -> bool:
        return self.rules.ranges[self.pair_range(a, b)].melee

    def member(self, name: str) -> Member:
        return _find(self.members, name)

    def penalty(self, m: Member) -> int:
        """The wound penalty from earlier rounds: this round's wounds are not marked yet."""
        return wounds.penalty(m.track, self.rules)

    def roll(self, m: Member, phase: str) -> int:
        """A fighter's one roll for a phase: scripted, else 4dF for a PC, the foe roll for NPCs."""
        key = (m.name, phase)
        if key not in self.rolls:
            intent = self.intents.get(m.name, Intent())
            part = intent.melee if phase == "melee" else intent.ranged
            if part is not None and part.roll is not None:
                value = part.roll
            elif m.pc:
                value = self.player_dice.roll().value
            elif self.foe_dice is not None:
                value = self.foe_dice.roll().value
            else:
                value = 0
            self.rolls[key] = value
        return self.rolls[key]

    def fudge(self, n: int) -> int:
        return sum(self.fudge_die.roll().value for _ in range(n))

    # -- step 2: melee

    def melee_pairs(self, acting: list[Member]) -> list[tuple[Member, Member, bool]]:
        """Every melee pair once: (the attacker, his target, whether the target attacks back)."""
        pairs: list[tuple[Member, Member, bool]] = []
        index: dict[frozenset[str], int] = {}
        for m in acting:
            part = self.intents[m.name].melee
            if not part or part.verb not in ATTACKS:
                continue
            target = self.member(part.target or "")
            key = frozenset((m.name, target.name))
            if key in index:
                a, b, _ = pairs[index[key]]
                pairs[index[key]] = (a, b, True)
            else:
                index[key] = len(pairs)
                pairs.append((m, target, False))
        return pairs

    def exchange(self, r: Round, a: Member, b: Member, mutual: bool) -> list[Wound]:
        character, foe = (b, a) if b.pc and not a.pc else (a, b)
        roll, foe_roll = self.roll(character, "melee"), self.roll(foe, "melee")
        ex = melee.resolve(
            self.melee_fighter(character),
            self.melee_fighter(foe),
            roll,
            self.rules,
            foe_roll,
            self.scene.damage_options,
            self.fudge,
        )
        if not mutual:  # b only fends a off: he may not wound him
            dropped = [w for w in ex.wounds if w.attacker == b.name]
            if dropped:
                takes = {f"{a.name} takes {w.level or 'no wound'}" for w in dropped}
                ex.wounds = [w for w in ex.wounds if w.attacker != b.name]
                ex.steps = [
                    s
                    for s in ex.steps
                    if not s.startswith(f"{b.name} wounds {a.name}: ") and s not in takes
                ]
                ex.steps.append(
                    f"{b.name} is not attacking {a.name} this round, only defending: "
                    f"{b.name} cannot wound {a.name}"
                )
        self.say(f"  {a.name} attacks {b.name}" + (" (both attack)" if mutual else ""))
        for step in ex.steps:
            self.say(f"    {step}")
        r.exchanges.append(
            {
                "kind": "melee",
                "attacker": a.name,
                "defender": b.name,
                "mutual": mutual,
                "character": character.name,
                "foe": foe.name,
                "range": self.pair_range(a, b),
                **ex.as_dict(),
            }
        )
        return ex.wounds

    def melee_fighter(self, m: Member) -> melee.Fighter:
        part = self.intents[m.name].melee
        tactic = part.verb if part and part.verb in melee.TACTICS else None
        return melee.Fighter(
            m.name,
            m.melee.rank,
            m.melee.trait,
            Attack(m.melee.inj, m.pull, m.stun),
            m.cpd,
            m.mod,
            self.penalty(m),
            0,
            tactic,
        )

    # -- step 3: ranged

    def shoot(self, r: Round, m: Member, t: Member) -> Wound | None:
        assert m.ranged is not None
        target_part = self.intents.get(t.name, Intent()).ranged
        shooting = bool(target_part and target_part.verb == "shoot")
        evading = bool(target_part and target_part.verb == "evade")
        range_ = self.pair_range(m, t)
        difficulty, parts = ranged.shot_difficulty(
            self.rules, range_, t.light or self.scene.light, t.cover
        )
        self.say(f"  {m.name} shoots at {t.name}")
        evade = None
        if evading:
            evade_roll = self.roll(t, "ranged")
            evade = t.reflexes + t.mod + self.penalty(t) + evade_roll
            mods = "".join(
                f" {v:+d} {w}" for v, w in ((t.mod, "modifiers"), (self.penalty(t), "wounds")) if v
            )
            self.say(
                f"    {t.name} spends the phase evading: Reflexes {ladder.label(t.reflexes)}"
                f"{mods}, roll {ladder.signed(evade_roll)}: {ladder.label(evade)}"
            )
        roll = self.roll(m, "ranged")
        shot = ranged.resolve(
            ranged.Shooter(
                m.name,
                m.ranged.rank,
                m.ranged.trait,
                Attack(m.ranged.inj, m.pull, m.stun),
                m.mod,
                self.penalty(m),
            ),
            ranged.Target(t.name, t.cpd, evade, shooting),
            difficulty,
            roll,
            self.rules,
            self.scene.damage_options,
            self.fudge,
            ", ".join(parts),
        )
        for step in shot.steps:
            self.say(f"    {step}")
        r.exchanges.append(
            {
                "kind": "ranged",
                "shooter": m.name,
                "target": t.name,
                "range": range_,
                "roll": roll,
                "evade": evade,
                "action": shot.action,
                "difficulty": shot.difficulty,
                "outcome": shot.outcome,
                "hit": shot.hit,
                "wound_value": shot.wound.value if shot.wound else None,
                "wound_level": shot.wound.level if shot.wound else None,
                "stun": bool(shot.wound and shot.wound.stun),
                "wounds": [shot.wound.as_dict()] if shot.wound else [],
                "steps": shot.steps,
            }
        )
        return shot.wound

    # -- step 4: other actions and wounds

    def other_action(self, r: Round, m: Member) -> None:
        part = self.intents[m.name].other
        if part is None or part.verb == "wait":
            return
        if part.verb == "close":
            foe = self.member(part.target or "")
            now = self.pair_range(m, foe)
            if self.order[now] > self.order[self.reach]:
                text = f"{m.name} closes in on {foe.name}: from {now} to {self.reach}"
                self.distance[frozenset((m.name, foe.name))] = self.reach
            else:
                text = f"{m.name} is already in reach of {foe.name} ({now})"
        elif part.verb == "flee":
            m.status = "fled"
            text = f"{m.name} flees the fight"
        else:
            m.status = "surrendered"
            text = f"{m.name} surrenders"
        r.actions.append(text)
        self.say(f"  {text}")

    def mark_all(self, r: Round, dealt: list[tuple[str, Wound]]) -> None:
        """Every wound of the round at once, in the order dealt (EZ-20)."""
        hits = [(phase, w) for phase, w in dealt if w.level]
        if not hits:
            self.say("  no wounds this round")
        for phase, w in hits:
            t = self.member(w.target)
            assert w.level is not None
            before = len(t.track)
            t.track, marked = wounds.mark(t.track, w.level, self.rules, w.stun)
            reason = f"{'stun ' if w.stun else ''}{w.level} from {w.attacker} ({phase})"
            if len(t.track) > before:
                t.taken.append((w.level, w.stun, f"{reason} in {self.scene.title}"))
            self.say(f"  {t.name}: {marked.describe()}, from {w.attacker}")
            r.wounds.append(
                {
                    "phase": phase,
                    "attacker": w.attacker,
                    "target": w.target,
                    "wound_value": w.value,
                    "wound_level": w.level,
                    "stun": w.stun,
                    "marked": marked.level,
                    "promoted": marked.promoted,
                    "text": marked.describe(),
                }
            )


# --- the campaign -----------------------------------------------------------------------------


def apply(result: Result, rules: Rules, db: Path | str | None = None) -> dict[str, str]:
    """Mark the campaign PCs' wounds of the scene: one locked, atomic update per character.

    PCs read from files are not in the campaign and are left out. Returns each updated
    character's track in words.
    """
    from ezkit.combat import healing
    from ezkit.store import open_campaign

    applied: dict[str, str] = {}
    for m in result.members:
        if m.source != "campaign" or not m.taken or m.character is None:
            continue

        def change(doc: dict[str, Any], m: Member = m) -> dict[str, Any]:
            character = parse_character(doc, "the campaign")
            for level, stun, reason in m.taken:
                if wounds.is_dead(character.wounds):
                    break
                character = healing.wound(character, level, rules, stun, reason)
            return character.to_document()

        with open_campaign(db) as campaign:
            doc = campaign.update_character(m.character.name, change)
        applied[m.name] = wounds.track_text(parse_character(doc, "the campaign").wounds, rules)
    return applied
