"""`ezkit score GAME ...`: scoring helpers for people who play with real cards.

One subcommand per game; each checks the cards against that game's deck (cards/<game>.yaml),
so a card the deck does not have, or more copies than it holds, is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ezkit.cli.params import Command, emit_json, json_option
from ezkit.errors import InputError
from ezkit.terminal import name_problem, safe_line
from ezkit.words import name_key, won

AUNTIE_EXAMPLE = """\b
Examples:
  ezkit score auntie 4 4 3 0
  ezkit score auntie --player Ann=4,4,3 --player Bob=0,1 --json"""


@click.group("score")
def score() -> None:
    """Score a game played with real cards."""


# --- Auntie's Fudge: the rules are ezkit.games.auntie.score; here only parsing and printing ---


def _player(text: str) -> tuple[str, list[str]]:
    from ezkit.games.auntie import score as rules

    name, sep, cards = text.partition("=")
    if not sep or not name.strip():
        raise click.BadParameter(
            f"{text!r} is not NAME=CARDS, e.g. Ann=4,4,3", param_hint="'--player'"
        )
    name = _name(name.strip(), "--player")  # checked before a card's message shows it
    hand = [rules.card(c, name) for c in cards.replace(" ", ",").split(",") if c.strip()]
    return name, hand


def _name(name: str, hint: str) -> str:
    """A player's name as typed, refused when it holds control characters (an escape
    sequence would drive the terminal it is printed on), as a game's seats are."""
    if why := name_problem(name):
        raise click.BadParameter(
            f"player name '{safe_line(name)}' {why}; a name is one line of letters, digits, "
            "spaces and signs",
            param_hint=f"'{hint}'",
        )
    return name


@score.command("auntie", cls=Command, epilog=AUNTIE_EXAMPLE)
@click.argument("cards", nargs=-1)
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME=CARDS",
    help="A player's fudge cards, e.g. Ann=4,4,3 (repeatable).",
)
@json_option
def auntie(cards: tuple[str, ...], players: tuple[str, ...], as_json: bool) -> None:
    """Auntie's Fudge: the points of the fudge cards in a hand (each card 0..4), or of several
    players' hands with the winners (the fewest points; a tie shares the win)."""
    from ezkit.games.auntie import score as rules

    if cards and players:
        raise click.UsageError("give one hand's cards, or --player for each player, not both")
    if not players:
        hand = [rules.card(c) for c in cards]
        rules.check_supply({"": hand})
        total = rules.scores({"": hand})[0][""]
        if as_json:
            emit_json({"score": total})
        else:
            click.echo(str(total))
        return
    hands: dict[str, list[str]] = {}
    for text in players:
        name, hand = _player(text)
        if name_key(name) in {name_key(n) for n in hands}:  # names that print alike too
            raise click.BadParameter(f"{name!r} is given twice", param_hint="'--player'")
        hands[name] = hand
    rules.check_supply(hands)
    totals, winners = rules.scores(hands)
    if as_json:
        emit_json({"scores": totals, "winners": winners})
        return
    width = max(len(name) for name in totals)
    for name, total in totals.items():
        click.echo(f"{name:{width}}  {total}")
    click.echo(f"{won(winners)} (the fewest points).")


# --- The Civil War Battle of the Bakeries: the money of phase three (BK-5, BK-6) --------------
#
# The rules are ezkit.games.bakeries.score; these commands only parse, call and print.

BAKERIES_EXAMPLE = """\b
Examples:
  ezkit score bakeries sale --chef 5 --cake "bundt cake" --slot 8
  ezkit score bakeries winner --total 8500 --distinct
  ezkit score bakeries loser --total 8000 --consolation-hits 1
  ezkit score bakeries consolation --winner-chef 6 --loser-chef 2
  ezkit score bakeries case examples/bakeries-case.yaml"""

SALE_EXAMPLE = """\b
Examples:
  ezkit score bakeries sale --chef 5 --cake "bundt cake" --slot 8          # $750
  ezkit score bakeries sale --chef 2 --cake lemon-cake --slot 2 --stale 4  # $260"""

WINNER_EXAMPLE = """\b
Example:
  ezkit score bakeries winner --total 8500 --distinct   # $10,200"""

LOSER_EXAMPLE = """\b
Examples:
  ezkit score bakeries loser --total 8000                       # 40%: $3,200
  ezkit score bakeries loser --total 8000 --consolation-hits 2  # 80%: $6,400"""

CONSOLATION_EXAMPLE = """\b
Example:
  ezkit score bakeries consolation --winner-chef 6 --loser-chef 2   # applies"""

