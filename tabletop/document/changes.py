"""What one edit changed, as the document tells every view: one typed payload, so a scene,
a dock or a future play pane reads the same facts instead of each working them out again."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from tabletop.geometry.whole.layout import Box
from tabletop.model.kinds import Kind


class Action(Enum):
    ADDED = "added"
    CHANGED = "changed"
    REMOVED = "removed"


class Part(Enum):
    """A part of the map set whole, not object by object. Not a Kind, nor equal to one's word:
    a view that asks `change.kind == "grid"` never takes the tile sets for a grid."""

    DETAILS = "details"
    """The map's title and notes."""
    BACKGROUND = "background"
    CONFLICT = "conflict"
    TILE_SETS = "tile sets"


@dataclass(frozen=True)
class Change:
    """Objects of one kind added, changed or removed (usually one; thousands when Join
    Touching Zones adds borders), or a part of the map set whole (`kind` a Part, no ids).

    `before` holds what the edit replaced, so a view never keeps a copy of the map to compare
    with: each object as it was, in the order of `object_ids` (None for one added); for a part,
    its one value as it was (for the details, each setting it replaced by name). `repaint`
    holds the map boxes whose picture changed (the objects' and their borders' old and new
    boxes; for a change of most of the map, one box around all of it before and one after),
    already worked out by the document's indexes, so every map layer repaints just those."""

    kind: Kind | Part
    object_ids: tuple[str, ...] = ()
    action: Action = Action.CHANGED
    before: tuple[Any, ...] = ()
    repaint: tuple[Box, ...] = ()

    @property
    def removed(self) -> bool:
        return self.action is Action.REMOVED
