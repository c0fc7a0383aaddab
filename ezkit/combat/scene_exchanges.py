"""Steps 2 and 3 of a round (EZ-20): the melee exchanges (`melee.resolve`) and the shots
(`ranged.resolve`), with the Fudge Points a PC spends on them (ruling EZ-12). `Exchanges` is
mixed into `scene.Fight`."""

from __future__ import annotations

from ezkit import ladder
from ezkit.combat import fudge, melee, ranged
from ezkit.combat.damage import Attack, Wound
from ezkit.combat.scene_actions import ATTACKS, Intent, Part
from ezkit.combat.scene_members import Member
from ezkit.combat.scene_result import Round


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

    def exchange(self, r: Round, a: Member, b: Member, mutual: bool) -> list[Wound]:
        character, foe = (b, a) if b.pc and not a.pc else (a, b)
        roll, foe_roll = self.exchange_rolls(character, foe)
        # b only fends a off when he is not attacking him: he may not wound him
        fends = None if mutual else b
        cf, ff = self.melee_fighter(character, fends), self.melee_fighter(foe, fends)
        totals = [cf.total(self.rules)[0] + roll, ff.total(self.rules)[0] + foe_roll]
        points = self.melee_points([(character, cf), (foe, ff)], totals, fends)
        raised = {name: carried + spent for name, (carried, spent) in points.items()}
        ex = melee.resolve(
            cf,
            ff,
            roll,
            self.rules,
            foe_roll,
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
                # ruling EZ-12: each side's Fudge Points, for PCs (None for an NPC): spent
                # on this exchange, and carried from earlier ones on the same roll
                "fudge_points_spent": points[character.name][1] if character.pc else None,
                "fudge_points_carried": points[character.name][0] if character.pc else None,
                "fudge_points_to_succeed": ex.to_succeed if character.pc else None,
                "foe_fudge_points_spent": points[foe.name][1] if foe.pc else None,
                "foe_fudge_points_carried": points[foe.name][0] if foe.pc else None,
                "foe_fudge_points_to_succeed": ex.foe_to_succeed if foe.pc else None,
            }
        )
        return ex.wounds

    def melee_points(
        self, sides: list[tuple[Member, melee.Fighter]], totals: list[int], fends: Member | None
    ) -> dict[str, tuple[int, int]]:
        """Each PC side's Fudge Points on an exchange, as (carried, spent) (ruling EZ-12): the
        points already spent on the same roll this phase raise it here too, and he spends more
        after them, the character side first. `sides` and `totals`: the character's and the
        foe's, before any points; `fends`: one who may not wound his foe."""
        (cm, cf), (fm, ff) = sides
        keys = {m.name: self.fudge_key(m, "melee", m is cm) for m in (cm, fm) if m.pc}
        points = {name: (self.fudged.get(key, 0), 0) for name, key in keys.items()}
        totals = [
            t + points.get(m.name, (0, 0))[0] for (m, _), t in zip(sides, totals, strict=True)
        ]
        for i, side in enumerate((melee.CHARACTER, melee.FOE)):
            who, mine = sides[i]
            if not who.pc:  # an NPC spends none
                continue
            other, theirs = sides[1 - i]
            # one who cannot wound this foe only needs to keep from being wounded
            hold = mine.tactic == "all-out-defend" or who is fends
            needed = melee.points_to_succeed(totals[0] - totals[1], cf, ff, side, hold)
            losing = totals[1 - i] > totals[i]
            softens = losing and self.may_wound(other, theirs, totals[1 - i], fends)
            spent = self.spend(who, needed, softens)
            totals[i] += spent
            points[who.name] = (points[who.name][0], spent)
            self.fudged[keys[who.name]] = sum(points[who.name])
        return points

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
        """What a PC spent on an exchange (after what he spent on the same roll earlier in the
        phase), and what would still have turned it (EZ-12)."""
        if not m.pc:
            return
        carried, spent = points
        if carried:
            self.say(
                f"    {m.name}: {fudge.points(carried)} spent on this roll earlier in the "
                "phase, counted here too (EZ-12)"
            )
        if spent:
            self.say(
                f"    {m.name} spent {fudge.points(spent)} after the roll (EZ-12): "
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
        evade, carried = self.evade(t, target_part) if evading else (None, 0)
        roll = self.roll(m, "ranged")
        # ruling EZ-12: the shooter may spend Fudge Points to hit, then an evading PC to dodge
        action = m.ranged.rank + self.mod(m) + self.penalty(m) + roll
        must = difficulty if evade is None else max(difficulty, evade)
        spent = self.spend(m, max(0, must - action), softens=False) if m.pc else 0
        action += spent
        dodged = 0
        if t.pc and evade is not None and action >= must:
            dodged = self.dodge(t, evade, action, difficulty)
            evade += dodged
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
        self.fudge_lines(m, (0, spent), shot.to_hit, "a hit")
        if t.pc and evade is not None and shot.to_dodge(evade):
            # after the points on the evade, carried or spent here: "more" (ruling EZ-12)
            self.say(f"    {fudge.text(shot.to_dodge(evade), 'a miss', carried + dodged)}")
        taken = shot.wound.taken() if shot.wound else "a miss"
        evading_text = ", evading" if evade is not None else ""
        fudged = fudge_words(m.name, 0, spent) + fudge_words(t.name, carried, dodged)
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
                "evade_fudge_points_carried": carried if t.pc and evading else None,
                "evade_fudge_points_to_succeed": (
                    shot.to_dodge(evade) if t.pc and evading else None
                ),
                "steps": shot.steps,
            }
        )
        return shot.wound

    def evade(self, t: Member, part: Part | None) -> tuple[int, int]:
        """The target's evade result, his one roll of the phase (EZ-19; an NPC's is the foe
        roll, EZ-26), raised by the Fudge Points he spent on it against earlier shots this
        phase (ruling EZ-12); and those points."""
        roll = self.roll(t, "ranged")
        carried = self.fudged.get(self.fudge_key(t, "ranged", True), 0)
        evade = t.reflexes + self.mod(t) + self.penalty(t) + roll + carried
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
            f"{mods}, {which} {ladder.signed(roll)}{earlier}: {ladder.label(evade)}"
        )
        return evade, carried

    def dodge(self, t: Member, evade: int, action: int, difficulty: int) -> int:
        """The Fudge Points an evading PC spends on his evade so that a hit misses (ruling
        EZ-12); they count against every later shot at him this phase."""
        softens = evade + t.fudge_left > difficulty  # a higher evade lowers the margin
        dodged = self.spend(t, action - evade + 1, softens)
        key = self.fudge_key(t, "ranged", True)
        self.fudged[key] = self.fudged.get(key, 0) + dodged
        if dodged:
            self.say(
                f"    {t.name} spent {fudge.points(dodged)} on the evade (EZ-12): "
                f"{ladder.label(evade + dodged)}; {t.fudge_left} left"
            )
        return dodged


def fudge_words(name: str, carried: int, spent: int) -> str:
    """`, Jason Free +2 Fudge Points (1 spent earlier)`: the points raising a PC's result in a
    brief line (EZ-12), those spent on the same roll earlier in the phase told apart."""
    if not carried + spent:
        return ""
    earlier = f" ({carried} spent earlier)" if carried else ""
    return f", {name} +{fudge.points(carried + spent)}{earlier}"
