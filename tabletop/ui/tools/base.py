"""The tool interface: the view hands each tool scene positions; a tool returns True when
it used the event, so the view's default behaviour (rubber band, selection) runs otherwise."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from PySide6.QtCore import QPointF
from PySide6.QtGui import QKeyEvent, QMouseEvent

from tabletop.document import MapDocument
from tabletop.model import PolygonShape
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.kinds import Kind
from tabletop.ui.scene.editor_scene import EditorScene

SNAP_PIXELS = 10.0
WALL_TOLERANCE = 1e-6
"""How near a wall (in map units) a lattice point must lie to be on it: arithmetic's own error."""


class Tool:
    name = ""
    shortcut = ""
    status = ""
    places_points = False
    """Whether the tool puts points on the map (the view then draws the lattice)."""

    def __init__(self, document: MapDocument, scene: EditorScene, view, say: Callable[[str], None]) -> None:
        """`say` shows the GM a passing line (the window's status bar): given, so a tool needs
        no window around its view to explain a gesture that did nothing."""
        self.document, self.scene, self.view, self.say = document, scene, view, say

    def activate(self) -> None:
        """Called when the tool is chosen: connect to what it listens to only now, so an
        inactive tool does no work on every change."""

    def deactivate(self) -> None: ...

    def delete(self) -> bool:
        """Edit ▸ Delete while this tool is active: True when the tool used it (the vertex
        tool removes its vertex, not the zone)."""
        return False

    def locked(self, what: str = "the map") -> bool:
        """Whether Lock Map holds the map's shapes (a conflict is being played); says so."""
        if self.document.map_locked:
            self.say(f"The map is locked while you play: {what} stays put (Edit ▸ Lock Map to unlock)")
        return self.document.map_locked

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def double_click(self, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def key(self, event: QKeyEvent) -> bool:
        return False

    def moved_by(self, start: QPointF, pos: QPointF) -> tuple[float, float]:
        """How far a drag from `start` to `pos` moves a zone or a grid: whole lattice steps
        while the lattice is on, exactly the cursor's way with Ctrl held or the lattice off."""
        dx, dy = pos.x() - start.x(), pos.y() - start.y()
        snapping = self.view.snapping
        return (dx, dy) if snapping.free() or not snapping.lattice else snapping.on_lattice(dx, dy)

    def snap(self, pos: QPointF, grid: bool = True, skip: Collection[tuple[str, int]] = ()) -> tuple[float, float]:
        """Snap to an existing corner within a few screen pixels (or to a corner of the
        background picture, while Snap to Background Corners is on), else onto an existing wall
        there (a room's corner against the middle of its neighbour's wall), so neighbouring
        zones share their edges exactly; else to the lattice while it is on (tools/snapping.py);
        with Ctrl held, the point under the cursor. `skip`: the corners being dragged, (zone
        id, index), which the cursor would otherwise stick to, with the walls they move."""
        pos = QPointF(*on_map(pos.x(), pos.y()))
        snapping = self.view.snapping
        if snapping.free():
            return (pos.x(), pos.y())
        reach = SNAP_PIXELS / max(self.view.scale_now(), 1e-6)
        best = nearest_vertex(self.document, pos.x(), pos.y(), reach, skip)
        if snapping.corners:  # the picture's own corners, as near as a zone's would have to be
            best = nearest(pos.x(), pos.y(), reach, [*self.picture_corners(), *([best] if best else [])])
        if best is None:
            best = nearest_on_wall(self.document, pos.x(), pos.y(), reach, skip)
            if best is not None and grid and snapping.lattice:
                best = self._lattice_on_wall(best, pos, skip)
        if best is not None:
            return best
        if grid and snapping.lattice:
            return on_map(*snapping.on_lattice(pos.x(), pos.y()))
        return (pos.x(), pos.y())

    def _lattice_on_wall(
        self, on_wall: tuple[float, float], pos: QPointF, skip: Collection[tuple[str, int]]
    ) -> tuple[float, float]:
        """A room laid out on the lattice against a neighbour's wall takes the lattice point on
        that wall nearest the cursor, when the wall runs through one there (a straight wall
        along the lattice), so a T-junction's corner stays on the lattice; else the point of
        the wall under the cursor."""
        snapping = self.view.snapping
        lx, ly = on_map(*snapping.on_lattice(*on_wall))
        if math.hypot(lx - pos.x(), ly - pos.y()) > snapping.step:
            return on_wall
        found = nearest_on_wall(self.document, lx, ly, WALL_TOLERANCE, skip)
        if found is not None and math.hypot(found[0] - lx, found[1] - ly) <= WALL_TOLERANCE:
            return (lx, ly)
        return on_wall

    def picture_corners(self) -> list[tuple[float, float]]:
        """The background picture's four corners on the map, as the GM's window shows it."""
        rect = self.scene.background.boundingRect()
        if rect.isEmpty():
            return []
        return [
            (rect.left(), rect.top()),
            (rect.right(), rect.top()),
            (rect.right(), rect.bottom()),
            (rect.left(), rect.bottom()),
        ]


def _polygons_near(document: MapDocument, x: float, y: float, reach: float):
    layout = document.layout
    for kind, zone_id in layout.find((x - reach, y - reach, x + reach, y + reach)):
        shape = document.get(Kind.ZONE, zone_id).shape if kind == Kind.ZONE else None
        if isinstance(shape, PolygonShape):
            yield zone_id, shape.points


def nearest_vertex(
    document: MapDocument, x: float, y: float, reach: float, skip: Collection[tuple[str, int]] = ()
) -> tuple[float, float] | None:
    """The polygon vertex nearest the point within `reach`, looked up in the document's
    bucket index: a mouse move on a big map looks at a few zones, not all of them."""
    best, best_d = None, reach
    for zone_id, points in _polygons_near(document, x, y, reach):
        for i, (vx, vy) in enumerate(points):
            if (zone_id, i) in skip:
                continue
            d = math.hypot(vx - x, vy - y)
            if d <= best_d:
                best, best_d = (vx, vy), d
    return best


def nearest_on_wall(
    document: MapDocument, x: float, y: float, reach: float, skip: Collection[tuple[str, int]] = ()
) -> tuple[float, float] | None:
    """The nearest point within `reach` on an edge of a polygon zone, leaving out the edges that
    end at a corner being dragged (they move with it)."""
    best, best_d = None, reach
    for zone_id, points in _polygons_near(document, x, y, reach):
        count = len(points)
        for i in range(count):
            if (zone_id, i) in skip or (zone_id, (i + 1) % count) in skip:
                continue
            (ax, ay), (bx, by) = points[i], points[(i + 1) % count]
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            if length2 == 0:
                continue
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
            fx, fy = ax + t * dx, ay + t * dy
            d = math.hypot(fx - x, fy - y)
            if d <= best_d:
                best, best_d = (fx, fy), d
    return best


def nearest(x: float, y: float, reach: float, points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """The point nearest (x, y) within `reach`; None when none is that near."""
    near = [(math.hypot(px - x, py - y), (px, py)) for px, py in points]
    best = min(near, default=None)
    return best[1] if best is not None and best[0] <= reach else None


def on_map(x: float, y: float) -> tuple[float, float]:
    """A point held within the coordinates a map file may hold: an edit that drags a vertex
    past them would leave a map the loader refuses."""
    return (max(-MAX_COORDINATE, min(MAX_COORDINATE, x)), max(-MAX_COORDINATE, min(MAX_COORDINATE, y)))
