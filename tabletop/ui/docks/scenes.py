"""The Scenes dock: the session's scenes in play order, each with its small picture and name, and
which one the GM edits (staged) and which the players see (live). Buttons and a context menu add,
reorder, rename, duplicate and remove scenes; a double-click stages one. The dock holds no
session state: it lists what the session document says and asks the controls to act."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.document.session import SessionDocument
from tabletop.io.pictures import PictureRefused, picture_bytes
from tabletop.render.pictures import decode_picture

THUMBNAIL = QSize(96, 64)
LIVE, STAGED = "Live: the players see it", "Editing"
ID_ROLE = Qt.ItemDataRole.UserRole


def scene_line(name: str, live: bool, staged: bool, unsaved: bool) -> str:
    """A scene's words in the list: its name (a star when unsaved), then what it is now."""
    marks = [word for word, on in ((LIVE, live), (STAGED, staged)) if on]
    return f"{name}{' *' if unsaved else ''}\n{' · '.join(marks)}" if marks else f"{name}{' *' if unsaved else ''}"


class ScenesPane(QWidget):
    """The dock's widget. `acts` maps a button's word to the controls' slot."""

    moved = Signal(str, int)
    """A scene dragged to another place in the list (its id, its new place)."""

    def __init__(
        self,
        acts: dict[str, Callable[[], object]],
        stage: Callable[[str], object],
        picture: Callable[[str], QImage | None] = lambda _scene_id: None,
    ) -> None:
        super().__init__()
        self.picture = picture
        """A scene's small picture kept in memory, where it has none on disk yet."""
        self.session: SessionDocument | None = None
        self._staged_seen: str | None = None
        """The staged scene the list last showed: a scene newly staged becomes the chosen row."""
        self.list = QListWidget()
        self.list.setIconSize(THUMBNAIL)
        self.list.setSpacing(2)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.itemActivated.connect(lambda item: stage(item.data(ID_ROLE)))
        self.list.model().rowsMoved.connect(self._dropped)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._menu)
        self.acts = acts
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        buttons = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        words = ("New Scene", "Add Map…", "Rename…", "Duplicate", "Up", "Down", "Remove…", "Send to Players")
        for place, word in enumerate(words):  # the acts past these are the context menu's
            button = QPushButton(word)
            button.clicked.connect(acts[word])
            buttons.addWidget(button, place // 2, place % 2)
            self.buttons[word] = button
        layout.addLayout(buttons)
        self.empty_note = "Open or make a session (File ▸ New Session) to keep several scenes together"
        self.list.setToolTip(self.empty_note)
        self.refresh()

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else item.data(ID_ROLE)

    def show_session(self, session: SessionDocument | None) -> None:
        if self.session is not None:
            self.session.changed.disconnect(self.refresh)
        self.session = session
        if session is not None:
            session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """The list made again from the session (a handful of scenes: cheap)."""
        chosen = self.chosen()
        session = self.session
        if session is not None and session.staged != self._staged_seen:
            chosen, self._staged_seen = session.staged, session.staged
        self.list.blockSignals(True)
        self.list.clear()
        for scene in session.scenes if session is not None else []:
            live, staged = scene.id == session.live, scene.id == session.staged
            item = QListWidgetItem(scene_line(scene.name, live, staged, session.scene_modified(scene.id)))
            item.setData(ID_ROLE, scene.id)
            item.setToolTip(f"{scene.name}: {scene.map}")
            item.setIcon(_thumbnail(session.thumbnail_file(scene.id), self.picture(scene.id)))
            font = item.font()
            font.setBold(staged)
            item.setFont(font)
            self.list.addItem(item)
            if scene.id == (chosen or session.staged):
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        on = session is not None
        for button in self.buttons.values():
            button.setEnabled(on)
        if on:
            self.buttons["Send to Players"].setEnabled(session.staged != session.live)

    def _dropped(self, *_args) -> None:
        """A drag in the list: the scene dragged takes its new place in the session."""
        if self.session is None:
            return
        order = [self.list.item(row).data(ID_ROLE) for row in range(self.list.count())]
        for place, scene_id in enumerate(order):
            if self.session.scenes[place].id != scene_id:
                self.moved.emit(scene_id, place)
                return

    def _menu(self, point) -> None:
        if self.session is None or self.list.itemAt(point) is None:
            return
        menu = QMenu(self)
        item = self.list.itemAt(point)
        self.list.setCurrentItem(item)
        menu.addAction("Edit This Scene", lambda: self.list.itemActivated.emit(item))
        for word in ("Rename…", "Duplicate", "Remove…", "Send to Players", "Move Selected Tokens Here"):
            menu.addAction(word, self.acts[word])
        menu.exec(self.list.viewport().mapToGlobal(point))


def _thumbnail(file: Path | None, kept: QImage | None = None) -> QIcon:
    """The scene's small picture: its file, else the one kept in memory, else a blank of its
    size (the picture is being made)."""
    pixmap = QPixmap()
    if file is not None:
        try:  # read as every picture is: a regular file, capped, decoded within bounds
            pixmap = QPixmap.fromImage(decode_picture(picture_bytes(file)[0]))
        except (PictureRefused, ValueError, OSError):
            pixmap = QPixmap()
    if pixmap.isNull() and kept is not None:
        pixmap = QPixmap.fromImage(kept)
    if pixmap.isNull():
        pixmap = QPixmap(THUMBNAIL)
        pixmap.fill(Qt.GlobalColor.darkGray)
    return QIcon(
        pixmap.scaled(THUMBNAIL, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
    )
