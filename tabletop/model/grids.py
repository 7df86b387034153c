"""Encounter grids: tiles of 5x5 areas, their segments, and the tile sets new tiles come from.

Areas are addressed by global (row, col); tile (r, c) covers rows 5r..5r+4 and columns
5c..5c+4. Tile coordinates may go negative when the grid grows up or left, so tokens and
segments keep their coordinates while the grid changes around them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.model.base import (
    MAX_AREA_SIZE,
    MAX_COORDINATE,
    MAX_PROPERTY_DRAWS,
    MAX_SEGMENTS,
    MAX_SET_TILES,
    MAX_SIDES,
    AtMost,
    Coordinate,
    GameNumber,
    Id,
    Line,
    Model,
)

TILE_AREAS = 5
SegmentProperty = Literal["rough", "slippery", "cover", "ledge", "steep", "water"]
MAX_TILE_INDEX = 1_000
"""How far from the first tile a grid may grow, in tiles, each way."""
MAX_TILES = 2_500
"""The most tiles one grid may have (50x50 tiles, 250x250 areas)."""
MAX_AREA_INDEX = MAX_TILE_INDEX * TILE_AREAS + TILE_AREAS - 1
AreaNumber = Annotated[int, Field(ge=-MAX_AREA_INDEX, le=MAX_AREA_INDEX)]
MAX_FOGGED = MAX_TILES * TILE_AREAS**2
TileNumber = Annotated[int, Field(ge=-MAX_TILE_INDEX, le=MAX_TILE_INDEX)]
LocalArea = tuple[Annotated[int, Field(ge=0, lt=TILE_AREAS)], Annotated[int, Field(ge=0, lt=TILE_AREAS)]]
Edge = Literal["north", "east", "south", "west"]
GRID_EDGES: tuple[str, ...] = Edge.__args__
"""The grid's edges, in compass order, as setup marks and growth name them."""
Properties = Annotated[list[SegmentProperty], AtMost(len(SegmentProperty.__args__))]
"""A segment's properties, each at most once."""
Areas = Annotated[list[LocalArea], AtMost(TILE_AREAS**2)]
"""A segment's areas on its tile, each at most once."""
Edges = Annotated[list[Edge], AtMost(len(GRID_EDGES))]
"""Edges of a grid, each at most once."""


class Segment(Model):
    """A named set of areas on one tile sharing properties (rough, cover, water...).

    `altitude` above 0 marks something tall: fliers and jumpers do not ignore it.
    """

    name: Line = ""
    areas: Areas = Field(min_length=1, fail_fast=True)
    properties: Properties = Field(default_factory=list, fail_fast=True)
    altitude: GameNumber = 0

    @model_validator(mode="after")
    def _no_repeats(self) -> Segment:
        if len(set(self.areas)) != len(self.areas):
            raise ValueError(f"segment '{self.name}' lists an area twice")
        if len(set(self.properties)) != len(self.properties):
            raise ValueError(f"segment '{self.name}' lists a property twice")
        return self


class Tile(Model):
    """One tile of the grid, at tile coordinates (row, col), with its segments."""

    row: TileNumber
    col: TileNumber
    name: Line = ""
    segments: Annotated[list[Segment], AtMost(MAX_SEGMENTS)] = Field(default_factory=list, fail_fast=True)


class SegmentTemplate(Model):
    """The outline of a segment on a tile of a tile set, before properties are drawn for it."""

    name: Line = ""
    areas: Areas = Field(min_length=1, fail_fast=True)

    @model_validator(mode="after")
    def _no_repeats(self) -> SegmentTemplate:
        # a segment drawn from it must load: Segment refuses an area listed twice
        if len(set(self.areas)) != len(self.areas):
            raise ValueError(f"segment '{self.name}' lists an area twice")
        return self


class TileTemplate(Model):
    """A tile of a tile set: its outlined segments, each given random properties when drawn."""

    name: Line
    segments: Annotated[list[SegmentTemplate], AtMost(MAX_SEGMENTS)] = Field(default_factory=list, fail_fast=True)


class PropertyDraw(Model):
    """One entry of a tile set's list of random segment properties."""

    properties: Properties = Field(default_factory=list, fail_fast=True)
    altitude: GameNumber = 0

    @model_validator(mode="after")
    def _no_repeats(self) -> PropertyDraw:
        # the segment it is drawn for must load: Segment refuses a property listed twice
        if len(set(self.properties)) != len(self.properties):
            raise ValueError("an entry of random properties lists a property twice")
        return self


class TileSet(Model):
    """A thematic set of tiles; tiles added when a grid grows are drawn from its grid's set."""

    id: Id
    theme: Line = ""
    tiles: Annotated[list[TileTemplate], AtMost(MAX_SET_TILES)] = Field(min_length=1, fail_fast=True)
    random_properties: Annotated[list[PropertyDraw], AtMost(MAX_PROPERTY_DRAWS)] = Field(
        default_factory=lambda: [PropertyDraw()], fail_fast=True
    )


