"""Far out, line work fades as zones shrink: a 100k-zone map fitted to a window showed dark
brown moiré bands (every zone's one-pixel outline and the borders between them); it now shows
its zones' own colour, while a map whose zones are five pixels or more is drawn as before."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from tabletop.geometry.whole.layout import MapLayout
from tabletop.render.ink import line_share
from tabletop.render.style import gm_style
from tests.maps import zone_map
from tests.render.test_specks import _picture

FILL = np.array([0xB8, 0xCF, 0xD8])  # #d8cfb8 as the image's B, G, R bytes


@pytest.fixture(scope="module")
def bricks():
    map_ = zone_map(1500)
    return map_, MapLayout(map_, index=False)


def _inside(bits: np.ndarray) -> np.ndarray:
    """The picture's pixels (B, G, R) well inside the map, away from its ragged edges."""
    pixels = bits.reshape(bits.shape[0], -1, 4)[:, :, :3].astype(float)
    h, w = pixels.shape[:2]
    return pixels[h // 5 : -h // 5, w // 5 : -w // 5]


def test_zones_of_two_pixels_show_their_colour_without_bands(bricks):
    map_, layout = bricks
    assert 40 < layout.zone_size < 60  # the generated zones: 60 by 40 units
    pixels = _inside(_picture(layout, map_, 2 / layout.zone_size))
    assert (pixels == FILL).all(), "a line drawn where zones are two pixels: rows alternate in tone (moiré)"


def test_zones_of_several_pixels_keep_their_outlines_whole(bricks, monkeypatch):
    map_, layout = bricks
    pixels = _picture(layout, map_, 7 / layout.zone_size)
    outline = np.array(gm_style().outline.getRgb()[2::-1])
    assert (_inside(pixels) == outline).all(axis=2).any()
    monkeypatch.setattr("tabletop.render.paint.line_share", lambda p, size: 1.0)
    assert np.array_equal(pixels, _picture(layout, map_, 7 / layout.zone_size))


def test_lines_fade_between_two_and_five_pixels_and_vector_files_never_fade(tmp_path):
    image = QImage(10, 10, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    shares = []
    for pixels in (1, 2, 4, 6, 9):
        painter.resetTransform()
        painter.scale(pixels / 50, pixels / 50)
        shares.append(line_share(painter, 50.0))
    assert shares == [0.0, 0.0, pytest.approx(2 / 3), 1.0, 1.0]
    assert line_share(painter, None) == 1.0  # a map laid out edit by edit: as before
    painter.end()
    svg = QSvgGenerator()
    svg.setFileName(str(tmp_path / "far.svg"))
    svg.setSize(QSize(10, 10))
    painter = QPainter(svg)
    painter.scale(0.01, 0.01)
    assert line_share(painter, 50.0) == 1.0
    painter.end()


def test_zones_of_four_pixels_get_their_lines_partly_faded(bricks, monkeypatch):
    map_, layout = bricks
    scale = 4 / layout.zone_size
    pixels = _inside(_picture(layout, map_, scale))
    border = np.array(gm_style().border.getRgb()[2::-1])
    assert not (pixels == border).all(axis=2).any()
    monkeypatch.setattr("tabletop.render.paint.line_share", lambda p, size: 1.0)
    whole = _inside(_picture(layout, map_, scale))
    assert np.abs(pixels - FILL).sum() < 0.9 * np.abs(whole - FILL).sum()  # less line work, not none
    assert np.abs(pixels - FILL).sum() > 0.25 * np.abs(whole - FILL).sum()
