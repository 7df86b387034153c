"""File handling for the main window: new, open, save, save as, recent files, closing.

A failed open keeps the current map; a failed save, whatever its cause, leaves the document
modified and the window open and says why in a dialog. A file another program changed since
it was opened is not overwritten without asking. Recent files live in QSettings as a list
of absolute paths, so a restart from another folder finds them.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tabletop.document import MapDocument
from tabletop.document.commands import SetBackground
from tabletop.geometry.sidecar import Sidecar
from tabletop.io import EXTENSION, FileChangedError, FileStamp, MapFileError, save_map
from tabletop.model import Map
from tabletop.render.background import background_path, relative_path
from tabletop.ui.actions import say
from tabletop.ui.opening import Opening, busy, read_map

RECENT_KEY = "recentFiles"
RECENT_MAX = 10
FILTER = f"Tabletop maps (*{EXTENSION});;All files (*)"
Button = QMessageBox.StandardButton
CHANGED_CHOICES = ((Button.Save, "Overwrite"), (Button.SaveAll, "Save As…"), (Button.Discard, "Reload"))
"""The answers to "changed on disk": the standard buttons carry the GM's words."""


def absolute(path: str | os.PathLike[str]) -> Path:
    """A path that means the same file from any folder (links are kept: saving follows them)."""
    return Path(os.path.abspath(os.path.expanduser(os.fspath(path))))


