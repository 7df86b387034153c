"""The Tile Sets dock: the map's tile sets, the bundled ones and the GM's own folder of sets;
build a set from a prepared grid, edit its list of random properties (a box for each of the
six properties and an altitude, as a segment is edited), import it into the map,
save it to a file, and fill, grow or trim the selected grid from it. Every edit of the map is
one undo step (document/commands/growth.py); files are read and written by io/tilesets.py.
Where a side starts is the grid's own, edited on the Inspector's grid page, not here."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.changes import Part
from tabletop.document.commands.growth import (
    GridEditError,
    fill_grid,
    grow_grid,
    import_tile_set,
    set_random_properties,
    trim_grid,
)
from tabletop.io import TILESET_EXTENSION, MapFileError, save_tile_set, tile_sets_in
from tabletop.io.tilesets import file_name_for
from tabletop.model import GRID_EDGES, AreaLocation, PropertyDraw, TileSet
from tabletop.model.grids import SegmentProperty
from tabletop.resources import bundled_tile_sets_dir
from tabletop.rules.growth import tile_set_from_grid
from tabletop.ui.docks.segment_page import PROPERTY_TIPS
from tabletop.ui.docks.widgets import MessageLine
from tabletop.ui.plain import plain_label, set_tip

PROPERTIES: tuple[str, ...] = SegmentProperty.__args__
SOURCES = {"map": "On this map", "bundled": "Bundled with Tabletop", "mine": "My tile sets"}
SETUP_ELSEWHERE = "Where sides start: on the grid's Inspector page."
"""A GM who looks for the setup marks beside the grid's other tools is told where they are."""


def fit_rows(listing: QListWidget, fewest: int = 3, most: int = 8) -> None:
    """A list as tall as its rows, between `fewest` and `most` (it scrolls past them): a list
    stretched to the dock pushed Fill, Grow and Trim out of sight on a laptop."""
    row = listing.sizeHintForRow(0) if listing.count() else -1
    row = row if row > 0 else listing.fontMetrics().height() + 2
    rows = min(max(listing.count(), fewest), most)
    listing.setFixedHeight(rows * row + 2 * listing.frameWidth() + 2)


def user_tile_sets_dir() -> Path:
    """The GM's own folder of tile sets (TABLETOP_TILESETS_DIR overrides it, as tests do)."""
    override = os.environ.get("TABLETOP_TILESETS_DIR")
    if override:
        return Path(override)
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)) / "tilesets"


def selected_grid(document: MapDocument) -> str | None:
    """The grid the GM means: the selected one, the one a selected token stands on, or the
    map's only grid."""
    selection = document.selection
    if not {"grid", "token"} & set(map(itemgetter(0), selection)):  # a whole map of zones selected: no key looked at
        selection = []
    for kind, object_id in selection:
        if kind == "grid":
            return object_id
        token = document.get("token", object_id) if kind == "token" else None
        if token is not None and isinstance(token.location, AreaLocation):
            return token.location.grid
    return document.map.grids[0].id if len(document.map.grids) == 1 else None


def draw_text(draw: PropertyDraw) -> str:
    words = " + ".join(draw.properties) or "plain ground"
    return f"{words}, altitude {draw.altitude}" if draw.altitude else words


@dataclass(frozen=True)
class Entry:
    """One line of the list: a set, where it comes from, and its file if it has one."""

    source: str
    tile_set: TileSet | None
    path: Path | None = None
    problem: str = ""


