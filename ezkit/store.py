"""The campaign database: one TinyDB JSON file of characters (and saved games).

Nothing lost, nothing half done:

- A `with open_campaign(path) as campaign:` block is one transaction: its
  writes are kept in memory and the file is written once, atomically (temp
  file, fsync, rename; ezkit.fileio), when the block ends without an error.
  A block that raises writes nothing, so a command refused halfway leaves the
  file byte for byte as it was.
- A file that does not parse is reported and never written over.
- The write goes through a symlinked campaign to its target, keeps the file's
  mode and owner, and refuses a device, a FIFO or a read-only file (exit 2).

Locking. An existing campaign is locked for the whole block with flock on
`<target>.lock` beside the real file (created if need be): read, decide, write,
with no other ezkit in between. A read creates nothing else:

- A missing campaign reads as empty and creates no folder, file or lock file.
  While it is missing, the block holds a flock on the campaign's folder (if
  the folder exists), which serialises two ezkits creating the same campaign.
  The first write makes the folders, then takes the file lock.
- When the lock file cannot be made (a read-only folder or filesystem), the
  campaign is read without it (writes are atomic renames, so a reader always
  sees a whole file) and a write in that block is refused, naming the reason.
- Where no lock could be held from the start (the folders did not exist, or
  the filesystem has no flock), the write checks under the lock that the file
  is still the one read (device, inode, size, mtime); if another program
  changed it meanwhile, nothing is written and the command says to run again.

tinydb is imported on first use (about 10 ms), so a command that only imports
this module, such as `ezkit char check`, stays fast.
"""

from __future__ import annotations

import difflib
import json
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ezkit.errors import DocumentError, EzkitError, UnreadableError, UnwritableError
from ezkit.fileio import (
    MissingFileError,
    check_json_depth,
    check_writable,
    kind,
    read_regular,
    resolve,
    write_atomic,
)

try:
    import fcntl
except ImportError:  # Windows: filelock's lock on the lock file, no folder lock
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from tinydb import TinyDB
    from tinydb.storages import Storage
    from tinydb.table import Document, Table

CHARACTERS = "characters"
GAMES = "games"
# Every holder finishes in milliseconds, and the OS frees the lock of a process that dies;
# a lock held this long belongs to a process that is stuck.
LOCK_TIMEOUT = 30.0
# A campaign holds every character with its whole history: larger than one document.
CAMPAIGN_LIMIT = 64 * 1024 * 1024


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


def lock_path(target: Path) -> Path:
    """The lock file of the campaign whose real file is target."""
    return target.with_name(target.name + ".lock")


