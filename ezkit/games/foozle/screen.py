"""What a person is shown in Foozle (the screen contract, ezkit.games.screen).

    describe(state, seat)   a seat's screen from `state.view(seat)` (None: the public table):
                            the hand and whose turn, the seat's cards by colour, the groups on
                            the table by kind, the tableau in order, the piles, the players'
                            cards and tokens
    steps(state, move)      the labels a person picks a move by: the action first, then the
                            group kind or the card, then the cards or where they go

Cards are shown by their names from the deck data (`7-lamps` is the 7 of Lamps, `trump-grue`
The Grue). A lay-down is chosen by its kind (Set of 7s, Flush of Lamps, Red run, Big Fozzle)
and then its cards; a step that would offer more than a dozen choices is split first (by the
lay-down's size or first rank, a card's colour, then its suit). Nothing here reads the state
beyond `view()`, its legal moves and the game's fixed deck data (GT-1).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from ezkit.games import decks
from ezkit.games.engine import Move, State, menu_number
from ezkit.games.foozle import groups as fg
from ezkit.games.foozle.moves import DISCARD, DISCARD_WORD, DRAW_WORD, LAY, ON, TAKE, lay_cards
from ezkit.games.screen import WIDTH
from ezkit.words import and_list, plural

#: The most choices one step of a menu offers.
MOST = 12
#: Joins the words of a card's name until lines are wrapped, so no line breaks inside it (a
#: private-use character: nobody types it).
_GLUE = "\ue000"
#: The mark of the card taken from the tableau this turn, in the hand.
_TAKEN = "*"

_CARDS = {c.id: c for c in decks.deck("foozle").cards}
#: The colours in the deck file's order of suits (red, blue, black, brown, yellow).
_COLOURS: tuple[str, ...] = tuple(dict.fromkeys(row.colour for row in fg.TABLES.suits))
_COLOUR_AT = {fg.COLOURS.index(c): i for i, c in enumerate(_COLOURS)}
_TRUMPS = "trumps"


# --- cards in words -------------------------------------------------------------------------


def name(card: str) -> str:
    """A card's name from the deck data: `7 of Lamps`, `∞ of Tops`, `The Grue`."""
    return _CARDS[card].name


def _suit(k: int) -> str:
    """A suited card's suit as its name says it (`Lamps`)."""
    return _CARDS[fg.IDS[k]].name.split(" of ", 1)[1]


def _rank(k: int) -> str:
    """A suited card's rank as its name says it (`7`, `∞`)."""
    return _CARDS[fg.IDS[k]].name.split(" of ", 1)[0]


def _colour(k: int) -> str:
    """A card's colour (`red`), or `trumps`."""
    return _TRUMPS if fg.RANK[k] == fg.TRUMP else fg.COLOURS[fg.COLOUR[k]]


def order(k: int) -> tuple[int, int, int]:
    """A hand's order: by colour, suit and rank (∞ after 9), the trumps last."""
    if fg.RANK[k] == fg.TRUMP:
        return (len(_COLOURS), 0, k)
    return (_COLOUR_AT[fg.COLOUR[k]], fg.SUIT[k], fg.RANK[k])


def _sorted(cards: Iterable[str]) -> list[int]:
    return sorted((fg.KIND[c] for c in cards), key=order)


def group_kind(cards: Sequence[int]) -> str:
    """A group by its kind, as a person says it: `Set of 7s`, `Flush of Lamps`, `Flush run
    of Lamps`, `Red run`, `Big Fozzle`."""
    return _kind(cards)[1]


def _kind(cards: Sequence[int]) -> tuple[str, str]:
    """A group's family (Sets, Flushes, Runs, Big Fozzle) and its kind."""
    kinds = fg.kinds_of(cards)
    first = cards[0]
    if fg.FOZZLE in kinds:
        return "Big Fozzle", "Big Fozzle"
    if fg.SET in kinds:
        return "Sets", f"Set of {_rank(first)}s"
    if fg.FLUSH_RUN in kinds:
        return "Flushes", f"Flush run of {_suit(first)}"
    if fg.FLUSH in kinds:
        return "Flushes", f"Flush of {_suit(first)}"
    if fg.RUN in kinds:
        return "Runs", f"{_colour(first).capitalize()} run"
    return "Cards", "Cards"  # not a group: a typed lay-down the rules will refuse


