"""What a person is shown of a Bakeries game, and how a move is picked in steps (the screen
contract of ezkit.games.screen).

    describe(state, seat)   the screen of one seat (None: the public table), drawn from
                            `state.view(seat)`: the money and chefs, then the phase's own
                            part (the board, the two bakery cases, a round's results)
    steps(state, move)      the labels a person picks the move by: the action first, then
                            where (`["Turn over a card", "Row B", "B3"]`)

Everything on the Bakeries table is public (both players see every card turned over while it
is face up, and both cases), so a seat's screen differs from the table's only by "you"; a
card turned face down again is on no screen (GT-1: the view no longer holds it). Card names
come from the deck data; a line is at most 80 columns, wrapped between words, never inside a
card's or a player's name.
"""

from __future__ import annotations

import textwrap
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ezkit.games import decks
from ezkit.games.bakeries.rules import MINE, TABLES, counted
from ezkit.games.engine import Move
from ezkit.games.screen import WIDTH
from ezkit.words import and_list, shorten

if TYPE_CHECKING:
    from ezkit.games.bakeries.state import BakeriesState

_DECK = decks.deck("bakeries")
#: A board cell is narrow: a face-up card there is its colour and part, its full name is listed
#: under the board ("Cake Batter & Pan" is the one part too long for a cell).
_PART = {"chef": "Chef", "hat": "Hat", "apron": "Apron", "oven": "Oven", "batter": "Batter"}
SHORT = {
    c.id: c.name if c.component == "wild" else f"{str(c.colour).title()} {_PART[str(c.component)]}"
    for c in _DECK.of("chef")
}
NAMES = {c.id: c.name for c in _DECK.of()}
PRICES = {c.id: int(c.price or 0) for c in _DECK.of("cake")}
#: Names a line is never broken inside (longest first: a name inside another stays whole).
_KEEP = sorted({c.name for c in _DECK.of()}, key=len, reverse=True)
_GLUE = "\ue000"  # stands for a space inside a name while a paragraph is wrapped

CELL = 15  # a board column
CASE = 32  # a bakery case column: the longest cake with its price or mark fits
NAME = 24  # a player's name in a table heading, at most
FACE_DOWN_CELL, GONE_CELL, EMPTY_CELL = "?", ".", "-"
#: Ways out of 36 to roll each number on 2d6: how often a slot's cake comes up.
WAYS = {n: 6 - abs(n - 7) for n in range(2, 13)}
PHASES = {
    1: "phase one, Hire a Chef",
    2: "phase two, You Take The Cake",
    3: "phase three, the Cake Sale",
}


# --- words --------------------------------------------------------------------------------


def wrap(text: str, players: Sequence[str] = (), indent: str = "") -> list[str]:
    """A paragraph in lines of at most 80 columns, broken between words but never inside a
    card's or a player's name; its own leading spaces kept, later lines start with `indent`."""
    for name in [*sorted(players, key=len, reverse=True), *_KEEP]:
        if " " in name and name in text:
            text = text.replace(name, name.replace(" ", _GLUE))
    lines = textwrap.wrap(
        text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )
    return [line.replace(_GLUE, " ") for line in lines]


def money(amount: int) -> str:
    return f"${amount:,}"


def share(total: int, percent: int) -> int:
    """A share of a sale total in whole dollars, rounded as the engine settles it (BK-6)."""
    from fractions import Fraction

    from ezkit.games.bakeries import score  # with Fraction, only for the sale's screens

    return score.whole_dollars(Fraction(total * percent, 100))


class _Screen:
    """One seat's view and the lines drawn from it."""

    def __init__(self, v: dict[str, Any]) -> None:
        self.v = v
        self.players: list[str] = v["players"]
        self.lines: list[str] = []

    def say(self, text: str, indent: str = "") -> None:
        """A sentence or a paragraph, wrapped."""
        self.lines += wrap(text, self.players, indent)

    def who(self, seat: int) -> str:
        """A player as this screen calls them: `you` for its own seat."""
        return "you" if seat == self.v["seat"] else self.players[seat]

    def whose(self, seat: int) -> str:
        return "your" if seat == self.v["seat"] else f"{self.players[seat]}'s"

    def heading(self, seat: int, width: int = NAME) -> str:
        """A player's name over a table column: shortened to fit, "(you)" for the seat's own."""
        mark = " (you)" if seat == self.v["seat"] else ""
        return shorten(self.players[seat], width - len(mark)) + mark


# --- the screen -----------------------------------------------------------------------------


