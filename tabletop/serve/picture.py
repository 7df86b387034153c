"""The players' picture for phones: the map painted for the players through the one path of
`export --player` and the players' window (render/export: rules.visibility.players_view for what
shows, dimmed_places for the shade, the background cleared under secrets), under the fog the
players' window shows: held while the GM stages fog changes and, with fog by sight, the zones
and grid areas out of their sight dimmed and no one standing there shown. Painted on the feed's
worker thread (serve/feed.py): nothing here touches a widget or the window's fonts.

The table view is the same painting cut to the rectangle the players' window shows (what is
hidden is left out of the map before it is cut, so nothing hidden in the rectangle is drawn)
and turned as that window is turned; a picture the reader asked turned is given one more
quarter turn. Quarter turns of an image lose no pixel."""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage, QPainter, QTransform

from tabletop.model import Map
from tabletop.render.export import ExportOptions, Scale, ScaleKind, Who, paint_picture, prepare
from tabletop.render.export.options import Scope, ScopeKind
from tabletop.rules.visibility import LIVE, Fog
from tabletop.serve.framing import Framing, fitted

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


def players_png(
    map_: Map,
    base_dir: str | os.PathLike[str] | None = None,
    fog: Fog = LIVE,
    width: int | None = None,
    framing: Framing | None = None,
    turned: bool = False,
) -> bytes:
    """The players' picture as a PNG, painted as `export --player` paints it under `fog`: the
    whole map PHONE_WIDTH across (narrower for a map so tall it would pass MAX_PIXELS), or,
    given `width`, that many pixels across once turned (narrower where its height would pass
    framing.MAX_SIDE). `framing`: only its rectangle, turned as it says; `turned`: a quarter
    turn more, clockwise."""
    if width is None and framing is None and not turned:
        return _png(_painted(_whole_picture(map_, base_dir, fog)))
    quarters = ((framing.rotation if framing else 0) // 90 + (1 if turned else 0)) % 4
    options = _options(100)  # only to learn the frame: the size is set once it is known
    if framing is not None:
        options = replace(options, scope=Scope(ScopeKind.VIEW, rect=framing.region))
    picture = prepare(map_, options, base_dir, whole=framing is None, fog=fog)
    _, _, frame_w, frame_h = picture.frame
    across, down = (frame_h, frame_w) if quarters % 2 else (frame_w, frame_h)
    final = fitted(across, down, width or PHONE_WIDTH)
    upright = (final[1], final[0]) if quarters % 2 else final
    picture = replace(picture, width=upright[0], height=upright[1], px_per_unit=upright[0] / frame_w)
    image = _painted(picture)
    if quarters:
        image = image.transformed(QTransform().rotate(90 * quarters))
    return _png(image)


def _whole_picture(map_: Map, base_dir, fog: Fog):
    picture = prepare(map_, _options(PHONE_WIDTH), base_dir, whole=True, fog=fog)
    if picture.width * picture.height > MAX_PIXELS:
        narrower = max(64, int(PHONE_WIDTH * (MAX_PIXELS / (picture.width * picture.height)) ** 0.5))
        picture = prepare(map_, _options(narrower), base_dir, whole=True, fog=fog)
    return picture


def _painted(picture) -> QImage:
    image = QImage(picture.width, picture.height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    paint_picture(painter, picture)
    painter.end()
    return image


def _options(width: int) -> ExportOptions:
    return ExportOptions(who=Who.PLAYERS, scale=Scale(ScaleKind.WIDTH, width))


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())
