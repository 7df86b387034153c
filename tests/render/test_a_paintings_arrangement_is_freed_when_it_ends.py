"""The arrangement a painting works out (a band of a huge export, a page) is freed, with the
layout it read, as soon as the painting drops it, without waiting for Python's cycle collector:
a 100k-zone map exported in bands otherwise held every band's border lines until the end."""

from __future__ import annotations

import gc
import weakref

from tabletop.geometry.single.shapes import token_spots
from tabletop.geometry.whole.layout import MapLayout
from tabletop.render.paint import map_arrangement
from tabletop.render.style import gm_style, players_style
from tests.render.dungeon import compact_dungeon


def _arranged(map_, style) -> tuple[weakref.ref, weakref.ref]:
    layout = MapLayout(map_, index=False)
    spots = token_spots(map_, layout.zone, name_scale=style.text_scale)
    arrangement = map_arrangement(map_, layout, style, spots)
    for border in map_.borders:  # every badge placed, clear of the names and tokens around it
        arrangement.badge(border.id)
    for zone in map_.zones:
        arrangement.reach_number(zone.id, 3)
    return weakref.ref(arrangement), weakref.ref(layout)


def test_an_arrangement_and_its_layout_are_freed_when_dropped(qapp):
    map_ = compact_dungeon()
    was = gc.isenabled()
    gc.disable()
    try:
        for style in (gm_style(), players_style()):
            arrangement, layout = _arranged(map_, style)
            assert arrangement() is None
            assert layout() is None
    finally:
        if was:
            gc.enable()
