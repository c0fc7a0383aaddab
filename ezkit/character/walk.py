"""The questions of `ezkit char new` in the "Make A Character" flowchart's order (`walk`,
`Walk`): each step says what it has left to spend and what each rank costs, an illegal answer
is refused with its rule and asked again, and `back` goes to the question before."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar, cast

from ezkit import ladder
from ezkit.character.asking import HELP, Asker, _Back, _Tape, yes_no
from ezkit.character.check import (
    KINDS,
    gift_weight,
    rate_text,
)
from ezkit.character.derived import derive
from ezkit.character.draft import (
    ORDER,
    POINTS,
    BuildError,
    Left,
    _count,
    _key,
    add_fault,
    add_gift,
    add_weapon,
    apply_swap,
    attribute_offers,
    budgets,
    describe,
    describe_offers,
    drop_gift,
    find_role,
    overspent,
    role_offers,
    set_armor,
    set_attribute,
    set_fudge_points,
    set_people,
    set_role,
    start,
    swap_options,
)
from ezkit.character.files import Problem, checked, read_people
from ezkit.character.model import (
    NAME_MAX,
    TEXT_MAX,
    Armor,
    Character,
    Fault,
    Gift,
    PeoplePackage,
    Role,
    Weapon,
)
from ezkit.errors import EzkitError, RankError
from ezkit.rules import Rules
from ezkit.terminal import control_characters, name_problem


def _is_rank(text: str) -> bool:
    """Is the answer a rank written whole (`Good`, `+2`, `Good (+2)`), not a name?"""
    try:
        rank = ladder.parse(text)
    except RankError:
        return False
    return any(ch.isdigit() for ch in text) or _key(text) == ladder.name(rank).lower()


T = TypeVar("T")

_WITH_SPECIALTY = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<specialty>[^()]+)\)$")
_FACTOR = re.compile(r"^(?:factor\s*)?(?P<n>[+-]?\d{1,3})$", re.I)
_INJ = re.compile(r"^inj\s*(?P<n>[+-]?\d{1,3})$", re.I)


class Walk:
    """The flowchart, step by step, through an Asker. `walk()` is the way in."""

    def __init__(self, io: Asker, rules: Rules, point_buy: bool = False) -> None:
        self.rules, self.point_buy = rules, point_buy
        self.c: Character = start("?", rules, point_buy)
        self.io = _Tape(io, lambda: self.c)
        self.spend: dict[str, Callable[..., None]] = {
            "roles": self.roles,
            "attributes": self.attributes,
            "gifts": self.gifts,
        }

    # -- plumbing

    def text(self, question: str, default: str = "", prose: bool = False) -> str:
        """An answer, asked again while it is no line a character file may hold, by the rule
        `char check` applies to it: a name's (model.Name: one readable line, no character that
        hides or reorders text, NAME_MAX long) or, with `prose`, a text's (model.Text: no
        control character, TEXT_MAX long). An escape sequence would drive the terminal."""
        while True:
            answer = self.io.ask(question, default).strip()
            why = typed_problem(answer, prose)
            if not why:
                return answer
            self.io.say(f"  refused: that answer {why}")

    def reject(self, problem: Problem) -> None:
        self.io.say(f"  rejected ({problem.rule}): {problem.message}")

    def attempt(self, change: Callable[..., Character], *args: Any) -> bool:
        """Make a change, `change(character, rules, *args)`; if it breaks a rule, say which."""
        try:
            self.c = change(self.c, self.rules, *args)
        except BuildError as error:
            self.reject(error.problem)
            return False
        return True

    def heading(self, step: str) -> None:
        self.io.say(f"-- {step} --")

    def show(self, *kinds: str) -> None:
        left = budgets(self.c, self.rules)
        if self.point_buy:
            kinds = (POINTS,)
        self.io.say("; ".join(str(left[k]) for k in kinds or left))

    def number(self, question: str, default: str, rule: str) -> int:
        while True:
            answer = self.text(question, default, prose=True)  # a number: its own check
            try:
                return int(answer)
            except ValueError:
                self.reject(Problem(rule, "", f"{answer!r} is not a whole number"))

    def rank(self, question: str, default: str = "") -> int | None:
        """A rank on the Ladder (EZ-1), asked until it is one; None for a blank answer."""
        while True:
            answer = self.text(question, default, prose=True)  # a rank: its own check
            if not answer:
                return None
            try:
                return ladder.parse(answer)
            except RankError as error:
                self.reject(Problem("EZ-1", "", str(error)))

    def balanced(self, kind: str, lowering: bool) -> bool:
        """May the step end? Not while a swap leaves this budget overspent (EZ-6)."""
        over = overspent(self.c, self.rules).get(kind, 0)
        if lowering and over > 0:
            unit = budgets(self.c, self.rules)[kind].unit
            self.reject(
                Problem(
                    "EZ-6",
                    kind,
                    f"still {_count(over, unit)} over: lower {kind} until the budget balances",
                )
            )
            return False
        return True

    # -- the steps

    def run(
        self, finish: Callable[[Asker, Character], T] | None = None
    ) -> tuple[Character, T | None]:
        """Every step, then `finish` (questions asked of the character made: where to write
        it); `back` starts them over with the answers kept replayed silently, so that `back`
        at finish's first question goes to the walk's last."""
        while True:
            try:
                character = self.steps()
                return character, finish(self.io, character) if finish is not None else None
            except _Back:
                self.c = start("?", self.rules, self.point_buy)
                self.io.rewind()

    def steps(self) -> Character:
        self.idea()
        self.heading("Roles")
        self.roles()
        self.heading("Attributes")
        self.attributes()
        self.heading("Gifts")
        self.gifts()
        self.faults()
        if not self.point_buy:
            self.swapping()
        self.people()
        self.other_numbers()
        self.weapons_and_armor()
        self.tools()
        self.description()
        return self.c

    def idea(self) -> None:
        self.heading("Idea!")
        self.io.say(HELP)
        name = ""
        while not name:
            name = self.text("Character name")
            if not name:
                self.io.say("  a character needs a name")
        self.c = replace(
            self.c,
            name=name,
            player=self.text("Player (Enter for none)", prose=True),
            idea=self.text("Idea: what kind of character (Enter for none)", prose=True),
        )

    def roles(self, lowering: bool = False) -> None:
        self.show("roles")
        while True:
            question = "Role to lower" if lowering else "Role name"
            answer = self.text(f"{question} (Enter when done)")
            if not answer:
                if self.balanced("roles", lowering):
                    return
                continue
            role = find_role(self.c, answer)
            if role is None and lowering:
                known = ", ".join(r.label for r in self.c.roles) or "none"
                self.io.say(f"  no role {answer!r} to lower (roles: {known})")
                continue
            if role is None and _is_rank(answer):
                # a rank typed where the name goes: the rank is asked after the name
                self.reject(
                    Problem(
                        "EZ-3",
                        "roles",
                        f"{answer!r} is a rank, not a role: "
                        "name the role first, its rank is asked next",
                    )
                )
                continue
            if role is None:
                role = self.new_role(answer)
            if role is not None:
                self.role_rank(role)

    def role_rank(self, role: Role) -> None:
        """Ask a role's rank, offering the ranks it may take and what each costs."""
        chart = self.rules.flowchart
        taken = find_role(self.c, role.label) is not None
        offers = role_offers(self.c, self.rules, role)
        now = role.rank if taken else None
        self.io.say(f"  {describe_offers(offers, self.left('roles'), now, chart.default_role)}")
        if taken:
            question = f"Rank of {role.label} (now {ladder.label(role.rank)})"
            default = ladder.name(role.rank)
        else:
            question, default = f"Rank of {role.label} (Enter to skip)", ""
        while (rank := self.rank(question, default)) is not None:
            if rank == role.rank and taken:
                return
            if self.attempt(set_role, replace(role, rank=rank)):
                dropped = rank <= chart.default_role
                self.io.say(f"  {role.label}: {'dropped' if dropped else ladder.label(rank)}")
                self.show("roles")
                return

    def left(self, kind: str) -> Left:
        return budgets(self.c, self.rules)[POINTS if self.point_buy else kind]

    def new_role(self, answer: str) -> Role | None:
        """A role not taken yet, with its specialty; None when it cannot be bought."""
        both = _WITH_SPECIALTY.match(answer)
        name = both["name"] if both else answer
        specialty = both["specialty"].strip() if both else None
        required = any(r.specialty_required and _key(r.name) == _key(name) for r in self.c.roles)
        # The budget first: no details are asked for a role there are no points for.
        cheapest = Role(
            name=name,
            specialty=specialty or ("?" if required else None),
            specialty_required=required,
            rank=self.rules.flowchart.default_role + 1,
        )
        if not self.allowed(set_role, cheapest):
            return None
        if not specialty:
            specialty = self.specialty(name, required)
            if required and not specialty:
                return None
        if specialty and not required:
            required = yes_no(
                self.io, f"Must every {name} be specialized, by the GM's rule (EZ-4)?", False
            )
        return Role(name=name, specialty=specialty, specialty_required=required, rank=0)

    def specialty(self, name: str, required: bool) -> str | None:
        """A role's specialty: asked for when the GM requires one (EZ-4), else optional."""
        if required:
            hint = f"the GM requires one, EZ-4; Enter to skip {name}"
        else:
            hint = "optional; Enter for none"
        while True:
            answer = self.text(f"Specialty of {name} ({hint})", prose=True)
            if not answer or not _is_rank(answer):
                return answer or None
            # a rank typed a question early: the rank is asked after the specialty
            self.reject(
                Problem(
                    "EZ-4",
                    "roles",
                    f"{answer!r} is a rank, not a specialty: name the specialty or press Enter; "
                    "the rank is asked next",
                )
            )

    def allowed(self, change: Callable[..., Character], *args: Any) -> bool:
        """Would the change be accepted? If not, say why; the draft is kept as it is."""
        try:
            change(self.c, self.rules, *args)
        except BuildError as error:
            self.reject(error.problem)
            return False
        return True

    def attributes(self, lowering: bool = False) -> None:
        names = {name.lower(): name for name in self.rules.attributes}
        self.show("attributes")
        while True:
            question = "Attribute to lower" if lowering else "Attribute to change"
            answer = self.text(f"{question} (Enter when done)").lower()
            if not answer:
                if self.balanced("attributes", lowering):
                    return
                continue
            matches = [key for key in names if key.startswith(answer)]
            if len(matches) != 1:
                close = difflib.get_close_matches(answer, list(names), n=1, cutoff=0.5)
                hint = f"; did you mean {names[close[0]]!r}?" if close else ""
                listed = ", ".join(names.values())
                self.reject(
                    Problem("EZ-2", "attributes", f"{answer!r} is not one of {listed}{hint}")
                )
                continue
            key = matches[0]
            now = getattr(self.c.attributes, key)
            offers = attribute_offers(self.c, self.rules, key)
            self.io.say(f"  {describe_offers(offers, self.left('attributes'), now)}")
            question = f"Rank of {names[key]} (now {ladder.label(now)})"
            while (rank := self.rank(question, ladder.name(now))) is not None and rank != now:
                if self.attempt(set_attribute, key, rank):
                    self.io.say(f"  {names[key]}: {ladder.label(rank)}")
                    self.show("attributes")
                    break

    def gifts(self, lowering: bool = False) -> None:
        self.show("gifts")
        while True:
            question = "Gift to give up" if lowering else "Gift"
            name = self.text(f"{question} (Enter when done)")
            if not name:
                if self.balanced("gifts", lowering):
                    return
                continue
            taken = any(_key(g.name) == _key(name) for g in self.c.gifts)
            if lowering or taken:
                if (lowering or yes_no(self.io, f"Give up {name}?", False)) and self.attempt(
                    drop_gift, name
                ):
                    self.io.say(f"  gave up {name}")
                    self.show("gifts")
                continue
            # The budget first: no details are asked for a gift there is no room for.
            if not self.allowed(add_gift, Gift(name=name)):
                continue
            gift = self.new_gift(name)
            if gift is not None and self.attempt(add_gift, gift):
                self.io.say(f"  {name}: counts as {_count(gift_weight(gift, self.rules), 'gifts')}")
                self.show("gifts")

    def new_gift(self, name: str) -> Gift | None:
        """A gift's details; None when, supernormal, it counts as more gifts than are left."""
        least = self.rules.flowchart.supernormal_gift_weight
        weight = None
        supernormal = yes_no(
            self.io, f"Is {name} supernormal, counting as {least} gifts or more (EZ-5)?", False
        )
        if supernormal:
            weight = self.number(f"How many gifts does {name} count as", str(least), "EZ-5")
            if not self.allowed(add_gift, Gift(name=name, supernormal=True, weight=weight)):
                return None
        cpd = self.number(f"Defence {name} adds to CPD, as Toughness +1 (EZ-10)", "0", "EZ-10")
        return Gift(
            name=name, supernormal=supernormal, weight=None if weight == least else weight, cpd=cpd
        )

    def faults(self) -> None:
        self.heading("Faults")
        buys = self.rules.flowchart.fault_buys
        self.show()
        while True:
            name = self.text("Fault (Enter when done)")
            if not name:
                return
            if self.point_buy:
                if self.attempt(add_fault, Fault(name=name)):
                    back = -self.rules.point_buy.fault
                    self.io.say(f"  {name} gives {back} build points back (EZ-7)")
                    self.spend_the_rest()
                continue
            self.io.say(f"What does {name} buy (EZ-5)?")
            for i, amounts in enumerate(buys.values(), 1):
                self.io.say(f"  {i}) {describe(amounts)}")
            bought = self.choice(f"Choice (1-{len(buys)})", list(buys))
            if bought and self.attempt(add_fault, Fault(name=name, bought=bought)):
                self.io.say(f"  {name} buys {describe(buys[bought])}: spend it now")
                for kind in buys[bought]:
                    self.spend[kind]()
                self.show()

    def choice(self, question: str, keys: list[str]) -> str | None:
        """A key by its number or name (a unique prefix will do); None for a blank answer."""
        while True:
            answer = self.text(question).lower()
            if not answer:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(keys):
                return keys[int(answer) - 1]
            matches = [k for k in keys if k.startswith(answer)]
            if answer in keys or len(matches) == 1:
                return answer if answer in keys else matches[0]
            self.io.say(f"  answer 1 to {len(keys)}, or one of {', '.join(keys)}")

    def spend_the_rest(self) -> None:
        """Point-buy: spend what a fault gave back on roles, attributes or gifts (EZ-7)."""
        while budgets(self.c, self.rules)[POINTS].left > 0:
            self.show()
            kind = self.choice(
                "Spend them on 1) roles 2) attributes 3) gifts (Enter when done)", list(KINDS)
            )
            if kind is None:
                return
            self.spend[kind]()

    def swapping(self) -> None:
        self.heading("Trait Swapping")
        rate = self.rules.flowchart.swap_rates
        self.io.say(
            f"Trade at 1 gift = {rate_text(rate['gifts'], rate['attributes'], 'attribute rank')} = "
            f"{rate_text(rate['gifts'], rate['roles'], 'role point')} (EZ-6); no swapping after "
            "this step."
        )
        self.show()
        options = swap_options(self.rules)
        for i, swap in enumerate(options, 1):
            self.io.say(f"  {i}) {describe(swap)}")
        while True:
            answer = self.text(f"Swap (1-{len(options)}, Enter when done)")
            if not answer:
                self.io.say("  no more swapping (EZ-6)")
                return
            if not (answer.isdigit() and 1 <= int(answer) <= len(options)):
                self.io.say(f"  answer 1 to {len(options)}")
                continue
            swap = options[int(answer) - 1]
            if not self.attempt(apply_swap, swap):
                continue
            self.io.say(f"  swapped {describe(swap)}")
            for kind in overspent(self.c, self.rules):
                self.io.say(f"  the {kind} given away were spent: lower {kind} to balance (EZ-6)")
                self.spend[kind](lowering=True)
            for kind in ORDER:
                if getattr(swap, kind) > 0:
                    self.spend[kind]()
            self.show()

    def people(self) -> None:
        self.heading("People")
        people = self.text("People (e.g. Human; Enter for none)", prose=True)
        while True:
            answer = self.text("People package file (Enter for none)", prose=True)
            package = None
            if answer:
                try:
                    package = checked(PeoplePackage, read_people(Path(answer)), answer)
                except EzkitError as error:
                    self.reject(Problem("EZ-8", "people_package", str(error)))
                    continue
            if self.attempt(set_people, people, package):
                break
        if self.c.people_package:
            p = self.c.people_package
            self.io.say(
                f"  the {p.name} package applies (EZ-8): Mass Scale {self.c.effective().mass_scale}"
            )

    def other_numbers(self) -> None:
        self.heading("Other Numbers")
        low, high = self.rules.fudge_points.starting
        default = str(self.rules.fudge_points.default)
        while True:
            points = self.number(f"Fudge Points ({low}..{high})", default, "EZ-9")
            if self.attempt(set_fudge_points, points):
                break
        d, _ = derive(self.c.effective(), self.rules)
        self.io.say(
            f"  Resilience {ladder.signed(d.resilience)}, Reflexes {ladder.signed(d.reflexes)} "
            "(EZ-9)"
        )

    def weapons_and_armor(self) -> None:
        self.heading("Weapons and Armor")
        while name := self.text("Weapon (Enter when done)"):
            weapon: Weapon | None = Weapon(name=name)
            while weapon is not None:
                try:
                    self.c, stats = add_weapon(self.c, self.rules, weapon)
                except BuildError as error:
                    self.reject(error.problem)
                    weapon = self.weapon_numbers(name)
                    continue
                self.io.say(f"  {stats.name}: INJ {stats.inj} ({stats.how})")
                break
        while name := self.text("Armor (Enter for none)"):
            armor: Armor | None = Armor(name=name)
            while armor is not None and not self.attempt(set_armor, armor):
                bonus = self.text(
                    f"Armor bonus of {name} (Enter to name another armor)", prose=True
                )
                armor = (
                    Armor(name=name, bonus=int(bonus))
                    if re.fullmatch(r"[+-]?\d{1,6}", bonus)  # 5,000 digits: asked again
                    else None
                )
            if armor is not None:
                break
        d, _ = derive(self.c.effective(), self.rules)
        parts = " + ".join(f"{source} {value}" for source, value in d.cpd_parts)
        self.io.say(f"  CPD {d.cpd} ({parts}) (EZ-10)")

    def weapon_numbers(self, name: str) -> Weapon | None:
        """An off-table weapon: its damage factor (melee) or its INJ (ranged); None: another."""
        while True:
            answer = self.text(
                f"Damage factor of {name} (melee, as +2) or its INJ (ranged, as 'inj 4'); "
                "Enter to name another weapon"
            )
            if not answer:
                return None
            if m := _INJ.match(answer):
                return Weapon(name=name, kind="ranged", inj=int(m["n"]))
            if m := _FACTOR.match(answer):
                return Weapon(name=name, kind="melee", damage_factor=int(m["n"]))
            self.io.say(f"  {answer!r}: give a damage factor as +2, or an INJ as 'inj 4'")

    def tools(self) -> None:
        self.heading("Tools and Kit")
        # Each tool goes on the draft at once: `back` tells an answer taken from one refused
        # by the draft changing.
        while tool := self.text("Tool or kit (Enter when done)", prose=True):
            self.c = replace(self.c, tools=[*self.c.tools, tool])

    def description(self) -> None:
        self.heading("Description and Background")
        self.c = replace(
            self.c,
            description=self.text("Description, a paragraph (Enter for none)", prose=True),
            background=self.text("Background (Enter for none)", prose=True),
        )


