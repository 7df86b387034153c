"""Polygon zones that overlap: two rooms drawn over each other, or split by a corner moved alone.

Zones that share an edge or a corner touch and do not overlap; only a common inside counts.
Pairs are found from the zones' boxes in cells, so a map of many rooms compares each room with
its neighbours only, and a pair whose boxes meet only along a side (rooms in a row) is never
looked at closely.
"""

from __future__ import annotations

import numpy as np

from tabletop.model import Map, PolygonShape, Zone

TOLERANCE = 1e-6
"""How far inside (in map units, against each edge's length) a point must lie to be inside:
points snapped onto a neighbour's edge are on it, not in it."""
CELL = 240.0
"""Side of the cells the boxes are sorted into: a few rooms across."""
BLOCK = 250_000
"""Edge pairs compared at once: enough for two traced outlines, little memory."""


def overlapping_pairs(zones: list[Zone]) -> list[tuple[str, str]]:
    """Pairs of polygon zones whose insides overlap, each pair once, in the zones' order."""
    from tabletop.geometry.columns import zone_table

    polygons = [z for z in zones if _polygon(z)]
    if len(polygons) < 2:
        return []
    table = zone_table(polygons)
    found = []
    for i, j in _near_pairs(table.polygon_extent).tolist():
        a, b = _points(table, i), _points(table, j)
        if _overlap(a, b):
            found.append((polygons[i].id, polygons[j].id))
    return found


def _points(table, p: int) -> np.ndarray:
    first, count = int(table.firsts[p]), int(table.counts[p])
    return np.column_stack((table.x[first : first + count], table.y[first : first + count]))


def _near_pairs(boxes: np.ndarray) -> np.ndarray:
    """Index pairs (i < j, sorted) whose boxes share an area, not only a side: each box is
    paired with the boxes in the cells it covers, in one numpy pass."""
    from tabletop.geometry.cells import cell_rows

    cx, cy, owner = cell_rows(boxes, CELL)
    key = (cx << 32) + (cy + 2**31)
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    ends = np.repeat(np.r_[starts[1:], len(key)], np.diff(np.r_[starts, len(key)]))
    later = ends - np.arange(len(key)) - 1  # the members after each one in its cell
    first = np.repeat(np.arange(len(key)), later)
    second = first + 1 + (np.arange(len(first)) - np.repeat(np.cumsum(later) - later, later))
    i, j = np.minimum(owner[first], owner[second]), np.maximum(owner[first], owner[second])
    a, b = boxes[i], boxes[j]
    wide = np.minimum(a[:, 2], b[:, 2]) - np.maximum(a[:, 0], b[:, 0]) > TOLERANCE
    high = np.minimum(a[:, 3], b[:, 3]) - np.maximum(a[:, 1], b[:, 1]) > TOLERANCE
    pairs = np.column_stack((i, j))[wide & high & (i != j)]
    return np.unique(pairs, axis=0) if len(pairs) else pairs


def borders_apart(map_: Map) -> list[str]:
    """Borders between two polygon zones that share no edge, in map order: drawn as a dashed
    link, which is what a stair or a secret way means, and what a room moved off its
    neighbour leaves behind."""
    from tabletop.geometry.lines import lines_of

    polygons = {z.id: z for z in map_.zones if _polygon(z)}
    borders = [b for b in map_.borders if b.a in polygons and b.b in polygons]
    if not borders:
        return []
    shared = lines_of(borders, polygons).heads[:, 6]
    return [border.id for border, touching in zip(borders, shared.tolist(), strict=True) if not touching]


def _polygon(zone: Zone) -> bool:
    return isinstance(zone.shape, PolygonShape)


