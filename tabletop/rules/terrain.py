"""The terrain of an encounter grid, area by area, and what each move type may enter.

Segment effects from the AF text: rough costs 2 speed to enter instead of 1; steep needs the
climb speed, water the swim speed. Flying ignores segments unless they have altitude, and a
jump ignores the segments it passes over unless they have altitude.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # MOVE_TYPES is read by the window's toolbar before the model is loaded
    from tabletop.model import EncounterGrid

Area = tuple[int, int]
MOVE_TYPES = ("run", "climb", "jump", "swim", "fly")

ADJACENT = [(-1, 0), (0, 1), (1, 0), (0, -1)]
DIAGONAL = [(-1, -1), (-1, 1), (1, 1), (1, -1)]


@dataclass(frozen=True, slots=True)
class Ground:
    """What stands in one area: the properties of its segments, their names, the altitude."""

    properties: frozenset[str]
    segments: tuple[str, ...]
    altitude: int


OPEN_GROUND = Ground(frozenset(), (), 0)


class Terrain:
    """The areas of one grid with their ground, for movement and attack-line queries."""

    def __init__(self, grid: EncounterGrid) -> None:
        from tabletop.model import TILE_AREAS

        self.tiles, self.diagonal = grid.tiles, grid.diagonal
        """What the terrain is made of: a grid edited with the same tiles (its fog lifted) has it still."""
        self.bounds = grid.area_bounds()
        self.steps = ADJACENT + DIAGONAL if grid.diagonal else list(ADJACENT)
        ground: dict[Area, list] = {}
        for tile in grid.tiles:
            for segment in tile.segments:
                for r, c in segment.areas:
                    area = (tile.row * TILE_AREAS + r, tile.col * TILE_AREAS + c)
                    props, names, altitude = ground.setdefault(area, [set(), [], 0])
                    props.update(segment.properties)
                    names.append(segment.name)
                    ground[area][2] = max(altitude, segment.altitude)
        self.ground = {a: Ground(frozenset(p), tuple(n), h) for a, (p, n, h) in ground.items()}
        _r0, c0, _r1, c1 = self.bounds
        self.width = c1 - c0 + 3  # one padding area each side, so no search needs bounds checks
        self.offsets = [dr * self.width + dc for dr, dc in self.steps]
        self._entry: dict[str, list[int | None]] = {}
        self._bound: dict[str, int] = {}

    def flat(self, area: Area) -> int:
        """The index of an area in the padded row-major arrays the searches use."""
        return (area[0] - self.bounds[0] + 1) * self.width + (area[1] - self.bounds[1] + 1)

    def unflat(self, index: int) -> Area:
        row, col = divmod(index, self.width)
        return (row - 1 + self.bounds[0], col - 1 + self.bounds[1])

    def entry_costs(self, move: str) -> list[int | None]:
        """enter_cost for every area as a flat padded list (None off the grid), made once per
        move type, so a search per mouse move only reads a list."""
        if move not in self._entry:
            r0, c0, r1, c1 = self.bounds
            costs: list[int | None] = [None] * (self.width * (r1 - r0 + 3))
            for row in range(r0, r1 + 1):
                for col in range(c0, c1 + 1):
                    costs[self.flat((row, col))] = self.enter_cost((row, col), move)
            self._entry[move] = costs
        return self._entry[move]

    def cost_bound(self, move: str) -> int:
        """No cheapest way on this grid costs more: a way enters each area at most once, so
        the areas that can be entered times the dearest entry. A speed above it reaches
        nothing more, so searches cap the speed here and a huge number costs nothing."""
        if move not in self._bound:
            entered = [cost for cost in self.entry_costs(move) if cost is not None]
            self._bound[move] = len(entered) * max(entered, default=0)
        return self._bound[move]

    def contains(self, area: Area) -> bool:
        r0, c0, r1, c1 = self.bounds
        return r0 <= area[0] <= r1 and c0 <= area[1] <= c1

    def at(self, area: Area) -> Ground:
        return self.ground.get(area, OPEN_GROUND)

    def felt(self, area: Area, move: str) -> frozenset[str]:
        """The properties that count for a move type: fliers feel only segments with altitude."""
        ground = self.at(area)
        if move == "fly" and ground.altitude == 0:
            return frozenset()
        return ground.properties

    def enter_cost(self, area: Area, move: str) -> int | None:
        """Speed spent to enter an area with a move type; None when that move cannot enter it.

        Climbing crosses steep and open ground but not water; swimming crosses water and open
        ground but not steep; running, jumping and flying enter neither (fliers only meet
        them where they have altitude).
        """
        props = self.felt(area, move)
        if "water" in props and move != "swim":
            return None
        if "steep" in props and move != "climb":
            return None
        return 2 if "rough" in props else 1
