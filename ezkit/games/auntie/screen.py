"""What a person is shown in Auntie's Fudge (the screen contract, ezkit.games.screen).

    describe(state, seat)   a seat's screen from `state.view(seat)` (None: the public table):
                            the round and whose turn, what is being played now in a sentence,
                            the seat's own fudge and action cards, the players and the piles
    steps(state, move)      the labels a person picks a move by: the card or action first,
                            then the fudge card, then the player

Card ids are shown with their names from the deck data (`4` is County Fair Fish Fudge).
Nothing here reads the state beyond `view()` and the game's fixed deck data (GT-1), and a
reaction question reads the same whether the seat holds the card or not (AU-11).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ezkit.games.auntie.rules import (
    ACTIONS,
    ASK_AUNTIE,
    BURDEN,
    DEFLECT,
    EVENT_GIVE_WORDS,
    EXCUSES,
    GIVE,
    INTERRUPT,
    PASS,
    STOP,
    SWAP,
    Auntie,
)
from ezkit.games.engine import Move, State
from ezkit.games.screen import WIDTH
from ezkit.words import and_list, plural

#: Joins the words of a name on screen until the lines are wrapped, so that no line breaks
#: inside a card's or a player's name (a private-use character: nobody types it).
_GLUE = "\ue000"
#: The mark of the player whose turn it is, in the players' table.
_TURN = ">"


# --- words --------------------------------------------------------------------------------


def _keep(name: str) -> str:
    """A name that a line may not break inside."""
    return name.replace(" ", _GLUE)


def _wrap(text: str, indent: str = "") -> list[str]:
    """A paragraph wrapped at the screen's width; later lines indented two more spaces."""
    lines = textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace(_GLUE, " ") for line in lines]


def _counted(names: Iterable[str]) -> list[str]:
    """Names in the order first met, each once, with its count: `Swap ×3`."""
    counts = Counter(names)
    return [_keep(n if c == 1 else f"{n} ×{c}") for n, c in counts.items()]


class _Names:
    """The names a screen uses: the players (`you` for the seat), the cards from the deck."""

    def __init__(self, game: Auntie, seat: int | None) -> None:
        self.game, self.seat = game, seat
        self.fudge = dict(zip(game.fudge_ids, game.fudge_names, strict=True))
        self.points = dict(zip(game.fudge_ids, game.points, strict=True))
        self.action = dict(zip(ACTIONS, game.action_names, strict=True))
        self.event = dict(zip(game.event_ids, game.event_names, strict=True))

    def player(self, seat: int, you: str = "you") -> str:
        return you if seat == self.seat else _keep(self.game.players[seat])

    def owner(self, seat: int) -> str:
        """`your`, `Cat's`."""
        return "your" if seat == self.seat else f"{_keep(self.game.players[seat])}'s"

    def card(self, fudge: str) -> str:
        """A fudge card with its meaning: `4 County Fair Fish Fudge`."""
        return _keep(f"{fudge} {self.fudge[fudge]}")

    def ordered(self, fudge: Iterable[str]) -> list[str]:
        """Fudge cards worst first (most points), as a player weighs them."""
        return sorted(fudge, key=lambda f: (-self.points[f], f))

    def legend(self, fudge: Iterable[str]) -> str:
        """What the numbers of a fudge column mean: `4 = County Fair Fish Fudge, 0 = Pure
        Fudge` (each card's points, the name it is printed with)."""
        return ", ".join(
            _keep(f"{f} = {self.fudge[f]}") for f in dict.fromkeys(self.ordered(fudge))
        )

    def held(self, fudge: Iterable[str]) -> list[str]:
        """Fudge cards held, worst first, each kind once with how many and its points:
        `2 County Fair Fish Fudge (4 points each)`, `1 Pure Fudge (0 points)` (a bare `4 0 0`
        had read as counts)."""
        counts = Counter(self.ordered(fudge))
        return [
            _keep(f"{n} {self.fudge[f]} ({plural(self.points[f], 'point')}{' each' * (n > 1)})")
            for f, n in counts.items()
        ]


