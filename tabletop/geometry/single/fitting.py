"""Words fitted to the room a zone has: a zone's name, a token's name plate, a reach number,
drawn smaller when they do not fit (down to clearing.SMALLEST of the GM's size) and only then cut,
each inside its zone and clear of what was placed before it. Qt-free: the painter measures the
words at each size and asks here where they fit.

A size is given as (width, height) in map units, the sizes largest first."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.geometry.single.clearing import LONG_ENOUGH, SMALLEST, Box, clear_of, overlap_area
from tabletop.geometry.single.labels import (
    MANY_POINTS,
    PAD,
    LabelSpot,
    Point,
    box_inside,
    cut_spot,
    inside,
    label_spot,
    polygon_anchor,
    whole_spot,
    zone_anchor,
)
from tabletop.model import NodeShape, Zone

Size = tuple[float, float]
LINE = 1.25
"""A name's height in map units per unit of its size."""
MIN_CUT = 2.0
"""A name is cut to no less than this many times its height (an ellipsis and a letter or two)."""
MOST_ROWS = 16
"""A cut name is sought on this many lines at most, the nearest its preferred spot."""


def text_sizes(full: float, base: float) -> list[float]:
    """The sizes a text drawn `full` map units tall is tried at, largest first: `full`, then
    each whole size below it (fonts are made in whole pixels) down to SMALLEST of `base`, the
    GM's size of it."""
    top = max(1, round(full))
    low = max(1, min(top, math.ceil(base * SMALLEST - 1e-9)))
    return [full, *range(top - 1, low - 1, -1)]


