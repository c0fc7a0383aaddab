"""Is this character built within the rules? Both ways: the flowchart and point-buy.

Every rule is a small function that returns the problems it finds, so one
check lists every violation at once. The build is checked as it was made:
improvements bought later with Experience are undone first (`as_built`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ezkit import ladder
from ezkit.character.derived import Derived, derive
from ezkit.character.files import Problem
from ezkit.character.model import Attributes, Character, Gift, HistoryEntry, Role
from ezkit.records import record
from ezkit.rules import Rules
from ezkit.words import plural

KINDS = ("roles", "attributes", "gifts")


@record
class Budget:
    """What the build spent of one kind of trait, against what it had."""

    spent: int
    available: int

    def as_dict(self) -> dict[str, int]:
        return {"spent": self.spent, "available": self.available}


@record(frozen=False)
class Report:
    character: Character
    errors: list[Problem]
    warnings: list[Problem]
    budgets: dict[str, Budget]
    build_points: int
    derived: Derived

    @property
    def valid(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict[str, object]:
        return {
            "name": self.character.name,
            "build": self.character.build,
            "valid": self.valid,
            "errors": [p.as_dict() for p in self.errors],
            "warnings": [p.as_dict() for p in self.warnings],
            "build_points": self.build_points,
            "budgets": {kind: b.as_dict() for kind, b in self.budgets.items()},
            "derived": self.derived.as_dict(),
        }


def check(character: Character, rules: Rules) -> Report:
    """Every violation of the build rules, the budgets, build points and derived values."""
    built = as_built(character, rules.flowchart.default_role)
    errors: list[Problem] = []
    warnings: list[Problem] = []
    for rule in (attribute_range, role_ranks, specialties, gift_weights, starting_fudge_points):
        rule(built, rules, errors, warnings)
    if built.build == "flowchart":
        budgets = flowchart_budgets(built, rules)
        fault_purchases(built, rules, errors, warnings)
        swap_rates(built, rules, errors, warnings)
        budget_limits(budgets, errors, warnings)
    else:
        budgets = {}
        point_buy_rules(built, rules, errors, warnings)
    history_costs(character, rules, errors)
    derived, weapon_problems = derive(character.effective(), rules)
    errors += weapon_problems
    return Report(character, errors, warnings, budgets, build_points(built, rules), derived)


# --- the history: what each change cost (EZ-12, EZ-13) ------------------------------


def history_costs(character: Character, rules: Rules, errors: list) -> None:
    """Every entry of the history moved the points as the rules price it: an award gives,
    a spend takes, a conversion at the rates of EZ-12, an improvement one step at its cost
    in the XP table (EZ-13, at the rank in play), a gift or a fault at theirs, and nothing
    else moves points. The build is checked with the history undone (`as_built`): a history
    that had cost nothing would have made any character out of a valid one."""
    for number, entry in enumerate(character.history):  # from 0, as every path counts
        if why := _entry_problem(entry, character, rules):
            rule, text = why
            errors.append(Problem(rule, f"history[{number}]", f"{entry.kind}: {text}"))


def _entry_problem(entry: HistoryEntry, c: Character, rules: Rules) -> tuple[str, str] | None:
    fp, xp, kind = entry.fudge_points, entry.experience, entry.kind
    moved = f"{fp:+d} Fudge Points and {xp:+d} XP"
    if kind == "award":
        return None if fp >= 0 and xp >= 0 else ("EZ-12", f"{moved}; an award only gives")
    if kind == "spend":
        return None if fp <= 0 and xp <= 0 else ("EZ-12", f"{moved}; spending only takes")
    if kind == "convert":
        to_xp = fp < 0 < xp and -fp == xp * rules.fudge_points.per_experience_point
        to_fp = xp < 0 < fp and fp == -xp * rules.fudge_points.back_conversion
        rates = (
            f"{rules.fudge_points.per_experience_point} Fudge Points make 1 XP, 1 XP makes "
            f"{rules.fudge_points.back_conversion}"
        )
        return None if to_xp or to_fp else ("EZ-12", f"{moved}; {rates}")
    if kind == "improve":
        return _improve_problem(entry, c, rules)
    cost = {"add-gift": rules.experience.add_gift, "remove-fault": rules.experience.remove_fault}
    if kind in cost:
        paid = fp == 0 and xp == -cost[kind]
        return None if paid else ("EZ-13", f"{moved}; it costs {cost[kind]} XP")
    return None if fp == xp == 0 else ("EZ-12", f"{moved}; it moves no points")


def _improve_problem(entry: HistoryEntry, c: Character, rules: Rules) -> tuple[str, str] | None:
    """One rank up (a role from the better of its own and its people package's rank, as
    `char improve` raises it), paid at the XP table's cost of the rank in play."""
    low, high, trait = entry.from_rank, entry.to_rank, entry.trait or "?"
    played = ranks_in_play(entry, c)
    if played is None or entry.trait_kind is None or low is None or high is None:
        return ("EZ-13", f"{trait}: an improvement names its trait and both ranks")
    in_play = played[0]
    # an attribute's stored rank goes one up (the package's change on top); a role's rank in
    # play, raised one rank, is stored
    raised = low + 1 if entry.trait_kind == "attribute" else in_play + 1
    if high != raised:
        return ("EZ-13", f"{trait} from {low:+d} to {high:+d}; an improvement is one rank up")
    cost = rules.improve_cost(entry.trait_kind, in_play)
    if entry.fudge_points != 0 or entry.experience != -cost:
        return (
            "EZ-13",
            f"{trait} to {ladder.label(high)} moved {entry.fudge_points:+d} Fudge Points and "
            f"{entry.experience:+d} XP; by the rules in force it costs {cost} XP (bought under "
            "house rules? check it with them: --rules FILE)",
        )
    return None