def refuse_campaign_output(output: str | os.PathLike[str], db: Path | str | None = None) -> None:
    """UnwritableError (exit 2) when output is the campaign or its lock file.

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
            (lock_path(real), "the campaign's lock file"),
            (lock_path(Path(os.path.abspath(campaign))), "the campaign's lock file"),
        ):
            if out == guarded or _same_file(out, guarded):
                raise UnwritableError(
                    f"{os.fspath(output)} is {what} ({campaign}); ezkit writes no output "
                    "over the campaign or its lock file: name another file"
                )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # either is missing: not the same file
        return False


def read_tables(path: Path) -> dict[str, Any] | None:
    """The tables stored in path, read without a lock; None when missing or empty."""
    found = _read_campaign(path, resolve(path))
    return None if found is None else json.loads(found[0])


def _read_campaign(shown: Path, target: Path) -> tuple[str, tuple[int, ...]] | None:
    """The campaign's JSON text (checked) and its file's identity; None when missing or empty.

    UnreadableError (exit 2) for a device, a FIFO, a file over CAMPAIGN_LIMIT or
    nesting past the depth limit; DocumentError (exit 1) for what is not TinyDB JSON.
    """
    try:
        raw, found = read_regular(target, CAMPAIGN_LIMIT, what="campaign")
    except MissingFileError:
        return None
    assert found is not None
    identity = _identity(found)
    if not raw.strip():
        return "", identity
    try:
        text = raw.decode("utf-8")
        check_json_depth(text, str(shown))
        _check_shape(json.loads(text))
    except ValueError as error:  # bad JSON, bad UTF-8, or not TinyDB's layout
        raise DocumentError(
            f"campaign database {str(shown)!r} is not a TinyDB JSON file ({error}); "
            "it was left untouched"
        ) from None
    return text, identity


def _identity(found: os.stat_result) -> tuple[int, ...]:
    """What changes when the file is replaced or rewritten (a rename gives a new inode)."""
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


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


# The locks this process holds. A campaign opened again inside its own block (a bug,
# but waiting on itself until the timeout is worse) goes under the outer block's lock.
_HELD: set[Path] = set()


class _NoLock(Exception):
    """The lock file cannot be opened; the message says why."""


_UNREAD = ("unread",)


class _Session:
    """One open campaign: the locks held, the text read, the write waiting for the end."""

    def __init__(self, path: Path) -> None:
        self.path = path  # as given: what messages show
        self.target = resolve(path)  # the real file, through any symlinks
        self.lock = lock_path(self.target)
        self.fds: dict[Path, int] = {}  # flocks this block took: lock file, folder
        self.file_lock: Any = None  # filelock's lock where there is no fcntl
        self.file_locked = self.folder_locked = False
        self.no_lock: str | None = None  # why writes are refused in this block
        self.text: str | None = None  # the file's JSON as read ("" for empty)
        self.identity: tuple[Any, ...] | None = _UNREAD  # None: read as missing
        self.pending: str | None = None

    # -- locks ----------------------------------------------------------------------------

    def open(self) -> None:
        """Take the lock that this block needs, creating nothing for a missing campaign."""
        while True:
            if os.path.lexists(self.target):
                self._check_regular()  # no lock file beside /dev/null
                try:
                    self._lock_file()
                except _NoLock as reason:
                    self.no_lock = f"its lock file {self.lock} cannot be made ({reason})"
                return
            if not self.target.parent.is_dir() or not self._lock_folder():
                return  # checked again at the write, under the lock
            if not os.path.lexists(self.target):
                return
            self._release_folder()  # made while we waited: lock the file instead

    def _check_regular(self) -> None:
        try:
            found = os.stat(self.target)
        except OSError as error:
            raise UnreadableError(f"{self.path}: cannot be read ({error.strerror})") from None
        if not stat.S_ISREG(found.st_mode):
            raise UnreadableError(
                f"{self.path} is {kind(found.st_mode)}, not a regular file; ezkit keeps a "
                "campaign in a regular file only (a missing one is made on the first write)"
            )

    def _lock_file(self) -> None:
        if self.lock in _HELD:  # opened again inside its own block: the outer lock covers it
            self.file_locked = True
            return
        if fcntl is None:
            from filelock import FileLock, Timeout

            self.file_lock = FileLock(self.lock, timeout=LOCK_TIMEOUT)
            try:
                self.file_lock.acquire()
            except Timeout:
                raise StoreError(self._busy(self.path)) from None
            except OSError as error:
                raise _NoLock(error.strerror) from None
        else:
            fd = _open_lock(self.lock)
            self._hold(fd, self.lock, self.path)
        _HELD.add(self.lock)
        self.file_locked = True

    def _lock_folder(self) -> bool:
        folder = self.target.parent
        if folder in _HELD:
            return True
        if fcntl is None:
            return False
        try:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return False
        try:
            self._hold(fd, folder, folder)
        except OSError:  # no flock on this filesystem: the check at the write stands in
            return False
        _HELD.add(folder)
        self.folder_locked = True
        return True

    def _hold(self, fd: int, key: Path, shown: Path) -> None:
        try:
            _flock(fd, self._busy(shown))
        except BaseException:
            os.close(fd)
            raise
        self.fds[key] = fd

    def _release_folder(self) -> None:
        folder = self.target.parent
        if folder in self.fds:
            os.close(self.fds.pop(folder))  # closing the descriptor releases the flock
            _HELD.discard(folder)
        self.folder_locked = False

    def release(self) -> None:
        """Let go of every lock this block took (not those of an outer block)."""
        for key, fd in self.fds.items():
            os.close(fd)
            _HELD.discard(key)
        self.fds.clear()
        if self.file_lock is not None:
            self.file_lock.release()
            _HELD.discard(self.lock)
            self.file_lock = None

    def _busy(self, what: Path) -> str:
        return (
            f"the campaign {what} is still locked by another ezkit after {LOCK_TIMEOUT:g} s; "
            "try again when it has finished"
        )

    # -- reading and writing --------------------------------------------------------------

    def read(self) -> dict[str, Any] | None:
        """The tables: the write waiting, else the file as first read in this block."""
        if self.pending is not None:
            return json.loads(self.pending)
        if self.identity is _UNREAD:
            found = _read_campaign(self.path, self.target)
            self.text, self.identity = found if found is not None else (None, None)
        # parsed anew each time: TinyDB changes what it is given in place
        return json.loads(self.text) if self.text else None

    def stage(self, data: dict[str, Any]) -> None:
        """Keep a write for the end of the block, refusing now what the write would refuse."""
        if self.no_lock is not None:
            raise UnwritableError(
                f"cannot change the campaign {self.path}: {self.no_lock}; nothing was written"
            )
        check_writable(self.target, self.path)
        try:
            self.pending = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        except (TypeError, ValueError) as error:
            raise DocumentError(
                f"the change cannot be stored in the campaign {self.path} ({error}); "
                "nothing was written"
            ) from None

    def commit(self) -> None:
        """The one write of the block, if it changed anything."""
        if self.pending is None:
            return
        if not self.file_locked:
            with suppress(OSError):  # write_atomic names the folder it cannot make
                self.target.parent.mkdir(parents=True, exist_ok=True)
            if not self.folder_locked:
                self._lock_folder()
            try:
                self._lock_file()
            except _NoLock as reason:
                raise UnwritableError(
                    f"cannot change the campaign {self.path}: its lock file {self.lock} cannot "
                    f"be made ({reason}); nothing was written"
                ) from None
        if self.identity is not _UNREAD and self._current() != self.identity:
            raise StoreError(
                f"the campaign {self.path} was changed by another program while this command "
                "ran; nothing was written: run the command again"
            )
        write_atomic(self.target, self.pending)

    def _current(self) -> tuple[int, ...] | None:
        try:
            return _identity(os.stat(self.target))
        except FileNotFoundError:
            return None


def _open_lock(path: Path) -> int:
    """A descriptor on the lock file, made if missing; _NoLock saying why it cannot be."""
    flags = os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as error:
        try:  # a lock file we may not write (another user's): flock needs only reading
            fd = os.open(path, flags | os.O_RDONLY)
        except OSError:
            raise _NoLock(error.strerror) from None
    found = os.fstat(fd)
    if not stat.S_ISREG(found.st_mode):
        os.close(fd)
        raise _NoLock(f"it is {kind(found.st_mode)}")
    return fd


def _flock(fd: int, busy: str) -> None:
    """An exclusive flock on fd, waiting up to LOCK_TIMEOUT; StoreError(busy) after."""
    deadline, pause = time.monotonic() + LOCK_TIMEOUT, 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise StoreError(busy) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.02)


@cache
def storage_class() -> type[Storage]:
    """CampaignStorage, a TinyDB Storage; defined on first use so tinydb loads lazily."""
    from tinydb.storages import Storage

    class CampaignStorage(Storage):
        """Reads the campaign once per block; keeps writes for the block's one write."""

        def __init__(self, session: _Session) -> None:
            self.session = session

        def read(self) -> dict[str, Any] | None:
            return self.session.read()

        def write(self, data: dict[str, Any]) -> None:
            self.session.stage(data)

    return CampaignStorage


@contextmanager
def open_campaign(path: Path | str | None = None) -> Iterator[Campaign]:
    """Open the campaign at path (default_db_path() if None) for one block.

    The block's changes are written once when it ends, and not at all if it raises.
    """
    from tinydb import TinyDB

    session = _Session(Path(path) if path is not None else default_db_path())
    try:
        session.open()
        yield Campaign(TinyDB(session, storage=storage_class()), session.path)
        session.commit()
    finally:
        session.release()


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
    """An open campaign database; get one from open_campaign().

    Changes are kept until the `with` block ends, then written in one go.
    """

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
        self,
        name: str,
        fn: Callable[[dict[str, Any]], dict[str, Any]],
        check: Callable[[dict[str, Any]], object] | None = None,
    ) -> dict[str, Any]:
        """Replace the character called name by fn(character) and return the new document.

        The whole new document is validated before it is stored: a mapping with a
        name no other character has, then check(new) when given. Whatever raises
        (fn, a check) leaves the campaign as it was; the block writes nothing.
        """
        doc = self.find_character(name)
        new = fn(dict(doc))
        if not isinstance(new, dict):
            raise DocumentError(f"a character is a mapping of fields; got {type(new).__name__}")
        if check is not None:
            check(new)
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
