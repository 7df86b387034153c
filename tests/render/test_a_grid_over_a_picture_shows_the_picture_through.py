"""A grid laid over a map's background picture (a battle map drawn elsewhere) leaves its ground
out, so the picture's squares show between its lines; on a map without a picture the grid keeps
its ground."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from tabletop.model import Background, EncounterGrid, Map, Tile
from tabletop.render.style import MapStyle
from tests.render.recording import paint

SCAN = "#00c000"


def _map(background: Background | None) -> Map:
    grid = EncounterGrid(id="grid", tiles=[Tile(row=0, col=0)], area_size=40.0)
    return Map(background=background, grids=[grid])


def _at(drawn, x: float, y: float) -> QColor:
    image, scale, left, top = drawn
    return image.pixelColor(round((x - left) * scale), round((y - top) * scale))


def test_the_picture_shows_through_a_grid_laid_over_it(qapp, tmp_path):
    scan = QImage(200, 200, QImage.Format.Format_RGB32)
    scan.fill(QColor(SCAN))
    assert scan.save(str(tmp_path / "scan.png"))
    pictured = _map(Background(path="scan.png"))
    drawn = paint(pictured, MapStyle(), 800, base_dir=tmp_path)
    assert _at(drawn, 60, 60).name() == SCAN, "the middle of an area is the picture"
    assert _at(drawn, 80, 60).name() != SCAN, "the grid's lines are drawn over it"
    plain = paint(_map(None), MapStyle(), 800)
    assert _at(plain, 60, 60).name() == MapStyle().paper.darker(104).name(), "a grid alone keeps its ground"
