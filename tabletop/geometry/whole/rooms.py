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

from dataclasses import dataclass, field

import numpy as np
from shapely import LineString, MultiLineString, Point, Polygon, STRtree, box, set_precision
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
) -> Rooms:
    """The rooms the walls and doors close within `frame` (x0, y0, x1, y1)."""
    edge = box(*frame)
    wall_lines = [line for line in map(_line, walls) if line is not None]
    door_lines = [_line(list(ends)) for ends in doors]
    lines = wall_lines + [line for line in door_lines if line is not None]
    bridges = _bridges(lines, gap) if gap > 0 else []
    drawn = set_precision(unary_union(lines + bridges), TOUCH).intersection(edge) if lines else MultiLineString()
    faces = [face for face in polygonize(unary_union([drawn, edge.exterior])) if face.area > 0]
    walls_drawn = unary_union(wall_lines + bridges) if wall_lines or bridges else MultiLineString()
    open_edge = edge.exterior.difference(walls_drawn.buffer(TOUCH * 10))
    found = [(face.boundary.intersection(open_edge).length > TOUCH, face) for face in _without_slivers(faces)]
    found.sort(key=lambda pair: (pair[0], *_reading_order(pair[1])))  # the rooms first, the ground outside last
    outside, faces = [pair[0] for pair in found], [pair[1] for pair in found]
    meetings, apart = _meetings(faces, door_lines)
    return Rooms([_outline(face) for face in faces], outside, meetings, len(bridges), apart)


def _line(points: list[Coordinates]) -> LineString | None:
    """A drawn line, or None when it has no length (a point, or one point written twice)."""
    if len(points) < 2:
        return None
    line = set_precision(LineString(points), TOUCH)  # ends a rounding apart become one point
    return line if not line.is_empty and line.length > TOUCH else None


def _bridges(lines: list[LineString], gap: float) -> list[LineString]:
    """Short lines that join each loose end within `gap` of another line to it: to another
    loose end when one is near (both ends of a crack), else to the nearest point of the line.
    A loose end is an end of a line that no other line touches and its own line does not
    return to."""
    tree = STRtree(lines)
    ends = []
    for index, line in enumerate(lines):
        for end in (Point(line.coords[0]), Point(line.coords[-1])):
            if line.is_closed:
                break
            near = [k for k in tree.query(end, predicate="dwithin", distance=TOUCH) if k != index]
            if not near:
                ends.append((index, end))
    bridges, joined = [], set()
    for n, (index, end) in enumerate(ends):
        if n in joined:
            continue
        partner = _nearest_end(ends, n, gap, joined, lines)
        if partner is not None:
            joined.update((n, partner))
            bridges.append(LineString([end, ends[partner][1]]))
            continue
        reach = [k for k in tree.query(end, predicate="dwithin", distance=gap) if k != index]
        if not reach:
            continue
        target = min(reach, key=lambda k: lines[k].distance(end))
        spot = nearest_points(lines[target], end)[0]
        if spot.distance(end) > TOUCH:
            joined.add(n)
            bridges.append(LineString([end, spot]))
    return bridges


def _nearest_end(
    ends: list[tuple[int, Point]], n: int, gap: float, joined: set[int], lines: list[LineString]
) -> int | None:
    """The loose end nearest end `n` within `gap`: of another line, or of its own when the
    line is long enough to be a loop drawn not quite shut (a cave's ring)."""
    index, end = ends[n]
    best, best_distance = None, gap
    for k, (other, point) in enumerate(ends):
        if k == n or k in joined or (other == index and lines[index].length <= 3 * gap):
            continue
        distance = end.distance(point)
        if distance <= best_distance:
            best, best_distance = k, distance
    return best


def _without_slivers(faces: list[Polygon]) -> list[Polygon]:
    """Each sliver joined to the face it shares the most outline with (none: dropped)."""
    kept = [face for face in faces if face.area >= SLIVER]
    for sliver in (face for face in faces if face.area < SLIVER):
        shared = [face.boundary.intersection(sliver.boundary).length for face in kept]
        if shared and max(shared) > TOUCH:
            best = shared.index(max(shared))
            merged = unary_union([kept[best], sliver])
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
    meetings, placed = [], set()
    for a, face in enumerate(faces):
        for b in sorted(int(k) for k in tree.query(face, predicate="intersects") if k > a):
            shared = face.boundary.intersection(faces[b].boundary)
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


def _outline(face: Polygon) -> list[Coordinates]:
    """The face's outline as one ring: each hole (a pillar, a room within the room) joined to
    the outline by a seam there and back from its nearest corner, so a zone, which has no
    holes, covers exactly the face."""
    ring = list(face.exterior.coords)[:-1]
    for hole in face.interiors:
        inner = list(hole.coords)[:-1]
        corners = np.asarray(ring)
        nearest = [float(np.min(np.hypot(*(corners - spot).T))) for spot in inner]
        j = int(np.argmin(nearest))
        i = int(np.argmin(np.hypot(*(corners - inner[j]).T)))
        ring = [*ring[: i + 1], *inner[j:], *inner[: j + 1], *ring[i:]]
    return ring
