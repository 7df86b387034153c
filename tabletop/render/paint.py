"""Painting one map object at a time. Scene items call these for their object; export calls
paint_map for the whole map: the same strokes on the screen and in the file."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.geometry.layout import MapLayout
from tabletop.geometry.shapes import TOKEN_RADIUS, BorderLine, area_rect, grid_rect, token_spots
from tabletop.model import EncounterGrid, Map, NodeShape, Token, Zone
from tabletop.render.badge_paint import paint_badges
from tabletop.render.style import MapStyle, map_font
from tabletop.rules import Terrain

PATTERNS = {
    "hatch": Qt.BrushStyle.BDiagPattern,
    "cross": Qt.BrushStyle.DiagCrossPattern,
    "dots": Qt.BrushStyle.Dense6Pattern,
}
SEGMENT_PATTERNS = {
    "rough": Qt.BrushStyle.Dense5Pattern,
    "cover": Qt.BrushStyle.DiagCrossPattern,
    "steep": Qt.BrushStyle.BDiagPattern,
    "ledge": Qt.BrushStyle.HorPattern,
    "slippery": Qt.BrushStyle.Dense6Pattern,
    "water": Qt.BrushStyle.SolidPattern,
}


def zone_path(zone: Zone) -> QPainterPath:
    path = QPainterPath()
    if isinstance(zone.shape, NodeShape):
        r = zone.shape.radius
        path.addEllipse(QPointF(zone.shape.x, zone.shape.y), r, r)
    else:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in zone.shape.points]))
        path.closeSubpath()
    return path


def paint_zone(p: QPainter, zone: Zone, style: MapStyle, detail: bool, selected: bool = False) -> None:
    _zone_shape(p, zone, style, detail, selected)
    if detail:
        _zone_label(p, zone, style)


def _fill_colour(zone: Zone) -> QColor:
    fill = QColor(zone.fill.colour)
    fill.setAlphaF(zone.fill.opacity)
    return fill


def _zone_shape(p: QPainter, zone: Zone, style: MapStyle, detail: bool, selected: bool = False) -> None:
    path = zone_path(zone)
    fill = _fill_colour(zone)
    if zone.fill.pattern == "solid":
        p.fillPath(path, fill)
    elif zone.fill.pattern in PATTERNS:
        p.fillPath(path, fill.lighter(135))
        p.fillPath(path, QBrush(fill.darker(130), PATTERNS[zone.fill.pattern]))
    if zone.hidden:
        p.fillPath(path, QBrush(style.hidden, Qt.BrushStyle.BDiagPattern))
    pen = QPen(style.selection if selected else style.outline, 3.0 if selected else 1.2)
    pen.setCosmetic(not detail)
    p.strokePath(path, pen)


def _zone_label(p: QPainter, zone: Zone, style: MapStyle) -> None:
    x, y = zone.shape.centre()
    if isinstance(zone.shape, NodeShape):  # beside the disc, on the paper
        _label(p, zone.label, (x, y - zone.shape.radius - 12), style.label, 14)
        return
    # inside the polygon, in a colour that reads on its fill, cut to its width
    fill = _fill_colour(zone)
    ink = style.label if fill.lightnessF() > 0.45 or zone.fill.opacity < 0.5 else QColor("white")
    p.setFont(map_font(14, True))
    xs = [px for px, _ in zone.shape.points]
    name = p.fontMetrics().elidedText(zone.label, Qt.TextElideMode.ElideRight, round(max(xs) - min(xs)) + 16)
    _label(p, name, (x, y), ink, 14, offset_y=-TOKEN_RADIUS * 2.2)


def _label(
    p: QPainter, text: str, at: tuple[float, float], colour: QColor, size: float, offset_y: float = 0, bold: bool = True
) -> None:
    p.setFont(map_font(size, bold))
    p.setPen(colour)
    box = QRectF(at[0] - 150, at[1] + offset_y - size, 300, size * 2)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def paint_border(p: QPainter, line: BorderLine, style: MapStyle, selected: bool = False) -> None:
    """One border's line; the map layer batches the lines of many (paint_region)."""
    p.setPen(_border_pen(style.selection if selected else style.border, line.shared))
    for (x1, y1), (x2, y2) in line.segments:
        p.drawLine(QPointF(x1, y1), QPointF(x2, y2))


