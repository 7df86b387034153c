"""A drawing's rooms made zones, and where they meet borders: the walls and doors of a battle
map drawn elsewhere turned into a map one can move on.

Each room (geometry/whole/rooms.py) becomes a polygon zone, scaled from grid squares to map
units. Where two rooms meet there is a border: each door across it is a passage through the
door, open or closed as the drawing has it (a closed door blocks sight); the wall is crossed
only by breaking it ("break the door", "break through the wall", at the GM's costs, none of
them seen through), the Edgerunner text's wall with a door. A cost left out (None) leaves that
way shut: a wall nobody breaks.

Where the GM asks, an encounter grid is laid over the drawing: one area a square of the
drawing, from the drawing's corner, in whole tiles of 5x5 areas, as few as cover it (the tiles
past its edge that a trim would cut are never added). The walls stay the zones' borders and do
not become segments: a segment is a set of areas with properties (rough, cover, steep...),
and a wall is a line between two squares, which no segment property stops. Qt-free.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import shapely

from tabletop.geometry.single.palette import PROJECTION_PALETTE
from tabletop.geometry.single.shapes import border_line, placed
from tabletop.geometry.whole.rooms import GAP, TOUCH, Coordinates, enclosed_rooms
from tabletop.model import Background, Border, Door, EncounterGrid, FillStyle, Map, Passage, PolygonShape, Tile, Zone
from tabletop.model.base import MAX_PASSAGES, MAX_POINTS
from tabletop.model.grids import MAX_TILES, TILE_AREAS

SQUARE = 40.0
"""Map units to a grid square: an encounter grid's area, so a drawing's squares and a grid laid
over it match."""
BREAK_DOOR = 4
BREAK_WALL = 7
"""The costs of breaking a door and breaking through a wall when the GM names none: the
Edgerunner text's wall with a door ("4 to break the door or 7 to break through the wall")."""
OPEN_DOOR = 2
"""A closed door's cost to open, the text's "2 more to open or close the door"."""
ZONE_OPACITY = 0.3
"""How opaque an imported room's fill is: the drawing under it stays the map, the zones a tint
that tells one room from the next."""


class Doorway(Protocol):
    """A door as a drawing has it: its two ends in grid squares, and whether it is closed."""

    @property
    def ends(self) -> tuple[Coordinates, Coordinates]: ...
    @property
    def closed(self) -> bool: ...


class Drawing(Protocol):
    """A battle map drawn elsewhere, as its reader gives it (io/uvtt.py): walls and doors in
    grid squares, the map's edge, and what is left out of the zones."""

    @property
    def walls(self) -> list[list[Coordinates]]: ...
    @property
    def portals(self) -> Sequence[Doorway]: ...
    @property
    def frame(self) -> tuple[float, float, float, float]: ...
    @property
    def lights(self) -> int: ...
    @property
    def object_outlines(self) -> int: ...


@dataclass
class RoomZones:
    """The zones and borders made, and what a GM is told of them."""

    zones: list[Zone]
    borders: list[Border]
    rooms: int
    outside: int
    doors: int
    gaps_closed: int
    doors_apart: int
    doors_twice: int = 0
    """Doors drawn again where one already is (the same two ends), each made one door."""
    doors_past: int = 0
    """Doors left out of a border that already has as many passages as a border holds."""
    walls_outside: int = 0
    """Walls wholly outside the map's edge, which enclose nothing on it."""

    def summary(self, lights: int = 0, object_outlines: int = 0) -> str:
        """What was made, in one line: "14 rooms, 19 doors, 3 wall gaps closed, 2 lights ignored"."""
        said = [_count(self.rooms, "room"), _count(self.doors, "door")]
        if self.outside:
            said.append(f"{_count(self.outside, 'zone')} outside the walls")
        said.append(f"{_count(self.gaps_closed, 'wall gap')} closed")
        if self.doors_twice:
            said.append(f"{_count(self.doors_twice, 'door')} drawn twice made one")
        if self.doors_apart:
            said.append(f"{_count(self.doors_apart, 'door')} dividing no rooms left out")
        if self.doors_past:
            said.append(
                f"{_count(self.doors_past, 'door')} left out where two rooms meet through more than a border holds"
            )
        if self.walls_outside:
            said.append(f"{_count(self.walls_outside, 'wall')} outside the map left out")
        if object_outlines:
            said.append(f"{_count(object_outlines, 'object outline')} left out")
        said.append(f"{_count(lights, 'light')} ignored")
        return ", ".join(said)


