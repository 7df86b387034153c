"""Every border's line of a whole map at once.

`geometry.border_line` works one border at a time in Python; opening or exporting a map of
25,000 borders would spend most of a second there. This does the same arithmetic with numpy
over every pair of edges of every border's two polygons, and gives the same lines.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from operator import itemgetter

import numpy as np

from tabletop.geometry.shapes import BorderLine, Point, border_line
from tabletop.model import Border, Map, Zone

TOLERANCE = 1e-6


def _edge_table(polygons: list[Zone]) -> tuple[np.ndarray, ...]:
    """All polygons' vertices in columns: edge k runs from (x[k], y[k]) to (x2[k], y2[k]);
    polygon i's edges start at firsts[i] and number counts[i]."""
    counts = np.fromiter((len(z.shape.points) for z in polygons), dtype=np.int64, count=len(polygons))
    firsts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
    points = np.array([p for z in polygons for p in z.shape.points], dtype=np.float64).reshape(-1, 2)
    following = np.arange(len(points)) + 1
    following[firsts + counts - 1] = firsts
    x, y = points[:, 0].copy(), points[:, 1].copy()
    return x, y, x[following], y[following], firsts, counts


def _shared_pieces(pairs_a: np.ndarray, pairs_b: np.ndarray, polygons: list[Zone]) -> tuple[np.ndarray, ...]:
    """For borders between polygons number pairs_a[k] and pairs_b[k]: (border k, piece start x,
    y, end x, y) for each piece of shared edge, in `geometry.shared_edges`' order."""
    ex1, ey1, ex2, ey2, firsts, counts = _edge_table(polygons)
    na, nb = counts[pairs_a], counts[pairs_b]
    per_border = na * nb
    border_of = np.repeat(np.arange(len(pairs_a)), per_border)
    local = np.arange(per_border.sum()) - np.repeat(np.cumsum(per_border) - per_border, per_border)
    nb_each = nb[border_of]
    edge_a = firsts[pairs_a][border_of] + local // nb_each
    edge_b = firsts[pairs_b][border_of] + local % nb_each
    # first the cheap test on boxes, which removes most pairs
    px1, px2, qx1, qx2 = ex1[edge_a], ex2[edge_a], ex1[edge_b], ex2[edge_b]
    near = (np.maximum(qx1, qx2) >= np.minimum(px1, px2) - TOLERANCE) & (
        np.minimum(qx1, qx2) <= np.maximum(px1, px2) + TOLERANCE
    )
    border_of, edge_a, edge_b = border_of[near], edge_a[near], edge_b[near]
    py1, py2, qy1, qy2 = ey1[edge_a], ey2[edge_a], ey1[edge_b], ey2[edge_b]
    near = (np.maximum(qy1, qy2) >= np.minimum(py1, py2) - TOLERANCE) & (
        np.minimum(qy1, qy2) <= np.maximum(py1, py2) + TOLERANCE
    )
    border_of, edge_a, edge_b = border_of[near], edge_a[near], edge_b[near]
    px1, py1, qx1, qy1, qx2, qy2 = ex1[edge_a], ey1[edge_a], ex1[edge_b], ey1[edge_b], ex2[edge_b], ey2[edge_b]
    dx, dy = ex2[edge_a] - px1, ey2[edge_a] - py1
    length2 = dx * dx + dy * dy
    length = np.sqrt(length2)
    slack = TOLERANCE * length
    off1 = np.abs(dx * (qy1 - py1) - dy * (qx1 - px1))
    off2 = np.abs(dx * (qy2 - py1) - dy * (qx2 - px1))
    keep = (length2 > 0) & (off1 <= slack) & (off2 <= slack)
    border_of, px1, py1, dx, dy, length2, length, qx1, qy1, qx2, qy2 = (
        a[keep] for a in (border_of, px1, py1, dx, dy, length2, length, qx1, qy1, qx2, qy2)
    )
    t1 = ((qx1 - px1) * dx + (qy1 - py1) * dy) / length2
    t2 = ((qx2 - px1) * dx + (qy2 - py1) * dy) / length2
    lo = np.maximum(0.0, np.minimum(t1, t2))
    hi = np.minimum(1.0, np.maximum(t1, t2))
    overlap = (hi - lo) * length > TOLERANCE
    border_of, px1, py1, dx, dy, lo, hi = (a[overlap] for a in (border_of, px1, py1, dx, dy, lo, hi))
    return border_of, px1 + dx * lo, py1 + dy * lo, px1 + dx * hi, py1 + dy * hi