def _border_pen(colour: QColor, shared: bool) -> QPen:
    """Solid along a shared edge, dashed between abstract nodes; as wide as a wall in map units,
    so zoomed out over thousands of zones the lines thin with the zoom (to a hairline) instead
    of covering the zones."""
    pen = QPen(colour, 5.0 if shared else 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    if not shared:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


def paint_token(
    p: QPainter, token: Token, spot: tuple[float, float], style: MapStyle, detail: bool, selected: bool = False
) -> None:
    x, y = spot
    r = TOKEN_RADIUS
    centre = QPointF(x, y)
    colour = QColor(token.colour)
    # the facing wedge: 90 degrees wide, pointing where the token faces (compass degrees)
    qt_angle = 90.0 - token.facing
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 90))
    p.drawPie(QRectF(x - 2 * r, y - 2 * r, 4 * r, 4 * r), round((qt_angle - 45) * 16), 90 * 16)
    radians = math.radians(token.facing)
    fx, fy = math.sin(radians), -math.cos(radians)
    flank = QPen(colour.darker(160), 2, Qt.PenStyle.DashLine)
    p.setPen(flank)
    p.drawLine(QPointF(x + fy * 1.6 * r, y - fx * 1.6 * r), QPointF(x - fy * 1.6 * r, y + fx * 1.6 * r))
    p.setPen(QPen(style.selection if selected else colour.darker(170), 3 if selected else 1.5))
    p.setBrush(colour)
    p.drawEllipse(centre, r, r)
    p.setPen(QPen(QColor("white"), 2.5))
    p.drawLine(centre, QPointF(x + fx * r, y + fy * r))
    if token.hidden:
        p.setPen(QPen(style.hidden, 2, Qt.PenStyle.DotLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(centre, r + 4, r + 4)
    if detail:
        p.setFont(map_font(11))
        name = p.fontMetrics().elidedText(token.label, Qt.TextElideMode.ElideRight, round(r * 3.9))
        _label(p, name, (x, y), style.label, 11, offset_y=r + 10, bold=False)


def paint_grid(p: QPainter, grid: EncounterGrid, terrain: Terrain, style: MapStyle, detail: bool) -> None:
    gx, gy, gw, gh = grid_rect(grid)
    p.fillRect(QRectF(gx, gy, gw, gh), style.paper.darker(104))
    for area, ground in terrain.ground.items():
        x, y, w, h = area_rect(grid, *area)
        for prop in sorted(ground.properties):
            p.fillRect(QRectF(x, y, w, h), QBrush(style.segments[prop], SEGMENT_PATTERNS[prop]))
        if ground.altitude:
            p.setPen(QPen(style.outline, 2))
            p.drawRect(QRectF(x + 3, y + 3, w - 6, h - 6))
    r0, c0, r1, c1 = grid.area_bounds()
    for row in range(r0, r1 + 2):
        tile_edge = row % 5 == 0
        p.setPen(QPen(style.tile_line if tile_edge else style.grid_line, 2.0 if tile_edge else 0.6))
        yy = grid.origin[1] + row * grid.area_size
        p.drawLine(QPointF(gx, yy), QPointF(gx + gw, yy))
    for col in range(c0, c1 + 2):
        tile_edge = col % 5 == 0
        p.setPen(QPen(style.tile_line if tile_edge else style.grid_line, 2.0 if tile_edge else 0.6))
        xx = grid.origin[0] + col * grid.area_size
        p.drawLine(QPointF(xx, gy), QPointF(xx, gy + gh))
    if detail:
        _legend(p, terrain, style, gx, gy + gh + 8, grid.area_size)


def _legend(p: QPainter, terrain: Terrain, style: MapStyle, x: float, y: float, size: float) -> None:
    present = sorted({prop for ground in terrain.ground.values() for prop in ground.properties})
    p.setFont(map_font(12))
    for prop in present:
        swatch = QRectF(x, y, size * 0.6, size * 0.6)
        p.fillRect(swatch, style.paper)
        p.fillRect(swatch, QBrush(style.segments[prop], SEGMENT_PATTERNS[prop]))
        p.setPen(QPen(style.outline, 1))
        p.drawRect(swatch)
        p.setPen(style.label)
        p.drawText(QPointF(x + size * 0.7, y + size * 0.45), prop)
        x += size * 0.7 + p.fontMetrics().horizontalAdvance(prop) + 18


def paint_reach_zone(p: QPainter, zone: Zone, cost: int, style: MapStyle) -> None:
    p.fillPath(zone_path(zone), style.reach)
    _label(p, str(cost), zone.shape.centre(), style.reach_text, 22, offset_y=TOKEN_RADIUS * 2.4)


def paint_reach_area(p: QPainter, grid: EncounterGrid, area: tuple[int, int], cost: int, style: MapStyle) -> None:
    x, y, w, h = area_rect(grid, *area)
    p.fillRect(QRectF(x, y, w, h), style.reach)
    p.setFont(map_font(w * 0.3, True))
    p.setPen(style.reach_text)
    p.drawText(QRectF(x, y, w, h), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, f"{cost} ")


def paint_region(
    p: QPainter, layout: MapLayout, zone_ids: list[str], border_ids: list[str], style: MapStyle, detail: bool
) -> None:
    """Zones, their labels over all of them, then border lines, then badges over every line:
    the map's middle layer, for the screen one tile at a time and for an export all at once.
    Strokes are batched by pen and brush, since a big map has thousands of each."""
    zones = [layout.zones[zone_id] for zone_id in zone_ids]
    _paint_zone_shapes(p, zones, style, detail)
    if detail:
        for zone in zones:
            _zone_label(p, zone, style)
    lines = layout.lines
    for shared in (True, False):
        batch = [
            QLineF(x1, y1, x2, y2)
            for border_id in border_ids
            if lines[border_id].shared is shared
            for (x1, y1), (x2, y2) in lines[border_id].segments
        ]
        if batch:
            p.setPen(_border_pen(style.border, shared))
            p.drawLines(batch)
    if detail:
        paint_badges(p, [(layout.borders[border_id], lines[border_id]) for border_id in border_ids], style)


def _paint_zone_shapes(p: QPainter, zones: list[Zone], style: MapStyle, detail: bool) -> None:
    """What _zone_shape draws, for many zones: one pen, and one brush per colour."""
    pen = QPen(style.outline, 1.2)
    pen.setCosmetic(not detail)
    p.setPen(pen)
    brushes: dict[tuple[str, float], QBrush] = {}
    for zone in zones:
        fill = zone.fill
        if fill.pattern not in ("solid", "none") or zone.hidden:
            _zone_shape(p, zone, style, detail)
            p.setPen(pen)
            continue
        brush = brushes.get((fill.colour, fill.opacity)) if fill.pattern == "solid" else QBrush()
        if brush is None:
            brush = brushes[(fill.colour, fill.opacity)] = QBrush(_fill_colour(zone))
        p.setBrush(brush)
        shape = zone.shape
        if isinstance(shape, NodeShape):
            p.drawEllipse(QPointF(shape.x, shape.y), shape.radius, shape.radius)
        else:
            p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in shape.points]))
    p.setBrush(Qt.BrushStyle.NoBrush)


def paint_map(p: QPainter, map_: Map, style: MapStyle, detail: bool = True) -> None:
    """Everything on the map in drawing order: grids, zones, borders, tokens."""
    for grid in map_.grids:
        paint_grid(p, grid, Terrain(grid), style, detail)
    layout = MapLayout(map_, index=False)
    paint_region(p, layout, [z.id for z in map_.zones], [b.id for b in map_.borders], style, detail)
    spots = token_spots(map_)
    for token in map_.tokens:
        if token.id in spots:
            paint_token(p, token, spots[token.id], style, detail)
