"""A room whose wall has more points than a zone holds (a cave's curved wall of tiny segments)
is smoothed, with every room beside it, as one: the wall the cave and the ground outside share
is simplified once, so the two zones still meet along it, never overlap nor leave a gap; a room
with more pillars than any smoothing fits in a zone is refused in one line."""

from __future__ import annotations

import math

import pytest
from shapely import Polygon, make_valid

from tabletop.geometry.whole import rooms
from tabletop.geometry.whole.room_zones import room_zones
from tabletop.geometry.whole.rooms import TooDetailed, enclosed_rooms
from tabletop.model.base import MAX_POINTS

FRAME = (0.0, 0.0, 10.0, 10.0)


def _cave(points: int) -> list[tuple[float, float]]:
    """A round cave of `points` corners, its radius wobbling, as a hand draws a cave."""
    return [
        (
            5 + (4 + 0.3 * math.sin(9 * math.tau * k / points)) * math.cos(math.tau * k / points),
            5 + (4 + 0.3 * math.sin(9 * math.tau * k / points)) * math.sin(math.tau * k / points),
        )
        for k in range(points + 1)
    ]


def test_a_cave_past_a_zones_points_keeps_one_wall_for_both_its_sides():
    made = room_zones([_cave(3 * MAX_POINTS)], [], FRAME)
    cave, outside = made.zones
    assert (cave.name, outside.name) == ("Room 1", "Outside")
    assert all(len(zone.shape.points) <= MAX_POINTS for zone in made.zones)
    assert set(cave.shape.points) <= set(outside.shape.points), "the cave's wall is the outside's hole, point for point"
    room, ground = make_valid(Polygon(cave.shape.points)), make_valid(Polygon(outside.shape.points))
    assert room.intersection(ground).area < 1e-6
    assert room.area + ground.area == pytest.approx(400 * 400, rel=1e-9)  # the frame, 10 squares of 40 units
    assert room.area == pytest.approx(math.pi * (4 * 40) ** 2, rel=0.01)  # still the cave's shape
    (border,) = made.borders
    assert {border.a, border.b} == {"room-1", "outside"}


def test_a_wall_within_a_zones_points_is_left_as_drawn():
    found = enclosed_rooms([_cave(MAX_POINTS // 2)], [], FRAME, most_points=MAX_POINTS)
    assert len(found.outlines[0]) == MAX_POINTS // 2


def test_a_room_with_more_pillars_than_a_zone_holds_is_refused():
    def pillar(x, y):
        return [(x, y), (x + 0.3, y), (x + 0.3, y + 0.3), (x, y + 0.3), (x, y)]

    pillars = [pillar(x + 0.35, y + 0.35) for x in range(1, 47) for y in range(1, 47)]
    hall = [(0.5, 0.5), (47.5, 0.5), (47.5, 47.5), (0.5, 47.5), (0.5, 0.5)]
    with pytest.raises(TooDetailed) as refused:
        enclosed_rooms([hall, *pillars], [], (0, 0, 48, 48), most_points=MAX_POINTS)
    assert str(refused.value).startswith("a room has 2,116 pillars or rooms within it")
    assert enclosed_rooms([hall, *pillars[:100]], [], (0, 0, 48, 48), most_points=MAX_POINTS).outlines


def test_a_room_whose_pillars_no_smoothing_fits_is_refused(monkeypatch):
    """Pillars few enough to pass the first count, but whose corners no smoothing takes away:
    the walls were smoothed as far as the refusal says, no less."""
    tried = []
    simplify = rooms.shapely.coverage_simplify

    def recorded(faces, tolerance, **options):
        tried.append(tolerance)
        return simplify(faces, tolerance, **options)

    monkeypatch.setattr(rooms.shapely, "coverage_simplify", recorded)
    pillars = [
        [(x + 0.3, y + 0.3), (x + 0.7, y + 0.3), (x + 0.7, y + 0.7), (x + 0.3, y + 0.7), (x + 0.3, y + 0.3)]
        for x in range(1, 45)
        for y in range(1, 44)
    ]
    hall = [(0.5, 0.5), (45.5, 0.5), (45.5, 45.5), (0.5, 45.5), (0.5, 0.5)]
    with pytest.raises(TooDetailed) as refused:
        enclosed_rooms([hall, *pillars], [], (0, 0, 46, 46), most_points=MAX_POINTS)
    assert str(refused.value) == (
        "a room's outline, with what stands within it, has 11,356 points: more than a zone's 10,000 "
        "even with its walls smoothed by 0.25 of a square"
    )
    assert tried[0] == rooms.SMOOTHING[0] and tried[-1] == rooms.SMOOTHING[1] == 0.25
    assert tried == sorted(tried), "least first"
