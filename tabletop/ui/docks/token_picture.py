"""The Inspector's token picture: Picture… to choose the token's art (a file from elsewhere is
copied into the map's assets/ folder, as the background's is copied beside the map), the crop
the disc shows (dragged and wheeled in a small preview, or typed in three boxes) and Remove
Picture. Choosing and removing are one undo step each; a drag or a wheel of the crop is one."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.io.pictures import ASSETS, PictureRefused, copy_beside, written_path
from tabletop.model import Token, TokenPicture
from tabletop.model.tokens import MAX_CROP_ZOOM
from tabletop.render.pictures import load_picture, picture_at
from tabletop.render.token_art import WHAT, crop_rect
from tabletop.ui.docks.widgets import ElidedLabel, MessageLine

PICTURES = "Pictures (*.png *.jpg *.jpeg *.webp *.svg);;All files (*)"
PREVIEW = 150
"""The crop preview's side, in pixels: a face in it is as large as the token's on a projector."""
WHEEL_STEP = 1.15
"""How much one notch of the wheel zooms the crop in or out."""


def keep_picture(chosen: str | os.PathLike[str], folder: Path) -> tuple[str, bool]:
    """The path the map writes for a picture the GM chose, and whether it was copied: a file in
    the map's folder is named where it is, one from elsewhere is copied into assets/ (nothing
    there replaced; the same picture used as it is). PictureRefused says why it cannot be kept."""
    inside = written_path(chosen, folder)
    if inside is not None:
        return inside, False
    written, made = copy_beside(chosen, folder, f"{ASSETS}/{Path(chosen).name}")
    return written, made


def give_picture(
    document: MapDocument,
    chosen: str | os.PathLike[str],
    folder: Path,
    step: Callable[[TokenPicture], object],
    refuse: Callable[[str], None],
    tell: Callable[[str], None],
) -> bool:
    """A picture the GM chose, checked, kept and given in one undo step: read and decoded the
    careful way (a file that is no picture, or cannot be read, is refused in one line and the map
    is left alone, never a token with a picture it cannot show), kept in the map's folder
    (keep_picture), then `step(picture)`, the undo command, pushed. `refuse` says why not, `tell`
    says a copy was made."""
    image, problem = picture_at(chosen, "The picture", hard_links=written_path(chosen, folder) is None)
    if image is None:
        refuse(problem)
        return False
    try:
        written, copied = keep_picture(chosen, folder)
    except PictureRefused as refused:
        refuse(f"The picture {refused}")
        return False
    try:
        document.undo_stack.push(step(TokenPicture(path=written)))
    except ValueError as error:
        refuse(f"picture: {' '.join(str(error).split())}")
        return False
    if copied:
        tell(f"Copied {Path(chosen).name} into the map's folder as {written}")
    return True


class CropPreview(QWidget):
    """The whole picture, fitted, with the disc the token shows marked on it and the rest
    dimmed: dragging moves the crop, the wheel zooms it."""

    moved = Signal(float, float, float, bool)
    """The crop asked for: x, y, zoom, and whether the gesture has ended."""

    def __init__(self) -> None:
        super().__init__()
        self.image: QImage | None = None
        self.crop: TokenPicture | None = None
        self._grab: tuple[QPointF, float, float] | None = None
        self.setFixedSize(QSize(PREVIEW, PREVIEW))
        self.setToolTip("Drag to move what the token shows; the wheel zooms in and out")
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def show_crop(self, image: QImage | None, crop: TokenPicture | None) -> None:
        self.image, self.crop = image, crop
        self.update()

    def _fitted(self) -> QRectF:
        """Where the picture lies in the preview, its whole fitted and centred."""
        w, h = self.image.width(), self.image.height()
        k = min(self.width() / w, self.height() / h)
        return QRectF((self.width() - w * k) / 2, (self.height() - h * k) / 2, w * k, h * k)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), self.palette().color(self.backgroundRole()).darker(110))
        if self.image is None or self.crop is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        fitted = self._fitted()
        p.drawImage(fitted, self.image)
        k = fitted.width() / self.image.width()
        square = crop_rect(self.crop, self.image.width(), self.image.height())
        disc = QRectF(fitted.x() + square.x() * k, fitted.y() + square.y() * k, square.width() * k, square.width() * k)
        veil = QPainterPath()
        veil.addRect(fitted)
        hole = QPainterPath()
        hole.addEllipse(disc)
        p.fillPath(veil.subtracted(hole), QColor(0, 0, 0, 140))
        p.setPen(QPen(QColor("white"), 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(disc)

    def mousePressEvent(self, event) -> None:
        if self.crop is not None and self.image is not None and event.button() == Qt.MouseButton.LeftButton:
            self._grab = (event.position(), self.crop.x, self.crop.y)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)

    def mouseMoveEvent(self, event) -> None:
        if self._grab is None:
            return
        start, x, y = self._grab
        fitted = self._fitted()
        delta = event.position() - start
        x = min(max(x + delta.x() / fitted.width(), 0.0), 1.0)
        y = min(max(y + delta.y() / fitted.height(), 0.0), 1.0)
        self.moved.emit(x, y, self.crop.zoom, False)

    def mouseReleaseEvent(self, event) -> None:
        if self._grab is not None:
            self._grab = None
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.moved.emit(self.crop.x, self.crop.y, self.crop.zoom, True)

    def wheelEvent(self, event) -> None:
        if self.crop is None:
            return
        notches = event.angleDelta().y() / 120
        zoom = min(max(self.crop.zoom * WHEEL_STEP**notches, 1.0), MAX_CROP_ZOOM)
        self.moved.emit(self.crop.x, self.crop.y, zoom, False)
        event.accept()


class TokenPictureEditor(QWidget):
    """The token page's picture rows; refusals are said in the Inspector's line (`say`), what
    went well in the editor's own line, in the pane's usual colour."""

    def __init__(self, document: MapDocument, say: Callable[[str], None]) -> None:
        super().__init__()
        self.document, self.say = document, say
        self.token_id: str | None = None
        self._gesture = 0
        """Counts the crop's gestures: the steps of one drag or wheel merge, the next is a step of its own."""
        self.path = ElidedLabel()
        self.note = MessageLine()
        self.choose = QPushButton("Picture…")
        self.choose.setToolTip("Choose the token's picture: one from outside the map's folder is copied into assets/")
        self.choose.clicked.connect(lambda: self.choose_file())
        self.remove = QPushButton("Remove Picture")
        self.remove.clicked.connect(self.remove_picture)
        self.preview = CropPreview()
        self.preview.moved.connect(self._dragged)
        self.x, self.y = self._box(0, 100, "%", "Across the picture"), self._box(0, 100, "%", "Down the picture")
        self.zoom = self._box(1, MAX_CROP_ZOOM, "×", "1× shows the picture's whole shorter side")
        self.zoom.setSingleStep(0.1)
        for box in (self.x, self.y, self.zoom):
            box.valueChanged.connect(self._typed)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.choose)
        buttons.addWidget(self.remove)
        numbers = QFormLayout()
        numbers.addRow("Centre x", self.x)
        numbers.addRow("Centre y", self.y)
        numbers.addRow("Zoom", self.zoom)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.path)
        layout.addLayout(buttons)
        layout.addWidget(self.note)
        layout.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(numbers)

    def _box(self, low: float, high: float, suffix: str, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(low, high)
        box.setDecimals(1)
        box.setSuffix(suffix if suffix == "%" else " " + suffix)
        box.setToolTip(tip)
        box.setKeyboardTracking(False)
        return box

    def folder(self) -> Path | None:
        return self.document.path.parent if self.document.path is not None else None

    def token(self) -> Token | None:
        return None if self.token_id is None else self.document.get("token", self.token_id)

    def show_token(self, token: Token) -> None:
        if token.id != self.token_id:
            self.note.clear()
        self.token_id = token.id
        picture = token.picture
        crop = picture or TokenPicture(path="none")
        for box, value in ((self.x, crop.x * 100), (self.y, crop.y * 100), (self.zoom, crop.zoom)):
            box.blockSignals(True)
            box.setValue(value)
            box.setEnabled(picture is not None)
            box.blockSignals(False)
        self.remove.setEnabled(picture is not None)
        self.path.setText(picture.path if picture is not None else "No picture: the disc shows its colour")
        image = None
        if picture is not None:
            image, problem = load_picture(picture.path, self.folder(), WHAT)
            if problem is not None:
                self.path.setText(f"{picture.path} (cannot be drawn)")
                self.path.setToolTip(problem[0].upper() + problem[1:])
        self.preview.setVisible(image is not None)
        self.preview.show_crop(image, picture)

    # -- edits -------------------------------------------------------------------------------

    def choose_file(self, chosen: str | None = None) -> bool:
        """Set the token's picture to a file (asked for when not given); one undo step."""
        folder, token = self.folder(), self.token()
        if token is None:
            return False
        if folder is None:
            self.say("Save the map first: a token's picture is kept in the map's folder")
            return False
        if chosen is None:
            start = str(folder / ASSETS if (folder / ASSETS).is_dir() else folder)
            chosen, _ = QFileDialog.getOpenFileName(self, "Token Picture", start, PICTURES)
            if not chosen:
                return False
        self.note.clear()

        def step(picture: TokenPicture) -> EditObject:
            return EditObject(self.document, "token", token.model_copy(update={"picture": picture}), "picture")

        return give_picture(self.document, chosen, folder, step, self.say, self.note.setText)

    def remove_picture(self) -> None:
        token = self.token()
        if token is not None and token.picture is not None:
            self._push(token.model_copy(update={"picture": None}), "")

    def _typed(self) -> None:
        self._crop(self.x.value() / 100, self.y.value() / 100, self.zoom.value(), True)

    def _dragged(self, x: float, y: float, zoom: float, ended: bool) -> None:
        self._crop(x, y, zoom, ended)

    def _crop(self, x: float, y: float, zoom: float, ended: bool) -> None:
        """A new crop; the steps of one drag or wheel merge into one undo step."""
        token = self.token()
        if token is None or token.picture is None:
            return
        crop = token.picture.model_copy(update={"x": round(x, 4), "y": round(y, 4), "zoom": round(zoom, 3)})
        if crop != token.picture:
            self._push(token.model_copy(update={"picture": crop}), f"picture-crop-{self._gesture}")
        if ended:
            self._gesture += 1

    def _push(self, token: Token, merge: str) -> None:
        try:
            self.document.undo_stack.push(EditObject(self.document, "token", token, "picture", merge=merge))
        except ValueError as error:
            self.say(f"picture: {' '.join(str(error).split())}")
