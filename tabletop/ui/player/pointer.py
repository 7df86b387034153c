"""The GM's pointer as the players see it: a dot with a fading trail where the GM points, and a
ring that widens and fades where the GM pings. It is an item of the players' scene only, never
part of the map: nothing here is an edit or an undo step.

It is drawn only where the players may see. A spot on a hidden zone, a fogged zone or a fogged
grid area shows nothing at all, and a mark beside one is cut at its edge, as the background
picture is (render/background.players_cover): a ring never paints over fog or over a secret.

Its sizes are screen pixels (read from the painter), so the marks read the same from across
the table at any zoom of the players' view."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsObject

from tabletop.geometry.single.shapes import area_at, area_rect
from tabletop.model.kinds import Kind
from tabletop.render.background import cover_path, zone_place
from tabletop.rules.visibility import Fog
from tabletop.ui.scene.map_scene import MapScene

INK = QColor("#ff3d00")
"""A red-orange found nowhere in the players' palette, readable on light ground and on fog."""
HALO = QColor("white")
DOT_PX, HALO_PX, TRAIL_PX = 11.0, 3.0, 7.0
RING_FROM_PX, RING_TO_PX, RING_PX = 14.0, 70.0, 6.0
TRAIL_MS = 700.0
"""How long a point of the trail takes to fade: a short comet behind the dot, not a drawing."""
LIFT_MS = 500.0
"""How long the dot takes to fade once the GM stops pointing."""
PING_HOLD_MS, PING_FADE_MS = 900.0, 900.0
"""A ping rings at full strength, then fades: long enough for the players to turn their heads."""
TICK_MS = 16
"""The fade's timer: one step a frame while anything fades, none when nothing shows."""


def now_ms() -> float:
    return time.monotonic() * 1000.0


@dataclass
class Ping:
    x: float
    y: float
    at: float


class PointerMarks(QGraphicsObject):
    """The pointer's dot and trail, and the pings, in one players' scene. `pixel` says how many
    map units one screen pixel of the players' view is, for the marks' room; `clock` gives
    milliseconds (a test may hold it still)."""

    def __init__(self, scene: MapScene, pixel: Callable[[], float], clock: Callable[[], float] = now_ms) -> None:
        super().__init__()
        self.map_scene, self.document, self.pixel, self.clock = scene, scene.document, pixel, clock
        self.trail: list[tuple[float, float, float]] = []
        self.pointing = False
        """The GM is pointing now (the key held, or the pointer tool on the map): the dot stays."""
        self.lifted_at: float | None = None
        self.pings: list[Ping] = []
        self.painted = 0
        """Frames the players' view painted the marks in: what the speed test waits for."""
        self._bounds = QRectF()
        self._cover: tuple[tuple, QPainterPath] | None = None
        self.setZValue(1000)  # above every mark of the map, the players' reach included
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        scene.addItem(self)

    # -- what the GM does --------------------------------------------------------------------

    def point(self, x: float, y: float) -> bool:
        """The dot moves here, its trail behind it; False (and nothing drawn) where the players
        may not see. The trail breaks there: it never runs across a hidden or fogged place."""
        now = self.clock()
        self.pointing, self.lifted_at = True, None
        if not seen_at(self.map_scene, x, y):
            self.trail.append((math.nan, math.nan, now))  # a break in the trail
            self._changed()
            return False
        self.trail.append((x, y, now))
        self._changed()
        return True

    def lift(self) -> None:
        """The GM stopped pointing: the dot fades where it was."""
        if self.pointing:
            self.pointing, self.lifted_at = False, self.clock()
            self._changed()

    def ping(self, x: float, y: float) -> bool:
        """A ring at the spot; False (no ring) where the players may not see."""
        if not seen_at(self.map_scene, x, y):
            return False
        self.pings.append(Ping(x, y, self.clock()))
        self._changed()
        return True

    def clear(self) -> None:
        self.trail, self.pings, self.pointing, self.lifted_at = [], [], False, None
        self._changed()

    @property
    def showing(self) -> bool:
        """Whether any mark is still on the players' window."""
        return bool(self._live_trail() or self.pings or self._dot_strength() > 0)

    # -- fading ------------------------------------------------------------------------------

    def _live_trail(self) -> list[tuple[float, float, float]]:
        limit = self.clock() - TRAIL_MS
        return [point for point in self.trail if point[2] > limit]

    def _head(self) -> tuple[float, float] | None:
        if self.trail and not math.isnan(self.trail[-1][0]):
            return self.trail[-1][0], self.trail[-1][1]
        return None

    def _dot_strength(self) -> float:
        if self._head() is None:
            return 0.0
        if self.pointing:
            return 1.0
        if self.lifted_at is None:
            return 0.0
        return max(0.0, 1.0 - (self.clock() - self.lifted_at) / LIFT_MS)

    def _tick(self) -> None:
        now = self.clock()
        self.pings = [p for p in self.pings if now - p.at < PING_HOLD_MS + PING_FADE_MS]
        live = self._live_trail()
        if self.trail and not live and self._dot_strength() > 0:
            live = self.trail[-1:]  # the dot at rest, or fading where it was lifted, keeps its place
        self.trail = live
        self._changed()

    def _changed(self) -> None:
        """New room for the marks, a repaint, and the timer running only while something fades."""
        self.prepareGeometryChange()
        self._bounds = self._room()
        self.update()
        fading = self._fading()
        if fading and not self.timer.isActive():
            self.timer.start()
        elif not fading and self.timer.isActive():
            self.timer.stop()

    def _fading(self) -> bool:
        """Something changes by itself: a ring, a trail behind the dot, a dot lifted. A dot held
        still is not: the timer rests and the players' window paints nothing while it waits."""
        if self.pings or len(self._live_trail()) > 1:
            return True
        return not self.pointing and self._dot_strength() > 0

    def _room(self) -> QRectF:
        xs = [x for x, _, _ in self.trail if not math.isnan(x)] + [p.x for p in self.pings]
        ys = [y for _, y, _ in self.trail if not math.isnan(y)] + [p.y for p in self.pings]
        if not xs:
            return QRectF()
        margin = (RING_TO_PX + RING_PX + HALO_PX * 2) * self.pixel()
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(-margin, -margin, margin, margin)

    # -- painting ----------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self.painted += 1
        if self._bounds.isEmpty():
            return
        transform = painter.worldTransform()
        unit = 1.0 / max(math.hypot(transform.m11(), transform.m12()), 1e-9)  # map units a pixel
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setClipPath(self._seen_path(self._bounds))
        now = self.clock()
        self._paint_trail(painter, unit, now)
        self._paint_pings(painter, unit, now)
        painter.restore()

    def _paint_trail(self, painter: QPainter, unit: float, now: float) -> None:
        for (ax, ay, _), (bx, by, at) in zip(self.trail, self.trail[1:], strict=False):
            strength = 1.0 - (now - at) / TRAIL_MS
            if strength <= 0 or math.isnan(ax) or math.isnan(bx):
                continue
            ink = QColor(INK)
            ink.setAlphaF(0.85 * strength)
            pen = QPen(ink, TRAIL_PX * unit * (0.4 + 0.6 * strength))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(QPointF(ax, ay), QPointF(bx, by))
        head, strength = self._head(), self._dot_strength()
        if head is not None and strength > 0:
            painter.setOpacity(strength)
            painter.setPen(QPen(HALO, HALO_PX * unit))
            painter.setBrush(INK)
            painter.drawEllipse(QPointF(*head), DOT_PX * unit, DOT_PX * unit)
            painter.setOpacity(1.0)

    def _paint_pings(self, painter: QPainter, unit: float, now: float) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for ping in self.pings:
            age = now - ping.at
            grown = min(1.0, age / PING_HOLD_MS)
            radius = (RING_FROM_PX + (RING_TO_PX - RING_FROM_PX) * grown) * unit
            painter.setOpacity(max(0.0, min(1.0, 1.0 - (age - PING_HOLD_MS) / PING_FADE_MS)))
            centre = QPointF(ping.x, ping.y)
            painter.setPen(QPen(HALO, (RING_PX + 2 * HALO_PX) * unit))
            painter.drawEllipse(centre, radius, radius)
            painter.setPen(QPen(INK, RING_PX * unit))
            painter.drawEllipse(centre, radius, radius)
            painter.setBrush(INK)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(centre, RING_PX * unit, RING_PX * unit)  # the spot itself
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setOpacity(1.0)

    def _seen_path(self, rect: QRectF) -> QPainterPath:
        """The part of `rect` the players may see: the rectangle less the hidden and fogged
        places in it, kept while the map, the fog and the rectangle stay the same."""
        key = (self.document.revision, id(self.map_scene.fog), rect.getRect())
        if self._cover is not None and self._cover[0] == key:
            return self._cover[1]
        path = QPainterPath()
        path.addRect(rect)
        cover = cover_near(self.map_scene, rect)
        if cover:
            path = path.subtracted(cover_path(cover))
        self._cover = (key, path)
        return path


