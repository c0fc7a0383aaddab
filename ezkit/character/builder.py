"""Make a character one question at a time: the "Make A Character" flowchart, or point-buy.

Two layers:

- small pure functions that take a character (the draft so far) and return it changed, or raise
  BuildError naming the rule the change breaks (`set_role`, `set_attribute`, `add_gift`,
  `apply_swap`, ...). They price everything with check.py's own functions (`flowchart_budgets`,
  `build_points`, `role_cost` through them, `gift_weight`) and judge legality with check.py's own
  rules, so a choice the builder accepts is one `ezkit char check` accepts;
- `walk`, which asks the questions in the flowchart's order through an `Asker` (anything with
  `ask(text, default)` and `say(text)`), says what each step has left to spend and what each
  rank it offers costs (only ranks the change functions accept are offered), checks the budget
  before asking a role's or gift's details, and on an illegal answer says why, with the rule's
  ID, and asks again. `back` at any question goes back to the question before: the walk starts
  over and replays, silently, every answer but the last one accepted. The CLI hands it a
  `Console` over click.prompt and click.echo; tests hand it a script.

The draft is a `Character` from the first answer on, so every budget is the checker's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ezkit import ladder
from ezkit.character.check import (
    BUDGET_RULE,
    BUDGET_UNIT,
    KINDS,
    attribute_range,
    build_points,
    flowchart_budgets,
    gift_weight,
    gift_weights,
    role_ranks,
    specialties,
    starting_fudge_points,
    swap_rates,
)
from ezkit.character.derived import WeaponStats, armor_bonus, derive, weapon_stats
from ezkit.character.files import Problem, read_people
from ezkit.character.model import (
    Armor,
    Attributes,
    Character,
    Fault,
    Gift,
    PeoplePackage,
    Role,
    Swap,
    Weapon,
)
from ezkit.errors import EzkitError, RankError, RuleError
from ezkit.rules import Rules
from ezkit.yamlio import dump_yaml

# --- the asking interface ---------------------------------------------------------------------


class Asker(Protocol):
    """Where the questions go: `ask` returns the answer ("" for a blank one), `say` prints."""

    def ask(self, text: str, default: str = "") -> str: ...

    def say(self, text: str) -> None: ...


@dataclass
class Console:
    """An Asker over two functions: the CLI passes click.prompt and click.echo."""

    prompt: Callable[[str, str], str]
    echo: Callable[[str], None]

    def ask(self, text: str, default: str = "") -> str:
        return self.prompt(text, default)

    def say(self, text: str) -> None:
        self.echo(text)


class BuildError(RuleError):
    """A choice the build rules refuse; `problem` names the rule (EZ-2, EZ-3, ...)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(f"{problem.message} ({problem.rule})")


# --- budgets ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Left:
    """What one budget has left: `role points: 6 of 10 left`."""

    unit: str
    left: int
    available: int
    rule: str

    def __str__(self) -> str:
        if self.left < 0:
            return f"{self.unit}: {-self.left} over, {self.available} available"
        return f"{self.unit}: {self.left} of {self.available} left"


POINTS = "build"  # the one budget of a point-buy character


def budgets(c: Character, rules: Rules) -> dict[str, Left]:
    """Each budget's remainder: roles, attributes, gifts (EZ-2/3/5/6), or build points (EZ-7)."""
    if c.build == "point-buy":
        limit = rules.point_buy.build_points
        return {POINTS: Left("build points", limit - build_points(c, rules), limit, "EZ-7")}
    return {
        kind: Left(BUDGET_UNIT[kind], b.available - b.spent, b.available, BUDGET_RULE[kind])
        for kind, b in flowchart_budgets(c, rules).items()
    }


def _count(n: int, unit: str) -> str:
    return f"{n} {unit[:-1] if abs(n) == 1 and unit.endswith('s') else unit}"


def _over_budget(before: Character, after: Character, rules: Rules) -> Problem | None:
    """A change that spends more than a budget has left (a lowering is always allowed)."""
    was = budgets(before, rules)
    for kind, now in budgets(after, rules).items():
        if now.left < 0 and now.left < was[kind].left:
            cost = was[kind].left - now.left
            left = max(was[kind].left, 0)
            return Problem(
                now.rule,
                kind,
                f"that costs {_count(cost, now.unit)}, more than are left "
                f"({left} of {now.available})",
            )
    return None


# Legality as the checker judges it: ranges, one Great role, no Superb role, specialties,
# gift weights, starting Fudge Points.
_LEGALITY = (attribute_range, role_ranks, specialties, gift_weights, starting_fudge_points)


