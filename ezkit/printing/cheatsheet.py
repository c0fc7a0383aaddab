"""Cheat sheets for the four card games as view models: one page a player keeps in hand.

The words are the rule books' (seeds 000, 001, 002, 004), shortened; the rulings that
settle a point are cited here (AU-, BK-, DU-, FZ-) for whoever checks the words, and taken
out of what is printed: the sheet is for players (`for_players`). Every card name, count
and number comes from the game's deck file through `ezkit.games.decks`, never typed here.
Options (`--options`) add their rules: Auntie `no-draw` and `rounds` (AU-9), Dudab
`jungle` and `baby` (DU-5). Every leaf is a string or a flag: the template only loops. A section
whose items are numbered steps is printed as a numbered list; the type size is the one
that fills the page (`type_sizes`: estimated from the text, smaller ones to fall back on).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ezkit.errors import InputError
from ezkit.games import decks
from ezkit.games.auntie.tables import AuntieTables
from ezkit.games.bakeries.tables import BakeriesTables
from ezkit.games.decks import Card, Deck
from ezkit.games.dudab.tables import DudabTables
from ezkit.games.foozle.tables import FoozleTables

OPTIONS = {
    "auntie": ("no-draw", "rounds"),
    "bakeries": (),
    "dudab": ("jungle", "baby"),
    "foozle": (),
}


def parse_options(game: str, text: str) -> tuple[str, ...]:
    """`jungle,baby` -> ("jungle", "baby"), checked against the game's options."""
    wanted = tuple(dict.fromkeys(w.strip().lower() for w in text.split(",") if w.strip()))
    known = OPTIONS[game]
    for option in wanted:
        if option not in known:
            accepted = ", ".join(known) if known else "none"
            raise InputError(f"--options: {game} has no option {option!r}; accepted: {accepted}")
    return wanted


_RULING = r"[A-Z]{2}-\d+"
#: " (DU-3)", " (FZ-4, FZ-6)": a citation in brackets of its own, with the space before it.
_CITATION = re.compile(rf"\s*\({_RULING}(?:,\s*{_RULING})*\)")
#: "(not again this turn, FZ-3)": a citation closing other words in brackets.
_CLOSING = re.compile(rf",\s*{_RULING}(?:,\s*{_RULING})*(?=\))")
_STEP = re.compile(r"(\d+)\.\s+")
#: Type sizes to choose from (pt), largest first; the page part a character of text fills at
#: 10 pt; the part of the page the taller column should fill.
TYPE_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0)
FILL_PER_CHARACTER = 0.000347
FILL_TARGET = 0.95


def for_players(text: str) -> str:
    """The text without ruling ids: "(DU-3)" and ", FZ-3)" go, the words stay."""
    return _CLOSING.sub("", _CITATION.sub("", text))


def _printed(value: Any) -> Any:
    if isinstance(value, str):
        return for_players(value)
    if isinstance(value, list):
        return [_printed(v) for v in value]
    if isinstance(value, dict):
        return {k: _printed(v) for k, v in value.items()}
    return value


def _numbered(section: dict[str, Any]) -> dict[str, Any]:
    """A section of steps "1. ...", "2. ..." as a numbered list, the numbers left to the list."""
    items = section["items"]
    steps = [_STEP.match(item) for item in items]
    numbered = all(m and m.group(1) == str(i) for i, m in enumerate(steps, start=1))
    if numbered:
        items = [item[m.end() :] for item, m in zip(items, steps, strict=True) if m]
    return {**section, "items": items, "numbered": numbered}


def _columns(sheet: dict[str, Any]) -> tuple[float, float]:
    """Each column's text as characters, a short line more for each item, row and heading
    (the weights fitted to renders): the rules and options left, the cards (and any sections
    moved below them) right."""

    def sections(parts: list[dict[str, Any]]) -> float:
        return sum(90 + sum(len(item) + 60 for item in s["items"]) for s in parts)

    left = sections(sheet["sections"]) + len(sheet["available"])
    left += sum(len(o["text"]) + len(o["name"]) + 80 for o in sheet["options"])
    right = sum(1.04 * max(len(r["text"]), 2.6 * len(r["name"])) + 65 for r in sheet["cards"])
    right += 190 * len({r["kind"] for r in sheet["cards"]}) + sections(sheet["more"])
    return left, right


