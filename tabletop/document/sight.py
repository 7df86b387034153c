"""What tokens see on the document's map, asked of its indexes (the borders at a zone, each
grid's terrain), for a move that lifts the fog by sight and for the players' window that dims
what is out of sight. One place, so the move and the window never disagree."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from tabletop.document.map_document import MapDocument
from tabletop.model.kinds import Kind
from tabletop.rules.grid_sight import areas_in_sight, grid_seers
from tabletop.rules.sight import SightRange, seers, zone_centre, zones_in_sight
from tabletop.rules.terrain import Area
from tabletop.rules.visibility import InSight


def zones_seen(document: MapDocument, origins: Iterable[str], reach: int | SightRange) -> set[str]:
    """The zones seen from `origins` within the range."""
    reach = SightRange.of(reach)
    get = document.get
    return zones_in_sight(
        origins,
        document.layout.borders_at,
        partial(get, Kind.BORDER),
        partial(get, Kind.ZONE),
        reach.borders,
        reach.units,
        lambda z: zone_centre(get(Kind.ZONE, z)),
    )


def areas_seen(document: MapDocument, grid_id: str, origins: Iterable[Area], reach: int | SightRange) -> set[Area]:
    """The areas of a grid seen from `origins` (areas of it) within the range."""
    grid = document.get(Kind.GRID, grid_id)
    if grid is None:
        return set()
    reach = SightRange.of(reach)
    return areas_in_sight(document.terrain(grid_id), origins, reach.borders, reach.units, grid.area_size)


def party_in_sight(document: MapDocument, players_side: str, reach: int | SightRange) -> InSight:
    """Everything the players' visible tokens see now: zones, and areas of each grid."""
    tokens = document.map.tokens
    areas = {}
    for grid in document.map.grids:
        looking = grid_seers(tokens, players_side, grid.id)
        areas[grid.id] = frozenset(areas_seen(document, grid.id, looking, reach) if looking else ())
    return InSight(frozenset(zones_seen(document, seers(tokens, players_side), reach)), areas)
