"""The document's zone graph, made zone by zone as searches reach them and built whole in
slices, answers every question as a graph built fresh from the edited map, whatever edits
come between: zones and borders added and removed, borders moved, pass values and doors."""

from __future__ import annotations

from contextlib import suppress
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.document import MapDocument
from tabletop.document.integrity import IntegrityError
from tabletop.model import Border, Door, NodeShape, Passage, Zone
from tabletop.model.kinds import Kind
from tabletop.rules import ZoneGraph, range_field, reach
from tabletop.rules import zone_graph as zone_graph_module
from tabletop.rules.movement import NoWayThrough, path
from tests.strategies import maps, passage

EDITS = ["reach", "slice", "passages", "door", "add_border", "remove_border", "move_border", "add_zone", "remove_zone"]


def _answers(graph: ZoneGraph, zone_ids: list[str], budget: int) -> dict:
    """Every question a GM can ask of the graph, by zone id (a fresh graph numbers zones anew)."""
    found: dict = {}
    for start in zone_ids:
        found[("reach", start)] = dict(reach(graph, start, budget).zones())
        found[("range", start)] = dict(range_field(graph, start).zones())
        for goal in zone_ids:
            try:
                route = path(graph, start, goal)
            except NoWayThrough:
                found[("path", start, goal)] = None
            else:
                assert route.cost == sum(c.cost for c in route.crossings)
                for a, b, crossing in zip(route.path, route.path[1:], route.crossings, strict=False):
                    assert {graph.borders[crossing.border].a, graph.borders[crossing.border].b} == {a, b}
                found[("path", start, goal)] = route.cost
    passable = graph.passable()
    found["passable"] = sorted((a, b, d["weight"]) for a, b, d in passable.edges(data=True))
    found["zones"] = sorted(passable.nodes)
    return found


def _edit(document: MapDocument, draw, edit: str, made: list[int]) -> None:
    zones = [zone.id for zone in document.map.zones]
    borders = list(document.map.borders)
    if edit == "reach" and zones:
        reach(document.graph(), draw(st.sampled_from(zones)), draw(st.integers(0, 12)))
    elif edit == "slice":
        document.graph().prepare_step()
    elif edit == "passages" and borders:
        border = draw(st.sampled_from(borders))
        document.put(Kind.BORDER, border.model_copy(update={"passages": draw(st.lists(passage, max_size=3))}))
    elif edit == "door" and borders:
        border = draw(st.sampled_from(borders))
        state = draw(st.sampled_from(["open", "closed", "locked", "broken"]))
        doors = [
            p.model_copy(update={"door": Door(state=state, open_cost=draw(st.integers(0, 4)))}) for p in border.passages
        ]
        document.put(Kind.BORDER, border.model_copy(update={"passages": doors or [Passage(door=Door(state=state))]}))
    elif edit == "add_border" and len(zones) > 1:
        a, b = draw(st.lists(st.sampled_from(zones), min_size=2, max_size=2, unique=True))
        made[0] += 1
        document.put(Kind.BORDER, Border(id=f"new{made[0]}", a=a, b=b, passages=draw(st.lists(passage, max_size=2))))
    elif edit == "remove_border" and borders:
        document.drop(Kind.BORDER, draw(st.sampled_from(borders)).id)
    elif edit == "move_border" and borders and len(zones) > 1:
        a, b = draw(st.lists(st.sampled_from(zones), min_size=2, max_size=2, unique=True))
        document.put(Kind.BORDER, draw(st.sampled_from(borders)).model_copy(update={"a": a, "b": b}))
    elif edit == "add_zone":
        made[0] += 1
        document.put(
            Kind.ZONE, Zone(id=f"room{made[0]}", name=draw(st.sampled_from(["", "Hall"])), shape=NodeShape(x=0, y=0))
        )
    elif edit == "remove_zone" and len(zones) > 1:
        with suppress(IntegrityError):  # a zone a border or a token still names stays: refused, unchanged
            document.drop(Kind.ZONE, draw(st.sampled_from(zones)))


def _small_slices():
    """Slices of two borders or zones: a small map's graph is built in many."""
    return patch.object(zone_graph_module, "SLICE", 2)


@given(maps(max_zones=6), st.data())
@settings(max_examples=60, deadline=None)
def test_the_documents_graph_answers_as_a_fresh_one_after_any_edits(qapp, map_, data):
    document = MapDocument(map_)
    graph = document.graph()
    assert not graph.complete, "an open makes the zones only"
    made = [0]
    with _small_slices():
        for edit in data.draw(st.lists(st.sampled_from(EDITS), max_size=10)):
            _edit(document, data.draw, edit, made)
    budget = data.draw(st.integers(0, 12))
    ids = [zone.id for zone in document.map.zones]
    assert _answers(document.graph(), ids, budget) == _answers(ZoneGraph(document.map), ids, budget)


@given(maps(max_zones=6), st.data())
@settings(max_examples=60, deadline=None)
def test_reaches_before_the_whole_graph_is_built_answer_as_a_fresh_graph(qapp, map_, data):
    """Searches read each zone from the layout, the whole graph half built in slices or not."""
    document = MapDocument(map_)
    graph = document.graph()
    with _small_slices():
        for _ in range(data.draw(st.integers(0, 6))):
            graph.prepare_step()
    built = graph.complete
    fresh = ZoneGraph(document.map)
    budget = data.draw(st.integers(0, 12))
    for zone in data.draw(st.permutations([zone.id for zone in map_.zones])):
        assert reach(graph, zone, budget).zones() == reach(fresh, zone, budget).zones()
        assert reach(graph, zone, budget).route(zone).path == [zone]
    assert graph.complete == built, "a search builds no more than the zones it reaches"
