"""A file of play steps for `tabletop play`: a JSON list of objects, read by the careful reader
(io/json_file.py) as every file Tabletop takes is: a regular file or standard input, capped, no
key written twice, no deep nesting, no number longer than a game's."""

from __future__ import annotations

import os
import sys
from typing import Any

from tabletop.io.errors import MapFileError
from tabletop.io.json_file import json_document, read_json_file

MAX_STEPS_BYTES = 16 * 2**20
"""A long evening is a few hundred steps of a few hundred bytes; a steps file is never near this."""
MAX_STEPS = 10_000
"""Steps in one file: a whole campaign's conflicts; more is a mistake, not an evening."""
WHAT = "steps file"
SHAPE = 'play steps (a list of {"do": ...} objects)'


def read_steps(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The steps in a file, or on standard input when `path` is "-". A step's fields are
    checked by the step itself (rules/step_fields.py): a key it does not take is refused there."""
    if str(path) == "-":
        where = "<standard input>"
        if sys.stdin is None or sys.stdin.closed:
            raise MapFileError(where, "is closed: pipe the steps in, or name a steps file")
        raw = sys.stdin.buffer.read(MAX_STEPS_BYTES + 1)
        if len(raw) > MAX_STEPS_BYTES:
            raise MapFileError(where, f"is larger than {MAX_STEPS_BYTES // 2**20} MB; a steps file may be at most that")
        steps = json_document(raw, where, WHAT, list, SHAPE)
    else:
        where = path
        steps = read_json_file(path, MAX_STEPS_BYTES, WHAT, list, SHAPE)
    if len(steps) > MAX_STEPS:
        raise MapFileError(where, f"holds {len(steps):,} steps; at most {MAX_STEPS:,}")
    for number, step in enumerate(steps):
        if not isinstance(step, dict):
            raise MapFileError(where, f'step {number} is not an object ({{"do": ...}})')
        _words_only(step, number, where)
    return steps


MAX_WORD = 40
"""A step's keys and its "do" are words of the steps' vocabulary, the longest a dozen letters."""


def _words_only(step: dict[str, Any], number: int, where: str | os.PathLike[str]) -> None:
    """A step's keys, and the word it does, are words: what is no word is refused here, said
    short; the step's fields check the rest (rules/step_fields.py: a key the step does not take
    is refused there, by name)."""
    for key in step:
        if not _word(key):
            raise MapFileError(where, f"step {number} has a key {_short(key)}: no step takes a field so named")
    do = step.get("do")
    if isinstance(do, str) and not _word(do):
        raise MapFileError(where, f"step {number} does {_short(do)}: no step is called so (see tabletop play --help)")


def _word(text: str) -> bool:
    return len(text) <= MAX_WORD and text.isidentifier()


def _short(text: str) -> str:
    return repr(text) if len(text) <= MAX_WORD else f"{text[:MAX_WORD]!r}... ({len(text):,} characters)"
