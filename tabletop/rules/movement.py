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
    """The cheapest way from start to goal; NoWayThrough when every way is shut.

    Of several ways at the same cost, the one a search widening evenly from the start meets
    first: each zone on it entered from the zone reached most cheaply, the lower-numbered of
    two at the same cost (the map's order), so the window and the command line show one way.
    On a map of some size the search is guided by the landmarks' bounds (rules/landmarks.py)
    and looks at a narrow band of zones between start and goal instead of every zone nearer the
    start than the goal; it finds the same way.
    """
    origin, target = graph.zone_index(start), graph.zone_index(goal)
    landmarks = graph.landmarks()
    if landmarks is not None:
        from tabletop.rules.landmarks import FAR

        bound = landmarks.bound(origin, target)
        found = None if bound[origin] >= FAR else _guided(graph.hops, origin, target, memoryview(bound), FAR)
        if found is None:
            raise NoWayThrough(f"no way through from '{start}' to '{goal}'")
        if found is not _EVEN_ORDER:
            return _unwind(graph, target, found[0], found[1])
    return _widening(graph, origin, target, start, goal)


_EVEN_ORDER = (-1, {})
"""What the guided search answers when a way of cost 0 leads into a zone that may lie on a
cheapest way: the evenly widening search walks the zones it reaches at one cost in an order
such ways change, so it runs itself."""


def _guided(
    hops: list[list[tuple[int, int]]], origin: int, target: int, bound: memoryview, far: int
) -> tuple[int, dict[int, int]] | None:
    """A* from origin to target under `bound` (never above the true cost left, and falling by no
    more than a step's cost along it): (cost, the zone each was entered from), None when no way
    leads there, or _EVEN_ORDER.

    Every zone that could lie on a cheapest way is searched (its cost so far and its bound add
    up to no more than the goal's cost), so each zone's entry can be chosen as the widening
    search chooses it: the cheapest zone it can be entered from at its cost, then the lower
    index. With ways of cost at least 1 that is the zone the widening search settles first."""
    spent = {origin: 0}
    came_from: dict[int, int] = {}
    done: set[int] = set()
    queue = [(bound[origin], origin)]
    cost = -1
    while queue:
        ahead, zone = heapq.heappop(queue)
        if zone in done:
            continue
        if 0 <= cost < ahead:
            break  # past the goal's cost: nothing further lies on a cheapest way
        done.add(zone)
        here = spent[zone]
        if zone == target:
            cost = here
        for step, other in hops[zone]:
            total = here + step
            known = spent.get(other)
            if known is None or total < known:
                left = bound[other]
                if left >= far:
                    continue  # no way from there to the goal
                if step == 0:
                    return _EVEN_ORDER
                spent[other] = total
                came_from[other] = zone
                heapq.heappush(queue, (total + left, other))
            elif total == known:
                entry = came_from.get(other, zone)  # none for the start
                if here < spent[entry] or (here == spent[entry] and zone < entry):
                    came_from[other] = zone
    return None if cost < 0 else (cost, came_from)


def _widening(graph: ZoneGraph, origin: int, target: int, start: str, goal: str) -> Route:
    """Dijkstra's search widening evenly from the start until it settles the goal."""
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
