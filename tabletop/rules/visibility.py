"""What the players may see: the map as the GM prepared it, less what the GM keeps back.

The players' picture (a projector, a second window, an export for the table) is painted from
this filtered copy, so nothing hidden can reach it by a forgotten check in the painting. A
scene that paints from the GM's own indexes asks the same questions object by object.

Fog of war is the other half: a fogged zone or grid area is still there for the players, as
fog, but nothing of its name, aspects, badges, terrain or tokens. Which places are fogged is
read from the map (`LIVE`) or held as it was when the GM last sent fog (`HeldFog`), when the
GM stages fog changes before the players see them. With fog by sight (`SightFog`), a place
the players have seen and do not see now is dimmed: still there as they remember it, but no
one standing in it shows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from tabletop.model import AreaLocation, Border, Conflict, EncounterGrid, FillStyle, Map, Token, Zone, ZoneLocation
from tabletop.model.grids import TILE_AREAS
from tabletop.rules import systems
from tabletop.rules.sides import known_side

Area = tuple[int, int]
FindZone = Callable[[str], Zone | None]
FindGrid = Callable[[str], EncounterGrid | None]


class Fog(Protocol):
    def zone_fogged(self, zone: Zone) -> bool: ...

    def area_fogged(self, grid: EncounterGrid, area: Area) -> bool: ...

    def areas(self, grid: EncounterGrid) -> Collection[Area]: ...

    def zone_dimmed(self, zone: Zone) -> bool: ...

    def area_dimmed(self, grid: EncounterGrid, area: Area) -> bool: ...


@dataclass(frozen=True)
class InSight:
    """What the players' tokens see now (fog by sight): zones, and areas by grid."""

    zones: frozenset[str] = frozenset()
    areas: Mapping[str, frozenset[Area]] = field(default_factory=dict)


_AREA_SETS: dict[int, tuple[list, frozenset[Area]]] = {}
_AREA_SETS_LOCK = threading.Lock()
"""The players' picture for the phones is painted on its own thread while the GM's window asks
the same questions: one walking or clearing the sets while the other adds would break both."""
_held_areas = 0
"""Areas held in `_AREA_SETS` in all, kept as they come and go so the cap needs no walk."""
MAX_HELD_AREAS = 500_000
"""Areas the sets below may hold in all: a Reveal drag over a grid fogged all over makes a new
list per mouse move, and a set of a big grid's areas holds megabytes: a cap by count of sets
would let a few hundred of them fill the memory."""


def fogged_set(grid: EncounterGrid) -> frozenset[Area]:
    """A grid's fogged areas as a set, made once per list (edits make new lists): a token on a
    grid fogged all over asks in constant time."""
    global _held_areas
    areas = grid.fogged_areas
    with _AREA_SETS_LOCK:
        held = _AREA_SETS.get(id(areas))
    if held is not None and held[0] is areas:
        return held[1]
    found = frozenset(areas)  # made outside the lock: a big grid's set takes a while
    with _AREA_SETS_LOCK:
        held = _AREA_SETS.get(id(areas))
        if held is not None and held[0] is areas:
            return held[1]
        if len(_AREA_SETS) > 256 or _held_areas + len(found) > MAX_HELD_AREAS:
            _AREA_SETS.clear()
            _held_areas = 0
        if held is not None:
            _held_areas -= len(held[1])
        _AREA_SETS[id(areas)] = (areas, found)  # the list is kept alive, so its id is not reused
        _held_areas += len(found)
    return found


class LiveFog:
    """The fog as the map holds it now."""

    def zone_fogged(self, zone: Zone) -> bool:
        return zone.fogged

    def area_fogged(self, grid: EncounterGrid, area: Area) -> bool:
        return bool(grid.fogged_areas) and tuple(area) in fogged_set(grid)

    def areas(self, grid: EncounterGrid) -> Collection[Area]:
        return fogged_set(grid)

    def zone_dimmed(self, zone: Zone) -> bool:
        return False

    def area_dimmed(self, grid: EncounterGrid, area: Area) -> bool:
        return False


