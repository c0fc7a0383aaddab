"""Campaign stakes on a card game: `--stake fp=1` (or `xp=1`) awards every winning character.

Seats may be campaign characters: a human seat whose name is a character's stored name
(any case; spaces around and between words do not count, as the campaign compares names)
plays for the stake. A prefix is not enough here, unlike the `char` commands: a stake pays
a character, so it names him in full. Bots never get awards. On a shared win every winner
that is a character is paid (engine.State.winners()).

The interface, for every face of the table (`game play`, `game new`, `game serve`):

    stake = parse_stake("fp=1")                            # InputError (exit 2) otherwise
    record["stake"] = check_stake(db, seat_names, stake)   # before the game starts
    session.saver = stake_saver(db, game_id, moves)        # = saves.writer; see below

The stake is kept in the game's record ("stake", see `entry` below), so any save function of
ezkit.games.saves pays it: saves.put_in calls `on_save`, and a game resumed or served by its
ID goes on paying without being told. stake_saver is saves.writer, named here for callers.
On the command line, ezkit.cli.game's stake_option, _staked (parse and check into the record)
and _settle (confirm after a block that ended the game) do this for every command.

How the award is written (ezkit.store: campaign.json holds the characters, campaign.games.json
the games, one lock for both, each file written once per block by an atomic rename):

1. The save that ends the game pays, in the same locked update as that save: each winning
   character gets the Fudge Points or Experience (as `char award` does, EZ-12/EZ-13) and a
   history entry whose reason names the game, its ID and its start ("the ledger key", see
   `reason`); the record's stake goes from "open" to "due", with the names paid.
2. Right after, a second update (`settle`) finds every winning character's ledger entry and
   turns "due" into "paid". It writes the games file only.

The two files of one update are two renames (the games file first), so a crash can fall
between them: the game is over and its stake "due", but the awards are lost with the
characters' file. Nothing then trusts "due": `settle` pays each winning character whose
history lacks the ledger key, and turns "due" into "paid" only in an update that paid nobody
(so that its own crash cannot lose an award either). A stake is thus paid once per character:
the ledger key is checked before paying, and "paid" is final. `settle` runs after each
ending save, and whenever a saved game is read (saves.get: `game show`, `game resume`,
`game serve ID`), so the next command completes an update cut short.

What is paid is read from the game, not from its save's own fields: the winners are those of
the game replayed from its moves (a stake "due" on a game that is not over is a damaged save),
and each staked seat must be a human seat named as its character (never a bot).

A winning character missing from the campaign, or whose document cannot be read, when the
stake is paid is not paid; the record lists him and why ("unpaid"), for the GM to settle by
hand with `char award`. A game whose stake is due or paid cannot be taken back past its end
(`game undo`): awards are not undone.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError, InputError
from ezkit.store import StoreError, open_campaign
from ezkit.words import name_key

if TYPE_CHECKING:
    from ezkit.store import Campaign

KINDS = {"fp": "Fudge Point", "xp": "Experience Point"}
# A stake is a side bet on one card game, not the session's reward: at most 10 points. That
# is more than the dearest single purchase (a gift, 8 XP, EZ-13), so a larger number is far
# likelier a slip (fp=100) than a wish, and an award once paid is never taken back.
MAX_AMOUNT = 10
STATES = ("open", "due", "paid")


@dataclass(frozen=True)
class Stake:
    """What each winning character gets: kind "fp" (Fudge Points) or "xp" (Experience),
    amount 1 to MAX_AMOUNT."""

    kind: str
    amount: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InputError(f"a stake is fp=N or xp=N, not kind {self.kind!r}")
        if type(self.amount) is not int or not 1 <= self.amount <= MAX_AMOUNT:
            raise InputError(f"a stake is 1 to {MAX_AMOUNT} points, not {self.amount!r}")

    def __str__(self) -> str:
        return f"{self.kind}={self.amount}"

    def label(self) -> str:
        """'1 Fudge Point', '2 Experience Points'."""
        unit = KINDS[self.kind]
        return f"{self.amount} {unit}{'s' * (self.amount != 1)}"


def parse_stake(text: str) -> Stake:
    """`fp=N` or `xp=N` (N a whole number, 1 to MAX_AMOUNT); InputError (exit 2) naming the
    value and what is accepted otherwise."""
    kind, sep, amount = text.strip().partition("=")
    kind, amount = kind.strip().lower(), amount.strip()
    if sep and kind in KINDS and amount.isascii() and amount.isdigit() and len(amount) <= 3:
        number = int(amount)
        if 1 <= number <= MAX_AMOUNT:
            return Stake(kind, number)
    shown = text if len(text) <= 40 else text[:40] + "..."
    raise InputError(
        f"--stake {shown!r}: give fp=N (Fudge Points) or xp=N (Experience Points), N a whole "
        f"number from 1 to {MAX_AMOUNT}, such as fp=1"
    )


def entry(stake: Stake, characters: dict[int, str]) -> dict[str, Any]:
    """The record's "stake": kind, amount, the seats that are characters (seat number and
    stored name), its state ("open" until the game ends, then "due", then "paid"), and once
    due who was paid and who could not be."""
    return {
        "kind": stake.kind,
        "amount": stake.amount,
        "characters": [{"seat": s, "name": n} for s, n in sorted(characters.items())],
        "state": "open",
        "paid": [],
        "unpaid": [],
    }


def check_stake(db: Path | None, seat_names: Sequence[str | None], stake: Stake) -> dict[str, Any]:
    """Which seats play for the stake, checked before the game starts; the record's "stake".

    seat_names: every seat's name in seat order, None for a bot. A human seat named exactly
    as a stored character (any case) is that character; the character's document must read.
    A name that only begins or resembles characters' names is refused (InputError), since
    the player surely meant one of them; so is a stake where no human seat is a character.
    Reads the campaign and writes nothing.
    """
    from ezkit.character.files import parse_character

    characters: dict[int, str] = {}
    with open_campaign(db) as campaign:
        stored = {name_key(str(c.get("name", ""))): c for c in campaign.list_characters()}
        for seat, name in enumerate(seat_names):
            if name is None:
                continue
            doc = stored.get(name_key(name))
            if doc is None:
                _refuse_near(name, stored, campaign.path)
                continue
            parse_character(doc, f"the campaign ({campaign.path})")
            characters[seat] = str(doc["name"])
        if not characters:
            humans = [n for n in seat_names if n is not None]
            raise InputError(
                f"--stake {stake}: no human seat is a character of the campaign "
                f"({campaign.path}); players {', '.join(map(repr, humans)) or 'none'}. Name "
                "the characters in --players exactly as they are stored (any case)"
            )
    return entry(stake, characters)


def _refuse_near(name: str, stored: dict[str, dict[str, Any]], path: Path) -> None:
    key = name_key(name)
    near = sorted(str(doc["name"]) for k, doc in stored.items() if key and k.startswith(key))
    near += [str(stored[k]["name"]) for k in difflib.get_close_matches(key, stored, n=3)]
    near = list(dict.fromkeys(near))
    if near:
        raise InputError(
            f"player {name!r} is not a character of the campaign ({path}), but close to "
            f"{', '.join(map(repr, near))}: a stake pays characters named exactly as stored "
            "(any case); name the character in full, or the player otherwise"
        )


def stake_saver(db: Path | None, game_id: int, moves: Sequence[str]) -> Callable[..., None]:
    """The save function of a staked game: saves.writer, which pays any stake its records
    carry (on_save) and settles it right after the ending save."""
    from ezkit.games import saves

    return saves.writer(db, game_id, moves)


def reason(game_id: int, record: dict[str, Any]) -> str:
    """The history entry's reason, the ledger key: the game's ID, name and start, so that a
    game ID used again in a campaign whose games file was replaced is not taken for it."""
    from ezkit.games.engine import game_class

    try:
        title = game_class(str(record["game"])).title
    except Exception:  # a game this ezkit does not know: its name as stored
        title = str(record["game"])
    start = str(record.get("created", ""))[:16].replace("T", " ")
    begun = f", begun {start}" if start else ""
    return f"game {game_id}: won {title}{begun} (stake {stake_of(game_id, record)})"


def stake_of(game_id: int, record: dict[str, Any]) -> Stake:
    """The record's stake as a Stake; DocumentError when the record's stake is damaged."""
    found = _entry(game_id, record)
    return Stake(found["kind"], found["amount"])


def _entry(game_id: int, record: dict[str, Any]) -> dict[str, Any]:
    found = record.get("stake")
    ok = (
        isinstance(found, dict)
        and found.get("kind") in KINDS
        and type(found.get("amount")) is int
        and 1 <= found["amount"] <= MAX_AMOUNT
        and found.get("state") in STATES
        and isinstance(found.get("characters"), list)
        and all(
            isinstance(c, dict) and type(c.get("seat")) is int and isinstance(c.get("name"), str)
            for c in found["characters"]
        )
        and isinstance(found.get("paid", []), list)
        and isinstance(found.get("unpaid", []), list)
        and all(_plays(record, c["seat"], c["name"]) for c in found["characters"])
    )
    if not ok:
        raise DocumentError(f"saved game {game_id}: its stake is damaged; nothing was paid")
    return found


def _plays(record: dict[str, Any], seat: int, name: str) -> bool:
    """Whether the record's seat is a human named as the character (as check_stake found it):
    a stake never pays a bot, or a seat the game does not have."""
    seats = record.get("seats")
    player = seats[seat] if isinstance(seats, list) and 0 <= seat < len(seats) else None
    if not isinstance(player, dict):
        return False
    return player.get("kind") == "human" and name_key(str(player.get("name", ""))) == name_key(name)


def _winners(game_id: int, record: dict[str, Any]) -> set[int]:
    """The winning seats of the game replayed from its moves: a stake pays by the game as
    played, never by what a save's own fields say (a file edited to 'over, seat 0 won')."""
    from ezkit.errors import EzkitError
    from ezkit.games import engine

    try:
        state = engine.replay(record)
    except (EzkitError, KeyError, TypeError, ValueError) as error:
        raise DocumentError(
            f"saved game {game_id} does not replay ({error}); its stake was not paid"
        ) from None
    if not state.is_over():
        raise DocumentError(
            f"saved game {game_id}: its stake is due, but the game is not over; nothing was paid"
        )
    return set(state.winners())


