"""Moving on a zone map with shifts: where a token can get to, and the cheapest way there.

"The number of shifts is the limit on the total pass values of borders he can go through":
a zone is in reach when the cheapest total pass cost to it fits the shifts, and a border
costlier than the shifts left is not crossed.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field

from tabletop.rules.passages import Crossing
from tabletop.rules.zone_graph import ZoneGraph


class NoWayThrough(Exception):
    """No chain of passable borders leads from one zone to the other."""


@dataclass(frozen=True)
class Route:
    """A way from one zone to another: its total cost, the zones on it, and each crossing."""

    cost: int
    path: list[str]
    crossings: list[Crossing]

    @property
    def passages(self) -> list[str]:
        return [c.explanation for c in self.crossings]


@dataclass
class Reach:
    """The zones in reach of a start for a budget of shifts, with the cheapest way to each."""

    graph: ZoneGraph
    start: int
    budget: int
    costs: dict[int, int]
    came_from: dict[int, int] = field(repr=False)

    def __contains__(self, zone_id: str) -> bool:
        return self.graph.index.get(zone_id, -1) in self.costs

    def cost(self, zone_id: str) -> int | None:
        return self.costs.get(self.graph.index.get(zone_id, -1))

    def route(self, zone_id: str) -> Route:
        i = self.graph.zone_index(zone_id)
        if i not in self.costs:
            raise NoWayThrough(f"zone '{zone_id}' is not in reach")
        return _unwind(self.graph, i, self.costs[i], self.came_from)

    def zones(self) -> list[tuple[str, int]]:
        """(zone id, cost) for every zone in reach, cheapest first, then by name."""
        names = self.graph.names
        ordered = sorted(self.costs.items(), key=lambda item: (item[1], names[item[0]], item[0]))
        return [(self.graph.ids[i], cost) for i, cost in ordered]


DIAL_LIMIT = 4096
"""Budgets up to this run on one bucket per shift (Dial's algorithm, fastest for the small
budgets of play); larger ones on a heap, so the size of the number costs neither time nor
memory."""


def reach(graph: ZoneGraph, start: str, shifts: int) -> Reach:
    """Every zone whose cheapest total pass cost from `start` is at most `shifts`.

    A negative roll is a legal result: the character stays where it is (the start alone, at
    cost 0). Pass values are small whole numbers, so Dijkstra's search runs on a bucket
    queue instead of a heap; its work grows with the zones in reach, not with the map.
    """
    origin = graph.zone_index(start)
    if shifts < 0:
        return Reach(graph, origin, shifts, {origin: 0}, {})
    search = _buckets if shifts <= DIAL_LIMIT else _heap
    costs, came_from = search(graph.hops, origin, shifts)
    return Reach(graph, origin, shifts, costs, came_from)


def _buckets(hops: list[list[tuple[int, int]]], origin: int, shifts: int) -> tuple[dict[int, int], dict[int, int]]:
    costs = {origin: 0}
    came_from: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(shifts + 1)]
    buckets[0].append(origin)
    for spent, bucket in enumerate(buckets):
        for zone in bucket:  # zero-cost passages append to this bucket while it is walked
            if costs[zone] != spent:
                continue
            for cost, other in hops[zone]:
                total = spent + cost
                if total > shifts:
                    break  # hops are cheapest first
                known = costs.get(other)
                if known is None or total < known:
                    costs[other] = total
                    came_from[other] = zone
                    buckets[total].append(other)
    return costs, came_from


def _heap(hops: list[list[tuple[int, int]]], origin: int, shifts: int) -> tuple[dict[int, int], dict[int, int]]:
    costs = {origin: 0}
    came_from: dict[int, int] = {}
    queue = [(0, origin)]
    while queue:
        spent, zone = heapq.heappop(queue)
        if costs[zone] != spent:
            continue
        for cost, other in hops[zone]:
            total = spent + cost
            if total > shifts:
                break
            known = costs.get(other)
            if known is None or total < known:
                costs[other] = total
                came_from[other] = zone
                heapq.heappush(queue, (total, other))
    return costs, came_from


def path(graph: ZoneGraph, start: str, goal: str) -> Route:
    """The cheapest way from start to goal; NoWayThrough when every way is shut."""
    origin, target = graph.zone_index(start), graph.zone_index(goal)
    costs = {origin: 0}
    came_from: dict[int, int] = {}
    done: set[int] = set()
    queue = [(0, origin)]
    hops = graph.hops
    while queue:
        spent, zone = heapq.heappop(queue)
        if zone in done:
            continue
        if zone == target:
            return _unwind(graph, target, spent, came_from)
        done.add(zone)
        for cost, other in hops[zone]:
            total = spent + cost
            if other not in done and total < costs.get(other, total + 1):
                costs[other] = total
                came_from[other] = zone
                heapq.heappush(queue, (total, other))
    raise NoWayThrough(f"no way through from '{start}' to '{goal}'")


def _unwind(graph: ZoneGraph, zone: int, cost: int, came_from: dict[int, int]) -> Route:
    """The route to a zone, read back through the predecessors; the crossing of each step is
    looked up only here, so the search itself carries no more than zone numbers."""
    zones = [zone]
    while zones[-1] in came_from:
        zones.append(came_from[zones[-1]])
    zones.reverse()
    crossings = [graph.out[a][b] for a, b in itertools.pairwise(zones)]
    return Route(cost, [graph.ids[i] for i in zones], crossings)
