"""Readable at three metres: every sample map fit to a 1920x1080 window in map-only mode shows
each token's name with capitals at least 14 px tall and 4.5:1 contrast with what is under it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from tabletop.geometry.single.shapes import area_rect, token_spots
from tabletop.io import load_map
from tabletop.render.grid_paint import paint_reach_area
from tabletop.render.style import MapStyle, players_style
from tests.render.recording import contrast, paint, record_texts

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tabletop"))
WINDOW = (1920, 1080)
MIN_CAPITALS_PX = 14
MIN_CONTRAST = 4.5


def _differs(a: QColor, b: QColor) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) > 90


def _measure(with_text: QImage, without: QImage, drawn) -> tuple[int, float]:
    """The capital height of a drawn name in pixels (ink of its first letter from the top to the
    baseline) and the lowest contrast between its ink colour and the pixels under its letters."""
    metrics = QFontMetricsF(drawn.font)
    box = drawn.box
    scale = drawn.scale
    text_width = metrics.horizontalAdvance(drawn.text) * scale
    left = box.center().x() - text_width / 2
    first = metrics.horizontalAdvance(drawn.text[0]) * scale
    top_of_text = box.center().y() - metrics.height() * scale / 2
    baseline = round(top_of_text + metrics.ascent() * scale)
    ink_rows = [
        y
        for y in range(int(box.top()), baseline + 1)
        for x in range(int(left), int(left + first) + 1)
        if _differs(with_text.pixelColor(x, y), without.pixelColor(x, y))
    ]
    capitals = baseline - min(ink_rows) if ink_rows else 0
    under = [
        without.pixelColor(x, y)
        for y in range(int(top_of_text), baseline + 1)
        for x in range(int(left), int(left + text_width) + 1)
        if _differs(with_text.pixelColor(x, y), without.pixelColor(x, y))
    ]
    return capitals, min((contrast(drawn.colour, colour) for colour in under), default=0.0)


@pytest.mark.parametrize("style", [MapStyle, players_style], ids=["gm", "players"])
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_token_names_read_at_three_metres(qapp, monkeypatch, path, style):
    map_ = load_map(path)
    names = {token.label for token in map_.tokens if token.id in token_spots(map_)}
    texts = record_texts(monkeypatch)
    with_text, *_ = paint(map_, style(), *WINDOW)
    record_texts(monkeypatch, draw=False)
    without, *_ = paint(map_, style(), *WINDOW)
    drawn = [t for t in texts if t.text in names]
    assert {t.text for t in drawn} == names, "every name is drawn whole"
    for name in drawn:
        capitals, lowest = _measure(with_text, without, name)
        assert capitals >= MIN_CAPITALS_PX, f"{name.text}: capitals {capitals} px"
        assert lowest >= MIN_CONTRAST, f"{name.text}: contrast {lowest:.2f}"


def test_raider_archer_is_not_cut_in_a_1920_export(qapp, monkeypatch, maps_dir):
    texts = record_texts(monkeypatch)
    paint(load_map(maps_dir / "af-encounter.tabletop"), MapStyle(), 1920)
    assert "Raider archer" in {t.text for t in texts}


def test_reach_numbers_on_a_grid_read_at_three_metres(qapp, monkeypatch, maps_dir):
    """A grid's reach numbers, at the scale the encounter sample fits a 1920x1080 window."""
    map_ = load_map(maps_dir / "af-encounter.tabletop")
    grid = map_.grids[0]
    _, scale, _, _ = paint(map_, MapStyle(), *WINDOW)
    style = MapStyle()
    x, y, w, h = area_rect(grid, 2, 2)
    images = []
    for draw in (True, False):
        texts = record_texts(monkeypatch, draw=draw)
        image = QImage(round(w * scale * 3), round(h * scale * 3), QImage.Format.Format_RGB32)
        image.fill(style.paper)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(scale, scale)
        painter.translate(-(x - w), -(y - h))
        paint_reach_area(painter, grid, (2, 2), 7, style)
        painter.end()
        images.append(image)
    (number,) = texts
    capitals, lowest = _measure(images[0], images[1], number)
    assert number.text == "7"
    assert capitals >= MIN_CAPITALS_PX
    assert lowest >= MIN_CONTRAST
    assert QRectF(0, 0, images[0].width(), images[0].height()).contains(number.box)