def _fill(sheet: dict[str, Any], points: float) -> float:
    """The part of the page the taller column fills at a type size (pt), estimated."""
    return max(_columns(sheet)) * FILL_PER_CHARACTER * (points / 10) ** 2


def _balance(sheet: dict[str, Any]) -> None:
    """Move the last sections of rules below the cards while that makes the taller column
    shorter, so that both columns share the page."""
    while len(sheet["sections"]) > 1:
        moved = {
            **sheet,
            "sections": sheet["sections"][:-1],
            "more": [sheet["sections"][-1], *sheet["more"]],
        }
        if max(_columns(moved)) >= max(_columns(sheet)):
            return
        sheet.update(moved)


def type_sizes(sheet: dict[str, Any]) -> list[str]:
    """Type sizes to try, largest first: from the largest the estimate says fits the page
    down to the smallest (a render that still takes two pages tries the next)."""
    fits = [p for p in TYPE_SIZES if _fill(sheet, p) <= FILL_TARGET] or [TYPE_SIZES[-1]]
    return [f"{p:g}pt" for p in TYPE_SIZES if p <= fits[0]]


def _count(n: int) -> str:
    return f"×{n}"


def _row(name: str, count: int, text: str, kind: str = "") -> dict[str, str]:
    return {"name": name, "count": _count(count), "text": text, "kind": kind}


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(card.name for card in cards)


def cheatsheet(game: str, options: Iterable[str] = ()) -> dict[str, Any]:
    """The cheat sheet of one game with its options on."""
    deck = decks.deck(game)
    on = tuple(options)
    build = {"auntie": _auntie, "bakeries": _bakeries, "dudab": _dudab, "foozle": _foozle}[game]
    sheet = build(deck, on)
    sheet["sections"] = [_numbered(section) for section in sheet["sections"]]
    previous = None
    for row in sheet["cards"]:  # the deck's title above the first card of each kind
        row["group"] = deck.titles[row["kind"]] if row["kind"] != previous else ""
        previous = row["kind"]
    sheet["title"] = deck.name
    sheet["options_on"] = ", ".join(on)
    sheet["source"] = "Cards and numbers from ezkit's deck file; words from the rule book."
    sheet = _printed(sheet)
    sheet["more"] = []
    _balance(sheet)
    sheet["type_sizes"] = type_sizes(sheet)
    sheet["type_size"] = sheet["type_sizes"][0]
    return sheet


# --- Auntie's Fudge (seed 000, AU-1..AU-10) ------------------------------------------------


