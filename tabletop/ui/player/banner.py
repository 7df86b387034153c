"""The turn banner of the players' window: whose turn, the round and the exchange, in strips
beside the map (never over it). On a TV lying flat on the table the GM picks the edges where
players sit, and each strip is turned to face the players at its edge.

A token the players do not see is never named, and its turn changes nothing the players read
(each system words that: rules/systems.py); while the window is blacked out the strips are
black too."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QGridLayout, QWidget

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.rules import systems
from tabletop.rules.visibility import LIVE, Fog, token_shown

EDGES = ("bottom", "top", "left", "right")
TURN = {"bottom": 0, "top": 180, "left": 90, "right": 270}
"""How far each strip's text is turned (clockwise) to read upright from its edge of the table."""
EDGES_KEY = "player/banner_edges"
"""The chosen edges, kept in the map window's settings as "bottom,top"."""
THICKNESS = 56
BANNER_COLOUR = QColor("#111111")
TEXT_COLOUR = QColor("#f1c40f")


def banner_text(document: MapDocument, fog: Fog = LIVE) -> str:
    """What the players read: whose turn (only a token they may see under the fog they were
    sent, which is not the map's own while the GM stages changes), round and exchange."""
    conflict = document.map.conflict
    if conflict is None:
        return ""
    if conflict.ended:
        return "The conflict is over"
    places = (lambda zone_id: document.get("zone", zone_id)), (lambda grid_id: document.get("grid", grid_id))

    def shown(token_id: str) -> bool:
        token = document.get("token", token_id)
        return token is not None and token_shown(token, *places, fog=fog)

    return systems.of(conflict).banner(conflict, shown, lambda t: document.label("token", t))


def parse_edges(text: str) -> tuple[str, ...]:
    chosen = tuple(e for e in EDGES if e in str(text or "").split(","))
    return chosen or ("bottom",)


class BannerStrip(QWidget):
    """One strip along one edge, its text turned to face that edge."""

    def __init__(self, frame: TurnFrame, edge: str) -> None:
        super().__init__(frame)
        self.frame, self.edge = frame, edge
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        if edge in ("bottom", "top"):
            self.setFixedHeight(THICKNESS)
        else:
            self.setFixedWidth(THICKNESS)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        covered = self.frame.covered()
        painter.fillRect(self.rect(), QColor("black") if covered else BANNER_COLOUR)
        text = "" if covered else self.frame.text
        if text:
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            painter.translate(self.width() / 2, self.height() / 2)
            painter.rotate(TURN[self.edge])
            turned = self.edge in ("left", "right")
            length, across = (self.height(), self.width()) if turned else (self.width(), self.height())
            font = QFont(self.font())
            font.setPixelSize(int(THICKNESS * 0.5))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(TEXT_COLOUR)
            painter.drawText(QRectF(-length / 2, -across / 2, length, across), Qt.AlignmentFlag.AlignCenter, text)
        painter.end()


class TurnFrame(QWidget):
    """The player view with a banner strip on each chosen edge; the strips show only while a
    conflict runs, so the map has the whole screen otherwise."""

    def __init__(self, document: MapDocument, view: QWidget, settings=None) -> None:
        super().__init__()
        self.document, self.view, self.settings = document, view, settings
        self.text = ""
        self._covered = getattr(view, "covered", False)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(0)
        self.strips = {edge: BannerStrip(self, edge) for edge in EDGES}
        grid.addWidget(self.strips["top"], 0, 0, 1, 3)
        grid.addWidget(self.strips["left"], 1, 0)
        grid.addWidget(view, 1, 1)
        grid.addWidget(self.strips["right"], 1, 2)
        grid.addWidget(self.strips["bottom"], 2, 0, 1, 3)
        self.edges: tuple[str, ...] = parse_edges(settings.value(EDGES_KEY, "bottom") if settings else "bottom")
        document.edited.connect(self._edited)
        document.reset.connect(self.refresh)
        view.viewport().installEventFilter(self)
        self.refresh()

    def _edited(self, change) -> None:
        if change.kind is Part.CONFLICT:
            self.refresh()
        elif change.kind in ("token", "zone", "grid") and self.document.map.conflict is not None:
            self.refresh()  # a name changed, or the token hidden or fogged from the players

    def covered(self) -> bool:
        return bool(getattr(self.view, "covered", False))

    def set_edges(self, edges: tuple[str, ...]) -> None:
        self.edges = tuple(e for e in EDGES if e in edges)
        if self.settings is not None:
            self.settings.setValue(EDGES_KEY, ",".join(self.edges))
        self.refresh()

    def refresh(self) -> None:
        scene = self.view.scene() if hasattr(self.view, "scene") else None
        self.text = banner_text(self.document, getattr(scene, "fog", LIVE))
        for edge, strip in self.strips.items():
            strip.setVisible(bool(self.text) and edge in self.edges)
            strip.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Blackout repaints the view at once; the strips follow in the same moment."""
        if event.type() == QEvent.Type.Paint and self.covered() != self._covered:
            self._covered = self.covered()
            for strip in self.strips.values():
                if strip.isVisible():
                    strip.repaint()
        return False