def _group_order(cards: Iterable[int]) -> list[int]:
    """A group's cards in the order a person reads it: a set by colour and suit, a flush or
    run by rank."""
    cards = list(cards)
    if fg.SET in fg.kinds_of(cards):
        return sorted(cards, key=order)
    return sorted(cards, key=lambda k: (fg.RANK[k], order(k)))


def short(cards: Sequence[int]) -> str:
    """Cards in few words: `7 of Lamps, Rain, Faces`, `0 to 7, 9 of Lamps`, `0, 1 of
    Plungers; 2 to 4 of Lamps`; trumps by name."""
    cards = _group_order(cards)
    if any(fg.RANK[k] == fg.TRUMP for k in cards):
        return ", ".join(name(fg.IDS[k]) for k in cards)
    if len({fg.RANK[k] for k in cards}) == 1:
        return f"{_rank(cards[0])} of {', '.join(_suit(k) for k in cards)}"
    parts: list[list[int]] = []  # the cards in rank order, a part per suit in a row
    for k in cards:
        if parts and fg.SUIT[parts[-1][-1]] == fg.SUIT[k]:
            parts[-1].append(k)
        else:
            parts.append([k])
    return "; ".join(f"{_ranks(part)} of {_suit(part[0])}" for part in parts)


def _ranks(cards: list[int]) -> str:
    """Ranks in order, three or more in a row as `2 to 5` (∞ follows no rank: FZ-2)."""
    spans: list[list[int]] = []
    for k in cards:
        r = fg.RANK[k]
        if spans and r != fg.INF and r == fg.RANK[spans[-1][-1]] + 1:
            spans[-1].append(k)
        else:
            spans.append([k])
    said = []
    for span in spans:
        if len(span) >= 3:
            said.append(f"{_rank(span[0])} to {_rank(span[-1])}")
        else:
            said += [_rank(k) for k in span]
    return ", ".join(said)


# --- lines ----------------------------------------------------------------------------------


def _keep(text: str) -> str:
    """A name that a line may not break inside."""
    return text.replace(" ", _GLUE)


def _wrap(text: str, indent: str = "", hang: int = 2) -> list[str]:
    """A paragraph at the screen's width; later lines indented `hang` more spaces."""
    lines = textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=" " * (len(indent) + hang),
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace(_GLUE, " ") for line in lines] or [indent.rstrip()]


def _names(cards: Iterable[int], marked: int = -1) -> str:
    return ", ".join(_keep(name(fg.IDS[k])) + (_TAKEN if k == marked else "") for k in cards)


def _tokens(t: dict[str, Any]) -> str:
    held = [c for c in _COLOURS if c in t["colours"]]
    if t["white"]:
        held.append(f"{t['white']} {fg.TABLES.white_token}")
    if not held:
        return "none"
    return f"{', '.join(held)} ({t['total']})"


# --- describe ---------------------------------------------------------------------------------


def describe(state: State, seat: int | None) -> list[str]:
    """The screen of one seat (None: the public table), from `state.view(seat)` only."""
    v = state.view(seat)
    players: list[str] = v["players"]
    sections = [_headline(v, players, seat), *_table(v), _players(v, players, seat)]
    if seat is not None:
        sections.insert(1, _hand(v))
    return [line for i, part in enumerate(sections) for line in ([""] if i else []) + part]


def _headline(v: dict[str, Any], players: list[str], seat: int | None) -> list[str]:
    """The hand and turn, and what the player to move does now."""
    hand_no = v["hand_no"]
    if v["phase"] == "over":
        most = max(t["total"] for t in v["tokens"])
        winners = [players[s] for s in v["winners"]]
        wins = "wins" if len(winners) == 1 else "share the win"
        each = " each" if len(winners) > 1 else ""
        return _wrap(
            f"The game is over after hand {hand_no}: {and_list(winners)} {wins} with "
            f"{plural(most, 'token')}{each}."
        )
    head = f"Hand {hand_no}, turn {v['turn'] + 1}; {players[v['dealer']]} dealt"
    last = v["last_hand"]
    if last is not None and v["turn"] < len(players):  # the first round: how the last one went
        if last["winner"] is None:
            head += f" (hand {hand_no - 1} ended without a winner)"
        else:
            head += f", having gone out of hand {hand_no - 1}"
    if v["turn_cap"] - v["turn"] <= len(players):
        head += f"; the hand ends without a winner after turn {v['turn_cap']}"
    return [*_wrap(f"{head}."), *_wrap(_now(v, players, seat))]


