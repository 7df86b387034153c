"""Edit ▸ Lattice Step…: 5000 typed and Tab pressed is refused in the red line; the GM then types
30 and presses Enter: the red line goes as soon as they type, and the dialog closes with 30. A
step past the bounds entered with Enter still keeps the dialog open."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from tabletop.ui.dialogs.lattice_step import LatticeStepDialog


def _dialog(qtbot) -> LatticeStepDialog:
    dialog = LatticeStepDialog(20)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()  # Tab moves the focus only in the active window
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.step.selectAll()
    return dialog


def test_the_refusal_goes_when_the_gm_types_and_enter_accepts_the_corrected_step(qtbot):
    dialog = _dialog(qtbot)
    qtbot.keyClicks(dialog.step, "5000")
    qtbot.keyClick(dialog.step, Qt.Key.Key_Tab)
    assert "5000 refused" in dialog.problem.text()
    dialog.step.setFocus()
    dialog.step.selectAll()
    qtbot.keyClicks(dialog.step, "3")
    assert dialog.problem.text() == "", "typing takes the refusal away"
    qtbot.keyClicks(dialog.step, "0")
    qtbot.keyClick(dialog.step, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and not dialog.isVisible()
    assert dialog.step.value() == 30


def test_5000_entered_with_enter_still_keeps_the_dialog_open(qtbot):
    dialog = _dialog(qtbot)
    qtbot.keyClicks(dialog.step, "5000")
    qtbot.keyClick(dialog.step, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert "5000 refused" in dialog.problem.text() and dialog.step.value() == 20


def test_arrows_after_a_refusal_take_it_away_too(qtbot):
    dialog = _dialog(qtbot)
    qtbot.keyClicks(dialog.step, "5000")
    qtbot.keyClick(dialog.step, Qt.Key.Key_Tab)
    dialog.step.setFocus()
    qtbot.keyClick(dialog.step, Qt.Key.Key_Up)
    assert dialog.problem.text() == ""
    qtbot.keyClick(dialog.step, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.step.value() == 21
