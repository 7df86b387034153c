"""MapView: the canvas. Wheel zooms to the cursor, middle drag or space drag pans, and every
other mouse or key event goes to the active tool (a mode object)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QPolygonF, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

from tabletop.ui.tools.snapping import Snapping

if TYPE_CHECKING:  # the empty window's first frame shows the view before the map's scene is made
    from tabletop.ui.scene.map_scene import MapScene

MIN_SCALE, MAX_SCALE = 0.02, 12.0
LATTICE_SEEN_PX = 8.0
"""The lattice is drawn only where its dots stand at least this far apart on screen."""
LATTICE_DOTS = 40_000
"""More dots than this in one repaint is a view too far out to read them anyway."""
LATTICE_INK = QColor(55, 71, 79, 110)


class MapView(QGraphicsView):
    hovered = Signal(QPointF)
    left = Signal()
    """The mouse left the view: nothing is under it any more."""
    zoomed = Signal(float)

    def __init__(self, scene: MapScene | None = None) -> None:
        super().__init__(scene)
        self.map_scene = scene
        """The map's scene; None in the empty window's first frame, until `show_scene`."""
        self.tool = None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPointF | None = None
        self.ready: Callable[[], object] = lambda: None
        """Makes the window whole (its map's scene and tools) for an event that comes before."""
        self.first_whole = QRectF()
        """What `fit_map` fits before the map's scene is shown: the empty window's first map."""
        self._space = False
        self.snapping = Snapping(document=scene.document if scene is not None else None)
        """Where drawn points land, on the open map's lattice; the window gives it its settings
        (tools/snapping.py)."""

    def show_scene(self, scene: MapScene) -> None:
        """The map's scene in place of the one the empty window's first frame showed."""
        self.map_scene = scene
        self.setScene(scene)
        self.snapping.document = scene.document

    # -- zoom and pan ------------------------------------------------------------------------

    def scale_now(self) -> float:
        return self.transform().m11()

    def zoom(self, factor: float, anchor: QPointF | None = None) -> None:
        factor = max(MIN_SCALE, min(MAX_SCALE, self.scale_now() * factor)) / self.scale_now()
        anchor = anchor if anchor is not None else QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        self.scale(factor, factor)
        after = self.mapToScene(anchor.toPoint())
        self.translate(after.x() - before.x(), after.y() - before.y())
        self.zoomed.emit(self.scale_now())

    def bring_into_sight(self, rect: QRectF, within: QRect, share: float) -> None:
        """Show `rect` (map units) in the middle of `within` (the view's pixels: the part not
        covered by a dialog), at the zoom where it fills `share` of that part across or down,
        whichever it reaches first: whole, with what lies round it in sight. Within the view's
        zoom limits: a room a few units wide is shown at MAX_SCALE, never filling the view."""
        fits = min(
            within.width() * share / max(rect.width(), 1e-9),
            within.height() * share / max(rect.height(), 1e-9),
        )
        self.zoom(fits / self.scale_now())
        offset = QPointF(within.center() - self.viewport().rect().center()) / self.scale_now()
        self.centerOn(rect.center() - offset)

    def fit_map(self) -> None:
        """Fit the map itself (zones, grids, with room for labels) and its background picture,
        not the items' margins: a GM about to trace sees the whole picture."""
        if self.map_scene is None:  # the empty window's first map: fitted on every resize, so before the model
            if not self.first_whole.isEmpty():
                self.fitInView(self.first_whole, Qt.AspectRatioMode.KeepAspectRatio)
                self.zoomed.emit(self.scale_now())
            return
        from tabletop.geometry.single.shapes import map_bounds  # deferred: the model's, after the first frame

        document = self.map_scene.document
        x, y, w, h = map_bounds(document.map, margin=30, zone_extent=document.layout.zone_extent())
        whole = QRectF(x, y, w, h)
        picture = self.map_scene.background.boundingRect()
        if document.map.background is not None and not picture.isEmpty():
            whole = whole.united(picture) if document.map.zones or document.map.grids else picture
        self.fitInView(whole, Qt.AspectRatioMode.KeepAspectRatio)
        self.zoomed.emit(self.scale_now())

    def resizeEvent(self, event) -> None:
        """Until the map's scene is shown, the empty map stays fitted to whatever room the window
        gives (its saved size, then full screen): the first frame shows it as the whole window
        will, fitted once the window has its final size."""
        super().resizeEvent(event)
        if self.map_scene is None and not self.first_whole.isEmpty():
            self.fit_map()

    def centre_on(self, kind: str, object_id: str) -> None:
        """Bring a zone, border, token or grid to the middle of the view (a list's row chosen, a
        map check's finding)."""
        item = self.map_scene.items_by_key.get((kind, object_id))
        box = self.map_scene.document.layout.boxes.get((kind, object_id))
        if item is not None:
            self.centerOn(item.sceneBoundingRect().center())
        elif box is not None:
            left, top, right, bottom = box
            self.centerOn(QPointF((left + right) / 2, (top + bottom) / 2))

    def shows_whole_map(self) -> bool:
        """Whether all of the map is in sight now (a GM zoomed in on a corner has not)."""
        from tabletop.geometry.single.shapes import map_bounds  # deferred: the model's, after the first frame

        document = self.map_scene.document
        x, y, w, h = map_bounds(document.map, margin=0, zone_extent=document.layout.zone_extent())
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        return seen.contains(QRectF(x, y, w, h))

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        """The lattice, as dots, while a tool that places points is chosen and it is on: the
        GM sees where a click will land before making it."""
        if self.tool is None or not getattr(self.tool, "places_points", False) or not self.snapping.lattice:
            return
        step, scale = self.snapping.step, self.scale_now()
        if step * scale < LATTICE_SEEN_PX:
            return
        first_x, first_y = math.floor(rect.left() / step), math.floor(rect.top() / step)
        last_x, last_y = math.ceil(rect.right() / step), math.ceil(rect.bottom() / step)
        if (last_x - first_x + 1) * (last_y - first_y + 1) > LATTICE_DOTS:
            return
        pen = QPen(LATTICE_INK, 2.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.save()
        painter.setPen(pen)
        dots = [QPointF(i * step, j * step) for i in range(first_x, last_x + 1) for j in range(first_y, last_y + 1)]
        painter.drawPoints(QPolygonF(dots))
        painter.restore()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps and self.map_scene is not None:
            self.map_scene.layer.zooming()
            self.zoom(1.15**steps, event.position())

    # -- events to the tool --------------------------------------------------------------------

    def _on_map(self, event: QMouseEvent) -> QPointF:
        """Where on the map the event is, to a fraction of a pixel (a point placed with Ctrl
        lands where the cursor is, not on the pixel's corner)."""
        inverse, _ = self.viewportTransform().inverted()
        return inverse.map(event.position())

    def _tool_for(self, event: QMouseEvent | QKeyEvent):
        """The tool, told which keys are held with this event (Ctrl places a point freely); in
        the empty window's first moment, the window made whole first (`ready`), so it has one."""
        if self.tool is None:
            self.ready()
        if self.tool is not None:
            self.snapping.held = event.modifiers()
        return self.tool

    def mousePressEvent(self, event: QMouseEvent) -> None:
        left = event.button() == Qt.MouseButton.LeftButton
        if event.button() == Qt.MouseButton.MiddleButton or (self._space and left):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if self._tool_for(event) is None or not self.tool.press(event, self._on_map(event)):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = (event.position() - self._pan_from) / self.scale_now()
            self._pan_from = event.position()
            self.translate(delta.x(), delta.y())
            return
        pos = self._on_map(event)
        self.hovered.emit(pos)
        if self._tool_for(event) is None or not self.tool.move(event, pos):
            super().mouseMoveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        """The mouse leaving the map's viewport (onto a scroll bar too, which the view's own
        leave event does not tell) leaves nothing under it."""
        if event.type() == QEvent.Type.Leave:
            self.left.emit()
        return super().viewportEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            return
        if self._tool_for(event) is None or not self.tool.release(event, self._on_map(event)):
            super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self._tool_for(event) is None or not self.tool.double_click(event, self._on_map(event)):
            super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if self._tool_for(event) is None or not self.tool.key(event):
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)
