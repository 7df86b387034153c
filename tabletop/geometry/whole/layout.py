"""MapLayout: where every zone and border is drawn, and which of them lie in a given place.

The canvas paints and hit-tests a map of ten thousand zones one small region at a time, so
it needs each object's drawn box and each border's line without going over the whole map:
a bucket index answers "what lies here" and is kept current edit by edit. Qt-free.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from operator import attrgetter
from typing import TYPE_CHECKING

from tabletop.geometry.single.shapes import BorderLine, border_line, zones_extent
from tabletop.geometry.whole.boxes import border_box, zone_box
from tabletop.geometry.whole.buckets import CELL, LARGE_CELLS, bucket_all, cell_count, cell_counts, cells_of
from tabletop.geometry.whole.finding import WhatIsWhere
from tabletop.geometry.whole.rows import SlicedDict
from tabletop.geometry.whole.tables import BordersAt, Box, BoxTable, MadeOnRead, ShapeTable, union_of
from tabletop.heap import collector_off, collector_paused
from tabletop.model import Border, Map, PolygonShape, Zone

if TYPE_CHECKING:
    import numpy as np

    from tabletop.geometry.whole.cells import CellIndex

# numpy and the vectorised border lines are imported by the whole-map passes that use them:
# an empty map (the window at start) is laid out without them.

BORDER_SLICE = 60_000
"""Borders put in the borders by id per step of prepare_steps: a short slice of the event loop."""

INDEX_SLICE = 120_000
"""Zones and borders whose cells are found per step of prepare_steps: a short slice too."""


class MapLayout(WhatIsWhere):
    """Drawn boxes of zones and borders, border lines, and a bucket index over both.

    Built for a whole map at once (border lines in one vectorised pass), then kept current
    by `set_zone`, `set_border` and `drop` as the document reports edits. A map as opened is
    held in arrays (lines.py, tables.py, cells.py): `lines`, `boxes` and `borders_at`
    read like dicts and make a line, box or set only when asked; an edit's are kept beside them.
    The first frame of an opened map needs neither the bucket index nor the borders by id:
    both are made when first asked, or by `prepare` in the event loop after that frame.
    """

    def __init__(self, map_: Map, index: bool = True, rows: dict[str, int] | None = None) -> None:
        """`index=False` for a one-off painting of the whole map (an export): lines only.
        `rows`, each zone's place in the map by id, when the caller keeps them already (the
        document): copied, not made again. The borders' rows by id are made when first asked, or
        in slices by `prepare_steps`: no first frame asks them."""
        zone_ids = list(rows) if rows is not None else list(map(attrgetter("id"), map_.zones))
        border_ids = list(map(attrgetter("id"), map_.borders))
        zone_rows = rows.copy() if rows is not None else dict(zip(zone_ids, itertools.count()))
        self._border_rows = SlicedDict(border_ids)
        """The borders' rows by id: the box table's (a line table keeps a copy of its own)."""
        self._zones: dict[str, Zone] = dict(zip(zone_ids, map_.zones, strict=True))
        """The zones as laid out, by id: what an edit's old shape is compared with, and what
        `zone` gives a painting."""
        self._borders_by_id = SlicedDict(border_ids, list(map_.borders))
        """The borders by id, made when first asked or in slices by prepare_steps."""
        self.boxes: MutableMapping[tuple[str, str], Box] = {}
        self.lines: MutableMapping[str, BorderLine] = {}
        self.borders_at: MutableMapping[str, set[str]] = {}  # a map without zones has no borders
        self._cell_index: CellIndex | None = None
        """The bucket index as the map was opened (`_built`); `_stale` holds what has moved or
        gone since, and `_buckets` what has been put since, a set per cell."""
        self._index_from: tuple | None = None
        """What the index is built from, until it is: the first frame of an opened map goes without."""
        self._sides: tuple | None = None
        """The boxes the index is built from, side by side (finding.py), while a wide tile asks before it is."""
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
            self._build(map_, index, (zone_ids, border_ids), zone_rows)

    def _build(
        self,
        map_: Map,
        index: bool,
        ids: tuple[list[str], list[str]],
        zone_rows: dict[str, int],
    ) -> None:
        """The whole map's lines, boxes and index from its arrays (bulk.py). `zone_rows`
        is this layout's own."""
        from tabletop.geometry.whole.bulk import arrays_of_map
        from tabletop.geometry.whole.lines import LineTable

        zone_ids, border_ids = ids
        arrays = arrays_of_map(map_, zone_rows, boxes=index)
        heads, pieces = arrays.heads, arrays.pieces
        self.zone_size, self._extent = arrays.zone_size, arrays.extent
        # the line table's own: an edited line leaves it (copies share only the numbers); a
        # one-off painting's tables share the borders' rows, made only if a line is asked by id
        line_rows = self._border_rows if not index else self._border_rows.copied()
        self.lines = LineTable(line_rows, heads, pieces)
        rows = zone_rows if not index else dict(zone_rows)
        self._shapes = ShapeTable(arrays.table, rows, line_rows, heads, pieces)
        if not index:  # a one-off painting reads lines (if at all) each more than once: made together when first read
            self.lines = MadeOnRead(self.lines, border_ids)
        self.borders_at = BordersAt(dict(zone_rows), arrays.starts, arrays.members, border_ids)
        if not index:
            return
        boxes = arrays.boxes
        del arrays  # what the index needs no more, before it is built
        import numpy as np

        nz, n = len(zone_rows), len(border_ids)
        self.boxes = BoxTable({"zone": zone_rows, "border": self._border_rows}, boxes, {"zone": 0, "border": nz})
        large = cell_counts(np.floor(boxes / CELL)) > LARGE_CELLS
        kinds, ids = ["zone"] * nz + ["border"] * n, [*zone_ids, *border_ids]
        self._opened_zones = nz
        self._index_from = (np.flatnonzero(~large), boxes, kinds, ids, CELL)
        self._large = {(kinds[r], ids[r]) for r in np.flatnonzero(large).tolist()}

    @property
    def _borders(self) -> dict[str, Border]:
        """Border id -> Border, made when first asked: the layout's own to keep current; a
        reader asks `border`."""
        return self._borders_by_id()

    @property
    def borders_made(self) -> bool:
        """Whether the borders by id are made: the first frame of a big map makes none."""
        return self._borders_by_id.made

    def border(self, border_id: str) -> Border | None:
        """The border with this id as laid out, None when there is none: how a painting reads
        borders, as `zone` reads zones, so the document's layout gives what `MapDocument.get`
        gives. The borders by id are made at the first such question (or by `prepare`)."""
        return self._borders_by_id().get(border_id)

    def border_ids(self) -> list[str]:
        """The borders' ids in the map's order, without making the borders by id when they are
        not made yet (an export of a big map paints its lines from the arrays and asks none)."""
        return list(self._borders_by_id.ids)

    def zone(self, zone_id: str) -> Zone | None:
        """The zone with this id as laid out, None when there is none: how a painting reads
        zones, render/ being below the document. The document's layout holds the document's own
        zones (brought up to every edit before it signals), so what is painted is what
        `MapDocument.get` gives; above render, ask the document."""
        return self._zones.get(zone_id)

    def zone_ids(self) -> list[str]:
        """The zones' ids as laid out: the map's order for a layout made for one painting."""
        return list(self._zones)

    def looks(self) -> tuple[np.ndarray, list]:
        """ShapeTable.looks of this layout's zones: each row's look number, and the looks."""
        return self.shapes().looks(self._zones)

    @property
    def _built(self) -> CellIndex | None:
        """The bucket index of the map as opened (None for a map laid out edit by edit), built
        when first asked: the first frame's tiles test every box instead (see find_in_order)."""
        if self._cell_index is None and self._index_from is not None:
            from tabletop.geometry.whole.cells import CellIndex

            self._cell_index, self._index_from, self._sides = CellIndex(*self._index_from), None, None
        return self._cell_index

    def prepare(self) -> None:
        """Make what the first frame went without (the bucket index, the borders by id) at once;
        the collector is kept off them."""
        with collector_paused():
            for _ in self.prepare_steps():
                pass

    def prepare_steps(self) -> Iterator[None]:
        """What `prepare` makes, a step at a time, for the event
        loop soon after an open: a hover or a reach asked meanwhile waits for one step at most,
        not for the whole index. A part asked for before its
        steps are done is made at once, from where they stopped."""
        if not self._borders_by_id.made:
            yield from self._borders_by_id.steps(BORDER_SLICE)
            yield
        if not self._border_rows.made:
            yield from self._border_rows.steps(BORDER_SLICE)
            yield
        from_ = self._index_from
        if self._cell_index is None and from_ is not None:
            import numpy as np

            from tabletop.geometry.whole.cells import CellIndex, by_cell, covered_cells

            rows, boxes, *_, cell = from_
            indexed, parts = CellIndex.indexed_boxes(rows, boxes), []
            for start in range(0, len(indexed), INDEX_SLICE):
                cx, cy, owner = covered_cells(indexed[start : start + INDEX_SLICE], cell)
                parts.append(by_cell(cx, cy, owner + start))
                yield
            if self._cell_index is None and self._index_from is from_:
                ordered = by_cell(*(np.concatenate(part) for part in zip(*parts, strict=True))) if parts else None
                self._cell_index = CellIndex(*from_, ordered=ordered)
                self._index_from, self._sides = None, None

    @contextmanager
    def lines_held(self, border_ids: list[str]) -> Iterator[None]:
        """While a painting reads these borders' lines (each more than once), `lines` holds them
        made, in a dict; the collector is off meanwhile, as it would walk the whole map for them."""
        from tabletop.geometry.whole.lines import LineTable

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

    def lines_apart(self) -> set[str]:
        """The ids of the borders whose zones share no edge (their lines drawn as dashed links):
        read from the line table's arrays, never by making a whole map's lines."""
        from tabletop.geometry.whole.lines import LineTable

        lines = self.lines.table if isinstance(self.lines, MadeOnRead) else self.lines
        if isinstance(lines, LineTable):
            return lines.apart()
        return {border_id for border_id, line in lines.items() if not line.shared}

    def whole_box(self) -> Box | None:
        """The box around every zone's and border's drawn box (None: nothing is drawn)."""
        boxes = self.boxes
        if isinstance(boxes, BoxTable):
            return boxes.union()
        return union_of(list(boxes.values())) if boxes else None

    def zone_extent(self) -> Box | None:
        """(left, top, right, bottom) around every zone's shape (for `map_bounds`), None
        without zones: worked out once, and again after a zone changes."""
        if self._extent is None and self._zones:
            self._extent = zones_extent(list(self._zones.values()))
        return self._extent

    # -- keeping current ---------------------------------------------------------------------

    def set_zone(self, zone: Zone) -> list[str]:
        """A zone was added or changed; returns its borders, whose lines moved with it. A zone
        whose shape is as it was (renamed, filled, fogged) keeps its borders' lines: working
        them out again was most of Fog All's cost on a big map."""
        old = self._zones.get(zone.id)
        self._zones[zone.id] = zone
        if self._shapes is not None:
            self._shapes.forget(zone.id)
        self.borders_at.setdefault(zone.id, set())
        self._unindex(("zone", zone.id))  # its row as opened no longer holds its look
        self._index(("zone", zone.id), zone_box(zone))
        if old is not None and (old.shape is zone.shape or old.shape == zone.shape):
            return []  # the map's extent and the touching pairs' lines hold too
        self._touching = {}
        self._extent = None
        touched = sorted(self.borders_at[zone.id])
        for border_id in touched:
            self.set_border(self._borders[border_id])
        return touched

    def set_looks(self, zones: list[Zone]) -> bool:
        """Many zones changed at once (Fog All, a fill given to thousands): True, having taken
        them, when every one kept its shape, so each keeps its row as opened (and its place in
        the index) and the looks are worked out again once; else False and nothing taken (each
        zone goes through set_zone). One at a time, every zone left the index and the shape
        table: Fog All's push and its next frame took twice as long on a big map, painted zone
        by zone."""
        if self._shapes is None:
            return False
        known = self._zones
        for zone in zones:
            old = known.get(zone.id)
            if old is None or not (old.shape is zone.shape or old.shape == zone.shape):
                return False
        for zone in zones:
            known[zone.id] = zone
        self._shapes.relook()
        return True

    def set_border(self, border: Border, line: BorderLine | None = None) -> None:
        """A border was added or changed (`line` when the caller has worked it out already)."""
        old = self._borders.get(border.id)
        if old is not None:
            self.borders_at.get(old.a, set()).discard(border.id)
            self.borders_at.get(old.b, set()).discard(border.id)
        self._borders[border.id] = border
        self.borders_at.setdefault(border.a, set()).add(border.id)
        self.borders_at.setdefault(border.b, set()).add(border.id)
        self.lines[border.id] = line or border_line(border, self._zones[border.a], self._zones[border.b])
        self._unindex(("border", border.id))
        self._index(("border", border.id), border_box(border, self.lines[border.id]))

    def set_borders(self, borders: list[Border]) -> None:
        """Many borders at once (Join Touching Zones): their lines in one vectorised pass,
        or taken from the `touching_pairs` just asked, when the zones have not moved since."""
        known = self._touching
        missing = [b for b in borders if (b.a, b.b) not in known]
        from tabletop.geometry.whole.lines import lines_of

        lines = lines_of(missing, self._zones) if missing else {}
        by_id = self._borders
        new = [b for b in borders if b.id not in by_id]
        for border in borders:
            line = lines.get(border.id) or known[(border.a, border.b)]
            if border.id in by_id:
                self.set_border(border, line)
                continue
            by_id[border.id] = border
            self.borders_at.setdefault(border.a, set()).add(border.id)
            self.borders_at.setdefault(border.b, set()).add(border.id)
            self.lines[border.id] = line
        boxes = {("border", b.id): border_box(b, self.lines[b.id]) for b in new}
        self.boxes.update(boxes)
        large = {key for key, box in boxes.items() if cell_count(box) > LARGE_CELLS}
        self._large |= large
        for cell, keys in bucket_all(
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
            shape = self._zones[zone_id].shape
            if isinstance(shape, PolygonShape):
                xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
                bounds[zone_id] = (min(xs), min(ys), max(xs), max(ys))
        candidates = []
        for a_id, box in bounds.items():
            left, top, right, bottom = box
            mine = rank[a_id]
            if cell_count(box) > LARGE_CELLS:
                near = {zone_id for kind, zone_id in self.find(box) if kind == "zone"}
            else:
                near = self._zones_near(box)
            for b_id in near:
                if b_id not in bounds or rank[b_id] <= mine:
                    continue
                b_left, b_top, b_right, b_bottom = bounds[b_id]
                if left <= b_right and b_left <= right and top <= b_bottom and b_top <= bottom:
                    candidates.append((a_id, b_id))
        from tabletop.geometry.whole.lines import shared_lines

        lines = shared_lines([(self._zones[a], self._zones[b]) for a, b in candidates])
        self._touching = {pair: line for pair, line in zip(candidates, lines, strict=True) if line is not None}
        return sorted(self._touching, key=lambda pair: (rank[pair[0]], rank[pair[1]]))

    def drop(self, kind: str, object_id: str) -> None:
        self._unindex((kind, object_id))
        self._touching = {}
        if kind == "zone":
            self._extent = None
            if self._shapes is not None:
                self._shapes.forget(object_id)
            self._zones.pop(object_id, None)
            self.borders_at.pop(object_id, None)
        elif kind == "border":
            border = self._borders.pop(object_id, None)
            self.lines.pop(object_id, None)
            if border is not None:
                for end in (border.a, border.b):
                    self.borders_at.get(end, set()).discard(object_id)

    def _index(self, key: tuple[str, str], box: Box) -> None:
        self.boxes[key] = box
        if cell_count(box) > LARGE_CELLS:
            self._large.add(key)
            return
        for cell in cells_of(box):
            self._buckets.setdefault(cell, set()).add(key)

    def _unindex(self, key: tuple[str, str]) -> None:
        box = self.boxes.pop(key, None)
        if self._opened_zones:  # laid out from arrays (its index built or not)
            self._stale.add(key)  # its place in the index as opened no longer holds
        if key in self._large:
            self._large.discard(key)
        elif box is not None:
            for cell in cells_of(box):
                self._buckets.get(cell, set()).discard(key)
