"""Editing a polygon zone's vertices: drag a vertex, double-click an edge to insert one,
right-click a vertex (or hover it and press Delete) to remove it. Each gesture is one undo
step; a change that would leave the zone without area is refused.

Rooms drawn side by side share their corners exactly (drawing snaps to them), and a corner
moved in one room alone would pull that room over its neighbour and turn the border between
them into a link. So a corner another polygon shares moves, is added on a shared edge and is
removed in every room that has it, as one step; Shift held works on the chosen zone alone."""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document.commands import EditMany, EditObject
from tabletop.model import PolygonShape, Zone
from tabletop.model.kinds import Kind
from tabletop.model.zones import MIN_POLYGON_AREA, polygon_area
from tabletop.ui.tools.base import SNAP_PIXELS, Tool, on_map
from tabletop.ui.tools.names import TOOL_WORDS

SAME = 1e-9
"""Two corners closer than this are one corner: snapping makes shared corners equal."""

_gestures = itertools.count(1)


class Handles(QGraphicsItem):
    """Squares on the vertices of the zone being edited, a constant size on screen."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[tuple[float, float]] = []
        self.hot: int | None = None
        self.setZValue(20)
        self._bounds = QRectF()

    def show_points(self, points: list[tuple[float, float]], hot: int | None) -> None:
        self.prepareGeometryChange()
        self.points, self.hot = points, hot
        xs, ys = [x for x, _ in points] or [0.0], [y for _, y in points] or [0.0]
        self._bounds = QRectF(min(xs) - 50, min(ys) - 50, max(xs) - min(xs) + 100, max(ys) - min(ys) + 100)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        size = 5 / max(painter.worldTransform().m11(), 1e-6)
        painter.setPen(QPen(Qt.GlobalColor.white, 0))
        for i, (x, y) in enumerate(self.points):
            painter.setBrush(QBrush(Qt.GlobalColor.red if i == self.hot else Qt.GlobalColor.blue))
            painter.drawRect(QRectF(x - size, y - size, 2 * size, 2 * size))


def _same(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs(p[0] - q[0]) <= SAME and abs(p[1] - q[1]) <= SAME


def _drop(points: list[tuple[float, float]], index: int) -> None:
    del points[index]


def _more(others: list[tuple[Zone, list]]) -> str:
    names = [zone.label for zone, _ in others]
    return names[0] if len(names) == 1 else f"{len(names)} more zones"


def _valid(points: list[tuple[float, float]]) -> bool:
    return len(set(points)) >= 3 and polygon_area(points) >= MIN_POLYGON_AREA


class VertexTool(Tool):
    shortcut = "V"
    name, status = TOOL_WORDS[shortcut]
    places_points = True

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
        self.handles = Handles()
        self.dragging: int | None = None
        self.hot: int | None = None
        self._gesture = 0
        self._sharing: list[tuple[str, int]] = []
        """The other zones' corners that follow the one being dragged: (zone id, vertex index)."""

    def activate(self) -> None:
        if self.handles.scene() is None:
            self.scene.addItem(self.handles)
        self.document.edited.connect(self._refresh)
        self.document.selectionChanged.connect(self._refresh)
        self._refresh()

    def delete(self) -> bool:
        """Delete removes the vertex under the cursor, never the whole zone."""
        if self.hot is not None:
            self.remove_vertex(self.hot)
        return True

    def deactivate(self) -> None:
        self.dragging = None
        self.document.edited.disconnect(self._refresh)
        self.document.selectionChanged.disconnect(self._refresh)
        if self.handles.scene() is not None:
            self.scene.removeItem(self.handles)

    def zone(self) -> Zone | None:
        chosen = [i for k, i in self.document.selection if k == "zone"]
        zone = self.document.get("zone", chosen[0]) if len(chosen) == 1 else None
        return zone if zone is not None and zone.shape.kind == "polygon" else None

    def _refresh(self, *_) -> None:
        zone = self.zone()
        self.handles.show_points(list(zone.shape.points) if zone else [], self.hot)

    def _vertex_at(self, pos: QPointF) -> int | None:
        zone = self.zone()
        if zone is None:
            return None
        reach = SNAP_PIXELS / max(self.view.scale_now(), 1e-6)
        near = [(math.hypot(x - pos.x(), y - pos.y()), i) for i, (x, y) in enumerate(zone.shape.points)]
        distance, index = min(near)
        return index if distance <= reach else None

    def _edit(
        self,
        points: list[tuple[float, float]],
        what: str,
        merge: str = "",
        others: list[tuple[Zone, list[tuple[float, float]]]] = (),
    ) -> bool:
        """Give the chosen zone these points (and each of `others` its own) as one step."""
        zone = self.zone()
        if zone is None or self.locked("every zone's shape"):
            return False
        if not _valid(points):
            self.say("That would leave the zone without area; the vertex stays")
            return False
        for other, moved in others:
            if not _valid(moved):
                self.say(f"That would leave {other.label} without area; the vertex stays")
                return False
        changed = zone.model_copy(update={"shape": PolygonShape(points=points)})
        if not others:
            text = f"{what} of {zone.label}"
            self.document.undo_stack.push(EditObject(self.document, "zone", changed, merge=merge, text=text))
            return True
        afters = [changed, *(o.model_copy(update={"shape": PolygonShape(points=p)}) for o, p in others)]
        text = f"{what} of {zone.label} and {_more(others)}"
        self.document.undo_stack.push(EditMany(self.document, Kind.ZONE, afters, text, merge=merge))
        return True

    def _shared(self, zone: Zone, point: tuple[float, float]) -> list[tuple[str, int]]:
        """The other polygon zones with a corner at `point`: (zone id, vertex index)."""
        x, y = point
        found = []
        for kind, zone_id in self.document.layout.find((x - SAME, y - SAME, x + SAME, y + SAME)):
            other = self.document.get("zone", zone_id) if kind == Kind.ZONE and zone_id != zone.id else None
            if other is None or not isinstance(other.shape, PolygonShape):
                continue
            for i, (vx, vy) in enumerate(other.shape.points):
                if abs(vx - x) <= SAME and abs(vy - y) <= SAME:
                    found.append((zone_id, i))
                    break
        return found

    def _with_corner(self, sharing: list[tuple[str, int]], change) -> list[tuple[Zone, list[tuple[float, float]]]]:
        """Each sharing zone with `change(points, index)` applied to its points."""
        out = []
        for zone_id, index in sharing:
            other = self.document.get("zone", zone_id)
            if other is not None and index < len(other.shape.points):
                points = list(other.shape.points)
                change(points, index)
                out.append((other, points))
        return out

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        index = self._vertex_at(pos)
        if event.button() == Qt.MouseButton.RightButton and index is not None:
            self.remove_vertex(index, alone=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if index is not None:
            if self.locked("every zone's shape"):
                return True
            self.dragging, self._gesture = index, next(_gestures)
            alone = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            self._sharing = [] if alone else self._shared(self.zone(), self.zone().shape.points[index])
            return True
        zone_id = self.document.zone_at(pos.x(), pos.y())
        self.document.select([("zone", zone_id)] if zone_id else [])
        return True

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self.dragging is None:
            hot = self._vertex_at(pos)
            if hot != self.hot:
                self.hot = hot
                self._refresh()
            return False
        zone = self.zone()
        if zone is None or self.dragging >= len(zone.shape.points):  # removed or undone mid-drag
            self.dragging = None
            return True
        points = list(zone.shape.points)
        others = [p for i, p in enumerate(points) if i != self.dragging]
        target = self.snap(pos, skip={(zone.id, self.dragging), *self._sharing})
        if target in others:  # never snap a vertex onto its own zone's other vertices
            target = on_map(pos.x(), pos.y())
        points[self.dragging] = target

        def moved(corners: list[tuple[float, float]], index: int) -> None:
            corners[index] = target

        sharing = self._with_corner(self._sharing, moved)
        self._edit(points, "Move a vertex", merge=f"vertex-{self._gesture}", others=sharing)
        return True

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self.dragging is None:
            return False
        self.dragging, self._sharing = None, []
        return True

    def double_click(self, event: QMouseEvent, pos: QPointF) -> bool:
        """Insert a vertex on the edge nearest the click."""
        zone = self.zone()
        if zone is None:
            return False
        points = list(zone.shape.points)
        best = None
        for i, (a, b) in enumerate(zip(points, points[1:] + points[:1], strict=True)):
            dx, dy = b[0] - a[0], b[1] - a[1]
            t = max(0.0, min(1.0, ((pos.x() - a[0]) * dx + (pos.y() - a[1]) * dy) / (dx * dx + dy * dy or 1)))
            foot = (a[0] + t * dx, a[1] + t * dy)
            distance = math.hypot(foot[0] - pos.x(), foot[1] - pos.y())
            if best is None or distance < best[0]:
                best = (distance, i, foot)
        _, index, foot = best
        a, b = points[index], points[(index + 1) % len(points)]
        new = self.snap(QPointF(*foot))
        points.insert(index + 1, new)
        others = []
        if not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            for other, corners in self._with_corner(self._shared(zone, a), lambda corners, i: None):
                after = self._edge_after(corners, a, b)
                if after is not None:
                    corners.insert(after + 1, new)
                    others.append((other, corners))
        return self._edit(points, "Add a vertex", others=others) or True

    @staticmethod
    def _edge_after(points: list[tuple[float, float]], a, b) -> int | None:
        """Where a room has the edge a-b (either way round): the index of the corner it runs from."""
        for i, (p, q) in enumerate(zip(points, points[1:] + points[:1], strict=True)):
            if (_same(p, a) and _same(q, b)) or (_same(p, b) and _same(q, a)):
                return i
        return None

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.hot is not None:
            self.remove_vertex(self.hot, alone=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return True
        return False

    def remove_vertex(self, index: int, alone: bool = False) -> bool:
        """Remove a corner from the chosen zone and, unless `alone`, from every room sharing it."""
        zone = self.zone()
        if zone is None or not 0 <= index < len(zone.shape.points):  # undone since the hover
            self.hot = None
            return False
        sharing = [] if alone else self._with_corner(self._shared(zone, zone.shape.points[index]), _drop)
        points = [p for i, p in enumerate(zone.shape.points) if i != index]
        for other, corners in [(zone, points), *sharing]:
            if len(corners) < 3:
                self.say(f"{other.label} keeps at least three vertices; the corner stays")
                return False
        self.hot = None
        return self._edit(points, "Remove a vertex", others=sharing)