def _now(v: dict[str, Any], players: list[str], seat: int | None) -> str:
    active = players[v["active"]]
    mine = seat == v["active"]
    phase = v["phase"]
    if phase == "take" and mine:
        tableau = v["tableau"]
        ways = ["the top card of the draw pile"]
        if tableau:
            ways.append(f"the last discard ({_keep(name(tableau[-1]))})")
        if tableau[1:]:
            ways.append("another tableau card you can play at once")
        what = f"take {', '.join(ways[:-1])} or {ways[-1]}" if ways[1:] else f"take {ways[0]}"
    elif phase == "take":
        what = f"{active} takes a card"
    elif phase == "owe" and mine:
        what = f"you took {_keep(name(v['owed']))} from the tableau, so play it now"
    elif phase == "owe":
        what = f"{active} took {_keep(name(v['owed']))} from the tableau and plays it now"
    elif mine:
        what = "lay down groups or lay off cards as you wish, then discard one card "
        what += "(none if you go out)"
    else:
        what = f"{active} may lay cards down or off, then discards"
    who = "Your turn" if mine else f"{active}'s turn"
    return f"{who}: {what}."


def _hand(v: dict[str, Any]) -> list[str]:
    """The seat's cards, a row per colour, the trumps last; the card taken marked."""
    cards = _sorted(v["hand"])
    taken = fg.KIND[v["taken"]] if v["taken"] in v["hand"] else -1
    lines = [f"Your hand, {plural(len(cards), 'card')}:"]
    rows: dict[str, list[int]] = {}
    for k in cards:
        rows.setdefault(_colour(k), []).append(k)
    width = max((len(c) for c in rows), default=0) + 2
    for colour, row in rows.items():
        lines += _wrap(_names(row, taken), f"  {colour:<{width}}", 0)
    if not cards:
        lines.append("  none")
    if taken >= 0:
        duty = "play it now" if v["owed"] else "you may not discard it this turn"
        lines.append(f"  {_TAKEN} taken from the tableau: {duty}")
    return lines


def _table(v: dict[str, Any]) -> list[list[str]]:
    """The groups on the table; the tableau and the piles."""
    groups = []
    if v["groups"]:
        how = "" if v["phase"] == "over" else " (lay off on one by its number)"  # over: none
        groups.append(f"Groups on the table{how}:")
        for i, g in enumerate(v["groups"], 1):
            cards = _group_order(fg.KIND[c] for c in g["cards"])
            groups += _wrap(f"{_keep(group_kind(cards))}: {_names(cards)}", f"  {i:>2}. ", 0)
    else:
        groups.append("No groups on the table yet.")
    piles = []
    tableau = [fg.KIND[c] for c in v["tableau"]]
    if tableau:
        many = f", oldest first ({len(tableau)} cards; the last one is on top)"
        piles.append(f"Tableau{many if tableau[1:] else ' (1 card)'}:")
        piles += _wrap(_names(tableau), "  ", 0)
    else:
        piles.append("The tableau is empty.")
    dump = f"{plural(v['dump'], 'card')}, face down" if v["dump"] else "empty"
    piles.append(f"Draw pile: {plural(v['draw_pile'], 'card')}. Dump: {dump}.")
    return [groups, piles]


def _players(v: dict[str, Any], players: list[str], seat: int | None) -> list[str]:
    lines = ["Players:"]
    for s, player in enumerate(players):
        who = f"{player} (you)" if s == seat else player
        cards = plural(v["hand_counts"][s], "card")
        lines += _wrap(f"{who}: {cards}; tokens: {_tokens(v['tokens'][s])}", "  ", 4)
    if v["phase"] != "over":
        lines.append("Once someone holds all five colours, the one player with most tokens wins.")
    return lines


# --- steps ------------------------------------------------------------------------------------

#: A step's label and, before it, labels that may be asked first when the step would be long.
Segment = tuple[tuple[str, ...], str]

_CACHE: list[Any] = [None, None, {}]  # the state, its legal list, their labels


