"""`ezkit fight melee|ranged|scene`: resolve fight exchanges on the Ladder (EZ-14..EZ-20)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ezkit import dice, ladder
from ezkit import rules as rules_data
from ezkit.character import advance
from ezkit.character.files import in_campaign, parse_character
from ezkit.cli.fight_scene import scene_command
from ezkit.cli.params import (
    FOE_ROLL,
    FUDGE_MOST,
    MODIFIER,
    NAME,
    RANK,
    ROLL,
    Command,
    Whole,
    character_file,
    db_option,
    emit_json,
    json_option,
    load_character,
    pick_seed,
    rules_option,
    seed_option,
)
from ezkit.combat import fighters, fudge, melee, ranged, wounds
from ezkit.combat.damage import Attack, Wound
from ezkit.errors import InputError, RuleError
from ezkit.odds import foe_method
from ezkit.rules import Rules
from ezkit.store import open_campaign
from ezkit.words import shorten

#: `--evade` without a roll: B's roll is the foe roll, A's the player's (EZ-26).
ROLLED = "rolled"


class _EvadeRoll(click.ParamType):
    """A roll (-4..+4), or ROLLED when `--evade` is given alone."""

    name = "roll"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value == ROLLED:
            return ROLLED
        return ROLL.convert(value, param, ctx)


EVADE_ROLL = _EvadeRoll()

MELEE_EXAMPLE = """\b
Examples:
  ezkit fight melee jason-free.yaml --foe "Bandit: Fair Fighter, INJ 3, CPD 2" --roll 1
  ezkit fight melee 'Jason Free' 'Gruk Underbridge' --seed 7 --tactic all-out-attack --apply
  ezkit fight melee 'Jason Free' --foe "Ogre: Good Brawler, INJ 6, CPD 3" --stun --roll 0
  ezkit fight melee 'Jason Free' --foe "Ogre: Good Brawler, INJ 6, CPD 3" --roll -2 \\
      --fudge-points 2 --apply"""

RANGED_EXAMPLE = """\b
Examples:
  ezkit fight ranged 'Dr. Mara Kell' --trait Marksman --foe "Thug: Fair Gunman, INJ 3, CPD 1"
  ezkit fight ranged 'Dr. Mara Kell' --foe "Thug: Fair Gunman, INJ 3, CPD 1" --range L --light dim
  ezkit fight ranged 'Dr. Mara Kell' --foe "Thug: Fair Gunman, INJ 3, CPD 1" --evade --foe-roll 4df
  ezkit fight ranged wren.yaml --foe "Archer: Good Archer, INJ 3, CPD 1" --foe-shoots --evade"""


def _side_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options both exchanges share: who fights, the roll, modifiers, optional rules."""
    decorators = [
        click.argument("a"),
        click.argument("b", required=False),
        click.option("--foe", help="An inline foe in B's place: 'NAME: RANK TRAIT, INJ N, CPD N'."),
        click.option(
            "--trait",
            type=NAME,
            help="A's role or attribute, the GM's choice: a role A lacks is Poor (-1), an "
            "attribute stands in at -2, at most Fair (default: the weapon's role, else A's "
            "best fighting role, else Poor; EZ-24).",
        ),
        click.option("--foe-trait", type=NAME, help="B's role or attribute."),
        click.option(
            "--weapon", type=NAME, help="A's weapon by name (default: A's first of the kind)."
        ),
        click.option("--foe-weapon", type=NAME, help="B's weapon by name."),
        click.option("--roll", "given_roll", type=ROLL, help="The player's roll (-4..+4)."),
        seed_option,
        click.option(
            "--mod",
            "modifier",
            type=MODIFIER,
            default=0,
            help="Modifiers to A.",
        ),
        click.option(
            "--foe-mod",
            type=MODIFIER,
            default=0,
            help="Modifiers to B.",
        ),
        click.option("--foe-roll", type=FOE_ROLL, default="none", show_default=True),
        click.option("--pull", help="A pulls the punch: the highest wound level A inflicts."),
        click.option("--foe-pull", help="B pulls the punch."),
        click.option("--stun", is_flag=True, help="A attacks to stun."),
        click.option("--foe-stun", is_flag=True, help="B attacks to stun."),
        click.option("--aim", help="A's aimed strike: MOD:MARGIN, e.g. -2:3."),
        click.option(
            "--damage-option",
            "damage_options",
            type=Whole(1, 4),
            multiple=True,
            help="Damage Roll Option 1-4 (repeatable).",
        ),
        click.option(
            "--fudge-points",
            type=Whole(0, FUDGE_MOST),
            default=0,
            help="Fudge Points A spends after the roll: +1 each to A's result (EZ-12); "
            "with --apply they come off A in the campaign.",
        ),
        click.option(
            "--apply",
            is_flag=True,
            help="Mark the wounds on stored characters, and take A's Fudge Points off.",
        ),
        db_option,
        rules_option,
        json_option,
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


@click.group("fight")
def fight() -> None:
    """Resolve melee and ranged exchanges, and whole fight scenes."""


fight.add_command(scene_command)  # `fight scene`, in ezkit/cli/fight_scene.py


@fight.command("melee", cls=Command, epilog=MELEE_EXAMPLE)
@_side_options
@click.option("--disadvantage", type=click.IntRange(1, 2), help="A is at a disadvantage: -1/-2.")
@click.option("--foe-disadvantage", type=click.IntRange(1, 2), help="B at a disadvantage.")
@click.option("--tactic", type=click.Choice(melee.TACTICS), help="A's tactic.")
@click.option("--foe-tactic", type=click.Choice(melee.TACTICS), help="B's tactic.")
@click.option(
    "--terrain-test",
    type=RANK,
    help="After a successful all-out defence: the defender's Perception/Tactics result.",
)
def melee_command(**options: Any) -> None:
    """One Melee Phase exchange between A (who rolls) and B or an inline --foe (EZ-18).

    A and B are campaign names or character files.
    """
    o = _Options(options)
    a, b = o.fighters(ranged_=False)
    character = melee.Fighter(
        a.name,
        a.rank,
        a.trait,
        o.attack(a, "aim", "pull", "stun"),
        a.cpd,
        o["modifier"],
        a.penalty(o.rules),
        o["disadvantage"] or 0,
        o["tactic"],
    )
    foe = melee.Fighter(
        b.name,
        b.rank,
        b.trait,
        o.attack(b, None, "foe_pull", "foe_stun"),
        b.cpd,
        o["foe_mod"],
        b.penalty(o.rules),
        o["foe_disadvantage"] or 0,
        o["foe_tactic"],
    )
    for side in (a, b):
        if not side.can_act(o.rules):
            raise RuleError(f"{side.name} is {wounds.condition(side.track, o.rules)} (EZ-15)")
    points = o.fudge_points(a)
    roll, foe_roll = o.rolls()
    exchange = melee.resolve(
        character, foe, roll, o.rules, foe_roll, o.damage_options, o.fudge, points
    )
    if o["terrain_test"] is not None:
        moved = melee.terrain_manoeuvre(exchange, o["terrain_test"], o.rules)
        exchange.steps.append(moved or "no successful all-out defence: no terrain manoeuvre")
    if exchange.to_succeed:  # ruling EZ-12: what would still turn it, as `ezkit action` says
        exchange.steps.append(fudge.text(exchange.to_succeed, f"{a.name}'s success", points))
    # EZ-24: the trait each character fights with, and why, always shown
    exchange.steps[:0] = [s.chosen.text(s.name) for s in (a, b) if s.chosen]
    document = {
        **exchange.as_dict(),
        "trait": a.trait_info().as_dict(),
        "foe_trait": b.trait_info().as_dict(),
    }
    o.finish(document, exchange.steps, exchange.wounds, (a, b), f"melee against {b.name}")


@fight.command("ranged", cls=Command, epilog=RANGED_EXAMPLE)
@_side_options
@click.option(
    "--range",
    "range_",
    type=click.Choice(["T", "S", "M", "L"], case_sensitive=False),
    default="M",
    show_default=True,
    help="Touching, Short, Medium, Long.",
)
@click.option("--light", type=click.Choice(["normal", "dim", "dark"]), default="normal")
@click.option("--cover", type=click.Choice(["none", "partial", "heavy"]), default="none")
@click.option("--difficulty", "set_difficulty", type=RANK, help="The GM's difficulty instead.")
@click.option(
    "--evade",
    "evade_roll",
    type=EVADE_ROLL,
    is_flag=False,
    flag_value=ROLLED,
    help="The target spends the phase evading: Reflexes + its modifiers + roll (EZ-19). "
    "B's roll is ROLL "
    "(0 when left out) plus the foe roll when the GM rolls for foes (--foe-roll, EZ-26); "
    "with --foe-shoots A evades, with ROLL, else the player's roll (--roll, or rolled).",
)
@click.option("--foe-shoots", is_flag=True, help="B shoots at A instead (A may --evade).")
def ranged_command(**options: Any) -> None:
    """One Ranged Phase shot by A at B (or by B at A with --foe-shoots) (EZ-17, EZ-19)."""
    o = _Options(options)
    a, b = o.fighters(ranged_=True)
    shooter, target = (b, a) if o["foe_shoots"] else (a, b)
    if not shooter.can_act(o.rules):
        raise RuleError(f"{shooter.name} is {wounds.condition(shooter.track, o.rules)} (EZ-15)")
    if o["evade_roll"] is not None and not target.can_act(o.rules):
        # evading is an action (EZ-19), and Out of It or worse takes none (EZ-15)
        raise RuleError(
            f"{target.name} is {wounds.condition(target.track, o.rules)} (EZ-15), so no evade: "
            "leave out --evade"
        )
    if o["set_difficulty"] is not None:
        difficulty, why = o["set_difficulty"], "the GM's"
    else:
        difficulty, parts = ranged.shot_difficulty(o.rules, o["range_"], o["light"], o["cover"])
        why = ", ".join(parts)
    given_evade = o["evade_roll"] if o["evade_roll"] != ROLLED else None
    if o["foe_shoots"] and o["fudge_points"] and o["evade_roll"] is None:
        raise click.UsageError(
            "with --foe-shoots A rolls only to evade: Fudge Points raise A's evade, so give "
            "--evade (EZ-12, EZ-19)"
        )
    points = o.fudge_points(a)
    if o["foe_shoots"] and o["given_roll"] is not None:
        if o["evade_roll"] is None:
            raise click.UsageError("with --foe-shoots the player's roll is the evade: use --evade")
        if given_evade is not None:
            raise click.UsageError("give A's evade roll once: --evade ROLL or --roll ROLL")
    roll, foe_roll = o.rolls()
    # The player's roll goes to whichever side is the player's; the foe roll to the foe's:
    # the shooter's action when the foe shoots, the target's evade when the foe evades (EZ-26).
    shooter_roll = foe_roll if o["foe_shoots"] else roll
    evade = evade_roll = None
    if o["evade_roll"] is not None:
        evade, evade_roll, evading = _evade(o, target, given_evade, roll, foe_roll, points)
    pull, stun = ("foe_pull", "foe_stun") if o["foe_shoots"] else ("pull", "stun")
    aim = None if o["foe_shoots"] else "aim"
    shot = ranged.resolve(
        ranged.Shooter(
            shooter.name,
            shooter.rank,
            shooter.trait,
            o.attack(shooter, aim, pull, stun),
            o["foe_mod"] if o["foe_shoots"] else o["modifier"],
            shooter.penalty(o.rules),
        ),
        ranged.Target(target.name, target.cpd, evade),
        difficulty,
        shooter_roll,
        o.rules,
        o.damage_options,
        o.fudge,
        why,
        0 if o["foe_shoots"] else points,
    )
    a_won = shot.hit != bool(o["foe_shoots"])
    result = "character" if a_won else "foe"
    # ruling EZ-12: A's Fudge Points that would still turn it: to hit, or to make B miss
    to_succeed = shot.to_dodge(evade) if o["foe_shoots"] else shot.to_hit
    if to_succeed:
        shot.steps.append(fudge.text(to_succeed, "a miss" if o["foe_shoots"] else "a hit", points))
    # EZ-24: the shooter's trait and why, always shown; then the evade, if any
    shot.steps[:0] = [shooter.chosen.text(shooter.name)] if shooter.chosen else []
    if evade is not None:
        shot.steps.insert(1 if shooter.chosen else 0, evading)
    document = {
        "action": shot.action,
        "difficulty": shot.difficulty,
        "outcome": shot.outcome,
        "result": result,
        "hit": shot.hit,
        "shooter": shooter.name,
        "target": target.name,
        "roll": shooter_roll,
        "foe_roll": foe_roll,
        "evade": evade,
        "evade_roll": evade_roll,
        "trait": shooter.trait_info().as_dict(),
        "wound_value": shot.wound.value if shot.wound else None,
        "wound_level": shot.wound.level if shot.wound else None,
        "wounded": target.name if shot.wound and shot.wound.level else None,
        "stun": bool(shot.wound and shot.wound.stun),
        "stun_result": shot.wound.stun_result if shot.wound else None,
        "wounds": [shot.wound.as_dict()] if shot.wound else [],
        "fudge_points_spent": points,
        "fudge_points_to_succeed": to_succeed,
        "steps": shot.steps,
    }
    what = f"evade against {shooter.name}'s shot" if o["foe_shoots"] else f"shot at {b.name}"
    o.finish(document, shot.steps, [shot.wound] if shot.wound else [], (a, b), what)


def _evade(
    o: _Options,
    target: fighters.Combatant,
    given: int | None,
    roll: int,
    foe_roll: int,
    points: int,
) -> tuple[int, int, str]:
    """The target's evade (EZ-19): Reflexes + its modifiers + wounds + roll (+ A's Fudge
    Points when A evades, EZ-12): the result, the roll, and the words."""
    if o["foe_shoots"]:  # A evades with the player's roll
        evade_roll = given if given is not None else roll
        rolled = f"roll {ladder.signed(evade_roll)}"
    else:  # B, the foe, evades: the GM's roll (0 by the book) plus the foe roll
        evade_roll = (given or 0) + foe_roll
        rolled = f"roll {ladder.signed(given or 0)}" + (
            f", foe roll {ladder.signed(foe_roll)}" if o["foe_roll"] != "none" else ""
        )
    penalty = target.penalty(o.rules)
    # the evader's own modifiers: A's --mod when A evades, B's --foe-mod when B does
    modifier = o["modifier"] if o["foe_shoots"] else o["foe_mod"]
    spent = points if o["foe_shoots"] else 0
    evade = target.reflexes + modifier + penalty + evade_roll + spent
    modified = f" {modifier:+d} modifiers" if modifier else ""
    hurt = f" {penalty:+d} wounds" if penalty else ""
    rolled += fudge.spent_text(spent)
    words = (
        f"{target.name} spends the phase evading: Reflexes {ladder.label(target.reflexes)}"
        f"{modified}{hurt}, {rolled}: {ladder.label(evade)}"
    )
    return evade, evade_roll, words


class _Options:
    """The parsed options of an exchange, and what both commands do with them."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.rules: Rules = rules_data.load(options["house_rules"])
        self.damage_options = frozenset(options["damage_options"])
        self.seed = options["seed"]
        self.rng = None
        #: The fighters read from files: --apply changes campaign characters only.
        self.from_files: set[str] = set()
        for key in ("pull", "foe_pull"):  # checked whether or not that side gets to wound
            if options.get(key) is not None:
                try:
                    wounds.level_index(options[key], self.rules)
                except InputError as error:
                    raise InputError(f"--{key.replace('_', '-')}: {error}") from None

    def __getitem__(self, key: str) -> Any:
        return self.options.get(key)

    def fighters(self, ranged_: bool) -> tuple[fighters.Combatant, fighters.Combatant]:
        o = self.options
        if o["foe"] and o["b"]:
            raise click.UsageError("give B or --foe, not both: the foe takes B's place")
        if not o["foe"] and not o["b"]:
            raise click.UsageError("who is the opponent? give B (a name or file) or --foe")
        # In a ranged phase only the shooter needs a weapon: a target is just shot at (EZ-26).
        foe_shoots = bool(ranged_ and o.get("foe_shoots"))
        a = self._combatant(o["a"], o["trait"], o["weapon"], ranged_, armed=not foe_shoots)
        if o["foe"]:
            for option in ("foe_trait", "foe_weapon"):
                if o.get(option):
                    name = "--" + option.replace("_", "-")
                    raise click.UsageError(
                        f"{name} is for a foe B; an inline --foe fights with what its line says"
                    )
            b = fighters.parse_foe(o["foe"])
        else:
            b = self._combatant(o["b"], o["foe_trait"], o["foe_weapon"], foe_shoots)
        same = a.character is not None and b.character is not None
        if o.get("apply") and same and a.character.name.casefold() == b.character.name.casefold():
            # --apply marks each side's wounds on the campaign's character of that name
            raise click.UsageError(
                f"A and B are both {a.character.name}: with --apply a character would wound "
                "itself; fight someone else, or leave --apply out to see the exchange"
            )
        return a, b

    def _combatant(
        self, spec: str, trait: str | None, weapon: str | None, ranged_: bool, armed: bool = True
    ) -> fighters.Combatant:
        character = load_character(spec, self.options["db"])
        if character_file(spec) is not None:
            self.from_files.add(character.name)
        return fighters.from_character(character, self.rules, trait, weapon, ranged_, armed)

    def attack(
        self, side: fighters.Combatant, aim: str | None, pull: str | None, stun: str | None
    ) -> Attack:
        pull_level = self.options.get(pull) if pull else None
        if pull_level:
            pull_level = self.rules.wounds.levels[wounds.level_index(pull_level, self.rules)].name
        return Attack(
            side.inj,
            pull_level,
            bool(self.options.get(stun)) if stun else False,
            _aim(self.options.get(aim)) if aim else None,
        )

    def fudge_points(self, a: fighters.Combatant) -> int:
        """The Fudge Points A spends after the roll, refused (RuleError, exit 1) when A holds
        fewer: no limit but the points held (ruling EZ-12)."""
        points: int = self.options["fudge_points"]
        if points and a.character is not None:
            try:
                advance.spend(a.character, points, 0, "")
            except RuleError as error:
                raise RuleError(
                    f"--fudge-points {points}: {error}; no limit but the points held"
                ) from None
        return points

    def rolls(self) -> tuple[int, int]:
        """The player's roll (given or rolled) and the foe's optional roll."""
        given = self.options["given_roll"]
        method = foe_method(self.options["foe_roll"])
        needs_dice = given is None or method is not None or self.damage_options & {2, 4}
        if needs_dice:
            self.seed = pick_seed(self.seed)
            self.rng = dice.new_rng(self.seed)
        roll = given if given is not None else self.fudge(4)
        foe_roll = method.roller(self.rng).roll().value if method else 0
        return roll, foe_roll

    def fudge(self, n: int) -> int:
        """n Fudge dice from the scene's seeded dice."""
        assert self.rng is not None
        die = dice.method("1dF").roller(self.rng)
        return sum(die.roll().value for _ in range(n))

    def finish(
        self,
        document: dict[str, Any],
        steps: list[str],
        dealt: list[Wound],
        sides: tuple[fighters.Combatant, fighters.Combatant],
        what: str,
    ) -> None:
        applied: dict[str, str] = {}
        left: int | None = None
        if self.options["apply"]:
            applied, left = self._apply(dealt, sides, what)
        document["seed"] = self.seed
        document["applied"] = applied
        document["fudge_points_left"] = left
        if self.options["as_json"]:
            emit_json(document)
            return
        for step in steps:
            click.echo(step)
        points = self.options["fudge_points"]
        if left is not None and points:
            plural = "s" * (points != 1)
            click.echo(f"{sides[0].name} spent {points} Fudge Point{plural} (EZ-12): {left} left")
        for name, track in applied.items():
            click.echo(f"{name}: {track}")
        if self.seed is not None:
            click.echo(f"(seed {self.seed})")

    def _apply(
        self,
        dealt: list[Wound],
        sides: tuple[fighters.Combatant, fighters.Combatant],
        what: str,
    ) -> tuple[dict[str, str], int | None]:
        """In one campaign block (one write, or none): A's Fudge Points come off A (refused
        when A lacks them, EZ-12), and each stored character's wounds are marked."""
        from ezkit.combat import healing

        stored = {s.name: s for s in sides if s.character is not None}
        changes: dict[str, tuple[int, list[Wound]]] = {}
        points = self.options["fudge_points"]
        if points:
            changes[sides[0].name] = (points, [])
        for hurt in dealt:
            if hurt.level and hurt.target in stored:
                spent, hurts = changes.get(hurt.target, (0, []))
                changes[hurt.target] = (spent, [*hurts, hurt])
        tracks: dict[str, str] = {}
        left: int | None = None
        with open_campaign(self.options["db"]) as campaign:
            held = {str(doc.get("name", "")).casefold() for doc in campaign.list_characters()}
            for name in changes:
                # a fighter read from a file is not the campaign's, even of the same name
                if name in self.from_files or name.casefold() not in held:
                    raise click.UsageError(
                        f"--apply changes campaign characters; {name} was read from a file: "
                        "add the character with `ezkit char add` first"
                    )
            for name, (spent, hurts) in changes.items():

                def change(
                    doc: dict[str, Any], spent: int = spent, hurts: list[Wound] = hurts
                ) -> dict[str, Any]:
                    c = parse_character(doc, in_campaign(doc))
                    if spent:  # recorded in the history, as `ezkit char spend` does
                        reason = f"+{spent} on {sides[0].name}'s {what} (ezkit fight)"
                        c = advance.spend(c, spent, 0, reason)
                    for hurt in hurts:
                        reason = f"{hurt.level} from {hurt.attacker} (ezkit fight)"
                        c = healing.wound(c, hurt.level or "", self.rules, hurt.stun, reason)
                    changed = c.to_document()
                    parse_character(changed, f"{c.name} as changed")  # the model checks it whole
                    return changed

                # checked: the campaign keeps its digest, so `char list` reads it without the model
                doc = campaign.update_character(name, change, checked=True)
                # in the block: a track these rules cannot read refuses the write
                character = parse_character(doc, in_campaign(doc))
                if hurts:
                    tracks[name] = wounds.track_text(character.wounds, self.rules)
                if spent:
                    left = character.fudge_points
        return tracks, left


def _aim(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        modifier, margin = (int(part) for part in text.split(":"))
        if not (-ladder.LIMIT <= modifier <= ladder.LIMIT and 0 <= margin <= ladder.LIMIT):
            raise ValueError  # the Ladder's reach; a margin needed is none or more
    except ValueError:
        raise InputError(
            f"--aim {shorten(text)!r}: write MOD:MARGIN, the aimed strike's modifier "
            f"(-{ladder.LIMIT} to +{ladder.LIMIT}) and the margin it needs (0 to "
            f"{ladder.LIMIT}), e.g. -2:3 (Aimed Strikes)"
        ) from None
    return modifier, margin
