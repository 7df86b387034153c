"""The selection marks of many zones, their outlines read from the layout's arrays a square of
the map at a time, paint the very pixels the outlines added zone by zone did: zones edited since
opening, nodes, polygons drawn either way round and borders among them."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPen

from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import NodeShape, Zone
from tabletop.render import paint
from tabletop.render.style import MapStyle
from tests.maps import zone_map


def _marks_zone_by_zone(p: QPainter, layout: MapLayout, marked: list, style: MapStyle, detail: bool) -> None:
    """The marks as they were painted before: each zone's points added to its square's path."""
    pen = QPen(style.selection, 3.0)
    pen.setCosmetic(not detail)
    badges: dict[str, None] = {}
    cells: dict[tuple[int, int], QPainterPath] = {}
    border_ids = []
    for kind, object_id in marked:
        if kind == "zone" and (zone := layout.zone(object_id)) is not None:
            if detail:
                badges.update(dict.fromkeys(sorted(layout.borders_at.get(object_id, ()))))
            shape = zone.shape
            x, y = (shape.x, shape.y) if isinstance(shape, NodeShape) else shape.points[0]
            square = (math.floor(x / paint.OUTLINE_CELL), math.floor(y / paint.OUTLINE_CELL))
            cells.setdefault(square, QPainterPath()).addPath(paint.zone_path(zone))
        elif kind == "border" and object_id in layout.lines:
            border_ids.append(object_id)
            badges[object_id] = None
    for key in sorted(cells):
        p.strokePath(cells[key], pen)
    for shared, paths in paint.line_cells_of(*layout.line_arrays(border_ids), paint.LINE_CELL):
        for path in paths:
            p.strokePath(path, paint._border_pen(style.selection, shared, style.line_scale))
    if detail:
        paint.paint_badges(p, [(layout.border(b), layout.lines[b]) for b in badges], style)


def _map_and_layout():
    map_ = zone_map(400)
    for k in range(0, len(map_.zones), 7):  # drawn the other way round
        zone = map_.zones[k]
        map_.zones[k] = zone.model_copy(
            update={"shape": zone.shape.model_copy(update={"points": zone.shape.points[::-1]})}
        )
    map_.zones.append(Zone(id="node", name="Node", shape=NodeShape(x=430.0, y=390.0, radius=50.0)))
    layout = MapLayout(map_)
    for k in (3, 40, 41, 200):  # edited since the map was opened: made from their points
        zone = map_.zones[k]
        points = [(x + 5.0, y + 2.0) for x, y in zone.shape.points]
        layout.set_zone(zone.model_copy(update={"shape": zone.shape.model_copy(update={"points": points})}))
    return map_, layout


@pytest.mark.parametrize(("scale", "detail"), [(0.25, False), (0.8, True)], ids=["far out", "close up"])
def test_the_outlines_from_the_arrays_are_the_outlines_added_zone_by_zone(qapp, scale, detail):
    map_, layout = _map_and_layout()
    chosen = [z.id for z in map_.zones if hash(z.id) % 3] + ["node"]
    marked = [("zone", z) for z in chosen] + [("border", b.id) for b in map_.borders[::5]]
    images = []
    for outlines in ("arrays", "zone by zone"):
        image = QImage(900, 700, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(scale, scale)
        marks = paint.paint_selection if outlines == "arrays" else _marks_zone_by_zone
        marks(painter, layout, marked, MapStyle(), detail)
        painter.end()
        images.append(image)
    assert images[0] == images[1]
    x, y = layout.zone("node").shape.centre()
    assert images[0].pixelColor(int((x + 50) * scale), int(y * scale)).alpha() > 0, "the node's outline is stroked"


def test_the_outline_squares_hold_each_zone_once_in_order(qapp):
    map_, layout = _map_and_layout()
    zones = [layout.zone(z.id) for z in map_.zones]
    cells = paint._outline_cells(layout, zones)
    moves = sum(sum(1 for k in range(c.elementCount()) if c.elementAt(k).isMoveTo()) for c in cells)
    assert moves == len(zones) and len(cells) > 4
