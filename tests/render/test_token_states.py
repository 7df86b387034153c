"""A token's states and problem look on the map, the same in the GM's picture, the players' and
every export: a down token is dimmed under a dark DOWN band, even where words are too small to
read; other states are words over it; a problem is a square; a hidden token still never reaches
the players; and nothing else in the picture changes."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.geometry.single.shapes import TOKEN_RADIUS, token_spots
from tabletop.model import Map
from tabletop.render.state_marks import DOWN_BAND
from tabletop.render.style import gm_style, players_style
from tabletop.samples import af_encounter
from tests.render.recording import luminance, paint, record_texts

STYLES = {"GM": gm_style, "players": players_style}


def _with(map_: Map, token_id: str, **update) -> Map:
    tokens = [t.model_copy(update=update) if t.id == token_id else t for t in map_.tokens]
    return map_.model_copy(update={"tokens": tokens})


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    return np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4).copy()


def _distance(colour: QColor, other: str) -> int:
    """How far apart two colours are, channel by channel (antialiasing blurs an edge a little)."""
    return max(abs(a - b) for a, b in zip(colour.getRgb()[:3], QColor(other).getRgb()[:3], strict=True))


def _picture(map_: Map, style, width: int = 1600):
    """The picture, and a function from a map point to its pixel."""
    image, scale, left, top = paint(map_, style, width)
    return image, lambda x, y: (round((x - left) * scale), round((y - top) * scale))


@pytest.mark.parametrize("audience", STYLES)
def test_a_down_token_is_dimmed_under_a_dark_band_and_nothing_else_changes(qapp, audience):
    style = STYLES[audience]()
    standing = af_encounter()
    kell = next(t for t in standing.tokens if t.id == "kell")
    down = _with(standing, "kell", states=["down"])
    before, at = _picture(standing, style)
    after, _ = _picture(down, style)
    assert before != after
    x, y = token_spots(standing)["kell"]
    band = after.pixelColor(*at(x, y - 0.36 * TOKEN_RADIUS))  # the band, above its letters
    assert luminance(band) < 0.05 and abs(band.red() - DOWN_BAND.red()) < 40
    disc = after.pixelColor(*at(x - 0.3 * TOKEN_RADIUS, y + 0.75 * TOKEN_RADIUS))  # under the band
    own = before.pixelColor(*at(x - 0.3 * TOKEN_RADIUS, y + 0.75 * TOKEN_RADIUS))
    assert own.name() == kell.colour.lower() and disc.name() != own.name()
    assert disc.hsvSaturation() < own.hsvSaturation(), "dimmed toward grey"
    changed = np.argwhere((_pixels(before) != _pixels(after)).any(axis=2))
    (top, left), (bottom, right) = changed.min(axis=0), changed.max(axis=0)
    (x0, y0), (x1, y1) = (
        at(x - 2.2 * TOKEN_RADIUS, y - 2.2 * TOKEN_RADIUS),
        at(x + 2.2 * TOKEN_RADIUS, y + 2.2 * TOKEN_RADIUS),
    )
    assert x0 <= left and right <= x1 and y0 <= top and bottom <= y1, (
        "only the token's disc, wedge and flank line change"
    )


@pytest.mark.parametrize("audience", STYLES)
def test_down_says_DOWN_and_other_states_are_words_over_the_token(qapp, monkeypatch, audience):
    style = STYLES[audience]()
    map_ = _with(_with(af_encounter(), "kell", states=["down"]), "mira", states=["bleeding", "exhausted"])
    drawn = record_texts(monkeypatch)
    paint(map_, style, 1600)
    words = [d.text for d in drawn]
    assert words.count("DOWN") == 1 and words.count("bleeding · exhausted") == 1
    assert "Kell" in words and "Mira" in words, "the names stay"
    drawn.clear()
    paint(af_encounter(), style, 1600)
    assert not {"DOWN", "bleeding · exhausted"} & {d.text for d in drawn}


def test_the_band_shows_down_where_words_are_too_small(qapp, monkeypatch):
    drawn = record_texts(monkeypatch)
    map_ = _with(af_encounter(), "kell", states=["down"])
    image, at = _picture(map_, gm_style(), 240)
    assert "DOWN" not in {d.text for d in drawn}, "too small to read at this size"
    x, y = token_spots(map_)["kell"]
    assert luminance(image.pixelColor(*at(x, y))) < 0.05


def test_a_hidden_down_token_never_reaches_the_players(qapp, monkeypatch):
    map_ = _with(af_encounter(), "kell", states=["down", "bleeding"], hidden=True)
    drawn = record_texts(monkeypatch)
    paint(map_, players_style(), 1600)
    assert not {"Kell", "DOWN", "bleeding"} & {d.text for d in drawn}
    drawn.clear()
    paint(map_, gm_style(), 1600)
    assert {"Kell", "DOWN", "bleeding"} <= {d.text for d in drawn}


@pytest.mark.parametrize("audience", STYLES)
def test_a_problem_is_a_square_not_a_disc(qapp, monkeypatch, audience):
    style = STYLES[audience]()
    character = af_encounter()
    raider = next(t for t in character.tokens if t.id == "raider")
    problem = _with(character, "raider", problem=True, name="Stubborn lock")
    x, y = token_spots(character)["raider"]
    drawn = record_texts(monkeypatch)
    disc, at = _picture(character, style)
    square, _ = _picture(problem, style)
    assert "Stubborn lock" in {d.text for d in drawn}, "a problem keeps its name"
    corner = at(x - 0.77 * TOKEN_RADIUS, y + 0.77 * TOKEN_RADIUS)  # inside the square, outside the disc
    assert _distance(square.pixelColor(*corner), raider.colour) < 40
    assert _distance(disc.pixelColor(*corner), raider.colour) > 100
    ring = at(x, y + 0.7 * TOKEN_RADIUS)  # the problem's inner white outline
    assert square.pixelColor(*ring).lightness() > disc.pixelColor(*ring).lightness()
