"""The map window's menus (File, Edit, View, Tools; the Map menu and the later Grid and Play
menus have modules of their own) and its toolbar: the actions a GM reaches by menu, key and
button, each made once and shared by the three."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QSpinBox

from tabletop.rules.terrain import MOVE_TYPES
from tabletop.ui.actions import action, busily, dock_action, icon, quit_keys
from tabletop.ui.lattice import LatticeStep
from tabletop.ui.map_menu import MapMenu
from tabletop.ui.plain import set_action_text
from tabletop.ui.scene.legend import LEGEND_KEY, LegendItem
from tabletop.ui.startup import stand_in
from tabletop.ui.tools.snapping import Snapping

if TYPE_CHECKING:
    from tabletop.ui.main_window import MainWindow


def _name_step(act: QAction, step: str) -> None:
    """Undo and Redo name the step ("Undo Move Gatto to East end"): its names as typed, an
    ampersand in one shown, never taken for a shortcut key (QUndoStack's own actions take it)."""
    word = act.property("word")
    set_action_text(act, f"{word} {step}" if step else word)
    act.setText("&" + act.text())  # U for Undo, R for Redo


def _stack_action(window: MainWindow, word: str, can_changed, can, text_changed) -> QAction:
    act = QAction(window)
    act.setProperty("word", word)
    act.setEnabled(can())
    can_changed.connect(act.setEnabled)
    text_changed.connect(lambda step: _name_step(act, step))
    return act


def build_menus(window: MainWindow) -> None:
    """The menus and the toolbar, their actions kept on the window (undo, redo, the tools' keys,
    the legend's switch, the reach's shifts and move type) for the parts that use them."""
    stack = window.document.undo_stack
    window.undo_action = _stack_action(window, "Undo", stack.canUndoChanged, stack.canUndo, stack.undoTextChanged)
    window.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
    window.undo_action.setIcon(icon("undo"))
    window.redo_action = _stack_action(window, "Redo", stack.canRedoChanged, stack.canRedo, stack.redoTextChanged)
    window.redo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")])
    window.redo_action.setIcon(icon("redo"))
    text = {window.undo_action: stack.undoText, window.redo_action: stack.redoText}
    for act, step in ((window.undo_action, stack.undo), (window.redo_action, stack.redo)):
        act.triggered.connect(busily(window, step))  # under the busy cursor: Fog All undone at 100k zones takes seconds
        _name_step(act, text[act]())
    menu = window.menuBar().addMenu("&File")
    # the window's file handler is made after the first frame (or when first asked for): asked for here at each use
    new = action(window, "&New", lambda: window.files.new(), QKeySequence.StandardKey.New, "new")
    open_ = action(window, "&Open…", lambda: window.files.open(), QKeySequence.StandardKey.Open, "open")
    save = action(window, "&Save", lambda: window.files.save(), QKeySequence.StandardKey.Save, "save")
    save_as = action(window, "Save &As…", lambda: window.files.save_as(), QKeySequence.StandardKey.SaveAs)
    export = action(window, "&Export…", window.export, "Ctrl+E", "export")
    export_image = action(window, "Export &Image…", window.export_image)
    quit_ = action(window, "&Quit", window.close, quit_keys())
    window.recent_menu = menu.addMenu("Open &Recent")
    window.recent_menu.aboutToShow.connect(window._fill_recent)
    for act in (new, open_, save, save_as, export, export_image, quit_):
        menu.addAction(act)
    edit = window.menuBar().addMenu("&Edit")
    delete = action(
        window,
        "&Delete",
        busily(window, window.delete),
        QKeySequence.StandardKey.Delete,
        "delete",
    )
    join = action(
        window,
        "&Join Touching Zones",
        window.join_touching,
        "Ctrl+J",
        tip="Create borders for all zones that share an edge",
    )
    select_all = action(window, "Select &All", busily(window, window.select_all), QKeySequence.StandardKey.SelectAll)
    find = action(window, "&Find Zone…", window.find_zone, QKeySequence.StandardKey.Find, tip="Filter the Zones list")
    window.lock_action = action(
        window,
        "&Lock Map",
        lambda: setattr(window.document, "map_locked", window.lock_action.isChecked()),
        "Ctrl+L",
        "lock",
        "Zones, borders and grids keep their places and shapes; tokens still move (on while a conflict starts)",
    )
    window.lock_action.setCheckable(True)
    window.view.snapping = Snapping(window.settings, window.document)
    window.snap_action = action(
        window,
        "Snap to La&ttice",
        lambda: _snap(window),
        "Ctrl+Shift+T",
        "snap",
        "Drawn points land on the lattice (its dots show while drawing); hold Ctrl to place a point exactly",
    )
    window.snap_action.setCheckable(True)
    window.snap_action.setChecked(window.view.snapping.lattice)
    window.lattice = LatticeStep(window.document, window.view, window)
    window.corners_action = action(
        window,
        "Snap to &Background Corners",
        lambda: window.view.snapping.set_corners(window.corners_action.isChecked()),
        tip="A point drawn near a corner of the background picture takes it, as it takes a room's corner",
    )
    window.corners_action.setCheckable(True)
    window.corners_action.setChecked(window.view.snapping.corners)
    pieces = _clipboard_actions(window)
    for act in (window.undo_action, window.redo_action, None, *pieces, delete, select_all, None, join, find):
        edit.addSeparator() if act is None else edit.addAction(act)
    for act in (None, window.lock_action, window.snap_action, window.lattice.action, window.corners_action):
        edit.addSeparator() if act is None else edit.addAction(act)
    view = window.menuBar().addMenu("&View")
    fit = action(window, "&Fit Map", window.view.fit_map, "Ctrl+0", "fit")
    zoom_in = action(window, "Zoom &In", lambda: window.view.zoom(1.25), QKeySequence.StandardKey.ZoomIn, "zoom-in")
    zoom_out = action(window, "Zoom &Out", lambda: window.view.zoom(0.8), QKeySequence.StandardKey.ZoomOut, "zoom-out")
    window.legend = LegendItem(window.document, window.scene.style)  # the grids' legend, under them
    window.scene.addItem(window.legend)
    window.legend_action = action(window, "Show &Legend", window._show_legend, tip="The grids' ground and its look")
    window.legend_action.setCheckable(True)
    window.legend_action.setChecked(bool(window.settings.value(LEGEND_KEY, False, type=bool)))
    window.legend.setVisible(window.legend_action.isChecked())
    for act in (fit, zoom_in, zoom_out, window.legend_action):
        view.addAction(act)
    for dock in window.docks.values():
        view.addAction(dock_action(dock))
    window.map_menu = MapMenu(window)
    window._grid_stand_in = stand_in(window, "&Grid", window.later.finish)
    window._view_menu, window._tile_sets_at = view, len(view.actions())  # the Tile Sets dock's place
    tools_menu = window.menuBar().addMenu("&Tools")
    group = QActionGroup(window)
    window.tool_actions: dict[str, QAction] = {}
    icons = {"S": "select", "P": "polygon", "N": "node", "B": "border", "T": "token", "V": "vertex"}
    icons |= {"G": "grid", "A": "segment", "R": "reveal", "I": ""}
    for key in ("S", "P", "N", "B", "T", "V", "G", "A", "R", "I"):
        tool = window.tools[key]
        act = action(window, tool.name, lambda k=key: window.set_tool(k), key, icons[key], tool.status)
        act.setCheckable(True)
        act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        window.view.addAction(act)  # single keys act on the canvas only, never while typing
        group.addAction(act)
        tools_menu.addAction(act)
        window.tool_actions[key] = act
    window.map_menu.adjust_with(window.tool_actions["I"])  # a mode for tracing work: in the Map menu, not the toolbar
    bar = window.addToolBar("Main")
    bar.setObjectName("Main")
    for act in (
        new,
        open_,
        save,
        None,
        window.undo_action,
        window.redo_action,
        None,
        *(act for key, act in window.tool_actions.items() if key != "I"),
        None,
        fit,
        zoom_in,
        zoom_out,
        None,
        window.snap_action,
        window.lock_action,
        None,
    ):
        bar.addSeparator() if act is None else bar.addAction(act)
    bar.insertWidget(window.lock_action, window.lattice.box)  # the step beside its switch
    window.shifts = QSpinBox()
    window.shifts.setRange(0, 99)
    window.shifts.setValue(window.reach_settings.shifts)
    window.shifts.setPrefix("Shifts ")
    window.shifts.valueChanged.connect(lambda v: setattr(window.reach_settings, "shifts", v))
    window.move_type = QComboBox()
    window.move_type.addItems(list(MOVE_TYPES))
    window.move_type.currentTextChanged.connect(lambda m: setattr(window.reach_settings, "move", m))
    bar.addWidget(window.shifts)
    bar.addWidget(window.move_type)


def _snap(window) -> None:
    window.view.snapping.set_lattice(window.snap_action.isChecked())
    window.view.viewport().update()  # the lattice's dots come or go


def _clipboard_actions(window) -> list[QAction]:
    """Cut, Copy, Paste and Duplicate of map objects. Their keys act on the canvas and the
    lists, never while typing in a field (where Ctrl+C copies text); the menu works anywhere."""
    from tabletop.ui.clipboard import Clipboard

    pieces = Clipboard(window.document, window.view, lambda words: window.statusBar().showMessage(words, 8000))
    made = []
    for text, slot, keys, tip in (
        ("Cu&t", pieces.cut, QKeySequence.StandardKey.Cut, "Copy the selection and remove it"),
        ("&Copy", pieces.copy, QKeySequence.StandardKey.Copy, "Zones (with the borders among them), tokens, grids"),
        ("&Paste", lambda: pieces.paste(), QKeySequence.StandardKey.Paste, "Under the cursor, or where copied from"),
        ("D&uplicate", pieces.duplicate, "Ctrl+D", "The selection again, two lattice steps across and down"),
    ):
        act = action(window, text, slot, keys, tip=tip)
        act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        window.view.addAction(act)
        made.append(act)
    window.clipboard_actions, window.clipboard = made, pieces
    return made
