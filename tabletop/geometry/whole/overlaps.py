"""Polygon zones that overlap: two rooms drawn over each other, or split by a corner moved alone.

Zones that share an edge or a corner touch and do not overlap; only a common inside counts.
Pairs are found from the zones' boxes in cells, so a map of many rooms compares each room with
its neighbours only, and a pair whose boxes meet only along a side (rooms in a row) is never
looked at closely.

Given the layout the map is drawn from (kept current edit by edit), both checks read what it
holds: the zones as opened from its arrays, their pairs worked out once while its shape table
lives, so a check again after an edit tests only the zones edited or added since; and every
border's `shared` flag from its line table. The answers are those of the checks without it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING

import numpy as np

from tabletop.geometry.single.runs import within
from tabletop.model import Map, PolygonShape, Zone

if TYPE_CHECKING:
    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.geometry.whole.tables import Box, ShapeTable

TOLERANCE = 1e-6
"""How far inside (in map units, against each edge's length) a point must lie to be inside:
points snapped onto a neighbour's edge are on it, not in it."""
CELL = 240.0
"""Side of the cells the boxes are sorted into: a few rooms across, or a half or a quarter of
that for small rooms (`_cell_side`)."""
COVERED = 4
"""Cells a box covers on average, at most, at the side chosen for them."""
BLOCK = 250_000
"""Edge pairs compared at once: enough for two traced outlines, little memory."""


def overlapping_pairs(zones: list[Zone], layout: MapLayout | None = None) -> list[tuple[str, str]]:
    """Pairs of polygon zones whose insides overlap, each pair once, in the zones' order. With
    the `layout` these zones are drawn by, the zones it holds as opened are read from its arrays."""
    if layout is not None:
        return _laid_out_pairs(zones, layout.shapes())
    from tabletop.geometry.whole.columns import zone_table

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


def _cell_side(boxes: np.ndarray) -> float:
    """The smallest of a quarter of CELL, a half and CELL at which the boxes cover at most
    COVERED cells each on average: a box is paired with every other in its cells, so rooms
    much smaller than a cell (a city's) meet more neighbours than they touch, and the
    pairs, not the cells, are the work."""
    for side in (CELL / 4, CELL / 2):
        low, high = np.floor(boxes[:, :2] / side), np.floor(boxes[:, 2:] / side)
        if float(np.prod(high - low + 1, axis=1).sum()) <= COVERED * len(boxes):
            return side
    return CELL


def _cell_keys(boxes: np.ndarray, side: float) -> tuple[np.ndarray, np.ndarray]:
    """(cell, box) of each cell of `side` each box covers, as one number per cell, sorted by it."""
    from tabletop.geometry.whole.cells import cell_rows

    cx, cy, owner = cell_rows(boxes, side)
    return (cx << 32) + (cy + 2**31), owner


def _meet(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether boxes a[k] and b[k] share an area, not only a side."""
    wide = np.minimum(a[:, 2], b[:, 2]) - np.maximum(a[:, 0], b[:, 0]) > TOLERANCE
    return wide & (np.minimum(a[:, 3], b[:, 3]) - np.maximum(a[:, 1], b[:, 1]) > TOLERANCE)


def _near_pairs(boxes: np.ndarray, side: float | None = None) -> np.ndarray:
    """Index pairs (i < j, sorted) whose boxes share an area, not only a side: each box is
    paired with the boxes in the cells (of `side`, else `_cell_side`) it covers, in one numpy pass."""
    key, owner = _cell_keys(boxes, side or _cell_side(boxes))
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    ends = np.repeat(np.r_[starts[1:], len(key)], np.diff(np.r_[starts, len(key)]))
    later = ends - np.arange(len(key)) - 1  # the members after each one in its cell
    first = np.repeat(np.arange(len(key)), later)
    second = first + 1 + within(later)
    i, j = np.minimum(owner[first], owner[second]), np.maximum(owner[first], owner[second])
    pairs = np.column_stack((i, j))[_meet(boxes[i], boxes[j]) & (i != j)]
    return np.unique(pairs, axis=0) if len(pairs) else pairs


@dataclass
class _Opened:
    """What the polygons of a shape table (a map as opened) give, by polygon number: each one's
    extent, the cells the extents cover (`_cell_keys`), and the near pairs with whether each
    pair overlaps. Worked out once: those polygons never change, an edited zone leaves the table."""

    extent: np.ndarray
    side: float
    keys: np.ndarray
    owners: np.ndarray
    pairs: np.ndarray
    overlap: np.ndarray


_OPENED: weakref.WeakKeyDictionary[ShapeTable, _Opened] = weakref.WeakKeyDictionary()
"""Each layout's shape table's pairs, let go with the table (a map laid out afresh has a new one)."""


def _opened(shapes: ShapeTable) -> _Opened:
    """The pairs of a shape table's polygons as opened, worked out at the first check and kept."""
    found = _OPENED.get(shapes)
    if found is None:
        firsts, counts = shapes.firsts, shapes.counts
        extent = np.zeros((len(counts), 4))
        if len(counts):
            for column, (reduce, values) in enumerate(
                ((np.minimum, shapes.x), (np.minimum, shapes.y), (np.maximum, shapes.x), (np.maximum, shapes.y))
            ):
                extent[:, column] = reduce.reduceat(values, firsts)
        side = _cell_side(extent)
        keys, owners = _cell_keys(extent, side)
        pairs = _near_pairs(extent, side) if len(counts) > 1 else np.zeros((0, 2), dtype=np.int64)
        overlap = np.array(
            [_overlap(_points(shapes, p), _points(shapes, q)) for p, q in pairs.tolist()], dtype=bool
        ).reshape(-1)
        found = _OPENED[shapes] = _Opened(extent, side, keys, owners, pairs, overlap)
    return found


def _laid_out_pairs(zones: list[Zone], shapes: ShapeTable) -> list[tuple[str, str]]:
    """overlapping_pairs of `zones`, those as opened read from `shapes` and paired once (_opened),
    the zones edited or added since paired with every polygon near them. Pairs are worked with
    as the zones' places in `zones`, the first the earlier, as the check without a layout does."""
    from tabletop.geometry.whole.columns import zone_table

    ids = list(map(attrgetter("id"), zones))
    rows = shapes.zone_rows(ids)
    number = np.where(rows >= 0, shapes.polygon_of[np.maximum(rows, 0)], -1) if len(shapes.polygon_of) else rows
    later = [k for k in np.flatnonzero(rows < 0).tolist() if _polygon(zones[k])]
    opened = _opened(shapes)
    at = np.full(len(shapes.counts), -1, dtype=np.int64)  # each polygon as opened: its zone's place now
    held = np.flatnonzero(number >= 0)
    at[number[held]] = held
    # the pairs as opened still on the map: their verdicts kept, worked out again if their order turned
    a, b = at[opened.pairs[:, 0]], at[opened.pairs[:, 1]]
    kept = (a >= 0) & (b >= 0)
    found = np.column_stack((a, b))[kept & opened.overlap & (a < b)].tolist()
    candidates = np.column_stack((b, a))[kept & (a > b)].tolist()
    table = zone_table([zones[k] for k in later]) if later else None
    if table is not None:
        candidates += _pairs_of_edited(table.polygon_extent, np.array(later, dtype=np.int64), opened, at)
    edited_number = dict(zip(later, range(len(later)), strict=True))

    def points(place: int) -> np.ndarray:
        polygon = int(number[place])
        return _points(shapes, polygon) if polygon >= 0 else _points(table, edited_number[place])

    found += [(x, y) for x, y in candidates if _overlap(points(x), points(y))]
    return [(ids[x], ids[y]) for x, y in sorted(map(tuple, found))]


def _pairs_of_edited(extent: np.ndarray, places: np.ndarray, opened: _Opened, at: np.ndarray) -> list[list[int]]:
    """The near pairs (places, the earlier first, sorted) of the zones edited or added since
    opening, with `extent` and at `places`: among themselves, and with each polygon as opened
    still on the map (at its place `at`) in the cells they cover."""
    among = places[_near_pairs(extent)]
    keys, owners = _cell_keys(extent, opened.side)
    low = np.searchsorted(opened.keys, keys, "left")
    count = np.searchsorted(opened.keys, keys, "right") - low
    edited, other = np.repeat(owners, count), opened.owners[np.repeat(low, count) + within(count)]
    near = (at[other] >= 0) & _meet(extent[edited], opened.extent[other])
    mine, theirs = places[edited[near]], at[other[near]]
    beside = np.column_stack((np.minimum(mine, theirs), np.maximum(mine, theirs)))
    pairs = np.concatenate((among.reshape(-1, 2), beside))
    return np.unique(pairs, axis=0).tolist() if len(pairs) else []


def borders_apart(map_: Map, layout: MapLayout | None = None) -> list[str]:
    """Borders between two polygon zones that share no edge, in map order: drawn as a dashed
    link, which is what a stair or a secret way means, and what a room moved off its
    neighbour leaves behind. With the `layout` the map is drawn by, the lines it holds say
    which borders' zones share no edge: none worked out again."""
    if layout is not None:
        links, zone = layout.lines_apart(), layout.zone
        if not links:
            return []
        return [b.id for b in map_.borders if b.id in links and _polygon(zone(b.a)) and _polygon(zone(b.b))]
    from tabletop.geometry.whole.lines import lines_of

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
    return bool(_crossing(p, r, q, s).any())


def _crossing(p: np.ndarray, r: np.ndarray, q: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Whether edge k of one polygon (start p[k], direction r[k]) and edge m of the other (q[m],
    s[m]) cross properly, as a len(p) x len(q) array."""
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
    return apart_q & apart_p & (np.abs(denom) > 0)


def _any_inside(points: np.ndarray, polygon: np.ndarray) -> bool:
    """Whether any of `points` lies inside `polygon` and farther than TOLERANCE from its edges."""
    inside, distance = _inside(points, polygon)
    return bool((inside & (distance > TOLERANCE)).any())


def _inside(points: np.ndarray, polygon: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each of `points`: whether it lies inside `polygon` (by the crossings of a ray) and how
    far it is from the polygon's nearest edge."""
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
    return inside, np.hypot(px - (x1 + t * dx), py - (y1 + t * dy)).min(axis=1)


def overlap_box(a: Zone, b: Zone) -> Box | None:
    """The box around the place two polygon zones both cover (None: they do not overlap): around
    the corners of each that lie in or on the other and the points where their edges cross, the
    corners of that place. The window marks it, as a sliver a corner pushed a fraction of a unit
    into a neighbour is too thin to see at any zoom that shows the rooms."""
    if not (_polygon(a) and _polygon(b)):
        return None
    first, second = (np.array(zone.shape.points, dtype=np.float64) for zone in (a, b))
    if not _overlap(first, second):
        return None
    corners = [first[_in_or_on(first, second)], second[_in_or_on(second, first)], _crossings(first, second)]
    points = np.concatenate(corners)
    return (*points.min(axis=0).tolist(), *points.max(axis=0).tolist())


def _in_or_on(points: np.ndarray, polygon: np.ndarray) -> np.ndarray:
    inside, distance = _inside(points, polygon)
    return inside | (distance <= TOLERANCE)


def _crossings(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The points where an edge of `a` crosses an edge of `b` properly, a block at a time."""
    (p, r), (q, s) = _edges_within(a, b), _edges_within(b, a)
    step, found = max(1, BLOCK // max(len(q), 1)), [np.zeros((0, 2))]
    for k in range(0, len(p), step):
        edge, other = np.nonzero(_crossing(p[k : k + step], r[k : k + step], q, s))
        start, along, towards = p[k + edge], r[k + edge], q[other] - p[k + edge]
        t = (towards[:, 0] * s[other, 1] - towards[:, 1] * s[other, 0]) / (
            along[:, 0] * s[other, 1] - along[:, 1] * s[other, 0]
        )
        found.append(start + t[:, None] * along)
    return np.concatenate(found)
