"""A token's picture sits in a ring of its side's colour, so sides read apart across the table
however the GM coloured the tokens: a token on no side wears a grey ring on a map with sides,
a token coloured apart from its side shows its own colour as a thin line inside the ring. A
token with art alone in an area fills the area, and its name plate never outgrows its disc."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.geometry.single.shapes import TOKEN_RADIUS, token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.io import load_map
from tabletop.model import AreaLocation, EncounterGrid, Map, Tile, Token, TokenPicture
from tabletop.render.style import gm_style, players_style
from tabletop.render.token_art import ART_RADIUS, NO_SIDE_RING, TokenArt, side_rings
from tabletop.render.token_paint import ART_RING, OWN_RING, token_boxes
from tests.render.recording import paint

MAPS = Path(__file__).resolve().parents[2] / "maps"
FACE = QColor(250, 220, 40)
BAND, ORC = "#16a085", "#27ae60"
"""Teal and green: told apart on a screen at arm's length, not across a table."""


def _face(folder: Path) -> None:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(FACE)
    assert image.save(str(folder / "face.png"))


def _token(token_id: str, side: str, colour: str, col: int, row: int = 2, **more) -> Token:
    where = AreaLocation(grid="creek", row=row, col=col)
    picture = TokenPicture(path="face.png")
    return Token(id=token_id, name=token_id.title(), side=side, colour=colour, location=where, picture=picture, **more)


def _creek(*tokens: Token) -> Map:
    grid = EncounterGrid(id="creek", tiles=[Tile(row=0, col=c) for c in range(3)])
    return Map(grids=[grid], tokens=list(tokens))


def _ring_at(drawn, map_: Map, token_id: str, share: float, angle: float = 200) -> QColor:
    """The colour at `share` of the way out along the token's disc, towards `angle` (clear of
    its facing, east)."""
    image, scale, left, top = drawn
    x, y = token_spots(map_, MapLayout(map_, index=False).zone)[token_id]
    radius = TokenArt(None, map_).radius(map_.tokens[[t.id for t in map_.tokens].index(token_id)], True)
    reach = radius * share * scale
    px = (x - left) * scale + reach * math.cos(math.radians(angle))
    py = (y - top) * scale + reach * math.sin(math.radians(angle))
    return image.pixelColor(round(px), round(py))


