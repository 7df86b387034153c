"""Doors of a drawing made passages: a door drawn twice at the same place (the same two ends,
either way round) is one door, a wall with more doors than a border holds passages keeps the
first and the summary says how many were left out, and walls wholly outside the map are counted
in the summary, not dropped without a word."""

from __future__ import annotations

from tabletop.geometry.whole.room_zones import RoomZones, room_zones
from tabletop.io.uvtt import read_universal_vtt
from tabletop.model.base import MAX_PASSAGES
from tests.io.uvtt_drawings import drawing, portal, two_rooms, wall, written


def _made(tmp_path, document, **costs) -> RoomZones:
    vtt = read_universal_vtt(written(tmp_path, "drawn.dd2vtt", document))
    return room_zones(vtt.walls, vtt.portals, vtt.frame, **costs)


def test_a_door_drawn_three_times_is_one_door(tmp_path):
    document = two_rooms()
    document["portals"] += [portal((4, 1.5), (4, 2.5)), portal((4, 2.5), (4, 1.5))]  # again, and the other way round
    made = _made(tmp_path, document)
    (border,) = made.borders
    assert [p.label for p in border.passages] == ["through the door", "break the door", "break through the wall"]
    assert (made.doors, made.doors_twice) == (1, 2)
    assert made.summary() == "2 rooms, 1 door, 0 wall gaps closed, 2 doors drawn twice made one, 0 lights ignored"


def _hall_of_doors(count: int) -> dict:
    """Two long rooms, one above the other, the wall between them with `count` doors along it."""
    walls = [wall((0, 0), (100, 0), (100, 10), (0, 10), (0, 0)), wall((0, 5), (100, 5))]
    return drawing((100, 10), walls, [portal((i + 0.2, 5), (i + 0.8, 5)) for i in range(count)], picture=False)


def test_a_wall_with_more_doors_than_a_border_holds_keeps_as_many_as_fit(tmp_path):
    made = _made(tmp_path, _hall_of_doors(60))
    (border,) = made.borders
    assert len(border.passages) == MAX_PASSAGES
    doors = [p for p in border.passages if p.door is not None]
    assert len(doors) == MAX_PASSAGES - 2  # the door and the wall can still be broken
    assert (made.doors, made.doors_past) == (48, 12)
    assert "12 doors left out where two rooms meet through more than a border holds" in made.summary()
    unbreakable = _made(tmp_path, _hall_of_doors(60), break_door=None, break_wall=None)
    assert (unbreakable.doors, unbreakable.doors_past) == (50, 10)
    assert _made(tmp_path, _hall_of_doors(48)).doors_past == 0


def test_walls_outside_the_map_are_counted(tmp_path):
    walls = [wall((1, 1), (3, 1), (3, 3), (1, 3), (1, 1)), wall((-50, -50), (-40, -50), (-40, -40))]
    made = _made(tmp_path, drawing((8, 8), walls, picture=False))
    assert made.walls_outside == 1
    assert (
        made.summary() == "1 room, 0 doors, 1 zone outside the walls, 0 wall gaps closed, "
        "1 wall outside the map left out, 0 lights ignored"
    )