class GridTooBig(ValueError):
    """The drawing is wider than an encounter grid may be: said as the reason, in one line."""


def covering_grid(frame: tuple[float, float, float, float], name: str = "") -> EncounterGrid:
    """An encounter grid over a drawing's `frame` (x0, y0, x1, y1 in grid squares): one area a
    square, its first area on the frame's top left square, the fewest whole tiles that cover
    it. GridTooBig when that is more tiles than a grid holds."""
    width, height = frame[2] - frame[0], frame[3] - frame[1]
    rows, cols = (max(1, math.ceil(side / TILE_AREAS - 1e-9)) for side in (height, width))
    if rows * cols > MAX_TILES:
        raise GridTooBig(
            f"the drawing is {width:g} x {height:g} squares, {cols} x {rows} tiles of {TILE_AREAS} x {TILE_AREAS}: "
            f"an encounter grid holds at most {MAX_TILES:,} tiles"
        )
    tiles = [Tile(row=r, col=c) for r in range(rows) for c in range(cols)]
    return EncounterGrid(id="grid", name=name, tiles=tiles, origin=(0.0, 0.0), area_size=SQUARE)


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def drawn_map(
    drawing: Drawing,
    background: Background | None,
    title: str = "",
    *,
    break_door: int | None = BREAK_DOOR,
    break_wall: int | None = BREAK_WALL,
    gap: float | None = None,
    grid: bool = False,
) -> tuple[Map, str]:
    """The map of a drawing, over its picture, with an encounter grid over its squares when
    `grid` asks for one, and the line that says what was made. GridTooBig when the drawing is
    too big for a grid, TooDetailed when a room is too detailed for a zone."""
    grids = [covering_grid(drawing.frame, "Encounter grid")] if grid else []
    made = room_zones(
        drawing.walls, drawing.portals, drawing.frame, break_door=break_door, break_wall=break_wall, gap=gap
    )
    map_ = Map(title=title, background=background, zones=made.zones, borders=made.borders, grids=grids)
    summary = made.summary(drawing.lights, drawing.object_outlines)
    if grids:
        r0, c0, r1, c1 = grids[0].tile_bounds()
        summary += f", an encounter grid of {c1 - c0 + 1} x {r1 - r0 + 1} tiles over its squares"
    return map_, summary


