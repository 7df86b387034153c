"""The initiative strip of the players' window: the order of the round beside the map, between
the map and the turn banner, on the banner's edges and turned like it to face the players at each
edge. One card per participant the players see (rules/initiative_strip.py works out the rows):
whose turn, who is next, what is left of the turn and, if the GM shows it, stress as boxes.

Each strip paints its picture upright and then turns it as a whole, so the strip on the left
edge is the bottom one's picture turned a quarter, pixel for pixel. A covered (blacked out)
view blacks the strips out in the same moment."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QWidget

from tabletop.document.changes import Part
from tabletop.rules.initiative_strip import StripRow, strip_rows
from tabletop.rules.visibility import LIVE, token_shown
from tabletop.ui.player.banner import BANNER_COLOUR, EDGES, TEXT_COLOUR, TURN, TurnFrame

MODE_KEY = "player/strip"
"""What the strip shows, kept in the map window's settings: one of MODES."""
MODES = ("off", "order", "stress")
"""Not shown; the order of the round with what is left of each turn; that and stress."""
DEFAULT_MODE = "order"
"""Stress is the GM's to share: a new table sees the order only until the GM chooses more."""
CARD_WIDTH = 250
"""The widest a card grows along its edge: a few participants stay together, not spread out."""
PAD = 8
NAME_PX, MARK_PX, TRACK_PX = 22, 16, 16
MARK_PX_LEAST = 11
TRACKS_SHOWN = 4
"""Stress tracks a card shows; a token with more shows its first ones."""
CARD_COLOUR = QColor("#1e1e1e")
WORDS_COLOUR = QColor("#d0d0d0")
OUT_COLOUR = QColor("#777777")
NEXT_COLOUR = QColor("#9fb3c8")
MARKED_COLOUR = QColor("#e74c3c")
TURN_MARK = "▶ "


def mode_of(settings: QSettings | None) -> str:
    text = str(settings.value(MODE_KEY, DEFAULT_MODE, type=str)) if settings is not None else DEFAULT_MODE
    return text if text in MODES else DEFAULT_MODE


def thickness(rows: tuple[StripRow, ...]) -> int:
    """How deep the strip is across its edge: a name and a line of turn words, and a line for
    each stress track the cards show (the most any shown card has)."""
    tracks = min(TRACKS_SHOWN, max((len(row.stress) for row in rows), default=0))
    return 2 * PAD + NAME_PX + 8 + MARK_PX + 6 + tracks * (TRACK_PX + 6)


def strip_picture(rows: tuple[StripRow, ...], length: int, ratio: float = 1.0) -> QImage:
    """The strip upright, `length` pixels along its edge: the cards centred along it."""
    depth = thickness(rows)
    image = QImage(round(length * ratio), round(depth * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(BANNER_COLOUR)
    if not rows or length <= 0:
        return image
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    width = min(CARD_WIDTH, length / len(rows))
    start = (length - width * len(rows)) / 2
    for index, row in enumerate(rows):
        _card(painter, row, QRectF(start + index * width, 0, width, depth).adjusted(3, 4, -3, -4))
    painter.end()
    return image


def _font(pixels: int, bold: bool = False, struck: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(bold)
    font.setStrikeOut(struck)
    return font


def _fitting(text: str, width: float) -> QFont:
    """The turn's words a little smaller on a narrow card (a short side of the table) before any
    is cut off: what is left of a turn is read whole."""
    pixels = MARK_PX
    while pixels > MARK_PX_LEAST and QFontMetrics(_font(pixels)).horizontalAdvance(text) > width:
        pixels -= 1
    return _font(pixels)


def _text(painter: QPainter, rect: QRectF, text: str, font: QFont, colour: QColor, align=Qt.AlignmentFlag.AlignLeft):
    """One line of plain text, cut short with an ellipsis where the card is too narrow."""
    painter.setFont(font)
    painter.setPen(colour)
    shown = QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, max(0, int(rect.width())))
    painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextSingleLine), shown)


