"""The GM's controls of the players' window, in the map window's View menu: open and close it,
choose its screen, black it out, push the GM's view to it, let it follow the GM's view, turn
it for a TV lying on the table; and in the Play menu, the edges its turn banner runs along.
Its screen, follow mode, rotation, banner edges and last view are kept in the map window's
settings as plain strings, ints and bools, and come back after a restart."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QGraphicsView

from tabletop.document import MapDocument
from tabletop.ui.plain import set_action_text
from tabletop.ui.player.banner import EDGES, EDGES_KEY, parse_edges
from tabletop.ui.player.outline import PlayerOutline
from tabletop.ui.player.reach import PlayersReach
from tabletop.ui.player.screens import place_full_screen, players_screen, screen_names
from tabletop.ui.player.window import PlayerWindow
from tabletop.ui.registry import Act, ActionRegistry
from tabletop.ui.scene.editor_scene import EditorScene
from tabletop.ui.view import MapView

SCREEN_KEY = "player/screen"
FOLLOW_KEY = "player/follow"
ROTATION_KEY = "player/rotation"
OPEN_KEY = "player/open"
"""Whether the players' window was open when the map window last closed: it opens again."""
VIEW_KEY = "player/view"
"""The last rectangle pushed to the players, as "x,y,w,h" in map units."""
NOT_SHOWN = (
    "The players see another scene than the one you edit: the pointer and handouts act on it "
    "once it is sent (Ctrl+Shift+Return)"
)
"""Said when the GM points or hands out while a session's staged scene is not the live one."""
FIT_KEY = "Ctrl+Alt+0"
"""Fit Players' View to Map: the GM's own Fit Map (Ctrl+0) with Alt, for the other screen."""
WINDOW_SIZE = (960, 540)
"""The players' window with one screen: an ordinary window the GM can drag and resize."""


