"""The undo stack, and how a refused step reaches the caller of push without passing through Qt.

A step the document refuses raised out of its redo, through QUndoStack.push, to the caller.
Qt's push goes on after redo returns and asks the steps for their merge ids; with the error
still pending the call into Python read freed memory, and a few refused edits in a session
crashed the window. Now redo keeps the refusal, Qt finishes, and push raises it.
"""

from __future__ import annotations

from collections.abc import Callable
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


Follower = Callable[[QUndoCommand], Callable[[], QUndoCommand | None] | None]
"""Asked of a step before it is pushed: None, or what makes the step that must follow it in
the same undo step (fog by sight lifting what a door opened brings into view), asked once the
step is done."""


class UndoStack(QUndoStack):
    """A QUndoStack whose push raises a step's refusal after Qt is done with the step, and
    folds a follower's step into the step it follows (one undo takes back both)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.followers: list[Follower] = []

    def push(self, command: QUndoCommand) -> None:
        then = [made for made in (follower(command) for follower in self.followers) if made is not None]
        if not then:
            self._push(command)
            return
        self.beginMacro(command.text())
        try:
            self._push(command)
        except Exception:
            self.endMacro()
            self._drop_empty_step()
            raise
        try:
            for make in then:
                extra = make()
                if extra is not None:
                    self._push(extra)
        finally:
            self.endMacro()

    def _drop_empty_step(self) -> None:
        """A refused step left its macro empty: made obsolete and undone, Qt takes it off the
        stack, so no undo entry does nothing."""
        top = self.command(self.index() - 1)
        if top is not None and top.childCount() == 0:
            top.setObsolete(True)
            self.undo()

    def _push(self, command: QUndoCommand) -> None:
        kept: list[Exception] = []
        _pushing.append((command, kept))
        try:
            super().push(command)
        finally:
            _pushing.pop()
        if kept:
            raise kept[0]
