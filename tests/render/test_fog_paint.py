"""Fog over a grid's areas: painted where the areas are, with the grid's bounds asked once."""

from __future__ import annotations

from functools import partial

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.model import EncounterGrid, Tile
from tabletop.render.fog_paint import paint_area_fog
from tabletop.render.style import players_style
from tests.document.test_fog_commands import _counting_bounds


def test_fog_of_many_areas_is_painted_on_them_with_the_bounds_asked_once(qapp, monkeypatch):
    tiles = [Tile(row=r, col=c) for r in range(20) for c in range(20)]
    grid = EncounterGrid(id="g", tiles=tiles, area_size=10.0)
    fogged = [(r, c) for r in range(0, 100, 2) for c in range(100)] + [(5000, 5000), (-3, 7)]
    image = QImage(1000, 1000, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    calls = _counting_bounds(monkeypatch)
    painter = QPainter(image)
    paint_area_fog(painter, grid, fogged, players_style())
    painter.end()
    assert calls[0] <= 2, "each of 5,000 fogged areas asked the 400 tiles for the bounds"
    # area row 10 (y 100-110) is fogged, row 11 (y 110-120) is not
    assert image.pixelColor(505, 105) != QColor("white")
    assert image.pixelColor(505, 115) == QColor("white")


def _veiled(zones, scale: float, antialiased: bool, merged: bool | None = None):
    """The GM's veil over these zones at this scale: as paint_zone_fog paints it, or (`merged`
    given) from the path merged into its outline or not."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPainterPath

    from tabletop.render import fog_paint
    from tabletop.render.style import MapStyle
    from tabletop.render.zone_paint import zone_path

    image = QImage(700, 500, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, antialiased)
    painter.scale(scale, scale)
    if merged is None:
        fog_paint.paint_zone_fog(painter, zones, MapStyle(), partial(fog_paint.zones_path, path_of=zone_path))
    else:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for zone in zones:
            path.addPath(zone_path(zone))
        fog_paint._fog(painter, path.simplified() if merged else path, MapStyle())
    painter.end()
    return image


def _covered(image: QImage) -> QImage:
    return image.convertToFormat(QImage.Format.Format_Alpha8)


def test_the_gms_veil_far_out_covers_the_pixels_the_merged_outline_does(qapp):
    """Without antialiasing a pixel is the veil's when its centre is in any zone, merged or not
    (zones drawn either way round included), so far out the veil is filled unmerged (its cloud
    may fall a shade apart, the texture read along other runs); close up, antialiased, it is
    merged as before."""
    from tests.maps import zone_map

    zones = zone_map(200).zones
    zones = [
        z.model_copy(update={"shape": z.shape.model_copy(update={"points": list(reversed(z.shape.points))})})
        if k % 3 == 0
        else z
        for k, z in enumerate(zones)
    ]
    for scale in (0.07, 0.19, 0.33):
        far = _veiled(zones, scale, antialiased=False)
        assert _covered(far) == _covered(_veiled(zones, scale, antialiased=False, merged=True)), scale
        assert far.pixelColor(20, 20).alpha() > 0, "the veil is painted"
    near = _veiled(zones, 0.9, antialiased=True)
    assert near == _veiled(zones, 0.9, antialiased=True, merged=True)


@pytest.mark.parametrize("how", ["the GM's, far out", "the GM's, close up", "the players'"])
def test_fog_read_from_the_layouts_arrays_is_the_fog_made_zone_by_zone(qapp, how):
    """The fogged zones' path from the layout's arrays in one stream (edited zones and nodes
    added one by one) paints the very pixels of a path made zone by zone."""
    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.model import NodeShape, Zone
    from tabletop.render import fog_paint
    from tabletop.render.style import MapStyle
    from tabletop.render.zone_paint import fog_path, zone_path
    from tests.maps import zone_map

    map_ = zone_map(200)
    map_.zones.append(Zone(id="node", name="Node", shape=NodeShape(x=130.0, y=90.0, radius=30.0)))
    layout = MapLayout(map_)
    moved = map_.zones[4]
    points = [(x + 7.0, y + 3.0) for x, y in moved.shape.points]
    layout.set_zone(moved.model_copy(update={"shape": moved.shape.model_copy(update={"points": points})}))
    zones = [*[layout.zone(z.id) for z in map_.zones][::2], layout.zone("node")]
    style = players_style() if how == "the players'" else MapStyle()
    scale, antialiased = (0.9, True) if how == "the GM's, close up" else (0.3, how == "the players'")
    painted = []
    for path_of in (partial(fog_path, layout), partial(fog_paint.zones_path, path_of=zone_path)):
        image = QImage(700, 500, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, antialiased)
        painter.scale(scale, scale)
        fog_paint.paint_zone_fog(painter, zones, style, path_of)
        painter.end()
        painted.append(image)
    assert painted[0] == painted[1]
    x, y = zones[0].shape.centre()
    assert _covered(painted[0]).pixelColor(int(x * scale), int(y * scale)).alpha() > 0, "the fog is painted"


@pytest.mark.parametrize("way", ["edited since opening", "added since opening", "both drawn since"])
def test_fogged_zones_drawn_either_way_round_are_all_under_the_fog(qapp, way):
    """The winding rule counts a polygon drawn the other way round against one that overlaps
    it: the fog turns every polygon the same way (read from the arrays or made since opening),
    so the players never see into a fogged zone through a hole where two overlap."""
    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.model import Map, PolygonShape, Zone
    from tabletop.render import fog_paint
    from tabletop.render.zone_paint import fog_path

    outer = [(0.0, 0.0), (0.0, 200.0), (200.0, 200.0), (200.0, 0.0)]  # the other way round to `inner`
    inner = [(50.0, 50.0), (150.0, 50.0), (150.0, 150.0), (50.0, 150.0)]
    opened = [] if way == "both drawn since" else [Zone(id="outer", shape=PolygonShape(points=outer), fogged=True)]
    if way == "edited since opening":
        opened.append(Zone(id="inner", shape=PolygonShape(points=[(60.0, 60.0), (70.0, 60.0), (70.0, 70.0)])))
    layout = MapLayout(Map(title="t", zones=opened))
    layout.set_zone(Zone(id="inner", shape=PolygonShape(points=inner), fogged=True))
    if way == "both drawn since":
        layout.set_zone(Zone(id="outer", shape=PolygonShape(points=outer), fogged=True))
    image = QImage(300, 300, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    fog_paint.paint_zone_fog(
        painter, [layout.zone("outer"), layout.zone("inner")], players_style(), partial(fog_path, layout)
    )
    painter.end()
    assert image.pixelColor(100, 100) != QColor("white") and image.pixelColor(25, 25) != QColor("white")
    assert image.pixelColor(250, 250) == QColor("white")
