"""Export a map as PNG, SVG or PDF with the same painting as the screen.

The picture is drawn into memory, checked (the writer said yes, the bytes are a whole file of
their format), and only then written beside the target and moved into place, so a full disk
or a failed writer never leaves half an image where the GM expects one, nor replaces a good one.
A PNG too big to hold is painted band by band and streamed into a file beside the target,
moved into place only when whole: cancelled or failed, nothing is left, and what an export
killed while it streamed left there the next export to that name removes.
"""

from __future__ import annotations

import contextlib
import io
import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import numpy as np
from PySide6.QtCore import QRectF, QSize, QSizeF
from PySide6.QtGui import QGuiApplication, QImage, QPageSize
from PySide6.QtSvg import QSvgGenerator

from tabletop.heap import collector_off
from tabletop.io import MapFileError, write_atomically
from tabletop.io.outputs import replace_refusal
from tabletop.io.write import clear_dead_saves, open_temporary
from tabletop.model import Map
from tabletop.render.export.devices import Progress, buffer, finished_pdf, painting, pdf_writer, picture_dpi, tell
from tabletop.render.export.options import ExportError, ExportOptions, Scale, ScaleKind
from tabletop.render.export.picture import (
    MAX_SIDE,
    MIN_SIDE,
    STREAM_PIXELS,
    STREAM_SIDE,
    Folder,
    Picture,
    PictureTooLarge,
    paint_picture,
    prepare,
)
from tabletop.render.export.poster import poster_file
from tabletop.render.export.poster_plan import PosterPlan
from tabletop.render.png_stream import PngStream

FORMATS = (".png", ".svg", ".pdf")
DEFAULT_WIDTH = 1920
STREAM_FROM = 16 * 2**20
"""A PNG of more pixels than this is painted in bands and streamed (a 4K export stays one image)."""
BAND_BYTES = 32 * 2**20
"""Memory of one band: 400 rows of a 20000-pixel-wide picture."""


def ensure_gui_app() -> QGuiApplication:
    """Painting text needs a QGuiApplication; headless commands get an offscreen one."""
    app = QGuiApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication(["tabletop"])
    return app


def width_options(width: int, legend: bool = False) -> ExportOptions:
    """The old exports' options: the whole map for the GM at a width, the legend if asked."""
    return ExportOptions(scale=Scale(ScaleKind.WIDTH, width), legend=legend)


def image_size(map_: Map, width: int, base_dir: Folder = None, legend: bool = False) -> QSize:
    """The picture's size in pixels for a width; PictureTooLarge past the caps."""
    picture = prepare(map_, width_options(width, legend), base_dir)
    return QSize(picture.width, picture.height)


def picture_image(picture: Picture) -> QImage:
    image = QImage(picture.width, picture.height, QImage.Format.Format_RGB32)  # opaque paper: no alpha
    with painting(image) as painter:
        paint_picture(painter, picture)
    return image


def render_image(
    map_: Map,
    width: int = DEFAULT_WIDTH,
    base_dir: Folder = None,
    legend: bool = False,
    options: ExportOptions | None = None,
) -> QImage:
    ensure_gui_app()
    return picture_image(prepare(map_, options or width_options(width, legend), base_dir, whole=True))


