"""The Inspector's passage block has a sight control: it shows the passage's sight and a choice
there is one undo step on the map."""

from __future__ import annotations

from tabletop.model.kinds import Kind
from tabletop.samples import room_with_door


def test_choosing_sees_through_makes_the_door_a_window_and_undo_takes_it_back(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    editor = window.inspector.passage_editor
    row = editor._rows[0]
    assert row.sight.currentData() == "door"
    assert window.document.get(Kind.BORDER, "wall").passages[0].blocks_sight  # its door is closed
    row.sight.setCurrentIndex(row.sight.findData("clear"))
    qtbot.waitUntil(lambda: window.document.get(Kind.BORDER, "wall").passages[0].sight == "clear")
    assert not window.document.get(Kind.BORDER, "wall").passages[0].blocks_sight
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: window.document.get(Kind.BORDER, "wall").passages[0].sight == "door")
    qtbot.waitUntil(lambda: editor._rows[0].sight.currentData() == "door")


def test_the_sight_control_sits_below_its_passages_door(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    window.inspector.show()
    editor = window.inspector.passage_editor
    for row in editor._rows:
        assert row.sight.geometry().top() >= row.door.geometry().bottom()
