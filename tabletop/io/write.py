"""Writing map files so that a crash, a full disk or a kill never leaves a half-written map.

The new bytes go to a temporary file beside the target, are fsynced, and atomically replace
the target; the previous file stays beside it as FILE.bak. At every instant the target's
name points at a whole map, old or new, and FILE.bak at the version before it: a save killed
before its replace leaves both as they were, one killed after it leaves the new map and the
old one under a hidden name that the next save puts in place as FILE.bak. The two never
share an inode, so nothing that writes the map in place can reach its backup. A symbolic
link is followed (the link stays a link and its target gets the map), the file keeps its
permissions and owner, a read-only file is refused, and a file changed on disk since it was
read is noticed rather than overwritten. Every file a save makes beside the map is made afresh
under a name with a random part: a link someone put at that name is never written through.
"""

from __future__ import annotations

import contextlib
import filecmp
import functools
import glob
import hashlib
import json
import os
import re
import secrets
import stat
from collections.abc import Iterable, Iterator
from operator import attrgetter
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, to_json

from tabletop.io.column_writing import border_columns, zone_columns
from tabletop.io.columns import ColumnError
from tabletop.io.errors import MapFileError, one_line
from tabletop.io.stamp import FileChangedError, FileStamp, changed_since
from tabletop.model import Map
from tabletop.model.map import points_in
from tabletop.model.whole_map import count_problems, points_problems

BACKUP_SUFFIX = ".bak"


LIST_FIELDS = ("tokens", "grids", "tile_sets")
"""The map's lists of objects, written one object to a line: a diff names the token that changed."""
COLUMN_FIELDS = ("zones", "borders")
"""The map's long lists, written as columns (io/columns.py), one column to a line."""


def map_chunks(map_: Map, path: str | os.PathLike[str] = "<map>") -> Iterator[bytes]:
    """The file's bytes in pieces, each written by pydantic's own JSON serializer (in Rust):
    the top-level fields one to a line, the zones and borders as columns, each token and grid
    on a line of its own. A big map is never held as one big string while it is saved.

    MapFileError when the map holds what no file can (a lone surrogate, a number that is not
    one), which an edit that skipped validation could put there."""
    names = list(type(map_).model_fields)
    yield b"{\n"
    for place, name in enumerate(names):
        end = b",\n" if place < len(names) - 1 else b"\n"
        items = getattr(map_, name)
        if name in COLUMN_FIELDS:
            yield from _columns(map_, name, path)
            yield end
        elif name in LIST_FIELDS and items:
            yield b' "' + name.encode() + b'": [\n  '
            last = len(items) - 1
            for number, item in enumerate(items):
                yield _item_json(item, path)
                yield b",\n  " if number < last else b"\n ]" + end
        else:
            yield b" " + _item_json(map_, path, include={name})[1:-1].replace(b'":', b'": ', 1) + end
    yield b"}\n"


def _refuse_unopenable(map_: Map, path: str | os.PathLike[str]) -> None:
    """A map past a cap the reader counts (more tokens, zones or points than a map may hold) is
    refused by a save before a byte is written: the file would be refused whole when opened, and
    the file on disk stays the last one that opens. (A map's text alone, map_to_text, is written
    as it is: the clipboard's reader refuses a piece past a cap as a file's.)"""
    counts = {
        "zone": len(map_.zones),
        "border": len(map_.borders),
        "token": len(map_.tokens),
        "grid": len(map_.grids),
        "tile set": len(map_.tile_sets),
    }
    most_passages = max(map(len, map(attrgetter("passages"), map_.borders)), default=0)
    problems = count_problems(counts, most_passages) + points_problems(points_in(map_.zones))
    if problems:
        raise MapFileError(path, f"could not be saved: {problems[0]} (the file would not open)")


