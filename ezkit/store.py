"""The campaign database: TinyDB JSON files of characters and of saved games.

Two files make a campaign, so that a move in a game does not rewrite every character:
`campaign.json` holds the characters (and every other table but the games), and
`campaign.games.json` beside it (games_path) holds the table "games". A campaign an older
ezkit wrote, with its games inside `campaign.json`, is read as it is; its first write splits
it (the games file first, then the characters' file without them). Each file holds one
document a line, so that both are written by the C JSON encoder and can still be read.

A `with open_campaign(path) as campaign:` block is one transaction under one lock: nothing
lost, nothing half done. ezkit.campaign_files holds how the files are read, locked and written.

tinydb is imported on first use (about 10 ms), so a command that only imports
this module, such as `ezkit char check`, stays fast.
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

from ezkit.campaign_files import (  # noqa: F401 - GAMES, read_tables: the store's names too
    GAMES,
    StoreError,
    _dumps,
    _Part,
    _Session,
    digest,
    games_path,
    lock_path,
    read_tables,
)
from ezkit.errors import DocumentError, UnwritableError
from ezkit.fileio import resolve
from ezkit.words import name_key

if TYPE_CHECKING:
    from tinydb import TinyDB
    from tinydb.storages import Storage
    from tinydb.table import Document, Table

CHARACTERS = "characters"
#: The characters stored after the character model checked them: {doc_id: {"digest": ...}},
#: the digest of the document as stored. A character whose document still has its digest is
#: as ezkit checked it, and can be listed without the model (ezkit.character.stored).
CHECKED = "checked"


class AmbiguousNameError(StoreError):
    """A name that begins more than one character's name: say more (a usage error)."""

    exit_code = 2


def default_db_path() -> Path:
    """The campaign file when no --db is given: EZKIT_DB, else the user data folder."""
    if env := os.environ.get("EZKIT_DB"):
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("ezkit") / "campaign.json"


def refuse_campaign_output(output: str | os.PathLike[str], db: Path | str | None = None) -> None:
    """UnwritableError (exit 2) when output is one of the campaign's files or its lock file.

    Every command that writes a file it is given (-o, --deck-file) calls this
    first. The campaign is db when given, and the default one (EZKIT_DB, else
    the user data folder) in any case; paths are compared after following
    symlinks, and by device and inode when both exist (hard links).
    """
    campaigns = [Path(db)] if db is not None else []
    campaigns.append(default_db_path())
    out = resolve(output)
    for campaign in campaigns:
        real = resolve(campaign)
        # the lock beside the real file, and beside the path as given (older ezkit put it there)
        for guarded, what in (
            (real, "the campaign database"),
            (resolve(games_path(real)), "the campaign's games file"),
            (lock_path(real), "the campaign's lock file"),
            (lock_path(Path(os.path.abspath(campaign))), "the campaign's lock file"),
        ):
            if out == guarded or _same_file(out, guarded):
                raise UnwritableError(
                    f"{os.fspath(output)} is {what} ({campaign}); ezkit writes no output "
                    "over the campaign, its games file or its lock file: name another file"
                )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # either is missing: not the same file
        return False


@cache
def storage_class() -> type[Storage]:
    """CampaignStorage, a TinyDB Storage; defined on first use so tinydb loads lazily."""
    from tinydb.storages import Storage

    class CampaignStorage(Storage):
        """One file of a campaign: read once per block, written once at its end."""

        def __init__(self, session: _Session, part: _Part) -> None:
            self.session, self.part = session, part

        def read(self) -> dict[str, Any] | None:
            # the tables themselves, not a copy: TinyDB changes them and hands them back
            return self.session.tables(self.part)

        def write(self, data: dict[str, Any]) -> None:
            self.session.stage(self.part, data)

    return CampaignStorage


@contextmanager
def open_campaign(path: Path | str | None = None) -> Iterator[Campaign]:
    """Open the campaign at path (default_db_path() if None) for one block.

    The block's changes are written once when it ends, and not at all if it raises.
    """
    session = _Session(Path(path) if path is not None else default_db_path())
    try:
        session.open()
        yield Campaign(session)
        session.commit()
    finally:
        session.release()


def json_copy(doc: Any, path: Path) -> dict[str, Any]:
    """A copy of doc as the campaign file will hold it; DocumentError now if it is not JSON
    (a date, a set), rather than at the block's write."""
    try:
        copy = json.loads(_dumps(doc))
    except (TypeError, ValueError, RecursionError) as error:
        raise DocumentError(
            f"the change cannot be stored in the campaign {path} ({error}); nothing was written"
        ) from None
    if not isinstance(copy, dict):
        raise DocumentError(f"a campaign document is a mapping of fields; got {type(doc).__name__}")
    return copy