def _card(painter: QPainter, row: StripRow, rect: QRectF) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(CARD_COLOUR)
    painter.drawRoundedRect(rect, 6, 6)
    if row.now or row.next:
        pen = QPen(TEXT_COLOUR if row.now else NEXT_COLOUR, 3 if row.now else 1.5)
        if row.next:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
    inner = rect.adjusted(PAD, PAD - 4, -PAD, 0)
    line = QRectF(inner.left(), inner.top(), inner.width(), NAME_PX + 8)
    if row.next:
        tag = _font(MARK_PX)
        room = QFontMetrics(tag).horizontalAdvance("next") + 4
        _text(painter, line, "next", tag, NEXT_COLOUR, Qt.AlignmentFlag.AlignRight)
        line.setWidth(max(0.0, line.width() - room))
    if row.colour:
        spot = NAME_PX * 0.55
        painter.setPen(QPen(WORDS_COLOUR, 1.2))
        painter.setBrush(QColor(row.colour))
        painter.drawEllipse(QRectF(line.left(), line.center().y() - spot / 2, spot, spot))
        line.setLeft(line.left() + spot + 6)
    colour = OUT_COLOUR if row.out else (TEXT_COLOUR if row.now else WORDS_COLOUR)
    name = (TURN_MARK if row.now else "") + row.name
    _text(painter, line, name, _font(NAME_PX, bold=True, struck=row.out), colour)
    marks = "  ".join(f"{word} {value}".strip() for word, value in row.marks)
    if row.out:
        marks = "out"
    below = QRectF(inner.left(), line.bottom(), inner.width(), MARK_PX + 6)
    _text(painter, below, marks, _fitting(marks, below.width()), OUT_COLOUR if row.out else WORDS_COLOUR)
    top = below.bottom()
    tracks = row.stress[:TRACKS_SHOWN]
    metrics = QFontMetrics(_font(TRACK_PX - 2))
    label = min(max((metrics.horizontalAdvance(t.name) for t in tracks), default=0) + 6, inner.width() * 0.4)
    for track in tracks:
        _track(painter, track, QRectF(inner.left(), top, inner.width(), TRACK_PX + 6), label)
        top += TRACK_PX + 6


