"""The kinds of map object a GM adds, edits and removes, named once.

A StrEnum, so a kind still reads and compares as its word ("zone"), which is what map files,
undo texts and selections show.
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    ZONE = "zone"
    BORDER = "border"
    TOKEN = "token"
    GRID = "grid"

    @property
    def plural(self) -> str:
        """The Map's list of this kind (zones, borders, tokens, grids)."""
        return f"{self.value}s"


Key = tuple[Kind, str]
"""One map object: its kind and id (what a selection holds)."""
