"""The map check: zones nobody can reach, one-way traps, choke borders; one kind at a time."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings

from tabletop.model import Passage
from tabletop.rules import ZoneGraph
from tabletop.rules.checks import (
    CHOKE_SIDE,
    FindingKind,
    check_map,
    choke_borders,
    one_way_traps,
    unreachable_zones,
)
from tabletop.rules.passages import cheapest_crossing
from tabletop.samples import nephrite_net, warehouse
from tests.rules.lint_map import BOTH_WAYS, ONE_WAY, lint_map, zone_map
from tests.strategies import maps


def test_behind_a_locked_door_nobody_can_reach_the_vault():
    found = unreachable_zones(ZoneGraph(lint_map()), "hall")
    assert [(f.kind, f.objects, f.ids) for f in found] == [(FindingKind.UNREACHABLE, "zone", ("vault",))]
    assert found[0].message == "Nobody can reach Vault from Hall."


def test_from_inside_the_pit_nothing_else_can_be_reached():
    found = unreachable_zones(ZoneGraph(lint_map()), "pit")
    assert [f.ids[0] for f in found] == ["hall", "yard", "porch", "store", "office", "vault"]


def test_a_one_way_drop_is_a_trap_and_a_sealed_room_is_not():
    found = one_way_traps(ZoneGraph(lint_map()))
    assert [(f.kind, f.ids) for f in found] == [(FindingKind.TRAP, ("pit",))]
    assert found[0].message == "Pit is a one-way trap: it can be entered but never left."


def test_a_trap_of_several_zones_is_one_finding():
    map_ = zone_map(["Ledge", "Cave", "Pool"], [("ledge", "cave", ONE_WAY), ("cave", "pool", BOTH_WAYS)])
    found = one_way_traps(ZoneGraph(map_))
    assert [f.ids for f in found] == [("cave", "pool")]
    assert found[0].message.startswith("Cave, Pool form a one-way trap")


def test_a_map_where_every_way_goes_both_ways_has_no_trap():
    assert one_way_traps(ZoneGraph(warehouse())) == []
    assert one_way_traps(ZoneGraph(zone_map(["A", "B"], []))) == [], "islands cannot be entered"


def test_the_only_gate_between_two_halves_is_a_choke_border():
    found = choke_borders(ZoneGraph(lint_map()))
    assert [(f.kind, f.objects, f.ids) for f in found] == [(FindingKind.CHOKE, "border", ("yard-store",))]
    assert found[0].message == (
        "'the gate' between Yard and Store is a choke border: "
        "its loss cuts the map in two (4 zones on one side, 2 on the other)."
    )


def test_a_second_way_across_or_a_dead_end_room_is_no_choke():
    map_ = lint_map()
    graph = ZoneGraph(map_)
    map_.borders.append(map_.borders[4].model_copy(update={"id": "ford", "label": "the ford"}))
    graph.set_border(map_.borders[-1])
    assert choke_borders(graph) == []
    assert choke_borders(ZoneGraph(warehouse())) == [], "a chain of three zones leaves one zone at an end"


def test_check_map_starts_from_the_first_zone_and_lists_each_kind_in_turn():
    found = check_map(ZoneGraph(lint_map()))
    assert [f.kind for f in found] == [FindingKind.UNREACHABLE, FindingKind.TRAP, FindingKind.CHOKE]
    assert check_map(ZoneGraph(lint_map()), "office")[0].message == "Nobody can reach Vault from Office."
    assert check_map(ZoneGraph(zone_map([], []))) == []


def test_the_networkx_graph_is_built_on_demand_and_dropped_at_an_edit():
    map_ = warehouse()
    graph = ZoneGraph(map_)
    first = graph.passable()
    assert graph.passable() is first and first.has_edge("z1", "z2")
    graph.set_border(map_.borders[0].model_copy(update={"passages": [Passage(cost_from_a=None, cost_from_b=2)]}))
    second = graph.passable()
    assert second is not first
    assert not second.has_edge("z1", "z2") and second["z2"]["z1"]["weight"] == 2


def test_the_sample_network_has_no_trap_and_every_zone_is_reached():
    graph = ZoneGraph(nephrite_net())
    assert one_way_traps(graph) == []
    assert unreachable_zones(graph, "gate") == []


def _brute_force_chokes(map_) -> set[str]:
    """Cut each passable border in turn and count the zones left on each side."""
    passable = [b for b in map_.borders if cheapest_crossing(b, b.a) or cheapest_crossing(b, b.b)]
    found = set()
    for border in passable:
        rest = nx.MultiGraph()
        rest.add_nodes_from(z.id for z in map_.zones)
        rest.add_edges_from((b.a, b.b) for b in passable if b is not border)
        sides = [len(nx.node_connected_component(rest, end)) for end in (border.a, border.b)]
        if border.b not in nx.node_connected_component(rest, border.a) and min(sides) >= CHOKE_SIDE:
            found.add(border.id)
    return found


@given(maps(max_zones=8))
@settings(max_examples=80)
def test_choke_borders_are_the_borders_whose_loss_splits_the_map(map_):
    assert {f.ids[0] for f in choke_borders(ZoneGraph(map_))} == _brute_force_chokes(map_)


@given(maps(max_zones=8))
@settings(max_examples=80)
def test_a_trap_can_be_entered_and_never_left(map_):
    graph = ZoneGraph(map_)
    passable = graph.passable()
    for finding in one_way_traps(graph):
        inside = set(finding.ids)
        assert all(set(passable.successors(zone)) <= inside for zone in inside)
        assert any(set(passable.predecessors(zone)) - inside for zone in inside)


def test_a_choke_on_a_city_map_counts_its_sides_as_the_lists_do():
    """With thousands of zones a side, the counts read as the Zones list's count does: 9,880."""
    from tabletop.rules.checks import _choke_message

    graph = ZoneGraph(lint_map())
    assert "(9,880 zones on one side, 12,345 on the other)" in _choke_message(graph, "yard-store", 9880, 12345)
