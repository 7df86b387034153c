"""The rows of the stress and aspect editor: a stress track's block (name, boxes, threshold,
and its boxes to mark) and a named number's row (an aspect with its free invokes, a
consequence with its shifts). Rows only show values and report the GM's edits; the editor
turns each edit into one undoable change of the object."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from tabletop.model import StressTrack
from tabletop.ui.docks.widgets import FlowLayout

BOX_SIZE = 26
BOX_STYLE = (
    "QPushButton { padding: 0px; }"
    "QPushButton:checked { background: #c0392b; color: white; font-weight: bold; border: 1px solid #7b241c; }"
    'QPushButton[over="true"] { color: #8a8a8a; border: 1px dashed #9e9e9e; }'
    'QPushButton[over="true"]:checked { background: #e6a59e; color: #4a1410; border: 1px dashed #7b241c; }'
)
"""A marked box reads as marked, not as a pressed button; a box above the threshold that counts
now is drawn dashed and pale: stress that high takes the owner out instead of marking it."""


def limits(model: type[BaseModel], field: str) -> tuple[int, int]:
    """The lowest and highest value the model allows for a number field, so a spin box offers
    what the model accepts and follows it when it changes."""
    low, high = 0, 1_000
    for rule in model.model_fields[field].metadata:
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    return low, high


def number_box(model: type[BaseModel], field: str, prefix: str = "", suffix: str = "") -> QSpinBox:
    """A spin box over a model field's range that reports a value once it is entered (Enter,
    leaving the box or an arrow), not at each typed digit: "12" is not an edit to 1 first."""
    box = QSpinBox()
    box.setRange(*limits(model, field))
    box.setPrefix(prefix)
    box.setSuffix(suffix)
    box.setKeyboardTracking(False)
    return box


def set_quietly(widget: QWidget, value) -> None:
    """Show a value without reporting it as the GM's edit; a line being typed keeps its cursor."""
    widget.blockSignals(True)
    if isinstance(widget, QLineEdit):
        if widget.text() != value:
            widget.setText(value)
            if not widget.hasFocus():
                widget.setCursorPosition(0)  # a long name shows its start
    else:
        widget.setValue(value)
    widget.blockSignals(False)


def remove_button(what: str) -> QPushButton:
    button = QPushButton("✕")
    button.setToolTip(f"Remove this {what}")
    button.setFixedWidth(button.fontMetrics().horizontalAdvance("✕") + 16)
    return button


class TrackBlock(QWidget):
    """One stress track: its name and remove button, its boxes and threshold, and a button per
    box to mark or clear. `renamed(text)`, `resized(boxes)`, `rethresholded(n)`,
    `toggled(box)` and `removed()` are the callbacks the editor gives."""

    def __init__(
        self,
        renamed: Callable[[str], None],
        resized: Callable[[int], None],
        rethresholded: Callable[[int], None],
        toggled: Callable[[int], None],
        removed: Callable[[], None],
    ) -> None:
        super().__init__()
        self._toggled = toggled
        self.name = QLineEdit()
        self.name.setPlaceholderText("track name")
        self.name.textEdited.connect(renamed)
        self.remove = remove_button("stress track")
        self.remove.clicked.connect(lambda _c=False: removed())
        self.boxes = number_box(StressTrack, "boxes", suffix=" boxes")
        self.boxes.setToolTip("How many boxes the track has")
        self.boxes.valueChanged.connect(resized)
        self.threshold = number_box(StressTrack, "threshold", prefix="threshold ")
        self.threshold.setToolTip("Stress higher than this takes the owner out")
        self.threshold.valueChanged.connect(rethresholded)
        self.defended = QLabel()
        self.defended.setTextFormat(Qt.TextFormat.PlainText)
        self.defended.setWordWrap(True)
        self.strip = QWidget()
        self.strip.setStyleSheet(BOX_STYLE)
        self.flow = FlowLayout(self.strip)
        self.buttons: list[QPushButton] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        grid.addWidget(self.name, 0, 0, 1, 2)
        grid.addWidget(self.remove, 0, 2)
        grid.addWidget(self.boxes, 1, 0)
        grid.addWidget(self.threshold, 1, 1, 1, 2)
        grid.addWidget(self.defended, 2, 0, 1, 3)
        grid.addWidget(self.strip, 3, 0, 1, 3)

    def fill(self, track: StressTrack) -> None:
        """Show a track; its box buttons are made again only when their number changes."""
        set_quietly(self.name, track.name)
        set_quietly(self.boxes, track.boxes)
        set_quietly(self.threshold, track.threshold)
        held = track.defended_threshold
        self.defended.setVisible(held is not None)
        self.defended.setText(f"A defense holds the threshold at {held} until the defender acts again.")
        if len(self.buttons) != track.boxes:
            self._make_buttons(track.boxes)
        counts = track.threshold_now
        for box, button in enumerate(self.buttons, start=1):
            button.setChecked(box in track.marked)
            over = box > counts
            if button.property("over") != over:
                button.setProperty("over", over)
                button.style().unpolish(button)
                button.style().polish(button)
            button.setToolTip(
                f"Box {box} is above the threshold ({counts}): stress this high takes the owner out. "
                "Click to mark or clear it"
                if over
                else f"Box {box}: click to mark or clear it"
            )

    def _make_buttons(self, count: int) -> None:
        while self.buttons and len(self.buttons) > count:
            button = self.buttons.pop()
            self.flow.removeWidget(button)
            button.hide()
            button.deleteLater()
        for box in range(len(self.buttons) + 1, count + 1):
            button = QPushButton(str(box))
            button.setCheckable(True)
            button.setFixedSize(BOX_SIZE, BOX_SIZE)
            button.setProperty("over", False)
            button.clicked.connect(lambda _c=False, b=box: self._toggled(b))
            self.flow.addWidget(button)
            self.buttons.append(button)
        self.strip.updateGeometry()


class NamedNumber(QWidget):
    """An aspect with its free invokes, or a consequence with its shifts: a name, a number and
    a remove button on one line that fits a narrow dock."""

    def __init__(
        self,
        what: str,
        number: QSpinBox,
        renamed: Callable[[str], None],
        renumbered: Callable[[int], None],
        removed: Callable[[], None],
    ) -> None:
        super().__init__()
        self.name = QLineEdit()
        self.name.setPlaceholderText(f"{what} name")
        self.name.textEdited.connect(renamed)
        self.number = number
        self.number.valueChanged.connect(renumbered)
        self.remove = remove_button(what)
        self.remove.clicked.connect(lambda _c=False: removed())
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.name, 1)
        row.addWidget(self.number)
        row.addWidget(self.remove)

    def fill(self, name: str, number: int) -> None:
        set_quietly(self.name, name)
        set_quietly(self.number, number)