def steps(state: State, move: Move) -> list[str]:
    """The labels a person picks this move by, one a step (ezkit.games.screen.Menu)."""
    legal = state._legal_list()  # type: ignore[attr-defined]
    if _CACHE[0] is not state or _CACHE[1] is not legal:
        _CACHE[:] = [state, legal, labels(state, legal)]
    found = _CACHE[2].get(move)
    return list(found) if found is not None else labels(state, [move])[move]


def labels(state: State, legal: Sequence[Move]) -> dict[Move, list[str]]:
    """Every move's steps, each step kept to a dozen choices where the moves allow."""
    v = state.view(state.to_move())
    out: dict[Move, list[str]] = {}
    _shape([(m, _segments(v, m)) for m in legal], [], out)
    return out


def _card(k: int) -> list[Segment]:
    """A card picked from many: by colour, then suit, when there are more than a dozen."""
    colour = _colour(k)
    suit = colour if colour == _TRUMPS else _suit(k)
    return [((colour, suit), name(fg.IDS[k]))]


def _segments(v: dict[str, Any], move: Move) -> list[Segment]:
    args = move.args
    if move.action == TAKE:
        if args[0] == DRAW_WORD:
            return [((), "Draw the top card of the draw pile")]
        if args[0] == DISCARD_WORD:
            return [((), f"Take the last discard, {name(v['tableau'][-1])}")]
        return [((), "Take a tableau card to play at once"), *_card(fg.KIND[args[0]])]
    if move.action == LAY:
        cards = sorted(fg.KIND[c] for c in lay_cards(move))
        number = menu_number(args[-1]) if args[-2:-1] == (ON,) else None
        g = number - 1 if number is not None else -1
        if len(cards) == 1:
            where = [((), _onto(v, g, "on"))] if g >= 0 else []
            return [((), "Lay off a card"), *_card(cards[0]), *where]
        joins = [((), _onto(v, g, "joining"))] if g >= 0 else []
        return [((), "Lay down a group"), *_lay_down(v, cards), *joins]
    if move.action == DISCARD:
        k = fg.KIND[args[0]]
        return [((), "Discard a card"), *_card(k)]
    return [((), w) for w in move.text().split()]


def _onto(v: dict[str, Any], g: int, how: str) -> str:
    cards = [fg.KIND[c] for c in v["groups"][g]["cards"]]
    return f"{how} group {g + 1}, {group_kind(_group_order(cards))}"


def _lay_down(v: dict[str, Any], cards: list[int]) -> list[Segment]:
    """A lay-down: its kind (asked by family first when there are many kinds), then its cards
    (asked by size, or by first rank for a run, when there are many)."""
    family, kind = _kind(cards)
    if family == "Runs":  # by where the run starts, then where it ends
        low, high = (_rank(f(cards, key=fg.RANK.__getitem__)) for f in (min, max))
        by: tuple[str, ...] = (f"from {low}", f"{low} to {high}")
    else:
        by = (plural(len(cards), "card"),)
    colour = fg.summary(cards).colour
    earns = colour >= 0 and fg.COLOURS[colour] not in v["tokens"][v["active"]]["colours"]
    token = f" (earns the {fg.COLOURS[colour]} token)" if earns else ""
    if family == "Big Fozzle":
        kind += " (ends the hand)"
    elif family != "Sets":  # one suit or one colour: the whole kind earns it or not
        kind, token = kind + token, ""
    return [((family,), kind), (by, short(cards) + token)]


def _shape(
    items: list[tuple[Move, list[Segment]]], path: list[str], out: dict[Move, list[str]]
) -> None:
    """Give each move its labels under `path`: a step's optional labels are asked first only
    when the step would offer more than MOST choices without them."""
    for move, segments in items:
        if not segments:
            out[move] = path
    items = [(m, s) for m, s in items if s]
    if not items:
        return
    choices = {segments[0][1] for _, segments in items}
    if len(choices) > MOST and all(segments[0][0] for _, segments in items):
        split: dict[str, list[tuple[Move, list[Segment]]]] = {}
        for move, segments in items:
            (first, *more), label = segments[0]
            split.setdefault(first, []).append((move, [(tuple(more), label), *segments[1:]]))
        for label, sub in split.items():
            _shape(sub, [*path, label], out)
        return
    by: dict[str, list[tuple[Move, list[Segment]]]] = {}
    for move, segments in items:
        by.setdefault(segments[0][1], []).append((move, segments[1:]))
    for label, sub in by.items():
        _shape(sub, [*path, label], out)
