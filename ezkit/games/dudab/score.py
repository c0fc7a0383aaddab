"""Dudab's scoring (seed 002, "Scoring"; ruling DU-4) as small pure functions.

One implementation of the book's scoring steps, used by the engine at the end of every round
(ezkit.games.dudab) and by `ezkit score dudab` for people who play with real cards:

    score(pile, hand=())        -> Scoring: a player's points for a round, step by step,
                                   from card ids (`red-3-hand`, `shaman-blue`, `dudab`, ...)
    parse_cards(text)           -> card ids from what a person typed ("red-3-hand, dudab")
    score_tally(tally, dudabs)  -> the same from counts (the engine's way: no card ids)
    tally(cards)                -> Tally: the cards sorted by type, as the book's scorer sorts them
    check_supply(*groups)       -> refuses more copies of a card than the deck holds (DU-1)
    check_hand(hand)            -> refuses a hand over 5 cards at scoring (DU-6)

The steps, in the book's order (DU-4):

    1 hand-dudabs     every Dudab still in hand scores 5 and is discarded; the other cards in
                      hand go to the player's own pile
    2 dudab-shaman    each Dudab is paired with a Shaman; both are discarded, no points
    3 dudab-number    each spare Dudab turns a Number card negative (the choice giving the
                      lowest score, DU-4); a Dudab with nothing to pair with scores 0
    4 shamans         each Shaman without a Dudab scores 5, unless a spare Jungle discards it
                      first (the book's note; DU-4)
    5 jungle-numbers  the first Jungle takes every remaining Number card of the lowest value,
                      the second those of the next value, ... ("types" are values, DU-4)
    6 spare-jungles   Jungles left over discard a Shaman each (step 4), the rest score nothing
    7 babies          1..8 Baby cards score -1/-3/-6/-11/-19/-32/-51/-81 (the deck file's table)
    8 numbers         every Number card left scores its value

The points (5 for a Dudab in hand or a Shaman, the Baby table) come from cards/dudab.yaml.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.dudab.tables import DudabTables

#: The step keys, in the book's order.
STEPS = (
    "hand-dudabs",
    "dudab-shaman",
    "dudab-number",
    "shamans",
    "jungle-numbers",
    "spare-jungles",
    "babies",
    "numbers",
)


class Tally(NamedTuple):
    """A player's cards sorted by type: Dudab, Shaman, Jungle, Baby, and the Number cards'
    values in ascending order."""

    dudabs: int = 0
    shamans: int = 0
    jungles: int = 0
    babies: int = 0
    numbers: tuple[int, ...] = ()


class Step(NamedTuple):
    """One step of the book's scoring: what it did, in words, and the points it gave."""

    rule: str
    text: str
    points: int

    def as_dict(self, number: int) -> dict[str, Any]:
        return {"step": number, "rule": self.rule, "text": self.text, "points": self.points}


class Scoring(NamedTuple):
    """A player's points for a round and the steps that make them up."""

    score: int
    steps: tuple[Step, ...]
    negated: tuple[int, ...] = ()  # the values of the Number cards the spare Dudabs turned

    def as_dict(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "steps": [step.as_dict(i) for i, step in enumerate(self.steps, 1)],
        }

    def lines(self) -> list[str]:
        """The steps as a person reads them, then the total."""
        width = max(len(step.rule) for step in self.steps)
        rows = [
            f"{i}. {step.rule:{width}}  {step.points:+4d}  {step.text}"
            for i, step in enumerate(self.steps, 1)
        ]
        return [*rows, f"Score: {self.score}"]


# --- the deck's cards and numbers -------------------------------------------------------------


@cache
def _tables() -> DudabTables:
    found = decks.tables("dudab")
    assert isinstance(found, DudabTables)
    return found


@cache
def _kinds() -> dict[str, tuple[str, int]]:
    """Every card id -> (its kind, its value for a Number card)."""
    return {card.id: (card.kind, int(card.value or 0)) for card in decks.deck("dudab").cards}


def card_id(text: str) -> str:
    """A card as a person types it (any case, spaces for hyphens), checked against the deck."""
    return text if text in _kinds() else decks.deck("dudab").card(text).id


def parse_cards(text: str, where: str = "") -> list[str]:
    """Cards as typed on a command line, separated by spaces or commas: `red-3-hand dudab`."""
    cards = []
    for word in text.replace(",", " ").split():
        try:
            cards.append(card_id(word))
        except InputError as error:
            raise InputError(f"{where}: {error}" if where else str(error)) from None
    return cards


