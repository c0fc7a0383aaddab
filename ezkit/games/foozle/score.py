"""Foozle scoring for people who play with real cards (`ezkit score foozle`): the group
questions of ezkit.games.foozle.groups asked by card notation, and the game's end (FZ-6).

    kinds(["2-lamps", "3-plungers", "4-fromps"])  -> ["run"]
    kinds(["4-plungers", "5-plungers", "6-plungers"]) -> ["flush", "run", "flush-run"]
    token(["2-lamps", "3-plungers", "4-fromps"])  -> "red"     (FZ-4: all one colour)
    lay_offs(["4-plungers", "5-plungers", "6-plungers"], ["2-plungers", "7-fromps"])
        -> {"2-plungers": ["flush"], "7-fromps": ["run"]}
    standings({"Ann": ["red", "white"], "Bob": []})  -> Standings(..., over=False, ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ezkit.errors import InputError
from ezkit.games.foozle.groups import (
    COLOURS,
    IDS,
    SINGLE,
    TABLES,
    card,
    kinds_of,
    merge,
    parse,
    summary,
    summary_kinds,
    token_of,
)

# --- groups, by card notation ---------------------------------------------------------------


def kinds(cards: Sequence[str]) -> list[str]:
    """The group kinds these cards form (set, flush, run, flush-run, fozzle); [] for none."""
    return kinds_of(parse(cards))


def token(cards: Sequence[str]) -> str | None:
    """The colour token laying these cards down earns (FZ-4), or None."""
    return token_of(parse(cards))


def becomes(group: Sequence[str], new: str) -> list[str]:
    """What a group on the table is after laying `new` off on it; [] if it may not go there."""
    return kinds_of([*parse(group), card(new)])


def lay_offs(group: Sequence[str], hand: Sequence[str]) -> dict[str, list[str]]:
    """The cards of `hand` that may be laid off on `group` one at a time, and what the group
    becomes with each (FZ-2: it stays a valid group; a flush run may turn into a flush or a
    colour run, and a flush into a flush run)."""
    on_table = parse(group)
    base = summary(on_table)
    found = {}
    for k in parse(hand):
        if k not in on_table:
            got = summary_kinds(merge(base, SINGLE[k]))
            if got:
                found[IDS[k]] = got
    return found


# --- the game's end (FZ-6) ------------------------------------------------------------------


class Standings(NamedTuple):
    totals: dict[str, int]
    complete: list[str]  # who holds all five coloured tokens
    leaders: list[str]  # who holds the most tokens
    over: bool
    winner: str | None


def parse_tokens(text: str, who: str = "") -> list[str]:
    """A player's tokens typed as `red,blue,white,white` (a colour once, FZ-4)."""
    owner = f" ({who})" if who else ""
    found: list[str] = []
    for word in text.replace(" ", ",").lower().split(","):
        if not word:
            continue
        if word not in (*COLOURS, TABLES.white_token):
            raise InputError(
                f"{word!r}{owner} is not a token: {', '.join(COLOURS)} or {TABLES.white_token}"
            )
        if word != TABLES.white_token and word in found:
            raise InputError(f"{word!r}{owner} given twice: one token of each colour (FZ-4)")
        found.append(word)
    return found


def standings(tokens: dict[str, Sequence[str]]) -> Standings:
    """FZ-6: over when somebody holds all five coloured tokens and one player holds strictly
    more tokens than anybody else; that player wins (ties go on)."""
    totals = {name: len(held) for name, held in tokens.items()}
    complete = [n for n, held in tokens.items() if set(COLOURS) <= set(held)]
    best = max(totals.values(), default=0)
    leaders = [n for n, t in totals.items() if t == best]
    over = bool(complete) and len(leaders) == 1
    return Standings(totals, complete, leaders, over, leaders[0] if over else None)
