"""Where a zone's name goes: well inside its shape, clear of badges and tokens, and cut to the
room there. Qt-free: the painter measures the text and asks here where it fits.

The vertex mean of a polygon can lie near an edge or outside an L-shaped room; a label there
sits on a border line. The pole of inaccessibility (the inside point farthest from every
edge) is the roomiest spot, and for a convex zone its area centroid is close enough.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.model import NodeShape, Zone

if TYPE_CHECKING:
    import numpy as np

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in map units."""


def inside(points: list[Point] | tuple[Point, ...], x: float, y: float) -> bool:
    """Even-odd rule, as Qt fills a zone's path."""
    found = False
    x1, y1 = points[-1]
    for x2, y2 in points:
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
        x1, y1 = x2, y2
    return found


def _segment_distance(x: float, y: float, p: Point, q: Point) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - p[0]) * dx + (y - p[1]) * dy) / length2))
    return math.hypot(x - (p[0] + t * dx), y - (p[1] + t * dy))


def edge_distance(points: list[Point] | tuple[Point, ...], x: float, y: float) -> float:
    """Distance to the nearest edge, negative outside the polygon."""
    nearest = min(_segment_distance(x, y, p, q) for p, q in zip(points, [*points[1:], points[0]], strict=True))
    return nearest if inside(points, x, y) else -nearest


def is_convex(points: list[Point] | tuple[Point, ...]) -> bool:
    sign = 0
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2), (x3, y3) = points[i], points[(i + 1) % n], points[(i + 2) % n]
        cross = (x2 - x1) * (y3 - y2) - (y2 - y1) * (x3 - x2)
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = 1 if cross > 0 else -1
    return True


def area_centroid(points: list[Point] | tuple[Point, ...]) -> Point:
    """The centre of mass of the polygon's area (the vertex mean when the area is nil)."""
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-12:
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    return (cx / (3 * area), cy / (3 * area))


MAX_CELLS = 256
"""The most cells the pole's search measures: an L or a T needs a few dozen. A polygon that
crosses itself is inside in slivers, each a cell that might hold a better point; past this
many it gets the best point found so far."""


def pole_of_inaccessibility(
    points: list[Point] | tuple[Point, ...], precision: float = 1.0, max_cells: int = MAX_CELLS
) -> Point:
    """The inside point farthest from every edge, to within `precision` map units (the
    "polylabel" search: split the box into cells, refine the cells that could hold a better
    point, best first), or the best found among `max_cells` cells. A long, thin box starts
    with cells as wide as it is tall, or fewer and larger ones."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top, width, height = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    cell = min(width, height)
    if cell == 0:
        return (left, top)
    cell = max(cell, math.sqrt(width * height / max_cells), max(width, height) / max_cells)
    best = area_centroid(points)
    best_d = edge_distance(points, *best)
    queue: list[tuple[float, float, float, float, float]] = []
    measured = 0

    def push(x: float, y: float, half: float) -> None:
        nonlocal measured
        measured += 1
        d = edge_distance(points, x, y)
        heapq.heappush(queue, (-(d + half * math.sqrt(2)), d, x, y, half))

    half = cell / 2
    y = top
    while y < top + height and measured < max_cells:
        x = left
        while x < left + width and measured < max_cells:
            push(x + half, y + half, half)
            x += cell
        y += cell
    while queue:
        bound, d, x, y, h = heapq.heappop(queue)
        if d > best_d:
            best, best_d = (x, y), d
        if -bound - best_d <= precision:
            continue
        if measured + 4 > max_cells:
            break
        h /= 2
        for dx in (-h, h):
            for dy in (-h, h):
                push(x + dx, y + dy, h)
    return best


def widest_stretch(points: list[Point] | tuple[Point, ...]) -> Point | None:
    """The middle of the widest stretch inside the polygon (even-odd, as Qt fills it) along the
    line across its box's middle height, in one pass over its edges: the anchor of a polygon of
    many points (a traced coastline, a tangle), whose pole search would measure every edge from
    each of many cells. None when the line meets no edge (a polygon of no height)."""
    ys = [p[1] for p in points]
    y = (min(ys) + max(ys)) / 2
    crossings = sorted(
        x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True)
        if (y1 > y) != (y2 > y)
    )
    if len(crossings) < 2:
        return None
    best = 0
    for k in range(2, len(crossings) - 1, 2):
        if crossings[k + 1] - crossings[k] > crossings[best + 1] - crossings[best]:
            best = k
    return ((crossings[best] + crossings[best + 1]) / 2, y)


POLE_POINTS = 12
"""A polygon of up to this many points that is not convex (an L, a T, a room drawn by hand) is
anchored at its pole of inaccessibility; one of more points, at the middle of its widest
stretch across (widest_stretch), whatever its shape: the work stays in proportion to its points."""


def zone_anchor(zone: Zone) -> Point:
    """Where a zone's tokens gather and its label is sought: the centre of a node, the area
    centroid of a convex polygon, the pole of inaccessibility of any other polygon of a few
    points, the middle of the widest stretch across one of many."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return (shape.x, shape.y)
    return _polygon_anchor(tuple(shape.points))


