"""Map ▸ Set Background Image: choose the picture a GM traces zones over, and where it lies.

The dialog only answers with a Background (or None when cancelled); the window makes the
undoable edit. While it is open the map window shows the picture as the fields say (a Preview
handed to `preview`), so the GM places it by eye; Cancel leaves the map's picture as it was.
A map's pictures are kept in its folder, so map and pictures travel together: a picture chosen
from elsewhere is copied beside the map (the GM is asked first, and nothing there is
replaced), and a map never saved is saved first, to have a folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QWidget,
)

from tabletop.io.pictures import PictureRefused, copy_beside, written_path
from tabletop.model import Background
from tabletop.render.pictures import picture_at
from tabletop.ui.scene.background import PLACE_DECIMALS, SCALE_DECIMALS, Preview

Button = QMessageBox.StandardButton
PICTURES = "Pictures (*.png *.jpg *.jpeg *.webp *.bmp *.gif *.svg);;All files (*)"
TITLE = "Set Background Image"


class BackgroundDialog(QDialog):
    """Picture file, position (x, y in map units), scale (map units per pixel) and opacity,
    with a line saying what the values mean: how big the picture lies on the map, and where."""

    def __init__(
        self,
        parent: QWidget | None = None,
        map_path: str | os.PathLike[str] | None = None,
        current: Background | None = None,
        preview: Callable[[Preview | None], None] | None = None,
    ) -> None:
        """`preview`: shown each try of the fields (a Preview), and None when the map's own
        picture is to show again (a field the picture cannot be drawn from, the dialog closed)."""
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.show_preview = preview
        self.map_path = Path(map_path) if map_path is not None else None
        self.folder = Path(os.path.realpath(self.map_path.parent)) if self.map_path is not None else None
        self.path = QLineEdit(current.path if current else "")
        self.path.setPlaceholderText("a scanned or painted map")
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        self.x = self._number(-1e6, 1e6, current.x if current else 0.0, PLACE_DECIMALS)
        self.y = self._number(-1e6, 1e6, current.y if current else 0.0, PLACE_DECIMALS)
        self.scale = self._number(0.001, 1000.0, current.scale if current else 1.0, SCALE_DECIMALS)
        self.scale.setSuffix(" units per pixel")
        self.scale.setStepType(QDoubleSpinBox.StepType.AdaptiveDecimalStepType)  # 0.05 steps to 0.051, not 1.05
        self.opacity = self._number(0.0, 100.0, (current.opacity if current else 1.0) * 100, 0)
        self.opacity.setSuffix(" %")
        self.preview = QLabel()
        self.preview.setTextFormat(Qt.TextFormat.PlainText)  # it names the chosen file
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
        start = str(self._file().parent if self.path.text().strip() else self.folder or "")
        chosen, _ = QFileDialog.getOpenFileName(self, "Background Image", start, PICTURES)
        if chosen:
            inside = written_path(chosen, self.folder) if self.folder is not None else None
            self.path.setText(inside or chosen)

    def _file(self) -> Path:
        """The file the path names: from the map's folder when it is written from there, else
        as the GM typed or chose it (a picture to copy beside the map)."""
        typed = Path(os.path.expanduser(self.path.text().strip() or "."))
        return Path(os.path.realpath(typed if self.folder is None else self.folder / typed))

    def _written(self) -> str | None:
        """The path the map writes for the picture; None while it is outside the map's folder."""
        return written_path(self._file(), self.folder) if self.folder is not None else None

    def problem(self) -> str | None:
        """Why the values cannot be taken, in one line; None when they can."""
        if not self.path.text().strip():
            return "Choose a picture file."
        if not self._file().exists():
            return f"No picture at {self._file()}."
        image, problem = picture_at(self._file(), "The picture", hard_links=self._written() is None)
        return problem if image is None else None

    def _update(self) -> None:
        problem = self.problem()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)
        if problem is not None:
            self.preview.setText(problem)
            self._show(None)
            return
        image, _ = picture_at(self._file(), "The picture", hard_links=self._written() is None)
        scale = self.scale.value()
        self._show(Preview(image, self.x.value(), self.y.value(), scale, self.opacity.value() / 100))
        outside = "" if self._written() is not None else " Outside the map's folder: OK copies it beside the map."
        self.preview.setText(
            f"{image.width()} x {image.height()} px, lying {image.width() * scale:g} x {image.height() * scale:g} "
            f"map units from ({self.x.value():g}, {self.y.value():g}), {self.opacity.value():.0f}% opaque.{outside}"
        )

    def _show(self, preview: Preview | None) -> None:
        if self.show_preview is not None:
            self.show_preview(preview)

    def done(self, result: int) -> None:
        """However it closes (OK, Cancel, Esc, the window's close), the map shows its own
        picture again: after OK the window's edit puts the chosen one there."""
        self._show(None)
        super().done(result)

    def accept(self) -> None:
        """A picture from outside the map's folder is copied beside the map first, if the GM
        agrees; the dialog stays open otherwise."""
        if self.problem() is None and self._written() is None and not self._copied_beside():
            return
        super().accept()

    def _copied_beside(self) -> bool:
        picture = self._file()
        answer = ask(
            self,
            "Copy the picture beside the map?",
            f"{picture.name} is not in the map's folder, {self.folder}. A map's pictures are kept in its "
            "folder, so the map and its pictures travel together. Copy it there? (Nothing there is replaced.)",
            Button.Yes | Button.Cancel,
        )
        if answer != Button.Yes:
            return False
        try:
            written, _ = copy_beside(picture, self.folder)
        except PictureRefused as refused:
            ask(self, "Could not copy the picture", f"The picture {refused}", Button.Ok, QMessageBox.Icon.Warning)
            return False
        self.path.setText(written)
        return True

    def background(self) -> Background | None:
        """The values as a Background; None while they cannot be taken (or the picture is still
        outside the map's folder)."""
        written = self._written()
        if self.problem() is not None or written is None:
            return None
        return Background(
            path=written,
            x=self.x.value(),
            y=self.y.value(),
            scale=self.scale.value(),
            opacity=self.opacity.value() / 100,
        )


