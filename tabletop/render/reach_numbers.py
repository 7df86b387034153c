"""A dragged token's reach numbers, the arrangement's part (render/arrangement.py): each
zone's cost inside the zone, clear of its tokens, its name and its badges where it can be, and a
place kept in each zone for one at its smallest, which the badges keep clear of."""

from __future__ import annotations

from tabletop.geometry.single.clearing import Box, clear_of
from tabletop.geometry.single.fitting import REACH_BELOW, REACH_PAD, number_room, reach_spot, text_sizes
from tabletop.geometry.single.labels import box_inside, whole_spot
from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.model import NodeShape
from tabletop.render.words import Measured, Written, plate_room_bold

REACH_TEXT = 22.0
"""A reach number's size in map units: read from across the table while a token is dragged."""


class ReachNumbers:
    """The reach numbers of an Arrangement, which keeps `_numbers` (number_kept's, by zone) and
    answers the zone's tokens, name, badges and the places kept for them."""

    def reach_number(self, zone_id: str, cost: int) -> Written:
        """A dragged token's cost to reach a zone, on its plate: inside the zone, clear of its
        tokens (and plates written into it from the next zones), its name and its borders'
        badges, drawn smaller where it must; else in the place kept for it (number_kept), which
        the badges keep clear of; else clear of the tokens at least, which are drawn over it,
        where the name and badges it covers are drawn under it."""
        zone = self.layout.zone(zone_id)
        words = str(cost)
        sizes = text_sizes(REACH_TEXT, REACH_TEXT)
        measured = Measured(words, sizes, True, plate_room_bold)
        (x, y), k0 = reach_spot(zone, measured, self._taken(zone_id), TOKEN_RADIUS)
        width, height = measured[k0]
        box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        kept = self.number_kept(zone_id)
        if kept is not None and not clear_of(box, self._taken(zone_id)):
            x, y, k0 = (kept[0] + kept[2]) / 2, (kept[1] + kept[3]) / 2, len(sizes) - 1
            width, height = measured[k0]
            box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        tokens = self.zone_tokens(zone_id).boxes() + self._strays(zone_id)
        if clear_of(box, tokens):
            return Written(words, (x, y), sizes[k0], box)
        name = self.name(zone_id)  # the discs and plates are drawn over it: over a badge rather, or its name
        for avoid in ([*tokens, name.box], tokens) if name is not None else (tokens,):
            (x, y), k = reach_spot(zone, measured, avoid, TOKEN_RADIUS)
            width, height = measured[k]
            moved = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
            if clear_of(moved, avoid) and (isinstance(zone.shape, NodeShape) or box_inside(zone.shape.points, moved)):
                return Written(words, (x, y), sizes[k], moved)
        return Written(words, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), sizes[k0], box)

    def number_kept(self, zone_id: str) -> Box | None:
        """The place kept in a polygon zone for a reach number of one digit at its smallest, clear
        of the zone's tokens, its badges' kept places and its name (None: no room for one)."""
        if zone_id not in self._numbers:
            self._numbers[zone_id] = self._number_room(zone_id, named=True)
        return self._numbers[zone_id]

    def _number_room(self, zone_id: str, named: bool) -> Box | None:
        """Where a reach number of one digit at its smallest fits in a polygon zone: clear of its
        tokens and its badges' kept places, off its badges' homes if it can, and (`named`) clear
        of its name; in a zone where tokens stand, sought all over it if it must."""
        zone = self.layout.zone(zone_id)
        if zone is None or isinstance(zone.shape, NodeShape):
            return None
        least = text_sizes(REACH_TEXT, REACH_TEXT)[-1]
        width, height = Measured("0", [least], True, plate_room_bold)[0]
        avoid = self.zone_tokens(zone_id).boxes() + self._kept(zone_id)
        name = self.name(zone_id) if named else None
        if name is not None:
            avoid.append(name.box)
        lift, points = -TOKEN_RADIUS * REACH_BELOW, tuple(zone.shape.points)
        spot = None
        for shunned in (avoid + self._homes(zone_id), avoid):
            spot = spot or number_room(points, width, height, shunned, lift)
        if spot is None and self.zone_tokens(zone_id).discs:
            spot = whole_spot(points, width, height, tuple(sorted(avoid)), round(lift, 1), REACH_PAD)
        if spot is None:
            return None
        x, y = spot
        return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)

    def _taken(self, zone_id: str) -> list[Box]:
        """What a reach number keeps clear of in its zone: tokens, plates, its name, its badges."""
        taken = self.zone_tokens(zone_id).boxes() + [self.badge(b).box for b in self._borders_of(zone_id)]
        taken += self._strays(zone_id)
        name = self.name(zone_id)
        return [*taken, name.box] if name is not None else taken
