"""Keeping what a command read until the process ends.

Freeing a big map takes Python seconds, one object at a time, for memory the system takes
back at once when the process ends. A headless command keeps the last map it read here, and
run_program ends the process without freeing it; a caller of main() (a test) keeps one map
at most, until its next command.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_kept: list[object] = []


def keep(value: T) -> T:
    """Hold `value` (and let go of the one held before) until the process ends."""
    _kept[:] = [value]
    return value


def load_kept(path: str) -> Any:
    """The map in `path`, read and kept until the process ends, out of the collector's sight:
    its first pass after a big read would walk every new object."""
    return load_kept_versioned(path)[0]


def load_kept_versioned(path: str) -> tuple[Any, int]:
    """The map in `path`, kept as load_kept keeps it, with the format version of its file."""
    from tabletop.heap import collector_paused
    from tabletop.io import load_map_versioned

    with collector_paused():
        return keep(load_map_versioned(path))