def _near(colour: QColor, wanted: str | QColor, slack: int = 26) -> bool:
    wanted = QColor(wanted)
    return all(abs(a - b) <= slack for a, b in zip(colour.getRgb()[:3], wanted.getRgb()[:3], strict=True))


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65): distances in it follow what the eye tells apart."""
    c = QColor(colour)
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c.redF(), c.greenF(), c.blueF()))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _apart(a: str, b: str) -> float:
    """How far apart two colours look (CIE76 delta E): teal and green, alike across a table, are
    under 30."""
    return math.dist(_lab(a), _lab(b))


@pytest.mark.parametrize("style", [gm_style(), players_style()], ids=["GM", "players"])
def test_tokens_of_one_side_share_its_ring_and_a_bystander_wears_grey(qapp, tmp_path, style):
    _face(tmp_path)
    kell = _token("kell", "band", "#2e86c1", 0, facing=90)
    mira = _token("mira", "band", BAND, 5, facing=90)
    orc = _token("orc", "neutral", ORC, 10, facing=90)
    raider = _token("raider", "raiders", "#c0392b", 14, facing=90)
    map_ = _creek(kell, mira, orc, raider)
    drawn = paint(map_, style, 1600, base_dir=tmp_path)
    ring = 1 - ART_RING / 2
    for token_id, wanted in (("kell", BAND), ("mira", BAND), ("orc", NO_SIDE_RING), ("raider", "#c0392b")):
        for angle in (160, 200, 250):
            assert _near(_ring_at(drawn, map_, token_id, ring, angle), wanted), (token_id, angle)
        assert _near(_ring_at(drawn, map_, token_id, 0.3), FACE), token_id
    own = 1 - ART_RING - OWN_RING / 2  # Kell's own blue, a line inside the band's ring
    assert _near(_ring_at(drawn, map_, "kell", own), "#2e86c1", 40)
    assert _near(_ring_at(drawn, map_, "mira", own), FACE), "wearing the side's colour: no line"


def test_on_a_map_without_sides_each_ring_is_the_tokens_own_colour(qapp, tmp_path):
    _face(tmp_path)
    map_ = _creek(_token("kell", "neutral", "#2e86c1", 0, facing=90), _token("orc", "neutral", ORC, 10, facing=90))
    drawn = paint(map_, gm_style(), 1600, base_dir=tmp_path)
    assert _near(_ring_at(drawn, map_, "kell", 1 - ART_RING / 2), "#2e86c1")
    assert _near(_ring_at(drawn, map_, "orc", 1 - ART_RING / 2), ORC)


def test_a_hidden_token_never_changes_a_sides_ring():
    seen = [_token("kell", "band", "#2e86c1", 0)]
    hidden = [_token(f"spy{k}", "band", "#8e44ad", 4 + k, hidden=True) for k in range(3)]
    assert side_rings(seen) == side_rings(seen + hidden) == {"band": "#2e86c1", "neutral": NO_SIDE_RING}


@pytest.mark.parametrize("path", sorted(MAPS.glob("*.tabletop")), ids=lambda p: p.stem)
def test_the_sides_of_every_sample_map_wear_rings_far_apart(path):
    rings = side_rings(load_map(path).tokens)
    assert len(rings) >= 2
    colours = list(rings.values())
    for k, a in enumerate(colours):
        for b in colours[k + 1 :]:
            assert _apart(a, b) > 35, (rings, a, b)


def test_a_token_with_art_alone_in_its_area_fills_it_and_a_crowded_one_does_not(qapp, tmp_path):
    _face(tmp_path)
    alone = _token("kell", "band", BAND, 0, facing=90)
    pair = [_token("mira", "band", BAND, 10, facing=90), _token("bran", "band", BAND, 10, facing=90)]
    map_ = _creek(alone, *pair)
    drawn = paint(map_, gm_style(), 1600, base_dir=tmp_path)
    image, scale, left, top = drawn
    spots = token_spots(map_, MapLayout(map_, index=False).zone)
    x, y = spots["kell"]
    edge = (TOKEN_RADIUS + ART_RADIUS) / 2  # past the usual disc, inside the larger one
    assert _near(image.pixelColor(round((x - left - edge) * scale), round((y - top) * scale)), BAND)
    x, y = spots["mira"]  # the left of a pair: nothing past its usual disc on its outer side
    outside = image.pixelColor(round((x - left - edge) * scale), round((y - top + TOKEN_RADIUS * 0.3) * scale))
    assert not _near(outside, BAND, 40)
    assert map_.grids[0].area_size >= ART_RADIUS * 2, "the larger disc stays inside its area"


def test_a_grid_of_small_areas_keeps_the_larger_disc_inside_its_area():
    kell = _token("kell", "band", BAND, 0)
    for size, most in ((30.0, TOKEN_RADIUS), (36.0, 18.0), (80.0, ART_RADIUS)):
        grid = EncounterGrid(id="creek", tiles=[Tile(row=0, col=0)], area_size=size)
        radius = TokenArt(None, Map(grids=[grid], tokens=[kell])).radius(kell, True)
        assert TOKEN_RADIUS <= radius <= most, size
        assert radius == TOKEN_RADIUS or 2 * radius < size, size
    assert _apart(BAND, ORC) < 35, "teal and green, alike across a table, stay under the bar"


@pytest.mark.parametrize("style", [gm_style(), players_style()], ids=["GM", "players"])
def test_a_name_plate_stays_well_under_the_height_of_the_disc_it_names(style):
    kell = _token("kell", "band", BAND, 1)
    map_ = _creek(kell)
    art = TokenArt(None, map_)
    disc, plate = token_boxes(map_.tokens, {"kell": (60.0, 100.0)}, style, art)
    assert disc.width() == pytest.approx(2 * ART_RADIUS)
    assert plate.height() <= 0.75 * disc.height(), "the face catches the eye, not the plate"
    assert plate.top() >= disc.bottom(), "below the disc, not over it"
