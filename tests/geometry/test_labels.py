"""Labels well inside their zone and clear of badges; tokens side by side; new zones' colours."""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tabletop.geometry.single.labels import (
    area_centroid,
    edge_distance,
    inside,
    label_spot,
    pole_of_inaccessibility,
    room_across,
    zone_anchor,
)
from tabletop.geometry.single.palette import PROJECTION_PALETTE, next_zone_fill
from tabletop.geometry.single.shapes import TOKEN_RADIUS, name_width, token_spots
from tabletop.geometry.whole.bulk_labels import cut_spots
from tabletop.model import AreaLocation, EncounterGrid, FillStyle, Map, PolygonShape, Tile, Token, Zone, ZoneLocation

L_SHAPE = [(0, 0), (300, 0), (300, 60), (60, 60), (60, 300), (0, 300)]


def _zone(points, zone_id="z") -> Zone:
    return Zone(id=zone_id, shape=PolygonShape(points=points))


def test_the_pole_of_an_l_shaped_room_is_well_inside():
    """The vertex mean of an L lies outside it; the pole is inside, as far from the walls as can be."""
    mean = (sum(x for x, _ in L_SHAPE) / 6, sum(y for _, y in L_SHAPE) / 6)
    assert not inside(L_SHAPE, *mean)
    x, y = pole_of_inaccessibility(L_SHAPE, precision=0.5)
    assert edge_distance(L_SHAPE, x, y) >= 29.0  # the arms are 60 wide: 30 is the best there is
    assert inside(L_SHAPE, *zone_anchor(_zone(L_SHAPE)))


def test_a_convex_zone_is_anchored_at_its_area_centroid():
    points = [(0, 0), (400, 0), (400, 100), (0, 100), (0, 50)]
    assert zone_anchor(_zone(points)) == area_centroid(points)


def _box(spot, height):
    return (spot.x - spot.max_width / 2, spot.y - height / 2, spot.x + spot.max_width / 2, spot.y + height / 2)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_wide_low_zone_below_two_others_keeps_its_label_off_the_top_edge_and_badges():
    """The reported case: a zone wider than tall below two others, badges on its top edge."""
    zone = _zone([(0, 100), (400, 100), (400, 180), (0, 180)])
    badges = [(55, 82, 145, 118), (255, 82, 345, 118)]
    tokens = (200 - 35, 140 - 35, 200 + 35, 140 + 46)
    spot = label_spot(zone, 90, 19, [*badges, tokens], lift=50)
    box = _box(spot, 19)
    assert spot.max_width == 90, "the whole name fits"
    assert box[1] > 100 + 2 and box[3] < 180 - 2, "inside, off the edges"
    assert not any(_overlap(box, other) for other in [*badges, tokens])


def test_an_elided_name_starts_inside_its_zone():
    zone = _zone([(0, 0), (50, 0), (50, 200), (0, 200)])
    spot = label_spot(zone, 180, 19, [])
    left, right = room_across(zone.shape.points, spot.x, spot.y)
    assert spot.max_width < 50
    assert left <= spot.x - spot.max_width / 2 and spot.x + spot.max_width / 2 <= right


@given(
    st.floats(30, 600),
    st.floats(30, 400),
    st.floats(10, 300),
    st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), max_size=4),
)
def test_labels_stay_inside_their_zone(width, height, label_width, badge_spots):
    zone = _zone([(0, 0), (width, 0), (width, height), (0, height)])
    badges = [(u * width - 40, v * height - 16, u * width + 40, v * height + 16) for u, v in badge_spots]
    spot = label_spot(zone, label_width, 18, badges, lift=40)
    left, top, right, bottom = _box(spot, 18)
    assert spot.max_width <= label_width
    assert 0 <= left <= right <= width
    assert 0 <= spot.y <= height
    if spot.max_width == label_width and not badges and label_width + 8 <= width and height >= 26:
        assert top >= 0 and bottom <= height, "a name that fits is placed whole inside"


def test_tokens_in_one_area_stand_side_by_side():
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0)])
    tokens = [Token(id=f"t{i}", location=AreaLocation(grid="g", row=1, col=1)) for i in range(3)]
    spots = token_spots(Map(grids=[grid], tokens=tokens))
    assert all(math.dist(a, b) >= 2 * TOKEN_RADIUS for a, b in itertools.combinations(spots.values(), 2))


def test_tokens_in_one_zone_stand_far_enough_apart_for_their_names():
    zone = _zone([(0, 0), (800, 0), (800, 400), (0, 400)])
    tokens = [
        Token(id=f"t{i}", name=name, location=ZoneLocation(zone="z"))
        for i, name in enumerate(["Raider archer", "Kell", "Mira"])
    ]
    spots = token_spots(Map(zones=[zone], tokens=tokens))
    (x1, y1), (x2, y2), (x3, _) = (spots[t.id] for t in tokens)
    assert y1 == y2
    assert x2 - x1 >= (name_width("Raider archer") + name_width("Kell")) / 2
    assert all(inside(zone.shape.points, x, y) for x, y in spots.values())
    assert x3 > x2


