"""Edit ▸ Lattice Step…: the map's own lattice step, in map units, shown as it is now.

The dialog only answers with a step (or None when cancelled); the window makes the undoable
edit. The step box is shared with the toolbar's, so both read and refuse alike."""

from __future__ import annotations

import math

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QWidget

from tabletop.bounds import MAX_LATTICE_STEP, MIN_LATTICE_STEP
from tabletop.ui.plain import plain_label

TITLE = "Lattice Step"
STEP_DECIMALS = 2
"""Hundredths of a map unit: a plan's squares traced at a scale that is no whole number (37.5)."""

WIDTH_CHARACTERS = 64
"""The dialog's width in characters: each line of its text wraps once, not into a narrow column."""


class StepBox(QDoubleSpinBox):
    """A lattice step in map units, within the map file's bounds, written without trailing
    zeros ("20", "12.5"): the step is most often whole, and "20.00" reads as a measurement.

    A number typed past the bounds stays on screen as typed, and when the editing ends it is
    refused in one line (`refused`) and the box shows the step it had: cutting "5000" to the
    "500" the box's digits allow would set a step nobody typed. `stepping` is true while its
    arrows (keys, buttons or wheel) change the value, as against a number typed."""

    refused = Signal(str)

    def __init__(self, step: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(MIN_LATTICE_STEP, MAX_LATTICE_STEP)
        self.setDecimals(STEP_DECIMALS)
        self.setStepType(QDoubleSpinBox.StepType.AdaptiveDecimalStepType)  # 20 to 21, 100 to 110
        self.setValue(step)
        self.setKeyboardTracking(False)  # "50" typed is one step to 50, not one to 5 first
        self.stepping = False
        self._typed: str | None = None
        self.lineEdit().textEdited.connect(self._typing)
        self.editingFinished.connect(self._finished)

    def textFromValue(self, value: float) -> str:
        text = super().textFromValue(value)
        point = self.locale().decimalPoint()
        return text.rstrip("0").removesuffix(point) if point in text else text

    def validate(self, text: str, pos: int) -> object:
        state, text, pos = super().validate(text, pos)
        if state is QValidator.State.Invalid and self._number(text) is not None:
            state = QValidator.State.Intermediate  # kept as typed, refused when the editing ends
        return state, text, pos

    def stepBy(self, steps: int) -> None:
        self._typed = None
        self.stepping = True
        try:
            super().stepBy(steps)
        finally:
            self.stepping = False

    def past_bounds(self, typed: str | None = None) -> str | None:
        """The refusal of the number typed (by default the box's text), None when it is a step
        the map takes or no number at all."""
        number = self._number(self.text() if typed is None else typed)
        if number is None or MIN_LATTICE_STEP <= number <= MAX_LATTICE_STEP:
            return None
        return (
            f"Lattice step {number:g} refused: a map's step is {MIN_LATTICE_STEP:g} to {MAX_LATTICE_STEP:g} "
            f"map units; it stays {self.value():g}"
        )

    def _typing(self, text: str) -> None:
        self._typed = text

    def _finished(self) -> None:
        typed, self._typed = self._typed, None
        refusal = self.past_bounds(typed) if typed is not None else None
        if refusal is not None:
            self.refused.emit(refusal)

    def _number(self, text: str) -> float | None:
        """The number in the box's text, its prefix and suffix aside."""
        bare = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        bare = bare.replace(self.locale().groupSeparator(), "")
        if not bare or len(bare) > 40:
            return None
        number, ok = self.locale().toDouble(bare)
        return number if ok and math.isfinite(number) else None


class LatticeStepDialog(QDialog):
    """One step box, with a line saying what the step is now and one saying where it applies;
    a step past the bounds is refused in a red line and the dialog stays open."""

    def __init__(self, step: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.step = StepBox(step)
        self.step.setSuffix(" map units")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(plain_label(f"Drawn points land on a lattice every {self.step.text()} on this map.", wrap=True))
        form.addRow("New step", self.step)
        form.addRow(
            plain_label(
                "The step is saved with the map, the same for everyone who opens it. The arrow keys, "
                "Duplicate, Paste and the background's nudges move by it too.",
                wrap=True,
            )
        )
        self.problem = plain_label(wrap=True)
        self.problem.setStyleSheet("color: #c62828")
        form.addRow(self.problem)
        form.addRow(buttons)
        self._refused = False
        """A refusal said while the editing ended (Tab, or the Enter that also presses OK), until
        the GM changes the step: that Enter must not close the dialog with the old step."""
        self.step.refused.connect(self._refuse)
        self.step.lineEdit().textEdited.connect(self._forget_refusal)
        self.step.valueChanged.connect(self._forget_refusal)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * WIDTH_CHARACTERS)  # wrapped lines read whole
        self.step.setFocus()
        self.step.selectAll()

    def accept(self) -> None:
        refusal = self.step.past_bounds()  # OK pressed while the typed number is still in the box
        if refusal is not None:
            self._refuse(refusal)
        if self._refused:
            self._refused = False
            self.step.setFocus()
            self.step.selectAll()
            return
        self.step.interpretText()  # a number typed and not yet entered is the one chosen
        super().accept()

    def _refuse(self, refusal: str) -> None:
        self.problem.setText(refusal)
        self._refused = True

    def _forget_refusal(self, *_args) -> None:
        """The GM is correcting the step: the red line was about a number no longer there."""
        self.problem.clear()
        self._refused = False


def ask_lattice_step(parent: QWidget | None, step: float) -> float | None:
    """The step the GM chose, or None when the dialog was cancelled."""
    dialog = LatticeStepDialog(step, parent)
    return dialog.step.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
