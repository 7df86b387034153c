"""Where things are drawn, worked out without Qt: border lines, token spots, grid areas.

Kept apart from the painting so it can be tested and reused by hit-testing in the editor.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import chain, pairwise
from operator import attrgetter, itemgetter
from typing import NamedTuple

from tabletop.geometry.single.labels import edge_distance, inside, room_across, zone_anchor
from tabletop.model import AreaLocation, Border, EncounterGrid, Map, NodeShape, Token, Zone, ZoneLocation
from tabletop.model.borders import shared_edges

Point = tuple[float, float]
Segment = tuple[Point, Point]
TOKEN_RADIUS = 16.0
TOKEN_NAME_SIZE = 16.0
"""A token's name in map units: capitals 14 px tall when a sample map is fit to a 1920x1080 window."""
NAME_MAX_WIDTH = TOKEN_RADIUS * 10
"""The widest a token's name is drawn before it is cut short."""


class BorderLine(NamedTuple):
    """Where a border is drawn: the shared edge pieces of two polygons, or a line between
    the zones' centres; `anchor` is where its badge goes and `towards_b` the unit vector
    from zone a's side to zone b's. A named tuple: a big map's painting makes hundreds of
    thousands, and a tuple is made in a third of a frozen dataclass's time."""

    segments: list[Segment]
    anchor: Point
    towards_b: Point
    shared: bool


def _sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def _unit(v: Point) -> Point:
    length = math.hypot(*v)
    return (0.0, 1.0) if length == 0 else (v[0] / length, v[1] / length)


def _radius(zone: Zone) -> float:
    return zone.shape.radius if isinstance(zone.shape, NodeShape) else 0.0


def border_line(border: Border, a: Zone, b: Zone) -> BorderLine:
    line = _middle_line(a, b)
    place = border.place
    return line if place is None else placed(line, place)


def placed(line: BorderLine, place: Point) -> BorderLine:
    """The line with its badge at a passage's place: the nearest point of the line to it (a
    place is on the line, within the slack a file is let keep)."""
    best, anchor = math.inf, line.anchor
    for p, q in line.segments:
        dx, dy = q[0] - p[0], q[1] - p[1]
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((place[0] - p[0]) * dx + (place[1] - p[1]) * dy) / length2))
        spot = (p[0] + t * dx, p[1] + t * dy)
        off = math.dist(spot, place)
        if off < best:
            best, anchor = off, spot
    return line._replace(anchor=anchor)


