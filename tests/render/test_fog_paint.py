"""Fog over a grid's areas: painted where the areas are, with the grid's bounds asked once."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.model import EncounterGrid, Tile
from tabletop.render.fog_paint import paint_area_fog
from tabletop.render.style import players_style
from tests.document.test_fog_commands import _counting_bounds


def test_fog_of_many_areas_is_painted_on_them_with_the_bounds_asked_once(qapp, monkeypatch):
    tiles = [Tile(row=r, col=c) for r in range(20) for c in range(20)]
    grid = EncounterGrid(id="g", tiles=tiles, area_size=10.0)
    fogged = [(r, c) for r in range(0, 100, 2) for c in range(100)] + [(5000, 5000), (-3, 7)]
    image = QImage(1000, 1000, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    calls = _counting_bounds(monkeypatch)
    painter = QPainter(image)
    paint_area_fog(painter, grid, fogged, players_style())
    painter.end()
    assert calls[0] <= 2, "each of 5,000 fogged areas asked the 400 tiles for the bounds"
    # area row 10 (y 100-110) is fogged, row 11 (y 110-120) is not
    assert image.pixelColor(505, 105) != QColor("white")
    assert image.pixelColor(505, 115) == QColor("white")
