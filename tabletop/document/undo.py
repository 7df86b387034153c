"""The undo stack, and how a refused step reaches the caller of push without passing through Qt.

A step the document refuses raised out of its redo, through QUndoStack.push, to the caller.
Qt's push goes on after redo returns and asks the steps for their merge ids; with the error
still pending the call into Python read freed memory, and a few refused edits in a session
crashed the window. Now redo keeps the refusal, Qt finishes, and push raises it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

_pushing: list[tuple[QUndoCommand, list[Exception]]] = []
"""The steps being pushed (innermost last), each with the refusal its redo kept."""


def refused(command: Any, error: Exception) -> None:
    """A step's redo was refused and changed nothing: the step is made obsolete, so Qt drops it
    (no empty undo entry, no unsaved mark). Inside UndoStack.push the refusal is kept for push
    to raise once Qt is done; anywhere else (a batch's part, a redo from the Edit menu) it is
    raised here."""
    if isinstance(command, QUndoCommand):
        command.setObsolete(True)
    if _pushing and _pushing[-1][0] is command:
        _pushing[-1][1].append(error)
        return
    raise error


class UndoStack(QUndoStack):
    """A QUndoStack whose push raises a step's refusal after Qt is done with the step."""

    def push(self, command: QUndoCommand) -> None:
        kept: list[Exception] = []
        _pushing.append((command, kept))
        try:
            super().push(command)
        finally:
            _pushing.pop()
        if kept:
            raise kept[0]
