"""The landmarks' bounds stay true through edits: costs raised and lowered, doors opened, shut
and locked, borders added and taken away, zones added and removed. After each edit every zone's
bound to a goal is at most its true cost there (and says "no way" only where there is none),
and every path is still the plain Dijkstra's cost and the widening search's way."""

from __future__ import annotations

from unittest import mock

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.model import Border, NodeShape, Passage, Zone
from tabletop.rules import ZoneGraph, zone_graph
from tabletop.rules.landmarks import FAR
from tests.rules.path_maps import check_every_pair, lattices, random_maps
from tests.strategies import passage


@st.composite
def edits(draw, zones: int, borders: int):
    """A few edits of a map of `zones` zones and `borders` borders, by index."""
    kinds = ["passages", "remove", "add", "zone", "drop"] if borders else ["add", "zone"]
    chosen = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(kinds))
        passages = draw(st.lists(passage, min_size=1, max_size=2))
        chosen.append((kind, draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)), passages))
    return chosen


def _apply(graph: ZoneGraph, edit, made: list[int]) -> None:
    kind, first, second, passages = edit
    borders = list(graph.borders.values())
    zones = graph.zone_ids()
    if kind == "passages" and borders:
        border = borders[first % len(borders)]
        graph.set_border(border.model_copy(update={"passages": passages}))
    elif kind == "remove" and borders:
        graph.remove_border(borders[first % len(borders)].id)
    elif kind == "add" and len(zones) > 1:
        a, b = zones[first % len(zones)], zones[second % len(zones)]
        if a != b:
            made[0] += 1
            graph.set_border(Border(id=f"new{made[0]}", a=a, b=b, passages=passages))
    elif kind == "zone":
        made[0] += 1
        graph.add_zone(Zone(id=f"added{made[0]}", shape=NodeShape(x=0, y=0)))
        graph.set_border(Border(id=f"to{made[0]}", a=f"added{made[0]}", b=zones[first % len(zones)], passages=passages))
    elif kind == "drop" and len(zones) > 2:
        graph.remove_zone(zones[first % len(zones)])


def _check_bounds(graph: ZoneGraph) -> None:
    """Every bound at most the true cost to its goal; "no way" only where none leads."""
    landmarks = graph.landmarks()
    while landmarks is None:  # dropped by the edit: the next ask starts them again
        landmarks = graph.landmarks()
    backwards = graph.passable().reverse(copy=False)
    live = graph.zone_ids()
    for goal in live:
        truth = nx.single_source_dijkstra_path_length(backwards, goal)  # zone -> its cost to the goal
        bound = landmarks.bound(graph.index[live[0]], graph.index[goal])
        for zone in live:
            at = int(bound[graph.index[zone]])
            if zone in truth:
                assert at <= truth[zone] < FAR, (zone, goal)


@given(st.one_of(random_maps(), lattices()), st.data())
@settings(max_examples=120, deadline=None)
def test_bounds_and_paths_stay_true_through_edits(map_, data):
    with mock.patch.object(zone_graph, "LANDMARKS_FROM", 0):
        graph = ZoneGraph(map_)
        while graph.landmarks() is None or not graph.landmarks().full:
            pass
        made = [0]
        for edit in data.draw(edits(len(map_.zones), len(map_.borders))):
            _apply(graph, edit, made)
            _check_bounds(graph)
            live = graph.zone_ids()
            check_every_pair(graph, [(a, b) for a in live[:6] for b in live])


def test_a_way_opened_into_a_part_no_way_reached_has_them_made_anew():
    """Two rooms joined only one way, then the other way opened: the tables cannot be lowered
    to fit (nothing reached the first room from the second), so the landmarks are made anew."""
    map_ = lattices_of_two()
    with mock.patch.object(zone_graph, "LANDMARKS_FROM", 0):
        graph = ZoneGraph(map_)
        while graph.landmarks() is None or not graph.landmarks().full:
            pass
        before = graph.landmarks()
        graph.set_border(map_.borders[0].model_copy(update={"passages": [Passage(cost_from_a=1, cost_from_b=1)]}))
        assert graph.landmarks() is None  # dropped; the next ask starts them again
        check_every_pair(graph, [(a.id, b.id) for a in map_.zones for b in map_.zones])
        assert graph.landmarks() is not before


def test_many_ways_made_cheaper_at_once_have_them_made_anew():
    map_ = lattices_of_two()
    with mock.patch.object(zone_graph, "LANDMARKS_FROM", 0):
        graph = ZoneGraph(map_)
        while graph.landmarks() is None or not graph.landmarks().full:
            pass
        for border in map_.borders[1:]:
            graph.set_border(border.model_copy(update={"passages": [Passage(cost_from_a=1, cost_from_b=1)]}))
        assert graph.landmarks() is None
        check_every_pair(graph, [(a.id, b.id) for a in map_.zones for b in map_.zones])


def lattices_of_two() -> object:
    """Two rows of zones joined within each row at 3 a border, the rows joined by one way from
    the first to the second (the first border)."""
    from tabletop.model import Map

    zones = [Zone(id=f"r{r}c{c}", shape=NodeShape(x=c, y=r)) for r in range(2) for c in range(40)]
    borders = [Border(id="down", a="r0c0", b="r1c0", passages=[Passage(cost_from_a=1, cost_from_b=None)])]
    borders += [
        Border(id=f"r{r}c{c}", a=f"r{r}c{c}", b=f"r{r}c{c + 1}", passages=[Passage(cost_from_a=3, cost_from_b=3)])
        for r in range(2)
        for c in range(39)
    ]
    return Map(zones=zones, borders=borders)
