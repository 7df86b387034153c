"""Maneuvers on an encounter grid: reach and path for a move type and a speed.

By default a token moves into any adjacent area. Moving into an opponent's overlap ends the
move. A jump is one straight leap that counts only the area it starts in and the one it
ends in, ignoring the segments in between unless they have altitude.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TYPE_CHECKING

from tabletop.rules.area_names import Bounds, area_words
from tabletop.rules.terrain import ADJACENT as ORTHOGONAL
from tabletop.rules.terrain import DIAGONAL, Area, Terrain

if TYPE_CHECKING:  # imported when a grid is first searched: an empty window starts without numpy
    import numpy as np


@dataclass(frozen=True)
class GridReach:
    """Areas in reach with their cost in speed, and the area each was entered from.

    The search leaves its answer compact; `areas()`, `costs` and `came_from` each make their
    form of it when first asked, so an overlay following the cursor pays for the one it reads."""

    start: Area
    move: str
    speed: int
    stopped: frozenset[Area]
    bounds: Bounds
    """The grid's area bounds, by which its areas are named."""
    found: tuple[list[Area], list[int]] | Callable[[], tuple[list[Area], list[int]]] = field(repr=False, compare=False)
    """The areas in reach and their costs, cheapest first, then by area; or what works them out."""
    entries: Callable[[], dict[Area, Area]] = field(repr=False, compare=False)
    """Works out `came_from`."""

    @cached_property
    def _found(self) -> tuple[list[Area], list[int]]:
        return self.found if isinstance(self.found, tuple) else self.found()

    @cached_property
    def costs(self) -> dict[Area, int]:
        """Area -> its cheapest cost, for every area in reach."""
        return dict(zip(*self._found, strict=True))

    @cached_property
    def came_from(self) -> dict[Area, Area]:
        """The area each area in reach was entered from on its cheapest way."""
        return self.entries()

    def path(self, area: Area) -> list[Area]:
        if area not in self.costs:
            raise KeyError(f"{area_words(self.bounds, *area)} is not in reach")
        steps = [area]
        while steps[-1] in self.came_from:
            steps.append(self.came_from[steps[-1]])
        return list(reversed(steps))

    def areas(self) -> list[tuple[Area, int]]:
        """(area, cost) for every area in reach, cheapest first, then by area."""
        return list(zip(*self._found, strict=True))


def _in_order(costs: dict[Area, int]) -> tuple[list[Area], list[int]]:
    """The areas of `costs` and their costs, cheapest first, then by area."""
    ordered = sorted(costs.items(), key=lambda item: (item[1], item[0]))
    return [area for area, _ in ordered], [cost for _, cost in ordered]


def hustle_areas(speed: int, maneuvered: bool) -> int:
    """Extra areas from the hustle snap: half the speed rounded down, at least 1 when the
    action was a maneuver."""
    extra = speed // 2
    return max(extra, 1) if maneuvered else extra


def grid_reach(terrain: Terrain, start: Area, move: str, speed: int, opponents: Iterable[Area] = ()) -> GridReach:
    """Every area a maneuver of `move` at `speed` can end in, with its cheapest cost.

    `opponents` are the areas holding an opponent (or anyone choosing to interrupt): a
    token may enter one but its movement ends there.
    """
    if not terrain.contains(start):
        raise KeyError(f"{area_words(terrain.bounds, *start)} is not on the grid")
    blocking = frozenset(opponents) - {start}
    if move == "jump":
        return _jump(terrain, start, speed, blocking)
    if speed < 0:  # a negative roll is a legal result: the token stays where it is
        return GridReach(start, move, speed, frozenset(), terrain.bounds, _in_order({start: 0}), dict)
    # the search never goes past the dearest way on the grid, whatever speed is asked
    limit = min(speed, terrain.cost_bound(move))
    stop = {terrain.flat(area) for area in blocking if terrain.contains(area)}
    origin = terrain.flat(start)
    ground = _ground(terrain, move)
    rings = _rings(ground, terrain, origin, limit, stop)
    seen = 0
    for ring in rings:
        seen |= ring
    stopped = frozenset(area for area in blocking if terrain.contains(area) and seen >> terrain.flat(area) & 1)
    return GridReach(
        start,
        move,
        speed,
        stopped,
        terrain.bounds,
        partial(_by_cost, rings, ground.areas),
        partial(_entered_from, terrain, move, origin, limit, stop),
    )


@dataclass(frozen=True)
class _Ground:
    """What one move type may enter on a terrain, for `_rings`: per entry cost the areas that
    cost that much to enter, as one bitset over the padded flat layout (bit i: flat index i),
    dearest last; and each flat index's area, in a numpy array of objects."""

    entered_at: tuple[tuple[int, int], ...]
    areas: np.ndarray


_GROUNDS: weakref.WeakKeyDictionary[Terrain, dict[str, _Ground]] = weakref.WeakKeyDictionary()


