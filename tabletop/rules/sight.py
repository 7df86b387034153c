"""Sight on a zone map: which zones a party token sees from where it stands.

One sees into a neighbouring zone through a border that lets sight through (model/borders.py:
a border with any passage seen through, an open door, a window, open ground), and on from there,
up to a range the GM sets: in borders crossed, or in map units, measured from zone centre to
zone centre along the way sight goes (the cheapest such sum: sight bends through a doorway, so
a room round a corner is as far as the walk to it, never the straight line through the wall).
The walk asks the document's index of which borders touch a zone, so a move costs the zones
within range, not the whole map: no rays are cast over pixels. Hidden zones stop sight: the
players must not learn, by fog lifted beyond, that something the GM keeps back lies between.
Qt-free.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass

from tabletop.model import Border, Map, NodeShape, Token, Zone, ZoneLocation
from tabletop.rules.grid_sight import party_grid_sight
from tabletop.rules.visibility import InSight, on_players_side, token_hidden

DEFAULT_SIGHT_RANGE = 3
"""Borders a party token sees across when the GM has not said: a room, the corridor, the next room."""
MAX_SIGHT_RANGE = 99

MAX_SIGHT_UNITS = 100_000
"""The farthest sight in map units: across the whole map."""
DEFAULT_SIGHT_UNITS = 400
"""Map units a party token sees across when the GM counts sight in map units and has not said."""


@dataclass(frozen=True)
class SightRange:
    """How far the players' tokens see: `borders` crossed on a zone map (areas on a grid), or,
    with `units` set, that many map units instead."""

    borders: int = DEFAULT_SIGHT_RANGE
    units: float | None = None

    @classmethod
    def of(cls, reach: int | SightRange) -> SightRange:
        return reach if isinstance(reach, SightRange) else cls(int(reach))

    def words(self, across: tuple[str, ...] = ("border",)) -> str:
        """The range as a GM reads it; `across`, what a step crosses on the map ("border",
        "area" on a grid, both on a map of zones and grids)."""
        if self.units is not None:
            return f"{self.units:g} map units"
        plural = "" if self.borders == 1 else "s"
        return f"{self.borders} " + " or ".join(noun + plural for noun in across)


FindBorder = Callable[[str], Border | None]
FindZone = Callable[[str], Zone | None]
CentreOf = Callable[[str], tuple[float, float] | None]


def zones_in_sight(
    origins: Iterable[str],
    borders_at: Mapping[str, Collection[str]],
    find_border: FindBorder,
    find_zone: FindZone,
    reach: int = DEFAULT_SIGHT_RANGE,
    units: float | None = None,
    centre_of: CentreOf | None = None,
) -> set[str]:
    """Every zone seen from one of `origins` (those included) across at most `reach` borders
    that let sight through, entering no hidden zone; with `units` (and `centre_of`, a zone's
    centre), every zone whose centre sight reaches within that many map units instead."""
    if units is not None and centre_of is not None:
        return _zones_within(origins, borders_at, find_border, find_zone, units, centre_of)
    seen: set[str] = set()
    frontier = []
    for zone_id in origins:
        zone = find_zone(zone_id)
        if zone is not None and not zone.hidden and zone_id not in seen:
            seen.add(zone_id)
            frontier.append(zone_id)
    looked: set[str] = set()  # a border is asked once, not again from its other side
    for _ in range(max(0, reach)):
        nearer = []
        for zone_id in frontier:
            for border_id in borders_at.get(zone_id, ()):
                if border_id in looked:
                    continue
                looked.add(border_id)
                border = find_border(border_id)
                if border is None or border.blocks_sight:
                    continue
                beyond = border.b if border.a == zone_id else border.a
                if beyond in seen:
                    continue
                zone = find_zone(beyond)
                if zone is None or zone.hidden:
                    continue
                seen.add(beyond)
                nearer.append(beyond)
        if not nearer:
            break
        frontier = nearer
    return seen


def _zones_within(
    origins: Iterable[str],
    borders_at: Mapping[str, Collection[str]],
    find_border: FindBorder,
    find_zone: FindZone,
    units: float,
    centre_of: CentreOf,
) -> set[str]:
    """The walk of zones_in_sight by distance: the cheapest sum of centre-to-centre steps
    through borders that let sight through, at most `units`."""
    best: dict[str, float] = {}
    queue: list[tuple[float, str]] = []
    for zone_id in origins:
        zone = find_zone(zone_id)
        if zone is not None and not zone.hidden and zone_id not in best:
            best[zone_id] = 0.0
            queue.append((0.0, zone_id))
    heapq.heapify(queue)
    done: set[str] = set()
    while queue:
        far, zone_id = heapq.heappop(queue)
        if zone_id in done:
            continue
        done.add(zone_id)
        here = centre_of(zone_id)
        if here is None:
            continue
        for border_id in borders_at.get(zone_id, ()):
            border = find_border(border_id)
            if border is None or border.blocks_sight:
                continue
            beyond = border.other(zone_id)
            if beyond in done:
                continue
            there = centre_of(beyond)
            if there is None:
                continue
            farther = far + math.hypot(there[0] - here[0], there[1] - here[1])
            if farther > units or farther >= best.get(beyond, math.inf):
                continue
            zone = find_zone(beyond)
            if zone is None or zone.hidden:
                continue
            best[beyond] = farther
            heapq.heappush(queue, (farther, beyond))
    return done


def seers(tokens: Iterable[Token], players_side: str) -> list[str]:
    """The zones the players' tokens stand in: tokens of their side the players see (a hidden
    token of theirs, a scout the GM keeps off the table, sees nothing for them)."""
    return [
        token.location.zone
        for token in tokens
        if isinstance(token.location, ZoneLocation) and on_players_side(token, players_side) and not token_hidden(token)
    ]


def party_sight(map_: Map, players_side: str, reach: int = DEFAULT_SIGHT_RANGE, units: float | None = None) -> set[str]:
    """The zones the players' side sees now, from the map alone (for a caller without the
    document's indexes: the command line, tests)."""
    borders_at: dict[str, list[str]] = {}
    for border in map_.borders:
        borders_at.setdefault(border.a, []).append(border.id)
        borders_at.setdefault(border.b, []).append(border.id)
    find_zone = {z.id: z for z in map_.zones}.get
    return zones_in_sight(
        seers(map_.tokens, players_side),
        borders_at,
        {b.id: b for b in map_.borders}.get,
        find_zone,
        reach,
        units,
        lambda zone_id: zone_centre(find_zone(zone_id)),
    )


def zone_centre(zone: Zone) -> tuple[float, float]:
    """Where sight is measured from in a zone: the middle of its shape's bounds (a disc's
    centre, a room's middle), the same for the window and the command line."""
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return (shape.x, shape.y)
    xs = [x for x, _ in shape.points]
    ys = [y for _, y in shape.points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def map_in_sight(map_: Map, players_side: str, reach: SightRange) -> InSight:
    """Everything the players' side sees now, zones and grid areas, from the map alone (an
    export's players' copy, the command line)."""
    areas = {
        grid.id: frozenset(party_grid_sight(grid, map_.tokens, players_side, reach.borders, reach.units))
        for grid in map_.grids
    }
    return InSight(frozenset(party_sight(map_, players_side, reach.borders, reach.units)), areas)
