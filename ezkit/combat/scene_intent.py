"""Step 1 of a round (EZ-20): what each fighter does (the GM's order, the script, a
player's answer or the default), his targets found, and who stands how far from whom (EZ-17).
`Intents` is mixed into `scene.Fight`."""

from __future__ import annotations

from dataclasses import replace

from ezkit.combat.scene_actions import ATTACKS, Intent, Part, parse_intent
from ezkit.combat.scene_members import Member, find_member
from ezkit.errors import EzkitError, RuleError


class Intents:
    """`Fight`'s intents, targets and ranges; uses the fight's state (see `Fight.__init__`)."""

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
