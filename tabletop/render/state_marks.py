"""A token's conflict states and problem look, drawn on its spot. A down token ("you will lose
your next action", the AF text's Turn) must read from across the table: its disc is dimmed and
a dark band saying DOWN lies across it. The other states (bleeding, falling, stall, exhausted)
are short words on a small plate over the disc. A problem (Edgerunner's long action) is a
rounded square with a double outline, so a GM tells it from a character at a glance."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.geometry.single.shapes import NAME_MAX_WIDTH, TOKEN_RADIUS
from tabletop.model import Token
from tabletop.render import text
from tabletop.render.style import MapStyle

DOWN = "down"
DOWN_BAND = QColor(24, 20, 16, 235)
"""Near black, so the band reads on any token colour and in grey print."""
DOWN_GREY = QColor("#9e9e9e")
DIMMED = 0.65
"""How far a down token's colour fades to grey: dimmed, still its own colour."""
STATE_INK = QColor("#9a1b12")
"""The other states' words: a dark red that reads on the name plates' paper."""
STATE_SIZE = 0.62
"""The state words' size, as a share of the token names'."""


def is_down(token: Token) -> bool:
    return DOWN in token.states


def dimmed(colour: QColor) -> QColor:
    """A down token's colour: most of the way to grey."""
    return QColor.fromRgbF(
        *(c * (1 - DIMMED) + g * DIMMED for c, g in zip(colour.getRgbF()[:3], DOWN_GREY.getRgbF()[:3], strict=True))
    )


def problem_box(centre: QPointF, grow: float = 0.0) -> QRectF:
    """A problem's square, as wide as a character's disc (wider by `grow` each side)."""
    r = TOKEN_RADIUS * 0.9 + grow
    return QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)


def paint_problem(p: QPainter, centre: QPointF, colour: QColor, outline: QPen) -> None:
    """A rounded square with a second, inner outline in white: a task on the map, not a fighter."""
    p.setPen(outline)
    p.setBrush(colour)
    corner = TOKEN_RADIUS * 0.25
    p.drawRoundedRect(problem_box(centre), corner, corner)
    p.setPen(QPen(QColor("white"), max(1.2, outline.widthF() * 0.8)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    inset = problem_box(centre, -TOKEN_RADIUS * 0.22)
    p.drawRoundedRect(inset, corner * 0.7, corner * 0.7)


def paint_down_band(p: QPainter, centre: QPointF, style: MapStyle, detail: bool) -> None:
    """A dark band across the token's middle with DOWN in white; the band alone when the words
    would be too small to read, so the token still shows down from far off."""
    r = TOKEN_RADIUS
    band = QRectF(centre.x() - 1.1 * r, centre.y() - 0.45 * r, 2.2 * r, 0.9 * r)  # clear of a crowd's next disc
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(DOWN_BAND)
    p.drawRoundedRect(band, 0.15 * r, 0.15 * r)
    size = 0.56 * r  # DOWN with a margin inside the band
    if detail and text.readable(p, size):
        text.label(p, "DOWN", (centre.x(), centre.y()), QColor("white"), size, bold=True)


def state_words(token: Token) -> str:
    """The token's states but down, as short words: "bleeding · falling"."""
    return " · ".join(state for state in token.states if state != DOWN)


def paint_state_words(p: QPainter, token: Token, centre: QPointF, style: MapStyle, detail: bool) -> None:
    """The states but down on a small plate over the top of the disc, when they can be read."""
    words = state_words(token)
    size = style.token_name_size * style.text_scale * STATE_SIZE
    if not words or not detail or not text.readable(p, size):
        return
    words = text.elide(p, words, size, True, NAME_MAX_WIDTH * style.text_scale)
    at = (centre.x(), centre.y() - TOKEN_RADIUS - size * 0.35)
    plate = text.plated_label(p, words, at, STATE_INK, style.plate, size, bold=True)
    p.setPen(QPen(STATE_INK, 0.8 * style.line_scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(plate, size * 0.3, size * 0.3)
