"""A handout on the players' window: a zone's description, an aspect or a picture kept with the
map, shown as a card at the edge the turn banner faces, or over the whole map.

The card covers part of the map only, at the edge where the players sit (the first edge the
GM chose for the turn banner), its words turned to read upright from there. Full screen hides
the map while the players read. Words are painted as plain text by the painter: nothing a GM
typed is ever taken for markup. A handout is the GM's passing gesture, never an edit of the
map: it is kept here only, not in the undo stack, not saved.

What the card paints is asked of the map at each paint: a zone's description is read from
the zone, and nothing is painted once the zone is hidden or under the fog the players have, so
a card can never outlive the players' right to see what it says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtWidgets import QWidget

from tabletop.document import MapDocument
from tabletop.rules.visibility import LIVE, zone_clear
from tabletop.ui.player.banner import TEXT_COLOUR, TURN

HandoutKind = Literal["description", "aspect", "picture"]

CARD_LENGTH = 0.6
"""The most of the edge's length a card takes: the map stays in sight on both sides of it."""
CARD_DEPTH = 0.45
"""The most of the screen's depth, from the players' edge, a card takes: the far half of the
map always shows."""
MARGIN = 16
PADDING = 22
CARD_COLOUR = QColor("#161616")
WORDS_COLOUR = QColor("#f4f1e8")
LARGEST_TEXT, SMALLEST_TEXT = 44, 14
"""Letter sizes in pixels: a short description reads across a room, a long one shrinks to fit
down to what can still be read from the table."""
LARGEST_FULL = 72
"""The largest letters over the whole map: the players read it from across the room."""
WRAP = int(Qt.TextFlag.TextWordWrap.value)
CENTRED = int(Qt.AlignmentFlag.AlignHCenter.value)
LEFT = int(Qt.AlignmentFlag.AlignLeft.value)


@dataclass(frozen=True)
class Handout:
    """What the players are shown: `title` and `text` (words), or `picture`. `zone`: the zone it
    belongs to, whose description is read again at each paint and whose hiding or fog takes
    the card away."""

    kind: HandoutKind
    title: str = ""
    text: str = ""
    picture: QImage | None = None
    zone: str = ""
    full_screen: bool = False


