"""File handling for the main window: new, open, save, save as, recent files, closing.

A failed open keeps the current map; a failed save leaves the document modified and says
why in one line. Recent files live in QSettings as a plain list of strings.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tabletop.document import MapDocument
from tabletop.io import EXTENSION, MapFileError, load_map, save_map
from tabletop.model import Map

RECENT_KEY = "recentFiles"
RECENT_MAX = 10
FILTER = f"Tabletop maps (*{EXTENSION});;All files (*)"


def recent_files(settings: QSettings) -> list[str]:
    value = settings.value(RECENT_KEY, [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in value or []]


def remember(settings: QSettings, path: Path) -> None:
    files = [str(path)] + [f for f in recent_files(settings) if f != str(path)]
    settings.setValue(RECENT_KEY, files[:RECENT_MAX])


class FileHandler:
    """The document's life on disk, with the dialogs a GM expects."""

    def __init__(self, window: QWidget, document: MapDocument, settings: QSettings) -> None:
        self.window, self.document, self.settings = window, document, settings

    def new(self) -> bool:
        if not self.may_discard():
            return False
        self.document.replace_map(Map(title="Untitled map"), None)
        return True

    def open(self, path: str | Path | None = None) -> bool:
        if path is None:
            if not self.may_discard():
                return False
            chosen, _ = QFileDialog.getOpenFileName(self.window, "Open map", self._folder(), FILTER)
            if not chosen:
                return False
            path = chosen
        elif not self.may_discard():
            return False
        try:
            map_ = load_map(path)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not open the map", str(error))
            return False
        self.document.replace_map(map_, Path(path))
        remember(self.settings, Path(path))
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._write(self.document.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self.window, "Save map as", self._folder(), FILTER)
            if not chosen:
                return False
            path = chosen if chosen.endswith(EXTENSION) else chosen + EXTENSION
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        try:
            save_map(self.document.map, path)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not save the map", str(error))
            return False
        if path != self.document.path:
            self.document.set_path(path)
        self.document.undo_stack.setClean()
        remember(self.settings, path)
        return True

    def may_discard(self) -> bool:
        """Ask before unsaved changes are lost: save them, throw them away, or stay."""
        if not self.document.modified:
            return True
        name = self.document.path.name if self.document.path else "this map"
        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"Save the changes to {name}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _folder(self) -> str:
        if self.document.path is not None:
            return str(self.document.path.parent)
        recent = recent_files(self.settings)
        return str(Path(recent[0]).parent) if recent else str(Path.cwd())
