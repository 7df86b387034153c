"""Which zones touch which, ignoring pass values: the adjacency that range is counted on.

Range is the number of borders between two zones, whatever it costs to cross them: a wall
between two rooms still puts them at range 1 for a shout or a shot. The adjacency is kept
as CSR arrays and as a table of neighbours padded to the widest zone, so a whole range field
is a breadth-first search done a ring of zones at a time in numpy (no scipy: it cost 46 MB of
the bundle and 0.3 s of every start for this one search, and was no faster).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

UNREACHABLE = -1


@dataclass(frozen=True)
class Topology:
    """Undirected adjacency of n zone indices, as CSR arrays.

    `table` row i holds zone i's neighbours, padded with n; its last row (n) is all padding,
    so a search can gather whole rows without checking lengths."""

    size: int
    indptr: np.ndarray
    indices: np.ndarray
    table: np.ndarray = field(repr=False)
    places: np.ndarray = field(repr=False)
    """0, 1, 2, ... as long as the table: the searches' scratch, made once per adjacency."""

    @classmethod
    def build(cls, size: int, pairs: Iterable[tuple[int, int]]) -> Topology:
        pairs = list(pairs)
        edges = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        src = np.concatenate([edges[:, 0], edges[:, 1]])
        dst = np.concatenate([edges[:, 1], edges[:, 0]])
        order = np.lexsort((dst, src))
        indices = dst[order].astype(np.int32)
        counts = np.bincount(src, minlength=size)[:size]
        indptr = np.zeros(size + 1, dtype=np.int64)
        np.cumsum(counts, out=indptr[1:])
        width = int(counts.max()) if size and len(indices) else 0
        table = np.full((size + 1, max(width, 1)), size, dtype=np.int32)
        if len(indices):
            rows = src[order]
            table[rows, np.arange(len(indices)) - indptr[rows]] = indices
        return cls(size, indptr, indices, table, np.arange(table.size, dtype=np.int32))

    def ranges_from(self, start: int) -> np.ndarray:
        """Borders crossed from `start` to every zone (int array); UNREACHABLE where no path.

        Ring by ring: the next ring is the unseen neighbours of this one, each zone once."""
        size, table = self.size, self.table
        ranges = np.full(size + 1, UNREACHABLE, dtype=np.int64)
        if size == 0:
            return ranges[:0]
        ranges[size] = 0  # the padding counts as seen
        ranges[start] = 0
        first = np.empty(size + 1, dtype=np.int32)  # where each zone first appears in a ring
        places = self.places
        ring = np.array([start], dtype=np.int32)
        steps = 0
        while len(ring):
            steps += 1
            near = table[ring].ravel()
            new = near[ranges[near] == UNREACHABLE]
            ranges[new] = steps
            place = places[: len(new)]
            first[new] = place
            ring = new[first[new] == place]  # a zone next to two of the ring only once
        return ranges[:size]

    def range_between(self, start: int, goal: int) -> int | None:
        """Borders crossed from start to goal by a breadth-first search that stops at the goal."""
        if start == goal:
            return 0
        seen = {start}
        frontier = [start]
        steps = 0
        indptr, indices = self.indptr, self.indices
        while frontier:
            steps += 1
            following = []
            for zone in frontier:
                for other in indices[indptr[zone] : indptr[zone + 1]].tolist():
                    if other == goal:
                        return steps
                    if other not in seen:
                        seen.add(other)
                        following.append(other)
            frontier = following
        return None
