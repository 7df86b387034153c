"""The filter box above the Zones and Tokens lists: a GM finds one zone of 100k by typing
part of its name or id, and sees how many rows match."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPalette
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

from tabletop.ui.actions import icon


class FilterBox(QLineEdit):
    """The filter's text: Esc empties it (and, empty, hands the keys back to the list), Enter
    goes to the first match, Down walks into the list."""

    entered = Signal()
    left = Signal()
    focused = Signal()
    """The GM is about to type: the list prepares its labels now rather than at the first key."""

    def __init__(self, noun: str) -> None:
        super().__init__()
        self.setPlaceholderText(f"Filter {noun}s by name or id")
        self.setToolTip(f"Shows only the {noun}s whose name or id holds this text (Esc empties it)")
        clear = self.addAction(icon("clear"), QLineEdit.ActionPosition.TrailingPosition)
        clear.setToolTip("Empty the filter")
        clear.triggered.connect(self.clear)
        self.textChanged.connect(lambda text: clear.setVisible(bool(text)))
        clear.setVisible(False)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.focused.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Escape and self.text():
            self.clear()
        elif key in (Qt.Key.Key_Escape, Qt.Key.Key_Down):
            self.left.emit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.entered.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


class FilterBar(QWidget):
    """The box and, under it, the count of rows shown: "312 of 99,846 zones"."""

    def __init__(self, noun: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.noun = noun
        self.box = FilterBox(noun)
        self.count = QLabel()
        self.count.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 2)
        layout.setSpacing(2)
        layout.addWidget(self.box)
        layout.addWidget(self.count)

    def show_count(self, shown: int, total: int) -> None:
        noun = self.noun if total == 1 else f"{self.noun}s"
        filtered = bool(self.box.text().strip())
        self.count.setText(f"{shown:,} of {total:,} {noun}" if filtered else f"{total:,} {noun}")