class HandoutCard(QWidget):
    """The handout over the players' canvas, a child of the view laid over its canvas (a child
    of the canvas itself would be moved by every scroll of the view). It takes no clicks, keys
    or focus, and paints nothing while the GM blacks the window out."""

    def __init__(self, view, banner, document: MapDocument) -> None:
        super().__init__(view)
        self.view, self.banner, self.document = view, banner, document
        self.handout: Handout | None = None
        self._covered = getattr(view, "covered", False)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setGeometry(view.viewport().geometry())
        view.viewport().installEventFilter(self)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The card keeps to the canvas's place, and goes black with it in the same moment."""
        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.Move):
            self.setGeometry(self.view.viewport().geometry())
        elif kind == QEvent.Type.Paint and getattr(self.view, "covered", False) != self._covered:
            self._covered = getattr(self.view, "covered", False)
            if self.isVisible():
                self.repaint()
        return False

    def show_handout(self, handout: Handout | None) -> None:
        self.handout = handout
        self.setVisible(handout is not None)
        self.raise_()
        self.update()

    @property
    def edge(self) -> str:
        """The edge the players read from: the turn banner's first, bottom if none is chosen."""
        edges = getattr(self.banner, "edges", ()) or ("bottom",)
        return edges[0]

    def words(self) -> tuple[str, str] | None:
        """The title and text the card shows now, as the players may see them; None when it
        shows nothing (no handout, a picture, blacked out, or its zone no longer theirs)."""
        handout = self.handout
        if handout is None or handout.kind == "picture" or not self.allowed():
            return None
        if handout.kind == "description":
            zone = self.document.get("zone", handout.zone)
            return (zone.name, zone.description)
        return (handout.title, handout.text)

    def allowed(self) -> bool:
        """Whether the players may see the handout now: the window not blacked out, and its zone
        (if any) shown and clear under the fog they were sent."""
        handout = self.handout
        if handout is None or getattr(self.view, "covered", False):
            return False
        if not handout.zone:
            return True
        return zone_clear(self.document.get("zone", handout.zone), getattr(self.view.scene(), "fog", LIVE))

    def paintEvent(self, event) -> None:
        handout = self.handout
        if handout is None or not self.allowed():
            return
        painter = QPainter(self)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        turned = self.edge in ("left", "right")
        length, depth = (self.height(), self.width()) if turned else (self.width(), self.height())
        painter.translate(self.width() / 2, self.height() / 2)
        painter.rotate(TURN[self.edge])
        painter.translate(-length / 2, -depth / 2)  # upright: the players' edge is at the bottom
        if handout.full_screen:
            painter.fillRect(QRectF(0, 0, length, depth), CARD_COLOUR)
            room = QRectF(0, 0, length, depth).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
            self._paint_content(painter, handout, room, fill=True)
        else:
            room = QRectF(0, 0, length * CARD_LENGTH, depth * CARD_DEPTH)
            card = self._card_box(painter, handout, room)
            card.moveCenter(QRectF(0, 0, length, depth).center())
            card.moveBottom(depth - MARGIN)
            painter.setPen(QPen(TEXT_COLOUR, 3))
            painter.setBrush(CARD_COLOUR)
            painter.drawRoundedRect(card, 10, 10)
            self._paint_content(painter, handout, card.adjusted(PADDING, PADDING, -PADDING, -PADDING), fill=False)
        painter.end()

    def _card_box(self, painter: QPainter, handout: Handout, room: QRectF) -> QRectF:
        """The card as large as its content needs, within `room`."""
        inner = room.adjusted(PADDING, PADDING, -PADDING, -PADDING)
        if handout.kind == "picture" and handout.picture is not None:
            size = handout.picture.size().toSizeF().scaled(inner.size(), Qt.AspectRatioMode.KeepAspectRatio)
            return QRectF(0, 0, size.width() + 2 * PADDING, size.height() + 2 * PADDING)
        title, text = self.words() or ("", "")
        height = _laid_out(title, text, inner, LARGEST_TEXT)[2]
        return QRectF(0, 0, room.width(), min(room.height(), height + 2 * PADDING))

    def _paint_content(self, painter: QPainter, handout: Handout, box: QRectF, fill: bool) -> None:
        if handout.kind == "picture":
            if handout.picture is not None:
                size = handout.picture.size().toSizeF().scaled(box.size(), Qt.AspectRatioMode.KeepAspectRatio)
                target = QRectF(0, 0, size.width(), size.height())
                target.moveCenter(box.center())
                painter.drawImage(target, handout.picture)
            return
        title, text = self.words() or ("", "")
        title_font, text_font, height = _laid_out(title, text, box, LARGEST_FULL if fill else LARGEST_TEXT)
        top = box.top() + (max(0.0, (box.height() - height) / 2) if fill else 0.0)
        painter.setClipRect(box)
        if title:
            painter.setFont(title_font)
            painter.setPen(TEXT_COLOUR)
            title_box = QRectF(box.left(), top, box.width(), box.height())
            drawn = painter.boundingRect(title_box, CENTRED | WRAP, title)
            painter.drawText(title_box, CENTRED | WRAP, title)
            top += drawn.height() + text_font.pixelSize() * 0.5
        if text:
            painter.setFont(text_font)
            painter.setPen(WORDS_COLOUR)
            flags = (CENTRED if fill else LEFT) | WRAP
            painter.drawText(QRectF(box.left(), top, box.width(), box.bottom() - top), flags, text)


def _fonts(size: int) -> tuple[QFont, QFont]:
    text = QFont()
    text.setPixelSize(size)
    title = QFont(text)
    title.setPixelSize(round(size * 1.2))
    title.setBold(True)
    return title, text


def _laid_out(title: str, text: str, box: QRectF, largest: int) -> tuple[QFont, QFont, float]:
    """The largest letters at which the title and the text fit the box's width and height
    (the smallest, clipped, when nothing fits), and the height they take."""
    for size in range(largest, SMALLEST_TEXT - 1, -2):
        title_font, text_font = _fonts(size)
        height = _height(title, title_font, box.width()) + _height(text, text_font, box.width())
        if title and text:
            height += size * 0.5
        if height <= box.height() or size <= SMALLEST_TEXT:
            return title_font, text_font, height
    raise AssertionError("the loop ends at the smallest size")


def _height(words: str, font: QFont, width: float) -> float:
    if not words:
        return 0.0
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, width, 1e6), WRAP, words).height()
