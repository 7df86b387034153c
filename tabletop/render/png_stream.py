"""A PNG written band by band: QImageWriter wants the whole image in memory, gigabytes for a
big poster; here each band of rows is compressed and written as it comes,
so memory holds one band. Plain zlib and struct, Qt-free (the bands come in as bytes)."""

from __future__ import annotations

import struct
import zlib
from typing import BinaryIO

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHUNK = 1 << 20
"""Bytes of compressed data per IDAT chunk."""
LEVEL = 3
"""zlib's effort: on a map's flat colours level 3 takes about half the time of the default (6)
for a file a little larger."""


def _chunk(out: BinaryIO, kind: bytes, data: bytes) -> None:
    out.write(struct.pack(">I", len(data)))
    out.write(kind)
    out.write(data)
    out.write(struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)) & 0xFFFFFFFF))


class PngStream:
    """Write an 8-bit RGB PNG of `width` x `height` to `out`, rows given a band at a time;
    `finish` checks every row came and writes the end."""

    def __init__(self, out: BinaryIO, width: int, height: int, dpi: float | None = None) -> None:
        if not (0 < width < 2**31 and 0 < height < 2**31):
            raise ValueError(f"a PNG cannot be {width}x{height} pixels")
        self.out, self.width, self.height = out, width, height
        self.rows = 0
        self._zip = zlib.compressobj(LEVEL)
        self._pending = bytearray()
        out.write(SIGNATURE)
        _chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        if dpi:
            per_metre = round(dpi / 0.0254)
            _chunk(out, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))

    def add_rows(self, rgb: np.ndarray) -> None:
        """Rows as an array of shape (rows, width, 3) of uint8."""
        rows, width, depth = rgb.shape
        if width != self.width or depth != 3 or self.rows + rows > self.height:
            raise ValueError("rows of the wrong size for this PNG")
        lines = np.empty((rows, 1 + width * 3), dtype=np.uint8)
        lines[:, 0] = 0  # filter byte 0: each row as it is
        lines[:, 1:].reshape(rows, width, 3)[...] = rgb  # a view of the rows: one copy, from the band
        self._pending += self._zip.compress(lines)
        self.rows += rows
        self._flush(False)

    def _flush(self, everything: bool) -> None:
        while len(self._pending) >= CHUNK or (everything and self._pending):
            _chunk(self.out, b"IDAT", bytes(self._pending[:CHUNK]))
            del self._pending[:CHUNK]

    def finish(self) -> None:
        if self.rows != self.height:
            raise ValueError(f"the PNG has {self.rows} of its {self.height} rows")
        self._pending += self._zip.flush()
        self._flush(True)
        _chunk(self.out, b"IEND", b"")
