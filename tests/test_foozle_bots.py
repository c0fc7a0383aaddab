"""Foozle's heuristic bot made fast (ezkit.games.foozle.bots): the same moves as before.

Its shortcuts (cards as bits, hands ruled out without a search, remembered answers) are each
checked against the plain question they stand for, and whole seeded games against the games
the bot played before them (tests/bot_games.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bot_games import digest
from long_runs import scaled

from ezkit.games import engine
from ezkit.games.foozle import bots as fb
from ezkit.games.foozle import going_out as go
from ezkit.games.foozle import groups as fg

N_CARDS = len(fg.IDS)


def bits_of(cards: list[int] | tuple[int, ...]) -> int:
    bits = 0
    for k in cards:
        bits |= 1 << k
    return bits


@pytest.fixture(autouse=True)
def cold_caches() -> None:
    for cache in fb.CACHES:
        cache.clear()


def some_summaries(rng: random.Random) -> list[fg.Summary]:
    """Groups' summaries as the game makes them (candidate lay-downs, grown by a card), and
    any cards at all. Of some 6,000 made a fifth differ: the tests ask each once
    (dict.fromkeys), as a summary asked again answers the same."""
    found = []
    for _ in range(400):
        hand = rng.sample(range(N_CARDS), rng.randint(5, 30))
        for cards in fg.candidates(hand)[:6]:
            s = fg.summary(cards)
            found.append(s)
            found.extend(fg.merge(s, fg.SINGLE[k]) for k in rng.sample(range(N_CARDS), 3))
        found.append(fg.summary(rng.sample(range(N_CARDS), rng.choice([1, 2, 3, 4, 6]))))
    return found


def test_accepts_is_merge_then_valid_card_by_card() -> None:
    for s in dict.fromkeys(some_summaries(random.Random(1))):
        want = bits_of([k for k in range(N_CARDS) if fg.valid(fg.merge(s, fg.SINGLE[k]))])
        assert go.accepts(s) == want, s


def test_summary_is_the_cards_merged_one_by_one() -> None:
    rng = random.Random(5)
    for _ in range(5000):
        pool = rng.choice([range(N_CARDS), fg.TRUMPS, fg.RANK_BITS, fg.SUIT_BITS])
        if isinstance(pool, dict):  # the cards of one rank or suit
            pool = [k for k in range(N_CARDS) if fg.CARD_BIT[k] & rng.choice(list(pool.values()))]
        cards = rng.sample(list(pool), rng.randint(0, min(8, len(pool))))
        merged = fg.EMPTY
        for k in cards:
            merged = fg.merge(merged, fg.SINGLE[k])
        assert fg.summary(cards) == merged, cards


def test_kin_meet_exactly_when_targets_asks_joins() -> None:
    """groups.kin: the menu asks state.targets only when the kin meet, which is when a group
    has the lay-down's rank or (not mixed) colour."""
    found = some_summaries(random.Random(6))
    every = list(dict.fromkeys(found))
    for s in dict.fromkeys(found[:300]):
        for t in every:
            want = t.rank == s.rank >= 0 or t.colour == s.colour != fg.MIXED
            assert bool(fg.kin(s) & fg.kin(t)) == want, (s, t)


