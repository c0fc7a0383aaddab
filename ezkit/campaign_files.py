"""The campaign's files on disk, for one block: read once, locked, written atomically.

ezkit.store's Campaign works on the tables these hold (TinyDB reads and changes them in
place through ezkit.store.storage_class).

Nothing lost, nothing half done:

- A `with open_campaign(path) as campaign:` block is one transaction: a file is read and
  parsed once, when the block first needs one of its tables (a game command never reads
  the characters); changes are kept in memory and each file the block changed is written
  once, atomically (temp file, fsync, rename; ezkit.fileio), when the block ends without
  an error. A block that raises writes nothing, so a command refused halfway leaves both
  files byte for byte as they were.
- A file that does not parse is reported and never written over.
- The write goes through a symlinked campaign to its target, keeps the file's
  mode and owner, and refuses a device, a FIFO or a read-only file (exit 2).
- A document stored is a copy, checked to be JSON when it is stored; one read with
  get_character or saves.get is a copy too. list_characters and TinyDB's own reads are
  shallow: their nested values belong to the open block and are not to be changed.

Locking. An existing campaign (either file) is locked for the whole block with flock on
`<target>.lock` beside the real characters' file (created if need be), one lock for both
files: read, decide, write, with no other ezkit in between. A read creates nothing else:

- A missing campaign reads as empty and creates no folder, file or lock file.
  While it is missing, the block holds a flock on the campaign's folder (if
  the folder exists), which serialises two ezkits creating the same campaign.
  The first write makes the folders, then takes the file lock.
- When the lock file cannot be made (a read-only folder or filesystem), the
  campaign is read without it (writes are atomic renames, so a reader always
  sees a whole file) and a write in that block is refused, naming the reason.
- Where no lock could be held from the start (the folders did not exist, or
  the filesystem has no flock), the write checks under the lock that the files
  are still the ones read (device, inode, size, mtime); if another program
  changed one meanwhile, nothing is written and the command says to run again.

"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from itertools import accumulate
from pathlib import Path
from typing import Any

from ezkit.errors import DocumentError, EzkitError, UnreadableError, UnwritableError
from ezkit.fileio import (
    DEPTH_LIMIT,
    MissingFileError,
    check_writable,
    kind,
    nested_message,
    read_regular,
    resolve,
    write_atomic,
)

try:
    import fcntl
except ImportError:  # Windows: filelock's lock on the lock file, no folder lock
    fcntl = None  # type: ignore[assignment]

#: The table of saved games, kept in the games file (games_path).
GAMES = "games"
# Every holder finishes in milliseconds, and the OS frees the lock of a process that dies;
# a lock held this long belongs to a process that is stuck.
LOCK_TIMEOUT = 30.0
#: The wait for a lock in this context (waiting_at_most): the web table waits less, as its
#: pages wait with it.
_LOCK_WAIT: ContextVar[float | None] = ContextVar("lock_wait", default=None)


def _lock_wait() -> float:
    wait = _LOCK_WAIT.get()
    return LOCK_TIMEOUT if wait is None else wait


@contextmanager
def waiting_at_most(seconds: float) -> Iterator[None]:
    """Campaign locks taken in this block wait at most `seconds` (BusyError after)."""
    token = _LOCK_WAIT.set(seconds)
    try:
        yield
    finally:
        _LOCK_WAIT.reset(token)


# A campaign holds every character with its whole history: larger than one document.
CAMPAIGN_LIMIT = 64 * 1024 * 1024


class StoreError(EzkitError):
    """A request the campaign cannot meet: a duplicate name, a missing character."""

    exit_code = 1


class BusyError(StoreError):
    """The campaign stayed locked by another ezkit for the whole wait: nothing was changed,
    and the same request may succeed later."""


def _check_size(shown: str, text: str, games: bool = False) -> None:
    """A write that would make a file ezkit refuses to read (over CAMPAIGN_LIMIT) is refused
    before anything is written: what was there stays readable."""
    size = len(text.encode("utf-8"))
    if size > CAMPAIGN_LIMIT:
        mend = (
            "start another campaign (--db) for new games"
            if games
            else "remove characters it no longer needs (char remove), or start another "
            "campaign (--db)"
        )
        raise StoreError(
            f"the campaign {shown} would grow to {size / 2**20:.1f} MB, past the "
            f"{CAMPAIGN_LIMIT // 2**20} MB ezkit reads; nothing was written: {mend}"
        )


def lock_path(target: Path) -> Path:
    """The lock file of the campaign whose real characters' file is target (both files)."""
    return target.with_name(target.name + ".lock")


