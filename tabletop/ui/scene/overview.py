"""The zoomed-out view of a big map, drawn from one cached image instead of every item.

Below OVERVIEW_SCALE on a map of more than BIG_MAP zones and borders, the zone and border
items are hidden and this item shows a picture of them made once (made at once when first
zoomed out, since a frame of every item costs more; remade when idle after an edit).
Tokens and overlays stay live items above it.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.render.geometry import map_bounds
from tabletop.render.paint import paint_map
from tabletop.render.style import DETAIL_SCALE, MapStyle

OVERVIEW_SCALE = DETAIL_SCALE  # below it items would draw without labels anyway
BIG_MAP = 3000
IMAGE_SIDE = 3072


class OverviewItem(QGraphicsItem):
    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.image: QImage | None = None
        self._rect = QRectF()
        self.setZValue(0.5)
        self.setVisible(False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # scale the picture once per zoom

    def boundingRect(self) -> QRectF:
        return self._rect

    def stale(self) -> None:
        self.image = None

    def render(self) -> None:
        """Paint zones and borders, without labels, into the cached image."""
        x, y, w, h = map_bounds(self.document.map, margin=0)
        scale = IMAGE_SIDE / max(w, h)
        image = QImage(max(1, round(w * scale)), max(1, round(h * scale)), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(MapStyle().paper)
        painter = QPainter(image)
        painter.scale(scale, scale)
        painter.translate(-x, -y)
        shown = self.document.map.model_copy(update={"tokens": [], "grids": []})
        paint_map(painter, shown, MapStyle(), detail=False)
        painter.end()
        self.prepareGeometryChange()
        self._rect = QRectF(x, y, w, h)
        self.image = image
        self.update()  # also drops the cached pixmap

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.image is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(self._rect, self.image)


class OverviewSwitch:
    """Decides, on every zoom and edit, whether the scene shows items or the overview."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.item = OverviewItem(scene.document)
        scene.addItem(self.item)
        self.wanted = False
        self.on = False
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._prepare)

    def big(self) -> bool:
        map_ = self.scene.document.map
        return len(map_.zones) + len(map_.borders) > BIG_MAP

    def zoomed(self, scale: float) -> None:
        self.wanted = self.big() and scale < OVERVIEW_SCALE
        if not self.wanted:
            self._show(False)
        else:
            if self.item.image is None:  # drawing every item once costs more than the picture
                self.item.render()
            self._show(True)

    def edited(self) -> None:
        self.item.stale()
        if self.wanted:
            self._timer.start(0)

    def _prepare(self) -> None:
        if self.wanted:
            self.item.render()
            self._show(True)

    def _show(self, on: bool) -> None:
        if on == self.on:
            return
        self.on = on
        self.item.setVisible(on)
        for (kind, _), item in self.scene.items_by_key.items():
            if kind in ("zone", "border"):
                item.setVisible(not on)
