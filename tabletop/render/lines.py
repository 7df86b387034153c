"""Every border's line of a whole map at once.

`geometry.border_line` works one border at a time in Python; opening or exporting a map of
25,000 borders would spend most of a second there. This does the same arithmetic with numpy
over every pair of edges of every border's two polygons, and gives the same lines.
"""

from __future__ import annotations

import math

import numpy as np

from tabletop.model import Map, Zone
from tabletop.render.geometry import BorderLine, border_line

TOLERANCE = 1e-6


def _edge_table(polygons: list[Zone]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All polygons' vertices in one array: each edge k runs from start[k] to end[k]."""
    counts = np.fromiter((len(z.shape.points) for z in polygons), dtype=np.int64, count=len(polygons))
    firsts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
    points = np.array([p for z in polygons for p in z.shape.points], dtype=np.float64).reshape(-1, 2)
    following = np.arange(len(points)) + 1
    following[firsts + counts - 1] = firsts
    return points, points[following], firsts, counts


def _shared_pieces(pairs_a: np.ndarray, pairs_b: np.ndarray, polygons: list[Zone]):
    """For borders between polygons number pairs_a[k] and pairs_b[k]: (border k, piece start,
    piece end) for each piece of shared edge, in `geometry.shared_edges`' order."""
    start, end, firsts, counts = _edge_table(polygons)
    na, nb = counts[pairs_a], counts[pairs_b]
    per_border = na * nb
    border_of = np.repeat(np.arange(len(pairs_a)), per_border)
    local = np.arange(per_border.sum()) - np.repeat(np.cumsum(per_border) - per_border, per_border)
    edge_a = firsts[pairs_a][border_of] + local // nb[border_of]
    edge_b = firsts[pairs_b][border_of] + local % nb[border_of]
    p1, p2, q1, q2 = start[edge_a], end[edge_a], start[edge_b], end[edge_b]
    # boxes that do not touch, within the tolerance
    lo_a, hi_a = np.minimum(p1, p2) - TOLERANCE, np.maximum(p1, p2) + TOLERANCE
    lo_b, hi_b = np.minimum(q1, q2), np.maximum(q1, q2)
    near = np.all((hi_b >= lo_a) & (lo_b <= hi_a), axis=1)
    d = p2 - p1
    length2 = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
    length = np.sqrt(length2)
    slack = TOLERANCE * length
    off1 = np.abs(d[:, 0] * (q1[:, 1] - p1[:, 1]) - d[:, 1] * (q1[:, 0] - p1[:, 0]))
    off2 = np.abs(d[:, 0] * (q2[:, 1] - p1[:, 1]) - d[:, 1] * (q2[:, 0] - p1[:, 0]))
    keep = near & (length2 > 0) & (off1 <= slack) & (off2 <= slack)
    border_of, p1, d, length2, length, q1, q2 = (a[keep] for a in (border_of, p1, d, length2, length, q1, q2))
    t1 = ((q1[:, 0] - p1[:, 0]) * d[:, 0] + (q1[:, 1] - p1[:, 1]) * d[:, 1]) / length2
    t2 = ((q2[:, 0] - p1[:, 0]) * d[:, 0] + (q2[:, 1] - p1[:, 1]) * d[:, 1]) / length2
    lo = np.maximum(0.0, np.minimum(t1, t2))
    hi = np.minimum(1.0, np.maximum(t1, t2))
    overlap = (hi - lo) * length > TOLERANCE
    border_of, p1, d, lo, hi = (a[overlap] for a in (border_of, p1, d, lo, hi))
    return border_of, p1 + d * lo[:, None], p1 + d * hi[:, None]


def border_lines(map_: Map) -> dict[str, BorderLine]:
    """Every border's line, as `geometry.border_line` draws it."""
    zones = {z.id: z for z in map_.zones}
    polygons = [z for z in map_.zones if z.shape.kind == "polygon"]
    number = {z.id: k for k, z in enumerate(polygons)}
    between_polygons = [b for b in map_.borders if b.a in number and b.b in number]
    lines: dict[str, BorderLine] = {}
    if between_polygons:
        pairs_a = np.array([number[b.a] for b in between_polygons], dtype=np.int64)
        pairs_b = np.array([number[b.b] for b in between_polygons], dtype=np.int64)
        border_of, starts, ends = _shared_pieces(pairs_a, pairs_b, polygons)
        pieces: dict[int, list] = {}
        for k, s, e in zip(border_of.tolist(), starts.tolist(), ends.tolist(), strict=True):
            pieces.setdefault(k, []).append((tuple(s), tuple(e)))
        centres = {z.id: z.shape.centre() for z in polygons}
        for k, border in enumerate(between_polygons):
            found = pieces.get(k)
            if found is None:
                continue
            (xa, ya), (xb, yb) = centres[border.a], centres[border.b]
            lines[border.id] = _shared_line(found, (xb - xa, yb - ya))
    for border in map_.borders:
        if border.id not in lines:
            lines[border.id] = border_line(border, zones[border.a], zones[border.b])
    return lines


def _shared_line(pieces: list, towards: tuple[float, float]) -> BorderLine:
    longest = max(pieces, key=lambda s: math.dist(*s))
    mid = ((longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2)
    length = math.hypot(*towards)
    unit = (0.0, 1.0) if length == 0 else (towards[0] / length, towards[1] / length)
    return BorderLine(pieces, mid, unit, shared=True)