def _swatch(prop: str, style: MapStyle, scale: float, size: float = 40.0) -> QImage:
    from tabletop.render.grid_paint import paint_ground

    image = QImage(round(size * scale), round(size * scale), QImage.Format.Format_RGB32)
    image.fill(style.paper.darker(104))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(scale, scale)
    paint_ground(painter, QRectF(0, 0, size, size), prop, style.segments[prop])
    painter.end()
    return image


def _inked_share(image: QImage, paper: QColor) -> float:
    pixels = [image.pixelColor(x, y) for y in range(image.height()) for x in range(image.width())]
    inked = [c for c in pixels if _differs(c, paper) or abs(c.lightness() - paper.lightness()) > 25]
    return len(inked) / len(pixels)


def test_rough_and_slippery_look_apart_and_the_slippery_swatch_is_legible(qapp):
    """At the encounter sample's fit scale, the slippery swatch is well inked and differs from rough."""
    style = MapStyle()
    scale = 1.42
    paper = style.paper.darker(104)
    rough, slippery = _swatch("rough", style, scale), _swatch("slippery", style, scale)
    assert _inked_share(slippery, paper) >= 0.3, "the slippery swatch is more than a blank tint"
    differ = sum(
        1
        for y in range(rough.height())
        for x in range(rough.width())
        if _differs(rough.pixelColor(x, y), slippery.pixelColor(x, y))
        or abs(rough.pixelColor(x, y).hue() - slippery.pixelColor(x, y).hue()) > 60
    )
    assert differ / (rough.width() * rough.height()) >= 0.3


def test_no_badge_covers_a_zone_name(qapp, monkeypatch, maps_dir):
    """ "Research vault" in the network sample once lost its first letter under a badge."""
    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.render.badge_paint import badge_box

    for path in MAPS:
        map_ = load_map(path)
        texts = record_texts(monkeypatch)
        _, scale, left, top = paint(map_, MapStyle(), 1920)
        layout = MapLayout(map_)
        names = {zone.label for zone in map_.zones}
        for drawn in (t for t in texts if t.text in names):
            metrics = QFontMetricsF(drawn.font)
            width = metrics.horizontalAdvance(drawn.text) * scale
            ink = QRectF(
                drawn.box.center().x() - width / 2,
                drawn.box.center().y() - metrics.height() * scale / 2,
                width,
                metrics.height() * scale,
            )
            for border in map_.borders:
                x0, y0, x1, y1 = badge_box(border, layout.lines[border.id], MapStyle())
                badge = QRectF((x0 - left) * scale, (y0 - top) * scale, (x1 - x0) * scale, (y1 - y0) * scale)
                assert not ink.intersects(badge), f"{path.stem}: a badge covers '{drawn.text}'"


def test_a_zone_name_sits_in_the_middle_of_an_empty_zone_and_above_its_tokens(qapp, monkeypatch, maps_dir):
    map_ = load_map(maps_dir / "hillside.tabletop")
    texts = record_texts(monkeypatch)
    _, scale, _, top = paint(map_, MapStyle(), 960)
    drawn = {t.text: t.box.center() for t in texts}
    spots = token_spots(map_)
    for zone in map_.zones:
        ys = [y for _, y in zone.shape.points]
        middle = ((min(ys) + max(ys)) / 2 - top) * scale
        name = drawn[zone.label]
        standing = [spots[t.id] for t in map_.tokens if t.location.zone == zone.id]
        if standing:
            assert name.y() < (standing[0][1] - top) * scale - 32 * scale, f"{zone.label} above its tokens"
        else:
            assert abs(name.y() - middle) < 2, f"{zone.label} in the middle"
