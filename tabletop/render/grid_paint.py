"""Painting an encounter grid: its areas' ground, segment outlines, the tile lines, and the
reach numbers of a dragged token.

Each segment property has a look of its own that survives a projector and grey print, since
the shapes differ and not only the colours: water is blue waves, rough a stipple, cover a
cross-hatch, steep chevrons pointing uphill, slippery a pale sheen of glinting streaks, and a
ledge a heavy edge along its segment with short ticks on the drop side. Altitude is a number.
Textures are drawn in map units, not Qt's 8-pixel patterns, so they keep their weight at any zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from tabletop.geometry.shapes import area_rect, grid_rect
from tabletop.model import EncounterGrid, Segment
from tabletop.model.grids import TILE_AREAS
from tabletop.render import text
from tabletop.render.style import MapStyle
from tabletop.rules import Terrain

PROPERTY_ORDER = ("water", "slippery", "rough", "cover", "steep", "ledge")
"""Drawing order: the tints first, then the marks over them."""
EDGES = (((-1, 0), (0, 0, 1, 0)), ((1, 0), (0, 1, 1, 1)), ((0, -1), (0, 0, 0, 1)), ((0, 1), (1, 0, 1, 1)))
"""Each side of an area: the neighbour beyond it, and its ends as fractions of the area."""


def _pen(colour: QColor, width: float) -> QPen:
    return QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.MiterJoin)


def _lines(p: QPainter, rect: QRectF, colour: QColor, width: float, lines: list[QLineF]) -> None:
    p.save()
    p.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    p.setPen(_pen(colour, width))
    p.drawLines(lines)
    p.restore()


def _tint(colour: QColor, alpha: int) -> QColor:
    tint = QColor(colour)
    tint.setAlpha(alpha)
    return tint


def _waves(p: QPainter, rect: QRectF, colour: QColor) -> None:
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    p.fillRect(rect, _tint(colour, 90))
    p.setPen(_pen(colour.darker(150), min(w, h) / 13))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for k in (0.3, 0.7):
        wave = QPainterPath(QPointF(x + w * 0.08, y + h * k))
        for i in range(2):
            x0 = x + w * (0.08 + 0.42 * i)
            wave.cubicTo(x0 + w * 0.14, y + h * (k - 0.16), x0 + w * 0.28, y + h * (k + 0.16), x0 + w * 0.42, y + h * k)
        p.drawPath(wave)


def _stipple(p: QPainter, rect: QRectF, colour: QColor) -> None:
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    dot = min(w, h) / 16
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    for j in range(4):  # staggered rows, so neighbouring areas join into one even stipple
        offset = 0.35 if j % 2 else 0.65
        for i in range(4):
            p.drawEllipse(QPointF(x + w * (i + offset) / 4, y + h * (j + 0.5) / 4), dot, dot)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _sheen(p: QPainter, rect: QRectF, colour: QColor) -> None:
    """A cold tint with bright diagonal glints edged in ink, as light on ice or wet stone."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    size = min(w, h)
    p.fillRect(rect, _tint(colour, 60))
    glints = [QLineF(x + w * (k - 0.25), y + h * 0.8, x + w * (k + 0.15), y + h * 0.2) for k in (0.35, 0.75)]
    _lines(p, rect, QColor(255, 255, 255, 235), size / 7, glints)
    edges = [line.translated(size / 10, size / 10) for line in glints]
    _lines(p, rect, colour, size / 22, edges)


def _hatch(p: QPainter, rect: QRectF, colour: QColor) -> None:
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    gap = min(w, h) / 4
    lines = [QLineF(x + k * gap, y + h, x + k * gap + h, y) for k in range(-4, 5)]
    lines += [QLineF(x + k * gap, y, x + k * gap + h, y + h) for k in range(-4, 5)]
    _lines(p, rect, colour, min(w, h) / 22, lines)


def _chevrons(p: QPainter, rect: QRectF, colour: QColor) -> None:
    """Two rows of chevrons pointing up the slope."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    p.setPen(_pen(colour, min(w, h) / 11))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for row in (0.35, 0.8):
        for col in (0.28, 0.72):
            cx, cy = x + w * col, y + h * row
            p.drawPolyline([QPointF(cx - w * 0.16, cy), QPointF(cx, cy - h * 0.2), QPointF(cx + w * 0.16, cy)])


def _ledge_edge(p: QPainter, rect: QRectF, colour: QColor) -> None:
    """The legend's ledge: a heavy top edge with ticks on the drop side."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    _edge(p, QLineF(x, y + h * 0.3, x + w, y + h * 0.3), (0.0, 1.0), min(w, h), colour)