def describe(state: BakeriesState, seat: int | None) -> list[str]:
    """The screen of one seat (None: the public table), from what `state.view(seat)` holds."""
    s = _Screen(state.view(seat))
    v = s.v
    if v["step"] == "over":
        _game_over(s)
        return s.lines
    s.say(f"Round {v['round']} of {v['rounds']}, {PHASES[v['phase']]}.")
    _standings(s)
    if v["last_round"] is not None:
        s.lines.append("")
        _round_over(s, v["last_round"])
    s.lines.append("")
    if v["phase"] == 1:
        _phase_one(s)
    else:
        _cases(s)
    return s.lines


def _standings(s: _Screen) -> None:
    """The money so far and each player's chef."""
    v = s.v
    width = max(len(s.heading(p)) for p in (0, 1))
    s.lines.append(f"  {'':<{width}}  {'Money':>9}  Chef")
    for p in (0, 1):
        s.lines.append(f"  {s.heading(p):<{width}}  {money(v['scores'][p]):>9}  {_chef(v, p)}")


def _chef(v: dict[str, Any], seat: int) -> str:
    chef = v["chefs"][seat]
    if chef is not None:
        return NAMES[chef]
    yet = " yet" if v["phase"] == 1 else ""  # a chef may still be hired in phase one
    return f"no chef{yet}: {v['multipliers'][seat]}x"


# --- phase one ------------------------------------------------------------------------------


#: How near the turn cap (BK-3) a turn must be for the screen to mention it.
CAP_NEAR = 10


def _turn_told(turn: int, cap: int) -> str:
    """`Turn 2`; within CAP_NEAR turns of the turn cap, what it means (BK-3): a cap of 200
    turns that no game nears is noise on every screen."""
    if cap - turn >= CAP_NEAR:
        return f"Turn {turn}"
    if turn >= cap:
        return f"Turn {turn}: phase one ends after this turn unless a chef is hired"
    return f"Turn {turn}: phase one ends after turn {cap} unless a chef is hired"