def export_map(
    map_: Map,
    out: str | os.PathLike[str],
    width: int = DEFAULT_WIDTH,
    base_dir: Folder = None,
    legend: bool = False,
    *,
    options: ExportOptions | None = None,
    progress: Progress | None = None,
) -> PosterPlan | None:
    """Write the map as PNG, SVG or PDF (a poster PDF when the options ask); `base_dir`, the map
    file's folder, finds its background picture; `legend` adds the grids' legend (without
    `options`). MapFileError in one line; ExportCancelled when `progress` said stop. A poster's
    plan comes back: the pages printed and the blank ones left out."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise MapFileError(out, f"cannot export to '{suffix or 'no extension'}': use .png, .svg or .pdf")
    folder = Path(os.path.realpath(out)).parent
    if not folder.is_dir():  # said before any painting, naming the folder the GM must make
        raise MapFileError(out, f"could not be exported: there is no folder {folder}")
    options = options or width_options(width, legend)
    if options.scale.kind is ScaleKind.WIDTH:
        top = STREAM_SIDE if suffix == ".png" and options.poster is None else MAX_SIDE
        if not MIN_SIDE <= options.scale.value <= top:
            raise MapFileError(out, f"width {options.scale.value:g} is out of range ({MIN_SIDE} to {top} pixels)")
    ensure_gui_app()
    with collector_off():  # a big map's layout is a million new objects, none garbage: not walked again and again
        data, plan = _export_data(map_, out, options, base_dir, progress)
    if data is not None:
        write_atomically(out, data, verb="exported")
        tell(progress, 1, 1)
    return plan


def _export_data(
    map_: Map, out: Path, options: ExportOptions, base_dir: Folder, progress: Progress | None
) -> tuple[bytes | None, PosterPlan | None]:
    """The file's bytes, or None when a huge PNG was streamed into place already; and a
    poster's plan."""
    suffix = out.suffix.lower()
    try:
        if options.poster is not None:
            if suffix != ".pdf":
                raise ExportError("is a poster: posters are PDF files, name it .pdf")
            return poster_file(map_, options, base_dir, progress)
        if suffix == ".png":
            whole = options.scale.kind is ScaleKind.WIDTH and options.scale.value**2 <= STREAM_FROM
            picture = prepare(map_, options, base_dir, STREAM_SIDE, STREAM_PIXELS, whole=whole)
            if picture.width * picture.height > STREAM_FROM:  # (a map taller than wide, when `whole`)
                picture.layout = None  # the bands are painted from parts of the map, each laid out alone
                stream_png(picture, out, progress)
                return None, None
            tell(progress, 0, 1)
            data = _png_data(picture_image(picture), picture.options.scale.dpi)
        else:
            picture = prepare(map_, options, base_dir, whole=True)
            tell(progress, 0, 1)
            data = svg_picture(picture) if suffix == ".svg" else pdf_picture(picture)
    except (PictureTooLarge, ExportError) as error:
        raise MapFileError(out, f"could not be exported: {error}") from None
    except OSError as error:
        raise MapFileError(out, f"could not be exported: {error.strerror or error}") from None
    return data, None


PNG_ROWS = 256
"""Rows of a picture handed to the PNG writer at once: a band, never the whole picture."""


