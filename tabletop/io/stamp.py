"""What a map file was when it was read, so a save can notice another program's change.

A stamp keeps the file's identity (device, inode, size, modification time, status-change
time) and a hash of its bytes. The identity answers quickly that nothing changed; when it
differs, the hash decides, so a file merely touched or rewritten with the same bytes is not a
conflict. The status-change time (ctime) is what makes the quick answer safe: a program can
put back a file's size and modification time after writing it (cp -p, rsync -t, an editor
that keeps times), but not its ctime, which the system sets at every write, rename, chmod or
utime. Comparing the hash at every save instead would read the whole file again at each save.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tabletop.io.errors import MapFileError


class FileChangedError(MapFileError):
    """The file on disk is not the one the map was read from: the GM chooses what to do."""


@dataclass(frozen=True)
class FileStamp:
    device: int
    inode: int
    size: int
    modified_ns: int
    digest: str
    changed_ns: int | None = None
    """The status-change time; None in a stamp a recovery note of an older Tabletop kept, whose
    file's bytes are then always compared."""

    @classmethod
    def of(cls, info: os.stat_result, data: bytes, hashed: str | None = None) -> FileStamp:
        """The stamp of `data` read with `info` (`hashed`, its digest when worked out already)."""
        return cls(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, hashed or digest(data), info.st_ctime_ns)

    def same_identity(self, info: os.stat_result) -> bool:
        return self.changed_ns is not None and (
            self.device,
            self.inode,
            self.size,
            self.modified_ns,
            self.changed_ns,
        ) == (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


BESIDE_BYTES = 4 * 2**20
"""From this size on a file's hash is worked out beside its read (stamp_beside)."""


def stamp_beside(info: os.stat_result, data: bytes) -> Callable[[], FileStamp]:
    """The stamp of `data`, read with `info`, when called: a big file's hash is worked out on a
    thread of its own meanwhile. hashlib lets go of the interpreter as it hashes, so the read
    does not wait for it."""
    if len(data) < BESIDE_BYTES:
        stamp = FileStamp.of(info, data)
        return lambda: stamp
    found: list[str] = []
    hashing = threading.Thread(target=lambda: found.append(digest(data)), name="map digest", daemon=True)
    hashing.start()

    def stamped() -> FileStamp:
        hashing.join()
        return FileStamp.of(info, data, found[0] if found else None)  # the thread failed (out of memory): hashed here

    return stamped


def stamp_of(path: Path, data: bytes) -> FileStamp:
    """The stamp of a file just written with `data`."""
    return FileStamp.of(os.stat(path), data)


def changed_since(path: Path, expected: FileStamp) -> bool:
    """Whether the file now holds other bytes than when it was stamped; a file that is gone
    is not a conflict (saving puts it back). Its bytes are read only when its identity
    changed and its size did not."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return True
    if expected.same_identity(info):
        return False
    if info.st_size != expected.size:
        return True
    return file_digest(path) != expected.digest


def file_digest(path: Path) -> str | None:
    """The hash of a regular file's bytes, read a piece at a time; None when it cannot be read
    or is no longer a regular file (a pipe put in its place is never waited on)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            return hashlib.file_digest(file, "sha256").hexdigest()
        except OSError:
            return None
