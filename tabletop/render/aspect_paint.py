"""Aspects placed on the map (a maneuver's "Covered in smoke" on a zone, "Blocked" on a border,
the scene's "Pouring rain") drawn where the table looks: small plates under a zone's token place
and under a border's badge, each with its name and a dot per free invoke, so nobody has to ask
the GM what is in play. Never on a fogged or hidden place for the players."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QFontMetricsF, QPainter

from tabletop.geometry.single.clearing import BadgeSpot
from tabletop.geometry.single.labels import zone_anchor
from tabletop.geometry.single.runs import within
from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.geometry.whole.layout import MapLayout
from tabletop.model import Aspect, NodeShape, Zone
from tabletop.render import text
from tabletop.render.badge_paint import badge_box
from tabletop.render.style import Audience, MapStyle, map_font

INVOKE = "●"
PLATE_SIZE = 12.0
"""Text size of an aspect's plate, before the style's text scale: smaller than a zone's name."""


PLATE_CHARS = 60
"""The most characters of an aspect's name its plate writes: an aspect is a phrase ("Covered in
smoke"), and a plate wider than a zone covers its neighbours."""
PLATES = 5
"""The most plates stacked under one place: past it, the first PLATES - 1 and a plate saying how
many more (a place may carry 50: model/base.py, MAX_ASPECTS)."""


def aspect_text(aspect: Aspect) -> str:
    """The plate's words: the name, then a dot per free invoke (none: invoked with a fate point)."""
    dots = INVOKE * min(aspect.free_invokes, 6)
    name = text.shown(aspect.name, PLATE_CHARS)
    return f"{name} {dots}" if dots else name


def plate_texts(aspects: Iterable[Aspect]) -> list[str]:
    """The words of the plates stacked under one place, PLATES at most."""
    aspects = list(aspects)
    if len(aspects) <= PLATES:
        return [aspect_text(aspect) for aspect in aspects]
    return [aspect_text(aspect) for aspect in aspects[: PLATES - 1]] + [f"+{len(aspects) - PLATES + 1} more"]


def paint_plates(p: QPainter, aspects: Iterable[Aspect], top: tuple[float, float], style: MapStyle) -> None:
    """The aspects' plates stacked downward, centred on `top`."""
    size = PLATE_SIZE * style.text_scale
    x, y = top
    for words in plate_texts(aspects):
        box = text.plated_label(p, words, (x, y + size * 0.75), style.label, style.plate, size)
        y = box.bottom() + size * 0.2


def zone_plate_boxes(zone: Zone, style: MapStyle) -> list[tuple[float, float, float, float]]:
    """The boxes a zone's aspect plates cover as paint_plates stacks them (left, top, right,
    bottom): what other words on the map (a move replay's plates) keep off."""
    size = PLATE_SIZE * style.text_scale
    metrics = QFontMetricsF(map_font(size, False))
    x, y = _zone_top(zone, style)
    boxes = []
    for words in plate_texts(zone.aspects):
        width, height = metrics.horizontalAdvance(words) + size * 0.6, metrics.height() + size * 0.15
        top = y + size * 0.75 - height / 2
        boxes.append((x - width / 2, top, x + width / 2, top + height))
        y = top + height + size * 0.2
    return boxes


def _zone_top(zone: Zone, style: MapStyle) -> tuple[float, float]:
    """Below the tokens' place and their names (a node's below its disc): the name sits above."""
    if isinstance(zone.shape, NodeShape):
        return (zone.shape.x, zone.shape.y + zone.shape.radius + 4)
    x, y = zone_anchor(zone)
    return (x, y + TOKEN_RADIUS * 1.2 + style.token_name_size * style.text_scale * 1.6)


PLATE_ROOM = 48.0
"""A zone's plates are written when the picture shows the zone at least this many pixels wide
(an SVG or PDF at its own size, as a screen of 96 dots an inch shows it): a plate is as large on
the map at every zoom, and on a map seen from afar each zone's plates would cover its neighbours'
(ten thousand zones of five plates each took a picture seconds)."""