CASE_EXAMPLE = """\b
The case file (YAML or JSON), e.g. examples/bakeries-case.yaml:
  chef: 2                 # the chef multiplier: a chef set's 2..6, or 1 for none
  case:                   # every slot 2..12 and the cake on it, by name
    2: {cake: Lemon Cake, stale: 4}   # with the Stale cards on it (0..4)
    3: wedding-cake                   # a name alone: no Stale cards
    ...
    12: Birthday Cake
  sold: [2, 3, 5, 7, 8, 11, 12]       # the slots sold (rolled), at most 7

\b
Example:
  ezkit score bakeries case examples/bakeries-case.yaml --json"""


class BakeriesValue(click.ParamType):
    """A whole number checked by one of bakeries_score's checks; its error is a usage error."""

    def __init__(self, name: str, check: str) -> None:
        self.name, self.check = name, check

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from ezkit.games.bakeries import score as bakeries_score

        if isinstance(value, int):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a whole number", param, ctx)
        try:
            return int(getattr(bakeries_score, self.check)(number))
        except InputError as error:
            self.fail(str(error), param, ctx)


class Cake(click.ParamType):
    """A cake by name, any case, hyphen or space (`bundt-cake`, `Wedding Cake`); gives its id."""

    name = "cake"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from ezkit.games.bakeries import score as bakeries_score

        try:
            return bakeries_score.cake(str(value).strip()).id
        except InputError as error:
            self.fail(str(error), param, ctx)


CHEF = BakeriesValue("chef", "check_chef")
SLOT = BakeriesValue("slot", "check_slot")
STALE = BakeriesValue("stale", "check_stale")
TOTAL = BakeriesValue("dollars", "check_total")
HITS = BakeriesValue("hits", "check_hits")
CAKE = Cake()


def _dollars(amount: int) -> str:
    return f"${amount:,}"


@score.group("bakeries", epilog=BAKERIES_EXAMPLE)
def bakeries() -> None:
    """The Civil War Battle of the Bakeries: a sold cake's value, the winner's and the loser's
    totals, the consolation round, and a whole filled case (BK-5, BK-6)."""


@bakeries.command(
    "sale", cls=Command, short_help="A sold cake's value (BK-5).", epilog=SALE_EXAMPLE
)
@click.option("--chef", type=CHEF, required=True, help="Chef multiplier: a chef set's, or 1.")
@click.option(
    "--cake", "cake_name", type=CAKE, required=True, help="The cake by name, e.g. 'Bundt Cake'."
)
@click.option("--slot", type=SLOT, required=True, help="The case slot it sits on, 2..12.")
@click.option("--stale", type=STALE, default=0, show_default=True, help="Stale cards on it.")
@json_option
def bakeries_sale(chef: int, cake_name: str, slot: int, stale: int, as_json: bool) -> None:
    """A sold cake's value: chef multiplier x cake price x slot multiplier, less 20% for each
    Stale card on it (BK-5)."""
    from ezkit.games.bakeries import score as rules

    value = rules.sale_value(chef, cake_name, slot, stale)
    if as_json:
        emit_json({"value": value})
        return
    card = rules.cake(cake_name)
    product = f"{chef} x {_dollars(int(card.price or 0))} x {rules.tables().case_multiplier(slot)}"
    if stale:
        percent = rules.tables().sale.stale_percent
        product += f" x (100% - {stale} x {percent}%)"
        said = f"{card.name} on slot {slot}, {chef}x chef, {stale} Stale card{'s' * (stale > 1)}"
    else:
        said = f"{card.name} on slot {slot}, {chef}x chef"
    click.echo(f"{said}: {product} = {_dollars(value)}")


@bakeries.command(
    "winner",
    cls=Command,
    short_help="The winner's total, with the Great Chef Bonus (BK-6).",
    epilog=WINNER_EXAMPLE,
)
@click.option("--total", type=TOTAL, required=True, help="The winner's cake sale total, in $.")
@click.option(
    "--distinct", is_flag=True, help="His 7 sold cakes are 7 different cakes: +20% bonus."
)
@json_option
def bakeries_winner(total: int, distinct: bool, as_json: bool) -> None:
    """The winner's total (first to sell 7 cakes): his whole cake sale total, +20% Great Chef
    Bonus if the 7 cakes he sold are 7 different cakes (BK-6)."""
    from ezkit.games.bakeries import score as rules

    value = rules.winner_total(total, distinct)
    if as_json:
        emit_json({"value": value})
    elif distinct:
        bonus = rules.tables().sale.great_chef_bonus_percent
        click.echo(
            f"{_dollars(total)} + {bonus}% Great Chef Bonus ({_dollars(value - total)}) "
            f"= {_dollars(value)}"
        )
    else:
        click.echo(f"{_dollars(value)} (no Great Chef Bonus: the sold cakes are not all different)")


