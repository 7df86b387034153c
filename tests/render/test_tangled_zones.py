"""Tangled zones (a polygon crossing itself back and forth, a star of many spikes) are kept and
drawn as they are: filled even-odd as Qt fills them, by render/tangles.py in pixels, with work
in proportion to the edges and the rows they cross, never Qt's slow filling; SVG and PDF keep
them as paths."""

from __future__ import annotations

import math
import random
import re

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF

from tabletop.model import Map, PolygonShape, Zone
from tabletop.model.base import MAX_POINTS
from tabletop.render import tangles
from tabletop.render.export import ExportOptions, Who, png_bytes, svg_bytes
from tabletop.render.paint import paint_map
from tabletop.render.style import gm_style
from tabletop.render.tangles import TANGLE_POINTS, fill_even_odd, tangled_points

INK = QColor("#2040a0")


def tangle(count: int, width: float = 300.0, height: float = 200.0, seed: int = 1) -> list:
    rng = random.Random(seed)
    return [(abs((width if k % 2 else 0.0) - rng.uniform(0, width / 50)), rng.uniform(0, height)) for k in range(count)]


def star(count: int, outer: float = 140.0) -> list:
    return [
        (
            150 + (outer if k % 2 else 20) * math.cos(2 * math.pi * k / count),
            150 + (outer if k % 2 else 20) * math.sin(2 * math.pi * k / count),
        )
        for k in range(count)
    ]


def _image(size: int = 320) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    return image


def _edges(filled: np.ndarray) -> np.ndarray:
    """The pixels beside a change between filled and not, across or down."""
    edge = np.zeros_like(filled)
    across, down = filled[:, 1:] != filled[:, :-1], filled[1:, :] != filled[:-1, :]
    edge[:, 1:] |= across
    edge[:, :-1] |= across
    edge[1:, :] |= down
    edge[:-1, :] |= down
    return edge


def _filled(image: QImage) -> np.ndarray:
    bits = np.frombuffer(image.constBits(), dtype=np.uint32).reshape(image.height(), image.width())
    return bits != 0


SHAPES = [tangle(300), star(400), tangle(40, 90.0, 300.0, seed=5)]


@pytest.mark.parametrize("points", SHAPES, ids=["tangle", "star", "tall"])
@pytest.mark.parametrize("scale", [1.0, 0.37])
def test_a_tangle_is_filled_as_qt_fills_it_without_antialiasing(qapp, points, scale):
    ours, qts = _image(), _image()
    p = QPainter(ours)
    p.translate(7.25, 3.5)
    p.scale(scale, scale)
    xy = np.asarray(points)
    fill_even_odd(p, xy[:, 0], xy[:, 1], INK)
    p.end()
    p = QPainter(qts)
    p.translate(7.25, 3.5)
    p.scale(scale, scale)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(INK)
    p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))  # even-odd, as a zone's polygon is drawn
    p.end()
    mine, theirs = _filled(ours), _filled(qts)
    assert theirs.sum() > 1000
    # Qt rounds the edges on a grid of its own: the two differ only beside an edge of either
    assert not ((mine != theirs) & ~(_edges(mine) | _edges(theirs))).any()
    assert (mine != theirs).sum() <= 0.05 * theirs.sum()
    row, col = np.argwhere(mine)[0]
    assert ours.pixelColor(int(col), int(row)).rgb() == INK.rgb()


@pytest.mark.parametrize("points", SHAPES, ids=["tangle", "star", "tall"])
def test_a_pixel_is_filled_when_its_centre_is_inside_even_odd(qapp, points):
    from tabletop.geometry.single.labels import inside

    image = _image(160)
    p = QPainter(image)
    p.translate(3.5, 1.25)
    p.scale(0.5, 0.5)
    xy = np.asarray(points)
    fill_even_odd(p, xy[:, 0], xy[:, 1], INK)
    p.end()
    mine = _filled(image)
    centres = [(row, col) for row in range(0, 160, 3) for col in range(0, 160, 3)]
    for row, col in centres:
        assert mine[row, col] == inside(points, (col + 0.5 - 3.5) / 0.5, (row + 0.5 - 1.25) / 0.5), (row, col)


