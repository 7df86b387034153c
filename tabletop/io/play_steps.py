"""A file of play steps for `tabletop play`: a JSON list of objects, read as carefully as a
map (a regular file or standard input, capped, no key written twice, no deep nesting)."""

from __future__ import annotations

import os
import sys
from typing import Any

from tabletop.io.errors import MapFileError
from tabletop.io.read import parse_json, read_regular

MAX_STEPS_BYTES = 16 * 2**20
"""A long evening is a few hundred steps of a few hundred bytes; a steps file is never near this."""
MAX_STEPS = 10_000
"""Steps in one file: a whole campaign's conflicts; more is a mistake, not an evening."""


def read_steps(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The steps in a file, or on standard input when `path` is "-"."""
    if str(path) == "-":
        where = "<standard input>"
        if sys.stdin is None or sys.stdin.closed:
            raise MapFileError(where, "is closed: pipe the steps in, or name a steps file")
        raw = sys.stdin.buffer.read(MAX_STEPS_BYTES + 1)
        if len(raw) > MAX_STEPS_BYTES:
            raise MapFileError(where, f"is larger than {MAX_STEPS_BYTES // 2**20} MB; a steps file may be at most that")
    else:
        raw, _ = read_regular(path, MAX_STEPS_BYTES, "steps file")
        where = path
    steps = parse_json(raw, where, "steps file")
    if not isinstance(steps, list):
        raise MapFileError(where, 'holds JSON but not play steps (a list of {"do": ...} objects)')
    if len(steps) > MAX_STEPS:
        raise MapFileError(where, f"holds {len(steps):,} steps; at most {MAX_STEPS:,}")
    for number, step in enumerate(steps):
        if not isinstance(step, dict):
            raise MapFileError(where, f'step {number} is not an object ({{"do": ...}})')
    return steps
