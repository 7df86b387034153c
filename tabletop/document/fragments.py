"""A piece of a map to copy, and where its copy goes: what Copy, Cut, Paste and Duplicate move.

A piece is itself a map (the file format, so the clipboard carries what a map file carries,
and another Tabletop, another map or a text editor reads it): the chosen zones with the
borders among them, tokens, and encounter grids with the tile sets they draw from. What ties
it to the rest of its map is kept beside it: where a token stood whose zone or grid did not
come along (its home, so a copy pasted on the same map stands there too), and the borders from
its zones to zones left behind (its ties, so rooms cut and pasted back where they were are
joined to their neighbours again). Pasted, a piece takes ids the target map does not use,
names its zones and tokens apart from those already there ("Crypt 2"), keeps its own
references and lands moved by an offset; a token whose home is not on the target map waits
off the map. Qt-free.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tabletop.model import AreaLocation, Border, EncounterGrid, Map, NodeShape, PolygonShape, Zone, ZoneLocation
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.grids import TILE_AREAS
from tabletop.model.kinds import Kind
from tabletop.model.tokens import Location

Homes = dict[str, Location]
"""Where each token of a piece stood whose zone or grid the piece does not hold, by token id."""


@dataclass
class Beside:
    """What ties a piece to the map it came from."""

    homes: Homes = field(default_factory=dict)
    ties: list[Border] = field(default_factory=list)
    """Borders from the piece's zones to zones not in it."""


def piece_of(map_: Map, chosen: Iterable[tuple[str, str]]) -> tuple[Map, Beside] | None:
    """The chosen objects as a map of their own (zones, the borders whose two zones are both
    chosen, tokens, grids and their tile sets) and what ties them to the rest of the map. None
    when nothing chosen can be copied."""
    wanted = {(Kind(kind), object_id) for kind, object_id in chosen}
    zones = [z for z in map_.zones if (Kind.ZONE, z.id) in wanted]
    kept = {z.id for z in zones}
    borders = [b for b in map_.borders if b.a in kept and b.b in kept]
    ties = [b for b in map_.borders if (b.a in kept) != (b.b in kept)]
    grids = [g for g in map_.grids if (Kind.GRID, g.id) in wanted]
    held = {g.id for g in grids}
    tokens, homes = [], {}
    for token in (t for t in map_.tokens if (Kind.TOKEN, t.id) in wanted):
        where = token.location
        inside = (isinstance(where, ZoneLocation) and where.zone in kept) or (
            isinstance(where, AreaLocation) and where.grid in held
        )
        if where is not None and not inside:
            homes[token.id] = where
            token = token.model_copy(update={"location": None})
        tokens.append(token)
    sets = {g.tile_set for g in grids}
    tile_sets = [s for s in map_.tile_sets if s.id in sets]
    if not (zones or tokens or grids):
        return None
    piece = Map(title=map_.title, zones=zones, borders=borders, tokens=tokens, grids=grids, tile_sets=tile_sets)
    return piece, Beside(homes, ties)


@dataclass
class Placed:
    """A piece made ready for a map: its objects with new ids, moved, and what to select."""

    zones: list = field(default_factory=list)
    borders: list = field(default_factory=list)
    tokens: list = field(default_factory=list)
    grids: list = field(default_factory=list)
    tile_sets: list = field(default_factory=list)

    @property
    def chosen(self) -> list[tuple[Kind, str]]:
        return [
            *((Kind.ZONE, z.id) for z in self.zones),
            *((Kind.TOKEN, t.id) for t in self.tokens),
            *((Kind.GRID, g.id) for g in self.grids),
        ]


def placed(
    piece: Map, beside: Beside, target: Map, taken: Callable[[str, str], bool], offset: tuple[float, float]
) -> Placed:
    """The piece's objects for `target`: new ids where `taken(kind, id)` says an id is in use,
    names apart from the target's, moved by `offset` (held on the map), with their references
    following their ids; its ties kept where it lands back where it was, its zones' ids kept."""
    dx, dy = _held(piece, offset)
    ids = _NewIds(taken)
    zone_ids = {z.id: ids.new(Kind.ZONE, z.id) for z in piece.zones}
    grid_ids = {g.id: ids.new(Kind.GRID, g.id) for g in piece.grids}
    out = Placed()
    zone_names = _Names(z.name for z in target.zones)
    out.zones = [
        z.model_copy(update={"id": zone_ids[z.id], "shape": _moved(z, dx, dy), "name": zone_names.new(z.name)})
        for z in piece.zones
    ]
    out.borders = [
        b.model_copy(update={"id": ids.new(Kind.BORDER, b.id), "a": zone_ids[b.a], "b": zone_ids[b.b]})
        for b in piece.borders
    ]
    zones_there = {z.id for z in target.zones}
    if (dx, dy) == (0.0, 0.0):
        for tie in beside.ties:
            ends = (tie.a, tie.b)
            if all(zone_ids.get(end, end) == end for end in ends) and all(
                end in zone_ids or end in zones_there for end in ends
            ):
                out.borders.append(tie.model_copy(update={"id": ids.new(Kind.BORDER, tie.id)}))
    known_sets = {s.id: s for s in target.tile_sets}
    out.tile_sets = [s for s in piece.tile_sets if s.id not in known_sets]
    for grid in piece.grids:
        # a different set of the same id on the target map is the target's: the grid then draws from none
        same_set = (
            grid.tile_set is None or grid.tile_set not in known_sets or known_sets[grid.tile_set] in piece.tile_sets
        )
        origin = (grid.origin[0] + dx, grid.origin[1] + dy)
        update = {"id": grid_ids[grid.id], "origin": origin, "tile_set": grid.tile_set if same_set else None}
        out.grids.append(grid.model_copy(update=update))
    grids_there = {g.id for g in target.grids}
    token_names = _Names(t.name for t in target.tokens)
    for token in piece.tokens:
        place = _place(beside.homes.get(token.id, token.location), zone_ids, grid_ids, zones_there, grids_there)
        update = {"id": ids.new(Kind.TOKEN, token.id), "location": place, "name": token_names.new(token.name)}
        out.tokens.append(token.model_copy(update=update))
    return out


