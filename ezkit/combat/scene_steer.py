"""The GM steers a fight between rounds (`fight scene --step`): the steering language
(`STEER_HELP`, `command_kind`), orders for a fighter from the next round on, and the replay of
those orders that resumes a saved scene. `Steering` is mixed into `scene.Fight`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ezkit.combat import wounds
from ezkit.combat.scene_actions import (
    ALIASES,
    ATTACKS,
    MELEE_VERBS,
    OTHER_VERBS,
    RANGED_VERBS,
    Intent,
    Part,
    parse_intent,
    parse_saved_order,
    without_shot,
)
from ezkit.combat.scene_members import Member
from ezkit.errors import InputError, RuleError

#: Every action's verb, as an order may begin.
VERBS = (*MELEE_VERBS, *RANGED_VERBS, *OTHER_VERBS)

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


class Steering:
    """`Fight`'s orders between rounds; uses the fight's state (see `Fight.__init__`)."""

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
            intent, note = self.with_tactic(m, words[1].lower())
            said = self.order(m.name, intent.text())
            return f"{said}; {note}" if note else said
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

    def with_tactic(self, m: Member, tactic: str) -> tuple[Intent, str]:
        """His coming action with its melee tactic changed (EZ-18, Tactics), and a note when
        that drops his shot: all-out-defend allows an evade, not a shot."""
        if tactic not in TACTIC_WORDS:
            raise InputError(f"unknown tactic {tactic!r}; choose {', '.join(TACTIC_WORDS)}")
        now = self.preview(m)
        verb = "attack" if tactic == "none" else tactic
        target = now.melee.target if now.melee and now.melee.verb in ATTACKS else None
        melee_part = Part(verb, target if verb in ATTACKS else None)
        ranged_part = replace(now.ranged, roll=None) if now.ranged else None
        return without_shot(Intent(melee_part, ranged_part), m.name)

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

    def replay(self, orders: list[dict[str, Any]], rounds: int) -> list[str]:
        """Fight the first `rounds` rounds again with the GM's orders, silently (a saved
        scene resumed); orders given before the next round are in force after it. Returns
        notes on orders these rules read otherwise than the ezkit that saved them did."""
        echo, asker, steering = self.echo, self.asker, self.steering
        self.echo = self.asker = None  # answers given at the terminal are among the orders
        self.steering = True  # rounds the GM fought on are fought again, quiet or not
        notes: list[str] = []
        try:
            for number in range(1, rounds + 2):
                for o in orders:
                    if o["round"] == number:
                        notes += self.replay_order(o)
                if number <= rounds:
                    if self.over():
                        raise RuleError(f"the scene was over before round {number}")
                    self.play_round()
        finally:
            self.echo, self.asker, self.steering = echo, asker, steering
        return notes

    def replay_order(self, o: dict[str, Any]) -> list[str]:
        """A saved order given again; one saved with all-out-defend and a shot, before the
        shot was ruled out (EZ-18), loses the shot, and the note says so."""
        intent, note = parse_saved_order(o["action"], o["name"])
        self.order(o["name"], intent.text(), bool(o.get("once")))
        return [f"round {o['round']}: {note}"] if note else []
