"""A map's pictures, decoded for drawing: every picture a map names (its background now; token
art and handouts later) is loaded by load_picture.

The file is located by io/pictures' rule (in the map's folder, links followed), its bytes read
the careful way and decoded from memory, never by Qt from the path, so a pipe, a device or a
link made after the map was opened is never opened by Qt. An SVG must stand alone: Qt would
draw an <image> of any file the GM can read. Decoded pictures are kept per file and
modification, within a byte budget, so a redraw or another export decodes nothing; a problem
is said in one line that starts with what the picture is ("background picture …").

Only the window's thread ever hands Qt a picture that is not a raster one (an SVG, or bytes no
raster format claims). Qt's SVG reader makes and connects Qt objects as it reads (a text stream
while it sniffs the bytes, a timer for an animated SVG), and a connection waits for Qt's lock of
the objects concerned; the window's thread holds such a lock while it destroys an object whose
connections end in Python (an animation, a replay), and waits there for Python's lock. A worker
reading an SVG holds Python's lock all through Qt's reading, so the two threads would wait on
each other forever. A worker (the phones' picture, a poster's plan, the library's thumbnails)
therefore decodes rasters only, named by their first bytes so that no other reader is asked;
the SVGs a map names are decoded on the window's thread before the worker starts
(held_for_drawing) and handed to it as finished images. Reading an SVG with QSvgRenderer
directly would spare the sniffing but not the animated SVG's timer, and no test can show a
lock is never met: decoding where the window is can.
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
from tabletop.model import Map
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
    image, problem = _picture(Path(file), hard_links)
    return image, None if problem is None else f"{what} {problem}"


def _picture(file: Path, hard_links: bool = False) -> tuple[QImage | None, str | None]:
    """picture_at's answer, its problem without what the picture is."""
    try:
        info = os.stat(file)
    except FileNotFoundError:
        return None, f"'{file}' is missing"
    except OSError as error:
        return None, f"'{file}' cannot be read: {error.strerror or error}"
    if not hard_links and stat.S_ISREG(info.st_mode) and info.st_nlink > 1:  # before the kept pictures
        return None, f"'{file}' {HARD_LINK}"
    key = _key(file, info)
    image = _images.get(key)
    if image is not None:
        return image, None
    with _refusals_lock:
        refused = _refusals.get(key)
    if refused is not None:
        return None, refused
    handed = getattr(_here, "held", {}).get(str(file))
    if handed is not None:
        return handed
    try:
        raw, info = picture_bytes(file, hard_links)
        image = decode_picture(raw)
    except ReadOnWindowThread as refused:  # not the file's fault: never kept as its refusal
        return None, f"'{file}' {refused}"
    except PictureRefused as refused:
        text = str(refused)
        problem = text if text.startswith("'") else f"'{file}' {text}"  # kept without `what`: asked as another
        with _refusals_lock:
            _refusals[_key(file, info)] = problem
            while len(_refusals) > REFUSALS_KEPT:
                _refusals.popitem(last=False)
        return None, problem
    return _images.put(_key(file, info), image), None


def _key(file: Path, info: os.stat_result) -> tuple:
    return (str(file), info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size)


def decode_picture(raw: bytes) -> QImage:
    """A picture decoded from its bytes, at most MAX_PICTURE_PIXELS; PictureRefused says why
    not (an SVG that reaches outside itself, too many pixels, not a picture). Off the window's
    thread only a raster is decoded: anything else raises ReadOnWindowThread (the module's
    docstring says why)."""
    data = unpacked_svg(raw)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    named = raster_format(data)
    if not named and not on_window_thread():
        raise ReadOnWindowThread(WINDOW_ONLY)
    reader = QImageReader(buffer, named) if named else QImageReader(buffer)
    reader.setAutoDetectImageFormat(not named)  # a raster named: no other reader is ever asked
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


WINDOW_ONLY = "is not a PNG, JPEG, WebP, GIF or BMP picture, and was not read on the window's thread for this drawing"
"""Why a worker draws without a picture no one decoded for it on the window's thread."""


class ReadOnWindowThread(PictureRefused):
    """A picture that is not a raster one, met off the window's thread: it can be read there
    (held_for_drawing), so it is never remembered as the file's refusal."""


def on_window_thread() -> bool:
    """Whether this is the window's thread. Tabletop makes its QApplication on Python's main
    thread, so Python is asked, not Qt: Qt's answer on a worker makes a Qt object for the thread."""
    return threading.current_thread() is threading.main_thread()


_here = threading.local()
"""The pictures held for the drawing this thread is making (HeldPictures)."""


class HeldPictures:
    """Pictures decoded on the window's thread for one drawing on a worker, by their file: while
    the worker draws within `with held:`, a picture held here is taken as it is, never read, so
    a worker never decodes an SVG, and the picture a drawing shows is the one of the moment it
    was asked for, however many others the kept pictures took in meanwhile."""

    def __init__(self, pictures: dict[str, tuple[QImage | None, str | None]]) -> None:
        self.pictures = pictures

    def __enter__(self) -> HeldPictures:
        _here.__dict__.setdefault("before", []).append(getattr(_here, "held", {}))
        _here.held = self.pictures
        return self

    def __exit__(self, *_) -> None:
        _here.held = _here.before.pop()

    def __len__(self) -> int:
        return len(self.pictures)


def map_pictures(map_: Map) -> list[str]:
    """Every picture path a map's drawing reads, once each: its background and its tokens' art."""
    written = [map_.background.path] if map_.background is not None else []
    written += [token.picture.path for token in map_.tokens if token.picture is not None]
    return list(dict.fromkeys(written))


def held_for_drawing(map_: Map, map_folder: str | os.PathLike[str] | None) -> HeldPictures:
    """On the window's thread, before a worker draws `map_`: each picture the map names that is
    not a raster decoded here (or its refusal said), and each already decoded held, so the
    worker finds them all as they are now. A raster not yet decoded is left to the worker:
    decoding it there takes nothing the window's thread may hold, and the window stays free."""
    found: dict[str, tuple[QImage | None, str | None]] = {}
    for written in map_pictures(map_):
        try:
            file = picture_file(written, map_folder)
            info = os.stat(file)
        except (PictureRefused, OSError):  # the worker finds the same, and says it
            continue
        if str(file) in found:
            continue
        image = _images.get(_key(file, info))
        if image is not None:
            found[str(file)] = image, None
        elif not raster_format(_first_bytes(file)):
            found[str(file)] = _picture(file)
    return HeldPictures(found)


def _first_bytes(file: Path) -> bytes:
    """The first bytes of a regular file, enough to name a raster format; b"" for anything else
    (a pipe is opened without waiting for a writer and never read)."""
    try:
        handle = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return b""
    try:
        return os.read(handle, 16) if stat.S_ISREG(os.fstat(handle).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(handle)


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


__all__ = [
    "IMAGE_BUDGET",
    "HeldPictures",
    "ReadOnWindowThread",
    "decode_picture",
    "forget_pictures",
    "held_for_drawing",
    "load_picture",
    "on_window_thread",
    "picture_at",
]