def _auntie(deck: Deck, on: tuple[str, ...]) -> dict[str, Any]:
    t = deck.tables
    assert isinstance(t, AuntieTables)
    fudge = deck.of("fudge")
    cards = [
        _row(
            f"Fudge cards ({deck.size('fudge')})",
            deck.size("fudge"),
            "; ".join(f"{c.name} {c.points} pt ×{c.count}" for c in fudge),
            "fudge",
        )
    ]
    cards += [_row(c.name, c.count, c.rules, "action") for c in deck.of("action")]
    cards += [_row(c.name, c.count, c.rules, "event") for c in deck.of("event")]
    no_draw, fixed = "no-draw" in on, "rounds" in on
    later = "no fudge (no-draw variant)" if no_draw else f"{t.round_fudge} fudge card"
    options = []
    if no_draw:  # with `rounds` on too, the agreed rounds are the limit (auntie/rules.py)
        length = (
            f"play the rounds agreed for a shorter game, not {t.no_draw_rounds}"
            if fixed
            else f"play {t.no_draw_rounds} rounds"
        )
        options.append(
            {
                "name": "No-draw variant",
                "text": f"Nobody draws fudge at the start of a round after the first; {length} "
                "(or until the stack runs out). Keep your fudge hidden (AU-9).",
            }
        )
    if fixed:
        instead = f" With the no-draw variant this is the limit, not {t.no_draw_rounds}."
        options.append(
            {
                "name": "Shorter game",
                "text": f"Agree on {t.fixed_rounds.min} to {t.fixed_rounds.max} rounds; the "
                "game ends at that round or when the stack runs out, whichever is first (AU-9)."
                + (instead if no_draw else ""),
            }
        )
    return {
        "players": f"{t.players.min}-{t.players.max} players",
        "goal": "Have the fewest fudge points when the fudge runs out.",
        "sections": [
            {
                "heading": "Setup",
                "items": [
                    f"Shuffle the fudge, action and event decks; deal {t.action_hand} action "
                    "cards to each player.",
                    f"Round 1: everyone draws {t.first_round_fudge} fudge cards. Every later "
                    f"round starts with everyone drawing {later} (AU-3).",
                    "The table picks the first player; play passes left; the same player "
                    "starts every round (AU-1).",
                ],
            },
            {
                "heading": "Your turn",
                "items": [
                    f"Draw {t.action_draw} action card.",
                    f"Before your first Excuse, one other player may Interrupt "
                    f"({t.interrupts_per_turn} a turn): you then play one Excuse fewer (AU-4).",
                    f"Play up to {t.excuses_per_turn} Excuse cards, one at a time, each at a "
                    "target; a second Excuse names a different target (AU-4). Or stop.",
                    f"A target may Deflect ({t.deflects_per_excuse} per Excuse) and name a new "
                    "target, you included; the new target cannot deflect it. Against Ask "
                    "Auntie a Deflect only saves its player's own draw (AU-5).",
                    "Events cannot be deflected. An Excuse that cannot work on its target "
                    "does nothing (AU-5).",
                ],
            },
            {
                "heading": "Scoring and end",
                "items": [
                    "Fudge points are counted only at the end: add up the points of your "
                    "fudge cards. Fewest points wins; a tie shares the win (AU-9).",
                    "If the stack cannot give every player the round's fudge, nobody draws "
                    "and that round is the last; the game also ends after the round in which "
                    "the stack ran out (AU-9).",
                    "Empty action or event deck: shuffle its discard pile. Empty fudge stack: "
                    "nothing is drawn (AU-8). Ask Auntie when the stack cannot serve everyone: "
                    "only the event is played (AU-6).",
                ],
            },
        ],
        "cards": cards,
        "options": options,
        "available": "Options: no-draw (a harder game), rounds (5-8 rounds).",
    }


# --- Bakeries (seed 001, BK-1..BK-6) -------------------------------------------------------


