"""What a person is shown in Dudab (the screen contract, ezkit.games.screen).

    describe(state, seat)   a seat's screen from `state.view(seat)` (None: the public table):
                            the round and what is asked now in a sentence, the columns as
                            stacks (top card first), the seat's hand and own pile, the draw and
                            discard piles, the players; at the end the scores by round and the
                            last round's hands revealed and scored step by step
    steps(state, move)      the labels a person picks a move by: the card or the action first,
                            then the column, then (a Dudab's call) colour, value or symbol, then
                            which one

Cards are shown by their names from the deck data (`red-3-hand` is Red 3 Hand); moves are still
typed with the ids (`play red-3-hand on 2`). `describe` reads only `view(seat)`, the deck data
and, for the seat to move, its own legal moves (GT-1). `steps` labels the moves of the seat to
move from what that seat sees: the visible columns and its own hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ezkit.games.dudab.narration import (
    GLUE,
    counted,
    faces,
    keep,
    name,
    ordered,
    plural,
    scoring_lines,
    wrap,
)
from ezkit.games.dudab.rules import (
    _P_REQUEST,
    _P_TRIM,
    DISCARD,
    DRAW,
    DUDAB_WORD,
    OWN_PILE,
    PASS,
    PLAY,
    TABLES,
)
from ezkit.games.dudab.score import score
from ezkit.games.dudab.state import DudabState
from ezkit.games.engine import Move
from ezkit.games.screen import WIDTH
from ezkit.words import and_list, won

#: The marks a screen may use, and their legend.
_TURN, _PLAYABLE = ">", "*"
#: The most choices one step of a menu offers (ezkit.games.screen: at most a dozen).
_MOST = 12


# --- describe -------------------------------------------------------------------------------


def describe(state: DudabState, seat: int | None) -> list[str]:
    """The screen of one seat (None: what the whole table sees)."""
    v = state.view(seat)
    names = [keep(p) for p in v["players"]]
    lines = wrap(" ".join(_situation(v, seat, names)))
    if v["phase"] == "over":
        return [*lines, "", *_players(v, seat, names), "", *_final(v)]
    lines += ["", "Columns (top card first):"]
    for c, column in enumerate(v["columns"], 1):
        lines += wrap(_column(v, c, column, seat, names), "  ", "    ")
    discard = v["discard"]
    top = f", {keep(name(discard[-1]))} on top" if discard else ""
    lines += wrap(f"Draw pile: {plural(v['draw_pile'], 'card')}. Discard pile: "
                  f"{plural(len(discard), 'card')}{top}.")  # fmt: skip
    marks = set()
    if seat is not None:
        playable = _playable(state, v, seat)
        marks |= {_PLAYABLE} if playable else set()
        lines += ["", *_own(v, playable)]
    lines += ["", *_players(v, seat, names)]
    marks.add(_TURN)
    legend = {_TURN: f"{_TURN} decides now", _PLAYABLE: f"{_PLAYABLE} may be played now"}
    lines += wrap("Marks: " + "; ".join(legend[m] for m in (_TURN, _PLAYABLE) if m in marks))
    return lines


def _you(names: Sequence[str], s: int, seat: int | None, own: bool = False) -> str:
    """A player as the seat reads it: `you` (`your`), or the name (`Ann's`)."""
    if s == seat:
        return "your" if own else "you"
    return f"{names[s]}'s" if own else names[s]


def _cap(text: str) -> str:
    """A sentence's first word with a capital (a name stays as it is written)."""
    return text[:1].upper() + text[1:]


def _call(kind: str, value: str) -> str:
    """A Dudab's call in words: `a red card`, `a 3`, `a Hand card`."""
    if kind == "colour":
        return f"a {value} card"
    if kind == "value":
        return f"a {value}"
    return f"a {value.title()} card"


