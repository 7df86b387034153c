"""The main window: the map canvas, the Inspector and the Zones and Tokens lists, menus,
toolbar and status bar. It wires the document to the scene and the tools; it holds no
map state of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QPointF, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStyle, QWidget

from tabletop.document import MapDocument
from tabletop.model import Map
from tabletop.ui.actions import IMAGE_FILTERS, dock_action, icon, say, with_extension
from tabletop.ui.badge_tips import BadgeTips
from tabletop.ui.docks.inspector import Inspector
from tabletop.ui.docks.lazy import LazyDock
from tabletop.ui.docks.lists import ObjectList
from tabletop.ui.menus import build_menus
from tabletop.ui.plain import set_action_text, shown_plain
from tabletop.ui.recovery import Autosaver, discard, pending, recovery_dir
from tabletop.ui.scene.editor_scene import EditorScene
from tabletop.ui.scene.legend import LEGEND_KEY
from tabletop.ui.startup import AfterFirstFrame, made_canvas, stand_in, take_place
from tabletop.ui.status_line import StatusLine
from tabletop.ui.tools.background import BackgroundTool
from tabletop.ui.tools.connect import BorderTool, join_touching_zones
from tabletop.ui.tools.draw import NodeTool, PolygonTool
from tabletop.ui.tools.grid import GridTool
from tabletop.ui.tools.place import TokenTool
from tabletop.ui.tools.reach import ReachSettings, ready_rules
from tabletop.ui.tools.reveal import RevealTool
from tabletop.ui.tools.segment import SegmentTool
from tabletop.ui.tools.select import SelectTool
from tabletop.ui.tools.vertices import VertexTool
from tabletop.ui.view import MapView
from tabletop.ui.view_modes import ViewModes

if TYPE_CHECKING:
    from tabletop.ui.docks.play import PlayControls
    from tabletop.ui.files import FileHandler
    from tabletop.ui.grid_menu import GridMenu
    from tabletop.ui.player import PlayerControls
    from tabletop.ui.player.fog import FogControls
    from tabletop.ui.player.scale import ScaleControls

GEOMETRY_KEY = "window/geometry"
"""The map window's place, size and state when it last closed, as Qt saves them (in base64
text: QSettings is handed only text, numbers and lists of text): it opens there."""
FIRST_SHARE = 0.9
"""On a first start the window takes this part of the screen's free width and height."""
RESOLVER_WIDTH = 520
"""The reserve and cards panes read whole at this width: every column of their tables."""
PROBLEM_LINES = 8
"""Lines of a message box that names files: its height fits an 800-pixel screen."""


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.document = MapDocument(Map(title="Untitled map"), parent=self)
        self.scene = EditorScene(self.document)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        canvas = made_canvas(self.view)
        later = [self._build_grid_menu, self._build_play, self._build_player_controls, self._build_inspector_pages]
        later += [ready_rules, self._build_files]  # and the modules a first drag or Open asks, after the frame too
        self.later = AfterFirstFrame(self, canvas, later)
        self._files: FileHandler | None = None
        self.reach_settings = ReachSettings()
        self.autosaver = Autosaver(self.document, stamp=lambda: self.files.source_stamp())
        self.tools = {
            cls.shortcut: cls(self.document, self.scene, self.view)
            for cls in (PolygonTool, NodeTool, BorderTool, TokenTool, VertexTool, GridTool, RevealTool)
        }
        self.tools["S"] = SelectTool(self.document, self.scene, self.view, self.reach_settings)
        self.tool_before = "S"
        """The tool chosen before the present one: Adjust Background goes back to it when done."""
        self.tools["I"] = BackgroundTool(self.document, self.scene, self.view, lambda: self.set_tool(self.tool_before))
        self._docks()
        self.tools["A"] = SegmentTool(self.document, self.scene, self.view, self.inspector.segment_choice)
        build_menus(self)
        self.status_line = StatusLine(self, self.view, self.document)
        self.tool_hint, self.hover_label = self.status_line.tool_hint, self.status_line.hover_label
        self.badge_tips = BadgeTips(self.view)
        self.view_modes = ViewModes(self)
        self._play_stand_in = stand_in(self, "&Play", self.later.finish)
        self.set_tool("S")
        self.document.undo_stack.cleanChanged.connect(self._title)
        self.document.pathChanged.connect(self._title)
        self.document.reset.connect(self.view.fit_map)
        self.setWindowIcon(icon("app"))
        self._first_size()
        self._title()

    # -- layout --------------------------------------------------------------------------------

    def _docks(self) -> None:
        self.inspector = Inspector(self.document)
        self.zone_list = ObjectList(self.document, "zone")
        self.token_list = ObjectList(self.document, "token")
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
            listing.activated_object.connect(self.centre_on)
        self._resolver_docks()

    def _resolver_docks(self) -> None:
        """The reserve and card resolvers: hidden until the GM runs such a conflict, so their
        panes (and the rules behind them) are built when first shown."""

        def reserve() -> QWidget:
            from tabletop.ui.docks.reserve_pane import ReservePane

            return ReservePane(self.document)

        def cards() -> QWidget:
            from tabletop.ui.docks.cards_pane import CardsPane

            return CardsPane(self.document)

        for title, build in (("Reserve", reserve), ("Cards", cards)):
            dock = LazyDock(title, self, build, width=RESOLVER_WIDTH)
            dock.setObjectName(title)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.tabifyDockWidget(self.docks["Inspector"], dock)
            dock.hide()
            self.docks[title] = dock

    @property
    def play(self) -> PlayControls:
        """The Play menu and dock: built after the first frame (the dock shows only with a
        conflict), or now when asked for first."""
        return self._built("_play")

    @property
    def grid_menu(self) -> GridMenu:
        """The Grid menu and the Tile Sets dock (tile sets read from disk): built after the first
        frame, or now when asked for first."""
        return self._built("_grid_menu")

    def _build_grid_menu(self) -> None:
        from tabletop.ui.grid_menu import GridMenu

        self._grid_menu = GridMenu(self)
        take_place(self, self._grid_stand_in, self.menuBar().actions()[-1].menu())
        shown_after = self._view_menu.actions()[self._tile_sets_at :]
        self._view_menu.insertAction(shown_after[0] if shown_after else None, dock_action(self._grid_menu.dock))

    def _build_play(self) -> list:
        """The Play menu and dock; then each rule system's rules loaded and its keys put in the
        menu, an event each (all at once were one long event a first click waited for)."""
        from tabletop.rules.systems import HOMES
        from tabletop.ui.docks.play import PlayControls

        self._play = PlayControls(self)
        take_place(self, self._play_stand_in, self.menuBar().actions()[-1].menu())
        return [lambda name=name: self._play.system_ready(name) for name in HOMES]

    @property
    def players(self) -> PlayerControls:
        """The players' window's controls (View menu): built after the first frame, or when
        asked for first."""
        return self._built("_players")

    @property
    def fog(self) -> FogControls:
        """The Map menu's Fog controls, built with the players' window's controls."""
        return self._built("_fog")

    @property
    def physical_scale(self) -> ScaleControls:
        """The View menu's physical scale controls, built with the players' window's controls."""
        return self._built("_physical_scale")

    def _built(self, name: str):
        """A part built after the first frame (AfterFirstFrame), built now if it is still waiting."""
        if name not in self.__dict__:  # not while they are built: fog and scale ask for the players
            self.later.finish()
        return self.__dict__[name]

    def _build_player_controls(self) -> None:
        from tabletop.ui.player import PlayerControls
        from tabletop.ui.player.fog import FogControls
        from tabletop.ui.player.scale import ScaleControls

        self._players = PlayerControls(self)
        self._fog = FogControls(self)
        self._physical_scale = ScaleControls(self)
        if self.isVisible():  # built after the window showed: the players' window comes back as at a show
            self._players.eventFilter(self, QShowEvent())

    def _build_inspector_pages(self) -> None:
        self.inspector.build_pages()

    @property
    def files(self) -> FileHandler:
        """The map's life on disk (New, Open, Save and their dialogs): made when first asked for,
        else just after the first frame, so the empty window does not wait for its modules (the
        reading's and the file dialogs': ~5 ms)."""
        if self._files is None:
            from tabletop.ui.files import FileHandler

            self._files = FileHandler(self, self.document, self.settings)
        return self._files

    def _build_files(self) -> None:
        self.files  # noqa: B018 (made by asking)

    @property
    def panes(self) -> dict[str, QWidget]:
        """The reserve and cards panes, built when first asked for."""
        return {title: self.docks[title].pane() for title in ("Reserve", "Cards")}

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

    def _show_legend(self) -> None:
        shown = self.legend_action.isChecked()
        self.legend.setVisible(shown)
        self.settings.setValue(LEGEND_KEY, shown)

    def centre_on(self, kind: str, object_id: str) -> None:
        item = self.scene.items_by_key.get((kind, object_id))
        box = self.document.layout.boxes.get((kind, object_id))
        if item is not None:
            self.view.centerOn(item.sceneBoundingRect().center())
        elif box is not None:
            left, top, right, bottom = box
            self.view.centerOn(QPointF((left + right) / 2, (top + bottom) / 2))

    def join_touching(self) -> None:
        count = join_touching_zones(self.document)
        pairs = "1 pair" if count == 1 else f"{count} pairs"
        say(self, f"Joined {pairs} of touching zones" if count else "No touching zones left to join")

    def export(self) -> None:
        """File ▸ Export…: the export dialog (scope, audience, scale, posters), then the export
        under a progress dialog that can cancel it (ui/dialogs/export_dialog.py)."""
        from tabletop.ui.dialogs.export_dialog import ExportDialog
        from tabletop.ui.dialogs.export_run import run_export

        document = self.document
        dialog = ExportDialog(
            self,
            document.map,
            document.path.parent if document.path else None,
            self.view.mapToScene(self.view.viewport().rect()).boundingRect(),
            list(document.selection),
            self.settings,
            str(document.path.with_suffix(".png")) if document.path else "",
        )
        if dialog.exec() == ExportDialog.DialogCode.Accepted:
            run_export(self, dialog)

    def export_image(self) -> None:
        """Export the map as an image: the chosen filter's extension is added, and the GM
        chooses the width (remembered for next time)."""
        from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

        from tabletop.io import MapFileError
        from tabletop.io.errors import one_line
        from tabletop.render.export import DEFAULT_WIDTH, export_map
        from tabletop.ui.dialogs.export_run import may_replace

        folder = str(self.document.path.with_suffix("")) if self.document.path else ""
        chosen, name_filter = QFileDialog.getSaveFileName(self, "Export image", folder, IMAGE_FILTERS)
        if not chosen:
            return
        path = with_extension(chosen, name_filter)
        width = int(self.settings.value("export/width", DEFAULT_WIDTH, type=int))
        width, ok = QInputDialog.getInt(self, "Export image", "Width in pixels:", width, 16, 16384, 160)
        if not ok:
            return
        if not may_replace(self, path):  # a link, another kind of file: asked, as File ▸ Export… asks
            say(self, f"Not exported: {one_line(path)} was left as it is")
            return
        try:
            folder = self.document.path.parent if self.document.path else None
            export_map(self.document.map, path, width, base_dir=folder, legend=self.legend_action.isChecked())
        except MapFileError as error:
            QMessageBox.warning(self, "Could not export", shown_plain(str(error)))
            return
        self.settings.setValue("export/width", int(width))
        say(self, f"Exported {path} ({width} pixels wide)")

    def delete(self) -> None:
        """Edit ▸ Delete goes to the active tool first (the vertex tool deletes a vertex), else
        removes the selection with what stands on it."""
        if not self.view.tool.delete():
            self.tools["S"].delete_selection()

    def find_zone(self) -> None:
        """Ctrl+F: the Zones list's filter box, ready to type over (its dock shown and raised;
        the map-only view left first, as the list is what the GM asked for)."""
        if self.view_modes.map_only:
            self.view_modes.set_map_only(False)
        dock = self.docks["Zones"]
        dock.show()
        dock.raise_()
        self.zone_list.filter_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.zone_list.filter_box.selectAll()

    def select_all(self) -> None:
        """Ctrl+A: every zone, border, token and grid on the map (text fields keep their own)."""
        map_ = self.document.map
        kinds = (("zone", map_.zones), ("border", map_.borders), ("token", map_.tokens), ("grid", map_.grids))
        self.document.select([(kind, obj.id) for kind, objects in kinds for obj in objects])

    def _fill_recent(self) -> None:
        from tabletop.ui.files import recent_files

        self.recent_menu.clear()
        for path in recent_files(self.settings):
            set_action_text(self.recent_menu.addAction("", lambda p=path: self.files.open(p)), path)

    def _title(self) -> None:
        name = self.document.path.name if self.document.path else self.document.map.title or "Untitled map"
        self.setWindowTitle(f"{name.replace('[*]', '[*][*]')}[*] — Tabletop")  # a "[*]" typed is shown
        self.setWindowModified(self.document.modified)

    def offer_recovery(self) -> bool:
        """After a crash: offer each recovered map; the newest accepted one is opened. Notes or
        maps that cannot be read are named first, one line each (the first few, and how many
        more: a folder full of junk must not make a box taller than the screen), and left in
        the recovery folder: nothing there is lost unasked."""
        from PySide6.QtWidgets import QMessageBox

        problems: list[str] = []
        offered = pending(problems)
        if problems:
            text = _at_most(problems, str(recovery_dir()))
            box = QMessageBox(QMessageBox.Icon.Warning, "Recovery files not offered", text, parent=self)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.setInformativeText(f"They are kept in {recovery_dir()}.")
            if len(problems) > PROBLEM_LINES:
                box.setDetailedText("\n".join(problems))  # every one, in a box of its own that scrolls
            box.exec()
        for found in offered:
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


def _at_most(problems: list[str], folder: str) -> str:
    """The problems one to a line, at most PROBLEM_LINES lines: past that, the first few and
    how many more there are, and where."""
    if len(problems) <= PROBLEM_LINES:
        return "\n".join(problems)
    shown = problems[: PROBLEM_LINES - 1]
    return "\n".join([*shown, f"and {len(problems) - len(shown)} more (in {folder})"])
