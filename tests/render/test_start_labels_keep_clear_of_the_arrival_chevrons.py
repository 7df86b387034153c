"""A start label, "(secret)" and all, keeps clear of the arrivals' chevrons: a tile's label takes
another row of the tile, an edge's label a spot on its band between two chevrons, else a row
of areas further in. The players' picture has no chevrons, and its labels stay on the band."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from tabletop.geometry.single.shapes import grid_rect
from tabletop.model import EncounterGrid, SetupMark, Tile
from tabletop.render import setup_paint
from tabletop.render.style import gm_style, players_style


def _grid(area_size: float) -> EncounterGrid:
    tiles = [Tile(row=r, col=c) for r in range(3) for c in range(3)]
    starts = [
        SetupMark(side="snipers", tiles=[(0, 1)], secret=True),
        SetupMark(side="raiders", edges=["south"], secret=True),
        SetupMark(side="band", tiles=[(1, 0)]),
        SetupMark(side="scouts", edges=["east"]),
    ]
    return EncounterGrid(
        id="g", tiles=tiles, area_size=area_size, starts=starts, arrivals=["north", "south", "west", "east"]
    )


def _labels(monkeypatch, grid: EncounterGrid, style) -> list[QRectF]:
    """The plates of the grid's start labels as painted."""
    placed: list[QRectF] = []
    place = setup_paint._place_label

    def spy(p, grid_, words, spots, colour, style_, taken):
        place(p, grid_, words, spots, colour, style_, taken)
        placed.append(QRectF(taken[-1]))

    monkeypatch.setattr(setup_paint, "_place_label", spy)
    size = int(grid_rect(grid)[2]) + 20
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    setup_paint.paint_setup(painter, grid, style, True)
    painter.end()
    return placed


@pytest.mark.parametrize("area_size", [20.0, 40.0, 90.0])
def test_no_start_label_lies_under_a_chevron(monkeypatch, qapp, area_size):
    grid = _grid(area_size)
    labels = _labels(monkeypatch, grid, gm_style())
    assert len(labels) == 4
    chevrons = [c.boundingRect() for c in setup_paint._chevrons(grid)]
    assert len(chevrons) == 12
    for label in labels:
        assert not any(label.intersects(chevron) for chevron in chevrons), label
    for label in labels:
        assert any(zone.contains(label.center()) for zone in setup_paint.label_zones(grid)), label


def test_the_players_labels_stay_on_their_band(monkeypatch, qapp):
    grid = _grid(40.0)
    labels = _labels(monkeypatch, grid, players_style())
    x, y, w, h = grid_rect(grid)
    assert len(labels) == 2, "the secret starts are not the players'"
    east = [label for label in labels if label.right() > x + w - 2]
    assert len(east) == 1 and abs(east[0].center().y() - (y + h / 2)) < 1, "the band's middle: nothing to avoid"