def tally(cards: Iterable[str]) -> Tally:
    """Card ids sorted by type, as the book's scorer sorts them (DU-4)."""
    kinds = _kinds()
    counts = Counter[str]()
    values: list[int] = []
    for card in cards:
        kind, value = kinds[card_id(card)]
        if kind == "number":
            values.append(value)
        else:
            counts[kind] += 1
    return Tally(
        counts["dudab"], counts["shaman"], counts["jungle"], counts["baby"], tuple(sorted(values))
    )


def check_supply(*groups: Iterable[str]) -> None:
    """No more copies of a card, over all the groups, than the deck holds (DU-1)."""
    deck = decks.deck("dudab")
    held = Counter(card_id(card) for group in groups for card in group)
    for card in deck.cards:
        if held[card.id] > card.count:
            copies = "copy" if card.count == 1 else "copies"
            raise InputError(
                f"{held[card.id]} x {card.id} given, but the deck holds {card.count} "
                f"{copies} (DU-1)"
            )


def check_hand(hand: Sequence[str]) -> None:
    """No more cards in hand at scoring than the hand limit (DU-6: a player over 5 puts
    cards of his choice on his own pile first, and that choice changes the score)."""
    most = _tables().hand.max
    if len(hand) > most:
        raise InputError(
            f"{len(hand)} cards in hand, but a hand holds at most {most} at scoring (DU-6): "
            "put the others on the own pile (--pile) first"
        )


# --- the scoring --------------------------------------------------------------------------------


def score(pile: Iterable[str], hand: Iterable[str] = (), explain: bool = True) -> Scoring:
    """A player's round score from their own pile and the cards left in their hand (DU-4)."""
    held = list(hand)
    found = tally([*pile, *held])
    in_hand = sum(1 for card in held if card_id(card) == "dudab")
    return score_tally(found._replace(dudabs=found.dudabs - in_hand), in_hand, explain)


def score_tally(pile: Tally, hand_dudabs: int = 0, explain: bool = True) -> Scoring:
    """The book's scoring steps over a player's cards sorted by type (DU-4).

    `pile` holds the own pile and the cards in hand other than Dudabs; `hand_dudabs` the
    Dudabs still in hand (each scores 5 and is discarded). With `explain` False only the
    score is given, not the steps in words (the engine's simulations need only the score)."""
    points = _tables().scoring
    # 1. Every Dudab in hand scores 5 and is discarded.
    hand_points = hand_dudabs * points.dudab_in_hand
    # 2. Each Dudab is paired with a Shaman: both discarded.
    pairs = min(pile.dudabs, pile.shamans)
    # 3. Spare Dudabs turn Number cards negative: the choice that scores lowest (DU-4).
    spare_dudabs = pile.dudabs - pairs
    negated, remaining = _negate(pile.numbers, spare_dudabs, pile.jungles)
    # 4. Shamans without a Dudab score 5, unless a spare Jungle discards them (the note;
    #    "types of Number cards" are the distinct values, DU-4).
    unpaired = pile.shamans - pairs
    kinds = sorted(set(remaining))
    spare_jungles = max(0, pile.jungles - len(kinds))
    cancelled = min(spare_jungles, unpaired)
    charged = unpaired - cancelled
    # 5. Jungles take the remaining Number cards, lowest value first, one value each.
    taken_values = kinds[: pile.jungles]
    left = [v for v in remaining if v not in taken_values]
    # 6. Spare Jungles: a Shaman each (step 4), the rest without value.
    # 7. Baby cards, by the deck file's table; 8. the Number cards left score their values.
    found = (
        hand_points,
        0,
        -sum(negated),
        charged * points.unpaired_shaman,
        0,
        0,
        _baby_points(pile.babies),
        sum(left),
    )
    if not explain:
        return Scoring(sum(found), (), tuple(negated))
    taken = [v for v in remaining if v in taken_values]
    texts = (
        f"{_count(hand_dudabs, 'Dudab')} in hand x {points.dudab_in_hand}, then "
        "discarded; the other cards in hand join the own pile",
        f"{_count(pairs, 'Dudab-Shaman pair')} discarded without value",
        _dudab_text(spare_dudabs, negated),
        f"{_count(charged, 'Shaman')} without a Dudab x {points.unpaired_shaman}"
        + (f" ({cancelled} more discarded by spare Jungles, step 6)" if cancelled else ""),
        _jungle_text(pile.jungles, taken_values, taken),
        _count(spare_jungles, "spare Jungle")
        + (f": {cancelled} discard a Shaman each" if cancelled else "")
        + (
            f"{',' if cancelled else ':'} {spare_jungles - cancelled} without value"
            if spare_jungles - cancelled
            else ""
        ),
        _count(pile.babies, "Baby card"),
        # highest first, for every player alike (they came in the order the negation left)
        f"{_count(len(left), 'Number card')} left: {_values(sorted(left, reverse=True))}",
    )
    return Scoring(sum(found), tuple(map(Step, STEPS, texts, found)), tuple(negated))