def seen_at(scene: MapScene, x: float, y: float) -> bool:
    """Whether the players may see the spot: on no hidden or fogged zone (under the fog the
    players' scene was sent) and on no fogged grid area. Open ground between zones is seen."""
    document, fog = scene.document, scene.fog
    for zone_id in document.layout.zones_at(x, y):
        zone = document.get(Kind.ZONE, zone_id)
        if zone is not None and (zone.hidden or fog.zone_fogged(zone)):
            return False
    for grid in document.map.grids:
        row, col = area_at(grid, x, y)
        if grid.has_area(row, col) and fog.area_fogged(grid, (row, col)):
            return False
    return True


def cover_near(scene: MapScene, rect: QRectF) -> tuple:
    """The hidden and fogged places that meet `rect`, as render/background's cover: only those
    near the marks, so a pointer on a big map looks at a few zones, not all of them."""
    document, fog = scene.document, scene.fog
    box = (rect.left(), rect.top(), rect.right(), rect.bottom())
    places: list[tuple] = []
    for kind, zone_id in document.layout.find(box):
        zone = document.get(Kind.ZONE, zone_id) if kind == Kind.ZONE else None
        if zone is not None and (zone.hidden or fog.zone_fogged(zone)):
            places.append(zone_place(zone))
    for grid in document.map.grids:
        places.extend(_fogged_areas_near(grid, fog, rect))
    return tuple(places)


def _fogged_areas_near(grid, fog: Fog, rect: QRectF) -> list[tuple]:
    if not fog.areas(grid):
        return []
    r0, c0, r1, c1 = grid.area_bounds()
    top, left = area_at(grid, rect.left(), rect.top())
    bottom, right = area_at(grid, rect.right(), rect.bottom())
    found = []
    for row in range(max(r0, top), min(r1, bottom) + 1):
        for col in range(max(c0, left), min(c1, right) + 1):
            if fog.area_fogged(grid, (row, col)):
                found.append(("rect", *area_rect(grid, row, col)))
    return found