def small(zone: Zone, size: Size, pad: float = PAD) -> bool:
    """Whether a label of this size cannot fit whole in the zone's box, `pad` from its edges (a
    node's name always can)."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return False
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    width, height = round(size[0], 1), round(size[1], 1)  # as label_spot (and cut_spots) round them
    return width + 2 * pad > max(xs) - min(xs) or height + 2 * pad > max(ys) - min(ys)


def in_bulk(zone: Zone, full: Size, least: Size) -> bool:
    """Whether a zone's name, with no token in the zone, is written at the zone's anchor
    whatever is around (anchored_name; in bulk for a map's many small zones): too long for the
    zone's box at its full size (`full`), and the zone narrower than LONG_ENOUGH either way or
    the name too long even at its smallest (`least`)."""
    if isinstance(zone.shape, NodeShape) or not small(zone, full):
        return False
    xs, ys = [x for x, _ in zone.shape.points], [y for _, y in zone.shape.points]
    return min(max(xs) - min(xs), max(ys) - min(ys)) < LONG_ENOUGH or small(zone, least)


def anchored_size(box_height: float, cut: float, width: float, fonts: Sequence[float]) -> int:
    """The size a name written at its zone's anchor (anchored_name) is first tried at: the
    largest whose width in proportion to its full `width` (at fonts[0]) fits the room `cut`
    there and whose height fits the zone's box (`box_height`); the last when none does."""
    for k, font in enumerate(fonts):
        if width * (font / fonts[0]) <= cut and font * LINE + 2 * PAD <= box_height:
            return k
    return len(fonts) - 1


def anchored_name(zone: Zone, sizes: Sequence[Size], fonts: Sequence[float]) -> tuple[LabelSpot, int]:
    """Where and at which of `fonts` a name in_bulk is written: at the anchor where label_spot
    cuts it (and cut_spots in bulk), the first size from anchored_size that fits the room there
    whole, else the smallest cut to that room. `sizes` are measured when asked."""
    spot = label_spot(zone, *sizes[0], [])
    ys = [y for _, y in zone.shape.points]
    k = anchored_size(max(ys) - min(ys), spot.max_width, sizes[0][0], fonts)
    last = len(fonts) - 1
    while k < last and sizes[k][0] > spot.max_width:
        k += 1
    return LabelSpot(spot.x, spot.y, min(sizes[k][0], spot.max_width)), k


def fitted_label(zone: Zone, sizes: Sequence[Size], avoid: list[Box], lift: float = 0.0) -> tuple[LabelSpot, int, bool]:
    """Where a zone's name goes, at which of `sizes`, and whether it is clear there (inside its
    zone, off `avoid`): whole at the largest size that fits inside the zone clear of `avoid`
    (`lift` above its anchor if it can), else at the smallest size cut to the widest room clear
    of `avoid`. Without anything to avoid, a name too long for its zone at every size is cut at
    the zone's anchor, as label_spot (and the bulk cut_spots) place it."""
    return fitted_name(zone, sizes, [avoid], lift)


def fitted_name(
    zone: Zone, sizes: Sequence[Size], stages: list[list[Box]], lift: float = 0.0, pad: float = PAD
) -> tuple[LabelSpot, int, bool]:
    """fitted_label clear of the first of `stages` (each less to avoid than the one before)
    where the name fits whole; where it fits whole in none, cut clear of the first where it can
    be; else cut clear of none. `pad` is the room kept around the name."""
    if isinstance(zone.shape, NodeShape):
        spot = label_spot(zone, *sizes[0], stages[0])
        return spot, 0, clear_of(_box(spot, sizes[0][1]), stages[0])
    points = tuple(zone.shape.points)
    stages = [avoid for k, avoid in enumerate(stages) if k == 0 or avoid != stages[k - 1]]
    for avoid in stages:
        kept = tuple(sorted(avoid))

        def whole(k: int, kept: tuple[Box, ...] = kept) -> Point | None:
            size = sizes[k]
            if small(zone, size, pad):
                return None
            return whole_spot(points, round(size[0], 1), round(size[1], 1), kept, round(lift, 1), pad)

        found = _largest(len(sizes), whole)
        if found is not None:
            k, (x, y) = found
            return LabelSpot(x, y, sizes[k][0]), k, True
    last = len(sizes) - 1
    width, height = sizes[last]
    spot = None
    for avoid in stages:
        if not avoid or len(points) > MANY_POINTS:
            spot = label_spot(zone, width, height, avoid, lift)
        else:
            spot = _cut_clear(points, width, height, tuple(sorted(avoid)), lift, pad)
        box = _box(spot, height)
        if box_inside(points, box) and clear_of(box, avoid):
            return spot, last, True
    return spot, last, False


def _largest(count: int, fits: Callable[[int], Point | None]) -> tuple[int, Point] | None:
    """The first of `count` sizes, largest first, at which `fits` finds a spot, and the spot:
    the largest first, then the smallest, then halving between (a text that fits somewhere fits
    there smaller too, so the sizes that fit are the last ones)."""
    found = fits(0)
    if found is not None:
        return 0, found
    low, high = 0, count - 1
    best = fits(high) if high > 0 else None
    if best is None:
        return None
    while high - low > 1:
        middle = (low + high) // 2
        spot = fits(middle)
        if spot is None:
            low = middle
        else:
            high, best = middle, spot
    return high, best


def _box(spot: LabelSpot, height: float) -> Box:
    return (spot.x - spot.max_width / 2, spot.y - height / 2, spot.x + spot.max_width / 2, spot.y + height / 2)


def spans_at(points: tuple[Point, ...], y: float) -> list[tuple[float, float]]:
    """The stretches of the horizontal line at height y inside the polygon (even-odd)."""
    crossings = sorted(
        x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True)
        if (y1 > y) != (y2 > y)
    )
    return [(crossings[k], crossings[k + 1]) for k in range(0, len(crossings) - 1, 2)]


def free_spans(
    points: tuple[Point, ...] | None, top: float, bottom: float, boxes: list[Box]
) -> list[tuple[float, float]]:
    """The stretches of the band between `top` and `bottom` inside the polygon (on its lines at
    the band's top, middle and bottom; anywhere for None, a node's paper) and clear of `boxes`."""
    if points is None:
        spans = [(-math.inf, math.inf)]
    else:
        spans = spans_at(points, top)
        for y in ((top + bottom) / 2, bottom):
            spans = [(max(a, c), min(b, d)) for a, b in spans for c, d in spans_at(points, y) if max(a, c) < min(b, d)]
    for left, t, right, b in boxes:
        if t < bottom and b > top:
            spans = [
                piece for a, c in spans for piece in ((a, min(c, left)), (max(a, right), c)) if piece[0] < piece[1]
            ]
    return spans


