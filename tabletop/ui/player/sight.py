"""Fog by sight on the players' window: the zones and grid areas the players have seen and do
not see now, shaded over the map (their names, fills and terrain still read through), under
the tokens and marks. The fog itself stays the map's: a place out of sight is never fogged
again."""

from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from tabletop.document import MapDocument
from tabletop.document.sight import party_in_sight
from tabletop.model import EncounterGrid
from tabletop.model.kinds import Kind
from tabletop.render.fog_paint import OUT_OF_SIGHT, areas_path
from tabletop.render.zone_paint import fog_path
from tabletop.rules.sight import SightRange
from tabletop.rules.visibility import Fog, InSight, zone_shown

SHADE_Z = 1.0
"""Over the map layer (zones, names, borders) and the grids, under the turn mark (2.5) and the tokens (3)."""


class PartySight:
    """What the players' tokens see now, worked out from the document's indexes once per edit
    (the document's revision) and only when asked."""

    def __init__(self, document: MapDocument, players_side: Callable[[], str], reach: Callable[[], SightRange]) -> None:
        self.document, self.players_side, self.reach = document, players_side, reach
        self._held: tuple[tuple, InSight] | None = None

    def __call__(self) -> InSight:
        key = (self.document.revision, self.players_side(), self.reach())
        if self._held is None or self._held[0] != key:
            self._held = (key, party_in_sight(self.document, key[1], key[2]))
        return self._held[1]


def dimmed_areas(grid: EncounterGrid, fog: Fog) -> list[tuple[int, int]]:
    """The areas of a grid this fog dims (clear of fog, out of the players' sight)."""
    r0, c0, r1, c1 = grid.area_bounds()
    return [(row, col) for row in range(r0, r1 + 1) for col in range(c0, c1 + 1) if fog.area_dimmed(grid, (row, col))]


class SightShade(QGraphicsPathItem):
    """The shade over the places out of the players' sight (dimmed, not fogged)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(SHADE_Z)
        self.setPen(QPen(OUT_OF_SIGHT.darker(), 0))
        self.setBrush(OUT_OF_SIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.dimmed: frozenset[str] = frozenset()
        self.areas: dict[str, tuple[EncounterGrid, frozenset, frozenset | None]] = {}
        """Each grid as last shaded: the grid, its dimmed areas, the areas in sight then."""

    def follow(self, document: MapDocument, fog: Fog, zone_ids: Collection[str] | None = None) -> None:
        """Shade the places this fog dims; nothing when it dims none (fog by sight off). With
        `zone_ids`, only those zones may have changed (what came into sight or went out of it,
        and the zones an edit touched): the rest of the map is not asked again."""
        if not self.place(document, fog, zone_ids):
            return
        get = document.get
        zones = [zone for zone in map(lambda z: get(Kind.ZONE, z), self.dimmed) if zone is not None]
        path = fog_path(document.layout, zones) if zones else QPainterPath()
        for grid, dim, _seen in self.areas.values():
            if dim:
                path.addPath(areas_path(grid, dim))
        self.setPath(path)

    def place(self, document: MapDocument, fog: Fog, zone_ids: Collection[str] | None = None) -> bool:
        """The zones and grid areas this fog dims now, kept (`dimmed`, `areas`): whether the
        shade must be drawn again (what it covers changed, or a zone under it was edited)."""
        if zone_ids is None:
            dimmed = frozenset(z.id for z in document.map.zones if zone_shown(z) and fog.zone_dimmed(z))
        else:
            get = document.get
            now = {z for z in zone_ids if _dimmed(get(Kind.ZONE, z), fog)}
            dimmed = (self.dimmed - frozenset(zone_ids)) | now
        areas = {}
        for grid in document.map.grids:
            held = self.areas.get(grid.id)
            if held is not None and held[0] is grid and zone_ids is not None and not _sight_moved(fog, grid, held):
                areas[grid.id] = held
            else:
                areas[grid.id] = (grid, frozenset(dimmed_areas(grid, fog)), _seen_of(fog, grid))
        reshaped = zone_ids is not None and not self.dimmed.isdisjoint(zone_ids)  # a dimmed zone edited
        same_areas = {g: a[1] for g, a in areas.items()} == {g: a[1] for g, a in self.areas.items()}
        changed = dimmed != self.dimmed or not same_areas or reshaped
        self.dimmed, self.areas = dimmed, areas
        return changed


def _dimmed(zone, fog: Fog) -> bool:
    return zone is not None and zone_shown(zone) and fog.zone_dimmed(zone)


def _seen_of(fog: Fog, grid: EncounterGrid) -> frozenset | None:
    in_sight = getattr(fog, "in_sight", None)
    return None if in_sight is None else in_sight().areas.get(grid.id, frozenset())


def _sight_moved(fog: Fog, grid: EncounterGrid, held: tuple) -> bool:
    return _seen_of(fog, grid) != held[2]
