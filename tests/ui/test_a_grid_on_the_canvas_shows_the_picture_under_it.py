"""In the window, a grid over the map's background picture leaves its ground out, so the picture
shows between its lines; set the picture under a grid already there, or take it away, and the
grid follows."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from tabletop.document.commands.edits import SetBackground
from tabletop.io import save_map
from tabletop.model import Background, EncounterGrid, Map, Tile

SCAN = "#00c000"


def _seen(window, x: float, y: float) -> str:
    """The colour the GM sees at a map point."""
    view = window.view
    spot = view.viewportTransform().map(QPointF(x, y)).toPoint()
    return view.viewport().grab().toImage().pixelColor(spot).name()


def test_the_picture_shows_through_a_grid_and_the_grid_follows_it(qtbot, window, tmp_path):
    picture = QImage(400, 400, QImage.Format.Format_RGB32)
    picture.fill(QColor(SCAN))
    assert picture.save(str(tmp_path / "scan.png"))
    grid = EncounterGrid(id="grid", tiles=[Tile(row=0, col=0)], area_size=40.0)
    path = tmp_path / "crypt.tabletop"
    map_ = Map(grids=[grid])
    save_map(map_, path)
    window.document.replace_map(map_, path)
    window.view.fit_map()
    ground = window.scene.style.paper.darker(104).name()
    qtbot.waitUntil(lambda: _seen(window, 60, 60) == ground)
    window.document.undo_stack.push(SetBackground(window.document, Background(path="scan.png")))
    qtbot.waitUntil(lambda: _seen(window, 60, 60) == SCAN)
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: _seen(window, 60, 60) == ground)
