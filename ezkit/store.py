"""The campaign database: one TinyDB JSON file of characters (and, later, games).

Nothing lost: every write replaces the whole file atomically (temp file, fsync,
rename), a lock on `<file>.lock` is held for the whole read-modify-write, and a
file that does not parse is reported and never written over.

    with open_campaign(path) as campaign:
        campaign.add_character({"name": "Jason Free", ...})

tinydb and filelock are imported on first use (together they cost about 60 ms),
so a command that only imports this module, such as `ezkit char check`, stays fast.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError, EzkitError
from ezkit.fileio import write_atomic

if TYPE_CHECKING:
    from tinydb import TinyDB
    from tinydb.storages import Storage
    from tinydb.table import Document, Table

CHARACTERS = "characters"
GAMES = "games"
# Every holder finishes in milliseconds, and the OS frees the lock of a process that dies;
# a lock held this long belongs to a process that is stuck.
LOCK_TIMEOUT = 30.0


class StoreError(EzkitError):
    """A request the campaign cannot meet: a duplicate name, a missing character."""

    exit_code = 1


class AmbiguousNameError(StoreError):
    """A name that begins more than one character's name: say more (a usage error)."""

    exit_code = 2


def default_db_path() -> Path:
    """The campaign file when no --db is given: EZKIT_DB, else the user data folder."""
    if env := os.environ.get("EZKIT_DB"):
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("ezkit") / "campaign.json"


def read_tables(path: Path) -> dict[str, Any] | None:
    """The tables stored in path; None when it is missing or empty (an empty campaign)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    if not raw.strip():
        return None
    try:
        data = json.loads(raw)
        _check_shape(data)
    except ValueError as error:  # bad JSON, bad UTF-8, or not TinyDB's layout
        raise DocumentError(
            f"campaign database {str(path)!r} is not a TinyDB JSON file ({error}); "
            "it was left untouched"
        ) from None
    return data


def _check_shape(data: Any) -> None:
    """Raise ValueError unless data is {table: {doc_id: {...}}}, the layout TinyDB writes."""
    if not isinstance(data, dict):
        raise ValueError("the top level is not a JSON object")
    for table, docs in data.items():
        if not isinstance(docs, dict):
            raise ValueError(f"table {table!r} is not a JSON object")
        for doc_id, doc in docs.items():
            if not doc_id.isdigit() or not isinstance(doc, dict):
                raise ValueError(f"entry {doc_id!r} of table {table!r} is not a document")


@cache
def storage_class() -> type[Storage]:
    """AtomicJSONStorage, a TinyDB Storage; defined on first use so tinydb loads lazily."""
    from tinydb.storages import Storage

    class AtomicJSONStorage(Storage):
        """Reads the JSON file; writes the whole file atomically, never in place."""

        def __init__(self, path: Path) -> None:
            self.path = path

        def read(self) -> dict[str, Any] | None:
            return read_tables(self.path)

        def write(self, data: dict[str, Any]) -> None:
            write_atomic(self.path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")

    return AtomicJSONStorage


@contextmanager
def open_campaign(path: Path | str | None = None) -> Iterator[Campaign]:
    """Open the campaign at path (default_db_path() if None), locked until the block ends."""
    from filelock import FileLock, Timeout
    from tinydb import TinyDB

    path = Path(path) if path is not None else default_db_path()
    path.parent.mkdir(parents=True, exist_ok=True)  # the lock file needs it, even for a read
    lock = FileLock(path.with_name(path.name + ".lock"), timeout=LOCK_TIMEOUT)
    try:
        lock.acquire()
    except Timeout:
        raise StoreError(
            f"the campaign {path} is still locked by another ezkit after {LOCK_TIMEOUT:g} s; "
            "try again when it has finished"
        ) from None
    try:
        yield Campaign(TinyDB(path, storage=storage_class()), path)
    finally:
        lock.release()


def _key(name: str) -> str:
    """How names are compared: case and spaces around and between words do not count."""
    return " ".join(name.split()).casefold()


def _name_key(doc: dict[str, Any]) -> str:
    """The key of a character document's name; DocumentError if it has none."""
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DocumentError(f"a character needs a non-empty 'name'; got {name!r}")
    return _key(name)


