"""Fog of war on the map. The players see a fogged place as dark cloud, painted in place of
the zone (never over it: the filtered view or the caller has already left its name, badges,
terrain and tokens out). The GM sees it dimmed under a light veil of the same cloud, still
readable and usable for editing."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QTransform

from tabletop.geometry.single.shapes import area_rect
from tabletop.model import EncounterGrid, Map, Zone
from tabletop.render.style import Audience, MapStyle
from tabletop.render.tangles import outline, paint_tangle
from tabletop.rules.visibility import InSight

TEXTURE = 256
"""The cloud texture's side in pixels; it repeats seamlessly."""
TEXTURE_MAP_UNITS = 420.0
"""How large one repeat of the cloud is on the map: a few zones wide, so the fog swirls."""
FOG_BASE = QColor("#1f232b")
"""Near black with a cold tint: reads as fog, not as a black hole, on a projector."""
FOG_CLOUD = QColor(150, 158, 176)
FOG_EDGE = QColor("#0e1014")
GM_VEIL = QColor(28, 32, 44, 95)
"""Dims a fogged place for the GM; its fill and name still show through."""
OUT_OF_SIGHT = QColor(14, 16, 24, 150)
"""Shades, for the players, a place they have seen and do not see now (fog by sight): darker
than the GM's veil, so it reads as remembered, not as in view, yet never as fog."""


