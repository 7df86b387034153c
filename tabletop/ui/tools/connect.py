"""Joining zones with borders: drag from one zone to another. The Edit menu also offers to
join every pair of polygon zones that share an edge."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject, Batch
from tabletop.geometry.shapes import shared_edges
from tabletop.model import Border, PolygonShape
from tabletop.model.kinds import Kind
from tabletop.ui.tools.base import Tool


def add_border(document: MapDocument, a: str, b: str) -> str | None:
    """A new border of pass value 1 between two zones, unless they are already joined."""
    if a == b or any({x.a, x.b} == {a, b} for x in document.borders_of(a)):
        return None
    border_id = document.new_id("border", "border")
    document.undo_stack.push(AddObject(document, "border", Border(id=border_id, a=a, b=b)))
    return border_id


def touching_pairs(document: MapDocument) -> list[tuple[str, str]]:
    """Pairs of polygon zones that share an edge and have no border yet, in map order. Each
    zone is compared only with the zones the bucket index finds around it, so a 10k-zone
    map takes a second, not the minutes of every pair."""
    layout = document.layout
    joined = {frozenset((b.a, b.b)) for b in document.map.borders}
    pairs = []
    for a in document.map.zones:
        if not isinstance(a.shape, PolygonShape):
            continue
        xs, ys = [x for x, _ in a.shape.points], [y for _, y in a.shape.points]
        found = layout.find((min(xs), min(ys), max(xs), max(ys)))
        near = [
            i
            for kind, i in found
            if kind == Kind.ZONE and document.position(Kind.ZONE, i) > document.position(Kind.ZONE, a.id)
        ]
        for b_id in document.in_map_order(Kind.ZONE, near):
            b = layout.zones[b_id]
            if not isinstance(b.shape, PolygonShape) or frozenset((a.id, b_id)) in joined:
                continue
            bx, by = [x for x, _ in b.shape.points], [y for _, y in b.shape.points]
            if max(xs) < min(bx) or max(bx) < min(xs) or max(ys) < min(by) or max(by) < min(ys):
                continue
            if shared_edges(a.shape.points, b.shape.points):
                pairs.append((a.id, b_id))
    return pairs


def join_touching_zones(document: MapDocument) -> int:
    """Borders for every pair of polygon zones sharing an edge and not yet joined; one undo step."""
    pairs = touching_pairs(document)
    if pairs:
        borders = []
        for n, (a, b) in enumerate(pairs):
            border_id = document.new_id("border", "border") if n == 0 else _next_id(document, borders[-1].id)
            borders.append(Border(id=border_id, a=a, b=b))
        adds = [AddObject(document, Kind.BORDER, border) for border in borders]
        document.undo_stack.push(Batch(f"Join {len(pairs)} pairs of touching zones", adds))
    return len(pairs)


def _next_id(document: MapDocument, last: str) -> str:
    """The next free border id after `last` (ids are handed out before any is added)."""
    prefix, n = last.rsplit("-", 1)
    n = int(n) + 1
    while document.get(Kind.BORDER, f"{prefix}-{n}") is not None:
        n += 1
    return f"{prefix}-{n}"


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
        self._from = self.document.zone_at(pos.x(), pos.y())
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
        target = self.document.zone_at(pos.x(), pos.y())
        start, self._from = self._from, None
        if target is not None:
            border_id = add_border(self.document, start, target)
            if border_id:
                self.document.select([("border", border_id)])
        return True
