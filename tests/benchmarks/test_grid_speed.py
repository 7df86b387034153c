"""Speed of painting a segment on a grid grown to 9x9 tiles (45x45 areas), against the grids
issue's target: each mouse move, its handler and the scene's repaint, within 16 ms median.
The whole grid is in view in a 1600x1000 canvas, every tile with two textured segments.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_grid_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QEvent, QObject, QPointF, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tabletop.geometry.single.shapes import grid_rect
from tabletop.model import Map
from tests.benchmarks.test_editor_speed import _show, discard_on_close  # noqa: F401 (a fixture)
from tests.maps import encounter_grid


class PaintCount(QObject):
    """Counts the canvas's paint events, so a move that repainted nothing is not measured as one."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    from tabletop.ui.main_window import MainWindow

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path))
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    _show(qtbot, win)
    win.document.replace_map(Map(grids=[encounter_grid(9)]), None)
    win.view.fit_map()
    return win


def _mouse(view, kind: QEvent.Type, scene_point: tuple[float, float], buttons) -> QMouseEvent:
    local = QPointF(view.mapFromScene(QPointF(*scene_point)))
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    return QMouseEvent(kind, local, view.viewport().mapToGlobal(local), button, buttons, Qt.KeyboardModifier.NoModifier)


def test_painting_a_segment_on_45x45_areas(benchmark, window):
    view = window.view
    grid = window.document.map.grids[0]
    assert grid_rect(grid)[2] == 45 * grid.area_size
    window.set_tool("A")
    size = grid.area_size

    def centre(row: int, col: int) -> tuple[float, float]:
        return (grid.origin[0] + (col + 0.5) * size, grid.origin[1] + (row + 0.5) * size)

    held = Qt.MouseButton.LeftButton
    view.mousePressEvent(_mouse(view, QEvent.Type.MouseButtonPress, centre(20, 20), held))
    QApplication.processEvents()
    counter = PaintCount()
    view.viewport().installEventFilter(counter)
    ends = itertools.cycle([(24, 24), (22, 23), (20, 24), (23, 21), (21, 22)])
    tool = window.tools["A"]

    def one_move():
        view.mouseMoveEvent(_mouse(view, QEvent.Type.MouseMove, centre(*next(ends)), held))
        QApplication.processEvents()  # the scene's repaint of what changed, as between real frames

    benchmark.pedantic(one_move, rounds=100, iterations=1, warmup_rounds=3)
    assert counter.paints >= 100, "every move repainted the canvas"
    assert len(tool.marks.painting) > 1, "the block follows the cursor"
    view.mouseReleaseEvent(_mouse(view, QEvent.Type.MouseButtonRelease, centre(24, 24), Qt.MouseButton.NoButton))
    assert window.document.undo_stack.count() == 1, "the whole drag is one step"


def test_releasing_a_stroke_on_45x45_areas(benchmark, window):
    """Letting go: the grid edit, its terrain and the repaint of the whole grid's picture."""
    view = window.view
    grid = window.document.map.grids[0]
    window.set_tool("A")
    size = grid.area_size
    tiles = itertools.cycle([(r, c) for r in range(9) for c in range(9)])
    held, free = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    QApplication.processEvents()

    def stroke():
        r, c = next(tiles)
        start = (grid.origin[0] + (c * 5 + 0.5) * size, grid.origin[1] + (r * 5 + 0.5) * size)
        end = (start[0] + size, start[1] + size)
        press = _mouse(view, QEvent.Type.MouseButtonPress, start, held)
        view.mousePressEvent(
            QMouseEvent(
                press.type(),
                press.position(),
                press.globalPosition(),
                press.button(),
                held,
                Qt.KeyboardModifier.ShiftModifier,
            )
        )
        view.mouseMoveEvent(_mouse(view, QEvent.Type.MouseMove, end, held))
        view.mouseReleaseEvent(_mouse(view, QEvent.Type.MouseButtonRelease, end, free))
        QApplication.processEvents()

    benchmark.pedantic(stroke, rounds=20, iterations=1, warmup_rounds=1)
    assert window.document.undo_stack.count() == 21, "each stroke is one step"