@cache
def cloud_texture() -> QImage:
    """A seamless tile of soft lighter blobs on the dark base, the same on every run."""
    from PySide6.QtGui import QRadialGradient  # deferred: its class and enums wait for the first fog

    image = QImage(TEXTURE, TEXTURE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(FOG_BASE)
    chance = random.Random(1913)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    for _ in range(70):
        x, y = chance.uniform(0, TEXTURE), chance.uniform(0, TEXTURE)
        radius = chance.uniform(18, 70)
        cloud = QColor(FOG_CLOUD)
        cloud.setAlpha(chance.randint(14, 46))
        for dx in (-TEXTURE, 0, TEXTURE):  # drawn wrapped round, so the tile repeats without a seam
            for dy in (-TEXTURE, 0, TEXTURE):
                centre = QPointF(x + dx, y + dy)
                gradient = QRadialGradient(centre, radius)
                gradient.setColorAt(0.0, cloud)
                gradient.setColorAt(1.0, QColor(cloud.red(), cloud.green(), cloud.blue(), 0))
                painter.setBrush(QBrush(gradient))
                painter.drawEllipse(centre, radius, radius)
    painter.end()
    return image


def fog_brush() -> QBrush:
    """The cloud in map units: it stays put on the map while the view pans and zooms."""
    brush = QBrush(cloud_texture())
    k = TEXTURE_MAP_UNITS / TEXTURE
    brush.setTransform(QTransform.fromScale(k, k))
    return brush


def split_fog(
    zones: list[Zone], style: MapStyle, fogged: Callable[[Zone], bool] | None = None
) -> tuple[list[Zone], list[Zone]]:
    """(zones painted as themselves, fogged zones). For the players a fogged zone is only fog;
    the GM's fogged zones are painted as themselves and then veiled."""
    is_fogged = fogged or (lambda zone: zone.fogged)
    foggy = [zone for zone in zones if is_fogged(zone)]
    if style.audience is Audience.PLAYERS and foggy:
        held = {zone.id for zone in foggy}
        return [zone for zone in zones if zone.id not in held], foggy
    return zones, foggy


def paint_zone_fog(
    p: QPainter, zones: list[Zone], style: MapStyle, path_of: Callable[[list[Zone]], QPainterPath]
) -> None:
    """Cloud over fogged zones for the players, a veil for the GM; one path for all of them
    (`path_of` makes it, filled by the winding rule: zone_paint.fog_path), so neighbouring fogged zones
    are one cloud without seams. The path is merged into its outline where that is needed or
    cheap: the players' cloud is edged along it, and close up (antialiased) a tile holds few
    zones. The GM's veil far out (no antialiasing, zones a few pixels each) covers the same
    pixels unmerged: merging a fitted big map fogged whole was slow."""
    if not zones:
        return
    path = path_of(zones)
    edged = style.audience is Audience.PLAYERS or p.testRenderHint(QPainter.RenderHint.Antialiasing)
    _fog(p, path.simplified() if len(zones) > 1 and edged else path, style)


def paint_tangled_fog(p: QPainter, zones: list[Zone], style: MapStyle) -> None:
    """The fog of tangled zones (render/tangles.py), each on its own, as _fog paints a path: the
    players' cloud edged with a hairline, the GM's veil and its faint cloud."""
    for zone in zones:
        points = zone.shape.points
        if style.audience is Audience.PLAYERS:
            paint_tangle(p, points, fog_brush(), None)
            outline(p, points, FOG_EDGE)
        else:
            paint_tangle(p, points, GM_VEIL, None)
            veil = QBrush(cloud_texture())
            veil.setTransform(fog_brush().transform())
            p.save()
            p.setOpacity(0.22)
            paint_tangle(p, points, veil, None)
            p.restore()


def zones_path(zones: list[Zone], path_of: Callable[[Zone], QPainterPath]) -> QPainterPath:
    """One path of every zone's (`path_of` one zone's), as drawn, filled by the winding rule:
    where two overlap drawn opposite ways round they cancel (the map's fog is zone_paint.fog_path,
    which turns every polygon the same way)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for zone in zones:
        path.addPath(path_of(zone))
    return path


def paint_area_fog(p: QPainter, grid: EncounterGrid, areas: Collection[tuple[int, int]], style: MapStyle) -> None:
    """Fog over a grid's fogged areas (those on its tiles)."""
    if not areas:
        return
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    r0, c0, r1, c1 = grid.area_bounds()  # once: asking per area walks every tile each time
    for row, col in areas:
        if r0 <= row <= r1 and c0 <= col <= c1:
            x, y, w, h = area_rect(grid, row, col)
            path.addRect(QRectF(x, y, w, h))
    if not path.isEmpty():
        _fog(p, path.simplified(), style)


def _fog(p: QPainter, path: QPainterPath, style: MapStyle) -> None:
    p.save()
    if style.audience is Audience.PLAYERS:
        p.fillPath(path, fog_brush())
        pen = QPen(FOG_EDGE, 3.0 * style.line_scale)
        p.strokePath(path, pen)
    else:
        p.fillPath(path, GM_VEIL)
        veil = QBrush(cloud_texture())
        veil.setTransform(fog_brush().transform())
        p.setOpacity(0.22)
        p.fillPath(path, veil)
    p.restore()


def areas_path(grid: EncounterGrid, areas: Collection[tuple[int, int]]) -> QPainterPath:
    """One path over these areas of a grid, merged into its outline."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for row, col in areas:
        path.addRect(QRectF(*area_rect(grid, row, col)))
    return path.simplified()


def paint_out_of_sight(p: QPainter, map_: Map, dimmed: InSight, path_of: Callable[[list[Zone]], QPainterPath]) -> None:
    """The shade over the places the players have seen and do not see now (fog by sight), as
    their window draws it (ui/player/sight.py): the zones of `dimmed` on this map (`path_of`
    makes their path) and its grids' dimmed areas."""
    zones = [zone for zone in map_.zones if zone.id in dimmed.zones]
    path = path_of(zones) if zones else QPainterPath()
    for grid in map_.grids:
        areas = dimmed.areas.get(grid.id)
        if areas:
            path.addPath(areas_path(grid, areas))
    if path.isEmpty():
        return
    p.save()
    p.setPen(QPen(OUT_OF_SIGHT.darker(), 0))
    p.setBrush(OUT_OF_SIGHT)
    p.drawPath(path)
    p.restore()