def _middle_line(a: Zone, b: Zone) -> BorderLine:
    ca, cb = a.shape.centre(), b.shape.centre()
    towards = _unit(_sub(cb, ca))
    if a.shape.kind == "polygon" and b.shape.kind == "polygon":
        pieces = shared_edges(a.shape.points, b.shape.points)
        if pieces:
            longest = max(pieces, key=lambda s: math.dist(*s))
            mid = ((longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2)
            return BorderLine(pieces, mid, towards, shared=True)
    start = (ca[0] + towards[0] * _radius(a), ca[1] + towards[1] * _radius(a))
    end = (cb[0] - towards[0] * _radius(b), cb[1] - towards[1] * _radius(b))
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    return BorderLine([(start, end)], mid, towards, shared=False)


def distance_to_segment(x: float, y: float, p: tuple[float, float], q: tuple[float, float]) -> float:
    """How far a point is from the segment p-q: what a click on a border's line is measured by."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - p[0]) * dx + (y - p[1]) * dy) / length2))
    return math.hypot(x - (p[0] + t * dx), y - (p[1] + t * dy))


def area_rect(grid: EncounterGrid, row: int, col: int) -> tuple[float, float, float, float]:
    """(x, y, width, height) of an area on the canvas."""
    size = grid.area_size
    return (grid.origin[0] + col * size, grid.origin[1] + row * size, size, size)


def area_at(grid: EncounterGrid, x: float, y: float) -> tuple[int, int]:
    """The area under a canvas point (which may lie off the grid)."""
    size = grid.area_size
    return (math.floor((y - grid.origin[1]) / size), math.floor((x - grid.origin[0]) / size))


def grid_rect(grid: EncounterGrid) -> tuple[float, float, float, float]:
    r0, c0, r1, c1 = grid.area_bounds()
    x, y, _, _ = area_rect(grid, r0, c0)
    return (x, y, (c1 - c0 + 1) * grid.area_size, (r1 - r0 + 1) * grid.area_size)


def name_width(text: str) -> float:
    """A generous guess at a token name's drawn width in map units (DejaVu Sans averages well
    under 0.6 em a letter), so neighbours stand far enough apart for their names."""
    return len(text) * TOKEN_NAME_SIZE * 0.6


def token_step(names: list[str], name_scale: float = 1.0) -> float:
    """How far apart tokens standing side by side are: a token and a half at least, and
    room for the widest name up to NAME_MAX_WIDTH (names drawn `name_scale` larger need more)."""
    widest = max((name_width(name) for name in names), default=0.0)
    return max(TOKEN_RADIUS * 4.0, min(NAME_MAX_WIDTH, widest) * name_scale + 12.0)


AREA_STEP = TOKEN_RADIUS * 2.3
"""How far apart the two columns of tokens sharing an area stand: their discs never touch."""
AREA_ROW = TOKEN_RADIUS * 2.4
"""Between rows of tokens sharing an area: a disc and a little, since their names stand beside
them (a name's plate, about 21 units tall, or 29 on the players' screen, is shorter than a disc)."""


def area_spots(n: int) -> list[Point]:
    """Offsets from an area's centre for n tokens sharing it (an overlap, in the AF text's
    word): two columns back to back about the area's middle, so the group stays on its area,
    with each name outward (area_name_sides) where no disc stands; an odd last token stands
    in the middle under them."""
    if n <= 1:
        return [(0.0, 0.0)] * n
    rows = math.ceil(n / 2)
    spots: list[Point] = []
    for k in range(n):
        row, col = divmod(k, 2)
        x = 0.0 if n % 2 and k == n - 1 else (col - 0.5) * AREA_STEP
        spots.append((x, (row - (rows - 1) / 2) * AREA_ROW))
    return spots


def area_name_sides(n: int) -> list[str]:
    """Where each of n tokens sharing an area writes its name ("left", "right" or "below"), to
    go with area_spots: outward from the left and right columns, under a token in the middle."""
    sides = ["left" if k % 2 == 0 else "right" for k in range(n)]
    if n % 2:
        sides[-1] = "below"
    return sides


def token_spots(
    map_: Map, find_zone: Callable[[str], Zone | None] | None = None, name_scale: float = 1.0
) -> dict[str, Point]:
    """Where each placed token is drawn: side by side around its zone's anchor (rows of four,
    spaced for their names), or side by side in its area.

    `find_zone` lets a caller with an index (the document) skip building one over every
    zone, which matters when this runs on each step of a drag on a big map.
    """
    if find_zone is None:
        find_zone = {z.id: z for z in map_.zones}.get
    grids = {g.id: g for g in map_.grids}
    in_zone: dict[str, list[Token]] = {}
    in_area: dict[tuple[str, int, int], list[Token]] = {}
    spots: dict[str, Point] = {}
    for token in map_.tokens:
        where = token.location
        if isinstance(where, ZoneLocation) and find_zone(where.zone) is not None:
            in_zone.setdefault(where.zone, []).append(token)
        elif isinstance(where, AreaLocation) and where.grid in grids:
            in_area.setdefault((where.grid, where.row, where.col), []).append(token)
    for (grid_id, row, col), tokens in in_area.items():
        x, y, w, h = area_rect(grids[grid_id], row, col)
        for token, (dx, dy) in zip(tokens, area_spots(len(tokens)), strict=True):
            spots[token.id] = (x + w / 2 + dx, y + h / 2 + dy)
    for zone_id, tokens in in_zone.items():
        zone = find_zone(zone_id)
        cx, cy = zone_anchor(zone)
        low, high = _room_for_discs(zone, cx, cy)
        per_row = min(len(tokens), 4)
        step = token_step([t.label for t in tokens], name_scale)
        if per_row > 1 and (per_row - 1) * step > high - low:  # a narrow zone: closer, or fewer a row
            per_row = max(1, min(per_row, int((high - low) / DISC_STEP) + 1))
            step = min(step, (high - low) / (per_row - 1)) if per_row > 1 else step
        found = []
        for k in range(len(tokens)):
            row, col = divmod(k, per_row)
            in_row = min(per_row, len(tokens) - row * per_row)
            half = (in_row - 1) * step / 2
            middle = min(max(cx, low + half), high - half) if high - low >= 2 * half else cx
            found.append((middle + (col - (in_row - 1) / 2) * step, cy + row * ROW_STEP))
        if not isinstance(zone.shape, NodeShape) and not all(_disc_inside(zone.shape.points, p) for p in found):
            found = _packed(tuple(zone.shape.points), (cx, cy), len(tokens), step)
        spots.update(zip((token.id for token in tokens), found, strict=True))
    return spots


ROW_STEP = TOKEN_RADIUS * 4.5
"""Between rows of tokens in a zone: a disc and its name plate below it, and a little."""


def _disc_inside(points: list[Point] | tuple[Point, ...], spot: Point) -> bool:
    """Whether a token's disc at this spot lies whole inside the polygon."""
    return edge_distance(points, *spot) >= TOKEN_RADIUS - 1e-6


