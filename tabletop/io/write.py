"""Writing map files so that a crash, a full disk or a kill never leaves a half-written map.

The new text goes to a temporary file beside the target, is fsynced, and atomically replaces
the target; the previous file stays beside it as FILE.bak. At every instant the target's
name points at a whole map, old or new.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from tabletop.io.errors import MapFileError, one_line
from tabletop.model import Map

BACKUP_SUFFIX = ".bak"


def map_to_text(map_: Map) -> str:
    """The file text of a map: indented JSON, keys in model order, so diffs stay readable."""
    return json.dumps(map_.model_dump(mode="json"), indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def map_to_bytes(map_: Map, path: str | os.PathLike[str]) -> bytes:
    """The file's bytes; MapFileError when the map holds what no file can (a lone surrogate
    or a number that is not one), which an edit that skipped validation could put there."""
    try:
        return map_to_text(map_).encode("utf-8")
    except UnicodeEncodeError as error:
        bad = one_line(error.object[error.start : error.end])
        raise MapFileError(
            path, f"could not be saved: the map holds text that cannot be written ({bad}): retype it"
        ) from None
    except ValueError as error:
        raise MapFileError(
            path, f"could not be saved: the map holds a value that cannot be written ({error})"
        ) from None


def save_map(map_: Map, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Save atomically; on failure the old file is untouched and MapFileError says why."""
    path = Path(path)
    data = map_to_bytes(map_, path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    _clear_dead_saves(path)
    try:
        _write_synced(temp, data)
        if backup and path.exists():
            _keep_backup(path)
        os.replace(temp, path)
        _sync_folder(path.parent)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise MapFileError(path, f"could not be saved: {error.strerror or error}") from None


def _clear_dead_saves(path: Path) -> None:
    """Remove temporary files left by saves whose process was killed before it could."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        pid = stale.name.removeprefix(f".{path.name}.").removesuffix(".tmp")
        if not pid.isdigit() or int(pid) == os.getpid() or process_alive(int(pid)):
            continue
        with contextlib.suppress(OSError):
            stale.unlink()


def process_alive(pid: int) -> bool:
    """Whether a process still runs, so files it may be writing are left alone."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _write_synced(temp: Path, data: bytes) -> None:
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Point FILE.bak at the current file, atomically: a hard link where the disk allows."""
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    staging = path.with_name(f".{backup.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    try:
        os.link(path, staging)
    except OSError:
        _write_synced(staging, path.read_bytes())
    os.replace(staging, backup)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; some systems cannot open a folder, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