def _cut_clear(
    points: tuple[Point, ...], width: float, height: float, avoid: tuple[Box, ...], lift: float, pad: float = PAD
) -> LabelSpot:
    """The name cut to the widest room clear of `avoid` by `pad` inside the polygon, on the line
    nearest its preferred spot among equals; at the anchor, cut to the zone's width there, when
    no line holds MIN_CUT of its height clear."""
    ax, ay = polygon_anchor(points)
    px, py = (ax, ay - lift) if inside(points, ax, ay - lift) else (ax, ay)
    ys = [y for _, y in points]
    low, high = min(ys) + height / 2 + pad, max(ys) - height / 2 - pad
    step = max(1.0, height / 2)
    rows = [low + k * step for k in range(int((high - low) / step) + 1)] if high >= low else []
    rows = sorted(rows, key=lambda y: abs(y - py))[:MOST_ROWS]
    best: tuple[float, float, float, float] | None = None  # (width, -distance, x, y)
    for y in rows:
        for left, right in free_spans(points, y - height / 2 - pad, y + height / 2 + pad, list(avoid)):
            room = min(width, right - left - 2 * pad)
            if room < min(width, MIN_CUT * height):
                continue
            x = min(max(px, left + pad + room / 2), right - pad - room / 2)
            edge = pad - 1e-6  # a name filling the room to its pad touches the zone's edge, not past it
            box = (x - room / 2 - edge, y - height / 2 - edge, x + room / 2 + edge, y + height / 2 + edge)
            if not box_inside(points, box):
                continue
            found = (round(room, 6), -math.hypot((x - px) * 2, y - py), x, y)
            if best is None or found[:2] > best[:2]:
                best = found
    if best is None:
        return cut_spot(points, ax, ay, width, PAD)
    return LabelSpot(best[2], best[3], best[0])


@dataclass(frozen=True)
class PlateSpot:
    """A token's name plate: its centre, which of the sizes it is drawn at, its width (the
    plate's, less than the name's when the name is cut), and how far below its disc's centre
    it is (above: less than nothing), worked out alone so every disc's is the same number."""

    x: float
    y: float
    size: int
    width: float
    down: float

    def box(self, height: float) -> Box:
        return (self.x - self.width / 2, self.y - height / 2, self.x + self.width / 2, self.y + height / 2)


def plate_spots(
    points: tuple[Point, ...] | None,
    discs: list[Point],
    radius: float,
    plates: list[Sequence[Size]],
    most: float,
    avoid: Sequence[Box] = (),
    rims: Sequence[tuple[float, float]] | None = None,
) -> list[PlateSpot]:
    """Where the name plates of a zone's tokens go, each token's in turn (the discs at `discs`,
    each plate's sizes in `plates`, at most `most` wide), inside the zone (`points`; None for a
    node's paper) clear of every disc, of `avoid` and of the plates before it: see _plate. A
    token standing in a row with others keeps its plate to its share of the row, halfway to each
    neighbour, so no neighbour's is cut for it. `rims`: how far below and above each disc's
    centre the token's own drawing reaches (its disc, or its flank line where that reaches
    farther): its plate stands clear of it where it is drawn there inside the zone on the same
    side, as near and as large and whole, else against its disc as without `rims`."""
    placed: list[Box] = []
    found: list[PlateSpot] = []
    disc_boxes = [(x - radius, y - radius, x + radius, y + radius) for x, y in discs]
    for k, ((x, y), sizes) in enumerate(zip(discs, plates, strict=True)):
        row = [other for j, other in enumerate(discs) if j != k and other[1] == y]
        left = max(((ox + x) / 2 for ox, _ in row if ox < x), default=-math.inf)
        right = min(((ox + x) / 2 for ox, _ in row if ox > x), default=math.inf)
        others = [box for j, box in enumerate(disc_boxes) if j != k] + placed + list(avoid)
        others += [(-math.inf, -math.inf, left, math.inf), (right, -math.inf, math.inf, math.inf)]
        spot = _plate(points, (x, y), radius, sizes, most, others)
        if rims is not None and rims[k] != (radius, radius):  # off its flank line where that costs no letters
            clear = _plate(points, (x, y), radius, sizes, most, others, rims[k])
            height = sizes[clear.size][1]
            inside = points is None or box_inside(points, clear.box(height))
            alike = (clear.down > 0) == (spot.down > 0) and abs(clear.x - x) <= abs(spot.x - x) + 1e-6
            if inside and alike and (clear.size, -round(clear.width, 6)) <= (spot.size, -round(spot.width, 6)):
                spot = clear
        found.append(spot)
        placed.append(spot.box(sizes[spot.size][1]))
    return found


