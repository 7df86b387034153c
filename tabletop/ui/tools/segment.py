"""The Segment tool: press and drag over a grid to pick a block of areas within one tile
(lit while the button is held), released as one undo step:

- on open ground, or with Shift: a new segment of those areas;
- starting inside the chosen segment, or anywhere on its tile: added to it;
- starting inside another segment: that segment is chosen, and the drag adds to it;
- with Ctrl: taken out of the chosen segment (a segment left without areas goes).

The chosen segment is shown in the Inspector's grid page, where its name, properties and
altitude are set; Delete removes it, Esc lets it go."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from tabletop.document.commands import EditObject
from tabletop.document.commands.grid_edits import (
    SegmentKey,
    add_segment,
    edit_segment,
    find_tile,
    local,
    segment_at,
    segment_label,
    segments_holding,
    tile_of,
)
from tabletop.geometry.single.shapes import area_at, area_rect
from tabletop.model import EncounterGrid, Segment
from tabletop.model.grids import TILE_AREAS
from tabletop.model.kinds import Kind
from tabletop.ui.docks.segment_choice import SegmentChoice
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS

Area = tuple[int, int]
ADD, NEW, TAKE = "add", "new", "take"


def block(start: Area, end: Area) -> set[Area]:
    """The areas of the rectangle between two areas of one tile, the end held to the start's tile."""
    tr, tc = tile_of(start)
    row = max(tr * TILE_AREAS, min(tr * TILE_AREAS + TILE_AREAS - 1, end[0]))
    col = max(tc * TILE_AREAS, min(tc * TILE_AREAS + TILE_AREAS - 1, end[1]))
    rows = range(min(start[0], row), max(start[0], row) + 1)
    cols = range(min(start[1], col), max(start[1], col) + 1)
    return {(r, c) for r in rows for c in cols}


class SegmentMarks(QGraphicsItem):
    """The chosen segment's areas and the block being painted, over the grid and under the
    tokens. Its bounds are one tile, so a mouse move repaints one tile, not the grid."""

    def __init__(self, style) -> None:
        super().__init__()
        self.style = style
        self.grid: EncounterGrid | None = None
        self.chosen: set[Area] = set()
        self.painting: set[Area] = set()
        self.mode = NEW
        self._bounds = QRectF()
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show(self, grid: EncounterGrid | None, chosen: set[Area], painting: set[Area], mode: str) -> None:
        if (grid, chosen, painting, mode) == (self.grid, self.chosen, self.painting, self.mode):
            return
        self.grid, self.chosen, self.painting, self.mode = grid, chosen, painting, mode
        rect = QRectF()
        if grid is not None:
            for area in chosen | painting:
                rect = rect.united(QRectF(*area_rect(grid, *area)))
        self.prepareGeometryChange()
        self._bounds = rect.adjusted(-4, -4, 4, 4)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.grid is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = self.grid.area_size
        chosen = QColor(self.style.selection)
        chosen.setAlpha(60)
        pen = QPen(self.style.selection, 3.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        for area in self.chosen:
            x, y, w, h = area_rect(self.grid, *area)
            painter.fillRect(QRectF(x, y, w, h), chosen)
        painter.setPen(Qt.PenStyle.NoPen)
        painting = QColor("#c62828" if self.mode == TAKE else "#2e7d32")
        painting.setAlpha(110)
        for area in self.painting:
            x, y, w, h = area_rect(self.grid, *area)
            painter.fillRect(QRectF(x, y, w, h), painting)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen)
        for area in self.chosen:  # the outline: edges not shared with another chosen area
            x, y, _, _ = area_rect(self.grid, *area)
            r, c = area
            for (dr, dc), (x1, y1, x2, y2) in (
                ((-1, 0), (x, y, x + size, y)),
                ((1, 0), (x, y + size, x + size, y + size)),
                ((0, -1), (x, y, x, y + size)),
                ((0, 1), (x + size, y, x + size, y + size)),
            ):
                if (r + dr, c + dc) not in self.chosen:
                    painter.drawLine(QPointF(x1, y1), QPointF(x2, y2))


