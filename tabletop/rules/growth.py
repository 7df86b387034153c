"""Growing an encounter grid at an edge and trimming it back to 3x3, or to its prepared tiles.

"When you move off the edge of the zone ... a new row of tiles is placed to extend the zone.
At the end of each exchange tiles should be removed until the zone is a 3x3 grid again."
New tiles are drawn from the grid's tile set; the n-th draw of a grid always gives the same
tile and segment properties, so a replayed session grows the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tabletop.model import (
    TILE_AREAS,
    EncounterGrid,
    PropertyDraw,
    Segment,
    SegmentTemplate,
    Tile,
    TileSet,
    TileTemplate,
)
from tabletop.rules.area_names import tile_name

EDGES = ("north", "south", "west", "east")
HOME_SIZE = 3


def draw_tile(grid: EncounterGrid, tile_set: TileSet, draw: int, row: int, col: int) -> Tile:
    """The tile of a grid's `draw`-th draw, placed at tile coordinates (row, col)."""
    rng = random.Random(f"{grid.seed}:{draw}")
    template = rng.choice(tile_set.tiles)
    segments = []
    for outline in template.segments:
        drawn = rng.choice(tile_set.random_properties)
        segments.append(
            Segment(
                name=outline.name, areas=list(outline.areas), properties=list(drawn.properties), altitude=drawn.altitude
            )
        )
    return Tile(row=row, col=col, name=template.name, segments=segments)


def fill(grid: EncounterGrid, tile_set: TileSet, seed: int) -> EncounterGrid:
    """A copy of the grid with every tile drawn afresh from `tile_set`, as a random encounter
    zone is laid out: the same seed gives the same tiles, and later growth goes on from there.

    The tiles keep their places, so tokens and setup marks stay where they are."""
    seeded = grid.model_copy(update={"seed": seed, "draws": 0, "tile_set": tile_set.id})
    spots = sorted((t.row, t.col) for t in grid.tiles)
    drawn = [draw_tile(seeded, tile_set, k, r, c) for k, (r, c) in enumerate(spots)]
    return seeded.model_copy(update={"tiles": drawn, "draws": len(drawn)}, deep=True)


def grow(grid: EncounterGrid, tile_set: TileSet, edge: str) -> EncounterGrid:
    """A copy of the grid with one more row or column of tiles at `edge`."""
    r0, c0, r1, c1 = grid.tile_bounds()
    spots = {
        "north": [(r0 - 1, c) for c in range(c0, c1 + 1)],
        "south": [(r1 + 1, c) for c in range(c0, c1 + 1)],
        "west": [(r, c0 - 1) for r in range(r0, r1 + 1)],
        "east": [(r, c1 + 1) for r in range(r0, r1 + 1)],
    }.get(edge)
    if spots is None:
        raise ValueError(f"no edge '{edge}': use one of {', '.join(EDGES)}")
    drawn = [draw_tile(grid, tile_set, grid.draws + k, r, c) for k, (r, c) in enumerate(spots)]
    return grid.model_copy(update={"tiles": [*grid.tiles, *drawn], "draws": grid.draws + len(drawn)}, deep=True)


