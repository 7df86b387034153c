"""Play steps: the conflict's bookkeeping changed as one undo step, with whatever the step
did to the map (stress marked on a token, a token moved) in the same step.

The rules give the conflict after the step; the command keeps the one before, so undo of a
whole exchange returns an equal conflict, log included.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QUndoCommand

from tabletop.document.commands.batch import Batch, Part
from tabletop.document.commands.edits import AddObject, EditObject
from tabletop.document.commands.refusal import obsolete_when_refused
from tabletop.document.map_document import MapDocument
from tabletop.model import Conflict


class SetConflict(QUndoCommand):
    """Start, step or end the conflict: the whole conflict before and after."""

    def __init__(self, document: MapDocument, conflict: Conflict | None, text: str) -> None:
        super().__init__(text)
        self.document, self.before, self.after = document, document.map.conflict, conflict

    @obsolete_when_refused
    def redo(self) -> None:
        self.document.set_conflict(self.after)

    def undo(self) -> None:
        self.document.set_conflict(self.before)


def play_step(document: MapDocument, conflict: Conflict | None, text: str, map_parts: Sequence[Part] = ()) -> None:
    """Push one play step: the map edits first (so the conflict never names a place or
    token that is not there yet), then the conflict; undone in reverse."""
    if not map_parts:
        document.undo_stack.push(SetConflict(document, conflict, text))
        return
    document.undo_stack.push(Batch(text, [*map_parts, SetConflict(document, conflict, text)]))


def apply_step(document: MapDocument, step) -> None:
    """Apply a rules Step (rules/play.py) as one undo step: its map objects (a token new to the
    map added, the others changed), then its conflict. Places come before the tokens on them:
    a grid grown by a move is grown before the token steps onto its new tiles. A token taken
    off the map goes first, so a grid trimmed at an exchange's end never has one left on a
    tile it cuts."""
    leaving = tuple(token for token in step.tokens if token.location is None)
    staying = tuple(token for token in step.tokens if token.location is not None)
    order = (
        ("token", leaving),
        ("zone", step.zones),
        ("border", step.borders),
        ("grid", step.grids),
        ("token", staying),
    )
    parts = [
        EditObject(document, kind, obj) if document.get(kind, obj.id) is not None else AddObject(document, kind, obj)
        for kind, objs in order
        for obj in objs
    ]
    play_step(document, step.conflict, step.text, parts)
