"""The tool interface: the view hands each tool scene positions; a tool returns True when
it used the event, so the view's default behaviour (rubber band, selection) runs otherwise."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QKeyEvent, QMouseEvent

from tabletop.document import MapDocument
from tabletop.ui.scene.map_scene import MapScene

GRID_STEP = 20.0
SNAP_PIXELS = 10.0


class Tool:
    name = ""
    shortcut = ""
    status = ""

    def __init__(self, document: MapDocument, scene: MapScene, view) -> None:
        self.document, self.scene, self.view = document, scene, view

    def activate(self) -> None: ...

    def deactivate(self) -> None: ...

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def double_click(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def key(self, event: QKeyEvent) -> bool:
        return False

    def snap(self, pos: QPointF, grid: bool = True) -> tuple[float, float]:
        """Snap to an existing vertex within a few screen pixels, else to the drawing grid, so
        neighbouring zones share their edges exactly."""
        reach = SNAP_PIXELS / max(self.view.scale_now(), 1e-6)
        best, best_d = None, reach
        for zone in self.document.map.zones:
            if zone.shape.kind != "polygon":
                continue
            for x, y in zone.shape.points:
                d = math.hypot(x - pos.x(), y - pos.y())
                if d <= best_d:
                    best, best_d = (x, y), d
        if best is not None:
            return best
        if grid:
            return (round(pos.x() / GRID_STEP) * GRID_STEP, round(pos.y() / GRID_STEP) * GRID_STEP)
        return (pos.x(), pos.y())