# --- the screen -----------------------------------------------------------------------------


def describe(state: State, seat: int | None) -> list[str]:
    """The screen of one seat (None: the whole table), from what that seat may see."""
    assert isinstance(state.game, Auntie)
    view = state.view(seat)
    names = _Names(state.game, seat)
    lines = _heading(view, names)
    if view["phase"] == "over":
        return lines + _results(view, names)
    lines += _now(view, names)
    if seat is not None:
        lines += ["", *_own(view, names)]
    lines += ["", *_players(view, names), "", *_piles(view, names)]
    return lines


def _heading(view: dict[str, Any], names: _Names) -> list[str]:
    if view["phase"] == "over":
        return []  # the results say which round was the last
    round_, limit = view["round"], view["rounds"]
    text = f"Round {round_}" + (f" of {limit}" if limit else "")
    if view["last_round"]:
        short = not limit or round_ < limit
        text += ", the last" + (": the fudge stack has run short" if short else "")
    first = names.player(view["first"], "You")
    starts = "start" if first == "You" else "starts"
    return _wrap(f"{text}. {first} {starts} every round; play passes to the left.")


def _now(view: dict[str, Any], names: _Names) -> list[str]:
    """Whose turn, and what is being played now, in sentences."""
    active, phase = view["active"], view["phase"]
    you = active == names.seat
    who = names.player(active, "You")
    left = view["excuses_left"]
    turn = "Your turn" if you else f"{who}'s turn"
    if phase in ("deflect", "ask-auntie", "event"):  # an Excuse is being played out
        more = f"{left} more {'Excuse' if left == 1 else 'Excuses'}" if left else "no more Excuses"
        turn += f": {more} after this one"
    elif phase != "interrupt":
        turn += f": {plural(left, 'Excuse') if left else 'no Excuses'} left"
    if view["interrupted_by"] is not None:
        turn += f" ({names.player(view['interrupted_by'])} interrupted)"
    lines = _wrap(turn + ".")
    asked = view["to_move"] == names.seat and names.seat is not None
    if phase == "interrupt":
        lines += _interrupt(view, names, asked)
    elif phase == "excuse":
        lines += _excuse(view, names)
    elif phase in ("deflect", "ask-auntie"):
        lines += _pending(view, names, asked)
    elif phase == "event":
        lines += _event(view, names)
    return lines


def _interrupt(view: dict[str, Any], names: _Names, asked: bool) -> list[str]:
    # AU-11: the same question whoever holds an Interrupt; nobody is named as passing.
    active = view["active"]
    if active == names.seat:
        return _wrap(
            "Before your first Excuse the others may Interrupt: you would play one Excuse fewer."
        )
    text = (
        f"Before {names.player(active)}'s first Excuse, any other player may Interrupt: "
        f"{names.player(active)} would play one Excuse fewer."
    )
    if asked:
        text += " Do you Interrupt?"
    return _wrap(text)


def _excuse(view: dict[str, Any], names: _Names) -> list[str]:
    active = view["active"]
    named = view["named"]
    if active != names.seat:
        return _wrap(f"{names.player(active)} chooses an Excuse to play, or stops.")
    text = "Play an Excuse at another player, or stop."
    if named is not None:
        text += f" Your second Excuse may not target {names.player(named)} again."
    return _wrap(text)


