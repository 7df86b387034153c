"""File ▸ Import…: a battle map drawn elsewhere (a Universal VTT file from Dungeondraft,
DungeonFog, Dungeon Alchemist, Arkenforge) made zones, as a new map or into the open one.

The GM picks the drawing, then says once whether it becomes a new map or goes into this one,
where a new map is written (its picture is kept in the `assets/` folder beside it, so the map
needs its folder before it is made), what breaking a door and breaking through a wall cost, and
whether an encounter grid is laid over its squares; the choices are remembered for the next
import. A new map is written and opened as Open opens a map (the map it replaces was offered to
be saved first, as on Open); into this map, the drawing is one undo step
(dialogs/import_into.py). Either way its summary is said in the status bar and Map ▸ Check Map
runs on the map.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.io import EXTENSION, MapFileError, save_map
from tabletop.ui.dialogs.import_into import ImportChoices, import_into, why_not_into
from tabletop.ui.plain import plain_label, shown_plain

if TYPE_CHECKING:
    from tabletop.ui.files import FileHandler

DRAWINGS = "Universal VTT maps (*.dd2vtt *.uvtt *.df2vtt);;All files (*)"
MAPS = f"Tabletop maps (*{EXTENSION})"
BREAK_DOOR_KEY, BREAK_WALL_KEY = "import/breakDoor", "import/breakWall"
"""The GM's costs of breaking, kept as ints (-1: it cannot be broken)."""
PATH_CHARACTERS = 48
"""The map's path box is wide enough for a folder and a name read at a glance."""
GAP_KEY = "import/gapHundredths"
"""The widest crack closed, in hundredths of a square (QSettings keeps ints, not floats)."""
GRID_KEY, INTO_KEY = "import/grid", "import/intoThisMap"


class _Cost(QWidget):
    """A cost to break something, or none when it cannot be broken."""

    def __init__(self, cost: int | None, what: str, parent: QWidget) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.can = QCheckBox("can be broken, for", self)
        self.can.setAccessibleName(f"{what} can be broken")
        self.cost = QSpinBox(self)
        self.cost.setRange(0, 99)
        self.cost.setValue(4 if cost is None else cost)
        self.cost.setAccessibleName(f"cost to break {what}")
        self.can.setChecked(cost is not None)
        self.can.toggled.connect(self.cost.setEnabled)
        self.cost.setEnabled(cost is not None)
        row.addWidget(self.can)
        row.addWidget(self.cost)
        row.addStretch(1)

    def value(self) -> int | None:
        return self.cost.value() if self.can.isChecked() else None


class ImportDialog(QDialog):
    """Where the map of `drawing` is written and what breaking costs: the GM's choices once."""

    def __init__(
        self, drawing: Path, settings: QSettings, parent: QWidget | None = None, not_into: str | None = None
    ) -> None:
        """`not_into`: why the drawing cannot go into the open map (said under the choice,
        which is then off), or None when it can."""
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Import a Universal VTT Map")
        form = QFormLayout(self)
        form.addRow("Drawing:", plain_label(drawing.name))
        ways = QVBoxLayout()
        self.as_new = QRadioButton("As a new map", self)
        self.into = QRadioButton("Into this map, as one undo step", self)
        group = QButtonGroup(self)
        for way in (self.as_new, self.into):
            group.addButton(way)
            ways.addWidget(way)
        self.into.setEnabled(not_into is None)
        if not_into is not None:
            ways.addWidget(plain_label(not_into, wrap=True))
        (self.into if not_into is None and _kept_bool(settings, INTO_KEY) else self.as_new).setChecked(True)
        form.addRow("Import:", ways)
        place = QHBoxLayout()
        self.target = QLineEdit(str(drawing.with_suffix(EXTENSION)), self)
        self.target.setAccessibleName("map file to write")
        self.target.setMinimumWidth(self.fontMetrics().averageCharWidth() * PATH_CHARACTERS)
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        place.addWidget(self.target, 1)
        place.addWidget(browse)
        form.addRow("Save the new map as:", place)
        form.addRow(plain_label("Its picture is kept in the assets folder beside the map.", wrap=True))
        for widget in (self.target, browse):
            self.as_new.toggled.connect(widget.setEnabled)
            widget.setEnabled(self.as_new.isChecked())
        self.door = _Cost(_kept_cost(settings, BREAK_DOOR_KEY, 4), "a door", self)
        self.wall = _Cost(_kept_cost(settings, BREAK_WALL_KEY, 7), "a wall", self)
        form.addRow("Break the door:", self.door)
        form.addRow("Break through the wall:", self.wall)
        self.gap = QDoubleSpinBox(self)
        self.gap.setRange(0, 5)
        self.gap.setSingleStep(0.1)
        self.gap.setDecimals(2)
        self.gap.setSuffix(" squares")
        self.gap.setValue(_kept_int(settings, GAP_KEY, 30) / 100)
        self.gap.setAccessibleName("close cracks in walls up to this wide")
        form.addRow("Close cracks in walls up to:", self.gap)
        self.grid = QCheckBox("Lay an encounter grid over its squares", self)
        self.grid.setChecked(_kept_bool(settings, GRID_KEY))
        form.addRow("", self.grid)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Save the imported map as", self.target.text(), MAPS)
        if chosen:
            self.target.setText(chosen if chosen.endswith(EXTENSION) else chosen + EXTENSION)

    def choices(self) -> ImportChoices:
        """What the GM chose, the costs remembered for the next import."""
        door, wall = self.door.value(), self.wall.value()
        self.settings.setValue(BREAK_DOOR_KEY, -1 if door is None else door)
        self.settings.setValue(BREAK_WALL_KEY, -1 if wall is None else wall)
        self.settings.setValue(GAP_KEY, round(self.gap.value() * 100))
        self.settings.setValue(GRID_KEY, self.grid.isChecked())
        into = self.into.isChecked()
        if self.into.isEnabled():  # a choice the GM could not make is not remembered as theirs
            self.settings.setValue(INTO_KEY, into)
        target = self.target.text().strip()
        if not target.endswith(EXTENSION):
            target += EXTENSION
        path = Path(target).expanduser().absolute()
        return ImportChoices(path, door, wall, self.gap.value(), self.grid.isChecked(), into)


