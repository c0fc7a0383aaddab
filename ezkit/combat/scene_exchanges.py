"""Steps 2 and 3 of a round (EZ-20): the melee exchanges (`melee.resolve`) and the shots
(`ranged.resolve`), with the Fudge Points a PC spends on them (ruling EZ-12). `Exchanges` is
mixed into `scene.Fight`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ezkit import ladder
from ezkit.combat import fudge, melee, ranged
from ezkit.combat.damage import Attack, Wound
from ezkit.combat.scene_actions import ATTACKS, Intent
from ezkit.combat.scene_members import Member
from ezkit.combat.scene_result import Round
from ezkit.words import plural


class Exchanges:
    """`Fight`'s melee and ranged phases; uses the fight's state (see `Fight.__init__`)."""

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

    def melee_phase(self, r: Round, acting: list[Member]) -> list[Wound]:
        """Step 2 (EZ-18): every pair's rolls first, in the pairs' order; then each PC's Fudge
        Points on each roll, once for the whole phase (ruling EZ-12: one roll, one result);
        then the exchanges. Their wounds are marked at the round's end (EZ-20)."""
        bouts = [self.bout(a, b, mutual) for a, b, mutual in self.melee_pairs(acting)]
        self.plan_melee_points(bouts)
        told: set[FudgeKey] = set()
        return [w for bout in bouts for w in self.exchange(r, bout, told)]

    def bout(self, a: Member, b: Member, mutual: bool) -> Bout:
        """One exchange's sides, rolls and totals before any Fudge Points."""
        character, foe = (b, a) if b.pc and not a.pc else (a, b)
        roll, foe_roll = self.exchange_rolls(character, foe)
        # b only fends a off when he is not attacking him: he may not wound him
        fends = None if mutual else b
        cf, ff = self.melee_fighter(character, fends), self.melee_fighter(foe, fends)
        totals = (cf.total(self.rules)[0] + roll, ff.total(self.rules)[0] + foe_roll)
        return Bout(a, b, mutual, character, foe, roll, foe_roll, fends, (cf, ff), totals)

    def plan_melee_points(self, bouts: list[Bout]) -> None:
        """Each PC's Fudge Points on each melee result of his, decided over every exchange of
        the phase that uses it (ruling EZ-12), so the order the fighters are listed in changes
        nothing: the rolling side first, then a PC who does not roll against another PC
        (EZ-18) answers, as within one exchange."""
        for side in (0, 1):
            uses: dict[FudgeKey, list[Bout]] = {}
            for bout in bouts:
                if bout.side(side).pc:
                    uses.setdefault(self.bout_key(bout, side), []).append(bout)
            for key, mine in uses.items():
                who = mine[0].side(side)
                needs = [self.melee_need(bout, side) for bout in mine]
                self.fudged[key] = self.spend_on_roll(who, needs)

    def spend_on_roll(self, m: Member, needs: list[tuple[int, bool]]) -> int:
        """The Fudge Points a PC spends on one roll of the phase, by his policy (EZ-12)."""
        points = fudge.for_roll(needs, m.fudge_left, m.fudge_policy)
        m.fudge_spent += points
        return points

    def bout_key(self, bout: Bout, side: int) -> FudgeKey:
        return self.fudge_key(bout.side(side), "melee", side == 0)

    def melee_need(self, bout: Bout, side: int) -> tuple[int, bool]:
        """(points that make the exchange this side's success, whether fewer still lower the
        margin he is wounded by), the points already decided this phase counted (EZ-12)."""
        totals = [bout.totals[i] + self.bout_points(bout, i) for i in (0, 1)]
        cf, ff = bout.fighters
        mine, theirs = bout.fighters[side], bout.fighters[1 - side]
        # one who cannot wound this foe only needs to keep from being wounded
        hold = mine.tactic == "all-out-defend" or bout.side(side) is bout.fends
        which = (melee.CHARACTER, melee.FOE)[side]
        needed = melee.points_to_succeed(totals[0] - totals[1], cf, ff, which, hold)
        losing = totals[1 - side] > totals[side]
        other = bout.side(1 - side)
        softens = losing and self.may_wound(other, theirs, totals[1 - side], bout.fends)
        return needed, softens

    def bout_points(self, bout: Bout, side: int) -> int:
        """The Fudge Points decided so far on this side's result (0 for an NPC)."""
        return self.fudged.get(self.bout_key(bout, side), 0) if bout.side(side).pc else 0

    def told_points(self, key: FudgeKey, told: set[FudgeKey]) -> tuple[int, int]:
        """A roll's Fudge Points as (carried, spent): spent where it is first told in the
        phase, carried in every later exchange that uses it (JSON tells them apart)."""
        points = self.fudged.get(key, 0)
        first = key not in told
        told.add(key)
        return (0, points) if first else (points, 0)

    def exchange(self, r: Round, bout: Bout, told: set[FudgeKey]) -> list[Wound]:
        a, b, mutual, character, foe = bout.a, bout.b, bout.mutual, bout.character, bout.foe
        points = {
            m.name: self.told_points(self.bout_key(bout, i), told)
            for i, m in enumerate((character, foe))
            if m.pc
        }
        raised = {name: carried + spent for name, (carried, spent) in points.items()}
        ex = melee.resolve(
            *bout.fighters,
            bout.roll,
            self.rules,
            bout.foe_roll,
            self.scene.damage_options,
            self.fudge,
            raised.get(character.name, 0),
            raised.get(foe.name, 0),
        )
        to_succeed = {character.name: ex.to_succeed, foe.name: ex.foe_to_succeed}
        both = " (both attack)" if mutual else ""
        self.say(f"  {a.name} attacks {b.name}{both}")
        for step in ex.steps:
            self.say(f"    {step}")
        for who in (character, foe):
            self.fudge_lines(who, points.get(who.name, (0, 0)), to_succeed[who.name], "success")
        if ex.terrain:  # the all-out defender tests for the better ground after the phase
            held_off = a.name if ex.terrain == b.name else b.name
            self.terrain_due.setdefault(ex.terrain, []).append(held_off)
        totals = {character.name: ex.action, foe.name: ex.difficulty}
        taken = "; ".join(w.taken() for w in ex.wounds if w.level or w.stun)
        if not taken:
            taken = "a draw" if ex.result == melee.DRAW else "no wound"
        fudged = "".join(fudge_words(who, *n) for who, n in points.items())
        self.tell(
            f"  {a.name} ({ladder.label(totals[a.name])}) attacks {b.name} "
            f"({ladder.label(totals[b.name])}){both}{fudged}: {taken}"
        )
        unused = self.unused_roll(bout)
        if unused:
            self.both(f"    {unused}")
        r.exchanges.append(self.melee_record(bout, ex, points))
        return ex.wounds

    def unused_roll(self, bout: Bout) -> str:
        """The note for a roll the GM or the player gave a PC who does not roll here: between
        two PCs only the attacker rolls (ruling EZ-18), so it was shown but is not used."""
        part = self.intents[bout.foe.name].melee if bout.foe.pc else None
        if part is None or part.roll is None:
            return ""
        return (
            f"only the attacker rolls between two PCs (EZ-18): {bout.foe.name}'s roll "
            f"{part.roll:+d} is not used against {bout.character.name}"
        )

    def melee_record(
        self, bout: Bout, ex: melee.Exchange, points: dict[str, tuple[int, int]]
    ) -> dict[str, Any]:
        """An exchange as JSON `rounds[].exchanges[]` holds it."""
        character, foe = bout.character, bout.foe
        return {
            "kind": "melee",
            "attacker": bout.a.name,
            "defender": bout.b.name,
            "mutual": bout.mutual,
            "character": character.name,
            "foe": foe.name,
            "range": self.pair_range(bout.a, bout.b),
            "trait": character.melee.trait_info().as_dict(),
            "foe_trait": foe.melee.trait_info().as_dict(),
            **ex.as_dict(),
            # ruling EZ-12: each side's Fudge Points, for PCs (None for an NPC): spent on
            # the roll (told at its first exchange of the phase), and carried (later ones)
            "fudge_points_spent": points[character.name][1] if character.pc else None,
            "fudge_points_carried": points[character.name][0] if character.pc else None,
            "fudge_points_to_succeed": ex.to_succeed if character.pc else None,
            "foe_fudge_points_spent": points[foe.name][1] if foe.pc else None,
            "foe_fudge_points_carried": points[foe.name][0] if foe.pc else None,
            "foe_fudge_points_to_succeed": ex.foe_to_succeed if foe.pc else None,
        }

    def may_wound(
        self, m: Member, fighter: melee.Fighter, total: int, fends: Member | None
    ) -> bool:
        """Whether m may wound his foe in this exchange (EZ-18): he attacks him (not only
        fending him off), does not defend all-out, and his total is Poor or better. Softening
        Fudge Points (fudge.SOFTEN) are spent only against such a foe."""
        defends = fighter.tactic == "all-out-defend"
        return m is not fends and not defends and total >= self.rules.melee_floor

    @staticmethod
    def fudge_key(m: Member, phase: str, rolled: bool) -> tuple[str, str, bool]:
        """Which result a PC's Fudge Points raise (ruling EZ-12): his one roll of the phase, or
        (rolled False) his roll-less result when the other PC of an exchange rolls (EZ-18)."""
        return m.name, phase, rolled

    def exchange_rolls(self, character: Member, foe: Member) -> tuple[int, int]:
        """One roll, the player's (ruling EZ-18): between two PCs the attacker's alone, the
        other's is 0; the foe roll (the scene's setting) is for NPCs."""
        roll = self.roll(character, "melee")
        return roll, 0 if foe.pc else self.roll(foe, "melee")

    def spend(self, m: Member, needed: int, softens: bool) -> int:
        """The Fudge Points a PC spends on one exchange, by his policy (ruling EZ-12)."""
        points = fudge.to_spend(needed, m.fudge_left, m.fudge_policy, softens)
        m.fudge_spent += points
        return points

    def fudge_lines(self, m: Member, points: tuple[int, int], to_succeed: int, what: str) -> None:
        """What a PC spent on the roll (told at its first exchange of the phase, carried at
        the later ones), and what would still have turned this exchange (EZ-12)."""
        if not m.pc:
            return
        carried, spent = points
        if carried:
            count = "counts" if carried == 1 else "count"
            self.say(
                f"    {m.name}: {plural(carried, 'Fudge Point')} spent on this roll (told above) "
                f"{count} here too: one roll, one result for the phase (EZ-12)"
            )
        if spent:
            self.say(
                f"    {m.name} spent {plural(spent, 'Fudge Point')} after the roll (EZ-12): "
                f"{m.fudge_left} left"
            )
        if to_succeed:
            whose = f"{m.name}'s {what}" if what == "success" else what
            self.say(f"    {fudge.text(to_succeed, whose, carried + spent)}")

    def melee_fighter(self, m: Member, fends: Member | None = None) -> melee.Fighter:
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
            m is fends,
        )

    # -- step 3: ranged

    def ranged_phase(self, r: Round, acting: list[Member]) -> list[Wound]:
        """Step 3 (EZ-19): every shot's rolls and the shooter's Fudge Points first, in the
        order of the shooters; then each evading PC's points on his evade, once for the whole
        phase (ruling EZ-12: one roll, one result); then the shots."""
        aims = []
        for m in acting:
            part = self.intents[m.name].ranged
            if part and part.verb == "shoot":
                aims.append(self.aim(m, self.member(part.target or "")))
        self.plan_dodges(aims)
        told: set[FudgeKey] = set()
        hurt = [self.shoot(r, aim, told) for aim in aims]
        return [w for w in hurt if w is not None]

    def aim(self, m: Member, t: Member) -> Aim:
        """One shot before it is resolved: the target's evade roll (his one of the phase),
        then the shooter's, and the points the shooter spends to hit (ruling EZ-12)."""
        assert m.ranged is not None
        target_part = self.intents.get(t.name, Intent()).ranged
        verb = target_part.verb if target_part else None
        range_ = self.pair_range(m, t)
        difficulty, parts = ranged.shot_difficulty(
            self.rules, range_, t.light or self.scene.light, t.cover
        )
        evade = self.evade_value(t) if verb == "evade" else None
        roll = self.roll(m, "ranged")
        action = m.ranged.rank + self.mod(m) + self.penalty(m) + roll
        must = difficulty if evade is None else max(difficulty, evade)
        spent = self.spend(m, max(0, must - action), softens=False) if m.pc else 0
        return Aim(m, t, range_, difficulty, parts, roll, action + spent, spent, evade, verb)

    def evade_value(self, t: Member) -> int:
        """The target's evade result before Fudge Points (EZ-19; an NPC's roll is the foe
        roll, EZ-26)."""
        return t.reflexes + self.mod(t) + self.penalty(t) + self.roll(t, "ranged")

    def plan_dodges(self, aims: list[Aim]) -> None:
        """The Fudge Points each evading PC spends on his evade, decided over every shot at
        him this phase (ruling EZ-12), so the order the shooters are listed in changes
        nothing: the fewest that make the hits he can afford miss."""
        uses: dict[FudgeKey, list[Aim]] = {}
        for aim in aims:
            if aim.target.pc and aim.evade is not None:
                uses.setdefault(self.fudge_key(aim.target, "ranged", True), []).append(aim)
        for key, shots in uses.items():
            t = shots[0].target
            needs = [shot.dodge_need(t.fudge_left) for shot in shots]
            self.fudged[key] = self.spend_on_roll(t, needs)

    def shoot(self, r: Round, aim: Aim, told: set[FudgeKey]) -> Wound | None:
        m, t = aim.shooter, aim.target
        assert m.ranged is not None
        self.say(f"  {m.name} shoots at {t.name}")
        carried, dodged, evade = 0, 0, None
        if aim.evade is not None:
            key = self.fudge_key(t, "ranged", True)
            carried, dodged = self.told_points(key, told) if t.pc else (0, 0)
            evade = self.evade(t, aim.evade, carried)
            if dodged:
                evade += dodged
                self.say(
                    f"    {t.name} spent {plural(dodged, 'Fudge Point')} on the evade (EZ-12): "
                    f"{ladder.label(evade)}; {t.fudge_left} left"
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
            ranged.Target(t.name, t.cpd, evade, aim.verb == "shoot"),
            aim.difficulty,
            aim.roll,
            self.rules,
            self.scene.damage_options,
            self.fudge,
            ", ".join(aim.parts),
            aim.spent,
        )
        for step in shot.steps:
            self.say(f"    {step}")
        self.fudge_lines(m, (0, aim.spent), shot.to_hit, "a hit")
        if t.pc and evade is not None and shot.to_dodge(evade):
            # after the points on the evade, carried or spent here: "more" (ruling EZ-12)
            self.say(f"    {fudge.text(shot.to_dodge(evade), 'a miss', carried + dodged)}")
        taken = shot.wound.taken() if shot.wound else "a miss"
        evading_text = ", evading" if evade is not None else ""
        fudged = fudge_words(m.name, 0, aim.spent) + fudge_words(t.name, carried, dodged)
        self.tell(
            f"  {m.name} ({ladder.label(shot.action)}) shoots at {t.name} "
            f"({ladder.label(shot.difficulty)}{evading_text}){fudged}: {taken}"
        )
        r.exchanges.append(self.shot_record(aim, shot, evade, (carried, dodged)))
        return shot.wound

    def shot_record(
        self, aim: Aim, shot: ranged.Shot, evade: int | None, dodge: tuple[int, int]
    ) -> dict[str, Any]:
        """A shot as JSON `rounds[].exchanges[]` holds it."""
        m, t = aim.shooter, aim.target
        assert m.ranged is not None
        evading = t.pc and evade is not None
        return {
            "kind": "ranged",
            "shooter": m.name,
            "target": t.name,
            "range": aim.range,
            "roll": aim.roll,
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
            # ruling EZ-12: the shooter's points to hit, an evading PC's to dodge (spent at
            # the first shot at him that is told, carried at later ones)
            "fudge_points_spent": aim.spent if m.pc else None,
            "fudge_points_to_succeed": shot.to_hit if m.pc else None,
            "evade_fudge_points_spent": dodge[1] if evading else None,
            "evade_fudge_points_carried": dodge[0] if evading else None,
            "evade_fudge_points_to_succeed": shot.to_dodge(evade) if evading else None,
            "steps": shot.steps,
        }

    def evade(self, t: Member, value: int, carried: int) -> int:
        """Says the target's evade (EZ-19), his one roll of the phase, raised by the Fudge
        Points on it told at an earlier shot (ruling EZ-12); returns it with them."""
        roll = self.roll(t, "ranged")
        part = self.intents.get(t.name, Intent()).ranged
        mods = "".join(
            f" {v:+d} {w}"
            for v, w in ((self.mod(t), "modifiers"), (self.penalty(t), "wounds"))
            if v
        )
        scripted = part is not None and part.roll is not None
        which = "foe roll" if not t.pc and self.foe_dice and not scripted else "roll"
        earlier = f"{fudge.spent_text(carried)} spent earlier in the phase" if carried else ""
        self.say(
            f"    {t.name} spends the phase evading: Reflexes {ladder.label(t.reflexes)}"
            f"{mods}, {which} {ladder.signed(roll)}{earlier}: {ladder.label(value + carried)}"
        )
        return value + carried