def _pending(view: dict[str, Any], names: _Names, asked: bool) -> list[str]:
    """The Excuse being played, as a sentence: `Bot 3 plays Give at you; Cat deflected it`."""
    pending = view["pending"]
    excuse, by = pending["excuse"], pending["by"]
    card = _keep(names.action[excuse])
    player = names.player(by, "You")
    plays = "play" if by == names.seat else "plays"
    if excuse == ASK_AUNTIE:
        text = (
            f"{player} {plays} {card}: every other player draws a fudge card, then "
            f"{names.player(by)} {'draw' if by == names.seat else 'draws'} an event card. "
            "Before that, any other player may Deflect it and not draw."
        )
        others = len(names.game.players) - 1
        if view["stack"] < others:  # AU-6: judged after the Deflects
            text += (
                f" The fudge stack holds {plural(view['stack'], 'card')}: if it cannot give"
                " every player who draws a card, nobody draws."
            )
        if asked:
            text += " Do you Deflect it?"
        return _wrap(text)
    target = pending["target"]
    text = f"{player} {plays} {card} at {names.player(target)}"
    if pending["deflected_by"] is not None:
        text += f"; {names.player(pending['deflected_by'])} deflected it"
    # What it would do to the player who takes it (AU-6); only its player knows the card.
    if excuse == BURDEN and not view["stack"]:
        effect = f"{names.player(target)} would draw nothing: the fudge stack is empty"
    elif excuse == BURDEN:
        effect = f"{names.player(target)} would draw a fudge card"
    else:
        mine = "your" if by == names.seat else "their"
        given = f"your {names.card(pending['fudge'])}" if "fudge" in pending else None
        given = given or f"a fudge card of {mine} choice"
        effect = f"{names.player(by)} would give {names.player(target)} {given}"
        if excuse == SWAP:
            theirs = "yours" if target == names.seat else f"{names.owner(target)}"
            effect += f" and take one of {theirs} at random"
    text += f": {effect}."
    if asked:
        text += " Do you Deflect it to another player, or take it?"
    else:
        text += f" {names.player(target, 'You')} may Deflect it to another player."
    return _wrap(text)


def _event(view: dict[str, Any], names: _Names) -> list[str]:
    """A Give event waits for its player's choice of fudge card (AU-7)."""
    active, event = view["active"], view["event"]
    game = names.game
    target = game.event_target[game.event_ids.index(event)]
    if target == "auntie":
        where = "back to Auntie (shuffled into the fudge stack)"
    else:
        n = len(game.players)
        neighbour = (active + 1) % n if target == "left" else (active - 1) % n
        where = f"to {names.player(neighbour)}, on {names.owner(active)} {target}"
    card = _keep(names.event[event])
    if active == names.seat:
        return _wrap(f"You drew the event {card}: choose a fudge card to give {where}.")
    who = names.player(active)
    return _wrap(f"{who} drew the event {card} and chooses a fudge card to give {where}.")


def _own(view: dict[str, Any], names: _Names) -> list[str]:
    """The seat's own cards: fudge worst first with what the numbers mean, actions by kind."""
    held = ", ".join(names.held(view["fudge"])) or "none"
    lines = _wrap(f"Your fudge ({plural(view['points'], 'point')}): {held}")
    hand = view["hand"]
    excuses = _counted(names.action[a] for a in hand if a in EXCUSES)
    reactions = _counted(names.action[a] for a in hand if a not in EXCUSES)
    lines += _wrap(f"Your Excuses:   {', '.join(excuses) or 'none'}")
    lines += _wrap(f"Your Reactions: {', '.join(reactions) or 'none'}")
    return lines


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Rows of cells aligned in columns (the first row is the heading); the last column
    wraps onto lines of its own under it when it would pass the screen's width."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    room = max(WIDTH - sum(widths) - 2 * len(widths), 10)
    lines = []
    for row in rows:
        cells = [
            cell.rjust(w) if r else cell.ljust(w)
            for cell, w, r in zip(row, widths, right, strict=False)
        ]
        last = textwrap.wrap(row[-1], room, break_long_words=False) or [""]
        lines.append("  ".join([*cells, last[0]]).rstrip())
        lines += [" " * (WIDTH - room) + more for more in last[1:]]
    return lines


def _players(view: dict[str, Any], names: _Names) -> list[str]:
    """Every player in the order of play from the first: fudge and action cards held."""
    game, seat = names.game, names.seat
    n = len(game.players)
    order = [(view["first"] + i) % n for i in range(n)]
    rows = [[" ", "Player", "Fudge", "Actions", ""]]
    for s in order:
        note = ""
        if s == seat:
            note = f"you, {plural(view['points'], 'point')}"
        elif seat is not None and s == (seat + 1) % n == (seat - 1) % n:
            note = "on your left and right"
        elif seat is not None and s == (seat + 1) % n:
            note = "on your left"
        elif seat is not None and s == (seat - 1) % n:
            note = "on your right"
        mark = _TURN if s == view["active"] else " "
        name = game.players[s]
        rows.append([mark, name, str(view["fudge_counts"][s]), str(view["hand_counts"][s]), note])
    lines = _table(rows, [False, False, True, True, False])
    return [*lines, f"{_TURN} plays this turn. Fudge, Actions: the cards each player holds."]


