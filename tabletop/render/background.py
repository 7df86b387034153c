"""The picture a GM traces zones over (a scanned or painted map), drawn under the zones.

Its path is written from the map's folder and never leads out of it; the picture is found,
read and decoded as every map picture is (render/pictures.py), so redrawing a tile or
exporting again costs no decoding, and a picture that cannot be drawn is said in one line.

The players never get the picture's pixels under what the GM keeps from them (hidden zones,
fogged zones and fogged grid areas): they are cleared from a copy of the picture before it is
drawn (masked_image), since a clip is not enough: an SVG keeps the whole picture and drops
the clip, a PDF embeds the whole picture under the fog painted over it."""

from __future__ import annotations

import os
from collections.abc import Collection

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.geometry.single.shapes import area_rect, map_bounds
from tabletop.model import Background, Map, NodeShape, Zone
from tabletop.render.cache import BoundedCache
from tabletop.render.pictures import IMAGE_BUDGET, load_picture
from tabletop.render.style import MapStyle
from tabletop.rules.visibility import LIVE, Fog

Cover = tuple
"""What of the map the players must not see through, in map units, as a key: each place a
("polygon", points), ("node", x, y, radius) or ("rect", x, y, width, height)."""
MASKS_KEPT = 4
"""Masked copies kept (per picture, place and cover): the players' window and an export or
two of the same map at once; a new cover (a zone fogged, a room revealed) masks anew."""

_masked: BoundedCache[QImage] = BoundedCache(IMAGE_BUDGET, lambda image: image.sizeInBytes(), max_items=MASKS_KEPT)

WHAT = "background picture"
"""How the background's problems begin: "background picture 'scan.png' is missing"."""


def _load(map_: Map, base_dir: str | os.PathLike[str] | None) -> tuple[QImage | None, str | None]:
    return load_picture(map_.background.path, base_dir, WHAT)


def background_image(map_: Map, base_dir: str | os.PathLike[str] | None) -> QImage | None:
    """The map's background picture, loaded (or from the cache); None when there is none or it
    cannot be read. Each caller gets a copy of its own (sharing the pixels, which Qt counts
    safely across threads): a poster planned on a worker reads the picture's size while the
    window's thread draws the one kept."""
    if map_.background is None:
        return None
    image = _load(map_, base_dir)[0]
    return None if image is None else QImage(image)


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


def players_cover(map_: Map, fog: Fog = LIVE, hidden: Collection[Zone] = ()) -> Cover:
    """Where the background picture must not show for the players: `hidden` (zones of a map
    filtered already), the map's hidden zones, its zones under `fog`, and its grids' fogged
    areas where the fog is painted (on the grid's tiles' span, as render/fog_paint does)."""
    places = [zone_place(zone) for zone in (*hidden, *(z for z in map_.zones if z.hidden or fog.zone_fogged(z)))]
    for grid in map_.grids:
        areas = fog.areas(grid)
        if not areas:
            continue
        r0, c0, r1, c1 = grid.area_bounds()
        runs: list[list[int]] = []  # a row's neighbouring areas as one rectangle: a grid fogged whole is few
        for row, col in sorted(areas):
            if r0 <= row <= r1 and c0 <= col <= c1:
                if runs and runs[-1][0] == row and runs[-1][2] == col - 1:
                    runs[-1][2] = col
                else:
                    runs.append([row, col, col])
        for row, first, last in runs:
            x, y, w, h = area_rect(grid, row, first)
            places.append(("rect", x, y, w * (last - first + 1), h))
    return tuple(places)


def zone_place(zone: Zone) -> tuple:
    """A zone as a place of a cover: its node's disc or its polygon."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return ("node", shape.x, shape.y, shape.radius)
    return ("polygon", tuple(map(tuple, shape.points)))


def cover_path(cover: Cover) -> QPainterPath:
    """The places of a cover as one path in map units, filled by the winding rule (their union)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for place in cover:
        if place[0] == "node":
            _, x, y, r = place
            path.addEllipse(QPointF(x, y), r, r)
        elif place[0] == "rect":
            path.addRect(QRectF(*place[1:]))
        else:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in place[1]]))
            path.closeSubpath()
    return path


def masked_image(image: QImage, background: Background, cover: Cover) -> QImage:
    """A copy of the picture whose pixels under the cover are cleared (transparent), kept per
    (picture, place, cover) so the players' window's repaints mask nothing again. The pixels
    along the cover's edge go too: a pixel half under a secret room is not shown at all."""
    if not cover:
        return image
    key = (image.cacheKey(), background.x, background.y, background.scale, cover)
    found = _masked.get(key)
    if found is not None:
        return found
    masked = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied).copy()
    painter = QPainter(masked)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
    painter.scale(1 / background.scale, 1 / background.scale)  # map units to the picture's pixels
    painter.translate(-background.x, -background.y)
    path = cover_path(cover)
    painter.fillPath(path, Qt.GlobalColor.black)
    edge = QPen(Qt.GlobalColor.black, 2.0)
    edge.setCosmetic(True)  # two of the picture's pixels wide, whatever its scale
    painter.strokePath(path, edge)
    painter.end()
    return _masked.put(key, masked)


def paint_background(
    p: QPainter,
    map_: Map,
    base_dir: str | os.PathLike[str] | None,
    style: MapStyle,
    clip: QRectF | None = None,
    cover: Cover = (),
) -> bool:
    """Draw the background picture at its place, scale and opacity; False when it is missing
    (say so with background_problem). `clip`, in map units, limits the work to one tile.
    `cover` (players_cover): the places cleared from the picture before it is drawn."""
    image = background_image(map_, base_dir)
    if image is None:
        return False
    background = map_.background
    image = masked_image(image, background, cover)
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
    "cover_path",
    "masked_image",
    "paint_background",
    "players_cover",
]
