"""The ring around the token whose turn it is, on the GM's map and the players' alike, so the
table sees at a glance who acts (the conflict's `turn`; on the players' map, the turn their
banner names)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject

from tabletop.document.changes import Change, Part
from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model.kinds import Kind
from tabletop.rules import systems

RING = TOKEN_RADIUS + 7
TURN_COLOUR = QColor("#f1c40f")


class TurnMark(QGraphicsObject):
    """Follows the token item of whose turn it is; hidden when nobody's turn or the token is
    not drawn (off the map, or hidden from the players). A QObject, so its connection to the
    document ends with it when the players' window closes."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(2.5)  # under the tokens, over the map
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self)
        scene.document.edited.connect(self._edited)
        self.follow()

    def _edited(self, change: Change) -> None:
        if change.kind is Part.CONFLICT:  # the scene follows its tokens' edits itself
            self.follow()

    def turn(self) -> str | None:
        """The GM's map rings whose turn it is; the players' rings whom their banner names (an
        actor they do not see is never ringed, nor is the ring taken from the last one they saw)."""
        conflict = self.map_scene.document.map.conflict
        if conflict is None or conflict.ended:
            return None
        if not self.map_scene.players:
            return conflict.turn
        return systems.of(conflict).players_turn(conflict, self.drawn)

    def drawn(self, token_id: str) -> bool:
        item = self.map_scene.items_by_key.get((Kind.TOKEN, token_id))
        return item is not None and item.isVisible()

    def follow(self) -> None:
        turn = self.turn()
        item = self.map_scene.items_by_key.get((Kind.TOKEN, turn)) if turn else None
        shown = turn is not None and self.drawn(turn)
        self.setVisible(shown)
        if shown:
            self.setPos(item.pos())

    def boundingRect(self) -> QRectF:
        return QRectF(-RING - 4, -RING - 4, 2 * RING + 8, 2 * RING + 8)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(TURN_COLOUR, 5.0)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(self.boundingRect().adjusted(4, 4, -4, -4))
