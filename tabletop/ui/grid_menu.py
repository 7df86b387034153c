"""The Grid menu: grow the selected encounter grid at an edge, trim it back to 3x3, and show
the Tile Sets dock where grids are filled from sets. The menu and the dock
push the same undo steps (document/commands/growth.py)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox, QWidget

from tabletop.document import MapDocument
from tabletop.document.commands.growth import GridEditError, grow_for_token
from tabletop.geometry.single.shapes import area_at
from tabletop.model import AreaLocation
from tabletop.rules.growth import edges_toward
from tabletop.ui.actions import scrolling
from tabletop.ui.docks.tile_sets import TileSetsDock, selected_grid
from tabletop.ui.plain import shown_plain
from tabletop.ui.registry import Act, ActionRegistry

ROOM_SHARE = 0.7
"""The most of the right-hand column the Tile Sets dock takes when it first shows: the
Inspector keeps enough to name what is selected."""


class GridMenu:
    """The Grid menu's actions and the Tile Sets dock's pane. `dock` is the window's, hidden:
    shown from the Grid menu or View, as most maps have no grid. `say` is a passing line in the
    status bar."""

    def __init__(
        self, document: MapDocument, actions: ActionRegistry, say: Callable[[str], None], dock: QDockWidget
    ) -> None:
        self.document, self.say, self.dock = document, say, dock
        self.dock_widget = TileSetsDock(self.document)
        dock.setWidget(scrolling(self.dock_widget))
        self._room_given = False
        dock.visibilityChanged.connect(self._give_room)
        self.grow_actions = {
            edge: actions.register(
                Act(
                    f"grid.grow_{edge}",
                    f"Grow &{edge.title()}",
                    lambda e=edge: self.grow(e),
                    tip=f"A row of tiles to the {edge}",
                )
            )
            for edge in ("north", "east", "south", "west")
        }
        tip = "Keep the 3x3 tiles with the most tokens"
        self.trim_action = actions.register(Act("grid.trim", "&Trim to 3x3", self.trim, tip=tip))
        self.show_action = actions.register(Act("grid.tile_sets", "Tile &Sets…", self.show_dock))
        actions.menu("grid").aboutToShow.connect(self._enable)

    def _enable(self) -> None:
        grid_id = selected_grid(self.document)
        grid = self.document.get("grid", grid_id) if grid_id else None
        for act in self.grow_actions.values():
            act.setEnabled(grid is not None and grid.tile_set is not None)
        self.trim_action.setEnabled(grid is not None)

    def grow(self, edge: str) -> bool:
        """Grow the selected grid; what happened (or why not) is said in the status bar."""
        done = self.dock_widget.grow(edge)
        self.say(self.dock_widget.message.text())
        return done

    def trim(self) -> bool:
        done = self.dock_widget.trim()
        self.say(self.dock_widget.message.text())
        return done

    def _give_room(self, visible: bool) -> None:
        """The first time the dock shows beside the Inspector its column widens to the pane's
        width if it is narrower, and the dock takes the height its pane asks for, up to most of
        the column: Qt gave it the column as it was (a window widened later kept a narrow one,
        so the pane scrolled sideways and cut the sets' names) and a strip of its height that
        showed the list alone. Later the GM's own sizes stay."""
        if not visible or self._room_given or self.dock.isFloating():
            return
        self._room_given = True
        window = self.dock.parentWidget()
        if not isinstance(window, QMainWindow):
            return
        inspector = window.findChild(QDockWidget, "Inspector")
        if inspector is None or not inspector.isVisible() or inspector.isFloating():
            return
        scroll, hint = self.dock.widget(), self.dock_widget.sizeHint()
        wide = hint.width() + scroll.verticalScrollBar().sizeHint().width() + self.dock.width() - scroll.width()
        if self.dock.width() < wide:
            window.resizeDocks([self.dock], [wide], Qt.Orientation.Horizontal)
        column = inspector.height() + self.dock.height()
        tall = hint.height() + self.dock.height() - scroll.height()
        tall = min(tall, round(column * ROOM_SHARE))  # both docks named: Qt splits a lone size with its neighbour
        window.resizeDocks([inspector, self.dock], [column - tall, tall], Qt.Orientation.Vertical)

    def show_dock(self) -> None:
        self.dock.show()
        self.dock.raise_()


MOST_EDGES = 2
"""A drop past a corner grows two edges; one farther away is no step off the edge, so no offer."""


def offer_growth(parent: QWidget, document: MapDocument, token_id: str, pos: QPointF) -> bool:
    """A token dropped just off its grid's edge, where nothing else is: offer to grow the grid
    there (one undo step with the move). True when the grid grew."""
    token = document.get("token", token_id)
    if token is None or not isinstance(token.location, AreaLocation) or document.area_at(pos.x(), pos.y()):
        return False
    if document.zone_at(pos.x(), pos.y()) is not None:
        return False
    grid = document.get("grid", token.location.grid)
    row, col = area_at(grid, pos.x(), pos.y())
    edges = edges_toward(grid, row, col)
    if grid.tile_set is None or not edges or len(edges) > MOST_EDGES:
        return False
    try:
        command = grow_for_token(document, token_id, row, col)
    except GridEditError:
        return False
    answer = QMessageBox.question(
        parent,
        "Grow the grid?",
        shown_plain(f"{token.label} left the grid. {command.text()}?"),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
    )
    if answer != QMessageBox.StandardButton.Yes:
        return False
    document.undo_stack.push(command)
    return True
