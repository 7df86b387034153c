"""The bucket index of a whole map as it was opened: every object's row, sorted by cell.

A big map has hundreds of thousands of zones and borders in thousands of cells; as a set
per cell they would be slow to make and heavy to hold. Here they are one array of object
numbers grouped by cell, and a search tests their boxes in one numpy pass. The layout keeps
what is edited afterwards in small sets beside it (see MapLayout).
"""

from __future__ import annotations

import math

import numpy as np

from tabletop.geometry.single.runs import within

Box = tuple[float, float, float, float]
Key = tuple[str, str]


Covered = tuple[np.ndarray, np.ndarray, np.ndarray]
"""(cell x, cell y, object) of each cell each object's box covers."""


def cell_rows(boxes: np.ndarray, cell: float) -> Covered:
    """For objects with these boxes (rows of an n x 4 array): the cells each one's box covers,
    sorted by cell."""
    return by_cell(*covered_cells(boxes, cell))


def by_cell(cx: np.ndarray, cy: np.ndarray, owner: np.ndarray) -> Covered:
    """Sorted by cell (x, then y), the objects of a cell in the order given: a stable sort, so
    parts sorted apart and joined are sorted again quickly (a merge of runs)."""
    order = np.argsort((cx << 32) + (cy + 2**31), kind="stable")
    return cx[order], cy[order], owner[order]


def covered_cells(boxes: np.ndarray, cell: float) -> Covered:
    """cell_rows before its sort (by_cell)."""
    x0, y0, x1, y1 = (np.floor(boxes[:, k] / cell).astype(np.int64) for k in range(4))
    wide, high = x1 - x0 + 1, y1 - y0 + 1
    per_object = wide * high
    del x1, y1, high
    owner = np.repeat(np.arange(len(boxes), dtype=np.int32 if len(boxes) < 2**31 else np.int64), per_object)
    local = within(per_object)
    cx = x0[owner] + local % wide[owner]
    cy = y0[owner] + local // wide[owner]
    return cx, cy, owner


class CellIndex:
    """Objects (kinds[r], ids[r]) with boxes[r], looked up by the cells of CELL units they cover."""

    def __init__(
        self,
        rows: np.ndarray,
        boxes: np.ndarray,
        kinds: list[str],
        ids: list[str],
        cell: float,
        ordered: Covered | None = None,
    ) -> None:
        """Only `rows` of the objects are indexed (the others are searched apart: too large).
        `ordered`: their cell_rows, when worked out already (in steps: MapLayout.prepare_steps)."""
        self.boxes, self.kinds, self.ids, self.cell = boxes, kinds, ids, cell
        cx, cy, owner = ordered or cell_rows(self.indexed_boxes(rows, boxes), cell)
        self.members = rows[owner].astype(np.int32 if len(boxes) < 2**31 else np.int64)
        cut = np.flatnonzero((np.diff(cx) != 0) | (np.diff(cy) != 0)) + 1
        starts = np.concatenate(([0], cut)).astype(np.int64) if len(cx) else np.empty(0, dtype=np.int64)
        ends = np.concatenate((cut, [len(cx)])) if len(cx) else starts
        cells = zip(cx[starts].tolist(), cy[starts].tolist(), strict=True)
        self.cells: dict[tuple[int, int], tuple[int, int]] = dict(
            zip(cells, zip(starts.tolist(), ends.tolist(), strict=True), strict=True)
        )

    @staticmethod
    def indexed_boxes(rows: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        return boxes[rows] if len(rows) < len(boxes) else boxes

    def keys(self, rows: list[int]) -> list[Key]:
        kinds, ids = self.kinds, self.ids
        return [(kinds[r], ids[r]) for r in rows]

    def near(self, box: Box) -> np.ndarray:
        """The rows in the cells `box` covers, some more than once."""
        cell = self.cell
        x0, y0 = math.floor(box[0] / cell), math.floor(box[1] / cell)
        x1, y1 = math.floor(box[2] / cell), math.floor(box[3] / cell)
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(self.cells):  # wider than the map: walk the map's cells
            spans = [span for (cx, cy), span in self.cells.items() if x0 <= cx <= x1 and y0 <= cy <= y1]
        else:
            get = self.cells.get
            spans = [span for cx in range(x0, x1 + 1) for cy in range(y0, y1 + 1) if (span := get((cx, cy)))]
        if len(spans) == 1:
            return self.members[spans[0][0] : spans[0][1]]
        members = self.members
        return np.concatenate([members[a:b] for a, b in spans]) if spans else members[:0]

    def meets(self, boxes: list[Box]) -> list[Key]:
        """Every indexed object whose box meets one of `boxes`, once each."""
        return self.keys(self.rows_meeting(boxes))

    def rows_meeting(self, boxes: list[Box]) -> list[int]:
        """The rows of every indexed object whose box meets one of `boxes`, once each, in order."""
        return self.rows_array(boxes).tolist()

    def rows_array(self, boxes: list[Box]) -> np.ndarray:
        """rows_meeting as an array (for a painting that reads the layout's tables by row)."""
        union = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        rows = self.near(union)
        if not len(rows):
            return rows[:0].astype(np.int64)
        drawn = np.take(self.boxes, rows, axis=0)  # take: a fifth of fancy indexing's time on a few hundred rows
        x0, y0, x1, y1 = drawn[:, 0], drawn[:, 1], drawn[:, 2], drawn[:, 3]
        hit = None
        for left, top, right, bottom in boxes:
            meets = (x0 <= right) & (x1 >= left) & (y0 <= bottom) & (y1 >= top)
            hit = meets if hit is None else hit | meets
        rows = rows[hit]
        if len(rows) < 4096:
            return np.array(sorted(set(rows.tolist())), dtype=np.int64)
        once = np.zeros(len(self.boxes), dtype=bool)  # a box over much of the map: a mask is quicker than a sort
        once[rows] = True
        return np.flatnonzero(once)

    def at(self, x: float, y: float) -> list[Key]:
        """The objects in the cell holding a point (their boxes untested)."""
        span = self.cells.get((math.floor(x / self.cell), math.floor(y / self.cell)))
        return self.keys(self.members[span[0] : span[1]].tolist()) if span else []
