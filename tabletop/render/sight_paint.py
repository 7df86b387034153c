"""How the GM's window marks the places the players see dimmed now (fog by sight): a pale grey
veil crossed by a fine hatch, so the GM tells at a glance whether a token standing there is in
the players' sight. It must read apart from the GM's fog (a dark veil of cloud) and from a hidden
zone's black hatching, which leans the other way, and stay light enough that names, fills and
terrain under it read as the GM's own map."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

PLAYERS_SIGHT_VEIL = QColor(120, 128, 144, 46)
"""A pale grey over the place: out of the players' sight, never fogged."""
PLAYERS_SIGHT_HATCH = QColor(58, 70, 96, 120)
"""The fine hatch's lines, slate blue: a hatch stays the same few pixels apart at every zoom."""
PLAYERS_SIGHT_EDGE = QColor(58, 70, 96, 90)


def paint_players_sight(p: QPainter, path: QPainterPath) -> None:
    """The GM's mark over what the players see dimmed (`path`, in map units)."""
    if path.isEmpty():
        return
    p.save()
    p.fillPath(path, PLAYERS_SIGHT_VEIL)
    p.fillPath(path, QBrush(PLAYERS_SIGHT_HATCH, Qt.BrushStyle.FDiagPattern))  # patterns are cosmetic: fine at any zoom
    edge = QPen(PLAYERS_SIGHT_EDGE, 0)  # a hairline round it
    p.strokePath(path, edge)
    p.restore()
