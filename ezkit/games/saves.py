"""Saved games in the campaign: the table "games", one TinyDB document per game, kept in the
campaign's games file (`campaign.games.json` beside `campaign.json`; ezkit.store), so that a
move rewrites the games and not every character.

A saved game is what the engine needs to replay it (game name, options, seed, moves,
see engine.State.save) plus who sits where and when it was played:

    {"schema_version": 1, "game": "auntie", "options": {"players": ["Ann", ...], ...},
     "seed": 7, "moves": ["burden Bob", ...],
     "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot 1", "kind": "heuristic"}],
     "status": "playing" | "over", "to_move": 0 | null,
     "created": "2024-05-01T12:00:00+00:00", "updated": "...",
     "scores": [...], "winners": [...],          # the last two only when over
     "stake": {...}}                              # a campaign stake (ezkit.games.stakes)

The game's id is its TinyDB document id. Every write opens the campaign, which takes the
campaign's lock and replaces the games file atomically (ezkit.store); a write whose game was
changed by another ezkit since it was read is refused rather than lost. A record is stored as
a copy (checked to be JSON) and read as one, so the caller's dicts never alias the store.

A game with a stake pays it through these functions: the save that ends it awards the winning
characters in the same update (put_in), the writers settle it right after, and get() completes
a stake an interrupted update left due (ezkit.games.stakes says how and why).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError
from ezkit.store import GAMES, StoreError, json_copy, open_campaign

if TYPE_CHECKING:
    from ezkit.store import Campaign

REQUIRED = ("game", "options", "seed", "moves", "seats")


def _check(game_id: int, doc: dict[str, Any]) -> dict[str, Any]:
    """doc, when it has the shape a save needs to be replayed; DocumentError saying what
    is wrong otherwise (a hand-edited or damaged campaign), never a KeyError later."""
    missing = [key for key in REQUIRED if key not in doc]
    if missing:
        raise DocumentError(
            f"saved game {game_id} lacks {', '.join(missing)}; it cannot be replayed"
        )
    wrong = [what for what, ok in _shape(doc) if not ok]
    if wrong:
        raise DocumentError(
            f"saved game {game_id} is damaged ({', '.join(wrong)}); it cannot be replayed"
        )
    from ezkit.games.engine import SCHEMA_VERSION

    version = doc.get("schema_version", 1)
    if type(version) is not int or not 1 <= version <= SCHEMA_VERSION:
        # a newer ezkit's save may mean moves this one would replay otherwise
        raise DocumentError(
            f"saved game {game_id} is not a valid save for this ezkit: schema_version "
            f"{str(version)[:20]!r} (it reads 1 to {SCHEMA_VERSION}; a save from a newer ezkit "
            "is played with that ezkit)"
        )
    return doc


def _shape(doc: dict[str, Any]) -> list[tuple[str, bool]]:
    seats, moves = doc["seats"], doc["moves"]
    return [
        ("its game is not a name", isinstance(doc["game"], str)),
        ("its options are not a mapping", isinstance(doc["options"], dict)),
        ("its seed is not a whole number", type(doc["seed"]) is int),
        (
            "its moves are not a list of texts",
            isinstance(moves, list) and all(isinstance(m, str) for m in moves),
        ),
        (
            "its seats are not a list of names and kinds",
            isinstance(seats, list)
            and all(
                isinstance(s, dict)
                and isinstance(s.get("name"), str)
                and isinstance(s.get("kind"), str)
                for s in seats
            ),
        ),
    ]


def get_in(campaign: Campaign, game_id: int) -> dict[str, Any]:
    """The saved game with this id (a copy), in a campaign the caller holds open."""
    doc = campaign.table(GAMES).get(doc_id=game_id)
    if doc is None:
        ids = [d.doc_id for d in campaign.table(GAMES).all()]
        held = f"games {_spans(ids)}" if ids else "no games"
        raise StoreError(f"no game {game_id} in the campaign ({campaign.path}), which holds {held}")
    return _check(game_id, json_copy(doc, campaign.path))


def _spans(ids: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 as '1-3, 5, 7-8': a thousand saved games still fit on one line."""
    spans: list[list[int]] = []
    for i in sorted(ids):
        if spans and i == spans[-1][1] + 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    shown = [str(a) if a == b else f"{a}-{b}" for a, b in spans]
    if len(shown) > 12:  # the first and the last: enough to say what to type
        shown = [*shown[:6], "...", *shown[-5:]]
    return ", ".join(shown)


def create(db: Path | None, record: dict[str, Any]) -> int:
    """Store a new game; its id."""
    with open_campaign(db) as campaign:
        return campaign.table(GAMES).insert(json_copy(record, campaign.path))


def get(db: Path | None, game_id: int) -> dict[str, Any]:
    """The saved game with this id; a stake left due by an interrupted update is paid first."""
    with open_campaign(db) as campaign:
        record = get_in(campaign, game_id)
    if _due(record):
        record["stake"] = _settle(db, game_id)
    return record


def _due(record: dict[str, Any]) -> bool:
    stake = record.get("stake")
    return isinstance(stake, dict) and stake.get("state") == "due"


