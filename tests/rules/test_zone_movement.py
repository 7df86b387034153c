"""Moving with shifts on zone maps: the texts' worked examples and properties of reach and path."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.model import Border, Door, Map, NodeShape, Passage, Zone
from tabletop.rules import NoWayThrough, ZoneGraph, path, reach
from tabletop.samples import door_passages, hillside, room_with_door, warehouse
from tests.strategies import maps


def _reached(map_: Map, start: str, shifts: int) -> dict[str, int]:
    return dict(reach(ZoneGraph(map_), start, shifts).zones())


@pytest.mark.parametrize(
    ("shifts", "zones"), [(2, {"z1"}), (3, {"z1", "z2"}), (5, {"z1", "z2"}), (6, {"z1", "z2", "z3"})]
)
def test_gatto_crosses_the_warehouse(shifts, zones):
    """Borders of 3: two shifts move nowhere, three reach the next zone, six the far end."""
    assert set(_reached(warehouse(), "z1", shifts)) == zones


def test_the_start_zone_is_in_reach_at_cost_zero():
    assert _reached(warehouse(), "z2", 0) == {"z2": 0}


def _door(state: str, open_cost: int = 2) -> Map:
    map_ = room_with_door()
    map_.borders[0].passages = door_passages(state)
    map_.borders[0].passages[0].door.open_cost = open_cost
    return map_


@pytest.mark.parametrize(
    ("state", "cost", "explanation"),
    [
        ("open", 1, "through the door 1"),
        ("broken", 1, "through the door 1"),
        ("closed", 3, "open the door 2 + through the door 1"),
        ("locked", 4, "break the door 4"),
    ],
)
def test_the_door_in_each_state(state, cost, explanation):
    route = path(ZoneGraph(_door(state)), "hall", "office")
    assert (route.cost, route.passages) == (cost, [explanation])


def test_breaking_is_chosen_when_opening_costs_more():
    route = path(ZoneGraph(_door("closed", open_cost=5)), "hall", "office")
    assert route.passages == ["break the door 4"]


def test_a_locked_door_keeps_out_a_mover_with_three_shifts():
    assert set(_reached(_door("locked"), "hall", 3)) == {"hall"}
    assert _reached(_door("closed"), "hall", 3) == {"hall": 0, "office": 3}


def test_the_slope_costs_one_down_and_three_up():
    graph = ZoneGraph(hillside())
    assert path(graph, "ridge", "valley").cost == 2
    assert path(graph, "valley", "ridge").cost == 6
    assert set(reach(graph, "valley", 3).costs) == {graph.index["valley"], graph.index["slope"]}


def _pair(*passages: Passage) -> Map:
    zones = [Zone(id=i, shape=NodeShape(x=0, y=0)) for i in "ab"]
    return Map(zones=zones, borders=[Border(id="ab", a="a", b="b", passages=list(passages))])


def test_a_one_way_passage_has_no_way_back():
    graph = ZoneGraph(_pair(Passage(label="vent", cost_from_a=2, cost_from_b=None)))
    assert path(graph, "a", "b").cost == 2
    with pytest.raises(NoWayThrough, match="no way through from 'b' to 'a'"):
        path(graph, "b", "a")


def test_a_border_with_only_a_locked_door_is_shut():
    graph = ZoneGraph(_pair(Passage(door=Door(state="locked"))))
    with pytest.raises(NoWayThrough):
        path(graph, "a", "b")


def test_the_cheapest_of_two_borders_between_the_same_zones_is_used():
    map_ = _pair(Passage(label="crowd", cost_from_a=3, cost_from_b=3))
    map_.borders.append(Border(id="side", a="b", b="a", passages=[Passage(label="side door", cost_from_a=2)]))
    graph = ZoneGraph(map_)
    assert path(graph, "a", "b").passages == ["side door 1"]
    assert path(graph, "b", "a").passages == ["side door 2"]


def test_a_border_edit_changes_reach_without_a_rebuild():
    map_ = warehouse()
    graph = ZoneGraph(map_)
    before = graph.revision
    border = map_.borders[0].model_copy(update={"passages": [Passage(cost_from_a=1, cost_from_b=1)]})
    graph.set_border(border)
    assert graph.revision == before + 1
    assert reach(graph, "z1", 4).cost("z3") == 4


def test_removing_and_adding_borders_and_zones():
    map_ = warehouse()
    graph = ZoneGraph(map_)
    graph.remove_border("b12")
    assert "z2" not in reach(graph, "z1", 10)
    graph.add_zone(Zone(id="z4", shape=NodeShape(x=0, y=0)))
    graph.set_border(Border(id="b14", a="z1", b="z4"))
    graph.set_border(Border(id="b42", a="z4", b="z2", passages=[Passage(cost_from_a=2, cost_from_b=2)]))
    assert path(graph, "z1", "z3").path == ["z1", "z4", "z2", "z3"]
    graph.remove_zone("z4")
    with pytest.raises(NoWayThrough):
        path(graph, "z1", "z3")
    with pytest.raises(KeyError, match="no zone 'z4'"):
        reach(graph, "z4", 1)


@st.composite
def maps_with_edits(draw):
    map_ = draw(maps(max_zones=7))
    edits = []
    for border in map_.borders:
        if draw(st.booleans()):
            cost = draw(st.one_of(st.none(), st.integers(0, 6)))
            edits.append(border.model_copy(update={"passages": [Passage(cost_from_a=cost, cost_from_b=1)]}))
    return map_, edits


@given(maps_with_edits(), st.integers(0, 12))
@settings(max_examples=80)
def test_edits_give_the_same_reach_as_a_fresh_graph(case, budget):
    map_, edits = case
    graph = ZoneGraph(map_)
    for border in edits:
        graph.set_border(border)
        index = next(i for i, b in enumerate(map_.borders) if b.id == border.id)
        map_.borders[index] = border
    fresh = ZoneGraph(map_)
    for zone in map_.zones:
        assert reach(graph, zone.id, budget).zones() == reach(fresh, zone.id, budget).zones()


@given(maps(), st.integers(0, 10), st.integers(0, 10))
@settings(max_examples=80)
def test_reach_grows_with_the_budget_and_costs_are_never_negative(map_, low, extra):
    graph = ZoneGraph(map_)
    for zone in map_.zones:
        small, large = reach(graph, zone.id, low), reach(graph, zone.id, low + extra)
        assert set(small.costs) <= set(large.costs)
        assert all(0 <= cost <= low for cost in small.costs.values())
        assert all(large.costs[i] == cost for i, cost in small.costs.items())


@given(maps(), st.integers(0, 15))
@settings(max_examples=80)
def test_path_cost_equals_reach_cost_and_adds_up(map_, budget):
    graph = ZoneGraph(map_)
    start = map_.zones[0].id
    found = reach(graph, start, budget)
    for zone_id, cost in found.zones():
        route = path(graph, start, zone_id)
        assert route.cost == cost == sum(c.cost for c in route.crossings)
        assert route.path[0] == start and route.path[-1] == zone_id
        assert found.route(zone_id).cost == cost