def _errors(c: Character, rules: Rules) -> list[Problem]:
    errors: list[Problem] = []
    for rule in _LEGALITY:
        rule(c, rules, errors, [])
    return errors


def _guarded(before: Character, after: Character, rules: Rules) -> Character:
    """`after`, unless the change brings a new error or overspends a budget."""
    old = {(p.rule, p.message) for p in _errors(before, rules)}
    for problem in _errors(after, rules):
        if (problem.rule, problem.message) not in old:
            raise BuildError(problem)
    problem = _over_budget(before, after, rules)
    if problem:
        raise BuildError(problem)
    return after


# --- the draft and its changes ------------------------------------------------------------------


def start(name: str, rules: Rules, point_buy: bool = False) -> Character:
    """A new draft: attributes at their default (Fair, or Mediocre in point-buy), no roles."""
    default = rules.point_buy.default_attribute if point_buy else rules.flowchart.default_attribute
    attributes = Attributes(**{key.lower(): default for key in rules.attributes})
    return Character(
        name=name,
        build="point-buy" if point_buy else "flowchart",
        attributes=attributes,
        fudge_points=rules.fudge_points.default,
    )


def find_role(c: Character, label: str) -> Role | None:
    """The character's role written as `Name` or `Name (Specialty)`, any case."""
    key = _key(label)
    return next((r for r in c.roles if _key(r.label) == key), None)


def set_role(c: Character, rules: Rules, role: Role) -> Character:
    """Buy a role, or change the rank of one bought (Poor drops it: a role not taken, EZ-3)."""
    roles = list(c.roles)
    index = next((i for i, r in enumerate(roles) if _key(r.label) == _key(role.label)), None)
    if role.rank <= rules.flowchart.default_role:
        if index is None:
            poor = ladder.label(rules.flowchart.default_role)
            raise BuildError(
                Problem(
                    "EZ-3",
                    "roles",
                    f"{role.label} at {ladder.label(role.rank)}: a role not taken is already "
                    f"{poor} for free; buy {ladder.label(rules.flowchart.default_role + 1)} "
                    "or better",
                )
            )
        del roles[index]
    elif index is None:
        roles.append(role)
    else:
        roles[index] = roles[index].model_copy(update={"rank": role.rank})
    return _guarded(c, c.model_copy(update={"roles": roles}), rules)


def set_attribute(c: Character, rules: Rules, key: str, rank: int) -> Character:
    """Raise or lower an attribute; lowering one gives its ranks back (EZ-2)."""
    attributes = c.attributes.model_copy(update={key: rank})
    return _guarded(c, c.model_copy(update={"attributes": attributes}), rules)


def add_gift(c: Character, rules: Rules, gift: Gift) -> Character:
    """Take a gift; a supernormal one counts as 2 gifts or more (EZ-5)."""
    if any(_key(g.name) == _key(gift.name) for g in c.gifts):
        raise BuildError(Problem("EZ-5", "gifts", f"{gift.name} is already taken"))
    return _guarded(c, c.model_copy(update={"gifts": [*c.gifts, gift]}), rules)


def drop_gift(c: Character, rules: Rules, name: str) -> Character:
    gifts = [g for g in c.gifts if _key(g.name) != _key(name)]
    if len(gifts) == len(c.gifts):
        known = ", ".join(g.name for g in c.gifts) or "none"
        raise BuildError(Problem("EZ-5", "gifts", f"no gift named {name!r} (gifts: {known})"))
    return _guarded(c, c.model_copy(update={"gifts": gifts}), rules)


def add_fault(c: Character, rules: Rules, fault: Fault) -> Character:
    """Take a fault: in the flowchart it buys one thing (EZ-5), in point-buy 4 points (EZ-7)."""
    if any(_key(f.name) == _key(fault.name) for f in c.faults):
        raise BuildError(Problem("EZ-5", "faults", f"{fault.name} is already taken"))
    if c.build == "flowchart" and fault.bought not in rules.flowchart.fault_buys:
        choices = ", ".join(rules.flowchart.fault_buys)
        raise BuildError(Problem("EZ-5", "faults", f"say what {fault.name} buys: {choices}"))
    return _guarded(c, c.model_copy(update={"faults": [*c.faults, fault]}), rules)


ORDER = ("gifts", "attributes", "roles")  # how trades are written, and spent


def describe(amounts: dict[str, int] | Swap) -> str:
    """`1 attribute rank + 2 role points`; a swap as `1 gift -> 2 attribute ranks`."""
    if isinstance(amounts, Swap):
        given = {k: -getattr(amounts, k) for k in ORDER if getattr(amounts, k) < 0}
        got = {k: getattr(amounts, k) for k in ORDER if getattr(amounts, k) > 0}
        return f"{describe(given)} -> {describe(got)}"
    return " + ".join(_count(n, BUDGET_UNIT[kind]) for kind, n in amounts.items())


