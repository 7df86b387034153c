"""Painting an encounter grid: its areas' ground, the tile lines, the legend, and the reach
numbers of a dragged token. Ground textures are drawn in map units, not Qt's 8-pixel
patterns, so they keep their weight on a projector at any zoom and each property looks like
itself: rough is dots, slippery is waves on a cold tint, cover a lattice, steep slashes."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from tabletop.geometry.shapes import area_rect, grid_rect
from tabletop.model import EncounterGrid
from tabletop.render import text
from tabletop.render.setup_paint import paint_setup
from tabletop.render.style import MapStyle, map_font
from tabletop.rules import Terrain


def _lines(p: QPainter, rect: QRectF, colour: QColor, width: float, lines: list[QLineF]) -> None:
    p.save()
    p.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.drawLines(lines)
    p.restore()


def paint_ground(p: QPainter, rect: QRectF, prop: str, colour: QColor) -> None:
    """One ground property's texture over an area (or a legend swatch)."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    size = min(w, h)
    if prop == "water":
        p.fillRect(rect, colour)
    elif prop == "rough":  # a scatter of stones
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        for i in range(3):
            for j in range(3):
                shift = size / 14 if (i + j) % 2 else -size / 14
                p.drawEllipse(QPointF(x + w * (i + 0.5) / 3 + shift, y + h * (j + 0.5) / 3), size / 14, size / 14)
        p.setBrush(Qt.BrushStyle.NoBrush)
    elif prop == "slippery":  # a cold tint with waves
        tint = QColor(colour)
        tint.setAlpha(70)
        p.fillRect(rect, tint)
        p.setPen(QPen(colour, size / 22))
        for k in (0.3, 0.7):
            wave = QPainterPath(QPointF(x + w * 0.12, y + h * k))
            wave.cubicTo(x + w * 0.3, y + h * (k - 0.15), x + w * 0.45, y + h * (k + 0.15), x + w * 0.62, y + h * k)
            wave.cubicTo(x + w * 0.72, y + h * (k - 0.1), x + w * 0.8, y + h * (k - 0.1), x + w * 0.88, y + h * k)
            p.drawPath(wave)
    elif prop in ("cover", "steep", "ledge"):
        gap = size / 4
        lines: list[QLineF] = []
        if prop == "ledge":
            lines = [QLineF(x, y + k * gap, x + w, y + k * gap) for k in range(1, 4)]
        else:
            lines = [QLineF(x + k * gap, y + h, x + k * gap + h, y) for k in range(-4, 5)]
            if prop == "cover":
                lines += [QLineF(x + k * gap, y, x + k * gap + h, y + h) for k in range(-4, 5)]
        _lines(p, rect, colour, size / 24, lines)


def paint_grid(p: QPainter, grid: EncounterGrid, terrain: Terrain, style: MapStyle, detail: bool) -> None:
    gx, gy, gw, gh = grid_rect(grid)
    p.fillRect(QRectF(gx, gy, gw, gh), style.paper.darker(104))
    for area, ground in terrain.ground.items():
        x, y, w, h = area_rect(grid, *area)
        for prop in sorted(ground.properties):
            paint_ground(p, QRectF(x, y, w, h), prop, style.segments[prop])
        if ground.altitude:
            p.setPen(QPen(style.outline, 2 * style.line_scale))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(x + 3, y + 3, w - 6, h - 6))
    r0, c0, r1, c1 = grid.area_bounds()
    for row in range(r0, r1 + 2):
        tile_edge = row % 5 == 0
        p.setPen(
            QPen(style.tile_line if tile_edge else style.grid_line, (2.0 if tile_edge else 0.6) * style.line_scale)
        )
        yy = grid.origin[1] + row * grid.area_size
        p.drawLine(QPointF(gx, yy), QPointF(gx + gw, yy))
    for col in range(c0, c1 + 2):
        tile_edge = col % 5 == 0
        p.setPen(
            QPen(style.tile_line if tile_edge else style.grid_line, (2.0 if tile_edge else 0.6) * style.line_scale)
        )
        xx = grid.origin[0] + col * grid.area_size
        p.drawLine(QPointF(xx, gy), QPointF(xx, gy + gh))
    paint_setup(p, grid, style, detail)
    if detail:
        _legend(p, terrain, style, gx, gy + gh + 8, grid.area_size)


def _legend(p: QPainter, terrain: Terrain, style: MapStyle, x: float, y: float, size: float) -> None:
    present = sorted({prop for ground in terrain.ground.values() for prop in ground.properties})
    font_size = max(12.0, size * 0.36) * style.text_scale
    p.setFont(map_font(font_size))
    for prop in present:
        swatch = QRectF(x, y, size * 0.7, size * 0.7)
        p.fillRect(swatch, style.paper.darker(104))
        paint_ground(p, swatch, prop, style.segments[prop])
        p.setPen(QPen(style.outline, 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(swatch)
        p.setPen(style.label)
        p.setFont(map_font(font_size))
        width = p.fontMetrics().horizontalAdvance(prop)
        text.draw_text(p, QRectF(x + size * 0.8, y, width + 4, size * 0.7), Qt.AlignmentFlag.AlignVCenter, prop)
        x += size * 0.8 + width + 18


def paint_reach_area(p: QPainter, grid: EncounterGrid, area: tuple[int, int], cost: int, style: MapStyle) -> None:
    """An area a dragged token can reach, with its cost large and dark on a pale plate."""
    x, y, w, h = area_rect(grid, *area)
    p.fillRect(QRectF(x, y, w, h), style.reach)
    text.plated_label(p, str(cost), (x + w / 2, y + h / 2), style.reach_text, style.plate, w * 0.5, bold=True)
