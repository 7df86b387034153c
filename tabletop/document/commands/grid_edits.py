"""Edits of an encounter grid's segments. A segment has no id of its own: it is known by its
grid, its tile and its place in the tile's list, and every edit replaces the whole grid with
one EditObject, so undo, redo and the views treat it as any grid edit."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.document.commands.edits import EditObject
from tabletop.document.map_document import MapDocument
from tabletop.model import EncounterGrid, Segment, Tile
from tabletop.model.grids import TILE_AREAS
from tabletop.model.kinds import Kind

Area = tuple[int, int]


@dataclass(frozen=True)
class SegmentKey:
    """Where a segment is: its grid, its tile (tile row, tile col) and its place on the tile."""

    grid: str
    tile: tuple[int, int]
    index: int


def tile_of(area: Area) -> tuple[int, int]:
    """The tile (row, col) holding a global area."""
    return (area[0] // TILE_AREAS, area[1] // TILE_AREAS)


def local(area: Area) -> Area:
    """An area's place on its own tile."""
    return (area[0] % TILE_AREAS, area[1] % TILE_AREAS)


def find_tile(grid: EncounterGrid, tile: tuple[int, int]) -> Tile | None:
    for candidate in grid.tiles:
        if (candidate.row, candidate.col) == tile:
            return candidate
    return None


def segment_at(grid: EncounterGrid | None, key: SegmentKey | None) -> Segment | None:
    """The segment a key names, or None when it is gone (undone, removed, its grid deleted)."""
    if grid is None or key is None or grid.id != key.grid:
        return None
    tile = find_tile(grid, key.tile)
    if tile is None or not 0 <= key.index < len(tile.segments):
        return None
    return tile.segments[key.index]


def segments_holding(grid: EncounterGrid, area: Area) -> list[SegmentKey]:
    """The segments an area belongs to, first listed first."""
    tile = find_tile(grid, tile_of(area))
    if tile is None:
        return []
    spot = local(area)
    return [SegmentKey(grid.id, tile_of(area), k) for k, s in enumerate(tile.segments) if spot in s.areas]


def with_segment(grid: EncounterGrid, tile_at: tuple[int, int], index: int | None, segment: Segment | None):
    """The grid with one segment of a tile replaced (index), added (index None) or removed
    (segment None); the tile list keeps its order, so other segments keep their keys."""
    tiles = []
    for tile in grid.tiles:
        if (tile.row, tile.col) == tile_at:
            segments = list(tile.segments)
            if index is None:
                segments.append(segment)
            elif segment is None:
                del segments[index]
            else:
                segments[index] = segment
            tile = tile.model_copy(update={"segments": segments})
        tiles.append(tile)
    return grid.model_copy(update={"tiles": tiles})


def segment_label(segment: Segment, index: int) -> str:
    return segment.name or f"segment {index + 1}"


def edit_segment(
    document: MapDocument, key: SegmentKey, segment: Segment | None, text: str, merge: str = ""
) -> EditObject | None:
    """One undo step replacing (or, with None, removing) the segment a key names; None when
    the segment is gone or nothing changes."""
    grid = document.get(Kind.GRID, key.grid)
    if segment_at(grid, key) is None or segment_at(grid, key) == segment:
        return None
    after = with_segment(grid, key.tile, key.index, segment)
    return EditObject(document, Kind.GRID, after, merge=merge, text=text)


def add_segment(document: MapDocument, grid_id: str, tile: tuple[int, int], segment: Segment) -> EditObject:
    """One undo step adding a segment at the end of a tile's list."""
    grid = document.get(Kind.GRID, grid_id)
    after = with_segment(grid, tile, None, segment)
    text = f"Add {segment_label(segment, 0)} to grid {grid.name or grid.id}"
    return EditObject(document, Kind.GRID, after, text=text)
