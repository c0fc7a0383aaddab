"""The Melee Phase (EZ-18) and its optional rules, with numbers worked out by hand.

Jason Free: Great (+3) Quarterstaff for Hire, quarterstaff INJ 5, CPD 4.
The bandit: Fair (+1) Fighter, short sword INJ 3 (Body Fair +1, damage factor +2),
leather jacket CPD 2 (armor 1 + Resilience 1). Outcome = (3 + mods + roll) - 1.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ezkit import rules as rules_data
from ezkit.combat.damage import Attack
from ezkit.combat.melee import Fighter, resolve
from ezkit.errors import InputError

R = rules_data.load()


def jason(**kw: object) -> Fighter:
    attack = Attack(5, **{k: kw.pop(k) for k in ("pull", "stun", "aim") if k in kw})
    return Fighter("Jason", 3, "Quarterstaff for Hire", attack, 4, **kw)  # type: ignore[arg-type]


def bandit(**kw: object) -> Fighter:
    attack = Attack(3, **{k: kw.pop(k) for k in ("pull", "stun", "aim") if k in kw})
    return Fighter("Bandit", 1, "Fighter", attack, 2, **kw)  # type: ignore[arg-type]


def dice(*values: int):
    """Scripted Fudge dice for the damage options."""
    it: Iterator[int] = iter(values)
    return lambda n: next(it)


def hurt(exchange) -> list[tuple[str, int, str | None]]:
    return [(w.target, w.value, w.level) for w in exchange.wounds]


# outcome: (modifier, roll) reaching it, and the wound (target, value, level) by hand
WORKED = {
    3: ((0, 1), [("Bandit", 3 + 5 - 2, "Very Hurt")]),
    2: ((0, 0), [("Bandit", 2 + 5 - 2, "Very Hurt")]),
    1: ((0, -1), [("Bandit", 1 + 5 - 2, "Hurt")]),
    0: ((0, -2), []),
    -1: ((0, -3), [("Jason", 1 + 3 - 4, None)]),
    -2: ((0, -4), [("Jason", 2 + 3 - 4, "Scratch")]),
    -3: ((-1, -4), [("Jason", 3 + 3 - 4, "Scratch")]),
}


@pytest.mark.parametrize("outcome", sorted(WORKED))
def test_jason_against_a_fair_bandit(outcome: int) -> None:
    (modifier, roll), expected = WORKED[outcome]
    exchange = resolve(jason(modifier=modifier), bandit(), roll, R)
    assert exchange.outcome == outcome
    assert exchange.result == {1: "character", -1: "foe", 0: "draw"}[(outcome > 0) - (outcome < 0)]
    assert hurt(exchange) == expected


def test_a_draw_is_an_even_exchange() -> None:
    exchange = resolve(jason(), bandit(), -2, R)
    assert exchange.wounds == [] and "Even Exchange" in exchange.steps[-1]


def test_below_poor_a_winner_cannot_wound() -> None:
    weak = Fighter("Kid", -1, "Brawler", Attack(2), 0)
    worse = Fighter("Rat", -4, "Biting", Attack(1), 0)
    exchange = resolve(weak, worse, -1, R)  # action -2 (Terrible) against -4: outcome +2
    assert exchange.outcome == 2 and exchange.wounds == []
    assert "below Poor" in " ".join(exchange.steps)
    exchange = resolve(worse, weak, 0, R)  # the Kid's difficulty -1 is Poor: he may wound
    assert exchange.outcome == -3 and hurt(exchange) == [("Rat", 3 + 2 - 0, "Very Hurt")]


def test_foe_below_poor_cannot_wound() -> None:
    kid = Fighter("Kid", -3, "Brawler", Attack(9), 0)
    exchange = resolve(Fighter("Hero", -3, "x", Attack(1), 0), kid, 2, R, foe_roll=0)
    assert exchange.outcome == 2  # and the other way round:
    exchange = resolve(Fighter("Hero", -3, "x", Attack(1), 0), kid, -2, R)
    assert exchange.outcome == -2 and exchange.wounds == []  # the Kid's -3 is below Poor


def test_disadvantage_and_modifiers_and_wound_penalty() -> None:
    exchange = resolve(jason(disadvantage=2, penalty=-1, modifier=1), bandit(), 0, R)
    assert exchange.action == 3 - 2 - 1 + 1


def test_foe_roll_adds_to_the_difficulty() -> None:
    exchange = resolve(jason(), bandit(), 0, R, foe_roll=2)
    assert exchange.difficulty == 3 and exchange.outcome == 0


# --- tactics ------------------------------------------------------------------


def test_all_out_attack_success_adds_one_to_the_wound() -> None:
    exchange = resolve(jason(tactic="all-out-attack"), bandit(), -2, R)  # 3 + 1 - 2 = 2
    assert exchange.outcome == 1 and hurt(exchange) == [("Bandit", 1 + 5 - 2 + 1, "Very Hurt")]


def test_all_out_attack_tie_is_the_foes_success_with_two_more() -> None:
    """EZ-18, seed 003 Tactics: a tie against an all-out attack counts as the foe's success,
    so the result is "foe", not "draw" (this test used to expect "draw")."""
    exchange = resolve(jason(tactic="all-out-attack"), bandit(), -3, R)
    assert exchange.outcome == 0 and exchange.result == "foe"
    assert hurt(exchange) == [("Jason", 0 + 3 - 4 + 2, "Scratch")]
    assert "counts as Bandit's success: foe advantage, Failure Margin 0" in exchange.steps[2]


def test_all_out_attack_tie_is_the_foes_success_even_when_the_foe_cannot_wound() -> None:
    """EZ-18: the result says who succeeded; an all-out defender succeeds but deals nothing."""
    exchange = resolve(jason(tactic="all-out-attack"), bandit(tactic="all-out-defend"), -1, R)
    assert exchange.outcome == 0 and exchange.result == "foe" and exchange.wounds == []


def test_all_out_attack_failure_gives_the_foe_two_more() -> None:
    exchange = resolve(jason(tactic="all-out-attack"), bandit(), -4, R)  # outcome -1
    assert hurt(exchange) == [("Jason", 1 + 3 - 4 + 2, "Scratch")]


def test_foe_all_out_attack_tie_is_the_characters_success() -> None:
    exchange = resolve(jason(), bandit(tactic="all-out-attack"), -1, R)  # 2 against 2
    assert exchange.outcome == 0 and exchange.result == "character"  # EZ-18
    assert hurt(exchange) == [("Bandit", 0 + 5 - 2 + 2, "Very Hurt")]
    assert "counts as Jason's success: character advantage, Success Margin 0" in exchange.steps[2]


def test_both_all_out_attack_and_tie_wound_each_other() -> None:
    exchange = resolve(jason(tactic="all-out-attack"), bandit(tactic="all-out-attack"), -2, R)
    assert exchange.outcome == 0 and exchange.result == "both"  # EZ-18: each wounds the other
    assert hurt(exchange) == [
        ("Bandit", 0 + 5 - 2 + 2, "Very Hurt"),
        ("Jason", 0 + 3 - 4 + 2, "Scratch"),
    ]


def test_all_out_defend_cannot_wound_and_may_take_the_terrain() -> None:
    exchange = resolve(jason(tactic="all-out-defend"), bandit(), 0, R)  # 3 + 2 - 1 = 4
    assert exchange.outcome == 4 and exchange.wounds == []
    assert exchange.terrain == "Jason"
    exchange = resolve(jason(), bandit(tactic="all-out-defend"), -4, R)  # -1 vs 3: outcome -4
    assert exchange.wounds == [] and exchange.terrain == "Bandit"


def test_a_draw_is_no_successful_all_out_defence() -> None:
    """Seed 003, Tactics: "A successful All-Out Defense" earns the terrain test; a draw is
    neither success nor failure (EZ-18). It had earned the test on either side. A tie against
    an all-out attack is the defender's success, and earns it."""
    exchange = resolve(jason(tactic="all-out-defend"), bandit(), -4, R)  # 3 + 2 - 4 = 1 vs 1
    assert exchange.outcome == 0 and exchange.terrain is None
    assert not any("successfully" in step for step in exchange.steps)
    exchange = resolve(jason(), bandit(tactic="all-out-defend"), 0, R)  # 3 vs 1 + 2
    assert exchange.outcome == 0 and exchange.terrain is None
    # 3 + 2 - 3 = 2 against an all-out attack's 1 + 1
    exchange = resolve(jason(tactic="all-out-defend"), bandit(tactic="all-out-attack"), -3, R)
    assert exchange.outcome == 0 and exchange.terrain == "Jason"


