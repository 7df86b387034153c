"""The Token Library (View ▸ Token Library): the pictures of a folder the GM chooses, as
thumbnails in a grid with a search by file name. A picture dragged onto the map makes a token
there wearing it; dropped on a token, it becomes that token's picture. The picture is copied
into the map's assets/ folder as the Inspector's Picture… copies it.

Thumbnails are made on a worker thread, a few at a time and newest folder first, so a folder
of hundreds of pictures fills in while the window stays free; each is read and decoded the
careful way (io/pictures, render/pictures), never kept in the map's own picture cache."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QMimeData,
    QObject,
    QPointF,
    QSettings,
    QSize,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QIcon, QImage, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QGraphicsView,
    QHBoxLayout,
    QLineEdit,
    QListView,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject, EditObject
from tabletop.io.pictures import PictureRefused, picture_bytes
from tabletop.model import AreaLocation, Token, TokenPicture, ZoneLocation
from tabletop.render.pictures import decode_picture
from tabletop.rules.sides import side_colour
from tabletop.ui.docks.token_picture import keep_picture
from tabletop.ui.docks.widgets import ElidedLabel, MessageLine

FOLDER_KEY = "token_library/folder"
MIME = "application/x-tabletop-token-picture"
"""What a dragged library picture carries: its file's path, as UTF-8."""
SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".svg"})
THUMB = 72
"""A thumbnail's side in pixels: a face reads, and four fit across a narrow dock."""
MOST_PICTURES = 5_000
"""The most pictures listed from one folder: past it the folder is an archive, not a library."""
PATH_ROLE = Qt.ItemDataRole.UserRole + 1