def _edge(p: QPainter, line: QLineF, drop: tuple[float, float], size: float, colour: QColor) -> None:
    """A heavy ledge edge; its ticks hang towards `drop` (the unit side the ground falls to)."""
    p.setPen(_pen(colour, size / 7))
    p.drawLine(line)
    ticks = []
    for k in (0.2, 0.5, 0.8):
        point = line.pointAt(k)
        ticks.append(QLineF(point, point + QPointF(drop[0] * size * 0.22, drop[1] * size * 0.22)))
    p.setPen(_pen(colour, size / 16))
    p.drawLines(ticks)


LOOKS = {
    "water": _waves,
    "rough": _stipple,
    "slippery": _sheen,
    "cover": _hatch,
    "steep": _chevrons,
    "ledge": _ledge_edge,
}


def paint_ground(p: QPainter, rect: QRectF, prop: str, colour: QColor) -> None:
    """One property's look over an area or a legend swatch (a ledge, alone, as its edge)."""
    LOOKS[prop](p, rect, colour)


def _outline(grid: EncounterGrid, tile_row: int, tile_col: int, segment: Segment) -> list[tuple[QLineF, tuple]]:
    """The segment's outer edges on the canvas, each with the unit side that lies outside it."""
    own = set(segment.areas)
    size = grid.area_size
    edges = []
    for r, c in own:
        x, y, _, _ = area_rect(grid, tile_row * TILE_AREAS + r, tile_col * TILE_AREAS + c)
        for (dr, dc), (x1, y1, x2, y2) in EDGES:
            if (r + dr, c + dc) not in own:
                edges.append((QLineF(x + x1 * size, y + y1 * size, x + x2 * size, y + y2 * size), (dc, dr)))
    return edges


def paint_segments(p: QPainter, grid: EncounterGrid, style: MapStyle) -> None:
    """Each segment's outline (thin), a ledge's heavy edge, and altitude as a number."""
    size = grid.area_size
    for tile in grid.tiles:
        for segment in tile.segments:
            edges = _outline(grid, tile.row, tile.col, segment)
            p.setPen(_pen(style.outline, max(1.0, size / 30) * style.line_scale))
            p.drawLines([line for line, _ in edges])
            if "ledge" in segment.properties:
                for line, drop in edges:
                    _edge(p, line, drop, size, style.segments["ledge"])
            if segment.altitude:
                r, c = min(segment.areas)
                x, y, _, _ = area_rect(grid, tile.row * TILE_AREAS + r, tile.col * TILE_AREAS + c)
                centre = (x + size * 0.5, y + size * 0.5)
                text.plated_label(p, f"▲{segment.altitude}", centre, style.label, style.plate, size * 0.34, bold=True)


def paint_grid(p: QPainter, grid: EncounterGrid, terrain: Terrain, style: MapStyle, detail: bool) -> None:
    gx, gy, gw, gh = grid_rect(grid)
    p.fillRect(QRectF(gx, gy, gw, gh), style.paper.darker(104))
    for area, ground in terrain.ground.items():
        rect = QRectF(*area_rect(grid, *area))
        for prop in PROPERTY_ORDER:
            if prop in ground.properties and prop != "ledge":
                paint_ground(p, rect, prop, style.segments[prop])
    r0, c0, r1, c1 = grid.area_bounds()
    for row in range(r0, r1 + 2):
        tile_edge = row % TILE_AREAS == 0
        p.setPen(
            QPen(style.tile_line if tile_edge else style.grid_line, (2.0 if tile_edge else 0.6) * style.line_scale)
        )
        yy = grid.origin[1] + row * grid.area_size
        p.drawLine(QPointF(gx, yy), QPointF(gx + gw, yy))
    for col in range(c0, c1 + 2):
        tile_edge = col % TILE_AREAS == 0
        p.setPen(
            QPen(style.tile_line if tile_edge else style.grid_line, (2.0 if tile_edge else 0.6) * style.line_scale)
        )
        xx = grid.origin[0] + col * grid.area_size
        p.drawLine(QPointF(xx, gy), QPointF(xx, gy + gh))
    paint_segments(p, grid, style)


def paint_reach_area(p: QPainter, grid: EncounterGrid, area: tuple[int, int], cost: int, style: MapStyle) -> None:
    """An area a dragged token can reach, with its cost large and dark on a pale plate."""
    x, y, w, h = area_rect(grid, *area)
    p.fillRect(QRectF(x, y, w, h), style.reach)
    text.plated_label(p, str(cost), (x + w / 2, y + h / 2), style.reach_text, style.plate, w * 0.5, bold=True)
