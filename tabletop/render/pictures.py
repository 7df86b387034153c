"""A map's pictures, decoded for drawing: every picture a map names (its background now; token
art and handouts later) is loaded by load_picture.

The file is located by io/pictures' rule (in the map's folder, links followed), its bytes read
the careful way and decoded from memory, never by Qt from the path, so a pipe, a device or a
link made after the map was opened is never opened by Qt. An SVG must stand alone: Qt would
draw an <image> of any file the GM can read. Decoded pictures are kept per file and
modification, within a byte budget, so a redraw or another export decodes nothing; a problem
is said in one line that starts with what the picture is ("background picture …").
"""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, qFormatLogMessage, qInstallMessageHandler
from PySide6.QtGui import QImage, QImageReader

from tabletop.io.pictures import (
    GZIP,
    HARD_LINK,
    MAX_PICTURE_PIXELS,
    PictureRefused,
    picture_bytes,
    picture_file,
    svg_outside_reference,
    svg_work_problem,
    unpacked_svg,
)
from tabletop.render.cache import BoundedCache

IMAGE_BUDGET = 256 * 1024 * 1024
"""Decoded pictures kept at once, in bytes: one picture of MAX_PICTURE_PIXELS, or many smaller."""
REFUSALS_KEPT = 64
"""Files whose refusal is remembered (by file and modification), so a redraw reads none again."""

_images: BoundedCache[QImage] = BoundedCache(IMAGE_BUDGET, lambda image: image.sizeInBytes(), max_items=16)
_refusals: OrderedDict[tuple, str] = OrderedDict()
_refusals_lock = threading.Lock()
"""The phones' picture is drawn on a worker while the window draws: one thread may drop the
oldest refusal between another's look and read."""


def load_picture(
    written: str, map_folder: str | os.PathLike[str] | None, what: str
) -> tuple[QImage | None, str | None]:
    """The picture a map writes as `written`, found in `map_folder`, and None; or None and one
    line, starting with `what`, saying why it cannot be drawn."""
    try:
        file = picture_file(written, map_folder)
    except PictureRefused as refused:
        return None, f"{what} {refused}"
    return picture_at(file, what)


def picture_at(file: str | os.PathLike[str], what: str, hard_links: bool = False) -> tuple[QImage | None, str | None]:
    """The picture in `file`, read and decoded the careful way, and None; or None and one line
    saying why not. For a file already located by the map's rule, or one the GM chose in a
    dialog before it is copied beside the map (`hard_links`: a file with other names too may
    be read, as the copy will be a file of its own; a map's own picture may not be one)."""
    file = Path(file)
    try:
        info = os.stat(file)
    except FileNotFoundError:
        return None, f"{what} '{file}' is missing"
    except OSError as error:
        return None, f"{what} '{file}' cannot be read: {error.strerror or error}"
    if not hard_links and stat.S_ISREG(info.st_mode) and info.st_nlink > 1:  # before the kept pictures
        return None, f"{what} '{file}' {HARD_LINK}"
    key = _key(file, info)
    image = _images.get(key)
    if image is not None:
        return image, None
    with _refusals_lock:
        refused = _refusals.get(key)
    if refused is not None:
        return None, f"{what} {refused}"
    try:
        raw, info = picture_bytes(file, hard_links)
        image = decode_picture(raw)
    except PictureRefused as refused:
        text = str(refused)
        problem = text if text.startswith("'") else f"'{file}' {text}"  # kept without `what`: asked as another
        with _refusals_lock:
            _refusals[_key(file, info)] = problem
            while len(_refusals) > REFUSALS_KEPT:
                _refusals.popitem(last=False)
        return None, f"{what} {problem}"
    return _images.put(_key(file, info), image), None


def _key(file: Path, info: os.stat_result) -> tuple:
    return (str(file), info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size)


