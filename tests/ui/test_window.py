"""The small things of the window: Select All, Export Image's extension and width, the empty
Zones list, passing status messages, and the Tokens list's order after an undo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog

import tabletop.ui.actions
from tabletop.document.commands import remove
from tabletop.samples import af_encounter, warehouse
from tabletop.ui.actions import with_extension


def test_ctrl_a_selects_everything_on_the_map_but_not_while_typing(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    map_ = window.document.map
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert sorted(window.document.selection) == sorted(
        [("grid", g.id) for g in map_.grids] + [("token", t.id) for t in map_.tokens]
    )
    assert window.inspector.title.text() == f"{len(map_.grids) + len(map_.tokens)} objects selected"
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    name = window.inspector.fields["zone"][0].widget
    name.setFocus()
    qtbot.keyClick(name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert window.document.selection == [("zone", "z1")], "Ctrl+A in a text field selects its text"
    assert name.selectedText() == name.text()


def test_export_adds_the_filters_extension_and_asks_the_width(qtbot, window, tmp_path, monkeypatch):
    window.document.replace_map(warehouse(), None)
    answers = {"file": (str(tmp_path / "docks"), "PNG image (*.png)"), "width": (800, True)}
    offered = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kw: answers["file"])

    def get_int(parent, title, label, value, *args, **kw):
        offered.append(value)
        return answers["width"]

    monkeypatch.setattr(QInputDialog, "getInt", get_int)
    window.exports.export_image()
    assert QImage(str(tmp_path / "docks.png")).width() == 800
    answers["file"] = (str(tmp_path / "docks"), "SVG drawing (*.svg)")
    window.exports.export_image()
    assert (tmp_path / "docks.svg").exists()
    assert offered == [1920, 800], "the width chosen last time is offered again"
    assert "docks.svg" in window.statusBar().currentMessage()


def test_with_extension_keeps_a_typed_image_extension():
    assert with_extension("/m/a.PDF", "PNG image (*.png)") == "/m/a.PDF"
    assert with_extension("/m/a.tabletop", "PDF document (*.pdf)") == "/m/a.tabletop.pdf"
    assert with_extension("/m/a", "") == "/m/a.png"


def test_the_zones_list_says_what_to_do_on_a_grid_only_map(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    assert "no zones" in window.zone_list.empty_text() and "encounter grid" in window.zone_list.empty_text()
    window.document.replace_map(warehouse(), None)
    assert window.zone_list.empty_text() == "" and window.token_list.empty_text() == ""


def test_the_empty_zones_lists_hint_is_painted_again_when_its_grid_goes_or_comes(qtbot, window, monkeypatch):
    """The hint names the grid: removing the grid (and its undo) paints the list again, where
    it kept the old words until something else painted it."""
    from tabletop.document.commands.edits import remove

    window.document.replace_map(af_encounter(), None)
    listing, painted = window.zone_list, []
    viewport = listing.viewport()
    monkeypatch.setattr(viewport, "update", lambda *args: painted.append(listing.empty_text()))
    document = window.document
    document.undo_stack.push(
        remove(document, [("grid", g.id) for g in document.map.grids] + [("token", t.id) for t in document.map.tokens])
    )
    assert painted and "No zones yet" in painted[-1]
    document.undo_stack.undo()
    assert "encounter grid" in painted[-1]


def test_passing_messages_clear_and_the_tools_hint_stays(qtbot, window, monkeypatch):
    monkeypatch.setattr(tabletop.ui.actions, "MESSAGE_MS", 30)
    window.document.replace_map(warehouse(), None)
    window.join_touching()
    assert window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "")
    window.set_tool("P")
    assert window.tool_hint.text() == window.tools["P"].status and window.tool_hint.isVisible()
    assert window.statusBar().currentMessage() == ""


def test_the_tokens_list_keeps_map_order_after_an_undo(qtbot, window):
    window.document.replace_map(warehouse(), None)
    first = window.document.map.tokens[0].id
    window.document.undo_stack.push(remove(window.document, [("token", first)]))
    window.document.undo_stack.undo()
    shown = [window.token_list.object_at(i) for i in range(window.token_list.count())]
    assert shown == [t.id for t in window.document.map.tokens]


def test_the_zones_list_mirrors_a_scattered_selection(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z3"), ("token", "gatto"), ("zone", "z1")])
    listing = window.zone_list
    assert [listing.is_selected(z) for z in ("z1", "z2", "z3")] == [True, False, True]
    assert window.token_list.is_selected("gatto") and not window.token_list.is_selected("hargan")
    window.document.select([("zone", "z2")])
    assert [listing.is_selected(z) for z in ("z1", "z2", "z3")] == [False, True, False]


def test_the_hover_line_follows_a_token_moved_while_the_mouse_rests(window):
    from PySide6.QtCore import QPointF

    from tabletop.document.commands import MoveToken
    from tabletop.model import ZoneLocation

    window.document.replace_map(warehouse(), None)
    token = window.document.map.tokens[0]
    far = window.document.map.zones[-1]
    window.document.select([("token", token.id)])
    left, top, right, bottom = window.document.layout.boxes[("zone", far.id)]
    window.view.hovered.emit(QPointF((left + right) / 2, (top + bottom) / 2))
    before = window.hover_label.text()
    assert f"range from {token.label}: 2" in before
    window.document.undo_stack.push(MoveToken(window.document, token.id, ZoneLocation(zone=far.id)))
    assert f"range from {token.label}: 0" in window.hover_label.text(), "no mouse move needed"
    window.document.undo_stack.undo()
    assert window.hover_label.text() == before


def test_the_hover_line_clears_when_the_mouse_leaves_the_map(qtbot, window):
    """It kept naming the last zone under the mouse after the mouse left."""
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtWidgets import QApplication

    window.document.replace_map(warehouse(), None)
    zone = window.document.map.zones[0]
    window.view.hovered.emit(QPointF(*zone.shape.centre()))
    assert zone.label in window.hover_label.text()
    QApplication.sendEvent(window.view.viewport(), QEvent(QEvent.Type.Leave))
    assert window.hover_label.text() == ""
    window.document.select([("zone", zone.id)])  # a new selection names nothing under a mouse that is not there
    assert window.hover_label.text() == ""


def test_on_a_big_map_just_opened_the_hover_range_waits_for_the_graph_built_in_slices(qtbot, window, monkeypatch):
    """Selecting a token and hovering on a big map just opened built the whole zone graph in one
    event (3 s at 100k zones): the hover line says the range is being worked out, builds one
    slice of the graph per event, and gives the range once the graph is whole."""
    from PySide6.QtCore import QPointF

    from tabletop.document.commands import AddObject
    from tabletop.model import Token, ZoneLocation
    from tabletop.rules import ZoneGraph
    from tabletop.rules.ranges import range_between
    from tabletop.ui import status_line
    from tests.maps import zone_map

    monkeypatch.setattr(status_line, "RANGE_WAITS_FROM", 100)
    document = window.document
    document.replace_map(zone_map(600), None)
    document.undo_stack.push(AddObject(document, "token", Token(id="t", location=ZoneLocation(zone="z0-0"))))
    document.select([("token", "t")])
    steps = []
    real_step = ZoneGraph.prepare_step
    monkeypatch.setattr(ZoneGraph, "prepare_step", lambda graph: steps.append(graph) or real_step(graph))
    assert not document.graph().prepared
    left, top, right, bottom = document.layout.boxes[("zone", "z3-3")]
    window.view.hovered.emit(QPointF((left + right) / 2, (top + bottom) / 2))
    assert "range from t: working it out" in window.hover_label.text()
    assert len(steps) == 1, "one slice of the graph in this event, not all of it"
    qtbot.waitUntil(lambda: "working" not in window.hover_label.text(), timeout=5000)
    expected = range_between(ZoneGraph(document.map), "z0-0", "z3-3")
    assert f"range from t: {expected}" in window.hover_label.text() and expected > 2
    assert document.graph().prepared and len(steps) > 2


def test_the_hover_line_clears_when_the_mouse_moves_onto_a_scroll_bar(qtbot, window):
    """A scroll bar lies inside the view but outside its map: only the map's viewport hears the
    mouse leave for it."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtTest import QTest

    from tests.maps import zone_map

    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.document.replace_map(zone_map(400), None)
    view = window.view
    view.resetTransform()
    view.scale(4, 4)
    zone = window.document.map.zones[0]
    x, y = zone.shape.centre()
    view.centerOn(x, y)
    bar = view.verticalScrollBar()
    qtbot.waitUntil(bar.isVisible)
    handle = window.windowHandle()
    QTest.mouseMove(handle, view.viewport().mapTo(window, view.mapFromScene(QPointF(x, y))))
    qtbot.waitUntil(lambda: zone.label in window.hover_label.text())
    QTest.mouseMove(handle, bar.mapTo(window, QPoint(bar.width() // 2, bar.height() // 2)))
    qtbot.waitUntil(lambda: window.hover_label.text() == "")
    window.hide()


def test_badges_are_picked_at_the_zoom_the_map_layer_draws_them_whatever_the_screens_pixel_ratio(window, monkeypatch):
    """The layer paints its tiles at the view's scale in logical pixels, and draws no badge
    below DETAIL_SCALE: a high-DPI screen's pixel ratio must not make badges count as drawn
    there."""
    from tabletop.render.style import DETAIL_SCALE
    from tabletop.ui.scene.editor_scene import badges_seen

    view = window.view
    monkeypatch.setattr(view, "devicePixelRatioF", lambda: 2.0)
    view.resetTransform()
    view.scale(DETAIL_SCALE * 0.75, DETAIL_SCALE * 0.75)
    assert not badges_seen(view)
    view.resetTransform()
    assert badges_seen(view)