def typed_problem(answer: str, prose: bool = False) -> str:
    """Why a typed answer breaks the rule of a name (model.Name) or, with `prose`, of a text
    (model.Text), or "" (an empty answer is fine: Enter for none). A lone surrogate is an
    undecodable byte of the input."""
    most = TEXT_MAX if prose else NAME_MAX
    if not answer:
        return ""
    if len(answer) > most:
        return f"is {len(answer):,} characters long; it may hold at most {most:,}"
    if half := [c for c in answer if "\ud800" <= c <= "\udfff"]:
        return f"holds {half[0]!a}, a byte that is no character (is the terminal UTF-8?)"
    if prose:
        bad = control_characters(answer, prose=True)
        why = f"holds the control character {bad[0]!a}" if bad else ""
    else:
        why = name_problem(answer)
    return f"{why}; type letters, digits, spaces and signs" if why else ""


def walk(io: Asker, rules: Rules, point_buy: bool = False) -> Character:
    """Ask for a whole character, the flowchart's way or point-buy's (EZ-7)."""
    return Walk(io, rules, point_buy).run()[0]


def walk_then(
    io: Asker, rules: Rules, finish: Callable[[Asker, Character], T], point_buy: bool = False
) -> tuple[Character, T]:
    """walk(), then finish(io, character) as its last step (`back` and `?` work there too)."""
    character, finished = Walk(io, rules, point_buy).run(finish)
    return character, cast(T, finished)