def _columns(map_: Map, name: str, path: str | os.PathLike[str]) -> Iterator[bytes]:
    """The zones or the borders as columns, one to a line."""
    if name == "zones":
        try:
            columns = zone_columns(map_.zones)
        except ColumnError as error:
            raise MapFileError(
                path, f"could not be saved: the map holds a value that cannot be written ({error})"
            ) from None
    else:
        columns = border_columns(map_.borders, {zone.id: row for row, zone in enumerate(map_.zones)}, map_.zones)
    yield b' "' + name.encode() + b'": {'
    for place, (column, values) in enumerate(columns.items()):
        try:
            text = to_json(values, inf_nan_mode="strings")
        except PydanticSerializationError as error:
            _refuse_unwritable(values, path)  # says what, if it can
            raise MapFileError(path, f"could not be saved: {one_line(str(error))}") from None
        if b'"NaN"' in text or b'"Infinity"' in text or b'"-Infinity"' in text:
            _refuse_unwritable(values, path)  # a number that is not one, or a text that spells one
        yield (b"\n  " if not place else b",\n  ") + b'"' + column.encode() + b'": ' + text
    yield b"\n }"


def _item_json(item: BaseModel, path: str | os.PathLike[str], include: set[str] | None = None) -> bytes:
    try:
        raw = type(item).__pydantic_serializer__.to_json(item, include=include)
    except PydanticSerializationError as error:
        _refuse_unwritable(item.model_dump(mode="json", include=include), path)  # says what, if it can
        raise MapFileError(path, f"could not be saved: {one_line(str(error))}") from None
    if b"null" in raw and _holds_numbers(type(item)):
        # pydantic writes a number that is not one (NaN, infinity) as null: check the slow way,
        # only for the few objects that hold a null and could hold a float
        _refuse_unwritable(item.model_dump(mode="json", include=include), path)
    return raw


@functools.cache
def _holds_numbers(kind: type[BaseModel]) -> bool:
    """Whether objects of this class can hold a float anywhere inside (a border cannot)."""
    return '"number"' in json.dumps(kind.model_json_schema())


def _refuse_unwritable(data: Any, path: str | os.PathLike[str]) -> None:
    try:
        json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except UnicodeEncodeError as error:
        bad = one_line(error.object[error.start : error.end])
        raise MapFileError(
            path, f"could not be saved: the map holds text that cannot be written ({bad}): retype it"
        ) from None
    except ValueError as error:
        problem = f"could not be saved: the map holds a value that cannot be written ({error})"
        raise MapFileError(path, problem) from None


def map_to_bytes(map_: Map, path: str | os.PathLike[str] = "<map>") -> bytes:
    """The whole file's bytes at once (see map_chunks)."""
    return b"".join(map_chunks(map_, path))


def map_to_text(map_: Map) -> str:
    """The file text of a map: keys in model order, one object to a line, so diffs stay readable."""
    return map_to_bytes(map_).decode("utf-8")


def save_map(
    map_: Map, path: str | os.PathLike[str], *, backup: bool = True, expected: FileStamp | None = None
) -> FileStamp:
    """Save atomically; on failure the old file is untouched and MapFileError says why.

    With `expected` (the stamp of the file as it was read), a file another program changed
    since raises FileChangedError and nothing is written. Returns the new file's stamp.
    The bytes are written as they are made, so the save's memory stays small beside the map's."""
    _refuse_unopenable(map_, path)
    return write_atomically(path, map_chunks(map_, path), backup=backup, expected=expected, verb="saved")


def write_atomically(
    path: str | os.PathLike[str],
    data: bytes | Iterable[bytes],
    *,
    backup: bool = False,
    expected: FileStamp | None = None,
    verb: str = "written",
) -> FileStamp:
    """Put `data` (bytes, or pieces of them made as they are written) in place of the file at
    `path` as one atomic step, or raise MapFileError."""
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
    _clear_dead_saves(target)
    temp: Path | None = None
    staging: Path | None = None
    replaced = False
    try:
        temp, fd = open_temporary(target, 0o666 if existing is None else 0o600)
        digest = _write_synced(fd, data, existing)
        if backup and existing is not None:
            staging = _stage_backup(target)
        os.replace(temp, target)
        replaced = True
        if staging is not None:
            with contextlib.suppress(OSError):  # the map is saved; the next save puts the backup in place
                _put_backup(staging, target.with_name(target.name + BACKUP_SUFFIX))
        _sync_folder(target.parent)
        return FileStamp.of(os.stat(target), b"", digest)
    except OSError as error:
        _undo(temp, None if replaced else staging)
        raise MapFileError(shown, f"could not be {verb}: {error.strerror or error}") from None
    except BaseException:  # the map could not be written (MapFileError), or an interrupt
        _undo(temp, None if replaced else staging)
        raise


