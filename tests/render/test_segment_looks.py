"""Each segment property has its own look, still told apart in grey print; a ledge is a heavy
edge along its segment; altitude is a number; the legend lists what the map uses, on demand."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from tabletop.model import EncounterGrid, Map, Segment, Tile
from tabletop.render import grid_paint
from tabletop.render.export import image_size, render_image
from tabletop.render.grid_paint import PROPERTY_ORDER, paint_grid, paint_ground
from tabletop.render.legend import legend_entries
from tabletop.render.style import MapStyle
from tabletop.rules import Terrain
from tests.render.recording import record_texts

SIDE = 60
"""A swatch at about the size an area has on a projected 1920x1080 picture, in pixels."""


def _swatch(prop: str) -> QImage:
    style = MapStyle()
    image = QImage(SIDE, SIDE, QImage.Format.Format_RGB32)
    image.fill(style.paper.darker(104))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_ground(painter, QRectF(0, 0, SIDE, SIDE), prop, style.segments[prop])
    painter.end()
    return image


def _share_apart(a: QImage, b: QImage, grey: bool) -> float:
    """The share of pixels where two pictures differ clearly (by lightness alone when grey)."""
    apart = 0
    for y in range(SIDE):
        for x in range(SIDE):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            if grey:
                apart += abs(p.red() - q.red()) > 40
            else:
                apart += max(abs(p.red() - q.red()), abs(p.green() - q.green()), abs(p.blue() - q.blue())) > 40
    return apart / (SIDE * SIDE)


@pytest.mark.parametrize("grey", [False, True], ids=["colour", "grey print"])
def test_every_property_looks_different_from_every_other(qapp, grey):
    swatches = {prop: _swatch(prop) for prop in PROPERTY_ORDER}
    if grey:
        swatches = {
            p: s.convertToFormat(QImage.Format.Format_Grayscale8).convertToFormat(QImage.Format.Format_RGB32)
            for p, s in swatches.items()
        }
    blank = QImage(SIDE, SIDE, QImage.Format.Format_RGB32)
    blank.fill(MapStyle().paper.darker(104))
    for prop, swatch in swatches.items():
        assert _share_apart(swatch, blank, grey) >= 0.08, f"{prop} is more than a faint tint"
    for (a, sa), (b, sb) in itertools.combinations(swatches.items(), 2):
        assert _share_apart(sa, sb, grey) >= 0.08, f"{a} and {b} look alike"


def _grid_picture(segment: Segment, scale: float = 2.0) -> tuple[QImage, EncounterGrid]:
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0, segments=[segment])])
    image = QImage(round(200 * scale), round(200 * scale), QImage.Format.Format_RGB32)
    style = MapStyle()
    image.fill(style.paper)
    painter = QPainter(image)
    painter.scale(scale, scale)
    paint_grid(painter, grid, Terrain(grid), style, True)
    painter.end()
    return image, grid


def _darkness_along(image: QImage, points: list[tuple[float, float]], scale: float = 2.0) -> float:
    return sum(255 - image.pixelColor(round(x * scale), round(y * scale)).lightness() for x, y in points) / len(points)


def test_a_ledge_is_a_heavy_edge_around_its_segment_only(qapp):
    plain, _ = _grid_picture(Segment(areas=[(1, 1), (1, 2)]))
    ledge, _ = _grid_picture(Segment(areas=[(1, 1), (1, 2)], properties=["ledge"]))
    outer = [(x, 41.8) for x in range(44, 117, 6)]  # just inside the top edge of the two areas
    inner = [(80.0, y) for y in range(46, 75, 4)]  # the line between them, inside the segment
    assert _darkness_along(ledge, outer) > _darkness_along(plain, outer) + 60
    assert abs(_darkness_along(ledge, inner) - _darkness_along(plain, inner)) < 30, "no edge inside the segment"


def test_altitude_is_written_as_a_number(qapp, monkeypatch):
    texts = record_texts(monkeypatch)
    _grid_picture(Segment(areas=[(0, 0)], altitude=3))
    assert [t.text for t in texts] == ["▲3"]


def _map(props: list[str], altitude: int = 0) -> Map:
    segment = Segment(areas=[(0, 0), (0, 1)], properties=props, altitude=altitude)
    return Map(grids=[EncounterGrid(id="g", tiles=[Tile(row=0, col=0, segments=[segment])])])


def test_the_legend_lists_the_ground_the_map_uses_in_drawing_order():
    assert legend_entries(_map(["rough", "water"])) == ["water", "rough"]
    assert legend_entries(_map([], altitude=2)) == ["altitude"]
    assert legend_entries(Map()) == []


def test_an_export_shows_the_legend_only_when_asked(qapp, monkeypatch):
    map_ = _map(["cover", "steep"])
    texts = record_texts(monkeypatch)
    render_image(map_, 800)
    assert not any("cover" in t.text for t in texts)
    plain = image_size(map_, 800)
    texts.clear()
    image = render_image(map_, 800, legend=True)
    words = [t.text for t in texts]
    assert any(w.startswith("cover") for w in words) and any(w.startswith("steep") for w in words)
    assert image.height() > plain.height(), "the legend has room of its own under the map"
    for drawn in texts:
        assert QRectF(0, 0, image.width(), image.height()).contains(drawn.box), f"'{drawn.text}' is cut off"


@pytest.mark.parametrize("scale", [2.0, 0.12, 9.0], ids=["stamped", "small: drawn", "large: drawn"])
def test_a_look_lands_on_its_own_areas_at_every_zoom(qapp, scale):
    """On a raster picture most zooms stamp textures from a cache; the others draw them: either
    way each area shows its own property's look and no other area does."""
    grid_paint._stamps.clear()
    image, grid = _grid_picture(Segment(areas=[(2, 2), (2, 3)], properties=["water"]), scale)
    assert bool(grid_paint._stamps) == (scale == 2.0), "stamped only at a zoom with a sensible stamp size"
    blue = [
        image.pixelColor(round((grid.area_size * (c + 0.5)) * scale), round((grid.area_size * 2.5) * scale))
        for c in range(5)
    ]
    wet = [colour.blue() - colour.red() > 40 for colour in blue]
    assert wet == [False, False, True, True, False]
