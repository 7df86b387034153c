"""Joining zones with borders: drag from one zone to another. The Edit menu also offers to
join every pair of polygon zones that share an edge."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject
from tabletop.geometry.shapes import shared_edges
from tabletop.model import Border
from tabletop.ui.tools.base import Tool


def add_border(document: MapDocument, a: str, b: str) -> str | None:
    """A new border of pass value 1 between two zones, unless they are already joined."""
    if a == b or any({x.a, x.b} == {a, b} for x in document.borders_of(a)):
        return None
    border_id = document.new_id("border", "border")
    document.undo_stack.push(AddObject(document, "border", Border(id=border_id, a=a, b=b)))
    return border_id


def join_touching_zones(document: MapDocument) -> int:
    """Borders for every pair of polygon zones sharing an edge and not yet joined; one undo step."""
    polygons = [z for z in document.map.zones if z.shape.kind == "polygon"]
    joined = {frozenset((b.a, b.b)) for b in document.map.borders}
    pairs = []
    for i, a in enumerate(polygons):
        ax = [x for x, _ in a.shape.points]
        ay = [y for _, y in a.shape.points]
        for b in polygons[i + 1 :]:
            bx = [x for x, _ in b.shape.points]
            by = [y for _, y in b.shape.points]
            if max(ax) < min(bx) or max(bx) < min(ax) or max(ay) < min(by) or max(by) < min(ay):
                continue
            if frozenset((a.id, b.id)) not in joined and shared_edges(a.shape.points, b.shape.points):
                pairs.append((a.id, b.id))
    if pairs:
        document.undo_stack.beginMacro(f"Join {len(pairs)} pairs of touching zones")
        for a, b in pairs:
            add_border(document, a, b)
        document.undo_stack.endMacro()
    return len(pairs)


class BorderTool(Tool):
    name, shortcut = "Connect zones", "B"
    status = "Drag from one zone to another to join them with a border"

    def __init__(self, document, scene, view) -> None:
        super().__init__(document, scene, view)
        self.line = QGraphicsLineItem()
        pen = QPen(Qt.GlobalColor.darkRed, 3, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.line.setPen(pen)
        self.line.setZValue(10)
        self.line.hide()
        self._from: str | None = None

    def activate(self) -> None:
        if self.line.scene() is None:
            self.scene.addItem(self.line)

    def deactivate(self) -> None:
        self.line.hide()
        if self.line.scene() is not None:
            self.scene.removeItem(self.line)

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._from = self.scene.zone_at(pos)
        if self._from is not None:
            centre = self.document.get("zone", self._from).shape.centre()
            self.line.setLine(QLineF(QPointF(*centre), pos))
            self.line.show()
        return True

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._from is None:
            return False
        line = self.line.line()
        line.setP2(pos)
        self.line.setLine(line)
        return True

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._from is None:
            return False
        self.line.hide()
        target = self.scene.zone_at(pos)
        start, self._from = self._from, None
        if target is not None:
            border_id = add_border(self.document, start, target)
            if border_id:
                self.document.select([("border", border_id)])
        return True
