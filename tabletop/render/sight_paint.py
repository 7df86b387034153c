"""How the GM's window marks the places the players see dimmed now (fog by sight): a pale grey
veil crossed by a fine hatch, so the GM tells at a glance whether a token standing there is in
the players' sight. It must read apart from the GM's fog (a dark veil of cloud) and from a hidden
zone's black hatching, which leans the other way, and stay light enough that names, fills and
terrain under it read as the GM's own map."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QTransform

PLAYERS_SIGHT_VEIL = QColor(120, 128, 144, 46)
"""A pale grey over the place: out of the players' sight, never fogged."""
PLAYERS_SIGHT_HATCH = QColor(58, 70, 96, 120)
"""The fine hatch's lines, slate blue."""
HATCH_STEP = 8
"""Screen pixels between two lines of the hatch, at every zoom."""


@cache
def _hatch_tile() -> QImage:
    """One repeat of the veil and its hatch, leaning as a backslash, in screen pixels."""
    tile = QImage(HATCH_STEP, HATCH_STEP, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(PLAYERS_SIGHT_VEIL)
    painter = QPainter(tile)
    painter.setPen(PLAYERS_SIGHT_HATCH)
    for i in range(HATCH_STEP):
        painter.drawPoint(i, i)
    painter.end()
    return tile


def paint_players_sight(p: QPainter, path: QPainterPath) -> None:
    """The GM's mark over what the players see dimmed (`path`, in map units): one fill of a
    texture of the veil and its hatch, held at screen size (two fills and an edge cost the GM's
    frame about twice as much over a long trail of places seen)."""
    if path.isEmpty():
        return
    scale = p.worldTransform()
    brush = QBrush(_hatch_tile())
    brush.setTransform(QTransform.fromScale(1 / (scale.m11() or 1), 1 / (scale.m22() or 1)))
    p.fillPath(path, brush)
