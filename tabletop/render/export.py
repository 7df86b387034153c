"""Export a map as PNG, SVG or PDF with the same painting as the screen.

The picture is drawn into memory, checked (the writer said yes, the bytes are a whole file of
their format), and only then written beside the target and moved into place, so a full disk
or a failed writer never leaves half an image where the GM expects one, nor replaces a good one.
"""

from __future__ import annotations

import contextlib
import os
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSize, QSizeF
from PySide6.QtGui import QGuiApplication, QImage, QPageSize, QPaintDevice, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from tabletop.io import MapFileError, write_atomically
from tabletop.model import Map
from tabletop.render import legend as legends
from tabletop.render.background import bounds_with_background
from tabletop.render.paint import paint_map
from tabletop.render.style import MapStyle

Folder = str | os.PathLike[str] | None
"""The map file's folder, where a background picture's relative path starts."""
FORMATS = (".png", ".svg", ".pdf")
DEFAULT_WIDTH = 1920
MIN_SIDE, MAX_SIDE = 16, 16384
"""Pixels on a side of an export: 16384 is four 4K screens across, past any projector."""
MAX_PIXELS = 64 * 2**20
"""64 megapixels, 256 MB as an image in memory: a tall map at a wide width asks for more, and
the GM is asked for a smaller width instead of the machine running out of memory."""


class PictureTooLarge(ValueError):
    """The picture asked for has more pixels than an export may have."""


def ensure_gui_app() -> QGuiApplication:
    """Painting text needs a QGuiApplication; headless commands get an offscreen one."""
    app = QGuiApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication(["tabletop"])
    return app


def _bounds(map_: Map, base_dir: Folder, legend: bool) -> tuple[float, float, float, float]:
    """What the picture shows: the map and its background, and room for the legend under them."""
    bounds = bounds_with_background(map_, base_dir)
    return legends.with_legend(map_, bounds) if legend else bounds


def _paint(
    painter: QPainter, map_: Map, width: float, height: float, base_dir: Folder = None, legend: bool = False
) -> None:
    x, y, w, h = _bounds(map_, base_dir, legend)
    scale = min(width / w, height / h)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    style = MapStyle()
    painter.fillRect(QRectF(0, 0, width, height), style.paper)
    painter.scale(scale, scale)
    painter.translate(-x, -y)
    paint_map(painter, map_, style, base_dir=base_dir)
    if legend:
        legends.paint_map_legend(painter, map_, bounds_with_background(map_, base_dir), style)


def image_size(map_: Map, width: int, base_dir: Folder = None, legend: bool = False) -> QSize:
    """The picture's size in pixels for a width; PictureTooLarge past the caps."""
    _, _, w, h = _bounds(map_, base_dir, legend)
    height = max(1, round(width * h / w))
    if height > MAX_SIDE or width * height > MAX_PIXELS:
        raise PictureTooLarge(
            f"a picture {width} pixels wide would be {height} pixels tall; an export may be at most "
            f"{MAX_SIDE} pixels on a side and {MAX_PIXELS // 2**20} megapixels: choose a smaller width"
        )
    return QSize(width, height)


@contextlib.contextmanager
def _painting(device: QPaintDevice) -> Iterator[QPainter]:
    """A painter that is ended on every path: a writer freed while still painted on crashes."""
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("the picture could not be started")
    try:
        yield painter
    finally:
        painter.end()


def render_image(map_: Map, width: int = DEFAULT_WIDTH, base_dir: Folder = None, legend: bool = False) -> QImage:
    ensure_gui_app()
    size = image_size(map_, width, base_dir, legend)
    image = QImage(size, QImage.Format.Format_RGB32)  # opaque paper: no alpha to encode
    with _painting(image) as painter:
        _paint(painter, map_, size.width(), size.height(), base_dir, legend)
    return image


def export_map(
    map_: Map, out: str | os.PathLike[str], width: int = DEFAULT_WIDTH, base_dir: Folder = None, legend: bool = False
) -> None:
    """Write the map as PNG, SVG or PDF; `base_dir`, the map file's folder, finds its
    background picture; `legend` adds the grids' legend under the map."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise MapFileError(out, f"cannot export to '{suffix or 'no extension'}': use .png, .svg or .pdf")
    if width < MIN_SIDE or width > MAX_SIDE:
        raise MapFileError(out, f"width {width} is out of range ({MIN_SIDE} to {MAX_SIDE} pixels)")
    ensure_gui_app()
    try:
        data = {".png": png_bytes, ".svg": svg_bytes, ".pdf": pdf_bytes}[suffix](map_, width, base_dir, legend)
    except PictureTooLarge as error:
        raise MapFileError(out, f"could not be exported: {error}") from None
    except OSError as error:
        raise MapFileError(out, f"could not be exported: {error.strerror or error}") from None
    write_atomically(out, data, verb="exported")


PNG_QUALITY = 80
"""Qt maps PNG quality to zlib effort: 80 encodes a 4K map in half the time of the default
for a file about 5% larger."""


def _buffer() -> tuple[QByteArray, QBuffer]:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return data, buffer


def png_bytes(map_: Map, width: int, base_dir: Folder = None, legend: bool = False) -> bytes:
    image = render_image(map_, width, base_dir, legend)
    data, buffer = _buffer()
    if not image.save(buffer, "PNG", PNG_QUALITY) or data.isEmpty():
        raise OSError("the PNG writer failed")
    buffer.close()
    return bytes(data.data())


def svg_bytes(map_: Map, width: int, base_dir: Folder = None, legend: bool = False) -> bytes:
    size = image_size(map_, width, base_dir, legend)
    data, buffer = _buffer()
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(map_.title or "Tabletop map")
    with _painting(generator) as painter:
        _paint(painter, map_, size.width(), size.height(), base_dir, legend)
    buffer.close()
    result = bytes(data.data())
    try:
        ElementTree.fromstring(result)
    except ElementTree.ParseError as error:
        raise OSError(f"the SVG writer made a file that is not well-formed XML ({error})") from None
    return result


def pdf_bytes(map_: Map, width: int, base_dir: Folder = None, legend: bool = False) -> bytes:
    size = image_size(map_, width, base_dir, legend)
    data, buffer = _buffer()
    writer = QPdfWriter(buffer)
    writer.setResolution(150)
    writer.setPageSize(
        QPageSize(QSizeF(size.width() / 150 * 25.4, size.height() / 150 * 25.4), QPageSize.Unit.Millimeter)
    )
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    writer.setTitle(map_.title or "Tabletop map")
    with _painting(writer) as painter:
        area = painter.viewport()
        _paint(painter, map_, area.width(), area.height(), base_dir, legend)
    del writer  # the PDF is finished when its writer goes
    buffer.close()
    result = bytes(data.data())
    if not result.startswith(b"%PDF") or b"%%EOF" not in result[-64:]:
        raise OSError("the PDF writer did not finish the file")
    return result