def edges_toward(grid: EncounterGrid, row: int, col: int) -> list[str]:
    """The edges to grow, one tile row or column each, so that area (row, col) is on the grid."""
    r0, c0, r1, c1 = grid.area_bounds()
    edges = []
    if row < r0:
        edges += ["north"] * -((row - r0) // TILE_AREAS)
    if row > r1:
        edges += ["south"] * ((row - r1 + TILE_AREAS - 1) // TILE_AREAS)
    if col < c0:
        edges += ["west"] * -((col - c0) // TILE_AREAS)
    if col > c1:
        edges += ["east"] * ((col - c1 + TILE_AREAS - 1) // TILE_AREAS)
    return edges


def grow_to(grid: EncounterGrid, tile_set: TileSet, row: int, col: int) -> EncounterGrid:
    """The grid grown just enough to hold area (row, col), as when a token moves off the edge."""
    for edge in edges_toward(grid, row, col):
        grid = grow(grid, tile_set, edge)
    return grid


def best_window(
    grid: EncounterGrid,
    tokens: Iterable[tuple[int, int]],
    size: int | tuple[int, int] = HOME_SIZE,
    home: tuple[int, int] = (0, 0),
) -> tuple[int, int]:
    """The top-left tile of the window of `size` tiles (rows, columns; one number: a square)
    holding the most tokens.

    Ties keep the window nearest `home`, the top-left tile the grid began the encounter with
    (tile 0, 0 unless told), so an empty exchange trims back to where the encounter began.
    """
    rows, cols = (size, size) if isinstance(size, int) else size
    r0, c0, r1, c1 = grid.tile_bounds()
    tile_of = [(row // TILE_AREAS, col // TILE_AREAS) for row, col in tokens]
    best: tuple[int, int, tuple[int, int]] | None = None
    choice = (r0, c0)
    for top in range(r0, max(r0, r1 - rows + 1) + 1):
        for left in range(c0, max(c0, c1 - cols + 1) + 1):
            held = sum(top <= r < top + rows and left <= c < left + cols for r, c in tile_of)
            rank = (-held, abs(top - home[0]) + abs(left - home[1]), (top, left))
            if best is None or rank < best:
                best, choice = rank, (top, left)
    return choice


def trim(
    grid: EncounterGrid,
    tokens: Iterable[tuple[int, int]],
    size: int | tuple[int, int] = HOME_SIZE,
    home: tuple[int, int] = (0, 0),
) -> EncounterGrid:
    """A copy of the grid cut back to a window of `size` tiles, keeping the window with most
    tokens (ties: the one nearest `home`, see best_window).

    Start marks on tiles that are cut away go with them (the grid could not hold them);
    tokens are the caller's: those outside the window have left the encounter."""
    rows, cols = (size, size) if isinstance(size, int) else size
    top, left = best_window(grid, list(tokens), (rows, cols), home)
    kept = [t for t in grid.tiles if top <= t.row < top + rows and left <= t.col < left + cols]
    spots = {(t.row, t.col) for t in kept}
    starts = [mark.model_copy(update={"tiles": [s for s in mark.tiles if s in spots]}) for mark in grid.starts]
    return grid.model_copy(update={"tiles": kept, "starts": starts}, deep=True)


def exchange_window(began: tuple[int, int, int, int] | None) -> tuple[tuple[int, int], tuple[int, int]]:
    """The size (rows, columns) an exchange's end trims a grid to, and the tile its window is
    drawn to on a tie, from the grid's tile bounds when the encounter began (None: unknown).

    "Tiles should be removed until the zone is a 3x3 grid again", and "some encounter zones may
    be pre-configured": a grid prepared larger keeps its prepared tiles, one smaller is still
    trimmed only to 3x3 (removing tiles never makes the zone smaller than the rule's), and a
    grid the encounter did not begin with is trimmed to 3x3 at tile 0, 0."""
    if began is None:
        return (HOME_SIZE, HOME_SIZE), (0, 0)
    top, left, bottom, right = began
    return (max(HOME_SIZE, bottom - top + 1), max(HOME_SIZE, right - left + 1)), (top, left)


def outside_window(trimmed: EncounterGrid, tokens: dict[str, tuple[int, int]]) -> list[str]:
    """The tokens (by id, from id -> area) that a trim leaves off the grid."""
    return [token_id for token_id, (row, col) in tokens.items() if not trimmed.has_area(row, col)]


def tile_set_from_grid(grid: EncounterGrid, set_id: str, theme: str = "") -> TileSet:
    """A tile set made from a prepared grid: each distinct tile becomes a template with its
    segments outlined, and the properties its segments have become the set's random list."""
    templates: list[TileTemplate] = []
    draws: list[PropertyDraw] = []
    for tile in sorted(grid.tiles, key=lambda t: (t.row, t.col)):
        outlines = [SegmentTemplate(name=s.name, areas=list(s.areas)) for s in tile.segments]
        template = TileTemplate(name=tile.name or f"tile {tile_name(grid, tile.row, tile.col)}", segments=outlines)
        if template not in templates:
            templates.append(template)
        for segment in tile.segments:
            draw = PropertyDraw(properties=sorted(segment.properties), altitude=segment.altitude)
            if draw not in draws:
                draws.append(draw)
    return TileSet(id=set_id, theme=theme, tiles=templates, random_properties=draws or [PropertyDraw()])
