"""A Universal VTT drawing read and made zones: the rooms its walls enclose are polygon zones,
a wall between two rooms a border crossed only by breaking it, a door a passage through it,
open or closed as the drawing has it, and a closed door blocks sight. Files written by hand
from the format's public description (tests/io/uvtt_drawings.py)."""

from __future__ import annotations

import pytest

from tabletop.geometry.whole.room_zones import SQUARE, RoomZones, room_zones
from tabletop.io.uvtt import read_universal_vtt
from tabletop.model import Map
from tabletop.rules.movement import path
from tabletop.rules.zone_graph import ZoneGraph
from tests.io.uvtt_drawings import circle, corridor, drawing, portal, two_rooms, wall, written


def _made(tmp_path, document, **costs) -> RoomZones:
    vtt = read_universal_vtt(written(tmp_path, "drawn.dd2vtt", document))
    return room_zones(vtt.walls, vtt.portals, vtt.frame, **costs)


def _graph(made: RoomZones) -> ZoneGraph:
    return ZoneGraph(Map(zones=made.zones, borders=made.borders))


def _border(made: RoomZones, a: str, b: str):
    (found,) = [x for x in made.borders if {x.a, x.b} == {a, b}]
    return found


def test_two_rooms_with_a_closed_door_are_two_zones_and_one_border(tmp_path):
    made = _made(tmp_path, two_rooms(closed=True))
    assert [z.name for z in made.zones] == ["Room 1", "Room 2"]  # in reading order
    assert (made.rooms, made.doors, made.outside, made.gaps_closed) == (2, 1, 0, 0)
    xs, ys = zip(*made.zones[0].shape.points, strict=True)
    assert (min(xs), max(xs), min(ys), max(ys)) == (0, 4 * SQUARE, 0, 4 * SQUARE)
    border = _border(made, "room-1", "room-2")
    assert [p.label for p in border.passages] == ["through the door", "break the door", "break through the wall"]
    door, broken_door, broken_wall = border.passages
    assert door.door.state == "closed" and door.door.open_cost == 2 and (door.cost_from_a, door.cost_from_b) == (1, 1)
    assert (broken_door.cost_from_a, broken_wall.cost_from_b) == (4, 7)
    assert broken_door.sight == broken_wall.sight == "blocked"
    assert border.blocks_sight
    assert path(_graph(made), "room-1", "room-2").cost == 3  # open the door 2 + through 1


def test_an_open_door_lets_sight_through_and_costs_one(tmp_path):
    made = _made(tmp_path, two_rooms(closed=False))
    border = _border(made, "room-1", "room-2")
    assert border.passages[0].door.state == "open"
    assert not border.blocks_sight
    assert path(_graph(made), "room-1", "room-2").cost == 1


def test_the_gms_costs_of_breaking_are_the_borders(tmp_path):
    made = _made(tmp_path, two_rooms(), break_door=2, break_wall=None)
    border = _border(made, "room-1", "room-2")
    assert [p.label for p in border.passages] == ["through the door", "break the door"]
    route = path(_graph(made), "room-1", "room-2")
    assert route.cost == 2 and route.passages == ["break the door 2"]


def test_a_wall_nobody_breaks_has_no_way_through(tmp_path):
    document = drawing((8, 4), [wall((0, 0), (8, 0), (8, 4), (0, 4), (0, 0)), wall((4, 0), (4, 4))])
    made = _made(tmp_path, document, break_wall=None)
    border = _border(made, "room-1", "room-2")
    assert border.passages == [] and border.blocks_sight
    assert _graph(made).passable().number_of_edges() == 0


def test_a_corridor_with_a_door_at_each_end_joins_two_rooms_inside_the_rock(tmp_path):
    made = _made(tmp_path, corridor())
    assert [z.name for z in made.zones] == ["Room 1", "Room 2", "Room 3", "Outside"]  # the rooms first
    assert (made.rooms, made.doors, made.outside) == (3, 2, 1)
    left, hall, right = "room-1", "room-2", "room-3"
    assert _border(made, left, hall).passages[0].door.state == "closed"
    assert _border(made, hall, right).passages[0].door.state == "open"
    assert not any({b.a, b.b} == {left, right} for b in made.borders)  # the corridor lies between
    for room in (left, hall, right):  # the rock all round: broken through, never walked
        assert [p.label for p in _border(made, "outside", room).passages] == ["break through the wall"]
    route = path(_graph(made), left, right)
    assert route.path == [left, hall, right] and route.cost == 3 + 1


