"""Fight scenes: a whole encounter, round by round in the book's order (EZ-14..EZ-20).

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

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit import dice, ladder
from ezkit.character.builder import Asker
from ezkit.character.files import parse_character
from ezkit.combat import fudge, melee, ranged, wounds
from ezkit.combat.damage import Attack, Wound

# load, parse and parse_intent are this module's API too (the scene file is read here).
from ezkit.combat.scene_file import (  # noqa: F401
    ALIASES,
    ATTACKS,
    DRAW,
    MELEE_VERBS,
    OTHER_VERBS,
    RANGED_VERBS,
    STALEMATE,
    Intent,
    Member,
    Part,
    Scene,
    find_member,
    from_snapshots,
    load,
    parse,
    parse_intent,
)
from ezkit.errors import EzkitError, InputError, RuleError
from ezkit.odds import foe_method
from ezkit.rules import Rules

if TYPE_CHECKING:
    from ezkit.store import Campaign

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
    brief: list[str] = field(default_factory=list)  # a line per exchange, the tracks once
    terrain: list[dict[str, Any]] = field(default_factory=list)  # terrain tests (EZ-18)
    down: list[str] = field(default_factory=list)  # who went down this round

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "intents": self.intents,
            "rolls": self.rolls,
            "exchanges": self.exchanges,
            "terrain_tests": self.terrain,
            "actions": self.actions,
            "wounds": self.wounds,
            "down": self.down,
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
    brief: list[str] = field(default_factory=list)

    def fighter(self, name: str) -> Member:
        return find_member(self.members, name)

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
            "fudge_points_spent": {m.name: m.fudge_spent for m in self.members if m.fudge_spent},
            "fighters": [
                {
                    "name": m.name,
                    "side": m.side,
                    "pc": m.pc,
                    "source": m.source,
                    "status": m.status,
                    "track": self.tracks[m.name],
                    "marks": [mark.model_dump(mode="json") for mark in m.track],
                    # the trait each fights with, and why (EZ-24)
                    "melee_trait": m.melee.trait_info().as_dict(),
                    "ranged_trait": m.ranged.trait_info().as_dict() if m.ranged else None,
                    # ruling EZ-12: a PC's budget for the scene and what he spent of it
                    "fudge_points": (
                        {
                            "budget": m.fudge_points,
                            "spent": m.fudge_spent,
                            "left": m.fudge_left,
                            "policy": m.fudge_policy,
                        }
                        if m.pc
                        else None
                    ),
                }
                for m in self.members
            ],
            "log": self.log,
        }


# --- the runner -------------------------------------------------------------------------------

#: A line of the scene's story, shown as it happens (the CLI passes click.echo).
Echo = Callable[[str], None]


def run(
    scene: Scene,
    rules: Rules,
    seed: int,
    asker: Asker | None = None,
    echo: Echo | None = None,
    brief: bool = False,
) -> Result:
    """Fight the scene to its end, or to the round cap; the scene itself is not changed.

    echo gets each line as it happens (the brief lines with `brief`); without echo an asker
    gets them (it shows the scene between its questions)."""
    fight = Fight(scene, rules, seed, asker, echo, brief)
    fight.start()
    while not fight.over():
        fight.play_round()
    return fight.finish()


class Fight:
    """A scene being fought: `start()`, then `play_round()` until `over()`, then `finish()`.

    Between rounds the GM may steer it: `steer("Black Tom attack Gruk")` (or `order(NAME,
    ACTION)`) changes what a fighter does from the next round on. Every order is kept in
    `orders` (with the round it was given before), so a stopped scene is fought again exactly
    by `replay(orders, rounds)` from the same seed.
    """

    def __init__(
        self,
        scene: Scene,
        rules: Rules,
        seed: int,
        asker: Asker | None = None,
        echo: Echo | None = None,
        brief: bool = False,
    ) -> None:
        self.scene, self.rules, self.seed, self.asker = scene, rules, seed, asker
        self.echo = echo if echo is not None else (asker.say if asker is not None else None)
        self.brief = brief
        self.members = [replace(m, track=list(m.track), taken=[]) for m in scene.members]
        rng = dice.new_rng(seed)
        self.player_dice = dice.method("4dF").roller(rng)
        self.fudge_die = dice.method("1dF").roller(rng)
        method = foe_method(scene.foe_roll)
        self.foe_dice = method.roller(rng) if method else None
        order = list(rules.ranges)
        self.order_of = {key: i for i, key in enumerate(order)}
        self.reach = max((k for k in order if rules.ranges[k].melee), key=self.order_of.__getitem__)
        # Two foes stand at the farther of their ranges, until one closes in (`closed`, both
        # ways). Nothing here grows with the square of the fighters: a foe's nearest standing
        # foe is found among the first standing fighter of each side and range (`buckets`,
        # in the file's order; down is for good, so each bucket's head only moves on) and
        # those he closed in on.
        self.closed: dict[str, set[str]] = {}
        self.position = {m.name: i for i, m in enumerate(self.members)}
        self.by_name = {m.name.casefold(): m for m in self.members}
        self.groups: dict[str, list[Member]] = {}
        self.buckets: dict[tuple[str, int], list[Member]] = {}
        for m in self.members:
            self.groups.setdefault(m.group.casefold(), []).append(m)
            self.buckets.setdefault((m.side, self.order_of[m.range]), []).append(m)
        self.heads = dict.fromkeys(self.buckets, 0)
        self.log: list[str] = []
        self.brief_log: list[str] = []
        self.rounds: list[Round] = []
        self.round: Round | None = None
        self.intents: dict[str, Intent] = {}
        self.rolls: dict[tuple[str, str], int] = {}
        self.helped = False
        self.down: set[str] = set()  # told once that they are down
        # the GM's orders: from a round on (standing), for the next round only (once)
        self.standing_orders: dict[str, Intent] = {}
        self.once: dict[str, Intent] = {}
        self.orders: list[dict[str, Any]] = []
        # the terrain manoeuvre (EZ-18): tests due this round, and -1s for the next
        self.terrain_due: dict[str, list[str]] = {}
        self.terrain_now: dict[str, int] = {}
        self.terrain_next: dict[str, int] = {}
        # a round in which nothing happened, with nothing scripted after it, would repeat to
        # the round cap: the scene ends there, unless a GM steers it or a player is asked
        self.quiet = False
        self.steering = False

    # -- output: the full story (say), the brief one (tell), or both

    def say(self, line: str) -> None:
        self.log.append(line)
        if self.round is not None:
            self.round.log.append(line)
        if self.echo is not None and not self.brief:
            self.echo(line)

    def tell(self, line: str) -> None:
        self.brief_log.append(line)
        if self.round is not None:
            self.round.brief.append(line)
        if self.echo is not None and self.brief:
            self.echo(line)

    def both(self, line: str) -> None:
        self.say(line)
        self.tell(line)

    # -- the scene

    def start(self) -> None:
        """The roster: who fights, with what; those already down are told so, once."""
        scene = self.scene
        self.both(f"Scene: {scene.title} (seed {self.seed})")
        for side in scene.sides:
            self.say(f"{side}:")
            for m in self.side(side):
                self.say(f"  {m.describe()}")
                if m.track:
                    self.say(f"    {wounds.track_text(m.track, self.rules)}")
            self.tell(f"{side}: {', '.join(m.name for m in self.side(side))}")
        self.tell_down()

    def over(self) -> bool:
        """One side is all out of the fight, or the round cap is reached (EZ-20), or a round
        that would repeat to it unchanged was fought (see `quiet`)."""
        if self.winner() is not None or len(self.rounds) >= self.scene.round_cap:
            return True
        return self.quiet and self.asker is None and not self.steering

    def play_round(self) -> Round:
        self.round = Round(len(self.rounds) + 1)
        self.rounds.append(self.round)
        try:
            self.fight_round(self.round)
        finally:
            self.round = None
            self.once.clear()
        return self.rounds[-1]

    def finish(self) -> Result:
        scene, rounds = self.scene, self.rounds
        winner = self.winner()
        if winner is None and len(rounds) < scene.round_cap:
            winner = STALEMATE
            self.both(
                f"Result: a stalemate after round {len(rounds)}: nobody fought, shot or moved "
                "in it and nothing scripted is left, so every round to the round cap "
                f"({scene.round_cap}) would be the same (EZ-20)"
            )
        elif winner is None:
            winner = STALEMATE
            self.both(
                f"Result: a stalemate: nobody ended the fight in {len(rounds)} rounds "
                f"(round cap {scene.round_cap}, EZ-20)"
            )
        elif winner == DRAW:
            self.both(f"Result: a draw: both sides are out of the fight after round {len(rounds)}")
        else:
            loser = next(s for s in scene.sides if s != winner)
            when = f"after {len(rounds)} round{'s' * (len(rounds) != 1)}" if rounds else "at once"
            self.both(f"Result: {winner} win {when}: {loser} are all out of the fight")
        self.both(f"(seed {self.seed})")
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
            self.brief_log,
        )

    # -- the GM steers: orders between rounds, and a replay of them

    def steer(self, text: str) -> str:
        """A GM's order before the next round, in the steering language (see `STEER_HELP`):
        `NAME ACTION` or `NAME tactic all-out-attack|all-out-defend|none`. Returns what it
        does, in words; InputError or RuleError when it cannot be done."""
        name, rest = self.split_order(text)
        m = self.find(name)
        words = rest.split()
        if words and words[0].lower() == "tactic":
            if len(words) != 2:
                raise InputError(f"{text!r}: write NAME tactic {'|'.join(TACTIC_WORDS)}")
            return self.order(m.name, self.with_tactic(m, words[1].lower()).text())
        return self.order(m.name, rest)

    def split_order(self, text: str) -> tuple[str, str]:
        """`Black Tom attack Gruk` -> ("Black Tom", "attack Gruk"): the fighter's name is what
        comes before the first verb that follows a name of the scene."""
        words = text.split()
        for i in range(1, len(words)):
            if not _starts_verb(words[i:]):
                continue
            name = " ".join(words[:i])
            try:
                self.find(name)
            except InputError:
                continue
            return name, " ".join(words[i:])
        names = ", ".join(m.name for m in self.members[:12])
        more = ", ..." if len(self.members) > 12 else ""
        raise InputError(
            f"{text!r}: write NAME ACTION (e.g. 'Black Tom attack Gruk Underbridge'), NAME "
            f"tactic {'|'.join(TACTIC_WORDS)}, stop or help; fighters: {names}{more}"
        )

    def order(self, name: str, action: str, once: bool = False) -> str:
        """NAME does ACTION from the next round on (once: that round only); a roll in ACTION
        counts for that round only. Refused when he is out of the fight or cannot do it."""
        m = self.member(name)
        if not m.standing(self.rules):
            why = m.status if m.status != "in" else wounds.condition(m.track, self.rules)
            raise RuleError(f"{m.name} is out of the fight ({why}): no orders for him")
        intent, _ = self.settle(m, parse_intent(action), strict=True)
        number = len(self.rounds) + 1
        if once or _has_roll(intent):
            self.once[m.name] = intent
        if not once:
            self.standing_orders[m.name] = _without_rolls(intent)
        self.orders.append({"round": number, "name": m.name, "action": intent.text(), "once": once})
        when = f"in round {number}" if once else f"from round {number} on"
        return f"{m.name}: {intent.text()} {when}"

    def with_tactic(self, m: Member, tactic: str) -> Intent:
        """His coming action with its melee tactic changed (EZ-18, Tactics)."""
        if tactic not in TACTIC_WORDS:
            raise InputError(f"unknown tactic {tactic!r}; choose {', '.join(TACTIC_WORDS)}")
        now = self.preview(m)
        verb = "attack" if tactic == "none" else tactic
        target = now.melee.target if now.melee and now.melee.verb in ATTACKS else None
        melee_part = Part(verb, target if verb in ATTACKS else None)
        ranged_part = replace(now.ranged, roll=None) if now.ranged else None
        return Intent(melee_part, ranged_part)

    def preview(self, m: Member) -> Intent:
        """What he would do next round, without asking anybody."""
        number = len(self.rounds) + 1
        if m.name in self.once:
            return self.once[m.name]
        if m.name in self.standing_orders:
            return self.standing_orders[m.name]
        entry = m.script[number - 1] if number <= len(m.script) else None
        if isinstance(entry, Intent):
            return entry
        return m.does or Intent(Part("attack"))

    def replay(self, orders: list[dict[str, Any]], rounds: int) -> None:
        """Fight the first `rounds` rounds again with the GM's orders, silently (a saved
        scene resumed); orders given before the next round are in force after it."""
        echo, asker, steering = self.echo, self.asker, self.steering
        self.echo = self.asker = None  # answers given at the terminal are among the orders
        self.steering = True  # rounds the GM fought on are fought again, quiet or not
        try:
            for number in range(1, rounds + 2):
                for o in orders:
                    if o["round"] == number:
                        self.order(o["name"], o["action"], bool(o.get("once")))
                if number <= rounds:
                    if self.over():
                        raise RuleError(f"the scene was over before round {number}")
                    self.play_round()
        finally:
            self.echo, self.asker, self.steering = echo, asker, steering

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
        self.terrain_now, self.terrain_next = self.terrain_next, {}
        self.both(f"== Round {r.number} ==")
        self.say("1) Intent")
        acting = [m for m in self.members if m.standing(self.rules)]
        self.intents = {}
        for m in acting:  # those down were told so once, when they went down
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
        self.terrain_tests(r)
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
        r.down = self.tell_down()
        self.say("Tracks")
        width = max(len(m.name) for m in self.members)
        for m in self.members:
            r.tracks[m.name] = self.track_line(m)
            self.say(f"  {m.name:<{width}}  {r.tracks[m.name]}")
        for side in self.scene.sides:  # the brief story: the tracks once a round
            self.tell(f"  {self.side_line(side)}")
        r.rolls = {}
        for (name, phase), value in self.rolls.items():
            r.rolls.setdefault(name, {})[phase] = value
        self.quiet = not (r.exchanges or r.actions or r.wounds or r.terrain) and all(
            len(m.script) <= r.number for m in self.members
        )

    def tell_down(self) -> list[str]:
        """Who is newly down (cannot act, EZ-15), told once: `Bandit 1 is down: Out of It`."""
        newly = []
        for m in self.members:
            if m.name in self.down or m.status != "in" or m.standing(self.rules):
                continue
            self.down.add(m.name)
            newly.append(m.name)
            self.both(f"  {m.name} is down: {wounds.condition(m.track, self.rules)}")
        return newly

    def side_line(self, side: str) -> str:
        """`bandits: Black Tom Very Hurt (-2); Bandit 2 unhurt (2 out)`: those still standing."""
        members = self.side(side)
        standing = [m for m in members if m.standing(self.rules)]
        if not standing:
            return f"{side}: all out of the fight"
        text = "; ".join(f"{m.name} {wounds.condition(m.track, self.rules)}" for m in standing)
        out = len(members) - len(standing)
        return f"{side}: {text}" + (f" ({out} out)" if out else "")

    # -- the terrain manoeuvre (EZ-18, Tactics)

    def terrain_tests(self, r: Round) -> None:
        """Each fighter who defended all-out successfully this round tests his Perception or
        Tactics role (the GM rolls for an NPC here, as the book says): Fair or better takes
        the better ground, and those he held off have -1 to their actions next round."""
        for name, opponents in self.terrain_due.items():
            m = self.member(name)
            roll = self.player_dice.roll().value
            mods = self.mod(m) + self.penalty(m)
            result = m.terrain + mods + roll
            holds = melee.terrain_holds(result, self.rules)
            shift = self.rules.terrain.opponent_mod
            if holds:
                for foe in opponents:
                    self.terrain_next[foe] = shift
            plus = f" {mods:+d}" if mods else ""
            test = (
                f"  {m.name}'s terrain test: {m.terrain_trait}{plus}, roll {ladder.signed(roll)}: "
                f"{ladder.label(result)}"
            )
            if holds:
                test += f": the better ground, {shift:+d} to {', '.join(opponents)} next round"
            else:
                test += f", short of {ladder.label(self.rules.terrain.test)}: no better ground"
            self.both(test)
            r.terrain.append(
                {
                    "defender": m.name,
                    "opponents": opponents,
                    "trait": m.terrain_trait,
                    "roll": roll,
                    "result": result,
                    "better_ground": holds,
                }
            )
        self.terrain_due = {}

    def mod(self, m: Member) -> int:
        """The GM's modifier to all his actions, and -1 when his foe took the better ground."""
        return m.mod + self.terrain_now.get(m.name, 0)

    # -- step 1: intent

    def intent(self, m: Member, number: int) -> tuple[Intent, list[str]]:
        if m.name in self.once:  # the GM's order for this round, or an answer replayed
            return self.settle(m, self.once[m.name], strict=False)
        if m.name in self.standing_orders:  # the GM's order, from an earlier round on
            return self.settle(m, self.standing_orders[m.name], strict=False)
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
                intent, notes = self.settle(m, parse_intent(answer or default.text()), strict=True)
            except EzkitError as error:
                self.asker.say(f"  {error}")
                continue
            # kept among the orders, so that a saved scene replays without asking again
            self.orders.append(
                {"round": number, "name": m.name, "action": intent.text(), "once": True}
            )
            return intent, notes

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
        target = self.find(name)
        if target.side == m.side:
            raise RuleError(f"{target.name} is on {m.name}'s own side ({m.side})")
        if not target.standing(self.rules):
            why = target.status if target.status != "in" else "down"
            notes.append(f"{target.name} is {why}: {m.name} turns to another foe")
            return None
        return target

    def find(self, name: str) -> Member:
        """A fighter by name as `find_member` finds him, the exact name and a group at once."""
        key = " ".join(name.split()).casefold()
        found = self.by_name.get(key)
        if found is not None:
            return found
        group = self.groups.get(key)
        if group:
            return next((m for m in group if m.standing(self.rules)), group[0])
        return find_member(self.members, name, self.rules)

    def foes(self, m: Member) -> list[Member]:
        return [f for f in self.members if f.side != m.side]

    def nearest(self, m: Member, reach: bool) -> Member | None:
        """The nearest standing foe (the first listed among equals), in reach if asked."""
        best: Member | None = None
        best_key = (0, 0)
        candidates = [self.head(bucket) for bucket in self.buckets if bucket[0] != m.side]
        candidates += [self.member(name) for name in self.closed.get(m.name, ())]
        for foe in candidates:
            if foe is None or not foe.standing(self.rules):
                continue
            apart = self.pair_range(m, foe)
            if reach and not self.rules.ranges[apart].melee:
                continue
            key = (self.order_of[apart], self.position[foe.name])
            if best is None or key < best_key:
                best, best_key = foe, key
        return best

    def head(self, bucket: tuple[str, int]) -> Member | None:
        """The first fighter of a side and range still standing."""
        members, at = self.buckets[bucket], self.heads[bucket]
        while at < len(members) and not members[at].standing(self.rules):
            at += 1
        self.heads[bucket] = at
        return members[at] if at < len(members) else None

    def pair_range(self, a: Member, b: Member) -> str:
        """How far apart two foes are (EZ-17): the farther of their ranges, or reach once one
        closed in on the other."""
        if b.name in self.closed.get(a.name, ()):
            return self.reach
        return a.range if self.order_of[a.range] >= self.order_of[b.range] else b.range

    def in_reach(self, a: Member, b: Member) -> bool:
        return self.rules.ranges[self.pair_range(a, b)].melee

    def member(self, name: str) -> Member:
        return self.by_name.get(name.casefold()) or find_member(self.members, name)

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
        cf, ff = self.melee_fighter(character), self.melee_fighter(foe)
        # ruling EZ-12: a PC may spend Fudge Points after the roll, the attacker first
        outcome = cf.total(self.rules)[0] + roll - ff.total(self.rules)[0] - foe_roll
        spent: dict[str, int] = {}
        for who, side, sign in ((character, melee.CHARACTER, 1), (foe, melee.FOE, -1)):
            if not who.pc or not who.fudge_left:
                continue
            mine = cf if side == melee.CHARACTER else ff
            # one who cannot wound this foe only needs to keep from being wounded
            hold = mine.tactic == "all-out-defend" or (who is b and not mutual)
            needed = melee.points_to_succeed(outcome, cf, ff, side, hold)
            spent[who.name] = self.spend(who, needed, softens=sign * outcome < 0)
            outcome += sign * spent[who.name]
        ex = melee.resolve(
            cf,
            ff,
            roll,
            self.rules,
            foe_roll,
            self.scene.damage_options,
            self.fudge,
            spent.get(character.name, 0),
            spent.get(foe.name, 0),
        )
        if not mutual:  # b only fends a off: he may not wound him
            dropped = [w for w in ex.wounds if w.attacker == b.name]
            if dropped:
                takes = {w.taken() for w in dropped}
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
        to_succeed = {character.name: ex.to_succeed, foe.name: ex.foe_to_succeed}
        both = " (both attack)" if mutual else ""
        self.say(f"  {a.name} attacks {b.name}{both}")
        for step in ex.steps:
            self.say(f"    {step}")
        for who in (character, foe):
            self.fudge_lines(who, spent.get(who.name, 0), to_succeed[who.name], "success")
        if ex.terrain:  # the all-out defender tests for the better ground after the phase
            held_off = a.name if ex.terrain == b.name else b.name
            self.terrain_due.setdefault(ex.terrain, []).append(held_off)
        totals = {character.name: ex.action, foe.name: ex.difficulty}
        taken = "; ".join(w.taken() for w in ex.wounds if w.level or w.stun)
        if not taken:
            taken = "a draw" if ex.result == melee.DRAW else "no wound"
        fudged = "".join(
            f", {who} +{n} Fudge Point{'s' * (n != 1)}" for who, n in spent.items() if n
        )
        self.tell(
            f"  {a.name} ({ladder.label(totals[a.name])}) attacks {b.name} "
            f"({ladder.label(totals[b.name])}){both}{fudged}: {taken}"
        )
        r.exchanges.append(
            {
                "kind": "melee",
                "attacker": a.name,
                "defender": b.name,
                "mutual": mutual,
                "character": character.name,
                "foe": foe.name,
                "range": self.pair_range(a, b),
                "trait": character.melee.trait_info().as_dict(),
                "foe_trait": foe.melee.trait_info().as_dict(),
                **ex.as_dict(),
                # ruling EZ-12: each side's Fudge Points, for PCs (None for an NPC)
                "fudge_points_spent": ex.fudge_points if character.pc else None,
                "fudge_points_to_succeed": ex.to_succeed if character.pc else None,
                "foe_fudge_points_spent": ex.foe_fudge_points if foe.pc else None,
                "foe_fudge_points_to_succeed": ex.foe_to_succeed if foe.pc else None,
            }
        )
        return ex.wounds

    def spend(self, m: Member, needed: int, softens: bool) -> int:
        """The Fudge Points a PC spends on one exchange, by his policy (ruling EZ-12)."""
        points = fudge.to_spend(needed, m.fudge_left, m.fudge_policy, softens)
        m.fudge_spent += points
        return points

    def fudge_lines(self, m: Member, spent: int, to_succeed: int, what: str) -> None:
        """What a PC spent on an exchange, and what would still have turned it (EZ-12)."""
        if not m.pc:
            return
        if spent:
            plural = "s" * (spent != 1)
            self.say(
                f"    {m.name} spent {spent} Fudge Point{plural} after the roll (EZ-12): "
                f"{m.fudge_left} left"
            )
        if to_succeed:
            whose = f"{m.name}'s {what}" if what == "success" else what
            self.say(f"    {fudge.text(to_succeed, whose, spent)}")

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
            self.terrain_now.get(m.name, 0),  # his foe took the better ground (EZ-18)
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
            evade = t.reflexes + self.mod(t) + self.penalty(t) + evade_roll
            mods = "".join(
                f" {v:+d} {w}"
                for v, w in ((self.mod(t), "modifiers"), (self.penalty(t), "wounds"))
                if v
            )
            # an NPC that evades rolls the scene's foe roll, when the GM rolls for foes (EZ-26)
            scripted = bool(target_part and target_part.roll is not None)
            which = "foe roll" if not t.pc and self.foe_dice and not scripted else "roll"
            self.say(
                f"    {t.name} spends the phase evading: Reflexes {ladder.label(t.reflexes)}"
                f"{mods}, {which} {ladder.signed(evade_roll)}: {ladder.label(evade)}"
            )
        roll = self.roll(m, "ranged")
        # ruling EZ-12: the shooter may spend Fudge Points to hit, then an evading PC to dodge
        action = m.ranged.rank + self.mod(m) + self.penalty(m) + roll
        must = difficulty if evade is None else max(difficulty, evade)
        spent = self.spend(m, max(0, must - action), softens=False) if m.pc else 0
        action += spent
        dodged = 0
        if t.pc and evade is not None and action >= must:
            softens = evade + t.fudge_left > difficulty  # a higher evade lowers the margin
            dodged = self.spend(t, action - evade + 1, softens)
            if dodged:
                evade += dodged
                self.say(
                    f"    {t.name} spent {dodged} Fudge Point{'s' * (dodged != 1)} on the "
                    f"evade (EZ-12): {ladder.label(evade)}; {t.fudge_left} left"
                )
        shot = ranged.resolve(
            ranged.Shooter(
                m.name,
                m.ranged.rank,
                m.ranged.trait,
                Attack(m.ranged.inj, m.pull, m.stun),
                self.mod(m),
                self.penalty(m),
            ),
            ranged.Target(t.name, t.cpd, evade, shooting),
            difficulty,
            roll,
            self.rules,
            self.scene.damage_options,
            self.fudge,
            ", ".join(parts),
            spent,
        )
        for step in shot.steps:
            self.say(f"    {step}")
        self.fudge_lines(m, spent, shot.to_hit, "a hit")
        if evade is not None:
            self.fudge_lines(t, 0, shot.to_dodge(evade), "a miss")
        taken = shot.wound.taken() if shot.wound else "a miss"
        evading_text = ", evading" if evade is not None else ""
        fudged = "".join(
            f", {who.name} +{n} Fudge Point{'s' * (n != 1)}"
            for who, n in ((m, spent), (t, dodged))
            if n
        )
        self.tell(
            f"  {m.name} ({ladder.label(shot.action)}) shoots at {t.name} "
            f"({ladder.label(shot.difficulty)}{evading_text}){fudged}: {taken}"
        )
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
                "stun_result": shot.wound.stun_result if shot.wound else None,
                "trait": m.ranged.trait_info().as_dict(),
                "wounds": [shot.wound.as_dict()] if shot.wound else [],
                # ruling EZ-12: the shooter's points to hit, an evading PC's to dodge
                "fudge_points_spent": spent if m.pc else None,
                "fudge_points_to_succeed": shot.to_hit if m.pc else None,
                "evade_fudge_points_spent": dodged if t.pc and evading else None,
                "evade_fudge_points_to_succeed": (
                    shot.to_dodge(evade) if t.pc and evading else None
                ),
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
            if self.order_of[now] > self.order_of[self.reach]:
                text = f"{m.name} closes in on {foe.name}: from {now} to {self.reach}"
                self.closed.setdefault(m.name, set()).add(foe.name)
                self.closed.setdefault(foe.name, set()).add(m.name)
            else:
                text = f"{m.name} is already in reach of {foe.name} ({now})"
        elif part.verb == "flee":
            m.status = "fled"
            text = f"{m.name} flees the fight"
        else:
            m.status = "surrendered"
            text = f"{m.name} surrenders"
        r.actions.append(text)
        self.both(f"  {text}")

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
                    "stun_result": marked.stun_name if w.stun else None,
                    "marked": marked.level,
                    "promoted": marked.promoted,
                    "text": marked.describe(),
                }
            )


