"""The zone graph is built in the event loop soon after an open, so the first reach overlay
does not wait for it; built or not, it answers as a fresh one does."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.rules import ZoneGraph, range_field, reach
from tabletop.samples import nephrite_net


def test_the_graph_is_ready_before_the_first_question(qtbot):
    document = MapDocument(nephrite_net())
    assert document.graph_made() is None, "an open does not wait for the graph"
    qtbot.waitUntil(lambda: document.graph_made() is not None, timeout=5000)
    prepared = document.graph_made()
    assert document.graph() is prepared
    fresh = ZoneGraph(nephrite_net())
    assert reach(prepared, "router", 4).zones() == reach(fresh, "router", 4).zones()
    assert range_field(prepared, "router").zones() == range_field(fresh, "router").zones()


def test_a_document_dropped_before_the_graph_is_built_leaves_no_error(qtbot):
    """Its deferred steps die with it: by the time a twin opened just after it has its graph,
    the dropped one's steps would have come due, and none raises."""
    document = MapDocument(nephrite_net())
    twin = MapDocument(nephrite_net())
    with qtbot.waitSignal(document.destroyed):
        document.deleteLater()
    qtbot.waitUntil(lambda: twin.graph_made() is not None, timeout=5000)


def test_the_layouts_index_is_built_in_the_event_loop_after_an_open(qtbot):
    from tests.maps import zone_map

    map_ = zone_map(300)
    document = MapDocument(map_)
    assert document.layout._cell_index is None, "the first frame goes without it"
    qtbot.waitUntil(lambda: document.layout._cell_index is not None, timeout=5000)
    assert document.layout.find_in_order((0, 0, 300, 60))[0], "found through the index once built"
    assert document.layout.borders_made


def test_a_reach_asked_before_the_graph_is_built_reads_only_the_zones_it_reaches(qtbot):
    from tests.maps import zone_map

    document = MapDocument(zone_map(300))
    graph = document.graph()
    start = document.map.zones[0].id
    found = reach(graph, start, 3)
    assert not graph.complete, "the reach did not wait for the whole graph"
    assert found.zones() == reach(ZoneGraph(document.map), start, 3).zones()


def test_the_whole_graph_is_built_in_the_event_loop_a_slice_an_event(qtbot, monkeypatch):
    from tabletop.rules import zone_graph
    from tests.maps import zone_map

    monkeypatch.setattr(zone_graph, "SLICE", 50)
    from PySide6.QtCore import QObject, QTimer

    steps, ticks, anchor = [], [], QObject()
    step = ZoneGraph.prepare_step

    def stepped(graph):  # each step notes the ticks so far and asks for one more, as the document asks its next step
        steps.append((graph, len(ticks)))  # an earlier test's document may prepare its own meanwhile
        QTimer.singleShot(0, anchor, lambda: ticks.append(1))
        return step(graph)

    monkeypatch.setattr(ZoneGraph, "prepare_step", stepped)
    map_ = zone_map(300)
    document = MapDocument(map_)
    qtbot.waitUntil(lambda: document.graph_made() is not None and document.graph_made().prepared, timeout=5000)
    steps = [seen for graph, seen in steps if graph is document.graph()]
    assert len(steps) > len(map_.borders) // 50, "a slice at a time"
    assert steps == sorted(set(steps)), "each slice an event of its own: the event loop runs between two"
    assert document.layout._cell_index is not None, "the layout's index is made before the graph's slices end"
    fresh, start = ZoneGraph(map_), map_.zones[7].id
    assert reach(document.graph(), start, 6).zones() == reach(fresh, start, 6).zones()
    assert range_field(document.graph(), start).zones() == range_field(fresh, start).zones()


