"""The grids' legend on the canvas, under the map's encounter grids, drawn by render/legend.py
as every export draws it. The View menu shows or hides it; it follows every grid edit."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.geometry.single.shapes import grid_rect
from tabletop.model.kinds import Kind
from tabletop.render.legend import legend_entries, legend_size, paint_legend
from tabletop.render.style import MapStyle


class LegendItem(QGraphicsItem):
    def __init__(self, document: MapDocument, style: MapStyle) -> None:
        super().__init__()
        self.document, self.style = document, style
        self.entries: list[str] = []
        self.corner = (0.0, 0.0)
        self.row = 40.0
        self.width = 600.0
        self._bounds = QRectF()
        self.setZValue(2.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        document.edited.connect(lambda change: change.kind is Kind.GRID and self.refresh())
        document.reset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """In the room the map keeps under its grids: under the lowest, from the left of the
        leftmost, as wide as they are, its lines a little less than an area tall."""
        grids = self.document.map.grids
        self.entries = legend_entries(self.document.map)
        rects = [grid_rect(grid) for grid in grids]
        bounds = QRectF()
        if self.entries and rects:
            area = max(grid.area_size for grid in grids)
            self.row = area * 0.7
            left = min(x for x, _, _, _ in rects)
            self.width = max(x + w for x, _, w, _ in rects) - left
            self.corner = (left, max(y + h for _, y, _, h in rects) + area * 0.25)
            width, height = legend_size(None, self.entries, self.row, self.width)
            # the guess wraps no later than the painting does: as tall, and never wider than the grids and a line
            bounds = QRectF(*self.corner, max(width, self.width) + self.row * 4, height).adjusted(-4, -4, 4, 4)
        self.prepareGeometryChange()
        self._bounds = bounds
        self.update()
        scene = self.scene()
        if scene is not None and not bounds.isEmpty() and not scene.sceneRect().contains(bounds):
            scene.setSceneRect(scene.sceneRect().united(bounds.adjusted(-200, -200, 200, 200)))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.entries:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            paint_legend(painter, self.entries, *self.corner, self.row, self.width, self.style)
