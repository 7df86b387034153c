"""Reading map files: bounded, never unpickled, every failure one MapFileError line."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tabletop.heap import collector_off
from tabletop.io.bulk_read import Helper, Progress, ReadCancelled, read_current
from tabletop.io.errors import MapFileError
from tabletop.io.given import given_keys
from tabletop.io.limits import MAX_FILE_BYTES, MAX_NESTING
from tabletop.io.migrate import MigrationError, migrate
from tabletop.io.places import RepeatedKey, repeated_key_place, unique_keys
from tabletop.io.stamp import FileStamp, stamp_beside
from tabletop.model import FORMAT_VERSION, Map
from tabletop.model.wording import LONG_DIGITS, describe, digits, long_number


def load_map(path: str | os.PathLike[str], helper: Helper | None = None) -> Map:
    """Read, check, migrate and validate one map file (`helper`: see map_from_bytes)."""
    return map_from_bytes(read_map_bytes(path), path, helper=helper)


def load_map_stamped(
    path: str | os.PathLike[str],
    progress: Progress | None = None,
    helper: Helper | None = None,
    read: tuple[bytes, os.stat_result] | None = None,
) -> tuple[Map, FileStamp]:
    """A map and the stamp of the file it came from, for an editor that will save it back
    and must notice if another program changed the file meanwhile. `progress` hears how far
    a big file's reading got (bulk_read.Progress) and may stop it (ReadCancelled); a file read
    the exact way is told once as (0, 0), having no count to give. `read`: the file's bytes
    and status as read_regular gave them already (a helper was started on them)."""
    raw, info = read if read is not None else read_regular(path)
    stamp = stamp_beside(info, raw)
    return map_from_bytes(raw, path, progress, helper), stamp()


def read_map_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a map file; see read_regular."""
    return read_regular(path)[0]


def read_regular(
    path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES, what: str = "map file"
) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file, never more than `limit`: a device (/dev/zero) or a
    named pipe is refused before anything is read, so neither fills memory nor hangs."""
    path = Path(path)
    cap = f"a {what} may be at most {_size(limit)}"
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer; plain files ignore it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise MapFileError(path, f"cannot be read: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise MapFileError(path, f"is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise MapFileError(path, f"is not a regular file (a device or a pipe): only {what}s can be read")
        if info.st_size > limit:
            raise MapFileError(path, f"is {_size(info.st_size)}; {cap}")
        chunks, total = [], 0
        while total <= limit:
            # one read of the whole file, as big as it said it was, then small ones if it grew
            chunk = os.read(fd, min(limit + 1 - total, max(info.st_size + 1 - total, 1 << 16)))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise MapFileError(path, f"is larger than {_size(limit)}; {cap}")
        return b"".join(chunks), info
    except OSError as error:
        raise MapFileError(path, f"cannot be read: {error.strerror or error}") from None
    finally:
        os.close(fd)


def _size(count: int) -> str:
    """A byte count as a GM reads it: whole megabytes, or kilobytes below one; a count just
    past a whole megabyte in kilobytes, so "is 1 MB; may be at most 1 MB" never reads."""
    if (count >= 2**20 and count % 2**20 == 0) or count >= 16 * 2**20:
        return f"{count // 2**20} MB"
    return f"{count // 2**10:,} KB" if count >= 2**10 else f"{count} bytes"


def check_version(path, version: object, newest: int, word: str) -> None:
    """A file's format version must be a version this Tabletop knows: maps and tile sets alike
    say in one line what is wrong and, for a newer file, what to do."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MapFileError(path, f"has an unknown format_version {json.dumps(version)[:40]}")
    if digits(version) > LONG_DIGITS:
        raise MapFileError(path, f"has an unknown format_version (a number {digits(version)} digits long)")
    if version > newest:
        raise MapFileError(
            path,
            f"was written by a newer Tabletop ({word} {version}; this version reads up to "
            f"{newest}): update Tabletop to open it",
        )


