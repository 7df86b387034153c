"""The players' window: a second top-level window showing the GM's document through a
MapScene in the players' style. It takes no focus, no clicks and no keys: the GM drives it
from the map window, so it can sit full screen on a projector without ever stealing a key.

It starts black and stays black while the GM blacks it out: a covered view paints nothing of
the map at all, so a secret cannot flash up for a frame.

The grids' legend follows the GM's View > Show Legend: one switch, so the table sees the key
the GM sees (it is the players who must read the looks; a second switch for the same key
would only let the two screens disagree). It lists only the ground the players can see."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QRectF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QColor, QPainter, QPaintEvent, QPixmap, QTransform
from PySide6.QtWidgets import QFrame, QGraphicsItem, QGraphicsView, QVBoxLayout, QWidget

from tabletop.document import MapDocument
from tabletop.geometry.single.shapes import map_bounds
from tabletop.model.kinds import Kind
from tabletop.render.legend import legend_entries
from tabletop.render.style import MapStyle, players_style
from tabletop.rules.visibility import players_grid, zone_shown
from tabletop.ui.player.banner import TurnFrame
from tabletop.ui.player.strip import StripFrame
from tabletop.ui.scene.legend import LegendItem
from tabletop.ui.scene.map_scene import MapScene

ROOM = 1_000_000.0
"""How far the player view may look past the map: a pushed view near the edge is shown as the
GM framed it, not pushed back inside the scene's own rectangle."""
BLACK = QColor("black")