class _Names:
    """Names for the pasted zones or tokens: their own when the target has none such, else
    with a number ("Crypt 2"), so the command line still tells zones apart by name."""

    def __init__(self, there: Iterable[str]) -> None:
        self.used = {name.casefold() for name in there if name}

    def new(self, wanted: str) -> str:
        if not wanted:
            return wanted
        n, candidate = 1, wanted
        while candidate.casefold() in self.used:
            n += 1
            candidate = f"{wanted[:190]} {n}"  # within the longest name a map holds
        self.used.add(candidate.casefold())
        return candidate


ID_ROOM = 190
"""How much of a wanted id a numbered one keeps: the model's ids are at most 200 characters."""


class _NewIds:
    """Ids for the pasted objects: their own where free, else their own with a number."""

    def __init__(self, taken: Callable[[str, str], bool]) -> None:
        self.taken, self.given = taken, set()

    def new(self, kind: Kind, wanted: str) -> str:
        stem, n, candidate = wanted, 1, wanted
        while self.taken(kind, candidate) or (kind, candidate) in self.given:
            n += 1
            candidate = f"{stem[:ID_ROOM]}-{n}"  # within the longest id a map holds
        self.given.add((kind, candidate))
        return candidate


def _place(location, zone_ids: dict[str, str], grid_ids: dict[str, str], zones_there: set[str], grids_there: set[str]):
    """A pasted token's place: its zone or grid copied with it, else the same one on the target
    map, else off the map."""
    if isinstance(location, ZoneLocation):
        if location.zone in zone_ids:
            return location.model_copy(update={"zone": zone_ids[location.zone]})
        return location if location.zone in zones_there else None
    if isinstance(location, AreaLocation):
        if location.grid in grid_ids:
            return location.model_copy(update={"grid": grid_ids[location.grid]})
        return location if location.grid in grids_there else None
    return location


def _moved(zone: Zone, dx: float, dy: float):
    shape = zone.shape
    if isinstance(shape, NodeShape):
        return shape.model_copy(update={"x": shape.x + dx, "y": shape.y + dy})
    if isinstance(shape, PolygonShape):
        return PolygonShape(points=[(x + dx, y + dy) for x, y in shape.points])
    return shape


def _held(piece: Map, offset: tuple[float, float]) -> tuple[float, float]:
    """The offset, shortened so the moved piece stays within the coordinates a map may hold."""
    box = piece_box(piece)
    if box is None:
        return offset
    left, top, right, bottom = box
    dx = max(-MAX_COORDINATE - left, min(MAX_COORDINATE - right, offset[0]))
    dy = max(-MAX_COORDINATE - top, min(MAX_COORDINATE - bottom, offset[1]))
    return dx, dy


def _grid_box(grid: EncounterGrid) -> tuple[float, float, float, float]:
    side = grid.area_size * TILE_AREAS
    rows = [t.row for t in grid.tiles]
    cols = [t.col for t in grid.tiles]
    x, y = grid.origin
    return (x + min(cols) * side, y + min(rows) * side, x + (max(cols) + 1) * side, y + (max(rows) + 1) * side)


def piece_box(piece: Map) -> tuple[float, float, float, float] | None:
    """The box around the piece's zones and grids (tokens stand in them): where it sits."""
    xs, ys = [], []
    for zone in piece.zones:
        if isinstance(zone.shape, NodeShape):
            xs.append(zone.shape.x)
            ys.append(zone.shape.y)
        elif isinstance(zone.shape, PolygonShape):
            xs += [x for x, _ in zone.shape.points]
            ys += [y for _, y in zone.shape.points]
    for grid in piece.grids:
        left, top, right, bottom = _grid_box(grid)
        xs += [left, right]
        ys += [top, bottom]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None