def _bakeries(deck: Deck, on: tuple[str, ...]) -> dict[str, Any]:
    t = deck.tables
    assert isinstance(t, BakeriesTables)
    s = t.sale
    chefs = [c for c in deck.of("chef") if c.component == "chef"]
    components = [c for c in deck.of("chef") if c.component not in ("chef", "wild")]
    wilds = [c for c in deck.of("chef") if c.component == "wild"]
    die = "; ".join(_die_face(n, face) for n, face in sorted(t.die.items()))
    case = ", ".join(f"{row.slot}: {row.multiplier}x" for row in t.case)
    cakes = deck.of("cake")
    cards = [
        _row(
            "Chef",
            len(chefs),
            "; ".join(f"{c.multiplier}x {(c.colour or '').title()}" for c in chefs)
            + ". Turn it first when you hire.",
            "chef",
        ),
        _row(
            "Hat, Apron, Oven, Cake Batter & Pan",
            sum(c.count for c in components),
            "One of each per chef set, in the chef's colour and multiplier.",
            "chef",
        ),
        *[_row(c.name, c.count, c.rules, "chef") for c in wilds],
        _row(
            "Cakes",
            deck.size("cake"),
            "; ".join(f"{c.name} ${c.price} ×{c.count}" for c in cakes),
            "cake",
        ),
        _row(
            deck.titles["case"],
            deck.size("case"),
            f"{t.case_slots} per bakery ({_names_of_bakeries(deck)}), slot = 2d6 roll: {case}.",
            "case",
        ),
        *[_row(c.name, c.count, c.rules, "stale") for c in deck.of("stale")],
    ]
    return {
        "players": f"{t.players} players, {t.rounds} rounds",
        "goal": "Make the most money selling cakes over three rounds (BK-1).",
        "sections": [
            {
                "heading": "Phase one: hire a chef",
                "items": [
                    f"Lay the {deck.size('chef')} chef cards face down, "
                    f"{t.board['rows']} rows × {t.board['columns']}; roll off (a tie rolls again), "
                    "the higher roll chooses who starts (BK-3).",
                    f"Your turn: roll the die: {die}.",
                    f"5-bonus: ${t.five_bonus.first} + ${t.five_bonus.step} for each 5 rolled "
                    "earlier this phase, straight to your game score (BK-3).",
                    "Or say \u201cI am going to hire a chef\u201d: turn the chef first, then the "
                    f"four parts (at most {t.wilds_per_set} wild, never for the chef, none for "
                    "6x). A card that makes it impossible: turn all back, lose your next turn.",
                    "After the first hire the other player has one try, any order, at a lesser "
                    "set: after 6x any; after 5x or 4x: 3x or 2x; after 3x: 2x; after 2x: none. "
                    f"No set: {t.no_chef_multiplier}x (BK-3).",
                ],
            },
            {
                "heading": "Phase two: you take the cake",
                "items": [
                    "Lay your case slots 2 to 12 in a line. The player who did not hire first "
                    "starts: draw a cake at random and place it on an empty slot of your case "
                    "or your opponent's (\u201cYou take the cake!\u201d). Alternate; when one "
                    "case is full the other fills their own alone (BK-4).",
                ],
            },
            {
                "heading": "Phase three: the cake sale",
                "items": [
                    "The first hirer rolls 2d6 first; alternate. A new number sells that "
                    "slot's cake for chef multiplier × cake price × slot multiplier (BK-5).",
                    "A number already sold: your opponent puts a Stale card on one of your "
                    f"unsold cakes, -{s.stale_percent}% each, at most {s.stale_per_cake} on a "
                    f"cake; none once the {deck.size('stale')} are used (BK-5).",
                ],
            },
            {
                "heading": "End of round and scoring",
                "items": [
                    f"The first to sell {s.cakes_to_win} cakes takes their whole total, "
                    f"+{s.great_chef_bonus_percent}% if they are {s.cakes_to_win} different "
                    f"cakes. The other keeps {s.loser_keeps_percent}% (BK-6).",
                    f"Consolation: if their multiplier is {s.consolation_gap} or more below the "
                    "winner's, draw one of their unsold slot numbers and roll once: a hit gives "
                    f"{s.consolation_percent[0]}%; stop, or draw and roll again: a hit gives "
                    f"{s.consolation_percent[-1]}%, a miss drops back to "
                    f"{s.loser_keeps_percent}% (BK-6).",
                    f"After {t.rounds} rounds the higher total wins; equal totals share (BK-1). "
                    "Whole dollars.",
                ],
            },
        ],
        "cards": cards,
        "options": [],
        "available": "",
    }


def _die_face(n: int, face: Any) -> str:
    least, most = face.flip
    turn = f"turn {least}" if least == most else f"turn {least} to {most}, stop when you like"
    return f"{n}: {turn}" + (" or take the 5-bonus" if face.bonus else "")


def _names_of_bakeries(deck: Deck) -> str:
    names = []
    for card in deck.of("case"):
        label = card.name.rsplit(f" {card.slot} ", 1)[0]
        if label not in names:
            names.append(label)
    return " and ".join(names)


# --- Dudab (seed 002, DU-1..DU-5) ---------------------------------------------------------