class SetupMark(Model):
    """Where one side may start an encounter: whole tiles, or along edges of the grid.

    "Often the band must start in a specific tile or along a specific edge of the map."
    """

    side: Annotated[Line, Field(min_length=1)]
    tiles: Annotated[list[tuple[TileNumber, TileNumber]], AtMost(MAX_TILES)] = Field(
        default_factory=list, fail_fast=True
    )
    edges: Edges = Field(default_factory=list, fail_fast=True)
    secret: bool = False
    """A start the players never see (an ambush): drawn for the GM, left out of every players'
    picture. Shown by default, as every mark was before a mark could be kept secret."""


class EncounterGrid(Model):
    """An encounter zone: 3x3 tiles to start, growing at an edge and trimmed back.

    `origin` and `area_size` place the grid on the map canvas. `seed` and `draws` make the
    tiles drawn when growing reproducible: the n-th draw always gives the same tile.
    """

    id: Id
    name: Line = ""
    tile_set: Id | None = None
    tiles: Annotated[list[Tile], AtMost(MAX_TILES)] = Field(min_length=1, fail_fast=True)
    origin: tuple[Coordinate, Coordinate] = (0.0, 0.0)
    area_size: Annotated[float, Field(gt=0, le=MAX_AREA_SIZE)] = 40.0
    diagonal: bool = True
    seed: Annotated[int, Field(ge=-(2**63), lt=2**63)] = 0
    draws: Annotated[int, Field(ge=0, le=2**31)] = 0
    starts: Annotated[list[SetupMark], AtMost(MAX_SIDES)] = Field(default_factory=list, fail_fast=True)
    arrivals: Edges = Field(default_factory=list, fail_fast=True)
    fogged_areas: Annotated[list[tuple[AreaNumber, AreaNumber]], AtMost(MAX_FOGGED)] = Field(
        default_factory=list, fail_fast=True
    )
    """Areas (row, col) under the fog of war. An area off the grid's tiles is kept, not refused:
    trimming a grid keeps the fog of the areas it cut, and they come back fogged if it grows again."""

    @model_validator(mode="after")
    def _setup_marks_hold(self) -> EncounterGrid:
        sides = [mark.side for mark in self.starts]
        if len(set(sides)) != len(sides):
            raise ValueError(f"grid '{self.id}' marks where a side starts twice")
        spots = {(t.row, t.col) for t in self.tiles}
        for mark in self.starts:
            for row, col in mark.tiles:
                if (row, col) not in spots:
                    place = f"row {row}, column {col} in the map file"
                    raise ValueError(f"grid '{self.id}' lets {mark.side} start on a tile it lacks ({place})")
            if len(set(mark.tiles)) != len(mark.tiles) or len(set(mark.edges)) != len(mark.edges):
                raise ValueError(f"grid '{self.id}' lists a start of {mark.side} twice")
        if len(set(self.arrivals)) != len(self.arrivals):
            raise ValueError(f"grid '{self.id}' lists an arrival edge twice")
        return self

    @model_validator(mode="after")
    def _tiles_form_a_rectangle(self) -> EncounterGrid:
        if len(set(self.fogged_areas)) != len(self.fogged_areas):
            raise ValueError(f"grid '{self.id}' lists a fogged area twice")
        spots = [(t.row, t.col) for t in self.tiles]
        if len(set(spots)) != len(spots):
            raise ValueError(f"grid '{self.id}' has two tiles at the same place")
        rows = [r for r, _ in spots]
        cols = [c for _, c in spots]
        # distinct spots inside their bounding box fill it exactly when there are as many as it holds
        if len(spots) != (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1):
            raise ValueError(f"grid '{self.id}' has a gap: its tiles do not form a rectangle")
        r0, c0, r1, c1 = self.area_bounds()
        (x, y), size = self.origin, self.area_size
        corners = (x + c0 * size, x + (c1 + 1) * size, y + r0 * size, y + (r1 + 1) * size)
        if max(abs(v) for v in corners) > MAX_COORDINATE:
            raise ValueError(
                f"grid '{self.id}' reaches off the map: its areas must lie within {MAX_COORDINATE:.0f} map units "
                "of the origin either way"
            )
        return self

    def tile_bounds(self) -> tuple[int, int, int, int]:
        """(first row, first col, last row, last col) in tile coordinates."""
        rows = [t.row for t in self.tiles]
        cols = [t.col for t in self.tiles]
        return min(rows), min(cols), max(rows), max(cols)

    def area_bounds(self) -> tuple[int, int, int, int]:
        """(first row, first col, last row, last col) in area coordinates, inclusive."""
        r0, c0, r1, c1 = self.tile_bounds()
        return (
            r0 * TILE_AREAS,
            c0 * TILE_AREAS,
            r1 * TILE_AREAS + TILE_AREAS - 1,
            c1 * TILE_AREAS + TILE_AREAS - 1,
        )

    def has_area(self, row: int, col: int) -> bool:
        r0, c0, r1, c1 = self.area_bounds()
        return r0 <= row <= r1 and c0 <= col <= c1