LIVE = LiveFog()


@dataclass(frozen=True)
class HeldFog:
    """The fog the players were last sent: what they keep seeing while the GM stages changes."""

    zones: frozenset[str] = frozenset()
    grids: dict[str, frozenset[Area]] = field(default_factory=dict)

    @classmethod
    def of(cls, map_: Map) -> HeldFog:
        return cls(
            frozenset(z.id for z in map_.zones if z.fogged),
            {g.id: fogged_set(g) for g in map_.grids if g.fogged_areas},
        )

    def zone_fogged(self, zone: Zone) -> bool:
        return zone.id in self.zones

    def area_fogged(self, grid: EncounterGrid, area: Area) -> bool:
        return tuple(area) in self.grids.get(grid.id, ())

    def areas(self, grid: EncounterGrid) -> Collection[Area]:
        return self.grids.get(grid.id, frozenset())

    def zone_dimmed(self, zone: Zone) -> bool:
        return False

    def area_dimmed(self, grid: EncounterGrid, area: Area) -> bool:
        return False


@dataclass(frozen=True)
class SightFog:
    """Fog by sight: the fog of `base` (the map's, or the fog held while staging), and of the
    zones and grid areas it leaves clear, those out of the players' sight dimmed. `in_sight` answers for the
    map as it is when asked (rules/sight.py, kept by the caller per edit), so a scene holding
    this fog follows every move without being handed a new one."""

    base: Fog
    in_sight: Callable[[], InSight]

    def zone_fogged(self, zone: Zone) -> bool:
        return self.base.zone_fogged(zone)

    def area_fogged(self, grid: EncounterGrid, area: Area) -> bool:
        return self.base.area_fogged(grid, area)

    def areas(self, grid: EncounterGrid) -> Collection[Area]:
        return self.base.areas(grid)

    def zone_dimmed(self, zone: Zone) -> bool:
        return zone.id not in self.in_sight().zones and not self.base.zone_fogged(zone)

    def area_dimmed(self, grid: EncounterGrid, area: Area) -> bool:
        area = tuple(area)
        return area not in self.in_sight().areas.get(grid.id, ()) and not self.base.area_fogged(grid, area)


def dimmed_places(map_: Map, fog: Fog) -> InSight:
    """The places this fog dims (seen before, out of the players' sight now): shown zones clear
    of fog, and areas of each grid clear of fog, that are out of sight. None without fog by sight."""
    zones = frozenset(zone.id for zone in map_.zones if zone_shown(zone) and fog.zone_dimmed(zone))
    areas = {}
    for grid in map_.grids:
        r0, c0, r1, c1 = grid.area_bounds()
        dim = frozenset(
            (row, col) for row in range(r0, r1 + 1) for col in range(c0, c1 + 1) if fog.area_dimmed(grid, (row, col))
        )
        if dim:
            areas[grid.id] = dim
    return InSight(zones, areas)


def token_hidden(token: Token) -> bool:
    """A token hidden from the players (one flag; old files' "hidden" state became it)."""
    return token.hidden


def zone_shown(zone: Zone | None) -> bool:
    """Whether the players see the zone at all (as itself or as fog)."""
    return zone is not None and not zone.hidden


def zone_clear(zone: Zone | None, fog: Fog = LIVE) -> bool:
    """Whether the players see the zone itself: shown and not under fog."""
    return zone_shown(zone) and not fog.zone_fogged(zone)


def border_shown(border: Border, find_zone: FindZone, fog: Fog = LIVE) -> bool:
    """A border is shown when both its zones are clear: a badge on the edge of the fog would
    tell the players what lies behind it."""
    return zone_clear(find_zone(border.a), fog) and zone_clear(find_zone(border.b), fog)


