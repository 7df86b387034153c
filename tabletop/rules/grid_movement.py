"""Maneuvers on an encounter grid: reach and path for a move type and a speed.

By default a token moves into any adjacent area. Moving into an opponent's overlap ends the
move. A jump is one straight leap that counts only the area it starts in and the one it
ends in, ignoring the segments in between unless they have altitude.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.rules.area_names import Bounds, area_words
from tabletop.rules.terrain import ADJACENT as ORTHOGONAL
from tabletop.rules.terrain import DIAGONAL, Area, Terrain


@dataclass(frozen=True)
class GridReach:
    """Areas in reach with their cost in speed and the area each was entered from."""

    start: Area
    move: str
    speed: int
    costs: dict[Area, int]
    came_from: dict[Area, Area]
    stopped: frozenset[Area]
    bounds: Bounds
    """The grid's area bounds, by which its areas are named."""

    def path(self, area: Area) -> list[Area]:
        if area not in self.costs:
            raise KeyError(f"{area_words(self.bounds, *area)} is not in reach")
        steps = [area]
        while steps[-1] in self.came_from:
            steps.append(self.came_from[steps[-1]])
        return list(reversed(steps))

    def areas(self) -> list[tuple[Area, int]]:
        return sorted(self.costs.items(), key=lambda item: (item[1], item[0]))


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
        return GridReach(start, move, speed, {start: 0}, {}, frozenset(), terrain.bounds)
    # Dial's bucket queue over the padded flat arrays: speeds and entry costs are small, and
    # the buckets never outnumber the dearest way on the grid, whatever speed is asked.
    entry = terrain.entry_costs(move)
    limit = min(speed, terrain.cost_bound(move))
    offsets = terrain.offsets
    stop = {terrain.flat(area) for area in blocking if terrain.contains(area)}
    origin = terrain.flat(start)
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
    reached = {terrain.unflat(cell): cost for cell, cost in _reached(costs, unreached, buckets)}
    paths = {terrain.unflat(cell): terrain.unflat(prev) for cell, prev in came_from.items()}
    return GridReach(start, move, speed, reached, paths, blocking & reached.keys(), terrain.bounds)


def _reached(costs: list[int], unreached: int, buckets: list[list[int]]):
    """(cell, cost) for every cell the search settled, read from the buckets it filled."""
    seen = set()
    for bucket in buckets:
        for cell in bucket:
            if cell not in seen and costs[cell] < unreached:
                seen.add(cell)
                yield cell, costs[cell]


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
    return GridReach(start, "jump", speed, costs, came_from, blocking & costs.keys(), terrain.bounds)


def grid_path(terrain: Terrain, start: Area, goal: Area, move: str, speed: int, opponents=()) -> list[Area]:
    """The cheapest way to an area within the speed; KeyError when it is out of reach."""
    return grid_reach(terrain, start, move, speed, opponents).path(goal)
