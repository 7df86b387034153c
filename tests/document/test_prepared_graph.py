"""The zone graph is built in the event loop soon after an open, so the first reach overlay
does not wait for it; built or not, it answers as a fresh one does."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.rules import ZoneGraph, range_field, reach
from tabletop.samples import nephrite_net


def test_the_graph_is_ready_before_the_first_question(qtbot):
    document = MapDocument(nephrite_net())
    assert document._graph is None, "an open does not wait for the graph"
    qtbot.waitUntil(lambda: document._graph is not None, timeout=5000)
    prepared = document._graph
    assert document.graph() is prepared
    fresh = ZoneGraph(nephrite_net())
    assert reach(prepared, "router", 4).zones() == reach(fresh, "router", 4).zones()
    assert range_field(prepared, "router").zones() == range_field(fresh, "router").zones()


def test_a_document_dropped_before_the_graph_is_built_leaves_no_error(qtbot):
    document = MapDocument(nephrite_net())
    document.deleteLater()
    qtbot.wait(400)


def test_the_layouts_index_is_built_in_the_event_loop_after_an_open(qtbot):
    from tests.benchmarks.mapgen import zone_map

    map_ = zone_map(300)
    document = MapDocument(map_)
    assert document.layout._cell_index is None, "the first frame goes without it"
    qtbot.waitUntil(lambda: document.layout._cell_index is not None, timeout=5000)
    assert document.layout.find_in_order((0, 0, 300, 60))[0], "found through the index once built"
    assert document.layout._borders is not None
