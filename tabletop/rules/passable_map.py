"""The passable map as the map check reads it, and the three whole-map searches it asks.

A way counts when some passage lets a token cross it that way, whatever it costs: the zone
graph's crossings (`ZoneGraph.out`) are exactly those ways, so the searches walk them as
they are, and the undirected map (for choke borders) is the range adjacency (`Topology`,
already kept for range) less the pairs of zones no passage joins either way. Each search is
linear in the map and runs without recursion, so a big map is checked far quicker than by
networkx (its graphs cost more to build than the searches).
What a map's searches found is kept until an edit opens or shuts a way (`passable_map`).
"""

from __future__ import annotations

import weakref
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from tabletop.heap import collector_off

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tabletop.rules.zone_graph import ZoneGraph


class Bridge(NamedTuple):
    """A pair of zones whose only passable link cuts its part of the map in two if lost:
    `a` is the lower zone index, and each side's zone count is given."""

    a: int
    b: int
    side_a: int
    side_b: int


_known: weakref.WeakKeyDictionary[ZoneGraph, PassableMap] = weakref.WeakKeyDictionary()


def passable_map(graph: ZoneGraph) -> PassableMap:
    """The graph's passable map as it is now, made once per edit (`revision`): a check asks
    for all three searches at once, and the window's dialog asks reach again for each start.
    An edit that opens or shuts no way (a pass value, a closed door's cost) keeps what the
    searches found: the window checks again after each edit."""
    known = _known.get(graph)
    if known is None or known.revision != graph.revision:
        made = PassableMap(graph)
        if known is not None:
            made.keep_found(known)
        _known[graph] = known = made
    return known


class PassableMap:
    """One revision of a zone graph, read once; its searches are made when first asked."""

    KEPT = ("traps", "bridges", "_reached")
    """What the searches found, which depends on the ways alone: kept while they stay the same."""

    def __init__(self, graph: ZoneGraph) -> None:
        self.revision = graph.revision
        self.topology = graph.topology()  # the whole graph is built from here on: `out` is a list
        self.out: Sequence[Mapping[int, object]] = graph.out
        self.size = len(graph.ids)
        self._reached: tuple[int, bytearray] | None = None

    def keep_found(self, before: PassableMap) -> None:
        """Take what `before` (an earlier revision) found if its ways were these, in the same
        order (a way shut and opened again moves in its zone's order: checked afresh)."""
        if "ways" not in before.__dict__ or before.size != self.size:
            return
        (counts, to), (counts_before, to_before) = self.ways, before.ways
        if np.array_equal(counts, counts_before) and np.array_equal(to, to_before):
            for name in self.KEPT:
                if name in before.__dict__:
                    self.__dict__[name] = before.__dict__[name]

    def reached_from(self, start: int) -> bytearray:
        """1 for every zone some chain of ways leads to from `start` (itself included); the
        last start's answer is kept (do not change it)."""
        if self._reached is not None and self._reached[0] == start:
            return self._reached[1]
        out = self.out
        reached = bytearray(self.size)
        reached[start] = 1
        todo = [start]
        pop, push = todo.pop, todo.append
        while todo:
            for other in out[pop()]:
                if not reached[other]:
                    reached[other] = 1
                    push(other)
        self._reached = (start, reached)
        return reached

    @cached_property
    def ways(self) -> tuple[np.ndarray, np.ndarray]:
        """Every way: how many leave each zone, and where each leads, zone by zone."""
        counts = np.fromiter(map(len, self.out), dtype=np.intp, count=self.size)
        return counts, np.fromiter(chain.from_iterable(self.out), dtype=np.intp, count=int(counts.sum()))

    @cached_property
    def _links(self) -> tuple[bool, np.ndarray]:
        """Whether any way has no way back (without one, no part of the map is a trap), and
        which of the range adjacency's pairs of zones (row by row) a way joins either way
        round. Worked out by where each way's pair sits among the adjacency's pairs, as
        row * size + neighbour: sorted, as `Topology.build` orders each row's neighbours."""
        (counts, to), size, topology = self.ways, self.size, self.topology
        rows = np.repeat(np.arange(size, dtype=np.intp), np.diff(topology.indptr))
        known = rows * size + topology.indices
        since = np.repeat(np.arange(size, dtype=np.intp), counts)
        there = np.searchsorted(known, since * size + to)
        back = np.searchsorted(known, to * size + since)  # the adjacency is symmetric: the pair is there
        joined = np.zeros(len(known), dtype=bool)
        joined[there] = True
        one_way = not joined[back].all()
        joined[back] = True
        return one_way, joined

    @cached_property
    def traps(self) -> list[list[int]]:
        """The strongly connected parts with a way in from outside and no way out, each as its
        zone indices ascending, in the order of their first zones."""
        if not self._links[0]:
            return []  # every way goes both ways: each part is a whole connected piece, entered from nowhere
        with collector_off():  # a big map's million objects walked again by the collector cost more than the search
            part = np.array(strong_parts(self.out, self.size), dtype=np.intp)
        counts, to = self.ways
        since = np.repeat(np.arange(self.size, dtype=np.intp), counts)
        leaving = part[since] != part[to]
        count = int(part.max()) + 1 if self.size else 0
        way_out = np.bincount(part[since[leaving]], minlength=count) > 0
        way_in = np.bincount(part[to[leaving]], minlength=count) > 0
        trapped = np.flatnonzero(way_in & ~way_out)
        if not len(trapped):
            return []
        inside = np.flatnonzero(np.isin(part, trapped))  # ascending
        members: dict[int, list[int]] = {}  # by first member, as the zones come in order
        for zone, of in zip(inside.tolist(), part[inside].tolist(), strict=True):
            members.setdefault(of, []).append(zone)
        return sorted(members.values())

    @cached_property
    def bridges(self) -> list[Bridge]:
        """The bridges of the passable map taken both ways at once (a pair of zones joined by
        a way either way, several borders between two zones counting once), in no set order."""
        topology, size = self.topology, self.size
        joined = self._links[1]
        if joined.all():
            indptr, indices = topology.indptr, topology.indices
        else:  # pairs joined only by shut borders are no link
            indices = topology.indices[joined]
            kept = np.zeros(len(joined) + 1, dtype=np.intp)
            np.cumsum(joined, out=kept[1:])
            indptr = kept[topology.indptr]  # the links kept before each row's first
        with collector_off():
            return find_bridges(indptr.tolist(), indices.tolist(), size)