def games_path(target: Path) -> Path:
    """The games file of the campaign whose characters' file is target: beside it, named
    after it (campaign.json: campaign.games.json; campaign: campaign.games)."""
    if not target.name:  # "/" or "": no file at all, refused as such when opened
        return target
    return target.with_name(f"{target.stem}.games{target.suffix}")


def read_tables(path: Path) -> dict[str, Any] | None:
    """Every table of the campaign at path (both files), read without a lock; None when
    there is neither file or both are empty."""
    target = resolve(path)
    main = _read_file(path, target)
    games = _read_file(games_path(path), games_path(target))
    tables = {**(main[0] if main else {}), **(games[0] if games else {})}
    return tables or None


def _read_file(shown: Path, target: Path) -> tuple[dict[str, Any], tuple[int, ...]] | None:
    """The tables of one campaign file (checked) and the file's identity; None when missing.

    UnreadableError (exit 2) for a device, a FIFO, a file over CAMPAIGN_LIMIT or
    nesting past the depth limit; DocumentError (exit 1) for what is not TinyDB JSON.
    """
    try:
        raw, found = read_regular(target, CAMPAIGN_LIMIT, what="campaign")
    except MissingFileError:
        return None
    assert found is not None
    identity = _identity(found)
    if not raw or raw.isspace():
        return {}, identity
    _check_depth(raw, shown)
    try:
        tables = json.loads(raw.decode("utf-8"))
        _check_shape(tables)
    except ValueError as error:  # bad JSON, bad UTF-8, or not TinyDB's layout
        raise DocumentError(
            f"campaign database {str(shown)!r} is not a TinyDB JSON file ({error}); "
            "it was left untouched"
        ) from None
    return tables, identity


# Every byte but the brackets and quotes, deleted by bytes.translate; {} are counted as [].
_NOT_STRUCTURE = bytes(set(range(256)) - set(b'[]{}"'))
_SQUARE = bytes.maketrans(b"{}", b"[]")
_IN_QUOTES = re.compile(rb'"[^"]*"')


def _check_depth(raw: bytes, shown: Path) -> None:
    """UnreadableError when the JSON nests arrays and objects more than DEPTH_LIMIT deep.

    fileio.check_json_depth, on the bytes and at C speed for a campaign of many MB: escaped
    backslashes and quotes are taken out, then every byte but brackets and quotes (UTF-8
    never puts these in a multibyte character); what is left between quotes is strings.
    Each bytes.replace pass then takes away the innermost pairs: one level a pass.
    """
    if b"\\\\" in raw:
        raw = raw.replace(b"\\\\", b"")
    if b'\\"' in raw:
        raw = raw.replace(b'\\"', b"")
    kept = raw.translate(None, _NOT_STRUCTURE)
    if kept.count(b"[") + kept.count(b"{") <= DEPTH_LIMIT:
        return
    # "" is an empty string or two strings that meet: taking it out changes no bracket
    brackets = _IN_QUOTES.sub(b"", kept.replace(b'""', b"")).translate(_SQUARE)
    for _ in range(DEPTH_LIMIT):
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            break
        brackets = shorter
    deep = b"[]" in brackets  # a level left after DEPTH_LIMIT went
    if brackets and not deep:  # unbalanced (not JSON): count the levels one by one
        brackets = _IN_QUOTES.sub(b"", kept.replace(b'""', b"")).translate(_SQUARE)
        deep = max(accumulate(1 if b == ord("[") else -1 for b in brackets)) > DEPTH_LIMIT
    if deep:
        raise UnreadableError(nested_message(str(shown)))


