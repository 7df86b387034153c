"""Grid reach against networkx's plain Dijkstra on random grids: rough, water, steep and tall
segments, diagonals or not, tiles above and left of the first, opponents whose areas end a
move, every move type that walks and speeds up to past the grid's dearest way. The same areas
at the same costs, in order, the opponents met, and each path a walk of neighbours whose entry
costs add up."""

from __future__ import annotations

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.model import EncounterGrid, Segment, Tile
from tabletop.rules import Terrain, grid_reach

kinds = st.lists(st.sampled_from(["rough", "water", "steep", "cover"]), max_size=2, unique=True)


@st.composite
def segments(draw) -> Segment:
    areas = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=12, unique=True))
    return Segment(areas=areas, properties=draw(kinds), altitude=draw(st.sampled_from([0, 0, 1, 3])))


@st.composite
def terrains(draw) -> Terrain:
    top, left = draw(st.integers(-1, 1)), draw(st.integers(-1, 1))
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    tiles = [
        Tile(row=top + r, col=left + c, segments=draw(st.lists(segments(), max_size=4)))
        for r in range(rows)
        for c in range(cols)
    ]
    return Terrain(EncounterGrid(id="g", diagonal=draw(st.booleans()), tiles=tiles))


def _plain_dijkstra(terrain: Terrain, start, move: str, speed: int, opponents: set) -> dict:
    """A graph of the grid's areas: a way to each neighbour a move may enter, at its entry
    cost; none out of an opponent's area (but the start's)."""
    r0, c0, r1, c1 = terrain.bounds
    graph = nx.DiGraph()
    graph.add_node(start)
    for row, col in itertools.product(range(r0, r1 + 1), range(c0, c1 + 1)):
        if (row, col) in opponents and (row, col) != start:
            continue
        for dr, dc in terrain.steps:
            there = (row + dr, col + dc)
            if terrain.contains(there) and (cost := terrain.enter_cost(there, move)) is not None:
                graph.add_edge((row, col), there, weight=cost)
    return nx.single_source_dijkstra_path_length(graph, start, cutoff=speed)


@given(terrains(), st.data())
@settings(max_examples=200, deadline=None)
def test_grid_reach_on_random_grids_matches_a_plain_dijkstra(terrain, data):
    r0, c0, r1, c1 = terrain.bounds
    area = st.tuples(st.integers(r0, r1), st.integers(c0, c1))
    start = data.draw(area)
    move = data.draw(st.sampled_from(["run", "climb", "swim", "fly"]))
    speed = data.draw(st.one_of(st.integers(0, 30), st.just(10**9)))
    opponents = set(data.draw(st.lists(area, max_size=6)))
    found = grid_reach(terrain, start, move, speed, opponents)
    expected = _plain_dijkstra(terrain, start, move, speed, opponents)
    assert found.costs == expected
    assert found.areas() == sorted(expected.items(), key=lambda item: (item[1], item[0]))
    assert found.stopped == (opponents - {start}) & expected.keys()
    for there, cost in found.costs.items():
        steps = found.path(there)
        assert steps[0] == start and steps[-1] == there
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(steps))
        if len(terrain.steps) == 4:
            assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(steps))
        assert sum(terrain.enter_cost(a, move) for a in steps[1:]) == cost
        assert not (set(steps[1:-1]) & opponents), "a move ends in an opponent's area"
