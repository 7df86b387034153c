"""A token's name plate whose places centred below and above its disc are taken (a door's badge in
the middle of each wall of a small room) is written whole beside them, still under or over its
disc, before it is cut; cut, it takes the widest room there rather than the room centred on its
disc; and it is left out only where no room beside its disc is left (Qt-free)."""

from __future__ import annotations

from tabletop.geometry.single.clearing import overlaps
from tabletop.geometry.single.fitting import plate_spots
from tabletop.geometry.single.labels import box_inside
from tabletop.geometry.single.shapes import TOKEN_RADIUS

ROOM = ((0.0, 0.0), (80.0, 0.0), (80.0, 80.0), (0.0, 80.0))
DISC = (40.0, 40.0)
R = TOKEN_RADIUS
SIZES = [(40.0, 20.0), (30.0, 14.0)]
"""A plate's (width, height) at its full size and at its smallest."""
DOORS = [(30.0, 66.0, 50.0, 94.0), (30.0, -14.0, 50.0, 14.0)]
"""The places kept for the badges of the doors in the middles of the bottom and top walls."""


def _placed(avoid, sizes=SIZES, disc=DISC):
    (spot,) = plate_spots(ROOM, [disc], R, [sizes], 200.0, avoid)
    return spot, spot.box(sizes[spot.size][1])


def _under_or_over(box, disc=DISC) -> bool:
    x, y = disc
    return box[0] < x + R and x - R < box[2] and (box[1] >= y + R or box[3] <= y - R)


def test_a_plate_slides_beside_the_doors_whole_at_its_smallest():
    spot, box = _placed(DOORS)
    assert spot.size == len(SIZES) - 1, "shrunk before it was moved"
    assert spot.width == SIZES[-1][0], "whole"
    assert spot.x != DISC[0], "moved off the door in the middle"
    assert box_inside(ROOM, box) and _under_or_over(box)
    assert not any(overlaps(box, door) for door in DOORS)
    assert spot.y > DISC[1], "below its disc, as every plate that can be"


def test_a_plate_centred_below_its_disc_where_there_is_room_stays_there_at_its_full_size():
    spot, box = _placed([])
    assert (spot.x, spot.size, spot.width) == (DISC[0], 0, SIZES[0][0])
    assert box[1] > DISC[1] + R


def test_a_plate_with_no_whole_room_beside_its_disc_is_cut_to_the_widest_room_there():
    walls = [(0.0, 0.0, 22.0, 80.0), (58.0, 0.0, 80.0, 80.0)]  # only the disc's own column is free
    doors = [(30.0, 60.0, 58.0, 94.0), (22.0, -14.0, 50.0, 22.0)]
    spot, box = _placed(walls + doors)
    assert 0 < spot.width < SIZES[-1][0], "cut"
    assert not any(overlaps(box, other) for other in walls + doors)
    assert box_inside(ROOM, box) and _under_or_over(box)
    assert spot.width == 8.0, "the widest room beside the disc: 22 to 30 below it"


def test_a_plate_with_no_room_left_beside_its_disc_is_left_out():
    taken = [(0.0, 0.0, 80.0, DISC[1] - R), (0.0, DISC[1] + R, 80.0, 80.0)]
    spot, _ = _placed(taken)
    assert spot.width == 0.0