def _packed(points: tuple[Point, ...], anchor: Point, count: int, step: float) -> list[Point]:
    """Where `count` tokens stand in a polygon too small for their rows: in rows about its
    anchor, closer together than their names want and over each other where they must, so
    every disc stays inside the zone it stands in (a disc drawn in the next room tells the
    players a wrong place). Of the ways to split them into rows, the one whose nearest two
    discs stand farthest apart; every disc inside first. A zone smaller than one disc keeps
    them at its anchor."""
    ax, ay = anchor
    margin = TOKEN_RADIUS + 2
    flipped = [(y, x) for x, y in points]
    top, bottom = room_across(flipped, ay, ax)
    top, bottom = (top + margin, bottom - margin) if bottom - top >= 2 * margin else (ay, ay)
    best: tuple[tuple[bool, float, int], list[Point]] | None = None
    for rows in range(1, min(count, int(bottom - top) + 1) + 1):  # rows less than a unit apart gain nothing
        per_row = math.ceil(count / rows)
        gap = min(ROW_STEP, (bottom - top) / (rows - 1)) if rows > 1 else 0.0
        first = min(max(ay - (rows - 1) * gap / 2, top), bottom - (rows - 1) * gap)
        lines: list[list[float]] = []
        found: list[Point] = []
        for row in range(rows):
            y = first + row * gap
            in_row = min(per_row, count - len(found))
            left, right = room_across(points, ax, y) if inside(points, ax, y) else (ax, ax)
            low, high = (left + margin, right - margin) if right - left >= 2 * margin else (ax, ax)
            across = min(step, (high - low) / (in_row - 1)) if in_row > 1 else 0.0
            half = (in_row - 1) * across / 2
            middle = min(max(ax, low + half), high - half)
            lines.append([middle + (col - (in_row - 1) / 2) * across for col in range(in_row)])
            found += [(x, y) for x in lines[-1]]
        score = (all(_disc_inside(points, p) for p in found), round(_nearest(lines, gap), 6), -rows)
        if best is None or score > best[0]:
            best = (score, found)
    return best[1]


def _nearest(lines: list[list[float]], gap: float) -> float:
    """How near the two nearest of rows of discs stand (each row's centres left to right, the
    rows `gap` apart): beside each other in a row, or in two rows one above the other; a walk
    along the rows, where comparing every pair grew with the cube of a crowd's size."""
    nearest = math.inf
    for k, xs in enumerate(lines):
        nearest = min(nearest, min((b - a for a, b in pairwise(xs)), default=math.inf))
        if k:
            nearest = min(nearest, math.hypot(gap, _closest_apart(lines[k - 1], xs)))
    return nearest


def _closest_apart(above: list[float], below: list[float]) -> float:
    """The least distance between a number of one sorted list and one of another."""
    least, i = math.inf, 0
    if not above:
        return least
    for x in below:
        while i + 1 < len(above) and above[i + 1] <= x:
            i += 1
        least = min(least, *(abs(x - above[j]) for j in (i, i + 1) if j < len(above)))
    return least


DISC_STEP = TOKEN_RADIUS * 2.25
"""The closest tokens stand side by side in a narrow zone: their discs a little apart."""


