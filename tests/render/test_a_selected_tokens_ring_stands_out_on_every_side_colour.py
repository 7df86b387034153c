"""A selected token's ring is two-toned, a dark band and a light one, so it stands out on a token
of every side's colour (the selection's own blue vanished on a blue token), and on the ground
round it; an unselected token has no light ring."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model import Token
from tabletop.render import setup_paint
from tabletop.render.style import MapStyle
from tabletop.render.token_paint import paint_token
from tabletop.rules.sides import SIDE_COLOURS

COLOURS = sorted({*SIDE_COLOURS, *setup_paint.SIDE_COLOURS, "#1e88e5", "#ffffff", "#000000"})
"""Every side's colour the program gives, the selection's own blue, and the two extremes."""
GROUNDS = ("#808080", "#f4efe4", "#1f3a5f")


def _lightness(colour: QColor) -> float:
    return 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()


def _across_the_rim(colour: str, ground: str, selected: bool, problem: bool = False) -> list[float]:
    """The lightness of the pixels on a line out from the token's middle through its rim, down
    and to the right (clear of its facing tick and flank line)."""
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(QColor(ground))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    token = Token(id="t", colour=colour, facing=0.0, problem=problem)
    paint_token(painter, token, (60.0, 60.0), MapStyle(), detail=False, selected=selected)
    painter.end()
    angle = math.radians(35 if problem else 45)
    reach = TOKEN_RADIUS * (0.8 if problem else 1.0)
    out = [reach + d * 0.5 for d in range(-16, 17)]
    return [_lightness(image.pixelColor(round(60 + t * math.cos(angle)), round(60 + t * math.sin(angle)))) for t in out]


@pytest.mark.parametrize("colour", COLOURS)
def test_the_ring_has_a_dark_and_a_light_band_on_every_colour(qapp, colour):
    body = _lightness(QColor(colour))
    for ground in GROUNDS:
        ring = _across_the_rim(colour, ground, selected=True)
        assert min(ring) < 40 and max(ring) > 215, (colour, ground, ring)
        assert max(abs(value - body) for value in ring) > 100, "one of its bands stands out on the token"
        assert max(abs(value - _lightness(QColor(ground))) for value in ring) > 100, "and on the ground"


@pytest.mark.parametrize("colour", [c for c in COLOURS if _lightness(QColor(c)) < 200])
def test_an_unselected_token_has_no_light_ring(qapp, colour):
    assert max(_across_the_rim(colour, "#808080", selected=False)) < 200


def test_a_selected_problem_has_the_ring_too(qapp):
    for colour in SIDE_COLOURS:
        ring = _across_the_rim(colour, "#808080", selected=True, problem=True)
        assert min(ring) < 40 and max(ring) > 215, (colour, ring)