def on_save(
    campaign: Campaign, game_id: int, stored: dict[str, Any], record: dict[str, Any]
) -> None:
    """Called by saves.put_in before record replaces stored, in the same open campaign.

    The stake stored is the truth (a session may hold an older copy): record gets it, changed
    in place so that the caller's record shows it. The save that ends the game pays every
    winning character and makes the stake "due"; a save that takes back the end of a game
    whose stake is due or paid is refused (StoreError): awards are not undone.
    """
    if "stake" not in stored:
        record.pop("stake", None)  # a stake is set when the game is made, never later
        return
    found = dict(_entry(game_id, stored))
    record["stake"] = found
    if found["state"] == "open":
        if record.get("status") == "over":
            _pay(campaign, game_id, record, found)
            found["state"] = "due"
    elif record.get("status") != "over":
        raise StoreError(
            f"game {game_id} is over and its stake ({stake_of(game_id, stored)} to each "
            "winning character) was paid: its end cannot be taken back"
        )


def _pay(campaign: Campaign, game_id: int, record: dict[str, Any], found: dict[str, Any]) -> bool:
    """Award each winning character whose history lacks the ledger key; whether any was paid.

    found["paid"] and found["unpaid"] are brought up to date (names, and why not)."""
    from ezkit.character import advance
    from ezkit.character.files import parse_character
    from ezkit.errors import EzkitError

    stake = stake_of(game_id, record)
    key = reason(game_id, record)
    winners = _winners(game_id, record)
    paid_now = False
    paid, unpaid = list(found.get("paid", [])), []
    for character in found["characters"]:
        if character["seat"] not in winners:
            continue
        name = character["name"]
        try:
            doc = _exact(campaign, name)
            before = parse_character(doc, f"the campaign ({campaign.path})")
            if not any(h.kind == "award" and h.reason == key for h in before.history):
                points = {"fudge_points" if stake.kind == "fp" else "experience": stake.amount}
                after = advance.award(before, reason=key, **points).to_document()
                parse_character(after, f"{name} as awarded")  # checked whole, digest kept
                campaign.update_character(name, lambda _, after=after: after, checked=True)
                paid_now = True
        except EzkitError as error:  # missing, renamed, damaged: listed, the rest paid
            unpaid.append({"name": name, "why": str(error)})
            continue
        if name not in paid:
            paid.append(name)
    found["paid"], found["unpaid"] = paid, unpaid
    return paid_now