def test_playable_with_is_the_take_menus_card_by_card_test() -> None:
    """groups.playable_with against FZ-3's test of each card: a trump with two trumps held;
    another card laid off somewhere, or with two of its rank or suit held, or with run
    neighbours held (two below, two above, or one each side)."""
    rng = random.Random(7)
    keys = fg.RUN_KEY
    for _ in range(3000):
        hand = sorted(rng.sample(range(N_CARDS), rng.randint(1, 14)))
        anywhere = bits_of(rng.sample(range(N_CARDS), rng.randint(0, 30)))
        runs = {keys[k] for k in hand}
        # the hand's cards of each rank and suit (the trumps: rank TRUMP), counted once a hand
        ranks, suits = Counter(fg.RANK[h] for h in hand), Counter(fg.SUIT[h] for h in hand)
        want = 0
        for k in range(N_CARDS):
            if fg.RANK[k] == fg.TRUMP:
                ok = ranks[fg.TRUMP] >= 2
            elif anywhere >> k & 1 or ranks[fg.RANK[k]] >= 2 or suits[fg.SUIT[k]] >= 2:
                ok = True
            elif fg.RANK[k] != fg.INF:
                c = keys[k]
                lo, hi = c - 1 in runs, c + 1 in runs
                ok = (lo and hi) or (lo and c - 2 in runs) or (hi and c + 2 in runs)
            else:
                ok = False
            want |= ok << k
        assert fg.playable_with(hand, fg.family_counts(hand), anywhere) == want, hand


def test_groupable_is_every_card_of_the_candidates() -> None:
    rng = random.Random(2)
    for _ in range(3000):
        hand = sorted(rng.sample(range(N_CARDS), rng.randint(1, 18)))
        full = bits_of([k for c in fg.candidates(hand, full_only=True) for k in c])
        every = bits_of([k for c in fg.candidates(hand) for k in c])
        assert go.groupable(bits_of(hand)) == full == every, hand
        k = rng.choice([x for x in range(N_CARDS) if x not in hand])
        go._GROUPABLE.clear()
        assert go.groupable_with(bits_of(hand), k) == go.groupable(bits_of([*hand, k]))


def test_earns_token_is_a_candidate_of_a_needed_colour_holding_the_card() -> None:
    rng = random.Random(3)
    for i in range(6000):
        if i % 2:  # hands heavy in one colour, where the bounded candidates matter
            colour = rng.randrange(len(fg.COLOURS))
            pool = [k for k in range(N_CARDS) if fg.COLOUR[k] == colour]
            hand = rng.sample(pool, rng.randint(2, 9)) + rng.sample(range(N_CARDS), 4)
            hand = list(dict.fromkeys(hand))
        else:
            hand = rng.sample(range(N_CARDS), rng.randint(3, 16))
        k = hand[0]
        need = set(rng.sample(range(len(fg.COLOURS)), rng.randint(0, 5)))
        want = any(k in c and fg.summary(c).colour in need for c in fg.candidates(hand))
        assert fb._earns_token(bits_of(hand), k, need) == want, (hand, need)


def test_token_lay_is_a_candidate_of_a_needed_colour() -> None:
    """_token_lay (whether to look at the menu's lay-downs for a token) is exactly: some
    lay-down of the hand is all of one colour still needed."""
    rng = random.Random(5)
    found = 0
    for i in range(6000):
        if i % 3:  # hands heavy in one colour or rank, where the bounded candidates matter
            colour, rank = rng.randrange(len(fg.COLOURS)), rng.randrange(fg.INF + 1)
            pool = [
                k
                for k in range(N_CARDS)
                if (fg.COLOUR[k] == colour if i % 3 == 1 else fg.RANK[k] == rank)
            ]
            hand = rng.sample(pool, rng.randint(2, 9)) + rng.sample(range(N_CARDS), 4)
            hand = list(dict.fromkeys(hand))
        else:
            hand = rng.sample(range(N_CARDS), rng.randint(3, 16))
        need = frozenset(rng.sample(range(len(fg.COLOURS)), rng.randint(0, 5)))
        want = any(fg.summary(c).colour in need for c in fg.candidates(hand))
        assert fb._token_lay(bits_of(hand), need) == want, (hand, need)
        found += want
    assert 1000 < found < 5000


