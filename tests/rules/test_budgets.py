"""Budgets and speeds at the edges: a negative roll keeps the start, a huge number costs nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.rules import Terrain, ZoneGraph, grid_reach, reach
from tabletop.rules.movement import DIAL_LIMIT
from tabletop.samples import af_encounter, nephrite_net, room_with_door, warehouse
from tests.rules.grids import column, terrain
from tests.strategies import maps

HUGE = 99999999999999999999999


def _enough(graph: ZoneGraph) -> int:
    """A budget just large enough for any way on the map: every crossing paid once."""
    return sum(cost for zone in range(len(graph.ids)) for cost, _ in graph.hops[zone])


def test_a_negative_budget_leaves_the_start_alone_at_cost_zero():
    found = reach(ZoneGraph(warehouse()), "z2", -1)
    assert found.zones() == [("z2", 0)] == reach(ZoneGraph(warehouse()), "z2", 0).zones()
    assert found.route("z2").path == ["z2"]


def test_a_negative_speed_on_a_grid_leaves_the_start_alone_at_cost_zero():
    for move in ("run", "jump", "swim"):
        found = grid_reach(terrain(), (2, 2), move, -3)
        assert found.areas() == [((2, 2), 0)], move
        assert found.path((2, 2)) == [(2, 2)]


def test_a_huge_budget_answers_as_a_budget_just_large_enough():
    for sample in (warehouse, room_with_door, nephrite_net):
        graph = ZoneGraph(sample())
        start = graph.ids[0]
        assert reach(graph, start, HUGE).zones() == reach(graph, start, _enough(graph)).zones()


@given(maps(max_zones=8), st.integers(0, 60))
@settings(max_examples=60)
def test_the_heap_above_the_bucket_limit_gives_the_buckets_answer(map_, budget):
    graph = ZoneGraph(map_)
    for zone in map_.zones:
        small = reach(graph, zone.id, budget).zones()
        assert reach(graph, zone.id, DIAL_LIMIT + 1).zones() == reach(graph, zone.id, DIAL_LIMIT).zones()
        assert reach(graph, zone.id, HUGE).zones() == reach(graph, zone.id, _enough(graph)).zones()
        assert set(small) <= set(reach(graph, zone.id, HUGE).zones())


def test_a_huge_speed_on_a_grid_answers_as_the_dearest_way_on_it():
    ground = Terrain(af_encounter().grids[0])
    for move in ("run", "swim", "climb", "fly"):
        enough = ground.cost_bound(move)
        assert grid_reach(ground, (7, 3), move, HUGE).areas() == grid_reach(ground, (7, 3), move, enough).areas()
    assert grid_reach(ground, (7, 3), "jump", HUGE).areas() == grid_reach(ground, (7, 3), "jump", 15).areas()


@given(st.integers(0, 40), st.sampled_from(["run", "swim", "climb"]))
@settings(max_examples=40)
def test_no_way_on_a_grid_costs_more_than_its_bound(speed, move):
    ground = terrain(column(1, "rough"), column(3, "water"), tiles=2)
    found = grid_reach(ground, (0, 0), move, speed)
    assert max(found.costs.values()) <= ground.cost_bound(move)
    assert grid_reach(ground, (0, 0), move, 10**30).costs.items() >= found.costs.items()
