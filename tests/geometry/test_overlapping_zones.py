"""Zones drawn over each other are found; rooms that only share an edge or a corner are not;
a border whose zones no longer touch is named."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.whole.overlaps import borders_apart, overlapping_pairs
from tabletop.model import Border, Map, PolygonShape, Zone


def _zone(zone_id: str, points) -> Zone:
    return Zone(id=zone_id, name=zone_id.title(), shape=PolygonShape(points=points))


def _room(zone_id: str, left: float, top: float, right: float, bottom: float) -> Zone:
    return _zone(zone_id, [(left, top), (right, top), (right, bottom), (left, bottom)])


HALL = _room("hall", 0, 0, 240, 200)
OFFICE = _room("office", 240, 0, 480, 200)


def test_rooms_sharing_an_edge_or_a_corner_do_not_overlap():
    corner = _room("yard", 480, 200, 600, 300)
    assert overlapping_pairs([HALL, OFFICE, corner]) == []


def test_a_shared_corner_moved_alone_makes_the_rooms_overlap():
    moved = _zone("hall", [(0, 0), (260, 0), (240, 200), (0, 200)])
    assert overlapping_pairs([moved, OFFICE]) == [("hall", "office")]


def test_a_room_drawn_twice_inside_another_or_across_it_overlaps():
    twice = _room("twice", 0, 0, 240, 200)
    closet = _room("closet", 10, 10, 30, 30)
    beam = _room("beam", 100, -50, 120, 250)
    found = overlapping_pairs([HALL, twice, closet, beam])
    assert sorted(found) == sorted(
        [("hall", "twice"), ("hall", "closet"), ("hall", "beam"), ("twice", "closet"), ("twice", "beam")]
    )


def test_an_l_shaped_room_around_another_does_not_overlap_it():
    ell = _zone("ell", [(0, 0), (100, 0), (100, 10), (10, 10), (10, 100), (0, 100)])
    inner = _room("inner", 20, 20, 90, 90)
    assert overlapping_pairs([ell, inner]) == []


@settings(max_examples=60, deadline=None)
@given(
    columns=st.integers(1, 6),
    rows=st.integers(1, 6),
    size=st.sampled_from([20.0, 40.0, 80.0, 240.0, 500.0]),
    nudge=st.floats(0.05, 0.45),
)
def test_a_grid_of_rooms_overlaps_only_once_a_corner_is_pushed_into_a_neighbour(columns, rows, size, nudge):
    rooms = [
        _room(f"r{r}-{c}", c * size, r * size, (c + 1) * size, (r + 1) * size)
        for r in range(rows)
        for c in range(columns)
    ]
    assert overlapping_pairs(rooms) == []
    if columns > 1:
        first = rooms[0]
        points = list(first.shape.points)
        points[2] = (points[2][0] + nudge * size, points[2][1])  # the bottom right corner, into the room beside
        pushed = first.model_copy(update={"shape": PolygonShape(points=points)})
        assert ("r0-0", "r0-1") in overlapping_pairs([pushed, *rooms[1:]])


def test_a_border_between_rooms_that_no_longer_touch_is_apart():
    cellar = _room("cellar", 0, 400, 240, 600)
    map_ = Map(
        zones=[HALL, OFFICE, cellar],
        borders=[Border(id="door", a="hall", b="office"), Border(id="stair", a="hall", b="cellar")],
    )
    assert borders_apart(map_) == ["stair"]
    moved = map_.model_copy(update={"zones": [HALL, _room("office", 300, 0, 480, 200), cellar]})
    assert borders_apart(moved) == ["door", "stair"]
