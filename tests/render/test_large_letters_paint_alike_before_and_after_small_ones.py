"""A name written large (a zoomed-in window, the players' projector) is painted alike before and
after the same letters were painted small in the same run: a tile painted again after the GM's
window wrote the names at 1:1 matches the tile it mends. Qt's own outlines of large letters
shift by a fraction of a pixel once it has drawn them small."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from tabletop.render import text
from tabletop.render.style import map_font

WORDS = "Cistern of Quiet Waters"


def _painted(size: int, scale: float, flags=text.CENTRE) -> QImage:
    image = QImage(600, 160, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.translate(-37.3, 0.4)
    p.scale(scale, scale)
    p.setFont(map_font(size, True))
    p.setPen(Qt.GlobalColor.black)
    text.draw_text(p, QRectF(10, 2, 600 / scale, 150 / scale), flags, WORDS)
    p.end()
    return image


# sizes no other picture of the tests writes bold, so Qt has not drawn them small before
@pytest.mark.parametrize(("size", "scale"), [(27, 3.1), (29, 4.4)])
def test_large_letters_are_painted_alike_after_the_same_letters_small(qapp, size, scale):
    assert size * scale >= text.OUTLINED_FROM_PX
    before = _painted(size, scale)
    _painted(size, 1.0)  # the same letters small, as the GM's window at 1:1
    after = _painted(size, scale)
    assert after == before


def test_large_letters_sit_where_qt_would_write_them(qapp):
    """Drawn from outlines of their own, they take the place and the cut Qt's drawText gives."""
    for flags in (text.CENTRE, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop):
        ours = _painted(31, 3.3, flags)
        image = QImage(ours.size(), ours.format())
        image.fill(Qt.GlobalColor.white)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.translate(-37.3, 0.4)
        p.scale(3.3, 3.3)
        p.setFont(map_font(31, True))
        p.setPen(Qt.GlobalColor.black)
        p.drawText(QRectF(10, 2, 600 / 3.3, 150 / 3.3), flags, WORDS)
        p.end()
        assert _ink_box(ours) == pytest.approx(_ink_box(image), abs=1.0)


def _ink_box(image: QImage) -> tuple[int, int, int, int]:
    """The box of the pixels darker than half grey."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    rows = np.frombuffer(grey.constBits(), dtype=np.uint8).reshape(grey.height(), grey.bytesPerLine())
    ys, xs = np.nonzero(rows[:, : grey.width()] < 128)
    return (int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max()))
