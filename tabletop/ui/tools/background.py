"""Adjust Background: the picture a GM traces over, moved and scaled with the mouse.

A mode of its own (Map ▸ Adjust Background Image, or I on the canvas), as Tiled moves an image
layer with a tool of its own: the picture lies under every zone, so in any other mode a click
on it is a click on the map, and tracing over it is the point. In this mode a frame with a
handle on each corner shows the picture; a drag inside moves it, a drag on a corner scales it
about the opposite corner, its shape kept, as a drawing program scales a picture. The map
window shows the drag as it goes (a preview, no edit), and the release makes it one undo step;
the players' window then follows. Esc or Enter leaves the mode for the tool chosen before."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document.changes import Change, Part
from tabletop.document.commands import SetBackground
from tabletop.model import Background
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.map import MAX_BACKGROUND_SCALE
from tabletop.ui.scene.background import PLACE_DECIMALS, SCALE_DECIMALS, Preview
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS

HANDLE_PX = 6.0
"""Half a corner handle's side, in screen pixels; a press this near a corner takes it (and a
little more, so the handle is easy to catch)."""
GRAB_PX = HANDLE_PX + 4.0
MIN_SCALE = 0.001
"""The smallest scale a drag leaves (the dialog's own lower limit)."""
FRAME_INK = QColor(25, 118, 210)
HOT_INK = QColor(230, 81, 0)

OPPOSITE = {0: 2, 1: 3, 2: 0, 3: 1}
"""The corner a scale holds still, by the corner dragged (corners_of's order)."""


def corners_of(rect: QRectF) -> list[QPointF]:
    """The rectangle's corners: top-left, top-right, bottom-right, bottom-left."""
    return [rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()]


def rounded(background: Background) -> Background:
    """The place and scale as the dialog shows them: a picture set here reads the same there."""
    x = max(-MAX_COORDINATE, min(MAX_COORDINATE, round(background.x, PLACE_DECIMALS)))
    y = max(-MAX_COORDINATE, min(MAX_COORDINATE, round(background.y, PLACE_DECIMALS)))
    scale = max(MIN_SCALE, min(MAX_BACKGROUND_SCALE, round(background.scale, SCALE_DECIMALS)))
    return background.model_copy(update={"x": x, "y": y, "scale": scale})


class Frame(QGraphicsItem):
    """The picture's outline and its four corner handles, a constant size on screen, over
    everything on the map (the picture lies under the zones it is traced into)."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.hot: int | None = None
        """The corner under the cursor (or being dragged), drawn in the hot colour."""
        self.reach = 0.0
        """Half a handle in map units at the view's zoom, kept in the bounds."""
        self.setZValue(30)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_rect(self, rect: QRectF, hot: int | None, reach: float) -> None:
        self.prepareGeometryChange()
        self.rect, self.hot, self.reach = QRectF(rect), hot, reach
        self.update()

    def boundingRect(self) -> QRectF:
        if self.rect.isEmpty():
            return QRectF()
        grow = 2 * self.reach + 1
        return self.rect.adjusted(-grow, -grow, grow, grow)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.rect.isEmpty():
            return
        size = HANDLE_PX / max(painter.worldTransform().m11(), 1e-6)
        under = QPen(QColor(255, 255, 255, 220), 3)
        under.setCosmetic(True)
        over = QPen(FRAME_INK, 1.5, Qt.PenStyle.DashLine)
        over.setCosmetic(True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen in (under, over):  # dashes on a white line: seen on a dark scan and a light one
            painter.setPen(pen)
            painter.drawRect(self.rect)
        edge = QPen(Qt.GlobalColor.white, 1.5)
        edge.setCosmetic(True)
        painter.setPen(edge)
        for i, corner in enumerate(corners_of(self.rect)):
            painter.setBrush(QBrush(HOT_INK if i == self.hot else FRAME_INK))
            painter.drawRect(QRectF(corner.x() - size, corner.y() - size, 2 * size, 2 * size))


class BackgroundTool(Tool):
    shortcut = "I"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say, leave: Callable[[], None] | None = None) -> None:
        """`leave`: goes back to the tool chosen before (Esc or Enter)."""
        super().__init__(document, scene, view, say)
        self.leave = leave
        self.frame = Frame()
        self._drag: tuple[int | None, Background, QPointF] | None = None
        """The drag under way: the corner held (None: the whole picture), the picture as it
        lay when the drag began, and where the drag began."""
        self._tried: Background | None = None
        """Where the drag has the picture now (shown as a preview, not yet an edit)."""

    # -- the mode ------------------------------------------------------------------------------

    def activate(self) -> None:
        if self.frame.scene() is None:
            self.scene.addItem(self.frame)
        self.document.edited.connect(self._edited)
        self.document.reset.connect(self._changed)
        self.document.pathChanged.connect(self._changed)  # saved elsewhere: the picture is read from there
        self.view.zoomed.connect(self._refresh)
        self._refresh()
        if self.document.map.background is None:
            self.say("No background picture to adjust: choose one with Map ▸ Set Background Image…")
        elif self.scene.background.image() is None:
            self.say("The background picture cannot be drawn, so it cannot be adjusted here")

    def deactivate(self) -> None:
        self._cancel()
        self.document.edited.disconnect(self._edited)
        self.document.reset.disconnect(self._changed)
        self.document.pathChanged.disconnect(self._changed)
        self.view.zoomed.disconnect(self._refresh)
        if self.frame.scene() is not None:
            self.scene.removeItem(self.frame)
        self.view.viewport().unsetCursor()

    def _edited(self, change: Change) -> None:
        if change.kind is Part.BACKGROUND:
            self._changed()

    def _changed(self) -> None:
        """The map's picture changed under the drag (an undo, another map opened): the drag
        ends, leaving the picture as the map now has it."""
        self._cancel()

    def _refresh(self, *_) -> None:
        hot = self._drag[0] if self._drag is not None else self.frame.hot
        self.frame.show_rect(self.scene.background.boundingRect(), hot, self._reach())

    def _reach(self) -> float:
        return GRAB_PX / max(self.view.scale_now(), 1e-6)

    def picture_corners(self) -> list[tuple[float, float]]:
        """None here: the corner being dragged would stick to itself."""
        return []

    # -- where the cursor is -------------------------------------------------------------------

    def _corner_at(self, pos: QPointF) -> int | None:
        rect, reach = self.scene.background.boundingRect(), self._reach()
        if rect.isEmpty():
            return None
        near = [(math.hypot(c.x() - pos.x(), c.y() - pos.y()), i) for i, c in enumerate(corners_of(rect))]
        distance, corner = min(near)
        return corner if distance <= reach else None

    def _cursor(self, pos: QPointF) -> None:
        corner = self._corner_at(pos)
        if corner is not None:
            shape = Qt.CursorShape.SizeFDiagCursor if corner in (0, 2) else Qt.CursorShape.SizeBDiagCursor
        elif self.scene.background.boundingRect().contains(pos):
            shape = Qt.CursorShape.SizeAllCursor
        else:
            self.view.viewport().unsetCursor()
            return
        self.view.viewport().setCursor(shape)

    # -- the drag ------------------------------------------------------------------------------

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        background = self.document.map.background
        rect = self.scene.background.boundingRect()
        corner = self._corner_at(pos)
        if background is None or (corner is None and not rect.contains(pos)):
            return True  # nothing here to take; never a rubber band or a selection in this mode
        if self.locked("the background picture"):
            return True
        self._drag = (corner, background, pos)
        self._tried = None
        return True

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None:
            self._cursor(pos)
            hot = self._corner_at(pos)
            if hot != self.frame.hot:
                self.frame.show_rect(self.frame.rect, hot, self._reach())
            return False  # the status bar still names the place under the cursor
        corner = self._drag[0]
        tried = self._moved(pos) if corner is None else self._scaled(corner, pos)
        if tried is not None and tried != self._tried:
            self._tried = tried
            self.scene.background.show_preview(self._preview(tried))
            self._refresh()
        return True

    def _moved(self, pos: QPointF) -> Background:
        """The picture moved with the cursor: by whole lattice steps while the lattice is on
        (as a dragged zone moves), exactly with Ctrl held or the lattice off."""
        _, start, began = self._drag
        dx, dy = self.moved_by(began, pos)
        return rounded(start.model_copy(update={"x": start.x + dx, "y": start.y + dy}))

    def _scaled(self, corner: int, pos: QPointF) -> Background | None:
        """The picture scaled about the corner opposite the one held, its shape kept: the held
        corner goes with the cursor (from where it lay, however near the corner the press
        was) onto a zone's corner near it, the lattice, or exactly with Ctrl, as far as the
        picture's shape lets it, along the wider of the two ways."""
        _, start, began = self._drag
        image = self.scene.background.image()
        if image is None or image.width() <= 0 or image.height() <= 0:
            return None
        rect = QRectF(start.x, start.y, image.width() * start.scale, image.height() * start.scale)
        corners = corners_of(rect)
        anchor = corners[OPPOSITE[corner]]
        x, y = self.snap(corners[corner] + pos - began)
        across = (x - anchor.x()) * (1 if corner in (1, 2) else -1)  # toward the held corner's side
        down = (y - anchor.y()) * (1 if corner in (2, 3) else -1)
        scale = max(across / image.width(), down / image.height(), MIN_SCALE)
        width, height = image.width() * scale, image.height() * scale
        left = anchor.x() if corner in (1, 2) else anchor.x() - width
        top = anchor.y() if corner in (2, 3) else anchor.y() - height
        return rounded(start.model_copy(update={"x": left, "y": top, "scale": scale}))

    def _preview(self, background: Background) -> Preview | None:
        image = self.scene.background.image()
        if image is None:
            return None
        return Preview(image, background.x, background.y, background.scale, background.opacity)

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None or event.button() != Qt.MouseButton.LeftButton:
            return self._drag is not None
        corner, start, _ = self._drag
        tried = self._tried
        self._cancel()
        if tried is None or tried == start or self.document.map.background != start:
            return True
        if self.locked("the background picture"):  # locked while the button was held
            return True
        command = SetBackground(self.document, tried)
        command.setText("Move the background picture" if corner is None else "Scale the background picture")
        self.document.undo_stack.push(command)
        self._cursor(pos)
        return True

    def _cancel(self) -> None:
        """The drag ends with no edit: the map's own picture shows again."""
        self._drag, self._tried = None, None
        if self.scene.background.preview is not None:
            self.scene.background.show_preview(None)
        self._refresh()

    def key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape and self._drag is not None:
            self._cancel()
            return True
        if key in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.leave is not None:
                self.leave()
            return True
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key in steps and self._drag is None:
            self._nudge(*steps[key], fine=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return True
        return False

    def _nudge(self, dx: int, dy: int, fine: bool) -> None:
        """Arrow keys move the picture a lattice step (Shift: a quarter), as they nudge a zone."""
        background = self.document.map.background
        if background is None or self.locked("the background picture"):
            return
        step = self.view.snapping.step * (0.25 if fine else 1.0)
        moved = rounded(background.model_copy(update={"x": background.x + dx * step, "y": background.y + dy * step}))
        if moved != background:
            command = SetBackground(self.document, moved)
            command.setText("Nudge the background picture")
            self.document.undo_stack.push(command)