def _png_data(image: QImage, dpi: float | None = None) -> bytes:
    """The image as an 8-bit RGB PNG by the same writer as a huge one in bands (its rows
    unfiltered, zlib at level 3): a 4K map in less than half the time of Qt's PNG writer at
    its quickest setting, and a smaller file."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)  # as painted: no copy
    out = io.BytesIO()
    stream = PngStream(out, image.width(), image.height(), dpi)
    _add_rows(stream, image, image.height())
    stream.finish()
    return out.getvalue()


def _add_rows(stream: PngStream, image: QImage, height: int) -> None:
    """The first `height` rows of an RGB32 image to the PNG, a few at a time (no second copy of
    the picture), each few read in place and turned to R, G, B bytes by Qt (twice as quick as
    numpy picking three bytes of every four). The image outlives the views of its rows."""
    width, line = image.width(), image.bytesPerLine()
    bits = image.constBits()
    for top in range(0, height, PNG_ROWS):
        rows = min(PNG_ROWS, height - top)
        few = QImage(bits[top * line : (top + rows) * line], width, rows, line, QImage.Format.Format_RGB32)  # no copy
        rgb = few.convertToFormat(QImage.Format.Format_RGB888)
        lines = np.frombuffer(rgb.constBits(), np.uint8).reshape(rows, rgb.bytesPerLine())
        stream.add_rows(lines[:, : width * 3].reshape(rows, width, 3))


def png_bytes(
    map_: Map, width: int, base_dir: Folder = None, legend: bool = False, options: ExportOptions | None = None
) -> bytes:
    options = options or width_options(width, legend)
    return _png_data(render_image(map_, width, base_dir, legend, options), options.scale.dpi)


def band_rows(width: int) -> int:
    return max(16, BAND_BYTES // (4 * width))


def stream_png(picture: Picture, out: Path, progress: Progress | None = None) -> None:
    """Paint the picture a band of rows at a time into a PNG beside `out`, then move it into
    place; on a cancel or an error the file beside is removed and `out` is untouched. What was
    at `out` when it began the caller has agreed to replace; something else put there while
    the bands were painted is not replaced (io/outputs.py)."""
    agreed = replace_refusal(out, "png")
    target = Path(os.path.realpath(out))
    if target.is_dir():
        raise MapFileError(out, "could not be exported: it is a folder")
    if target.exists() and not target.is_file():  # a pipe, a device: never replaced, as write_atomically
        raise MapFileError(out, "could not be exported: it is not a regular file")
    clear_dead_saves(target)  # what exports killed while they streamed left beside it
    rows = band_rows(picture.width)
    total = -(-picture.height // rows)
    done = False
    temp: Path | None = None
    try:
        temp, fd = open_temporary(target)  # made afresh: never a file someone put at its name
        with open(fd, "wb") as file:
            stream = PngStream(file, picture.width, picture.height, picture.options.scale.dpi)
            band = QImage(picture.width, rows, QImage.Format.Format_RGB32)
            for k in range(total):
                tell(progress, k, total)
                top = k * rows
                height = min(rows, picture.height - top)
                with painting(band) as painter:
                    paint_picture(painter, picture, (0, top, picture.width, height))
                _add_rows(stream, band, height)
            stream.finish()
            file.flush()
            os.fsync(file.fileno())
        found = replace_refusal(out, "png")
        if found is not None and found != agreed:
            raise MapFileError(out, f"{found} (since the export began): not replaced")
        os.replace(temp, target)
        done = True
    except OSError as error:
        raise MapFileError(out, f"could not be exported: {error.strerror or error}") from None
    finally:
        if not done and temp is not None:
            with contextlib.suppress(OSError):
                temp.unlink()
    tell(progress, total, total)


def svg_picture(picture: Picture) -> bytes:
    """The picture in its own pixels (the SVG's view box), at the recorded pictures' dpi, and
    its stated width and height its size on paper at the export's dpi, as the PDF's page."""
    data, out = buffer()
    generator = QSvgGenerator()
    generator.setOutputDevice(out)
    dpi = picture_dpi()
    generator.setResolution(dpi)
    on_paper = dpi / picture.options.scale.dpi  # the generator's pixels per picture pixel
    generator.setSize(QSize(max(1, round(picture.width * on_paper)), max(1, round(picture.height * on_paper))))
    generator.setViewBox(QRectF(0, 0, picture.width, picture.height))
    generator.setTitle(picture.map.title or "Tabletop map")
    with painting(generator) as painter:
        paint_picture(painter, picture)
    out.close()
    result = bytes(data.data())
    try:
        ElementTree.fromstring(result)
    except ElementTree.ParseError as error:
        raise OSError(f"the SVG writer made a file that is not well-formed XML ({error})") from None
    return result


def svg_bytes(
    map_: Map, width: int, base_dir: Folder = None, legend: bool = False, options: ExportOptions | None = None
) -> bytes:
    return svg_picture(prepare(map_, options or width_options(width, legend), base_dir))


def pdf_picture(picture: Picture) -> bytes:
    """One page the size of the picture at its DPI: at a print scale, true size on paper."""
    data, out = buffer()
    writer = pdf_writer(out, picture.map.title)
    _, _, w, h = picture.frame
    mm = picture.mm_per_unit
    writer.setPageSize(QPageSize(QSizeF(w * mm, h * mm), QPageSize.Unit.Millimeter))
    with painting(writer) as painter:
        scale = painter.viewport().width() / picture.width
        paint_picture(painter, picture, device_scale=scale)
    del writer  # the PDF is finished when its writer goes
    out.close()
    return finished_pdf(data)


def pdf_bytes(
    map_: Map, width: int, base_dir: Folder = None, legend: bool = False, options: ExportOptions | None = None
) -> bytes:
    return pdf_picture(prepare(map_, options or width_options(width, legend), base_dir))