def _undo(temp: Path | None, staging: Path | None) -> None:
    """Remove what a save that did not replace the map made: the map is as it was, and so is
    its backup. A staged backup of a save that did replace it is the previous version: kept."""
    for made in (temp, staging):
        if made is not None:
            with contextlib.suppress(OSError):
                made.unlink()


def _stage_backup(path: Path) -> Path:
    """A second name for the current file, beside it, until the new map has replaced it: a
    hard link where the disk allows (no copy), else a whole copy made under a name of its
    own and renamed, so a staged backup is always a whole file. The name is new: a link never
    lands on a name that is taken (whatever another user put there is left alone)."""
    for _ in range(TRIES):
        staging = path.with_name(f".{path.name}{BACKUP_SUFFIX}.{os.getpid()}.{temporary_tag()}.tmp")
        try:
            os.link(path, staging, follow_symlinks=False)
            return staging
        except FileExistsError:
            continue
        except OSError:
            break  # the disk has no hard links: a copy
    else:
        raise _names_taken()
    copy, fd = open_temporary(path, 0o600, middle=BACKUP_SUFFIX[1:] + ".", end=".copy")
    try:
        _write_synced(fd, _pieces(path), os.stat(path))  # its digest is not needed
        staging = copy.with_name(copy.name.removesuffix(".copy.tmp") + ".tmp")
        os.replace(copy, staging)  # a rename moves the name itself: whatever held it is never followed
    except BaseException:
        with contextlib.suppress(OSError):
            copy.unlink()
        raise
    return staging


def _pieces(path: Path) -> Iterator[bytes]:
    with open(path, "rb") as file:
        while piece := file.read(WRITE_SIZE):
            yield piece


def _settle_backup(path: Path, staging: Path) -> None:
    """Put a version a stopped save staged in place as FILE.bak, unless the map is that very
    version (the save never replaced it: the backup stays as it was) or FILE.bak is newer (a
    later save's, while the stopped one's number was another process's)."""
    try:
        staged = os.stat(staging, follow_symlinks=False)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(staged.st_mode):  # no save stages a link or a pipe: not a version of the map
        staging.unlink()
        return
    with contextlib.suppress(FileNotFoundError):
        current = os.stat(path)
        if os.path.samestat(staged, current) or (
            staged.st_size == current.st_size and filecmp.cmp(staging, path, shallow=False)  # a copy, staged whole
        ):
            staging.unlink()
            return
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    with contextlib.suppress(FileNotFoundError):
        if os.stat(backup).st_mtime_ns > staged.st_mtime_ns:
            staging.unlink()
            return
    _put_backup(staging, backup)


def _put_backup(staging: Path, backup: Path) -> None:
    """Rename the staged version to FILE.bak; when FILE.bak is that very file already (a rename
    between two names of one file does nothing), the second name goes."""
    with contextlib.suppress(FileNotFoundError):
        if os.path.samestat(os.stat(staging), os.stat(backup)):
            staging.unlink()
            return
    os.replace(staging, backup)


def _clear_dead_saves(path: Path) -> None:
    """Tidy what saves killed before they could left: `.NAME.<pid>.tmp`, a new map never put
    in place, and `.NAME.bak.<pid>.copy.tmp`, a backup's copy never finished, are removed;
    `.NAME.bak.<pid>.tmp`, the version a save replaced, becomes FILE.bak. This process's own
    staged backup is settled too: its saves of one file never overlap."""
    leftover = re.compile(rf"\.{re.escape(path.name)}\.(bak\.)?(\d+)(?:\.[0-9a-f]+)?(\.copy)?\.tmp")
    for stale in path.parent.glob(glob.escape(f".{path.name}.") + "*.tmp"):
        found = leftover.fullmatch(stale.name)
        if found is None:
            continue
        pid = int(found[2])
        staged = found[1] is not None and found[3] is None
        if staged and pid == os.getpid():
            with contextlib.suppress(OSError):
                _settle_backup(path, stale)
            continue
        if pid == os.getpid() or process_alive(pid):
            continue
        with contextlib.suppress(OSError):
            if staged:
                _settle_backup(path, stale)
            else:
                stale.unlink()


