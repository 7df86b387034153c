"""Zones' names on the map: inside each polygon (clear of its tokens and of its borders' badges at
home, drawn smaller before they are cut) in a colour that reads on its fill, or above a node's
disc. Where each goes is the picture's arrangement (render/arrangement.py). The names of a region
are painted together: the many small zones of a zoomed-out map, whose names are cut at their
anchors, have their spots worked out in bulk (geometry.bulk_labels.cut_spots) and share one font
and one pen, so a 4K picture of a big map spends little on its names."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from tabletop.geometry.single.clearing import LONG_ENOUGH, Box
from tabletop.geometry.single.fitting import LINE, text_sizes
from tabletop.geometry.single.labels import PAD
from tabletop.geometry.whole.bulk_labels import anchored_sizes, cut_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import NodeShape, Zone
from tabletop.render import text
from tabletop.render.arrangement import Arrangement
from tabletop.render.style import MapStyle, map_font
from tabletop.render.words import Written, advance
from tabletop.render.zone_names import placed_name

if TYPE_CHECKING:
    import numpy as np

WHITE = QColor("white")


def fill_colour(zone: Zone) -> QColor:
    fill = QColor(zone.fill.colour)
    fill.setAlphaF(zone.fill.opacity)
    return fill


def ink_for(zone: Zone, style: MapStyle) -> QColor:
    """The label's colour: the style's ink on a light or faint fill, white on a dark one."""
    return style.label if fill_colour(zone).lightnessF() > 0.45 or zone.fill.opacity < 0.5 else WHITE


def zone_label(
    p: QPainter, zone: Zone, style: MapStyle, avoid: Callable[[], list[Box]] | list, tokens: bool = False
) -> None:
    """One zone's name, placed alone: clear of `avoid` (a callable is asked only when the name
    could fit whole somewhere), above its tokens' place when `tokens`."""
    written = placed_name(zone, style, avoid if callable(avoid) else lambda: avoid, tuple, tokens)
    if written is not None:
        write_name(p, zone, written, style)


def write_name(p: QPainter, zone: Zone, written: Written, style: MapStyle) -> None:
    ink = style.label if isinstance(zone.shape, NodeShape) else ink_for(zone, style)
    text.label(p, written.words, written.centre, ink, written.size)


def paint_zone_labels(
    p: QPainter, layout: MapLayout, zones: list[Zone], style: MapStyle, arrangement: Arrangement
) -> None:
    """The zones' names in their order, as the arrangement places each: the same spots, sizes,
    cuts and strokes, with the names written at the anchors of small unoccupied zones
    (fitting.in_bulk) found in bulk."""
    if not zones:
        return
    full = style.zone_label_size * style.text_scale
    fonts = text_sizes(full, style.zone_label_size)
    last = len(fonts) - 1
    labels = [text.shown(zone.label) for zone in zones]
    p.setFont(map_font(full, True))
    widths = list(map(p.fontMetrics().horizontalAdvance, labels))
    if arrangement.hand_drawn:  # every name placed alone
        xs = ys = cuts = sizes = [math.nan] * len(zones)
    else:
        xs, ys, cuts, sizes = _in_bulk(layout, zones, labels, widths, fonts, arrangement.occupied())
    p.setFont(map_font(fonts[last], True))  # most names written in bulk are tried at their smallest
    smallest = p.fontMetrics()
    inks: dict[tuple[str, float], QColor] = {}
    cut_widths: dict[str, int] = {}
    pen, font = None, fonts[last]
    for zone, label, width, x, y, cut, k in zip(zones, labels, widths, xs, ys, cuts, sizes, strict=True):
        if cut != cut:  # NaN: placed alone (a node, a zone edited since opening or holding tokens, a roomy one)
            written = arrangement.name(zone.id)
            if written is not None:
                write_name(p, zone, written, style)
            pen = font = None
            continue
        shown = None  # a name tried at its smallest is cut there first: whole, it is measured after
        while k < last:
            shown = width if k == 0 else advance(label, fonts[k], True)
            if shown <= cut:
                break
            k += 1
        size = fonts[k]
        if k == last:  # cut names repeat ("Zone…"): measured once each
            name = smallest.elidedText(label, Qt.TextElideMode.ElideRight, max(0, math.ceil(cut + 0.5)))
            if not name:
                continue
            shown = cut_widths.get(name)
            if shown is None:
                shown = cut_widths[name] = smallest.horizontalAdvance(name)
        else:
            name = label
        look = (zone.fill.colour, zone.fill.opacity)
        ink = inks.get(look)
        if ink is None:
            ink = inks[look] = ink_for(zone, style)
        if ink is not pen:
            p.setPen(ink)
            pen = ink
        if size != font:
            p.setFont(map_font(size, True))
            font = size
        wide = shown + size
        text.draw_text(p, QRectF(x - wide / 2, y - size, wide, size * 2), text.CENTRE, name)


def _in_bulk(
    layout: MapLayout, zones: list[Zone], labels: list[str], widths: list[int], fonts: list[float], occupied
) -> tuple[list, list, list, list]:
    """For each zone whose name is written in bulk (fitting.in_bulk: its polygon held by the
    layout as opened, no token there), where (cut_spots) and the room there, and the size it is
    first tried at (anchored_sizes); NaN for the others. A name is measured at its smallest only
    in a zone too wide and tall to be narrow."""
    import numpy as np

    n = len(zones)
    wide, tall = np.full(n, np.nan), np.full(n, np.nan)
    xs, ys, cuts = _cut_spots(layout, zones, widths, fonts[0] * LINE, (wide, tall))
    placed = ~np.isnan(cuts)
    with np.errstate(invalid="ignore"):
        bulk = placed & ((np.minimum(wide, tall) < LONG_ENOUGH) | (round(fonts[-1] * LINE, 1) + 2 * PAD > tall))
        for k in np.flatnonzero(placed & ~bulk).tolist():  # too long for the zone even at its smallest?
            bulk[k] = advance(labels[k], fonts[-1], True) + 2 * PAD > wide[k]
    if occupied:
        bulk &= np.fromiter((zone.id not in occupied for zone in zones), dtype=bool, count=n)
    cuts = np.where(bulk, cuts, np.nan)
    sizes = anchored_sizes(np.asarray(widths, dtype=np.float64), cuts, tall, fonts)
    return xs.tolist(), ys.tolist(), cuts.tolist(), sizes.tolist()


def _cut_spots(
    layout: MapLayout, zones: list[Zone], widths: list[int], height: float, sizes: tuple | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """cut_spots of the zones whose polygons the layout holds as opened; NaN for the others.
    `sizes` (two arrays) are given those zones' widths and heights."""
    import numpy as np

    xs, ys, cuts = np.full(len(zones), np.nan), np.full(len(zones), np.nan), np.full(len(zones), np.nan)
    shapes = layout.shapes()
    if not len(shapes.counts) or not zones:
        return xs, ys, cuts
    polygon = shapes.zone_polygons([zone.id for zone in zones])
    known = np.flatnonzero(polygon >= 0)
    chosen = polygon[known]
    boxes: list = []
    x, y, cut = cut_spots(
        (shapes.x, shapes.y, shapes.firsts[chosen], shapes.counts[chosen]),
        [widths[k] for k in known.tolist()],
        height,
        boxes,
    )
    if sizes is not None:
        sizes[0][known], sizes[1][known] = boxes
    xs[known], ys[known], cuts[known] = x, y, cut
    return xs, ys, cuts