def test_a_cave_of_curved_walls_is_one_zone_where_its_chambers_open_onto_each_other(tmp_path):
    """A round cave cut by a curved wall: with an opening wider than a crack, the two
    chambers are one zone; with a crack, the wall is closed and they are two."""
    ring = wall(*circle(6, 6, 5, 96))
    # an arc across the cave, starting a crack short of the ring and ending in the open
    opening = wall(*circle(6, 14, 9, 40, start=-2.1414, end=-1.4))
    made = _made(tmp_path, drawing((12, 12), [ring, opening]))
    assert made.rooms == 1 and made.outside == 1 and made.gaps_closed == 1
    cave = next(z for z in made.zones if z.id == "room-1")
    assert len(cave.shape.points) >= 90  # the curve is kept
    cracked = wall(*circle(6, 14, 9, 40, start=-2.1414, end=-1.0002))  # both ends a crack short of the ring
    made = _made(tmp_path, drawing((12, 12), [ring, cracked]))
    assert made.rooms == 2 and made.gaps_closed == 2
    assert [p.label for p in _border(made, "room-1", "room-2").passages] == ["break through the wall"]


def test_cracks_in_walls_are_closed_and_counted_and_openings_are_not(tmp_path):
    def split(gap: float) -> dict:
        top = wall((4, 0), (4, 2 - gap / 2))
        bottom = wall((4, 2 + gap / 2), (4, 4))
        return drawing((8, 4), [wall((0, 0), (8, 0), (8, 4), (0, 4), (0, 0)), top, bottom])

    assert (_made(tmp_path, split(0.1)).rooms, _made(tmp_path, split(0.1)).gaps_closed) == (2, 1)
    assert _made(tmp_path, split(1.0)).rooms == 1
    assert _made(tmp_path, split(1.0), gap=1.2).rooms == 2


def test_a_door_standing_in_open_ground_divides_nothing_and_is_said(tmp_path):
    document = drawing((10, 10), [], [portal((5, 5), (6, 5), closed=True, freestanding=True)])
    made = _made(tmp_path, document)
    assert [z.id for z in made.zones] == ["outside"] and made.borders == []
    assert (made.doors, made.doors_apart) == (0, 1)
    assert "1 door dividing no rooms left out" in made.summary()


def test_a_freestanding_door_across_an_archway_is_a_door_of_the_room(tmp_path):
    """A door drawn free of the walls, spanning an opening: it closes the room as a wall's door."""
    room = wall((5, 3), (2, 3), (2, 7), (8, 7), (8, 3), (6, 3))
    made = _made(tmp_path, drawing((10, 10), [room], [portal((5, 3), (6, 3), closed=False, freestanding=True)]))
    assert (made.rooms, made.outside, made.doors, made.doors_apart) == (1, 1, 1, 0)
    border = _border(made, "outside", "room-1")
    assert border.passages[0].door.state == "open" and not border.blocks_sight


@pytest.mark.parametrize("lights", [0, 2])
def test_the_summary_says_what_was_made_and_what_was_ignored(tmp_path, lights):
    document = two_rooms()
    document["lights"] = document["lights"][:1] * lights
    vtt = read_universal_vtt(written(tmp_path, "drawn.uvtt", document))
    made = _made(tmp_path, document)
    said = made.summary(vtt.lights, vtt.object_outlines)
    assert said == f"2 rooms, 1 door, 0 wall gaps closed, {lights} light{'' if lights == 1 else 's'} ignored"


def test_a_corner_where_four_walls_stop_short_closes_for_all_four_rooms(tmp_path):
    """Four rooms round a crossing whose four walls each stop a crack short of it: one crack,
    closed for every room round it, so no two rooms across the corner run together."""
    frame = wall((0, 0), (8, 0), (8, 8), (0, 8), (0, 0))
    arms = [wall((4, 0), (4, 3.9)), wall((4, 4.1), (4, 8)), wall((0, 4), (3.9, 4)), wall((4.1, 4), (8, 4))]
    made = _made(tmp_path, drawing((8, 8), [frame, *arms]))
    assert (made.rooms, made.gaps_closed) == (4, 1)
    pairs = {frozenset((b.a, b.b)) for b in made.borders}
    assert pairs == {
        frozenset(p) for p in (("room-1", "room-2"), ("room-1", "room-3"), ("room-2", "room-4"), ("room-3", "room-4"))
    }