def test_a_tangle_is_known_by_its_points_and_a_room_is_not():
    assert tangled_points(tangle(300)) and tangled_points(star(400))
    assert not tangled_points(tangle(TANGLE_POINTS))  # a few points: Qt is quick whatever they do
    room = [(0, 0), (300, 0), (300, 60), (60, 60), (60, 300), (0, 300)]
    circle = [(100 * math.cos(k / 50), 100 * math.sin(k / 50)) for k in range(314)]
    assert not tangled_points(room) and not tangled_points(circle)


def test_a_tangle_of_the_most_points_is_filled_with_work_in_proportion_to_its_rows(qapp, monkeypatch):
    """A 10,000-point tangle across a 1,000-pixel picture: each edge met on the rows it spans,
    and never Qt's own filling of the polygon."""
    met = []
    mask = tangles._mask

    def counted(x, y, x2, y2, width, height):
        met.append(int(np.maximum(0, np.ceil(np.maximum(y, y2) - 0.5) - np.ceil(np.minimum(y, y2) - 0.5)).sum()))
        return mask(x, y, x2, y2, width, height)

    monkeypatch.setattr(tangles, "_mask", counted)
    drawn = []
    monkeypatch.setattr(QPainter, "drawPolygon", lambda self, *args: drawn.append(args))
    points = tangle(MAX_POINTS, 1000.0, 1000.0)
    zone = Zone(id="knot", name="The Knot", shape=PolygonShape(points=points))
    image = QImage(1000, 1000, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(image)
    paint_map(p, Map(zones=[zone]), gm_style())
    p.end()
    assert met and sum(met) <= MAX_POINTS * 1000
    assert all(len(args[0]) == MAX_POINTS for args in drawn)  # the outline only: a hairline
    assert not any(p.brush().style() != Qt.BrushStyle.NoBrush for _ in drawn)


def test_every_export_of_a_map_with_a_tangle_is_made_and_the_players_see_it_too(qapp):
    zone = Zone(id="knot", name="The Knot", shape=PolygonShape(points=star(2000)))
    map_ = Map(zones=[zone, Zone(id="room", shape=PolygonShape(points=[(400, 0), (500, 0), (500, 100)]))])
    for who in (Who.GM, Who.PLAYERS):
        png = png_bytes(map_, 800, options=ExportOptions(who=who))
        image = QImage.fromData(png)
        assert image.width() > 100
        svg = svg_bytes(map_, 800, options=ExportOptions(who=who)).decode()
        shapes = svg.count("<polygon") + svg.count("<path")
        assert shapes >= 2 and "<image" not in svg  # a vector file keeps the tangle a polygon or a path
        assert max(len(points) for points in re.findall(r'(?:points|d)="([^"]*)"', svg)) > 2000 * 8


@pytest.mark.parametrize("crossings", [tangles.MAX_CROSSINGS, 8])
def test_a_tangle_painted_a_tile_at_a_time_is_the_tangle_painted_whole(qapp, monkeypatch, crossings):
    """The window paints 256-pixel tiles and patches: each must hold the very pixels of the whole
    picture there, also when the tangle is filled in bands of rows (few crossings allowed)."""
    monkeypatch.setattr(tangles, "MAX_CROSSINGS", crossings)
    xy = np.asarray(tangle(500))

    def painted(clips):
        image = _image()
        for left, top, width, height in clips:
            p = QPainter(image)
            p.setClipRect(left, top, width, height)
            p.translate(5.5, 9.25)
            fill_even_odd(p, xy[:, 0], xy[:, 1], INK)
            p.end()
        return _filled(image)

    whole = painted([(0, 0, 320, 320)])
    assert whole.sum() > 1000
    tiles = [(x, y, 64, 64) for x in range(0, 320, 64) for y in range(0, 320, 64)]
    assert (painted(tiles) == whole).all()
    assert (
        painted([(37, 51, 91, 13), (0, 0, 37, 320), (37, 0, 283, 51), (128, 51, 192, 269), (37, 64, 91, 256)]) == whole
    ).all()
