"""Fight scenes: a whole encounter, round by round in the book's order (EZ-14..EZ-20).

A round (EZ-20)
---------------
1. Intent: every fighter still standing says what he does (script, answer or default).
2. Melee phase: every melee pair is one exchange (`melee.resolve`); the PC rolls (between two PCs
   or two NPCs, the one who attacks; between two PCs the other's roll is 0: one roll, the
   player's, EZ-18). A fighter rolls once for the whole phase, and a PC's Fudge Points on that
   roll are decided once for it, before its exchanges are resolved (EZ-12). One who is
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

This module holds `run` and `Fight`'s round loop (roster, rounds, other actions, wounds, the
result); the rest lives beside it, by concept: `scene_file` (reading a scene), `scene_actions`
(`Intent`, `parse_intent`), `scene_members` (`Member`, `Scene`), `scene_intent` (step 1:
intents, targets, ranges), `scene_exchanges` (steps 2-3: melee and ranged), `scene_steer` (the
GM's orders between rounds), `scene_result` (`Round`, `Result`) and `scene_campaign` (`apply`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ezkit import dice, ladder
from ezkit.character.asking import Asker
from ezkit.combat import melee, wounds
from ezkit.combat.damage import Wound

# The scene's other modules, by concept (result, intent, exchanges, steering, campaign):
# what other code imports from here is re-exported (noqa: F401), load and parse too.
from ezkit.combat.scene_campaign import apply, apply_in  # noqa: F401
from ezkit.combat.scene_exchanges import Exchanges
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
from ezkit.combat.scene_intent import Intents
from ezkit.combat.scene_result import Result, Round
from ezkit.combat.scene_steer import (  # noqa: F401
    GO,
    HELP,
    ORDER,
    STEER_HELP,
    STOP,
    TACTIC_WORDS,
    VERBS,
    Steering,
    command_kind,
)
from ezkit.odds import foe_method
from ezkit.rules import Rules
from ezkit.words import plural

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


class Fight(Steering, Intents, Exchanges):
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
        # Fudge Points spent this round on a roll, by `Exchanges.fudge_key` (ruling EZ-12),
        # decided once for the whole phase before its exchanges are resolved
        self.fudged: dict[tuple[str, str, bool], int] = {}
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
                f"Result: a stalemate: nobody ended the fight in {plural(len(rounds), 'round')} "
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
        self.rolls, self.fudged = {}, {}
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
        dealt += [("melee", w) for w in self.melee_phase(r, acting)]
        if not r.exchanges:
            self.say("  nobody fights in melee")
        self.terrain_tests(r)
        self.say("3) Ranged phase")
        fought = len(r.exchanges)
        dealt += [("ranged", w) for w in self.ranged_phase(r, acting)]
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
