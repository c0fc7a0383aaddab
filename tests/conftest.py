"""Shared fixtures: a click runner and an exact enumerator of random choices; and the tests
that share a module-scoped fixture kept on one pytest-xdist worker."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# tryfirst: pytest-xdist reads the groups in its own collection hook, which must see these
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that use a module-scoped fixture (a rendered PDF, a built wheel) are grouped, one
    group per module (and per parameter of a parametrized one), so that `-n auto --dist
    loadgroup` (make test) hands each group to one worker and each fixture is made once, not
    once on every worker."""
    for item in items:
        defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
        shared = sorted(name for name, chain in defs.items() if chain[-1].scope == "module")
        if shared:
            params = getattr(getattr(item, "callspec", None), "params", {})
            group = [f"{name}={params[name]}" for name in shared if name in params]
            item.add_marker(pytest.mark.xdist_group(" ".join([item.module.__name__, *group])))


class _Branch(Exception):
    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high


class _Replay:
    """A random source that replays a fixed prefix of randint answers, then branches."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix, self.used = prefix, 0

    def randint(self, low: int, high: int) -> int:
        if self.used == len(self.prefix):
            raise _Branch(low, high)
        value = self.prefix[self.used]
        assert low <= value <= high
        self.used += 1
        return value

    def shuffle(self, cards: list[Any]) -> None:  # pragma: no cover - dice only
        raise AssertionError("enumeration covers dice, not decks")


def enumerate_outcomes(experiment: Callable[[Any], int]) -> dict[int, Fraction]:
    """Exact distribution of experiment(rng) over every sequence of randint answers.

    Runs the experiment on every path of choices (depth first), each path
    weighted by the product of 1/(high - low + 1) of its choices. Knows
    nothing of how the experiment reads its dice: an independent check.
    """
    result: dict[int, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        prefix, weight = stack.pop()
        try:
            value = experiment(_Replay(prefix))
        except _Branch as branch:
            share = weight / (branch.high - branch.low + 1)
            stack.extend(([*prefix, v], share) for v in range(branch.low, branch.high + 1))
            continue
        result[value] = result.get(value, Fraction(0)) + weight
    return result
