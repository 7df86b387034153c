"""The cheapest path, guided by landmarks or not, against networkx's plain Dijkstra on random
maps (one-way passages, doors in every state, pass values of 0, several borders between two
zones, zones without borders): the same cost, a way made of the map's own crossings, and the
very way the search before the landmarks chose among ways of equal cost."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.rules import ZoneGraph, zone_graph
from tests.maps import zone_map
from tests.rules.path_maps import check_every_pair, every_pair, lattices, plain_cost, random_maps


@given(st.one_of(random_maps(), lattices()))
@settings(max_examples=200, deadline=None)
def test_paths_on_random_maps_with_landmarks_match_a_plain_dijkstra(map_):
    with mock.patch.object(zone_graph, "LANDMARKS_FROM", 0):  # landmarks on a map of any size
        graph = ZoneGraph(map_)
        check_every_pair(graph, every_pair(map_))  # the first path without, each next with one more
        assert graph.landmarks() is not None


@given(st.one_of(random_maps(costs=plain_cost), lattices(costs=st.sampled_from([None, 1, 1, 1, 2]))))
@settings(max_examples=120, deadline=None)
def test_the_guided_search_alone_finds_the_widening_searchs_way(map_):
    """Without ways of cost 0 the landmarks' search answers every pair itself."""
    with mock.patch.object(zone_graph, "LANDMARKS_FROM", 0):
        graph = ZoneGraph(map_)
        while graph.landmarks() is None:
            pass
        with mock.patch("tabletop.rules.movement._widening", side_effect=AssertionError("widened")):
            check_every_pair(graph, every_pair(map_))


@pytest.mark.slow
def test_paths_across_a_generated_map_are_those_of_the_widening_search():
    """3,000 zones of bricks (costs 1-7, slopes, doors): random pairs, every one as before."""
    map_ = zone_map(3_000)
    graph = ZoneGraph(map_)
    rng = random.Random(3)
    pairs = [tuple(rng.sample(graph.ids, 2)) for _ in range(60)]
    check_every_pair(graph, pairs)
    assert graph.landmarks() is not None