def _plate(
    points: tuple[Point, ...] | None,
    disc: Point,
    radius: float,
    sizes: Sequence[Size],
    most: float,
    others: list[Box],
    rim: tuple[float, float] | None = None,
) -> PlateSpot:
    """One token's plate, the first that fits of: centred below its disc at the largest size
    whole, then above it; at the smallest size slid sideways as little as it must, still under
    (or over) its disc, whole, else cut to the widest room clear there, below rather than above.
    A zone with no room on either side leaves it below its disc past the zone's edge, centred and
    cut to the room clear of `others` there (none when the disc's own place there is taken)."""
    x, y = disc
    rim = rim or (radius, radius)
    for side in (0, 1):  # below, then above: shrunk before it is moved
        for k, size in enumerate(sizes):
            down, box = _plate_boxes(x, y, rim, size, most)[side]
            if (points is None or box_inside(points, box)) and clear_of(box, others):
                return PlateSpot(x, y + down, k, box[2] - box[0], down)
    k = len(sizes) - 1
    width = min(sizes[k][0], most)
    best: tuple[float, int, float] | None = None  # (room, below, -shift): moved before it is cut
    spot = None
    for side, (down, box) in enumerate(_plate_boxes(x, y, rim, sizes[k], most)):
        for left, right in free_spans(points, box[1], box[3], others):
            room = min(width, right - left)
            cx = min(max(x, left + room / 2), right - room / 2)
            if abs(cx - x) >= room / 2 + radius:
                continue  # no longer under (or over) its disc
            found = (round(room, 6), -side, -round(abs(cx - x), 6))
            if best is None or found > best:
                best, spot = found, PlateSpot(cx, y + down, k, room, down)
    if spot is not None:
        return spot
    down, box = _plate_boxes(x, y, rim, sizes[k], most)[0]
    around = [(a, b) for a, b in free_spans(None, box[1], box[3], others) if a <= x <= b]
    room = min(width, 2 * min(x - around[0][0], around[0][1] - x)) if around else 0.0
    return PlateSpot(x, y + down, k, max(0.0, room), down)


def _plate_boxes(x: float, y: float, rim: tuple[float, float], size: Size, most: float) -> list[tuple[float, Box]]:
    """A plate of this size centred below its token and above it (clear of its `rim`, how
    far its drawing reaches below and above its centre): how far below the disc's centre
    (above: less than nothing) and its box."""
    width, height = min(size[0], most), size[1]
    found = []
    for sign, reach in zip((1, -1), rim, strict=True):
        down = (reach + 3 + height / 2) * sign
        cy = y + down
        found.append((down, (x - width / 2, cy - height / 2, x + width / 2, cy + height / 2)))
    return found


def front_box(spot: Point, facing: float, reach: float) -> Box:
    """The box around a token's front, the quarter of a disc `reach` across its spot turned to
    its compass `facing` (0 up, 90 right; y grows downward)."""
    x, y = spot
    angles = [facing - 45.0, facing + 45.0] + [a for a in (0.0, 90.0, 180.0, 270.0) if _within(a, facing)]
    xs, ys = [x], [y]
    for angle in angles:
        xs.append(x + reach * math.sin(math.radians(angle)))
        ys.append(y - reach * math.cos(math.radians(angle)))
    return (min(xs), min(ys), max(xs), max(ys))


FRONT_BANDS = 4
"""A front is kept as this many boxes, one per band across it: a name beside the wedge's
slanted sides is off it, as one box around the whole quarter disc would not say."""


def front_boxes(spot: Point, facing: float, reach: float) -> tuple[Box, ...]:
    """The boxes around a token's front (as front_box), one per horizontal band across it,
    each as wide as the quarter disc is within its band."""
    x, y = spot
    outline = [(x, y)] + [
        (x + reach * math.sin(math.radians(angle)), y - reach * math.cos(math.radians(angle)))
        for angle in (facing - 45.0 + 90.0 * k / 16 for k in range(17))
    ]
    left, top, right, bottom = front_box(spot, facing, reach)
    found = []
    for k in range(FRONT_BANDS):
        low, high = top + (bottom - top) * k / FRONT_BANDS, top + (bottom - top) * (k + 1) / FRONT_BANDS
        xs = []
        for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
            for t in _band_cut(y1, y2, low, high):
                xs.append(x1 + (x2 - x1) * t)
        if xs:
            found.append((max(left, min(xs)), low, min(right, max(xs)), high))
    return tuple(found)


def _band_cut(y1: float, y2: float, low: float, high: float) -> list[float]:
    """Where along an edge from y1 to y2 (0 to 1) it enters and leaves the band low..high."""
    if y1 == y2:
        return [0.0, 1.0] if low <= y1 <= high else []
    a, b = sorted(((low - y1) / (y2 - y1), (high - y1) / (y2 - y1)))
    a, b = max(a, 0.0), min(b, 1.0)
    return [a, b] if a <= b else []