def _identity(found: os.stat_result) -> tuple[int, ...]:
    """What changes when the file is replaced or rewritten (a rename gives a new inode)."""
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


def digest(doc: dict[str, Any]) -> str:
    """A stored document's fingerprint: any change to it, by hand or by an older ezkit that
    keeps no digests, changes it."""
    import hashlib

    return hashlib.sha256(_dumps(doc).encode()).hexdigest()


def _check_shape(data: Any) -> None:
    """Raise ValueError unless data is {table: {doc_id: {...}}}, the layout TinyDB writes.

    A document id is a number as TinyDB writes one: ASCII digits, no leading zero, at most
    18 (TinyDB reads it with int(); '²' or '01' would fail there or collide with '1')."""
    if not isinstance(data, dict):
        raise ValueError("the top level is not a JSON object")
    for table, docs in data.items():
        if not isinstance(docs, dict):
            raise ValueError(f"table {table[:40]!r} is not a JSON object")
        for doc_id, doc in docs.items():
            canonical = doc_id.isascii() and doc_id.isdigit() and len(doc_id) <= 18
            if not canonical or str(int(doc_id)) != doc_id or not isinstance(doc, dict):
                raise ValueError(f"entry {doc_id[:40]!r} of table {table[:40]!r} is not a document")


def _dumps(value: Any) -> str:
    """One value as compact JSON by the C encoder (indent would use the Python one)."""
    return json.dumps(value, ensure_ascii=False)


