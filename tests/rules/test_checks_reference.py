"""The map check on the zone graph's arrays gives networkx's answers, finding for finding and
word for word, on random maps: one-way passages, doors in every state, sides shut, zones in
several unjoined parts, several borders between two zones, node and polygon zones, unnamed
zones and borders; and again after each of a few edits (a zone or border added, changed,
moved or removed), since the window checks again after edits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.model import Border, Door, Map, NodeShape, Passage, PolygonShape, Zone
from tabletop.rules import ZoneGraph
from tabletop.rules.checks import check_map, choke_borders, one_way_traps, unreachable_zones
from tests.maps import zone_map
from tests.rules.checks_reference import (
    reference_check_map,
    reference_choke_borders,
    reference_one_way_traps,
    reference_unreachable_zones,
)

side = st.one_of(st.none(), st.none(), st.integers(1, 3))
door = st.one_of(st.none(), st.none(), st.builds(Door, state=st.sampled_from(["open", "closed", "locked", "broken"])))
passage = st.builds(Passage, label=st.sampled_from(["", "door"]), cost_from_a=side, cost_from_b=side, door=door)
passages = st.lists(passage, max_size=3)
names = st.sampled_from(["", "Hall", "Pit", "Yard", "Vault", "Hall"])


def _zone(number: int, name: str) -> Zone:
    if number % 2:
        return Zone(id=f"z{number}", name=name, shape=NodeShape(x=10.0 * number, y=0.0))
    x = 10.0 * number
    return Zone(id=f"z{number}", name=name, shape=PolygonShape(points=[(x, 0), (x + 9, 0), (x + 9, 9), (x, 9)]))


@st.composite
def check_maps(draw, most: int = 16) -> Map:
    """Zones in one or several parts, sparse enough for bridges, with borders often doubled."""
    count = draw(st.integers(1, most))
    zones = [_zone(n, draw(names)) for n in range(count)]
    borders = []
    if count > 1:
        pair = st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)).filter(lambda p: p[0] != p[1])
        chosen = draw(st.lists(pair, max_size=2 * count))
        chosen += draw(st.lists(st.sampled_from(chosen), max_size=3)) if chosen else []  # some pairs twice
        for n, (a, b) in enumerate(chosen):
            label = draw(st.sampled_from(["", "", "the gate"]))
            borders.append(Border(id=f"b{n}", a=f"z{a}", b=f"z{b}", label=label, passages=draw(passages)))
    return Map(title="Random", zones=zones, borders=borders)


def _assert_same(graph: ZoneGraph) -> None:
    assert one_way_traps(graph) == reference_one_way_traps(graph)
    assert choke_borders(graph) == reference_choke_borders(graph)
    for start in graph.zone_ids():
        assert unreachable_zones(graph, start) == reference_unreachable_zones(graph, start)
    assert check_map(graph) == reference_check_map(graph)


@given(check_maps())
@settings(max_examples=300, deadline=None)
def test_the_check_finds_what_networkx_finds(map_):
    _assert_same(ZoneGraph(map_))


@given(check_maps(most=40))
@settings(max_examples=100, deadline=None)
def test_the_check_finds_what_networkx_finds_on_bigger_maps(map_):
    _assert_same(ZoneGraph(map_))


edits = st.lists(
    st.tuples(st.sampled_from(["remove zone", "add zone", "change", "move", "remove border", "add border"]), st.data()),
    min_size=1,
    max_size=4,
)


@given(check_maps(most=10), edits)
@settings(max_examples=150, deadline=None)
def test_after_each_edit_the_check_finds_what_networkx_finds(map_, changes):
    graph = ZoneGraph(map_)
    _assert_same(graph)  # before the edits too: what is kept between checks must not outlive an edit
    added = 0
    for kind, data in changes:
        zones, borders = graph.zone_ids(), list(graph.borders.values())
        if kind == "remove zone" and len(zones) > 1:
            graph.remove_zone(data.draw(st.sampled_from(zones)))
        elif kind == "add zone":
            added += 1
            graph.add_zone(_zone(100 + added, data.draw(names)))
        elif kind in ("change", "move", "remove border") and borders:
            border = data.draw(st.sampled_from(borders))
            if kind == "remove border":
                graph.remove_border(border.id)
            elif kind == "change":
                graph.set_border(border.model_copy(update={"passages": data.draw(passages)}))
            elif len(zones) > 1:  # to another pair of zones: the border goes to the end of the map's order
                a, b = data.draw(st.lists(st.sampled_from(zones), min_size=2, max_size=2, unique=True))
                graph.set_border(border.model_copy(update={"a": a, "b": b}))
        elif kind == "add border" and len(zones) > 1:
            a, b = data.draw(st.lists(st.sampled_from(zones), min_size=2, max_size=2, unique=True))
            added += 1
            graph.set_border(Border(id=f"new{added}", a=a, b=b, passages=data.draw(passages)))
        _assert_same(graph)


def test_a_generated_map_of_a_thousand_zones_with_drops_annexes_and_vaults_checks_alike():
    """Bricks (as the benchmarks' maps), every thirteenth border made a drop and every
    seventeenth shut, and off its first zone an annex of two zones behind one border, a pit
    of two zones below a drop and a vault behind a locked door."""
    map_ = zone_map(1_000, seed=3)
    for n, border in enumerate(map_.borders):
        if n % 13 == 0:
            border.passages = [Passage(cost_from_a=1, cost_from_b=None)]
        elif n % 17 == 0:
            border.passages = [Passage(label="vault door", door=Door(state="locked"))]
    first = map_.zones[0].id
    map_.zones += [
        _zone(n, name) for n, name in ((2001, "Annex"), (2002, ""), (2003, "Pit"), (2005, ""), (2007, "Vault"))
    ]
    both, drop = [Passage(cost_from_a=1, cost_from_b=1)], [Passage(cost_from_a=1, cost_from_b=None)]
    locked = [Passage(door=Door(state="locked"))]
    for n, (a, b, ways) in enumerate(
        [
            (first, "z2001", both),
            ("z2001", "z2002", both),
            (first, "z2003", drop),
            ("z2003", "z2005", both),
            (first, "z2007", locked),
        ]
    ):
        map_.borders.append(Border(id=f"extra{n}", a=a, b=b, passages=ways))
    graph = ZoneGraph(map_)
    found = check_map(graph)
    assert found == reference_check_map(graph)
    assert {f.kind for f in found} == {"unreachable", "one-way trap", "choke border"}
    assert ("z2003", "z2005") in [f.ids for f in found] and ("extra0",) in [f.ids for f in found]
    middle = graph.zone_ids()[500]
    assert check_map(graph, middle) == reference_check_map(graph, middle)
