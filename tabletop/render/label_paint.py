"""Zones' names on the map: inside each polygon (clear of its badges and its tokens' place) in
a colour that reads on its fill, or above a node's disc. The names of a region are painted
together: the many small zones of a zoomed-out map, whose names are cut at their anchors, have
their spots worked out in bulk (geometry.labels.cut_spots) and share one font and one pen, so
a 4K picture of 10k zones spends no second on its names; the rest are placed one by one."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from functools import partial

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from tabletop.geometry.bulk_labels import cut_spots
from tabletop.geometry.labels import label_spot, may_fit, zone_anchor
from tabletop.geometry.layout import MapLayout
from tabletop.geometry.shapes import TOKEN_RADIUS
from tabletop.model import NodeShape, Zone
from tabletop.render import text
from tabletop.render.badge_paint import badge_box
from tabletop.render.style import MapStyle, map_font

TOKEN_ROOM = (TOKEN_RADIUS * 2.2, TOKEN_RADIUS * 2.0, TOKEN_RADIUS * 2.2, TOKEN_RADIUS * 2.6)
"""Kept free of a zone's label around its anchor (left, above, right, below): its tokens stand there."""
NODE_LABEL_WIDTH = 280.0
"""A node's name is cut to this width (the layout leaves it 300 units)."""
WHITE = QColor("white")


def fill_colour(zone: Zone) -> QColor:
    fill = QColor(zone.fill.colour)
    fill.setAlphaF(zone.fill.opacity)
    return fill


def ink_for(zone: Zone, style: MapStyle) -> QColor:
    """The label's colour: the style's ink on a light or faint fill, white on a dark one."""
    return style.label if fill_colour(zone).lightnessF() > 0.45 or zone.fill.opacity < 0.5 else WHITE


def label_avoid(
    zone: Zone,
    layout: MapLayout,
    style: MapStyle,
    occupied: Collection[str] | None = None,
    shown: Callable[[str], bool] | None = None,
) -> list[tuple[float, float, float, float]]:
    """What a zone's label keeps clear of: the badges of its borders (those `shown`, for the
    players: a name moved aside for a hidden border's badge would hint at it) and the place of
    its tokens (kept free in every zone unless `occupied`, the zones where tokens stand, is given)."""
    boxes = [_token_room(zone, style)] if occupied is None or zone.id in occupied else []
    for border_id in layout.borders_at.get(zone.id, ()):
        line = layout.lines.get(border_id)
        if line is not None and (shown is None or shown(border_id)):
            boxes.append(badge_box(layout.borders[border_id], line, style))
    return boxes


def _token_room(zone: Zone, style: MapStyle) -> tuple[float, float, float, float]:
    """Where a zone's tokens and their names stand, around its anchor."""
    ax, ay = zone_anchor(zone)
    left, top, right, _ = TOKEN_ROOM
    bottom = TOKEN_RADIUS * 1.2 + style.token_name_size * style.text_scale * 1.4
    return (ax - left, ay - top, ax + right, ay + bottom)


def zone_label(p: QPainter, zone: Zone, style: MapStyle, avoid: Callable[[], list] | list, tokens: bool = True) -> None:
    """One zone's name. `avoid` may be a callable: working out the badges around a zone is
    skipped for a small zone whose name cannot fit whole anyway."""
    name, centre, ink, size = _placed(p, zone, style, avoid, tokens)
    if name:
        text.label(p, name, centre, ink, size)


def _placed(
    p: QPainter, zone: Zone, style: MapStyle, avoid: Callable[[], list] | list, tokens: bool
) -> tuple[str, tuple[float, float], QColor, float]:
    """What `zone_label` writes and where: the name as cut, its centre, its ink and size."""
    size = style.zone_label_size * style.text_scale
    height = size * 1.25
    label = text.shown(zone.label)
    if isinstance(zone.shape, NodeShape):  # beside the disc on the paper, clear of badges
        name = text.elide(p, label, size, True, NODE_LABEL_WIDTH)
        spot = label_spot(zone, text.text_width(p, name, size, True), height, avoid() if callable(avoid) else avoid)
        return name, (spot.x, spot.y), style.label, size
    # inside the polygon, clear of badges and tokens, in a colour that reads on its fill
    width = text.text_width(p, label, size, True)
    if callable(avoid):
        avoid = avoid() if may_fit(zone, width, height) else []
    lift = TOKEN_ROOM[1] + height / 2 + 6 if tokens else 0.0  # above the tokens' place, or in the middle
    spot = label_spot(zone, width, height, avoid, lift=lift)
    name = label if spot.max_width >= width else text.elide(p, label, size, True, spot.max_width)
    return name, (spot.x, spot.y), ink_for(zone, style), size