def choose_background(
    parent: QWidget | None,
    map_path: str | os.PathLike[str] | None,
    current: Background | None,
    save: Callable[[], Path | None] | None = None,
    preview: Callable[[Preview | None], None] | None = None,
) -> Background | None:
    """Ask for the background picture; None when the GM cancels. A map never saved has no
    folder to keep its picture in: it is saved first (`save` answers where, None when the GM
    cancelled), or the GM is told to save it when there is no `save` to offer. `preview` as
    BackgroundDialog takes it."""
    if map_path is None:
        map_path = _saved_first(parent, save)
        if map_path is None:
            return None
    dialog = BackgroundDialog(parent, map_path, current, preview)
    try:
        return dialog.background() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def _saved_first(parent: QWidget | None, save: Callable[[], Path | None] | None) -> Path | None:
    why = "A map's pictures are kept in its folder, beside the map file"
    if save is None:
        ask(parent, TITLE, f"Save the map first. {why}.", Button.Ok, QMessageBox.Icon.Information)
        return None
    answer = ask(parent, TITLE, f"{why}: save the map first?", Button.Save | Button.Cancel)
    return save() if answer == Button.Save else None


def ask(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton,
    icon: QMessageBox.Icon = QMessageBox.Icon.Question,
) -> QMessageBox.StandardButton:
    """A question (or a note) in plain text: a file's or a folder's name is never read as
    markup. Its default is the answer that goes on (Yes, Save or Ok), never Cancel."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(next(b for b in (Button.Yes, Button.Save, Button.Ok) if buttons & b))
    return Button(box.exec())
