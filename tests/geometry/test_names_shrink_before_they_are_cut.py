"""A name too long for its zone is first written smaller, down to the readable minimum, and only
then cut; token plates share a narrow zone; reach numbers stay inside their zone (Qt-free)."""

from __future__ import annotations

from tabletop.geometry.single.clearing import SMALLEST, overlaps
from tabletop.geometry.single.fitting import fitted_label, plate_spots, reach_spot, text_sizes
from tabletop.geometry.single.labels import box_inside
from tabletop.geometry.single.shapes import TOKEN_RADIUS, token_spots
from tabletop.model import Map, PolygonShape, Token, Zone, ZoneLocation

ROOM = [(0.0, 0.0), (80.0, 0.0), (80.0, 80.0), (0.0, 80.0)]
LETTER = 0.6
"""A letter's width per unit of size, as a bold name roughly measures."""


def _zone(points=ROOM) -> Zone:
    return Zone(id="z", name="Guard room", shape=PolygonShape(points=points))


def _sizes(letters: int, full: float = 15.0) -> list[tuple[float, float]]:
    return [(letters * LETTER * size, size * 1.25) for size in text_sizes(full, 15.0)]


def _box(spot, height):
    return (spot.x - spot.max_width / 2, spot.y - height / 2, spot.x + spot.max_width / 2, spot.y + height / 2)


def test_the_sizes_tried_run_from_the_styles_down_to_the_least_of_the_gms():
    assert text_sizes(15.0, 15.0) == [15.0, 14, 13, 12, 11, 10, 9]
    players = text_sizes(20.25, 15.0)
    assert players[0] == 20.25 and players[-1] == 9 == round(15.0 * SMALLEST)


def test_a_name_too_long_for_its_room_is_written_smaller_and_whole():
    sizes = _sizes(10)  # 90 units at 15: wider than the room's 80
    spot, k, clear = fitted_label(_zone(), sizes, [])
    assert clear and 0 < k < len(sizes) - 1
    assert spot.max_width == sizes[k][0], "whole"
    assert box_inside(tuple(ROOM), _box(spot, sizes[k][1]))


def test_only_a_name_too_long_at_the_smallest_size_is_cut_and_it_is_cut_there():
    sizes = _sizes(20)  # 108 units even at 9
    spot, k, _ = fitted_label(_zone(), sizes, [])
    assert k == len(sizes) - 1
    assert spot.max_width < sizes[k][0]
    assert box_inside(tuple(ROOM), _box(spot, sizes[k][1]))


def test_a_name_keeps_clear_of_its_rooms_token_and_goes_without_when_there_is_no_room():
    disc = (24.0, 24.0, 56.0, 56.0)
    sizes = _sizes(4)
    spot, k, clear = fitted_label(_zone(), sizes, [disc], lift=45.0)
    assert clear and not overlaps(_box(spot, sizes[k][1]), disc)
    assert spot.y < 24.0, "above the token"
    walls = [(0.0, 0.0, 80.0, 30.0), (0.0, 50.0, 80.0, 80.0), (0.0, 0.0, 30.0, 80.0), (50.0, 0.0, 80.0, 80.0)]
    _, _, clear = fitted_label(_zone(), sizes, [*walls, disc])
    assert not clear, "nowhere clear: the caller leaves it out"


def test_two_tokens_in_a_narrow_room_stand_inside_it_and_share_its_width_for_their_plates():
    tokens = [
        Token(id=f"t{k}", name=name, location=ZoneLocation(zone="z"))
        for k, name in enumerate(["Mira Thornbrook", "Kell"])
    ]
    spots = token_spots(Map(zones=[_zone()], tokens=tokens))
    discs = [spots["t0"], spots["t1"]]
    r = TOKEN_RADIUS
    assert all(box_inside(tuple(ROOM), (x - r, y - r, x + r, y + r)) for x, y in discs)
    plates = [[(len(t.name) * 9.6, 21.0), (len(t.name) * 6.0, 14.0)] for t in tokens]
    placed = plate_spots(tuple(ROOM), discs, r, plates, 200.0)
    boxes = [spot.box(plates[k][spot.size][1]) for k, spot in enumerate(placed)]
    assert not overlaps(boxes[0], boxes[1])
    assert all(not overlaps(box, (x - r, y - r, x + r, y + r)) for box in boxes for x, y in discs)
    middle = (discs[0][0] + discs[1][0]) / 2
    assert boxes[0][2] <= middle <= boxes[1][0], "each in its own half of the row"
    assert placed[0].width < plates[0][-1][0], "the long name cut, the short one whole"


def test_a_plate_goes_above_its_disc_when_the_room_below_is_taken():
    disc = (40.0, 40.0)
    below = (0.0, 58.0, 80.0, 80.0)
    (spot,) = plate_spots(tuple(ROOM), [disc], TOKEN_RADIUS, [[(40.0, 20.0)]], 200.0, [below])
    assert spot.y < disc[1] - TOKEN_RADIUS and spot.down < 0


def test_a_reach_number_stays_inside_its_room_clear_of_what_is_there():
    taken = [(24.0, 24.0, 56.0, 56.0), (4.0, 4.0, 76.0, 18.0), (2.0, 59.0, 78.0, 74.0)]
    (x, y), k = reach_spot(_zone(), [(20.0, 26.0), (14.0, 18.0)], taken, TOKEN_RADIUS)
    width, height = [(20.0, 26.0), (14.0, 18.0)][k]
    box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
    assert box_inside(tuple(ROOM), box)
    assert not any(overlaps(box, other) for other in taken)
