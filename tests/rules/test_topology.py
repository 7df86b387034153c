"""The range adjacency's ring-by-ring search against a plain breadth-first search, on any shape
of map: loops, repeated borders, lone zones and crowded hubs (where it strides one ring at a time)."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.rules import topology
from tabletop.rules.topology import UNREACHABLE, Topology, zones_two_away


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


@given(adjacencies())
@settings(max_examples=300)
def test_the_range_field_agrees_with_a_plain_search(case):
    """The first search strides one ring at a time, later ones two (through `two_away`)."""
    size, pairs, start = case
    found = Topology.build(size, pairs)
    expected = plain_ranges(size, pairs, start)
    assert found.ranges_from(start).tolist() == expected
    assert found.ranges_from(start).tolist() == expected
    assert found.ranges_from(size - 1 - start).tolist() == plain_ranges(size, pairs, size - 1 - start)


@given(adjacencies())
@settings(max_examples=100)
def test_the_one_ring_search_agrees_too(case):
    """The search big maps use (no table of zones two borders away) answers the same."""
    size, pairs, start = case
    saved = topology.TWO_STEP_ZONES
    topology.TWO_STEP_ZONES = -1
    try:
        found = Topology.build(size, pairs)
        assert found.two_away is None
        for _ in range(2):
            assert found.ranges_from(start).tolist() == plain_ranges(size, pairs, start)
    finally:
        topology.TWO_STEP_ZONES = saved


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


def test_a_crowded_hub_on_a_big_map_is_searched_one_ring_at_a_time():
    star = [(0, leaf) for leaf in range(1, 1001)] + [(1000, 1001)]
    found = Topology.build(1002, star)
    assert found.two_away is None, "a thousand-wide table squared is too big to make"
    for _ in range(2):
        assert found.ranges_from(1001).tolist() == [2] + [3] * 999 + [1, 0]


def test_a_small_star_answers_the_same_either_way():
    star = [(0, leaf) for leaf in range(1, 41)] + [(40, 41)]
    found = Topology.build(42, star)
    for _ in range(2):
        assert found.ranges_from(41).tolist() == [2] + [3] * 39 + [1, 0]


def test_a_map_without_zones_has_an_empty_field():
    assert Topology.build(0, []).ranges_from(0).tolist() == []
