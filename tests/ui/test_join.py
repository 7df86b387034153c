"""Join Touching Zones through the bucket index finds exactly the pairs that a comparison of
every pair finds, adds them as one undo step, and leaves the layout as a fresh build has it."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.geometry.single.shapes import shared_edges
from tabletop.geometry.whole.layout import MapLayout
from tabletop.ui.tools.connect import join_touching_zones
from tests.geometry.test_layout import cell_contents
from tests.maps import zone_map


def _every_pair(map_) -> set[frozenset[str]]:
    zones = map_.zones
    return {
        frozenset((a.id, b.id))
        for i, a in enumerate(zones)
        for b in zones[i + 1 :]
        if shared_edges(a.shape.points, b.shape.points)
    }


def test_join_finds_every_touching_pair_once_as_one_undo_step(qapp):
    bare = zone_map(300).model_copy(update={"borders": []})
    document = MapDocument(bare.model_copy(deep=True))
    joined = join_touching_zones(document)
    pairs = [frozenset((b.a, b.b)) for b in document.map.borders]
    assert joined == len(pairs) == len(set(pairs))
    assert set(pairs) == _every_pair(bare)
    assert document.undo_stack.count() == 1
    fresh = MapLayout(document.map)
    assert document.layout.boxes == fresh.boxes
    assert {k: v.segments for k, v in document.layout.lines.items()} == {k: v.segments for k, v in fresh.lines.items()}
    assert join_touching_zones(document) == 0, "nothing left to join"
    document.undo_stack.undo()
    assert document.map.borders == [] and document.layout.lines == {}
    assert all(kind == "zone" for keys in cell_contents(document.layout).values() for kind, _ in keys)


def test_deleting_everything_on_a_big_map_is_a_few_changes_and_undoes_whole(qtbot, window):
    window.document.replace_map(zone_map(600), None)
    start = window.document.map.model_copy(deep=True)
    changes = []
    window.document.edited.connect(changes.append)
    window.select_all()
    window.tools["S"].delete_selection()
    assert window.document.map.zones == [] and window.document.map.borders == []
    assert len(changes) <= 4, "one change per kind, not one per object"
    assert window.zone_list.count() == 0 and window.document.selection == []
    window.document.undo_stack.undo()
    assert window.document.map == start
    assert window.zone_list.count() == len(start.zones)
