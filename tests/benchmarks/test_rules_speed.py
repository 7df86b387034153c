"""Speed of the rules engine against the targets of the rules issue, beside networkx.

Run with: .venv/bin/python -m pytest tests/benchmarks -o addopts="" --benchmark-only
Each test takes `benchmark` first so the default run skips it before building any map.
"""

from __future__ import annotations

import collections
import itertools
import random

import networkx as nx
import numpy as np
import pytest
import rustworkx as rx

from tabletop.model import Door, Passage
from tabletop.rules import ZoneGraph, grid_reach, path, range_field, reach
from tabletop.rules.checks import check_map
from tabletop.rules.movement import _widening
from tests.maps import zone_map
from tests.rules.checks_reference import reference_check_map


def _starts(graph, count=50):
    rng = random.Random(5)
    return itertools.cycle(rng.sample(graph.ids, count))


@pytest.mark.parametrize("size", [1_000, 10_000, 100_000])
def test_reach_budget_20(benchmark, zone_graphs, size):
    graph = zone_graphs[size]
    starts = _starts(graph)
    found = benchmark(lambda: reach(graph, next(starts), 20))
    benchmark.extra_info["zones reached (last)"] = len(found.costs)


@pytest.mark.parametrize("size", [10_000, 100_000])
def test_reach_budget_20_networkx(benchmark, zone_graphs, size):
    graph = zone_graphs[size]
    passable = graph.passable()
    starts = _starts(graph)
    benchmark(lambda: nx.single_source_dijkstra_path_length(passable, next(starts), cutoff=20))


def _range_answer(graph, ranges_by_index):
    """{zone id: range} from a range array by zone index, unreachable zones left out."""
    return {graph.ids[i]: int(r) for i, r in enumerate(ranges_by_index) if r >= 0}


def _check_same_answer(graph, ranges_by_index):
    """A peer's answer must equal Tabletop's, or its time says nothing."""
    start = graph.index[_starts(graph, 1).__next__()]
    ours = range_field(graph, graph.ids[start])
    assert _range_answer(graph, ranges_by_index(start)) == dict(ours.zones())


RANGE_SIZES = [1_000, 10_000, 100_000]


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field(benchmark, zone_graphs, size):
    """Tabletop's range field: the adjacency is kept until a border is added or removed, so
    only the search runs (and writes its answer by zone)."""
    graph = zone_graphs[size]
    for _ in range(2):  # the adjacency, then (on the second ask) its table of zones two borders away
        range_field(graph, graph.ids[0])
    starts = _starts(graph)
    benchmark(lambda: range_field(graph, next(starts)))


def _border_edits(graph):
    """Remove a border, then put it back, and so on: each edit makes the adjacency anew."""
    border = next(iter(graph.borders.values()))
    present = itertools.cycle([True, False])

    def edit():
        if next(present):
            graph.remove_border(border.id)
        else:
            graph.set_border(border)

    return border, edit


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field_after_a_border_edit(benchmark, zone_graphs, size):
    """The first range field after a border is added or removed: the adjacency is built again."""
    graph = zone_graphs[size]
    border, edit = _border_edits(graph)
    starts = _starts(graph)
    benchmark.pedantic(lambda: range_field(graph, next(starts)), setup=edit, rounds=8)
    if border.id not in graph.borders:
        graph.set_border(border)


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field_second_after_a_border_edit(benchmark, zone_graphs, size):
    """The second range field after a border edit makes the strides' table (spheres up to 1.5k
    zones, zones two borders away up to 20k) before it searches."""
    graph = zone_graphs[size]
    border, edit = _border_edits(graph)
    starts = _starts(graph)

    def edit_and_ask_once():
        edit()
        range_field(graph, next(starts))

    benchmark.pedantic(lambda: range_field(graph, next(starts)), setup=edit_and_ask_once, rounds=8)
    if border.id not in graph.borders:
        graph.set_border(border)


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field_networkx(benchmark, zone_graphs, size):
    """networkx at its strongest: a plain nx.Graph of the borders (no attributes, no views)."""
    graph = zone_graphs[size]
    plain = nx.Graph()
    plain.add_nodes_from(range(len(graph.ids)))
    plain.add_edges_from(graph._between)

    def ranges(start):
        out = [-1] * len(graph.ids)
        for zone, found in nx.single_source_shortest_path_length(plain, start).items():
            out[zone] = found
        return out

    _check_same_answer(graph, ranges)
    starts = _starts(graph)
    benchmark.pedantic(lambda: nx.single_source_shortest_path_length(plain, graph.index[next(starts)]), rounds=7)


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field_rustworkx(benchmark, zone_graphs, size):
    """rustworkx at its strongest: bfs_layers in Rust (its Dijkstra needs a Python weight callback)."""
    graph = zone_graphs[size]
    other = rx.PyGraph()
    other.add_nodes_from(range(len(graph.ids)))
    other.add_edges_from_no_data(list(graph._between))

    def ranges(start):
        out = [-1] * len(graph.ids)
        for layer, zones in enumerate(rx.bfs_layers(other, [start])):
            for zone in zones:
                out[zone] = layer
        return out

    _check_same_answer(graph, ranges)
    starts = _starts(graph)
    benchmark(lambda: rx.bfs_layers(other, [graph.index[next(starts)]]))


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field_scipy(benchmark, zone_graphs, size):
    """scipy at its strongest: one unweighted search on a CSR matrix built once beforehand."""
    sparse = pytest.importorskip("scipy.sparse")
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    graph = zone_graphs[size]
    topology = graph.topology()
    n = topology.size
    matrix = sparse.csr_array((np.ones(len(topology.indices)), topology.indices, topology.indptr), shape=(n, n))

    def ranges(start):
        found = csgraph.shortest_path(matrix, method="D", directed=False, unweighted=True, indices=start)
        return np.where(np.isfinite(found), found, -1).astype(np.int64)

    _check_same_answer(graph, ranges)
    starts = _starts(graph)
    benchmark(
        lambda: csgraph.shortest_path(
            matrix, method="D", directed=False, unweighted=True, indices=graph.index[next(starts)]
        )
    )