def clear_dead_saves(path: str | os.PathLike[str]) -> None:
    """Tidy what unfinished saves to `path` left, once their process is gone (a child killed
    while it wrote, io/forked_save.py): the file itself is whole either way, old or new."""
    _clear_dead_saves(Path(os.path.realpath(path)))


def process_alive(pid: int) -> bool:
    """Whether a process still runs, so files it may be writing are left alone."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


WRITE_SIZE = 1 << 20
"""Pieces are gathered to about this many bytes per write."""


TRIES = 8
"""Names tried for a temporary file before giving up: each has a random part, so a name is
taken only by a file someone put there on purpose."""


def temporary_tag() -> str:
    """The random part of a temporary file's name."""
    return secrets.token_hex(4)


def open_temporary(beside: Path, mode: int = 0o666, *, middle: str = "", end: str = "") -> tuple[Path, int]:
    """A new file of this process beside `beside`, `.NAME.<middle><pid>.<random><end>.tmp`, and
    its descriptor open for writing. It is always made afresh: a name taken already (by a link
    another user planted in a shared folder, say) is never opened, as writing through it (and
    giving the file the map's owner) would hand someone else's file to whoever planted it. The
    pid lets the next save tell a dead save's leftovers from a running one's."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(TRIES):
        temp = beside.with_name(f".{beside.name}.{middle}{os.getpid()}.{temporary_tag()}{end}.tmp")
        try:
            return temp, os.open(temp, flags | getattr(os, "O_CLOEXEC", 0), mode)
        except FileExistsError:
            continue
    raise _names_taken()


def _names_taken() -> OSError:
    return FileExistsError(0, "every temporary name tried beside it is taken by another file")


def _write_synced(fd: int, data: bytes | Iterable[bytes], replaced: os.stat_result | None) -> str:
    """Write and fsync a new file (its descriptor, closed here), returning the digest of what
    was written. It takes the permissions and owner of the file it will replace (`replaced`):
    a 0600 map with GM notes stays 0600, and a player's map saved by root stays the player's.
    A new file gets the usual permissions less the umask."""
    hasher = hashlib.sha256()
    try:
        if replaced is not None:
            _keep_owner(fd, replaced)
            os.fchmod(fd, stat.S_IMODE(replaced.st_mode))  # after the owner: a change of owner clears set-id bits
        for block in _blocks(data):
            hasher.update(block)
            view = memoryview(block)
            while view:
                written = os.write(fd, view)
                view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)
    return hasher.hexdigest()


def _keep_owner(fd: int, replaced: os.stat_result) -> None:
    """Give the new file the replaced file's owner (only root may) and group (a user may give
    a group of their own; otherwise the new file keeps the user's)."""
    if not hasattr(os, "fchown"):
        return
    made = os.fstat(fd)
    owner = replaced.st_uid if os.geteuid() == 0 else -1
    if owner in (-1, made.st_uid) and replaced.st_gid == made.st_gid:
        return
    with contextlib.suppress(PermissionError):
        os.fchown(fd, owner, replaced.st_gid)


def _blocks(data: bytes | Iterable[bytes]) -> Iterator[bytes]:
    if isinstance(data, (bytes, bytearray, memoryview)):
        yield data
        return
    gathered: list[bytes] = []
    size = 0
    for piece in data:
        gathered.append(piece)
        size += len(piece)
        if size >= WRITE_SIZE:
            yield b"".join(gathered)
            gathered, size = [], 0
    if gathered:
        yield b"".join(gathered)


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
