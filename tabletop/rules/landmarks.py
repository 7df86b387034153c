"""Landmarks: a few zones far apart, with the cheapest cost from each of them to every zone and
from every zone back to each, so a search for the cheapest way knows how much is at least left
to pay before it looks.

Whatever the way from a zone to the goal, it cannot cost less than the goal's cost from a
landmark less the zone's (or the zone's cost to a landmark less the goal's): otherwise the way
through the zone would be a cheaper way from (or to) the landmark. A search that spends its
effort where that bound says the goal may be (A*) finds the same cheapest way as one that
widens evenly around the start, after looking at a narrow band of zones between the two
instead of every zone nearer the start than the goal.

The tables stay true bounds as long as no way got cheaper: a dearer way or a shut one only
makes the true costs larger. A way made cheaper lowers each table in a band of costs, just
enough that the bound holds again (see `Landmarks.keep`); edits in bulk, or a way into a part
of the map no way reached before, have the tables made anew. They are made in numpy, a cost at
a time: a search in Python over the whole map would cost more than the paths it spares.
"""

from __future__ import annotations

import heapq
from itertools import chain, pairwise

import numpy as np

FAR = 1 << 59
"""Costs from here up mean "no way": no way on any map costs as much, and a table keeps far
above it what no way reached, however often an edit lowered it."""
NO_WAY = 1 << 60
MANY_ZONES = 30_000
"""Up to this many zones `SMALL_MAP_MARKS` landmarks, above it `BIG_MAP_MARKS`: more landmarks
bound more tightly, and on a big map each costs more to make than its share of the speed."""
SMALL_MAP_MARKS = 16
BIG_MAP_MARKS = 12
GUIDES = 4
"""Landmarks a search reads: those that bound its start's way to its goal best."""
WEAR = 256
"""Ways made cheaper, after which the lowered tables are made anew (each one loosened them)."""

Adjacency = tuple[np.ndarray, np.ndarray, np.ndarray]
"""CSR arrays of one direction: row starts per zone, then each way's other zone and cost."""


class Landmarks:
    """`away[k, z]`: the cheapest cost from landmark k to zone z; `back[k, z]`: from z to k.
    Both at or above FAR where no way leads.

    Made a landmark at a time (`add`), one per path asked, so no single path waits for them
    all: a search reads whichever there are, and a few already spare it most of the map."""

    def __init__(self, size: int, count: int | None = None) -> None:
        self.count = count if count is not None else SMALL_MAP_MARKS if size <= MANY_ZONES else BIG_MAP_MARKS
        self.zones: list[int] = []
        self.away = np.zeros((0, size), dtype=np.int64)
        self.back = np.zeros((0, size), dtype=np.int64)
        self.full = False
        """Whether no more landmarks will be added: `count` of them, or every zone reached is one."""
        self.worn = 0
        """Ways made cheaper since the first landmark: each lowered the tables a little."""
        self._ways: tuple[int, Adjacency, Adjacency] | None = None
        """The graph's revision and its ways out and in, as the last landmark was made from."""

    def add(self, hops: list[list[tuple[int, int]]], revision: int) -> None:
        """One more landmark for a graph's hops (per zone, (cost, neighbour)) as they are at
        `revision`: the zone dearest to reach from the landmarks there are, or, for the first,
        from the zone with the most ways out; so they stand far apart on the map's edges,
        where their bounds are tightest."""
        if self._ways is None or self._ways[0] != revision:
            self._ways = (revision, *adjacencies(hops))
        _, onward, backward = self._ways
        nearest = self._nearest(onward)
        reached = np.flatnonzero(nearest < FAR)
        far = int(reached[np.argmax(nearest[reached])]) if len(reached) else -1
        added = far >= 0 and far not in self.zones  # else every zone reached is a landmark already
        if added:
            self.zones.append(far)
            self.away = np.concatenate([self.away, costs_from(onward, [far])])
            self.back = np.concatenate([self.back, costs_from(backward, [far])])
        self.full = not added or len(self.zones) >= self.count
        if self.full:
            self._ways = None  # the map's ways again, as arrays: let them go

    def _nearest(self, onward: Adjacency) -> np.ndarray:
        """Each zone's cost from the nearest landmark; before the first, from the zone with the
        most ways out, which stands in for them."""
        if self.zones:
            return self.away.min(axis=0)
        return costs_from(onward, [int(np.argmax(np.diff(onward[0])))])[0]

    def bound(self, start: int, goal: int) -> np.ndarray:
        """For every zone, a cost its cheapest way to `goal` cannot be under (FAR and more: there
        is none), from the GUIDES landmarks that bound `start`'s way best."""
        away, back = self.away, self.back
        at_start = np.maximum(away[:, goal] - away[:, start], back[:, start] - back[:, goal])
        guides = np.argsort(-at_start, kind="stable")[:GUIDES].tolist()
        bound = np.zeros(away.shape[1], dtype=np.int64)
        part = np.empty_like(bound)
        for k in guides:
            np.subtract(away[k, goal], away[k], out=part)
            np.maximum(bound, part, out=bound)
            np.subtract(back[k], back[k, goal], out=part)
            np.maximum(bound, part, out=bound)
        return bound

    def keep(self, cheaper: list[tuple[int, int, int]], size: int) -> bool:
        """Keep the tables true bounds after the ways (from, to, cost) were made cheaper or opened,
        on a map of `size` zones now; False when they should be made anew instead.

        A landmark's costs as a table are a bound as long as no way's cost is less than the
        table's rise along it. Lowering every entry above the new way's end by the amount the
        way fell short, but no lower than that end (a band shifted down), keeps that true of
        every other way: nothing rises by more than before along any of them."""
        self.worn += len(cheaper)
        if self.worn > WEAR:
            return False
        if size > self.away.shape[1]:  # zones added since: no way to or from them yet
            grow = ((0, 0), (0, size - self.away.shape[1]))
            self.away = np.pad(self.away, grow, constant_values=NO_WAY)
            self.back = np.pad(self.back, grow, constant_values=NO_WAY)
        for src, dst, cost in cheaper:
            # from a landmark, the way's end costs at most its start and the way; to one, the
            # way's start costs at most the way and its end
            if not _lower(self.away, self.away[:, src] + cost, dst):
                return False
            if not _lower(self.back, self.back[:, dst] + cost, src):
                return False
        return True


