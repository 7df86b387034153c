"""The legend of a map's encounter grids: each segment property used on the map with its look,
so players read the ground without asking. The scene and every export draw it with this one
function, under the grids, flowing in lines as wide as what it stands under."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from tabletop.model import Map
from tabletop.render import text
from tabletop.render.grid_paint import PROPERTY_ORDER, paint_ground
from tabletop.render.style import MapStyle, map_font

ALTITUDE = "altitude"


def legend_entries(map_: Map) -> list[str]:
    """The properties the map's segments use, in drawing order, then altitude if any has it."""
    used: set[str] = set()
    high = False
    for grid in map_.grids:
        for tile in grid.tiles:
            for segment in tile.segments:
                used.update(segment.properties)
                high = high or segment.altitude > 0
    return [prop for prop in PROPERTY_ORDER if prop in used] + ([ALTITUDE] if high else [])


def _entry_width(p: QPainter | None, entry: str, row: float) -> float:
    """A swatch, its name and the gap to the next entry, in map units. Without a painter the
    name's width is a generous guess (DejaVu Sans averages under 0.6 em a letter)."""
    size = row * 0.55
    name = len(entry) * size * 0.62 if p is None else text.text_width(p, entry, size, False)
    return row * 1.15 + name + row * 0.6


def _flow(p: QPainter | None, entries: list[str], row: float, width: float) -> list[tuple[str, float, int]]:
    """Each entry with its left offset and line: left to right, a new line when `width` is full."""
    placed, left, line = [], 0.0, 0
    for entry in entries:
        step = _entry_width(p, entry, row)
        if left > 0 and left + step > width:
            left, line = 0.0, line + 1
        placed.append((entry, left, line))
        left += step
    return placed


def legend_size(p: QPainter | None, entries: list[str], row: float, width: float) -> tuple[float, float]:
    """(width, height) of the legend in map units, its lines `row` tall and at most about
    `width` wide; (0, 0) with no entries."""
    if not entries:
        return (0.0, 0.0)
    placed = _flow(p, entries, row, width)
    right = max(left + _entry_width(p, entry, row) for entry, left, _ in placed)
    return (right + row * 0.2, (placed[-1][2] + 1) * row + row * 0.3)


def paint_legend(
    p: QPainter, entries: list[str], x: float, y: float, row: float, width: float, style: MapStyle
) -> QRectF:
    """The legend on a plate with its top left at (x, y), wrapped at `width`; returns the plate's box."""
    if not entries:
        return QRectF()
    w, h = legend_size(p, entries, row, width)
    box = QRectF(x, y, w, h)
    p.save()
    p.setPen(QPen(style.outline, max(0.5, row / 24)))
    p.setBrush(style.plate)
    p.drawRoundedRect(box, row * 0.2, row * 0.2)
    size = row * 0.55
    for entry, left, line in _flow(p, entries, row, width):
        top = y + row * (line + 0.15)
        swatch = QRectF(x + left + row * 0.25, top + row * 0.1, row * 0.8, row * 0.8)
        p.fillRect(swatch, style.paper.darker(104))
        if entry == ALTITUDE:
            text.label(p, "▲", (swatch.center().x(), swatch.center().y()), style.label, size, bold=True)
        else:
            paint_ground(p, swatch, entry, style.segments[entry])
        p.setPen(QPen(style.outline, max(0.5, row / 30)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(swatch)
        p.setFont(map_font(size, False))
        p.setPen(style.label)
        name_box = QRectF(swatch.right() + row * 0.2, top, _entry_width(p, entry, row), row)
        text.draw_text(p, name_box, Qt.AlignmentFlag.AlignVCenter, entry)
    p.restore()
    return box


def legend_row(bounds: tuple[float, float, float, float]) -> float:
    """A legend line for a picture of these map bounds: a thirtieth of its larger side, so the
    legend reads at the size the picture is shown, whatever the map's own scale."""
    return max(bounds[2], bounds[3]) / 30


def with_legend(map_: Map, bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Picture bounds grown to hold the legend under the map (unchanged when no ground is used)."""
    x, y, w, h = bounds
    row = legend_row(bounds)
    lw, lh = legend_size(None, legend_entries(map_), row, w - row * 0.5)
    if lh == 0:
        return bounds
    return (x, y, max(w, lw + row * 0.5), h + lh + row * 0.5)


def paint_map_legend(p: QPainter, map_: Map, bounds: tuple[float, float, float, float], style: MapStyle) -> None:
    """The legend under a picture of these (map-only) bounds, as `with_legend` left room for."""
    x, y, w, h = bounds
    row = legend_row(bounds)
    paint_legend(p, legend_entries(map_), x + row * 0.25, y + h + row * 0.25, row, w - row * 0.5, style)
