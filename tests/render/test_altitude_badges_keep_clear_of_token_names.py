"""An encounter grid's altitude badge (▲2) stands clear of the tokens' discs and name plates on
the GM's map, in exports and on the players' window: on its segment's first area when that is
free, else on another of its areas, else where it covers least. Two plates a hair apart read
as one, so it keeps some room too."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from tabletop.geometry.single.clearing import clear_of
from tabletop.geometry.single.shapes import token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.render import grid_paint
from tabletop.render.grid_paint import altitude_spot
from tabletop.render.paint import paint_map
from tabletop.render.style import gm_style, players_style
from tabletop.render.token_paint import token_boxes
from tabletop.samples import af_encounter

SIZE = (20.0, 10.0)


def test_the_first_free_spot_is_taken():
    spots = [(0.0, 0.0), (40.0, 0.0), (80.0, 0.0)]
    assert altitude_spot(spots, SIZE, []) == (0.0, 0.0)
    over_first = [(-5.0, -5.0, 5.0, 5.0)]
    assert altitude_spot(spots, SIZE, over_first) == (40.0, 0.0)


def test_a_plate_just_touching_the_badge_moves_it_on():
    spots = [(0.0, 0.0), (40.0, 0.0)]
    touching = [(-30.0, -5.0, -10.5, 5.0)]  # half a unit left of the badge's left edge
    assert altitude_spot(spots, SIZE, touching) == (40.0, 0.0)
    far = [(-30.0, -5.0, -20.0, 5.0)]
    assert altitude_spot(spots, SIZE, far) == (0.0, 0.0)


def test_when_nothing_is_clear_it_stands_where_it_covers_least():
    spots = [(0.0, 0.0), (40.0, 0.0)]
    covering = [(-12.0, -6.0, 12.0, 6.0), (38.0, -6.0, 45.0, 6.0)]
    assert altitude_spot(spots, SIZE, covering) == (40.0, 0.0)


def _badges(monkeypatch) -> list[QRectF]:
    """The plates of the altitude badges as painted."""
    drawn: list[QRectF] = []
    plated = grid_paint.text.plated_label

    def keep(p, words, *args, **kwargs):
        box = plated(p, words, *args, **kwargs)
        if words.startswith("▲"):
            drawn.append(QRectF(box))
        return box

    monkeypatch.setattr(grid_paint.text, "plated_label", keep)
    return drawn


@pytest.mark.parametrize("style", [gm_style(), players_style()], ids=["gm", "players"])
def test_no_altitude_badge_touches_a_tokens_name_or_disc(monkeypatch, qapp, style):
    map_ = af_encounter()
    spots = token_spots(map_, MapLayout(map_, index=False).zone, name_scale=style.text_scale)
    boxes = [(b.left(), b.top(), b.right(), b.bottom()) for b in token_boxes(map_.tokens, spots, style)]
    drawn = _badges(monkeypatch)
    image = QImage(1600, 1600, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    paint_map(painter, map_, style)
    painter.end()
    assert len(drawn) == 2
    for badge in drawn:
        box = (badge.left(), badge.top(), badge.right(), badge.bottom())
        assert clear_of(box, boxes, badge.height() / 4), f"{box} touches a token"


def test_the_sample_has_a_badge_that_would_touch_a_name(monkeypatch, qapp):
    """The case above is a real one: Mira's name plate reaches the steep slope's first area."""
    style = players_style()
    map_ = af_encounter()
    spots = token_spots(map_, MapLayout(map_, index=False).zone, name_scale=style.text_scale)
    boxes = token_boxes(map_.tokens, spots, style)
    drawn = _badges(monkeypatch)
    image = QImage(1600, 1600, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    grid = map_.grids[0]
    grid_paint.paint_segments(painter, grid, style)  # no tokens to keep clear of: every badge in its first area
    painter.end()
    assert any(badge.intersects(box) for badge in drawn for box in boxes)
