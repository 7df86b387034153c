"""What libpng and libjpeg say about a picture while Qt decodes it (a damaged ancillary chunk,
a truncated JPEG) never reaches the terminal: a picture drawn is drawn quietly, and one that
cannot be read is refused in one line of Tabletop's that gives the reader's reason."""

from __future__ import annotations

import struct
import zlib

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from tabletop.io.pictures import PictureRefused
from tabletop.render.pictures import decode_picture


def _encoded(kind: str) -> bytes:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, kind)
    return bytes(data)


def _chunk(kind: bytes, body: bytes, crc: int | None = None) -> bytes:
    check = zlib.crc32(kind + body) if crc is None else crc
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", check)


def _complaints(qtlog) -> list[str]:
    return [record.message for record in qtlog.records if "libpng" in record.message or "JPEG" in record.message]


@pytest.mark.parametrize(
    "damage",
    [_chunk(b"tEXt", b"Comment\x00hi", crc=1), _chunk(b"iCCP", b"x\x00\x00garbage")],
    ids=["text-crc", "short-iccp"],
)
def test_a_png_libpng_warns_about_is_drawn_quietly(qapp, qtlog, capfd, damage):
    png = _encoded("PNG")
    damaged = png[:33] + damage + png[33:]  # after the header chunk
    assert decode_picture(damaged).size().width() == 64
    assert _complaints(qtlog) == []
    assert "libpng" not in capfd.readouterr().err


def test_a_truncated_jpeg_is_refused_in_one_line_with_libjpegs_reason(qapp, qtlog, capfd):
    jpeg = _encoded("JPG")
    with pytest.raises(PictureRefused) as refused:
        decode_picture(jpeg[: len(jpeg) * 2 // 3])
    said = str(refused.value)
    assert said.startswith("could not be read: ") and "JPEG" in said and "\n" not in said
    assert _complaints(qtlog) == []
    assert "JPEG" not in capfd.readouterr().err
