"""The picture a GM traces zones over (a scanned or painted map), drawn under the zones.

Its path is written from the map's folder and never leads out of it; the picture is found,
read and decoded as every map picture is (render/pictures.py), so redrawing a tile or
exporting again costs no decoding, and a picture that cannot be drawn is said in one line."""

from __future__ import annotations

import os

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from tabletop.geometry.shapes import map_bounds
from tabletop.model import Background, Map
from tabletop.render.pictures import load_picture
from tabletop.render.style import MapStyle

WHAT = "background picture"
"""How the background's problems begin: "background picture 'scan.png' is missing"."""


def _load(map_: Map, base_dir: str | os.PathLike[str] | None) -> tuple[QImage | None, str | None]:
    return load_picture(map_.background.path, base_dir, WHAT)


def background_image(map_: Map, base_dir: str | os.PathLike[str] | None) -> QImage | None:
    """The map's background picture, loaded (or from the cache); None when there is none or it
    cannot be read."""
    if map_.background is None:
        return None
    return _load(map_, base_dir)[0]


def background_problem(map_: Map, base_dir: str | os.PathLike[str] | None) -> str | None:
    """One line saying why the map's background picture cannot be drawn; None when it can
    (or the map has none). The window shows it in the status bar, export prints it as a warning."""
    if map_.background is None:
        return None
    return _load(map_, base_dir)[1]


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
    "background_problem",
    "background_rect",
    "bounds_with_background",
    "paint_background",
]
