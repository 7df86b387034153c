"""File ▸ Set Background Image: choose the picture a GM traces zones over, and where it lies.

The dialog only answers with a Background (or None when cancelled); the window makes the
undoable edit. The path is written relative to the map file, so map and picture move together.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from tabletop.model import Background
from tabletop.render.background import background_path, relative_path

PICTURES = "Pictures (*.png *.jpg *.jpeg *.webp *.bmp *.gif);;All files (*)"


class BackgroundDialog(QDialog):
    """Picture file, position (x, y in map units), scale (map units per pixel) and opacity,
    with a line saying what the values mean: how big the picture lies on the map, and where."""

    def __init__(
        self,
        parent: QWidget | None = None,
        map_path: str | os.PathLike[str] | None = None,
        current: Background | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Set Background Image")
        self.map_path = Path(map_path) if map_path is not None else None
        self.path = QLineEdit(current.path if current else "")
        self.path.setPlaceholderText("a scanned or painted map")
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        self.x = self._number(-1e6, 1e6, current.x if current else 0.0, 1)
        self.y = self._number(-1e6, 1e6, current.y if current else 0.0, 1)
        self.scale = self._number(0.001, 1000.0, current.scale if current else 1.0, 3)
        self.scale.setSuffix(" units per pixel")
        self.opacity = self._number(0.0, 100.0, (current.opacity if current else 1.0) * 100, 0)
        self.opacity.setSuffix(" %")
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Picture", row)
        form.addRow("Left (x)", self.x)
        form.addRow("Top (y)", self.y)
        form.addRow("Scale", self.scale)
        form.addRow("Opacity", self.opacity)
        form.addRow(self.preview)
        form.addRow(self.buttons)
        for field in (self.x, self.y, self.scale, self.opacity):
            field.valueChanged.connect(self._update)
        self.path.textChanged.connect(self._update)
        self._update()

    def _number(self, low: float, high: float, value: float, decimals: int) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(low, high)
        box.setDecimals(decimals)
        box.setValue(value)
        box.setAlignment(Qt.AlignmentFlag.AlignRight)
        return box

    def _browse(self) -> None:
        start = str(self._file().parent if self.path.text() else (self.map_path.parent if self.map_path else ""))
        chosen, _ = QFileDialog.getOpenFileName(self, "Background Image", start, PICTURES)
        if chosen:
            self.path.setText(relative_path(chosen, self.map_path))

    def _file(self) -> Path:
        folder = self.map_path.parent if self.map_path is not None else None
        return background_path(Background(path=self.path.text().strip() or "."), folder)

    def problem(self) -> str | None:
        """Why the values cannot be taken, in one line; None when they can."""
        if not self.path.text().strip():
            return "Choose a picture file."
        reader = QImageReader(str(self._file()))
        if not self._file().is_file():
            return f"No picture at {self._file()}."
        if not reader.canRead():
            return f"{self._file().name} is not a picture Tabletop can read."
        return None

    def _update(self) -> None:
        problem = self.problem()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)
        if problem is not None:
            self.preview.setText(problem)
            return
        size = QImageReader(str(self._file())).size()
        scale = self.scale.value()
        self.preview.setText(
            f"{size.width()} x {size.height()} px, lying {size.width() * scale:g} x {size.height() * scale:g} "
            f"map units from ({self.x.value():g}, {self.y.value():g}), {self.opacity.value():.0f}% opaque."
        )

    def background(self) -> Background | None:
        """The values as a Background; None while they cannot be taken."""
        if self.problem() is not None:
            return None
        return Background(
            path=self.path.text().strip(),
            x=self.x.value(),
            y=self.y.value(),
            scale=self.scale.value(),
            opacity=self.opacity.value() / 100,
        )


def choose_background(
    parent: QWidget | None, map_path: str | os.PathLike[str] | None, current: Background | None
) -> Background | None:
    """Ask for the background picture; None when the GM cancels."""
    dialog = BackgroundDialog(parent, map_path, current)
    try:
        return dialog.background() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
