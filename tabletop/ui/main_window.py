"""The main window: the map canvas, the Inspector and the Zones and Tokens lists, menus,
toolbar and status bar. It wires the document to the scene and the tools; it holds no
map state of its own. Its File, Edit, View and Tools actions are in ui/window_actions.py.

The window is made in two steps. The first makes what an empty window shows (the menus and
their actions, the toolbar, the docks as they are for an empty map, the status bar, an empty
canvas) and loads neither the model nor the painters; `attach` then makes the map's document,
its scene and the tools and ties the rest to them. `tabletop` alone attaches just after the
window's first frame; anything that needs the map before then (an action, a click, a part
asked for) attaches at once, then acts. Made in code or a test, the window is whole at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRect, QRectF, QSettings, QSize, Qt
from PySide6.QtGui import QCloseEvent, QColor, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QGraphicsScene,
    QGraphicsView,
    QMainWindow,
    QMessageBox,
    QStyle,
    QToolBar,
    QWidget,
)

from tabletop.heap import collector_paused
from tabletop.ui.actions import dock_action, icon
from tabletop.ui.actions import say as passing_line
from tabletop.ui.docks.inspector import UNTITLED, Inspector
from tabletop.ui.docks.lazy import LazyDock
from tabletop.ui.docks.lists import ObjectList
from tabletop.ui.menus import LATER_KEYS, MENU_BAR, MENUS, TOOLBAR, dock_id, reach_controls
from tabletop.ui.plain import at_most_lines, shown_plain
from tabletop.ui.registry import ActionRegistry
from tabletop.ui.startup import AfterFirstFrame, Part, made_canvas
from tabletop.ui.status_line import StatusLine
from tabletop.ui.tools.names import TOOL_WORDS
from tabletop.ui.tools.reach import ReachSettings, ready_rules
from tabletop.ui.tools.snapping import Snapping
from tabletop.ui.view import MapView
from tabletop.ui.view_modes import ViewModes
from tabletop.ui.window_actions import WindowActions

if TYPE_CHECKING:
    from tabletop.ui.files import FileHandler

GEOMETRY_KEY = "window/geometry"
"""The map window's place, size and state when it last closed, as Qt saves them (in base64
text: QSettings is handed only text, numbers and lists of text): it opens there."""
FIRST_SHARE = 0.9
"""On a first start the window takes this part of the screen's free width and height."""
INSPECTOR_SHARE, LIST_SHARE = 0.22, 0.15
"""Parts of the window's width the docks start with; the map keeps the rest (about 63%)."""
INSPECTOR_MIN, LIST_MIN = 250, 170
RESOLVER_WIDTH = 520
"""The reserve and cards panes read whole at this width: every column of their tables."""
PROBLEM_LINES = 8
"""Lines of a message box that names files: its height fits an 800-pixel screen."""
EMPTY_MAP = QRectF(0, 0, 400, 300)
"""What an empty map's scene fits in the view (geometry's map_bounds of a map with nothing on
it) and the room its canvas keeps around that (ui/scene/map_scene.py): the empty window's
first frame shows its canvas as the map's scene will, before the model is loaded (a test
compares the two frames pixel for pixel)."""
EMPTY_ROOM = 400
PAPER = "#f4efe4"
"""The GM's map's paper (render/style.py's MapStyle), for that first canvas."""


def _build_checks() -> None:
    from tabletop.model import build_checks  # deferred: the model, after the first frame

    build_checks()


