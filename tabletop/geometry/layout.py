"""MapLayout: where every zone and border is drawn, and which of them lie in a given place.

The canvas paints and hit-tests a map of ten thousand zones one small region at a time, so
it needs each object's drawn box and each border's line without going over the whole map:
a bucket index answers "what lies here" and is kept current edit by edit. Qt-free.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, MutableMapping
from contextlib import contextmanager
from operator import attrgetter
from typing import TYPE_CHECKING

from tabletop.geometry.boxes import badge_half, border_box, border_boxes, zone_box, zone_boxes
from tabletop.geometry.labels import inside
from tabletop.geometry.shapes import BorderLine, border_line, zones_extent
from tabletop.geometry.tables import BordersAt, Box, BoxTable, MadeOnRead, RowIds, ShapeTable
from tabletop.heap import collector_off, collector_paused
from tabletop.model import Border, Map, NodeShape, PolygonShape, Zone

if TYPE_CHECKING:
    import numpy as np

    from tabletop.geometry.cells import CellIndex

# numpy and the vectorised border lines are imported by the whole-map passes that use them:
# an empty map (the window at start) is laid out without them.

LARGE_CELLS = 1024
"""An object whose box covers more cells than this (a zone the size of a continent) is kept
in a short list every query tests, instead of in thousands of cells."""
CELL = 240.0
"""Side of one bucket in map units: a few zones across, so a point or a screen tile touches few buckets."""

WIDE = 1 / 64
"""A tile this much of the map or more is searched by testing every box until the index is built."""
Rows = tuple[dict[str, int], dict[str, int]]
"""Each zone's and each border's place in the map, by id."""
BORDER_HIT = 6.0
"""How far from its line a click still picks a border, in map units."""


def _cell_counts(corners: np.ndarray) -> np.ndarray:
    x0, y0, x1, y1 = corners.T
    return (x1 - x0 + 1) * (y1 - y0 + 1)


def _bucket_all(boxes: dict[tuple[str, str], Box]) -> dict[tuple[int, int], set[tuple[str, str]]]:
    """The bucket index of some objects at once: their cells worked out with numpy, then a set per cell."""
    if not boxes:
        return {}
    import numpy as np

    from tabletop.geometry.cells import cell_rows

    keys = list(boxes)
    cx, cy, owner = cell_rows(np.array(list(boxes.values()), dtype=np.float64).reshape(-1, 4), CELL)
    found: dict[tuple[int, int], set[tuple[str, str]]] = {}
    for x, y, i in zip(cx.tolist(), cy.tolist(), owner.tolist(), strict=True):
        found.setdefault((x, y), set()).add(keys[i])
    return found


def _cell_count(box: Box) -> int:
    left, top, right, bottom = box
    return (math.floor(right / CELL) - math.floor(left / CELL) + 1) * (
        math.floor(bottom / CELL) - math.floor(top / CELL) + 1
    )


def _cells(box: Box) -> Iterable[tuple[int, int]]:
    left, top, right, bottom = box
    for cx in range(math.floor(left / CELL), math.floor(right / CELL) + 1):
        for cy in range(math.floor(top / CELL), math.floor(bottom / CELL) + 1):
            yield (cx, cy)


def _distance_to_segment(x: float, y: float, p: tuple[float, float], q: tuple[float, float]) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - p[0]) * dx + (y - p[1]) * dy) / length2))
    return math.hypot(x - (p[0] + t * dx), y - (p[1] + t * dy))


class MapLayout:
    """Drawn boxes of zones and borders, border lines, and a bucket index over both.

    Built for a whole map at once (border lines in one vectorised pass), then kept current
    by `set_zone`, `set_border` and `drop` as the document reports edits. A map as opened is
    held in arrays (geometry/lines.py, tables.py, cells.py): `lines`, `boxes` and `borders_at`
    read like dicts and make a line, box or set only when asked; an edit's are kept beside them.
    The first frame of an opened map needs neither the bucket index nor the borders by id:
    both are made when first asked, or by `prepare` in the event loop after that frame.
    """

    def __init__(self, map_: Map, index: bool = True, rows: Rows | None = None) -> None:
        """`index=False` for a one-off painting of the whole map (an export): lines only.
        `rows`, each zone's and each border's place in the map by id, when the caller keeps them
        already (the document): copied, not made again (a 100k-zone map's take 0.15 s)."""
        if rows is None:
            zone_ids, border_ids = list(map(attrgetter("id"), map_.zones)), list(map(attrgetter("id"), map_.borders))
            rows = (dict(zip(zone_ids, itertools.count())), dict(zip(border_ids, itertools.count())))
        else:
            zone_ids, border_ids = list(rows[0]), list(rows[1])
        self.zones: dict[str, Zone] = dict(zip(zone_ids, map_.zones, strict=True))
        self._borders: dict[str, Border] | None = None
        self._borders_from: tuple[list[str], list[Border]] | None = (border_ids, list(map_.borders))
        self.boxes: MutableMapping[tuple[str, str], Box] = {}
        self.lines: MutableMapping[str, BorderLine] = {}
        self.borders_at: MutableMapping[str, set[str]] = {}  # a map without zones has no borders
        self._cell_index: CellIndex | None = None
        """The bucket index as the map was opened (`_built`); `_stale` holds what has moved or
        gone since, and `_buckets` what has been put since, a set per cell."""
        self._index_from: tuple | None = None
        """What the index is built from, until it is: the first frame of an opened map goes without."""
        self._stale: set[tuple[str, str]] = set()
        self._opened_zones = 0
        """How many zones the map had when opened: the index's first rows."""
        self._buckets: dict[tuple[int, int], set[tuple[str, str]]] = {}
        self._touching: dict[tuple[str, str], BorderLine] = {}
        self._large: set[tuple[str, str]] = set()
        self._extent: Box | None = None
        self._shapes: ShapeTable | None = None
        """The zones' polygons and the borders' lines as opened, in arrays, for painting many at once."""
        self.zone_size: float | None = None
        """A typical zone's size in map units as opened (the median over zones of the square root of each one's box), by
        which a painting far out fades zones' outlines (render/ink.py); None for a map laid out
        edit by edit. Kept as it was, so every tile and export of the map fades alike."""
        if map_.zones:
            self._build(map_, index, zone_ids, border_ids, rows)

    def _build(self, map_: Map, index: bool, zone_ids: list[str], border_ids: list[str], rows: Rows) -> None:
        """The whole map's lines, boxes and index in a few numpy passes over its zones and borders."""
        import numpy as np

        from tabletop.geometry.lines import LineTable, line_rows, zone_table

        table = zone_table(map_.zones)
        extent = table.extent
        self.zone_size = float(np.median(np.sqrt((extent[:, 2] - extent[:, 0]) * (extent[:, 3] - extent[:, 1]))))
        self._extent = (*extent[:, :2].min(axis=0).tolist(), *extent[:, 2:].max(axis=0).tolist())
        zone_rows, border_rows = rows[0].copy(), rows[1].copy()  # the tables' own: an edit takes its object out
        n = len(border_ids)
        ends = np.fromiter(
            map(zone_rows.__getitem__, itertools.chain.from_iterable(map(attrgetter("a", "b"), map_.borders))),
            dtype=np.int64,
            count=2 * n,
        )
        ends_a, ends_b = ends[0::2], ends[1::2]
        heads, pieces = line_rows(ends_a, ends_b, table)
        line_rows = border_rows.copy()  # the table's own: an edited line leaves it (copies share only the numbers)
        self.lines = LineTable(line_rows, heads, pieces)
        self._shapes = ShapeTable(table, dict(zone_rows), line_rows, heads, pieces)
        if not index:  # a one-off painting reads lines (if at all) each more than once: made together when first read
            self.lines = MadeOnRead(self.lines, border_ids)
        ends = np.concatenate((ends_a, ends_b))
        members = np.concatenate((np.arange(n), np.arange(n)))[np.argsort(ends, kind="stable")]
        starts = np.concatenate(([0], np.cumsum(np.bincount(ends, minlength=len(zone_rows)))))
        self.borders_at = BordersAt(dict(zone_rows), starts, members, border_ids)
        if not index:
            return
        boxes = np.concatenate((zone_boxes(table), border_boxes(map_.borders, heads, pieces)))
        del table, ends, ends_a, ends_b  # what the index needs no more, before it is built
        nz = len(zone_rows)
        self.boxes = BoxTable({"zone": zone_rows, "border": border_rows}, boxes, {"zone": 0, "border": nz})
        large = _cell_counts(np.floor(boxes / CELL)) > LARGE_CELLS
        kinds, ids = ["zone"] * nz + ["border"] * n, [*zone_ids, *border_ids]
        self._opened_zones = nz
        self._index_from = (np.flatnonzero(~large), boxes, kinds, ids, CELL)
        self._large = {(kinds[r], ids[r]) for r in np.flatnonzero(large).tolist()}

    @property
    def borders(self) -> dict[str, Border]:
        """Border id -> Border, made when first asked: the first frame of a big map asks none."""
        if self._borders is None:
            ids, borders = self._borders_from
            self._borders, self._borders_from = dict(zip(ids, borders, strict=True)), None
        return self._borders

    @property
    def _built(self) -> CellIndex | None:
        """The bucket index of the map as opened (None for a map laid out edit by edit), built
        when first asked: the first frame's tiles test every box instead (see find_in_order)."""
        if self._cell_index is None and self._index_from is not None:
            from tabletop.geometry.cells import CellIndex

            self._cell_index, self._index_from = CellIndex(*self._index_from), None
        return self._cell_index

    def prepare(self) -> None:
        """Make what the first frame went without (the bucket index, the borders by id), in the
        event loop soon after an open, before a GM can hover or edit; the collector is kept off them."""
        with collector_paused():
            _ = self._built, self.borders

    @contextmanager
    def lines_held(self, border_ids: list[str]) -> Iterator[None]:
        """While a painting reads these borders' lines (each more than once), `lines` holds them
        made, in a dict; the collector is off meanwhile, as it would walk the whole map for them."""
        from tabletop.geometry.lines import LineTable

        table = self.lines
        if not isinstance(table, LineTable):  # a plain dict already (an export's, a map built by edits)
            yield
            return
        with collector_off():
            self.lines = MadeOnRead(table, border_ids)  # a painting of specks reads none: none made
            try:
                yield
            finally:
                self.lines = table

    def shapes(self) -> ShapeTable:
        """The polygons and lines of the map as opened, in arrays (empty for a map laid out
        edit by edit): what a painting of many specks and lines reads instead of objects."""
        if self._shapes is None:
            import numpy as np

            self._shapes = ShapeTable(None, {}, {}, np.zeros((0, 7)), np.zeros((0, 4)))
        return self._shapes

    def line_arrays(self, border_ids: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """ShapeTable.line_arrays of these borders: a line set since opening read from the
        layout's table, never by making every line a painting holds."""
        lines = self.lines.table if isinstance(self.lines, MadeOnRead) else self.lines
        return self.shapes().line_arrays(border_ids, lines)

    def zone_extent(self) -> Box | None:
        """(left, top, right, bottom) around every zone's shape (for `map_bounds`), None
        without zones: worked out once, and again after a zone changes."""
        if self._extent is None and self.zones:
            self._extent = zones_extent(list(self.zones.values()))
        return self._extent

    # -- keeping current ---------------------------------------------------------------------

    def set_zone(self, zone: Zone) -> list[str]:
        """A zone was added or changed; returns its borders, whose lines moved with it."""
        self.zones[zone.id] = zone
        if self._shapes is not None:
            self._shapes.forget(zone.id)
        self._touching = {}
        self._extent = None
        self.borders_at.setdefault(zone.id, set())
        self._unindex(("zone", zone.id))
        self._index(("zone", zone.id), zone_box(zone))
        touched = sorted(self.borders_at[zone.id])
        for border_id in touched:
            self.set_border(self.borders[border_id])
        return touched

    def set_border(self, border: Border, line: BorderLine | None = None) -> None:
        """A border was added or changed (`line` when the caller has worked it out already)."""
        old = self.borders.get(border.id)
        if old is not None:
            self.borders_at.get(old.a, set()).discard(border.id)
            self.borders_at.get(old.b, set()).discard(border.id)
        self.borders[border.id] = border
        self.borders_at.setdefault(border.a, set()).add(border.id)
        self.borders_at.setdefault(border.b, set()).add(border.id)
        self.lines[border.id] = line or border_line(border, self.zones[border.a], self.zones[border.b])
        self._unindex(("border", border.id))
        self._index(("border", border.id), border_box(border, self.lines[border.id]))

    def set_borders(self, borders: list[Border]) -> None:
        """Many borders at once (Join Touching Zones): their lines in one vectorised pass,
        or taken from the `touching_pairs` just asked, when the zones have not moved since."""
        known = self._touching
        missing = [b for b in borders if (b.a, b.b) not in known]
        from tabletop.geometry.lines import lines_of

        lines = lines_of(missing, self.zones) if missing else {}
        new = [b for b in borders if b.id not in self.borders]
        for border in borders:
            line = lines.get(border.id) or known[(border.a, border.b)]
            if border.id in self.borders:
                self.set_border(border, line)
                continue
            self.borders[border.id] = border
            self.borders_at.setdefault(border.a, set()).add(border.id)
            self.borders_at.setdefault(border.b, set()).add(border.id)
            self.lines[border.id] = line
        boxes = {("border", b.id): border_box(b, self.lines[b.id]) for b in new}
        self.boxes.update(boxes)
        large = {key for key, box in boxes.items() if _cell_count(box) > LARGE_CELLS}
        self._large |= large
        for cell, keys in _bucket_all(
            {k: v for k, v in boxes.items() if k not in large}
        ).items():  # new borders' cells in one numpy pass
            self._buckets.setdefault(cell, set()).update(keys)

    def touching_pairs(self, order: list[str]) -> list[tuple[str, str]]:
        """Pairs of polygon zones that share an edge, each pair once, in the given order of
        zones. Each zone is paired only with the zones the bucket index finds around it, and
        the shared edges of all pairs are found in one vectorised pass; their lines are kept
        until a zone changes, for the borders that will join them."""
        rank = {zone_id: i for i, zone_id in enumerate(order)}
        bounds = {}
        for zone_id in order:
            shape = self.zones[zone_id].shape
            if isinstance(shape, PolygonShape):
                xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
                bounds[zone_id] = (min(xs), min(ys), max(xs), max(ys))
        candidates = []
        for a_id, box in bounds.items():
            left, top, right, bottom = box
            mine = rank[a_id]
            if _cell_count(box) > LARGE_CELLS:
                near = {zone_id for kind, zone_id in self.find(box) if kind == "zone"}
            else:
                near = self._zones_near(box)
            for b_id in near:
                if b_id not in bounds or rank[b_id] <= mine:
                    continue
                b_left, b_top, b_right, b_bottom = bounds[b_id]
                if left <= b_right and b_left <= right and top <= b_bottom and b_top <= bottom:
                    candidates.append((a_id, b_id))
        from tabletop.geometry.lines import shared_lines

        lines = shared_lines([(self.zones[a], self.zones[b]) for a, b in candidates])
        self._touching = {pair: line for pair, line in zip(candidates, lines, strict=True) if line is not None}
        return sorted(self._touching, key=lambda pair: (rank[pair[0]], rank[pair[1]]))

    def drop(self, kind: str, object_id: str) -> None:
        self._unindex((kind, object_id))
        self._touching = {}
        if kind == "zone":
            self._extent = None
            if self._shapes is not None:
                self._shapes.forget(object_id)
            self.zones.pop(object_id, None)
            self.borders_at.pop(object_id, None)
        elif kind == "border":
            border = self.borders.pop(object_id, None)
            self.lines.pop(object_id, None)
            if border is not None:
                for end in (border.a, border.b):
                    self.borders_at.get(end, set()).discard(object_id)

    def _index(self, key: tuple[str, str], box: Box) -> None:
        self.boxes[key] = box
        if _cell_count(box) > LARGE_CELLS:
            self._large.add(key)
            return
        for cell in _cells(box):
            self._buckets.setdefault(cell, set()).add(key)

    def _unindex(self, key: tuple[str, str]) -> None:
        box = self.boxes.pop(key, None)
        if self._opened_zones:  # laid out from arrays (its index built or not)
            self._stale.add(key)  # its place in the index as opened no longer holds
        if key in self._large:
            self._large.discard(key)
        elif box is not None:
            for cell in _cells(box):
                self._buckets.get(cell, set()).discard(key)

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
        for cell in _cells(box):
            near.update(zone_id for kind, zone_id in self._buckets.get(cell, ()) if kind == "zone")
        built = self._built
        if built is not None:
            rows = built.near(box)
            ids = map(built.ids.__getitem__, set(rows[rows < self._opened_zones].tolist()))
            stale = self._stale
            near.update((zone_id for zone_id in ids if ("zone", zone_id) not in stale) if stale else ids)
        return near

    # -- what is where -------------------------------------------------------------------------

    def find(self, box: Box) -> set[tuple[str, str]]:
        """Every zone and border whose drawn box meets `box`, unordered."""
        return self.find_any([box])

    def find_any(self, boxes: list[Box]) -> set[tuple[str, str]]:
        """Every zone and border whose drawn box meets one of `boxes` (an edit's rectangles), unordered."""
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        left, top, right, bottom = box
        found: set[tuple[str, str]] = set()
        edge: set[tuple[str, str]] = set(self._large)
        if _cell_count(box) > len(self._buckets):  # a box wider than the map: walk the map's cells
            x0, y0, x1, y1 = (math.floor(v / CELL) for v in box)
            cells = ((c, b) for c, b in self._buckets.items() if x0 <= c[0] <= x1 and y0 <= c[1] <= y1)
        else:
            cells = ((c, self._buckets.get(c, ())) for c in _cells(box))
        for (cx, cy), bucket in cells:
            whole = left <= cx * CELL and (cx + 1) * CELL <= right and top <= cy * CELL and (cy + 1) * CELL <= bottom
            (found if whole and len(boxes) == 1 else edge).update(bucket)  # a cell wholly inside needs no box test
        drawn = self.boxes
        for key in edge - found:
            x0, y0, x1, y1 = drawn[key]
            if any(x0 <= b[2] and x1 >= b[0] and y0 <= b[3] and y1 >= b[1] for b in boxes):
                found.add(key)
        if self._built is not None:  # what moved since the map was opened is found by its new place only
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

            boxes, ids = self._index_from[1], self._index_from[3]
            left, top, right, bottom = box
            rows = np.flatnonzero(
                (boxes[:, 0] <= right) & (boxes[:, 2] >= left) & (boxes[:, 1] <= bottom) & (boxes[:, 3] >= top)
            )
        nz = self._opened_zones
        zones = int(rows.searchsorted(nz))
        zone_rows, border_rows = rows[:zones], rows[zones:]
        return (
            RowIds(map(ids.__getitem__, zone_rows.tolist()), zone_rows),
            RowIds(map(ids.__getitem__, border_rows.tolist()), border_rows - nz),
        )

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
                shape = self.zones[zone_id].shape
                if isinstance(shape, NodeShape):
                    if math.hypot(x - shape.x, y - shape.y) <= shape.radius:
                        hits.append(zone_id)
                elif inside(shape.points, x, y):
                    hits.append(zone_id)
        return hits

    def borders_near(self, x: float, y: float, reach: float = BORDER_HIT) -> list[str]:
        """The borders whose line passes within `reach` of the point or whose badge holds it."""
        hits = []
        for kind, border_id in self._bucket(x, y):
            if kind != "border":
                continue
            line = self.lines[border_id]
            hw, hh = badge_half(self.borders[border_id])
            on_badge = abs(x - line.anchor[0]) <= hw - 5 and abs(y - line.anchor[1]) <= hh - 2
            if on_badge or any(_distance_to_segment(x, y, p, q) <= reach for p, q in line.segments):
                hits.append(border_id)
        return hits
