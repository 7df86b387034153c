"""The kinds of map object a GM adds, edits and removes, named once.

A StrEnum, so a kind still reads and compares as its word ("zone"), which is what map files,
undo texts and selections show.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from itertools import groupby
from operator import itemgetter


class Kind(StrEnum):
    ZONE = "zone"
    BORDER = "border"
    TOKEN = "token"
    GRID = "grid"

    @property
    def plural(self) -> str:
        """The Map's list of this kind (zones, borders, tokens, grids)."""
        return f"{self.value}s"


KIND_OF: dict[str, Kind] = {kind.value: kind for kind in Kind}
"""Each kind by its word, or by itself (a Kind hashes and compares as its word), without a
Kind() call per key, felt in a whole big map's selection."""

Key = tuple[Kind, str]
"""One map object: its kind and id (what a selection holds)."""


def kind_runs(keys: list[tuple[str, str]]) -> Iterator[tuple[str, list[str]]]:
    """The keys as runs of one kind, in their order: (the kind, the run's ids). A whole map's
    selection (zones then borders) is two runs, split in C, not key by key."""
    ids, start = list(map(itemgetter(1), keys)), 0
    for kind, run in groupby(map(itemgetter(0), keys)):
        end = start + len(list(run))
        yield kind, ids[start:end]
        start = end


def ids_by_kind(keys: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Each kind's ids among these keys, in their order."""
    found: dict[str, list[str]] = {}
    for kind, ids in kind_runs(keys):
        found.setdefault(kind, []).extend(ids)
    return found