def _track(painter: QPainter, track, rect: QRectF, label: float) -> None:
    """A track's name, then its boxes (lined up under the card's other tracks' boxes), the
    marked ones filled, as many as the card's width holds (smaller boxes for a long track)."""
    _text(painter, QRectF(rect.left(), rect.top(), label, rect.height()), track.name, _font(TRACK_PX - 2), WORDS_COLOUR)
    room = rect.width() - label
    if track.boxes <= 0 or room <= 0:
        return
    step = min(TRACK_PX + 3.0, room / track.boxes)
    side = max(2.0, step - 3)
    y = rect.center().y() - side / 2
    for box in range(1, track.boxes + 1):
        square = QRectF(rect.left() + label + (box - 1) * step, y, side, side)
        if box in track.marked:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(MARKED_COLOUR)
        else:
            painter.setPen(QPen(WORDS_COLOUR, 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(square)


class InitiativeStrip(QWidget):
    """One strip along one edge: the frame's picture, turned to face that edge."""

    def __init__(self, frame: StripFrame, edge: str) -> None:
        super().__init__(frame)
        self.frame, self.edge = frame, edge
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.hide()

    @property
    def along(self) -> bool:
        return self.edge in ("bottom", "top")

    def set_depth(self, depth: int) -> None:
        if self.along:
            self.setFixedHeight(depth)
        else:
            self.setFixedWidth(depth)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        if self.frame.covered():
            painter.fillRect(self.rect(), QColor("black"))
            painter.end()
            return
        self.frame.follow_fog()
        length, depth = (self.width(), self.height()) if self.along else (self.height(), self.width())
        picture = strip_picture(self.frame.rows, length, self.devicePixelRatioF())
        painter.translate(self.width() / 2, self.height() / 2)
        painter.rotate(TURN[self.edge])
        painter.drawImage(QRectF(-length / 2, -depth / 2, length, depth), picture)
        painter.end()


class StripFrame(QWidget):
    """The players' view with an initiative strip on each of the banner's chosen edges, set in
    the banner's frame where the view was: the strips run beside the map, inside the banner."""

    def __init__(self, banner: TurnFrame, settings: QSettings | None = None) -> None:
        super().__init__()
        self.banner, self.view, self.document = banner, banner.view, banner.document
        self.mode = mode_of(settings)
        self.rows: tuple[StripRow, ...] = ()
        self._covered = self.covered()
        self._fog = self._players_fog()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(0)
        self.strips = {edge: InitiativeStrip(self, edge) for edge in EDGES}
        banner.layout().replaceWidget(self.view, self)  # the view moves into this frame, below
        grid.addWidget(self.strips["top"], 0, 0, 1, 3)
        grid.addWidget(self.strips["left"], 1, 0)
        grid.addWidget(self.view, 1, 1)
        grid.addWidget(self.strips["right"], 1, 2)
        grid.addWidget(self.strips["bottom"], 2, 0, 1, 3)
        self.document.edited.connect(self._edited)
        self.document.reset.connect(self.refresh)
        self.view.viewport().installEventFilter(self)
        self.refresh()

    def covered(self) -> bool:
        return bool(getattr(self.view, "covered", False))

    def _players_fog(self):
        scene = self.view.scene()
        return getattr(scene, "fog", LIVE)

    def set_mode(self, mode: str) -> None:
        self.mode = mode if mode in MODES else DEFAULT_MODE
        self.refresh()

    def _edited(self, change) -> None:
        if change.kind is Part.CONFLICT:
            self.refresh()
        elif change.kind in ("token", "zone", "grid") and self.document.map.conflict is not None:
            self.refresh()  # a name or stress changed, or a token hidden or fogged from the players

    def refresh(self) -> None:
        """The rows as the players may see them, on the banner's edges; no strip while nothing
        with a turn order runs or the GM turned it off."""
        self._work_out()
        self._place()

    def follow_fog(self) -> None:
        """Fog sent to the players may show or hide a participant: the rows are worked out again
        before anything is painted with them, the strips placed once the paint is over."""
        if self._players_fog() is not self._fog:
            self._work_out()
            QTimer.singleShot(0, self, self._place)

    def _work_out(self) -> None:
        """The rows under the fog the players were last sent (not the map's own while the GM
        stages changes)."""
        document, fog = self.document, self._players_fog()
        self._fog = fog
        rows: tuple[StripRow, ...] = ()
        if self.mode != "off" and document.map.conflict is not None:
            places = (lambda zone_id: document.get("zone", zone_id)), (lambda grid_id: document.get("grid", grid_id))

            def shown(token_id: str) -> bool:
                token = document.get("token", token_id)
                return token is not None and token_shown(token, *places, fog=fog)

            label = lambda token_id: document.label("token", token_id)  # noqa: E731
            rows = strip_rows(document.map, shown, label, stress=self.mode == "stress")
        self.rows = rows

    def _place(self) -> None:
        rows, depth = self.rows, thickness(self.rows)
        for edge, strip in self.strips.items():
            strip.set_depth(depth)
            strip.setVisible(bool(rows) and edge in self.banner.edges)
            strip.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Blackout repaints the view at once and the strips follow in the same moment; fog sent
        to the players repaints the view too, and may show or hide a participant."""
        if event.type() == QEvent.Type.Paint:
            self.follow_fog()
            if self.covered() != self._covered:
                self._covered = self.covered()
                for strip in self.strips.values():
                    if strip.isVisible():
                        strip.repaint()
        return False
