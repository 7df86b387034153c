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


def pole_of_inaccessibility(points: list[Point] | tuple[Point, ...], precision: float = 1.0) -> Point:
    """The inside point farthest from every edge, to within `precision` map units (the
    "polylabel" search: split the box into cells, refine the cells that could hold a better
    point, best first)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top, width, height = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    cell = min(width, height)
    if cell == 0:
        return (left, top)
    best = area_centroid(points)
    best_d = edge_distance(points, *best)
    queue: list[tuple[float, float, float, float, float]] = []

    def push(x: float, y: float, half: float) -> None:
        d = edge_distance(points, x, y)
        heapq.heappush(queue, (-(d + half * math.sqrt(2)), d, x, y, half))

    half = cell / 2
    y = top
    while y < top + height:
        x = left
        while x < left + width:
            push(x + half, y + half, half)
            x += cell
        y += cell
    while queue:
        bound, d, x, y, h = heapq.heappop(queue)
        if d > best_d:
            best, best_d = (x, y), d
        if -bound - best_d <= precision:
            continue
        h /= 2
        for dx in (-h, h):
            for dy in (-h, h):
                push(x + dx, y + dy, h)
    return best


def zone_anchor(zone: Zone) -> Point:
    """Where a zone's tokens gather and its label is sought: the centre of a node, the area
    centroid of a convex polygon, the pole of inaccessibility of any other polygon."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return (shape.x, shape.y)
    return _polygon_anchor(tuple(shape.points))