def _dump(tables: dict[str, Any]) -> str:
    """The text of a campaign file: TinyDB's layout, one document a line."""
    parts = []
    for name, docs in tables.items():
        rows = ",\n".join(f"  {_dumps(str(doc_id))}: {_dumps(doc)}" for doc_id, doc in docs.items())
        parts.append(f"{_dumps(name)}: {{\n{rows}\n}}" if rows else f"{_dumps(name)}: {{}}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


# The locks this process holds. A campaign opened again inside its own block (a bug,
# but waiting on itself until the timeout is worse) goes under the outer block's lock.
_HELD: set[Path] = set()


class _NoLock(Exception):
    """The lock file cannot be opened; the message says why."""


_UNREAD = ("unread",)


class _Part:
    """One file of the campaign as this block read it, and whether the block changed it."""

    def __init__(self, shown: Path, target: Path) -> None:
        self.shown, self.target = shown, target  # as messages show it; the real file
        self.tables: dict[str, Any] = {}  # parsed once; TinyDB reads and changes it in place
        self.identity: tuple[Any, ...] | None = _UNREAD  # None: read as missing
        self.changed = False

    def load(self) -> None:
        if self.identity is _UNREAD:
            found = _read_file(self.shown, self.target)
            self.tables, self.identity = found if found is not None else ({}, None)

    def current(self) -> tuple[int, ...] | None:
        try:
            return _identity(os.stat(self.target))
        except FileNotFoundError:
            return None


def _superseded(old: Any, new: Any) -> bool:
    """Whether the games file's record `new` holds all of an older layout's game `old`: the
    same game and seed, its moves and maybe more (played on after a split stopped halfway).
    Not a game that only shares its number: that one is kept, never dropped."""
    if old == new:
        return True
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return False
    before, after = old.get("moves"), new.get("moves")
    return (
        all(old.get(key) == new.get(key) for key in ("game", "seed", "options", "seats"))
        and isinstance(before, list)
        and isinstance(after, list)
        and after[: len(before)] == before
    )


class _Session:
    """One open campaign: the locks held, its two files as read, their changes."""

    def __init__(self, path: Path) -> None:
        self.path = path  # as given: what messages show
        self.target = resolve(path)  # the real file, through any symlinks
        self.lock = lock_path(self.target)
        self.main = _Part(path, self.target)
        # the games file as the user would name it: beside the path given, unless a link
        beside = path.name and Path(os.path.abspath(path)) == self.target
        self.games = _Part(games_path(path if beside else self.target), games_path(self.target))
        self.legacy: dict[str, Any] | None = None  # games found inside the characters' file
        self.fds: dict[Path, int] = {}  # flocks this block took: lock file, folder
        self.file_lock: Any = None  # filelock's lock where there is no fcntl
        self.file_locked = self.folder_locked = False
        self.no_lock: str | None = None  # why writes are refused in this block

    # -- locks ----------------------------------------------------------------------------

    def open(self) -> None:
        """Take the lock that this block needs, creating nothing for a missing campaign."""
        self._check_companion()
        while True:
            if self._exists():
                for part in (self.main, self.games):
                    if os.path.lexists(part.target):
                        self._check_regular(part)  # no lock file beside /dev/null
                try:
                    self._lock_file()
                except _NoLock as reason:
                    self.no_lock = f"its lock file {self.lock} cannot be made ({reason})"
                return
            if not self.target.parent.is_dir() or not self._lock_folder():
                return  # checked again at the write, under the lock
            if not self._exists():
                return
            self._release_folder()  # made while we waited: lock the file instead

    def _check_companion(self) -> None:
        """Refuse a path that is another campaign's games file or lock file: opened as a
        campaign, its first write would hide that campaign's games or replace its lock."""
        name, stem, suffix = self.target.name, self.target.stem, self.target.suffix
        owners = [name.removesuffix(".lock"), stem.removesuffix(".games") + suffix]
        if suffix == ".games":
            owners.append(stem)
        for owner in map(self.target.with_name, filter(None, owners)):
            for made, what in ((lock_path, "lock file"), (games_path, "games file")):
                if owner == self.target or made(owner) != self.target:
                    continue
                if _in_use(owner):
                    raise UnreadableError(
                        f"{self.path} is the {what} of the campaign {owner}; name the "
                        "campaign itself"
                    )
                if what == "games file" and not os.path.lexists(self.target):
                    # a new campaign so named: {owner}, made later, would write its games
                    # into this one, and neither could be opened as its own then (one made
                    # before this rule stays openable: {owner} is refused instead, below)
                    raise UnreadableError(
                        f"{self.path} is named as the games file of a campaign {owner} "
                        f"would have; name the campaign otherwise (not ending in "
                        f".games{owner.suffix})"
                    )
        games = games_path(self.target)
        if games != self.target and lock_path(games).is_file():
            raise UnreadableError(
                f"{self.path}: its games file {games.name} is a campaign of its own (it has "
                f"its own lock file, {lock_path(games).name}); name another campaign"
            )

    def _exists(self) -> bool:
        return os.path.lexists(self.target) or os.path.lexists(self.games.target)

    def _check_regular(self, part: _Part) -> None:
        try:
            found = os.stat(part.target)
        except OSError as error:
            raise UnreadableError(f"{part.shown}: cannot be read ({error.strerror})") from None
        if not stat.S_ISREG(found.st_mode):
            raise UnreadableError(
                f"{part.shown} is {kind(found.st_mode)}, not a regular file; ezkit keeps a "
                "campaign in regular files only (a missing one is made on the first write)"
            )
        if part is not self.main:  # only the file a person named can be the wrong kind
            return
        try:
            with open(part.target, "rb") as file:
                start = file.read(64).lstrip()
        except OSError as error:
            raise UnreadableError(f"{part.shown}: cannot be read ({error.strerror})") from None
        if start and start[:1] not in (b"{", b"[", b'"'):  # JSON of some shape: read it
            # a character sheet or a scene given as --db: say so before a lock file is made
            # beside it, and never write a campaign over it
            raise DocumentError(
                f"{part.shown} is not an ezkit campaign (a campaign is a JSON file that starts "
                "with '{'; name yours with --db or EZKIT_DB); it was left untouched"
            )

    def _lock_file(self) -> None:
        if self.lock in _HELD:  # opened again inside its own block: the outer lock covers it
            self.file_locked = True
            return
        if fcntl is None:
            from filelock import FileLock, Timeout

            self.file_lock = FileLock(self.lock, timeout=_lock_wait())
            try:
                self.file_lock.acquire()
            except Timeout:
                raise BusyError(self._busy(self.path)) from None
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
            f"the campaign {what} is still locked by another ezkit after {_lock_wait():g} s; "
            "try again when it has finished"
        )

    # -- reading and writing --------------------------------------------------------------

    def tables(self, part: _Part) -> dict[str, Any]:
        """The tables of one file: as first read in this block, with the block's changes."""
        if part.identity is _UNREAD:
            part.load()
            if part is self.main:
                self.legacy = part.tables.pop(GAMES, None)  # an older ezkit's layout
            elif part.identity is None:  # no games file yet: the games are in the main file
                self.tables(self.main)
                if self.legacy is not None:
                    part.tables = {GAMES: self.legacy}
        return part.tables

    def stage(self, part: _Part, tables: dict[str, Any]) -> None:
        """Keep a change for the end of the block, refusing now what the write would refuse."""
        self._check_write(part)
        part.tables = tables
        part.changed = True

    def _check_write(self, part: _Part) -> None:
        if self.no_lock is not None:
            raise UnwritableError(
                f"cannot change the campaign {self.path}: {self.no_lock}; nothing was written"
            )
        check_writable(part.target, part.shown)

    def commit(self) -> None:
        """Write each file the block changed, once; split an older layout on its first write."""
        if not (self.main.changed or self.games.changed):
            return
        kept = self._split()
        texts = [(part, self._text(part, kept)) for part in (self.games, self.main) if part.changed]
        for part, text in texts:  # the split's other file too: refused before anything is written
            self._check_write(part)
            _check_size(part.shown, text, games=part is self.games)
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
        for part in (self.main, self.games):
            if part.identity is not _UNREAD and part.current() != part.identity:
                raise StoreError(
                    f"the campaign {part.shown} was changed by another program while this "
                    "command ran; nothing was written: run the command again"
                )
        # The games first: a split stopped between the two writes leaves every game in the
        # games file, and the copy left in the main file is dropped by its next write.
        for part, text in texts:
            # GT-1: the games file holds each game's seed and moves, every hand while it is
            # on: a new one is its owner's alone, and others lose any access to an old one
            # (its owner's and group's, as the GM set them, are kept)
            write_atomic(part.target, text, private=part is self.games)

    def _split(self) -> dict[str, Any] | None:
        """Mark the files an older layout's split writes; the games table the main file
        keeps (games an older ezkit added beside a games file: kept rather than lost)."""
        if self.main.identity is _UNREAD or self.legacy is None:
            return None
        games = self.tables(self.games)
        if self.games.identity is None:  # no games file: this write makes it
            self.games.changed = self.games.changed or bool(games)
            self.main.changed = True
            return None
        held = games.get(GAMES, {})
        if all(_superseded(game, held.get(key)) for key, game in self.legacy.items()):
            return None  # the leftover of a split stopped halfway: all in the games file
        return self.legacy

    def _text(self, part: _Part, kept: dict[str, Any] | None) -> str:
        tables = {**part.tables, GAMES: kept} if part is self.main and kept else part.tables
        try:
            return _dump(tables)
        except (TypeError, ValueError, RecursionError) as error:
            raise DocumentError(
                f"the change cannot be stored in the campaign {part.shown} ({error}); "
                "nothing was written"
            ) from None


def _in_use(campaign: Path) -> bool:
    """Whether a campaign is there: its characters' file, or its lock (games alone)."""
    return campaign.is_file() or lock_path(campaign).is_file()


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
    """An exclusive flock on fd, waiting up to LOCK_TIMEOUT (or waiting_at_most's); BusyError
    after."""
    deadline, pause = time.monotonic() + _lock_wait(), 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise BusyError(busy) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
