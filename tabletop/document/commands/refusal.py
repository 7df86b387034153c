"""A step the document refuses is not kept: nothing changed, so no empty entry in the undo
list and no unsaved-changes mark (the document checks before it changes anything)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from tabletop.document.undo import refused


def obsolete_when_refused(redo: Callable[[QUndoCommand], None]) -> Callable[[QUndoCommand], None]:
    """Wrap a command's redo: on a refusal the command marks itself obsolete, so QUndoStack
    drops it as it returns from push, and the refusal still reaches the caller (raised by
    UndoStack.push once Qt is done, see tabletop.document.undo)."""

    @functools.wraps(redo)
    def guarded(self: QUndoCommand) -> None:
        try:
            redo(self)
        except Exception as error:
            refused(self, error)

    return guarded
