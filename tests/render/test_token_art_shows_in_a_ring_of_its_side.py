"""A token with a picture shows the crop of it on its disc, in a ring of its side's colour; a
picture that cannot be drawn is a question mark on the disc, said once; each picture is cut
and scaled once per size."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.geometry.single.shapes import TOKEN_RADIUS, token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tabletop.render.style import MapStyle
from tabletop.render.token_art import TokenArt, art_problems, crop_rect
from tabletop.render.token_paint import ART_RING
from tests.render.recording import paint

PORTRAIT, SIDE = QColor(0, 200, 0), QColor("#1f4fd1")


def _picture(path, left: QColor = PORTRAIT, right: QColor | None = None) -> None:
    """A 120 x 80 picture: `left` all over, or its right half `right`."""
    image = QImage(120, 80, QImage.Format.Format_RGB32)
    image.fill(left)
    if right is not None:
        p = QPainter(image)
        p.fillRect(QRectF(60, 0, 60, 80), right)
        p.end()
    assert image.save(str(path))


def _map(*tokens: Token) -> Map:
    zones = [Zone(id=f"z{i}", shape=NodeShape(x=200.0 * i, y=0, radius=80)) for i in range(len(tokens))]
    placed = [t.model_copy(update={"location": ZoneLocation(zone=f"z{i}")}) for i, t in enumerate(tokens)]
    return Map(zones=zones, tokens=placed)


def _token(path: str | None, name: str = "kell", **crop) -> Token:
    picture = None if path is None else TokenPicture(path=path, **crop)
    return Token(id=name, name=name.title(), colour=SIDE.name(), facing=90, picture=picture)


def _spot(drawn, map_: Map, token_id: str) -> tuple[float, float]:
    """Where the token's centre lands in the picture, in pixels, and the pixels per map unit."""
    _, scale, left, top = drawn
    x, y = token_spots(map_, MapLayout(map_, index=False).zone, name_scale=MapStyle().text_scale)[token_id]
    return (x - left) * scale, (y - top) * scale


def _near(colour: QColor, wanted: QColor, slack: int = 24) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour.getRgb()[:3], wanted.getRgb()[:3], strict=True))


def test_the_picture_fills_the_disc_inside_a_ring_of_the_sides_colour(qapp, tmp_path):
    _picture(tmp_path / "kell.png")
    map_ = _map(_token("kell.png"))
    drawn = paint(map_, MapStyle(), 1600, base_dir=tmp_path)
    image, scale = drawn[0], drawn[1]
    cx, cy = _spot(drawn, map_, "kell")
    inner = TOKEN_RADIUS * (1 - ART_RING) * scale
    for dx, dy in ((0, 0), (-inner * 0.6, 0), (0, inner * 0.6), (0, -inner * 0.6)):
        assert _near(image.pixelColor(round(cx + dx), round(cy + dy)), PORTRAIT), (dx, dy)
    ring = TOKEN_RADIUS * (1 - ART_RING / 2) * scale
    for angle in (180, 250, 300):  # round the ring, away from where it faces (east)
        x, y = cx + ring * math.cos(math.radians(angle)), cy + ring * math.sin(math.radians(angle))
        assert _near(image.pixelColor(round(x), round(y)), SIDE), angle


def test_the_crop_chooses_the_part_of_the_picture_the_disc_shows(qapp, tmp_path):
    red, green = QColor(220, 0, 0), QColor(0, 200, 0)
    _picture(tmp_path / "two.png", red, green)
    left, right = _token("two.png", "left", x=0.0, zoom=2.0), _token("two.png", "right", x=1.0, zoom=2.0)
    map_ = _map(left, right)
    drawn = paint(map_, MapStyle(), 1600, base_dir=tmp_path)
    assert _near(drawn[0].pixelColor(*map(round, _spot(drawn, map_, "left"))), red)
    assert _near(drawn[0].pixelColor(*map(round, _spot(drawn, map_, "right"))), green)


def test_a_crop_stays_inside_the_picture():
    square = crop_rect(TokenPicture(path="p.png", x=1.0, y=0.0, zoom=2.0), 120, 80)
    assert (square.width(), square.height()) == (40, 40)
    assert (square.right(), square.top()) == (120, 0)
    whole = crop_rect(TokenPicture(path="p.png"), 120, 80)
    assert (whole.left(), whole.top(), whole.width()) == (20, 0, 80)


def test_a_missing_picture_is_a_mark_on_the_disc_and_said_once_for_every_token(qapp, tmp_path):
    map_ = _map(_token("gone.png", "orc1"), _token("gone.png", "orc2"), _token(None, "kell"))
    drawn = paint(map_, MapStyle(), 1600, base_dir=tmp_path)
    image, scale = drawn[0], drawn[1]
    cx, cy = _spot(drawn, map_, "orc1")
    off_mark = TOKEN_RADIUS * 0.5 * scale
    assert _near(image.pixelColor(round(cx - off_mark), round(cy)), SIDE), "the disc keeps its colour"
    marks = [image.pixelColor(round(cx), round(cy + dy * scale)) for dy in range(-8, 9)]
    assert any(_near(colour, QColor("white"), 40) for colour in marks), "a white question mark on it"
    problems = art_problems(map_, tmp_path)
    assert len(problems) == 1
    assert "token picture" in problems[0] and "is missing" in problems[0] and "(Orc1, Orc2)" in problems[0]


def test_an_unreadable_picture_is_refused_in_one_line(qapp, tmp_path):
    (tmp_path / "notes.png").write_text("not a picture")
    problems = art_problems(_map(_token("notes.png")), tmp_path)
    assert problems == [f"token picture '{tmp_path / 'notes.png'}' is not a picture Tabletop can read (Kell)"]


def test_each_picture_is_cut_and_scaled_once_per_size(qapp, tmp_path):
    _picture(tmp_path / "kell.png")
    art = TokenArt(tmp_path)
    picture = TokenPicture(path="kell.png", zoom=1.5)
    first = art.disc(picture, 64)
    assert first is not None and first.width() == 64
    assert TokenArt(tmp_path).disc(picture, 64).cacheKey() == first.cacheKey(), "kept, not scaled again"
    assert art.disc(picture, 128).width() == 128
    assert art.disc(picture.model_copy(update={"zoom": 2.0}), 64).cacheKey() != first.cacheKey()


def test_an_svg_picture_is_drawn_too(qapp, tmp_path):
    (tmp_path / "art.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
        '<rect width="40" height="40" fill="#00c800"/></svg>'
    )
    map_ = _map(_token("art.svg"))
    drawn = paint(map_, MapStyle(), 1600, base_dir=tmp_path)
    assert _near(drawn[0].pixelColor(*map(round, _spot(drawn, map_, "kell"))), PORTRAIT)


def test_a_problem_shows_its_picture_inside_its_square(qapp, tmp_path):
    _picture(tmp_path / "cart.png")
    cart = _token("cart.png", "cart").model_copy(update={"problem": True})
    map_ = _map(cart)
    drawn = paint(map_, MapStyle(), 1600, base_dir=tmp_path)
    image, scale = drawn[0], drawn[1]
    cx, cy = _spot(drawn, map_, "cart")
    assert _near(image.pixelColor(round(cx), round(cy)), PORTRAIT)
    corner = TOKEN_RADIUS * 0.8 * scale  # in the square's corner, outside the picture: the side's colour
    assert _near(image.pixelColor(round(cx - corner), round(cy)), SIDE)
