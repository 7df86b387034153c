"""The background picture as a scene item under the map layer, in every scene (the GM's and
the players'), drawn by render/ like the export draws it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.render.background import background_image, background_rect, paint_background
from tabletop.render.paint import zone_path
from tabletop.render.style import MapStyle


class BackgroundItem(QGraphicsItem):
    def __init__(self, document: MapDocument, style: MapStyle, players: bool = False) -> None:
        """`players`: the picture is cut out under hidden zones (a traced secret room must not
        show through on the projector)."""
        super().__init__()
        self.document, self.style, self.players = document, style, players
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
        if self.players:
            hidden = QPainterPath()
            for zone in self.document.map.zones:
                if zone.hidden:
                    hidden.addPath(zone_path(zone))
            if not hidden.isEmpty():
                shown = QPainterPath()
                shown.addRect(self._bounds)
                painter.setClipPath(shown.subtracted(hidden), Qt.ClipOperation.IntersectClip)
        paint_background(painter, self.document.map, self.base_dir(), self.style)
