"""How much of a map's line work shows when its zones are a few pixels. Zoomed out over a
big map, each zone's one-pixel outline and the borders between zones covered every pixel
row: the map turned dark brown and showed moiré bands. As a typical zone shrinks from five pixels
to two, outlines and border lines fade to nothing, and the map shows its zones' own colours.
From five pixels up nothing changes (Qt already draws a border thinner than a pixel with the ink it
covers), and vector files (SVG, PDF) keep every line: their readers zoom in."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter

from tabletop.render.text import VECTOR_ENGINES, device_scale

FAINTEST = 1 / 64
"""Lines fainter than this are not stroked at all (below what a projector shows)."""

LINES_FADE = (2.0, 5.0)
"""A typical zone this many pixels across or less has no outlines or border lines; this many
or more, whole."""


def line_share(p: QPainter, zone_size: float | None) -> float:
    """How strong zones' outlines and border lines are drawn where a typical zone (`zone_size`
    map units across, None when unknown) is a few pixels: one at LINES_FADE[1] pixels or more."""
    engine = p.paintEngine()
    if zone_size is None or (engine is not None and engine.type() in VECTOR_ENGINES):
        return 1.0
    low, high = LINES_FADE
    return min(1.0, max(0.0, (zone_size * device_scale(p) - low) / (high - low)))


def faded(colour: QColor, share: float) -> QColor:
    """`colour` with `share` of its opacity."""
    if share >= 1.0:
        return colour
    thin = QColor(colour)
    thin.setAlphaF(colour.alphaF() * share)
    return thin
