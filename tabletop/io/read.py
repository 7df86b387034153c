"""Reading map files: bounded, never unpickled, every failure one MapFileError line; the
careful JSON reader beneath is io/json_file.py, shared with every other file Tabletop takes."""

from __future__ import annotations

import json
import os
from typing import Any

from pydantic import ValidationError

from tabletop.heap import collector_off
from tabletop.io.bulk_read import Helper, Progress, ReadCancelled, read_current
from tabletop.io.errors import MapFileError
from tabletop.io.given import given_keys
from tabletop.io.json_file import nesting_depth, parse_json, read_regular  # read_regular: also ui/app
from tabletop.io.limits import MAX_NESTING
from tabletop.io.migrate import MigrationError, migrate
from tabletop.io.stamp import FileStamp, stamp_beside
from tabletop.model import FORMAT_VERSION, Map
from tabletop.model.wording import LONG_DIGITS, describe, digits


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
