"""Gestures that do nothing say why, and Esc takes back a token drag."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.model import ZoneLocation
from tabletop.samples import warehouse
from tests.ui.conftest import click


def _grab_gatto(qtbot, window):
    """The warehouse at 1:1, the button pressed on Gatto: (the viewport, where he stood)."""
    window.document.replace_map(warehouse(), None)
    window.view.resetTransform()
    window.view.centerOn(QPointF(300, 100))
    viewport = window.view.viewport()
    start = window.scene.items_by_key[("token", "gatto")].pos()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(start))
    return viewport, start


def test_a_bow_tie_is_not_kept_and_the_status_bar_says_why(qtbot, window):
    window.document.replace_map(warehouse().model_copy(update={"zones": [], "borders": [], "tokens": []}), None)
    window.view.resetTransform()
    window.view.centerOn(QPointF(200, 200))
    window.set_tool("P")
    for x, y in ((100, 100), (300, 300), (300, 100), (100, 300)):
        click(qtbot, window, x, y)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert window.document.map.zones == []
    assert "may not cross" in window.statusBar().currentMessage()


def test_esc_during_a_token_drag_puts_it_back_and_leaves_no_step(qtbot, window):
    viewport, start = _grab_gatto(qtbot, window)
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(300, 100)))
    assert window.document.get("token", "gatto").location == ZoneLocation(zone="z2")
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(300, 100)))
    assert window.document.get("token", "gatto").location == ZoneLocation(zone="z1")
    assert window.scene.items_by_key[("token", "gatto")].pos() == start
    assert window.scene.overlay.zones == [] and not window.document.modified


def test_join_says_one_pair_in_the_singular(qtbot, window):
    window.document.replace_map(warehouse().model_copy(update={"borders": [], "tokens": []}), None)
    window.join_touching()
    assert window.statusBar().currentMessage() == "Joined 2 pairs of touching zones"
    window.document.undo_stack.undo()
    two = warehouse().model_copy(update={"borders": [], "tokens": []})
    two.zones.pop()
    window.document.replace_map(two, None)
    window.join_touching()
    assert window.statusBar().currentMessage() == "Joined 1 pair of touching zones"


def test_esc_leaves_nothing_to_redo(qtbot, window):
    viewport, _ = _grab_gatto(qtbot, window)
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(300, 100)))
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(300, 100)))
    stack = window.document.undo_stack
    assert stack.count() == 0 and not stack.canRedo()


def test_delete_in_the_vertex_tool_removes_the_vertex_not_the_zone(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    window.set_tool("V")
    window.tools["V"].hot = 0
    window.delete()  # Edit ▸ Delete, the window-wide shortcut
    zone = window.document.get("zone", "z1")
    assert zone is not None and len(zone.shape.points) == 3, "the square lost one vertex, not itself"
    window.tools["V"].hot = 0
    window.delete()
    assert len(window.document.get("zone", "z1").shape.points) == 3
    assert "three vertices" in window.statusBar().currentMessage()


def test_choosing_another_tool_mid_drag_ends_the_drag(qtbot, window):
    viewport, start = _grab_gatto(qtbot, window)
    window.set_tool("V")
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(start))
    window.set_tool("S")
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(500, 100)))
    assert window.document.get("token", "gatto").location == ZoneLocation(zone="z1")
    assert window.document.undo_stack.count() == 0


def test_a_token_removed_mid_drag_ends_the_drag_without_an_error(qtbot, window):
    viewport, _ = _grab_gatto(qtbot, window)
    window.delete()
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(300, 100)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(300, 100)))
    assert window.document.get("token", "gatto") is None
