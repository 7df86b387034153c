"""The range adjacency's searches against a plain breadth-first search, on any shape of map:
loops, repeated borders, lone zones and crowded hubs; ring by ring, two rings a stride over the
table of zones two borders away, and 16 rings a stride over the bitsets of small maps."""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.rules import topology
from tabletop.rules.topology import BITS, UNREACHABLE, Topology, zone_spheres, zones_two_away


def plain_ranges(size: int, pairs: list[tuple[int, int]], start: int) -> list[int]:
    """Borders crossed from start, one zone at a time off a queue: the answer to agree with."""
    neighbours: list[list[int]] = [[] for _ in range(size)]
    for a, b in pairs:
        neighbours[a].append(b)
        neighbours[b].append(a)
    ranges = [UNREACHABLE] * size
    ranges[start] = 0
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        for other in neighbours[zone]:
            if ranges[other] == UNREACHABLE:
                ranges[other] = ranges[zone] + 1
                queue.append(other)
    return ranges


@st.composite
def adjacencies(draw, most: int = 60):
    """(size, borders as index pairs, a start zone); some maps get a hub joined to most zones."""
    size = draw(st.integers(1, most))
    zone = st.integers(0, size - 1)
    pairs = draw(st.lists(st.tuples(zone, zone), max_size=3 * size))
    if draw(st.booleans()):
        hub = draw(zone)
        pairs += [(hub, other) for other in draw(st.lists(zone, max_size=size))]
    return size, pairs, draw(zone)


@given(adjacencies(most=150))
@settings(max_examples=300)
def test_the_range_field_agrees_with_a_plain_search(case):
    """The first search goes ring by ring, later ones stride over the spheres."""
    size, pairs, start = case
    found = Topology.build(size, pairs)
    expected = plain_ranges(size, pairs, start)
    assert found.ranges_from(start).tolist() == expected
    assert found.ranges_from(start).tolist() == expected
    assert found.ranges_from(size - 1 - start).tolist() == plain_ranges(size, pairs, size - 1 - start)


@contextmanager
def searching(**settings):
    """The topology module's thresholds set for a test, and put back after."""
    saved = {name: getattr(topology, name) for name in settings}
    for name, value in settings.items():
        setattr(topology, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(topology, name, value)


@given(adjacencies(most=150))
@settings(max_examples=100)
def test_the_ring_by_ring_search_agrees_however_often_asked(case):
    """The search of big maps (no spheres, no two-away table)."""
    size, pairs, start = case
    with searching(SPHERE_ZONES=-1, TWO_STEP_ZONES=-1):
        found = Topology.build(size, pairs)
        for _ in range(2):
            assert found.ranges_from(start).tolist() == plain_ranges(size, pairs, start)
        assert found.spheres is None and found.two_away is None


@given(adjacencies(most=150))
@settings(max_examples=100)
def test_two_rings_a_stride_agree_too(case):
    """The search of middling maps (no spheres): its second ask strides over `two_away`."""
    size, pairs, start = case
    with searching(SPHERE_ZONES=-1):
        found = Topology.build(size, pairs)
        for _ in range(2):
            assert found.ranges_from(start).tolist() == plain_ranges(size, pairs, start)


@given(adjacencies(most=150), st.integers(1, 5))
@settings(max_examples=100)
def test_short_strides_over_the_spheres_agree_too(case, rings):
    """Strides shorter than the map is deep, so the search takes several."""
    size, pairs, start = case
    with searching(SPHERE_RINGS=rings):
        found = Topology.build(size, pairs)
        for _ in range(2):
            assert found.ranges_from(start).tolist() == plain_ranges(size, pairs, start)


@given(adjacencies(most=30))
@settings(max_examples=100)
def test_two_away_holds_exactly_the_zones_two_borders_off(case):
    size, pairs, _ = case
    rows = zones_two_away(Topology.build(size, pairs).table, size)
    assert set(rows[size].tolist()) == {size}, "the padding row stays padding"
    for zone in range(size):
        two = {i for i, r in enumerate(plain_ranges(size, pairs, zone)) if r == 2}
        found = rows[zone].tolist()
        assert set(found) - {size} == two
        assert len(found) - found.count(size) == len(two), "each zone once"


@given(adjacencies(most=70))
@settings(max_examples=100)
def test_the_spheres_hold_exactly_the_zones_at_each_range(case):
    size, pairs, _ = case
    found = Topology.build(size, pairs)
    spheres = zone_spheres(found.indptr, found.indices, size, 4)
    assert spheres.dtype == BITS and not spheres[size].any(), "the padding row stays empty"
    for zone in range(size):
        ranges = plain_ranges(size, pairs, zone)
        for d in range(4):
            bits = np.unpackbits(spheres[zone, d].view(np.uint8), bitorder="little")
            assert np.flatnonzero(bits).tolist() == [i for i, r in enumerate(ranges) if r == d + 1]


def test_a_crowded_hub_answers_the_same_every_way():
    star = [(0, leaf) for leaf in range(1, 1001)] + [(1000, 1001)]
    for thresholds in ({}, {"SPHERE_ZONES": -1}):
        with searching(**thresholds):
            found = Topology.build(1002, star)
            for _ in range(2):
                assert found.ranges_from(1001).tolist() == [2] + [3] * 999 + [1, 0]
            assert found.two_away is None, "a thousand-wide table squared is too big to make"


def test_a_small_star_answers_the_same_either_way():
    star = [(0, leaf) for leaf in range(1, 41)] + [(40, 41)]
    found = Topology.build(42, star)
    for _ in range(2):
        assert found.ranges_from(41).tolist() == [2] + [3] * 39 + [1, 0]


def test_a_map_without_zones_has_an_empty_field():
    assert Topology.build(0, []).ranges_from(0).tolist() == []
