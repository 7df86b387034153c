"""The legend of a map's encounter grids: each segment property used on the map, with its look
and the AF text's effect in a few words, so players read the ground without asking. The
scene and every export draw it with this one function, under the map."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from tabletop.model import Map
from tabletop.render import text
from tabletop.render.grid_paint import PROPERTY_ORDER, paint_ground
from tabletop.render.style import MapStyle, map_font

EFFECTS = {
    "water": "swim only",
    "slippery": "balance check",
    "rough": "2 speed to enter",
    "cover": "attack lines -2",
    "steep": "climb only",
    "ledge": "fall on interference",
    "altitude": "height: fliers meet it",
}
"""The AF text's sample effects, shortened to fit a legend line."""
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


def _line(entry: str) -> str:
    return f"{entry}: {EFFECTS[entry]}"


def legend_size(p: QPainter | None, entries: list[str], row: float) -> tuple[float, float]:
    """(width, height) of the legend in map units for rows `row` tall; (0, 0) with no entries.
    Without a painter the width is a generous guess (DejaVu Sans averages under 0.6 em)."""
    if not entries:
        return (0.0, 0.0)
    size = row * 0.5
    if p is None:
        widest = max(len(_line(e)) for e in entries) * size * 0.62
    else:
        widest = max(text.text_width(p, _line(e), size, False) for e in entries)
    return (row * 1.4 + widest + row * 0.5, row * (len(entries) + 0.4) + row * 0.9)


def paint_legend(p: QPainter, entries: list[str], x: float, y: float, row: float, style: MapStyle) -> QRectF:
    """The legend on a plate with its top left at (x, y); returns the plate's box."""
    if not entries:
        return QRectF()
    width, height = legend_size(p, entries, row)
    box = QRectF(x, y, width, height)
    p.save()
    p.setPen(QPen(style.outline, max(1.0, row / 20)))
    p.setBrush(style.plate)
    p.drawRoundedRect(box, row * 0.2, row * 0.2)
    size = row * 0.5
    p.setFont(map_font(size, True))
    p.setPen(style.label)
    text.draw_text(p, QRectF(x + row * 0.3, y + row * 0.15, width, row * 0.7), Qt.AlignmentFlag.AlignVCenter, "Ground")
    for k, entry in enumerate(entries):
        top = y + row * (0.9 + k)
        swatch = QRectF(x + row * 0.3, top + row * 0.1, row * 0.8, row * 0.8)
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
        label_box = QRectF(x + row * 1.4, top, width - row * 1.4, row)
        text.draw_text(p, label_box, Qt.AlignmentFlag.AlignVCenter, _line(entry))
    p.restore()
    return box


def legend_row(bounds: tuple[float, float, float, float]) -> float:
    """A legend row for a picture of these map bounds: a thirtieth of its larger side, so the
    legend reads at the size the picture is shown, whatever the map's own scale."""
    return max(bounds[2], bounds[3]) / 30


def with_legend(map_: Map, bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Picture bounds grown to hold the legend under the map (unchanged when no ground is used)."""
    x, y, w, h = bounds
    lw, lh = legend_size(None, legend_entries(map_), legend_row(bounds))
    if lh == 0:
        return bounds
    return (x, y, max(w, lw + legend_row(bounds) * 0.5), h + lh + legend_row(bounds) * 0.5)


def paint_map_legend(p: QPainter, map_: Map, bounds: tuple[float, float, float, float], style: MapStyle) -> None:
    """The legend under a picture of these (map-only) bounds, as `with_legend` left room for."""
    x, y, _, h = bounds
    row = legend_row(bounds)
    paint_legend(p, legend_entries(map_), x + row * 0.25, y + h + row * 0.25, row, style)
