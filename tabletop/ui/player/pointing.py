"""The GM's pointer at the table, on the GM's side: hold Q on the map with any tool (the left
hand holds it while the right moves the mouse), or choose the Laser Pointer tool (L). The
players' window then shows a dot with a fading trail where the mouse goes (ui/player/pointer.py);
a click pings the spot, a double click centres the players' view there.

Nothing of it is an edit: the map, its undo stack and the GM's selection stay as they were. A
click or a double click made while Q is held is the pointer's alone, so no tool selects, draws
or moves anything under it."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QCursor

from tabletop.ui.player.controls import NOT_SHOWN, VIEW_KEY
from tabletop.ui.player.pointer import PointerMarks, seen_at
from tabletop.ui.player.table import TableParts
from tabletop.ui.player.window import PlayerView, PlayerWindow
from tabletop.ui.tools.pointer import HOLD_KEY, PointerTool
from tabletop.ui.view import MapView

NOT_SEEN = "The players cannot see that place: nothing is shown to them there"
CLOSED = "The players' window is closed: View ▸ Player Window (Ctrl+Shift+P) opens it"


class Pointing(QObject):
    """The pointer for the players' window the GM's controls open, from the GM's canvas `view`
    and the Laser Pointer `tool`; `say` is the GM's passing line."""

    def __init__(self, table: TableParts, view: MapView, tool: PointerTool, say: Callable[[str], None]) -> None:
        players = table.players
        super().__init__(players)
        self.players, self.settings, self.view, self.say = players, table.settings, view, say
        self._marks: tuple[PlayerWindow, PointerMarks] | None = None
        self.held = False
        self._pressed = False
        """A press taken while Q was held: its release is the pointer's too."""
        players.opening.connect(self._opening)
        if players.player is not None:
            self._opening(players.player)
        self._refused = False
        """The GM was told the players see another scene, during this gesture: said once."""
        players.mirroredChanged.connect(self._mirrored)
        self.viewport = view.viewport()
        view.installEventFilter(self)
        self.viewport.installEventFilter(self)
        tool.pointing = self

    def _opening(self, player: PlayerWindow) -> None:
        self._marks = (player, PointerMarks(player.scene, lambda: _pixel(player.view)))
        player.closed.connect(self._closed)

    def _closed(self) -> None:
        """The players' window closed: its marks go with it, and nothing here keeps the window's
        Python side alive past its items (whose slots would then be called on deleted items)."""
        self._marks = None

    @property
    def marks(self) -> PointerMarks | None:
        """The marks on the players' window open now; None while it is closed."""
        if self._marks is None or self._marks[0] is not self.players.player:
            return None
        return self._marks[1]

    def _mirrored(self, on: bool) -> None:
        """The GM left the scene the players see: the dot there fades, as the places it pointed
        at are no longer the ones under the GM's mouse."""
        if not on:
            self.lift()

    def _elsewhere(self) -> bool:
        """Whether the players see another scene than the GM's (a session's staged scene not
        sent yet): nothing pointed at here may reach their window. Said once a gesture."""
        if self.players.mirrored:
            return False
        if not self._refused:
            self._refused = True
            self.say(NOT_SHOWN)
        return True

    # -- what the GM does --------------------------------------------------------------------

    def point(self, pos: QPointF) -> None:
        marks = self.marks
        if marks is not None and not self._elsewhere():
            marks.point(pos.x(), pos.y())

    def lift(self) -> None:
        self._refused = False
        marks = self.marks
        if marks is not None:
            marks.lift()

    def ping(self, pos: QPointF) -> None:
        self._refused = False  # a click is a gesture of its own: said again
        if self._elsewhere():
            return
        marks = self.marks
        if marks is None:
            self.say(CLOSED)
        elif not marks.ping(pos.x(), pos.y()):
            self.say(NOT_SEEN)

    def centre(self, pos: QPointF) -> None:
        """The players' view centred on the spot at its zoom (follow mode ends, as when the GM
        drags the outline of their view), and the spot pinged. Only where they may see it: their
        view moved onto a hidden or fogged place would tell them something is there."""
        self._refused = False
        if self._elsewhere():
            return
        player = self.players.player
        if player is None:
            self.say(CLOSED)
            return
        if not seen_at(player.scene, pos.x(), pos.y()):
            self.say(NOT_SEEN)
            return
        if self.players.following:
            self.players.set_follow(False)
        rect = QRectF(player.view.shown_rect)
        if rect.isEmpty():
            rect = player.view.visible_rect()
        rect.moveCenter(pos)
        player.view.show_rect(rect)
        self.settings.setValue(VIEW_KEY, ",".join(f"{v:.2f}" for v in rect.getRect()))
        marks = self.marks
        if marks is not None:
            marks.ping(pos.x(), pos.y())

    # -- the held key ------------------------------------------------------------------------

    def hold(self, on: bool) -> None:
        """Q pressed: point at once where the cursor is; Q let go: the dot fades."""
        if on == self.held:
            return
        self.held = on
        if not on:
            self.lift()
            return
        viewport = self.viewport
        at = viewport.mapFromGlobal(QCursor.pos())
        if viewport.rect().contains(at):
            self.point(self._on_map(QPointF(at)))

    def _on_map(self, point: QPointF) -> QPointF:
        return self.view.viewportTransform().inverted()[0].map(point)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) and _hold_key(event):
            if not event.isAutoRepeat():
                self.hold(kind == QEvent.Type.KeyPress)
            return True
        if kind == QEvent.Type.FocusOut and watched is self.view:
            self.hold(False)  # the release would go to another widget
            return False
        if watched is not self.viewport:
            return False
        if kind == QEvent.Type.MouseButtonRelease and self._pressed:
            self._pressed = False
            return True
        if not self.held:
            return False
        if kind == QEvent.Type.MouseMove:
            self.point(self._on_map(event.position()))
        elif kind == QEvent.Type.Leave:
            self.lift()
        elif kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick):
            if event.button() != Qt.MouseButton.LeftButton:
                return False
            self._pressed = True
            pos = self._on_map(event.position())
            if kind == QEvent.Type.MouseButtonPress:
                self.ping(pos)
            else:
                self.centre(pos)
            return True
        return False


def _hold_key(event) -> bool:
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    return event.key() == HOLD_KEY and mods == Qt.KeyboardModifier.NoModifier


def _pixel(view: PlayerView) -> float:
    """Map units one screen pixel of the players' view spans."""
    transform = view.transform()
    return 1.0 / max(math.hypot(transform.m11(), transform.m12()), 1e-9)
