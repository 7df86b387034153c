"""One small QUndoCommand per kind of edit; each says what it did in the Edit menu's words."""

from tabletop.document.commands.edits import (
    AddObject,
    EditMap,
    EditObject,
    MoveToken,
    RemoveObject,
    RemoveZone,
)

__all__ = ["AddObject", "EditMap", "EditObject", "MoveToken", "RemoveObject", "RemoveZone"]
