"""The character being made and its changes: small pure functions that take the draft and
return it changed, or raise `BuildError` naming the rule the change breaks (`set_role`,
`set_attribute`, `add_gift`, `apply_swap`, ...), what each budget has left, and the ranks a
change would accept (`role_offers`, `attribute_offers`), all priced by check.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ezkit import ladder
from ezkit.character.check import (
    BUDGET_RULE,
    BUDGET_UNIT,
    attribute_range,
    build_points,
    flowchart_budgets,
    gift_weights,
    role_ranks,
    specialties,
    starting_fudge_points,
    swap_rates,
)
from ezkit.character.derived import WeaponStats, armor_bonus, weapon_stats
from ezkit.character.files import Problem
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
from ezkit.errors import RuleError
from ezkit.records import record
from ezkit.rules import Rules


class BuildError(RuleError):
    """A choice the build rules refuse; `problem` names the rule (EZ-2, EZ-3, ...)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(f"{problem.message} ({problem.rule})")


# --- budgets ------------------------------------------------------------------------------------


@record
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


def _key(text: str) -> str:
    """A name as names are compared here and in the walk: case and spacing ignored."""
    return " ".join(text.lower().split())


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
        roles[index] = replace(roles[index], rank=role.rank)
    return _guarded(c, replace(c, roles=roles), rules)


def set_attribute(c: Character, rules: Rules, key: str, rank: int) -> Character:
    """Raise or lower an attribute; lowering one gives its ranks back (EZ-2)."""
    attributes = replace(c.attributes, **{key: rank})
    return _guarded(c, replace(c, attributes=attributes), rules)


def add_gift(c: Character, rules: Rules, gift: Gift) -> Character:
    """Take a gift; a supernormal one counts as 2 gifts or more (EZ-5)."""
    if any(_key(g.name) == _key(gift.name) for g in c.gifts):
        raise BuildError(Problem("EZ-5", "gifts", f"{gift.name} is already taken"))
    return _guarded(c, replace(c, gifts=[*c.gifts, gift]), rules)


def drop_gift(c: Character, rules: Rules, name: str) -> Character:
    gifts = [g for g in c.gifts if _key(g.name) != _key(name)]
    if len(gifts) == len(c.gifts):
        known = ", ".join(g.name for g in c.gifts) or "none"
        raise BuildError(Problem("EZ-5", "gifts", f"no gift named {name!r} (gifts: {known})"))
    return _guarded(c, replace(c, gifts=gifts), rules)


def add_fault(c: Character, rules: Rules, fault: Fault) -> Character:
    """Take a fault: in the flowchart it buys one thing (EZ-5), in point-buy 4 points (EZ-7)."""
    if any(_key(f.name) == _key(fault.name) for f in c.faults):
        raise BuildError(Problem("EZ-5", "faults", f"{fault.name} is already taken"))
    if c.build == "flowchart" and fault.bought not in rules.flowchart.fault_buys:
        choices = ", ".join(rules.flowchart.fault_buys)
        raise BuildError(Problem("EZ-5", "faults", f"say what {fault.name} buys: {choices}"))
    return _guarded(c, replace(c, faults=[*c.faults, fault]), rules)


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
    after = replace(c, swaps=[*c.swaps, swap])
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
        lambda rank: set_role(c, rules, replace(role, rank=rank)),
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
    return _guarded(c, replace(c, people=name, people_package=package), rules)


def set_fudge_points(c: Character, rules: Rules, points: int) -> Character:
    """Starting Fudge Points, 1..5 (EZ-9)."""
    return _guarded(c, replace(c, fudge_points=points), rules)


def add_weapon(c: Character, rules: Rules, weapon: Weapon) -> tuple[Character, WeaponStats]:
    """Carry a weapon: a table row, or one with its damage factor or INJ (EZ-10)."""
    stats = weapon_stats(weapon, c.effective(), rules)
    if isinstance(stats, Problem):
        raise BuildError(Problem(stats.rule, "weapons", stats.message))
    return replace(c, weapons=[*c.weapons, weapon]), stats


def set_armor(c: Character, rules: Rules, armor: Armor | None) -> Character:
    """Wear armor: a table row, or one with its bonus (EZ-10)."""
    problems: list[Problem] = []
    armor_bonus(armor, rules, problems)
    if problems:
        raise BuildError(problems[0])
    return replace(c, armor=armor)