def test_all_out_defend_failure_still_takes_wounds() -> None:
    exchange = resolve(jason(tactic="all-out-defend"), Fighter("Ogre", 5, "x", Attack(6), 3), -1, R)
    assert exchange.outcome == -1 and hurt(exchange) == [("Jason", 1 + 6 - 4, "Hurt")]
    assert exchange.terrain is None


# --- pulled punches, stun, aimed strikes -----------------------------------------


def test_pulling_a_punch_caps_the_wound() -> None:
    exchange = resolve(jason(pull="Scratch"), bandit(), 1, R)
    assert hurt(exchange) == [("Bandit", 6, "Scratch")]


def test_attack_to_stun_marks_a_stun() -> None:
    exchange = resolve(jason(stun=True), bandit(), 1, R)
    assert exchange.wounds[0].stun and exchange.wounds[0].level == "Very Hurt"


def test_aimed_strike_modifier_and_margin() -> None:
    exchange = resolve(jason(aim=(-2, 3)), bandit(), 3, R)  # 3 - 2 + 3 - 1 = 3
    assert exchange.outcome == 3 and "lands where it was aimed" in " ".join(exchange.steps)
    exchange = resolve(jason(aim=(-2, 3)), bandit(), 1, R)  # outcome 1: wounds, misses its mark
    assert hurt(exchange) == [("Bandit", 1 + 5 - 2, "Hurt")]
    assert "Bandit decides where the hit lands" in " ".join(exchange.steps)


