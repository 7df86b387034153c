"""The Token Library (View ▸ Token Library): the pictures of a folder the GM chooses, each
thumbnail beside its whole file name, with a search by file name. A picture dragged onto the
map makes a token there wearing it, on the side chosen above the list (the selected token's
side, or the one last used); dropped on a token, it becomes that token's picture. The picture
is checked, copied into the map's assets/ folder and given as the Inspector's Picture… does
it (token_picture.give_picture).

Thumbnails are made on a worker thread, a few at a time and newest folder first, so a folder
of hundreds of pictures fills in while the window stays free; each is read and decoded the
careful way (io/pictures, render/pictures), never kept in the map's own picture cache. The
thumbnails still to make are dropped when the window closes or the program quits, so leaving
never waits on them."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QMimeData,
    QObject,
    QPointF,
    QRectF,
    QSettings,
    QSize,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QIcon,
    QImage,
    QPalette,
    QPixmap,
    QStandardItem,
    QStandardItemModel,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject, EditObject
from tabletop.io.pictures import PictureRefused, picture_bytes
from tabletop.model import AreaLocation, Token, TokenPicture, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.render.pictures import ReadOnWindowThread, decode_picture
from tabletop.rules.sides import NO_SIDE, known_side, side_colour
from tabletop.ui.docks.token_picture import give_picture
from tabletop.ui.docks.widgets import ElidedLabel, MessageLine
from tabletop.ui.plain import set_tip

FOLDER_KEY = "token_library/folder"
SIDE_KEY = "token_library/side"
"""The side the GM last placed tokens on from the library, as text."""
MIME = "application/x-tabletop-token-picture"
"""What a dragged library picture carries: its file's path, as UTF-8."""
SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".svg"})
THUMB = 72
"""A thumbnail's side in pixels: a face reads."""
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
    """A small copy of the picture, read the careful way; None when it cannot be read.
    ReadOnWindowThread when it is not a raster and this is a worker: it is made on the window's."""
    try:
        raw, _ = picture_bytes(file, hard_links=True)
        image = decode_picture(raw)
    except ReadOnWindowThread:
        raise
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


