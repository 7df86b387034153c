"""Where a move replay's plates stand (the "+3" at a border crossed, the "3 shifts" by the
travelling token): as near their own place as they can, clear of the names on the map (zones'
names, tokens' name plates, borders' badges) and of each other, so a replay never covers what
the players read to follow it.

The placing is Qt-free (`plate_spot`, on geometry/single/clearing.py's boxes); the rest reads
the boxes of what is written from the scene's arrangement and measures a plate's words as
render/text.plated_label draws them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from PySide6.QtGui import QFontMetricsF

from tabletop.geometry.single.clearing import GAP, Box, first_clear
from tabletop.model import AreaLocation, Map
from tabletop.render.aspect_paint import zone_plate_boxes
from tabletop.render.style import map_font

Point = tuple[float, float]
RINGS = 4
"""How many steps away from its own place a plate is tried before it takes the least covered."""
WAYS = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))
"""The ways a plate steps from its place, in the order tried: up, down, right, left, then the
corners."""


def plate_spot(place: Point, size: Point, avoid: Sequence[Box], gap: float = GAP, rings: int = RINGS) -> Point:
    """The centre of a plate of `size` (width, height) nearest `place` whose box is clear of
    `avoid`: its own place, else the nearest of the spots a step or more away each way (a
    plate's height up or down, half its width and a bit sideways), up to `rings` steps; where
    nothing is clear, the spot it covers least of them at."""
    width, height = size
    step_x, step_y = width / 2 + height / 2, height + gap
    spots = [place]
    for ring in range(1, rings + 1):
        spots += [(place[0] + dx * step_x * ring, place[1] + dy * step_y * ring) for dx, dy in WAYS]
    spots.sort(key=lambda spot: (spot[0] - place[0]) ** 2 + (spot[1] - place[1]) ** 2)  # nearest first
    return first_clear(spots, size, avoid, gap)


def plate_size(words: str, size: float, bold: bool) -> Point:
    """(width, height) of a plate these words are drawn on at this size (render/text.plated_label)."""
    metrics = QFontMetricsF(map_font(size, bold))
    return metrics.horizontalAdvance(words) + size * 0.6, metrics.height() + size * 0.15


def names_around(arrangement, map_: Map, zones: Iterable[str], leave_out: str = "", radius: float = 0.0) -> list[Box]:
    """The boxes of what is written in these zones and at their borders, as the scene's
    arrangement placed them for its audience: each zone's name and aspects, its tokens' name plates and
    discs (`radius` round their spots; not `leave_out`'s, the token replaying: its own item is
    not shown meanwhile) and the badges of its borders."""
    found: list[Box] = []
    by_id = {zone.id: zone for zone in map_.zones}
    wanted = [by_id[zone_id] for zone_id in dict.fromkeys(zones) if zone_id in by_id]
    for zone in wanted:
        zone_id = zone.id
        name = arrangement.name(zone_id)
        if name is not None:
            found.append(name.box)
        if zone.aspects:
            found += zone_plate_boxes(zone, arrangement.style)
        tokens = arrangement.zone_tokens(zone_id)
        found += [written.box for token_id, written in tokens.plates.items() if token_id != leave_out and written.words]
        found += [
            (x - radius, y - radius, x + radius, y + radius)
            for token_id, (x, y) in tokens.discs
            if token_id != leave_out
        ]
    shown = badges_around(arrangement, map_, [zone.id for zone in wanted])
    found += [arrangement.badge(border_id).box for border_id in shown]
    return found


def badges_around(arrangement, map_: Map, zones: Iterable[str]) -> list[str]:
    """The borders of these zones whose badges the scene's audience sees, in id order."""
    ids = set(zones)
    borders = {b.id for b in map_.borders if b.a in ids or b.b in ids}
    return [border_id for border_id in sorted(borders) if arrangement.badge_shown(border_id)]


def zones_near(map_: Map, places: Iterable[str]) -> set[str]:
    """The zones a zone map's route runs through and those beside them: a plate stepping off its
    place may land in a neighbour."""
    found = set(places)
    for border in map_.borders:
        if border.a in found or border.b in found:
            found.update((border.a, border.b))
    return found


def tokens_on_grid(map_: Map, grid_id: str, leave_out: str = "") -> list:
    """The shown tokens standing on a grid, but the one replaying."""
    return [
        token
        for token in map_.tokens
        if isinstance(token.location, AreaLocation) and token.location.grid == grid_id and token.id != leave_out
    ]


def trail_boxes(points: Sequence[Point], radius: float, below: float) -> list[Box]:
    """Where the travelling token passes along its way (its disc, and its name `below` it), at
    every `radius` of the way through `points`: a border's plate, which stays put while the
    token goes on, keeps off it so the token never hides it."""
    found: list[Box] = []
    for (x1, y1), (x2, y2) in pairwise(points):
        steps = max(1, int(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 // radius))
        for k in range(steps + 1):
            x, y = x1 + (x2 - x1) * k / steps, y1 + (y2 - y1) * k / steps
            found.append((x - radius, y - radius, x + radius, y + radius + below))
    return found