def _room_for_discs(zone: Zone, x: float, y: float) -> tuple[float, float]:
    """How far left and right a disc's centre may stand on the line across the zone's anchor
    with the whole disc inside (a node's tokens stand on the paper around it: no bound)."""
    shape = zone.shape
    if isinstance(shape, NodeShape) or not inside(shape.points, x, y):
        return (-math.inf, math.inf)
    left, right = room_across(shape.points, x, y)
    low, high = left + TOKEN_RADIUS + 2, right - TOKEN_RADIUS - 2
    return (low, high) if low <= x <= high else (x, x)


def occupied_zones(map_: Map) -> set[str]:
    """The zones where tokens stand: a zone's label keeps clear of its tokens' place only there."""
    return {token.location.zone for token in map_.tokens if isinstance(token.location, ZoneLocation)}


CROWD_NAME_ROOM = 1.35
"""Names beside a crowded area's tokens may be drawn this much larger (the players' screen)."""


def _crowded_names(map_: Map) -> list[float]:
    """How far left and right the names beside crowded areas' tokens reach: a group at a grid's
    edge writes them past it, and a picture or a fitted view must not cut them."""
    grids = {g.id: g for g in map_.grids}
    in_area: dict[tuple[str, int, int], list[Token]] = {}
    for token in map_.tokens:
        where = token.location
        if isinstance(where, AreaLocation) and where.grid in grids:
            in_area.setdefault((where.grid, where.row, where.col), []).append(token)
    reach: list[float] = []
    for (grid_id, row, col), tokens in in_area.items():
        if len(tokens) < 2:
            continue
        x, _, w, _ = area_rect(grids[grid_id], row, col)
        spots, sides = area_spots(len(tokens)), area_name_sides(len(tokens))
        for token, (dx, _), side in zip(tokens, spots, sides, strict=True):
            plate = min(name_width(token.label), NAME_MAX_WIDTH) + TOKEN_NAME_SIZE * 0.6  # the words and their plate
            room = TOKEN_RADIUS + 8 + plate * CROWD_NAME_ROOM
            reach.append(x + w / 2 + dx + (room if side == "right" else -room if side == "left" else 0.0))
    return reach


def zones_extent(zones: list[Zone]) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) around every zone's shape, None without zones: the points
    read in C loops, not a Python loop per point. MapLayout keeps it for a map."""
    shapes = list(map(attrgetter("shape"), zones))
    points = list(chain.from_iterable(s.points for s in shapes if not isinstance(s, NodeShape)))
    xs = [f(map(itemgetter(0), points)) for f in (min, max)] if points else []
    ys = [f(map(itemgetter(1), points)) for f in (min, max)] if points else []
    for node in (shape for shape in shapes if isinstance(shape, NodeShape)):
        xs += [node.x - node.radius, node.x + node.radius]
        ys += [node.y - node.radius, node.y + node.radius]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def map_bounds(
    map_: Map, margin: float = 40.0, zone_extent: tuple[float, float, float, float] | None = None
) -> tuple[float, float, float, float]:
    """(x, y, width, height) around everything drawn; a small square for an empty map.

    `zone_extent`, the (left, top, right, bottom) of every zone's shape when the caller keeps
    it (MapLayout.zone_extent), saves a pass over every zone's points."""
    xs: list[float] = []
    ys: list[float] = []
    if zone_extent is None and map_.zones:
        zone_extent = zones_extent(map_.zones)
    if zone_extent is not None:
        xs += [zone_extent[0], zone_extent[2]]
        ys += [zone_extent[1], zone_extent[3]]
    for grid in map_.grids:
        x, y, w, h = grid_rect(grid)
        xs += [x, x + w]
        ys += [y, y + h]  # the legend, when shown, makes its own room (render/legend.py)
    if xs:
        xs += _crowded_names(map_)
    if not xs:
        return (0.0, 0.0, 400.0, 300.0)
    return (min(xs) - margin, min(ys) - margin, max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin)


__all__ = [
    "BorderLine",
    "area_at",
    "area_name_sides",
    "area_rect",
    "area_spots",
    "border_line",
    "grid_rect",
    "map_bounds",
    "name_width",
    "occupied_zones",
    "shared_edges",
    "token_spots",
    "token_step",
    "zones_extent",
]
