"""Painting a token: its disc, facing, flank line and name. The flank line is the rules' own
(rules.facing.flank_line), so the line a GM sees is the one that decides the -2."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.geometry.shapes import NAME_MAX_WIDTH, TOKEN_RADIUS
from tabletop.model import Token
from tabletop.render import text
from tabletop.render.style import MapStyle
from tabletop.rules.facing import facing_vector, flank_line
from tabletop.rules.visibility import token_hidden

FLANK_HALF = TOKEN_RADIUS * 1.6
"""Half the drawn flank line: past the token's rim, short of its neighbours."""


def token_flank(token: Token, spot: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ends of the flank line drawn for a token standing at `spot`."""
    return flank_line(spot, token.facing, FLANK_HALF)


def paint_token(
    p: QPainter, token: Token, spot: tuple[float, float], style: MapStyle, detail: bool, selected: bool = False
) -> None:
    """The token's disc, its facing (tick and, if the style shows them, the front wedge), the
    flank line, and its name on a plate below, over every line."""
    x, y = spot
    r = TOKEN_RADIUS
    centre = QPointF(x, y)
    colour = QColor(token.colour)
    selected = selected and style.selection_marks
    if style.facing_wedges:  # the front: 90 degrees wide, pointing where the token faces (compass degrees)
        qt_angle = 90.0 - token.facing
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 90))
        p.drawPie(QRectF(x - 2 * r, y - 2 * r, 4 * r, 4 * r), round((qt_angle - 45) * 16), 90 * 16)
    (x1, y1), (x2, y2) = token_flank(token, spot)
    p.setPen(QPen(colour.darker(160), 2 * style.line_scale, Qt.PenStyle.DashLine))
    p.drawLine(QPointF(x1, y1), QPointF(x2, y2))
    p.setPen(QPen(style.selection if selected else colour.darker(170), 3 if selected else 1.5 * style.line_scale))
    p.setBrush(colour)
    p.drawEllipse(centre, r, r)
    fx, fy = facing_vector(token.facing)
    p.setPen(QPen(QColor("white"), 2.5 * style.line_scale))
    p.drawLine(centre, QPointF(x + fx * r, y + fy * r))
    if token_hidden(token):  # the GM's mark: the players' picture leaves the token out
        p.setPen(QPen(style.hidden, 2, Qt.PenStyle.DotLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(centre, r + 4, r + 4)
    if detail:
        size = style.token_name_size * style.text_scale
        name = text.elide(p, token.label, size, False, NAME_MAX_WIDTH * style.text_scale)
        if name:
            text.plated_label(p, name, token_name_centre(spot, style), style.label, style.plate, size)


def token_name_centre(spot: tuple[float, float], style: MapStyle) -> tuple[float, float]:
    """Where a token's name is centred: below the disc, over the end of its flank line."""
    size = style.token_name_size * style.text_scale
    return (spot[0], spot[1] + TOKEN_RADIUS + 3 + size * 0.65)


def token_rect(style: MapStyle) -> QRectF:
    """What a token draws around its spot (wedge, disc, name plate), for a token item's bounds."""
    size = style.token_name_size * style.text_scale
    half = max(2.2 * TOKEN_RADIUS, NAME_MAX_WIDTH * style.text_scale / 2 + size)
    bottom = TOKEN_RADIUS + 3 + size * 1.5
    return QRectF(-half, -2.2 * TOKEN_RADIUS, 2 * half, 2.2 * TOKEN_RADIUS + bottom)
