"""Painting an encounter grid's setup marks: where each side may start (a dashed frame in the
side's colour round each marked tile, a band along each marked edge) and where arrivals
enter (chevrons pointing in from an edge, for the GM only: arrivals are the GM's surprise). A
label keeps clear of the chevrons: an edge's label goes a row of areas further in when every
spot along its band is under one.
A secret start (an ambush) is hatched as hidden zones are and its label says so; the players'
grid comes without it (rules.visibility.players_grid), and their style never paints one.

Everything is drawn inside the grid's rectangle, which is what its scene item repaints. A
side's label takes the first spot on its tile or edge that no token's disc or name (the
boxes given as `avoid`) and no other label covers: tokens are drawn over the grid, so a
label under a token's name would be lost."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF

from tabletop.geometry.single.shapes import grid_rect
from tabletop.model import TILE_AREAS, EncounterGrid
from tabletop.render import text
from tabletop.render.style import Audience, MapStyle, map_font

ASIDE = 40
"""The most characters of a side's name its start label writes: the label sits on a tile."""
SIDE_COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f")
"""Strong colours that read over any ground texture on a projector and differ in grey print
by their dash (each side's frame is dashed differently)."""


LABEL_ROOM = 40.0
"""Map units past an edge's rows that its label's plate may reach, at any text scale."""


def side_colour(side: str) -> QColor:
    """A side's colour, the same in every session (a checksum, not Python's salted hash)."""
    return QColor(SIDE_COLOURS[zlib.crc32(side.encode("utf-8")) % len(SIDE_COLOURS)])


def _edge_rect(grid: EncounterGrid, edge: str, depth: float, inset: float = 0.0) -> QRectF:
    """A strip `depth` deep just inside one edge of the grid, `inset` in from it."""
    x, y, w, h = grid_rect(grid)
    if edge == "north":
        return QRectF(x, y + inset, w, depth)
    if edge == "south":
        return QRectF(x, y + h - inset - depth, w, depth)
    if edge == "west":
        return QRectF(x + inset, y, depth, h)
    return QRectF(x + w - inset - depth, y, depth, h)