def pictures_in(folder: str | os.PathLike[str]) -> list[Path]:
    """The pictures directly in `folder`, by name, at most MOST_PICTURES."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name.casefold())
    except OSError:
        return []
    found = [
        Path(e.path)
        for e in entries
        if Path(e.name).suffix.lower() in SUFFIXES and not e.name.startswith(".") and e.is_file()
    ]
    return found[:MOST_PICTURES]


def thumbnail(file: Path) -> QImage | None:
    """A small copy of the picture, read the careful way; None when it cannot be read."""
    try:
        raw, _ = picture_bytes(file, hard_links=True)
        image = decode_picture(raw)
    except PictureRefused:
        return None
    return image.scaled(THUMB, THUMB, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)


def token_name(file: str | os.PathLike[str]) -> str:
    """A token's name from its picture's file: "orc-chief_2.png" is "Orc chief 2"."""
    words = Path(file).stem.replace("_", " ").replace("-", " ").split()
    text = " ".join(words)
    return (text[:1].upper() + text[1:])[:80] or "Token"


class PictureModel(QStandardItemModel):
    """The folder's pictures; a drag carries the picture's path."""

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def mimeData(self, indexes) -> QMimeData:
        data = QMimeData()
        paths = [self.data(index, PATH_ROLE) for index in indexes if index.isValid()]
        if paths:
            data.setData(MIME, paths[0].encode("utf-8"))
        return data


class TokenLibrary(QWidget):
    """The dock's pane. `view`: the map's view, which takes the drops."""

    made = Signal(int, str, QImage)
    """A thumbnail made on the worker: the folder's generation, the file, the picture."""

    def __init__(self, document: MapDocument, settings: QSettings, view: QGraphicsView, say: Callable) -> None:
        super().__init__()
        self.document, self.settings, self.view, self.say = document, settings, view, say
        self._generation = 0
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thumbnails")
        self.made.connect(self._thumbnail_made)
        self.folder_label = ElidedLabel()
        choose = QPushButton("Folder…")
        choose.setToolTip("Choose the folder of token pictures to show here")
        choose.clicked.connect(lambda: self.choose_folder())
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search by file name")
        self.search.setClearButtonEnabled(True)
        self.model = PictureModel(self)
        self.filtered = QSortFilterProxyModel(self)
        self.filtered.setSourceModel(self.model)
        self.filtered.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.search.textChanged.connect(self.filtered.setFilterFixedString)
        self.grid = QListView()
        self.grid.setModel(self.filtered)
        self.grid.setViewMode(QListView.ViewMode.IconMode)
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setIconSize(QSize(THUMB, THUMB))
        self.grid.setGridSize(QSize(THUMB + 24, THUMB + 28))
        self.grid.setUniformItemSizes(True)
        self.grid.setWordWrap(True)
        self.grid.setDragEnabled(True)
        self.grid.setDragDropMode(QListView.DragDropMode.DragOnly)
        self.grid.setToolTip("Drag a picture onto the map to place a token, or onto a token to give it the picture")
        self.note = MessageLine()
        row = QHBoxLayout()
        row.addWidget(self.folder_label, 1)
        row.addWidget(choose)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.search)
        layout.addWidget(self.grid, 1)
        layout.addWidget(self.note)
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)
        self.destroyed.connect(lambda: self._worker.shutdown(wait=False, cancel_futures=True))
        kept = settings.value(FOLDER_KEY, "", type=str)
        self.show_folder(kept if kept and Path(kept).is_dir() else None)

    # -- the folder ----------------------------------------------------------------------------

    def choose_folder(self, folder: str | None = None) -> None:
        if folder is None:
            start = self.settings.value(FOLDER_KEY, "", type=str) or str(Path.home())
            folder = QFileDialog.getExistingDirectory(self, "Token Library Folder", start)
            if not folder:
                return
        self.settings.setValue(FOLDER_KEY, str(folder))
        self.show_folder(folder)

    def show_folder(self, folder: str | os.PathLike[str] | None) -> None:
        """List the folder's pictures at once, their thumbnails to come from the worker."""
        self._generation += 1
        self.model.clear()
        self._items: dict[str, QStandardItem] = {}
        if folder is None:
            self.folder_label.setText("No folder chosen: Folder… picks one")
            return
        files = pictures_in(folder)
        self.folder_label.setText(f"{folder} ({len(files)} pictures)")
        blank = QPixmap(THUMB, THUMB)
        blank.fill(QColor(0, 0, 0, 0))
        for file in files:
            item = QStandardItem(QIcon(blank), file.name)
            item.setData(str(file), PATH_ROLE)
            item.setToolTip(file.name)
            item.setEditable(False)
            self.model.appendRow(item)
            self._items[str(file)] = item
            self._worker.submit(self._make, self._generation, file)

    def _make(self, generation: int, file: Path) -> None:
        """On the worker: a thumbnail, unless the GM chose another folder since."""
        if generation != self._generation:
            return
        image = thumbnail(file)
        if image is not None:
            self.made.emit(generation, str(file), image)

    def _thumbnail_made(self, generation: int, file: str, image: QImage) -> None:
        item = self._items.get(file) if generation == self._generation else None
        if item is not None:
            item.setIcon(QIcon(QPixmap.fromImage(image)))

    def showEvent(self, event) -> None:
        """Shown the first time: the dock takes two fifths of the window's height, so its grid
        shows rows of faces, not a sliver under the token list."""
        super().showEvent(event)
        if not self._given_room:
            self._given_room = True
            QTimer.singleShot(0, self._take_room)

    _given_room = False

    def _take_room(self) -> None:
        window, dock = self.window(), self.parentWidget()
        while dock is not None and not isinstance(dock, QDockWidget):
            dock = dock.parentWidget()
        if isinstance(window, QMainWindow) and dock is not None and not dock.isFloating():
            wanted = window.height() * 2 // 5
            if dock.height() < wanted:
                window.resizeDocks([dock], [wanted], Qt.Orientation.Vertical)

    def shown_names(self) -> list[str]:
        """The names the grid shows now, in order (after the search)."""
        return [self.filtered.index(row, 0).data() for row in range(self.filtered.rowCount())]

    # -- drops on the map ---------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()
            return True
        if kind == QEvent.Type.Drop and event.mimeData().hasFormat(MIME):
            file = bytes(event.mimeData().data(MIME).data()).decode("utf-8", "replace")
            scene_pos = self.view.viewportTransform().inverted()[0].map(event.position())
            if self.drop_at(file, scene_pos):
                event.acceptProposedAction()
            return True
        return False

    def drop_at(self, file: str, pos: QPointF) -> bool:
        """A picture dropped at `pos` on the map: on a token it becomes its picture; in a zone or
        a grid's area a new token stands there wearing it. One undo step; False when nothing."""
        folder = self.document.path.parent if self.document.path is not None else None
        if folder is None:
            self.say("Save the map first: a token's picture is kept in the map's folder")
            return False
        target = self._token_at(pos)
        area = self.document.area_at(pos.x(), pos.y())
        zone_id = None if area else self.document.zone_at(pos.x(), pos.y())
        if target is None and area is None and zone_id is None:
            self.say("Drop the picture in a zone or on a grid's area to place a token, or on a token")
            return False
        try:
            written, copied = keep_picture(file, folder)
        except PictureRefused as refused:
            self.say(f"The picture {refused}")
            return False
        picture = TokenPicture(path=written)
        if target is not None:
            self.document.undo_stack.push(
                EditObject(self.document, "token", target.model_copy(update={"picture": picture}), "picture")
            )
            self.document.select([("token", target.id)])
        else:
            where = AreaLocation(grid=area[0], row=area[1][0], col=area[1][1]) if area else ZoneLocation(zone=zone_id)
            token_id = self.document.new_id("token", "token")
            colour = side_colour(self.document.map.tokens, "neutral")
            token = Token(id=token_id, name=token_name(file), colour=colour, location=where, picture=picture)
            self.document.undo_stack.push(AddObject(self.document, "token", token))
            self.document.select([("token", token_id)])
        if copied:
            self.say(f"Copied {Path(file).name} into the map's folder as {written}")
        return True

    def _token_at(self, pos: QPointF) -> Token | None:
        for item in self.view.scene().items(pos):
            if getattr(item, "kind", "") == "token" and item.isVisible():
                return self.document.get("token", item.object_id)
        return None
