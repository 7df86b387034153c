"""Which zones touch which, ignoring pass values: the adjacency that range is counted on.

Range is the number of borders between two zones, whatever it costs to cross them: a wall
between two rooms still puts them at range 1 for a shout or a shot. The adjacency is kept
as CSR arrays so a whole range field is one breadth-first search in scipy's C code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import shortest_path

UNREACHABLE = -1


@dataclass(frozen=True)
class Topology:
    """Undirected adjacency of n zone indices, as CSR arrays."""

    size: int
    indptr: np.ndarray
    indices: np.ndarray

    @classmethod
    def build(cls, size: int, pairs: Iterable[tuple[int, int]]) -> Topology:
        edges = np.array(list(pairs), dtype=np.int64).reshape(-1, 2)
        src = np.concatenate([edges[:, 0], edges[:, 1]])
        dst = np.concatenate([edges[:, 1], edges[:, 0]])
        order = np.lexsort((dst, src))
        indices = dst[order].astype(np.int32)
        indptr = np.zeros(size + 1, dtype=np.int64)
        np.add.at(indptr, src + 1, 1)
        return cls(size, np.cumsum(indptr), indices)

    def ranges_from(self, start: int) -> np.ndarray:
        """Borders crossed from `start` to every zone (int array); UNREACHABLE where no path."""
        if self.size == 0:
            return np.zeros(0, dtype=np.int64)
        matrix = csr_array(
            (np.ones(len(self.indices), dtype=np.float64), self.indices, self.indptr), shape=(self.size, self.size)
        )
        found = shortest_path(matrix, method="D", directed=False, unweighted=True, indices=start)
        out = np.full(self.size, UNREACHABLE, dtype=np.int64)
        finite = np.isfinite(found)
        out[finite] = found[finite].astype(np.int64)
        return out

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
