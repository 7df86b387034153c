"""Range in zones, shifts after range, and moving another (Nephrite's push)."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings

from tabletop.model import Border, Door, Passage
from tabletop.rules import ZoneGraph, move_another, range_between, range_field, shifts_after_range
from tabletop.samples import nephrite_net, room_with_door, warehouse
from tests.strategies import maps


def test_nephrite_pushes_the_daemon_four_zones_out_with_four_shifts():
    graph = ZoneGraph(nephrite_net())
    pushed = move_another(graph, "router", "router", 4)
    assert pushed.cost("backup") == 4
    assert pushed.route("backup").path == ["router", "relay1", "relay2", "relay3", "backup"]


def test_range_to_the_target_comes_off_the_shifts_of_a_push():
    graph = ZoneGraph(nephrite_net())
    from_the_gate = move_another(graph, "gate", "router", 4)
    assert "backup" not in from_the_gate
    assert from_the_gate.cost("relay3") == 3


def test_range_counts_borders_crossed():
    field = range_field(ZoneGraph(warehouse()), "z1")
    assert [field["z1"], field["z2"], field["z3"]] == [0, 1, 2]
    assert field.zones() == [("z1", 0), ("z2", 1), ("z3", 2)]


def test_a_locked_wall_still_puts_the_next_room_at_range_one():
    map_ = room_with_door()
    map_.borders[0].passages = [Passage(door=Door(state="locked"))]
    assert range_between(ZoneGraph(map_), "hall", "office") == 1


def test_unconnected_zones_are_out_of_range():
    map_ = warehouse()
    map_.borders = [b for b in map_.borders if b.id != "b23"]
    graph = ZoneGraph(map_)
    assert range_between(graph, "z1", "z3") is None
    assert range_field(graph, "z1")["z3"] is None


def test_range_follows_a_new_border():
    map_ = warehouse()
    graph = ZoneGraph(map_)
    graph.set_border(Border(id="b13", a="z1", b="z3"))
    assert range_field(graph, "z1")["z3"] == 1


def test_shifts_after_range():
    assert shifts_after_range(4, 1) == 3
    assert shifts_after_range(2, 3) == 0
    assert shifts_after_range(5, None) == 0


@given(maps())
@settings(max_examples=80)
def test_range_field_agrees_with_networkx(map_):
    graph = ZoneGraph(map_)
    undirected = nx.Graph()
    undirected.add_nodes_from(z.id for z in map_.zones)
    undirected.add_edges_from((b.a, b.b) for b in map_.borders)
    start = map_.zones[0].id
    expected = nx.single_source_shortest_path_length(undirected, start)
    field = range_field(graph, start)
    assert dict(field.zones()) == expected
    for zone in map_.zones:
        assert range_between(graph, start, zone.id) == expected.get(zone.id)


def test_a_removed_zone_is_out_of_range_and_the_others_keep_theirs():
    graph = ZoneGraph(warehouse())
    graph.remove_zone("z2")
    field = range_field(graph, "z1")
    assert field["z1"] == 0
    assert field.zones() == [("z1", 0)]
    graph.set_border(Border(id="b13", a="z1", b="z3"))
    assert range_field(graph, "z3").zones() == [("z3", 0), ("z1", 1)]


def test_a_map_without_borders_has_every_other_zone_out_of_range():
    map_ = warehouse()
    map_.borders = []
    field = range_field(ZoneGraph(map_), "z2")
    assert field.zones() == [("z2", 0)]