Written = tuple[str, tuple[float, float, float, float]]
"""A name as written on the map, and the map box (left, top, right, bottom) it is written in."""


def written_labels(
    p: QPainter,
    zone: Zone,
    layout: MapLayout,
    style: MapStyle,
    shown_border: Callable[[str], bool] | None = None,
) -> tuple[Written | None, Written | None]:
    """A zone's name as `zone_label` writes it with tokens in the zone and without (None: no
    name). A token's first step into a zone moves at most this, so a view repaints these boxes,
    not the zone, and nothing when both are the same (a name with no room above the tokens'
    place stays put; a name cut in bulk never moves). Its badges are found once for both."""
    badges: list = []

    def avoid(tokens: bool) -> list:
        if not badges:
            badges.append(label_avoid(zone, layout, style, (), shown_border))
        return [_token_room(zone, style), *badges[0]] if tokens else badges[0]

    written = []
    for tokens in (True, False):
        name, (x, y), _, size = _placed(p, zone, style, partial(avoid, tokens), tokens)
        if not name:
            written.append(None)
            continue
        p.setFont(map_font(size, True))
        half = (p.fontMetrics().horizontalAdvance(name) + size) / 2  # text.label's box
        written.append((name, (x - half, y - size, x + half, y + size)))
    return written[0], written[1]


def paint_zone_labels(
    p: QPainter,
    layout: MapLayout,
    zones: list[Zone],
    style: MapStyle,
    occupied: Collection[str] | None = None,
    shown_border: Callable[[str], bool] | None = None,
) -> None:
    """The zones' names in their order, as `zone_label` paints each: the same spots, cuts and
    strokes, with the cut names of small zones found in bulk and drawn with one font set."""
    if not zones:
        return
    size = style.zone_label_size * style.text_scale
    font = map_font(size, True)
    p.setFont(font)
    metrics = p.fontMetrics()
    labels = [text.shown(zone.label) for zone in zones]
    widths = list(map(metrics.horizontalAdvance, labels))
    xs, ys, cuts = _cut_spots(layout, zones, widths, size * 1.25)
    inks: dict[tuple[str, float], QColor] = {}
    cut_widths: dict[str, int] = {}
    pen = None
    for zone, label, width, x, y, cut in zip(zones, labels, widths, xs, ys, cuts, strict=True):
        if cut != cut:  # NaN: a node, a zone edited since opening, or a name that may fit whole
            tokens = occupied is None or zone.id in occupied
            zone_label(p, zone, style, lambda z=zone: label_avoid(z, layout, style, occupied, shown_border), tokens)
            p.setFont(font)
            pen = None
            continue
        if cut >= width:
            name, shown = label, width
        else:
            name = metrics.elidedText(label, Qt.TextElideMode.ElideRight, max(0, math.ceil(cut + 0.5)))
            shown = cut_widths.get(name)
            if shown is None:  # cut names repeat ("Zone…"): measured once each
                shown = cut_widths[name] = metrics.horizontalAdvance(name)
        if not name:
            continue
        look = (zone.fill.colour, zone.fill.opacity)
        ink = inks.get(look)
        if ink is None:
            ink = inks[look] = ink_for(zone, style)
        if ink is not pen:
            p.setPen(ink)
            pen = ink
        box = shown + size
        text.draw_text(p, QRectF(x - box / 2, y - size, box, size * 2), text.CENTRE, name)


def _cut_spots(layout: MapLayout, zones: list[Zone], widths: list[int], height: float) -> tuple[list, list, list]:
    """cut_spots of the zones whose polygons the layout holds as opened; NaN for the others."""
    import numpy as np

    nan = [float("nan")] * len(zones)
    shapes = layout.shapes()
    if not len(shapes.counts) or not zones:
        return nan, nan, nan
    polygon = shapes.zone_polygons([zone.id for zone in zones])
    known = np.flatnonzero(polygon >= 0)
    chosen = polygon[known]
    x, y, cut = cut_spots(
        (shapes.x, shapes.y, shapes.firsts[chosen], shapes.counts[chosen]),
        [widths[k] for k in known.tolist()],
        height,
    )
    xs, ys, cuts = np.full(len(zones), np.nan), np.full(len(zones), np.nan), np.full(len(zones), np.nan)
    xs[known], ys[known], cuts[known] = x, y, cut
    return xs.tolist(), ys.tolist(), cuts.tolist()
