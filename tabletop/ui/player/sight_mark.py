"""The GM's mark over the places the players see dimmed now (fog by sight), in the GM's look
(render/sight_paint.py), so the GM sees which tokens the players see: the same places as the
players' shade (ui/player/sight.py), under the selection's marks; the mouse passes through it.

A step of a players' token changes the mark of a few zones, while the mark may spread over the
whole view (every place seen on the way). So the mark is kept in squares of the map: a step
builds again only the squares of the zones whose mark changed and paints again only those
zones' boxes, and a frame fills only the squares in view, each merged into its outline, never
one path of the whole trail zone by zone."""

from __future__ import annotations

import math
from collections.abc import Collection

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from tabletop.document import MapDocument
from tabletop.model.kinds import Kind
from tabletop.render.fog_paint import areas_path
from tabletop.render.sight_paint import paint_players_sight
from tabletop.render.zone_paint import fog_path
from tabletop.rules.visibility import Fog
from tabletop.ui.player.sight import SightShade

SQUARE = 256.0
"""A side of the squares the mark is kept in, in map units: a room or two. Larger squares cost a
step more to build again, smaller ones a frame more fills."""

Square = tuple[int, int]


class PlayersSightMark(SightShade):
    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # the exposed rectangle
        self._bounds = QRectF()
        self._marked: dict[str, tuple[Square, QRectF]] = {}
        """Each marked zone: its square, and its box as it was marked (where to paint again when
        it goes, whatever its shape is by then)."""
        self._zones_in: dict[Square, set[str]] = {}
        self._squares: dict[Square, tuple[QRectF, QPainterPath]] = {}
        """Each square's mark: the boxes of its zones together, and their path."""
        self._grids: dict[str, tuple[QRectF, QPainterPath]] = {}

    def follow(self, document: MapDocument, fog: Fog, zone_ids: Collection[str] | None = None) -> None:
        before, areas_before = self.dimmed, {grid_id: held[1] for grid_id, held in self.areas.items()}
        if not self.place(document, fog, zone_ids) and zone_ids is not None:
            return
        if zone_ids is None:  # afresh (another map may mark the same zones): every square built again
            self._marked.clear()
            self._zones_in.clear()
            self._squares.clear()
            changed = self.dimmed
        else:
            changed = (before ^ self.dimmed) | (frozenset(zone_ids) & (before | self.dimmed))
        dirty = self._zones_changed(document, changed)
        for grid_id in set(self._grids) | set(self.areas):
            held = self.areas.get(grid_id)
            if zone_ids is not None and held is not None and held[1] == areas_before.get(grid_id):
                continue
            gone = self._grids.pop(grid_id, None)
            if gone is not None:
                dirty.append(gone[0])
            if held is not None and held[1]:
                path = areas_path(held[0], held[1])
                self._grids[grid_id] = (path.boundingRect(), path)
                dirty.append(path.boundingRect())
        self._repaint(dirty, whole=zone_ids is None)

    @property
    def squares(self) -> dict[Square, frozenset[str]]:
        """The zones each square of the map marks now."""
        return {square: frozenset(zone_ids) for square, zone_ids in self._zones_in.items() if square in self._squares}

    def _zones_changed(self, document: MapDocument, changed: Collection[str]) -> list[QRectF]:
        """The squares of these zones built again; the boxes to paint again."""
        dirty, squares, boxes = [], set(), document.layout.boxes
        for zone_id in changed:
            held = self._marked.pop(zone_id, None)
            if held is not None:
                self._zones_in[held[0]].discard(zone_id)
                squares.add(held[0])
                dirty.append(held[1])
            box = boxes.get((Kind.ZONE, zone_id))
            if zone_id in self.dimmed and box is not None:
                square = (math.floor(box[0] / SQUARE), math.floor(box[1] / SQUARE))
                rect = QRectF(QPointF(box[0], box[1]), QPointF(box[2], box[3]))
                self._marked[zone_id] = (square, rect)
                self._zones_in.setdefault(square, set()).add(zone_id)
                squares.add(square)
                dirty.append(rect)
        get = document.get
        for square in squares:
            zone_ids = self._zones_in.get(square)
            if not zone_ids:
                self._zones_in.pop(square, None)
                self._squares.pop(square, None)
                continue
            zones = [zone for zone in (get(Kind.ZONE, z) for z in zone_ids) if zone is not None]
            bounds = QRectF()
            for zone_id in zone_ids:
                bounds = bounds.united(self._marked[zone_id][1])
            # merged into its outline once here, not traced zone by zone at every frame
            self._squares[square] = (bounds, fog_path(document.layout, zones).simplified())
        return dirty

    def _repaint(self, dirty: list[QRectF], whole: bool) -> None:
        scene = self.scene()
        wanted = QRectF(scene.layer.boundingRect()) if scene is not None else QRectF()
        for rect in dirty:
            wanted = wanted.united(rect)
        if not self._bounds.contains(wanted):
            self.prepareGeometryChange()  # the map grew: painted whole again
            self._bounds = self._bounds.united(wanted)
        elif whole:
            self.update()
        else:
            for rect in dirty:
                self.update(rect)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        exposed = option.exposedRect
        for bounds, path in [*self._squares.values(), *self._grids.values()]:
            if bounds.intersects(exposed):
                paint_players_sight(painter, path)

    def shape(self) -> QPainterPath:
        """Nothing to hit: a click or a drop asks the scene's items under the cursor."""
        return QPainterPath()

    def contains(self, point) -> bool:
        return False
