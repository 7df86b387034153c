"""What the players see, outlined on the GM's map: a dashed frame the GM can drag by its edge
to move the players' view, without touching the map under it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

GRIP = 7
"""How close to the frame, in screen pixels, a press takes hold of it."""
COLOUR = QColor("#7b1fa2")
"""Apart from the map's palette and the selection's blue."""


class PlayerOutline(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.rect = QRectF(rect)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4) if not self.rect.isEmpty() else QRectF()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pen = QPen(COLOUR, 3, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)  # the same on screen at every zoom
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self.rect)

    def on_edge(self, view: QGraphicsView, point: QPointF) -> bool:
        """Whether a viewport point is on the frame (within GRIP pixels of it, inside or out)."""
        if self.rect.isEmpty() or not self.isVisible():
            return False
        frame = view.mapFromScene(self.rect).boundingRect()
        outer = QRectF(frame).adjusted(-GRIP, -GRIP, GRIP, GRIP)
        inner = QRectF(frame).adjusted(GRIP, GRIP, -GRIP, -GRIP)
        return outer.contains(point) and not inner.contains(point)
