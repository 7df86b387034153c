"""The map window's own File, Edit, View and Tools actions and what they do: registered by id
(ui/registry.py) for the menus' and the toolbar's lists in ui/menus.py to place. A part of the
main window (ui/main_window.py) kept in a file of its own; the parts built after the first frame
register their own actions.

They are registered for the empty window's first frame, before the map's document, scene and
tools are made: each asks for what it acts on when it acts (the window made whole first), and
`_follow_document` ties the rest (Undo and Redo, the switches' states) once it is whole."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QActionGroup, QKeySequence

from tabletop.ui.actions import busily, dock_action, quit_keys
from tabletop.ui.lattice import LatticeStep
from tabletop.ui.menus import TOOL_ICONS, TOOL_KEYS, dock_id, follow_stack, stack_actions
from tabletop.ui.plain import set_action_text
from tabletop.ui.registry import Act
from tabletop.ui.tools.names import TOOL_WORDS

LEGEND_KEY = "view/legend"
"""The View menu's legend toggle, remembered as a bool in the window's settings."""


class WindowActions:
    """Mixed into MainWindow, whose document, view, tools, docks, settings and registry these
    actions use; the window's attributes they set (the clipboard, the lattice, the exports, the
    lock, snap, legend and tool actions) stay the window's."""

    def _register_actions(self) -> None:
        """The File, Edit, View and Tools menus' actions; the menus' and the toolbar's lists in
        ui/menus.py place them. What each acts on (the file handler, the clipboard, the view's
        map) is asked for at each use: made after the first frame, or when first asked for."""
        registry, view, snapping = self.registry, self.view, self.view.snapping
        undo, redo = stack_actions(self)
        self.undo_action, self.redo_action = registry.add("edit.undo", undo), registry.add("edit.redo", redo)
        keys = QKeySequence.StandardKey
        # the clipboard's keys act on the canvas and the lists, never while typing in a field (where
        # Ctrl+C copies text); the menu works anywhere
        lattice_tip = (
            "Drawn points land on the lattice (its dots show while drawing); hold Ctrl to place a point exactly"
        )
        lock_tip = (
            "Zones, borders and grids keep their places and shapes; tokens still move (on while a conflict starts)"
        )
        for act in (
            Act("file.new", "&New", lambda: self.files.new(), keys.New, "new"),
            Act("file.open", "&Open…", lambda: self.files.open(), keys.Open, "open"),
            Act("file.import", "&Import…", self.import_drawing, tip="A Universal VTT map (.dd2vtt, .uvtt) as zones"),
            Act("file.save", "&Save", lambda: self.files.save(), keys.Save, "save"),
            Act("file.save_as", "Save &As…", lambda: self.files.save_as(), keys.SaveAs),
            Act("file.export", "&Export…", lambda: self.exports.export(), "Ctrl+E", "export"),
            Act("file.export_image", "Export &Image…", lambda: self.exports.export_image()),
            Act("file.quit", "&Quit", self.close, quit_keys()),
            Act(
                "edit.cut",
                "Cu&t",
                lambda: self.clipboard.cut(),
                keys.Cut,
                tip="Copy the selection and remove it",
                reach="canvas",
            ),
            Act(
                "edit.copy",
                "&Copy",
                lambda: self.clipboard.copy(),
                keys.Copy,
                tip="Zones (with the borders among them), tokens, grids; with the Segment tool, its segment",
                reach="canvas",
            ),
            Act(
                "edit.paste",
                "&Paste",
                lambda: self.clipboard.paste(),
                keys.Paste,
                tip="Under the cursor, or where copied from",
                reach="canvas",
            ),
            Act(
                "edit.duplicate",
                "D&uplicate",
                lambda: self.clipboard.duplicate(),
                "Ctrl+D",
                tip="The selection again, two lattice steps across and down",
                reach="canvas",
            ),
            Act("edit.delete", "&Delete", busily(self._views, self.delete), keys.Delete, "delete"),
            Act("edit.select_all", "Select &All", busily(self._views, self.select_all), keys.SelectAll),
            Act(
                "edit.join",
                "&Join Touching Zones",
                self.join_touching,
                "Ctrl+J",
                tip="Create borders for all zones that share an edge",
            ),
            Act("edit.find", "&Find Zone…", self.find_zone, keys.Find, tip="Filter the Zones list"),
            Act("edit.lock", "&Lock Map", self._lock, "Ctrl+L", "lock", lock_tip, checkable=True),
            Act("edit.snap", "Snap to La&ttice", self._snap, "Ctrl+Shift+T", "snap", lattice_tip, checkable=True),
            Act(
                "edit.corners",
                "Snap to &Background Corners",
                lambda: snapping.set_corners(self.corners_action.isChecked()),
                tip="A point drawn near a corner of the background picture takes it, as it takes a room's corner",
                checkable=True,
            ),
            Act("map.check", "&Check Map…", lambda: self.map_menu.check_map(), "Ctrl+Shift+K"),
            Act("map.background", "Set &Background Image…", lambda: self.map_menu.set_background()),
            Act("map.remove_background", "&Remove Background Image", lambda: self.map_menu.remove_background()),
            Act("view.fit", "&Fit Map", lambda: view.fit_map(), "Ctrl+0", "fit"),
            Act("view.zoom_in", "Zoom &In", lambda: view.zoom(1.25), keys.ZoomIn, "zoom-in"),
            Act("view.zoom_out", "Zoom &Out", lambda: view.zoom(0.8), keys.ZoomOut, "zoom-out"),
            Act("view.legend", "Show &Legend", self._show_legend, tip="The grids' ground and its look", checkable=True),
        ):
            registry.register(act)
        self.clipboard_actions = [registry[f"edit.{word}"] for word in ("cut", "copy", "paste", "duplicate")]
        self.lock_action, self.snap_action = registry["edit.lock"], registry["edit.snap"]
        self.lattice = LatticeStep(view, registry, self, self.say, self.attach)
        self.corners_action, self.legend_action = registry["edit.corners"], registry["view.legend"]
        self.snap_action.setChecked(snapping.lattice)
        self.corners_action.setChecked(snapping.corners)
        self.legend_action.setChecked(bool(self.settings.value(LEGEND_KEY, False, type=bool)))
        for title, dock in self.docks.items():
            registry.add(dock_id(title), dock_action(dock))
        self.recent_menu = registry.menu("file.recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        # single keys act on the canvas only, never while typing; Adjust Background is a mode for
        # tracing work: in the Map menu, not the toolbar
        for key in TOOL_KEYS:
            name, status = TOOL_WORDS[key]
            registry.register(
                Act(
                    f"tool.{key}",
                    name,
                    lambda k=key: self.set_tool(k),
                    key,
                    TOOL_ICONS[key],
                    status,
                    checkable=True,
                    reach="canvas",
                )
            )
        self.tool_actions = {key: registry[f"tool.{key}"] for key in TOOL_KEYS}
        group = QActionGroup(self)
        for act in self.tool_actions.values():
            group.addAction(act)

    def _follow_document(self) -> None:
        """What the actions act on, tied to the document made just now: Undo and Redo to its
        stack, the lattice's box to its step, the clipboard, the exports, and the legend shown as
        its switch says."""
        from tabletop.ui.clipboard import Clipboard  # deferred: the model's, after the first frame
        from tabletop.ui.exports import Exports  # deferred: the painters', after the first frame

        follow_stack(self.undo_action, self.redo_action, self.document.undo_group, lambda s: busily(self._views, s))
        self.clipboard = Clipboard(
            self.document, self.view, lambda words: self.statusBar().showMessage(words, 8000), self.tools["A"]
        )
        self.lattice.follow(self.document)
        self.legend.setVisible(self.legend_action.isChecked())
        self.exports = Exports(self.document, self.view, self.settings, self.legend_action, self.say)

    def import_drawing(self) -> bool:
        from tabletop.ui.dialogs.import_uvtt import import_drawing  # deferred: shapely and the reader

        return import_drawing(
            self, self.settings, self.files, self.map_menu.check_map, self.say, show=self.view.fit_map
        )

    def _show_legend(self) -> None:
        shown = self.legend_action.isChecked()
        self.legend.setVisible(shown)
        self.settings.setValue(LEGEND_KEY, shown)

    def _lock(self) -> None:
        self.document.map_locked = self.lock_action.isChecked()

    def _snap(self) -> None:
        self.view.snapping.set_lattice(self.snap_action.isChecked())
        self.view.viewport().update()  # the lattice's dots come or go

    def join_touching(self) -> None:
        from tabletop.ui.tools.connect import join_touching_zones  # deferred: the model's, after the first frame

        count = join_touching_zones(self.document)
        pairs = "1 pair" if count == 1 else f"{count} pairs"
        self.say(f"Joined {pairs} of touching zones" if count else "No touching zones left to join")

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
        from tabletop.ui.files import recent_files  # deferred: the file handler's module, loaded after the first frame

        self.recent_menu.clear()
        for path in recent_files(self.settings):
            set_action_text(self.recent_menu.addAction("", lambda p=path: self.files.open(p)), path)