def _lower(table: np.ndarray, ceiling: np.ndarray, zone: int) -> bool:
    """Rows whose entry for `zone` is above `ceiling` lowered as Landmarks.keep says; False when
    the gap is as wide as no way at all (the way joins what nothing joined)."""
    short = table[:, zone] - ceiling
    rows = np.flatnonzero(short > 0)
    if not len(rows):
        return True
    if short[rows].max() >= FAR:
        return False
    for k in rows.tolist():
        row = table[k]
        row -= np.clip(row - ceiling[k], 0, short[k])
    return True


def adjacencies(hops: list[list[tuple[int, int]]]) -> tuple[Adjacency, Adjacency]:
    """The ways out of each zone and the ways into it, as CSR arrays."""
    size = len(hops)
    counts = np.fromiter(map(len, hops), dtype=np.intp, count=size)
    ways = int(counts.sum())
    flat = np.fromiter(chain.from_iterable(chain.from_iterable(hops)), dtype=np.int64, count=2 * ways)
    steps, heads = flat[0::2], flat[1::2].astype(np.intp)
    starts = np.zeros(size + 1, dtype=np.intp)
    np.cumsum(counts, out=starts[1:])
    tails = np.repeat(np.arange(size, dtype=np.intp), counts)
    order = np.argsort(heads, kind="stable")
    into = np.zeros(size + 1, dtype=np.intp)
    np.cumsum(np.bincount(heads, minlength=size), out=into[1:])
    return (starts, heads, steps), (into, tails[order], steps[order])


def costs_from(adjacency: Adjacency, sources: list[int]) -> np.ndarray:
    """Row k: the cheapest cost from sources[k] to every zone along `adjacency` (at or above FAR
    where none leads). Dial's search, all sources at once: a cost at a time, every zone at that
    cost from any source settled together in numpy."""
    starts, heads, steps = adjacency
    size = len(starts) - 1
    spent = np.full(len(sources) * size, NO_WAY, dtype=np.int64)
    first = np.arange(len(sources), dtype=np.intp) * size + np.asarray(sources, dtype=np.intp)
    spent[first] = 0
    mark = np.empty(len(spent), dtype=np.intp)
    waiting: dict[int, list[np.ndarray]] = {0: [first]}
    levels = [0]
    while levels:
        cost = heapq.heappop(levels)
        parts = waiting.pop(cost)
        places = parts[0] if len(parts) == 1 else np.concatenate(parts)
        places = places[spent[places] == cost]  # those reached cheaper since they waited are done
        zones = places % size
        begin = starts[zones]
        count = starts[zones + 1] - begin
        total = int(count.sum())
        if not total:
            continue
        at = np.arange(total, dtype=np.intp) + np.repeat(begin - np.cumsum(count) + count, count)
        reached = np.repeat(places - zones, count) + heads[at]
        costs = steps[at] + cost
        better = costs < spent[reached]
        reached, costs = reached[better], costs[better]
        chosen, value = reached, costs
        while len(chosen):  # a zone reached along several ways: written until the cheapest stays
            spent[chosen] = value
            again = value < spent[chosen]
            chosen, value = chosen[again], value[again]
        kept = spent[reached] == costs
        reached, costs = reached[kept], costs[kept]
        if not len(costs):
            continue
        order = np.arange(len(reached), dtype=np.intp)
        mark[reached] = order
        kept = mark[reached] == order  # a zone reached along two ways at one cost waits once
        reached, costs = reached[kept], costs[kept]
        order = np.argsort(costs, kind="stable")
        reached, costs = reached[order], costs[order]
        cuts = [0, *(np.flatnonzero(costs[1:] != costs[:-1]) + 1).tolist(), len(costs)]
        for a, b in pairwise(cuts):
            level = int(costs[a])
            if level in waiting:
                waiting[level].append(reached[a:b])
            else:
                waiting[level] = [reached[a:b]]
                heapq.heappush(levels, level)
    return spent.reshape(len(sources), size)
