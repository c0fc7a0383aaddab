"""Safe file writes: a reader never sees half a file."""

from __future__ import annotations

import os
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write text to path atomically: a temp file beside it, fsync, rename."""
    write_atomic_bytes(path, text.encode("utf-8"))


def write_atomic_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write bytes to path atomically: a temp file beside it, fsync, rename."""
    import tempfile

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