# --- damage roll options -----------------------------------------------------------


def test_option_1_a_superb_roll_does_at_least_a_scratch() -> None:
    weak = Fighter("Kid", 0, "Brawler", Attack(0), 0)
    armored = Fighter("Knight", 0, "x", Attack(3), 8)
    plain = resolve(weak, armored, 4, R)
    assert plain.outcome == 4 and hurt(plain) == [("Knight", 4 + 0 - 8, None)]
    option = resolve(weak, armored, 4, R, options=frozenset({1}))
    assert hurt(option) == [("Knight", 1, "Scratch")]
    not_superb = resolve(
        Fighter("Kid", 1, "x", Attack(0), 0), armored, 3, R, options=frozenset({1})
    )
    assert hurt(not_superb) == [("Knight", 4 - 8, None)]


def test_option_2_adds_a_fudge_die_to_the_wound() -> None:
    exchange = resolve(jason(), bandit(), 0, R, options=frozenset({2}), fudge=dice(-1))
    assert hurt(exchange) == [("Bandit", 2 + 5 - 2 - 1, "Hurt")]


def test_option_3_a_tie_scratches_both() -> None:
    exchange = resolve(jason(), bandit(), -2, R, options=frozenset({3}))
    assert hurt(exchange) == [("Bandit", 1, "Scratch"), ("Jason", 1, "Scratch")]


def test_option_3_no_scratch_from_a_result_below_poor() -> None:
    """EZ-18: "You can't do damage with a Terrible (-2) rank!", a tie of option 3 included.
    A tie at Terrible scratches nobody; a tie at Poor scratches both."""
    exchange = resolve(jason(modifier=-5), bandit(modifier=-3), 0, R, options=frozenset({3}))
    assert (exchange.action, exchange.difficulty) == (-2, -2) and exchange.wounds == []
    assert sum("below Poor: no Scratch" in step for step in exchange.steps) == 2
    exchange = resolve(jason(modifier=-4), bandit(modifier=-2), 0, R, options=frozenset({3}))
    assert hurt(exchange) == [("Bandit", 1, "Scratch"), ("Jason", 1, "Scratch")]


def test_option_3_one_side_fighting_all_out_defence_takes_no_scratch() -> None:
    exchange = resolve(jason(tactic="all-out-defend"), bandit(), -4, R, options=frozenset({3}))
    assert hurt(exchange) == [("Jason", 1, "Scratch")]
    assert "option 3: the actions tie, and Jason takes a Scratch" in exchange.steps


