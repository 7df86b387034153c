"""Scene items: tokens and grids each hold an id, ask the document for their object and paint
it with render/; zones and borders are painted by the MapLayer, and marked when selected by
the SelectionMarks item.

Items never write the model. `sync()` is called by the scene when the document says the
object changed; it only refreshes cached geometry.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem

from tabletop.document import MapDocument
from tabletop.geometry.layout import MapLayout
from tabletop.geometry.shapes import TOKEN_RADIUS, grid_rect, token_spots
from tabletop.render.badge_paint import paint_badge
from tabletop.render.paint import (
    paint_border,
    paint_grid,
    paint_reach_area,
    paint_reach_zone,
    paint_token,
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


class SelectionMarks(QGraphicsItem):
    """The selected zones' outlines and borders, drawn over the map layer in the selection
    colour: selecting never repaints the layer's tiles."""

    def __init__(self, document: MapDocument) -> None:
        super().__init__()
        self.document = document
        self.layout: MapLayout | None = None
        self.marked: list[tuple[str, str]] = []
        self.setZValue(1.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._bounds = QRectF()

    def refresh(self, layout: MapLayout | None) -> None:
        self.layout = layout
        keys = layout.boxes if layout is not None else {}
        self.marked = [key for key in self.document.selection if key in keys]
        rect = QRectF()
        for key in self.marked:
            left, top, right, bottom = keys[key]
            rect = rect.united(QRectF(left, top, right - left, bottom - top))
        self.prepareGeometryChange()
        self._bounds = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.layout is None:
            return
        detail = detail_for(painter)
        pen = QPen(STYLE.selection, 3.0)
        pen.setCosmetic(not detail)
        for kind, object_id in self.marked:
            if kind == "zone":
                painter.strokePath(zone_path(self.layout.zones[object_id]), pen)
            else:
                line = self.layout.lines[object_id]
                paint_border(painter, line, STYLE, selected=True)
                if detail:
                    paint_badge(painter, self.layout.borders[object_id], line, STYLE)