class SegmentTool(Tool):
    shortcut = "A"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say, choice: SegmentChoice | None = None) -> None:
        super().__init__(document, scene, view, say)
        self.choice = choice or SegmentChoice()
        self.marks = SegmentMarks(scene.style)
        self._paint: tuple[str, Area, str] | None = None
        """While the button is held: the grid, the area pressed, and what the release does."""
        self.painting: set[Area] = set()

    def activate(self) -> None:
        self.scene.addItem(self.marks)
        self.document.edited.connect(self._refresh)
        self.document.reset.connect(self._refresh)
        self.choice.changed.connect(self._refresh)
        self._refresh()

    def deactivate(self) -> None:
        self._paint, self.painting = None, set()
        self.document.edited.disconnect(self._refresh)
        self.document.reset.disconnect(self._refresh)
        self.choice.changed.disconnect(self._refresh)
        self.scene.removeItem(self.marks)

    def chosen(self) -> tuple[SegmentKey, Segment] | None:
        key = self.choice.key
        segment = segment_at(self.document.get(Kind.GRID, key.grid), key) if key is not None else None
        return None if segment is None else (key, segment)

    def _refresh(self, *_args) -> None:
        found = self.chosen()
        grid_id = self._paint[0] if self._paint else found[0].grid if found else None
        grid = self.document.get(Kind.GRID, grid_id) if grid_id else None
        areas: set[Area] = set()
        if found is not None and grid is not None and grid.id == found[0].grid:
            (tr, tc), segment = found[0].tile, found[1]
            areas = {(tr * TILE_AREAS + r, tc * TILE_AREAS + c) for r, c in segment.areas}
        self.marks.show(grid, areas, set(self.painting), self._paint[2] if self._paint else NEW)

    # -- the gesture ---------------------------------------------------------------------------

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        hit = self.document.area_at(pos.x(), pos.y())
        if hit is None:
            self.choice.set(None)
            return True
        grid_id, area = hit
        self.document.select([(Kind.GRID, grid_id)])
        grid = self.document.get(Kind.GRID, grid_id)
        found = self.chosen()
        on_tile = found is not None and found[0].grid == grid_id and found[0].tile == tile_of(area)
        modifiers = event.modifiers()
        if modifiers & Qt.KeyboardModifier.ControlModifier:
            mode = TAKE
        elif modifiers & Qt.KeyboardModifier.ShiftModifier:
            mode = NEW
        else:
            holding = segments_holding(grid, area)
            if holding and not (on_tile and found[0] in holding):
                self.choice.set(holding[0])  # a press inside another segment picks it
                on_tile = True
            mode = ADD if on_tile else NEW
        self._paint = (grid_id, area, mode)
        self.painting = {area}
        self._refresh()
        return True

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._paint is None:
            return False
        grid = self.document.get(Kind.GRID, self._paint[0])
        if grid is None:  # undone while the button was held
            self._paint, self.painting = None, set()
            self._refresh()
            return True
        painting = block(self._paint[1], area_at(grid, pos.x(), pos.y()))
        if painting != self.painting:
            self.painting = painting
            self._refresh()
        return True

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._paint is None:
            return False
        self.move(event, pos)
        if self._paint is not None:
            grid_id, start, mode = self._paint
            self._paint = None
            self._apply(grid_id, tile_of(start), mode, self.painting)
        self.painting = set()
        self._refresh()
        return True

    def _apply(self, grid_id: str, tile: tuple[int, int], mode: str, areas: set[Area]) -> None:
        spots = sorted(local(area) for area in areas)
        found = self.chosen()
        key, segment = found if found is not None and found[0].tile == tile else (None, None)
        if mode == NEW or (mode == ADD and segment is None):
            grid = self.document.get(Kind.GRID, grid_id)
            number = len(find_tile(grid, tile).segments)
            new = Segment(name=f"Segment {number + 1}", areas=spots)
            self.document.undo_stack.push(add_segment(self.document, grid_id, tile, new))
            self.choice.set(SegmentKey(grid_id, tile, number))
        elif mode == ADD:
            more = [spot for spot in spots if spot not in segment.areas]
            if more:
                grown = Segment.model_validate({**segment.model_dump(), "areas": segment.areas + more})
                text = f"Add {len(more)} areas to {segment_label(segment, key.index)}"
                self._push(edit_segment(self.document, key, grown, text))
        elif segment is not None:
            left = [spot for spot in segment.areas if spot not in spots]
            if len(left) == len(segment.areas):
                return
            if not left:
                self._push(edit_segment(self.document, key, None, f"Remove {segment_label(segment, key.index)}"))
                self.choice.set(None)
                return
            shrunk = Segment.model_validate({**segment.model_dump(), "areas": left})
            taken = len(segment.areas) - len(left)
            text = f"Take {taken} areas from {segment_label(segment, key.index)}"
            self._push(edit_segment(self.document, key, shrunk, text))
        else:
            self.say("Choose a segment on this tile first: Ctrl+drag takes areas out of the chosen segment")

    def _push(self, command: EditObject | None) -> None:
        if command is not None:
            self.document.undo_stack.push(command)

    def delete(self) -> bool:
        """Delete removes the chosen segment, never the grid: pressed once too often, it must not
        take the grid and its tokens (the Grid and Select tools remove grids)."""
        found = self.chosen()
        if found is None:
            self.say("No segment chosen: click a segment to choose it, then Delete removes it")
            return True
        key, segment = found
        self._push(edit_segment(self.document, key, None, f"Remove {segment_label(segment, key.index)}"))
        self.choice.set(None)
        return True

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            return self.delete()
        if event.key() == Qt.Key.Key_Escape:
            self._paint, self.painting = None, set()
            self.choice.set(None)
            return True
        return False