def paint_setup(p: QPainter, grid: EncounterGrid, style: MapStyle, detail: bool, avoid: Sequence[QRectF] = ()) -> None:
    """The setup marks of one grid, over its ground and under its tokens; labels clear of `avoid`."""
    if not grid.starts and not grid.arrivals:
        return
    size = grid.area_size
    players = style.audience is not Audience.GM
    chevrons = [] if players else _chevrons(grid)
    margin = size * 0.1
    taken = [*avoid, *(c.boundingRect().adjusted(-margin, -margin, margin, margin) for c in chevrons)]
    p.save()
    p.setBrush(Qt.BrushStyle.NoBrush)
    for index, mark in enumerate(grid.starts):
        if mark.secret and players:
            continue
        colour = side_colour(mark.side)
        pen = QPen(colour, size * 0.09 * style.line_scale, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
        pen.setDashPattern([4.0, 1.5 + index % 3])
        p.setPen(pen)
        inset = size * (0.12 + 0.1 * index)
        words = f"{text.shown(mark.side, ASIDE)} start" + (" (secret)" if mark.secret else "")
        hatch = QBrush(style.hidden, Qt.BrushStyle.BDiagPattern) if mark.secret else None
        for row, col in mark.tiles:
            left = grid.origin[0] + col * TILE_AREAS * size
            top = grid.origin[1] + row * TILE_AREAS * size
            span = TILE_AREAS * size
            frame = QRectF(left + inset, top + inset, span - 2 * inset, span - 2 * inset)
            if hatch is not None:
                p.fillRect(frame, hatch)
            p.drawRect(frame)
            if detail:  # a row of the tile's areas: the top first, then the bottom, then inwards
                rows = (0, TILE_AREAS - 1, 1, TILE_AREAS - 2, TILE_AREAS // 2)
                spots = [QPointF(frame.center().x(), top + (k + 0.5) * size) for k in rows]
                _place_label(p, grid, words, spots, colour, style, taken)
                p.setPen(pen)  # the plate took the pen and the brush: the next frame is dashed and hollow
                p.setBrush(Qt.BrushStyle.NoBrush)
        band = QColor(colour)
        band.setAlpha(60)
        for edge in mark.edges:
            strip = _edge_rect(grid, edge, size * 0.3, size * 0.3 * index)
            p.fillRect(strip, band)
            if hatch is not None:  # the row of areas the side starts on, not only the thin band
                p.fillRect(_edge_rect(grid, edge, size), hatch)
            half = pen.widthF() / 2  # the stroke stays inside the grid, which is all its item repaints
            p.drawRect(strip.adjusted(half, half, -half, -half))
            if detail:  # on the band, between its chevrons, else a row of areas further in
                spots = _along(strip, size)
                inward = _edge_rect(grid, edge, size, size * 0.3 * index + size).center() - strip.center()
                spots += _between(strip, size) + [spot + inward for spot in spots]
                _place_label(p, grid, words, spots, colour, style, taken)
                p.setPen(pen)  # the plate took the pen and the brush: the next band is dashed and hollow
                p.setBrush(Qt.BrushStyle.NoBrush)
    if chevrons:
        p.setPen(QPen(style.outline, size * 0.05 * style.line_scale))
        p.setBrush(style.plate)
        for chevron in chevrons:
            p.drawPolygon(chevron)
    p.restore()


def label_zones(grid: EncounterGrid) -> list[QRectF]:
    """Where the grid's start labels may stand: its marked tiles and a band along each marked
    edge. A token elsewhere moves no label, so its grid need not repaint."""
    size, span = grid.area_size, TILE_AREAS * grid.area_size
    zones: list[QRectF] = []
    for index, mark in enumerate(grid.starts):
        for row, col in mark.tiles:
            zones.append(QRectF(grid.origin[0] + col * span, grid.origin[1] + row * span, span, span))
        for edge in mark.edges:  # its band, and the row further in its label takes past a chevron
            zones.append(_edge_rect(grid, edge, size * (2.3 + 0.3 * index) + LABEL_ROOM))
    return zones


def _along(strip: QRectF, size: float) -> list[QPointF]:
    """Spots for an edge's label along its band: the middle first, then each tile's middle
    outwards from it."""
    centre = strip.center()
    across = strip.width() >= strip.height()
    length = strip.width() if across else strip.height()
    tiles = max(1, round(length / (TILE_AREAS * size)))
    starts = strip.left() if across else strip.top()
    steps = [starts + (k + 0.5) * length / tiles for k in range(tiles)]
    steps.sort(key=lambda v: abs(v - (centre.x() if across else centre.y())))
    spots = [centre] + [QPointF(v, centre.y()) if across else QPointF(centre.x(), v) for v in steps]
    return spots


def _between(strip: QRectF, size: float) -> list[QPointF]:
    """Spots on an edge's band where two tiles meet, halfway between two arrival chevrons."""
    across = strip.width() >= strip.height()
    length = strip.width() if across else strip.height()
    tiles = max(1, round(length / (TILE_AREAS * size)))
    starts = strip.left() if across else strip.top()
    centre = strip.center()
    steps = [starts + k * length / tiles for k in range(1, tiles)]
    return [QPointF(v, centre.y()) if across else QPointF(centre.x(), v) for v in steps]


def _chevrons(grid: EncounterGrid) -> list[QPolygonF]:
    """One chevron per tile along each arrival edge, pointing into the grid."""
    size = grid.area_size
    x, y, w, h = grid_rect(grid)
    inward = {"north": (0, 1), "south": (0, -1), "west": (1, 0), "east": (-1, 0)}
    found = []
    for edge in grid.arrivals:
        dx, dy = inward[edge]
        along = w if dy else h
        for k in range(round(along / (TILE_AREAS * size))):
            centre = (k + 0.5) * TILE_AREAS * size
            if dy:
                tip = QPointF(x + centre, (y if dy > 0 else y + h) + dy * size * 0.6)
            else:
                tip = QPointF((x if dx > 0 else x + w) + dx * size * 0.6, y + centre)
            back = QPointF(tip.x() - dx * size * 0.5, tip.y() - dy * size * 0.5)
            spread = QPointF(dy * size * 0.4, dx * size * 0.4)
            found.append(QPolygonF([tip, back + spread, back - spread]))
    return found


def _label_box(p: QPainter, grid: EncounterGrid, words: str, at: QPointF, style: MapStyle) -> QRectF:
    """A side's label's plate at a spot, moved in from the grid's edge so the grid's item holds it all."""
    font_size = max(12.0, grid.area_size * 0.36) * style.text_scale
    p.setFont(map_font(font_size, True))
    half_w = (p.fontMetrics().horizontalAdvance(words) + font_size * 0.6) / 2 + 2
    half_h = (p.fontMetrics().height() + font_size * 0.15) / 2 + 2
    x, y, w, h = grid_rect(grid)
    cx = min(max(at.x(), x + half_w), x + w - half_w)
    cy = min(max(at.y(), y + half_h), y + h - half_h)
    return QRectF(cx - half_w, cy - half_h, 2 * half_w, 2 * half_h)


def _place_label(
    p: QPainter,
    grid: EncounterGrid,
    words: str,
    spots: list[QPointF],
    colour: QColor,
    style: MapStyle,
    taken: list[QRectF],
) -> None:
    """The label at the first spot clear of everything `taken` (the first spot if none is),
    which it then takes too."""
    boxes = [_label_box(p, grid, words, at, style) for at in spots]
    box = next((b for b in boxes if not any(b.intersects(t) for t in taken)), boxes[0])
    taken.append(box)
    font_size = max(12.0, grid.area_size * 0.36) * style.text_scale
    text.plated_label(p, words, (box.center().x(), box.center().y()), colour, style.plate, font_size, True)
