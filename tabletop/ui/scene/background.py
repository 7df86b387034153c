"""The background picture as a scene item under the map layer, in every scene (the GM's and
the players'), drawn by render/ like the export draws it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.render.background import background_image, background_rect, paint_background
from tabletop.render.style import MapStyle


class BackgroundItem(QGraphicsItem):
    def __init__(self, document: MapDocument, style: MapStyle) -> None:
        super().__init__()
        self.document, self.style = document, style
        self._bounds = QRectF()
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def base_dir(self):
        return self.document.path.parent if self.document.path else None

    def refresh(self) -> None:
        """The map's picture, place or scale changed (or another map was opened)."""
        image = background_image(self.document.map, self.base_dir())
        bounds = QRectF() if image is None else background_rect(self.document.map.background, image)
        self.prepareGeometryChange()
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_background(painter, self.document.map, self.base_dir(), self.style)