def _dudab_text(spare: int, negated: Sequence[int]) -> str:
    if not spare:
        return "no spare Dudab"
    text = f"{_count(spare, 'spare Dudab')}: "
    if negated:
        text += f"{_count(len(negated), 'Number card')} turned negative: {_values(negated, '-')}"
    idle = spare - len(negated)
    if idle:
        text += ("; " if negated else "") + f"{idle} with nothing to pair with, 0 points"
    return text


def _jungle_text(jungles: int, values: Sequence[int], taken: Sequence[int]) -> str:
    text = _count(jungles, "Jungle")
    if taken:
        return (
            f"{text}, {len(values)} used: the Number cards of value {_values(values)} "
            f"({_values(taken)}) discarded with them"
        )
    return f"{text}, no Number card to take" if jungles else text


def _negate(numbers: Sequence[int], dudabs: int, jungles: int) -> tuple[list[int], list[int]]:
    """Which Number cards the spare Dudabs turn negative: the choice that leaves the lowest
    score once the Jungles have taken their values (DU-4). Every spare Dudab takes a card
    while there are cards. Returns (negated values, highest first; the remaining values)."""
    take = min(dudabs, len(numbers))
    if not take:
        return [], list(numbers)
    if not jungles:  # no Jungle: the highest cards are the best to turn
        ordered = sorted(numbers, reverse=True)
        return ordered[:take], ordered[take:]
    counts = Counter(numbers)
    values = tuple(sorted(counts))  # lowest first, as the Jungles take them
    sizes = tuple(counts[v] for v in values)
    best = _turned(values, sizes, take, jungles)
    last = len(values) - 1
    negated = [v for i in range(last, -1, -1) for v in [values[i]] * best[i]]
    rest = [v for i in range(last + 1) for v in [values[i]] * (sizes[i] - best[i])]
    return negated, rest


@lru_cache(maxsize=1 << 14)
def _turned(
    values: tuple[int, ...], sizes: tuple[int, ...], take: int, jungles: int
) -> tuple[int, ...]:
    """How many Number cards of each value (`sizes` of them, lowest value first) the spare
    Dudabs turn: every way is tried, the lowest score kept; on a tie, the most high cards."""
    last = len(values) - 1
    best_points: int | None = None
    best: tuple[int, ...] = ()
    chosen = [0] * len(values)

    def walk(i: int, left: int) -> None:
        """Choose how many of values[i] to turn, the highest values first."""
        nonlocal best_points, best
        if i < 0:
            if left:
                return
            points, jungle = 0, jungles
            for v, size, k in zip(values, sizes, chosen):  # noqa: B905 - equal lengths
                if size > k:
                    if jungle:
                        jungle -= 1  # the Jungles take the lowest values left
                    else:
                        points += (size - k) * v
                points -= k * v
            if best_points is None or points < best_points:
                best_points, best = points, tuple(chosen)
            return
        for k in range(min(sizes[i], left), -1, -1):  # most of the higher values first
            chosen[i] = k
            walk(i - 1, left - k)
        chosen[i] = 0

    walk(last, take)
    return best


def _baby_points(babies: int) -> int:
    table = _tables()
    if babies and babies not in table.scoring.baby:
        most = max(table.scoring.baby)
        raise InputError(f"{babies} Baby cards: the scoring table goes to {most} (DU-4)")
    return table.baby_points(babies)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _values(values: Sequence[int], sign: str = "") -> str:
    return ", ".join(f"{sign}{v}" for v in values) or "none"