def _kept_int(settings: QSettings, key: str, default: int) -> int:
    try:
        return int(settings.value(key, default))
    except (TypeError, ValueError):
        return default


def _kept_bool(settings: QSettings, key: str) -> bool:
    value = settings.value(key, False)
    return value is True or (isinstance(value, str) and value.lower() == "true")


def _kept_cost(settings: QSettings, key: str, default: int) -> int | None:
    cost = _kept_int(settings, key, default)
    return None if cost < 0 else min(cost, 99)


def import_drawing(
    window: QWidget,
    settings: QSettings,
    files: FileHandler,
    check_map: Callable[[], object],
    say: Callable[[str], None],
    drawing: Path | None = None,
    choices: ImportChoices | None = None,
    show: Callable[[], object] | None = None,
) -> bool:
    """Ask for a drawing and the GM's choices (unless given); as a new map, write its map and
    open it through `files` as Open does; into this map, add it as one undo step. Then check the
    map (`show` brings the map into view after an import into it). False when the GM stopped or
    the drawing was refused (said in one line)."""
    if drawing is None:
        chosen, _ = QFileDialog.getOpenFileName(window, "Import a Universal VTT map", "", DRAWINGS)
        if not chosen:
            return False
        drawing = Path(chosen)
    if choices is None:
        dialog = ImportDialog(drawing, settings, window, why_not_into(files.document))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        choices = dialog.choices()
    if not choices.into:
        if not files.may_discard():
            return False
        if choices.target.exists() and not _may_replace(window, choices.target):
            return False
    try:
        if choices.into:
            summary = import_into(files.document, drawing, choices)
            if show is not None:  # it may have landed beside the map, out of sight
                show()
        else:
            summary = write_imported(drawing, choices)
            if not files.read_and_show(choices.target):
                return False
    except MapFileError as error:
        QMessageBox.warning(window, "Could not import the map", shown_plain(str(error)))
        return False
    say(f"Imported {drawing.name}: {summary}")
    check_map()
    return True


def write_imported(drawing: Path, choices: ImportChoices) -> str:
    """The drawing's map written to the chosen file, its picture beside it (written last, and
    taken away again if the map cannot be written); the summary line."""
    from tabletop.ui.drawn_maps import map_drawn, picture_kept, target_problem
    from tabletop.ui.opening import busy

    problem = target_problem(choices.target)
    if problem is not None:
        raise MapFileError(choices.target, problem)
    with busy():
        made = map_drawn(
            drawing, break_door=choices.break_door, break_wall=choices.break_wall, gap=choices.gap, grid=choices.grid
        )
        with picture_kept(made, choices.target) as background:
            save_map(made.map.model_copy(update={"background": background}), choices.target)
    return made.summary


def _may_replace(window: QWidget, target: Path) -> bool:
    box = QMessageBox(QMessageBox.Icon.Question, "Replace the map?", "", QMessageBox.StandardButton.Cancel, window)
    box.setTextFormat(Qt.TextFormat.PlainText)  # a file's name is shown as spelled
    box.setText(f"{target.name} is there already. Replace it with the imported map?")
    replace = box.addButton("Replace", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is replace
