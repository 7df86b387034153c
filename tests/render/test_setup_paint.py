"""Setup marks are painted where the grid says: a side's frame on its start tile, a band on
its start edge, arrival chevrons for the GM only."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.model import EncounterGrid, SetupMark, Tile
from tabletop.render.setup_paint import SIDE_COLOURS, paint_setup, side_colour
from tabletop.render.style import gm_style, players_style

PAPER = QColor("#ffffff")


def _grid(**marks) -> EncounterGrid:
    tiles = [Tile(row=r, col=c) for r in range(3) for c in range(3)]
    return EncounterGrid(id="g", tiles=tiles, area_size=40.0, **marks)


def _painted(grid: EncounterGrid, style=None, detail: bool = False) -> QImage:
    image = QImage(600, 600, QImage.Format.Format_RGB32)
    image.fill(PAPER)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    paint_setup(painter, grid, style or gm_style(), detail)
    painter.end()
    return image


def _count(image: QImage, colour: QColor, xs: range, ys: range) -> int:
    return sum(image.pixelColor(x, y) == colour for x in xs for y in ys)


def test_a_start_tile_is_framed_in_the_sides_colour_and_nowhere_else():
    grid = _grid(starts=[SetupMark(side="band", tiles=[(1, 1)])])
    image = _painted(grid)
    band = side_colour("band")
    assert _count(image, band, range(200, 400), range(200, 400)) > 200
    outside = _count(image, band, range(0, 600), range(0, 200)) + _count(image, band, range(0, 200), range(200, 600))
    assert outside == 0


def test_a_start_edge_is_a_band_along_the_inside_of_that_edge():
    grid = _grid(starts=[SetupMark(side="raiders", edges=["east"])])
    image = _painted(grid)
    strip, middle = image.pixelColor(594, 300), image.pixelColor(300, 300)
    assert middle == PAPER and strip != PAPER
    west = image.pixelColor(5, 300)
    assert west == PAPER


def test_arrival_chevrons_show_to_the_gm_only():
    grid = _grid(arrivals=["north"])
    gm, players = _painted(grid), _painted(grid, players_style())
    changed = lambda image: 600 * 40 - _count(image, PAPER, range(0, 600), range(0, 40))  # noqa: E731
    assert changed(gm) > 100
    assert changed(players) == 0
    assert _count(gm, PAPER, range(0, 600), range(60, 600)) == 600 * 540


def test_unmarked_grid_paints_nothing_and_the_usual_sides_differ():
    assert _count(_painted(_grid(), detail=True), PAPER, range(0, 600, 7), range(0, 600, 7)) == 86 * 86
    assert side_colour("band").name() in SIDE_COLOURS
    assert side_colour("band") != side_colour("raiders")


def test_labels_stay_inside_the_grid_which_is_all_its_item_repaints(qapp):
    grid = _grid(starts=[SetupMark(side="raiders", edges=["east", "north"]), SetupMark(side="band", tiles=[(0, 0)])])
    image = QImage(700, 700, QImage.Format.Format_RGB32)
    image.fill(PAPER)
    painter = QPainter(image)
    painter.translate(50, 50)
    paint_setup(painter, grid, gm_style(), True)
    painter.end()
    inside = _count(image, PAPER, range(50, 650), range(50, 650))
    assert inside < 600 * 600 - 2000, "the marks and their labels are drawn"
    assert _count(image, PAPER, range(700), range(700)) - inside == 700 * 700 - 600 * 600


def _label_boxes(monkeypatch, grid: EncounterGrid, avoid=()) -> list:
    from tabletop.render import text

    boxes = []
    real = text.plated_label
    monkeypatch.setattr(text, "plated_label", lambda *a, **k: boxes.append(real(*a, **k)) or boxes[-1])
    image = QImage(600, 600, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    paint_setup(painter, grid, gm_style(), True, avoid)
    painter.end()
    return boxes


def test_a_start_label_keeps_clear_of_the_tokens_and_of_other_labels(qapp, monkeypatch):
    from PySide6.QtCore import QRectF

    from tabletop.model import AreaLocation, Token
    from tabletop.render.token_paint import token_boxes

    grid = _grid(starts=[SetupMark(side="band", tiles=[(1, 1)]), SetupMark(side="raiders", tiles=[(1, 1)])])
    (alone, other) = _label_boxes(monkeypatch, grid)
    assert alone.center().y() < 200 + 40, "with no token about, the label sits in the tile's top row"
    assert not alone.intersects(other), "two sides marking one tile: their labels apart"
    tokens = [Token(id="kit", name="Kit the Younger", location=AreaLocation(grid="g", row=5, col=7))]
    boxes = token_boxes(tokens, {"kit": (300.0, 220.0)}, gm_style())
    assert any(box.intersects(alone) for box in boxes), "the token stands where the label was"
    for label in _label_boxes(monkeypatch, grid, boxes):
        assert not any(box.intersects(label) for box in boxes), "the label moved clear of the token"
        assert QRectF(200, 200, 200, 200).contains(label.center()), "still on its tile"


def test_a_secret_start_is_hatched_for_the_gm_as_hidden_zones_are_and_never_painted_for_players():
    shown = _grid(starts=[SetupMark(side="band", tiles=[(1, 1)], edges=["west"])])
    secret = _grid(starts=[SetupMark(side="band", tiles=[(1, 1)], edges=["west"], secret=True)])
    inside, west = (range(230, 370), range(230, 370)), (range(20, 40), range(0, 600, 3))  # clear of the frame and band
    assert _count(_painted(shown), PAPER, *inside) == 140 * 140
    hatched = _painted(secret)
    assert 0 < _count(hatched, PAPER, *inside) < 140 * 140 * 0.9, "hatched lines with paper between"
    assert _count(hatched, PAPER, *west) < _count(_painted(shown), PAPER, *west), "the edge's row of areas too"
    assert _count(_painted(secret, players_style(), True), PAPER, range(0, 600, 3), range(0, 600, 3)) == 200 * 200


def test_a_second_sides_start_tile_keeps_its_ground_under_the_first_sides_label(qapp):
    """A label's plate sets the painter's brush: a frame drawn with it would be filled with the
    plate, hiding the tile's ground and its badges."""
    grid = _grid(starts=[SetupMark(side="band", tiles=[(2, 0)]), SetupMark(side="raiders", tiles=[(0, 2)])])
    ground = QColor("#336699")
    image = QImage(600, 600, QImage.Format.Format_RGB32)
    image.fill(ground)
    painter = QPainter(image)
    paint_setup(painter, grid, gm_style(), True)
    painter.end()
    inside = (range(440, 560, 2), range(120, 190, 2))  # the raiders' tile, under its label's row
    assert _count(image, ground, *inside) == 60 * 35