def recent_files(settings: QSettings) -> list[str]:
    value = settings.value(RECENT_KEY, [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in value or []]


def remember(settings: QSettings, path: Path) -> None:
    text = str(absolute(path))
    files = [text] + [f for f in recent_files(settings) if f != text]
    settings.setValue(RECENT_KEY, files[:RECENT_MAX])


def choose(window: QWidget, title: str, text: str, choices: tuple[tuple[Button, str], ...]) -> Button:
    """Ask with buttons named for what they do; Cancel is always one of them."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, Button.Cancel, window)
    for button, label in choices:
        box.addButton(button)
        box.button(button).setText(label)
    box.setDefaultButton(Button.Cancel)
    return Button(box.exec())


class FileHandler:
    """The document's life on disk, with the dialogs a GM expects."""

    def __init__(self, window: QWidget, document: MapDocument, settings: QSettings) -> None:
        self.window, self.document, self.settings = window, document, settings
        self.stamp: tuple[Path, FileStamp] | None = None
        """The file the map was read from or last saved to, as it was then."""

    def new(self) -> bool:
        if not self.may_discard():
            return False
        self.document.replace_map(Map(title="Untitled map"), None)
        self.stamp = None
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
        return self._load(absolute(path))

    def _load(self, path: Path) -> bool:
        try:
            return self.read_and_show(path)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not open the map", str(error))
            return False

    def read_and_show(self, path: Path, begun: tuple[bytes, os.stat_result, Sidecar] | None = None) -> bool:
        """Read the map at `path` and show it, the reading's progress shown (ui/opening.py);
        False when the GM cancelled. A file that cannot be read raises MapFileError, the map
        on screen kept. `begun`: the file read and its layout's process started already
        (ui/app.py: `begin_read`, as `tabletop FILE` starts)."""
        with self.window.later.held():  # the map's first frame before the parts built after one
            return self._read_and_show(path, begun)

    def _read_and_show(self, path: Path, begun: tuple[bytes, os.stat_result, Sidecar] | None) -> bool:
        opening = Opening(self.window, path)
        try:
            # the map on screen holds back its deferred steps until replaced: the dialog's last
            # events (laying_out) would otherwise build its zone graph as it goes
            with self.document.preparation_held():
                # a big map laid out meanwhile in a second process
                helper, read = (begun[2], begun[:2]) if begun is not None else (Sidecar(), None)
                loaded = read_map(opening, path, helper, read)
                if loaded is None:
                    say(self.window, f"Opening {path.name} cancelled: the map is as it was")
                    return False
                opening.laying_out(loaded[0])
                self.show_loaded(path, *loaded)
            return True
        finally:
            opening.close()

    def source_stamp(self) -> FileStamp | None:
        """The stamp of the file the map came from, for the recovery note."""
        if self.stamp is not None and self.stamp[0] == self.document.path:
            return self.stamp[1]
        return None

    def show_loaded(self, path: str | Path, map_: Map, stamp: FileStamp) -> None:
        """Put a map read by load_map_stamped in the window (also for `tabletop FILE`): the
        path made absolute, the file's stamp kept for the next save, the file remembered."""
        path = absolute(path)
        self.document.replace_map(map_, path)
        self.stamp = (path, stamp)
        remember(self.settings, path)

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._write(absolute(self.document.path))

    def save_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self.window, "Save map as", self._folder(), FILTER)
            if not chosen:
                return False
            path = chosen if chosen.endswith(EXTENSION) else chosen + EXTENSION
        return self._write(absolute(path))

    def _write(self, path: Path) -> bool:
        """Save, or say why not and keep everything as it was; True only when the map is on disk."""
        expected = self.stamp[1] if self.stamp is not None and self.stamp[0] == path else None
        try:
            self._keep_background_beside(path)
            with busy():
                stamp = save_map(self.document.map, path, expected=expected)
        except FileChangedError as error:
            return self._changed_on_disk(path, error)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not save the map", str(error))
            return False
        except Exception as error:  # no failure, even a bug, may close the window on unsaved work
            problem = MapFileError(path, f"could not be saved ({type(error).__name__}: {error})")
            QMessageBox.warning(self.window, "Could not save the map", str(problem))
            return False
        self.stamp = (path, stamp)
        if path != self.document.path:
            self.document.set_path(path)
        self.document.undo_stack.setClean()
        remember(self.settings, path)
        return True

    def _keep_background_beside(self, path: Path) -> None:
        """The background picture's path is written relative to the map file: saved in another
        folder (or for the first time), the map must still find its picture."""
        background = self.document.map.background
        if background is None:
            return
        old = self.document.path.parent if self.document.path else None
        picture = background_path(background, old)
        if not picture.exists():
            return  # a missing picture keeps its path as typed, to be put back by the GM
        moved = relative_path(picture, path)
        if moved == background.path:
            return
        try:
            kept = background.model_copy(update={"path": moved})
        except ValueError:  # the way from the new folder to the picture passes a name no map line may hold
            raise MapFileError(
                path, "cannot keep its background picture: the way to it from here holds a control character"
            ) from None
        self.document.undo_stack.push(SetBackground(self.document, kept))

    def _changed_on_disk(self, path: Path, error: FileChangedError) -> bool:
        answer = choose(
            self.window,
            "Changed on disk",
            f"{error}. Overwrite it with this map, save this map under another name, or reload the file "
            "from disk (losing the changes made here)?",
            CHANGED_CHOICES,
        )
        if answer == Button.Save:
            self.stamp = None  # the GM chose this map over the file on disk
            return self._write(path)
        if answer == Button.SaveAll:
            return self.save_as()
        if answer == Button.Discard:
            self._load(path)
            return False  # nothing was saved: the window shows the file as it now is
        return False

    def may_discard(self) -> bool:
        """Ask before unsaved changes are lost: save them, throw them away, or stay."""
        if not self.document.modified:
            return True
        name = self.document.path.name if self.document.path else "this map"
        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"Save the changes to {name}?",
            Button.Save | Button.Discard | Button.Cancel,
            Button.Save,
        )
        if answer == Button.Save:
            return self.save()
        return answer == Button.Discard

    def _folder(self) -> str:
        if self.document.path is not None:
            return str(self.document.path.parent)
        recent = recent_files(self.settings)
        return str(Path(recent[0]).parent) if recent else str(Path.cwd())
