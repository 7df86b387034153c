"""A polygon that crosses itself, or has thousands of points, is kept and named as it is drawn
(even-odd): its anchor and its label's spot are found with work in proportion to its points,
never a search that grows with how ragged it is, and the cut names of small zones are placed in
bulk as one by one whatever their shape."""

from __future__ import annotations

import math
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.single import labels
from tabletop.geometry.single.labels import (
    MAX_CELLS,
    inside,
    label_spot,
    pole_of_inaccessibility,
    room_across,
    widest_stretch,
    zone_anchor,
)
from tabletop.geometry.whole.bulk_labels import cut_spots
from tabletop.model import PolygonShape, Zone
from tabletop.model.base import MAX_POINTS


def _zone(points) -> Zone:
    return Zone(id="z", shape=PolygonShape(points=points))


def tangle(count: int, width: float = 1000.0, height: float = 1000.0, seed: int = 1) -> list:
    """A zigzag from the left edge to the right and back, at random heights: it crosses itself
    all over its box."""
    rng = random.Random(seed)
    nudge = width / 50  # off the two lines, or the crossings would cancel out the polygon's area
    return [(abs((width if k % 2 else 0.0) - rng.uniform(0, nudge)), rng.uniform(0, height)) for k in range(count)]


def star(count: int) -> list:
    """No crossing, yet every row through it meets hundreds of its edges."""
    return [
        (
            500 + (480 if k % 2 else 50) * math.cos(2 * math.pi * k / count),
            500 + (480 if k % 2 else 50) * math.sin(2 * math.pi * k / count),
        )
        for k in range(count)
    ]


class Measured:
    """Counts the edges the label code looks at: a point's distance to an edge, or whether a
    line from it crosses the edge (edge_distance does both for every edge)."""

    def __init__(self, monkeypatch) -> None:
        self.edges = 0
        measure, test = labels.edge_distance, labels.inside

        def edge_distance(points, x, y):
            self.edges += len(points)
            return measure(points, x, y)

        def inside(points, x, y):
            self.edges += len(points)
            return test(points, x, y)

        def inside_all(px, py, x, y):
            self.edges += len(px) * x.size
            return real_all(px, py, x, y)

        real_all = labels._inside_all
        monkeypatch.setattr(labels, "edge_distance", edge_distance)
        monkeypatch.setattr(labels, "inside", inside)
        monkeypatch.setattr(labels, "_inside_all", inside_all)


def test_a_tangle_of_the_most_points_a_polygon_may_have_is_anchored_inside_by_one_pass(monkeypatch):
    labels._polygon_anchor.cache_clear()
    counted = Measured(monkeypatch)
    points = tangle(MAX_POINTS)
    x, y = zone_anchor(_zone(points))
    assert inside(points, x, y)
    assert counted.edges <= 2 * MAX_POINTS  # the stretch, and the inside test above


def test_a_label_in_a_tangle_or_a_star_of_the_most_points_does_bounded_work(monkeypatch):
    """A name that fits the box but finds no clear spot among the slivers: at most the anchor,
    the preferred spot, MAX_SPOTS spots and the cut, each against every edge."""
    for points in (tangle(MAX_POINTS), star(MAX_POINTS)):
        labels._polygon_anchor.cache_clear()
        labels._label_spot.cache_clear()
        counted = Measured(monkeypatch)
        spot = label_spot(_zone(points), 120.0, 19.0, [])
        assert inside(points, spot.x, spot.y)
        spots = 1 + labels.MAX_SPOTS + 3
        assert counted.edges <= (spots * 9 + 8) * len(points), counted.edges


def test_the_pole_search_measures_at_most_its_cells(monkeypatch):
    counted = Measured(monkeypatch)
    points = tangle(40, 300.0, 300.0)
    x, y = pole_of_inaccessibility(points, precision=0.01)
    assert counted.edges <= (MAX_CELLS + 1) * 2 * len(points)
    assert inside(points, x, y) or (x, y) == labels.area_centroid(points)


