"""Scene items: each holds an id, asks the document for its object and paints it with render/.

Items never write the model. `sync()` is called by the scene when the document says the
object changed; it only refreshes cached geometry.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem

from tabletop.document import MapDocument
from tabletop.render.geometry import TOKEN_RADIUS, border_line, grid_rect, token_spots
from tabletop.render.paint import (
    paint_border,
    paint_grid,
    paint_reach_area,
    paint_reach_zone,
    paint_token,
    paint_zone,
    zone_path,
)
from tabletop.render.style import DETAIL_SCALE, MapStyle

STYLE = MapStyle()


def detail_for(painter: QPainter) -> bool:
    """Whether the current zoom shows labels, badges and antialiasing (level of detail)."""
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    detail = scale >= DETAIL_SCALE
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, detail)
    return detail


class MapItem(QGraphicsRectItem):
    """An item for one map object, known by kind and id. Its bounds live in Qt's own rect
    (no pen, no brush), so Qt never calls into Python for them: a frame of cached items
    then runs without Python."""

    kind = ""

    def __init__(self, document: MapDocument, object_id: str) -> None:
        super().__init__()
        self.document, self.object_id = document, object_id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        # Qt keeps each item's strokes as a pixmap at the current zoom, so panning and
        # repainting around a dragged token redraw pixmaps, not labels and badges.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPen(Qt.PenStyle.NoPen)
        self.sync()

    def model(self):
        return self.document.get(self.kind, self.object_id)

    def sync(self) -> None:
        raise NotImplementedError


class ZoneItem(MapItem):
    kind = "zone"

    def sync(self) -> None:
        self.prepareGeometryChange()
        self._path = zone_path(self.model())
        zone = self.model()
        side = 160 if zone.shape.kind == "node" else 12  # node labels sit outside the disc
        self.setRect(self._path.boundingRect().adjusted(-side, -40, side, 12))
        self.update()

    def shape(self) -> QPainterPath:
        return self._path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_zone(painter, self.model(), STYLE, detail_for(painter), self.isSelected())


def _box(zone) -> tuple[float, float, float, float]:
    if zone.shape.kind == "node":
        r = zone.shape.radius
        return (zone.shape.x - r, zone.shape.y - r, zone.shape.x + r, zone.shape.y + r)
    xs = [x for x, _ in zone.shape.points]
    ys = [y for _, y in zone.shape.points]
    return (min(xs), min(ys), max(xs), max(ys))


class BorderItem(MapItem):
    """A border, whose exact line (the shared edge) is worked out when first drawn or hit:
    opening a map of thousands of borders only needs their rough bounds."""

    kind = "border"

    def sync(self) -> None:
        border = self.model()
        a, b = self.document.get("zone", border.a), self.document.get("zone", border.b)
        self.prepareGeometryChange()
        self._line_cache = None
        self._shape_cache = None
        (al, at, ar, ab), (bl, bt, br, bb) = _box(a), _box(b)
        left, top, right, bottom = max(al, bl), max(at, bt), min(ar, br), min(ab, bb)
        if right < left or bottom < top or a.shape.kind == "node" or b.shape.kind == "node":
            (xa, ya), (xb, yb) = a.shape.centre(), b.shape.centre()
            left, top, right, bottom = min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb)
        rough = QRectF(left, top, right - left, bottom - top)  # the shared edge lies in both boxes
        self.setRect(rough.adjusted(-45, -18, 45, 18))
        self.update()

    @property
    def line(self):
        if self._line_cache is None:
            border = self.model()
            self._line_cache = border_line(
                border, self.document.get("zone", border.a), self.document.get("zone", border.b)
            )
        return self._line_cache

    def shape(self) -> QPainterPath:
        if self._shape_cache is None:
            path = QPainterPath()
            for (x1, y1), (x2, y2) in self.line.segments:
                path.moveTo(x1, y1)
                path.lineTo(x2, y2)
            x, y = self.line.anchor
            self._shape_cache = QPainterPathStroker(QPen(STYLE.border, 12)).createStroke(path)
            self._shape_cache.addRect(QRectF(x - 40, y - 16, 80, 32))
        return self._shape_cache

    def paint(self, painter: QPainter, option, widget=None) -> None:
        detail = detail_for(painter)
        paint_border(painter, self.line, STYLE, detail, self.isSelected(), border=self.model() if detail else None)


class TokenItem(MapItem):
    kind = "token"
    dragging = False
    """While dragged the token follows the cursor instead of its zone's layout."""

    def sync(self) -> None:
        spots = token_spots(self.document.map, lambda zone_id: self.document.get("zone", zone_id))
        self.place(spots.get(self.object_id))

    def place(self, spot: tuple[float, float] | None) -> None:
        """Move to a spot the scene worked out for all tokens at once (None: off the map)."""
        self.setVisible(spot is not None or self.dragging)
        if spot is not None and not self.dragging:
            self.setPos(QPointF(*spot))
        r = TOKEN_RADIUS
        self.setRect(QRectF(-3 * r, -2.2 * r, 6 * r, 4.6 * r))
        self.update()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), TOKEN_RADIUS + 2, TOKEN_RADIUS + 2)
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_token(painter, self.model(), (0.0, 0.0), STYLE, detail_for(painter), self.isSelected())


class GridItem(MapItem):
    kind = "grid"

    def sync(self) -> None:
        x, y, w, h = grid_rect(self.model())
        self.prepareGeometryChange()
        self.setRect(QRectF(x - 4, y - 4, w + 8, h + 3 * self.model().area_size))
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        grid = self.model()
        paint_grid(painter, grid, self.document.terrain(grid.id), STYLE, detail_for(painter))


class ReachOverlay(QGraphicsItem):
    """The zones or areas a dragged token can reach, with their cost: plain data from rules."""

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.zones: list[tuple[str, int]] = []
        self.areas: list[tuple[tuple[int, int], int]] = []
        self.grid_id: str | None = None
        self.setZValue(2)
        self.setAcceptedMouseButtons(self.acceptedMouseButtons().NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # unchanged during a drag
        self._bounds = QRectF()

    def show_zones(self, zones: list[tuple[str, int]]) -> None:
        self.zones, self.areas, self.grid_id = zones, [], None
        self._refit()

    def show_areas(self, grid_id: str, areas: list[tuple[tuple[int, int], int]]) -> None:
        self.zones, self.areas, self.grid_id = [], areas, grid_id
        self._refit()

    def clear(self) -> None:
        self.zones, self.areas, self.grid_id = [], [], None
        self._refit()

    def _refit(self) -> None:
        rect = QRectF()
        for zone_id, _ in self.zones:
            rect = rect.united(zone_path(self.document.get("zone", zone_id)).boundingRect())
        if self.grid_id is not None:
            x, y, w, h = grid_rect(self.document.get("grid", self.grid_id))
            rect = rect.united(QRectF(x, y, w, h))
        self.prepareGeometryChange()
        self._bounds = rect.adjusted(-20, -20, 20, 60)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for zone_id, cost in self.zones:
            paint_reach_zone(painter, self.document.get("zone", zone_id), cost, STYLE)
        if self.grid_id is not None:
            grid = self.document.get("grid", self.grid_id)
            for area, cost in self.areas:
                paint_reach_area(painter, grid, area, cost, STYLE)
