"""The zone graph built for a whole map at once holds the same crossings as one built border
by border (which asks cheapest_crossing for each): labels, passages, costs and doors."""

from __future__ import annotations

from hypothesis import given, settings

from tabletop.model import Map
from tabletop.rules import ZoneGraph
from tabletop.samples import SAMPLES
from tests.strategies import maps


def _one_by_one(map_: Map) -> ZoneGraph:
    graph = ZoneGraph(Map())
    for zone in map_.zones:
        graph.add_zone(zone)
    for border in map_.borders:
        graph.set_border(border)
    return graph


@given(maps())
@settings(max_examples=80)
def test_bulk_crossings_equal_border_by_border(map_):
    assert ZoneGraph(map_).out == _one_by_one(map_).out


def test_bulk_crossings_of_every_sample():
    for build in SAMPLES.values():
        map_ = build()
        bulk, single = ZoneGraph(map_), _one_by_one(map_)
        assert bulk.out == single.out
        assert bulk.hops == single.hops