def ranks_in_play(entry: HistoryEntry, c: Character) -> tuple[int, int] | None:
    """An improvement's ranks before and after as played, the people package applied
    (EZ-8), from the ranks its entry keeps as stored: an attribute's as built, the package's
    change on top; a role's own (the default when the character had it only from the
    package, or not at all), the better of it and the package's. None when the entry is
    not an improvement with both ranks."""
    low, high, trait = entry.from_rank, entry.to_rank, entry.trait or ""
    if entry.trait_kind is None or low is None or high is None:
        return None
    if entry.trait_kind == "attribute":
        change = _package_change(c, trait)
        return low + change, high + change
    package = _package_rank(c, trait)
    return max(low, package), max(high, package)


def _package_change(c: Character, attribute: str) -> int:
    package = c.people_package
    return package.attributes.get(attribute.lower(), 0) if package else 0


def _package_rank(c: Character, label: str) -> int:
    """The people package's rank of the role `label` names (below the Ladder when it has
    none): the package's role that `effective()` sets against the character's own, of the
    same name in any case and the same specialty as written."""
    package = c.people_package
    own = next((r for r in c.roles if r.label.lower() == label.lower()), None)
    if package is None or own is None:
        return -ladder.LIMIT - 1
    key = (own.name.lower(), own.specialty)
    ranks = [r.rank for r in package.roles if (r.name.lower(), r.specialty) == key]
    return max(ranks, default=-ladder.LIMIT - 1)


# --- the build as it was made -------------------------------------------------


def as_built(character: Character, default_role: int = -1) -> Character:
    """The character before any Experience was spent: history undone, newest first. A role
    improved from `default_role` (the rank of a role not taken: the book's Poor, a house
    rule's own) was bought new, and is taken away."""
    attributes = character.attributes.ranks()
    roles = [replace(r) for r in character.roles]
    gifts = list(character.gifts)
    faults = list(character.faults)
    fudge_points, experience = character.fudge_points, character.experience
    for entry in reversed(character.history):
        fudge_points -= entry.fudge_points
        experience -= entry.experience
        if entry.kind == "improve" and entry.trait and entry.from_rank is not None:
            if entry.trait_kind == "attribute":
                attributes[entry.trait.lower()] = entry.from_rank
            else:
                roles = _unimprove(roles, entry.trait, entry.from_rank, default_role)
        elif entry.kind == "add-gift" and entry.gift:
            gifts = _without(gifts, entry.gift.name)
        elif entry.kind == "remove-fault" and entry.fault:
            faults = [*faults, entry.fault]
    return replace(
        character,
        attributes=Attributes(**attributes),
        roles=roles,
        gifts=gifts,
        faults=faults,
        fudge_points=fudge_points,
        experience=experience,
    )


