"""The ring Check Map puts round the place two zones both cover, on the GM's map only.

Rooms that overlap by a sliver (a corner dragged a fraction of a unit into a neighbour) show
nothing at any zoom that shows the rooms, and the selection outlines both rooms whole: the ring,
the same size on screen at every zoom, says where to look. The players' window has a scene of
its own and never shows it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from tabletop.geometry.whole.tables import Box

RING = 22.0
"""The ring's radius in pixels: round a sliver, clear of the selection's outline."""
RING_INK = QColor("#e53935")
HALO = QColor(255, 255, 255, 220)
"""Under the ring, so it reads on a dark fill and a light one alike."""


class FindingMark(QGraphicsItem):
    """Hidden until `show_at` a box of the map; a ring of RING pixels round its middle."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(4)  # over the map, the selection and the tokens
        self.setVisible(False)

    def show_at(self, box: Box) -> None:
        left, top, right, bottom = box
        self.setPos(QPointF((left + right) / 2, (top + bottom) / 2))
        self.setVisible(True)

    def boundingRect(self) -> QRectF:
        return QRectF(-RING - 4, -RING - 4, 2 * RING + 8, 2 * RING + 8)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in ((HALO, 6.0), (RING_INK, 3.0)):
            painter.setPen(QPen(colour, width))
            painter.drawEllipse(QPointF(0, 0), RING, RING)
