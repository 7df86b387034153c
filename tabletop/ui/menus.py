"""The map window's menus and toolbar as lists of action ids (ui/registry.py): the places of the
actions a GM reaches by menu, key and button, each action made once and shared by the menus and
the toolbar. A part built after the first frame (the Grid and Play menus, the players' window's
controls, the fog) registers its actions then, and they take the places listed here; their keys
work before that (LATER_KEYS), each building its part at once. Also the
two actions the undo stack names (Undo, Redo), and the reach's shifts and move type beside the
toolbar's buttons."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QComboBox, QSpinBox, QToolBar, QWidget

from tabletop.rules.terrain import MOVE_TYPES
from tabletop.ui.actions import icon
from tabletop.ui.plain import set_action_text
from tabletop.ui.registry import Reach
from tabletop.ui.tools.reach import ReachSettings

TOOL_KEYS = ("S", "P", "N", "B", "T", "V", "G", "A", "R", "L", "I")
"""The tools in the Tools menu, by their keys; a tool's action is "tool.<key>"."""
TOOL_ICONS = {"S": "select", "P": "polygon", "N": "node", "B": "border", "T": "token", "V": "vertex"}
TOOL_ICONS |= {"G": "grid", "A": "segment", "R": "reveal", "L": "pointer", "I": ""}
DOCKS = ("Inspector", "Zones", "Tokens", "Token Library", "Scenes", "Reserve", "Cards", "Tile Sets")
"""The docks switched from the View menu, by their titles."""


def dock_id(title: str) -> str:
    """A dock's switch: "dock.tile_sets" for the Tile Sets dock."""
    return "dock." + title.lower().replace(" ", "_")


def _ids(text: str) -> tuple[str, ...]:
    return tuple(text.split())


MENU_BAR = _ids("file edit view map grid tools play")
MENUS: dict[str, tuple[str, tuple[str, ...]]] = {
    "file": (
        "&File",
        _ids("file.recent file.new file.new_session file.open file.import file.save file.save_as file.pack")
        + _ids("file.export file.export_image play.export_log file.quit"),
    ),
    "file.recent": ("Open &Recent", ()),
    "scenes.move_tokens": ("Move Tokens to Sce&ne", ()),
    "edit": (
        "&Edit",
        _ids("edit.undo edit.redo - edit.cut edit.copy edit.paste edit.duplicate edit.delete edit.select_all -")
        + _ids("edit.join edit.find scenes.move_tokens - edit.lock edit.snap edit.lattice edit.corners"),
    ),
    "view": (
        "&View",
        _ids("view.fit view.zoom_in view.zoom_out view.legend view.players_sight")
        + tuple(dock_id(title) for title in DOCKS)
        + _ids("- view.full_screen view.map_only - players.open players.screen players.blackout players.push")
        + _ids("players.fit scenes.send")
        + _ids("players.follow players.rotate players.calibrate players.lock_scale players.strip")
        + _ids("players.replay players.skip_replay - view.share_phones"),
    ),
    "players.screen": ("Player &Screen", ()),
    "players.strip": ("I&nitiative Strip on the Players' Window", _ids("strip.off strip.order strip.stress")),
    "map": ("&Map", _ids("map.check map.background tool.I map.remove_background fog")),
    "fog": (
        "F&og",
        _ids("fog.reveal_all fog.fog_all - fog.reveal_on_enter fog.by_sight fog.sight_range fog.side")
        + _ids("- fog.stage fog.send"),
    ),
    "fog.side": ("Players' &Side", ()),
    "fog.sight_range": ("Sight &Range", ()),
    "grid": ("&Grid", _ids("grid.grow_north grid.grow_east grid.grow_south grid.grow_west grid.trim - grid.tile_sets")),
    "tools": ("&Tools", tuple(f"tool.{key}" for key in TOOL_KEYS)),
    "play": (
        "&Play",
        _ids("play.start -keys play.do play.react play.steps - play.close dock.play players.banner")
        + _ids("- handout.description handout.aspect handout.picture handout.dismiss handout.full_screen")
        + _ids("handout.on_reveal"),
    ),
    "play.steps": ("S&teps", ()),
    "handout.aspect": ("Show &Aspect to Players", ()),
    "players.banner": ("Turn &Banner on the Players' Window", ()),
}
"""Each menu's title and entries: action ids, a submenu's id, "-" for a line. "-keys" is the line
the rule systems' turn keys stand above, in key order (docks/play/controls.py)."""

