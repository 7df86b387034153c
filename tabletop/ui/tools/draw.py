"""Drawing zones: a polygon point by point (Enter or double-click closes it), or an abstract
node with one click. Points snap to existing vertices and to the lattice (tools/snapping.py)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from tabletop.document.commands import AddObject
from tabletop.geometry.single.palette import next_zone_fill
from tabletop.model import FillStyle, NodeShape, PolygonShape, Zone
from tabletop.model.zones import MIN_POLYGON_AREA, polygon_area
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS


class PolygonTool(Tool):
    shortcut = "P"
    name, status = TOOL_WORDS[shortcut]
    places_points = True

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
        self.points: list[tuple[float, float]] = []
        self.preview = QGraphicsPathItem()
        pen = QPen(Qt.GlobalColor.blue, 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.preview.setPen(pen)
        self.preview.setZValue(10)
        self._cursor: tuple[float, float] | None = None

    def activate(self) -> None:
        if self.preview.scene() is None:
            self.scene.addItem(self.preview)

    def deactivate(self) -> None:
        self.cancel()
        if self.preview.scene() is not None:
            self.scene.removeItem(self.preview)

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() == Qt.MouseButton.LeftButton:
            point = self.snap(pos)
            if not self.points or point != self.points[-1]:
                self.points.append(point)
            self._draw()
            return True
        if event.button() == Qt.MouseButton.RightButton:
            self.finish()
            return True
        return False

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        self._cursor = self.snap(pos)
        self._draw()
        return False

    def double_click(self, event: QMouseEvent, pos: QPointF) -> bool:
        self.finish()
        return True

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
        elif event.key() == Qt.Key.Key_Escape:
            self.cancel()
        elif event.key() == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._draw()
        else:
            return False
        return True

    def finish(self) -> str | None:
        """Close the polygon into a new zone; too few points or no area cancels, and says why."""
        points = list(dict.fromkeys(self.points))
        self.cancel()
        if len(points) < 3:
            if points:
                self.say("A zone needs at least three points; nothing was drawn")
            return None
        if polygon_area(points) < MIN_POLYGON_AREA:
            self.say("A zone's edges may not cross, and it needs an area; nothing was drawn")
            return None
        zone_id = self.document.new_id("zone", "zone")
        fill = FillStyle(colour=next_zone_fill(self.document.map))  # distinct colours, made for projection
        zone = Zone(id=zone_id, name=f"Zone {zone_id.split('-')[-1]}", shape=PolygonShape(points=points), fill=fill)
        self.document.undo_stack.push(AddObject(self.document, "zone", zone))
        self.document.select([("zone", zone_id)])
        return zone_id

    def cancel(self) -> None:
        self.points = []
        self._draw()

    def _draw(self) -> None:
        path = QPainterPath()
        if self.points:
            path.moveTo(*self.points[0])
            for point in self.points[1:]:
                path.lineTo(*point)
            if self._cursor is not None:
                path.lineTo(*self._cursor)
        self.preview.setPath(path)


class NodeTool(Tool):
    shortcut = "N"
    name, status = TOOL_WORDS[shortcut]
    places_points = True

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        x, y = self.snap(pos)
        zone_id = self.document.new_id("zone", "node")
        fill = FillStyle(colour=next_zone_fill(self.document.map))
        zone = Zone(id=zone_id, name=f"Node {zone_id.split('-')[-1]}", shape=NodeShape(x=x, y=y), fill=fill)
        self.document.undo_stack.push(AddObject(self.document, "zone", zone))
        self.document.select([("zone", zone_id)])
        return True