@pytest.mark.parametrize("size", RANGE_SIZES)
def test_range_field_plain_python_bfs(benchmark, zone_graphs, size):
    graph = zone_graphs[size]
    topology = graph.topology()
    adjacency = [topology.indices[topology.indptr[i] : topology.indptr[i + 1]].tolist() for i in range(topology.size)]

    def bfs(start):
        ranges = [-1] * len(adjacency)
        ranges[start] = 0
        queue = collections.deque([start])
        while queue:
            zone = queue.popleft()
            for other in adjacency[zone]:
                if ranges[other] < 0:
                    ranges[other] = ranges[zone] + 1
                    queue.append(other)
        return ranges

    _check_same_answer(graph, bfs)
    starts = _starts(graph)
    benchmark.pedantic(lambda: bfs(graph.index[next(starts)]), rounds=7)


def test_border_edit_then_reach_10k(benchmark, zone_graphs, maps_by_size):
    graph = zone_graphs[10_000]
    borders = itertools.cycle(maps_by_size[10_000].borders[:200])
    costs = itertools.cycle(range(1, 8))

    def edit_and_reach():
        border = next(borders)
        cost = next(costs)
        graph.set_border(border.model_copy(update={"passages": [Passage(cost_from_a=cost, cost_from_b=cost)]}))
        return reach(graph, border.a, 20)

    benchmark(edit_and_reach)


