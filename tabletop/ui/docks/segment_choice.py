"""Which segment of an encounter grid the GM is working on, shared by the Segment tool and the
Inspector's segment page. A module of its own: the tool is made with the window, the page
after its first frame, and the page's module need not be imported for the tool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from tabletop.document.commands.grid_edits import SegmentKey


class SegmentChoice(QObject):
    """Which segment the GM is working on: shared by the Segment tool and the Inspector."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.key: SegmentKey | None = None

    def set(self, key: SegmentKey | None) -> None:
        if key != self.key:
            self.key = key
            self.changed.emit()
