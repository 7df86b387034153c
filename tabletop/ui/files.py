"""File handling for the main window: new, open, save, save as, recent files, closing.

A failed open keeps the current map; a failed save, whatever its cause, leaves the document
modified and the window open and says why in a dialog. A file another program changed since
it was opened is not overwritten without asking. Recent files live in QSettings as a list
of absolute paths, so a restart from another folder finds them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject, SetBackground
from tabletop.io import EXTENSION, FileChangedError, FileStamp, MapFileError, save_map
from tabletop.io.pack import GMS_COPY, carry_pictures, pack_map
from tabletop.io.pictures import PictureNotCopied, PictureRefused, copy_beside, picture_file
from tabletop.io.pictures_outside import brought_in, outside_source, set_aside
from tabletop.io.read import read_regular
from tabletop.io.session import SESSION_EXTENSION, is_session
from tabletop.model import Background, Map
from tabletop.ui.actions import say
from tabletop.ui.opening import Opening, busy, read_map
from tabletop.ui.plain import shown_plain
from tabletop.ui.registry import Act, ActionRegistry

RECENT_KEY = "recentFiles"
RECENT_MAX = 10
FILTER = (
    f"Tabletop maps and sessions (*{EXTENSION} *{SESSION_EXTENSION});;Tabletop maps (*{EXTENSION});;"
    f"Tabletop sessions (*{SESSION_EXTENSION});;All files (*)"
)
Button = QMessageBox.StandardButton
CHANGED_CHOICES = ((Button.Save, "Overwrite"), (Button.SaveAll, "Save As…"), (Button.Discard, "Reload"))
"""The answers to "changed on disk": the standard buttons carry the GM's words."""


def absolute(path: str | os.PathLike[str]) -> Path:
    """A path that means the same file from any folder (links are kept: saving follows them)."""
    return Path(os.path.abspath(os.path.expanduser(os.fspath(path))))


def _remove(*copied: Path | None) -> None:
    """Pictures copied for a save that then failed: taken back, so nothing is left behind."""
    for file in copied:
        if file is not None:
            file.unlink(missing_ok=True)