class TileSetsDock(QWidget):
    def __init__(self, document: MapDocument, user_folder: Path | None = None) -> None:
        super().__init__()
        self.document = document
        self.user_folder = user_folder or user_tile_sets_dir()
        self.entries: list[Entry] = []
        self.sets = QListWidget()
        self.sets.currentRowChanged.connect(self._chosen)
        self.about = plain_label(wrap=True)
        self.draws = QListWidget()
        self.draws.currentRowChanged.connect(self._show_draw)
        self.draw_boxes: dict[str, QCheckBox] = {}
        for prop in PROPERTIES:
            self.draw_boxes[prop] = QCheckBox(prop)
            self.draw_boxes[prop].setToolTip(PROPERTY_TIPS.get(prop, ""))
        self.altitude = QSpinBox()
        self.altitude.setPrefix("altitude ")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setPrefix("seed ")
        self.edge = QComboBox()
        self.edge.addItems(list(GRID_EDGES))
        self.message = MessageLine()
        self.buttons: dict[str, QPushButton] = {}
        self._lay_out()
        document.reset.connect(self._opened)
        document.selectionChanged.connect(self._enable)
        document.edited.connect(lambda change: self.refresh() if change.kind is Part.TILE_SETS else self._enable())
        self.refresh()

    def _button(self, key: str, text: str, slot: Callable[[], None], tip: str = "") -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(lambda _checked=False: slot())
        self.buttons[key] = button
        return button

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.sets)
        layout.addWidget(self.about)
        row = QHBoxLayout()
        row.addWidget(self._button("build", "Build from Grid", self.build, "A set from the selected grid's tiles"))
        row.addWidget(self._button("import", "Import", self.import_set, "Put this set on the map"))
        row.addWidget(self._button("save", "Save…", self.save, "Save this set to a file"))
        layout.addLayout(row)
        layout.addWidget(QLabel("Random properties (each segment of a drawn tile gets one):"))
        layout.addWidget(self.draws)
        boxes = QGridLayout()  # the six properties in two rows of three, then the altitude
        for k, box in enumerate(self.draw_boxes.values()):
            boxes.addWidget(box, k // 3, k % 3)
        boxes.addWidget(self.altitude, 2, 0)
        layout.addLayout(boxes)
        row = QHBoxLayout()
        row.addWidget(self._button("add", "Add", self.add_draw, "A new line with the boxes ticked"))
        row.addWidget(self._button("change", "Change", self.change_draw, "The chosen line as the boxes say"))
        row.addWidget(self._button("remove", "Remove", self.remove_draw))
        layout.addLayout(row)
        grid = QGridLayout()
        grid.addWidget(self.seed, 0, 0)
        grid.addWidget(self._button("fill", "Fill Grid", self.fill, "Draw every tile of the grid from this set"), 0, 1)
        grid.addWidget(self.edge, 1, 0)
        grid.addWidget(self._button("grow", "Grow", lambda: self.grow(self.edge.currentText())), 1, 1)
        grid.addWidget(self._button("trim", "Trim to 3x3", self.trim, "Keep the 3x3 tiles with most tokens"), 2, 1)
        layout.addLayout(grid)
        layout.addWidget(self.message)
        layout.addWidget(plain_label(SETUP_ELSEWHERE, wrap=True))
        layout.addStretch(1)  # a tall dock keeps the controls together at its top

    # -- the list ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """List the sets again, keeping the chosen one chosen."""
        chosen = self.current()
        key = None if chosen is None or chosen.tile_set is None else (chosen.source, chosen.tile_set.id)
        entries = [Entry("map", s) for s in self.document.map.tile_sets]
        for source, folder in (("bundled", bundled_tile_sets_dir()), ("mine", self.user_folder)):
            entries += [Entry(source, f.tile_set, f.path, f.problem) for f in tile_sets_in(folder)]
        self.entries = entries
        self.sets.blockSignals(True)
        self.sets.clear()
        for entry in entries:
            self.sets.addItem(self._item(entry))
        fit_rows(self.sets)
        keys = [(e.source, e.tile_set.id if e.tile_set else None) for e in entries]
        self.sets.setCurrentRow(keys.index(key) if key in keys else (0 if entries else -1))
        self.sets.blockSignals(False)
        self._chosen()

    def _opened(self) -> None:
        """Another map: its own first set is the one shown."""
        self.sets.setCurrentRow(-1)
        self.refresh()

    def _item(self, entry: Entry) -> QListWidgetItem:
        if entry.tile_set is None:
            item = QListWidgetItem(f"{entry.path.name if entry.path else '?'} — cannot be read")
            set_tip(item, entry.problem)
            item.setForeground(Qt.GlobalColor.darkRed)
            return item
        name = entry.tile_set.theme.split(":")[0] or entry.tile_set.id
        item = QListWidgetItem(f"{name} ({entry.tile_set.id}) — {SOURCES[entry.source]}")
        set_tip(item, str(entry.path) if entry.path else "Saved in the map")
        return item

    def current(self) -> Entry | None:
        row = self.sets.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def choose(self, source: str, set_id: str) -> None:
        for row, entry in enumerate(self.entries):
            if entry.source == source and entry.tile_set is not None and entry.tile_set.id == set_id:
                self.sets.setCurrentRow(row)

    def _chosen(self) -> None:
        entry = self.current()
        self.draws.clear()
        if entry is None or entry.tile_set is None:
            self.about.setText(entry.problem if entry else "No tile sets yet: build one from a grid.")
        else:
            tile_set = entry.tile_set
            segments = sum(len(t.segments) for t in tile_set.tiles)
            self.about.setText(f"{tile_set.theme or tile_set.id}: {len(tile_set.tiles)} tiles, {segments} segments")
            self.draws.addItems([draw_text(d) for d in tile_set.random_properties])
        fit_rows(self.draws)
        self._enable()

    def _enable(self) -> None:
        entry = self.current()
        has_set = entry is not None and entry.tile_set is not None
        grid_id = selected_grid(self.document)
        grid = self.document.get("grid", grid_id) if grid_id else None
        on_map = has_set and entry.source == "map"
        self.buttons["build"].setEnabled(grid is not None)
        for key in ("import", "save", "fill"):
            self.buttons[key].setEnabled(has_set and (key != "fill" or grid is not None))
        self.buttons["import"].setEnabled(has_set and not on_map)
        self.buttons["add"].setEnabled(on_map)
        self.buttons["remove"].setEnabled(on_map and self.draws.count() > 1)
        self.buttons["change"].setEnabled(on_map and self.draws.currentRow() >= 0)
        self.buttons["grow"].setEnabled(grid is not None and grid.tile_set is not None)
        self.buttons["trim"].setEnabled(grid is not None)
        self._say_why(grid, has_set)

    def _say_why(self, grid, has_set: bool) -> None:
        """Each grid button's tooltip says what it does, or, greyed, what it waits for."""
        pick = "Select an encounter grid on the map first"
        why = {
            "build": "A set from the selected grid's tiles" if grid is not None else pick,
            "fill": "Draw every tile of the grid from this set"
            if grid is not None and has_set
            else (pick if grid is None else "Choose a tile set above first"),
            "grow": "Add a row or column of tiles from the grid's set at the chosen edge"
            if grid is not None and grid.tile_set is not None
            else (pick if grid is None else "The grid draws from no tile set yet: Fill Grid from a set first"),
            "trim": "Keep the 3x3 tiles with most tokens" if grid is not None else pick,
        }
        for key, tip in why.items():
            self.buttons[key].setToolTip(tip)

    # -- edits -----------------------------------------------------------------------------------

    def push(self, build: Callable[[], QUndoCommand | None], done: str = "") -> bool:
        """Build a command and push it; a GridEditError becomes the dock's one-line message."""
        try:
            command = build()
        except GridEditError as error:
            self.message.setText(str(error))
            return False
        if command is None:
            self.message.setText(done or "Nothing to change")
            return False
        self.document.undo_stack.push(command)
        self.message.setText(command.text())
        return True

    def _grid_or_say(self) -> str | None:
        grid_id = selected_grid(self.document)
        if grid_id is None:
            self.message.setText("Select a grid first")
        return grid_id

    def build(self) -> None:
        grid_id = self._grid_or_say()
        if grid_id is None:
            return
        grid = self.document.map.grid(grid_id)
        taken = {s.id for s in self.document.map.tile_sets}
        set_id, n = f"{grid_id}-tiles", 1
        while set_id in taken:
            n += 1
            set_id = f"{grid_id}-tiles-{n}"
        built = tile_set_from_grid(grid, set_id, grid.name or grid_id)
        if self.push(lambda: import_tile_set(self.document, built)):
            self.choose("map", set_id)

    def import_set(self) -> None:
        entry = self.current()
        if entry is None or entry.tile_set is None:
            return
        if self.push(lambda: import_tile_set(self.document, entry.tile_set), "This set is on the map already"):
            self.choose("map", entry.tile_set.id)

    def save(self) -> Path | None:
        entry = self.current()
        if entry is None or entry.tile_set is None:
            return None
        start = str(self.user_folder / file_name_for(entry.tile_set))
        chosen, _filter = QFileDialog.getSaveFileName(self, "Save tile set", start, f"Tile set (*{TILESET_EXTENSION})")
        if not chosen:
            return None
        path = Path(chosen if chosen.endswith(TILESET_EXTENSION) else chosen + TILESET_EXTENSION)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_tile_set(entry.tile_set, path)
        except (MapFileError, OSError) as error:
            self.message.setText(str(error))
            return None
        self.message.setText(f"Saved {path}")
        self.refresh()
        return path

    def _show_draw(self, row: int) -> None:
        """A chosen line of random properties shows in the boxes, ready to change."""
        entry = self.current()
        draws = entry.tile_set.random_properties if entry is not None and entry.tile_set is not None else []
        if 0 <= row < len(draws):
            for prop, box in self.draw_boxes.items():
                box.setChecked(prop in draws[row].properties)
            self.altitude.setValue(draws[row].altitude)
        self._enable()

    def _ticked(self) -> PropertyDraw:
        return PropertyDraw(
            properties=[p for p, box in self.draw_boxes.items() if box.isChecked()], altitude=self.altitude.value()
        )

    def add_draw(self) -> None:
        entry = self.current()
        if entry is None or entry.tile_set is None:
            return
        draws = [*entry.tile_set.random_properties, self._ticked()]
        if self.push(lambda: set_random_properties(self.document, entry.tile_set.id, draws)):
            self.draws.setCurrentRow(self.draws.count() - 1)

    def change_draw(self) -> None:
        entry, row = self.current(), self.draws.currentRow()
        if entry is None or entry.tile_set is None or row < 0:
            self.message.setText("Choose a line of random properties to change")
            return
        draws = list(entry.tile_set.random_properties)
        if draws[row] == self._ticked():
            self.message.setText("The line says so already")
            return
        draws[row] = self._ticked()
        if self.push(lambda: set_random_properties(self.document, entry.tile_set.id, draws)):
            self.draws.setCurrentRow(row)

    def remove_draw(self) -> None:
        entry, row = self.current(), self.draws.currentRow()
        if entry is None or entry.tile_set is None or row < 0:
            self.message.setText("Choose a line of random properties to remove")
            return
        draws = [d for k, d in enumerate(entry.tile_set.random_properties) if k != row]
        self.push(lambda: set_random_properties(self.document, entry.tile_set.id, draws))

    def fill(self) -> None:
        entry, grid_id = self.current(), self._grid_or_say()
        if entry is None or entry.tile_set is None or grid_id is None:
            return
        painted = sum(len(tile.segments) for tile in self.document.get("grid", grid_id).tiles)
        if painted:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Fill Grid",
                f"Fill Grid draws every tile again from the set: the {painted} segment"
                f"{'s' if painted != 1 else ''} on the grid now will be replaced (Undo brings them back).",
                QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setTextFormat(Qt.TextFormat.PlainText)
            replace = box.addButton("Replace Them", QMessageBox.ButtonRole.DestructiveRole)
            box.setDefaultButton(QMessageBox.StandardButton.Cancel)
            box.exec()
            if box.clickedButton() is not replace:
                return
        self.push(lambda: fill_grid(self.document, grid_id, entry.tile_set, self.seed.value()))

    def grow(self, edge: str) -> bool:
        grid_id = self._grid_or_say()
        return grid_id is not None and self.push(lambda: grow_grid(self.document, grid_id, edge))

    def trim(self) -> bool:
        grid_id = self._grid_or_say()
        return grid_id is not None and self.push(lambda: trim_grid(self.document, grid_id), "The grid is 3x3 already")