def _unimprove(roles: list[Role], label: str, from_rank: int, default_role: int) -> list[Role]:
    result = []
    for role in roles:
        if role.label.lower() == label.lower():
            if from_rank <= default_role:  # bought from the untaken default: not there
                continue
            role = replace(role, rank=from_rank)
        result.append(role)
    return result


def _without(items: list, name: str) -> list:
    for i, item in enumerate(items):
        if item.name.lower() == name.lower():
            return items[:i] + items[i + 1 :]
    return items


# --- rules for both build methods -----------------------------------------------


def attribute_range(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-2: attributes lie within Terrible..Superb."""
    low, high = rules.attribute_range
    for key, rank in c.attributes.ranks().items():
        if not low <= rank <= high:
            errors.append(
                Problem(
                    "EZ-2",
                    f"attributes.{key}",
                    f"{key.capitalize()} is {ladder.label(rank)}; a new character's attributes "
                    f"lie within {ladder.name(low)}..{ladder.name(high)}",
                )
            )


def role_ranks(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-3: roles Poor..Great, at most one Great; 4 to 6 roles recommended."""
    chart = rules.flowchart
    greats = 0
    for i, role in enumerate(c.roles):
        path = f"roles[{i}].rank"
        if role.rank < chart.default_role:
            errors.append(
                Problem(
                    "EZ-3",
                    path,
                    f"{role.label} is {ladder.label(role.rank)}; a role not taken is already "
                    f"{ladder.label(chart.default_role)} for free, so none is bought lower",
                )
            )
        elif role.rank == chart.default_role:
            warnings.append(
                Problem(
                    "EZ-3",
                    path,
                    f"{role.label} at {ladder.label(role.rank)} is what a role not taken is",
                )
            )
        if role.rank > chart.max_starting_role:
            errors.append(
                Problem(
                    "EZ-3",
                    path,
                    f"{role.label} is {ladder.label(role.rank)}; a starting character's best role "
                    f"is {ladder.label(chart.max_starting_role)}",
                )
            )
        elif role.rank == chart.max_starting_role:
            greats += 1
            if greats > chart.great_roles:
                errors.append(
                    Problem(
                        "EZ-3",
                        path,
                        f"{role.label} is a second {ladder.name(role.rank)} role; a starting "
                        f"character has at most {chart.great_roles}, however many points he has",
                    )
                )
    low, high = chart.recommended_roles
    if not low <= len(c.roles) <= high:
        roles = plural(len(c.roles), "role")
        warnings.append(Problem("EZ-3", "roles", f"{roles}; {low} to {high} is a good set"))


def specialties(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-4: a required specialty must be named; the same role and specialty only once."""
    seen: Counter[tuple[str, str | None]] = Counter()
    for i, role in enumerate(c.roles):
        if role.specialty_required and not role.specialty:
            errors.append(
                Problem(
                    "EZ-4",
                    f"roles[{i}].specialty",
                    f"{role.name} must be specialized (the GM's rule); name its specialty",
                )
            )
        key = (role.name.lower(), (role.specialty or "").lower() or None)
        seen[key] += 1
        if seen[key] == 2:
            errors.append(
                Problem("EZ-4", f"roles[{i}]", f"{role.label} is listed twice; list a role once")
            )


def gift_weights(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-5: a supernormal gift counts as 2 gifts at least."""
    least = rules.flowchart.supernormal_gift_weight
    for i, gift in enumerate(c.gifts):
        if gift.supernormal and gift.weight is not None and gift.weight < least:
            errors.append(
                Problem(
                    "EZ-5",
                    f"gifts[{i}].weight",
                    f"{gift.name} is supernormal and counts as {least} gifts at least, "
                    f"not {gift.weight}",
                )
            )
        elif gift.weight is not None and gift.weight < 1:
            errors.append(
                Problem("EZ-5", f"gifts[{i}].weight", f"{gift.name} must count as 1 gift or more")
            )


def gift_weight(gift: Gift, rules: Rules) -> int:
    """How many gifts a gift counts as (EZ-5)."""
    if gift.weight is not None:
        return gift.weight
    return rules.flowchart.supernormal_gift_weight if gift.supernormal else 1


def starting_fudge_points(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-9: the GM gives a starting character 1 to 5 Fudge Points."""
    low, high = rules.fudge_points.starting
    if not low <= c.fudge_points <= high:
        # Only a character with a history was counted back to its start (as_built).
        undone = " (history undone)" if c.history else ""
        errors.append(
            Problem(
                "EZ-9",
                "fudge_points",
                f"the character started with {c.fudge_points} Fudge Points{undone}; "
                f"a starting character has {low} to {high}",
            )
        )


# --- the flowchart ---------------------------------------------------------------


def role_cost(role: Role, extra_specialty: bool) -> int:
    """EZ-3: rank + 1; EZ-4: a further specialty of a required-specialty role costs its rank
    (never below 0: a role not taken costs nothing and refunds nothing)."""
    return max(role.rank, 0) if extra_specialty else role.rank + 1


def extra_specialties(roles: list[Role], default_role: int) -> list[bool]:
    """Which roles are second or later specialties of a required-specialty role (EZ-4).

    A specialty at the rank of a role not taken (EZ-3's Poor) is not the first one taken:
    listed first, it had made the real first specialty cost one point less."""
    seen: set[str] = set()
    extras = []
    for role in roles:
        key = role.name.lower()
        extras.append(role.specialty_required and key in seen)
        if role.specialty_required and role.rank > default_role:
            seen.add(key)
    return extras


def fault_purchases(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-5: in the flowchart, each fault says what it bought."""
    buys = rules.flowchart.fault_buys
    for i, fault in enumerate(c.faults):
        if fault.bought is None:
            errors.append(
                Problem(
                    "EZ-5",
                    f"faults[{i}].bought",
                    f"say what {fault.name} bought: one of {', '.join(buys)}",
                )
            )


def rate_text(worth: int, unit: int, name: str) -> str:
    """What one thing of `worth` role points makes in things of `unit`: `2 attribute ranks`,
    `1.5 attribute ranks` under house rules that do not divide evenly."""
    n = worth / unit
    shown = f"{n:g}" if n != int(n) else str(int(n))
    return f"{shown} {name}{'' if n == 1 else 's'}"


def swap_rates(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-6: traits swap at 1 gift = 2 attribute ranks = 4 role points, in any direction."""
    rates = rules.flowchart.swap_rates
    for i, swap in enumerate(c.swaps):
        worth = {kind: getattr(swap, kind) * rates[kind] for kind in KINDS}
        net = sum(worth.values())
        if net:
            parts = ", ".join(f"{getattr(swap, k):+d} {k}" for k in KINDS if getattr(swap, k))
            errors.append(
                Problem(
                    "EZ-6",
                    f"swaps[{i}]",
                    f"the swap {parts or 'of nothing'} does not balance ({net:+d} role points): "
                    f"1 gift = {rate_text(rates['gifts'], rates['attributes'], 'attribute rank')} "
                    f"= {rate_text(rates['gifts'], rates['roles'], 'role point')}, 1 attribute "
                    f"rank = {rate_text(rates['attributes'], rates['roles'], 'role point')}",
                )
            )
        elif sum(1 for k in KINDS if getattr(swap, k)) < 2:
            warnings.append(Problem("EZ-6", f"swaps[{i}]", "the swap trades nothing"))


def flowchart_budgets(c: Character, rules: Rules) -> dict[str, Budget]:
    """Spent against available for roles, attribute ranks and gifts (EZ-2, EZ-3, EZ-5, EZ-6)."""
    chart = rules.flowchart
    available = {"roles": chart.role_points, "attributes": chart.attribute_ranks}
    available["gifts"] = chart.gifts
    for fault in c.faults:
        for kind, amount in chart.fault_buys.get(fault.bought or "", {}).items():
            available[kind] += amount
    for swap in c.swaps:
        for kind in KINDS:
            available[kind] += getattr(swap, kind)
    extras = extra_specialties(c.roles, chart.default_role)
    spent = {
        "roles": sum(role_cost(r, x) for r, x in zip(c.roles, extras, strict=True)),
        "attributes": sum(v - chart.default_attribute for v in c.attributes.ranks().values()),
        "gifts": sum(gift_weight(g, rules) for g in c.gifts),
    }
    return {kind: Budget(spent[kind], available[kind]) for kind in KINDS}


BUDGET_RULE = {"roles": "EZ-3", "attributes": "EZ-2", "gifts": "EZ-5"}
BUDGET_UNIT = {"roles": "role points", "attributes": "attribute ranks", "gifts": "gifts"}


def budget_limits(budgets: dict[str, Budget], errors: list, warnings: list) -> None:
    for kind, budget in budgets.items():
        unit = BUDGET_UNIT[kind]
        if budget.spent > budget.available:
            errors.append(
                Problem(
                    BUDGET_RULE[kind],
                    kind,
                    f"{budget.spent} {unit} spent but only {budget.available} available "
                    "(with what faults bought and swaps gave); take a fault or swap, or spend less",
                )
            )
        elif budget.spent < budget.available:
            warnings.append(
                Problem(
                    BUDGET_RULE[kind],
                    kind,
                    f"{budget.available - budget.spent} of {budget.available} {unit} unspent",
                )
            )


# --- point-buy ---------------------------------------------------------------------


def build_points(c: Character, rules: Rules) -> int:
    """The seed's CHECKING formula (EZ-7):

    4 * (gifts - faults) + 2 * (attribute ranks) + (role ranks) + (number of roles)
    + (extra ranks of required specialties) + the people package's cost, if it has one.
    """
    pb = rules.point_buy
    gifts = sum(gift_weight(g, rules) for g in c.gifts)
    attributes = sum(v - pb.default_attribute for v in c.attributes.ranks().values())
    extras = extra_specialties(c.roles, rules.flowchart.default_role)
    regular = [r.rank for r, x in zip(c.roles, extras, strict=True) if not x]
    extra = [max(r.rank, 0) for r, x in zip(c.roles, extras, strict=True) if x]
    package = c.people_package.cost if c.people_package and c.people_package.cost else 0
    return (
        pb.gift * gifts
        + pb.fault * len(c.faults)
        + pb.attribute_rank * attributes
        + sum(regular)
        + len(regular)
        + sum(extra)
        + package
    )


def point_buy_rules(c: Character, rules: Rules, errors: list, warnings: list) -> None:
    """EZ-7: 30 build points by the CHECKING formula, and no swapping."""
    if c.swaps:
        errors.append(
            Problem("EZ-7", "swaps", "no swapping in point-buy: buy what you want directly")
        )
    for i, fault in enumerate(c.faults):
        if fault.bought:
            warnings.append(
                Problem(
                    "EZ-7",
                    f"faults[{i}].bought",
                    f"{fault.name} is worth {-rules.point_buy.fault} build points in point-buy; "
                    "what it 'bought' is not counted",
                )
            )
    points, limit = build_points(c, rules), rules.point_buy.build_points
    if points > limit:
        errors.append(
            Problem("EZ-7", "", f"{points} build points spent; a standard character has {limit}")
        )
    elif points < limit:
        warnings.append(Problem("EZ-7", "", f"{limit - points} of {limit} build points unspent"))