def decode_picture(raw: bytes) -> QImage:
    """A picture decoded from its bytes, at most MAX_PICTURE_PIXELS; PictureRefused says why
    not (an SVG that reaches outside itself, too many pixels, not a picture)."""
    data = unpacked_svg(raw)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    named = raster_format(data)
    reader = QImageReader(buffer, named) if named else QImageReader(buffer)
    kind = named or bytes(reader.format().data())
    if not kind:
        raise PictureRefused("is not a picture Tabletop can read")
    svg = kind in (b"svg", b"svgz") or raw.startswith(GZIP)
    if svg:
        too_much = svg_work_problem(data)  # before Qt reads it: Qt's reading is the hang
        if too_much is not None:
            raise PictureRefused(f"{too_much}: simplify it, or save the plan as a PNG or a JPEG")
        outside = svg_outside_reference(data)
        if outside is not None:
            raise PictureRefused(f"{outside}: a map's SVG picture must stand alone (embed its pictures in it)")
    reader.setAllocationLimit(MAX_PICTURE_PIXELS * 4 // 2**20 + 1)
    with _decoder_said() as said:  # an SVG is parsed for its size already, a JPEG's header read
        size = reader.size()
        if size.isValid() and size.width() * size.height() > MAX_PICTURE_PIXELS:
            raise PictureRefused(f"is too large ({size.width()}x{size.height()} pixels; at most {_pixels()})")
        image = reader.read()
    if image.isNull():
        raise PictureRefused(f"could not be read: {said[0] if said else reader.errorString()}")
    if image.width() * image.height() > MAX_PICTURE_PIXELS:
        raise PictureRefused(f"is too large ({image.width()}x{image.height()} pixels; at most {_pixels()})")
    return image


RASTER_FORMATS = (
    (b"\x89PNG\r\n\x1a\n", b"png"),
    (b"\xff\xd8\xff", b"jpeg"),
    (b"GIF87a", b"gif"),
    (b"GIF89a", b"gif"),
    (b"BM", b"bmp"),
)


def raster_format(data: bytes) -> bytes:
    """A raster picture's format named by its first bytes, so Qt never asks its readers in turn
    which one it is: the SVG reader asks through a text stream that connects Qt signals, and on a
    worker (thumbnails, the phones' picture, a poster's plan) that connection can wait forever
    on the window's thread, itself waiting for the worker to let Python go. b"" when not raster."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return b"webp"
    return next((name for magic, name in RASTER_FORMATS if data.startswith(magic)), b"")


def _pixels() -> str:
    return f"{MAX_PICTURE_PIXELS / 1e6:g} megapixels"


_quiet = threading.Lock()


DECODERS = ("qt.svg", "qt.gui.imageio")
"""Qt's message categories for its picture readers (SVG; PNG, whose libpng warnings come as
qt.gui.imageio, and JPEG, qt.gui.imageio.jpeg)."""


@contextmanager
def _decoder_said() -> Iterator[list[str]]:
    """What Qt's picture readers say while a picture is decoded, kept from the terminal: their
    complaints (an SVG property it skips, libpng's "tEXt: CRC error", libjpeg's "Corrupt JPEG
    data") are about the file, said on every draw and export, and a picture that cannot be read
    is refused in one line of ours that gives the first. Other messages pass on as Qt would
    print them. One picture at a time: the handler is the whole program's."""
    said: list[str] = []
    passed = []  # the handler before ours, once installed (a message may come first, from another thread)

    def heard(kind, context, message) -> None:
        category = context.category or ""
        if any(category == name or category.startswith(name + ".") for name in DECODERS):
            said.append(" ".join(message.split()))
        elif passed and passed[0] is not None:
            passed[0](kind, context, message)
        else:
            os.write(2, (qFormatLogMessage(kind, context, message) + "\n").encode("utf-8", "replace"))

    with _quiet:
        passed.append(qInstallMessageHandler(heard))
        try:
            yield said
        finally:
            qInstallMessageHandler(passed[0])


def forget_pictures() -> None:
    """Decode every picture again at its next draw (after the caps change in a test)."""
    _images.clear()
    with _refusals_lock:
        _refusals.clear()


__all__ = ["IMAGE_BUDGET", "decode_picture", "forget_pictures", "load_picture", "picture_at"]
