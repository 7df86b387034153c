"""The Laser Pointer tool: the GM points at the players' window from the map. Moving shows a dot
with a fading trail there, a click pings the spot, a double click centres the players' view on
it. It changes nothing on the map: no edit, no undo step. The players' side of it (what they
see, and where) is ui/player/pointing.py's, given to the tool once the players' window's
controls are built; until then the tool says so."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS

HOLD_KEY = Qt.Key.Key_Q  # named by HOLD_KEY_NAME (tools/names.py)
"""The key held to point with any tool (ui/player/pointing.py listens for it): at the left
hand's corner of the keyboard, and no tool's key."""


class Pointing(Protocol):
    def point(self, pos: QPointF) -> None: ...

    def ping(self, pos: QPointF) -> None: ...

    def centre(self, pos: QPointF) -> None: ...

    def lift(self) -> None: ...


class PointerTool(Tool):
    shortcut = "L"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
        self.pointing: Pointing | None = None

    def activate(self) -> None:
        self.view.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def deactivate(self) -> None:
        self.view.viewport().unsetCursor()
        if self.pointing is not None:
            self.pointing.lift()

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self.pointing is not None:
            self.pointing.point(pos)
        return True

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self.pointing is None:
            self.say("The players' window is not ready yet")
        else:
            self.pointing.ping(pos)
        return True

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        return event.button() == Qt.MouseButton.LeftButton

    def double_click(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self.pointing is None:
            return False
        self.pointing.centre(pos)
        return True