def test_new_zones_take_distinct_projection_colours():
    zones: list[Zone] = []
    for i in range(len(PROJECTION_PALETTE) + 2):
        colour = next_zone_fill(Map(zones=zones))
        zones.append(
            Zone(id=f"z{i}", shape=PolygonShape(points=[(0, 0), (9, 0), (0, 9)]), fill=FillStyle(colour=colour))
        )
    first = [z.fill.colour for z in zones[: len(PROJECTION_PALETTE)]]
    assert len(set(first)) == len(PROJECTION_PALETTE), "every palette colour before any repeats"
    assert zones[-2].fill.colour == PROJECTION_PALETTE[0]


def _luminance(hex_colour: str) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_the_projection_palette_reads_under_dark_labels_and_its_colours_differ():
    label = _luminance("#2b2620")
    for colour in PROJECTION_PALETTE:
        assert (_luminance(colour) + 0.05) / (label + 0.05) >= 7.0, colour
    rgb = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in PROJECTION_PALETTE]
    closest = min(math.dist(a, b) for i, a in enumerate(rgb) for b in rgb[i + 1 :])
    assert closest >= 40


def _cut_spots_of(polygons: list[list[tuple[float, float]]], widths: list[float], height: float):
    counts = np.array([len(points) for points in polygons], dtype=np.int64)
    flat = np.array([p for points in polygons for p in points], dtype=np.float64).reshape(-1, 2)
    firsts = np.cumsum(counts) - counts
    return cut_spots((flat[:, 0].copy(), flat[:, 1].copy(), firsts, counts), widths, height)


SMALL_ROOMS = [
    [(0.0, 0.0), (60.0, 0.0), (60.0, 40.0), (0.0, 40.0)],
    [(30.0, 40.0), (90.0, 40.0), (90.0, 80.0), (30.0, 80.0)],
    [(0.0, 0.0), (70.0, 10.0), (20.0, 45.0)],
    [(0.0, 0.0), (40.0, 0.0), (55.0, 20.0), (40.0, 40.0), (0.0, 40.0), (-10.0, 20.0)],
]


def test_the_cut_names_of_small_zones_are_placed_in_bulk_as_one_by_one():
    """Names too long for their zones: cut at the anchor, to the zone's width there, the same
    numbers as label_spot gives each zone alone."""
    widths = [90.0, 133.0, 71.4, 200.0]
    xs, ys, cuts = _cut_spots_of(SMALL_ROOMS, widths, 19.0)
    for points, width, x, y, cut in zip(SMALL_ROOMS, widths, xs, ys, cuts, strict=True):
        spot = label_spot(_zone(points), width, 19.0, [])
        assert (x, y, cut) == (spot.x, spot.y, spot.max_width)
        assert cut < width


def test_zones_a_name_may_fit_in_or_flat_are_left_to_label_spot_and_an_l_is_cut_in_bulk():
    flat = [(0.0, 0.0), (50.0, 0.0), (100.0, 0.0)]
    xs, ys, cuts = _cut_spots_of([SMALL_ROOMS[0], L_SHAPE, flat], [30.0, 400.0, 200.0], 19.0)
    assert np.isnan(xs[[0, 2]]).all() and np.isnan(ys[[0, 2]]).all() and np.isnan(cuts[[0, 2]]).all()
    spot = label_spot(_zone(L_SHAPE), 400.0, 19.0, [])
    assert (xs[1], ys[1], cuts[1]) == (spot.x, spot.y, spot.max_width)


@given(
    st.lists(
        st.tuples(st.floats(-500, 500), st.floats(-500, 500), st.floats(4, 120), st.floats(4, 80), st.floats(1, 300)),
        min_size=1,
        max_size=6,
    ),
    st.floats(5, 40),
)
def test_bulk_spots_are_label_spots_whenever_given(rooms, height):
    polygons = [[(x, y), (x + w, y), (x + w * 1.2, y + h), (x - w * 0.1, y + h)] for x, y, w, h, _ in rooms]
    widths = [width for *_, width in rooms]
    xs, ys, cuts = _cut_spots_of(polygons, widths, height)
    for points, width, x, y, cut in zip(polygons, widths, xs, ys, cuts, strict=True):
        spot = label_spot(_zone(points), width, height, [])
        if not np.isnan(x):
            assert (x, y, cut) == (spot.x, spot.y, spot.max_width)
        elif round(width, 1) + 8 > max(p[0] for p in points) - min(p[0] for p in points):
            raise AssertionError("a small convex zone was left to label_spot")
