"""Maneuvers on an encounter grid: reach and path for a move type and a speed.

By default a token moves into any adjacent area. Moving into an opponent's overlap ends the
move. A jump is one straight leap that counts only the area it starts in and the one it
ends in, ignoring the segments in between unless they have altitude.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

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

    def path(self, area: Area) -> list[Area]:
        if area not in self.costs:
            raise KeyError(f"area {area[0]},{area[1]} is not in reach")
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
        raise KeyError(f"area {start[0]},{start[1]} is not on the grid")
    blocking = frozenset(opponents) - {start}
    if move == "jump":
        return _jump(terrain, start, speed, blocking)
    costs = {start: 0}
    came_from: dict[Area, Area] = {}
    queue = [(0, start)]
    steps = terrain.steps
    while queue:
        spent, area = heapq.heappop(queue)
        if spent > costs[area] or area in blocking:
            continue
        r, c = area
        for dr, dc in steps:
            other = (r + dr, c + dc)
            if not terrain.contains(other):
                continue
            cost = terrain.enter_cost(other, move)
            if cost is None:
                continue
            total = spent + cost
            if total <= speed and total < costs.get(other, speed + 1):
                costs[other] = total
                came_from[other] = area
                heapq.heappush(queue, (total, other))
    return GridReach(start, move, speed, costs, came_from, blocking & costs.keys())


def _jump(terrain: Terrain, start: Area, speed: int, blocking: frozenset[Area]) -> GridReach:
    """One straight leap of up to `speed` areas; rough ground where it starts or lands costs
    1 more, water and steep cannot be landed in, and anything with altitude blocks it."""
    costs = {start: 0}
    came_from: dict[Area, Area] = {}
    takeoff = 1 if "rough" in terrain.at(start).properties else 0
    directions = ORTHOGONAL + DIAGONAL if len(terrain.steps) == 8 else ORTHOGONAL
    for dr, dc in directions:
        for distance in range(1, speed + 1):
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
    return GridReach(start, "jump", speed, costs, came_from, blocking & costs.keys())


def grid_path(terrain: Terrain, start: Area, goal: Area, move: str, speed: int, opponents=()) -> list[Area]:
    """The cheapest way to an area within the speed; KeyError when it is out of reach."""
    return grid_reach(terrain, start, move, speed, opponents).path(goal)