@lru_cache(maxsize=8192)
def _polygon_anchor(points: tuple[Point, ...]) -> Point:
    if is_convex(points):
        return area_centroid(points)
    if len(points) > POLE_POINTS:
        found = widest_stretch(points)
        if found is not None:
            return found
    return _pole(points)


def polygon_anchor(points: tuple[Point, ...]) -> Point:
    """zone_anchor of a polygon's points."""
    return _polygon_anchor(points)


def _pole(points: tuple[Point, ...]) -> Point:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pole_of_inaccessibility(points, precision=max(0.5, min(max(xs) - min(xs), max(ys) - min(ys)) / 50))


def cut_anchor(points: tuple[Point, ...]) -> Point:
    """Where a name too long for its zone is written, cut to the zone's width there: the area
    centroid of a convex polygon, the middle of the widest stretch across any other (found in
    bulk for a whole map: cut_spots); a pole where that fails."""
    if is_convex(points):
        x, y = area_centroid(points)
        return (x, y) if inside(points, x, y) else _pole(points)
    found = widest_stretch(points)
    return found if found is not None and inside(points, *found) else _pole(points)


@dataclass(frozen=True)
class LabelSpot:
    """The centre of a label and the widest it may be drawn there without leaving its zone."""

    x: float
    y: float
    max_width: float


def room_across(points: list[Point] | tuple[Point, ...], x: float, y: float) -> tuple[float, float]:
    """The stretch of the horizontal line through (x, y) that lies inside the polygon around x."""
    crossings = []
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
        if (y1 > y) != (y2 > y):
            crossings.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    left = max((c for c in crossings if c <= x), default=x)
    right = min((c for c in crossings if c >= x), default=x)
    return (left, right)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def box_inside(points: tuple[Point, ...], box: Box) -> bool:
    """Whether a box lies inside the polygon: its corners and edge middles inside, no vertex within."""
    left, top, right, bottom = box
    mx, my = (left + right) / 2, (top + bottom) / 2
    probes = (
        (left, top),
        (right, top),
        (left, bottom),
        (right, bottom),
        (mx, top),
        (mx, bottom),
        (left, my),
        (right, my),
    )
    if not all(inside(points, x, y) for x, y in probes):
        return False
    return not any(left < px < right and top < py < bottom for px, py in points)


PAD = 4.0
"""Room kept between a label and its zone's edges or what it avoids."""


def may_fit(zone: Zone, width: float, height: float) -> bool:
    """Whether a label of this size could fit whole in the zone's box; when not, it is cut to
    the zone's width at its anchor and nothing else is searched."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return True
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    return width + 2 * PAD <= max(xs) - min(xs) and height + 2 * PAD <= max(ys) - min(ys)


def label_spot(zone: Zone, width: float, height: float, avoid: list[Box], lift: float = 0.0) -> LabelSpot:
    """Where a polygon zone's label of this size goes: `lift` above the zone's anchor if it fits
    there clear of `avoid` (badges, tokens), else the nearest spot inside the zone that is;
    its width is capped by the zone's width there, so an elided name starts inside its zone."""
    if isinstance(zone.shape, NodeShape):
        return _node_label_spot(zone.shape, width, height, avoid)
    points = tuple(zone.shape.points)
    spot = _label_spot(points, round(width, 1), round(height, 1), tuple(sorted(avoid)), round(lift, 1))
    return LabelSpot(spot.x, spot.y, min(spot.max_width, width))


def _node_label_spot(node: NodeShape, width: float, height: float, avoid: list[Box]) -> LabelSpot:
    """Above the disc, on the paper; higher, or below it, when a badge or a token stands there.
    Never beside it: the node's tokens spread sideways."""
    gap = height / 2 + 2
    x, y, r = node.x, node.y, node.radius
    places = [(x, y - r - gap), (x, y - r - gap - height * 0.8), (x, y + r + gap + height * 0.3)]
    for cx, cy in places:
        box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
        if not any(_overlaps(box, other) for other in avoid):
            return LabelSpot(cx, cy, width)
    return LabelSpot(*places[0], width)


MANY_POINTS = 48
"""A polygon of more points than this has the spots its label may take tested in numpy, at most
MAX_SPOTS of them: each test looks at every edge and every point."""
MAX_SPOTS = 64
"""The most spots tried for a label in a polygon of many points, nearest the anchor first."""


@lru_cache(maxsize=8192)
def _label_spot(
    points: tuple[Point, ...], width: float, height: float, avoid: tuple[Box, ...], lift: float
) -> LabelSpot:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    if width + 2 * PAD > right - left or height + 2 * PAD > bottom - top:
        return cut_spot(points, *cut_anchor(points), width, PAD)  # a small zone (a zoomed-out map): no search
    found = whole_spot(points, width, height, avoid, lift)
    if found is not None:
        return LabelSpot(*found, width)
    # no room for the whole name: the anchor's line, the name cut to the zone's width there
    ax, ay = _polygon_anchor(points)
    for x, y in ((ax, ay - lift), (ax, ay)):
        if inside(points, x, y):
            low, high = room_across(points, x, y)
            room = 2 * min(x - low, high - x) - 2 * PAD
            if room >= min(width, 3 * height) and _clear(points, x, y, min(room, width), height, avoid):
                return LabelSpot(x, y, min(room, width))
    return cut_spot(points, ax, ay, width, PAD)


