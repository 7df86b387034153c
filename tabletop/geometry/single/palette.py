"""Colours for new zones: a palette made for projection. Light enough that the map's dark
labels read on every one of them, saturated enough to tell apart on a washed-out projector,
and spread round the colour wheel so neighbouring zones differ. Qt-free."""

from __future__ import annotations

from collections import Counter

from tabletop.model import Map

PROJECTION_PALETTE = (
    "#f2b880",  # apricot
    "#9ad29a",  # sage
    "#8fbfe8",  # sky
    "#f0a0a8",  # rose
    "#c3a6e6",  # lavender
    "#f3e27a",  # straw
    "#6fd0c6",  # teal
    "#d8cbb0",  # stone
    "#c9e77a",  # lime
    "#eba2e0",  # orchid
)


def next_zone_fill(map_: Map) -> str:
    """The colour for the next new zone: the palette's colour fewest zones of the map wear,
    the earliest of those, so a map's first ten zones all differ and then the round repeats."""
    worn = Counter(zone.fill.colour.lower() for zone in map_.zones)
    return min(PROJECTION_PALETTE, key=lambda colour: (worn[colour], PROJECTION_PALETTE.index(colour)))