def room_zones(
    walls: list[list[Coordinates]],
    doors: Sequence[Doorway],
    frame: tuple[float, float, float, float],
    *,
    break_door: int | None = BREAK_DOOR,
    break_wall: int | None = BREAK_WALL,
    gap: float | None = None,
) -> RoomZones:
    """Zones and borders for the rooms the walls and doors close within `frame` (x0, y0, x1,
    y1 in grid squares; its top left corner becomes the map's origin). A door drawn twice is one
    door; a border takes as many doors as it has room for passages. TooDetailed when a room has
    more outline points than a zone holds, even with its walls smoothed."""
    doors, twice = _distinct(doors)
    found = enclosed_rooms(walls, [door.ends for door in doors], frame, GAP if gap is None else gap, MAX_POINTS)
    origin = frame[:2]
    zones, numbered, outside = [], 0, 0
    for index, (outline, open_ground) in enumerate(zip(found.outlines, found.outside, strict=True)):
        if open_ground:
            outside += 1
            key, name = ("outside", "Outside") if outside == 1 else (f"outside-{outside}", f"Outside {outside}")
        else:
            numbered += 1
            key, name = f"room-{numbered}", f"Room {numbered}"
        colour = PROJECTION_PALETTE[index % len(PROJECTION_PALETTE)]
        zones.append(
            Zone(
                id=key,
                name=name,
                fill=FillStyle(colour=colour, opacity=ZONE_OPACITY),
                shape=PolygonShape(points=_map_points(outline, origin)),
            )
        )
    borders, placed, past = [], 0, 0
    most_doors = MAX_PASSAGES - (break_door is not None) - (break_wall is not None)
    for meeting in found.meetings:
        a, b = zones[meeting.a], zones[meeting.b]
        through = [doors[k] for k in meeting.doors[:most_doors]]
        placed, past = placed + len(through), past + len(meeting.doors) - len(through)
        passages = _passages(through, meeting.wall > TOUCH, break_door, break_wall)
        border = Border(id=f"{a.id}--{b.id}", a=a.id, b=b.id, passages=passages)
        borders.append(_doors_placed(border, a, b, [_middle(door, origin) for door in through]))
    edge = shapely.box(*frame)
    outside_walls = sum(1 for wall in walls if len(wall) > 1 and not shapely.LineString(wall).intersects(edge))
    return RoomZones(
        zones,
        borders,
        numbered,
        outside,
        placed,
        found.gaps_closed,
        len(found.doors_apart),
        doors_twice=twice,
        doors_past=past,
        walls_outside=outside_walls,
    )


def _distinct(doors: Sequence[Doorway]) -> tuple[list[Doorway], int]:
    """The doors with each drawn again at the same place (the same two ends, either way round,
    within a touch) left out, and how many were: the first drawn is the door."""
    kept, seen = [], set()
    for door in doors:
        place = frozenset((round(x / TOUCH), round(y / TOUCH)) for x, y in door.ends)
        if place not in seen:
            seen.add(place)
            kept.append(door)
    return kept, len(doors) - len(kept)


def _middle(door: Doorway, origin: Coordinates) -> tuple[float, float]:
    """The middle of a door in map units: where its passage is on the border."""
    (x1, y1), (x2, y2) = door.ends
    return _map_points([((x1 + x2) / 2, (y1 + y2) / 2)], origin)[0]


def _doors_placed(border: Border, a: Zone, b: Zone, middles: list[tuple[float, float]]) -> Border:
    """The border with each door's passage (the first ones, in the doors' order) placed at its
    door's middle, put on the border's line: a room's outline smoothed may have left the door's
    drawn middle a little off the wall the two rooms share, and the badge stands on the wall."""
    if not middles:
        return border
    line = border_line(border, a, b)
    passages = list(border.passages)
    for k, middle in enumerate(middles):
        x, y = placed(line, middle).anchor
        passages[k] = passages[k].model_copy(update={"place": (round(x, 3), round(y, 3))})
    return border.model_copy(update={"passages": passages})


def _map_points(outline: list[Coordinates], origin: Coordinates) -> list[tuple[float, float]]:
    """Grid squares to map units, from the frame's corner."""
    x0, y0 = origin
    return [(round((x - x0) * SQUARE, 3), round((y - y0) * SQUARE, 3)) for x, y in outline]


def _passages(doors: list[Doorway], wall: bool, break_door: int | None, break_wall: int | None) -> list[Passage]:
    """The ways across one border: through each door, then breaking a door, then breaking
    through the wall; listed cheapest first as the text lists them, so ties go to the door."""
    passages = []
    for n, door in enumerate(doors, start=1):
        label = "through the door" if len(doors) == 1 else f"through door {n}"
        state = "closed" if door.closed else "open"
        passages.append(Passage(label=label, door=Door(state=state, open_cost=OPEN_DOOR), sight="door"))
    if doors and break_door is not None:
        passages.append(
            Passage(label="break the door", cost_from_a=break_door, cost_from_b=break_door, sight="blocked")
        )
    if (wall or doors) and break_wall is not None:
        passages.append(
            Passage(label="break through the wall", cost_from_a=break_wall, cost_from_b=break_wall, sight="blocked")
        )
    return passages
