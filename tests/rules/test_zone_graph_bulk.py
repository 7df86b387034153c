"""The zone graph built for a whole map at once holds the same crossings as one built border
by border (which asks cheapest_crossing for each): labels, passages, costs and doors; and a
zone's crossings made when a search first reads them equal the whole map's."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.model import Map
from tabletop.rules import ZoneGraph, reach
from tabletop.samples import SAMPLES
from tests.strategies import maps


def _crossings(graph: ZoneGraph) -> list[list[tuple[int, object]]]:
    """Every zone's crossings, in the order the graph holds them, zone by zone."""
    return [list(graph.out[zone].items()) for zone in range(len(graph.ids))]


def _hops(graph: ZoneGraph) -> list[list[tuple[int, int]]]:
    return [graph.hops[zone] for zone in range(len(graph.ids))]


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
    assert _crossings(ZoneGraph(map_)) == _crossings(_one_by_one(map_))


def test_bulk_crossings_of_every_sample():
    for build in SAMPLES.values():
        map_ = build()
        bulk, single = ZoneGraph(map_), _one_by_one(map_)
        assert _crossings(bulk) == _crossings(single)
        assert _hops(bulk) == _hops(single)


def _pairs(graph: ZoneGraph) -> dict[tuple[int, int], set[str]]:
    """Every pair of zones with the borders between them, asked pair by pair."""
    found = {}
    for border in graph.borders.values():
        a, b = graph.index[border.a], graph.index[border.b]
        found[(min(a, b), max(a, b))] = set(graph.between(a, b))
    return found


@given(maps(), st.data())
@settings(max_examples=80)
def test_borders_between_zones_follow_edits_as_a_fresh_graph_has_them(map_, data):
    graph = ZoneGraph(map_)
    borders = list(map_.borders)
    for _ in range(data.draw(st.integers(0, 8))):
        if borders and data.draw(st.booleans()):
            gone = borders.pop(data.draw(st.integers(0, len(borders) - 1)))
            graph.remove_border(gone.id)
        elif borders:
            again = borders[data.draw(st.integers(0, len(borders) - 1))]
            same_id = (again.id + " ")[:-1]  # equal, not the same string: as an edit's copy may hold
            graph.set_border(again.model_copy(update={"label": "edited", "id": same_id}))
    fresh = ZoneGraph(map_.model_copy(update={"borders": borders}))
    assert _pairs(graph) == _pairs(fresh)
    assert set(graph._between) == set(fresh._between) == set(_pairs(fresh))
    ours, theirs = graph.topology(), fresh.topology()
    assert ours.indptr.tolist() == theirs.indptr.tolist() and ours.indices.tolist() == theirs.indices.tolist()


@given(maps(max_zones=6), st.data())
@settings(max_examples=150)
def test_bulk_graph_equals_border_by_border_in_order_with_borders_either_way_round(map_, data):
    """Borders named either way round, parallel borders with tied costs: the bulk build
    keeps each zone's crossings in the order a border-by-border build inserts them (networkx
    follows it on ties), the same cheapest-first pairs, and the same borders between zones."""
    turned = [
        border.model_copy(update={"a": border.b, "b": border.a}) if data.draw(st.booleans()) else border
        for border in map_.borders
    ]
    map_ = map_.model_copy(update={"borders": turned})
    bulk, single = ZoneGraph(map_), _one_by_one(map_)
    assert _crossings(bulk) == _crossings(single)
    assert _hops(bulk) == _hops(single)
    assert list(bulk._between.items()) == list(single._between.items())
    assert list(bulk.passable().edges(data=True)) == list(single.passable().edges(data=True))


def _borders_of(map_: Map):
    """The borders touching a zone in map order, as the document's layout gives them."""
    return lambda zone_id: [border for border in map_.borders if zone_id in (border.a, border.b)]


@given(maps(max_zones=6), st.data())
@settings(max_examples=150)
def test_crossings_made_zone_by_zone_equal_the_whole_maps_in_order(map_, data):
    """Parallel borders, ties, doors, borders either way round: a zone made when first read
    holds what the whole map's pass gives it, whatever order the zones are read in."""
    turned = [
        border.model_copy(update={"a": border.b, "b": border.a}) if data.draw(st.booleans()) else border
        for border in map_.borders
    ]
    map_ = map_.model_copy(update={"borders": turned})
    lazy, whole = ZoneGraph(map_, borders_of=_borders_of(map_)), ZoneGraph(map_)
    order = data.draw(st.permutations(range(len(map_.zones))))
    made = [(zone, list(lazy.out[zone].items()), lazy.hops[zone]) for zone in order]
    assert not lazy.complete, "reading zones does not build the whole map"
    assert made == [(zone, list(whole.out[zone].items()), whole.hops[zone]) for zone in order]
    assert lazy.borders == whole.borders and lazy.complete
    assert _crossings(lazy) == _crossings(whole)


def test_a_whole_graph_built_in_slices_equals_one_built_at_once(monkeypatch):
    from tabletop.rules import zone_graph
    from tests.maps import zone_map

    map_ = zone_map(400)
    whole = ZoneGraph(map_)
    whole.topology()
    monkeypatch.setattr(zone_graph, "SLICE", 50)
    sliced = ZoneGraph(map_, borders_of=_borders_of(map_))
    steps = 0
    while sliced.prepare_step():
        steps += 1
    assert steps > len(map_.borders) // 50, "the borders came a slice at a time"
    assert sliced.complete and sliced._topology is not None
    assert _crossings(sliced) == _crossings(whole) and _hops(sliced) == _hops(whole)
    assert list(sliced._between.items()) == list(whole._between.items())
    assert sliced.topology().indices.tolist() == whole.topology().indices.tolist()


def test_a_graph_dropped_half_built_is_freed_without_the_collector():
    """The editor freezes what it builds out of the collector's sight: a graph in a reference
    cycle would outlive its map, so a graph half built, or whole, is freed by its count alone."""
    import gc
    import weakref

    from tabletop.rules import zone_graph
    from tests.maps import zone_map

    map_ = zone_map(200)
    gc.disable()
    try:
        for steps in (0, 1, 3, 1000):
            graph = ZoneGraph(map_, borders_of=_borders_of(map_))
            with patch.object(zone_graph, "SLICE", 100):
                reach(graph, map_.zones[5].id, 4)
                for _ in range(steps):
                    graph.prepare_step()
            gone = weakref.ref(graph)
            del graph
            assert gone() is None, f"a graph after {steps} steps outlives its last reference"
    finally:
        gc.enable()
