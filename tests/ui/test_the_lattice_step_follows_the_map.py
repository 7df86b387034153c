"""The lattice step is the open map's: set from Edit ▸ Lattice Step… or the box beside the
toolbar's lattice switch as one undo step, and followed by where clicked points land, the
lattice's dots, arrow-key nudges, Duplicate's offset, the background's nudges and a new grid's
corner; undo and another map opened bring their own step back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QDialog, QLabel, QToolBar

from tabletop.document.commands import SetLatticeStep
from tabletop.io import load_map, save_map
from tabletop.model import Background, Map
from tabletop.samples import room_with_door, warehouse
from tabletop.ui.dialogs.lattice_step import LatticeStepDialog
from tests.ui.conftest import click

SHIFT = Qt.KeyboardModifier.ShiftModifier


def _open(window, map_: Map, path=None) -> None:
    window.document.replace_map(map_, path)
    window.view.resetTransform()
    window.view.scale(2.0, 2.0)
    window.view.centerOn(QPointF(100, 100))


def _step(window, step: float) -> None:
    window.document.undo_stack.push(SetLatticeStep(window.document, step))


def _drawn(qtbot, window, points) -> list[tuple[float, float]]:
    window.set_tool("P")
    for x, y in points:
        click(qtbot, window, x, y)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    return list(window.document.map.zones[-1].shape.points)


def _frame(window) -> QImage:
    image = QImage(window.view.viewport().size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    window.view.render(painter)
    painter.end()
    return image


def test_a_point_clicked_at_13_27_lands_at_15_25_with_step_5(qtbot, window):
    _open(window, Map(lattice_step=5))
    assert window.view.snapping.step == 5
    assert _drawn(qtbot, window, [(13, 27), (93, 31), (88, 104)]) == [(15.0, 25.0), (95.0, 30.0), (90.0, 105.0)]


def test_the_same_clicks_land_on_the_20_lattice_of_a_map_that_chose_none(qtbot, window):
    _open(window, Map())
    assert _drawn(qtbot, window, [(13, 27), (93, 31), (88, 104)]) == [(20.0, 20.0), (100.0, 40.0), (80.0, 100.0)]


def test_undo_brings_the_old_step_back_to_the_clicks_the_box_and_the_dots(qtbot, window):
    _open(window, Map())
    window.set_tool("P")
    at_20 = _frame(window)
    _step(window, 5)
    assert window.lattice.box.value() == 5 and window.view.snapping.step == 5
    at_5 = _frame(window)
    assert at_5 != at_20, "the dots are drawn at the new step"
    assert window.undo_action.text() == "&Undo Set the lattice step to 5"
    window.undo_action.trigger()
    assert window.document.map.lattice_step == 20 and window.view.snapping.step == 20
    assert window.lattice.box.value() == 20
    assert _frame(window) == at_20
    assert _drawn(qtbot, window, [(13, 27), (93, 31), (88, 104)])[0] == (20.0, 20.0)


def test_opening_another_map_takes_its_step(qtbot, window, tmp_path):
    save_map(Map(lattice_step=50), tmp_path / "blocks.tabletop")
    _open(window, Map(lattice_step=5))
    assert window.lattice.box.value() == 5
    _open(window, load_map(tmp_path / "blocks.tabletop"), tmp_path / "blocks.tabletop")
    assert window.view.snapping.step == 50 and window.lattice.box.value() == 50
    assert _drawn(qtbot, window, [(13, 27), (93, 31), (88, 104)]) == [(0.0, 50.0), (100.0, 50.0), (100.0, 100.0)]


def test_edit_lattice_step_shows_the_step_now_and_sets_the_chosen_one(qtbot, window, monkeypatch):
    _open(window, room_with_door())
    edit = window.menuBar().actions()[1].menu().actions()
    assert edit[edit.index(window.snap_action) + 1] is window.lattice.action
    assert window.lattice.action.text() == "Lattice &Step…"
    shown = []

    def exec_(dialog):
        shown.extend(label.text() for label in dialog.findChildren(QLabel))
        shown.append(dialog.step.text())
        dialog.step.setValue(12.5)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(LatticeStepDialog, "exec", exec_)
    window.lattice.action.trigger()
    assert "Drawn points land on a lattice every 20 map units on this map." in shown
    assert shown[-1] == "20 map units"
    assert window.document.map.lattice_step == 12.5 and window.lattice.box.text() == "Lattice 12.5"
    assert window.document.undo_stack.count() == 1 and window.document.modified


def test_cancelling_the_dialog_changes_nothing(qtbot, window, monkeypatch):
    _open(window, room_with_door())

    def exec_(dialog):
        dialog.step.setValue(50)
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(LatticeStepDialog, "exec", exec_)
    window.lattice.action.trigger()
    assert window.document.map.lattice_step == 20 and window.document.undo_stack.count() == 0


def test_the_toolbar_box_stands_beside_the_switch_and_its_arrows_in_a_row_are_one_undo_step(qtbot, window):
    _open(window, room_with_door())
    bar = next(bar for bar in window.findChildren(QToolBar) if window.snap_action in bar.actions())
    items = bar.actions()
    assert bar.widgetForAction(items[items.index(window.snap_action) + 1]) is window.lattice.box
    box = window.lattice.box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "50")
    assert window.document.map.lattice_step == 20, "nothing yet while typing"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.document.map.lattice_step == 50 and window.document.undo_stack.count() == 1
    for _ in range(3):
        qtbot.keyClick(box, Qt.Key.Key_Up)
    assert window.document.map.lattice_step == 53 and window.document.undo_stack.count() == 2, "the arrows: one more"
    window.document.undo_stack.undo()
    assert window.document.map.lattice_step == 50 and box.value() == 50
    window.document.undo_stack.undo()
    assert window.document.map.lattice_step == 20 and box.value() == 20


def test_arrow_keys_nudge_a_zone_by_the_maps_step(qtbot, window):
    _open(window, warehouse().model_copy(update={"lattice_step": 50.0}))
    before = window.document.get("zone", "z3").shape.points[0]
    window.set_tool("S")
    window.document.select([("zone", "z3")])
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Down, SHIFT)
    assert window.document.get("zone", "z3").shape.points[0] == (before[0] + 50, before[1] + 12.5)


def test_duplicate_sets_the_copy_two_of_the_maps_steps_aside(qtbot, window):
    _open(window, warehouse().model_copy(update={"lattice_step": 5.0}))
    first = window.document.get("zone", "z1").shape.points[0]
    window.document.select([("zone", "z1")])
    window.clipboard_actions[3].trigger()
    copy = window.document.map.zones[-1]
    assert copy.id != "z1" and copy.shape.points[0] == (first[0] + 10, first[1] + 10)


def test_the_background_is_nudged_by_the_maps_step(qtbot, window, tmp_path):
    plan = QImage(300, 150, QImage.Format.Format_RGB32)
    plan.fill(QColor("#336699"))
    assert plan.save(str(tmp_path / "plan.png"))
    map_ = room_with_door().model_copy(update={"background": Background(path="plan.png"), "lattice_step": 5.0})
    save_map(map_, tmp_path / "plan.tabletop")
    _open(window, map_, tmp_path / "plan.tabletop")
    qtbot.waitUntil(lambda: not window.scene.background.boundingRect().isEmpty())
    window.view.setFocus()
    window.tool_actions["I"].trigger()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Up, SHIFT)
    picture = window.document.map.background
    assert (picture.x, picture.y) == (5.0, -1.25)


@pytest.mark.parametrize("step", [20.0, 50.0])
def test_a_new_grid_puts_its_corner_on_the_maps_lattice(qtbot, window, step):
    _open(window, Map(lattice_step=step))
    window.set_tool("G")
    click(qtbot, window, 113, 127)
    x, y = window.document.map.grids[0].origin
    assert x % step == 0 and y % step == 0
