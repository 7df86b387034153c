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
    bridges, closed = _bridges(lines, gap) if gap > 0 else ([], 0)
    drawn = set_precision(unary_union(lines + bridges), TOUCH).intersection(edge) if lines else MultiLineString()
    faces = [face for face in polygonize(unary_union([drawn, edge.exterior])) if face.area > 0]
    walls_drawn = unary_union(wall_lines + bridges) if wall_lines or bridges else MultiLineString()
    band = edge.exterior.buffer(TOUCH * 10)  # the walls along the edge only: buffering them all is slow
    open_edge = edge.exterior.difference(walls_drawn.intersection(band).buffer(TOUCH * 10))
    found = [(face.boundary.intersection(open_edge).length > TOUCH, face) for face in _without_slivers(faces)]
    found.sort(key=lambda pair: (pair[0], *_reading_order(pair[1])))  # the rooms first, the ground outside last
    outside, faces = [pair[0] for pair in found], [pair[1] for pair in found]
    meetings, apart = _meetings(faces, door_lines)
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
    for sliver in slivers:
        near = [int(k) for k in tree.query(sliver, predicate="intersects")]
        shared = {k: kept[k].boundary.intersection(sliver.boundary).length for k in near}
        best = max(shared, key=shared.__getitem__, default=None)
        if best is not None and shared[best] > TOUCH:
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
