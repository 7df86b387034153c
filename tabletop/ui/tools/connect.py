"""Joining zones with borders: drag from one zone to another. The Edit menu also offers to
join every pair of polygon zones that share an edge."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from tabletop.document import MapDocument
from tabletop.document.commands import AddMany, AddObject
from tabletop.model import Border
from tabletop.model.kinds import Kind
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS


def add_border(document: MapDocument, a: str, b: str) -> str | None:
    """A new border of pass value 1 between two zones, unless they are already joined."""
    if a == b or any({x.a, x.b} == {a, b} for x in document.borders_of(a)):
        return None
    border_id = document.new_id("border", "border")
    document.undo_stack.push(AddObject(document, "border", Border(id=border_id, a=a, b=b)))
    return border_id


def touching_pairs(document: MapDocument) -> list[tuple[str, str]]:
    """Pairs of polygon zones that share an edge and have no border yet, in map order,
    found through the document's bucket index."""
    joined = {frozenset((b.a, b.b)) for b in document.map.borders}
    pairs = document.layout.touching_pairs([z.id for z in document.map.zones])
    return [pair for pair in pairs if frozenset(pair) not in joined]


def join_touching_zones(document: MapDocument) -> int:
    """Borders for every pair of polygon zones sharing an edge and not yet joined; one undo step."""
    pairs = touching_pairs(document)
    if pairs:
        ids = _free_ids(document, "border", len(pairs))
        borders = [Border(id=i, a=a, b=b) for i, (a, b) in zip(ids, pairs, strict=True)]
        pairs_said = f"{len(pairs)} pair{'' if len(pairs) == 1 else 's'}"
        document.undo_stack.push(AddMany(document, Kind.BORDER, borders, f"Join {pairs_said} of touching zones"))
    return len(pairs)


def _free_ids(document: MapDocument, prefix: str, count: int) -> list[str]:
    """`count` border ids not yet used, handed out before any of them is added."""
    ids, n = [], 0
    while len(ids) < count:
        n += 1
        if document.get(Kind.BORDER, f"{prefix}-{n}") is None:
            ids.append(f"{prefix}-{n}")
    return ids


class BorderTool(Tool):
    shortcut = "B"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
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
        self._from = None
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
