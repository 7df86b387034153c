"""The boxes around what zones and borders draw (shape, outline, label, badge): what the
layout's bucket index holds, one object at a time or a whole map's in numpy. Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.geometry.single.shapes import BorderLine
from tabletop.geometry.whole.tables import Box
from tabletop.model import Border, NodeShape, Zone

if TYPE_CHECKING:
    import numpy as np

    from tabletop.geometry.whole.columns import ZoneTable

LABEL_ROOM: Box = (12.0, 50.0, 12.0, 12.0)
"""Room a polygon zone's label and outline need beyond its points (left, above, right, below)."""
NODE_LABEL_ROOM: Box = (160.0, 50.0, 160.0, 50.0)
"""A node's name is written above the disc, up to 300 units wide."""
BADGE_HALF = (45.0, 18.0)
"""Half the size of a one-passage badge (cost each way and a door glyph)."""


def zone_box(zone: Zone) -> Box:
    """The box around what a zone draws: its shape, outline and label."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        left, top, right, bottom = NODE_LABEL_ROOM
        r = shape.radius
        return (shape.x - r - left, shape.y - r - top, shape.x + r + right, shape.y + r + bottom)
    xs = [x for x, _ in shape.points]
    ys = [y for _, y in shape.points]
    left, top, right, bottom = LABEL_ROOM
    return (min(xs) - left, min(ys) - top, max(xs) + right, max(ys) + bottom)


def badge_half(border: Border) -> tuple[float, float]:
    """Half the badge's size, from the number of passages (its options line grows with them)."""
    n = len(border.passages)
    if n <= 1:
        return BADGE_HALF
    return (max(BADGE_HALF[0], n * 20.0 + 12.0), 18.0)


def border_box(border: Border, line: BorderLine) -> Box:
    """The box around a border's line and its badge."""
    hw, hh = badge_half(border)
    ax, ay = line.anchor
    left, top, right, bottom = ax - hw, ay - hh, ax + hw, ay + hh
    for (x1, y1), (x2, y2) in line.segments:
        left, right = min(left, x1 - 4, x2 - 4), max(right, x1 + 4, x2 + 4)
        top, bottom = min(top, y1 - 4, y2 - 4), max(bottom, y1 + 4, y2 + 4)
    return (left, top, right, bottom)


def zone_boxes(table: ZoneTable) -> np.ndarray:
    """zone_box of many zones as rows of an array, from their shapes' extents."""
    import numpy as np

    nodes = table.polygon_of < 0
    room = np.where(nodes[:, None], NODE_LABEL_ROOM, LABEL_ROOM) * np.array((-1.0, -1.0, 1.0, 1.0))
    return table.extent + room


def border_boxes(passages: np.ndarray, heads: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """border_box of many borders as rows of an array, from each one's number of passages and
    their lines' arrays (the same numbers: min(a - 4, b - 4) is min(a, b) - 4 in floating point too)."""
    import numpy as np

    if not len(passages):
        return np.empty((0, 4), dtype=np.float64)
    half_w = np.where(passages <= 1, BADGE_HALF[0], np.maximum(BADGE_HALF[0], passages * 20.0 + 12.0))
    half_h = BADGE_HALF[1]
    firsts = heads[:, 4].astype(np.int64)
    out = np.empty((len(passages), 4), dtype=np.float64)
    out[:, 0], out[:, 1] = heads[:, 0] - half_w, heads[:, 1] - half_h
    out[:, 2], out[:, 3] = heads[:, 0] + half_w, heads[:, 1] + half_h
    xs, ys = np.minimum(pieces[:, 0], pieces[:, 2]), np.minimum(pieces[:, 1], pieces[:, 3])
    xs2, ys2 = np.maximum(pieces[:, 0], pieces[:, 2]), np.maximum(pieces[:, 1], pieces[:, 3])
    out[:, 0] = np.minimum(out[:, 0], np.minimum.reduceat(xs, firsts) - 4)
    out[:, 1] = np.minimum(out[:, 1], np.minimum.reduceat(ys, firsts) - 4)
    out[:, 2] = np.maximum(out[:, 2], np.maximum.reduceat(xs2, firsts) + 4)
    out[:, 3] = np.maximum(out[:, 3], np.maximum.reduceat(ys2, firsts) + 4)
    return out
