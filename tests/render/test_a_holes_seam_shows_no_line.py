"""The seam that joins a hole to its zone's outline (a room round a pillar, the ground outside
a building, as an imported drawing makes them) is drawn in the fill only: no line along it,
while the room's outline and the hole's are drawn."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import FillStyle, Map, PolygonShape, Zone
from tabletop.render.paint import paint_selection, paint_zone
from tabletop.render.style import MapStyle
from tests.render.recording import paint

RING = [(0.0, 0.0), (400.0, 0.0), (400.0, 400.0), (0.0, 400.0)]
HOLE = [(160.0, 160.0), (160.0, 240.0), (240.0, 240.0), (240.0, 160.0)]
SEAMED = [RING[0], *HOLE, HOLE[0], *RING]
FILL = "#c04040"


def _zone(pattern: str = "solid") -> Zone:
    return Zone(
        id="ground", shape=PolygonShape(points=SEAMED), fill=FillStyle(colour=FILL, opacity=1.0, pattern=pattern)
    )


def _at(drawn, x: float, y: float) -> QColor:
    image, scale, left, top = drawn
    return image.pixelColor(round((x - left) * scale), round((y - top) * scale))


def test_a_filled_zone_shows_no_line_along_its_seam(qapp):
    drawn = paint(Map(zones=[_zone()]), MapStyle(), 800)
    assert _at(drawn, 80, 80).name() == FILL, "the middle of the seam is the fill"
    assert _at(drawn, 80, 60).name() == FILL
    assert _at(drawn, 200, 200).name() != FILL, "the hole is not filled"
    assert _at(drawn, 160, 200).name() != FILL, "the hole's edge is outlined"
    assert _at(drawn, 400, 200).name() != FILL, "the room's edge is outlined"


def test_a_zone_drawn_alone_shows_no_line_along_its_seam(qapp):
    style = MapStyle()
    image = QImage(800, 800, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.fillRect(QRectF(0, 0, 800, 800), style.paper)
    painter.scale(2, 2)
    paint_zone(painter, _zone("none"), style, detail=True)
    painter.end()
    assert image.pixelColor(160, 160).name() == style.paper.name(), "no line along the seam"
    assert image.pixelColor(320, 400).name() != style.paper.name(), "the hole's edge is outlined"


def test_a_selected_zone_is_marked_along_its_outline_not_its_seam(qapp):
    style = MapStyle()
    map_ = Map(zones=[_zone("none")])
    image = QImage(800, 800, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.fillRect(QRectF(0, 0, 800, 800), style.paper)
    painter.scale(2, 2)
    paint_selection(painter, MapLayout(map_), [("zone", "ground")], style, detail=True)
    painter.end()
    assert image.pixelColor(160, 160).name() == style.paper.name(), "no mark along the seam"
    assert image.pixelColor(320, 400).name() == style.selection.name(), "the hole's edge is marked"
    assert image.pixelColor(799, 400).name() == style.selection.name(), "the room's edge is marked"
