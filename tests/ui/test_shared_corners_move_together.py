"""The Vertex tool keeps rooms drawn side by side together: a corner they share moves, is added
on their shared edge and is removed in both as one undo step; Shift works on one room alone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from tabletop.samples import room_with_door

CORNER = (240.0, 0.0)
"""The top of the wall between the hall and the office, a corner of both."""


@pytest.fixture
def rooms(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.view.resetTransform()
    window.view.centerOn(QPointF(240, 100))
    window.document.select([("zone", "hall")])
    window.set_tool("V")
    return window


def _points(window, zone_id):
    return list(window.document.get("zone", zone_id).shape.points)


def _drag(qtbot, window, start, end, shift=False):
    viewport, at = window.view.viewport(), window.view.mapFromScene
    keys = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, keys, at(QPointF(*start)))
    for step in (0.5, 1.0):
        point = QPointF(start[0] + step * (end[0] - start[0]), start[1] + step * (end[1] - start[1]))
        qtbot.mouseMove(viewport, at(point))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, keys, at(QPointF(*end)))


def test_a_shared_corner_dragged_moves_in_both_rooms_as_one_step(qtbot, rooms):
    hall, office = _points(rooms, "hall"), _points(rooms, "office")
    assert CORNER in hall and CORNER in office
    _drag(qtbot, rooms, CORNER, (300.0, 60.0))
    moved_hall, moved_office = _points(rooms, "hall"), _points(rooms, "office")
    assert CORNER not in moved_hall and CORNER not in moved_office
    [new] = set(moved_hall) - set(hall)
    assert new in moved_office and new != CORNER
    assert rooms.document.layout.touching_pairs(["hall", "office"]) == [("hall", "office")]
    stack = rooms.document.undo_stack
    assert stack.count() == 1 and "Hall and Office" in stack.undoText()
    stack.undo()
    assert (_points(rooms, "hall"), _points(rooms, "office")) == (hall, office)


def test_shift_drags_one_rooms_corner_alone(qtbot, rooms):
    office = _points(rooms, "office")
    _drag(qtbot, rooms, CORNER, (300.0, 60.0), shift=True)
    assert CORNER not in _points(rooms, "hall") and _points(rooms, "office") == office


def test_a_vertex_added_on_the_shared_wall_is_added_to_both_rooms(qtbot, rooms):
    middle = rooms.view.mapFromScene(QPointF(240, 100))
    qtbot.mouseDClick(rooms.view.viewport(), Qt.MouseButton.LeftButton, pos=middle)
    hall, office = _points(rooms, "hall"), _points(rooms, "office")
    [added] = [p for p in hall if p[0] == 240.0 and 0 < p[1] < 200]
    assert added in office and len(office) == len(room_with_door().zones[1].shape.points) + 1
    assert rooms.document.undo_stack.count() == 1


def test_a_shared_corner_removed_goes_from_both_unless_a_room_would_keep_too_few(qtbot, rooms):
    middle = rooms.view.mapFromScene(QPointF(240, 100))
    qtbot.mouseDClick(rooms.view.viewport(), Qt.MouseButton.LeftButton, pos=middle)
    [added] = [i for i, p in enumerate(_points(rooms, "hall")) if p[0] == 240.0 and 0 < p[1] < 200]
    assert _points(rooms, "hall")[added] in _points(rooms, "office")
    assert rooms.tools["V"].remove_vertex(added)
    assert _points(rooms, "hall") == list(room_with_door().zones[0].shape.points)
    assert _points(rooms, "office") == list(room_with_door().zones[1].shape.points)
    assert rooms.document.undo_stack.count() == 2
    rooms.document.select([("zone", "office")])
    office = room_with_door().zones[1].shape.points
    corners = [i for i, p in enumerate(office) if p[0] > 240.0]  # the office's own, shared with nobody
    assert rooms.tools["V"].remove_vertex(corners[0])
    assert not rooms.tools["V"].remove_vertex(0), "three corners are the least a room keeps"
    assert "keeps at least three vertices" in rooms.statusBar().currentMessage()


def test_delete_on_a_corner_undone_since_the_hover_does_nothing(qtbot, rooms):
    middle = rooms.view.mapFromScene(QPointF(240, 100))
    qtbot.mouseDClick(rooms.view.viewport(), Qt.MouseButton.LeftButton, pos=middle)
    added = len(rooms.document.get("zone", "hall").shape.points) - 1
    rooms.tools["V"].hot = added  # hovered, then undone without a mouse move
    rooms.document.undo_stack.undo()
    assert not rooms.tools["V"].remove_vertex(added)
    assert rooms.document.get("zone", "hall").shape.points == room_with_door().zones[0].shape.points
