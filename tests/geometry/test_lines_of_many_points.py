"""A border between polygons of many points (a shared coast traced point by point, two tangles)
has its line found from the pairs of edges that could lie on one line, not every pair: the
same line as one border at a time, with work in proportion to the pairs that line up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.single.shapes import border_line
from tabletop.geometry.whole import lines as lines_module
from tabletop.geometry.whole.lines import border_lines
from tabletop.model import Border, Map, PolygonShape, Zone
from tests.geometry.test_layout import _random_map


def _coast(rng: random.Random, count: int) -> list[tuple[float, float]]:
    """A ragged line from (0, 0) to (1000, 0), some of its steps tiny (shorter than lines.SHORT)."""
    points, x = [(0.0, 0.0)], 0.0
    for _ in range(count):
        x += rng.choice([rng.uniform(1, 20), rng.uniform(1e-5, 1e-4)])
        points.append((x, rng.uniform(-30, 30)))
    points.append((x + 10, 0.0))
    return points


def _two_sides(seed: int, count: int) -> Map:
    """Two zones either side of one ragged coast (each holding all of its points), a third
    zone of tangled points over them, and borders between each pair."""
    rng = random.Random(seed)
    coast = _coast(rng, count)
    end = coast[-1][0]
    north = Zone(id="north", shape=PolygonShape(points=[*coast, (end, -200.0), (0.0, -200.0)]))
    south = Zone(id="south", shape=PolygonShape(points=[*coast, (end, 200.0), (0.0, 200.0)]))
    tangle = [(rng.choice([0.0, end]) + rng.uniform(-1, 1), rng.uniform(-200, 200)) for _ in range(count)]
    knot = Zone(id="knot", shape=PolygonShape(points=[*tangle, coast[3], coast[4]]))
    borders = [Border(id="b0", a="north", b="south"), Border(id="b1", a="knot", b="south")]
    borders.append(Border(id="b2", a="north", b="knot"))
    return Map(zones=[north, south, knot], borders=borders)


def _one_at_a_time(map_: Map) -> dict:
    zones = {z.id: z for z in map_.zones}
    return {b.id: border_line(b, zones[b.a], zones[b.b]) for b in map_.borders}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 150))
def test_a_border_of_many_points_is_the_line_one_border_at_a_time_gives(seed, count):
    map_ = _two_sides(seed, count)
    lines = border_lines(map_)
    assert lines == _one_at_a_time(map_)
    assert len(lines["b0"].segments) >= count // 2  # the coast is shared, piece by piece


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_with_every_border_counted_as_many_the_lines_are_the_same(seed):
    """The sorting by direction, run on the small maps of the lattice (edges whole, in part, or
    touching), gives what every pair gives."""
    original = lines_module.MANY_PAIRS
    lines_module.MANY_PAIRS = 0
    try:
        map_ = _random_map(seed)
        assert border_lines(map_) == _one_at_a_time(map_)
    finally:
        lines_module.MANY_PAIRS = original


def test_two_tangles_side_by_side_test_few_pairs(monkeypatch):
    """Two zones of 2,000 points zigzagging across their halves of a box, sharing its middle
    line: four million pairs of edges near each other, of which the sort by direction tests a
    small share."""
    rng = random.Random(3)
    count = 2_000

    def zigzag(left: float) -> list[tuple[float, float]]:
        return [(left + (100.0 if k % 2 else 0.0) - rng.uniform(0, 2), rng.uniform(0, 100)) for k in range(count)]

    west = Zone(id="w", shape=PolygonShape(points=[*zigzag(0.0), (100.0, 100.0), (100.0, 0.0)]))
    east = Zone(id="e", shape=PolygonShape(points=[(100.0, 0.0), (100.0, 100.0), *zigzag(100.0)]))
    map_ = Map(zones=[west, east], borders=[Border(id="b", a="w", b="e")])
    tested = []
    every, aligned = lines_module._every_pair, lines_module._aligned_pairs

    def every_pair(edges_a, edges_b, na, nb):
        tested.append(int((na * nb).sum()))
        return every(edges_a, edges_b, na, nb)

    def aligned_pairs(*args):
        found = aligned(*args)
        tested.append(len(found[0]))
        return found

    monkeypatch.setattr(lines_module, "_every_pair", every_pair)
    monkeypatch.setattr(lines_module, "_aligned_pairs", aligned_pairs)
    line = border_lines(map_)["b"]
    assert line.shared and len(line.segments) == 1
    assert set(line.segments[0]) == {(100.0, 0.0), (100.0, 100.0)}
    assert sum(tested) < count * count / 20