def _dudab(deck: Deck, on: tuple[str, ...]) -> dict[str, Any]:
    t = deck.tables
    assert isinstance(t, DudabTables)
    sc = t.scoring
    numbers = deck.of("number")
    colours = list(dict.fromkeys(c.colour or "" for c in numbers))
    symbols = list(dict.fromkeys(c.symbol or "" for c in numbers))
    values = sorted({c.value or 0 for c in numbers})
    kinds = ["number", "shaman", "dudab", *[k for k in ("jungle", "baby") if k in on]]
    spare = " or spare Jungle" if "jungle" in on else ""  # DU-4: spare Jungles discard Shamans
    cards = [
        _row(
            deck.titles["number"],
            deck.size("number"),
            f"Colour ({', '.join(colours)}), value {values[0]}-{values[-1]}, symbol "
            f"({', '.join(symbols)}). Play onto a Number one higher or lower with a "
            "different colour and symbol; onto a Shaman of its colour; onto a Dudab whose "
            "request it meets, or any Dudab with no request (a starting one). Scores its value.",
            "number",
        ),
        _row(
            deck.titles["shaman"],
            deck.size("shaman"),
            f"{deck.size('shaman') // len(colours)} per colour. Play onto a Number card of its "
            "colour, or onto a Dudab that requested its colour. The next player must answer "
            f"(see your turn). Scores {sc.unpaired_shaman} if no Dudab{spare} cancels it.",
            "shaman",
        ),
        *[_row(c.name, c.count, c.rules, c.kind) for k in kinds[2:] for c in deck.of(k)],
    ]
    cols = sorted(t.starting_columns.items())
    starting = ", ".join(f"{p} players {n}" for p, n in cols)
    options = []
    if "jungle" in on:
        options.append(
            {
                "name": "Jungle (expansion 1)",
                "text": "Drawn: place it sideways on the last card of any column without a Jungle, "
                "even one waiting for an answer: it ends that Dudab request or Shaman's "
                "demand (none free: discard it, DU-7). Below it, the card at the same "
                "distance as one above shares a colour, value or symbol (a Shaman mirrors a"
                " Shaman, a Dudab a Dudab); the first card below follows this alone, later "
                "ones the normal rules too. When below outnumbers above, take the whole "
                "column; the 6th-card capture does not apply (DU-5). Scoring: each Jungle "
                "takes your Number cards of one value, lowest first; a spare one (more "
                "Jungles than values left) discards a Shaman no Dudab cancelled (DU-4).",
            }
        )
    if "baby" in on:
        babies = "/".join(str(v) for _, v in sorted(sc.baby.items()))
        options.append(
            {
                "name": "Baby (expansion 2)",
                "text": "Drawn: place it at once on a column and draw a card onto it; the "
                "cards beneath no longer count. A Number card drawn onto it: every player "
                "draws its value (hand limit applies). Another Baby stacks again; a Jungle is "
                f"discarded and another drawn (DU-5). 1..{len(sc.baby)} Babies score {babies}.",
            }
        )
    return {
        "players": f"{t.players.min}-{t.players.max} players, as many rounds as players",
        "goal": "Collect the fewest points over all rounds; lowest total wins, ties share (DU-4).",
        "sections": [
            {
                "heading": "Setup (each round)",
                "items": [
                    f"Shuffle, deal {t.deal} to each player, reveal the starting columns: "
                    f"{starting} (DU-2). A Jungle or Baby revealed is put back and another "
                    "revealed.",
                    "The start passes left each round.",
                ],
            },
            {
                "heading": "Your turn: place a card or draw",
                "items": [
                    f"Keep {t.hand.min} to {t.hand.max} cards in hand: under {t.hand.min} at "
                    f"the end of your turn, draw; over {t.hand.max}, put cards on your own pile.",
                    f"The {t.column_capture}th card on a column: take the first "
                    f"{t.column_capture - 1} to your pile; the card starts a new column; "
                    f"discard down to {t.hand.min} (all to the discard or all to your pile).",
                    f"With {t.hand.max} cards you may draw only if you cannot play: show your "
                    "hand, put one on your pile, draw.",
                    "After a Shaman the next player plays a Shaman, a Dudab, or reveals cards "
                    "from the draw pile until a Number card and draws its value (the cards "
                    "revealed are discarded, DU-3).",
                    "An open Dudab request must be met (on it) by whoever can, or replaced by "
                    "a Dudab played on it; anyone else shows their hand and draws (DU-3).",
                ],
            },
            {
                "heading": "Round end and scoring (in this order)",
                "items": [
                    f"The round ends when the last card is drawn. Over {t.hand.max} cards in "
                    f"hand: first put cards of your choice on your pile down to {t.hand.max} "
                    "(DU-6). Reveal hands: each Dudab in "
                    f"hand scores {sc.dudab_in_hand}; all other cards go to your pile.",
                    "Each Dudab in your pile cancels a Shaman; spare Dudabs turn a Number card "
                    f"negative; each Shaman left scores {sc.unpaired_shaman}"
                    + (" unless a spare Jungle discards it (see Jungle)" if spare else "")
                    + " (DU-4).",
                    "Other Number cards score their value. Write the round score; the scorer "
                    "makes choices that give the lowest score (DU-4).",
                ],
            },
        ],
        "cards": cards,
        "options": options,
        "available": "" if options else "Options: jungle (expansion 1), baby (expansion 2).",
    }


