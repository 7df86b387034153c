"""Writing map files so that a crash, a full disk or a kill never leaves a half-written map.

The new bytes go to a temporary file beside the target, are fsynced, and atomically replace
the target; the previous file stays beside it as FILE.bak. At every instant the target's
name points at a whole map, old or new. A symbolic link is followed (the link stays a link
and its target gets the map), the file keeps its permissions, a read-only file is refused,
and a file changed on disk since it was read is noticed rather than overwritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path

from tabletop.io.errors import MapFileError, one_line
from tabletop.io.stamp import FileChangedError, FileStamp, changed_since, stamp_of
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
        problem = f"could not be saved: the map holds a value that cannot be written ({error})"
        raise MapFileError(path, problem) from None


def save_map(
    map_: Map, path: str | os.PathLike[str], *, backup: bool = True, expected: FileStamp | None = None
) -> FileStamp:
    """Save atomically; on failure the old file is untouched and MapFileError says why.

    With `expected` (the stamp of the file as it was read), a file another program changed
    since raises FileChangedError and nothing is written. Returns the new file's stamp."""
    return write_atomically(path, map_to_bytes(map_, path), backup=backup, expected=expected, verb="saved")


def write_atomically(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    backup: bool = False,
    expected: FileStamp | None = None,
    verb: str = "written",
) -> FileStamp:
    """Put `data` in place of the file at `path` as one atomic step, or raise MapFileError."""
    shown = Path(path)
    target = Path(os.path.realpath(shown))  # through a link to the file the GM means
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        existing = None
    except OSError as error:
        raise MapFileError(shown, f"could not be {verb}: {error.strerror or error}") from None
    if existing is not None:
        if stat.S_ISDIR(existing.st_mode):
            raise MapFileError(shown, f"could not be {verb}: it is a folder")
        if not stat.S_ISREG(existing.st_mode):
            raise MapFileError(shown, f"could not be {verb}: it is not a regular file")
        if not os.access(target, os.W_OK) or not existing.st_mode & 0o222:
            raise MapFileError(shown, f"could not be {verb}: the file is read-only (save under another name)")
        if expected is not None and changed_since(target, expected):
            raise FileChangedError(shown, "was changed on disk by another program since it was opened")
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    _clear_dead_saves(target)
    try:
        _write_synced(temp, data, None if existing is None else stat.S_IMODE(existing.st_mode))
        if backup and existing is not None:
            _keep_backup(target)
        os.replace(temp, target)
        _sync_folder(target.parent)
        return stamp_of(target, data)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise MapFileError(shown, f"could not be {verb}: {error.strerror or error}") from None


def _clear_dead_saves(path: Path) -> None:
    """Remove temporary files left by saves whose process was killed before it could:
    `.NAME.<pid>.tmp` for the map and `.NAME.bak.<pid>.tmp` for its backup."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        pid = stale.name.removeprefix(f".{path.name}.").removesuffix(".tmp")
        pid = pid.removeprefix(BACKUP_SUFFIX.lstrip(".") + ".")
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


def _write_synced(temp: Path, data: bytes, mode: int | None) -> None:
    """Write and fsync a new file; `mode` is the replaced file's permissions, kept as they were
    (a 0600 map with GM notes stays 0600); a new file gets the usual ones less the umask."""
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666 if mode is None else 0o600)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Point FILE.bak at the current file, atomically: a hard link where the disk allows,
    which becomes a plain file of the old map once the new one replaces it."""
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    staging = path.with_name(f".{backup.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    try:
        os.link(path, staging, follow_symlinks=False)
    except OSError:
        _write_synced(staging, path.read_bytes(), stat.S_IMODE(os.stat(path).st_mode))
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