VERBS = (*MELEE_VERBS, *RANGED_VERBS, *OTHER_VERBS)

# --- steering ---------------------------------------------------------------------------------

TACTIC_WORDS = ("all-out-attack", "all-out-defend", "none")
#: The steering language, as `fight scene --step` shows it (`help`).
STEER_HELP = """\
Before each round: Enter fights it; or give an order, which holds from this round on:
  NAME ACTION        ACTION as in the scene file: attack TARGET, all-out-attack TARGET,
                     all-out-defend, defend, shoot TARGET, evade, close [TARGET], flee,
                     surrender, wait; two joined by 'and'; 'roll N' gives this round's roll
                     (e.g. Black Tom attack Gruk Underbridge; Gunman 1 shoot Mara Kell;
                     Jason Free evade)
  NAME tactic T      T: all-out-attack, all-out-defend or none (the melee action's tactic)
  stop               save the scene in the campaign and stop: resume it with --resume ID
  help               this list"""

#: What a line typed between rounds is: fight the round, stop, help, or an order.
GO, STOP, HELP, ORDER = "go", "stop", "help", "order"


def command_kind(text: str) -> str:
    """GO for a blank line, STOP, HELP, else ORDER (any case, spaces around ignored)."""
    word = " ".join(text.split()).lower()
    if word in ("", "go", "next"):
        return GO
    if word in ("stop", "quit", "save"):
        return STOP
    if word in ("help", "?", "h"):
        return HELP
    return ORDER