class PlayerView(QGraphicsView):
    """The canvas of the players' window: no scroll bars, no focus, no interaction, and a
    rotation in quarter turns applied on top of whatever rectangle it is asked to show."""

    viewChanged = Signal()

    def __init__(self, scene: MapScene) -> None:
        super().__init__(scene)
        self.map_scene = scene
        self.covered = True
        self._rotation = 0
        self._following_scene = False
        self.shown_rect = QRectF()
        self.fitted = False
        """Whether the view shows the map fitted (it follows the map's extent) rather than a
        rectangle the GM framed (pushed, dragged, followed, double-clicked: kept as framed)."""
        self.locked_scale: float | None = None
        """Screen pixels per map unit when the GM locks the physical scale (miniatures fit)."""
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setSceneRect(QRectF(-ROOM, -ROOM, 2 * ROOM, 2 * ROOM))
        self.viewport().setCursor(Qt.CursorShape.BlankCursor)

    @property
    def rotation(self) -> int:
        return self._rotation

    @rotation.setter
    def rotation(self, degrees: int) -> None:
        """Only a turned view follows the scene's `changed` signal: while anything listens to it,
        Qt repaints every changed item's whole bounding rectangle, so an upright view would paint
        all its tiles again for an edit of one zone."""
        self._rotation = degrees % 360
        if bool(self._rotation) != self._following_scene:
            self._following_scene = bool(self._rotation)
            if self._following_scene:
                self.map_scene.changed.connect(self._scene_changed)
            else:
                self.map_scene.changed.disconnect(self._scene_changed)

    def _scene_changed(self, _rects) -> None:
        """A turned view paints its own picture, so every change repaints all of it (Qt's
        own update of the changed parts does not reach a view painted this way)."""
        if self.rotation and not self.covered:
            self.viewport().update()

    def set_covered(self, covered: bool) -> None:
        self.covered = covered
        self.viewport().repaint()  # at once: blackout must not wait for the next event loop turn

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.covered:
            painter = QPainter(self.viewport())
            painter.fillRect(self.viewport().rect(), BLACK)
            painter.end()
        elif self.rotation:
            self._paint_turned()
        else:
            super().paintEvent(event)

    def _paint_turned(self) -> None:
        """A turned view is painted upright and then turned as a whole: the map layer paints
        its cached tiles only on an upright canvas. The view's own transform is turned all the
        same, so mapping between the screen and the map stays true."""
        viewport = self.viewport()
        width, height = viewport.width(), viewport.height()
        upright = (height, width) if self.rotation % 180 == 90 else (width, height)
        scale = math.hypot(self.transform().m11(), self.transform().m12())
        centre = self.mapToScene(viewport.rect()).boundingRect().center()
        source = QRectF(0, 0, upright[0] / scale, upright[1] / scale)
        source.moveCenter(centre)
        ratio = viewport.devicePixelRatioF()
        canvas = QPixmap(round(upright[0] * ratio), round(upright[1] * ratio))
        canvas.setDevicePixelRatio(ratio)
        canvas.fill(self.map_scene.backgroundBrush().color())
        painter = QPainter(canvas)
        painter.setRenderHints(self.renderHints())
        self.map_scene.render(painter, QRectF(0, 0, *upright), source, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.end()
        painter = QPainter(viewport)
        painter.translate(width / 2, height / 2)
        painter.rotate(self.rotation)
        painter.drawPixmap(QPointF(-upright[0] / 2, -upright[1] / 2), canvas)
        painter.end()

    def show_rect(self, rect: QRectF, fitted: bool = False) -> None:
        """Show a scene rectangle whole and centred, as large as the rotated screen allows (or
        centred at the locked physical scale); `fitted`: it is the map's extent, not a frame."""
        if rect.isEmpty():
            return
        self.shown_rect = QRectF(rect)
        self.fitted = fitted
        turned = self.rotation % 180 == 90
        width, height = (rect.height(), rect.width()) if turned else (rect.width(), rect.height())
        viewport = self.viewport().rect()
        scale = self.locked_scale or min(max(1, viewport.width()) / width, max(1, viewport.height()) / height)
        self.setTransform(QTransform().rotate(self.rotation).scale(scale, scale))
        self.centerOn(rect.center())
        self.viewChanged.emit()

    def reshow(self) -> None:
        """What it showed, shown again to the screen as it is now (fitted or framed as it was)."""
        self.show_rect(self.shown_rect, self.fitted)

    def set_rotation(self, degrees: int) -> None:
        self.rotation = degrees
        self.reshow()

    def visible_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.reshow()  # a window going full screen, or the strip taking room, keeps what it showed whole


class PlayersLegend(LegendItem):
    """The legend in the players' window: the ground of fogged areas left out. The window,
    not the item, follows the document, so nothing calls the item once the window is gone."""

    def __init__(self, document: MapDocument, style: MapStyle, scene: MapScene) -> None:
        QGraphicsItem.__init__(self)
        self.document, self.style, self.map_scene = document, style, scene
        self.entries: list[str] = []
        self.corner, self.row, self.width = (0.0, 0.0), 40.0, 600.0
        self._bounds = QRectF()
        self._worked_out: tuple[int, object, list[str]] = (-1, None, [])
        """The revision and fog the players' entries were worked out for, and those entries."""
        self.setZValue(2.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        """The entries as the players' fog leaves them, worked out when painted (the fog the
        GM sends changes no grid), within the room the full legend would take."""
        fog = self.map_scene.fog
        if self._worked_out[0] != self.document.revision or self._worked_out[1] is not fog:
            # once per edit or fog sent, not per paint: a big fogged grid's is slow
            grids = [players_grid(grid, fog) for grid in self.document.map.grids]
            seen = legend_entries(self.document.map.model_copy(update={"grids": grids}))
            self._worked_out = (self.document.revision, fog, seen)
        self.entries = self._worked_out[2]  # refresh() left the full legend's, for its room
        super().paint(painter, option, widget)


class PlayerWindow(QWidget):
    """The top-level window itself. `closed` tells the GM's controls, which keep its state."""

    closed = Signal()

    def __init__(
        self,
        document: MapDocument,
        gm: QWidget | None = None,
        settings: QSettings | None = None,
        legend: QAction | None = None,
    ) -> None:
        """`gm`: the GM's window, given the keyboard back; `settings`: where the banner's edges
        are kept; `legend`: the GM's View ▸ Show Legend, which this window's legend follows."""
        # no parent: a window manager minimises a child window with its parent, and the GM may
        # minimise the map window at the table while the players keep looking at theirs
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.gm = gm
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWindowTitle("Tabletop — players")
        self.setStyleSheet("background: black")
        self.document = document
        self.scene = MapScene(document, players_style())
        self.scene.setParent(self)  # deleted with the window: it stops following the document
        self.view = PlayerView(self.scene)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.banner = TurnFrame(document, self.view, settings)  # the turn banner beside the map
        layout.addWidget(self.banner)
        self.strip = StripFrame(self.banner, settings)  # the order of the round, between map and banner
        self.blacked_out = False
        self.built = False
        document.reset.connect(self.fit_map)
        self.legend = PlayersLegend(document, self.scene.style, self.scene)
        self.scene.addItem(self.legend)
        self.show_legend(legend is not None and legend.isChecked())
        if legend is not None:
            legend.toggled.connect(self.show_legend)
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.timeout.connect(self._follow_extent)
        document.edited.connect(self._edited)
        document.reset.connect(self._map_replaced)  # through the window: its slots go with it

    def show_legend(self, on: bool) -> None:
        """Show or hide the grids' legend, as the GM's View > Show Legend says."""
        self.legend.setVisible(on)
        if on:
            self.legend.refresh()

    def _map_replaced(self) -> None:
        self.legend.refresh()

    def _edited(self, change) -> None:
        if change.kind is Kind.GRID:
            self.legend.refresh()
        if change.kind in (Kind.ZONE, Kind.GRID) and self.view.fitted:
            # a grid grown or trimmed, a zone drawn, hidden or shown at the edge: a fitted view
            # follows, once for all the edits of one step; a token's move never reframes the map
            self._refit.start(0)

    def _follow_extent(self) -> None:
        if self.view.fitted and self.fitted_rect() != self.view.shown_rect:
            self.fit_map()

    def fitted_rect(self) -> QRectF:
        """What a fitted view shows: what the players may see, and a margin."""
        map_ = self.document.map
        shown = [z for z in map_.zones if zone_shown(z)]
        if len(shown) == len(map_.zones):  # nothing hidden: the layout's extent, kept, not worked out again
            x, y, w, h = map_bounds(map_, margin=30, zone_extent=self.document.layout.zone_extent())
        else:
            x, y, w, h = map_bounds(map_.model_copy(update={"zones": shown}), margin=30)
        return QRectF(x, y, w, h)

    def fit_map(self) -> None:
        """Fit what the players may see: a hidden zone at the map's edge leaves no empty room
        that tells them something is there. The view stays fitted: it follows the map's extent
        as the GM grows or trims it, until the GM frames the players' view by hand."""
        self.view.show_rect(self.fitted_rect(), fitted=True)

    def reveal_when_built(self, pause: int = 0) -> None:
        """The scene is built when the window is made; the cover lifts on the next turn of
        the event loop, once the window has its size and the view its rectangle (or after
        `pause` milliseconds: a scene sent to the players comes after a moment of black)."""
        QTimer.singleShot(pause, self, self._reveal)

    def _reveal(self) -> None:
        self.built = True
        self.view.reshow()
        self.view.set_covered(self.blacked_out)

    def set_blackout(self, on: bool) -> None:
        self.blacked_out = on
        self.view.set_covered(on or not self.built)

    def changeEvent(self, event: QEvent) -> None:
        """Where the platform activates a window that asked not to take focus (the offscreen one
        does, some window managers too), the GM's window gets the keyboard straight back."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and self.gm is not None:
            self.gm.activateWindow()

    def closeEvent(self, event: QCloseEvent) -> None:
        event.accept()
        self.closed.emit()
