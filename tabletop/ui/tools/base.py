"""The tool interface: the view hands each tool scene positions; a tool returns True when
it used the event, so the view's default behaviour (rubber band, selection) runs otherwise."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QKeyEvent, QMouseEvent

from tabletop.document import MapDocument
from tabletop.model import PolygonShape
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.kinds import Kind
from tabletop.ui.scene.editor_scene import EditorScene

SAY_MS = 6000
SNAP_PIXELS = 10.0


class Tool:
    name = ""
    shortcut = ""
    status = ""
    places_points = False
    """Whether the tool puts points on the map (the view then draws the lattice)."""

    def __init__(self, document: MapDocument, scene: EditorScene, view) -> None:
        self.document, self.scene, self.view = document, scene, view

    def activate(self) -> None:
        """Called when the tool is chosen: connect to what it listens to only now, so an
        inactive tool does no work on every change."""

    def deactivate(self) -> None: ...

    def delete(self) -> bool:
        """Edit ▸ Delete while this tool is active: True when the tool used it (the vertex
        tool removes its vertex, not the zone)."""
        return False

    def say(self, text: str) -> None:
        """Tell the GM why a gesture did nothing, in the window's status bar."""
        window = self.view.window()
        if hasattr(window, "statusBar"):
            window.statusBar().showMessage(text, SAY_MS)

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

    def snap(self, pos: QPointF, grid: bool = True, skip: tuple[float, float] | None = None) -> tuple[float, float]:
        """Snap to an existing vertex within a few screen pixels, so neighbouring zones share
        their edges exactly (or to a corner of the background picture, while Snap to Background
        Corners is on), else to the lattice while it is on (tools/snapping.py); with Ctrl
        held, the point under the cursor. `skip`: the corner being dragged, which the cursor
        would otherwise stick to."""
        pos = QPointF(*on_map(pos.x(), pos.y()))
        snapping = self.view.snapping
        if snapping.free():
            return (pos.x(), pos.y())
        reach = SNAP_PIXELS / max(self.view.scale_now(), 1e-6)
        best = nearest_vertex(self.document, pos.x(), pos.y(), reach, skip)
        if snapping.corners:  # the picture's own corners, as near as a zone's would have to be
            best = nearest(pos.x(), pos.y(), reach, [*self.picture_corners(), *([best] if best else [])])
        if best is not None:
            return best
        if grid and snapping.lattice:
            return on_map(*snapping.on_lattice(pos.x(), pos.y()))
        return (pos.x(), pos.y())

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


def nearest_vertex(
    document: MapDocument, x: float, y: float, reach: float, skip: tuple[float, float] | None = None
) -> tuple[float, float] | None:
    """The polygon vertex nearest the point within `reach`, looked up in the document's
    bucket index: a mouse move on a 10k-zone map looks at a few zones, not all of them."""
    layout = document.layout
    best, best_d = None, reach
    for kind, zone_id in layout.find((x - reach, y - reach, x + reach, y + reach)):
        shape = layout.zones[zone_id].shape if kind == Kind.ZONE else None
        if not isinstance(shape, PolygonShape):
            continue
        for vx, vy in shape.points:
            if (vx, vy) == skip:
                continue
            d = math.hypot(vx - x, vy - y)
            if d <= best_d:
                best, best_d = (vx, vy), d
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