def _name_key(doc: dict[str, Any]) -> str:
    """The key of a character document's name; DocumentError if it has none."""
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DocumentError(f"a character needs a non-empty 'name'; got {name!r}")
    return name_key(name)


def _stored_name(doc: dict[str, Any]) -> str:
    # Tolerates a hand-edited entry without a name rather than failing every lookup.
    return str(doc.get("name", ""))


class Campaign:
    """An open campaign database; get one from open_campaign().

    Changes are kept until the `with` block ends, then written in one go.
    """

    def __init__(self, session: _Session) -> None:
        from tinydb import TinyDB

        self.path = session.path
        self._session = session
        self.db: TinyDB = TinyDB(session, session.main, storage=storage_class())
        self.games_db: TinyDB = TinyDB(session, session.games, storage=storage_class())

    def table(self, name: str) -> Table:
        """The TinyDB table called name ("characters", "games", ...); "games" is kept in
        the games file, every other table in the main file."""
        return (self.games_db if name == GAMES else self.db).table(name)

    def _characters(self) -> dict[str, dict[str, Any]]:
        """The stored characters by document id: the block's own, not copies."""
        return self._session.tables(self._session.main).get(CHARACTERS, {})

    def add_character(
        self, doc: dict[str, Any], replace: bool = False, checked: bool = False
    ) -> None:
        """Store doc; a character of the same name is an error unless replace is true.
        checked: the character model validated doc (its digest is kept, see CHECKED)."""
        key = _name_key(doc)
        stored = json_copy(doc, self.path)
        existing = self._find(key)
        if existing is None:
            doc_id = self.table(CHARACTERS).insert(stored)
        elif replace:
            doc_id = existing[0]
            self._replace(doc_id, stored)
        else:
            raise StoreError(
                f"a character named {_stored_name(existing[1])!r} is already in the campaign "
                f"({self.path}); use --replace to overwrite it"
            )
        self._mark(doc_id, stored if checked else None)

    def has_character(self, name: str) -> bool:
        """Whether a character of this very name (any case) is stored: add_character's test."""
        return self._find(_name_key({"name": name})) is not None

    def get_character(self, name: str) -> dict[str, Any]:
        """The character called name: any case, or an unambiguous prefix (see find_character)."""
        return json_copy(self._lookup(name)[1], self.path)

    def list_characters(self) -> list[dict[str, Any]]:
        """Every character, sorted by name: shallow copies (their nested values are the
        block's own; to change a character, use update_character)."""
        return [doc for doc, _ in self.list_characters_checked()]

    def character_checked(self, name: str) -> bool:
        """Whether the character called name is as ezkit stored it after the model checked
        it: its digest (CHECKED) is the digest of its document as it is now."""
        doc_id, doc = self._lookup(name)
        return self._has_digest(doc_id, doc)

    def _has_digest(self, doc_id: int | str, doc: dict[str, Any]) -> bool:
        mark = self._session.tables(self._session.main).get(CHECKED, {}).get(str(doc_id))
        kept = mark.get("digest") if isinstance(mark, dict) else None
        return kept is not None and kept == digest(doc)

    def list_characters_checked(self) -> list[tuple[dict[str, Any], bool]]:
        """As list_characters, each with whether it is as ezkit stored it after the model
        checked it: its digest (CHECKED) is the digest of the document as it is now."""
        found = [(dict(doc), self._has_digest(i, doc)) for i, doc in self._characters().items()]
        return sorted(found, key=lambda pair: name_key(_stored_name(pair[0])))

    def remove_character(self, name: str) -> dict[str, Any]:
        """Remove the character called name and return it."""
        doc_id, doc = self._lookup(name)
        self.table(CHARACTERS).remove(doc_ids=[doc_id])
        self._mark(doc_id, None)
        return dict(doc)

    def update_character(
        self,
        name: str,
        fn: Callable[[dict[str, Any]], dict[str, Any]],
        check: Callable[[dict[str, Any]], object] | None = None,
        checked: bool = False,
    ) -> dict[str, Any]:
        """Replace the character called name by fn(character) and return the new document.

        The whole new document is validated before it is stored: a mapping with a
        name no other character has, then check(new) when given. Whatever raises
        (fn, a check) leaves the campaign as it was; the block writes nothing.
        checked: the character model validated what fn returns (see CHECKED).
        """
        doc_id, doc = self._lookup(name)
        new = fn(json_copy(doc, self.path))  # fn may change what it is given in place
        if not isinstance(new, dict):
            raise DocumentError(f"a character is a mapping of fields; got {type(new).__name__}")
        if check is not None:
            check(new)
        clash = self._find(_name_key(new))
        if clash is not None and clash[0] != doc_id:
            raise StoreError(
                f"cannot rename {_stored_name(doc)!r} to {new['name']!r}: a character named "
                f"{_stored_name(clash[1])!r} is already in the campaign ({self.path})"
            )
        stored = json_copy(new, self.path)
        self._replace(doc_id, stored)
        self._mark(doc_id, stored if checked else None)
        return dict(new)

    def unmarked_characters(self) -> list[tuple[int, dict[str, Any]]]:
        """The characters without a digest, by id (stored by an older ezkit, or changed by
        a command that did not check them): shallow copies."""
        marks = self._session.tables(self._session.main).get(CHECKED, {})
        return [(int(i), dict(doc)) for i, doc in self._characters().items() if i not in marks]

    def mark_checked(self, doc_ids: list[int]) -> None:
        """Keep the digests of the stored characters doc_ids, which have none yet (see
        unmarked_characters): the model has just checked them."""
        from tinydb.table import Document

        stored = self._characters()
        marks = [Document({"digest": digest(stored[str(i)])}, doc_id=i) for i in doc_ids]
        if marks:
            self.table(CHECKED).insert_multiple(marks)  # one change to the table for all

    def _mark(self, doc_id: int, stored: dict[str, Any] | None) -> None:
        """Keep the digest of a character the model checked; forget it for any other."""
        marks = self.table(CHECKED)
        if stored is not None:
            from tinydb.table import Document

            marks.upsert(Document({"digest": digest(stored)}, doc_id=doc_id))
        elif marks.contains(doc_id=doc_id):
            marks.remove(doc_ids=[doc_id])

    def _find(self, key: str) -> tuple[int, dict[str, Any]] | None:
        """The id and stored document of the character whose name's key is key."""
        for doc_id, doc in self._characters().items():
            if name_key(_stored_name(doc)) == key:
                return int(doc_id), doc
        return None

    def find_character(self, name: str) -> Document:
        """The one lookup of a stored character by a name typed by a person.

        The exact name (any case, spaces as typed do not count) always wins; else
        the one character whose name begins with it (`jason` for Jason Free).
        StoreError when none matches (with did-you-mean), AmbiguousNameError
        (a usage error) when several names begin with it.
        """
        from tinydb.table import Document

        doc_id, doc = self._lookup(name)
        return Document(doc, doc_id)

    def _lookup(self, name: str) -> tuple[int, dict[str, Any]]:
        key = name_key(name)
        same = [
            (int(doc_id), doc)
            for doc_id, doc in self._characters().items()
            if name_key(_stored_name(doc)) == key
        ]
        if len(same) > 1:
            # names stored before they were compared in their printed forms (a fullwidth
            # Ｗren beside Wren): the name as typed picks one, else none is guessed
            typed = " ".join(name.split())
            exact = [pair for pair in same if _stored_name(pair[1]) == typed]
            if len(exact) == 1:
                return exact[0]
            listed = ", ".join(repr(_stored_name(doc)) for _, doc in same)
            raise AmbiguousNameError(
                f"character name {name!r} is {len(same)} characters in the campaign "
                f"({self.path}) that read the same: {listed}; type the one meant exactly "
                "as it is written"
            )
        if same:
            return same[0]
        starting = [
            (int(doc_id), doc)
            for doc_id, doc in self._characters().items()
            if key and name_key(_stored_name(doc)).startswith(key)
        ]
        if len(starting) == 1:
            return starting[0]
        if starting:
            listed = sorted((_stored_name(doc) for _, doc in starting), key=name_key)
            raise AmbiguousNameError(
                f"ambiguous character name {name!r}: it begins {len(listed)} names in the "
                f"campaign ({self.path}): {', '.join(map(repr, listed))}; give more of the "
                "name, or all of it (a name is accepted whole or as an unambiguous prefix)"
            )
        raise StoreError(self._missing_message(name))

    def _missing_message(self, name: str) -> str:
        docs = list(self._characters().values())
        names = {name_key(_stored_name(doc)): _stored_name(doc) for doc in docs}
        close = [names[key] for key in difflib.get_close_matches(name_key(name), names, n=3)]
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
