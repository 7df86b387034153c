"""Adjust Background (Map menu, or I on the canvas): the picture a GM traces over is moved by a
drag inside it and scaled, its shape kept, by a drag on a corner about the opposite corner;
each drag is one undo step the players' window follows; Esc or Enter goes back to the tool
before; Lock Map refuses it; and no other tool ever takes a click on the picture."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QToolBar

from tabletop.io import save_map
from tabletop.model import Background, Map
from tabletop.samples import room_with_door
from tests.ui.conftest import at, drag

START = Background(path="plan.png", x=-30.5, y=-40.5, scale=1.0, opacity=0.8)
"""Off the lattice, over the hall and the office: 300 x 150 map units."""


@pytest.fixture
def traced(qtbot, window, tmp_path):
    """The room with a door over a 300 x 150 pixel plan, at one screen pixel per map unit."""
    plan = QImage(300, 150, QImage.Format.Format_RGB32)
    plan.fill(QColor("#336699"))
    assert plan.save(str(tmp_path / "plan.png"))
    map_ = room_with_door().model_copy(update={"background": START})
    save_map(map_, tmp_path / "keep.tabletop")
    window.document.replace_map(map_, tmp_path / "keep.tabletop")
    qtbot.waitUntil(lambda: not window.scene.background.boundingRect().isEmpty())
    window.view.resetTransform()
    window.view.centerOn(QPointF(150, 50))
    return window


def _adjusting(window) -> None:
    window.view.setFocus()
    window.tool_actions["I"].trigger()
    assert window.view.tool is window.tools["I"]


def _steps(window) -> int:
    return window.document.undo_stack.index()


def _picture(window) -> QRectF:
    return window.scene.background.boundingRect()


def test_the_mode_is_in_the_map_and_tools_menus_and_on_the_i_key_not_the_toolbar(qtbot, traced):
    act = traced.tool_actions["I"]
    assert act in traced.map_menu.menu.actions()
    assert act.text() == "Adjust Background Image" and act.isCheckable()
    assert all(act not in bar.actions() for bar in traced.findChildren(QToolBar))
    traced.view.setFocus()
    qtbot.keyClick(traced.view, Qt.Key.Key_I)
    assert traced.view.tool is traced.tools["I"] and act.isChecked()
    frame = traced.tools["I"].frame
    assert frame.scene() is traced.scene and frame.rect == _picture(traced), "the frame lies on the picture"


def test_a_drag_inside_moves_the_picture_by_lattice_steps_as_one_undo_step(qtbot, traced):
    _adjusting(traced)
    before = _steps(traced)
    drag(qtbot, traced, (100, 50), (163, -3))
    moved = traced.document.map.background
    assert (moved.x, moved.y) == (START.x + 60, START.y - 60), "whole lattice steps, as a dragged zone moves"
    assert (moved.scale, moved.opacity, moved.path) == (START.scale, START.opacity, START.path)
    assert _steps(traced) == before + 1
    assert traced.document.undo_stack.undoText() == "Move the background picture"
    assert _picture(traced) == QRectF(moved.x, moved.y, 300, 150)
    traced.document.undo_stack.undo()
    assert traced.document.map.background == START and _picture(traced) == QRectF(START.x, START.y, 300, 150)


def test_the_drag_shows_on_the_map_as_it_goes_and_is_an_edit_only_when_released(qtbot, traced):
    traced.snap_action.trigger()  # the lattice off: the picture follows the cursor exactly
    _adjusting(traced)
    viewport, before = traced.view.viewport(), _steps(traced)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(traced, 100, 50))
    qtbot.mouseMove(viewport, pos=at(traced, 137, 71))
    assert traced.document.map.background == START and _steps(traced) == before
    assert _picture(traced).topLeft() == QPointF(START.x + 37, START.y + 21)
    assert traced.tools["I"].frame.rect == _picture(traced), "the frame follows the picture"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(traced, 137, 71))
    assert (traced.document.map.background.x, traced.document.map.background.y) == (START.x + 37, START.y + 21)
    assert traced.scene.background.preview is None and _steps(traced) == before + 1


def test_a_corner_dragged_scales_about_the_opposite_corner_keeping_the_shape(qtbot, traced):
    traced.snap_action.trigger()
    _adjusting(traced)
    drag(qtbot, traced, (START.x + 300, START.y + 150), (START.x + 450, START.y + 190))
    grown = traced.document.map.background
    assert traced.document.undo_stack.undoText() == "Scale the background picture"
    assert grown.scale == 1.5, "the wider way, 450 of 300 pixels, sets the scale"
    assert (grown.x, grown.y) == (START.x, START.y), "the top-left corner stays put"
    right, bottom = grown.x + 300 * grown.scale, grown.y + 150 * grown.scale
    drag(qtbot, traced, (grown.x, grown.y), (grown.x + 150, grown.y + 80))
    shrunk = traced.document.map.background
    assert shrunk.scale == pytest.approx(1.0, abs=1e-4), "300 of 450 units across is wider than 145 of 225 down"
    assert shrunk.x + 300 * shrunk.scale == pytest.approx(right, abs=0.01)
    assert shrunk.y + 150 * shrunk.scale == pytest.approx(bottom, abs=0.01), "the bottom-right corner stays put"
    assert _picture(traced).width() / _picture(traced).height() == pytest.approx(2.0, rel=1e-3)
    traced.document.undo_stack.undo()
    assert traced.document.map.background == grown, "each drag is its own step"


def test_esc_during_a_drag_leaves_the_picture_where_it_was(qtbot, traced):
    _adjusting(traced)
    viewport, before = traced.view.viewport(), _steps(traced)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(traced, 100, 50))
    qtbot.mouseMove(viewport, pos=at(traced, 180, 90))
    assert _picture(traced).topLeft() != QPointF(START.x, START.y)
    qtbot.keyClick(traced.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(traced, 180, 90))
    assert traced.document.map.background == START and _steps(traced) == before
    assert _picture(traced).topLeft() == QPointF(START.x, START.y)
    assert traced.view.tool is traced.tools["I"], "the first Esc ends the drag, not the mode"


def test_esc_or_enter_goes_back_to_the_tool_chosen_before(qtbot, traced):
    traced.set_tool("P")
    _adjusting(traced)
    qtbot.keyClick(traced.view, Qt.Key.Key_Escape)
    assert traced.view.tool is traced.tools["P"] and traced.tool_actions["P"].isChecked()
    assert traced.tools["I"].frame.scene() is None, "no frame outside the mode"
    traced.set_tool("V")
    _adjusting(traced)
    qtbot.keyClick(traced.view, Qt.Key.Key_Return)
    assert traced.view.tool is traced.tools["V"]


def test_arrow_keys_nudge_the_picture_one_step_each(qtbot, traced):
    _adjusting(traced)
    qtbot.keyClick(traced.view, Qt.Key.Key_Right)
    qtbot.keyClick(traced.view, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    step = traced.view.snapping.step
    assert (traced.document.map.background.x, traced.document.map.background.y) == (
        START.x + step,
        START.y - step / 4,
    )
    assert traced.document.undo_stack.undoText() == "Nudge the background picture"


def test_lock_map_refuses_the_drag_and_says_so(qtbot, traced):
    traced.lock_action.trigger()
    _adjusting(traced)
    before, viewport = _steps(traced), traced.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(traced, 100, 50))
    qtbot.mouseMove(viewport, pos=at(traced, 200, 90))
    assert _picture(traced).topLeft() == QPointF(START.x, START.y), "it does not even seem to move"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(traced, 200, 90))
    drag(qtbot, traced, (START.x + 300, START.y + 150), (START.x + 400, START.y + 200))
    assert traced.document.map.background == START and _steps(traced) == before
    assert _picture(traced).topLeft() == QPointF(START.x, START.y)
    assert traced.statusBar().currentMessage() == (
        "The map is locked while you play: the background picture stays put (Edit ▸ Lock Map to unlock)"
    )


def test_the_players_window_follows_each_drag(qtbot, traced):
    traced.players.open_action.trigger()
    player = traced.players.player
    qtbot.waitExposed(player)
    shown = player.view.map_scene.background
    assert shown.boundingRect() == QRectF(START.x, START.y, 300, 150)
    _adjusting(traced)
    drag(qtbot, traced, (START.x + 300, START.y + 150), (START.x + 600, START.y + 300))
    adjusted = traced.document.map.background
    step = traced.view.snapping.step
    lattice_y = round((START.y + 300) / step) * step
    assert adjusted.scale == round((lattice_y - START.y) / 150, 4), "the corner taken to the lattice, down"
    assert shown.boundingRect() == QRectF(START.x, START.y, 300 * adjusted.scale, 150 * adjusted.scale)


def test_no_other_tool_takes_a_click_on_the_picture(qtbot, traced):
    """Tracing over the picture is the point: it never answers a click outside its mode."""
    traced.set_tool("S")
    before = _steps(traced)
    drag(qtbot, traced, (-20, -30), (60, -10))  # on the picture, outside every room
    assert traced.document.map.background == START and _steps(traced) == before
    traced.set_tool("P")
    for x, y in ((-20, -20), (60, -20), (60, -40)):
        qtbot.mouseClick(traced.view.viewport(), Qt.MouseButton.LeftButton, pos=at(traced, x, y))
    qtbot.keyClick(traced.view, Qt.Key.Key_Return)
    assert traced.document.map.zones[-1].shape.points == [(-20.0, -20.0), (60.0, -20.0), (60.0, -40.0)]
    assert traced.document.map.background == START


def test_without_a_picture_the_mode_says_how_to_choose_one(qtbot, window):
    window.document.replace_map(Map(), None)
    _adjusting(window)
    assert window.statusBar().currentMessage() == (
        "No background picture to adjust: choose one with Map ▸ Set Background Image…"
    )
    before = _steps(window)
    drag(qtbot, window, (0, 0), (100, 100))
    assert window.document.map.background is None and _steps(window) == before