def _roomy(p: QPainter, layout: MapLayout, zones: list[Zone]) -> list[bool]:
    """Whether each zone is wide enough on the picture for its plates (PLATE_ROOM)."""
    import numpy as np

    if not zones:
        return []
    scale = text.device_scale(p)
    engine, device = p.paintEngine(), p.device()
    if engine is not None and engine.type() in text.VECTOR_ENGINES and device is not None and device.logicalDpiX() > 0:
        scale *= 96 / device.logicalDpiX()  # a file's points at its resolution, as pixels on a screen
    least = PLATE_ROOM / scale  # in map units
    shapes = layout.shapes()
    polygon = shapes.zone_polygons([zone.id for zone in zones])
    wide = np.zeros(len(zones), dtype=bool)
    known = np.flatnonzero(polygon >= 0)
    if len(known):
        counts = shapes.counts[polygon[known]]
        at = np.repeat(shapes.firsts[polygon[known]], counts) + within(counts)
        starts = np.cumsum(counts) - counts
        xs = shapes.x[at]
        wide[known] = np.maximum.reduceat(xs, starts) - np.minimum.reduceat(xs, starts) >= least
    for k in np.flatnonzero(polygon < 0).tolist():
        shape = zones[k].shape
        if isinstance(shape, NodeShape):
            wide[k] = 2 * shape.radius >= least
        else:
            xs = [x for x, _ in shape.points]
            wide[k] = max(xs) - min(xs) >= least
    return wide.tolist()


def paint_aspects(
    p: QPainter,
    layout: MapLayout,
    zones: list[Zone],
    border_ids: list[str],
    style: MapStyle,
    shown_border: Callable[[str], bool] | None = None,
    fogged: Callable[[Zone], bool] | None = None,
    badge_at: Callable[[str], BadgeSpot] | None = None,
) -> None:
    """The plates of these zones (already cleared of fog by the caller) and borders, a border's
    under its badge (where `badge_at` puts it; else at home). For the players a border's plate
    shows only when its badge does and neither side is fogged or hidden."""
    players = style.audience is Audience.PLAYERS
    carrying = [zone for zone in zones if zone.aspects and not (players and zone.hidden)]
    for zone, roomy in zip(carrying, _roomy(p, layout, carrying), strict=True):
        if roomy:
            paint_plates(p, zone.aspects, _zone_top(zone, style), style)
    border_of, lines = layout.border, layout.lines
    for border_id in border_ids:
        border = border_of(border_id)
        if border is None or not border.aspects:  # most have none: their lines are not read
            continue
        line = lines.get(border_id)
        if line is None:
            continue
        if players and not _border_seen(layout, border_id, shown_border, fogged):
            continue
        left, _, right, bottom = badge_box(border, line, style) if badge_at is None else badge_at(border_id).box
        paint_plates(p, border.aspects, ((left + right) / 2, bottom + 2), style)


def _border_seen(
    layout: MapLayout,
    border_id: str,
    shown_border: Callable[[str], bool] | None,
    fogged: Callable[[Zone], bool] | None,
) -> bool:
    if shown_border is not None and not shown_border(border_id):
        return False
    border = layout.border(border_id)
    if border is None:
        return False
    for zone_id in (border.a, border.b):
        zone = layout.zone(zone_id)
        if zone is None or zone.hidden or (fogged(zone) if fogged is not None else zone.fogged):
            return False
    return True


def paint_scene_aspects(p: QPainter, aspects: Iterable[Aspect], corner: tuple[float, float], style: MapStyle) -> None:
    """The scene's aspects (a conflict's `scene_aspects`) under a heading at a corner of the map."""
    aspects = list(aspects)
    if not aspects:
        return
    size = PLATE_SIZE * style.text_scale
    x, y = corner
    box = text.plated_label(p, "Scene", (x, y), style.label, style.plate, size, bold=True)
    paint_plates(p, aspects, (x, box.bottom() + size * 0.2), style)
