"""Zones in columns: the arrays a whole map's border lines and drawn boxes are worked out from,
read from the zones' records by `zone_table`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, compress, repeat
from operator import attrgetter

import numpy as np

from tabletop.geometry.single.runs import following, run_starts
from tabletop.model import NodeShape, PolygonShape, Zone


@dataclass
class ZoneTable:
    """Zones in columns (row i is zones[i]): what their border lines and drawn boxes need.

    Polygon p's vertices are x[firsts[p]:firsts[p] + counts[p]] (and y), and its edge k runs
    from (x[k], y[k]) to (x2[k], y2[k]); polygon_of[i] is zone i's polygon number, -1 for a
    node. `extent` is each shape's (left, top, right, bottom), `polygon_extent` each polygon's."""

    polygon_of: np.ndarray
    x: np.ndarray
    y: np.ndarray
    x2: np.ndarray
    y2: np.ndarray
    firsts: np.ndarray
    counts: np.ndarray
    centres: np.ndarray
    radii: np.ndarray
    extent: np.ndarray
    polygon_extent: np.ndarray


def zone_table(zones: list[Zone]) -> ZoneTable:
    """The table of some zones (records), their shapes read in C loops without a Python step per
    zone (a map of polygons alone skips the nodes' pass)."""
    shapes = list(map(attrgetter("shape"), zones))
    count = len(shapes)
    if any(issubclass(kind, NodeShape) for kind in set(map(type, shapes))):
        is_node = np.fromiter(map(isinstance, shapes, repeat(NodeShape)), dtype=bool, count=count)
    else:
        is_node = np.zeros(count, dtype=bool)
    nodes = np.flatnonzero(is_node)
    polygons = np.flatnonzero(~is_node)
    counts, x, y = _points(compress(shapes, (~is_node).tolist()) if len(nodes) else shapes)
    polygon_of = np.zeros(count, dtype=np.int64)
    polygon_of[nodes] = -1
    polygon_of[polygons] = np.arange(len(polygons))
    firsts = run_starts(counts).astype(np.int64)
    after = following(counts)
    centres = np.zeros((count, 2), dtype=np.float64)
    radii = np.zeros(count, dtype=np.float64)
    extent = np.empty((count, 4), dtype=np.float64)
    if len(polygons):
        centres[polygons] = _polygon_centres(x, y, firsts, counts)
        extent[polygons, 0] = np.minimum.reduceat(x, firsts)
        extent[polygons, 1] = np.minimum.reduceat(y, firsts)
        extent[polygons, 2] = np.maximum.reduceat(x, firsts)
        extent[polygons, 3] = np.maximum.reduceat(y, firsts)
    if len(nodes):
        discs = np.array([(s.x, s.y, s.radius) for s in compress(shapes, is_node.tolist())], dtype=np.float64)
        centres[nodes] = discs[:, :2]
        radii[nodes] = discs[:, 2]
        extent[nodes] = np.column_stack(
            (discs[:, 0] - discs[:, 2], discs[:, 1] - discs[:, 2], discs[:, 0] + discs[:, 2], discs[:, 1] + discs[:, 2])
        )
    x2, y2 = x[after], y[after]
    return ZoneTable(polygon_of, x, y, x2, y2, firsts, counts, centres, radii, extent, extent[polygons])


def _points(polygons: Iterable[PolygonShape]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each polygon's number of points and the x and y of all their points, one polygon after
    another; the flat read of them is let go here, before the table's own arrays are made."""
    points = list(map(attrgetter("points"), polygons))
    counts = np.fromiter(map(len, points), dtype=np.int64, count=len(points))
    flat = np.fromiter(chain.from_iterable(chain.from_iterable(points)), dtype=np.float64, count=2 * int(counts.sum()))
    return counts, flat[0::2].copy(), flat[1::2].copy()


def _polygon_centres(x: np.ndarray, y: np.ndarray, firsts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """PolygonShape.centre of every polygon: the vertices summed one after another from the
    first, as Python's sum does (numpy's own sums pair them up and may differ in the last bit)."""
    order = np.argsort(-counts, kind="stable")
    longest = np.cumsum(np.bincount(counts, minlength=int(counts.max()) + 1)[::-1])[::-1]  # polygons with >= k points
    sx, sy = np.zeros(len(counts)), np.zeros(len(counts))
    for k in range(1, int(counts.max()) + 1):
        some = order[: longest[k]]
        sx[some] += x[firsts[some] + k - 1]
        sy[some] += y[firsts[some] + k - 1]
    return np.column_stack((sx / counts, sy / counts))
