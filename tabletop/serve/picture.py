"""The players' picture for phones: the map painted for the players through the same path as
`export --player` (render/export: the players' filter, the background cleared under secrets),
with the fog the players' window shows (held while the GM stages fog changes) and, with fog by
sight, the zones out of their sight dimmed as on that window. Painted on the Qt thread."""

from __future__ import annotations

import os

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage, QPainter

from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import Map, ZoneLocation
from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, paint_picture, prepare
from tabletop.render.fog_paint import OUT_OF_SIGHT
from tabletop.render.zone_paint import fog_path
from tabletop.rules.visibility import LIVE, Fog, zone_shown

PHONE_WIDTH = 1600
"""Pixels across: sharp on a phone held sideways and zoomed in twice, small enough to send
to a table of phones on every edit."""
MAX_PIXELS = 12 * 2**20
"""A tall map is drawn narrower rather than past this."""


def fog_written(map_: Map, fog: Fog) -> tuple[Map, list[str]]:
    """The map with the fog the players are shown written into it, and the zones it dims: the
    players' filter then reads the fog from the map as the export does. A token standing in a
    dimmed zone is not seen now, so it is hidden."""
    if fog is LIVE:
        return map_, []
    zones = [
        z.model_copy(update={"fogged": fog.zone_fogged(z)}) if z.fogged != fog.zone_fogged(z) else z for z in map_.zones
    ]
    grids = [g.model_copy(update={"fogged_areas": sorted(fog.areas(g))}) for g in map_.grids]
    dimmed = [z.id for z in zones if zone_shown(z) and fog.zone_dimmed(z)]
    out = set(dimmed)
    tokens = [
        t.model_copy(update={"hidden": True})
        if isinstance(t.location, ZoneLocation) and t.location.zone in out and not t.hidden
        else t
        for t in map_.tokens
    ]
    return map_.model_copy(update={"zones": zones, "grids": grids, "tokens": tokens}), dimmed


def black_png() -> bytes:
    """What the phones show while the players' window is blacked out: black, of a phone's shape."""
    image = QImage(PHONE_WIDTH // 4, PHONE_WIDTH // 8, QImage.Format.Format_RGB32)
    image.fill(0)
    return _png(image)


def players_png(map_: Map, base_dir: str | os.PathLike[str] | None = None, fog: Fog = LIVE) -> bytes:
    """The players' picture of the whole map as a PNG, PHONE_WIDTH across (narrower for a map
    so tall it would pass MAX_PIXELS)."""
    seen, dimmed = fog_written(map_, fog)
    options = ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, PHONE_WIDTH))
    picture = prepare(seen, options, base_dir, whole=True)
    if picture.width * picture.height > MAX_PIXELS:
        narrower = max(64, int(PHONE_WIDTH * (MAX_PIXELS / (picture.width * picture.height)) ** 0.5))
        picture = prepare(seen, ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, narrower)), base_dir)
    image = QImage(picture.width, picture.height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    paint_picture(painter, picture)
    if dimmed:
        shown = {zone.id: zone for zone in picture.map.zones}
        zones = [shown[z] for z in dimmed if z in shown]
        x, y, _, _ = picture.frame
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(picture.px_per_unit, picture.px_per_unit)
        painter.translate(-x, -y)
        painter.fillPath(fog_path(MapLayout(picture.map, index=False), zones), OUT_OF_SIGHT)
    painter.end()
    return _png(image)


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())
