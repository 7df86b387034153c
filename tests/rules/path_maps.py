"""Random zone maps for the path tests (any borders with any passages, and lattices of zones
where many ways cost the same), and the check of paths against a plain Dijkstra's."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import strategies as st

from tabletop.model import Border, Map, NodeShape, Passage, Zone
from tabletop.rules import NoWayThrough, ZoneGraph, path
from tabletop.rules.movement import _widening
from tests.strategies import passage

plain_cost = st.one_of(st.none(), st.integers(1, 9))
"""Pass values of 1 and up: the guided search picks its own way among equal ones (no fallback)."""
few_costs = st.sampled_from([None, 0, 1, 1, 1, 2])
"""Pass values from a few, so that many ways cost the same (and some nothing)."""


@st.composite
def random_maps(draw, costs=None) -> Map:
    """Up to 40 zones joined by random borders: any pairs, either way round, some repeated."""
    n = draw(st.integers(2, 40))
    zones = [Zone(id=f"z{i}", shape=NodeShape(x=0, y=0)) for i in range(n)]
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    ways = passage if costs is None else st.builds(Passage, cost_from_a=costs, cost_from_b=costs)
    borders = [
        Border(id=f"b{i}", a=f"z{a}", b=f"z{b}", passages=draw(st.lists(ways, min_size=1, max_size=3)))
        for i, (a, b) in enumerate(pairs)
        if a != b
    ]
    return Map(zones=zones, borders=borders)


@st.composite
def lattices(draw, costs=few_costs) -> Map:
    """Zones in rows and columns, each joined to the next across and down (and, some maps,
    diagonally) at pass values from a few, so many ways cost the same."""
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(2, 7))
    zones = [Zone(id=f"r{r}c{c}", shape=NodeShape(x=c, y=r)) for r in range(rows) for c in range(cols)]
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if draw(st.booleans()) else [])
    borders = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in steps:
                if 0 <= r + dr < rows and 0 <= c + dc < cols and draw(st.integers(0, 9)) > 0:
                    way = Passage(cost_from_a=draw(costs), cost_from_b=draw(costs))
                    borders.append(
                        Border(id=f"b{len(borders)}", a=f"r{r}c{c}", b=f"r{r + dr}c{c + dc}", passages=[way])
                    )
    return Map(zones=zones, borders=borders)


def check_every_pair(graph: ZoneGraph, pairs) -> None:
    """Each path as networkx costs it, made of crossings that add up, and the way the evenly
    widening search (the path before the landmarks) takes."""
    reference = graph.passable()
    for start, goal in pairs:
        try:
            found = path(graph, start, goal)
        except NoWayThrough:
            assert not nx.has_path(reference, start, goal), (start, goal)
            continue
        assert found.cost == nx.dijkstra_path_length(reference, start, goal), (start, goal)
        assert found.path[0] == start and found.path[-1] == goal
        assert [c.cost for c in found.crossings] == [
            graph.out[graph.index[a]][graph.index[b]].cost for a, b in itertools.pairwise(found.path)
        ]
        assert sum(c.cost for c in found.crossings) == found.cost
        widening = _widening(graph, graph.index[start], graph.index[goal], start, goal)
        assert found == widening, (start, goal)


def every_pair(map_: Map) -> list[tuple[str, str]]:
    return [(a.id, b.id) for a in map_.zones for b in map_.zones]
