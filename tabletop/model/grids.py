"""Encounter grids: tiles of 5x5 areas, their segments, and the tile sets new tiles come from.

Areas are addressed by global (row, col); tile (r, c) covers rows 5r..5r+4 and columns
5c..5c+4. Tile coordinates may go negative when the grid grows up or left, so tokens and
segments keep their coordinates while the grid changes around them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.model.base import Id, Model, NonNegative

TILE_AREAS = 5
SegmentProperty = Literal["rough", "slippery", "cover", "ledge", "steep", "water"]
LocalArea = tuple[Annotated[int, Field(ge=0, lt=TILE_AREAS)], Annotated[int, Field(ge=0, lt=TILE_AREAS)]]


class Segment(Model):
    """A named set of areas on one tile sharing properties (rough, cover, water...).

    `altitude` above 0 marks something tall: fliers and jumpers do not ignore it.
    """

    name: str = ""
    areas: list[LocalArea] = Field(min_length=1)
    properties: list[SegmentProperty] = Field(default_factory=list)
    altitude: NonNegative = 0

    @model_validator(mode="after")
    def _no_repeats(self) -> Segment:
        if len(set(self.areas)) != len(self.areas):
            raise ValueError(f"segment '{self.name}' lists an area twice")
        if len(set(self.properties)) != len(self.properties):
            raise ValueError(f"segment '{self.name}' lists a property twice")
        return self


class Tile(Model):
    """One tile of the grid, at tile coordinates (row, col), with its segments."""

    row: int
    col: int
    name: str = ""
    segments: list[Segment] = Field(default_factory=list)


class SegmentTemplate(Model):
    """The outline of a segment on a tile of a tile set, before properties are drawn for it."""

    name: str = ""
    areas: list[LocalArea] = Field(min_length=1)


class TileTemplate(Model):
    """A tile of a tile set: its outlined segments, each given random properties when drawn."""

    name: str
    segments: list[SegmentTemplate] = Field(default_factory=list)


class PropertyDraw(Model):
    """One entry of a tile set's list of random segment properties."""

    properties: list[SegmentProperty] = Field(default_factory=list)
    altitude: NonNegative = 0


class TileSet(Model):
    """A thematic set of tiles; tiles added when a grid grows are drawn from its grid's set."""

    id: Id
    theme: str = ""
    tiles: list[TileTemplate] = Field(min_length=1)
    random_properties: list[PropertyDraw] = Field(default_factory=lambda: [PropertyDraw()])


class EncounterGrid(Model):
    """An encounter zone: 3x3 tiles to start, growing at an edge and trimmed back.

    `origin` and `area_size` place the grid on the map canvas. `seed` and `draws` make the
    tiles drawn when growing reproducible: the n-th draw always gives the same tile.
    """

    id: Id
    name: str = ""
    tile_set: Id | None = None
    tiles: list[Tile] = Field(min_length=1)
    origin: tuple[float, float] = (0.0, 0.0)
    area_size: Annotated[float, Field(gt=0)] = 40.0
    diagonal: bool = True
    seed: int = 0
    draws: NonNegative = 0

    @model_validator(mode="after")
    def _tiles_form_a_rectangle(self) -> EncounterGrid:
        spots = [(t.row, t.col) for t in self.tiles]
        if len(set(spots)) != len(spots):
            raise ValueError(f"grid '{self.id}' has two tiles at the same place")
        rows = {r for r, _ in spots}
        cols = {c for _, c in spots}
        full = {(r, c) for r in range(min(rows), max(rows) + 1) for c in range(min(cols), max(cols) + 1)}
        if set(spots) != full:
            raise ValueError(f"grid '{self.id}' has a gap: its tiles do not form a rectangle")
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