@bakeries.command(
    "loser",
    cls=Command,
    short_help="What the loser keeps: 40%, 60% or 80% (BK-6).",
    epilog=LOSER_EXAMPLE,
)
@click.option("--total", type=TOTAL, required=True, help="The loser's cake sale total, in $.")
@click.option(
    "--consolation-hits",
    "hits",
    type=HITS,
    default=0,
    show_default=True,
    help="Rolls hit in the consolation round: 0 (40%), 1 (60%) or 2 (80%).",
)
@json_option
def bakeries_loser(total: int, hits: int, as_json: bool) -> None:
    """What the loser keeps of his cake sale total: 40%, or 60% after one hit and 80% after two
    in the consolation round (BK-6). A miss on the second try is 0 hits: back to 40%."""
    from ezkit.games.bakeries import score as rules

    value = rules.loser_total(total, hits)
    if as_json:
        emit_json({"value": value})
        return
    why = f" ({hits} consolation hit{'s' * (hits != 1)})" if hits else ""
    click.echo(f"{rules.loser_percent(hits)}% of {_dollars(total)}{why} = {_dollars(value)}")


@bakeries.command(
    "consolation",
    cls=Command,
    short_help="Does the loser play the consolation round? (BK-6)",
    epilog=CONSOLATION_EXAMPLE,
)
@click.option("--winner-chef", type=CHEF, required=True, help="The winner's chef multiplier.")
@click.option("--loser-chef", type=CHEF, required=True, help="The loser's chef multiplier.")
@json_option
def bakeries_consolation(winner_chef: int, loser_chef: int, as_json: bool) -> None:
    """Whether the loser plays the Catch Up Consolation Clearance Cake Sale Round: his chef
    multiplier is 3 or more below the winner's (BK-6)."""
    from ezkit.games.bakeries import score as rules

    applies = rules.consolation_applies(winner_chef, loser_chef)
    if as_json:
        emit_json({"applies": applies})
        return
    gap, needed = winner_chef - loser_chef, rules.tables().sale.consolation_gap
    verdict = "plays" if applies else "does not play"
    click.echo(
        f"The loser {verdict} the consolation round: {winner_chef} - {loser_chef} = {gap}, "
        f"{'at least' if applies else 'less than'} {needed}."
    )