def token_shown(token: Token, find_zone: FindZone, find_grid: FindGrid | None = None, fog: Fog = LIVE) -> bool:
    """A token is shown unless it is hidden or stands in a hidden or fogged zone or area, or in
    a zone or area dimmed (out of the players' sight: who stands there now is not seen)."""
    if token_hidden(token):
        return False
    where = token.location
    if isinstance(where, ZoneLocation):
        zone = find_zone(where.zone)
        return zone_clear(zone, fog) and not fog.zone_dimmed(zone)
    if isinstance(where, AreaLocation) and find_grid is not None:
        grid = find_grid(where.grid)
        area = (where.row, where.col)
        return grid is not None and not fog.area_fogged(grid, area) and not fog.area_dimmed(grid, area)
    return True


def on_players_side(token: Token, players_side: str | None) -> bool:
    """A token the players play: of the side the GM named as theirs (a neutral token never is)."""
    return bool(players_side) and known_side(players_side) and token.side == players_side


def players_grid(grid: EncounterGrid, fog: Fog = LIVE) -> EncounterGrid:
    """The grid as the players see it: no secret start marks, and fogged areas keep no terrain
    (segments lose them)."""
    if any(mark.secret for mark in grid.starts):
        grid = grid.model_copy(update={"starts": [mark for mark in grid.starts if not mark.secret]})
    fogged = fog.areas(grid)
    if not fogged and not grid.fogged_areas:
        return grid
    tiles = []
    for tile in grid.tiles:
        segments = []
        for segment in tile.segments:
            base = (tile.row * TILE_AREAS, tile.col * TILE_AREAS)
            areas = [a for a in segment.areas if (base[0] + a[0], base[1] + a[1]) not in fogged]
            if areas:
                segments.append(
                    segment if len(areas) == len(segment.areas) else segment.model_copy(update={"areas": areas})
                )
        tiles.append(tile if segments == tile.segments else tile.model_copy(update={"segments": segments}))
    return grid.model_copy(update={"tiles": tiles, "fogged_areas": sorted(fogged)})


def fog_only(zone: Zone) -> Zone:
    """A fogged zone as the players get it: its place, nothing of what it is."""
    return Zone(id=zone.id, shape=zone.shape, fogged=True, fill=FillStyle())


def players_conflict(conflict: Conflict | None, shown: Callable[[str], bool]) -> Conflict | None:
    """The conflict as the players may know it: only the participants they see, in their order,
    the turn their banner names, and no log (the GM's record names who acted, seen or not)."""
    if conflict is None:
        return None
    return conflict.model_copy(
        update={
            "participants": [p for p in conflict.participants if shown(p.token)],
            "order": [token for token in conflict.order if shown(token)],
            "turn": systems.of(conflict).players_turn(conflict, shown),
            "log": [],
        }
    )


def players_view(map_: Map, fog: Fog = LIVE) -> Map:
    """A valid copy of the map without hidden zones (and the borders that touch them), hidden
    tokens and tokens standing in hidden zones, secret start marks, the map's notes and every
    zone's GM notes;
    fogged zones are bare places (no name, aspects, fill or notes) with no borders or tokens,
    fogged grid areas keep no terrain and no tokens; a conflict keeps only what the players may
    know of it."""
    find_zone = {zone.id: zone for zone in map_.zones}.get
    find_grid = {grid.id: grid for grid in map_.grids}.get
    zones = []
    for zone in map_.zones:
        if not zone_shown(zone):
            continue
        if fog.zone_fogged(zone):
            zones.append(fog_only(zone))
        else:
            clear = {"gm_notes": "", "fogged": False}
            zones.append(zone.model_copy(update=clear) if zone.gm_notes or zone.fogged else zone)
    tokens = [token for token in map_.tokens if token_shown(token, find_zone, find_grid, fog)]
    seen = {token.id for token in tokens}
    return Map.model_validate(
        {
            **{name: getattr(map_, name) for name in type(map_).model_fields},
            "notes": "",
            "zones": zones,
            "borders": [border for border in map_.borders if border_shown(border, find_zone, fog)],
            "tokens": tokens,
            "conflict": players_conflict(map_.conflict, seen.__contains__),
            "grids": [players_grid(grid, fog) for grid in map_.grids],
        }
    )