def swap_options(rules: Rules) -> list[Swap]:
    """The trade menu from the swap rates (EZ-6), each way: 1 gift <-> 2 attribute ranks,
    1 gift <-> 4 role points, 1 attribute rank <-> 2 role points, and the book's own
    Jason Free trade, 1 gift <-> 1 attribute rank + 2 role points (what a fault may buy)."""
    rate = rules.flowchart.swap_rates
    trades: list[dict[str, int]] = []
    for big, small in (("gifts", "attributes"), ("gifts", "roles"), ("attributes", "roles")):
        if rate[big] % rate[small] == 0:
            trades.append({big: -1, small: rate[big] // rate[small]})
    rest = rate["gifts"] - rate["attributes"]
    if rest > 0 and rest % rate["roles"] == 0:
        trades.append({"gifts": -1, "attributes": 1, "roles": rest // rate["roles"]})
    options = []
    for trade in trades:
        options.append(Swap(**trade))
        options.append(Swap(**{kind: -n for kind, n in trade.items()}))
    return options


def _least_spent(kind: str, rules: Rules) -> int:
    """The least a budget can spend: nothing, or every attribute at the bottom (EZ-2)."""
    if kind != "attributes":
        return 0
    low = rules.attribute_range[0]
    return (low - rules.flowchart.default_attribute) * len(rules.attributes)


def apply_swap(c: Character, rules: Rules, swap: Swap) -> Character:
    """Record a trait swap (EZ-6). It may leave a budget overspent: see `overspent`."""
    if c.build != "flowchart":
        raise BuildError(Problem("EZ-7", "swaps", "no swapping in point-buy"))
    after = c.model_copy(update={"swaps": [*c.swaps, swap]})
    errors: list[Problem] = []
    swap_rates(after, rules, errors, [])
    if errors:
        raise BuildError(errors[0])
    for kind, left in budgets(after, rules).items():
        if getattr(swap, kind) < 0 and left.available < _least_spent(kind, rules):
            have = budgets(c, rules)[kind].available
            raise BuildError(
                Problem("EZ-6", "swaps", f"there are only {_count(have, left.unit)} to give")
            )
    return after


def overspent(c: Character, rules: Rules) -> dict[str, int]:
    """Budgets spent beyond what they have, and by how much."""
    return {kind: -b.left for kind, b in budgets(c, rules).items() if b.left < 0}


def _offers(
    c: Character,
    rules: Rules,
    kind: str,
    ranks: range,
    change: Callable[[int], Character],
    skip: int | None,
) -> list[tuple[int, int]]:
    """The ranks `change` accepts but `skip` (the rank now), each with what it costs now
    (negative: given back).

    Each rank is tried, so an offer is exactly what the change accepts: budget, one Great role,
    range, required-specialty prices (EZ-2..EZ-4, EZ-7)."""
    key = POINTS if c.build == "point-buy" else kind
    before = budgets(c, rules)[key].left
    offers = []
    for rank in ranks:
        if rank == skip:
            continue
        try:
            after = change(rank)
        except BuildError:
            continue
        offers.append((rank, before - budgets(after, rules)[key].left))
    return offers


def role_offers(c: Character, rules: Rules, role: Role) -> list[tuple[int, int]]:
    """The ranks `role` may be bought at or changed to now, with their costs (EZ-3, EZ-4)."""
    chart = rules.flowchart
    taken = find_role(c, role.label)
    low = chart.default_role if taken else chart.default_role + 1  # Poor drops a role taken
    ranks = range(low, chart.max_starting_role + 1)
    return _offers(
        c,
        rules,
        "roles",
        ranks,
        lambda rank: set_role(c, rules, role.model_copy(update={"rank": rank})),
        skip=taken.rank if taken else None,
    )


def attribute_offers(c: Character, rules: Rules, key: str) -> list[tuple[int, int]]:
    """The ranks attribute `key` may be changed to now, with their costs (EZ-2, EZ-7)."""
    low, high = rules.attribute_range
    now = getattr(c.attributes, key)
    ranks = range(low, high + 1)
    return _offers(
        c, rules, "attributes", ranks, lambda rank: set_attribute(c, rules, key, rank), skip=now
    )


def describe_offers(
    offers: list[tuple[int, int]], left: Left, now: int | None = None, drop: int | None = None
) -> str:
    """`Fair (+1) for 2, Good (+2) for 3 role points (3 of 10 left); Poor (-1) drops it and
    gives 1 back`: what each rank costs, or gives back, from the rank `now` (None: not taken;
    `drop`: the rank that drops the trait)."""
    raises = [(rank, cost) for rank, cost in offers if now is None or rank > now]
    lowers = sorted(((rank, -cost) for rank, cost in offers if now is not None and rank < now))
    if left.left >= 0:
        spare = f"({left.left} of {left.available} left)"
    else:  # a swap gave away what was spent (EZ-6)
        spare = f"({_count(-left.left, left.unit)} over)"
    more = "" if now is None else " more"
    if raises:
        *first, (top, top_cost) = raises
        prices = [f"{ladder.label(rank)} for {cost}" for rank, cost in first]
        unit = _count(top_cost, left.unit).split(" ", 1)[1]  # "1 role point": its unit
        prices.append(f"{ladder.label(top)} for {top_cost}{more} {unit}")
        parts = [f"{', '.join(prices)} {spare}"]
    else:
        parts = [f"no{' higher' if more else ''} rank to buy {spare}"]
    refunds = []
    for rank, refund in reversed(lowers):
        dropped = " drops it and" if drop is not None and rank <= drop else ""
        refunds.append(f"{ladder.label(rank)}{dropped} gives {refund or 'nothing'} back")
    return "; ".join([*parts, ", ".join(refunds)] if refunds else parts)


def set_people(c: Character, rules: Rules, people: str, package: PeoplePackage | None) -> Character:
    """The character's people and package (EZ-8); a package's cost counts in point-buy (EZ-7)."""
    name = people or (package.name if package else "")
    return _guarded(c, c.model_copy(update={"people": name, "people_package": package}), rules)


def set_fudge_points(c: Character, rules: Rules, points: int) -> Character:
    """Starting Fudge Points, 1..5 (EZ-9)."""
    return _guarded(c, c.model_copy(update={"fudge_points": points}), rules)


def add_weapon(c: Character, rules: Rules, weapon: Weapon) -> tuple[Character, WeaponStats]:
    """Carry a weapon: a table row, or one with its damage factor or INJ (EZ-10)."""
    stats = weapon_stats(weapon, c.effective(), rules)
    if isinstance(stats, Problem):
        raise BuildError(Problem(stats.rule, "weapons", stats.message))
    return c.model_copy(update={"weapons": [*c.weapons, weapon]}), stats


def set_armor(c: Character, rules: Rules, armor: Armor | None) -> Character:
    """Wear armor: a table row, or one with its bonus (EZ-10)."""
    problems: list[Problem] = []
    armor_bonus(armor, rules, problems)
    if problems:
        raise BuildError(problems[0])
    return c.model_copy(update={"armor": armor})


# --- the file -----------------------------------------------------------------------------------


def file_name(name: str) -> str:
    """`Jason Free` -> `jason-free.yaml`."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return f"{slug or 'character'}.yaml"


_ALWAYS = {"schema_version", "name", "build", "attributes", "fudge_points"}


def to_document(c: Character) -> dict[str, Any]:
    """The character file's content: defaults left out, except what a reader wants to see."""
    full = c.to_document()
    lean = c.model_dump(mode="json", exclude_defaults=True)
    return {key: lean.get(key, full[key]) for key in full if key in lean or key in _ALWAYS}


def to_yaml(c: Character) -> str:
    header = f"# {c.name}, made with `ezkit char new` ({c.build}).\n"
    return header + dump_yaml(to_document(c))


def output_path(io: Asker, path: Path) -> Path | None:
    """Where to write: `path`, unless it exists and the user does not confirm (None: nowhere)."""
    while path.exists():
        if yes_no(io, f"{path} exists. Overwrite it?", False):
            return path
        answer = io.ask("File to write instead (Enter to write nothing)", "").strip()
        if not answer:
            return None
        path = Path(answer)
    return path


# --- asking -------------------------------------------------------------------------------------


def yes_no(io: Asker, text: str, default: bool) -> bool:
    while True:
        answer = io.ask(text, "y" if default else "n").strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        io.say(f"  answer y or n, not {answer!r}")


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _is_rank(text: str) -> bool:
    """Is the answer a rank written whole (`Good`, `+2`, `Good (+2)`), not a name?"""
    try:
        rank = ladder.parse(text)
    except RankError:
        return False
    return any(ch.isdigit() for ch in text) or _key(text) == ladder.name(rank).lower()


_WITH_SPECIALTY = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<specialty>[^()]+)\)$")
_FACTOR = re.compile(r"^(?:factor\s*)?(?P<n>[+-]?\d{1,3})$", re.I)
_INJ = re.compile(r"^inj\s*(?P<n>[+-]?\d{1,3})$", re.I)


BACK = "back"
HELP = (
    "Answer each question and press Enter; Enter alone takes the [default] or ends a list.\n"
    f"Type {BACK} at any question to go back to the question before and answer it again; "
    "? shows this help."
)


class _Back(Exception):
    """The player typed `back`: the walk starts over, replaying every answer but the undone."""


@dataclass(frozen=True)
class _Answer:
    question: str
    answer: str
    draft: Character  # the draft as it was when the question was asked


class _Tape:
    """The Walk's Asker: keeps every answer, so that `back` can replay all but the last.

    Replaying from the start, rather than undoing each change, keeps one way through the
    steps: whatever the answers did (budgets, swaps, sub-questions) is done again exactly."""

    def __init__(self, io: Asker, draft: Callable[[], Character]) -> None:
        self.io, self.draft = io, draft
        self.answers: list[_Answer] = []
        self.replay: list[str] = []

    def ask(self, text: str, default: str = "") -> str:
        if self.replay:
            answer = self.replay.pop(0)
        else:
            answer = self.io.ask(text, default)
            while answer.strip().lower() in (BACK, "?"):
                if answer.strip() == "?":
                    self.io.say(HELP)
                elif self.undo(text):
                    raise _Back
                else:
                    self.io.say(f"  nothing to go {BACK} to: this is the first question")
                answer = self.io.ask(text, default)
        self.answers.append(_Answer(text, answer, self.draft()))
        return answer

    def say(self, text: str) -> None:
        if not self.replay:  # a replay is silent: it was all said before
            self.io.say(text)

    def undo(self, question: str) -> bool:
        """Forget the last accepted answer, and the refused tries around it. False: none."""

        # A refused answer changed nothing and its question was asked again at once.
        def refused(a: _Answer, question: str, draft: Character) -> bool:
            return a.question == question and a.draft == draft

        kept, draft = list(self.answers), self.draft()
        while kept and refused(kept[-1], question, draft):
            kept.pop()
        if not kept:
            return False
        last = kept.pop()
        while kept and refused(kept[-1], last.question, last.draft):
            kept.pop()
        self.answers = kept
        return True

    def rewind(self) -> None:
        """Replay the answers kept, from the first question."""
        self.replay, self.answers = [a.answer for a in self.answers], []


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

    def text(self, question: str, default: str = "") -> str:
        return self.io.ask(question, default).strip()

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
            answer = self.text(question, default)
            try:
                return int(answer)
            except ValueError:
                self.reject(Problem(rule, "", f"{answer!r} is not a whole number"))

    def rank(self, question: str, default: str = "") -> int | None:
        """A rank on the Ladder (EZ-1), asked until it is one; None for a blank answer."""
        while True:
            answer = self.text(question, default)
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

    def run(self) -> Character:
        """Every step; `back` starts them over with the answers kept replayed silently."""
        while True:
            try:
                return self.steps()
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
        self.c = self.c.model_copy(
            update={
                "name": name,
                "player": self.text("Player (Enter for none)"),
                "idea": self.text("Idea: what kind of character (Enter for none)"),
            }
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
            if self.attempt(set_role, role.model_copy(update={"rank": rank})):
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
            answer = self.text(f"Specialty of {name} ({hint})")
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
            f"Trade at 1 gift = {rate['gifts'] // rate['attributes']} attribute ranks = "
            f"{rate['gifts'] // rate['roles']} role points (EZ-6); no swapping after this step."
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
        people = self.text("People (e.g. Human; Enter for none)")
        while True:
            answer = self.text("People package file (Enter for none)")
            package = None
            if answer:
                try:
                    package = PeoplePackage.model_validate(read_people(Path(answer)))
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
                bonus = self.text(f"Armor bonus of {name} (Enter to name another armor)")
                armor = (
                    Armor(name=name, bonus=int(bonus)) if re.fullmatch(r"[+-]?\d+", bonus) else None
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
        while tool := self.text("Tool or kit (Enter when done)"):
            self.c = self.c.model_copy(update={"tools": [*self.c.tools, tool]})

    def description(self) -> None:
        self.heading("Description and Background")
        self.c = self.c.model_copy(
            update={
                "description": self.text("Description, a paragraph (Enter for none)"),
                "background": self.text("Background (Enter for none)"),
            }
        )


def walk(io: Asker, rules: Rules, point_buy: bool = False) -> Character:
    """Ask for a whole character, the flowchart's way or point-buy's (EZ-7)."""
    return Walk(io, rules, point_buy).run()
