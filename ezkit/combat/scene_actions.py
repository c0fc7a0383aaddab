"""What a fighter does in a round (EZ-20): the verbs, a `Part` per phase (melee, ranged,
other) and the `Intent` joining them, and `parse_intent`, which reads one ACTION as a scene
file, a player's answer or a GM's order writes it (`attack Bandit 1 roll +1 and evade`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ezkit import dice
from ezkit.errors import InputError, RuleError

MELEE_VERBS = ("attack", "all-out-attack", "all-out-defend", "defend")
RANGED_VERBS = ("shoot", "evade")
OTHER_VERBS = ("close", "flee", "surrender", "wait")
ATTACKS = ("attack", "all-out-attack")  # melee verbs with a target
TARGETED = (*ATTACKS, "shoot", "close")
ALIASES = {"fight": "attack", "dodge": "evade", "run": "flee", "yield": "surrender"}


@dataclass(frozen=True)  # one made every exchange: dataclass's own __init__ is quicker
class Part:
    """One phase's action: a verb, its target and the roll, when scripted."""

    verb: str
    target: str | None = None
    roll: int | None = None

    def text(self) -> str:
        words = [self.verb, *([self.target] if self.target else [])]
        if self.roll is not None:
            words.append(f"roll {self.roll:+d}")
        return " ".join(words)


@dataclass(frozen=True)  # one made every exchange: dataclass's own __init__ is quicker
class Intent:
    """What a fighter does in a round: a melee-phase, a ranged-phase and an other action."""

    melee: Part | None = None
    ranged: Part | None = None
    other: Part | None = None

    def parts(self) -> list[Part]:
        return [p for p in (self.melee, self.ranged, self.other) if p is not None]

    def text(self) -> str:
        return " and ".join(p.text() for p in self.parts())

    def with_roll(self, roll: int) -> Intent:
        """The same action with the roll of its first phase (melee, else ranged) given."""
        if self.melee:
            return replace(self, melee=replace(self.melee, roll=roll))
        if self.ranged:
            return replace(self, ranged=replace(self.ranged, roll=roll))
        return self


_SPLIT = re.compile(r"\s+and\s+|\s*;\s*", re.I)
_ROLL = re.compile(r"^(?P<body>.*?)(?:\s+roll\s+(?P<roll>[+-]?\d+))?\s*$", re.I)
_GRAMMAR = (
    "write VERB [TARGET] [roll N], with at most one melee and one ranged action joined by 'and'; "
    f"verbs: {', '.join((*MELEE_VERBS, *RANGED_VERBS, *OTHER_VERBS))}"
)


def parse_intent(text: str) -> Intent:
    """`attack Bandit 1 roll +1 and evade` -> Intent; InputError naming what is wrong."""
    pieces = [p for p in _SPLIT.split(str(text).strip()) if p]
    if not pieces:
        raise InputError(f"an empty action; {_GRAMMAR}")
    slots: dict[str, Part] = {}
    for piece in pieces:
        part = _part(piece, text)
        kind = _kind(part.verb)
        if kind in slots:
            verbs = {slots[kind].verb, part.verb}
            if verbs == {"shoot", "evade"}:
                raise RuleError(
                    f"action {text!r}: nobody both shoots and evades in one phase: one roll, "
                    "for the shot or for the evade (EZ-19)"
                )
            raise InputError(f"action {text!r}: two {kind} actions in one round; {_GRAMMAR}")
        slots[kind] = part
    intent = Intent(slots.get("melee"), slots.get("ranged"), slots.get("other"))
    if _defends_all_out_and_shoots(intent):
        raise RuleError(
            f"action {text!r}: one who chooses all-out-defend cannot injure the foe at all in "
            "the round (seed 003, Tactics; ruling EZ-18): he may evade, but not shoot"
        )
    _check_others(intent, text)
    return intent


def parse_saved_order(text: str, name: str) -> tuple[Intent, str]:
    """A GM's order kept in a saved scene, read as `parse_intent` reads it, except that an
    order saved before all-out-defend ruled out a shot (EZ-18) loses the shot, with the note
    that says so (`without_shot`), rather than leaving the scene unable to go on."""
    try:
        return parse_intent(text), ""
    except RuleError:
        intent, note = without_shot(_read(text), name)
        if not note:
            raise
    _check_others(intent, text)
    return intent, note


def _read(text: str) -> Intent:
    """The intent as written, one part per phase, before the rules on joining them."""
    slots: dict[str, Part] = {}
    for piece in (p for p in _SPLIT.split(str(text).strip()) if p):
        part = _part(piece, text)
        if _kind(part.verb) in slots:
            raise InputError(f"action {text!r}: two {_kind(part.verb)} actions; {_GRAMMAR}")
        slots[_kind(part.verb)] = part
    return Intent(slots.get("melee"), slots.get("ranged"), slots.get("other"))


def _check_others(intent: Intent, text: str) -> None:
    """Surrender, wait, flee and close go with nothing that they rule out."""
    other = intent.other.verb if intent.other else None
    if other in ("surrender", "wait") and len(intent.parts()) > 1:
        raise InputError(f"action {text!r}: one who {other}s does nothing else that round")
    if other == "flee" and (intent.melee or (intent.ranged and intent.ranged.verb == "shoot")):
        raise InputError(f"action {text!r}: one who flees may evade, but not fight or shoot")
    if other == "close" and intent.melee:
        raise InputError(f"action {text!r}: one who closes in fights from the next round")


def _defends_all_out_and_shoots(intent: Intent) -> bool:
    """All-Out Defend is for the whole round (seed 003, Tactics; ruling EZ-18): no shot."""
    defends = intent.melee is not None and intent.melee.verb == "all-out-defend"
    return defends and intent.ranged is not None and intent.ranged.verb == "shoot"


def without_shot(intent: Intent, name: str) -> tuple[Intent, str]:
    """The intent with its shot dropped when he defends all-out (seed 003, Tactics; ruling
    EZ-18), and the note that says so; the same intent and "" otherwise. An evade stays."""
    if not _defends_all_out_and_shoots(intent):
        return intent, ""
    assert intent.ranged is not None
    at = f" at {intent.ranged.target}" if intent.ranged.target else ""
    note = (
        f"{name} defends all-out, so the shot{at} is dropped: one who chooses all-out-defend "
        "cannot injure the foe at all in the round (seed 003, Tactics; EZ-18); an evade is allowed"
    )
    return replace(intent, ranged=None), note


def _part(piece: str, text: str) -> Part:
    match = _ROLL.match(piece)
    assert match is not None  # the pattern matches any text
    body, roll = match["body"].strip(), match["roll"]
    words = body.split()
    for n in (3, 2, 1):
        key = "-".join(words[:n]).lower()
        verb = ALIASES.get(key, key)
        if len(words) >= n and _kind(verb):
            target = " ".join(words[n:]) or None
            if target and verb not in TARGETED:
                raise InputError(f"action {text!r}: {verb} takes no target ({target!r})")
            return Part(verb, target, dice.check_roll(int(roll)) if roll is not None else None)
    raise InputError(f"action {text!r}: {words[0] if words else piece!r} is no verb; {_GRAMMAR}")


def _kind(verb: str) -> str:
    if verb in MELEE_VERBS:
        return "melee"
    if verb in RANGED_VERBS:
        return "ranged"
    return "other" if verb in OTHER_VERBS else ""
