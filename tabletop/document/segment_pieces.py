"""Segments of an encounter grid to copy, and where their copies land: what Copy, Cut and Paste
move while the Segment tool is chosen, instead of the whole grid.

A piece of segments is a map too (the file format, as every piece the clipboard carries, so
another Tabletop or a text editor reads it): one grid, named and placed as the grid the segments
came from, holding the tiles they lie on with those segments only. Pasted, the segments keep
their shape, names and properties and land moved by whole areas. A segment's areas lie on one
tile, so a move that would carry one over its tile's edge or off the grid is refused, never
cut short: a segment that lost areas on the way would be another segment. Qt-free.
"""

from __future__ import annotations

from tabletop.model import EncounterGrid, Map, Segment, Tile
from tabletop.model.base import MAX_SEGMENTS
from tabletop.model.grids import TILE_AREAS

Area = tuple[int, int]
TileAt = tuple[int, int]
Copied = list[tuple[TileAt, Segment]]
"""Each segment of a piece with the tile (row, col) it lies on."""
MOST_ASIDE = 64
"""How many areas across and down a paste off the cursor looks for a spot its own copies do not
take; past that it tries the last."""


def segments_piece(map_: Map, grid: EncounterGrid, chosen: list[tuple[TileAt, int]]) -> Map:
    """The chosen segments (tile, place in the tile's list) of a grid as a map of their own:
    the grid's tiles they lie on (and those between, empty, as a grid's tiles form a
    rectangle), with those segments only."""
    wanted: dict[TileAt, list[Segment]] = {}
    for tile_at, index in sorted(set(chosen)):
        tile = next(t for t in grid.tiles if (t.row, t.col) == tile_at)
        wanted.setdefault(tile_at, []).append(tile.segments[index])
    rows = [r for r, _ in wanted]
    cols = [c for _, c in wanted]
    tiles = [
        Tile(row=r, col=c, segments=wanted.get((r, c), []))
        for r in range(min(rows), max(rows) + 1)
        for c in range(min(cols), max(cols) + 1)
    ]
    fields = {"id": grid.id, "name": grid.name, "origin": grid.origin, "area_size": grid.area_size}
    return Map(title=map_.title, grids=[EncounterGrid(**fields, diagonal=grid.diagonal, tiles=tiles)])


def copied_segments(piece: Map) -> Copied:
    """The segments a piece holds with their tiles; [] when it holds anything but one grid's
    segments."""
    if piece.zones or piece.tokens or len(piece.grids) != 1:
        return []
    return [((t.row, t.col), s) for t in piece.grids[0].tiles for s in t.segments]


def areas_of(tile_at: TileAt, segment: Segment) -> list[Area]:
    """A segment's areas as the grid numbers them (row, col)."""
    return [(tile_at[0] * TILE_AREAS + r, tile_at[1] * TILE_AREAS + c) for r, c in segment.areas]


def _block(copied: Copied) -> tuple[int, int, int, int]:
    """(first row, first col, last row, last col) of every copied area."""
    areas = [area for tile_at, segment in copied for area in areas_of(tile_at, segment)]
    rows = [r for r, _ in areas]
    cols = [c for _, c in areas]
    return min(rows), min(cols), max(rows), max(cols)


def toward(copied: Copied, area: Area) -> tuple[int, int]:
    """The move, in areas, that puts the copied segments' middle on `area`, held inside that
    area's tile when they fit on one: pointed at near a tile's edge, they land whole on the
    tile pointed at rather than being refused."""
    r0, c0, r1, c1 = _block(copied)
    dr, dc = area[0] - (r0 + r1) // 2, area[1] - (c0 + c1) // 2
    first_row, first_col = area[0] // TILE_AREAS * TILE_AREAS, area[1] // TILE_AREAS * TILE_AREAS
    last_row, last_col = first_row + TILE_AREAS - 1, first_col + TILE_AREAS - 1
    if r1 - r0 < TILE_AREAS:
        dr = max(first_row - r0, min(last_row - r1, dr))
    if c1 - c0 < TILE_AREAS:
        dc = max(first_col - c0, min(last_col - c1, dc))
    return dr, dc


def aside(grid: EncounterGrid, copied: Copied) -> tuple[int, int]:
    """Where the copied segments land on their own grid with the cursor elsewhere: where they
    were when no copy of them stands there (they were cut), else the first step of one area
    across and down that no copy of them takes, so each paste lands one area past the last."""
    there = {frozenset(areas_of((t.row, t.col), s)) for t in grid.tiles for s in t.segments}
    k = 0
    for k in range(MOST_ASIDE):
        moved = [frozenset((r + k, c + k) for r, c in areas_of(t, s)) for t, s in copied]
        if not any(areas in there for areas in moved):
            break
    return k, k


def landing(grid: EncounterGrid, copied: Copied, move: tuple[int, int]) -> Copied | str:
    """The copied segments moved by `move` areas onto `grid`, each with the tile it lands on;
    or, when one would reach over its tile's edge or off the grid, or its tile holds as many
    segments as a tile may, why not (one line)."""
    tiles = {(t.row, t.col): t for t in grid.tiles}
    counts = {spot: len(t.segments) for spot, t in tiles.items()}
    names = {spot: {s.name.casefold() for s in t.segments if s.name} for spot, t in tiles.items()}
    out: Copied = []
    for tile_at, segment in copied:
        areas = [(r + move[0], c + move[1]) for r, c in areas_of(tile_at, segment)]
        spots = {(r // TILE_AREAS, c // TILE_AREAS) for r, c in areas}
        said = f"segment {segment.name}" if segment.name else "the segment"
        if len(spots) != 1:
            return f"{said} would reach over its tile's edge there: a segment lies on one tile"
        spot = spots.pop()
        if spot not in tiles:
            return f"{said} would reach off grid {grid.name or grid.id} there"
        if counts[spot] >= MAX_SEGMENTS:
            return f"the tile there holds {MAX_SEGMENTS} segments already, the most a tile holds"
        counts[spot] += 1
        local = [(r % TILE_AREAS, c % TILE_AREAS) for r, c in areas]
        name = _apart(segment.name, names[spot])
        out.append((spot, segment.model_copy(update={"areas": local, "name": name})))
    return out


def _apart(wanted: str, used: set[str]) -> str:
    """A segment's name, numbered ("Rubble 2") when its tile has a segment of that name: the
    Inspector and the undo texts tell them apart by name."""
    if not wanted:
        return wanted
    n, candidate = 1, wanted
    while candidate.casefold() in used:
        n += 1
        candidate = f"{wanted[:190]} {n}"
    used.add(candidate.casefold())
    return candidate
