"""Small hand-made grids for the grid rule tests: one tile of open ground plus what a test puts on it."""

from __future__ import annotations

from tabletop.model import EncounterGrid, Segment, Tile
from tabletop.rules import Terrain


def terrain(*segments: Segment, tiles: int = 1, diagonal: bool = True) -> Terrain:
    grid = EncounterGrid(
        id="g",
        diagonal=diagonal,
        tiles=[
            Tile(row=r, col=c, segments=list(segments) if (r, c) == (0, 0) else [])
            for r in range(tiles)
            for c in range(tiles)
        ],
    )
    return Terrain(grid)


def column(col: int, *properties: str, altitude: int = 0, name: str = "") -> Segment:
    """A segment filling one column of the first tile, a wall of terrain to cross."""
    return Segment(
        name=name or "+".join(properties),
        areas=[(r, col) for r in range(5)],
        properties=list(properties),
        altitude=altitude,
    )
