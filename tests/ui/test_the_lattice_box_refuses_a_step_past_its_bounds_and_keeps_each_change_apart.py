"""The toolbar's lattice box: a number typed past the map's bounds (1 to 1000) is refused in the
status line and the box shows the map's step again, never a step cut to the box's digits; the
dialog refuses it in its own line and stays open. Each committed change is one undo step: a
number typed after the arrows is not merged into their step, nor arrows after an edit ended."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from tabletop.model import MAX_LATTICE_STEP
from tabletop.samples import room_with_door
from tabletop.ui.dialogs.lattice_step import LatticeStepDialog


def _type(qtbot, box, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_5000_typed_is_refused_with_a_line_and_the_box_shows_the_maps_step(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    box = window.lattice.box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "5000")
    assert box.text() == "Lattice 5000", "kept as typed, not cut to 500"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.document.map.lattice_step == 20 and window.document.undo_stack.count() == 0
    assert box.text() == "Lattice 20"
    line = window.statusBar().currentMessage()
    assert "5000" in line and f"{MAX_LATTICE_STEP:g}" in line and "stays 20" in line


def test_a_step_within_the_bounds_still_goes_through(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    _type(qtbot, window.lattice.box, "1000")
    assert window.document.map.lattice_step == 1000
    _type(qtbot, window.lattice.box, "0")
    assert window.document.map.lattice_step == 1000, "below the bounds: refused too"
    assert "stays 1000" in window.statusBar().currentMessage()


def test_a_number_typed_after_the_arrows_is_its_own_undo_step(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    box, stack = window.lattice.box, window.document.undo_stack
    box.setFocus()
    for _ in range(2):
        qtbot.keyClick(box, Qt.Key.Key_Up)
    assert window.document.map.lattice_step == 22 and stack.count() == 1
    _type(qtbot, box, "35")
    assert window.document.map.lattice_step == 35 and stack.count() == 2
    stack.undo()
    assert window.document.map.lattice_step == 22 and box.value() == 22, "the arrows' step is left whole"
    stack.undo()
    assert window.document.map.lattice_step == 20


def test_arrows_after_an_edit_ended_are_a_new_undo_step(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    box, stack = window.lattice.box, window.document.undo_stack
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Up)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # the editing ends
    qtbot.keyClick(box, Qt.Key.Key_Up)
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert window.document.map.lattice_step == 23 and stack.count() == 2
    stack.undo()
    assert window.document.map.lattice_step == 21


def test_the_dialog_refuses_5000_in_its_own_line_and_stays_open(qtbot):
    dialog = LatticeStepDialog(20)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.step.selectAll()
    qtbot.keyClicks(dialog.step, "5000")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert "5000" in dialog.problem.text() and "stays 20" in dialog.problem.text()
    dialog.step.selectAll()
    qtbot.keyClicks(dialog.step, "40")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.step.value() == 40
