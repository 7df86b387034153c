"""What only the GM's editor shows over the map: the selection's marks and the reach of a
dragged token. Neither is ever drawn in the players' picture."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document import MapDocument
from tabletop.geometry.single.shapes import grid_rect
from tabletop.geometry.whole.boxes import BADGE_HALF
from tabletop.geometry.whole.tables import box_array
from tabletop.render.arrangement import Arrangement
from tabletop.render.paint import paint_reach_area, paint_selection
from tabletop.render.reach_paint import paint_reach_number, paint_reach_zone
from tabletop.render.style import MapStyle
from tabletop.render.zone_paint import zone_path
from tabletop.ui.scene.items import detail_for

if TYPE_CHECKING:
    import numpy as np


class ReachOverlay(QGraphicsItem):
    """The zones or areas a dragged token can reach, with their cost: plain data from rules.
    Each cost is written where the scene's `arrangement` finds it room in its zone, and moves
    when the tokens, names or badges there do (the token's drag moves it from zone to zone).
    The costs are painted by `numbers`, an item over the tokens: in a room too small to hold
    a number clear of a disc, the number is read over the disc, never hidden under it."""

    def __init__(self, document: MapDocument, style: MapStyle, arrangement: Arrangement) -> None:
        super().__init__()
        self.document, self.style, self.arrangement = document, style, arrangement
        self.zones: list[tuple[str, int]] = []
        self.areas: list[tuple[tuple[int, int], int]] = []
        self.grid_id: str | None = None
        self.setZValue(2)
        self.setAcceptedMouseButtons(self.acceptedMouseButtons().NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # unchanged during a drag
        self._bounds = QRectF()
        self.listeners: list[Callable[[ReachOverlay], None]] = []
        """Told each time the reach changes (the players' window shows it too)."""
        self.numbers = ReachNumbers(self)
        document.edited.connect(self._edited)

    def itemChange(self, change, value):
        if change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:  # the numbers go where the tints go
            if self.numbers.scene() is not None:
                self.numbers.scene().removeItem(self.numbers)
            if value is not None:
                value.addItem(self.numbers)
        return super().itemChange(change, value)

    def _edited(self, change) -> None:
        if self.zones:  # a cost keeps clear of what the edit may have moved in its zone
            self.update()
            self.numbers.update()

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
        self.numbers.prepareGeometryChange()
        self._bounds = rect.adjusted(-20, -20, 20, 60)
        self.update()
        self.numbers.update()
        for listener in self.listeners:
            listener(self)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for zone_id, _ in self.zones:
            paint_reach_zone(painter, self.document.get("zone", zone_id), None, self.style)
        if self.grid_id is not None:
            grid = self.document.get("grid", self.grid_id)
            for area, cost in self.areas:
                paint_reach_area(painter, grid, area, cost, self.style)


class ReachNumbers(QGraphicsItem):
    """A reach overlay's costs, over the tokens (each where the arrangement places it)."""

    def __init__(self, overlay: ReachOverlay) -> None:
        super().__init__()
        self.overlay = overlay
        self.setZValue(3.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.overlay.boundingRect()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        overlay = self.overlay
        for zone_id, cost in overlay.zones:
            paint_reach_number(painter, overlay.arrangement.reach_number(zone_id, cost), overlay.style)


CULL_FROM = 200
"""Marks past this many are first culled to the part of the canvas being painted."""


class SelectionMarks(QGraphicsItem):
    """The selected zones' outlines and borders, drawn over the map layer in the selection
    colour: selecting never repaints the layer's tiles."""

    def __init__(self, document: MapDocument, style: MapStyle, arrangement: Arrangement) -> None:
        super().__init__()
        self.document, self.style, self.arrangement = document, style, arrangement
        self.marked: list[tuple[str, str]] = []
        self._boxes: np.ndarray | None = None
        """Each marked object's box, in the order of `marked` (numpy waits for a selection: the
        window starts without it)."""
        self.setZValue(1.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # the exposed part, for paint
        self._bounds = QRectF()

    def refresh(self) -> None:
        """What is marked, each mark's box (an array, for paint to cull with) and their bounds."""
        self.prepareGeometryChange()
        if not self.document.selection:
            self.marked, self._boxes, self._bounds = [], None, QRectF()
            self.update()
            return
        import numpy as np

        layout = self.document.layout
        keys = layout.boxes
        self.marked, self._boxes = box_array(keys, self.document.selection)
        zones = {object_id for kind, object_id in self.marked if kind == "zone"}
        if len(zones) > CULL_FROM:  # by their ends, in one pass: a whole 100k map is 250k borders
            touched = [("border", b) for b in self.document.borders_touching_all(zones)]
        else:
            touched = [("border", b) for zone_id in zones for b in layout.borders_at.get(zone_id, ())]
        around = np.concatenate((self._boxes, box_array(keys, touched)[1]))  # their badges are drawn again
        rect = QRectF()
        if len(around):
            left, top = around[:, 0].min(), around[:, 1].min()
            rect = QRectF(left, top, around[:, 2].max() - left, around[:, 3].max() - top)
        self._bounds = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        """The marks of what the exposed part shows (with room for a badge and the pen): a
        frame of a whole map selected, or a hover's repaint, strokes only what it shows."""
        marked = self.marked
        if len(marked) > CULL_FROM:
            import numpy as np

            reach_x, reach_y = 2 * BADGE_HALF[0], 2 * BADGE_HALF[1]
            exposed = option.exposedRect
            left, top = exposed.left() - reach_x, exposed.top() - reach_y
            right, bottom = exposed.right() + reach_x, exposed.bottom() + reach_y
            boxes = self._boxes
            inside = (boxes[:, 0] <= right) & (boxes[:, 2] >= left) & (boxes[:, 1] <= bottom) & (boxes[:, 3] >= top)
            if not inside.all():
                marked = [marked[k] for k in np.flatnonzero(inside).tolist()]
        paint_selection(painter, self.document.layout, marked, self.style, detail_for(painter), self.arrangement.badge)
