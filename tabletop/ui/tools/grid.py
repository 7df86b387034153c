"""The Grid tool: click on the empty map to place an encounter grid of 3x3 tiles, drag a grid
to move it, Delete to remove it with its tokens. Tokens stand in areas, so they move with it."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from tabletop.document.commands import AddObject, EditObject, remove
from tabletop.model import LATTICE_STEP, EncounterGrid, Tile
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.grids import TILE_AREAS
from tabletop.model.kinds import Kind
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS

START_TILES = 3
"""A new grid is the text's zone: 9 tiles placed together to make a square."""
_drags = itertools.count(1)


def held_origin(grid: EncounterGrid, x: float, y: float) -> tuple[float, float]:
    """The origin (x, y) moved as little as needed for every area of the grid to stay within
    the coordinates a map file may hold: a grid dragged or placed past them stops at the edge."""
    r0, c0, r1, c1 = grid.area_bounds()
    size = grid.area_size
    x = max(-MAX_COORDINATE - c0 * size, min(MAX_COORDINATE - (c1 + 1) * size, x))
    y = max(-MAX_COORDINATE - r0 * size, min(MAX_COORDINATE - (r1 + 1) * size, y))
    return (x, y)


def new_grid(
    grid_id: str, name: str, centre: tuple[float, float], area_size: float = 40.0, step: float = LATTICE_STEP
) -> EncounterGrid:
    """A grid of 3x3 empty tiles centred on a point, its corner on the map's drawing lattice
    (`step`), so the zones drawn beside it meet its edges."""
    side = START_TILES * TILE_AREAS * area_size
    x = round((centre[0] - side / 2) / step) * step
    y = round((centre[1] - side / 2) / step) * step
    tiles = [Tile(row=r, col=c) for r in range(START_TILES) for c in range(START_TILES)]
    grid = EncounterGrid(id=grid_id, name=name, tiles=tiles, area_size=area_size)
    return grid.model_copy(update={"origin": held_origin(grid, x, y)})


RINGS = 12
"""How many rings of places around the click a new grid tries before going beside the whole map."""


def grid_box(grid: EncounterGrid) -> tuple[float, float, float, float]:
    r0, c0, r1, c1 = grid.area_bounds()
    x, y, size = grid.origin[0], grid.origin[1], grid.area_size
    return (x + c0 * size, y + r0 * size, x + (c1 + 1) * size, y + (r1 + 1) * size)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clear_of_the_map(grid: EncounterGrid, taken, right_of: float | None = None) -> tuple[float, float]:
    """Where a new grid goes: where it was put if nothing is there, else the nearest place around
    it (in steps of a tile, ring by ring) where nothing is, else beside everything, to the right."""
    left, top, right, bottom = grid_box(grid)
    step = grid.area_size * TILE_AREAS
    x, y = grid.origin
    for ring in range(RINGS + 1):
        around = [
            (dx, dy) for dx in range(-ring, ring + 1) for dy in range(-ring, ring + 1) if max(abs(dx), abs(dy)) == ring
        ]
        around.sort(key=lambda d: (d[0] ** 2 + d[1] ** 2, d))
        for dx, dy in around:
            box = (left + dx * step, top + dy * step, right + dx * step, bottom + dy * step)
            origin = held_origin(grid, x + dx * step, y + dy * step)
            if origin == (x + dx * step, y + dy * step) and not taken(box):
                return origin
    beyond = (right_of if right_of is not None else right) + step - left
    return held_origin(grid, x + beyond, y)


class GridTool(Tool):
    shortcut = "G"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
        self._drag: tuple[str, EncounterGrid, QPointF, int] | None = None
        """The grid being moved: its id, the grid as the drag began, where the press was, the drag's number."""

    def deactivate(self) -> None:
        self._drag = None

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        area = self.document.area_at(pos.x(), pos.y())
        if area is not None:
            grid_id = area[0]
            self.document.select([(Kind.GRID, grid_id)])
            if not self.locked("every grid"):
                self._drag = (grid_id, self.document.get(Kind.GRID, grid_id), pos, next(_drags))
            return True
        number = len(self.document.map.grids) + 1
        centre, step = (pos.x(), pos.y()), self.view.snapping.step
        grid = new_grid(self.document.new_id("grid", "grid"), f"Encounter {number}", centre, step=step)
        free = clear_of_the_map(grid, self._taken, self._rightmost())
        if free != grid.origin:
            grid = grid.model_copy(update={"origin": free})
            self.say("The grid is placed beside what was there: zones and grids keep their places")
        self.document.undo_stack.push(AddObject(self.document, Kind.GRID, grid))
        self.document.select([(Kind.GRID, grid.id)])
        return True

    def _rightmost(self) -> float | None:
        """The right edge of everything on the map: a grid with no room near the click goes past it."""
        edges = [grid_box(g)[2] for g in self.document.map.grids]
        whole = self.document.layout.whole_box()
        edges += [whole[2]] if whole is not None else []
        return max(edges) if edges else None

    def _taken(self, box: tuple[float, float, float, float]) -> bool:
        """Whether a zone, a border or another grid lies within the box."""
        if self.document.layout.find(box):
            return True
        return any(_overlap(box, grid_box(g)) for g in self.document.map.grids)

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None:
            return False
        grid_id, start_grid, start, drag = self._drag
        if self.document.get(Kind.GRID, grid_id) is None:  # removed or undone while the button was held
            self._drag = None
            return True
        dx, dy = self.moved_by(start, pos)
        origin = held_origin(start_grid, start_grid.origin[0] + dx, start_grid.origin[1] + dy)
        if origin != self.document.get(Kind.GRID, grid_id).origin:
            moved = start_grid.model_copy(update={"origin": origin})
            label = start_grid.name or grid_id
            self.document.undo_stack.push(
                EditObject(self.document, Kind.GRID, moved, merge=f"grid-move-{drag}", text=f"Move grid {label}")
            )
        return True

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None:
            return False
        self._drag = None
        return True

    def delete(self) -> bool:
        """Delete removes the selected grids with the tokens standing on them (not the zones
        also selected: this tool's Delete is about grids)."""
        grids = [key for key in self.document.selection if key[0] is Kind.GRID]
        if grids and self.locked("every grid"):
            return True
        command = remove(self.document, grids)
        if command is None:
            return False  # no grid chosen: Delete removes the selection as usual
        self.document.undo_stack.push(command)
        return True

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            return self.delete()
        if event.key() == Qt.Key.Key_Escape and self._drag is not None:
            self._drag = None
            return True
        return False
