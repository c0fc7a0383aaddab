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

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ezkit import dice, ladder
from ezkit.character.builder import Asker
from ezkit.character.files import parse_character
from ezkit.combat import fudge, melee, ranged, wounds
from ezkit.combat.damage import Attack, Wound

# load, parse and parse_intent are this module's API too (the scene file is read here).
from ezkit.combat.scene_file import (  # noqa: F401
    ATTACKS,
    DRAW,
    STALEMATE,
    Intent,
    Member,
    Part,
    Scene,
    find_member,
    load,
    parse,
    parse_intent,
)
from ezkit.errors import EzkitError, RuleError
from ezkit.odds import foe_method
from ezkit.rules import Rules

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
        target = find_member(self.members, name, self.rules)
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
        return find_member(self.members, name)

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
        self.say(f"  {a.name} attacks {b.name}" + (" (both attack)" if mutual else ""))
        for step in ex.steps:
            self.say(f"    {step}")
        for who in (character, foe):
            self.fudge_lines(who, spent.get(who.name, 0), to_succeed[who.name], "success")
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
            # an NPC that evades rolls the scene's foe roll, when the GM rolls for foes (EZ-26)
            scripted = bool(target_part and target_part.roll is not None)
            which = "foe roll" if not t.pc and self.foe_dice and not scripted else "roll"
            self.say(
                f"    {t.name} spends the phase evading: Reflexes {ladder.label(t.reflexes)}"
                f"{mods}, {which} {ladder.signed(evade_roll)}: {ladder.label(evade)}"
            )
        roll = self.roll(m, "ranged")
        # ruling EZ-12: the shooter may spend Fudge Points to hit, then an evading PC to dodge
        action = m.ranged.rank + m.mod + self.penalty(m) + roll
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
            spent,
        )
        for step in shot.steps:
            self.say(f"    {step}")
        self.fudge_lines(m, spent, shot.to_hit, "a hit")
        if evade is not None:
            self.fudge_lines(t, 0, shot.to_dodge(evade), "a miss")
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
                    "stun_result": marked.stun_name if w.stun else None,
                    "marked": marked.level,
                    "promoted": marked.promoted,
                    "text": marked.describe(),
                }
            )


# --- the campaign -----------------------------------------------------------------------------


def apply(result: Result, rules: Rules, db: Path | str | None = None) -> dict[str, str]:
    """Mark the campaign PCs' wounds of the scene and take off the Fudge Points they spent
    (refused, RuleError, when one holds fewer now: EZ-12): one locked, atomic update for them all.

    PCs read from files are not in the campaign and are left out. Returns each updated
    character's track in words. If any PC cannot be updated, none is (one write, or none).
    """
    from ezkit.character import advance
    from ezkit.combat import healing
    from ezkit.store import open_campaign

    applied: dict[str, str] = {}
    with open_campaign(db) as campaign:
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
