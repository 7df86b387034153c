"""Many border lines handed to Qt as a few paths built in numpy. A QPainterPath read from bytes
(QDataStream) holds exactly the elements its moveTo and lineTo calls would add, without a Python
call per segment, which made a big map's border lines many times slower."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING

from PySide6.QtGui import QPainterPath, QPolygonF

from tabletop.geometry.single.runs import following, within
from tabletop.geometry.single.shapes import BorderLine

if TYPE_CHECKING:
    import numpy as np

MOVE, LINE = 0, 1
ELEMENT = [("type", "<i4"), ("x", "<f8"), ("y", "<f8")]
"""A path element as QDataStream writes it (little-endian, doubles). numpy is imported when
lines are first drawn, not with the window: the empty window starts without it."""


def segment_paths(coords: np.ndarray, starts: Sequence[int], ends: Sequence[int]) -> list[QPainterPath]:
    """For each run coords[start:end] of segments (x1, y1, x2, y2), the path that moveTo(x1, y1),
    lineTo(x2, y2) per segment makes: a segment of no length adds nothing, as lineTo skips a
    point it stands on (and the next moveTo takes the place of the lone one). Empty runs give
    empty paths."""
    import numpy as np

    coords = np.asarray(coords, dtype=np.float64).reshape(-1, 4)
    real = (coords[:, 0] != coords[:, 2]) | (coords[:, 1] != coords[:, 3])
    kept = np.concatenate(([0], np.cumsum(real)))  # segments kept before each index
    segments = coords if kept[-1] == len(coords) else coords[real]
    pairs = np.empty((len(segments), 2), dtype=ELEMENT)  # each segment's moveTo and lineTo, filled a column at a time
    pairs["type"] = (MOVE, LINE)
    pairs["x"], pairs["y"] = segments[:, 0::2], segments[:, 1::2]
    elements = pairs.reshape(-1)
    begins, ends = 2 * kept[np.asarray(starts, dtype=np.int64)], 2 * kept[np.asarray(ends, dtype=np.int64)]
    return _read_paths(_stream(elements, begins, ends, ends - begins - 2, 0), len(begins))


def polygon_paths(polygons: list[Sequence[tuple[float, float]]], runs: Sequence[int]) -> list[QPainterPath]:
    """One path for each run of `runs[k]` polygons, in order: each polygon a closed subpath, all
    turned the same way round and the path filled by winding, so overlapping polygons of a run
    fill as their union (never a hole where two overlap)."""
    import numpy as np

    counts = np.fromiter(map(len, polygons), dtype=np.int64, count=len(polygons))
    total = int(counts.sum())
    points = np.fromiter(chain.from_iterable(chain.from_iterable(polygons)), dtype=np.float64, count=2 * total)
    return _polygon_paths(points[0::2], points[1::2], counts, runs)


def polygon_runs(
    x: np.ndarray,
    y: np.ndarray,
    firsts: np.ndarray,
    counts: np.ndarray,
    polygons: np.ndarray,
    runs: Sequence[int],
    closed: bool = True,
    turned: bool = True,
) -> list[QPainterPath]:
    """polygon_paths of polygons held in arrays (polygon p's points are x[firsts[p]:firsts[p] +
    counts[p]], and y): the `polygons` named, in order, without a Python object per point.
    Paths only filled, never stroked, may leave each polygon open (`closed` False): a fill
    closes it all the same, and a fifth fewer elements are made and read. Paths only stroked
    may keep each polygon the way round it is drawn (`turned` False): the very elements of its
    points added to a path and closed."""
    import numpy as np

    sizes = counts[polygons]
    at = np.repeat(firsts[polygons], sizes) + within(sizes)
    return _polygon_paths(x[at], y[at], sizes, runs, closed, turned)


def polygons_of(
    x: np.ndarray, y: np.ndarray, firsts: np.ndarray, counts: np.ndarray, polygons: np.ndarray
) -> list[QPolygonF]:
    """The `polygons` named (as in polygon_runs) as QPolygonF, read from bytes: the points a
    QPolygonF of QPointF(x, y) holds, without a Python object per point."""
    import numpy as np

    sizes = counts[polygons]
    at = np.repeat(firsts[polygons], sizes) + within(sizes)
    points = np.empty((len(at), 2), dtype="<f8")
    points[:, 0], points[:, 1] = x[at], y[at]
    heads = sizes.astype("<u4").tobytes()
    body, ends = points.tobytes(), (16 * np.cumsum(sizes)).tolist()
    parts: list[bytes] = []
    start = 0
    for k, end in enumerate(ends):
        parts += (heads[4 * k : 4 * k + 4], body[start:end])
        start = end
    return _read_all(b"".join(parts), len(ends), QPolygonF)


def _polygon_paths(
    x: np.ndarray, y: np.ndarray, counts: np.ndarray, runs: Sequence[int], closed: bool = True, turned: bool = True
) -> list[QPainterPath]:
    import numpy as np

    total = len(x)
    first = np.cumsum(counts) - counts
    source = np.arange(total)
    backwards = np.zeros(0, dtype=np.int64)
    if turned and total:
        after = following(counts)
        twice_area = np.add.reduceat(x * y[after] - x[after] * y, first)
        backwards = np.flatnonzero(twice_area < 0)
    if len(backwards):  # those polygons' points read from their last to their first
        sizes = counts[backwards]
        reread = np.repeat(first[backwards], sizes) + within(sizes)
        source[reread] = np.repeat(first[backwards] + sizes, sizes) - 1 - within(sizes)
    # each polygon: moveTo its first point, lineTo the others, lineTo the first again (closed)
    sizes = counts + 1 if closed else counts
    starts = np.cumsum(sizes) - sizes
    at = source  # the point each element is at, in order
    if closed:
        at = np.empty(int(sizes.sum()), dtype=np.int64)
        at[np.arange(total) + np.repeat(np.arange(len(counts)), counts)] = source  # a place further per polygon
        at[starts + counts] = source[first]
    elements = np.empty(len(at), dtype=ELEMENT)
    elements["type"] = LINE
    elements["type"][starts] = MOVE
    elements["x"], elements["y"] = x[at], y[at]
    bounds = np.concatenate(([0], np.cumsum(np.asarray(runs, dtype=np.int64))))
    full = bounds[1:] > bounds[:-1]
    begins = ends = lasts = np.zeros(len(full), dtype=np.int64)
    if len(starts):  # a run's elements from its first polygon's to its last one's end
        first, last = starts[np.where(full, bounds[:-1], 0)], np.where(full, bounds[1:] - 1, 0)
        begins = np.where(full, first, 0)
        ends = np.where(full, starts[last] + sizes[last], 0)
        lasts = np.where(full, starts[last] - first, 0)
    return _read_paths(_stream(elements, begins, ends, lasts, 1), len(begins))


def _stream(elements: np.ndarray, begins: np.ndarray, ends: np.ndarray, lasts: np.ndarray, rule: int) -> bytes:
    """Paths as QDataStream writes them, one for each run elements[begin:end]: the number of
    elements, the elements, then (if any) the last subpath's start and the fill rule (0 odd-even,
    1 winding). The numbers are packed in numpy; the loop only joins slices."""
    import numpy as np

    heads = (ends - begins).astype("<i4").tobytes()
    tails = np.column_stack((lasts, np.full(len(lasts), rule))).astype("<i4").tobytes()
    body, size = memoryview(elements.view(np.uint8)), elements.itemsize  # read in place: no copy of every element
    parts: list[bytes | memoryview] = []
    add = parts.append
    for k, (begin, end) in enumerate(zip(begins.tolist(), ends.tolist(), strict=True)):
        add(heads[4 * k : 4 * k + 4])
        if end > begin:
            add(body[size * begin : size * end])
            add(tails[8 * k : 8 * k + 8])
    return b"".join(parts)


def _read_paths(data: bytes, count: int) -> list[QPainterPath]:
    return _read_all(data, count, QPainterPath)


def _read_all(data: bytes, count: int, kind: type) -> list:
    """`count` Qt objects of `kind` (paths, polygons) read from `data`, Qt's stream of them."""
    from PySide6.QtCore import QByteArray, QDataStream, QIODevice  # deferred: kept off the window's start

    buffer = QByteArray(data)  # kept referenced while the stream reads it
    stream = QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)
    stream.setByteOrder(QDataStream.ByteOrder.LittleEndian)
    found = []
    for _ in range(count):
        made = kind()
        stream >> made
        found.append(made)
    if stream.status() != QDataStream.Status.Ok:
        raise ValueError(f"{kind.__name__} objects could not be read from the stream")
    return found


