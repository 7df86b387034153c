"""MapLayer: all zones and borders as one item, painted in cached tiles.

Ten thousand zone and border items cost seconds to make and a Python call each per frame.
This item instead paints square tiles of the screen at the current zoom, each holding the
zones and borders the layout finds there, and keeps them: a frame is a few dozen pixmap
copies. An edit drops only the tiles under the edited object. While the wheel turns, tiles
of another zoom stand in, scaled, until the zoom rests and crisp tiles are painted.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from tabletop.document import MapDocument
from tabletop.geometry.layout import Box, MapLayout
from tabletop.render.paint import paint_region
from tabletop.render.style import DETAIL_SCALE, MapStyle

TILE = 256
"""Tile side in screen pixels: small enough that an edit repaints little, large enough that
a full-screen frame is a few dozen copies."""
CACHE_TILES = 1200
"""About 300 MB of tiles: several screens at several zooms."""
SETTLE_MS = 180
"""How long the zoom must rest before stand-in tiles are replaced by crisp ones."""

STYLE = MapStyle()


def _level(scale: float) -> float:
    return round(scale, 6)


class MapLayer(QGraphicsItem):
    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.layout: MapLayout | None = None
        self._tiles: OrderedDict[tuple[float, int, int], QPixmap] = OrderedDict()
        self._rect = QRectF()
        self.quick = False
        """True while zooming: missing tiles are borrowed from another zoom, not painted."""
        self._settle = QTimer()
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._settled)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # -- content ---------------------------------------------------------------------------

    def reset(self, layout: MapLayout, bounds: QRectF) -> None:
        self.layout = layout
        self._tiles.clear()
        self.prepareGeometryChange()
        self._rect = bounds
        self.update()

    def grow_to(self, rect: QRectF) -> None:
        if not self._rect.contains(rect):
            self.prepareGeometryChange()
            self._rect = self._rect.united(rect)

    def dirty(self, boxes: list[Box]) -> None:
        """Drop the tiles, at every zoom, that show any of these map boxes."""
        rects = [QRectF(left, top, right - left, bottom - top) for left, top, right, bottom in boxes]
        for key in list(self._tiles):
            level, ix, iy = key
            tile = QRectF(ix * TILE / level, iy * TILE / level, TILE / level, TILE / level)
            if any(tile.intersects(rect) for rect in rects):
                del self._tiles[key]
        for rect in rects:
            self.update(rect.adjusted(-2, -2, 2, 2))

    def zooming(self) -> None:
        """Called on every zoom step: borrow tiles until the zoom rests."""
        self.quick = True
        self._settle.start()

    def _settled(self) -> None:
        self.quick = False
        self.update()

    # -- painting ----------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self.layout is None:
            return
        transform = painter.worldTransform()
        level = _level(transform.m11())
        if level <= 0 or transform.isRotating():
            return
        # QGraphicsView.render() exposes the whole item; only what reaches the device is wanted
        device = QRectF(0, 0, painter.device().width(), painter.device().height())
        exposed = option.exposedRect.intersected(transform.inverted()[0].mapRect(device))
        if exposed.isEmpty():
            return
        x0, x1 = math.floor(exposed.left() * level / TILE), math.floor(exposed.right() * level / TILE)
        y0, y1 = math.floor(exposed.top() * level / TILE), math.floor(exposed.bottom() * level / TILE)
        painter.save()
        painter.setWorldTransform(QTransform())  # tiles are in screen pixels already
        dx, dy = transform.dx(), transform.dy()
        borrowed = []
        for iy in range(y0, y1 + 1):
            for ix in range(x0, x1 + 1):
                pixmap = self._tile(level, ix, iy)
                if pixmap is None:
                    borrowed.append((ix, iy))
                else:
                    painter.drawPixmap(QPointF(ix * TILE + dx, iy * TILE + dy), pixmap)
        painter.restore()
        if borrowed:
            self._borrow(painter, level, borrowed)

    def _tile(self, level: float, ix: int, iy: int) -> QPixmap | None:
        key = (level, ix, iy)
        pixmap = self._tiles.get(key)
        if pixmap is not None:
            self._tiles.move_to_end(key)
            return pixmap
        if self.quick and self._tiles:
            return None
        pixmap = self._render(level, ix, iy)
        self._tiles[key] = pixmap
        while len(self._tiles) > CACHE_TILES:
            self._tiles.popitem(last=False)
        return pixmap

    def _render(self, level: float, ix: int, iy: int) -> QPixmap:
        side = TILE / level
        box = (ix * side, iy * side, (ix + 1) * side, (iy + 1) * side)
        found = self.layout.find(box)
        order = self.document.in_map_order
        zones = order("zone", [i for k, i in found if k == "zone"])
        borders = order("border", [i for k, i in found if k == "border"])
        pixmap = QPixmap(TILE, TILE)
        pixmap.fill(Qt.GlobalColor.transparent)
        if zones or borders:
            detail = level >= DETAIL_SCALE
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, detail)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            painter.translate(-ix * TILE, -iy * TILE)
            painter.scale(level, level)
            paint_region(painter, self.layout, zones, borders, STYLE, detail)
            painter.end()
        return pixmap

    def _borrow(self, painter: QPainter, level: float, missing: list[tuple[int, int]]) -> None:
        """Stand-ins while zooming: the nearest zoom's tiles that cover the missing ones, scaled."""
        levels = {key[0] for key in self._tiles}
        if not levels:
            return
        near = min(levels, key=lambda other: abs(math.log(other / level)))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        side = TILE / near
        for ix, iy in missing:
            want = QRectF(ix * TILE / level, iy * TILE / level, TILE / level, TILE / level)
            painter.save()
            painter.setClipRect(want, Qt.ClipOperation.IntersectClip)
            for jx in range(math.floor(want.left() / side), math.floor(want.right() / side) + 1):
                for jy in range(math.floor(want.top() / side), math.floor(want.bottom() / side) + 1):
                    pixmap = self._tiles.get((near, jx, jy))
                    if pixmap is not None:
                        painter.drawPixmap(QRectF(jx * side, jy * side, side, side), pixmap, QRectF(0, 0, TILE, TILE))
            painter.restore()
        painter.restore()
