"""The picture a GM traces zones over (a scanned or painted map), drawn under the zones.

Its path is kept relative to the map file and resolved against the map's folder. Images are
loaded once per path and modification time, within a byte budget, so redrawing a tile or
exporting again costs no decoding; a missing or unreadable picture is said in one line."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QImageReader, QPainter

from tabletop.geometry.shapes import map_bounds
from tabletop.model import Background, Map
from tabletop.render.cache import BoundedCache
from tabletop.render.style import MapStyle

IMAGE_BUDGET = 256 * 1024 * 1024
MAX_PIXELS = 64_000_000
"""Larger pictures are refused: a 8000x8000 scan is plenty to trace a map over."""

_images: BoundedCache[QImage] = BoundedCache(IMAGE_BUDGET, lambda image: image.sizeInBytes(), max_items=16)


def background_path(background: Background, base_dir: str | os.PathLike[str] | None) -> Path:
    """The picture's file: its path resolved against the map's folder (the working folder for
    a map never saved)."""
    path = Path(background.path).expanduser()
    return path if path.is_absolute() else Path(base_dir or ".") / path


def relative_path(picture: str | os.PathLike[str], map_path: str | os.PathLike[str] | None) -> str:
    """How a chosen picture is written in the map: relative to the map's folder when it can be
    (the pair can be moved together), else absolute. Forward slashes on every system."""
    picture = Path(picture).resolve()
    if map_path is None:
        return picture.as_posix()
    try:
        return Path(os.path.relpath(picture, Path(map_path).resolve().parent)).as_posix()
    except ValueError:  # another drive on Windows
        return picture.as_posix()


def _load(path: Path) -> tuple[QImage | None, str | None]:
    try:
        stat = path.stat()
    except OSError:
        return None, f"background picture '{path}' is missing"
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    image = _images.get(key)
    if image is not None:
        return image, None
    reader = QImageReader(str(path))
    size = reader.size()
    if size.isValid() and size.width() * size.height() > MAX_PIXELS:
        return None, f"background picture '{path}' is too large ({size.width()}x{size.height()} pixels)"
    image = reader.read()
    if image.isNull():
        return None, f"background picture '{path}' could not be read: {reader.errorString()}"
    return _images.put(key, image), None


def background_image(map_: Map, base_dir: str | os.PathLike[str] | None) -> QImage | None:
    """The map's background picture, loaded (or from the cache); None when there is none or it
    cannot be read."""
    if map_.background is None:
        return None
    return _load(background_path(map_.background, base_dir))[0]


def background_problem(map_: Map, base_dir: str | os.PathLike[str] | None) -> str | None:
    """One line saying why the map's background picture cannot be drawn; None when it can
    (or the map has none). The window shows it in the status bar, export prints it as a warning."""
    if map_.background is None:
        return None
    return _load(background_path(map_.background, base_dir))[1]


def background_rect(background: Background, image: QImage) -> QRectF:
    """Where the picture lies on the map: its top-left at (x, y), one pixel = `scale` map units."""
    return QRectF(background.x, background.y, image.width() * background.scale, image.height() * background.scale)


def bounds_with_background(
    map_: Map,
    base_dir: str | os.PathLike[str] | None,
    margin: float = 40.0,
    zone_extent: tuple[float, float, float, float] | None = None,
) -> tuple[float, float, float, float]:
    """(x, y, width, height) around everything drawn and the background picture, for an export
    that shows the whole picture; the map's own bounds when there is none or it is missing.
    `zone_extent` as map_bounds takes it (a layout's, when the caller has built one)."""
    x, y, w, h = map_bounds(map_, margin, zone_extent)
    image = background_image(map_, base_dir)
    if image is None:
        return (x, y, w, h)
    rect = background_rect(map_.background, image).united(QRectF(x, y, w, h))
    return (rect.x(), rect.y(), rect.width(), rect.height())


def paint_background(
    p: QPainter, map_: Map, base_dir: str | os.PathLike[str] | None, style: MapStyle, clip: QRectF | None = None
) -> bool:
    """Draw the background picture at its place, scale and opacity; False when it is missing
    (say so with background_problem). `clip`, in map units, limits the work to one tile."""
    image = background_image(map_, base_dir)
    if image is None:
        return False
    background = map_.background
    target = background_rect(background, image)
    area = target if clip is None else target.intersected(clip)
    if area.isEmpty():
        return True
    source = QRectF(
        (area.x() - target.x()) / background.scale,
        (area.y() - target.y()) / background.scale,
        area.width() / background.scale,
        area.height() / background.scale,
    )
    p.save()
    p.setOpacity(p.opacity() * background.opacity)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawImage(area, image, source)
    p.restore()
    return True


__all__ = [
    "background_image",
    "background_path",
    "background_problem",
    "background_rect",
    "bounds_with_background",
    "paint_background",
    "relative_path",
]