def recent_files(settings: QSettings) -> list[str]:
    value = settings.value(RECENT_KEY, [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in value or []]


def remember(settings: QSettings, path: Path) -> None:
    text = str(absolute(path))
    files = [text] + [f for f in recent_files(settings) if f != text]
    settings.setValue(RECENT_KEY, files[:RECENT_MAX])


def may_lose(window: QWidget, question: str, save: Callable[[], bool]) -> bool:
    """Ask before unsaved work is lost: save it (True once saved), throw it away (True), or stay
    (False)."""
    answer = QMessageBox.question(
        window, "Unsaved changes", shown_plain(question), Button.Save | Button.Discard | Button.Cancel, Button.Save
    )
    if answer == Button.Save:
        return save()
    return answer == Button.Discard


def choose(window: QWidget, title: str, text: str, choices: tuple[tuple[Button, str], ...]) -> Button:
    """Ask with buttons named for what they do; Cancel is always one of them."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, Button.Cancel, window)
    box.setTextFormat(Qt.TextFormat.PlainText)  # a file's name is shown as spelled
    for button, label in choices:
        box.addButton(button)
        box.button(button).setText(label)
    box.setDefaultButton(Button.Cancel)
    return Button(box.exec())


class FileHandler:
    """The document's life on disk, with the dialogs a GM expects, over `window` (a main window:
    its status bar says what happened). `held` holds back the window's parts built after a first
    frame while a map is read (AfterFirstFrame.held)."""

    def __init__(
        self,
        window: QWidget,
        document: MapDocument,
        settings: QSettings,
        held: Callable[[], AbstractContextManager] = nullcontext,
        registry: ActionRegistry | None = None,
    ) -> None:
        self.window, self.document, self.settings, self.held = window, document, settings, held
        self.stamp: tuple[Path, FileStamp] | None = None
        """The file the map was read from or last saved to, as it was then."""
        self.scenes = None
        """The session's controls (ui/scenes.py), once built: a session's scenes are saved, asked
        about and left through them."""
        if registry is not None:
            registry.register(Act("file.pack", "Pac&k for Sharing…", lambda: self.pack_for_sharing()))

    def pack_for_sharing(self, out: str | Path | None = None) -> bool:
        """File ▸ Pack for Sharing…: the map as it is now and its pictures in one .zip (io/pack.py),
        the GM's copy whole: the title of the file chooser says so, as a pack is for another GM
        or another computer; the players get a players' copy from File ▸ Export."""
        if self.document.path is None:
            say(self.window, "Save the map first: a pack holds the pictures of the map's folder")
            return False
        path = self.document.path
        if out is None:
            start = str(path.with_suffix(".zip"))
            title = "Pack for Sharing: the GM's copy, with notes, hidden tokens and every handout"
            out, _ = QFileDialog.getSaveFileName(self.window, title, start, "Zip archives (*.zip)")
            if not out:
                return False
        out = Path(out) if str(out).lower().endswith(".zip") else Path(f"{out}.zip")
        try:
            with busy():
                packed = pack_map(self.document.map, path.name, path.parent, out)
        except MapFileError as error:
            QMessageBox.warning(self.window, "Could not pack the map", shown_plain(str(error)))
            return False
        if packed.left_out:
            left = "\n".join(packed.left_out[:10])
            QMessageBox.warning(
                self.window, "Pictures left out", shown_plain(f"{out.name} holds {packed.summary()}.\n{left}")
            )
        say(self.window, f"Packed {out.name}: {packed.summary()} — {GMS_COPY} (File ▸ Export…)")
        return True

    @property
    def in_session(self) -> bool:
        return self.scenes is not None and self.scenes.session is not None

    def new(self) -> bool:
        if not self.may_discard():
            return False
        self.window.statusBar().clearMessage()  # the old map's last word is not about the new one
        if self.scenes is not None:
            self.scenes.close_session()
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
        if is_session(path):
            scenes = self.scenes or getattr(self.window, "scenes", None)  # the window's part, built if need be
            opened = scenes is not None and scenes.open_session(absolute(path))
            if opened:
                remember(self.settings, absolute(path))
            return opened
        return self._load(absolute(path))

    def _load(self, path: Path) -> bool:
        try:
            return self.read_and_show(path)
        except MapFileError as error:
            if self.picture_outside(path):
                return True
            QMessageBox.warning(self.window, "Could not open the map", shown_plain(str(error)))
            return False

    def picture_outside(self, path: Path) -> bool:
        """A map refused only for a background picture outside its folder (older Tabletops
        wrote such paths): the GM opens it without the picture or has the picture copied in;
        False when that is not the fault, or the GM cancels."""
        try:
            raw, info = read_regular(path)
        except MapFileError:
            return False
        found = set_aside(raw, path)
        if found is None:
            return False
        map_, background, problem = found
        source = outside_source(background, path)
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("The background picture is outside the map's folder")
        box.setTextFormat(Qt.TextFormat.PlainText)
        where = f"It names {source}." if source is not None else "It names a picture in a home folder, never copied."
        box.setText(
            f"{path.name}: background picture {problem}.\n\n{where}\n\nTabletop shows only pictures kept with "
            "the map, so a map someone sends cannot show a picture from elsewhere on your computer. Copy it only "
            "if this is your own map."
        )
        copy = box.addButton("Copy the Picture Here", QMessageBox.ButtonRole.AcceptRole)
        copy.setEnabled(source is not None)
        without = box.addButton("Open Without It", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(without)  # Enter never copies a file a map someone sent has named
        box.exec()
        if box.clickedButton() not in (copy, without):
            return False
        self.show_loaded(path, map_, FileStamp.of(info, raw))
        if box.clickedButton() is without:
            self.document.undo_stack.resetClean()  # the file still names the picture: saving drops it
            say(self.window, f"Opened without its background picture ('{background['path']}'): saving leaves it out")
        if box.clickedButton() is copy:
            try:
                kept = brought_in(background, path)
            except PictureRefused as error:
                say(self.window, f"The picture was not copied: {error}")
            else:
                self.document.undo_stack.push(SetBackground(self.document, kept))
                say(self.window, f"Background picture copied beside the map as {kept.path}: save to keep it")
        return True

    def read_and_show(self, path: Path) -> bool:
        """Read the map at `path` and show it, the reading's progress shown (ui/opening.py);
        False when the GM cancelled. A file that cannot be read raises MapFileError, the map
        on screen kept."""
        with self.held():  # the map's first frame before the parts built after one
            return self._read_and_show(path)

    def _read_and_show(self, path: Path) -> bool:
        opening = Opening(self.window, path)
        try:
            # the map on screen holds back its deferred steps until replaced: the dialog's last
            # events (laying_out) would otherwise build its zone graph as it goes
            with self.document.preparation_held():
                loaded = read_map(opening, path)
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
        self.window.statusBar().clearMessage()  # "border deleted" was said of the map going away
        if self.scenes is not None:
            self.scenes.close_session()
        self.document.replace_map(map_, path)
        self.stamp = (path, stamp)
        remember(self.settings, path)

    def save(self) -> bool:
        if self.in_session:
            return self.scenes.save()
        if self.document.path is None:
            return self.save_as()
        return self._write(absolute(self.document.path))

    def save_as(self, path: str | Path | None = None) -> bool:
        if self.in_session:  # a scene's file is the session's: Save As would take it out from under it
            say(self.window, "In a session, Save saves every scene; Save As is for a map opened alone")
            return False
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self.window, "Save map as", self._folder(), FILTER)
            if not chosen:
                return False
            path = chosen if chosen.endswith(EXTENSION) else chosen + EXTENSION
        return self._write(absolute(path))

    def _write(self, path: Path) -> bool:
        """Save, or say why not and keep everything as it was; True only when the map is on disk."""
        expected = self.stamp[1] if self.stamp is not None and self.stamp[0] == path else None
        copied: Path | None = None
        carried: list[Path] = []
        try:
            with busy():
                kept, copied = self._background_beside(path)
                map_ = self.document.map
                if kept is not map_.background:
                    map_ = map_.model_copy(update={"background": kept})
                if self.document.path is not None:  # token art goes along as the background does
                    try:
                        map_, carried = carry_pictures(map_, self.document.path.parent, path.parent)
                    except MapFileError as error:
                        raise MapFileError(path, error.problem) from None
                stamp = save_map(map_, path, expected=expected)
        except FileChangedError as error:
            _remove(copied, *carried)
            return self._changed_on_disk(path, error)
        except MapFileError as error:
            _remove(copied, *carried)
            QMessageBox.warning(self.window, "Could not save the map", shown_plain(str(error)))
            return False
        except Exception as error:  # no failure, even a bug, may close the window on unsaved work
            _remove(copied, *carried)
            problem = MapFileError(path, f"could not be saved ({type(error).__name__}: {error})")
            QMessageBox.warning(self.window, "Could not save the map", shown_plain(str(problem)))
            return False
        self.stamp = (path, stamp)
        if path != self.document.path:
            self.document.set_path(path)
        if kept is not self.document.map.background:  # found from the new folder: the path first
            self.document.undo_stack.push(SetBackground(self.document, kept))
        renamed = [t for t, was in zip(map_.tokens, self.document.map.tokens, strict=True) if t.picture != was.picture]
        if renamed:  # a picture of the same name but other pixels was there: the copy's new name
            self.document.undo_stack.beginMacro("Token pictures found beside the map")
            for token in renamed:
                self.document.undo_stack.push(EditObject(self.document, "token", token, "picture"))
            self.document.undo_stack.endMacro()
        self.document.undo_stack.setClean()
        remember(self.settings, path)
        if copied is not None:
            say(self.window, f"Copied the background picture {kept.path} beside {path.name}")
        elif carried:
            say(self.window, f"Copied {len(carried)} token picture{'s' * (len(carried) > 1)} beside {path.name}")
        return True

    def _background_beside(self, path: Path) -> tuple[Background | None, Path | None]:
        """The background as the map saved at `path` writes it, and the picture file copied for
        it, if one was. A map's pictures are kept in its folder: saved into another folder, the
        map takes a copy of its picture along (a file there is never replaced; the same picture
        is used as it is). A picture that cannot be found or read keeps its path as written, for
        the GM to put back."""
        background = self.document.map.background
        old = self.document.path.parent if self.document.path is not None else None
        if background is None or old is None or os.path.realpath(old) == os.path.realpath(path.parent):
            return background, None
        try:
            written, made = copy_beside(picture_file(background.path, old), path.parent, background.path)
        except PictureNotCopied as refused:
            raise MapFileError(path, f"cannot take its background picture along: the picture {refused}") from None
        except PictureRefused:  # not drawn where it was either (the status bar said why)
            return background, None
        kept = background if written == background.path else background.model_copy(update={"path": written})
        return kept, path.parent / written if made else None

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
        if self.in_session:
            return self.scenes.may_discard()
        if not self.document.modified:
            return True
        name = self.document.path.name if self.document.path else "this map"
        return may_lose(self.window, f"Save the changes to {name}?", self.save)

    def _folder(self) -> str:
        if self.document.path is not None:
            return str(self.document.path.parent)
        recent = recent_files(self.settings)
        return str(Path(recent[0]).parent) if recent else str(Path.cwd())