@lru_cache(maxsize=8192)
def _polygon_anchor(points: tuple[Point, ...]) -> Point:
    if is_convex(points):
        return area_centroid(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pole_of_inaccessibility(points, precision=max(0.5, min(max(xs) - min(xs), max(ys) - min(ys)) / 50))


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


def _fits(points: tuple[Point, ...], box: Box) -> bool:
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


@lru_cache(maxsize=8192)
def _label_spot(
    points: tuple[Point, ...], width: float, height: float, avoid: tuple[Box, ...], lift: float
) -> LabelSpot:
    ax, ay = _polygon_anchor(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    pad = PAD

    def clear(x: float, y: float, w: float) -> bool:
        box = (x - w / 2 - pad, y - height / 2 - pad, x + w / 2 + pad, y + height / 2 + pad)
        return _fits(points, box) and not any(_overlaps(box, other) for other in avoid)

    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    if width + 2 * pad > right - left or height + 2 * pad > bottom - top:
        return _cut(points, ax, ay, width, pad)  # a small zone (a zoomed-out map): no search
    preferred = (ax, ay - lift)
    if clear(*preferred, width):
        return LabelSpot(*preferred, width)
    # the whole name fits somewhere: the nearest clear spot, moving up or down rather than aside
    across, down = max(height / 2, (right - left) / 16), max(height / 4, (bottom - top) / 16)
    candidates = [
        (left + width / 2 + pad + i * across, top + height / 2 + pad + j * down)
        for i in range(int((right - left - width - 2 * pad) / across) + 1)
        for j in range(int((bottom - top - height - 2 * pad) / down) + 1)
    ]
    candidates.sort(key=lambda c: math.hypot((c[0] - preferred[0]) * 2, c[1] - preferred[1]))
    for x, y in candidates:
        if clear(x, y, width):
            return LabelSpot(x, y, width)
    # no room for the whole name: the anchor's line, the name cut to the zone's width there
    for x, y in (preferred, (ax, ay)):
        if inside(points, x, y):
            low, high = room_across(points, x, y)
            room = 2 * min(x - low, high - x) - 2 * pad
            if room >= min(width, 3 * height) and clear(x, y, min(room, width)):
                return LabelSpot(x, y, min(room, width))
    return _cut(points, ax, ay, width, pad)


def _cut(points: tuple[Point, ...], ax: float, ay: float, width: float, pad: float) -> LabelSpot:
    """At the anchor (inside the zone), as wide as the zone is there."""
    x, y = (ax, ay) if inside(points, ax, ay) else pole_of_inaccessibility(points)
    low, high = room_across(points, x, y)
    return LabelSpot(x, y, min(width, max(0.0, 2 * min(x - low, high - x) - 2 * pad)))


def cut_spots(
    polygons: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], widths: list[float], height: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """label_spot of many convex polygons' labels too big to fit whole (the small zones of a
    zoomed-out map: their spot is the anchor, the name cut to the zone's width there), worked
    out in numpy with the same arithmetic, so the same numbers. `polygons` is (x, y, firsts,
    counts) of each zone's polygon, `widths` its label's. Returns each spot's x, y and width,
    NaN where label_spot must be asked (a label that may fit, a polygon not convex or of no area)."""
    import numpy as np

    from tabletop.geometry.tables import following, within

    x, y, firsts, counts = polygons
    n = len(counts)
    if not n:
        return np.zeros(0), np.zeros(0), np.zeros(0)
    wanted = np.array([round(w, 1) for w in widths], dtype=np.float64)  # as label_spot rounds them
    tall = round(height, 1)
    owner = np.repeat(np.arange(n), counts)
    at = np.repeat(firsts, counts) + within(counts)
    ends = np.cumsum(counts)
    after = following(counts)
    x1, y1 = x[at], y[at]
    x2, y2 = x1[after], y1[after]
    starts = ends - counts
    left, right = np.minimum.reduceat(x1, starts), np.maximum.reduceat(x1, starts)
    top, bottom = np.minimum.reduceat(y1, starts), np.maximum.reduceat(y1, starts)
    small = (wanted + 2 * PAD > right - left) | (tall + 2 * PAD > bottom - top)
    x3, y3 = x2[after], y2[after]
    turn = (x2 - x1) * (y3 - y2) - (y2 - y1) * (x3 - x2)
    convex = ~(np.bincount(owner, turn > 0, n).astype(bool) & np.bincount(owner, turn < 0, n).astype(bool))
    area, cx, cy = _centroid_sums(x1, y1, x2, y2, starts, counts)
    solid = np.abs(area) >= 1e-12
    with np.errstate(divide="ignore", invalid="ignore"):
        ax, ay = cx / (3 * area), cy / (3 * area)
        ex, ey = ax[owner], ay[owner]
        crosses = (y1 > ey) != (y2 > ey)
        at_x = x1 + (ey - y1) * (x2 - x1) / (y2 - y1)
    inner = np.bincount(owner, crosses & (ex < at_x), n).astype(np.int64) % 2 == 1
    low = np.maximum.reduceat(np.where(crosses & (at_x <= ex), at_x, -np.inf), starts)
    high = np.minimum.reduceat(np.where(crosses & (at_x >= ex), at_x, np.inf), starts)
    low, high = np.where(np.isinf(low), ax, low), np.where(np.isinf(high), ax, high)
    room = np.maximum(0.0, 2 * np.minimum(ax - low, high - ax) - 2 * PAD)
    cut = np.minimum(np.minimum(wanted, room), np.asarray(widths, dtype=np.float64))
    done = small & convex & solid & inner
    return np.where(done, ax, np.nan), np.where(done, ay, np.nan), np.where(done, cut, np.nan)


def _centroid_sums(
    x1: np.ndarray, y1: np.ndarray, x2: np.ndarray, y2: np.ndarray, starts: np.ndarray, counts: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """area_centroid's three sums for every polygon, edge after edge as it adds them (numpy's own
    sums pair the terms up and may differ in the last bit)."""
    import numpy as np

    n = len(counts)
    area, cx, cy = np.zeros(n), np.zeros(n), np.zeros(n)
    cross = x1 * y2 - x2 * y1
    for k in range(int(counts.max())):
        some = np.flatnonzero(counts > k)
        edge = starts[some] + k
        area[some] += cross[edge]
        cx[some] += (x1[edge] + x2[edge]) * cross[edge]
        cy[some] += (y1[edge] + y2[edge]) * cross[edge]
    return area, cx, cy