def test_a_graph_half_built_when_its_map_is_replaced_is_freed_without_the_collector(qtbot, monkeypatch):
    """What the editor builds is frozen out of the collector's sight: a replaced map's graph
    must go by its reference count alone, its preparation under way or not."""
    import gc
    import weakref

    from PySide6.QtWidgets import QApplication

    from tabletop.rules import zone_graph
    from tests.maps import zone_map

    monkeypatch.setattr(zone_graph, "SLICE", 20)
    document = MapDocument(zone_map(300))
    document.preparation.prepare(document.map)  # as the event loop calls it after the first frame
    for _ in range(5):  # the layout's two parts, then the graph's first slices
        QApplication.processEvents()
    reach(document.graph(), document.map.zones[3].id, 4)
    assert document.layout._cell_index is not None and not document.graph().complete, "its slices are under way"
    gone = weakref.ref(document.graph())
    gc.disable()
    try:
        document.replace_map(nephrite_net(), None)
        # the old map's next slice finds it replaced and stops, letting go of the graph
        qtbot.waitUntil(lambda: gone() is None, timeout=5000)
    finally:
        gc.enable()


def test_the_borders_places_are_made_after_the_first_frame_a_slice_at_a_time(qtbot, monkeypatch):
    """A big map's borders' places by id (0.05 s at 100k) wait for the event loop, made a slice
    an event; an edit or a lookup between two slices finds them whole and right."""
    from tabletop.document import preparation
    from tabletop.model import Border
    from tabletop.model.kinds import Kind
    from tests.maps import zone_map

    monkeypatch.setattr(preparation, "BORDER_SLICE", 40)
    map_ = zone_map(300)
    document = MapDocument(map_)
    assert Kind.BORDER not in document.indexes.places, "an open does not make them"
    slices = document.prepare_places(40)
    next(slices)
    assert Kind.BORDER not in document.indexes.places and document.indexes.places._making, "a slice made, not all"
    last = map_.borders[-1]
    assert document.get(Kind.BORDER, last.id) is last, "a lookup between slices makes the rest at once"
    assert list(slices) == [], "the slices stop: the places are made"
    added = Border(id="new", a=map_.zones[0].id, b=map_.zones[2].id)
    document.put(Kind.BORDER, added)
    assert document.position(Kind.BORDER, "new") == len(map_.borders) - 1

    again = MapDocument(zone_map(300))
    qtbot.waitUntil(lambda: Kind.BORDER in again.indexes.places, timeout=5000)
    expected = {b.id: k for k, b in enumerate(again.map.borders)}
    assert again.indexes.places[Kind.BORDER] == expected


def test_a_zones_borders_asked_at_the_first_frame_make_no_places_and_answer_as_after_edits(qtbot):
    """A reach asked the moment a big map appears reads a few zones' borders: their rows as
    opened are their places while no border was added or removed, so no 250k places are made
    for it; a moved zone, an added border and a removed one leave answers in map order."""
    from tabletop.document.commands import AddObject
    from tabletop.model import Border, PolygonShape
    from tabletop.model.kinds import Kind
    from tests.maps import zone_map

    document = MapDocument(zone_map(300))

    def expected(zone_id):
        return [b for b in document.map.borders if zone_id in (b.a, b.b)]

    zone = document.map.zones[40]
    assert document.borders_of(zone.id) == expected(zone.id)
    assert Kind.BORDER not in document.indexes.places, "no places made for it"
    moved = zone.model_copy(update={"shape": PolygonShape(points=[(x + 3, y) for x, y in zone.shape.points])})
    document.put(Kind.ZONE, moved)
    assert document.borders_of(zone.id) == expected(zone.id)
    new = Border(id="late", a=zone.id, b=document.map.zones[0].id)
    document.undo_stack.push(AddObject(document, "border", new))
    assert document.borders_of(zone.id) == expected(zone.id) and document.borders_of(zone.id)[-1] == new
    document.drop(Kind.BORDER, expected(zone.id)[0].id)
    assert document.borders_of(zone.id) == expected(zone.id)
    other = document.map.zones[77]
    assert document.borders_of(other.id) == expected(other.id)
