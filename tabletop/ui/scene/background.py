"""The background picture as a scene item under the map layer, in every scene (the GM's and
the players'), drawn by render/ like the export draws it.

While the GM tries a place, scale or opacity (the Set Background Image dialog's fields, a drag
in the Adjust Background mode), the GM's item shows that Preview instead: the map window
follows every change at once, and nothing is an edit until the GM settles on it."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.render.background import Cover, background_image, background_rect, paint_background, players_cover
from tabletop.render.style import MapStyle
from tabletop.rules.visibility import LIVE

PLACE_DECIMALS = 2
"""The decimals of the picture's place (map units) the dialog shows and a drag keeps: a place
set on the canvas reads the same in the dialog, and its OK changes nothing."""
SCALE_DECIMALS = 4
"""The decimals of its scale (map units per pixel), likewise: a 4000-pixel scan at 0.05 units
per pixel is then placed to within half a unit."""


class Preview(NamedTuple):
    """A picture tried at a place (its top-left, map units), a scale (map units per pixel) and
    an opacity (0 to 1): shown, not yet the map's."""

    image: QImage
    x: float
    y: float
    scale: float
    opacity: float


class BackgroundItem(QGraphicsItem):
    def __init__(self, document: MapDocument, style: MapStyle, players: bool = False) -> None:
        """`players`: the picture is drawn with nothing of it under hidden zones, fogged zones
        and fogged grid areas (a traced secret room must not show through on the projector)."""
        super().__init__()
        self.document, self.style, self.players = document, style, players
        self.preview: Preview | None = None
        self._bounds = QRectF()
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def base_dir(self):
        return self.document.path.parent if self.document.path else None

    def image(self) -> QImage | None:
        """The map's own picture, decoded (from the cache after the first time); None when the
        map has none or it cannot be drawn."""
        return background_image(self.document.map, self.base_dir())

    def show_preview(self, preview: Preview | None) -> None:
        """Show this try instead of the map's picture; None shows the map's own again."""
        self.preview = preview
        self.refresh()

    def refresh(self) -> None:
        """The map's picture, place or scale changed (or another map was opened), or the preview."""
        if self.preview is not None:
            bounds = background_rect(self.preview, self.preview.image)
        else:
            image = self.image()
            bounds = QRectF() if image is None else background_rect(self.document.map.background, image)
        self.prepareGeometryChange()
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.preview is None or self.players:  # a try is the GM's alone
            cover = self._cover() if self.players else ()
            paint_background(painter, self.document.map, self.base_dir(), self.style, cover=cover)
            return
        painter.setOpacity(painter.opacity() * self.preview.opacity)  # as paint_background draws it
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(self._bounds, self.preview.image)

    def _cover(self) -> Cover:
        """What the players must not see of the picture: hidden zones and the fog they were
        last sent (the scene's). Worked out at each paint (the map is edited in place, and the
        scene repaints this item when zones change); the masked copy is kept for the same cover."""
        return players_cover(self.document.map, getattr(self.scene(), "fog", LIVE))
