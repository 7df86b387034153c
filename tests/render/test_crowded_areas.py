"""Tokens sharing an area (an overlap): every name plate clear of every disc and of every
other name, as the picture is painted, for the GM and the players, and an area holding
opponents marked, an area of friends not."""

from __future__ import annotations

import itertools
import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.geometry.single.shapes import TOKEN_RADIUS, area_name_sides, area_spots, token_spots
from tabletop.model import AreaLocation, EncounterGrid, Map, Tile, Token
from tabletop.render import text
from tabletop.render.paint import paint_map
from tabletop.render.style import gm_style, players_style
from tabletop.render.token_paint import OVERLAP_COLOUR, area_crowds

NAMES = ["Raider archer", "Kell", "Bran the Bold", "Mira", "Ysolde of the Marsh", "Raider"]


def _map(n: int, sides: list[str], area=(7, 7)) -> Map:
    grid = EncounterGrid(id="g", tiles=[Tile(row=r, col=c) for r in range(3) for c in range(3)])
    tokens = [
        Token(
            id=f"t{k}",
            name=NAMES[k],
            side=sides[k % len(sides)],
            colour=["#2e86c1", "#16a085"][k % 2],
            location=AreaLocation(grid="g", row=area[0], col=area[1]),
            facing=45 * k,
        )
        for k in range(n)
    ]
    return Map(grids=[grid], tokens=tokens)


def _plates(monkeypatch, map_: Map, style) -> list[QRectF]:
    """The name plates painting draws, in map units."""
    plates: list[QRectF] = []
    real = text.plated_label

    def spy(*args, **kwargs):
        box = real(*args, **kwargs)
        plates.append(QRectF(box))
        return box

    monkeypatch.setattr(text, "plated_label", spy)
    image = QImage(800, 800, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    paint_map(painter, map_, style)
    painter.end()
    return plates


def _disc_meets(plate: QRectF, centre: tuple[float, float]) -> bool:
    nearest_x = min(max(centre[0], plate.left()), plate.right())
    nearest_y = min(max(centre[1], plate.top()), plate.bottom())
    return math.dist((nearest_x, nearest_y), centre) < TOKEN_RADIUS


@pytest.mark.parametrize("style", [gm_style(), players_style()], ids=["gm", "players"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_names_in_a_crowded_area_cover_no_disc_and_no_other_name(qapp, monkeypatch, n, style):
    map_ = _map(n, ["band", "raiders"])
    plates = _plates(monkeypatch, map_, style)
    spots = list(token_spots(map_).values())
    assert len(plates) == n, "every token's name is drawn"
    for i, plate in enumerate(plates):
        covered = [k for k, spot in enumerate(spots) if _disc_meets(plate, spot)]
        assert not covered, f"{n} tokens: the name '{NAMES[i]}' covers the disc of token {covered}"
        for j in range(i + 1, n):
            assert not plate.intersects(plates[j]), f"{n} tokens: names {i} and {j} overlap"
    for a, b in itertools.combinations(spots, 2):
        assert math.dist(a, b) >= 2 * TOKEN_RADIUS, "no disc covers another"


def test_a_crowded_group_stands_about_its_area_and_names_go_outward():
    for n in range(2, 7):
        spots, sides = area_spots(n), area_name_sides(n)
        assert all(abs(x) <= 40 for x, _ in spots), "both columns lean on the area's middle"
        ys = [y for _, y in spots]
        assert abs(min(ys) + max(ys)) < 1e-9, "the group's rows are centred on its area"
        for (x, _), side in zip(spots, sides, strict=True):
            assert side == ("left" if x < 0 else "right" if x > 0 else "below")
    assert area_spots(1) == [(0.0, 0.0)], "a token alone stands in the middle of its area"


def _red_pixels(map_: Map) -> int:
    image = QImage(700, 700, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(-100, -100)
    paint_map(painter, map_, gm_style())
    painter.end()
    red = OVERLAP_COLOUR
    return sum(
        abs(image.pixelColor(x, y).red() - red.red()) < 12
        and abs(image.pixelColor(x, y).green() - red.green()) < 12
        and abs(image.pixelColor(x, y).blue() - red.blue()) < 12
        for x in range(0, 700, 2)
        for y in range(0, 700, 2)
    )


def test_an_area_holding_opponents_is_marked_and_friends_are_not(qapp):
    assert _red_pixels(_map(3, ["band"])) == 0, "friends sharing an area: no overlap mark"
    assert _red_pixels(_map(3, ["band", "neutral"])) == 0, "a bystander of no side opposes nobody"
    assert _red_pixels(_map(3, ["band", "raiders"])) > 100, "opponents sharing an area: the overlap is marked"


def test_crowds_count_only_the_tokens_given(qapp):
    """The players' picture passes only the tokens they see: a hidden opponent marks nothing."""
    map_ = _map(3, ["band", "band", "raiders"])
    assert area_crowds(map_.tokens)["t0"].opponents
    seen = area_crowds(map_.tokens[:2])
    assert not seen["t0"].opponents and seen["t1"].count == 2


@pytest.mark.parametrize("style", [gm_style(), players_style()], ids=["gm", "players"])
def test_names_beside_a_crowd_at_the_grids_edge_stay_in_the_picture(qapp, monkeypatch, style):
    """A picture and a fitted view frame map_bounds: names written past a grid's west or east
    edge are inside it, not cut."""
    from tabletop.geometry.single.shapes import map_bounds

    for area in ((7, 0), (7, 14)):
        map_ = _map(6, ["band", "raiders"], area)
        left, top, width, height = map_bounds(map_, margin=0)
        frame = QRectF(left, top, width, height)
        for plate in _plates(monkeypatch, map_, style):
            assert frame.contains(plate), f"a name at area {area} reaches past the map's bounds"
