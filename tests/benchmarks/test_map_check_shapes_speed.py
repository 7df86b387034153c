"""Speed of Map ▸ Check Map's shape checks (zones drawn over each other, borders whose zones no
longer touch) on the generated 10k and 100k maps: worked out afresh from the map, as they were,
against read from the document's layout, first and again after an edit. Each round's answer
is checked equal to the one worked out afresh.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_map_check_shapes_speed.py -o addopts="" --benchmark-only
Each test takes `benchmark` first so the default run skips it before building any map.
"""

from __future__ import annotations

import itertools

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.geometry.whole.layout import MapLayout
from tabletop.geometry.whole.overlaps import borders_apart, overlapping_pairs
from tabletop.model import PolygonShape
from tests.maps import zone_map

SIZES = [10_000, 100_000]


@pytest.fixture(scope="module")
def documents():
    """MapDocument by zone count, its layout prepared as after an open's first events."""

    class Documents(dict):
        def __missing__(self, size):
            self[size] = document = MapDocument(zone_map(size))
            document.layout.prepare()
            return document

    return Documents()


def _afresh(map_):
    return overlapping_pairs(map_.zones), borders_apart(map_)


def _on_layout(map_, layout):
    return overlapping_pairs(map_.zones, layout), borders_apart(map_, layout)


@pytest.mark.parametrize("size", SIZES)
def test_shape_checks_afresh(benchmark, documents, size):
    """As the checks were: every zone's table and every border's line worked out from the map."""
    map_ = documents[size].map
    found = benchmark.pedantic(lambda: _afresh(map_), rounds=5)
    assert found == ([], [])


@pytest.mark.parametrize("size", SIZES)
def test_shape_checks_first_on_a_layout(benchmark, documents, size):
    """The first check of a map just laid out: its pairs as opened are worked out then, once."""
    map_ = documents[size].map
    layouts = []

    def laid_out():
        layouts[:] = [MapLayout(map_)]
        return (), {}

    found = benchmark.pedantic(lambda: _on_layout(map_, layouts[0]), setup=laid_out, rounds=5)
    assert found == _afresh(map_)


@pytest.mark.parametrize("size", SIZES)
def test_shape_checks_again_after_a_corner_moved(benchmark, documents, size):
    """Check Map again after a GM drags a corner of a room in the middle of the map a sliver into
    its neighbour, or back (as the dialog does once the edits rest)."""
    document = documents[size]
    map_ = document.map
    _on_layout(map_, document.layout)  # the first check, before the edits
    room = map_.zones[len(map_.zones) // 2]
    moved = _corner_mover(document, room)
    try:
        found = benchmark.pedantic(lambda: _on_layout(map_, document.layout), setup=moved, rounds=9)
        assert len(found[0]) == 1, "the last round's corner is pushed in"
        assert found == _afresh(map_)
    finally:
        _put_back(document, room)


def _corner_mover(document, room):
    """A benchmark's setup: each call pushes the room's third corner a sliver into its neighbour,
    or puts it back, as one undoable edit (a GM's drag)."""
    points = list(room.shape.points)
    pushed = [*points[:2], (points[2][0] + 0.01, points[2][1]), *points[3:]]
    shapes = itertools.cycle([PolygonShape(points=pushed), room.shape])

    def moved():
        after = document.get("zone", room.id).model_copy(update={"shape": next(shapes)})
        document.undo_stack.push(EditObject(document, "zone", after, "shape"))
        return (), {}

    return moved


def _put_back(document, room):
    """The room as generated again, for the module's next test."""
    document.undo_stack.push(EditObject(document, "zone", room, "shape"))


@pytest.mark.parametrize("size", SIZES)
def test_check_map_again_after_a_corner_moved(benchmark, qtbot, documents, size):
    """The whole of Check Map's check again (the rules' checks, the shape checks, the findings
    listed) after a corner is moved, as the dialog does once the edits rest."""
    from tabletop.ui.dialogs.map_check import MapCheckDialog

    document = documents[size]
    dialog = MapCheckDialog(document, lambda objects, ids: None)
    qtbot.addWidget(dialog)
    room = document.map.zones[len(document.map.zones) // 3]
    moved = _corner_mover(document, room)
    try:
        benchmark.pedantic(dialog.refresh, setup=moved, rounds=9)
        overlaps = [finding.ids for finding in dialog.found if finding.kind == "overlapping zones"]
        assert overlaps == [(room.id, document.map.zones[len(document.map.zones) // 3 + 1].id)], "pushed in"
    finally:
        dialog.close()
        _put_back(document, room)