def test_one_who_only_fends_off_wounds_nobody_and_the_steps_say_so() -> None:
    """A scene's fend-off (scene.py, EZ-18): one attacked by a foe he is not attacking may not
    wound him, nor give option 3's Scratch; the tie's step names the one taker."""
    exchange = resolve(jason(fends=True), bandit(), -2, R, options=frozenset({3}))
    assert hurt(exchange) == [("Jason", 1, "Scratch")]
    assert "option 3: the actions tie, and Jason takes a Scratch" in exchange.steps
    assert "option 3: Jason only fends Bandit off this round: no Scratch from him" in exchange.steps
    exchange = resolve(jason(fends=True), bandit(), 1, R)
    assert exchange.result == "character" and exchange.wounds == []
    assert exchange.steps[-1].endswith("only defending: Jason cannot wound Bandit")


def test_option_3_a_tie_to_stun_is_no_effect() -> None:
    """ruling EZ-16: option 3's Scratch, dealt by an attack to stun, has no effect; before, it
    was marked as a plain Scratch."""
    exchange = resolve(jason(stun=True), bandit(), -2, R, options=frozenset({3}))
    to_bandit, to_jason = exchange.wounds
    assert (to_bandit.level, to_bandit.stun, to_bandit.stun_result) == (None, True, "No effect")
    assert (to_jason.level, to_jason.stun) == ("Scratch", False)


@pytest.mark.parametrize(
    ("roll", "level", "named"),
    [(-1, "Hurt", "Dazed"), (0, "Very Hurt", "Stunned"), (2, "Out of It", "Knocked Out")],
)
def test_stuns_are_told_by_their_own_names(roll: int, level: str, named: str) -> None:
    """ruling EZ-16: Hurt -> Dazed, Very Hurt -> Stunned, Out of It or worse -> Knocked Out."""
    exchange = resolve(jason(stun=True), bandit(), roll, R)
    (hit,) = exchange.wounds
    assert (hit.level, hit.stun_result) == (level, named)
    assert exchange.steps[-1] == f"Bandit is {named} (an attack to stun at {level} level)"
    assert exchange.as_dict()["stun_result"] == named


def test_option_4_shifts_the_level() -> None:
    up = resolve(jason(), bandit(), -1, R, options=frozenset({4}), fudge=dice(1))
    assert hurt(up) == [("Bandit", 4, "Very Hurt")]  # Hurt shifted up
    down = resolve(jason(), bandit(), -1, R, options=frozenset({4}), fudge=dice(-1))
    assert hurt(down) == [("Bandit", 4, "Scratch")]
    still = resolve(jason(), bandit(), -1, R, options=frozenset({4}), fudge=dice(0))
    assert hurt(still) == [("Bandit", 4, "Hurt")]


def test_fighters_of_the_same_name_are_told_apart() -> None:
    """EZ-18: the winner is a side, not a name: a Bandit against a Bandit wounds once."""
    exchange = resolve(bandit(), bandit(), -2, R)  # 1 - 2 = -1 against 1: the foe's success
    assert exchange.result == "foe" and len(exchange.wounds) == 1
    exchange = resolve(bandit(tactic="all-out-attack"), bandit(), -1, R)  # a tie: the foe's
    assert exchange.result == "foe" and len(exchange.wounds) == 1


def test_bad_tactic_and_disadvantage_are_refused() -> None:
    with pytest.raises(InputError, match="unknown tactic"):
        jason(tactic="berserk")
    with pytest.raises(InputError, match="1 or 2"):
        jason(disadvantage=3)


@given(
    st.integers(-4, 4),
    st.integers(-3, 5),
    st.integers(-3, 5),
    st.sampled_from([None, "all-out-defend"]),
)
def test_a_draw_never_wounds_without_option_3(
    roll: int, a: int, b: int, tactic: str | None
) -> None:
    exchange = resolve(
        Fighter("A", a, "x", Attack(4), 1, tactic=tactic),
        Fighter("B", b, "y", Attack(4), 1),
        roll,
        R,
    )
    if exchange.outcome == 0:
        assert exchange.wounds == []
    else:
        assert len(exchange.wounds) <= 1


def test_terrain_manoeuvre_after_a_successful_all_out_defence() -> None:
    from ezkit.combat.melee import terrain_manoeuvre

    exchange = resolve(jason(tactic="all-out-defend"), bandit(), 0, R)
    assert "-1 to the opponent next round" in terrain_manoeuvre(exchange, 1, R)
    assert "no better ground" in terrain_manoeuvre(exchange, 0, R)
    assert terrain_manoeuvre(resolve(jason(), bandit(), 0, R), 3, R) is None