def _within(angle: float, facing: float) -> bool:
    """Whether a compass angle lies within 45 degrees of the facing."""
    return abs((angle - facing + 180.0) % 360.0 - 180.0) <= 45.0


REACH_BELOW = 3.6
"""A reach number stands this many token radii below its zone's anchor, under the tokens' place."""


def reach_spot(zone: Zone, sizes: Sequence[Size], avoid: list[Box], radius: float) -> tuple[Point, int]:
    """Where a reach number goes in its zone and at which size: below the tokens' place when it
    fits there, else the nearest spot inside the zone clear of `avoid` at the largest size that
    has one, else where it covers least of them (a node's on the paper around its disc)."""
    ax, ay = zone_anchor(zone)
    last = len(sizes) - 1
    if isinstance(zone.shape, NodeShape):
        return _reach_beside(zone.shape, sizes, avoid, radius)
    points = tuple(zone.shape.points)
    kept = tuple(sorted(avoid))
    lift = -radius * REACH_BELOW
    found = _largest(
        len(sizes),
        lambda k: whole_spot(points, round(sizes[k][0], 1), round(sizes[k][1], 1), kept, round(lift, 1), REACH_PAD),
    )
    if found is not None:
        return found[1], found[0]
    width, height = sizes[last]
    tries = [(ax, ay - lift), (ax, ay)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    for i in range(5):
        for j in range(5):
            tries.append((min(xs) + (max(xs) - min(xs)) * (i + 0.5) / 5, min(ys) + (max(ys) - min(ys)) * (j + 0.5) / 5))
    inner = [spot for spot in tries if inside(points, *spot)] or [(ax, ay)]

    def covered(spot: Point) -> float:
        box = (spot[0] - width / 2, spot[1] - height / 2, spot[0] + width / 2, spot[1] + height / 2)
        return sum(overlap_area(box, other) for other in avoid) + (0.0 if box_inside(points, box) else width * height)

    return min(inner, key=covered), last


REACH_PAD = 1.0
"""Room kept around a reach number: a room holding a token, its name and badges has little."""
CORNER = 0.5
"""How far a reach number in a zone's corner stands off its edges, besides REACH_PAD."""


def number_room(points: tuple[Point, ...], width: float, height: float, avoid: list[Box], lift: float) -> Point | None:
    """A quick place for a reach number of this size in a polygon, clear of `avoid`: `lift` above
    its anchor (below, when negative), at the anchor, at one of a few points across the zone's
    box, low ones first, or in one of its corners, the first that is clear; None when none is.
    The corners are a crowded room's last room: its tokens stand in its middle, its badges in
    the middles of its walls."""
    ax, ay = polygon_anchor(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    half_w, half_h = width / 2 + REACH_PAD, height / 2 + REACH_PAD
    snug_x, snug_y = (
        (left + half_w + CORNER, right - half_w - CORNER),
        (bottom - half_h - CORNER, top + half_h + CORNER),
    )
    tries = [(ax, ay - lift), (ax, ay)] + [  # low in the zone first: a name is sought high, over its tokens
        (left + (right - left) * i / 8, top + (bottom - top) * j / 8)
        for j in (6, 7, 5, 4, 3, 2, 1)
        for i in (4, 2, 6, 1, 7)
    ]
    tries += [(x, y) for y in snug_y for x in snug_x]
    for x, y in tries:
        box = (x - half_w, y - half_h, x + half_w, y + half_h)
        if clear_of(box, avoid) and box_inside(points, box):
            return (x, y)
    return None


def _reach_beside(node: NodeShape, sizes: Sequence[Size], avoid: list[Box], radius: float) -> tuple[Point, int]:
    """A node's reach number on the paper: below its disc, beside it or above it, the first
    place clear of `avoid` at the largest size that has one; else below, as before."""
    x, y, r = node.x, node.y, node.radius
    for k, (width, height) in enumerate(sizes):
        gap_x, gap_y = r + width / 2 + REACH_PAD + 2, r + height / 2 + REACH_PAD + 2
        below = max(gap_y, radius * REACH_BELOW)
        for cx, cy in ((x, y + below), (x + gap_x, y), (x - gap_x, y), (x, y - gap_y), (x, y + below + height)):
            box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
            if clear_of(box, avoid, REACH_PAD):
                return (cx, cy), k
    return (x, y + radius * REACH_BELOW), 0