def reference_candidates(hand: list[int], full_only: bool = False) -> list[tuple[int, ...]]:
    """groups.candidates as it was first written (every card sorted into its rank, suit and
    colour), which the faster one must answer exactly like, order included."""
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    by_colour: dict[int, dict[int, list[int]]] = {}
    trumps = []
    for k in sorted(hand):
        r = fg.RANK[k]
        if r == fg.TRUMP:
            trumps.append(k)
            continue
        by_rank.setdefault(r, []).append(k)
        by_suit.setdefault(fg.SUIT[k], []).append(k)
        if r != fg.INF:
            by_colour.setdefault(fg.COLOUR[k], {}).setdefault(r, []).append(k)
    found: dict[tuple[int, ...], None] = {}
    if len(trumps) >= fg.GROUP_MIN:
        found[tuple(trumps)] = None
    for family in (*by_rank.values(), *by_suit.values()):
        if len(family) >= fg.GROUP_MIN:
            for sub in fg._subsets(family, full_only):
                found[sub] = None
    for ranks in by_colour.values():
        present = [r for r in range(fg.RUN_LO, fg.RUN_HI + 1) if r in ranks]
        start = 0
        for i in range(1, len(present) + 1):
            if i < len(present) and present[i] == present[i - 1] + 1:
                continue
            stretch, start = present[start:i], i
            if len(stretch) < fg.GROUP_MIN:
                continue
            n = len(stretch)
            windows = (
                [(0, n)]
                if full_only
                else [(a, b) for a in range(n) for b in range(a + fg.GROUP_MIN, n + 1)]
            )
            suits = sorted({fg.SUIT[k] for r in stretch for k in ranks[r]})
            picks = [[fg._pick(ranks[r], u) for r in stretch] for u in suits]
            for a, b in windows:
                for pick in picks:
                    found[tuple(sorted(pick[a:b]))] = None
    return list(found)


def test_candidates_are_what_the_first_grouping_found() -> None:
    """The same lay-downs in the same order (the menu's order, which the random bot's and
    the heuristic bot's choices depend on): any hands, and hands heavy in one colour, rank
    or the trumps, where there are many."""
    rng = random.Random(4)
    for i in range(6000):
        heavy = i % 4
        if heavy == 1:
            colour = rng.randrange(len(fg.COLOURS))
            pool = [k for k in range(N_CARDS) if fg.COLOUR[k] in (colour, fg.TRUMP)]
        elif heavy == 2:
            rank = rng.randrange(fg.INF + 1)
            pool = [k for k in range(N_CARDS) if fg.RANK[k] in (rank, rank + 1, fg.TRUMP)]
        else:
            pool = list(range(N_CARDS))
        hand = rng.sample(pool, min(len(pool), rng.randint(0, 20)))
        for full_only in (False, True):
            want = reference_candidates(hand, full_only)
            assert fg.candidates(hand, full_only) == want, (hand, full_only)


@pytest.mark.slow  # 3 games in full (make test-full), 1 in make test
def test_the_lay_off_index_and_targets_are_the_plain_questions() -> None:
    """At every decision of seeded random games: the cards some group takes, the groups a
    card may be laid off on in the order they last changed, and the groups each of the
    hand's lay-downs could join (FZ-2), as merge-then-valid says."""
    game = engine.make("foozle", {"players": ["A", "B", "C", "D"]})
    checked = 0
    games = scaled(3)
    # the plain answers, worked out once per table (the groups in order) and per lay-down
    # and table: most decisions (a draw, a discard) leave the groups as they were
    plain_fits: dict[tuple[tuple[fg.Summary, ...], tuple[int, ...]], list[list[int]]] = {}
    plain_targets: dict[tuple[fg.Summary, tuple[fg.Summary, ...]], list[int]] = {}
    for seed in range(games):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        order: list[int] = []  # the groups in the order they last changed, kept here
        before: list[list[int]] = []
        while (seat := state.to_move()) is not None:
            now = [list(g) for g in state.groups]
            if len(now) < len(before):  # a new hand
                order, before = [], []
            for g, cards in enumerate(now):
                if g >= len(before) or cards != before[g]:
                    order = [*(h for h in order if h != g), g]
            before = now
            assert state.changed == order
            sums = tuple(state.sums)
            every_fits = plain_fits.get((sums, tuple(order)))
            if every_fits is None:
                every_fits = plain_fits[sums, tuple(order)] = [
                    [g for g in order if fg.valid(fg.merge(sums[g], fg.SINGLE[k]))]
                    for k in range(N_CARDS)
                ]
            for k, fits in enumerate(every_fits):
                assert state.fitting(k) == fits, (seed, k)
                assert bool(state.anywhere >> k & 1) == bool(fits)
            for cards in fg.candidates(state.hands[seat]):
                s = fg.summary(cards)
                want = plain_targets.get((s, sums))
                if want is None:
                    want = plain_targets[s, sums] = [
                        g for g, t in enumerate(sums) if fg.valid(fg.merge(s, t))
                    ]
                assert state.targets(s) == want, (seed, cards)
            checked += 1
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
    assert checked > 300 * games


