"""How much ink a thin line leaves. Zoomed far out, a border five map units wide is a fifth of
a pixel, yet a painter without antialiasing draws it a whole pixel wide and fully dark: over
a 100k-zone map every pixel row became a line or a gap, the map turned dark brown and showed
moiré bands. A border line thinner than a pixel is drawn with its colour faded to the share of
the pixel it covers; zones' outlines (a pixel, to keep each zone's shape readable) fade out as
zones shrink to a few pixels, where they would only hide the zones' own colours."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter

from tabletop.render.text import VECTOR_ENGINES, device_scale

FAINTEST = 1 / 64
"""A line fainter than this is not stroked at all (below what a projector shows)."""


def coverage(p: QPainter, width: float) -> float:
    """The share of a pixel a line `width` painter units wide covers, at most 1. A vector file
    (SVG, PDF) keeps its lines whole: its viewer zooms in on them."""
    engine = p.paintEngine()
    if engine is not None and engine.type() in VECTOR_ENGINES:
        return 1.0
    return min(1.0, width * device_scale(p))


OUTLINES_FADE = (2.0, 6.0)
"""A typical zone this many pixels across or less has no outlines; this many or more, whole."""


def outline_share(p: QPainter, zone_size: float | None) -> float:
    """How strong zones' outlines are drawn where a typical zone (`zone_size` map units across,
    None when unknown) is a few pixels: one where it is OUTLINES_FADE[1] pixels or more."""
    engine = p.paintEngine()
    if zone_size is None or (engine is not None and engine.type() in VECTOR_ENGINES):
        return 1.0
    low, high = OUTLINES_FADE
    return min(1.0, max(0.0, (zone_size * device_scale(p) - low) / (high - low)))


def faded(colour: QColor, share: float) -> QColor:
    """`colour` with `share` of its opacity."""
    if share >= 1.0:
        return colour
    thin = QColor(colour)
    thin.setAlphaF(colour.alphaF() * share)
    return thin
