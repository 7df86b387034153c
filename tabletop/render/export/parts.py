"""The map cut to a place: a band of a huge PNG or one page of a poster is painted from only
the objects that can show there, so a big map is not walked once per band.

A zone that can show is taken with everything its drawing depends on (all its borders, the
zones at their other ends, the tokens standing in it), so its label lands where it lands on
the whole map and a name across two bands joins up. Qt-free.
"""

from __future__ import annotations

from operator import attrgetter

import numpy as np

from tabletop.geometry.single.shapes import grid_rect
from tabletop.geometry.whole.boxes import LABEL_ROOM, NODE_LABEL_ROOM
from tabletop.geometry.whole.lines import zone_table
from tabletop.model import AreaLocation, Map, Zone, ZoneLocation

REACH = 200.0
"""Map units a zone's drawing may stand out of its box when tokens stand in it: their discs
and name plates. An empty zone draws within its box (outline and label, as the screen's tiles
trust too)."""
BADGE_ROOM = 50.0
"""A border's badge may stand this far past its two zones' boxes (at the map's edge)."""


class MapParts:
    """The map's zones and borders as boxes in arrays, to cut it to a place many times over."""

    def __init__(self, map_: Map) -> None:
        self.map = map_
        zones = map_.zones
        index = {zone.id: k for k, zone in enumerate(zones)}
        occupied = {t.location.zone for t in map_.tokens if isinstance(t.location, ZoneLocation)}
        reach = np.array([REACH if zone.id in occupied else 0.0 for zone in zones]).reshape(-1, 1)
        self._zone_boxes = _zone_boxes(zones) + np.hstack([-reach, -reach, reach, reach])
        n = len(map_.borders)
        ends = np.empty((n, 2), dtype=np.int64)
        ends[:, 0] = np.fromiter(map(index.__getitem__, map(attrgetter("a"), map_.borders)), dtype=np.int64, count=n)
        ends[:, 1] = np.fromiter(map(index.__getitem__, map(attrgetter("b"), map_.borders)), dtype=np.int64, count=n)
        a, b = self._zone_boxes[ends[:, 0]], self._zone_boxes[ends[:, 1]]
        self._ends = ends
        self._border_boxes = np.concatenate(
            [np.minimum(a[:, :2], b[:, :2]) - BADGE_ROOM, np.maximum(a[:, 2:], b[:, 2:]) + BADGE_ROOM], axis=1
        )
        self._tokens_in_zone: dict[str, list[int]] = {}
        self._tokens_on_grid: dict[str, list[int]] = {}
        for k, token in enumerate(map_.tokens):
            where = token.location
            if isinstance(where, ZoneLocation):
                self._tokens_in_zone.setdefault(where.zone, []).append(k)
            elif isinstance(where, AreaLocation):
                self._tokens_on_grid.setdefault(where.grid, []).append(k)

    @staticmethod
    def _hits(boxes: np.ndarray, left: float, top: float, right: float, bottom: float) -> np.ndarray:
        if not len(boxes):
            return np.zeros(0, dtype=np.int64)
        mask = (boxes[:, 0] <= right) & (boxes[:, 2] >= left) & (boxes[:, 1] <= bottom) & (boxes[:, 3] >= top)
        return np.nonzero(mask)[0]

    def within(self, x: float, y: float, w: float, h: float) -> tuple[Map, set[str]]:
        """A copy of the map (not validated again: every object is the map's own) holding what
        may be drawn in the box (x, y, w, h) of map units, and the ids of the zones that can
        show there (the others are in it only for the lines of the borders they share)."""
        left, top, right, bottom = x - 1, y - 1, x + w + 1, y + h + 1
        seen = self._hits(self._zone_boxes, left, top, right, bottom)
        shows = np.zeros(len(self._zone_boxes), dtype=bool)
        shows[seen] = True
        ends = self._ends
        taken = shows[ends[:, 0]] | shows[ends[:, 1]]  # every border of a zone that shows, and those seen
        taken[self._hits(self._border_boxes, left, top, right, bottom)] = True
        borders = np.flatnonzero(taken)
        held = shows.copy()  # with the zones at the borders' other ends
        held[ends[borders].ravel()] = True
        map_ = self.map
        zone_ids = [map_.zones[k].id for k in seen.tolist()]
        tokens = {k for zone_id in zone_ids for k in self._tokens_in_zone.get(zone_id, ())}
        grids = []
        for grid in map_.grids:
            gx, gy, gw, gh = grid_rect(grid)
            if gx <= right and gx + gw >= left and gy <= bottom and gy + gh + 2 * grid.area_size >= top:
                grids.append(grid)
                tokens.update(self._tokens_on_grid.get(grid.id, ()))
        part = map_.model_copy(
            update={
                "zones": [map_.zones[k] for k in np.flatnonzero(held).tolist()],  # in map order, painted so
                "borders": [map_.borders[k] for k in borders.tolist()],
                "tokens": [map_.tokens[k] for k in sorted(tokens)],
                "grids": grids,
            }
        )
        return part, set(zone_ids)


def _zone_boxes(zones: list[Zone]) -> np.ndarray:
    """zone_box of every zone as rows of an array, from their shapes' extents in one numpy
    pass (the same numbers: min(xs) - room, as zone_box works it out)."""
    if not zones:
        return np.zeros((0, 4))
    table = zone_table(zones)
    nodes = (table.polygon_of < 0)[:, None]
    return table.extent + np.where(nodes, NODE_LABEL_ROOM, LABEL_ROOM) * np.array((-1.0, -1.0, 1.0, 1.0))
