"""The map cut to a place (a band of a huge PNG, a poster's page): what can show there, with
all a shown zone's borders and the zones at their other ends, worked out over arrays the same
as zone by zone."""

from __future__ import annotations

import pytest

from tabletop.geometry.whole.layout import zone_box
from tabletop.model import NodeShape, Token, Zone, ZoneLocation
from tabletop.render.export.parts import BADGE_ROOM, REACH, MapParts
from tests.maps import zone_map


def _map():
    map_ = zone_map(300)
    node = Zone(id="beacon", name="Beacon", shape=NodeShape(x=900.0, y=-200.0, radius=30.0))
    tokens = [Token(id="t1", location=ZoneLocation(zone=map_.zones[40].id))]
    return map_.model_copy(update={"zones": [*map_.zones, node], "tokens": tokens})


def _one_by_one(map_, box):
    """What a band holds, worked out zone by zone and border by border."""
    left, top, right, bottom = box
    occupied = {t.location.zone for t in map_.tokens}
    boxes = {}
    for zone in map_.zones:
        reach = REACH if zone.id in occupied else 0.0
        zl, zt, zr, zb = zone_box(zone)
        boxes[zone.id] = (zl - reach, zt - reach, zr + reach, zb + reach)

    def hit(b):
        return b[0] <= right and b[2] >= left and b[1] <= bottom and b[3] >= top

    seen = {zone_id for zone_id, b in boxes.items() if hit(b)}
    borders = set()
    for border in map_.borders:
        a, b = boxes[border.a], boxes[border.b]
        around = (min(a[0], b[0]) - BADGE_ROOM, min(a[1], b[1]) - BADGE_ROOM)
        around += (max(a[2], b[2]) + BADGE_ROOM, max(a[3], b[3]) + BADGE_ROOM)
        if hit(around) or border.a in seen or border.b in seen:
            borders.add(border.id)
    held = seen | {end for border in map_.borders if border.id in borders for end in (border.a, border.b)}
    return [z.id for z in map_.zones if z.id in held], [b.id for b in map_.borders if b.id in borders], seen


@pytest.mark.parametrize("box", [(0, 0, 400, 120), (600, -400, 500, 300), (-5000, -5000, 10, 10), (100, 300, 2000, 41)])
def test_a_place_holds_what_zone_by_zone_says(box):
    map_ = _map()
    x, y, w, h = box
    part, shown = MapParts(map_).within(x, y, w, h)
    zones, borders, seen = _one_by_one(map_, (x - 1, y - 1, x + w + 1, y + h + 1))
    assert [z.id for z in part.zones] == zones
    assert [b.id for b in part.borders] == borders
    assert shown == seen
    if box[0] == 0:
        assert seen and set(zones) > seen, "a band holds zones beyond those shown, for their borders"
    assert [t.id for t in part.tokens] == (["t1"] if map_.zones[40].id in seen else [])
