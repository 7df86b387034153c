"""Editing a grid's setup marks: for one side at a time, the tiles and edges where it may
start and whether the players see them; for the grid, the edges where arrivals enter. Apply is
one undo step. The editor sits on the Inspector's grid page: the marks are the grid's own, as
its name and area size are, and shown there whenever the grid is selected."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.document import MapDocument
from tabletop.document.commands.growth import GridEditError, set_setup
from tabletop.model import GRID_EDGES, EncounterGrid, SetupMark
from tabletop.rules.area_names import tile_name, tiles_from_text
from tabletop.ui.docks.inspector_width import SECRET_MARK


def parse_tiles(grid: EncounterGrid, text: str) -> list[tuple[int, int]]:
    """Tiles as a GM types them, named as the grid names them ("A3 B3"), or the old tile
    coordinates ("2,0 2,1"); GridEditError names a bad one and the grid's span."""
    try:
        return tiles_from_text(grid, text)
    except ValueError as error:
        raise GridEditError(str(error)) from None


def push_to(document: MapDocument, message: QLabel) -> Callable[[Callable[[], QUndoCommand | None], str], bool]:
    """A `push` for the editor: the command goes on the undo stack, a refused edit or nothing
    to do is said in one line on `message`."""

    def push(build: Callable[[], QUndoCommand | None], done: str = "") -> bool:
        try:
            command = build()
        except GridEditError as error:
            message.setText(str(error))
            return False
        if command is None:
            message.setText(done or "Nothing to change")
            return False
        document.undo_stack.push(command)
        message.clear()
        return True

    return push


def _edge_boxes() -> tuple[QGridLayout, dict[str, QCheckBox]]:
    """A box per edge, two by two: narrow enough for the Inspector's dock."""
    grid, boxes = QGridLayout(), {}
    for k, edge in enumerate(GRID_EDGES):
        boxes[edge] = QCheckBox(edge)
        grid.addWidget(boxes[edge], k // 2, k % 2)
    return grid, boxes


def _form(box: QGroupBox) -> QFormLayout:
    """A form whose fields go under their labels in a narrow dock, rather than widen it."""
    form = QFormLayout(box)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    return form


SECRET_TIP = (
    "A secret start (an ambush) is drawn for you, hatched, and never on the players' window "
    "or in a players' export; unticked, the players see where this side starts"
)
ARRIVALS_TIP = (
    "The grid's own, for every side: where newcomers enter at the end of each exchange "
    "(none ticked: any edge). Drawn for you only"
)


class SetupEditor(QWidget):
    """The setup marks of the grid `grid_of()` names:
    where the side chosen starts, then, apart, the grid's arrival edges, which no side owns."""

    def __init__(self, document: MapDocument, grid_of: Callable[[], str | None], push: Callable) -> None:
        super().__init__()
        self.document, self.grid_of, self.push = document, grid_of, push
        self.side = QComboBox()
        self.side.setEditable(True)
        self.side.currentTextChanged.connect(lambda _text: self._show_side())
        self.tiles = QLineEdit()
        self.tiles.setPlaceholderText("tiles, e.g. A3 B3")
        self.tiles.setToolTip("Whole tiles, by column letter and row number (A1 is the top-left tile), spaced apart")
        self.secret = QCheckBox(SECRET_MARK)
        self.secret.setToolTip(SECRET_TIP)
        starts = QGroupBox("Where a side starts")
        form = _form(starts)
        form.addRow("Side", self.side)
        form.addRow("Starts on", self.tiles)
        row, self.start_edges = _edge_boxes()
        form.addRow("Start edges", row)
        form.addRow(self.secret)
        arrivals = QGroupBox("Arrivals on this grid (every side)")
        arrivals.setToolTip(ARRIVALS_TIP)
        form = _form(arrivals)
        row, self.arrival_edges = _edge_boxes()
        form.addRow("Enter at", row)
        self.apply_button = QPushButton("Apply Setup")
        self.apply_button.setToolTip("The side's start marks and the grid's arrivals, as one step to undo")
        self.apply_button.clicked.connect(lambda _checked=False: self.apply())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(starts)
        layout.addWidget(arrivals)
        layout.addWidget(self.apply_button)
        document.selectionChanged.connect(self.refresh)
        document.reset.connect(self.refresh)
        document.edited.connect(lambda change: change.kind == "grid" and self.refresh())

    def refresh(self) -> None:
        """Show the marks of the grid the GM means, for the side chosen (sides of the map's tokens)."""
        grid = self._grid()
        side = self.side.currentText()
        sides = sorted({t.side for t in self.document.map.tokens} | {m.side for m in (grid.starts if grid else [])})
        self.side.blockSignals(True)
        self.side.clear()
        self.side.addItems(sides)
        self.side.setCurrentText(side or (sides[0] if sides else "band"))
        self.side.blockSignals(False)
        for edge, box in self.arrival_edges.items():
            box.setChecked(grid is not None and edge in grid.arrivals)
        self._show_side()

    def _grid(self):
        grid_id = self.grid_of()
        return self.document.get("grid", grid_id) if grid_id else None

    def _show_side(self) -> None:
        grid = self._grid()
        mark = next((m for m in grid.starts if m.side == self.side.currentText()), None) if grid else None
        self.tiles.setText(" ".join(tile_name(grid, r, c) for r, c in mark.tiles) if mark else "")
        for edge, box in self.start_edges.items():
            box.setChecked(mark is not None and edge in mark.edges)
        self.secret.setChecked(mark is not None and mark.secret)

    def apply(self) -> bool:
        """One undo step: this side's start marks (none: it may start anywhere), shown or secret,
        and the grid's arrivals."""
        grid_id, side = self.grid_of(), self.side.currentText().strip()

        def build():
            if grid_id is None:
                raise GridEditError("Select a grid first")
            if not side:
                raise GridEditError("Name the side whose start you mark")
            grid = self.document.map.grid(grid_id)
            tiles = parse_tiles(grid, self.tiles.text())
            edges = [e for e, box in self.start_edges.items() if box.isChecked()]
            others = [m for m in grid.starts if m.side != side]
            secret = self.secret.isChecked()
            try:
                mine = [SetupMark(side=side, tiles=tiles, edges=edges, secret=secret)] if tiles or edges else []
            except ValidationError as error:
                if error.errors()[0]["loc"][:1] == ("side",):
                    raise GridEditError(f"'{side}' cannot name a side: one line of text, please") from None
                raise GridEditError("the grid has no such tiles") from None  # not the side's name at fault
            starts = others + mine
            arrivals = [e for e, box in self.arrival_edges.items() if box.isChecked()]
            if starts == grid.starts and arrivals == grid.arrivals:
                return None
            return set_setup(self.document, grid_id, starts, arrivals)

        return self.push(build, "The setup is as marked already")
