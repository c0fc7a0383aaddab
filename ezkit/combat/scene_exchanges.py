"""Steps 2 and 3 of a round (EZ-20): the melee exchanges (`melee.resolve`) and the shots
(`ranged.resolve`), with the Fudge Points a PC spends on them (ruling EZ-12). `Exchanges` is
mixed into `scene.Fight`."""

from __future__ import annotations

from ezkit import ladder
from ezkit.combat import fudge, melee, ranged
from ezkit.combat.damage import Attack, Wound
from ezkit.combat.scene_actions import ATTACKS, Intent
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
