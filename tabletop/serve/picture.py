"""The players' picture for phones: the map painted for the players through the one path of
`export --player` and the players' window (render/export: rules.visibility.players_view for what
shows, dimmed_places for the shade, the background cleared under secrets), under the fog the
players' window shows: held while the GM stages fog changes and, with fog by sight, the zones
and grid areas out of their sight dimmed and no one standing there shown. Painted on the feed's
worker thread (serve/feed.py): nothing here touches a widget or the window's fonts."""

from __future__ import annotations

import os

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage, QPainter

from tabletop.model import Map
from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, paint_picture, prepare
from tabletop.rules.visibility import LIVE, Fog

PHONE_WIDTH = 1600
"""Pixels across: sharp on a phone held sideways and zoomed in twice, small enough to send
to a table of phones on every edit."""
MAX_PIXELS = 12 * 2**20
"""A tall map is drawn narrower rather than past this."""


def black_png() -> bytes:
    """What the phones show while the players' window is blacked out: black, of a phone's shape."""
    image = QImage(PHONE_WIDTH // 4, PHONE_WIDTH // 8, QImage.Format.Format_RGB32)
    image.fill(0)
    return _png(image)


def players_png(map_: Map, base_dir: str | os.PathLike[str] | None = None, fog: Fog = LIVE) -> bytes:
    """The players' picture of the whole map as a PNG, PHONE_WIDTH across (narrower for a map
    so tall it would pass MAX_PIXELS), painted as `export --player` paints it under `fog`."""
    picture = prepare(map_, _options(PHONE_WIDTH), base_dir, whole=True, fog=fog)
    if picture.width * picture.height > MAX_PIXELS:
        narrower = max(64, int(PHONE_WIDTH * (MAX_PIXELS / (picture.width * picture.height)) ** 0.5))
        picture = prepare(map_, _options(narrower), base_dir, whole=True, fog=fog)
    image = QImage(picture.width, picture.height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    paint_picture(painter, picture)
    painter.end()
    return _png(image)


def _options(width: int) -> ExportOptions:
    return ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, width))


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())
