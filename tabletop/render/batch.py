"""Many border lines handed to Qt as a few paths built in numpy. A QPainterPath read from bytes
(QDataStream) holds exactly the elements its moveTo and lineTo calls would add, without a Python
call per segment: the 250,000 border lines of a 100k-zone map in a tenth of the time."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QDataStream, QIODevice
from PySide6.QtGui import QPainterPath

from tabletop.geometry.shapes import BorderLine

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
    elements = np.empty(2 * int(kept[-1]), dtype=ELEMENT)
    elements["type"][0::2], elements["type"][1::2] = MOVE, LINE
    elements["x"][0::2], elements["y"][0::2] = coords[real, 0], coords[real, 1]
    elements["x"][1::2], elements["y"][1::2] = coords[real, 2], coords[real, 3]
    data = bytearray()
    for start, end in zip(kept[list(starts)].tolist(), kept[list(ends)].tolist(), strict=True):
        count = 2 * (end - start)
        data += np.array([count], dtype="<i4").tobytes()
        if count:  # the elements, then the last subpath's start and the odd-even fill rule
            data += elements[2 * start : 2 * end].tobytes()
            data += np.array([count - 2, 0], dtype="<i4").tobytes()
    buffer = QByteArray(bytes(data))  # kept referenced while the stream reads it
    stream = QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)
    stream.setByteOrder(QDataStream.ByteOrder.LittleEndian)
    paths = []
    for _ in range(len(starts)):
        path = QPainterPath()
        stream >> path
        paths.append(path)
    if stream.status() != QDataStream.Status.Ok:
        raise ValueError("border lines could not be read into paths")
    return paths


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
    cells = np.floor(anchors.reshape(n, 2) / cell)
    counts = np.fromiter((len(line.segments) for line in lines), dtype=np.int64, count=n)
    total = int(counts.sum())
    points = chain.from_iterable(chain.from_iterable(line.segments for line in lines))
    coords = np.fromiter(chain.from_iterable(points), dtype=np.float64, count=4 * total)
    order = np.lexsort((np.arange(n), cells[:, 1], cells[:, 0], ~shared))
    order = order[counts[order] > 0]
    if not len(order):
        return []
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    ordered = np.repeat(first[order], counts[order]) + _within(counts[order])
    keys = np.column_stack((~shared[order], cells[order]))
    new = np.flatnonzero(np.any(keys[1:] != keys[:-1], axis=1)) + 1
    line_starts = np.concatenate(([0], new))
    bounds = np.concatenate(([0], np.cumsum(counts[order])))
    starts, ends = bounds[line_starts], bounds[np.append(new, len(order))]
    paths = segment_paths(coords.reshape(-1, 4)[ordered], starts.tolist(), ends.tolist())
    kinds = shared[order][line_starts].tolist()
    return [(kind, [path for path, k in zip(paths, kinds, strict=True) if k is kind]) for kind in (True, False)]


def _within(counts: np.ndarray) -> np.ndarray:
    """0, 1, ... count-1 for each count, end to end."""
    import numpy as np

    total = int(counts.sum())
    return np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
