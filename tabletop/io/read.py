"""Reading map files: bounded, never unpickled, every failure one MapFileError line; the
careful JSON reader beneath is io/json_file.py, shared with every other file Tabletop takes.

One way for every file: parsed whole by the careful reader (a key written twice refused in any
object), older formats migrated up to the current one (io/migrate.py), and the map made from
its zones' and borders' columns (io/columns.py), checked whole before a record is made
(io/column_map.py), so a check of a file can stop there. Leaves process-wide state (the
collector) alone."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from tabletop.io.column_map import Checked, checked_columns, map_of
from tabletop.io.columns import ColumnError
from tabletop.io.errors import MapFileError
from tabletop.io.json_file import nesting_depth, parse_json, read_regular  # read_regular: also ui/app
from tabletop.io.limits import MAX_NESTING
from tabletop.io.migrate import MigrationError, migrate
from tabletop.io.stamp import FileStamp, stamp_beside
from tabletop.model import FORMAT_VERSION, Map
from tabletop.model.wording import LONG_DIGITS, describe, digits

Progress = Callable[[int, int], bool]
"""Told (done, all) in the steps of a read (the file parsed, its zones made, its borders made,
the rest checked); False asks to stop (ReadCancelled)."""
STEPS = 4


class ReadCancelled(Exception):
    """The GM stopped reading a map: nothing was read, nothing changed."""


def load_map(path: str | os.PathLike[str]) -> Map:
    """Read, check, migrate and validate one map file."""
    return map_from_bytes(read_regular(path)[0], path)


def load_map_versioned(path: str | os.PathLike[str]) -> tuple[Map, int]:
    """A map and the format version its file was written in: the map itself is always of the
    newest version once read, and `tabletop info` says which the file is before it is saved."""
    return _read(read_regular(path)[0], path, None, map_of)


def load_map_stamped(
    path: str | os.PathLike[str],
    progress: Progress | None = None,
    read: tuple[bytes, os.stat_result] | None = None,
) -> tuple[Map, FileStamp]:
    """A map and the stamp of the file it came from, for an editor that will save it back
    and must notice if another program changed the file meanwhile. `progress` hears how far
    the read got and may stop it (ReadCancelled). `read`: the file's bytes and status as
    read_regular gave them already."""
    raw, info = read if read is not None else read_regular(path)
    stamp = stamp_beside(info, raw)
    return map_from_bytes(raw, path, progress), stamp()


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


def map_from_bytes(raw: bytes, path: str | os.PathLike[str] = "<map>", progress: Progress | None = None) -> Map:
    """Parse bytes as a map; `path` names the source in the error message."""
    return _read(raw, path, progress, map_of)[0]


def check_map_file(path: str | os.PathLike[str]) -> Checked:
    """A map file read and checked whole as load_map checks it, its zones and borders left in
    their checked columns (`tabletop check` counts them; `.map()` makes the map)."""
    return check_map_file_versioned(path)[0]


def check_map_file_versioned(path: str | os.PathLike[str]) -> tuple[Checked, int]:
    """check_map_file's checked columns, with the format version the file was written in
    (`tabletop info` says it, and prints the map from the columns)."""
    return _read(read_regular(path)[0], path, None, checked_columns)


def _read(
    raw: bytes, path: str | os.PathLike[str], progress: Progress | None, made: Callable[..., Any]
) -> tuple[Any, int]:
    """Bytes parsed, migrated and then `made` (map_of: the map; checked_columns: the checked
    columns) from the document, with the format version they were written in; every refusal
    one MapFileError line."""
    try:
        return _read_within_memory(raw, path, progress, made)
    except MemoryError:
        why = f"needs more memory than this computer has free to read it (a file of {_megabytes(len(raw))})"
        raise MapFileError(path, why) from None


def _megabytes(count: int) -> str:
    return f"{count / 2**20:,.0f} MB" if count >= 2**20 else f"{count:,} bytes"


def _read_within_memory(
    raw: bytes, path: str | os.PathLike[str], progress: Progress | None, made: Callable[..., Any]
) -> tuple[Any, int]:
    """_read's work; a file that fills the memory free (a big map on a small computer, or many
    small things under every cap) is refused in one line by _read, not ended in a traceback."""

    def told(done: int) -> None:
        if progress is not None and not progress(done, STEPS):
            raise ReadCancelled

    told(0)
    document = parse_json_object(raw, path)
    told(1)
    if "format_version" not in document:
        raise MapFileError(path, "has no format_version: it is not a Tabletop map")
    version = document.get("format_version")
    check_version(path, version, FORMAT_VERSION, "format version")
    try:
        return made(migrate(document), told), version
    except (MigrationError, ColumnError) as error:
        raise MapFileError(path, str(error)) from None
    except ValidationError as error:
        # A valid map is a few levels deep, so nesting is only measured for a file that
        # failed: a deep file gets the plainer message, and a good file never pays for it.
        if nesting_depth(document) > MAX_NESTING:
            raise MapFileError(path, f"is nested too deeply (at most {MAX_NESTING} levels)") from None
        raise MapFileError(path, describe(error)) from None


def parse_json_object(raw: bytes, path: str | os.PathLike[str], what: str = "map") -> dict:
    """JSON text as a dict; `what` names the kind of file the GM meant to open."""
    document = parse_json(raw, path, what, measure_depth=False)
    if not isinstance(document, dict):
        raise MapFileError(path, f"holds JSON but not a {what} (the top level is not an object)")
    return document
