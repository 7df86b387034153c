"""An imported door's passage says where on its border the door is: the portal's middle, on the
wall the two rooms share, so the border's badge stands at the door, not at the wall's middle."""

from __future__ import annotations

import math
from pathlib import Path

from tabletop.geometry.single.shapes import border_line
from tabletop.geometry.whole.room_zones import SQUARE, room_zones
from tabletop.io.uvtt import read_universal_vtt
from tabletop.model import Map
from tests.io.uvtt_drawings import drawing, portal, wall, written

CRYPT = Path(__file__).resolve().parents[2] / "docs" / "samples" / "crypt.dd2vtt"


def _made(path: Path) -> Map:
    vtt = read_universal_vtt(path)
    made = room_zones(vtt.walls, vtt.portals, vtt.frame)
    return Map(zones=made.zones, borders=made.borders)


def test_a_door_near_the_end_of_a_wall_is_placed_there_and_its_badge_with_it(tmp_path):
    two_rooms = drawing(
        (8, 4),
        [wall((0, 0), (8, 0), (8, 4), (0, 4), (0, 0)), wall((4, 0), (4, 0.5)), wall((4, 1.5), (4, 4))],
        [portal((4, 0.5), (4, 1.5))],
    )  # the door a square from the top of a wall four squares long (the wall's middle is at 2)
    map_ = _made(written(tmp_path, "rooms.dd2vtt", two_rooms))
    (border,) = map_.borders
    door, broken_door, broken_wall = border.passages
    assert door.place == (4 * SQUARE, 1 * SQUARE)
    assert broken_door.place is None and broken_wall.place is None, "breaking a wall is anywhere along it"
    line = border_line(border, map_.zone(border.a), map_.zone(border.b))
    assert line.anchor == (4 * SQUARE, 1 * SQUARE)


def test_the_crypts_doors_carry_their_portals_middles():
    vtt = read_universal_vtt(CRYPT)
    map_ = _made(CRYPT)
    x0, y0 = vtt.frame[:2]
    middles = [
        (((a[0] + b[0]) / 2 - x0) * SQUARE, ((a[1] + b[1]) / 2 - y0) * SQUARE) for a, b in (p.ends for p in vtt.portals)
    ]
    doors = {b.id: [p.place for p in b.passages if p.door is not None] for b in map_.borders}
    placed = {b: places for b, places in doors.items() if places}
    assert set(placed) == {"room-1--room-2", "room-1--room-3", "room-2--room-4"}
    for border_id, (place,) in placed.items():
        nearest = min(math.dist(place, middle) for middle in middles)
        assert nearest < 1.0, f"{border_id}'s door stands at a portal's middle"
    (room_1_3,) = [b for b in map_.borders if b.id == "room-1--room-3"]
    line = border_line(room_1_3, map_.zone(room_1_3.a), map_.zone(room_1_3.b))
    (x1, y1), (x2, y2) = max(line.segments, key=lambda s: math.dist(*s))
    assert math.dist(line.anchor, ((x1 + x2) / 2, (y1 + y2) / 2)) > SQUARE, "not the wall's middle"
    assert math.dist(line.anchor, room_1_3.place) < 1e-6
