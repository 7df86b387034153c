"""The map cut to a place: a band of a huge PNG or one page of a poster is painted from only
the objects that can show there, so a 100k-zone map is not walked once per band.

A zone that can show is taken with everything its drawing depends on (all its borders, the
zones at their other ends, the tokens standing in it), so its label lands where it lands on
the whole map and a name across two bands joins up. Qt-free.
"""

from __future__ import annotations

import numpy as np

from tabletop.geometry.layout import zone_box
from tabletop.geometry.shapes import grid_rect
from tabletop.model import AreaLocation, Map, ZoneLocation

REACH = 200.0
"""Map units a zone's drawing may stand out of its box when tokens stand in it: their discs
and name plates. An empty zone draws within its box (outline and label, as the screen's tiles
trust too)."""
BADGE_ROOM = 50.0
"""A border's badge may stand this far past its two zones' boxes (at the map's edge)."""


class MapParts:
    def __init__(self, map_: Map) -> None:
        self.map = map_
        zones = map_.zones
        self._zone_index = {zone.id: k for k, zone in enumerate(zones)}
        occupied = {t.location.zone for t in map_.tokens if isinstance(t.location, ZoneLocation)}
        reach = np.array([REACH if zone.id in occupied else 0.0 for zone in zones]).reshape(-1, 1)
        boxes = np.array([zone_box(zone) for zone in zones], dtype=np.float64).reshape(-1, 4)
        self._zone_boxes = boxes + np.hstack([-reach, -reach, reach, reach])
        ends = np.array([(self._zone_index[b.a], self._zone_index[b.b]) for b in map_.borders], dtype=np.int64).reshape(
            -1, 2
        )
        a, b = self._zone_boxes[ends[:, 0]], self._zone_boxes[ends[:, 1]]
        self._ends = ends
        self._border_boxes = np.concatenate(
            [np.minimum(a[:, :2], b[:, :2]) - BADGE_ROOM, np.maximum(a[:, 2:], b[:, 2:]) + BADGE_ROOM], axis=1
        )
        self._borders_of: dict[int, list[int]] = {}
        for k, (za, zb) in enumerate(ends.tolist()):
            self._borders_of.setdefault(za, []).append(k)
            self._borders_of.setdefault(zb, []).append(k)
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
        seen = set(self._hits(self._zone_boxes, left, top, right, bottom).tolist())
        borders = set(self._hits(self._border_boxes, left, top, right, bottom).tolist())
        for zone in seen:
            borders.update(self._borders_of.get(zone, ()))
        zone_set = set(seen)
        for k in borders:
            zone_set.update(self._ends[k].tolist())
        map_ = self.map
        zone_ids = [map_.zones[k].id for k in sorted(seen)]
        tokens = {k for zone_id in zone_ids for k in self._tokens_in_zone.get(zone_id, ())}
        grids = []
        for grid in map_.grids:
            gx, gy, gw, gh = grid_rect(grid)
            if gx <= right and gx + gw >= left and gy <= bottom and gy + gh + 2 * grid.area_size >= top:
                grids.append(grid)
                tokens.update(self._tokens_on_grid.get(grid.id, ()))
        part = map_.model_copy(
            update={
                "zones": [map_.zones[k] for k in sorted(zone_set)],  # in map order: painted in the same order
                "borders": [map_.borders[k] for k in sorted(borders)],
                "tokens": [map_.tokens[k] for k in sorted(tokens)],
                "grids": grids,
            }
        )
        return part, set(zone_ids)