LATER_KEYS: dict[str, tuple[str, str, Reach]] = {
    "play.start": ("play", "Ctrl+Shift+C", "window"),
    "play.do": ("play", "F9", "window"),
    "play.react": ("play", "Shift+F9", "window"),
    "play.export_log": ("play", "Ctrl+Alt+L", "window"),
    "play.key.next": ("play", "F5", "window"),
    "play.key.round": ("play", "F6", "window"),
    "play.key.end_exchange": ("play", "F7", "window"),
    "play.key.who": ("play", "F8", "window"),
    "players.open": ("players", "Ctrl+Shift+P", "window"),
    "players.blackout": ("players", "Ctrl+Shift+B", "window"),
    "players.push": ("players", "Ctrl+Shift+V", "window"),
    "players.fit": ("players", "Ctrl+Alt+0", "window"),
    "players.follow": ("players", "Ctrl+Shift+F", "window"),
    "players.rotate": ("players", "Ctrl+Shift+R", "window"),
    "players.lock_scale": ("players", "Ctrl+Shift+L", "window"),
    "players.skip_replay": ("players", "Ctrl+Shift+J", "window"),
    "handout.description": ("players", "Ctrl+Shift+D", "menu"),
    "fog.send": ("players", "Ctrl+Return", "canvas"),
    "scenes.send": ("scenes", "Ctrl+Shift+Return", "window"),
}
"""The keys of the actions the parts built after the first frame register (ui/main_window.py's
`later`): the part that registers each, its keys and where they work. Each key works from the
first frame (ui/registry.py's `early`), building its part at once; the window's modules are
not loaded for them, so they are written here, and a test holds them equal to the actions'
own. Esc (Dismiss Handout) is left to the tools: no handout shows before its part is built."""

ZONE_MENU = _ids("handout.description handout.aspect handout.picture handout.dismiss")
"""The menu a right click on a zone opens on the map (ui/zone_menu.py), acting on that zone."""
TOKEN_MENU = _ids("scenes.move_tokens - edit.cut edit.copy edit.duplicate edit.delete")
"""The menu a right click on a token opens on the map (ui/zone_menu.py), acting on the chosen tokens."""

TOOLBAR = (
    _ids("file.new file.open file.save - edit.undo edit.redo -")
    + tuple(f"tool.{key}" for key in TOOL_KEYS if key != "I")  # Adjust Background: in the Map menu
    + _ids("- view.fit view.zoom_in view.zoom_out - edit.snap edit.lock -")
)


class StepAction(QAction):
    """Undo or Redo, named for the step it takes back or again ("Undo Move Gatto to East end"):
    its names as typed, an ampersand in one shown, never taken for a shortcut key (QUndoStack's
    own actions take it). A method, not a closure, follows the stack's names: Qt drops the
    connection with the action, which goes before the map's stack when the window closes."""

    def __init__(self, parent: QWidget, word: str) -> None:
        super().__init__(parent)
        self.word = word
        self.setEnabled(False)  # nothing to take back or again until it follows a stack
        self.setIcon(icon(word.lower()))
        self.name_step("")

    def name_step(self, step: str) -> None:
        set_action_text(self, f"{self.word} {step}" if step else self.word)
        self.setText("&" + self.text())  # U for Undo, R for Redo


def _follow(act: StepAction, can_changed, can, text_changed, text, slot) -> None:
    act.setEnabled(can())
    can_changed.connect(act.setEnabled)
    text_changed.connect(act.name_step)
    act.triggered.connect(slot)
    act.name_step(text())


def redo_keys() -> list[QKeySequence]:
    """The platform's Redo keys with Ctrl+Y and Ctrl+Shift+Z, each once: a key bound twice to
    one action is an ambiguous shortcut Qt answers with nothing (Windows' Redo is Ctrl+Y)."""
    keys = [*QKeySequence.keyBindings(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")]
    keys.append(QKeySequence("Ctrl+Shift+Z"))
    unique: list[QKeySequence] = []
    for key in keys:
        if not key.isEmpty() and key not in unique:
            unique.append(key)
    return unique


def stack_actions(parent: QWidget) -> tuple[QAction, QAction]:
    """Undo and Redo with their keys, disabled until they follow the map's stack (`follow_stack`):
    the empty window's first frame shows them before the map's document is made."""
    undo = StepAction(parent, "Undo")
    undo.setShortcut(QKeySequence.StandardKey.Undo)
    redo = StepAction(parent, "Redo")
    redo.setShortcuts(redo_keys())
    return undo, redo


def follow_stack(undo: QAction, redo: QAction, stack: QUndoStack, busily: Callable) -> None:
    """Undo and Redo named for the step they take back or again, run under the busy cursor
    (`busily` wraps a slot in it): Fog All undone on a big map is a wait the GM should see."""
    _follow(undo, stack.canUndoChanged, stack.canUndo, stack.undoTextChanged, stack.undoText, busily(stack.undo))
    _follow(redo, stack.canRedoChanged, stack.canRedo, stack.redoTextChanged, stack.redoText, busily(stack.redo))


def reach_controls(bar: QToolBar, reach: ReachSettings) -> tuple[QSpinBox, QComboBox]:
    """The shifts and the move type the Select tool's reach overlay counts with, on the toolbar."""
    shifts = QSpinBox()
    shifts.setRange(0, 99)
    shifts.setValue(reach.shifts)
    shifts.setPrefix("Shifts ")
    shifts.valueChanged.connect(lambda v: setattr(reach, "shifts", v))
    move_type = QComboBox()
    move_type.addItems(list(MOVE_TYPES))
    move_type.currentTextChanged.connect(lambda m: setattr(reach, "move", m))
    bar.addWidget(shifts)
    bar.addWidget(move_type)
    return shifts, move_type
