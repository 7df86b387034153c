"""The rooms a drawing's walls enclose: wall lines and doors in, polygons and who meets whom out.

A battle map drawn elsewhere (a Universal VTT file: io/uvtt.py) knows its walls only as lines;
zone movement needs the spaces between them. The lines are polygonised with shapely (noded by
a union, then shapely.ops.polygonize): each face the lines close is a room, and two rooms meet
where their outlines share a stretch of wall or door. Before that, a wall's loose end that
stops just short of another line (a gap the drawing program left, a hand a pixel off) is joined
to it, so a room is not lost to a crack. Rooms that open onto each other with no line between
are one face, so one room. The map's edge closes what the walls leave open: the ground outside
every wall is a room too, said to be outside. Works in the file's unit (grid squares); Qt-free.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import LineString, MultiLineString, Point, Polygon, STRtree, box, set_precision
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points, polygonize, unary_union

Coordinates = tuple[float, float]

GAP = 0.3
"""How wide a crack in a wall is closed, in grid squares, by default: less than a third of a
square is a slip of the drawing hand, while the narrowest opening a figure walks through (an
archway, a passage) is a square wide."""
SLIVER = 0.05
"""A face smaller than this, in square grid squares, is a sliver two nearly meeting lines cut,
not a room: it joins the room it shares the most outline with."""
TOUCH = 1e-6
"""How near, in grid squares, two lines are taken to touch: the drawing programs write their
coordinates to a few decimals, so a shared corner may differ in the last digits."""
SMOOTHING = (0.002, 0.25)
"""How far, in grid squares, a wall may be smoothed to fit a room in a zone's points: from
less than a pixel of the drawing to a quarter of a square, past which the room would no longer
look like its wall, and the drawing is refused instead."""


class TooDetailed(ValueError):
    """A room has more outline points than a zone holds, even with its walls smoothed: said as
    the reason, in one line."""


@dataclass
class Meeting:
    """Where two rooms meet: the length of wall between them and the doors across it."""

    a: int
    b: int
    wall: float
    doors: list[int] = field(default_factory=list)


@dataclass
class Rooms:
    """Each room's outline (no repeated closing point, no holes), whether it is the ground
    outside the walls, where rooms meet, how many cracks were closed and which doors divide no
    two rooms (a door standing in open ground, or one whose wall encloses nothing)."""

    outlines: list[list[Coordinates]]
    outside: list[bool]
    meetings: list[Meeting]
    gaps_closed: int
    doors_apart: list[int]


def enclosed_rooms(
    walls: list[list[Coordinates]],
    doors: list[tuple[Coordinates, Coordinates]],
    frame: tuple[float, float, float, float],
    gap: float = GAP,
    most_points: int | None = None,
) -> Rooms:
    """The rooms the walls and doors close within `frame` (x0, y0, x1, y1). With `most_points`,
    a room whose outline (its holes joined in) has more is smoothed, all rooms together so
    neighbours keep sharing their wall; TooDetailed when smoothing cannot fit it."""
    edge = box(*frame)
    wall_lines = [line for line in map(_line, walls) if line is not None]
    door_lines = [_line(list(ends)) for ends in doors]
    lines = wall_lines + [line for line in door_lines if line is not None]
    bridges, closed = _bridges(lines, gap) if gap > 0 else ([], 0)
    drawn = set_precision(unary_union(lines + bridges), TOUCH).intersection(edge) if lines else MultiLineString()
    faces = [face for face in polygonize(unary_union([drawn, edge.exterior])) if face.area > 0]
    walls_drawn = unary_union(wall_lines + bridges) if wall_lines or bridges else MultiLineString()
    band = edge.exterior.buffer(TOUCH * 10)  # the walls along the edge only: buffering them all is slow
    open_edge = edge.exterior.difference(walls_drawn.intersection(band).buffer(TOUCH * 10))
    found = [(face.boundary.intersection(open_edge).length > TOUCH, face) for face in _without_slivers(faces)]
    found.sort(key=lambda pair: (pair[0], *_reading_order(pair[1])))  # the rooms first, the ground outside last
    outside, faces = [pair[0] for pair in found], [pair[1] for pair in found]
    if most_points is not None:
        _refuse_past(faces, most_points)  # before the meetings, which are slow on such a room
    meetings, apart = _meetings(faces, door_lines)
    if most_points is not None:
        faces = _fitted(faces, most_points)
    return Rooms([_outline(face) for face in faces], outside, meetings, closed, apart)


def _line(points: list[Coordinates]) -> LineString | None:
    """A drawn line, or None when it has no length (a point, or one point written twice)."""
    if len(points) < 2:
        return None
    line = set_precision(LineString(points), TOUCH)  # ends a rounding apart become one point
    return line if not line.is_empty and line.length > TOUCH else None


def _bridges(lines: list[LineString], gap: float) -> tuple[list[LineString], int]:
    """Short lines that close the cracks: and how many cracks they close. Loose ends within
    `gap` of each other are one crack, each end joined to their middle (so a corner where four
    walls stop short closes for all four rooms round it); a lone loose end within `gap` of a
    line is joined to its nearest point. A loose end is an end of a line that no other line
    touches; a line's own two ends count as a crack when the line is long enough to be a loop
    drawn not quite shut (a cave's ring)."""
    tree = STRtree(lines)
    ends: list[tuple[int, Point]] = []
    for index, line in enumerate(lines):
        if line.is_closed:
            continue
        for end in (Point(line.coords[0]), Point(line.coords[-1])):
            if not any(k != index for k in tree.query(end, predicate="dwithin", distance=TOUCH)):
                ends.append((index, end))
    near = STRtree([point for _, point in ends])
    group = list(range(len(ends)))

    def root(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    for n, (index, end) in enumerate(ends):
        for k in near.query(end, predicate="dwithin", distance=gap):
            other = ends[int(k)][0]
            if int(k) != n and (other != index or lines[index].length > 3 * gap):
                group[root(int(k))] = root(n)
    cracks: dict[int, list[Point]] = {}
    for n, (_, end) in enumerate(ends):
        cracks.setdefault(root(n), []).append(end)
    bridges, closed = [], 0
    for members in cracks.values():
        if len(members) > 1:
            middle = Point(sum(p.x for p in members) / len(members), sum(p.y for p in members) / len(members))
            bridges += [LineString([point, middle]) for point in members if point.distance(middle) > TOUCH]
            closed += 1
    for n, (index, end) in enumerate(ends):
        if len(cracks[root(n)]) > 1:
            continue
        reach = [int(k) for k in tree.query(end, predicate="dwithin", distance=gap) if k != index]
        if reach:
            spot = nearest_points(lines[min(reach, key=lambda k: lines[k].distance(end))], end)[0]
            if spot.distance(end) > TOUCH:
                bridges.append(LineString([end, spot]))
                closed += 1
    return bridges, closed


def _without_slivers(faces: list[Polygon]) -> list[Polygon]:
    """Each sliver joined to the face it shares the most outline with (none: dropped)."""
    kept = [face for face in faces if face.area >= SLIVER]
    slivers = [face for face in faces if face.area < SLIVER]
    if not slivers or not kept:
        return kept
    tree = STRtree(kept)
    outlines = [face.boundary for face in kept]
    joining: dict[int, list[Polygon]] = {}
    for sliver in slivers:
        near = [int(k) for k in tree.query(sliver, predicate="intersects")]
        shared = {k: outlines[k].intersection(sliver.boundary).length for k in near}
        best = max(shared, key=shared.__getitem__, default=None)
        if best is not None and shared[best] > TOUCH:
            joining.setdefault(best, []).append(sliver)
    for best, joined in joining.items():  # each face merged with all its slivers at once
        merged = unary_union([kept[best], *joined])
        if isinstance(merged, Polygon):
            kept[best] = merged
    return kept


def _reading_order(face: Polygon) -> tuple[float, float]:
    """Top to bottom, then left to right, by a point inside the face, so rooms are numbered as
    a GM reads the map."""
    spot = face.representative_point()
    return round(spot.y, 3), round(spot.x, 3)


def _meetings(faces: list[Polygon], door_lines: list[LineString | None]) -> tuple[list[Meeting], list[int]]:
    tree = STRtree(faces)
    outlines = [face.boundary for face in faces]
    meetings, placed = [], set()
    for a, face in enumerate(faces):
        for b in sorted(int(k) for k in tree.query(face, predicate="intersects") if k > a):
            shared = outlines[a].intersection(outlines[b])
            if shared.length <= TOUCH:
                continue
            doors = []
            for k, door in enumerate(door_lines):
                if door is not None and door.intersection(shared.buffer(TOUCH * 10)).length >= door.length / 2:
                    doors.append(k)
            placed.update(doors)
            through = sum(door_lines[k].length for k in doors)
            meetings.append(Meeting(a, b, max(shared.length - through, 0.0), doors))
    apart = [k for k, door in enumerate(door_lines) if door is not None and k not in placed]
    return meetings, apart


def _outline_points(face: Polygon) -> int:
    """How many points the face's outline has once its holes are joined: each hole adds its
    corners and the seam's two ends written again."""
    return len(face.exterior.coords) - 1 + sum(len(hole.coords) + 1 for hole in face.interiors)


def _refuse_past(faces: list[Polygon], most: int) -> None:
    """TooDetailed when a room has so many holes that no smoothing fits it in a zone's points:
    a hole keeps three corners, and its seam writes two more."""
    worst = max(faces, key=lambda face: len(face.interiors), default=None)
    if worst is not None and 3 + 5 * len(worst.interiors) > most:
        raise TooDetailed(
            f"a room has {len(worst.interiors):,} pillars or rooms within it, {_outline_points(worst):,} "
            f"outline points: a zone holds at most {most:,}"
        )


def _fitted(faces: list[Polygon], most: int) -> list[Polygon]:
    """The faces with every outline at most `most` points: untouched when they fit, else all
    simplified together (a coverage simplification: a wall two rooms share is simplified once,
    so they still meet along it and never overlap), by as little as fits."""
    worst = max(faces, key=_outline_points, default=None)
    if worst is None or _outline_points(worst) <= most:
        return faces
    for tolerance in _smoothings():
        smoothed = list(shapely.coverage_simplify(faces, tolerance, simplify_boundary=False))
        if all(isinstance(face, Polygon) and _outline_points(face) <= most for face in smoothed):
            return smoothed
    widest = SMOOTHING[1]
    raise TooDetailed(
        f"a room's outline, with what stands within it, has {_outline_points(worst):,} points: more than a "
        f"zone's {most:,} even with its walls smoothed by {widest:g} of a square"
    )


def _smoothings() -> list[float]:
    """The smoothings tried, least first: doubling from the finest, the last the widest itself,
    so the refusal's word on how far the walls were smoothed is what was tried."""
    tolerance, widest = SMOOTHING
    steps = []
    while tolerance < widest:
        steps.append(tolerance)
        tolerance *= 2
    return [*steps, widest]


def _outline(face: Polygon) -> list[Coordinates]:
    """The face's outline as one ring: each hole (a pillar, a room within the room) joined to
    the outline by a seam there and back, so a zone, which has no holes, covers exactly the
    face. The seams are edges of the face's constrained triangulation (inside the face, crossing
    nothing), the shortest that join every hole, never along a side of the rings they join, so
    the drawing that leaves seams unstroked never leaves out a wall."""
    face = orient(face, 1.0)  # the outline counter-clockwise, the holes clockwise: the room on the left
    rings = [list(face.exterior.coords)[:-1], *(list(hole.coords)[:-1] for hole in face.interiors)]
    if len(rings) == 1:
        return rings[0]
    return _joined(rings, _seams(face, rings))


Corner = tuple[int, int]
"""A ring (0 the outline, then the holes) and a corner of it."""


def _seams(face: Polygon, rings: list[list[Coordinates]]) -> list[tuple[Corner, Corner]]:
    """Seams that join every hole to the outline, as a tree: the shortest triangulation edges
    between two rings first (Kruskal's way), those along a side of a ring only where nothing
    else joins."""
    where: dict[Coordinates, list[Corner]] = {}
    for r, ring in enumerate(rings):
        for k, spot in enumerate(ring):
            where.setdefault(spot, []).append((r, k))
    try:
        triangles = shapely.constrained_delaunay_triangles(face)
    except shapely.errors.GEOSException:  # a face GEOS cannot triangulate: each hole by its nearest corner
        triangles = shapely.GeometryCollection()
    corners = shapely.get_coordinates(triangles).reshape(-1, 4, 2)[:, :3]
    candidates = set()
    for triangle in corners:
        spots = [(float(x), float(y)) for x, y in triangle]
        for a, b in ((0, 1), (1, 2), (2, 0)):
            for one in where.get(spots[a], ()):
                for other in where.get(spots[b], ()):
                    if one[0] != other[0]:
                        candidates.add((min(one, other), max(one, other)))
    ordered = sorted(candidates, key=lambda pair: (math.dist(_at(rings, pair[0]), _at(rings, pair[1])), pair))
    group = list(range(len(rings)))

    def root(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    seams: list[tuple[Corner, Corner]] = []
    for allow_along in (False, True):
        for one, other in ordered:
            if root(one[0]) != root(other[0]) and (allow_along or not _along_a_side(rings, one, other)):
                group[root(one[0])] = root(other[0])
                seams.append((one, other))
    for r in range(1, len(rings)):  # a hole no triangle reaches: joined to the nearest outline corner
        if root(r) != root(0):
            spot = np.asarray(rings[0])
            k = int(np.argmin(np.hypot(*(spot - rings[r][0]).T)))
            group[root(r)] = root(0)
            seams.append(((0, k), (r, 0)))
    return seams


def _at(rings: list[list[Coordinates]], corner: Corner) -> Coordinates:
    return rings[corner[0]][corner[1]]


def _along_a_side(rings: list[list[Coordinates]], one: Corner, other: Corner) -> bool:
    """Whether the seam from one corner to the other lies on the line of a side of either ring
    at its end: a seam drawn over a side would hide it."""
    (x0, y0), (x1, y1) = _at(rings, one), _at(rings, other)
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    for (r, k), (sx, sy) in ((one, (x0, y0)), (other, (x1, y1))):
        ring = rings[r]
        for nx, ny in (ring[k - 1], ring[(k + 1) % len(ring)]):
            ex, ey = nx - sx, ny - sy
            if abs(dx * ey - dy * ex) <= 1e-9 * length * math.hypot(ex, ey):
                return True
    return False


def _joined(rings: list[list[Coordinates]], seams: list[tuple[Corner, Corner]]) -> list[Coordinates]:
    """One ring of the outline and its holes along the seams: in along a seam, round the hole,
    back along the seam. The rings are linked lists, so each hole is spliced in at once; where a
    corner already has a seam, the seam goes in at the copy of the corner whose angle (the room
    on the left) holds its direction, so seams never cross."""
    spots: list[Coordinates] = []
    after: list[int] = []
    before: list[int] = []
    first: list[int] = []
    for ring in rings:
        start = len(spots)
        first.append(start)
        for k, spot in enumerate(ring):
            spots.append(spot)
            after.append(start + (k + 1) % len(ring))
            before.append(start + (k - 1) % len(ring))
    copies: dict[Coordinates, list[int]] = {}
    for node in range(len(rings[0])):
        copies.setdefault(spots[node], []).append(node)
    joined = {0}
    links: dict[int, list[tuple[int, int, int]]] = {}
    for (ra, ka), (rb, kb) in seams:
        links.setdefault(ra, []).append((ka, rb, kb))
        links.setdefault(rb, []).append((kb, ra, ka))
    waiting = [0]
    while waiting:
        ring = waiting.pop()
        for k, other, j in links.get(ring, ()):
            if other in joined:
                continue
            joined.add(other)
            hole = first[other] + j
            node = _copy_facing(copies[spots[first[ring] + k]], spots[hole], spots, after, before)
            hole_copy, node_copy = len(spots), len(spots) + 1
            spots += [spots[hole], spots[node]]
            before_hole, after_node = before[hole], after[node]
            after += [node_copy, after_node]
            before += [before_hole, hole_copy]
            after[node], before[hole] = hole, node
            after[before_hole], before[after_node] = hole_copy, node_copy
            for n in range(first[other], first[other] + len(rings[other])):
                copies.setdefault(spots[n], []).append(n)
            copies[spots[hole]].append(hole_copy)
            copies[spots[node]].append(node_copy)
            waiting.append(other)
    outline, node = [spots[0]], after[0]
    while node != 0:
        outline.append(spots[node])
        node = after[node]
    return outline


def _copy_facing(nodes: list[int], toward: Coordinates, spots, after, before) -> int:
    """Of a corner's copies on the outline, the one whose angle (from the side out to the side
    in, the room on the left) holds the direction toward `toward`."""
    if len(nodes) == 1:
        return nodes[0]
    for node in nodes:
        (x, y), (ax, ay), (bx, by) = spots[node], spots[after[node]], spots[before[node]]
        out = math.atan2(ay - y, ax - x)
        span = (math.atan2(by - y, bx - x) - out) % math.tau or math.tau
        if 0 < (math.atan2(toward[1] - y, toward[0] - x) - out) % math.tau < span:
            return node
    return nodes[0]