def _ground(terrain: Terrain, move: str) -> _Ground:
    """The _Ground of a terrain for a move type, made once (a terrain is not changed)."""
    kept = _GROUNDS.get(terrain)
    if kept is None:
        kept = _GROUNDS[terrain] = {}
    ground = kept.get(move)
    if ground is None:
        import numpy as np

        bits: dict[int, int] = {}
        entry = terrain.entry_costs(move)
        for cell, cost in enumerate(entry):
            if cost is not None:
                bits[cost] = bits.get(cost, 0) | 1 << cell
        areas = np.empty(len(entry), dtype=object)
        for cell in range(len(entry)):  # one by one: a list of pairs would be read as rows of two
            areas[cell] = terrain.unflat(cell)
        ground = kept[move] = _Ground(tuple(sorted(bits.items())), areas)
    return ground


def _rings(ground: _Ground, terrain: Terrain, origin: int, limit: int, stop: set[int]) -> list[int]:
    """rings[k]: the areas whose cheapest cost from `origin` is k, for k up to `limit`, as
    bitsets. Dial's search a cost at a time over whole bitsets: the areas first reached at a
    cost are those next to the areas reached at that cost less their own entry cost. A step to
    the eight (or four) neighbours is a few shifts of one integer across the grid; the padding
    ring keeps a shift from wrapping a row's end onto the next row, as no move enters it."""
    width = terrain.width
    diagonal = len(terrain.steps) == 8
    halt = sum(1 << cell for cell in stop)
    rings = [1 << origin]
    near: list[int] = []  # near[k]: the areas one step from those of rings[k] that move on
    seen = rings[0]
    dearest = ground.entered_at[-1][0] if ground.entered_at else 1
    empty = 0
    for spent in range(1, limit + 1):
        going = rings[-1] & ~halt
        if diagonal:
            row = going | going << 1 | going >> 1
            near.append(row | row << width | row >> width)
        else:
            near.append(going | going << 1 | going >> 1 | going << width | going >> width)
        ring = 0
        for cost, areas in ground.entered_at:
            if cost > spent:
                break
            ring |= near[spent - cost] & areas
        ring &= ~seen
        seen |= ring
        rings.append(ring)
        empty = 0 if ring else empty + 1
        if empty >= dearest:
            break  # nothing reached for as long as the dearest entry: nothing more will be
    return rings


def _by_cost(rings: list[int], areas: np.ndarray) -> tuple[list[Area], list[int]]:
    """The area and cost of every bit in the rings, cheapest first, then by flat index (by
    area): read in numpy over the span of bits the rings cover (bit by bit in Python costs
    more than the search)."""
    import numpy as np

    low = 0
    for ring in rings:
        low |= ring
    top = low.bit_length()
    low = (low & -low).bit_length() - 1
    size = (top - low + 7) // 8
    packed = np.frombuffer(b"".join((ring >> low).to_bytes(size, "little") for ring in rings), dtype=np.uint8)
    cost, cell = np.divmod(np.flatnonzero(np.unpackbits(packed, bitorder="little").view(bool)), size * 8)
    cell += low
    return areas.take(cell).tolist(), cost.tolist()


def _entered_from(terrain: Terrain, move: str, origin: int, limit: int, stop: set[int]) -> dict[Area, Area]:
    """The area each area in reach was entered from: Dial's search over the flat arrays, a
    bucket per cost, the first area met at a cost kept. Its ways are those `_costs` costs."""
    entry = terrain.entry_costs(move)
    offsets = terrain.offsets
    unreached = limit + 1
    costs = [unreached] * len(entry)
    costs[origin] = 0
    came_from: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(origin)
    for spent, bucket in enumerate(buckets):
        for cell in bucket:
            if costs[cell] != spent or cell in stop:
                continue
            for offset in offsets:
                other = cell + offset
                cost = entry[other]
                if cost is None:
                    continue
                total = spent + cost
                if total < costs[other]:
                    costs[other] = total
                    came_from[other] = cell
                    buckets[total].append(other)
    return {terrain.unflat(cell): terrain.unflat(prev) for cell, prev in came_from.items()}


def _jump(terrain: Terrain, start: Area, speed: int, blocking: frozenset[Area]) -> GridReach:
    """One straight leap of up to `speed` areas; rough ground where it starts or lands costs
    1 more, water and steep cannot be landed in, and anything with altitude blocks it."""
    costs = {start: 0}
    came_from: dict[Area, Area] = {}
    takeoff = 1 if "rough" in terrain.at(start).properties else 0
    directions = ORTHOGONAL + DIAGONAL if len(terrain.steps) == 8 else ORTHOGONAL
    r0, c0, r1, c1 = terrain.bounds
    longest = min(speed, max(r1 - r0, c1 - c0))  # no leap goes further than across the grid
    for dr, dc in directions:
        for distance in range(1, longest + 1):
            area = (start[0] + dr * distance, start[1] + dc * distance)
            if not terrain.contains(area):
                break
            landing = terrain.enter_cost(area, "run")
            if landing is not None:
                total = distance + takeoff + (landing - 1)
                if total <= speed and total < costs.get(area, speed + 1):
                    costs[area] = total
                    came_from[area] = start
            if terrain.at(area).altitude > 0 or area in blocking:
                break  # nothing leaps over a tall segment or through an opponent
    return GridReach(start, "jump", speed, blocking & costs.keys(), terrain.bounds, _in_order(costs), came_from.copy)


def grid_path(terrain: Terrain, start: Area, goal: Area, move: str, speed: int, opponents=()) -> list[Area]:
    """The cheapest way to an area within the speed; KeyError when it is out of reach."""
    return grid_reach(terrain, start, move, speed, opponents).path(goal)