def test_a_simulation_in_this_process_leaves_nothing_frozen() -> None:
    """sim.py freezes what outlives each chunk of games (its collector pauses); a run played
    in this process hands its objects back to the collector at the end."""
    import gc

    from ezkit.games import sim

    frozen = gc.get_freeze_count()
    assert gc.isenabled()
    summary = sim.simulate("foozle", 60, 4, ["random", "heuristic"], 1, jobs=1)
    assert summary["games"] == 60
    assert gc.isenabled()
    assert frozen == sim.FROZEN_BY_PYTHON  # nothing frozen before but Python's own
    assert gc.get_freeze_count() <= frozen  # (3.12: it had never been given back)


def reference_plan(
    hand: list[int],
    groups: list[fg.Summary],
    taken: int,
    budget: int = 60,
    stranded: bool = True,
) -> list[tuple[int, ...]] | None:
    """The plan search as it was first written (one merge per card and group), which the
    fast one must answer exactly like, budget and all; `stranded`: with the rule that a
    position where no card joins a group and two cards (or the taken card) are in no
    lay-down of the part hand has no plan, told plainly (without Big Fozzle trumps)."""
    tried = [0]

    def hopeless(left: tuple[int, ...]) -> bool:
        if sum(fg.RANK[k] == fg.TRUMP for k in left) >= fg.GROUP_MIN:
            return False
        grouped = {k for cards in fg.candidates(left) for k in cards}
        stuck = [k for k in left if k not in grouped]
        return len(stuck) >= 2 or stuck == [taken]

    def search(left: tuple[int, ...], sums: list[fg.Summary]) -> list[tuple[int, ...]] | None:
        tried[0] += 1
        if len(left) == 0 or (len(left) == 1 and left[0] != taken):
            return []
        if tried[0] > budget:
            return None
        for k in left:
            for i, s in enumerate(sums):
                after = fg.merge(s, fg.SINGLE[k])
                if fg.valid(after):
                    rest = search(
                        tuple(x for x in left if x != k), [*sums[:i], after, *sums[i + 1 :]]
                    )
                    return None if rest is None else [(k,), *rest]
        if stranded and hopeless(left):
            return None
        for cards in fg.candidates(left):
            s = fg.summary(cards)
            if fg.RANK[cards[0]] == fg.TRUMP:
                return [cards]
            rest = search(tuple(x for x in left if x not in cards), [*sums, s])
            if rest is not None:
                return [cards, *rest]
        return None

    return search(tuple(sorted(hand)), list(groups))