class Attached:
    """A part of the window `attach` makes (the document, the map's scene, the tools): asked for
    before, the window is made whole first."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, window, owner: type | None = None):
        if window is None:
            return self
        window.attach()
        return window.__dict__[self.name]


class MainWindow(WindowActions, QMainWindow):
    """The parts a GM cannot see at first are built just after the first frame, or when first
    asked for (ui/startup.py)."""

    play = Part()
    """The Play menu and dock (the dock shows only with a conflict)."""
    grid_menu = Part()
    """The Grid menu and the Tile Sets dock (tile sets read from disk)."""
    players = Part()
    """The players' window's controls (View menu), built with the fog's and the physical scale's."""
    fog = Part()
    players_sight = Part()
    """View ▸ Show Players' Sight and its mark on the map (fog by sight)."""
    physical_scale = Part()
    players_strip = Part()
    replay = Part()
    phones = Part()
    files = Part()
    scenes = Part()  # a session's scenes: the Scenes dock, staging, Send to Players
    """The map's life on disk (New, Open, Save and their dialogs): the reading's modules and the
    file dialogs' are not loaded before the empty window's first frame."""
    document = Attached()
    scene = Attached()
    tools = Attached()
    legend = Attached()
    autosaver = Attached()
    map_menu = Attached()
    badge_tips = Attached()
    clipboard = Attached()
    exports = Attached()

    def __init__(self, settings: QSettings | None = None, *, whole: bool = True) -> None:
        """`whole=False`: the empty window, made whole just after its first frame (`attach`)."""
        super().__init__()
        self.settings = settings or QSettings()
        self._whole: bool | None = False
        """Whether `attach` has run (None while it runs)."""
        self.view = MapView()
        self.view.snapping = Snapping(self.settings)
        self.view.ready = self.attach
        self.setCentralWidget(self.view)
        canvas = made_canvas(self.view)
        self._first_canvas()
        self.later = AfterFirstFrame(self, canvas)
        self.later.add(self.attach)
        self.later.add(self._build_grid_menu, "grid_menu")
        self.later.add(self._build_play, "play")
        side = ("players", "fog", "players_sight", "physical_scale", "players_strip", "handouts", "replay", "phones")
        self.later.add(self._build_player_controls, *side)
        self.later.add(lambda: self.inspector.build_pages())
        self.later.add(ready_rules)  # and the modules a first drag or Open asks, after the frame too
        self.later.add(_build_checks)  # the model's checks, which the empty map was made without
        self.later.add(lambda: self.later.keep("files", self._file_handler()), "files")
        self.later.add(lambda: self.later.keep("scenes", self._scene_controls()), "scenes")
        self.reach_settings = ReachSettings()
        self.tool_before = "S"
        """The tool chosen before the present one: Adjust Background goes back to it when done."""
        self._docks()
        self.registry = ActionRegistry(self, self.view)
        self.registry.ready = self.attach
        self.registry.menu_bar(self.menuBar(), MENU_BAR, MENUS, self.later.finish)
        self._register_actions()
        for action_id, (part, keys, reach) in LATER_KEYS.items():  # their keys work from the first frame
            self.registry.early(action_id, keys, reach, lambda name=part: self.later.part(name))
        bar = self.addToolBar("Main")
        bar.setObjectName("Main")
        self.registry.toolbar(bar, TOOLBAR)
        bar.insertWidget(self.lock_action, self.lattice.box)  # the step beside its switch
        self.shifts, self.move_type = reach_controls(bar, self.reach_settings)
        self.status_line = StatusLine(self.statusBar(), self.view)
        self.tool_hint, self.hover_label = self.status_line.tool_hint, self.status_line.hover_label
        self.view_modes = ViewModes(self.view, self.settings, self.registry, self._chrome, self._first_layout)
        self.tool_actions["S"].setChecked(True)  # the tools themselves are made by `attach`
        self.tool_hint.setText(TOOL_WORDS["S"][1])
        self.setWindowIcon(icon("app"))
        self._first_size()
        self._title()
        if whole:
            self.attach()

    def _first_canvas(self) -> None:
        """The canvas as the empty map's scene shows it, fitted as `view.fit_map` fits that map,
        until `attach` shows the map's own scene."""
        first = QGraphicsScene(self.view)
        first.setBackgroundBrush(QColor(PAPER))
        first.setSceneRect(EMPTY_MAP.adjusted(-EMPTY_ROOM, -EMPTY_ROOM, EMPTY_ROOM, EMPTY_ROOM))
        self.view.setScene(first)
        self.view.first_whole = EMPTY_MAP

    def attach(self) -> None:
        """Make the map's document, its scene and the tools, and tie the window's parts to them:
        just after the empty window's first frame, or at once when something needs them sooner."""
        if self._whole is not False:
            return
        self._whole = None
        with collector_paused():  # they last the session, as the window does
            self._attach()
        self._whole = True
        self._title()

    def _attach(self) -> None:
        # deferred: the model, the painters and the tools' rules, after the empty window's first frame
        from tabletop.document import MapDocument
        from tabletop.document.changes import Part as MapPart
        from tabletop.model import Map
        from tabletop.ui.badge_tips import BadgeTips
        from tabletop.ui.map_menu import MapMenu
        from tabletop.ui.recovery import Autosaver
        from tabletop.ui.scene.editor_scene import EditorScene
        from tabletop.ui.scene.legend import LegendItem
        from tabletop.ui.tools.background import BackgroundTool
        from tabletop.ui.tools.connect import BorderTool
        from tabletop.ui.tools.draw import NodeTool, PolygonTool
        from tabletop.ui.tools.grid import GridTool
        from tabletop.ui.tools.place import TokenTool
        from tabletop.ui.tools.pointer import PointerTool
        from tabletop.ui.tools.reveal import RevealTool
        from tabletop.ui.tools.segment import SegmentTool
        from tabletop.ui.tools.select import SelectTool
        from tabletop.ui.tools.vertices import VertexTool

        details = MapPart.DETAILS
        # made unchecked: an empty map breaks no rule, and building the checks is most of the model's cost
        self.document = MapDocument(Map.model_construct(title=UNTITLED), parent=self)
        self.scene = EditorScene(self.document)
        first = self.view.scene()
        self.view.show_scene(self.scene)
        first.deleteLater()  # the first frame's canvas, shown no more
        if self.isVisible():  # as the first frame showed it: the same empty map, fitted
            self.view.fit_map()
        self.autosaver = Autosaver(self.document, stamp=lambda: self.files.source_stamp())
        self.autosaver.status.connect(self.statusBar().showMessage)
        made = (self.document, self.scene, self.view, self.say)
        self.tools = {
            cls.shortcut: cls(*made)
            for cls in (PolygonTool, NodeTool, BorderTool, TokenTool, VertexTool, GridTool, RevealTool, PointerTool)
        }
        self.tools["S"] = SelectTool(*made, self.reach_settings)
        self.tools["I"] = BackgroundTool(*made, lambda: self.set_tool(self.tool_before))
        self.tools["A"] = SegmentTool(*made, self.inspector.segment_choice)
        for dock in (self.inspector, self.zone_list, self.token_list):
            dock.follow(self.document)
        self.legend = LegendItem(self.document, self.scene.style)  # the grids' legend, under them
        self.scene.addItem(self.legend)
        self._follow_document()
        self.map_menu = MapMenu(self.document, self.view, self.registry, lambda: self.files.save_as(), self.say)
        self.status_line.follow(self.document)
        self.badge_tips = BadgeTips(self.view)
        self.set_tool("S")
        self.document.undo_group.cleanChanged.connect(self._title)
        self.document.pathChanged.connect(self._title)
        # a map not saved yet is named by its title, typed a letter at a time into one undo step
        self.document.edited.connect(
            lambda change: self._title() if change.kind is details and self.document.path is None else None
        )
        self.document.reset.connect(self.view.fit_map)

    # -- layout --------------------------------------------------------------------------------

    def _docks(self) -> None:
        """The docks as they are for an empty map: each follows the document once it is made."""
        self.inspector = Inspector(None)
        self.inspector.ready = self.attach
        self.zone_list = ObjectList(None, "zone")
        self.token_list = ObjectList(None, "token")
        self.docks = {}
        for title, widget, area in (
            ("Inspector", self.inspector, Qt.DockWidgetArea.RightDockWidgetArea),
            ("Zones", self.zone_list, Qt.DockWidgetArea.LeftDockWidgetArea),
            ("Tokens", self.token_list, Qt.DockWidgetArea.LeftDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(title)
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[title] = dock
        for listing in (self.zone_list, self.token_list):
            listing.activated_object.connect(self.view.centre_on)
        self._resolver_docks()

    def _resolver_docks(self) -> None:
        """The resolvers (hidden until such a conflict) and the Token Library: built when first shown."""

        def reserve() -> QWidget:
            from tabletop.ui.docks.reserve_pane import ReservePane  # deferred: the reserve's rules

            return ReservePane(self.document)

        def cards() -> QWidget:
            from tabletop.ui.docks.cards_pane import CardsPane  # deferred: the cards' rules

            return CardsPane(self.document)

        def library() -> QWidget:
            from tabletop.ui.docks.token_library import TokenLibrary  # deferred: a dock opened when wanted

            return TokenLibrary(self.document, self.settings, self.view, self.say)

        lazy = (("Reserve", reserve, True), ("Cards", cards, True), ("Token Library", library, False))
        for title, build, beside in lazy:
            dock = LazyDock(title, self, build, width=RESOLVER_WIDTH if beside else 0)
            area = Qt.DockWidgetArea.RightDockWidgetArea if beside else Qt.DockWidgetArea.LeftDockWidgetArea
            self.addDockWidget(area, dock)
            if beside:
                self.tabifyDockWidget(self.docks["Inspector"], dock)
            dock.hide()
            self.docks[title] = dock

    def _dock(self, title: str, beside_inspector: bool = False) -> QDockWidget:
        """A dock of a part built later, hidden until it is wanted, so the map keeps its room;
        one for play takes the window's whole height, a tab away from the Inspector."""
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        if beside_inspector:
            self.tabifyDockWidget(self.docks["Inspector"], dock)
        dock.hide()
        self.registry.add(dock_id(title), dock_action(dock))
        return dock

    def _build_grid_menu(self) -> None:
        from tabletop.ui.grid_menu import GridMenu  # deferred: the tile sets, read from disk

        self.later.keep("grid_menu", GridMenu(self.document, self.registry, self.say, self._dock("Tile Sets")))

    def _build_play(self) -> list:
        """The Play menu and dock; then each rule system's rules loaded and its keys put in the
        menu, an event each (all at once were one long event a first click waited for)."""
        from tabletop.rules.systems import HOMES  # deferred: the rules of play
        from tabletop.ui.docks.play import PlayControls  # deferred: the Play dock and its dialogs

        dock = self._dock("Play", beside_inspector=True)
        play = PlayControls(self.document, self.view, self.registry, self.reach_settings, self.say, dock)
        self.later.keep("play", play)
        return [lambda name=name: play.system_ready(name) for name in HOMES]

    def _build_player_controls(self) -> None:
        from tabletop.ui.player.side import build_side  # deferred: the players' window and its controls

        shared = (self.document, self.scene, self.view, self.settings, self.registry, self.statusBar())
        players = build_side(*shared, self.tools, self.say, self.later.keep)
        if self.isVisible():  # built after the window showed: the players' window comes back as at a show
            players.eventFilter(self, QShowEvent())

    def _file_handler(self) -> FileHandler:
        from tabletop.ui.files import FileHandler  # deferred: the reading's modules and the file dialogs'

        return FileHandler(self, self.document, self.settings, self.later.held, self.registry)

    def _scene_controls(self):
        from tabletop.ui.scenes import SceneControls  # deferred: the session's modules and its dock

        return SceneControls(self, self.document, self.view, self.registry, self.later.part, self.say)

    @property
    def panes(self) -> dict[str, QWidget]:
        """The reserve and cards panes, built when first asked for."""
        return {title: self.docks[title].pane() for title in ("Reserve", "Cards")}

    def _chrome(self) -> list[QWidget]:
        """What map only hides: the docks and toolbars shown, and the status bar."""
        chrome = [*self.findChildren(QDockWidget), *self.findChildren(QToolBar)]
        return [w for w in chrome if w.parent() is self and w.isVisibleTo(self)] + [self.statusBar()]

    def _first_layout(self) -> None:
        """Give the docks a modest width so the map takes most of the window."""
        width = self.width()
        self.resizeDocks(
            [self.docks["Inspector"], self.docks["Zones"]],
            [max(INSPECTOR_MIN, round(width * INSPECTOR_SHARE)), max(LIST_MIN, round(width * LIST_SHARE))],
            Qt.Orientation.Horizontal,
        )

    def _first_size(self) -> None:
        """Where the GM left the window last time; on a first start most of the screen, centred
        (a map wants the room, and 90% is a window the desktop still shows around: maximized
        would leave no smaller size to go back to, and on X11 a second layout after the window
        manager grants it)."""
        saved = self.settings.value(GEOMETRY_KEY)
        if isinstance(saved, str) and self.restoreGeometry(QByteArray.fromBase64(saved.encode("ascii"))):
            return
        screen = self.screen()
        free = screen.availableGeometry() if screen is not None else QRect()
        if free.width() <= 0 or free.height() <= 0:
            self.resize(1400, 900)
            return
        size = QSize(round(free.width() * FIRST_SHARE), round(free.height() * FIRST_SHARE))
        self.setGeometry(QStyle.alignedRect(Qt.LayoutDirection.LeftToRight, Qt.AlignmentFlag.AlignCenter, size, free))

    def say(self, text: str) -> None:
        """A passing line in the status bar; it clears itself instead of going stale."""
        passing_line(self, text)

    def _views(self) -> list[QGraphicsView]:
        """The canvases an edit repaints: the GM's, and the players' while their window is open
        (not built for it)."""
        players = self.later.built("players")
        return players.views() if players is not None else [self.view]

    # -- behaviour -----------------------------------------------------------------------------

    def set_tool(self, key: str) -> None:
        tool = self.tools[key]
        if self.view.tool is not None:
            self.view.tool.deactivate()
            if self.view.tool is not tool:
                self.tool_before = self.view.tool.shortcut
        self.view.tool = tool
        tool.activate()
        self.tool_actions[key].setChecked(True)
        self.tool_hint.setText(tool.status)

    def _title(self) -> None:
        document = self.__dict__.get("document")  # not made yet in the empty window's first frame
        name = UNTITLED if document is None else document.path.name if document.path else document.map.title
        name = name or UNTITLED
        self.setWindowTitle(f"{name.replace('[*]', '[*][*]')}[*] — Tabletop")  # a "[*]" typed is shown
        self.setWindowModified(document is not None and document.modified)

    def offer_recovery(self) -> bool:
        """After a crash: offer each recovered map; the newest accepted one is opened. Notes or
        maps that cannot be read are named first, one line each (the first few, and how many
        more: a folder full of junk must not make a box taller than the screen), and left in
        the recovery folder: nothing there is lost unasked."""
        from tabletop.ui.recovery import discard, pending, recovery_dir  # deferred: the reading's modules

        problems: list[str] = []
        offered = pending(problems)
        if problems:
            text = at_most_lines(problems, str(recovery_dir()), PROBLEM_LINES)
            box = QMessageBox(QMessageBox.Icon.Warning, "Recovery files not offered", text, parent=self)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.setInformativeText(f"They are kept in {recovery_dir()}.")
            if len(problems) > PROBLEM_LINES:
                box.setDetailedText("\n".join(problems))  # every one, in a box of its own that scrolls
            box.exec()
        for found in offered:
            if found.session is not None:  # a session's scenes come back together, in the session
                if self.scenes.offer(found, offered):
                    return True
                continue
            answer = QMessageBox.question(
                self,
                "Recover unsaved changes?",
                shown_plain(f"Tabletop closed without saving changes to {found.name}. Recover them?"),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            )
            if answer == QMessageBox.StandardButton.Yes:
                self.document.replace_map(found.map, found.source)
                self.files.stamp = (found.source, found.stamp) if found.source and found.stamp else None
                self.document.undo_stack.resetClean()
                self.autosaver.adopt(found)  # kept until the map is saved: a second crash loses nothing
                self._title()
                return True
            discard(found)
        return False

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.files.may_discard():
            self.autosaver.discard()
            self.settings.setValue(GEOMETRY_KEY, self.saveGeometry().toBase64().data().decode("ascii"))
            event.accept()
        else:
            event.ignore()