def map_from_bytes(
    raw: bytes, path: str | os.PathLike[str] = "<map>", progress: Progress | None = None, helper: Helper | None = None
) -> Map:
    """Parse bytes as a map; `path` names the source in the error message. A big file read the
    quick way is worked on by `helper` meanwhile (bulk_read.Helper: a second process laying it out)."""
    with collector_off():
        map_ = read_current(raw, progress, helper)
        if map_ is None:
            if progress is not None and not progress(0, 0):  # the exact way: no count to give
                raise ReadCancelled
            map_ = _map_from_bytes(raw, path)
            given_keys(map_)  # shares the field sets: a migrated map is as small as any
        return map_


def _map_from_bytes(raw: bytes, path: str | os.PathLike[str]) -> Map:
    document = parse_json_object(raw, path)
    version = document.get("format_version")
    if "format_version" not in document:
        raise MapFileError(path, "has no format_version: it is not a Tabletop map")
    check_version(path, version, FORMAT_VERSION, "format version")
    try:
        document = migrate(document)
        return Map.model_validate(document)
    except MigrationError as error:
        raise MapFileError(path, str(error)) from None
    except ValidationError as error:
        # A valid map is at most 7 levels deep, so nesting is only measured for a file that
        # failed: a deep file gets the plainer message, and a good file never pays for it.
        if nesting_depth(document) > MAX_NESTING:
            raise MapFileError(path, f"is nested too deeply (at most {MAX_NESTING} levels)") from None
        raise MapFileError(path, describe(error)) from None


def parse_json_object(raw: bytes, path: str | os.PathLike[str], what: str = "map") -> dict[str, Any]:
    """JSON text as a dict; `what` names the kind of file the GM meant to open."""
    document = parse_json(raw, path, what, measure_depth=False)
    if not isinstance(document, dict):
        raise MapFileError(path, f"holds JSON but not a {what} (the top level is not an object)")
    return document


def parse_json(raw: bytes, path: str | os.PathLike[str], what: str = "map", *, measure_depth: bool = True) -> Any:
    """JSON text, read carefully: UTF-8 only, no NaN or Infinity, no key written twice in one
    object, no nesting past MAX_NESTING, no number too long to be one; each refusal one line.
    A map's reader measures the nesting only of a file the model refused (a good map is 7
    levels deep, and a 100k-zone map's walk would be a good part of its read)."""
    if len(raw) > MAX_FILE_BYTES:
        raise MapFileError(path, f"is larger than {MAX_FILE_BYTES // 2**20} MB")
    if not raw.strip():
        raise MapFileError(path, "is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MapFileError(path, f"is not UTF-8 text (byte {error.start}): not a Tabletop {what}") from None
    try:
        document = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as error:
        hint = " (is the file cut short?)" if error.pos >= len(text.rstrip()) else ""
        problem = error.msg
        if problem.startswith("Unterminated string"):  # runs to the end of the file: cut short, or a quote lost
            problem, hint = "a text starts here and is never closed", " (is the file cut short, or a quote lost?)"
        raise MapFileError(
            path,
            f"is not valid JSON at line {error.lineno}, column {error.colno}: {problem}{hint}",
        ) from None
    except RecursionError:
        raise MapFileError(path, f"is nested too deeply (at most {MAX_NESTING} levels)") from None
    except RepeatedKey as error:
        place = repeated_key_place(text, error.key)
        where = f" at line {place[0]}, column {place[1]}" if place else ""
        raise MapFileError(path, f"is not valid JSON{where}: {error}") from None
    except ValueError as error:
        raise MapFileError(path, long_number(text) or f"is not valid JSON: {error}") from None
    if measure_depth and isinstance(document, (dict, list)) and nesting_depth(document) > MAX_NESTING:
        raise MapFileError(path, f"is nested too deeply (at most {MAX_NESTING} levels)")
    return document


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a map can hold")


def nesting_depth(document: Any) -> int:
    """Nesting depth, counted without recursion so a deep file cannot overflow the stack."""
    deepest = 0
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > MAX_NESTING:
                return deepest
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return deepest
