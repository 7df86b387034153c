"""What lies where on a laid-out map: the queries of MapLayout (layout.py) over its
bucket index, the index as opened (cells.py) and the edits kept beside it. Qt-free."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.geometry.single.labels import inside
from tabletop.geometry.single.shapes import distance_to_segment
from tabletop.geometry.whole.boxes import badge_half
from tabletop.geometry.whole.buckets import CELL, cell_count, cells_of
from tabletop.geometry.whole.tables import Box, RowIds
from tabletop.model import NodeShape

if TYPE_CHECKING:
    from tabletop.geometry.whole.cells import CellIndex

WIDE = 1 / 64
"""A tile this much of the map or more is searched by testing every box until the index is built."""
BORDER_HIT = 6.0
"""How far from its line a click still picks a border, in map units."""


class WhatIsWhere:
    """The queries of a MapLayout, which holds what they read: its zones, borders, lines and
    boxes, its buckets (`_buckets`, `_large`, `_stale`) and the index as opened (`_built`)."""

    _built: CellIndex | None
    _sides: tuple | None

    def _bucket(self, x: float, y: float) -> Iterable[tuple[str, str]]:
        """What may lie at a point: its cell's objects and the few large ones."""
        bucket = self._buckets.get((math.floor(x / CELL), math.floor(y / CELL)), ())
        if self._built is not None:
            stale = self._stale
            bucket = itertools.chain((k for k in self._built.at(x, y) if k not in stale), bucket)
        return itertools.chain(bucket, self._large) if self._large else bucket

    def _zones_near(self, box: Box) -> set[str]:
        """The zones that may meet a box: those of the cells it covers and the few large ones."""
        near = {zone_id for kind, zone_id in self._large if kind == "zone"}
        for cell in cells_of(box):
            near.update(zone_id for kind, zone_id in self._buckets.get(cell, ()) if kind == "zone")
        built = self._built
        if built is not None:
            rows = built.near(box)
            ids = map(built.ids.__getitem__, set(rows[rows < self._opened_zones].tolist()))
            stale = self._stale
            near.update((zone_id for zone_id in ids if ("zone", zone_id) not in stale) if stale else ids)
        return near

    def find(self, box: Box) -> set[tuple[str, str]]:
        """Every zone and border whose drawn box meets `box`, unordered."""
        return self.find_any([box])

    def find_any(self, boxes: list[Box]) -> set[tuple[str, str]]:
        """Every zone and border whose drawn box meets one of `boxes` (an edit's rectangles), unordered."""
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        left, top, right, bottom = box
        found: set[tuple[str, str]] = set()
        edge: set[tuple[str, str]] = set(self._large)
        if cell_count(box) > len(self._buckets):  # a box wider than the map: walk the map's cells
            x0, y0, x1, y1 = (math.floor(v / CELL) for v in box)
            cells = ((c, b) for c, b in self._buckets.items() if x0 <= c[0] <= x1 and y0 <= c[1] <= y1)
        else:
            cells = ((c, self._buckets.get(c, ())) for c in cells_of(box))
        for (cx, cy), bucket in cells:
            whole = left <= cx * CELL and (cx + 1) * CELL <= right and top <= cy * CELL and (cy + 1) * CELL <= bottom
            (found if whole and len(boxes) == 1 else edge).update(bucket)  # a cell wholly inside needs no box test
        drawn = self.boxes
        for key in edge - found:
            x0, y0, x1, y1 = drawn[key]
            if any(x0 <= b[2] and x1 >= b[0] and y0 <= b[3] and y1 >= b[1] for b in boxes):
                found.add(key)
        if self._built is not None:  # what moved since the map was opened is looked up by its new place only
            stale = self._stale
            met = self._built.meets(boxes)
            found.update((key for key in met if key not in stale) if stale else met)
        return found

    def find_in_order(self, box: Box) -> tuple[list[str], list[str]] | None:
        """The ids of the zones and of the borders `find` gives, each in the map's order, when
        the layout is as the map was opened (its rows are in the map's order then); None after
        an edit or with large objects, when the caller sorts what `find` gives. The lists carry
        their rows (RowIds), for a painting that reads the layout's arrays."""
        if not self._opened_zones or self._stale or self._buckets or self._large:
            return None
        built = self._cell_index if self._wide(box) else self._built
        if built is not None:
            rows, ids = built.rows_array([box]), built.ids
        else:  # a wide box (a fitted first frame's tile) before the index is built: every box tested at once
            import numpy as np

            ids = self._index_from[3]
            left, top, right, bottom = box
            lefts, tops, rights, bottoms = self._box_sides()
            met = lefts <= right
            met &= rights >= left
            met &= tops <= bottom
            met &= bottoms >= top
            rows = np.flatnonzero(met)
        nz = self._opened_zones
        zones = int(rows.searchsorted(nz))
        zone_rows, border_rows = rows[:zones], rows[zones:]
        return (
            RowIds(map(ids.__getitem__, zone_rows.tolist()), zone_rows),
            RowIds(map(ids.__getitem__, border_rows.tolist()), border_rows - nz),
        )

    def _box_sides(self) -> tuple:
        """The opened objects' lefts, tops, rights and bottoms, each an array of its own, made at
        the first wide box and kept until the index is built: a column of the n x 4 boxes is a
        strided read, and each of a fitted frame's tiles tests every box."""
        if self._sides is None:
            import numpy as np

            boxes = self._index_from[1]
            self._sides = tuple(np.ascontiguousarray(boxes[:, k]) for k in range(4))
        return self._sides

    def _wide(self, box: Box) -> bool:
        """Whether a box covers a good part of the map (WIDE of it or more): such a box tests
        every object's box as quickly as it would ask the index; a smaller one builds the index."""
        extent = self._extent
        if extent is None:
            return False
        area = (extent[2] - extent[0]) * (extent[3] - extent[1])
        return (box[2] - box[0]) * (box[3] - box[1]) >= WIDE * area

    def zones_at(self, x: float, y: float) -> list[str]:
        """The zones whose shape holds the point, in no particular order."""
        hits = []
        for kind, zone_id in self._bucket(x, y):
            if kind == "zone":
                shape = self._zones[zone_id].shape
                if isinstance(shape, NodeShape):
                    if math.hypot(x - shape.x, y - shape.y) <= shape.radius:
                        hits.append(zone_id)
                elif inside(shape.points, x, y):
                    hits.append(zone_id)
        return hits

    def borders_near(self, x: float, y: float, reach: float = BORDER_HIT, badges: bool = True) -> list[str]:
        """The borders whose line passes within `reach` of the point or (with `badges`, as they
        are drawn) whose badge holds it."""
        hits = []
        for kind, border_id in self._bucket(x, y):
            if kind != "border":
                continue
            line = self.lines[border_id]
            hw, hh = badge_half(self.border(border_id))
            on_badge = badges and abs(x - line.anchor[0]) <= hw - 5 and abs(y - line.anchor[1]) <= hh - 2
            if on_badge or any(distance_to_segment(x, y, p, q) <= reach for p, q in line.segments):
                hits.append(border_id)
        return hits