def _stored_name(doc: dict[str, Any]) -> str:
    # Tolerates a hand-edited entry without a name rather than failing every lookup.
    return str(doc.get("name", ""))


class Campaign:
    """An open campaign database; get one from open_campaign(). Each method writes once."""

    def __init__(self, db: TinyDB, path: Path) -> None:
        self.db, self.path = db, path

    def table(self, name: str) -> Table:
        """The TinyDB table called name ("characters", "games")."""
        return self.db.table(name)

    def add_character(self, doc: dict[str, Any], replace: bool = False) -> None:
        """Store doc; a character of the same name is an error unless replace is true."""
        existing = self._find(_name_key(doc))
        if existing is None:
            self.table(CHARACTERS).insert(dict(doc))
        elif replace:
            self._replace(existing.doc_id, doc)
        else:
            raise StoreError(
                f"a character named {_stored_name(existing)!r} is already in the campaign "
                f"({self.path}); use --replace to overwrite it"
            )

    def get_character(self, name: str) -> dict[str, Any]:
        """The character called name: any case, or an unambiguous prefix (see find_character)."""
        return dict(self.find_character(name))

    def list_characters(self) -> list[dict[str, Any]]:
        """Every character, sorted by name."""
        docs = (dict(doc) for doc in self.table(CHARACTERS).all())
        return sorted(docs, key=lambda doc: _key(_stored_name(doc)))

    def remove_character(self, name: str) -> dict[str, Any]:
        """Remove the character called name and return it."""
        doc = self.find_character(name)
        self.table(CHARACTERS).remove(doc_ids=[doc.doc_id])
        return dict(doc)

    def update_character(
        self, name: str, fn: Callable[[dict[str, Any]], dict[str, Any]]
    ) -> dict[str, Any]:
        """Replace the character called name by fn(character) and return the new document."""
        doc = self.find_character(name)
        new = fn(dict(doc))
        clash = self._find(_name_key(new))
        if clash is not None and clash.doc_id != doc.doc_id:
            raise StoreError(
                f"cannot rename {_stored_name(doc)!r} to {new['name']!r}: a character named "
                f"{_stored_name(clash)!r} is already in the campaign ({self.path})"
            )
        self._replace(doc.doc_id, new)
        return dict(new)

    def _find(self, key: str) -> Document | None:
        docs = self.table(CHARACTERS).all()
        return next((doc for doc in docs if _key(_stored_name(doc)) == key), None)

    def find_character(self, name: str) -> Document:
        """The one lookup of a stored character by a name typed by a person.

        The exact name (any case, spaces as typed do not count) always wins; else
        the one character whose name begins with it (`jason` for Jason Free).
        StoreError when none matches (with did-you-mean), AmbiguousNameError
        (a usage error) when several names begin with it.
        """
        key = _key(name)
        found = self._find(key)
        if found is not None:
            return found
        docs = self.table(CHARACTERS).all()
        starting = [doc for doc in docs if key and _key(_stored_name(doc)).startswith(key)]
        if len(starting) == 1:
            return starting[0]
        if starting:
            listed = sorted((_stored_name(doc) for doc in starting), key=_key)
            raise AmbiguousNameError(
                f"ambiguous character name {name!r}: it begins {len(listed)} names in the "
                f"campaign ({self.path}): {', '.join(map(repr, listed))}; give more of the "
                "name, or all of it (a name is accepted whole or as an unambiguous prefix)"
            )
        raise StoreError(self._missing_message(name))

    def _missing_message(self, name: str) -> str:
        docs = self.table(CHARACTERS).all()
        names = {_key(_stored_name(doc)): _stored_name(doc) for doc in docs}
        close = [names[key] for key in difflib.get_close_matches(_key(name), names, n=3)]
        count = {0: "no characters", 1: "1 character"}.get(len(docs), f"{len(docs)} characters")
        hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
        return (
            f"no character named {name!r} in the campaign ({self.path}), which holds {count}{hint}"
        )

    def _replace(self, doc_id: int, doc: dict[str, Any]) -> None:
        # One update swaps the whole document in one write; remove + insert would be two.
        def swap(stored: dict[str, Any]) -> None:
            stored.clear()
            stored.update(doc)

        self.table(CHARACTERS).update(swap, doc_ids=[doc_id])
