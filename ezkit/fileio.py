"""Reading and writing files without surprises.

Reading (`read_document_text`, `read_document_bytes`): only regular files, at
most a size limit. A FIFO, a device or a folder is refused after a stat and
before it is opened for reading, and the open uses O_NONBLOCK, so a FIFO
swapped in between cannot hang the process; `/dev/zero` is never read.
`check_json_depth` bounds nesting before a recursive parser sees the text.

Writing (`write_atomic`, `write_atomic_bytes`): a reader never sees half a
file (a temp file beside the target, fsync, rename). The write goes through
a symlink to the file it names, keeps the replaced file's mode (and owner
where allowed), and refuses a target that is not a regular file or that is
read-only. "Read-only" means: no write bit for the file's owner, or no write
access for this process (os.access). The owner bit is checked explicitly
because root passes every os.access test, and a rename would replace the file
whatever its mode.

Temp files are named `.<target>.ezkit-<pid>-<random>.tmp`; a write killed
before its rename leaves one, and the next write to the same target removes
those whose process is gone or that are older than STALE_AFTER seconds.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
from itertools import accumulate
from pathlib import Path

from ezkit.errors import EzkitError, UnreadableError, UnwritableError

# O_NONBLOCK and O_NOCTTY are POSIX; Windows has O_BINARY instead (and no FIFOs to fear).
_READ_FLAGS = sum(getattr(os, flag, 0) for flag in ("O_NONBLOCK", "O_NOCTTY", "O_BINARY"))
DOCUMENT_LIMIT = 4 * 1024 * 1024  # characters, scenes, rules, cases: a few KB in practice
DEPTH_LIMIT = 100  # ezkit's documents nest fewer than 10 deep
TEMP_MARK = ".ezkit-"
# A write takes milliseconds; a temp file this old is stale even if its pid was reused.
STALE_AFTER = 600.0


class MissingFileError(UnreadableError):
    """No file at the path (the store reads a missing campaign as an empty one)."""


# --- reading ---------------------------------------------------------------------------


def read_document_text(
    path: str | os.PathLike[str],
    limit: int = DOCUMENT_LIMIT,
    *,
    what: str = "document",
    stdin: bool = False,
) -> str:
    """The UTF-8 text of a regular file of at most limit bytes; UnreadableError otherwise.

    stdin=True reads standard input for the path "-" (for commands that offer it).
    """
    data = read_document_bytes(path, limit, what=what, stdin=stdin)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableError(
            f"{_shown(path)}: not UTF-8 text (byte {error.start}); ezkit reads {what}s "
            "written in UTF-8"
        ) from None


def read_document_bytes(
    path: str | os.PathLike[str],
    limit: int = DOCUMENT_LIMIT,
    *,
    what: str = "document",
    stdin: bool = False,
) -> bytes:
    """The bytes of a regular file of at most limit bytes, read without blocking."""
    return read_regular(path, limit, what=what, stdin=stdin)[0]


def read_regular(
    path: str | os.PathLike[str],
    limit: int,
    *,
    what: str = "document",
    stdin: bool = False,
) -> tuple[bytes, os.stat_result | None]:
    """The bytes of a regular file and its stat as read; MissingFileError when absent."""
    name = os.fspath(path)
    if stdin and name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise UnreadableError(_too_big("standard input", limit, what))
        return data, None
    try:
        _check_regular(name, os.stat(name), what, stdin)
        # O_NONBLOCK: a FIFO put in place since the stat opens at once instead of waiting.
        fd = os.open(name, os.O_RDONLY | _READ_FLAGS)
    except FileNotFoundError:
        raise MissingFileError(f"{name}: no such file") from None
    except OSError as error:
        raise UnreadableError(f"{name}: cannot be read ({error.strerror})") from None
    except ValueError:  # a path holding a NUL byte names no file at all
        raise UnreadableError(f"{name!r}: not a file name (it holds a NUL byte)") from None
    try:
        found = os.fstat(fd)
        _check_regular(name, found, what, stdin)
        if found.st_size > limit:
            raise UnreadableError(_too_big(name, limit, what))
        chunks, total = [], 0
        while True:  # to EOF, but never past the limit: the file may grow while read
            chunk = os.read(fd, min(limit + 1 - total, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnreadableError(_too_big(name, limit, what))
    except OSError as error:
        raise UnreadableError(f"{name}: cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)
    return b"".join(chunks), found


def _check_regular(name: str, found: os.stat_result, what: str, stdin: bool) -> None:
    if not stat.S_ISREG(found.st_mode):
        dash = " (or - for standard input)" if stdin else ""
        raise UnreadableError(
            f"{name} is {kind(found.st_mode)}, not a regular file; ezkit reads {what}s "
            f"from regular files only{dash}"
        )


def _too_big(name: str, limit: int, what: str) -> str:
    size = size_text(limit)
    return f"{name}: larger than {size}; ezkit reads {what}s of at most {size}"


def kind(mode: int) -> str:
    """What a file is, in words, from its st_mode: 'a FIFO', 'a character device'..."""
    for test, words in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "not a file"


def size_text(size: int) -> str:
    """4194304 -> '4 MB' (binary units, as the limits are set)."""
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} bytes"


def _shown(path: str | os.PathLike[str]) -> str:
    name = os.fspath(path)
    return "standard input" if name == "-" else name


# --- nesting ---------------------------------------------------------------------------

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nested_message(source: str, limit: int = DEPTH_LIMIT) -> str:
    """The one refusal of a document nested too deep, the same for YAML and JSON."""
    return (
        f"{source}: nested more than {limit} deep; "
        f"ezkit reads documents nested at most {limit} deep"
    )


def check_json_depth(text: str, source: str, limit: int = DEPTH_LIMIT) -> None:
    """UnreadableError when JSON text nests arrays and objects more than limit deep.

    Checked on the text, before json.loads recurses into it: strings are cut
    out, then the brackets left are counted (all in C, but for the running sum).
    """
    if text.count("[") + text.count("{") <= limit:
        return  # too few brackets to nest that deep: the common case, no scan
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > limit:
        raise UnreadableError(nested_message(source, limit))


# --- writing ---------------------------------------------------------------------------


def write_atomic(path: str | os.PathLike[str], text: str, private: bool = False) -> None:
    """Write text to path atomically (see write_atomic_bytes)."""
    write_atomic_bytes(path, text.encode("utf-8"), private)


def write_atomic_bytes(path: str | os.PathLike[str], data: bytes, private: bool = False) -> None:
    """Write bytes to path atomically: a temp file beside it, fsync, rename.

    A symlink is written through to its target. The replaced file's mode and
    owner are kept; a new file gets 0666 less the umask, as open() would give
    (`private`: 0600 less the umask, for a file that holds secrets, and a replaced one loses
    what others may do with it).
    UnwritableError (exit 2) for a target that is not a regular file or is read-only.
    """
    target = resolve(path)
    existing = check_writable(target, path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UnwritableError(
            f"{os.fspath(path)}: cannot make its folder {target.parent} ({error.strerror})"
        ) from None
    remove_stale_temps(target)
    try:
        fd, temp = _temp_beside(target)
    except OSError as error:
        raise UnwritableError(
            f"{os.fspath(path)}: cannot write in its folder {target.parent} ({error.strerror})"
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            _take_mode(handle.fileno(), existing, private)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException as error:
        Path(temp).unlink(missing_ok=True)
        if isinstance(error, OSError) and error.strerror:
            # a full disk, a quota, an I/O error: a failure of the command (exit 1), named by
            # the file it was writing (the data's write names none; the rename, its temp file)
            raise EzkitError(
                f"{os.fspath(path)}: cannot be written ({error.strerror}); it is unchanged"
            ) from None
        raise
    _sync_folder(target.parent)


#: How a temp file is opened, as tempfile.mkstemp opens it: made new (never an existing file
#: or link), read-write, binary on Windows (no newline translation of a PDF), not inherited;
#: its mode is then that of the file it replaces (_take_mode). The flags a system lacks are 0.
_TEMP_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOINHERIT", 0)
    | getattr(os, "O_BINARY", 0)
)


def _temp_beside(target: Path) -> tuple[int, str]:
    """A new temp file beside target, `.<name>.ezkit-<pid>-<random>.tmp`, opened 0600: as
    tempfile.mkstemp makes it, without importing tempfile (and shutil, bz2, lzma with it:
    5 ms of a command's start, and every command that saves a game or a character writes)."""
    prefix = os.path.join(target.parent, f".{target.name}{TEMP_MARK}{os.getpid()}-")
    for _ in range(100):
        temp = f"{prefix}{os.urandom(6).hex()}.tmp"
        try:
            return os.open(temp, _TEMP_FLAGS, 0o600), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temp file name", prefix)


def resolve(path: str | os.PathLike[str]) -> Path:
    """The file a path names: symlinks followed to the last one (the target may not exist)."""
    return Path(os.path.realpath(path))


def check_creatable(path: str | os.PathLike[str]) -> None:
    """UnwritableError when no new file could be made at path: its nearest existing folder is
    not a folder, or may not be written in (a read-only disk). Asked before the work whose
    result it would hold, where a refusal at the write would lose that work."""
    target = Path(os.path.abspath(path))
    if os.path.lexists(target):
        return
    folder = target.parent
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise UnwritableError(f"{os.fspath(path)}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UnwritableError(
            f"{os.fspath(path)}: cannot write in its folder {folder} (read-only or not allowed)"
        )


def check_writable(
    target: Path, shown: str | os.PathLike[str] | None = None
) -> os.stat_result | None:
    """The stat of the regular, writable file at target; None when there is none yet.

    UnwritableError when target is not a regular file, or is read-only: no
    write bit for its owner (so root is refused too), or os.access says no.
    """
    name = os.fspath(shown if shown is not None else target)
    same = Path(os.path.abspath(name)) == Path(os.path.abspath(target))  # a relative target too
    where = name if same else f"{name} (a link to {target})"
    try:
        found = os.stat(target)
    except FileNotFoundError:
        # a link realpath cannot follow, as /dev/stdout to a pipe (/proc/self/fd/1 names
        # `pipe:[N]`): the kernel can, so ask it of the name as given
        found = _stat_or_none(name)
        if found is None or stat.S_ISREG(found.st_mode):
            return None
        where = name
    except OSError as error:
        raise UnwritableError(f"{where}: cannot be written ({error.strerror})") from None
    if not stat.S_ISREG(found.st_mode):
        raise UnwritableError(
            f"{where} is {kind(found.st_mode)}, not a regular file; ezkit writes only regular "
            "files and never replaces a device, a FIFO or a folder"
        )
    if not found.st_mode & stat.S_IWUSR or not os.access(target, os.W_OK):
        raise UnwritableError(
            f"{where} is read-only (mode {stat.S_IMODE(found.st_mode):04o}); ezkit does not "
            "write over a read-only file: make it writable (chmod u+w) or name another file"
        )
    if not os.access(target.parent, os.W_OK | os.X_OK):  # the temp file goes beside it
        raise UnwritableError(
            f"{where}: its folder {target.parent} is read-only to this user; ezkit replaces a "
            "file by writing a new one beside it: make the folder writable or name another file"
        )
    return found


def _stat_or_none(name: str) -> os.stat_result | None:
    try:
        return os.stat(name)
    except OSError:
        return None


def _take_mode(fd: int, existing: os.stat_result | None, private: bool = False) -> None:
    if not hasattr(os, "fchmod"):
        return
    if existing is None:
        umask = os.umask(0o022)  # read it: the only way is to set it, then put it back
        os.umask(umask)
        os.fchmod(fd, (0o600 if private else 0o666) & ~umask)
        return
    if not hasattr(os, "fchown"):  # Windows: no owners or mode bits to carry over
        return
    if (existing.st_uid, existing.st_gid) != (os.geteuid(), os.getegid()):
        for uid, gid in ((existing.st_uid, existing.st_gid), (-1, existing.st_gid)):
            try:
                os.fchown(fd, uid, gid)
                break
            except OSError:  # only root may give a file away; a group we belong to may do
                continue
    # Permission bits only: set-id bits are not carried onto a freshly written file; a file
    # of secrets is never others' to read (a games file an older ezkit made 0644 too)
    others = 0o007 if private else 0
    os.fchmod(fd, stat.S_IMODE(existing.st_mode) & 0o777 & ~others)


def _sync_folder(folder: Path) -> None:
    # The rename is durable once the folder is synced; a filesystem that cannot is no error.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some filesystems cannot sync a folder: the renamed file is synced
        pass
    finally:
        os.close(fd)


def remove_stale_temps(target: Path, now: float | None = None) -> list[str]:
    """Remove our temp files for target left by killed writes; returns the names removed.

    Ours: `.<name>.ezkit-<pid>-*.tmp` beside target. Stale: its process is gone,
    or it is older than STALE_AFTER (a pid may be reused). A live writer's temp
    file is young and its pid alive, so it is left alone.
    """
    prefix = f".{target.name}{TEMP_MARK}"
    now = time.time() if now is None else now
    removed = []
    try:
        entries = os.scandir(target.parent)
    except OSError:
        return removed
    with entries:
        for entry in entries:
            name = entry.name
            if not (name.startswith(prefix) and name.endswith(".tmp")):
                continue
            pid = name[len(prefix) :].partition("-")[0]
            try:
                found = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not pid.isdigit() or not stat.S_ISREG(found.st_mode):
                continue
            if _alive(int(pid)) and now - found.st_mtime < STALE_AFTER:
                continue
            try:
                os.unlink(entry.path)
                removed.append(name)
            except OSError:
                continue
    return removed


def _alive(pid: int) -> bool:
    if os.name == "nt":
        return True  # os.kill(pid, 0) would stop it on Windows: age alone decides there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it exists, as another user
        return True
    return True