FudgeKey = tuple[str, str, bool]


@dataclass(frozen=True)
class Bout:
    """One melee exchange of the phase before it is resolved: its pair, its sides (the
    character and the foe, `melee.resolve`'s), their rolls, fighters and totals before Fudge
    Points, which are decided over the whole phase (ruling EZ-12)."""

    a: Member
    b: Member
    mutual: bool
    character: Member
    foe: Member
    roll: int
    foe_roll: int
    fends: Member | None
    fighters: tuple[melee.Fighter, melee.Fighter]
    totals: tuple[int, int]

    def side(self, i: int) -> Member:
        """0: the character, 1: the foe."""
        return self.character if i == 0 else self.foe


@dataclass(frozen=True)
class Aim:
    """One shot of the phase before it is resolved (EZ-19): the shooter's roll and action
    (with the Fudge Points he spent to hit), and the target's evade before his points."""

    shooter: Member
    target: Member
    range: str
    difficulty: int
    parts: list[str]
    roll: int
    action: int
    spent: int
    evade: int | None
    verb: str | None  # the target's ranged action: shoot, evade or none

    def dodge_need(self, left: int) -> tuple[int, bool]:
        """(points on the evade that make a hit miss, whether fewer still lower its
        margin: only an evade above the set difficulty does), as `fudge.for_roll` takes."""
        assert self.evade is not None
        hits = self.action >= max(self.difficulty, self.evade)
        needed = self.action - self.evade + 1 if hits else 0
        return needed, self.evade + left > self.difficulty


def fudge_words(name: str, carried: int, spent: int) -> str:
    """`, Jason Free +2 Fudge Points (1 spent earlier)`: the points raising a PC's result in a
    brief line (EZ-12), those spent on the same roll earlier in the phase told apart."""
    if not carried + spent:
        return ""
    earlier = f" ({carried} spent earlier)" if carried else ""
    return f", {name} +{plural(carried + spent, 'Fudge Point')}{earlier}"