def strong_parts(out: Sequence[Mapping[int, object]], size: int) -> list[int]:
    """Each zone's strongly connected part, numbered as found: Tarjan's search, with a stack
    of the zones being walked in place of recursion (a long corridor is thousands deep)."""
    order = [0] * size  # when the search reached each zone, from 1; 0: not yet
    low = [0] * size
    part = [-1] * size  # -1 while the zone waits on Tarjan's stack (or is not reached)
    waiting: list[int] = []
    count = parts = 0
    for root in range(size):
        if order[root]:
            continue
        count += 1
        order[root] = low[root] = count
        waiting.append(root)
        path = [(root, iter(out[root]))]
        while path:
            zone, ways = path[-1]
            lowest = low[zone]
            for other in ways:
                seen = order[other]
                if not seen:  # walk on from it; this zone's ways go on where they stopped
                    low[zone] = lowest
                    count += 1
                    order[other] = low[other] = count
                    waiting.append(other)
                    path.append((other, iter(out[other])))
                    break
                if seen < lowest and part[other] < 0:
                    lowest = seen
            else:
                path.pop()
                if lowest == order[zone]:  # the first zone of a part: the part is all above it
                    while True:
                        member = waiting.pop()
                        part[member] = parts
                        if member == zone:
                            break
                    parts += 1
                else:
                    low[zone] = lowest
                    parent = path[-1][0]
                    if lowest < low[parent]:
                        low[parent] = lowest
    return part


def find_bridges(indptr: list[int], indices: list[int], size: int) -> list[Bridge]:
    """The bridges of an undirected simple graph in CSR form, with the zones on each side: a
    depth-first search with low links (without recursion), a bridge's far side being the
    subtree below it and its near side the rest of its connected piece."""
    order = [0] * size
    low = [0] * size
    below = [1] * size  # zones in each zone's subtree, itself included
    count = 0
    found: list[Bridge] = []
    for root in range(size):
        if order[root]:
            continue
        count += 1
        order[root] = low[root] = count
        path = [(root, -1, indptr[root])]  # (zone, the zone it was reached from, its next neighbour's place)
        cut: list[tuple[int, int]] = []
        while path:
            zone, parent, at = path[-1]
            end = indptr[zone + 1]
            lowest = low[zone]
            while at < end:
                other = indices[at]
                at += 1
                seen = order[other]
                if not seen:
                    low[zone] = lowest
                    path[-1] = (zone, parent, at)
                    count += 1
                    order[other] = low[other] = count
                    path.append((other, zone, indptr[other]))
                    break
                if seen < lowest and other != parent:
                    lowest = seen
            else:
                path.pop()
                low[zone] = lowest
                if parent >= 0:
                    below[parent] += below[zone]
                    if lowest < low[parent]:
                        low[parent] = lowest
                    if lowest > order[parent]:
                        cut.append((parent, zone))
        whole = below[root]
        for parent, child in cut:
            inner = below[child]
            if parent < child:
                found.append(Bridge(parent, child, whole - inner, inner))
            else:
                found.append(Bridge(child, parent, inner, whole - inner))
    return found