def _phase_one(s: _Screen) -> None:
    v = s.v
    step, active = v["step"], v["active"]
    turn = v["turn"] + (step in ("order", "turn"))
    # The 5-bonus: while a 5's offer is open, the one it offers (the prompt's figure), not the
    # next 5's, so the screen names one figure for one choice.
    if step == "five":
        bonus = f"this 5-bonus {money(v['bonus'])}"
    else:
        bonus = f"next 5-bonus {money(v['five_bonus'])}"
    s.say(f"{_turn_told(turn, v['turn_cap'])}; {bonus}.")
    _board(s)
    s.lines.append("")
    if step == "order":
        a, b = v["roll_off"]
        chooser = s.who(v["chooser"])
        s.say(
            f"Roll-off: {s.players[0]} {a}, {s.players[1]} {b}. {chooser[0].upper()}"
            f"{chooser[1:]} {'choose' if chooser == 'you' else 'chooses'} to go first or second."
        )
    elif step == "turn":
        s.say(
            f"{_cap(s.whose(active))} turn: roll the die, or hire a chef (turn over the chef, "
            "then the other four cards of the set)."
        )
    elif step == "five":
        s.say(f"Die 5: take {money(v['bonus'])} or turn over 2 cards")
    elif step == "flip" and v["die"]:
        s.lines.append(_flip_line(v))
    elif step == "flip":
        s.say("The hire failed: the turn ends.")
    elif step == "hire":
        s.say(
            "Hiring: the chef first, then the other four cards of the set (a wild may stand in "
            f"for one); {counted(len(v['hire']), 'card')} turned so far."
        )
    elif step == "second-chance":
        sets = " or ".join(f"{m}x" for m in v["second_chance"]["multipliers"])
        s.say(
            f"{_cap(s.whose(active))} one chance at a lesser set ({sets}): five cards, any "
            f"order; {counted(len(v['hire']), 'card')} turned so far."
        )
    lost = [p for p in (0, 1) if v["lost_turn"][p]]
    if len(lost) == 2:  # both lose a turn: both are lost, play alternates again
        s.say("Both players lose their next turn (failed hires).")
    for p in lost if len(lost) == 1 else ():
        loses = "You lose your" if p == v["seat"] else f"{s.players[p]} loses the"
        s.say(f"{loses} next turn (a failed hire): {s.who(1 - p)} will play twice in a row.")
    sets = ", ".join(f"{c.colour.title()} {c.multiplier}x" for c in TABLES.chef_sets)
    s.say(
        f"Chef sets: {sets}, each a chef, a hat, an apron, an oven and a cake batter & pan. "
        "A Wild 2x/3x or 4x/5x stands in for one card of those sets but the chef."
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _flip_line(v: dict[str, Any]) -> str:
    """`Die 6: turn over 1 to 4 cards; 1 card turned so far` (BK-3)."""
    flips, die = v["flips"], v["die"]
    lo, hi = flips["least"], flips["most"]
    text = f"exactly {counted(lo, 'card')}" if lo == hi else f"{lo} to {counted(hi, 'card')}"
    if hi < TABLES.die[die].flip[1]:
        text += f" (only {hi} face down)"
    return f"Die {die}: turn over {text}; {counted(flips['done'], 'card')} turned so far"


def _board(s: _Screen) -> None:
    """The board with row letters and column numbers; a face-up card by colour and part, then
    by its full name under the board."""
    board = s.v["board"]
    s.lines.append(f"The board ({FACE_DOWN_CELL} face down, {GONE_CELL} gone):")
    s.lines.append("     " + "".join(f"{c + 1:<{CELL}}" for c in range(len(board[0]))).rstrip())
    for r, row in enumerate(board):
        cells = []
        for cell in row:
            text = FACE_DOWN_CELL if cell == "?" else GONE_CELL if cell == "" else SHORT[cell]
            cells.append(f"{text:<{CELL}}")
        s.lines.append(f"  {chr(ord('A') + r)}  {''.join(cells)}".rstrip())
    up = s.v["face_up"]
    if up:
        if s.v["step"] == "turn":  # the last turn's cards, face down at this turn's first move
            s.lines.append("Face up from the last turn, until this turn's first move:")
        else:
            s.lines.append("Face up now:")
        for pos, card in sorted(up.items(), key=_reading):
            s.lines.append(f"  {pos:<3} {NAMES[card]}")  # as printed, not its id


def _reading(item: tuple[str, str]) -> tuple[str, int]:
    """A board position in reading order (A1, A2, ... B1)."""
    return item[0][0], int(item[0][1:])


# --- phases two and three: the bakery cases -------------------------------------------------


def _cases(s: _Screen) -> None:
    v = s.v
    selling = v["phase"] == 3
    if v["step"] == "place":
        k, me = v["drawn"], v["active"]
        if None in v["cases"][1 - me]:
            where = f'{s.whose(me)} own case or of {s.whose(1 - me)} ("YOU TAKE THE CAKE!")'
        else:
            where = f"{s.whose(me)} own case ({s.whose(1 - me)} is full)"
        s.say(
            f"{_cap(s.who(me))} drew a {NAMES[k]} ({money(PRICES[k])}); "
            f"{counted(v['store'], 'cake')} left in the store. It goes on an empty slot of "
            f"{where}."
        )
    if selling:
        heads = [f"{s.heading(p, CASE - 9)}, chef {v['multipliers'][p]}x" for p in (0, 1)]
    else:
        heads = [s.heading(p, CASE) for p in (0, 1)]
    s.lines.append(f"  {'Roll':>4}  {'Pays':>4}  {heads[0]:<{CASE}} {heads[1]}")
    for i, slot in enumerate(v["slots"]):
        cells = [_cell(v, p, i, selling) for p in (0, 1)]
        pays = f"{v['slot_multipliers'][i]}x"
        s.lines.append(f"  {slot:>4}  {pays:>4}  {cells[0]:<{CASE}} {cells[1]}".rstrip())
    if not selling:
        s.lines.append(f"  ({EMPTY_CELL} an empty slot; a cake's price after its name)")
        s.lines.append("")
        s.say(
            "A cake sells for the chef's multiplier x its price x what its slot pays, when its "
            "number is rolled in phase three. Out of 36 rolls of 2d6, 7 comes up 6 times, "
            "6 or 8 five, 5 or 9 four, 4 or 10 three, 3 or 11 two, 2 or 12 once."
        )
        return
    sold = [f"{counted(v['sold_counts'][p], 'cake')}, {money(v['sale_totals'][p])}" for p in (0, 1)]
    s.lines.append(f"  {'Sold':<10}  {sold[0]:<{CASE}} {sold[1]}")
    percent, most = TABLES.sale.stale_percent, TABLES.sale.stale_per_cake
    s.say(
        f"  (-{percent}%: a Cake Going Stale card on the cake, -{2 * percent}%: two, and so on "
        f"up to {most}; {counted(v['stale_deck'], 'Stale card')} left in the deck)",
        "   ",
    )
    s.lines.append("")
    _sale(s)


def _cell(v: dict[str, Any], seat: int, i: int, selling: bool) -> str:
    cake = v["cases"][seat][i]
    if cake is None:
        return EMPTY_CELL
    if not selling:
        return f"{NAMES[cake]} {money(PRICES[cake])}"
    if v["sold"][seat][i]:
        return f"{NAMES[cake]}, sold"
    stale = v["stale"][seat][i]
    return f"{NAMES[cake]} -{stale * TABLES.sale.stale_percent}%" if stale else NAMES[cake]


def _sale(s: _Screen) -> None:
    """The Cake Sale now: who rolls, a Stale card to place, or the consolation round."""
    v = s.v
    step, active = v["step"], v["active"]
    if v["last_roll"] and step != "consolation":  # the consolation roll is told with its draw
        a, b = v["last_roll"]
        s.say(f"Last roll: {a} + {b} = {a + b}.")
    if step == "roll":
        roller = s.who(active)
        s.say(
            f"{_cap(roller)} {'roll' if roller == 'you' else 'rolls'} 2d6 next: the cake on that "
            "slot is sold. A number sold "
            f"already lets {s.who(1 - active)} put a Stale card on one of {s.whose(active)} "
            f"unsold cakes. The first to sell {TABLES.sale.cakes_to_win} cakes wins the round."
        )
    elif step == "stale":
        other = s.who(1 - active)
        s.say(
            f"{s.players[active]} rolled {v['repeat']}, sold already: {other} "
            f"{'put' if other == 'you' else 'puts'} a Stale card on one of "
            f"{s.whose(active)} unsold cakes."
        )
    elif step == "consolation":
        _consolation(s)


def _consolation(s: _Screen) -> None:
    v = s.v
    c = v["consolation"]
    p, total = c["seat"], c["total"]
    sale = TABLES.sale
    keep = sale.loser_keeps_percent
    s.say(
        f"{s.players[1 - p]} sold {sale.cakes_to_win} cakes first. {s.players[p]} "
        f"({v['multipliers'][p]}x against {v['multipliers'][1 - p]}x) plays the Catch Up "
        f"Consolation Clearance Cake Sale Round, to keep more than {keep}% of "
        f"{money(total)} ({money(share(total, keep))})."
    )
    if c["drawn"] is None:
        first = sale.consolation_percent[0]
        s.say(
            f"Draw one of the unsold slot numbers and roll 2d6 once: a hit keeps {first}% "
            f"({money(share(total, first))})."
        )
        return
    now = c["percent"]
    more = sale.consolation_percent[min(c["hits"], len(sale.consolation_percent) - 1)]
    s.say(
        f"Drew slot {c['drawn']} and rolled {c['roll']}: a hit, {now}% "
        f"({money(share(total, now))}) kept so far. Stop and keep it, or draw and roll again "
        f"for {more}% ({money(share(total, more))}); a miss drops back to {keep}% "
        f"({money(share(total, keep))})."
    )


# --- the end of a round, the end of the game ------------------------------------------------


def _round_over(s: _Screen, r: dict[str, Any]) -> None:
    """A finished round's money, step by step (BK-3, BK-6)."""
    sale = TABLES.sale
    w = r["winner"]
    if w is None:  # every played round has a winner; said plainly all the same
        s.say(f"Round {r['round']} is over.")
        return
    loser = 1 - w
    names = s.players
    s.say(f"Round {r['round']} is over: {names[w]} sold {r['sold'][w]} cakes first.")
    total, won = r["sale_totals"][w], r["sale_money"][w]
    sold = counted(r["sold"][w], "cake")
    if r["great_chef_bonus"]:
        s.say(
            f"  {names[w]}: {sold}, all different, sold for {money(total)} + the Great Chef "
            f"Bonus {sale.great_chef_bonus_percent}% ({money(won - total)}) = {money(won)}.",
            "    ",
        )
    else:
        s.say(
            f"  {names[w]}: {sold} sold for {money(total)}, kept whole (no Great Chef Bonus: "
            "two of the cakes sold were of one kind).",
            "    ",
        )
    total, kept = r["sale_totals"][loser], r["sale_money"][loser]
    c = r["consolation"]
    if c is None:
        how = ""
    elif c["hits"]:
        how = f" after {counted(c['hits'], 'hit')} in the consolation round"
    else:
        how = " (the consolation round missed)"
    s.say(
        f"  {names[loser]}: {counted(r['sold'][loser], 'cake')} sold for {money(total)}; "
        f"keeps {c['percent'] if c else sale.loser_keeps_percent}%{how} = {money(kept)}.",
        "    ",
    )
    for p in (0, 1):
        if r["five_bonus"][p]:
            s.say(f"  {names[p]}: + 5-bonuses {money(r['five_bonus'][p])}.", "    ")
    shown = ", ".join(f"{names[p]} {money(r['money'][p])}" for p in (0, 1))
    s.say(f"  Round {r['round']} money: {shown}.", "    ")


def _game_over(s: _Screen) -> None:
    v = s.v
    history, scores, winners = v["history"], v["scores"], v["winners"]
    if len(winners) == 1:
        w = winners[0]
        wins = "You win" if w == v["seat"] else f"{s.players[w]} wins"
        s.say(f"The game is over: {wins} with {money(scores[w])}.")
    else:
        who = and_list([s.players[w] for w in winners])
        s.say(f"The game is over: {who} share the win, {money(scores[winners[0]])} each.")
    s.lines.append("")
    width = max(len(s.heading(p)) for p in (0, 1))
    rounds = "".join(f"{'Round ' + str(r['round']):>11}" for r in history)
    s.lines.append(f"  {'':<{width}}{rounds}{'Total':>11}")
    for p in (0, 1):
        each = "".join(f"{money(r['money'][p]):>11}" for r in history)
        s.lines.append(f"  {s.heading(p):<{width}}{each}{money(scores[p]):>11}")
    if history:
        s.lines.append("")
        _round_over(s, history[-1])


# --- menus in steps -------------------------------------------------------------------------


def steps(state: BakeriesState, move: Move) -> list[str]:
    """The labels a person picks `move` by: the action, then where (a row, then a position; a
    case, then a slot). No step offers more than 11 choices (the slots of a case)."""
    v = _view(state)
    action, args = move.action, move.args
    if action == "flip":
        pos = args[0]
        first = "Turn over 2 cards" if v["step"] == "five" else "Turn over a card"
        return [first, f"Row {pos[0]}", pos]
    if action == "place":
        return _place(v, move)
    if action == "stale":
        return [_stale(v, int(args[0]))]
    return [_label(v, action)]


#: The view of the seat to move, once per position (a menu asks for every legal move's steps).
_VIEWS: weakref.WeakKeyDictionary[Any, tuple[int, dict[str, Any]]] = weakref.WeakKeyDictionary()


def _view(state: BakeriesState) -> dict[str, Any]:
    cached = _VIEWS.get(state)
    if cached is None or cached[0] != len(state.moves):
        cached = (len(state.moves), state.view(state.to_move()))
        _VIEWS[state] = cached
    return cached[1]


def _label(v: dict[str, Any], action: str) -> str:
    step, sale = v["step"], TABLES.sale
    if action == "bonus":
        return f"Take the 5-bonus, {money(v['bonus'])}"
    if action == "stop" and step == "consolation":
        c = v["consolation"]
        return f"Stop: keep {c['percent']}% ({money(share(c['total'], c['percent']))})"
    if action == "stop":
        flips = v.get("flips")
        return "Stop turning cards" if flips and flips["done"] < flips["most"] else "End the turn"
    if action == "continue":
        c = v["consolation"]
        more = sale.consolation_percent[min(c["hits"], len(sale.consolation_percent) - 1)]
        return f"Draw and roll again for {more}% (a miss: {sale.loser_keeps_percent}%)"
    return {
        "first": "Go first",
        "second": "Go second",
        "roll": "Roll the die" if step == "turn" else "Roll the dice",
        "hire": "Hire a chef (the chef card first)",
        "pass": "Pass: try for no set",
        "draw": "Draw a slot number and roll",
    }.get(action, action)


def _place(v: dict[str, Any], move: Move) -> list[str]:
    cake, _, whose, slot = move.args
    i = v["slots"].index(int(slot))
    if whose == MINE:
        where = f"Put the {NAMES[cake]} in your case"
    else:
        where = f"Give it to {v['players'][1 - v['active']]} (YOU TAKE THE CAKE!)"
    ways = WAYS[int(slot)]
    return [where, f"Slot {slot}: pays {v['slot_multipliers'][i]}x, rolled {ways} in 36"]


def _stale(v: dict[str, Any], slot: int) -> str:
    """`Slot 2 (13x): Wedding Cake, $6,500 -> $5,200`: what the Stale card takes off."""
    r = v["stale_for"]
    i = v["slots"].index(slot)
    cake, stale, chef = v["cases"][r][i], v["stale"][r][i], v["multipliers"][r]
    from ezkit.games.bakeries import score  # only for the sale's screens

    now = score.sale_value(chef, cake, slot, stale)
    then = score.sale_value(chef, cake, slot, stale + 1)
    return (
        f"Slot {slot} ({v['slot_multipliers'][i]}x): {NAMES[cake]}, {money(now)} -> {money(then)}"
    )
