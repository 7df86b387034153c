"""One small QUndoCommand per kind of edit; each says what it did in the Edit menu's words."""

from tabletop.document.commands.batch import Batch
from tabletop.document.commands.edits import (
    AddObject,
    EditMap,
    EditObject,
    MoveToken,
    SetBackground,
    SetLatticeStep,
    remove,
    remove_grid,
    remove_zone,
)
from tabletop.document.commands.merge import MergeId
from tabletop.document.commands.play import SetConflict, apply_step, play_step
from tabletop.document.commands.put import AddMany, EditMany

__all__ = [
    "AddMany",
    "AddObject",
    "Batch",
    "EditMany",
    "EditMap",
    "EditObject",
    "MergeId",
    "MoveToken",
    "SetBackground",
    "SetConflict",
    "SetLatticeStep",
    "apply_step",
    "play_step",
    "remove",
    "remove_grid",
    "remove_zone",
]
