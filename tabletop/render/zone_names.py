"""Where a zone's name is written: inside its polygon, clear of its tokens and of the places
kept for its badges, and if it can of its badges' homes and its tokens' fronts; shrunk before it
is cut (geometry/single/fitting.py). The picture's arrangement asks it for each zone, and a zone
painted alone (render/label_paint.zone_label) too."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.geometry.single.clearing import Box
from tabletop.geometry.single.fitting import LINE, anchored_name, fitted_name, in_bulk, text_sizes
from tabletop.geometry.single.labels import label_spot
from tabletop.geometry.single.shapes import TOKEN_RADIUS, Point
from tabletop.model import NodeShape, Zone
from tabletop.render import text
from tabletop.render.style import MapStyle
from tabletop.render.words import Measured, Written, advance, elided

TOKEN_ROOM_ABOVE = TOKEN_RADIUS * 2.0
"""A zone's name is sought this far above its anchor and half its height more, over its tokens."""
TIGHT = 1.0
"""The room kept around a name in a zone too crowded for the usual (labels.PAD)."""
NODE_LABEL_WIDTH = 280.0
"""A node's name is cut to this width (the layout leaves it 300 units)."""


def placed_name(
    zone: Zone,
    style: MapStyle,
    avoid: Callable[[], list[Box]],
    prefer: Callable[[], tuple[list[Box], ...]],
    occupied: bool,
    bulk: bool = True,
) -> Written | None:
    """A zone's name as written: inside a polygon, clear of what it must avoid (`avoid()`: its
    tokens, the places kept for its badges) and if it can of what it would rather not cover
    (`prefer()`: its borders' badges at home, its tokens' fronts; the first given up first),
    above its tokens when `occupied`; at the largest size it fits whole, else at the smallest
    cut to the room clear there, and not at all when there is none. A name too long for its
    zone's box at full size in a small zone, with no token there, is written at the anchor
    whatever is around (in_bulk, anchored_name: as in bulk), unless `bulk` is False (a map
    of a GM's own rooms, where every name is placed alone). A node's name is above its disc,
    clear of its badges."""
    words = text.shown(zone.label)
    if not words:
        return None
    full = style.zone_label_size * style.text_scale
    if isinstance(zone.shape, NodeShape):  # beside the disc on the paper, clear of badges
        name = elided(words, full, True, NODE_LABEL_WIDTH)
        spot = label_spot(zone, advance(name, full, True), full * 1.25, prefer()[0])
        return _written(name, (spot.x, spot.y), full)
    sizes = text_sizes(full, style.zone_label_size)
    measured = Measured(words, sizes, True, lambda size: (0.0, size * LINE))
    lift = TOKEN_ROOM_ABOVE + full * 1.25 / 2 + 6 if occupied else 0.0
    if bulk and not occupied and in_bulk(zone, measured[0], measured[-1]):  # as in bulk: at its anchor
        spot, k = anchored_name(zone, measured, sizes)
    else:
        must, rather = avoid(), prefer()
        stages = [must + [box for group in rather[given_up:] for box in group] for given_up in range(len(rather) + 1)]
        spot, k, clear = fitted_name(zone, measured, stages, lift)
        if not clear:  # a crowded room: closer to what is around it
            spot, k, clear = fitted_name(zone, measured, stages, lift, TIGHT)
        if not clear:  # no room for any of the name clear of its tokens and badges
            return None
    size, (width, _) = sizes[k], measured[k]
    name = words if spot.max_width >= width else elided(words, size, True, spot.max_width)
    return _written(name, (spot.x, spot.y), size) if name else None


def bulk_name(zone: Zone, style: MapStyle) -> Written | None:
    """placed_name of a zone with no token in it whose name is written in bulk (fitting.in_bulk);
    None for any other zone, or none to write."""
    words = text.shown(zone.label)
    if not words or isinstance(zone.shape, NodeShape):
        return None
    sizes = text_sizes(style.zone_label_size * style.text_scale, style.zone_label_size)
    measured = Measured(words, sizes, True, lambda size: (0.0, size * LINE))
    return placed_name(zone, style, list, tuple, False) if in_bulk(zone, measured[0], measured[-1]) else None


def _written(words: str, centre: Point, size: float) -> Written:
    half = advance(words, size, True) / 2
    x, y = centre
    return Written(words, centre, size, (x - half, y - size * 0.625, x + half, y + size * 0.625))