def _overlap(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two simple polygons share some inside: an edge of one crosses an edge of the
    other, or a corner, an edge's middle or an inside point of one lies inside the other
    (the last finds a room drawn twice, whose corners and edges all lie on the other's)."""
    if _edges_cross(a, b):
        return True
    return _any_inside(_probes(a), b) or _any_inside(_probes(b), a)


def _probes(points: np.ndarray) -> np.ndarray:
    """A polygon's corners, its edges' middles and one point inside it."""
    middles = (points + np.roll(points, -1, axis=0)) / 2
    return np.vstack([points, middles, _inside_point(points)[None, :]])


def _inside_point(points: np.ndarray) -> np.ndarray:
    """A point inside the polygon: the middle of the widest run inside along the line through
    the middle of its height (a polygon of any shape has one)."""
    y = (points[:, 1].min() + points[:, 1].max()) / 2
    x1, y1 = points[:, 0], points[:, 1]
    x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
    crosses = (y1 > y) != (y2 > y)
    xs = np.sort(x1[crosses] + (y - y1[crosses]) * (x2[crosses] - x1[crosses]) / (y2[crosses] - y1[crosses]))
    if len(xs) < 2:
        return points.mean(axis=0)
    widths = xs[1::2] - xs[0::2]
    k = int(np.argmax(widths))
    return np.array([(xs[2 * k] + xs[2 * k + 1]) / 2, y])


def _edges_cross(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether an edge of `a` and an edge of `b` cross properly: each passes from one side of
    the other to the other side, not merely touching or running along it. Only the edges
    within both polygons' boxes are compared, a block at a time, so a traced coastline
    beside a room costs little."""
    p, q = _edges_within(a, b), _edges_within(b, a)
    step = max(1, BLOCK // max(len(q[0]), 1))
    return any(_cross(p[0][k : k + step], p[1][k : k + step], *q) for k in range(0, len(p[0]), step))


def _edges_within(points: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The starts and directions of the edges of `points` whose boxes meet `other`'s box."""
    ends = np.roll(points, -1, axis=0)
    low, high = other.min(axis=0) - TOLERANCE, other.max(axis=0) + TOLERANCE
    near = (np.maximum(points, ends) >= low).all(axis=1) & (np.minimum(points, ends) <= high).all(axis=1)
    return points[near], (ends - points)[near]


def _cross(p: np.ndarray, r: np.ndarray, q: np.ndarray, s: np.ndarray) -> bool:
    p, r = p[:, None, :], r[:, None, :]
    d = q[None, :, :] - p
    denom = r[..., 0] * s[None, :, 1] - r[..., 1] * s[None, :, 0]
    # sides of each end against the other edge, scaled by that edge's length so the test is in map units
    side_q0 = (r[..., 0] * d[..., 1] - r[..., 1] * d[..., 0]) / np.maximum(np.hypot(r[..., 0], r[..., 1]), TOLERANCE)
    side_q1 = side_q0 + (r[..., 0] * s[None, :, 1] - r[..., 1] * s[None, :, 0]) / np.maximum(
        np.hypot(r[..., 0], r[..., 1]), TOLERANCE
    )
    length_s = np.maximum(np.hypot(s[:, 0], s[:, 1]), TOLERANCE)[None, :]
    side_p0 = (s[None, :, 0] * d[..., 1] - s[None, :, 1] * d[..., 0]) / length_s
    side_p1 = side_p0 - (s[None, :, 0] * r[..., 1] - s[None, :, 1] * r[..., 0]) / length_s
    apart_q = ((side_q0 > TOLERANCE) & (side_q1 < -TOLERANCE)) | ((side_q0 < -TOLERANCE) & (side_q1 > TOLERANCE))
    apart_p = ((side_p0 > TOLERANCE) & (side_p1 < -TOLERANCE)) | ((side_p0 < -TOLERANCE) & (side_p1 > TOLERANCE))
    return bool((apart_q & apart_p & (np.abs(denom) > 0)).any())


def _any_inside(points: np.ndarray, polygon: np.ndarray) -> bool:
    """Whether any of `points` lies inside `polygon` and farther than TOLERANCE from its edges."""
    x1, y1 = polygon[:, 0][None, :], polygon[:, 1][None, :]
    x2, y2 = np.roll(polygon[:, 0], -1)[None, :], np.roll(polygon[:, 1], -1)[None, :]
    px, py = points[:, 0][:, None], points[:, 1][:, None]
    crosses = (y1 > py) != (y2 > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        at = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
    inside = (crosses & (px < at)).sum(axis=1) % 2 == 1
    dx, dy = x2 - x1, y2 - y1
    length2 = np.maximum(dx * dx + dy * dy, TOLERANCE * TOLERANCE)
    t = np.clip(((px - x1) * dx + (py - y1) * dy) / length2, 0.0, 1.0)
    distance = np.hypot(px - (x1 + t * dx), py - (y1 + t * dy)).min(axis=1)
    return bool((inside & (distance > TOLERANCE)).any())
