"""A passage's place anchors its border's badge: the line's anchor is the nearest point of the
line to it, one border at a time and in the whole map's arrays alike, and the badge slides
along its line from there, never past the line's ends (Qt-free)."""

from __future__ import annotations

import math

from tabletop.geometry.single.clearing import anchor_piece, badge_scales, badge_spots
from tabletop.geometry.single.shapes import border_line
from tabletop.geometry.whole.bulk import arrays_of_map
from tabletop.geometry.whole.lines import LineTable, border_lines
from tabletop.model import Border, Map, NodeShape, Passage, PolygonShape, Zone

WIDE = (-35.0, -10.0, 35.0, 10.0)
FAR = (-1e9, -1e9, 1e9, 1e9)


def _map() -> Map:
    hall = Zone(id="hall", shape=PolygonShape(points=[(0, 0), (240, 0), (240, 200), (0, 200)]))
    # the office's wall with the hall broken in two pieces by a notch: the door on the shorter one
    office = Zone(
        id="office",
        shape=PolygonShape(
            points=[(240, 0), (440, 0), (440, 200), (240, 200), (240, 150), (260, 150), (260, 120), (240, 120)]
        ),
    )
    well = Zone(id="well", shape=NodeShape(x=600, y=100, radius=40))
    return Map(
        zones=[hall, office, well],
        borders=[
            Border(
                id="door",
                a="hall",
                b="office",
                passages=[Passage(label="through the door", place=(241.0, 170.0)), Passage()],
            ),
            Border(id="rope", a="office", b="well", passages=[Passage(place=(500.0, 106.0))]),
            Border(id="plain", a="hall", b="well"),
        ],
    )


def test_the_anchor_is_the_lines_nearest_point_to_the_place():
    map_ = _map()
    door, rope, plain = (border_line(b, map_.zone(b.a), map_.zone(b.b)) for b in map_.borders)
    assert door.anchor == (240.0, 170.0), "on the short piece the door is on, not the longest's middle"
    ((start, end),) = rope.segments
    assert abs(math.dist(start, rope.anchor) + math.dist(rope.anchor, end) - math.dist(start, end)) < 1e-9
    assert math.dist(rope.anchor, (500.0, 106.0)) < 0.5, "on the line between the rims, nearest the place"
    assert plain.anchor == ((120 + 560) / 2, 100.0), "no place: the middle as before"


def test_the_whole_maps_arrays_put_the_badge_where_one_border_at_a_time_does():
    map_ = _map()
    single = {b.id: border_line(b, map_.zone(b.a), map_.zone(b.b)) for b in map_.borders}
    table = border_lines(map_)
    assert {b: table[b] for b in single} == single
    arrays = arrays_of_map(map_, {z.id: row for row, z in enumerate(map_.zones)})
    bulk = LineTable({b.id: row for row, b in enumerate(map_.borders)}, arrays.heads, arrays.pieces)
    assert {b: bulk[b] for b in single} == single


def test_the_badge_slides_along_the_piece_its_place_is_on_from_the_place():
    map_ = _map()
    border = map_.borders[0]
    line = border_line(border, map_.zone("hall"), map_.zone("office"))
    piece = anchor_piece(line.segments, line.anchor)
    assert sorted(piece) == [(240.0, 150.0), (240.0, 200.0)]
    spots = badge_spots(((240.0, 0.0), (240.0, 120.0)), (240.0, 20.0), WIDE, FAR, badge_scales(1.0))
    assert (spots[0].x, spots[0].y) == (240.0, 20.0), "home at the place"
    ys = [spot.y for spot in spots if spot.scale == 1.0]
    assert min(ys) - 10 >= 0.0 and max(ys) + 10 <= 120.0 + 1e-9, "never past the line's ends"
    assert max(ys) == 110.0 and min(ys) == 10.0, "as far along as the wall goes, either way"


def test_a_place_at_a_walls_end_slides_the_badge_back_onto_its_line():
    spots = badge_spots(((0.0, 0.0), (200.0, 0.0)), (5.0, 0.0), WIDE, FAR, badge_scales(1.0))
    assert (spots[0].x, spots[0].y) == (5.0, 0.0), "the place first, though the badge overhangs the end"
    moved = [spot for spot in spots if spot.x != 5.0]
    assert moved and all(spot.box[0] >= 0.0 for spot in moved), "each spot moved is on the wall"
    assert (moved[0].x, moved[0].scale) == (35.0, 1.0), "just back on the wall first, by the door"