class PlayerControls(QObject):
    """The players' window for the GM's document, scene and canvas (the window the canvas is in
    is the GM's: the players' window opens on another screen, closes as it hides)."""

    opening = Signal(object)
    """A players' window just made, not yet shown: what it must show from its first frame (the
    fog the GM last sent) is given it now."""
    placed = Signal(object)
    """A players' window on its screen, before it is shown a part of the map (the physical
    scale measures that screen)."""
    mirroredChanged = Signal(bool)
    """The GM moved onto the scene the players see (True) or off it (False): what the GM points
    at or hands out means something on their window only while True."""
    shownChanged = Signal()
    """The players see another document (a scene sent, a session closed): whatever follows
    their picture (the phones) follows it, even where `mirrored` stays as it was."""

    def __init__(
        self, document: MapDocument, scene: EditorScene, view: MapView, settings: QSettings, actions: ActionRegistry
    ) -> None:
        self.gm = view.window()
        super().__init__(self.gm)
        self.document, self.scene, self.view, self.settings = document, scene, view, settings
        self.legend_action = actions["view.legend"]
        self.player: PlayerWindow | None = None
        self.live_document: MapDocument | None = None
        """The scene the players see when it is not the one the GM edits (a session's live scene
        while another is staged); None: they see the GM's document."""
        self.kept_fog: Callable[[], object | None] = lambda: None
        """The fog the players were sent for a session's live scene while the GM edits another
        (None: the live map's own): what their picture shows wherever it is drawn."""
        self.reach: PlayersReach | None = None
        self._last_gm_rect = QRectF()
        self._gm_closing = False
        self.outline = PlayerOutline()
        self._drag: tuple[QPointF, QRectF] | None = None
        self._grip_cursor = False
        self._started = False
        self._was_mirrored = True
        document.reset.connect(self.follow_mirror)  # heard first: the fog and handouts ask `mirrored`
        # the keys work with the menus hidden (map only, full screen)
        for act in (
            Act("players.open", "&Player Window", keys="Ctrl+Shift+P", toggled=self.set_open, reach="window"),
            Act("players.blackout", "&Blackout", keys="Ctrl+Shift+B", toggled=self.set_blackout, reach="window"),
            Act("players.push", "Push &View to Players", self.push_view, "Ctrl+Shift+V", reach="window"),
            Act("players.fit", "Fit Players' View &to Map", self.fit_view, FIT_KEY, reach="window"),
            Act(
                "players.follow",
                "Players F&ollow My View",
                keys="Ctrl+Shift+F",
                toggled=self.set_follow,
                reach="window",
            ),
            Act("players.rotate", "&Rotate Player View", self.rotate, "Ctrl+Shift+R", reach="window"),
        ):
            actions.register(act)
        self.open_action, self.blackout_action = actions["players.open"], actions["players.blackout"]
        self.push_action, self.follow_action = actions["players.push"], actions["players.follow"]
        self.fit_action = actions["players.fit"]
        self.rotate_action = actions["players.rotate"]
        self.follow_action.setChecked(bool(self.settings.value(FOLLOW_KEY, False, type=bool)))
        self.screen_menu = actions.menu("players.screen")
        self.screen_menu.aboutToShow.connect(self._fill_screens)
        self.banner_menu = actions.menu("players.banner")
        chosen = parse_edges(settings.value(EDGES_KEY, "bottom"))
        self.edge_actions: dict[str, QAction] = {}
        for edge in EDGES:
            act = self.banner_menu.addAction(f"Along the {edge} edge")
            act.setCheckable(True)
            act.setChecked(edge in chosen)
            act.toggled.connect(self._edges_changed)
            self.edge_actions[edge] = act
        view.viewport().installEventFilter(self)
        self.gm.installEventFilter(self)

    def views(self) -> list[QGraphicsView]:
        """The GM's canvas, and the players' while their window is open and shows the GM's
        document: what an edit repaints."""
        return [self.view, self.player.view] if self.player is not None and self.mirrored else [self.view]

    @property
    def mirrored(self) -> bool:
        """Whether the players see the map the GM edits: the GM's own document, or a session's
        players' document over the scene the GM has staged (their view, reach and outline
        follow the GM's only then: another scene's places mean nothing on theirs)."""
        return self.live_document is None or self.live_document.map is self.document.map

    @property
    def shown_document(self) -> MapDocument:
        """The document the players' window shows (or would show, opened now)."""
        return self.live_document or self.document

    def follow_mirror(self) -> None:
        """The GM's document took another scene: the GM's reach and the outline of the players'
        view join their window when it is the scene they see, and leave it otherwise. The
        players' window itself stays as it is."""
        mirrored = self.mirrored
        if mirrored == self._was_mirrored:
            return
        self._was_mirrored = mirrored
        if self.player is not None:
            self._detach()
            if mirrored:
                self._attach(self.player)
        self.mirroredChanged.emit(mirrored)

    def show_document(self, document: MapDocument | None, pause: int = 0) -> None:
        """The players' window shows `document` (None: the GM's own), made afresh on its screen
        with its view fitted; `pause`: milliseconds it stays black first, so one scene never
        runs into the next."""
        if document is self.document:
            document = None
        if document is self.live_document:
            return
        self.live_document = document
        self.shownChanged.emit()
        if self.player is None:
            self.follow_mirror()
            return
        old = self.player
        geometry = old.geometry()
        self._gm_closing = True  # the window is replaced, not closed by the GM
        old.close()
        self._gm_closing = False
        self._open(fitted=True, pause=pause, geometry=geometry)
        _sync(self.open_action, True)
        self.follow_mirror()

    def _edges_changed(self) -> None:
        """Where the players sit around a TV lying flat: each chosen edge gets a strip facing it."""
        edges = tuple(edge for edge, act in self.edge_actions.items() if act.isChecked())
        self.settings.setValue(EDGES_KEY, ",".join(edges))
        if self.player is not None:
            self.player.banner.set_edges(edges)

    # -- the window ----------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.player is not None

    def set_open(self, on: bool) -> None:
        if on and self.player is None:
            self._open()
        elif not on and self.player is not None:
            self.player.close()
        _sync(self.open_action, self.player is not None)

    def _open(self, shown: QRectF | None = None, fitted: bool = False, pause: int = 0, geometry=None) -> None:
        player = PlayerWindow(self.shown_document, self.gm, self.settings, self.legend_action)
        player.closed.connect(self._closed)
        player.set_blackout(self.blackout_action.isChecked())
        player.view.rotation = self.rotation
        self.opening.emit(player)
        self.player = player
        self.settings.setValue(OPEN_KEY, True)
        player.view.viewChanged.connect(self._outline_moved)
        if self.mirrored:
            self._attach(player)
        remembered = shown if shown is not None and not shown.isEmpty() else self.remembered_view
        screen = players_screen(self.screen_name, self.gm)
        if screen is None:
            if geometry is not None:
                player.setGeometry(geometry)
            else:
                player.resize(*WINDOW_SIZE)
            player.show()
        else:
            place_full_screen(player, screen)
        self.placed.emit(player)
        if self.following and self.mirrored and not fitted:
            self._follow_now(force=True)
        elif remembered is not None and not fitted:
            player.view.show_rect(remembered)
        else:
            player.fit_map()
        player.reveal_when_built(pause)

    def _attach(self, player: PlayerWindow) -> None:
        """The GM's reach and the outline of the players' view: they belong to the GM's scene."""
        self.reach = PlayersReach(self.scene.overlay, player.scene)
        if self.outline.scene() is None:
            self.scene.addItem(self.outline)
        self._outline_moved()

    def _detach(self) -> None:
        if self.reach is not None:
            self.reach.detach()
            self.reach = None
        if self.outline.scene() is not None:
            self.outline.scene().removeItem(self.outline)

    def _closed(self) -> None:
        self._detach()
        player, self.player = self.player, None
        self._drag = None
        self._show_grip(False)
        if not self._gm_closing:  # the GM closed it; closing the map window keeps it for next time
            self.settings.setValue(OPEN_KEY, False)
        if player is not None:
            player.deleteLater()  # its scene goes with it and stops following the document
        _sync(self.open_action, False)

    @property
    def remembered_view(self) -> QRectF | None:
        return _rect(str(self.settings.value(VIEW_KEY, "", type=str)))

    # -- the screen ----------------------------------------------------------------------

    @property
    def screen_name(self) -> str:
        return str(self.settings.value(SCREEN_KEY, "", type=str))

    def set_screen(self, name: str) -> None:
        self.settings.setValue(SCREEN_KEY, str(name))
        if self.player is not None and players_screen(name, self.gm) is not None:
            shown = self.player.view.shown_rect
            self.player.close()  # a shown full-screen window does not move reliably: a new one opens there
            self._open(shown)
            _sync(self.open_action, True)

    def _fill_screens(self) -> None:
        self.screen_menu.clear()
        group = QActionGroup(self.screen_menu)
        names = screen_names()
        chosen = self.screen_name
        for name in names:
            act = set_action_text(self.screen_menu.addAction("", lambda n=name: self.set_screen(n)), name)
            act.setCheckable(True)
            act.setChecked(name == chosen)
            group.addAction(act)
        if len(names) < 2:
            note = self.screen_menu.addAction("One screen: the players' window opens as a window")
            note.setEnabled(False)

    # -- table controls ------------------------------------------------------------------

    def set_blackout(self, on: bool) -> None:
        if self.player is not None:
            self.player.set_blackout(on)
        _sync(self.blackout_action, on)

    def gm_rect(self) -> QRectF:
        view = self.view
        return view.mapToScene(view.viewport().rect()).boundingRect()

    def push_view(self) -> None:
        """Show the players what the GM sees now (and keep it for the next opening); not while
        they see another scene than the GM's."""
        if not self.mirrored:
            return
        rect = self.gm_rect()
        self.settings.setValue(VIEW_KEY, ",".join(f"{v:.2f}" for v in rect.getRect()))
        if self.player is not None:
            self.player.view.show_rect(rect)

    def fit_view(self) -> None:
        """The players' view fitted to their map again, following it as it grows or shrinks; the
        next opening fits too. It ends follow mode, which would frame it again at once. A view
        setting, like Push View: nothing on the map changes, so nothing to undo."""
        if self.following:
            self.set_follow(False)
        self.settings.setValue(VIEW_KEY, "")
        if self.player is not None:
            self.player.fit_map()

    @property
    def following(self) -> bool:
        return self.follow_action.isChecked()

    def set_follow(self, on: bool) -> None:
        self.settings.setValue(FOLLOW_KEY, bool(on))
        _sync(self.follow_action, on)
        if on:
            self._follow_now(force=True)

    def _follow_now(self, force: bool = False) -> None:
        rect = self.gm_rect()
        if force or rect != self._last_gm_rect:
            self._last_gm_rect = rect
            self.push_view()

    @property
    def rotation(self) -> int:
        return int(self.settings.value(ROTATION_KEY, 0, type=int)) % 360

    def rotate(self) -> None:
        """A quarter turn clockwise: for a TV lying flat, turn until the players' side reads upright."""
        degrees = (self.rotation + 90) % 360
        self.settings.setValue(ROTATION_KEY, int(degrees))
        if self.player is not None:
            self.player.view.set_rotation(degrees)

    # -- the players' view outlined on the GM's map ----------------------------------------

    def _outline_moved(self) -> None:
        if self.player is not None and self.mirrored:
            self.outline.set_rect(self.player.view.visible_rect())

    def _outline_mouse(self, event) -> bool:
        """Dragging the outline's edge moves the players' view (and ends follow mode); the
        press is the outline's, so no tool sees it."""
        kind, view = event.type(), self.view
        point = event.position()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            if self.player is None or not self.outline.on_edge(view, point):
                return False
            self._drag = (view.mapToScene(point.toPoint()), QRectF(self.player.view.shown_rect))
            if self.following:
                self.set_follow(False)
            return True
        if kind == QEvent.Type.MouseMove and self._drag is not None and self.player is not None:
            start, rect = self._drag
            rect = rect.translated(view.mapToScene(point.toPoint()) - start)
            self.player.view.show_rect(rect)
            self.settings.setValue(VIEW_KEY, ",".join(f"{v:.2f}" for v in rect.getRect()))
            return True
        if kind == QEvent.Type.MouseButtonRelease and self._drag is not None:
            self._drag = None
            return True
        if kind == QEvent.Type.MouseMove:
            self._show_grip(self.outline.on_edge(view, point))
        return False

    def _show_grip(self, on: bool) -> None:
        """A move cursor over the outline's edge; the tool's own cursor back off it."""
        if on == self._grip_cursor:
            return
        self._grip_cursor = on
        viewport = self.view.viewport()
        if on:
            self._tool_cursor = viewport.cursor()
            viewport.setCursor(Qt.CursorShape.SizeAllCursor)
        else:
            viewport.setCursor(self._tool_cursor)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        mouse = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease)
        if kind in mouse and watched is self.view.viewport() and self.player is not None and self.mirrored:
            return self._outline_mouse(event)
        if kind in (QEvent.Type.Paint, QEvent.Type.Resize) and self.following and self.player is not None:
            self._follow_now()  # every scroll and zoom of the GM's view ends in a paint
        elif watched is self.gm and kind == QEvent.Type.Hide and not event.spontaneous() and self.player is not None:
            self._gm_closing = True  # the map window closed: the players' window goes with it
            self.player.close()
            self._gm_closing = False
        elif watched is self.gm and kind == QEvent.Type.Show and not self._started:
            self._started = True
            if bool(self.settings.value(OPEN_KEY, False, type=bool)):
                # back where it was, but blacked out: the map just opened may not be the one the
                # players should see yet; Ctrl+Shift+B shows it
                _sync(self.blackout_action, True)
                QTimer.singleShot(0, self, lambda: self.set_open(True))  # once the map window has its place
        return False


def _sync(act: QAction, on: bool) -> None:
    if act.isChecked() != on:
        act.blockSignals(True)
        act.setChecked(on)
        act.blockSignals(False)


def _rect(text: str) -> QRectF | None:
    try:
        x, y, w, h = (float(part) for part in text.split(","))
    except ValueError:
        return None
    rect = QRectF(x, y, w, h)
    return None if rect.isEmpty() else rect