def _exact(campaign: Campaign, name: str) -> dict[str, Any]:
    """The character named exactly name (any case); StoreError otherwise (the campaign's
    own lookup would take a prefix: another character)."""
    for doc in campaign.list_characters():
        if name_key(str(doc.get("name", ""))) == name_key(name):
            return doc
    raise StoreError(f"no character named {name!r} in the campaign ({campaign.path})")


def settle_in(campaign: Campaign, game_id: int, record: dict[str, Any]) -> bool:
    """Complete a due stake in an open campaign; whether anything changed (record in place).

    Pays whoever lacks the ledger key; only when nobody needed paying does the stake become
    "paid", so that this update too writes an award or the state, never both."""
    found = record.get("stake")
    if not isinstance(found, dict) or found.get("state") != "due":
        return False
    from ezkit.store import GAMES, json_copy

    found = dict(_entry(game_id, record))
    if not _pay(campaign, game_id, record, found):
        found["state"] = "paid"
    record["stake"] = found
    # the stake alone: the moves and the rest of the record are as stored
    campaign.table(GAMES).update({"stake": json_copy(found, campaign.path)}, doc_ids=[game_id])
    return True


def settle(db: Path | None, game_id: int) -> dict[str, Any] | None:
    """settle_in in an update of its own, until the stake is paid; the stake then (None when
    the game has none). Each update holds the campaign's lock."""
    from ezkit.games import saves

    for _ in range(3):  # due -> (pay ->) paid: at most two updates
        with open_campaign(db) as campaign:
            record = saves.get_in(campaign, game_id)
            if not settle_in(campaign, game_id, record):
                return record.get("stake")
    return record.get("stake")


def describe(game_id: int, record: dict[str, Any], short: bool = False) -> str | None:
    """The stake in a line for `game show` (short: for `game list`); None without one."""
    if "stake" not in record:
        return None
    found = _entry(game_id, record)
    stake = stake_of(game_id, record)
    paid = ", ".join(found.get("paid", [])) or "nobody"
    state = {"open": "", "due": f", being paid to {paid}", "paid": f", paid to {paid}"}
    if short:
        return f"{stake}{state[found['state']]}"
    names = ", ".join(c["name"] for c in found["characters"])
    line = f"Stake {stake}: {stake.label()} to each winning character ({names})"
    line += state[found["state"]]
    for miss in found.get("unpaid", []):
        line += f"; not paid to {miss.get('name')}: {miss.get('why')}"
    return line + "."