def _settle(db: Path | None, game_id: int) -> dict[str, Any] | None:
    from ezkit.games import stakes

    return stakes.settle(db, game_id)


def list_games(db: Path | None) -> list[tuple[int, dict[str, Any]]]:
    """Every saved game with its id, oldest first."""
    with open_campaign(db) as campaign:
        return [(doc.doc_id, dict(doc)) for doc in campaign.table(GAMES).all()]


def listing(game_id: int, doc: dict[str, Any]) -> dict[str, Any]:
    """A saved game as `game list` shows it: who plays, whose move, who won; never a card,
    and the seed only once the game is over (GT-1)."""
    try:
        return _listing(game_id, doc)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        # one broken save is reported and skipped, never blocking the list
        keys = ("seed", "to_move", "to_move_name", "winners", "stake", "created", "updated")
        empty = dict.fromkeys(keys)
        game = str(doc.get("game", "?"))[:40]
        return {**empty, "id": game_id, "game": game, "players": [], "moves": 0, "status": "broken"}


def _listing(game_id: int, doc: dict[str, Any]) -> dict[str, Any]:
    if any(key not in doc for key in REQUIRED) or not all(ok for _, ok in _shape(doc)):
        raise ValueError("a save that cannot be replayed")  # as `game show` would refuse it
    seats = [{"name": str(s["name"]), "kind": str(s["kind"])} for s in doc.get("seats", [])]
    to_move = doc.get("to_move")
    if to_move is not None and not (isinstance(to_move, int) and 0 <= to_move < len(seats)):
        raise ValueError(f"to_move {to_move!r} is no seat")
    if to_move is None and doc.get("status", "playing") != "over":
        raise ValueError("a game in play with nobody to move")
    winners = doc.get("winners")
    if winners is not None and not all(isinstance(w, int) and 0 <= w < len(seats) for w in winners):
        raise ValueError(f"winners {winners!r} are not seats")
    return {
        "id": game_id,
        "game": doc.get("game"),
        "seed": doc.get("seed") if doc.get("status") == "over" else None,
        "players": seats,
        "moves": len(doc.get("moves", [])),
        "status": str(doc.get("status", "playing")),
        "to_move": to_move,
        "to_move_name": seats[to_move]["name"] if isinstance(to_move, int) else None,
        "winners": None if winners is None else [seats[w]["name"] for w in winners],
        "stake": _stake_line(game_id, doc),
        "created": doc.get("created"),
        "updated": doc.get("updated"),
    }


def _stake_line(game_id: int, doc: dict[str, Any]) -> str | None:
    if "stake" not in doc:
        return None
    from ezkit.games import stakes

    try:
        return stakes.describe(game_id, doc, short=True)
    except DocumentError:  # listed all the same; `game show` says what is wrong
        return "damaged"


def put(
    db: Path | None,
    game_id: int,
    record: dict[str, Any],
    base: Sequence[str] | None = None,
) -> None:
    """Replace game game_id by record, in one atomic write under the lock.

    base: the moves this writer last saw stored; if the stored game has other moves now,
    another ezkit played it meanwhile and the write is refused (StoreError).
    """
    with open_campaign(db) as campaign:
        put_in(campaign, game_id, record, base)


def put_in(
    campaign: Campaign,
    game_id: int,
    record: dict[str, Any],
    base: Sequence[str] | None = None,
) -> None:
    """put() inside a campaign the caller holds open (and locked)."""
    stored = get_in(campaign, game_id)
    if base is not None and list(stored["moves"]) != list(base):
        raise StoreError(
            f"game {game_id} was changed by another ezkit while this one played it "
            f"({len(stored['moves'])} moves stored, {len(base)} expected); "
            f"see it with: ezkit game show {game_id} --db {shlex.quote(str(campaign.path))}"
        )

    if "stake" in stored or "stake" in record:
        from ezkit.games import stakes

        stakes.on_save(campaign, game_id, stored, record)  # pays at the end, in this update
    new = json_copy(record, campaign.path)

    def swap(doc: dict[str, Any]) -> None:
        doc.clear()
        doc.update(new)

    campaign.table(GAMES).update(swap, doc_ids=[game_id])


def writer(db: Path | None, game_id: int, moves: Sequence[str]) -> Callable[[dict[str, Any]], None]:
    """A save function for one game: each call writes the record, checking that nobody
    else moved in between (it remembers the moves it wrote last)."""
    last = list(moves)

    def save(record: dict[str, Any]) -> None:
        nonlocal last
        put(db, game_id, record, base=last)
        last = list(record["moves"])
        if _due(record):  # this save ended a staked game: confirm the awards
            record["stake"] = _settle(db, game_id)

    return save


def writer_in(
    campaign: Campaign, game_id: int, moves: Sequence[str]
) -> Callable[[dict[str, Any]], None]:
    """writer() for a campaign the caller holds open for the whole command."""
    last = list(moves)

    def save(record: dict[str, Any]) -> None:
        nonlocal last
        put_in(campaign, game_id, record, base=last)
        last = list(record["moves"])

    return save
