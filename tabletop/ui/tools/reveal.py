"""The Reveal tool: click or drag over zones and grid areas to lift the fog from them; with
Shift or the right button, to fog them again. Ctrl takes a grid's whole tile at once. One
drag is one undo step. Whoever listens to `revealed` (the handouts, when the GM has Reveal
show descriptions) hears each zone a stroke reveals, once, as it is revealed."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from tabletop.document.commands.fog import SetFog
from tabletop.model.grids import TILE_AREAS
from tabletop.ui.tools.base import Tool
from tabletop.ui.tools.names import TOOL_WORDS

_strokes = itertools.count(1)
STEP_PIXELS = 6.0
"""A fast drag is followed in steps this far apart on the screen, so no zone it crossed is missed."""
MAX_STEPS = 400


class RevealTool(Tool):
    shortcut = "R"
    name, status = TOOL_WORDS[shortcut]

    def __init__(self, document, scene, view, say) -> None:
        super().__init__(document, scene, view, say)
        self._stroke: tuple[int, bool, bool] | None = None
        """(stroke number, fogging, whole tiles) while the button is held."""
        self._last = QPointF()
        self._revealed: set[str] = set()
        """The zones this stroke revealed, each told to `revealed` once."""
        self.revealed: Callable[[str], None] | None = None
        """Told each zone a stroke lifts the fog from, after the edit."""

    def deactivate(self) -> None:
        self._stroke = None

    def press(self, event: QMouseEvent, pos: QPointF) -> bool:
        button = event.button()
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        mods = event.modifiers()
        fogging = button == Qt.MouseButton.RightButton or bool(mods & Qt.KeyboardModifier.ShiftModifier)
        self._stroke = (next(_strokes), fogging, bool(mods & Qt.KeyboardModifier.ControlModifier))
        self._last = pos
        self._revealed = set()
        self._touch([pos])
        return True

    def move(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._stroke is None:
            return False
        step = STEP_PIXELS / max(self.view.scale_now(), 1e-6)
        n = min(MAX_STEPS, max(1, math.ceil(math.hypot(pos.x() - self._last.x(), pos.y() - self._last.y()) / step)))
        start = self._last
        self._touch([start + (pos - start) * (k / n) for k in range(1, n + 1)])
        self._last = pos
        return True

    def release(self, event: QMouseEvent, pos: QPointF) -> bool:
        if self._stroke is None:
            return False
        self._stroke = None
        return True

    def _touch(self, points: list[QPointF]) -> None:
        """Fog or reveal what lies under these points, merged into the stroke's one undo step."""
        stroke, fogging, tiles = self._stroke
        zones: dict[str, None] = {}
        areas: dict[str, dict[tuple[int, int], None]] = {}
        for point in points:
            found = self.document.area_at(point.x(), point.y())
            if found is not None:
                grid_id, (row, col) = found
                wanted = _tile_of(row, col) if tiles else [(row, col)]
                areas.setdefault(grid_id, {}).update(dict.fromkeys(wanted))
                continue
            zone_id = self.document.zone_at(point.x(), point.y())
            if zone_id is not None:
                zones[zone_id] = None
        command = SetFog(self.document, zones, areas, fogging, stroke=stroke)
        if command.empty:
            return
        self.document.undo_stack.push(command)
        if not fogging and self.revealed is not None:
            for zone_id in command.zones_before:
                if zone_id not in self._revealed:
                    self._revealed.add(zone_id)
                    self.revealed(zone_id)


def _tile_of(row: int, col: int) -> list[tuple[int, int]]:
    top, left = row // TILE_AREAS * TILE_AREAS, col // TILE_AREAS * TILE_AREAS
    return [(r, c) for r in range(top, top + TILE_AREAS) for c in range(left, left + TILE_AREAS)]