def test_an_l_shaped_room_still_finds_its_pole_within_the_cap():
    """The cap is far above what an ordinary room needs: the pole is the uncapped one."""
    shape = [(0, 0), (300, 0), (300, 60), (60, 60), (60, 300), (0, 300)]
    assert pole_of_inaccessibility(shape, 0.5) == pole_of_inaccessibility(shape, 0.5, max_cells=10**9)


def test_a_long_thin_zone_starts_its_pole_search_with_few_cells(monkeypatch):
    counted = Measured(monkeypatch)
    sliver = [(0.0, 0.0), (100_000.0, 0.0), (100_000.0, 1.0), (50_000.0, 0.5), (0.0, 1.0)]
    pole_of_inaccessibility(sliver, precision=0.01)
    assert counted.edges <= (MAX_CELLS + 1) * 2 * len(sliver)


def test_the_widest_stretch_is_inside_and_as_wide_as_the_room_there():
    points = [(0, 0), (100, 0), (100, 100), (60, 100), (60, 40), (40, 40), (40, 100), (0, 100)]  # a U
    x, y = widest_stretch(points)
    assert y == 50 and inside(points, x, y)
    low, high = room_across(points, x, y)
    assert (low, high) == (0, 40) or (low, high) == (60, 100)


def _bulk(polygons, widths, height):
    counts = np.array([len(points) for points in polygons], dtype=np.int64)
    flat = np.array([p for points in polygons for p in points], dtype=np.float64).reshape(-1, 2)
    return cut_spots((flat[:, 0].copy(), flat[:, 1].copy(), np.cumsum(counts) - counts, counts), widths, height)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(3, 60), st.floats(5, 200), st.floats(5, 200), st.integers(0, 10**6), st.floats(1, 600)),
        min_size=1,
        max_size=5,
    ),
    st.floats(5, 40),
)
def test_tangled_zones_cut_names_in_bulk_as_one_by_one(shapes, height):
    polygons = [tangle(count, w, h, seed) for count, w, h, seed, _ in shapes]
    polygons = [p for p in polygons if _has_area(p)]
    if not polygons:
        return
    widths = [width for *_, width in shapes][: len(polygons)]
    xs, ys, cuts = _bulk(polygons, widths, height)
    for points, width, x, y, cut in zip(polygons, widths, xs, ys, cuts, strict=True):
        spot = label_spot(_zone(points), width, height, [])
        if not np.isnan(x):
            assert (x, y, cut) == (spot.x, spot.y, spot.max_width)


def _has_area(points) -> bool:
    from tabletop.model.zones import MIN_POLYGON_AREA, polygon_area

    return len(set(points)) >= 3 and polygon_area(points) >= MIN_POLYGON_AREA


def test_small_tangled_zones_are_all_cut_in_bulk():
    polygons = [tangle(200, 60.0, 40.0, seed) for seed in range(20)]
    xs, _, _ = _bulk(polygons, [500.0] * 20, 19.0)
    assert not np.isnan(xs).any()


def test_a_small_round_zone_of_many_points_is_cut_in_bulk_as_one_by_one():
    """A convex polygon of hundreds of points has its centroid summed edge by edge alone, as
    area_centroid sums it: the same numbers."""
    circle = [(40 * math.cos(k / 50) + 7.3, 25 * math.sin(k / 50) - 2.1) for k in range(314)]
    square = [(100.0, 0.0), (130.0, 0.0), (130.0, 20.0), (100.0, 20.0)]
    xs, ys, cuts = _bulk([circle, square], [400.0, 300.0], 19.0)
    for points, width, x, y, cut in zip([circle, square], [400.0, 300.0], xs, ys, cuts, strict=True):
        spot = label_spot(_zone(points), width, 19.0, [])
        assert (x, y, cut) == (spot.x, spot.y, spot.max_width)