@pytest.mark.parametrize("across", [15, 45])
def test_grid_reach_speed_10(benchmark, terrains, across):
    """The areas in reach with their costs, in order, as the reach overlay reads them."""
    terrain = terrains[across]
    centre = (across // 2, across // 2)
    benchmark(lambda: grid_reach(terrain, centre, "run", 10).areas())


@pytest.mark.parametrize("across", [15, 45])
def test_grid_reach_speed_10_by_area(benchmark, terrains, across):
    """The same answer as a dict of costs by area, as the command line and play read it."""
    terrain = terrains[across]
    centre = (across // 2, across // 2)
    benchmark(lambda: grid_reach(terrain, centre, "run", 10).costs)


def _grid_matrix(terrain, move="run"):
    """The grid as scipy's CSR matrix, built once beforehand: a way from each area to each
    neighbour it may enter, weighted by the neighbour's entry cost."""
    sparse = pytest.importorskip("scipy.sparse")
    entry = terrain.entry_costs(move)
    ways = [
        (cell, cell + offset, entry[cell + offset])
        for cell, cost in enumerate(entry)
        if cost is not None
        for offset in terrain.offsets
        if entry[cell + offset] is not None
    ]
    tails, heads, costs = zip(*ways, strict=True)
    return sparse.csr_array((np.array(costs, dtype=float), (tails, heads)), shape=(len(entry), len(entry)))


@pytest.mark.parametrize("across", [15, 45])
@pytest.mark.parametrize("speed", [10, 10**8])
def test_grid_reach_scipy(benchmark, terrains, across, speed):
    """scipy at its strongest: Dijkstra with a limit on the grid's matrix built beforehand,
    its answer checked equal to Tabletop's."""
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    terrain = terrains[across]
    centre = (across // 2, across // 2)
    matrix, origin = _grid_matrix(terrain), terrain.flat(centre)
    found = csgraph.dijkstra(matrix, indices=origin, limit=min(speed, terrain.cost_bound("run")))
    theirs = {terrain.unflat(cell): int(cost) for cell, cost in enumerate(found) if np.isfinite(cost)}
    assert theirs == grid_reach(terrain, centre, "run", speed).costs
    benchmark(lambda: csgraph.dijkstra(matrix, indices=origin, limit=speed))


@pytest.mark.parametrize("across", [15, 45])
def test_grid_reach_huge_speed(benchmark, terrains, across):
    """A speed of 10^8 from a file reaches the whole grid at the cost of the grid, not of 10^8."""
    terrain = terrains[across]
    centre = (across // 2, across // 2)
    benchmark(lambda: grid_reach(terrain, centre, "run", 10**8).areas())


def _pairs(graph, count=40):
    """Random pairs of zones, the same every run."""
    rng = random.Random(7)
    return [tuple(rng.sample(graph.ids, 2)) for _ in range(count)]


PATH_SIZES = [10_000, 100_000]


@pytest.mark.parametrize("size", PATH_SIZES)
def test_path(benchmark, zone_graphs, size):
    """The cheapest way between a random pair of zones, once the landmarks are all made (one
    more at each path asked: the first paths pay for them, below)."""
    graph = zone_graphs[size]
    pairs = _pairs(graph)
    for start, goal in pairs[:20]:
        path(graph, start, goal)
    cycle = itertools.cycle(pairs)
    benchmark(lambda: path(graph, *next(cycle)))


@pytest.mark.parametrize("size", PATH_SIZES)
def test_path_widening_evenly(benchmark, zone_graphs, size):
    """The search path() made before the landmarks, and still makes without them (the first
    path on a map, as the command line asks it): the same answers."""
    graph = zone_graphs[size]
    pairs = _pairs(graph)
    for start, goal in pairs[:5]:
        assert path(graph, start, goal) == _widening(graph, graph.index[start], graph.index[goal], start, goal)
    cycle = itertools.cycle(pairs)

    def widening():
        start, goal = next(cycle)
        return _widening(graph, graph.index[start], graph.index[goal], start, goal)

    benchmark.pedantic(widening, rounds=20)


@pytest.mark.parametrize("size", PATH_SIZES)
def test_path_scipy(benchmark, zone_graphs, size):
    """scipy at its strongest: Dijkstra from the start over a CSR matrix built once beforehand
    (it has no early exit at the goal), its costs checked equal to Tabletop's."""
    sparse = pytest.importorskip("scipy.sparse")
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    graph = zone_graphs[size]
    n = len(graph.ids)
    ways = [(zone, other, cost) for zone in range(n) for cost, other in graph.hops[zone]]
    tails, heads, costs = zip(*ways, strict=True)
    matrix = sparse.csr_array((np.array(costs, dtype=float), (tails, heads)), shape=(n, n))
    pairs = _pairs(graph)
    for start, goal in pairs[:10]:
        found = csgraph.dijkstra(matrix, indices=graph.index[start])
        assert int(found[graph.index[goal]]) == path(graph, start, goal).cost
    cycle = itertools.cycle(pairs)

    def dijkstra():
        start, goal = next(cycle)
        return csgraph.dijkstra(matrix, indices=graph.index[start])[graph.index[goal]]

    benchmark(dijkstra)


@pytest.mark.parametrize("size", PATH_SIZES)
def test_paths_while_the_landmarks_are_made(benchmark, zone_graphs, size):
    """Each of the first paths after the landmarks are dropped (none at first): the first
    widens evenly; each next adds a landmark. The slowest of them is the second."""
    graph = zone_graphs[size]
    pairs = _pairs(graph)
    asks = itertools.count()

    def drop_every_seventeenth():
        if next(asks) % 17 == 0:
            graph._landmarks, graph._landmark_asks = None, 0

    cycle = itertools.cycle(pairs)
    benchmark.pedantic(lambda: path(graph, *next(cycle)), setup=drop_every_seventeenth, rounds=34)


@pytest.mark.parametrize("size", PATH_SIZES)
def test_path_after_a_door_is_opened(benchmark, zone_graphs, size):
    """A closed door opened (a way made cheaper): the landmarks' tables are lowered to keep
    their bounds, then the path is found."""
    graph = zone_graphs[size]
    pairs = _pairs(graph)
    for start, goal in pairs[:20]:
        path(graph, start, goal)
    border = graph.borders["b5"]
    doors = itertools.cycle(["closed", "open"])
    cycle = itertools.cycle(pairs)

    def turn_the_door():
        door = Passage(label="through the door", door=Door(state=next(doors)))
        graph.set_border(border.model_copy(update={"passages": [door]}))

    try:
        benchmark.pedantic(lambda: path(graph, *next(cycle)), setup=turn_the_door, rounds=20)
    finally:
        graph.set_border(border)


def test_reach_huge_budget_10k(benchmark, zone_graphs):
    """The whole map in reach: a budget of 10^23 runs on the heap, not 10^23 buckets."""
    graph = zone_graphs[10_000]
    starts = _starts(graph)
    found = benchmark.pedantic(lambda: reach(graph, next(starts), 10**23), rounds=7)
    benchmark.extra_info["zones reached (last)"] = len(found.costs)


CHECK_SIZES = [1_000, 10_000, 100_000]


@pytest.fixture(scope="module")
def drop_graphs():
    """ZoneGraph by zone count of the generated maps with every thirteenth border a drop (a way
    one way only): the map check's search for traps runs only where some way has no way back."""

    class Graphs(dict):
        def __missing__(self, size):
            map_ = zone_map(size)
            for n, border in enumerate(map_.borders):
                if n % 13 == 0:
                    border.passages = [Passage(cost_from_a=1, cost_from_b=None)]
            self[size] = graph = ZoneGraph(map_)
            while graph.prepare_step():
                pass
            return graph

    return Graphs()


def _check_after_ways_change(benchmark, graph, check=check_map, rounds=5):
    """Each round after an edit that shuts or opens a way (a border of the middle made a drop,
    then two-way again), so nothing found before is kept; the border is as it was after."""
    border = graph.borders[f"b{len(graph.borders) // 2}"]
    ways = itertools.cycle([[Passage(cost_from_a=1, cost_from_b=None)], [Passage(cost_from_a=1, cost_from_b=1)]])
    try:
        found = benchmark.pedantic(
            lambda: check(graph),
            setup=lambda: graph.set_border(border.model_copy(update={"passages": next(ways)})),
            rounds=rounds,
        )
    finally:
        graph.set_border(border)
    benchmark.extra_info["findings"] = len(found)
    return found


@pytest.mark.parametrize("size", CHECK_SIZES)
def test_map_check(benchmark, zone_graphs, size):
    """Map ▸ Check Map (unreachable, traps, chokes) after an edit that shuts or opens a way."""
    _check_after_ways_change(benchmark, zone_graphs[size])


@pytest.mark.parametrize("size", [10_000, 100_000])
def test_map_check_with_drops(benchmark, drop_graphs, size):
    """The same on a map with drops, where the strongly connected parts are searched."""
    found = _check_after_ways_change(benchmark, drop_graphs[size])
    assert any(finding.kind == "one-way trap" for finding in found)


def test_map_check_after_a_cost_edit_100k(benchmark, zone_graphs):
    """A pass value changed: no way opened or shut, so the searches' findings are kept."""
    graph = zone_graphs[100_000]
    border = graph.borders["b7"]
    costs = itertools.cycle(range(1, 8))
    check_map(graph)
    try:
        benchmark.pedantic(
            lambda: check_map(graph),
            setup=lambda: graph.set_border(
                border.model_copy(update={"passages": [Passage(cost_from_a=(c := next(costs)), cost_from_b=c)]})
            ),
            rounds=7,
        )
    finally:
        graph.set_border(border)


def test_map_check_networkx_10k(benchmark, drop_graphs):
    """The check as it was, on networkx graphs built afresh each round (kept in the tests as the
    reference): the same findings, or its time says nothing."""
    graph = drop_graphs[10_000]
    found = _check_after_ways_change(benchmark, graph, reference_check_map, rounds=3)
    assert found == check_map(graph)
