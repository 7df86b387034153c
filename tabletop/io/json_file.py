"""The one careful reader of every JSON file Tabletop takes: maps, tile sets, confrontation
specs and play steps.

Only a regular file is read, never more than its kind's size cap (a device or a named pipe is
refused before anything is read, so neither fills memory nor hangs); the text must be UTF-8,
hold no NaN or Infinity, no key written twice in one object, no nesting past MAX_NESTING and no
number longer than the file's kind allows. Every refusal is one MapFileError line naming the
file. Qt-free, and free of the model, so `tabletop confront` starts without it.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

from tabletop.io.errors import MapFileError
from tabletop.io.limits import MAX_FILE_BYTES, MAX_NESTING
from tabletop.io.places import RepeatedKey, repeated_key_place, unique_keys

MAX_DIGITS = 20
"""The longest whole number a tile set, a spec or a steps file may hold: their numbers are a
game's few units, and a longer one is said by its length and place, never echoed."""


def read_json_file(path: str | os.PathLike[str], limit: int, what: str, top: type = dict, shape: str = "") -> Any:
    """The JSON document in a file of some kind (`what`: "tile set file"), read with every care
    above; its top level must be a `top` (dict or list), else the refusal says it holds JSON but
    not `shape` (by default, a `what`: the top level is not an object)."""
    raw, _ = read_regular(path, limit, what)
    return json_document(raw, path, what, top, shape)


def json_document(raw: bytes, path: str | os.PathLike[str], what: str, top: type = dict, shape: str = "") -> Any:
    """As read_json_file, for bytes already read (standard input); `path` names them."""
    document = parse_json(raw, path, what, max_digits=MAX_DIGITS)
    if not isinstance(document, top):
        raise MapFileError(path, f"holds JSON but not {shape or f'a {what} (the top level is not an object)'}")
    return document


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
        raise MapFileError(path, _unreadable(path, error)) from None
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
        raise MapFileError(path, _unreadable(path, error)) from None
    finally:
        os.close(fd)


def _unreadable(path: Path, error: OSError) -> str:
    """Why a file could not be opened: a link whose file is gone says so, as "no such file"
    would send the GM looking for a file that is plainly there."""
    if isinstance(error, FileNotFoundError) and path.is_symlink():
        return "is a link to a file that is not there"
    return f"cannot be read: {error.strerror or error}"


def _size(count: int) -> str:
    """A byte count as a GM reads it: whole megabytes, or kilobytes below one; a count just
    past a whole megabyte in kilobytes, so "is 1 MB; may be at most 1 MB" never reads."""
    if (count >= 2**20 and count % 2**20 == 0) or count >= 16 * 2**20:
        return f"{count // 2**20} MB"
    return f"{count // 2**10:,} KB" if count >= 2**10 else f"{count} bytes"


class _LongNumber(ValueError):
    def __init__(self, literal: str) -> None:
        super().__init__(literal[:20])
        self.literal = literal


def parse_json(
    raw: bytes,
    path: str | os.PathLike[str],
    what: str = "map",
    *,
    measure_depth: bool = True,
    max_digits: int | None = None,
) -> Any:
    """JSON text, read carefully: UTF-8 only, no NaN or Infinity, no key written twice in one
    object, no nesting past MAX_NESTING, no whole number past `max_digits` (or past what Python
    reads, 4,300 digits, when None); each refusal one line. A map's reader measures the nesting
    only of a file the model refused (a good map is a few levels deep, and a big map's walk
    would be a good part of its read), and leaves its numbers' bounds to the model."""
    if len(raw) > MAX_FILE_BYTES:
        raise MapFileError(path, f"is larger than {MAX_FILE_BYTES // 2**20} MB")
    if not raw.strip():
        raise MapFileError(path, "is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MapFileError(path, f"is not UTF-8 text (byte {error.start}): not a Tabletop {what}") from None
    hooks: dict[str, Any] = {"parse_constant": _refuse_constant, "object_pairs_hook": unique_keys}
    if max_digits is not None:
        hooks["parse_int"] = lambda literal: _whole(literal, max_digits)
    try:
        document = json.loads(text, **hooks)
    except json.JSONDecodeError as error:
        raise MapFileError(path, _not_json(text, error, what)) from None
    except RecursionError:
        raise MapFileError(path, f"is nested too deeply (at most {MAX_NESTING} levels)") from None
    except RepeatedKey as error:
        place = repeated_key_place(text, error.key)
        where = f" at line {place[0]}, column {place[1]}" if place else ""
        raise MapFileError(path, f"is not valid JSON{where}: {error}") from None
    except _LongNumber as error:
        raise MapFileError(path, _long(text, error.literal, what, max_digits)) from None
    except ValueError as error:
        found = _too_long_for_python(text)
        problem = _long(text, found, what, max_digits) if found else f"is not valid JSON: {error}"
        raise MapFileError(path, problem) from None
    if measure_depth and isinstance(document, (dict, list)) and nesting_depth(document) > MAX_NESTING:
        raise MapFileError(path, f"is nested too deeply (at most {MAX_NESTING} levels)")
    return document


def _not_json(text: str, error: json.JSONDecodeError, what: str) -> str:
    """Where the text stops being JSON, and the likely why: cut short, a quote lost, or no
    text at all (a file of NUL bytes, as a crash mid-write can leave)."""
    place = f"at line {error.lineno}, column {error.colno}"
    nul = text.find("\0")
    if 0 <= nul <= error.pos:
        line, column = text.count("\n", 0, nul) + 1, nul - text.rfind("\n", 0, nul)
        return f"is not text: it holds a NUL byte at line {line}, column {column} (not a Tabletop {what})"
    hint = " (is the file cut short?)" if error.pos >= len(text.rstrip()) else ""
    problem = error.msg
    if problem.startswith("Unterminated string"):  # runs to the end of the file: cut short, or a quote lost
        problem, hint = "a text starts here and is never closed", " (is the file cut short, or a quote lost?)"
    return f"is not valid JSON {place}: {problem}{hint}"


def _whole(literal: str, max_digits: int) -> int:
    """A JSON whole number, refused before Python turns it into one when it is too long."""
    if len(literal.lstrip("-")) > max_digits:
        raise _LongNumber(literal)
    return int(literal)


def _too_long_for_python(text: str) -> str | None:
    """The first whole number past what Python reads (4,300 digits), or None."""
    limit = sys.get_int_max_str_digits()
    found = re.search(rf"-?\d{{{limit + 1},}}", text) if limit else None
    return found.group() if found else None


def _long(text: str, literal: str, what: str, max_digits: int | None) -> str:
    """A number refused for its length, said by its length and place, never its digits."""
    found = re.search(rf"(?<![\d.]){re.escape(literal)}(?![\d.eE])", text)
    start = found.start() if found else text.find(literal)
    line, column = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
    count = len(literal.lstrip("-"))
    most = f"more than {max_digits} digits" if max_digits is not None else "more than a few digits"
    noun = "on a map" if what == "map" else f"in a {what}"
    return f"holds a number {count} digits long at line {line}, column {column}: no number {noun} has {most}"


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def nesting_depth(document: Any) -> int:
    """Nesting depth (up to the first level past MAX_NESTING), counted a level at a time without
    recursion, so a deep file cannot overflow the stack and a broad one (millions of empty lists)
    is walked in one comprehension a level, not a step of Python for each value."""
    level, depth = [document], 0
    while level:
        depth += 1
        if depth > MAX_NESTING:
            return depth
        level = [
            value
            for held in level
            for value in (held.values() if type(held) is dict else held if type(held) is list else ())
            if type(value) is dict or type(value) is list
        ]
    return depth