def _situation(v: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[str]:
    """The round, and what is asked now and of whom, in sentences."""
    phase, mover, active = v["phase"], v["to_move"], v["active"]
    said = [f"Round {v['round']} of {v['rounds']}."]
    me = mover is not None and mover == seat
    who = _cap(_you(names, mover, seat)) if mover is not None else ""
    hand_max = TABLES.hand.max
    if phase == "over":
        best = min(v["totals"])
        winners = [v["players"][s] for s in v["winners"]]
        return [
            f"The game is over after {plural(v['rounds'], 'round')}: "
            f"{won([keep(w) for w in winners])} with {plural(best, 'point')} (fewer is better)."
        ]
    if phase == "turn":
        if not me:
            return [*said, f"{names[active]}'s turn."]
        said.append("Your turn: play a card on a column, say Dudab! on one, or draw a card.")
        if v["hand_counts"][seat] >= hand_max:
            said.append(
                f"With {hand_max} cards you may draw only when no card can be played: you show "
                "your hand and put one card on your own pile first."
            )
    elif phase == "request":
        r = v["request"]
        by = _cap(_you(names, r["by"], seat, own=True))
        call = f"{by} Dudab! on column {r['column']} calls for {_call(r['kind'], r['value'])}."
        if not me:
            return [*said, f"{names[active]}'s turn. {call}"]
        said += [
            f"Your turn. {call}",
            "Play such a card on it, or a Dudab! of your own; if you hold neither, show your "
            "hand and draw a card.",
        ]
    elif phase == "shaman":
        s = v["shaman"]
        by = _you(names, s["by"], seat, own=True)
        if not me:
            return [*said, f"{names[active]} must answer {by} Shaman on column {s['column']}."]
        said.append(
            f"Your turn: answer {by} Shaman on column {s['column']} with a Shaman or a Dudab! "
            "on it, or take the Shaman's draw (cards are turned up until a Number card, and you "
            "draw as many as its value)."
        )
    elif phase == "capture":
        if me:
            said.append(
                "You took a column: keep 2 cards and put the others all together on the "
                "discard pile or on your own pile."
            )
        else:
            said.append(
                f"{who} took a column and keeps 2 cards; the others go all together on the "
                "discard pile or on their own pile."
            )
    elif phase == "trim":
        held, over = v["hand_counts"][mover], v["hand_counts"][mover] - hand_max
        if me:
            said.append(f"You hold {held} cards: put {over} on your own pile, one at a time.")
        else:
            said.append(f"{who} holds {held} cards and puts {over} on their own pile.")
        if not v["draw_pile"]:
            said.append(
                f"The draw pile is empty: every hand goes down to {hand_max} cards, then "
                f"round {v['round']} is scored."
            )
    elif phase == "jungle":
        said.append(
            f"{who} drew a Jungle: {'lay' if me else 'it goes'} it sideways on a column that "
            "has none. Cards below it mirror the cards above it."
        )
    elif phase == "baby":
        said.append(
            f"{who} drew a Baby: {'place' if me else 'it goes'} it on a column. The card drawn "
            "onto it starts the column again; a Number card there makes everyone draw its value."
        )
    return said


def _column(
    v: dict[str, Any], c: int, column: dict[str, Any], seat: int | None, names: Sequence[str]
) -> str:
    """One column as a stack, top card first, with what it waits for."""
    cards: list[str] = column["cards"]
    stack = ", on ".join(keep(name(card)) for card in reversed(cards))
    notes = []
    if "jungle" in cards:
        j = cards.index("jungle")
        above, below = j, len(cards) - j - 1
        size = f"{keep(f'{above} above')} the Jungle, {keep(f'{below} below')}"
        if below < above:  # DU-5: the next card below mirrors the card as far above
            notes.append(_mirror(cards[j - 1 - below]))
        if below + 1 > above:
            notes.append("the next card takes the column")
    else:
        size = keep(plural(len(cards), "card"))
        if len(cards) + 1 >= TABLES.column_capture:
            notes.append("the next card takes the column")
    if column["buried"]:
        size += f"; {keep(str(column['buried']) + ' more')} under a Baby"
    request, shaman = v["request"], v["shaman"]
    if request and request["column"] == c:
        by = _you(names, request["by"], seat, own=True)
        notes.insert(0, f"{by} Dudab! calls for {_call(request['kind'], request['value'])}")
    elif cards[-1] == "dudab":  # a starting Dudab, one on a Baby or below a Jungle
        below = "jungle" in cards[:-1]
        notes.insert(0, f"the Dudab! calls for nothing: any {'' if below else 'Number '}card "
                        "may go on it")  # fmt: skip
    if shaman and shaman["column"] == c:
        answer = _you(names, v["active"], seat, own=True)
        notes.insert(0, f"the Shaman waits for {answer} answer")
    said = f"Column {c}: {stack} ({size})"
    return f"{said}; {'; '.join(notes)}." if notes else f"{said}."


def _mirror(card: str) -> str:
    """DU-5: what the next card below a Jungle must be, mirroring `card` above it."""
    if card == "dudab":
        return "only a Dudab! may go next below the Jungle"
    if card.startswith("shaman-"):
        return "only a Shaman or a Dudab! may go next below the Jungle"
    shares = "must share a colour, value or symbol with"
    return f"the next card below the Jungle {shares} {keep(name(card))}"


def _playable(state: DudabState, v: dict[str, Any], seat: int) -> set[str]:
    """The cards of the seat's hand it may play now (its own legal moves only, GT-1)."""
    if v["to_move"] != seat or v["phase"] not in ("turn", "request", "shaman"):
        return set()
    found = set()
    for move in state.legal_moves():
        if move.action == PLAY:
            found.add(move.args[0])
        elif move.action == DUDAB_WORD:
            found.add("dudab")
    return found


def _own(v: dict[str, Any], playable: set[str]) -> list[str]:
    """The seat's hand (marking the cards it may play now) and its own pile."""
    hand, pile = v["hand"], v["pile"]
    counts = Counter(hand)
    shown = [
        item + (_PLAYABLE if card in playable else "")
        for card, item in zip(ordered(counts), counted(hand), strict=True)
    ]
    lines = wrap(f"Your hand ({plural(len(hand), 'card')}): {', '.join(shown) or 'empty'}.")
    if pile:
        lines += wrap(f"Your own pile ({plural(len(pile), 'card')}): {', '.join(counted(pile))}.")
    else:
        lines.append("Your own pile is empty.")
    now = score(pile, hand).score
    lines += wrap(f"Were the round scored now, you would score {plural(now, 'point')}.")
    return lines


def _players(v: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[str]:
    """The players in a small table: cards in hand, own pile, points of each round scored."""
    over = v["phase"] == "over"
    rounds = v["round_scores"]
    who = [n.replace(GLUE, " ") + (" (you)" if s == seat else "") for s, n in enumerate(names)]
    head: list[str] = ["Player"] + ([] if over else ["Hand", "Own pile"])
    rows: list[list[str]] = [
        [w] + ([] if over else [str(v["hand_counts"][s]), str(v["pile_counts"][s])])
        for s, w in enumerate(who)
    ]
    if not rounds:
        return _table(head, rows, v["to_move"])
    totals = [[str(t)] for t in v["totals"]]
    each = [[str(r[s]) for r in rounds] for s in range(len(rows))]
    per_round = [f"R{r}" for r in range(1, len(rounds) + 1)]
    lines = _table(
        [*head, *per_round, "Total"],
        [row + each[s] + totals[s] for s, row in enumerate(rows)],
        v["to_move"],
    )
    if max(map(len, lines)) > WIDTH:  # long names: the totals alone
        return _table(
            [*head, "Total"], [row + totals[s] for s, row in enumerate(rows)], v["to_move"]
        )
    said = f"{', '.join(per_round)}: the points of {'each round' if len(rounds) > 1 else 'round 1'}"
    return [*lines, *wrap(f"{said}; fewer is better.")]


def _table(head: list[str], rows: list[list[str]], mover: int | None) -> list[str]:
    """Aligned columns: the first (names) to the left, numbers to the right; `>` marks the
    player who decides now."""
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(cells: list[str], mark: str) -> str:
        first = cells[0].ljust(widths[0])
        rest = "  ".join(cell.rjust(w) for cell, w in zip(cells[1:], widths[1:], strict=True))
        return f"{mark} {first}  {rest}".rstrip()

    lines = [line(head, " ")]
    lines += [line(row, _TURN if s == mover else " ") for s, row in enumerate(rows)]
    return lines


def _final(v: dict[str, Any]) -> list[str]:
    """The last round's hands, revealed and scored step by step (seed 002, Scoring)."""
    lines = [f"Round {v['round']}: the hands revealed and scored."]
    for s, scored in enumerate(v["last_scoring"] or []):
        found = scoring_lines(v["players"][s], scored["hand"], scored["pile"], WIDTH - 2)
        lines += [f"  {line}" for line in found]
    return lines


# --- steps ----------------------------------------------------------------------------------


def steps(state: DudabState, move: Move) -> list[str]:
    """The labels a person picks this move by: the card or action, then where, then what."""
    action, args = move.action, move.args
    if action == PLAY:
        return [f"Play {name(args[0])}", _where(state, int(args[2]))]
    if action == DUDAB_WORD:
        where = ["Say Dudab!", _where(state, int(args[1]))]
        if len(args) < 5:  # below a Jungle a Dudab calls for nothing
            return where
        kind, value = args[3], args[4]
        return [*where, f"Call for a {kind}", _call_label(kind, value)]
    if action == DRAW:
        if args:  # seed 002, Card draw: 5 cards and none can be played
            return ["Show your hand and draw", f"First put {name(args[1])} on your own pile"]
        if state.phase == _P_REQUEST:
            return ["Show your hand and draw a card"]
        return ["Draw a card"]
    if action == PASS:
        return ["Take the Shaman's draw"]
    if action in ("jungle", "baby"):
        c = int(args[1])
        cards = _cards(state, c)
        lay = "Lay the Jungle sideways" if action == "jungle" else "Place the Baby"
        where = f"Column {c}, on {name(cards[-1])} ({plural(len(cards), 'card')})"
        if c - 1 == state.req_col:  # DU-7: a Jungle ends a call or a Shaman's demand there
            where += ": ends the Dudab!'s call"
        elif c - 1 == state.shaman_col:
            where += ": the Shaman need not be answered"
        return [lay, where]
    if action == DISCARD:
        return _discard_steps(state, args)
    return move.text().split()


def _call_label(kind: str, value: str) -> str:
    return f"Value {value}" if kind == "value" else value.title()


def _cards(state: DudabState, c: int) -> list[str]:
    """The visible cards of column c (from 1), bottom first: what every seat sees. Read from
    the state, not its view: a menu labels every legal move, and a view costs far more."""
    ids = state.game.ids
    return [ids[k] for k in state.cols[c - 1]]


def _where(state: DudabState, c: int) -> str:
    """A column as a place to play: its top card, and whether a card there takes it."""
    cards = _cards(state, c)
    if "jungle" in cards:
        j = cards.index("jungle")
        takes = len(cards) - j > j  # DU-5: below would outnumber above
    else:
        takes = len(cards) + 1 >= TABLES.column_capture
    top = "below the Jungle" if cards[-1] == "jungle" else f"on {name(cards[-1])}"
    return f"Column {c}, {top}" + (" (takes the column)" if takes else "")


def _discard_steps(state: DudabState, args: Sequence[str]) -> list[str]:
    cards = list(args[: args.index("to")])
    ids = state.game.ids
    hand = [ids[k] for k in state.hands[state.to_move() or 0]]  # the mover's own hand
    if state.phase == _P_TRIM:  # one card at a time to the own pile, grouped if many
        label = f"Put {name(cards[0])} on your own pile"
        return [*_groups(cards[0], sorted(set(hand))), label]
    kept = list(hand)
    for card in cards:
        kept.remove(card)
    gone = and_list([name(card) for card in ordered(cards)])
    where = f"Put {gone} on your own pile" if args[-1] == OWN_PILE else f"Discard {gone}"
    return [f"Keep {and_list([name(card) for card in ordered(kept)])}", where]


def _groups(card: str, choices: Sequence[str]) -> list[str]:
    """The steps above a card among many (more than a dozen, after a long draw): its colour,
    and among more than a dozen of one colour its value; a group of one is not a step."""
    if len(choices) <= _MOST:
        return []
    found = faces()
    colour = found[card].colour
    same = [c for c in choices if found[c].colour == colour]
    if colour is None or len(same) == 1:
        return []
    head = [f"{colour.title()} cards ({len(same)})"]
    if len(same) > _MOST:  # a colour's 16 Number cards and its Shaman: by value too
        value = found[card].value
        head.append(f"{colour.title()} {value}s" if value else f"{colour.title()} Shamans")
    return head
