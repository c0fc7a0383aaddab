"""The Melee Phase (EZ-18): one roll, the player's, as a contest with two wrinkles.

    character action = trait + mods + roll;   foe difficulty = foe trait + mods (+ foe roll)
    outcome = action - difficulty:  > 0 the character may wound the foe (SM),
                                    < 0 the foe may wound the character (FM),
                                    = 0 a draw: nobody is wounded.

A side whose total is below Poor cannot wound. Tactics, pulled punches,
attacks to stun, aimed strikes, foe rolls and Damage Roll Options 1-4 are the
seed's optional rules, each switched on by the caller.

`Exchange.result` names the side that succeeded: "character", "foe", "draw" (an Even
Exchange: nobody succeeds, nobody is wounded) or "both". A tie is a draw unless All-Out
Attack is in play (seed 003, Tactics; EZ-18): a tie against one all-out attacker is the
other side's success ("foe" when the character attacked all-out, "character" when the foe
did), and when both attacked all-out and tie, each wounds the other, so the result is
"both". The result says who succeeded, not who was hurt: the winner may still deal no wound
(all-out defence, a total below Poor, armour).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ezkit import ladder
from ezkit.combat.damage import NO_EFFECT, Attack, Fudge, Wound, wound
from ezkit.combat.fudge import spent_text
from ezkit.errors import InputError
from ezkit.rules import Rules

TACTICS = ("all-out-attack", "all-out-defend")
#: Exchange.result: the side that succeeded, "draw" or "both" (EZ-18).
CHARACTER, FOE, DRAW, BOTH = "character", "foe", "draw", "both"


@dataclass(frozen=True)  # one made every exchange: dataclass's own __init__ is quicker
class Fighter:
    """One side of a melee exchange, as the GM sets it up."""

    name: str
    rank: int
    trait: str
    attack: Attack
    cpd: int
    modifier: int = 0  # the GM's modifiers
    penalty: int = 0  # from the wound track (EZ-15)
    disadvantage: int = 0  # 1 or 2: the fighter in the worse position
    tactic: str | None = None  # all-out-attack or all-out-defend
    terrain: int = 0  # the foe took the better ground last round: -1 (EZ-18, Tactics)
    fends: bool = False  # only fends off one he is not attacking: he may not wound him (a scene)

    def __post_init__(self) -> None:
        if self.tactic not in (None, *TACTICS):
            raise InputError(f"unknown tactic {self.tactic!r}; choose {' or '.join(TACTICS)}")
        if self.disadvantage not in (0, 1, 2):
            raise InputError("a disadvantage is 1 or 2: the GM applies -1 or -2 (Fight Scenes)")

    def total(self, rules: Rules) -> tuple[int, list[str]]:
        """Trait plus everything that modifies it, and the parts in words."""
        parts = [(self.rank, f"{ladder.label(self.rank)} {self.trait}")]
        if self.modifier:
            parts.append((self.modifier, "modifiers"))
        if self.penalty:
            parts.append((self.penalty, "wounds"))
        if self.disadvantage:
            parts.append((-self.disadvantage, "disadvantage"))
        if self.tactic:
            parts.append((rules.tactics[self.tactic].bonus, self.tactic.replace("-", " ")))
        if self.terrain:
            parts.append((self.terrain, "terrain"))
        if self.attack.aim:
            parts.append((self.attack.aim[0], "aimed strike"))
        return sum(v for v, _ in parts), [
            why if i == 0 else f"{v:+d} {why}" for i, (v, why) in enumerate(parts)
        ]


@dataclass  # one made every exchange: dataclass's own __init__ is quicker
class Exchange:
    """The result of one melee exchange."""

    action: int
    difficulty: int
    outcome: int
    result: str  # "character", "foe", "draw" or "both" (see the module's docstring; EZ-18)
    wounds: list[Wound] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    roll: int = 0
    foe_roll: int = 0
    terrain: str | None = None  # who may try the terrain manoeuvre next
    fudge_points: int = 0  # spent by the character after the roll, +1 each (EZ-12)
    foe_fudge_points: int = 0  # spent by the foe side, when a player plays it (a scene)
    to_succeed: int = 0  # Fudge Points that would still make it the character's success
    foe_to_succeed: int = 0  # the same for the foe side

    def as_dict(self) -> dict[str, object]:
        first = self.wounds[0] if self.wounds else None
        return {
            "action": self.action,
            "difficulty": self.difficulty,
            "outcome": self.outcome,
            "result": self.result,
            "roll": self.roll,
            "foe_roll": self.foe_roll,
            "wound_value": first.value if first else None,
            "wound_level": first.level if first else None,
            "wounded": first.target if first and first.level else None,
            "stun": first.stun if first else False,
            "stun_result": first.stun_result if first else None,
            "wounds": [w.as_dict() for w in self.wounds],
            "terrain_manoeuvre": self.terrain,
            "fudge_points_spent": self.fudge_points,
            "fudge_points_to_succeed": self.to_succeed,
            "steps": self.steps,
        }


def resolve(
    character: Fighter,
    foe: Fighter,
    roll: int,
    rules: Rules,
    foe_roll: int = 0,
    options: frozenset[int] = frozenset(),
    fudge: Fudge | None = None,
    fudge_points: int = 0,
    foe_fudge_points: int = 0,
) -> Exchange:
    """One melee exchange between a character (who rolls) and a foe (who may, EZ-18).

    Fudge Points spent after the roll raise a side's result by +1 each (ruling EZ-12): the
    character's action, or the foe side's difficulty when a player plays it (a scene)."""
    if fudge_points < 0 or foe_fudge_points < 0:
        raise InputError("Fudge Points spent are 0 or more (EZ-12)")
    base, parts = character.total(rules)
    action = base + roll + fudge_points
    steps = [
        f"{character.name}: {' '.join(parts)}, roll {ladder.signed(roll)}"
        f"{spent_text(fudge_points)}: action {ladder.label(action)}"
    ]
    foe_base, foe_parts = foe.total(rules)
    difficulty = foe_base + foe_roll + foe_fudge_points
    foe_rolled = f", foe roll {ladder.signed(foe_roll)}" if foe_roll else ""
    steps.append(
        f"{foe.name}: {' '.join(foe_parts)}{foe_rolled}{spent_text(foe_fudge_points)}: "
        f"difficulty {ladder.label(difficulty)}"
    )
    outcome = action - difficulty
    winners = _winners(outcome, character, foe)
    result = _result(winners)
    steps.append(_outcome_words(outcome, character, foe, winners))
    exchange = Exchange(action, difficulty, outcome, result, [], steps, roll, foe_roll)
    exchange.fudge_points, exchange.foe_fudge_points = fudge_points, foe_fudge_points
    exchange.to_succeed = points_to_succeed(outcome, character, foe, CHARACTER)
    exchange.foe_to_succeed = points_to_succeed(outcome, character, foe, FOE)

    for side, attacker, target, total, rolled in (
        (CHARACTER, character, foe, action, roll),
        (FOE, foe, character, difficulty, foe_roll),
    ):
        if side not in winners:
            continue
        if attacker.tactic == "all-out-defend":
            steps.append(f"{attacker.name} fought all-out defence and cannot wound this round")
            continue
        if attacker.fends:
            steps.append(_fends_words(attacker, target))
            continue
        if total < rules.melee_floor:
            steps.append(
                f"{attacker.name}'s {ladder.label(total)} is below "
                f"{ladder.name(rules.melee_floor)}: no damage with so poor a showing"
            )
            continue
        margin = abs(outcome)
        bonus, why = _tactic_bonus(attacker, target, rules, tie=outcome == 0)
        hurt = wound(
            attacker.name,
            target.name,
            margin,
            attacker.attack,
            target.cpd,
            rules,
            options,
            fudge,
            bonus,
            why,
            superb_roll=rolled == ladder.LADDER["Superb"],
        )
        exchange.wounds.append(hurt)
        steps += [f"{attacker.name} wounds {target.name}: {s}" for s in hurt.steps]
        steps.append(hurt.taken())

    if not winners and 3 in options:
        steps += _option_three(exchange, character, foe, rules)
    exchange.terrain = _terrain(winners, character, foe)
    if exchange.terrain:
        steps.append(
            f"{exchange.terrain} defended all-out successfully: a Fair or better Perception or "
            f"Tactics test moves the fight to better ground, {rules.terrain.opponent_mod:+d} to "
            "the opponent next round"
        )
    return exchange


def terrain_manoeuvre(exchange: Exchange, test_result: int, rules: Rules) -> str | None:
    """After a successful All-Out Defend, a Fair or better Perception or Tactics test moves
    the fight to better ground: the opponent has -1 next round. What happened, in words."""
    if exchange.terrain is None:
        return None
    if terrain_holds(test_result, rules):
        return (
            f"{exchange.terrain}'s {ladder.label(test_result)} test takes the better ground: "
            f"{rules.terrain.opponent_mod:+d} to the opponent next round"
        )
    return (
        f"{exchange.terrain}'s {ladder.label(test_result)} test is short of "
        f"{ladder.label(rules.terrain.test)}: no better ground"
    )


def terrain_holds(test_result: int, rules: Rules) -> bool:
    """A Fair or better Perception or Tactics test after a successful All-Out Defend takes the
    better ground (seed 003, Tactics; EZ-18): the opponent has -1 next round."""
    return test_result >= rules.terrain.test


def points_to_succeed(
    outcome: int, character: Fighter, foe: Fighter, side: str = CHARACTER, hold: bool = False
) -> int:
    """Fudge Points that would make the exchange `side`'s success alone, 0 when it is already
    (ruling EZ-12: +1 to that side's result each). A tie against an all-out attack counts
    (EZ-18): one beats an all-out attacker by reaching a tie. With `hold`, only so far that the
    other side does not succeed (for one who cannot wound anyway): a tie holds, unless he
    attacked all-out himself."""
    if side == CHARACTER:
        me, them, margin = character, foe, outcome
    else:
        me, them, margin = foe, character, -outcome
    aoa = "all-out-attack"
    if hold:
        need = 1 if me.tactic == aoa else 0
    else:
        need = 0 if them.tactic == aoa and me.tactic != aoa else 1
    return max(0, need - margin)


def _result(winners: set[str]) -> str:
    """Who succeeded (EZ-18): on a tie against an all-out attack, the other side; "both" when
    both attacked all-out and tie (each wounds the other); "draw" when nobody did."""
    if len(winners) == 2:
        return BOTH
    if winners:
        (side,) = winners
        return side
    return DRAW


def _winners(outcome: int, character: Fighter, foe: Fighter) -> set[str]:
    """The sides that succeed (CHARACTER, FOE): the better side; on a tie, the other side of
    an all-out attacker (seed 003, Tactics; EZ-18)."""
    if outcome > 0:
        return {CHARACTER}
    if outcome < 0:
        return {FOE}
    aoa = "all-out-attack"
    if character.tactic == aoa and foe.tactic == aoa:
        return {CHARACTER, FOE}  # each wounds the other at margin 0 (EZ-18)
    if character.tactic == aoa:
        return {FOE}  # a tie counts as the foe's success
    if foe.tactic == aoa:
        return {CHARACTER}
    return set()


def _tactic_bonus(attacker: Fighter, target: Fighter, rules: Rules, tie: bool) -> tuple[int, str]:
    """+1 to the wound an all-out attacker deals on success; +2 against one who failed.

    On a tie no all-out attack succeeded: only the +2s count (EZ-18)."""
    bonus, why = 0, []
    if attacker.tactic == "all-out-attack" and not tie:
        bonus += rules.tactics["all-out-attack"].wound_bonus
        why.append("all-out attack")
    if target.tactic == "all-out-attack":
        bonus += rules.tactics["all-out-attack"].failure_wound_bonus
        why.append(f"{target.name}'s failed all-out attack")
    return bonus, ", ".join(why)


def _terrain(winners: set[str], character: Fighter, foe: Fighter) -> str | None:
    """Who may test for the better ground: a successful All-Out Defense (seed 003, Tactics).
    A draw is neither side's success (EZ-18), so it earns no test."""
    if character.tactic == "all-out-defend" and CHARACTER in winners:
        return character.name
    if foe.tactic == "all-out-defend" and FOE in winners:
        return foe.name
    return None


def _option_three(exchange: Exchange, character: Fighter, foe: Fighter, rules: Rules) -> list[str]:
    """Damage option 3: a tie gives each fighter a Scratch, from each side that may wound:
    not one fighting all-out defence, nor one only fending off a foe he is not attacking (a
    scene), nor one whose result is below Poor ("You can't do damage with a Terrible (-2)
    rank!", EZ-18). Returns the steps told."""
    steps = []
    scratch = rules.wounds.levels[0]
    for attacker, target, total in (
        (character, foe, exchange.action),
        (foe, character, exchange.difficulty),
    ):
        if attacker.tactic == "all-out-defend":
            continue
        if attacker.fends:
            steps.append(
                f"option 3: {attacker.name} only fends {target.name} off this round: "
                "no Scratch from him"
            )
            continue
        if total < rules.melee_floor:
            steps.append(
                f"option 3: {attacker.name}'s {ladder.label(total)} is below "
                f"{ladder.name(rules.melee_floor)}: no Scratch from so poor a showing"
            )
            continue
        why = [f"option 3: a tie, and {target.name} takes a Scratch from {attacker.name}"]
        hurt = Wound(attacker.name, target.name, 0, scratch.from_, scratch.name, False, why)
        if attacker.attack.stun:  # a stun by its own name; at Scratch, none (EZ-16)
            named = scratch.stun or NO_EFFECT
            level = scratch.name if scratch.stun else None
            hurt = Wound(attacker.name, target.name, 0, scratch.from_, level, True, why, named)
        exchange.wounds.append(hurt)
    takers = [hurt.target for hurt in exchange.wounds]
    if len(takers) == 2:
        steps.append("option 3: the actions tie, and each fighter takes a Scratch")
    elif takers:
        steps.append(f"option 3: the actions tie, and {takers[0]} takes a Scratch")
    return steps


def _fends_words(attacker: Fighter, target: Fighter) -> str:
    """One attacked by a foe he is not attacking only fends him off (a scene; scene.py)."""
    return (
        f"{attacker.name} is not attacking {target.name} this round, only defending: "
        f"{attacker.name} cannot wound {target.name}"
    )


def _outcome_words(outcome: int, character: Fighter, foe: Fighter, winners: set[str]) -> str:
    text = f"outcome {ladder.signed(outcome)} ({ladder.name(outcome)})"
    if outcome > 0:
        return f"{text}: character advantage, Success Margin {outcome}"
    if outcome < 0:
        return f"{text}: foe advantage, Failure Margin {-outcome}"
    if len(winners) == 2:
        return f"{text}: both attacked all-out and tie; each wounds the other"
    if winners == {FOE}:
        return (
            f"{text}: a tie against an all-out attack counts as {foe.name}'s success: "
            "foe advantage, Failure Margin 0"
        )
    if winners == {CHARACTER}:
        return (
            f"{text}: a tie against an all-out attack counts as {character.name}'s success: "
            "character advantage, Success Margin 0"
        )
    return f"{text}: an Even Exchange, a draw"
