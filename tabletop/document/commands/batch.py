"""A batch: several changes as one undo step (removing a zone with its borders and tokens,
deleting a selection, a play step that touches several tokens).

The parts are plain Python objects run in order and undone in reverse, not Qt child
commands: a child owned both by its Qt parent and by a Python list is freed twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from tabletop.document.undo import refused


class Part(Protocol):
    def redo(self) -> None: ...

    def undo(self) -> None: ...


class Batch(QUndoCommand):
    def __init__(self, text: str, parts: Sequence[Part]) -> None:
        super().__init__(text)
        self.parts = list(parts)

    def redo(self) -> None:
        """All parts or none: a part the document refuses takes back those before it, and
        the step, made obsolete, is not kept on the undo stack (nor marks the map modified)."""
        for done, part in enumerate(self.parts):
            try:
                part.redo()
            except Exception as error:
                for earlier in reversed(self.parts[:done]):
                    earlier.undo()
                refused(self, error)
                return

    def undo(self) -> None:
        for part in reversed(self.parts):
            part.undo()