def _piles(view: dict[str, Any], names: _Names) -> list[str]:
    lines = _wrap(
        f"Cards left: fudge stack {view['stack']}, action deck {view['action_deck']}, "
        f"event deck {view['event_deck']}."
    )
    played = _counted(names.action[a] for a, c in view["action_discard"].items() for _ in range(c))
    lines += _wrap(f"Action discard pile: {', '.join(played) or 'empty'}.")
    events = _counted(names.event[e] for e, c in view["event_discard"].items() for _ in range(c))
    lines += _wrap(f"Event discard pile: {', '.join(events) or 'empty'}.")
    return lines


def _results(view: dict[str, Any], names: _Names) -> list[str]:
    """The end: everybody's fudge shown, the points, the winners (fewest points, AU-9)."""
    game = names.game
    scores = [int(s) for s in view["scores"]]
    winners = [names.player(w) for w in view["winners"]]
    best = scores[view["winners"][0]]
    if len(winners) == 1:
        said = f"{winners[0]} {'win' if winners[0] == 'you' else 'wins'}"
    else:
        said = f"{and_list(winners)} share the win"
    said = said[0].upper() + said[1:]  # `you` may open the sentence
    lines = _wrap(
        f"The game is over after round {view['round']}. {said} with "
        f"{plural(best, 'point')} (the fewest points win)."
    )
    rows = [["Player", "Points", "Fudge"]]
    seen: list[str] = []
    for s in sorted(range(len(game.players)), key=lambda s: (scores[s], s)):
        fudge = names.ordered(view["revealed"][s])
        seen += fudge
        player = game.players[s] + (" (you)" if s == names.seat else "")
        rows.append([player, str(scores[s]), " ".join(fudge) or "-"])
    lines += ["", *_table(rows, [False, True, False])]
    if seen:
        lines += ["", *_wrap(f"Fudge, by each card's points: {names.legend(seen)}.")]
    return lines


# --- the menu's steps -----------------------------------------------------------------------


def steps(state: State, move: Move) -> list[str]:
    """How a person picks a move: the action first, then the fudge card, then the player."""
    assert isinstance(state.game, Auntie)
    names = _Names(state.game, None)
    word, args = move.action, move.args
    if word in (GIVE, SWAP):
        link = "to" if word == GIVE else "with"
        return [f"{names.action[word]} (Excuse)", _fudge(names, args[0]), f"{link} {args[2]}"]
    if word == BURDEN:
        return [f"{names.action[word]} (Excuse)", f"at {args[0]}"]
    if word == ASK_AUNTIE:
        return [f"{names.action[word]} (Excuse): the others draw, you draw an event"]
    if word == STOP:
        return ["Stop: play no more Excuses this turn"]
    if word == INTERRUPT:
        return ["Interrupt: one Excuse fewer this turn"]
    if word == DEFLECT:
        return ["Deflect", f"to {args[1]}"] if args else ["Deflect: you do not draw"]
    if word == PASS:
        phase = state.view(None)["phase"]
        if phase == "deflect":
            return [f"Take the {names.action[state.view(None)['pending']['excuse']]}"]
        return ["Pass: draw with the others"] if phase == "ask-auntie" else ["Pass: no Interrupt"]
    if word in EVENT_GIVE_WORDS.values():
        return [_fudge(names, args[0])]
    return move.text().split()


def _fudge(names: _Names, fudge: str) -> str:
    """A fudge card as a menu choice: `4 points: County Fair Fish Fudge`."""
    return f"{plural(names.points[fudge], 'point')}: {names.fudge[fudge]}"
