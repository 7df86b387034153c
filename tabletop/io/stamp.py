"""What a map file was when it was read, so a save can notice another program's change.

A stamp keeps the file's identity (device, inode, size, modification time) and a hash of its
bytes. The identity answers quickly that nothing changed; when it differs, the hash decides,
so a file merely touched or rewritten with the same bytes is not a conflict.
"""

from __future__ import annotations

import hashlib
import os
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

    @classmethod
    def of(cls, info: os.stat_result, data: bytes) -> FileStamp:
        return cls(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, digest(data))

    def same_identity(self, info: os.stat_result) -> bool:
        return (self.device, self.inode, self.size, self.modified_ns) == (
            info.st_dev,
            info.st_ino,
            info.st_size,
            info.st_mtime_ns,
        )


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def stamp_of(path: Path, data: bytes) -> FileStamp:
    """The stamp of a file just written with `data`."""
    return FileStamp.of(os.stat(path), data)


def changed_since(path: Path, expected: FileStamp) -> bool:
    """Whether the file now holds other bytes than when it was stamped; a file that is gone
    is not a conflict (saving puts it back)."""
    from tabletop.io.read import read_map_bytes

    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return True
    if expected.same_identity(info):
        return False
    try:
        return digest(read_map_bytes(path)) != expected.digest
    except MapFileError:
        return True