def _clear(
    points: tuple[Point, ...], x: float, y: float, width: float, height: float, avoid: tuple[Box, ...], pad: float = PAD
) -> bool:
    """Whether a label of this size centred at (x, y), with `pad` around it, lies inside the
    polygon and clear of `avoid`."""
    box = (x - width / 2 - pad, y - height / 2 - pad, x + width / 2 + pad, y + height / 2 + pad)
    return not any(_overlaps(box, other) for other in avoid) and box_inside(points, box)


@lru_cache(maxsize=8192)
def whole_spot(
    points: tuple[Point, ...], width: float, height: float, avoid: tuple[Box, ...], lift: float, pad: float = PAD
) -> Point | None:
    """Where a whole label of this size fits inside the polygon clear of `avoid` by `pad`: `lift`
    above its anchor if it fits there, else the nearest spot that does, moving up or down
    rather than aside; None when there is none."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    if width + 2 * pad > right - left or height + 2 * pad > bottom - top:
        return None
    ax, ay = _polygon_anchor(points)
    preferred = (ax, ay - lift)
    if _clear(points, *preferred, width, height, avoid, pad):
        return preferred
    across, down = max(height / 2, (right - left) / 16), max(height / 4, (bottom - top) / 16)
    candidates = [
        (left + width / 2 + pad + i * across, top + height / 2 + pad + j * down)
        for i in range(int((right - left - width - 2 * pad) / across) + 1)
        for j in range(int((bottom - top - height - 2 * pad) / down) + 1)
    ]
    candidates.sort(key=lambda c: math.hypot((c[0] - preferred[0]) * 2, c[1] - preferred[1]))
    if len(points) > MANY_POINTS:
        return _first_clear(points, candidates[:MAX_SPOTS], width, height, avoid, pad)
    return next(((x, y) for x, y in candidates if _clear(points, x, y, width, height, avoid, pad)), None)


def cut_spot(points: tuple[Point, ...], ax: float, ay: float, width: float, pad: float) -> LabelSpot:
    """At (ax, ay) if inside the zone, else at its pole; as wide as the zone is there."""
    x, y = (ax, ay) if inside(points, ax, ay) else pole_of_inaccessibility(points)
    low, high = room_across(points, x, y)
    return LabelSpot(x, y, min(width, max(0.0, 2 * min(x - low, high - x) - 2 * pad)))


def _first_clear(
    points: tuple[Point, ...], spots: list[Point], width: float, height: float, avoid: tuple[Box, ...], pad: float = PAD
) -> Point | None:
    """The first of `spots` where a label of this size is clear (as `_clear` says: its
    padded box inside the polygon, no point of it within, clear of `avoid`), the polygon's edges
    and points tested against all of them at once in numpy."""
    import numpy as np

    half_w, half_h = width / 2 + pad, height / 2 + pad
    boxes = [(x - half_w, y - half_h, x + half_w, y + half_h) for x, y in spots]
    kept = [k for k, box in enumerate(boxes) if not any(_overlaps(box, other) for other in avoid)]
    if not kept:
        return None
    box = np.array([boxes[k] for k in kept], dtype=np.float64)
    left, top, right, bottom = box[:, 0:1], box[:, 1:2], box[:, 2:3], box[:, 3:4]
    mx, my = (left + right) / 2, (top + bottom) / 2
    probes_x = np.hstack((left, right, left, right, mx, mx, left, right))
    probes_y = np.hstack((top, top, bottom, bottom, top, bottom, my, my))
    px, py = np.array([p[0] for p in points]), np.array([p[1] for p in points])
    fits = _inside_all(px, py, probes_x, probes_y).all(axis=1)
    within = (left < px) & (px < right) & (top < py) & (py < bottom)
    fits &= ~within.any(axis=1)
    first = np.flatnonzero(fits)
    return spots[kept[int(first[0])]] if len(first) else None


PROBE_WORK = 1 << 20
"""Probe-edge pairs _inside_all works out at once: its arrays stay a few megabytes."""


def _inside_all(px: np.ndarray, py: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """`inside` of the polygon (px, py) for every probe (x, y) (arrays of one shape), in numpy
    with the same arithmetic: each edge from the point before to the point."""
    import numpy as np

    x1, y1, x2, y2 = np.roll(px, 1), np.roll(py, 1), px, py
    flat_x, flat_y = x.reshape(-1, 1), y.reshape(-1, 1)
    found = np.empty(len(flat_x), dtype=bool)
    step = max(1, PROBE_WORK // max(1, len(px)))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for start in range(0, len(flat_x), step):
            at_x, at_y = flat_x[start : start + step], flat_y[start : start + step]
            across = ((y1 > at_y) != (y2 > at_y)) & (at_x < x1 + (at_y - y1) * (x2 - x1) / (y2 - y1))
            found[start : start + step] = np.count_nonzero(across, axis=1) % 2 == 1
    return found.reshape(x.shape)