def positions(games: int) -> list[tuple[list[int], list[fg.Summary], int]]:
    """(hand, groups, card taken) at every decision of seeded random games, and the same
    hands with one more card as if taken from the tableau."""
    game = engine.make("foozle", {"players": ["A", "B", "C", "D"]})
    found = []
    for seed in range(games):
        state = game.new_quiet(seed)
        rng = random.Random(seed)
        while (seat := state.to_move()) is not None:
            hand = list(state.hands[seat])
            sums = list(state.sums)
            found.append((hand, sums, state.taken if state.taken in hand else -1))
            if state.tableau and state.tableau[-1] not in hand:
                found.append((sorted([*hand, state.tableau[-1]]), sums, state.tableau[-1]))
            legal = state.legal_moves()
            state.play(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.slow  # 12 games in full (make test-full), 2 in make test
def test_plan_finds_what_the_first_search_found() -> None:
    """Every position of 12 random games, asked twice (the second answer is remembered), and
    with a small budget, where the searches run out."""
    checked = 0
    games = scaled(12, least=2)
    for hand, sums, taken in positions(games):
        for budget in (60, 8):
            want = reference_plan(hand, sums, taken, budget)
            table = go.Table.of(sums)
            for _ in range(2):
                got = go.plan(hand, table, taken, budget)
                assert (None if got is None else list(got)) == want, (hand, sums, taken)
        checked += 1
    assert checked > 80 * games


def test_a_stranded_position_has_no_plan() -> None:
    """The search's rule for a position where no card joins a group (_Search._stranded) only
    cuts off positions with no plan below them: searched without a budget, with it and
    without it the first plan found is the same (or none either way)."""
    checked = 0
    for hand, sums, taken in positions(scaled(4, least=1)):  # every hand, the longest too
        plain = reference_plan(hand, sums, taken, 10**9, stranded=False)
        assert reference_plan(hand, sums, taken, 10**9) == plain, (hand, sums, taken)
        checked += 1
    assert checked > 100


def test_the_same_seeds_play_the_same_games_as_before() -> None:
    """The moves of the first 40 games of `ezkit game sim foozle --seed 1`, all heuristic and
    the default random,heuristic, as the bot played them before it was made fast. Changed
    once since, on purpose: the plan search drops positions with stranded cards (see
    test_a_stranded_position_has_no_plan), so a search that ran out of budget before may
    now find a plan; every plan found before is found the same."""
    assert digest("foozle", 40, ["heuristic"]) == "46cc56f6d2aaad3d"
    assert digest("foozle", 40, ["random", "heuristic"]) == "c384335de27fcdd7"


def test_a_quiet_games_views_are_the_narrated_games_views() -> None:
    """Quiet states (simulations) share the groups, tokens and players of their views until
    these change; what each view holds is what a narrated game's view holds, and a view read
    later still holds what it held."""
    game = engine.make("foozle", {"players": ["A", "B", "C", "D"]})
    for seed in range(6):
        loud, quiet = game.new(seed), game.new_quiet(seed)
        rng = random.Random(seed)
        kept = []
        while (seat := loud.to_move()) is not None:
            view = quiet.view(seat)
            told = loud.view(seat)
            assert view == told
            kept.append((view, told))
            legal = loud.legal_moves()
            move = legal[rng.randrange(len(legal))]
            loud.play(move)
            quiet.play(move)
        assert quiet.view(0) == loud.view(0) and quiet.hand_no == loud.hand_no > 1
        assert all(early == late for early, late in kept)


def test_an_arranged_quiet_game_shows_what_was_arranged() -> None:
    game = engine.make("foozle", {"players": ["A", "B"]})
    loud, quiet = game.new(3), game.new_quiet(3)
    before = quiet.view(0)
    for state in (loud, quiet):
        state.arrange(groups=[["2-lamps", "3-lamps", "4-lamps"]], colours={1: ["red"]})
    after = quiet.view(0)
    assert after != before and after == loud.view(0)
    assert after["groups"][0]["cards"] == ["2-lamps", "3-lamps", "4-lamps"]
    assert after["tokens"][1]["colours"] == ["red"]
    for state in (loud, quiet):
        state.arrange(whites={0: 2})
    assert quiet.view(0)["tokens"][0]["white"] == 2 and quiet.view(0) == loud.view(0)