def shared_lines(pairs: list[tuple[Zone, Zone]]) -> list[BorderLine | None]:
    """For each pair of polygon zones, the line along the edges they share (as
    `geometry.border_line` draws it), or None where they share no edge."""
    found: list[BorderLine | None] = [None] * len(pairs)
    if not pairs:
        return found
    number: dict[str, int] = {}
    polygons: list[Zone] = []
    for zone in (z for pair in pairs for z in pair):
        if zone.id not in number:
            number[zone.id] = len(polygons)
            polygons.append(zone)
    pairs_a = np.fromiter((number[a.id] for a, _ in pairs), dtype=np.int64, count=len(pairs))
    pairs_b = np.fromiter((number[b.id] for _, b in pairs), dtype=np.int64, count=len(pairs))
    border_of, sx, sy, ex, ey = _shared_pieces(pairs_a, pairs_b, polygons)
    if not len(border_of):
        return found
    cut = np.flatnonzero(np.diff(border_of)) + 1
    starts = np.concatenate(([0], cut))
    ends = np.concatenate((cut, [len(border_of)]))
    columns = (sx.tolist(), sy.tolist(), ex.tolist(), ey.tolist())
    segments = [((a, b), (c, d)) for a, b, c, d in zip(*columns, strict=True)]
    # each border's badge at the middle of its first piece, or of its longest where it has several
    middle_x, middle_y = ((sx + ex) / 2)[starts].tolist(), ((sy + ey) / 2)[starts].tolist()
    several = np.flatnonzero(ends - starts > 1).tolist()
    starts, ends = starts.tolist(), ends.tolist()
    for i in several:
        longest = max(segments[starts[i] : ends[i]], key=lambda s: math.dist(*s))
        middle_x[i], middle_y[i] = (longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2
    centres = [_centre(zone) for zone in polygons]
    which = border_of[starts]
    a_centres = np.array(centres, dtype=np.float64).reshape(-1, 2)[pairs_a[which]]
    b_centres = np.array(centres, dtype=np.float64).reshape(-1, 2)[pairs_b[which]]
    towards_x, towards_y = (b_centres - a_centres).T
    length = np.array([math.hypot(x, y) for x, y in zip(towards_x.tolist(), towards_y.tolist(), strict=True)])
    apart = length != 0
    unit_x = np.divide(towards_x, length, out=np.zeros_like(length), where=apart).tolist()
    unit_y = np.divide(towards_y, length, out=np.ones_like(length), where=apart).tolist()
    for i, k in enumerate(which.tolist()):
        found[k] = BorderLine(segments[starts[i] : ends[i]], (middle_x[i], middle_y[i]), (unit_x[i], unit_y[i]), True)
    return found


def _centre(zone: Zone) -> Point:
    """PolygonShape.centre, the same sums in the same order, without its generators."""
    points = zone.shape.points
    n = len(points)
    return (sum(map(itemgetter(0), points)) / n, sum(map(itemgetter(1), points)) / n)


def lines_of(borders: list[Border], zones: Mapping[str, Zone]) -> dict[str, BorderLine]:
    """The lines of these borders, as `geometry.border_line` draws them: those between two
    polygons in one vectorised pass, the rest one at a time."""
    between = [b for b in borders if zones[b.a].shape.kind == "polygon" and zones[b.b].shape.kind == "polygon"]
    shared = shared_lines([(zones[b.a], zones[b.b]) for b in between])
    lines = {b.id: line for b, line in zip(between, shared, strict=True) if line is not None}
    for border in borders:
        if border.id not in lines:
            lines[border.id] = border_line(border, zones[border.a], zones[border.b])
    return lines


def border_lines(map_: Map) -> dict[str, BorderLine]:
    """Every border's line of a map, as `geometry.border_line` draws it."""
    return lines_of(map_.borders, {z.id: z for z in map_.zones})
