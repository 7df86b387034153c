"""A raster picture's format is named from its first bytes, so Qt's readers are never asked in
turn (the SVG reader's asking connects signals, which a worker thread must not wait on)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from tabletop.render.pictures import decode_picture, raster_format


def _saved(kind: str) -> bytes:
    image = QImage(8, 6, QImage.Format.Format_RGB32)
    image.fill(QColor("#2e86c1"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, kind)
    return bytes(data)


@pytest.mark.parametrize(("kind", "named"), [("PNG", b"png"), ("JPG", b"jpeg"), ("BMP", b"bmp")])
def test_a_raster_is_named_and_decoded_as_its_bytes_say(qapp, kind, named):
    raw = _saved(kind)
    assert raster_format(raw) == named
    image = decode_picture(raw)
    assert (image.width(), image.height()) == (8, 6)


def test_a_webp_is_named_by_its_riff_header_and_an_svg_or_text_is_not_raster():
    assert raster_format(b"RIFF\x10\x00\x00\x00WEBPVP8 ") == b"webp"
    assert raster_format(b'<svg xmlns="http://www.w3.org/2000/svg"/>') == b""
    assert raster_format(b"not a picture") == b""
