"""Setup on an encounter grid: where each side may start, and where arrivals enter.

"Often the band must start in a specific tile or along a specific edge of the map ... any new
arrivals will enter at specified edges of the zone at the end of each exchange." The play
dock asks these functions at the start and at the end of each exchange; the window paints
the same areas.
"""

from __future__ import annotations

from tabletop.model import GRID_EDGES, TILE_AREAS, EncounterGrid, SetupMark
from tabletop.rules.area_names import tile_name

Area = tuple[int, int]


def edge_areas(grid: EncounterGrid, edge: str) -> list[Area]:
    """The outermost row or column of areas along one edge of the grid, as it stands now."""
    r0, c0, r1, c1 = grid.area_bounds()
    if edge == "north":
        return [(r0, c) for c in range(c0, c1 + 1)]
    if edge == "south":
        return [(r1, c) for c in range(c0, c1 + 1)]
    if edge == "west":
        return [(r, c0) for r in range(r0, r1 + 1)]
    if edge == "east":
        return [(r, c1) for r in range(r0, r1 + 1)]
    raise ValueError(f"no edge '{edge}': use one of {', '.join(GRID_EDGES)}")


def tile_areas(row: int, col: int) -> list[Area]:
    """The 5x5 areas of tile (row, col)."""
    return [(row * TILE_AREAS + r, col * TILE_AREAS + c) for r in range(TILE_AREAS) for c in range(TILE_AREAS)]


def start_mark(grid: EncounterGrid, side: str) -> SetupMark | None:
    """The mark that limits where `side` starts; None when the referee set no limit."""
    return next((mark for mark in grid.starts if mark.side == side), None)


def start_areas(grid: EncounterGrid, side: str) -> list[Area]:
    """Every area where a token of `side` may start, sorted; the whole grid when unmarked."""
    mark = start_mark(grid, side)
    if mark is None or not (mark.tiles or mark.edges):
        r0, c0, r1, c1 = grid.area_bounds()
        return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    areas: set[Area] = set()
    for row, col in mark.tiles:
        areas.update(tile_areas(row, col))
    for edge in mark.edges:
        areas.update(edge_areas(grid, edge))
    return sorted(areas)


def may_start(grid: EncounterGrid, side: str, row: int, col: int) -> bool:
    """Whether a token of `side` may be set up in area (row, col)."""
    return grid.has_area(row, col) and (row, col) in set(start_areas(grid, side))


def arrival_edges(grid: EncounterGrid) -> list[str]:
    """The edges where arrivals enter at the end of an exchange: the marked ones, else all."""
    return [edge for edge in GRID_EDGES if edge in grid.arrivals] or list(GRID_EDGES)


def arrival_areas(grid: EncounterGrid) -> list[Area]:
    """Every area where an arrival may enter the grid at the end of an exchange, sorted."""
    return sorted({area for edge in arrival_edges(grid) for area in edge_areas(grid, edge)})


def describe_setup(grid: EncounterGrid) -> str:
    """The setup marks in a few words, for the command line and tool tips."""
    parts = []
    for mark in grid.starts:
        where = [f"tile {tile_name(grid, r, c)}" for r, c in mark.tiles] + [f"{edge} edge" for edge in mark.edges]
        secret = " (secret: the players never see it)" if mark.secret else ""
        parts.append(f"{mark.side} starts on {', '.join(where) or 'any area'}{secret}")
    arrivals = ", ".join(grid.arrivals) if grid.arrivals else "any edge"
    parts.append(f"arrivals enter at {arrivals}")
    return "; ".join(parts)