class NameBeside(QStyledItemDelegate):
    """A picture's row: its thumbnail, and beside it the whole file name wrapped to the list's
    width (anywhere in a long word), so no name is cut short however narrow the dock."""

    GAP = 12
    """Between the thumbnail, the name and the row's edges, in pixels, with the style's margins."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:
        width = max(self.view.viewport().width() - 2 * self.view.spacing(), THUMB * 2)
        words = max(width - THUMB - 3 * self.GAP, THUMB // 2)
        height = _Wrapped(option.font, str(index.data() or ""), words).height()
        return QSize(width, max(THUMB + 6, round(height) + self.GAP))

    def paint(self, painter, option: QStyleOptionViewItem, index) -> None:
        """The style draws the row (its selection, the thumbnail); the name is drawn here, as
        the style would cut a long word short rather than break it."""
        shown = QStyleOptionViewItem(option)
        self.initStyleOption(shown, index)
        words, shown.text = shown.text, ""
        style = shown.widget.style() if shown.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, shown, painter, shown.widget)
        selected = bool(shown.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        box = QRectF(option.rect.adjusted(THUMB + 2 * self.GAP, 0, -self.GAP, 0))
        layout = _Wrapped(shown.font, words, box.width())
        painter.save()
        painter.setPen(shown.palette.color(role))
        layout.draw(painter, QPointF(box.left(), box.center().y() - layout.height() / 2))
        painter.restore()


class _Wrapped:
    """A name laid out in lines `width` wide, broken between words where it can be and inside
    a word too long for a line."""

    def __init__(self, font: QFont, words: str, width: float) -> None:
        self.layout = QTextLayout(words, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.layout.setTextOption(option)
        self.layout.beginLayout()
        y = 0.0
        while (line := self.layout.createLine()).isValid():
            line.setLineWidth(width)
            line.setPosition(QPointF(0, y))
            y += line.height()
        self.layout.endLayout()
        self._height = y

    def height(self) -> float:
        return self._height

    def draw(self, painter, at: QPointF) -> None:
        self.layout.draw(painter, at)


class TokenLibrary(QWidget):
    """The dock's pane. `view`: the map's view, which takes the drops."""

    made = Signal(int, str, QImage)
    """A thumbnail made on the worker: the folder's generation, the file, the picture."""
    not_raster = Signal(int, str)
    """A picture the worker found not to be a raster (an SVG named .png): the folder's
    generation and the file, its thumbnail to be made on the window's thread."""

    def __init__(self, document: MapDocument, settings: QSettings, view: QGraphicsView, say: Callable) -> None:
        super().__init__()
        self.document, self.settings, self.view, self.say = document, settings, view, say
        self._generation = 0
        self._worker: ThreadPoolExecutor | None = None
        self.made.connect(self._thumbnail_made)
        self.not_raster.connect(self._make_here)
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
        self.side = QComboBox()
        self.side.setEditable(True)
        self.side.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.side.setToolTip("The side of a token placed by a drop on the map; type a new one to start a side")
        self.side.activated.connect(lambda: self.settings.setValue(SIDE_KEY, self.chosen_side()))
        self.grid = QListView()  # one column, each whole file name beside its thumbnail
        self.grid.setModel(self.filtered)
        self.grid.setViewMode(QListView.ViewMode.ListMode)
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setIconSize(QSize(THUMB, THUMB))
        self.grid.setSpacing(2)
        self.grid.setWordWrap(True)
        self.grid.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.setItemDelegate(NameBeside(self.grid))
        self.grid.setDragEnabled(True)
        self.grid.setDragDropMode(QListView.DragDropMode.DragOnly)
        self.note = MessageLine()
        row = QHBoxLayout()
        row.addWidget(self.folder_label, 1)
        row.addWidget(choose)
        sides = QHBoxLayout()
        sides.addWidget(QLabel("Side"))
        sides.addWidget(self.side, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.search)
        layout.addLayout(sides)
        layout.addWidget(self.grid, 1)
        layout.addWidget(self.note)
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)
        view.window().installEventFilter(self)  # its close drops the thumbnails still to make
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop_thumbnails)
        self.destroyed.connect(lambda *_: self.stop_thumbnails())
        document.edited.connect(self._sides_changed)
        document.reset.connect(self.show_sides)
        document.selectionChanged.connect(self._selected)
        self.show_sides(settings.value(SIDE_KEY, "", type=str) or NO_SIDE)
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
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thumbnails")
        for file in files:
            item = QStandardItem(QIcon(blank), file.name)
            item.setData(str(file), PATH_ROLE)
            set_tip(item, f"{file}\nDrag onto the map to place a token, or onto a token to give it the picture")
            item.setEditable(False)
            self.model.appendRow(item)
            self._items[str(file)] = item
            if file.suffix.lower() in (".svg", ".svgz"):  # Qt's SVG reader connects signals: this thread's
                QTimer.singleShot(0, self, partial(self._make, self._generation, file))
            else:
                self._worker.submit(self._make, self._generation, file)

    def stop_thumbnails(self) -> None:
        """Drop the thumbnails still to make (the window closes, the program quits): the one
        being made finishes, the rest are never started. Showing a folder again starts anew."""
        self._generation += 1
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=False, cancel_futures=True)

    def _make(self, generation: int, file: Path) -> None:
        """On the worker (an SVG's on the window's thread, an event each): a thumbnail, unless
        the GM chose another folder since."""
        if generation != self._generation:
            return
        try:
            image = thumbnail(file)
        except ReadOnWindowThread:  # an SVG under a raster's name: read where the window is
            self.not_raster.emit(generation, str(file))
            return
        if image is not None:
            self.made.emit(generation, str(file), image)

    def _make_here(self, generation: int, file: str) -> None:
        self._make(generation, Path(file))

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

    # -- the side of the tokens placed ---------------------------------------------------------

    def chosen_side(self) -> str:
        return " ".join(self.side.currentText().split()) or NO_SIDE

    def show_sides(self, side: str | None = None) -> None:
        """List the map's sides (no side among them), showing `side` (the one shown, if none)."""
        side = side or self.chosen_side()
        sides = sorted({token.side for token in self.document.map.tokens} | {NO_SIDE, side}, key=str.casefold)
        self.side.blockSignals(True)
        self.side.clear()
        self.side.addItems(sides)
        self.side.setCurrentText(side)
        self.side.blockSignals(False)

    def _sides_changed(self, change) -> None:
        if change.kind is Kind.TOKEN:
            self.show_sides()

    def _selected(self) -> None:
        """The selected tokens' side, when they share one, is the side of the next drop."""
        sides = {
            token.side
            for kind, object_id in self.document.selection
            if kind is Kind.TOKEN and (token := self.document.get("token", object_id)) is not None
        }
        if len(sides) == 1:
            self.side.setCurrentText(sides.pop())

    def shown_names(self) -> list[str]:
        """The names the grid shows now, in order (after the search)."""
        return [self.filtered.index(row, 0).data() for row in range(self.filtered.rowCount())]

    # -- drops on the map ---------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Close and watched is self.view.window():
            QTimer.singleShot(0, self._window_closed)  # after the window has answered: a close may be cancelled
            return False
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

    def _window_closed(self) -> None:
        if not self.view.window().isVisible():
            self.stop_thumbnails()

    def drop_at(self, file: str, pos: QPointF) -> bool:
        """A picture dropped at `pos` on the map: on a token it becomes its picture; in a zone or
        a grid's area a new token of the chosen side stands there wearing it. One undo step;
        False when nothing changed (a picture that cannot be read is refused in one line)."""
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
        if target is not None:

            def step(picture: TokenPicture) -> EditObject:
                return EditObject(self.document, "token", target.model_copy(update={"picture": picture}), "picture")

            placed = target.id
        else:
            where = AreaLocation(grid=area[0], row=area[1][0], col=area[1][1]) if area else ZoneLocation(zone=zone_id)
            placed = self.document.new_id("token", "token")
            side = self.chosen_side()
            colour = side_colour(self.document.map.tokens, side, side_number(self.document.map.tokens, side))
            try:
                token = Token(id=placed, name=token_name(file), side=side, colour=colour, location=where)
            except ValueError:
                self.say(f"The side '{side}' cannot be a token's side: choose one of the list or type a shorter name")
                return False

            def step(picture: TokenPicture) -> AddObject:
                return AddObject(self.document, "token", token.model_copy(update={"picture": picture}))

        if not give_picture(self.document, file, folder, step, self.say, self.say):
            return False
        if target is None:
            self.settings.setValue(SIDE_KEY, self.chosen_side())
        self.document.select([("token", placed)])
        return True

    def _token_at(self, pos: QPointF) -> Token | None:
        for item in self.view.scene().items(pos):
            if getattr(item, "kind", "") == "token" and item.isVisible():
                return self.document.get("token", item.object_id)
        return None


def side_number(tokens: list[Token], side: str) -> int:
    """The side's place among the map's sides, first seen first (a new side the next), as the
    rings number them: when every palette colour is worn, a side takes the palette's colour of
    its place, which its count of tokens would change with each token placed."""
    sides = list(dict.fromkeys(token.side for token in tokens if known_side(token.side)))
    return sides.index(side) + 1 if side in sides else len(sides) + 1
