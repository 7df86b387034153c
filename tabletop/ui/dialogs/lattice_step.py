"""Edit ▸ Lattice Step…: the map's own lattice step, in map units, shown as it is now.

The dialog only answers with a step (or None when cancelled); the window makes the undoable
edit. The step box is shared with the toolbar's, so both read and refuse alike."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QWidget

from tabletop.model import MAX_LATTICE_STEP, MIN_LATTICE_STEP
from tabletop.ui.plain import plain_label

TITLE = "Lattice Step"
STEP_DECIMALS = 2
"""Hundredths of a map unit: a plan's squares traced at a scale that is no whole number (37.5)."""

WIDTH_CHARACTERS = 64
"""The dialog's width in characters: each line of its text wraps once, not into a narrow column."""


class StepBox(QDoubleSpinBox):
    """A lattice step in map units, within the map file's bounds, written without trailing
    zeros ("20", "12.5"): the step is most often whole, and "20.00" reads as a measurement."""

    def __init__(self, step: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(MIN_LATTICE_STEP, MAX_LATTICE_STEP)
        self.setDecimals(STEP_DECIMALS)
        self.setStepType(QDoubleSpinBox.StepType.AdaptiveDecimalStepType)  # 20 to 21, 100 to 110
        self.setValue(step)

    def textFromValue(self, value: float) -> str:
        text = super().textFromValue(value)
        point = self.locale().decimalPoint()
        return text.rstrip("0").removesuffix(point) if point in text else text


class LatticeStepDialog(QDialog):
    """One step box, with a line saying what the step is now and one saying where it applies."""

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
        form.addRow(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * WIDTH_CHARACTERS)  # wrapped lines read whole
        self.step.setFocus()
        self.step.selectAll()


def ask_lattice_step(parent: QWidget | None, step: float) -> float | None:
    """The step the GM chose, or None when the dialog was cancelled."""
    dialog = LatticeStepDialog(step, parent)
    return dialog.step.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