def _starts_verb(words: list[str]) -> bool:
    """Whether words begin with an action's verb (`attack`, `all out attack`) or `tactic`."""
    if words and words[0].lower() == "tactic":
        return True
    for n in (3, 2, 1):
        key = "-".join(words[:n]).lower()
        if len(words) >= n and ALIASES.get(key, key) in VERBS:
            return True
    return False


def _has_roll(intent: Intent) -> bool:
    return any(p.roll is not None for p in intent.parts())


def _without_rolls(intent: Intent) -> Intent:
    """The same action with the dice rolling: a roll the GM gives counts for one round."""
    melee_part, ranged_part, other = (
        replace(p, roll=None) if p else None for p in (intent.melee, intent.ranged, intent.other)
    )
    return Intent(melee_part, ranged_part, other)


# --- the campaign -----------------------------------------------------------------------------


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
            character = parse_character(doc, "the campaign")
            if m.fudge_spent:  # refused when he lacks them now: nothing written (EZ-12)
                why = f"+1 each after rolls in {result.title} (ezkit fight scene)"
                character = advance.spend(character, m.fudge_spent, 0, why)
            for level, stun, reason in m.taken:
                if wounds.is_dead(character.wounds):
                    break
                character = healing.wound(character, level, rules, stun, reason)
            return character.to_document()

        doc = campaign.update_character(m.character.name, change)
        track = parse_character(doc, "the campaign").wounds
        applied[m.name] = wounds.track_text(track, rules)  # in the block: refuses the write
    return applied