def line_cells(lines: list[BorderLine], cell: float) -> list[tuple[bool, list[QPainterPath]]]:
    """The lines' segments as one path per square of `cell` map units (by each line's anchor),
    the lines of a square in the order given: shared edges first, then lines between nodes,
    the squares of each in order of (column, row)."""
    import numpy as np

    n = len(lines)
    if not n:
        return []
    shared = np.fromiter((line.shared for line in lines), dtype=bool, count=n)
    anchors = np.fromiter(chain.from_iterable(line.anchor for line in lines), dtype=np.float64, count=2 * n)
    counts = np.fromiter((len(line.segments) for line in lines), dtype=np.int64, count=n)
    points = chain.from_iterable(chain.from_iterable(line.segments for line in lines))
    coords = np.fromiter(chain.from_iterable(points), dtype=np.float64, count=4 * int(counts.sum()))
    return line_cells_of(shared, anchors.reshape(n, 2), counts, coords.reshape(-1, 4), cell)


def line_cells_of(
    shared: np.ndarray, anchors: np.ndarray, counts: np.ndarray, coords: np.ndarray, cell: float
) -> list[tuple[bool, list[QPainterPath]]]:
    """line_cells from the lines as arrays: each line's kind, anchor (x, y) and number of
    segments, and all their segments (x1, y1, x2, y2) end to end, in the lines' order. A
    layout that holds its lines as arrays hands them over without a BorderLine each."""
    import numpy as np

    if not len(counts):
        return []
    cells = np.floor(anchors / cell)
    cells -= cells.min(axis=0)
    square = cells[:, 0] * (cells[:, 1].max() + 1) + cells[:, 1]  # (column, row) as one number, in order
    key = np.where(shared, 0, square.max() + 1) + square  # shared edges first: one stable sort, not four
    order = np.argsort(key, kind="stable")
    order = order[counts[order] > 0]
    if not len(order):
        return []
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    ordered = np.repeat(first[order], counts[order]) + within(counts[order])
    sorted_keys = key[order]
    new = np.flatnonzero(sorted_keys[1:] != sorted_keys[:-1]) + 1
    line_starts = np.concatenate(([0], new))
    bounds = np.concatenate(([0], np.cumsum(counts[order])))
    starts, ends = bounds[line_starts], bounds[np.append(new, len(order))]
    paths = segment_paths(coords[ordered], starts.tolist(), ends.tolist())
    kinds = shared[order][line_starts].tolist()
    return [(kind, [path for path, k in zip(paths, kinds, strict=True) if k is kind]) for kind in (True, False)]
