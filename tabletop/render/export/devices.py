"""What every export file is painted on: a painter ended on every path, the bytes in memory,
the PDF writer, and the progress an export tells as it goes. The plain files (files.py) and the
poster (poster.py) share these: files.py hands a poster to poster.py, which needs nothing of it.

Every vector device paints at the dots per inch Qt records pictures at (`picture_dpi`). Qt
replays a recorded QPicture (each distinct border badge is one, render/badge_paint.py) scaled by
the device's dots per inch over the recording's, so on a device at any other dpi the badges are
drawn larger (a PDF writer at a print resolution) or smaller (an SVG at Qt's 72) than the map
around them. At the recording's own dpi a file holds the picture the screen and a PNG show; its
size on paper comes from its page (PDF) or its stated width (SVG), not from the device.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPaintDevice, QPainter, QPdfWriter, QPicture

Progress = Callable[[int, int], bool | None]
"""Told (done, total) as an export goes; returning False cancels it."""


class ExportCancelled(Exception):
    """The GM cancelled the export; nothing was written."""


def tell(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None and progress(done, total) is False:
        raise ExportCancelled("the export was cancelled")


@contextlib.contextmanager
def painting(device: QPaintDevice) -> Iterator[QPainter]:
    """A painter that is ended on every path: a writer freed while still painted on crashes."""
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("the picture could not be started")
    try:
        yield painter
    finally:
        painter.end()


def buffer() -> tuple[QByteArray, QBuffer]:
    """An open buffer in memory and the bytes it fills: a file is written only when whole."""
    data = QByteArray()
    out = QBuffer(data)
    out.open(QIODevice.OpenModeFlag.WriteOnly)
    return data, out


def picture_dpi() -> int:
    """The dots per inch Qt records a QPicture at (the screen's logical dpi, 96 on most): a
    device at this dpi replays a recorded badge at the size it was drawn."""
    return QPicture().logicalDpiX()


def pdf_writer(out: QBuffer, title: str) -> QPdfWriter:
    """A PDF writer at `picture_dpi`: the caller sets the page and scales its painter to it."""
    writer = QPdfWriter(out)
    writer.setResolution(picture_dpi())
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    writer.setTitle(title or "Tabletop map")
    writer.setCreator("Tabletop")
    return writer


def finished_pdf(data: QByteArray) -> bytes:
    result = bytes(data.data())
    if not result.startswith(b"%PDF") or b"%%EOF" not in result[-64:]:
        raise OSError("the PDF writer did not finish the file")
    return result
