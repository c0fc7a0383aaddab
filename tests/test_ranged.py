"""The Ranged Phase (EZ-17, EZ-19)."""

from __future__ import annotations

import pytest

from ezkit import rules as rules_data
from ezkit.combat.damage import Attack
from ezkit.combat.ranged import Shooter, Target, resolve, shot_difficulty
from ezkit.errors import InputError

R = rules_data.load()
MARA = Shooter("Mara", 0, "Marksman", Attack(2))  # Mediocre Marksman, small handgun INJ 2


@pytest.mark.parametrize(
    ("range_", "light", "cover", "difficulty"),
    [
        ("T", "normal", "none", 0),
        ("S", "normal", "none", 0),
        ("M", "normal", "none", 1),
        ("L", "normal", "none", 2),
        ("L", "dim", "none", 3),
        ("M", "dark", "partial", 4),
        ("S", "dark", "heavy", 4),
    ],
)
def test_shot_difficulty(range_: str, light: str, cover: str, difficulty: int) -> None:
    assert shot_difficulty(R, range_, light, cover)[0] == difficulty


def test_unknown_range_is_named() -> None:
    with pytest.raises(InputError, match="unknown range 'X'"):
        shot_difficulty(R, "X")


def test_a_hit_wounds_by_sm_plus_inj_minus_cpd() -> None:
    shot = resolve(MARA, Target("Thug", 1), 1, 3, R)  # action 3 against Fair: SM 2
    assert shot.hit and shot.outcome == 2
    assert (shot.wound.value, shot.wound.level) == (2 + 2 - 1, "Hurt")


def test_a_tie_hits_with_margin_zero() -> None:
    shot = resolve(MARA, Target("Thug", 1), 1, 1, R)
    assert shot.hit and shot.wound.value == 0 + 2 - 1 and shot.wound.level == "Scratch"


def test_a_miss() -> None:
    shot = resolve(MARA, Target("Thug", 1), 2, 0, R)
    assert not shot.hit and shot.wound is None and shot.outcome == -2


def test_evading_raises_the_difficulty_to_the_evade_result() -> None:
    shot = resolve(MARA, Target("Thug", 1, evade=3), 1, 2, R)
    assert shot.difficulty == 3 and not shot.hit
    easy = resolve(MARA, Target("Thug", 1, evade=-1), 1, 2, R)
    assert easy.difficulty == 1  # a poor evade never makes the shot easier


def test_nobody_shoots_and_evades() -> None:
    with pytest.raises(InputError, match="cannot both shoot and evade"):
        resolve(MARA, Target("Thug", 1, evade=2, shooting=True), 1, 0, R)


def test_aim_and_damage_option_4_on_a_shot() -> None:
    aimed = Shooter("Mara", 0, "Marksman", Attack(2, aim=(-1, 2)))
    shot = resolve(aimed, Target("Thug", 1), 0, 4, R, options=frozenset({4}), fudge=lambda n: 1)
    assert shot.action == 3 and shot.outcome == 3
    assert shot.wound.level == "Very Hurt"  # 3 + 2 - 1 = 4, Hurt, shifted up by the +1 die


def test_a_shot_that_meets_the_evade_hits_and_the_words_say_reach() -> None:
    """EZ-11: outcome >= 0 is a success, so a shot must reach (meet) the evade, not beat it;
    the warehouse shoot-out said "must beat Good (+2)" and then a tie hit."""
    shot = resolve(MARA, Target("Thug", 1, evade=2), 1, 2, R)
    assert shot.hit and shot.outcome == 0
    assert "Thug evades: Good (+2); the shot must reach Good (+2) (a tie hits, EZ-11)" in shot.steps
    assert not any("beat" in step for step in shot.steps)