# --- Foozle (seed 004, FZ-1..FZ-6) --------------------------------------------------------


def _foozle(deck: Deck, on: tuple[str, ...]) -> dict[str, Any]:
    t = deck.tables
    assert isinstance(t, FoozleTables)
    colours = list(dict.fromkeys(row.colour for row in t.suits))
    suited = deck.of("suited")
    ranks = list(dict.fromkeys("∞" if c.rank == "inf" else str(c.rank) for c in suited))
    cards = [
        _row(
            f"{colour.title()} suits",
            sum(c.count for c in suited if c.colour == colour),
            f"{', '.join(s.title() for s in t.suits_of(colour))}; ranks {', '.join(ranks)}.",
            "suited",
        )
        for colour in colours
    ]
    trumps = deck.of("trump")
    rules = trumps[0].rules.removeprefix("Trump. ")
    cards.append(_row("Trumps", deck.size("trump"), f"{_names(trumps)}. {rules}", "trump"))
    low, high = t.run_ranks
    tokens = ", ".join(t.tokens)
    return {
        "players": f"{t.players.min}-{t.players.max} players",
        "goal": f"Collect tokens: a {tokens} token for laying down one-colour groups, "
        f"a {t.white_token} token for each hand you win.",
        "sections": [
            {
                "heading": "Setup",
                "items": [
                    f"The dealer deals {t.deal} cards each; the rest is the draw pile; turn "
                    "its top card to start the discard tableau. The player left of the dealer "
                    "starts; play goes left.",
                ],
            },
            {
                "heading": "Your turn",
                "items": [
                    "1. Take the top of the draw pile, or the last discard, or any discard you "
                    "play at once this turn. A card taken from the discards may not be "
                    "discarded again this turn (FZ-3).",
                    "2. Lay down groups and lay off cards onto any group on the table, as you "
                    "wish; a new group that could join one on the table joins it.",
                    "3. Discard one card to the end of the tableau (not when you go out).",
                ],
            },
            {
                "heading": "Groups",
                "items": [
                    f"Set: {t.group_min}+ of one rank (∞ too). Flush: {t.group_min}+ of one "
                    f"suit. Run: {t.group_min}+ in sequence {low}-{high}, one colour (∞ never "
                    "in a run). Flush run: a run in one suit; lay-offs may turn it into a "
                    "flush or a colour run (FZ-2). A group stays valid after every lay-off.",
                    f"Big Fozzle: {t.group_min}+ trumps laid down: discard the rest of your "
                    f"hand, take the {t.white_token} token, the hand ends (FZ-4).",
                ],
            },
            {
                "heading": "Tokens, hand end, game end",
                "items": [
                    "Laying down (not off) a group all of one colour gives that colour's "
                    "token if you have none of it yet. Trumps give no coloured token (FZ-4).",
                    f"Play or discard your last card: you win the hand, take a {t.white_token} "
                    "token, and deal next. Reshuffle when the dump stack is taller than the "
                    "draw pile (FZ-5).",
                    "The game ends when someone holds all five coloured tokens and one player "
                    "holds more tokens than anybody else: that player wins (FZ-6).",
                ],
            },
        ],
        "cards": cards,
        "options": [],
        "available": "",
    }
