"""Wounds by hand and healing: first aid, rest, medical care (EZ-14, EZ-15, EZ-16, EZ-21).

Expected tracks are worked out by hand from the rulings, written lowest box first.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_runs import examples

from ezkit import rules as rules_data
from ezkit.character.files import read_character
from ezkit.character.model import Character, WoundMark
from ezkit.cli import cli
from ezkit.combat import healing, wounds
from ezkit.errors import InputError, RuleError
from ezkit.rules import LimitError

ROOT = Path(__file__).resolve().parent.parent
JASON = ROOT / "examples" / "characters" / "jason-free.yaml"
RULES = rules_data.load(None)
LEVELS = [level.name for level in RULES.wounds.levels]
_JASON = read_character(JASON)


@pytest.fixture
def jason() -> Character:
    return _JASON


def wounded(character: Character, *marks: str) -> Character:
    """Mark wounds in order; `stun Hurt` marks a stun."""
    for text in marks:
        stun = text.startswith("stun ")
        character = healing.wound(character, text.removeprefix("stun "), RULES, stun=stun)
    return character


def track(character: Character) -> list[str]:
    """The marks as `Level`, `Level<-Rolled` when promoted, `stun Level`, lowest first."""
    out = []
    for m in sorted(character.wounds, key=lambda m: LEVELS.index(m.level)):
        text = m.level if m.rolled == m.level else f"{m.level}<-{m.rolled}"
        out.append(f"stun {text}" if m.stun else text)
    return out


def boxes_respected(character: Character) -> bool:
    levels = RULES.wounds.levels
    return all(
        sum(1 for m in character.wounds if m.level == level.name) <= level.boxes for level in levels
    )


# --- marking wounds by hand ------------------------------------------------------------


@pytest.mark.parametrize(
    ("given_as", "level"),
    [
        ("1", "Scratch"),
        ("2", "Scratch"),
        ("3", "Hurt"),
        ("5", "Very Hurt"),
        ("+6", "Very Hurt"),
        ("7", "Out of It"),
        ("9", "Near Death"),
        ("15", "Near Death"),
        ("Scratch", "Scratch"),
        ("very hurt", "Very Hurt"),
        ("Very-Hurt", "Very Hurt"),
        ("  OUT OF IT ", "Out of It"),
        ("near death", "Near Death"),
    ],
)
def test_wound_by_value_or_level(jason: Character, given_as: str, level: str) -> None:
    after = healing.wound(jason, given_as, RULES)
    assert after.wounds == [WoundMark(level=level, rolled=level)]
    entry = after.history[-1]
    assert (entry.kind, entry.wound, entry.week) == ("wound", after.wounds[0], None)
    assert jason.wounds == []  # pure: the character given is unchanged


@pytest.mark.parametrize("value", ["0", "-3"])
def test_a_value_of_0_or_less_is_no_wound(jason: Character, value: str) -> None:
    with pytest.raises(RuleError, match=rf"wound value of {value} is no wound.*EZ-14"):
        healing.wound(jason, value, RULES)


def test_an_unknown_level_lists_the_levels(jason: Character) -> None:
    with pytest.raises(InputError, match="unknown wound level 'Bruised'; levels: Scratch, Hurt"):
        healing.wound(jason, "Bruised", RULES)


def test_a_wound_promotes_and_past_near_death_kills(jason: Character) -> None:
    c = wounded(jason, "Scratch", "Scratch", "Scratch", "Scratch", "Hurt")
    assert track(c) == ["Scratch"] * 3 + ["Hurt<-Scratch", "Very Hurt<-Hurt"]
    assert c.history[-1].reason == "Very Hurt (rolled Hurt, promoted)"
    c = wounded(c, "Near Death", "9")
    assert wounds.is_dead(c.wounds)
    assert c.history[-1].reason == "Near Death, past Near Death: Dead"


def test_stun_by_hand(jason: Character) -> None:
    c = healing.wound(jason, "Hurt", RULES, stun=True, reason="sap to the head")
    assert c.wounds == [WoundMark(level="Hurt", rolled="Hurt", stun=True)]
    assert wounds.condition(c.wounds, RULES) == "Dazed (-1)"
    assert c.history[-1].reason == "stun Hurt (Dazed); sap to the head"  # EZ-16
    # a stun that would be a Scratch has no effect, but the blow is kept in the history
    c = healing.wound(c, "2", RULES, stun=True)
    assert len(c.wounds) == 1
    assert (c.history[-1].reason, c.history[-1].wound) == ("stun Scratch: No effect", None)


def test_a_stun_never_kills(jason: Character) -> None:
    c = wounded(jason, "stun Near Death")
    assert track(c) == ["stun Out of It<-Near Death"]  # a stun stops at the cap (EZ-16)
    assert wounds.condition(c.wounds, RULES) == "Knocked Out: no actions"
    c = wounded(jason, "Out of It", "Near Death", "stun Near Death", "stun Hurt")
    assert track(c) == ["stun Hurt", "Out of It", "Near Death"]
    assert not wounds.is_dead(c.wounds)
    assert c.history[-2].reason == "stun Near Death: No effect, no box left for it"


# --- first aid after the battle ------------------------------------------------------------


def test_the_worked_sequence(jason: Character) -> None:
    """Scratches (one promoted), a Very Hurt and a stun; first aid, then two weeks of rest."""
    c = wounded(jason, "Scratch", "Scratch", "Scratch", "Scratch", "Very Hurt", "stun Hurt")
    # the 4th Scratch is promoted to Hurt; the stun Hurt finds Hurt and Very Hurt full
    assert track(c) == [
        "Scratch",
        "Scratch",
        "Scratch",
        "Hurt<-Scratch",
        "Very Hurt",
        "stun Out of It<-Hurt",
    ]
    assert wounds.condition(c.wounds, RULES) == "Knocked Out: no actions"
    c = healing.after_battle(c, RULES, reason="after the ambush")
    assert track(c) == ["Very Hurt"]
    assert c.history[-1].reason == (
        "after the battle: cleared Scratch, Scratch, Scratch, Hurt (rolled Scratch), "
        "stun Out of It; after the ambush"
    )
    c = healing.rest(c, 1, RULES)
    assert track(c) == ["Hurt<-Very Hurt"]
    assert c.history[-1].reason == "rested 1 week (week 0 -> 1): Very Hurt -> Hurt"
    c = healing.rest(c, 1, RULES)
    assert c.wounds == []
    assert c.history[-1].reason == "rested 1 week (week 1 -> 2): Hurt healed"
    assert healing.current_week(c) == 2


def test_first_aid_clears_a_scratch_wherever_promotion_put_it(jason: Character) -> None:
    # Scratch boxes and Hurt full: the 5th Scratch lands in Very Hurt
    c = wounded(jason, "Scratch", "Scratch", "Scratch", "Hurt", "Scratch", "Out of It")
    assert track(c) == ["Scratch"] * 3 + ["Hurt", "Very Hurt<-Scratch", "Out of It"]
    c = healing.after_battle(c, RULES)
    # the Hurt and Out of It stay in their boxes: first aid does not shift the track
    assert track(c) == ["Hurt", "Out of It"]


def test_first_aid_with_nothing_to_clear_is_recorded(jason: Character) -> None:
    c = healing.after_battle(wounded(jason, "Hurt"), RULES)
    assert track(c) == ["Hurt"]
    assert c.history[-1].reason == "after the battle: nothing to clear"
    assert (c.history[-1].kind, c.history[-1].week, c.history[-1].medical) == ("heal", 0, False)


# --- rest -----------------------------------------------------------------------------------


def test_a_healed_hurt_disappears_it_does_not_become_a_scratch(jason: Character) -> None:
    c = healing.rest(wounded(jason, "Hurt"), 1, RULES)
    assert c.wounds == []


def test_the_track_shifts_down_lowest_first(jason: Character) -> None:
    """Hurt heals away first, so the Very Hurt moves into the Hurt box the same week."""
    c = wounded(jason, "Hurt", "Very Hurt", "Out of It", "Near Death")
    expected = [
        ["Hurt<-Very Hurt", "Very Hurt<-Out of It", "Out of It<-Near Death"],
        ["Hurt<-Out of It", "Very Hurt<-Near Death"],
        ["Hurt<-Near Death"],
        [],
    ]
    for weeks, after in enumerate(expected, start=1):
        rested = healing.rest(c, weeks, RULES)
        assert track(rested) == after, weeks
        assert healing.current_week(rested) == weeks
    # resting week by week comes to the same as resting the weeks at once
    step = c
    for _ in range(3):
        step = healing.rest(step, 1, RULES)
    assert step.wounds == healing.rest(c, 3, RULES).wounds


def test_rest_includes_first_aid(jason: Character) -> None:
    c = wounded(jason, "Scratch", "stun Very Hurt", "Out of It")
    c = healing.rest(c, 1, RULES)
    assert track(c) == ["Very Hurt<-Out of It"]
    assert c.history[-1].reason == (
        "rested 1 week (week 0 -> 1): Scratch cleared, stun Very Hurt cleared, "
        "Out of It -> Very Hurt"
    )


def test_rest_counts_weeks_and_refuses_none(jason: Character) -> None:
    c = healing.rest(jason, 2, RULES, reason="at the inn")
    assert c.history[-1].reason == "rested 2 weeks (week 0 -> 2): nothing to heal; at the inn"
    c = healing.rest(c, 3, RULES)
    assert [e.week for e in c.history[-2:]] == [2, 5]
    assert healing.current_week(c) == 5
    with pytest.raises(RuleError, match="whole weeks: 0 is not at least 1"):
        healing.rest(c, 0, RULES)


def test_a_long_rest_is_bounded_and_quick(jason: Character) -> None:
    """Ten years (520 weeks) at most, refused before any work; a long rest stops counting
    weeks once nothing is left to heal (10,000,000 weeks took 11 s)."""
    c = wounded(jason, "Hurt", "Very Hurt", "Out of It", "Near Death")
    started = time.perf_counter()
    rested = healing.rest(c, healing.MAX_REST_WEEKS, RULES)
    assert time.perf_counter() - started < 0.5
    assert rested.wounds == healing.rest(c, 4, RULES).wounds == []
    assert healing.current_week(rested) == 520
    with pytest.raises(LimitError, match="more than 520, the longest rest"):
        healing.rest(c, 10_000_000, RULES)


def test_cli_refuses_a_rest_past_the_maximum(runner: CliRunner, db: str) -> None:
    started = time.perf_counter()
    code, out, err = run(runner, db, "heal", "Jason Free", "--weeks", "10000000")
    assert time.perf_counter() - started < 2
    assert code == 2 and out == ""
    assert "--weeks" in err and "10000000" in err and "520" in err and err.count("\n") == 1


def test_rest_with_house_rule_boxes_never_overfills(jason: Character) -> None:
    """Two Very Hurt boxes over one Hurt box: the second Very Hurt waits a week."""
    levels = [replace(lv, boxes=2) if lv.name == "Very Hurt" else lv for lv in RULES.wounds.levels]
    house = replace(RULES, wounds=replace(RULES.wounds, levels=tuple(levels)))
    c = healing.wound(jason, "Very Hurt", house)
    c = healing.wound(c, "Very Hurt", house)
    c = healing.rest(c, 1, house)
    assert track(c) == ["Hurt<-Very Hurt", "Very Hurt"]
    c = healing.rest(c, 1, house)
    assert track(c) == ["Hurt<-Very Hurt"]


# --- medical care ----------------------------------------------------------------------------


@pytest.mark.parametrize(("era", "per_week"), [("fantasy", 1), ("industrial", 2), ("modern", 3)])
def test_treatments_per_week_by_era(jason: Character, era: str, per_week: int) -> None:
    c = wounded(jason, "Hurt", "Very Hurt", "Out of It", "Near Death")
    for n in range(per_week):
        c = healing.medical(c, 2, era, RULES)  # Good: heals the worst one level
        assert c.history[-1].medical and c.history[-1].week == 0
        assert f"treatment {n + 1} of {per_week} in week 0" in c.history[-1].reason
    with pytest.raises(RuleError) as refused:
        healing.medical(c, 2, era, RULES)
    message = str(refused.value)
    assert f"{era} care allows {per_week} a week (EZ-21)" in message
    assert "rest (--weeks) moves the week on" in message
    # a week of rest resets the count
    rested = healing.rest(c, 1, RULES)
    assert healing.treatments_this_week(rested) == 0
    again = healing.medical(wounded(rested, "Hurt"), 2, era, RULES)
    assert f"treatment 1 of {per_week} in week 1" in again.history[-1].reason


def test_medical_heals_the_worst_wound_one_level(jason: Character) -> None:
    c = wounded(jason, "Scratch", "Hurt", "Out of It")
    c = healing.medical(c, 1, "modern", RULES)  # Fair: just enough
    assert track(c) == ["Scratch", "Hurt", "Very Hurt<-Out of It"]
    assert c.history[-1].reason == (
        "medical care (modern, treatment 1 of 3 in week 0): Fair (+1): Out of It -> Very Hurt"
    )
    # the Hurt box below is marked: the Very Hurt goes, leaving the character Hurt
    c = healing.medical(c, 1, "modern", RULES)
    assert track(c) == ["Scratch", "Hurt"]
    assert c.history[-1].reason.endswith("Very Hurt healed")
    # a Hurt treated disappears; the Scratch is left to first aid
    c = healing.medical(c, 4, "modern", RULES)
    assert track(c) == ["Scratch"]


def test_a_failed_treatment_counts_and_heals_nothing(jason: Character) -> None:
    c = healing.medical(wounded(jason, "Very Hurt"), 0, "fantasy", RULES)
    assert track(c) == ["Very Hurt"]
    assert c.history[-1].reason.endswith("Mediocre (0): below Fair, nothing healed")
    with pytest.raises(RuleError, match="has had 1 medical treatment in week 0"):
        healing.medical(c, 3, "fantasy", RULES)


def test_the_hospital_turns_a_mediocre_result_into_fair(jason: Character) -> None:
    c = wounded(jason, "Very Hurt")
    failed = healing.medical(c, 0, "industrial", RULES)
    assert track(failed) == ["Very Hurt"]
    c = healing.medical(failed, 0, "industrial", RULES, hospital=True, reason="St. Mungo's")
    assert track(c) == ["Hurt<-Very Hurt"]
    assert c.history[-1].reason == (
        "medical care (industrial, treatment 2 of 2 in week 0): "
        "Mediocre (0) +1 hospital = Fair (+1): Very Hurt -> Hurt; St. Mungo's"
    )


GRUK = read_character(ROOT / "examples" / "characters" / "gruk.yaml")


def test_gruk_a_new_wound_may_be_treated_at_once() -> None:
    """ruling EZ-25 (seed 003: "he can treat any newly acquired wounds"): the limit is per
    wound. Before, `char heal Gruk --medical Good --era fantasy`, `char wound Gruk Hurt` and the
    same heal again was refused "1 a week"."""
    c = healing.medical(wounded(GRUK, "Very Hurt"), 2, "fantasy", RULES)
    assert track(c) == ["Hurt<-Very Hurt"]
    c = wounded(c, "Hurt")  # the Hurt box is full: promoted to Very Hurt
    assert track(c) == ["Hurt<-Very Hurt", "Very Hurt<-Hurt"]
    assert [healing.times_rolled_on(c, i, RULES) for i in range(2)] == [1, 0]
    c = healing.medical(c, 2, "fantasy", RULES)  # the new wound, at once
    assert c.history[-1].reason == (
        "medical care (fantasy, treatment 1 of 1 in week 0; a wound taken since, EZ-25): "
        "Good (+2): Very Hurt healed"
    )
    assert track(c) == ["Hurt<-Very Hurt"]
    # every wound Gruk has now was rolled on this week: the rest waits for the week
    with pytest.raises(RuleError, match=r"allows 1 a week \(EZ-21\) for each wound.*EZ-25"):
        healing.medical(c, 2, "fantasy", RULES)


def test_a_wound_rolled_on_waits_while_a_new_one_is_treated(jason: Character) -> None:
    """ruling EZ-25: the worst wound that may still be rolled on is treated, not the worst."""
    c = healing.medical(wounded(jason, "Out of It"), 0, "fantasy", RULES)  # failed: it counts
    c = wounded(c, "Hurt")
    c = healing.medical(c, 3, "fantasy", RULES)
    assert c.history[-1].reason.endswith("Great (+3): Hurt healed")
    assert track(c) == ["Out of It"]  # the Out of It waits for next week


def test_a_mark_is_followed_through_the_treatments_that_moved_it(jason: Character) -> None:
    """ruling EZ-25: a treatment's history entry keeps the mark it moved down (as it was), so
    a wound taken mid-week keeps its own count in an era with several treatments a week."""
    c = healing.medical(wounded(jason, "Very Hurt"), 2, "modern", RULES)  # -> Hurt
    assert c.history[-1].wound == WoundMark(level="Very Hurt", rolled="Very Hurt")
    c = healing.medical(wounded(c, "Out of It"), 2, "modern", RULES)  # the new one -> Very Hurt
    assert track(c) == ["Hurt<-Very Hurt", "Very Hurt<-Out of It"]
    counts = {m.level: healing.times_rolled_on(c, i, RULES) for i, m in enumerate(c.wounds)}
    assert counts == {"Hurt": 2, "Very Hurt": 1}
    failed = healing.medical(c, -1, "modern", RULES)  # a failed one rolls on both, moves none
    assert failed.history[-1].wound is None
    counts = {m.level: healing.times_rolled_on(failed, i, RULES) for i, m in enumerate(c.wounds)}
    assert counts == {"Hurt": 3, "Very Hurt": 2}
    healed = healing.medical(failed, 2, "modern", RULES)  # only the newer wound may be treated
    assert healed.history[-1].reason.endswith("Very Hurt healed")  # into the full Hurt box


def test_medical_care_needs_a_wound_it_can_heal(jason: Character) -> None:
    c = wounded(jason, "Scratch", "stun Hurt")
    with pytest.raises(RuleError, match="no wound for medical care to heal"):
        healing.medical(c, 3, "modern", RULES)
    assert healing.treatments_this_week(c) == 0


def test_an_unknown_era_lists_the_eras(jason: Character) -> None:
    with pytest.raises(InputError, match=r"unknown era 'steampunk'.*eras: fantasy, industrial"):
        healing.medical(wounded(jason, "Hurt"), 2, "steampunk", RULES)
    assert healing.medical(wounded(jason, "Hurt"), 2, " Modern ", RULES).wounds == []


# --- the dead ----------------------------------------------------------------------------------


def test_the_dead_cannot_heal(jason: Character) -> None:
    dead = wounded(jason, "Near Death", "Near Death")
    assert wounds.is_dead(dead.wounds)
    for heal in (
        lambda: healing.after_battle(dead, RULES),
        lambda: healing.rest(dead, 52, RULES),
        lambda: healing.medical(dead, 4, "modern", RULES, hospital=True),
    ):
        with pytest.raises(RuleError, match="Jason Free is Dead"):
            heal()
    with pytest.raises(RuleError, match="already Dead"):
        healing.wound(dead, "Scratch", RULES)


# --- property: the track stays within its boxes, and rest empties it -----------------------

_ACTIONS = st.one_of(
    st.tuples(st.just("wound"), st.sampled_from([*LEVELS, "1", "4", "8", "12"]), st.booleans()),
    st.tuples(st.just("after"), st.none(), st.none()),
    st.tuples(st.just("rest"), st.integers(1, 3), st.none()),
    st.tuples(st.just("medical"), st.integers(-2, 4), st.sampled_from(["fantasy", "modern"])),
)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ACTIONS, max_size=14))
def test_tracks_stay_in_their_boxes_and_rest_heals_everything(actions: list) -> None:
    c = _JASON
    for kind, a, b in actions:
        with contextlib.suppress(RuleError):  # a refusal (treated too often, dead) is fine here
            if kind == "wound":
                c = healing.wound(c, a, RULES, stun=b)
            elif kind == "after":
                c = healing.after_battle(c, RULES)
            elif kind == "rest":
                c = healing.rest(c, a, RULES)
            else:
                c = healing.medical(c, a, b, RULES)
        assert boxes_respected(c)
        assert sum(1 for m in c.wounds if m.level == wounds.DEAD) <= 1
    if wounds.is_dead(c.wounds):
        return
    c = healing.rest(healing.after_battle(c, RULES), len(LEVELS), RULES)
    assert c.wounds == []


# --- the command line ------------------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path, runner: CliRunner) -> str:
    path = str(tmp_path / "campaign.json")
    result = runner.invoke(cli, ["char", "add", "--db", path, str(JASON)])
    assert result.exit_code == 0, result.output
    return path


def run(runner: CliRunner, db: str, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["char", *args, "--db", db])
    return result.exit_code, result.stdout, result.stderr


def test_cli_wound_then_heal(runner: CliRunner, db: str) -> None:
    for level in ("Scratch", "Scratch", "Scratch", "Scratch"):
        assert run(runner, db, "wound", "Jason Free", level)[0] == 0
    code, out, _ = run(runner, db, "wound", "jason free", "5", "--reason", "troll club")
    assert code == 0
    assert out.splitlines() == [
        "Jason Free: Very Hurt; troll club",
        "  Scratch [x][x][x] Hurt [x] Very Hurt [x] Out of It [ ] Near Death [ ]  Very Hurt (-2)",
    ]
    code, out, _ = run(runner, db, "wound", "Jason Free", "Hurt", "--stun")
    assert out.splitlines()[0] == (
        "Jason Free: stun Out of It (Knocked Out; rolled Hurt, promoted)"  # EZ-16
    )
    assert "Out of It [o]" in out and "Knocked Out: no actions" in out

    code, out, _ = run(runner, db, "heal", "Jason Free")
    assert code == 0
    assert out.splitlines() == [
        "Jason Free: after the battle: cleared Scratch, Scratch, Scratch, "
        "Hurt (rolled Scratch), stun Out of It",
        "  Scratch [ ][ ][ ] Hurt [ ] Very Hurt [x] Out of It [ ] Near Death [ ]  Very Hurt (-2)",
    ]
    treat = ("--medical", "Mediocre", "--era", "modern", "--hospital")
    code, out, _ = run(runner, db, "heal", "Jason Free", *treat)
    assert code == 0
    assert "Mediocre (0) +1 hospital = Fair (+1): Very Hurt -> Hurt" in out
    assert out.rstrip().endswith("Hurt (-1)")
    code, out, _ = run(runner, db, "heal", "Jason Free", "--weeks", "1")
    assert code == 0
    assert out.splitlines()[0] == "Jason Free: rested 1 week (week 0 -> 1): Hurt healed"
    assert out.rstrip().endswith("unhurt")

    code, out, _ = run(runner, db, "show", "Jason Free", "--history")
    assert "heal: rested 1 week (week 0 -> 1): Hurt healed" in out


def test_cli_gruk_new_wound_treated_at_once(runner: CliRunner, tmp_path: Path) -> None:
    """ruling EZ-25, as the issue showed it: heal, wound, the same heal again."""
    db = str(tmp_path / "campaign.json")
    gruk = str(ROOT / "examples" / "characters" / "gruk.yaml")
    assert runner.invoke(cli, ["char", "add", "--db", db, gruk]).exit_code == 0
    heal = ("heal", "Gruk Underbridge", "--medical", "Good", "--era", "fantasy")
    assert run(runner, db, "wound", "Gruk Underbridge", "Very Hurt")[0] == 0
    assert run(runner, db, *heal)[0] == 0
    assert run(runner, db, "wound", "Gruk Underbridge", "Hurt")[0] == 0
    code, out, err = run(runner, db, *heal)
    assert code == 0, err
    assert "a wound taken since, EZ-25" in out and "Very Hurt healed" in out
    code, out, err = run(runner, db, *heal)
    assert code == 1 and out == "" and "EZ-25" in err and err.count("\n") == 1


def test_cli_refusals_are_one_line_and_exit_1(runner: CliRunner, db: str) -> None:
    code, out, err = run(runner, db, "wound", "Jason Free", "0")
    assert (code, out) == (1, "")
    assert err == "Error: a wound value of 0 is no wound: 0 or less does nothing (EZ-14)\n"
    code, _, err = run(runner, db, "wound", "Jason Free", "-2")  # a negative value, not an option
    assert code == 1 and "wound value of -2 is no wound" in err

    run(runner, db, "wound", "Jason Free", "Very Hurt")
    args = ("heal", "Jason Free", "--medical", "-1", "--era", "fantasy")
    code, out, _ = run(runner, db, *args)
    assert code == 0 and "Poor (-1): below Fair, nothing healed" in out
    code, out, err = run(runner, db, *args)
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("Error: Jason Free has had 1 medical treatment in week 0; fantasy care")
    assert "rest (--weeks) moves the week on" in err

    run(runner, db, "wound", "Jason Free", "12")
    run(runner, db, "wound", "Jason Free", "near death")
    code, _, err = run(runner, db, "heal", "Jason Free", "--weeks", "4")
    assert code == 1
    assert err == "Error: Jason Free is Dead: rest cannot heal the dead (EZ-15, EZ-21)\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("heal", "Jason Free", "--weeks", "1", "--medical", "Fair"), "not both"),
        (("heal", "Jason Free", "--era", "modern"), "--era and --hospital go with --medical"),
        (("heal", "Jason Free", "--medical", "Fair"), "--medical needs --era"),
        (("heal", "Jason Free", "--medical", "Fair", "--era", "space"), "unknown era 'space'"),
        (("heal", "Jason Free", "--medical", "Fabulous", "--era", "modern"), "Fabulous"),
        (("heal", "Jason Free", "--weeks", "0"), "0"),
        (("wound", "Jason Free", "Bruised"), "unknown wound level 'Bruised'"),
    ],
    ids=["weeks-and-medical", "era-alone", "no-era", "bad-era", "bad-rank", "no-weeks", "level"],
)
def test_cli_usage_errors_exit_2(
    runner: CliRunner, db: str, args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(runner, db, *args)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and err.count("\n") == 1 and message in err


def test_cli_unknown_character(runner: CliRunner, db: str) -> None:
    code, _, err = run(runner, db, "heal", "Jasn Free")  # not a prefix: prefixes are found
    assert code == 1 and "did you mean 'Jason Free'" in err


@pytest.mark.parametrize("command", ["wound", "heal"])
def test_cli_help_has_an_example(runner: CliRunner, command: str) -> None:
    result = runner.invoke(cli, ["char", command, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.output and f"ezkit char {command} 'Jason Free'" in result.output