@bakeries.command(
    "case",
    cls=Command,
    short_help="A whole filled case from FILE: slot values, sold total.",
    epilog=CASE_EXAMPLE,
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@json_option
def bakeries_case(file: Path, as_json: bool) -> None:
    """A whole filled bakery case from FILE: each slot's sale value, the slots sold and their
    total, and whether the sold cakes are all different (the Great Chef Bonus asks it of the
    winner's 7) (BK-5, BK-6)."""
    from ezkit.games.bakeries import score as rules
    from ezkit.yamlio import load_yaml

    found = rules.case_value(rules.read_case(load_yaml(file), str(file)))
    if as_json:
        emit_json(found.as_json())
        return
    from ezkit.cli.tables import print_table

    header = ["slot", "x", "cake", "price", "stale", "value", "sold"]
    rows = [
        [
            str(row.slot),
            f"{row.multiplier}x",
            row.name,
            _dollars(row.price),
            str(row.stale or ""),
            _dollars(row.value),
            "sold" if row.sold else "",
        ]
        for row in found.slots
    ]
    justify = ["left" if heading == "cake" else "right" for heading in header]
    print_table(f"{file.name}: {found.chef}x chef", header, rows, justify)
    count = len(found.sold)
    kinds = "all different" if found.distinct else "not all different"
    click.echo(
        f"Sold {count} cake{'s' * (count != 1)} ({kinds}): {_dollars(found.sold_total)} in all."
    )
    if count == rules.tables().sale.cakes_to_win:
        flag = " --distinct" if found.distinct else ""
        command = f"ezkit score bakeries winner --total {found.sold_total}{flag}"
        click.echo(f"If these are the winner's 7: {command}")


# --- Dudab: the book's scoring steps (ezkit.games.dudab.score, DU-4) --------------------------

DUDAB_EXAMPLE = """\b
Examples:
  ezkit score dudab --pile "red-3-hand blue-4-club shaman-red dudab jungle baby"
  ezkit score dudab --pile "dudab red-4-hand red-1-club jungle" --hand "dudab" --json"""


@score.command("dudab", epilog=DUDAB_EXAMPLE)
@click.option("--pile", default="", help='The own pile\'s cards: "red-3-hand shaman-red dudab".')
@click.option("--hand", default="", help="The cards left in hand when the round ended.")
@json_option
def dudab(pile: str, hand: str, as_json: bool) -> None:
    """Dudab: a player's score for a round from his own pile and the cards left in his hand,
    the book's scoring steps one by one (seed 002, Scoring; DU-4). Cards are written
    red-3-hand (colour-value-symbol), shaman-blue, dudab, jungle, baby."""
    from ezkit.games.dudab import score as dudab_score

    cards = dudab_score.parse_cards(pile, "--pile"), dudab_score.parse_cards(hand, "--hand")
    dudab_score.check_supply(*cards)
    dudab_score.check_hand(cards[1])  # DU-6: never more than 5 in hand, at scoring too
    found = dudab_score.score(*cards)
    if as_json:
        emit_json({**found.as_dict(), "pile": cards[0], "hand": cards[1]})
        return
    for line in found.lines():
        click.echo(line)


# --- Foozle: groups and the game's end (ezkit.games.foozle.score, FZ-2, FZ-4, FZ-6) ---------

FOOZLE_EXAMPLE = """\b
Examples:
  ezkit score foozle group "2-lamps 3-plungers 4-fromps"
  ezkit score foozle group "8-tops 9-tops inf-tops" --json
  ezkit score foozle standings "Ann=red,blue,black,brown,yellow Bob=white,white,red\""""


@score.group("foozle", epilog=FOOZLE_EXAMPLE)
def foozle() -> None:
    """Foozle: whether cards form a group and the token a lay-down earns; whether the game is
    over and who won (FZ-2, FZ-4, FZ-6). Cards are written 3-lamps, inf-tops (or ∞-tops),
    trump-grue."""


@foozle.command("group", cls=Command, short_help="Do these cards form a group? (FZ-2, FZ-4)")
@click.argument("cards")
@json_option
def foozle_group(cards: str, as_json: bool) -> None:
    """Whether CARDS form a group (a set, flush, run, flush run, or a Big Fozzle of 3+ trumps),
    and which colour token laying them down earns (FZ-4: all one colour)."""
    from ezkit.games import foozle as fg

    ids = [fg.IDS[k] for k in fg.parse(cards)]
    if not ids:  # had said ": not a group" (exit 0) of nothing
        raise click.BadParameter(
            'name the cards, as "2-lamps 3-plungers 4-fromps"', param_hint="'CARDS'"
        )
    kinds, token = fg.kinds(ids), fg.token(ids)
    if as_json:
        emit_json({"cards": ids, "valid": bool(kinds), "kinds": kinds, "token": token})
        return
    if not kinds:
        click.echo(f"{' '.join(ids)}: not a group (FZ-2)")
        return
    earns = f"earns the {token} token if you have none" if token else "earns no coloured token"
    click.echo(f"{' '.join(ids)}: a group ({', '.join(kinds)}); laid down it {earns}")


@foozle.command("standings", cls=Command, short_help="Is the game over, who won? (FZ-6)")
@click.argument("players", nargs=-1, required=True)
@json_option
def foozle_standings(players: tuple[str, ...], as_json: bool) -> None:
    """Whether the game is over and who won, from each player's tokens: NAME=TOKENS with the
    colours and whites, e.g. Ann=red,blue,white,white (FZ-6: somebody holds all five colours
    and one player holds strictly the most tokens)."""
    from ezkit.games import foozle as fg

    tokens: dict[str, list[str]] = {}
    for text in " ".join(players).split():
        name, sep, held = text.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{text!r} is not NAME=TOKENS, e.g. Ann=red,blue,white")
        name = _name(name, "PLAYERS")  # checked before any message shows it
        if name_key(name) in {name_key(n) for n in tokens}:
            raise click.BadParameter(f"{name!r} is given twice")
        tokens[name] = fg.parse_tokens(held, name)
    if not tokens:
        raise click.BadParameter("name at least one player as NAME=TOKENS, e.g. Ann=red,white")
    found = fg.standings(tokens)
    if as_json:
        emit_json(found._asdict())
        return
    width = max(len(n) for n in tokens)
    for name, held in tokens.items():
        click.echo(f"{name:{width}}  {found.totals[name]:2}  {', '.join(held) or '-'}")
    if found.over:
        click.echo(f"The game is over: {found.winner} wins (FZ-6).")
    elif not found.complete:
        click.echo("Play on: nobody holds all five coloured tokens yet (FZ-6).")
    else:
        click.echo(f"Play on: {' and '.join(found.leaders)} tie for the most tokens (FZ-6).")
