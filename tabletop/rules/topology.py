"""Which zones touch which, ignoring pass values: the adjacency that range is counted on.

Range is the number of borders between two zones, whatever it costs to cross them: a wall
between two rooms still puts them at range 1 for a shout or a shot. The adjacency is kept
as CSR arrays and as a table of neighbours padded to the widest zone, so a whole range field
is a breadth-first search done a ring of zones at a time in numpy (no scipy: it weighed on
the bundle and on every start for this one search, and was no faster). Each ring costs
a dozen numpy calls whatever its length, so where rings are short and those calls are most of
the cost the search strides: 16 rings at a time over bitsets on small maps, two at a time over
a table of the zones two borders away on middling ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain

import numpy as np

UNREACHABLE = -1
SPHERE_ZONES = 1_500
"""Up to this many zones a range field strides SPHERE_RINGS rings at a time over `spheres`,
quicker than ring by ring on small maps; their cost is square in the zones, so past this it
grows faster than it saves (docs/SPEED.md)."""
SPHERE_RINGS = 16
TWO_STEP_ZONES = 20_000
"""Up to this many zones (above SPHERE_ZONES) a range field strides two rings at a time over
`two_away`: quicker on middling maps, slower on big ones, where its longer rows gather more
than they save."""
BITS = np.dtype("<u8")
"""Bitsets of zones, 64 a word, zone i at bit i % 64 of word i // 64."""


def zone_spheres(indptr: np.ndarray, indices: np.ndarray, size: int, rings: int) -> np.ndarray:
    """[i, d]: the bitset of zones exactly d + 1 borders from zone i, for d below `rings`; the
    last row (size) is empty, like the padding of `Topology.table`."""
    words = (size + 63) // 64
    itself = np.zeros((size + 1, words * 64), dtype=bool)
    itself[np.arange(size), np.arange(size)] = True
    ball = np.packbits(itself, axis=1, bitorder="little").view(BITS)  # within d borders, from d = 0
    spheres = np.zeros((size + 1, rings, words), dtype=BITS)
    near = np.append(indices, size)  # the empty last row ends the gather, for zones without borders at the end
    lonely = np.flatnonzero(indptr[1:] == indptr[:-1])
    for d in range(rings):
        grown = np.bitwise_or.reduceat(ball[near], indptr[:-1], axis=0)  # each zone's neighbours' balls
        grown[lonely] = 0  # reduceat gives a zone without borders the row at its start, not nothing
        grown |= ball[:size]
        np.bitwise_and(grown, ~ball[:size], out=spheres[:size, d])
        ball[:size] = grown
    return spheres


def zones_two_away(table: np.ndarray, size: int) -> np.ndarray:
    """Row i: the zones exactly two borders from zone i (its neighbours' neighbours that are
    neither it nor its neighbours), padded with `size` like `table`."""
    width = table.shape[1]
    near = table[:size]
    found = table[near].reshape(size, width * width)
    found.sort(axis=1)
    drop = found == size
    drop[:, 1:] |= found[:, 1:] == found[:, :-1]
    drop |= found == np.arange(size)[:, None]
    for column in near.T:
        drop |= found == column[:, None]
    found[drop] = size
    found.sort(axis=1)
    wide = int((~drop).sum(axis=1).max()) if size else 0
    rows = np.full((size + 1, max(wide, 1)), size, dtype=np.intp)
    rows[:size, :wide] = found[:, :wide]
    return rows


def flat_pairs(pairs: Iterable[tuple[int, int]]) -> np.ndarray:
    """a0, b0, a1, b1, ...: half the work of `Topology.build`, which a caller may do apart."""
    return np.fromiter(chain.from_iterable(pairs), dtype=np.intp)


@dataclass(eq=False)
class Topology:
    """Undirected adjacency of n zone indices, as CSR arrays.

    `table` row i holds zone i's neighbours, padded with n; its last row (n) is all padding,
    so a search can gather whole rows without checking lengths. The tables hold numpy's own
    index type: an index array of any other type is converted on every gather."""

    size: int
    indptr: np.ndarray
    indices: np.ndarray
    table: np.ndarray = field(repr=False)
    searches: int = field(default=0, init=False)
    """Range fields asked of this adjacency: the second one makes `spheres` or `two_away`."""
    places: np.ndarray = field(default_factory=lambda: np.arange(0, dtype=np.intp), init=False, repr=False)

    @classmethod
    def build(cls, size: int, pairs: Iterable[tuple[int, int]] | np.ndarray) -> Topology:
        """From the pairs of zones joined by borders, each once, or `flat_pairs` of them."""
        flat = pairs if isinstance(pairs, np.ndarray) else flat_pairs(pairs)
        edges = flat.reshape(-1, 2)
        src = np.concatenate([edges[:, 0], edges[:, 1]])
        dst = np.concatenate([edges[:, 1], edges[:, 0]])
        order = np.lexsort((dst, src))
        indices = dst[order]
        counts = np.bincount(src, minlength=size)[:size]
        indptr = np.zeros(size + 1, dtype=np.intp)
        np.cumsum(counts, out=indptr[1:])
        width = int(counts.max()) if size and len(indices) else 0
        table = np.full((size + 1, max(width, 1)), size, dtype=np.intp)
        if len(indices):
            rows = src[order]
            table[rows, np.arange(len(indices)) - indptr[rows]] = indices
        return cls(size, indptr, indices, table)

    @cached_property
    def spheres(self) -> np.ndarray | None:
        """`zone_spheres` of this adjacency, or None on a map too big for them to pay."""
        if self.size > SPHERE_ZONES:
            return None
        return zone_spheres(self.indptr, self.indices, self.size, SPHERE_RINGS)

    @cached_property
    def two_away(self) -> np.ndarray | None:
        """`zones_two_away` of this adjacency, or None where striding would
        not pay: on big maps, or where a crowded zone would leave the rows mostly padding."""
        size, width = self.size, self.table.shape[1]
        if size > TWO_STEP_ZONES or size * width * width > 4_000_000:
            return None
        rows = zones_two_away(self.table, size)
        if 2 * np.count_nonzero(rows[:size] != size) < rows[:size].size:
            return None
        return rows

    def _places(self, width: int) -> np.ndarray:
        """0, 1, 2, ...: a place for each zone a ring can gather through `width` columns, the
        searches' scratch, made once per adjacency."""
        if len(self.places) < (self.size + 1) * width:
            self.places = np.arange((self.size + 1) * width, dtype=np.intp)
        return self.places

    def ranges_from(self, start: int) -> np.ndarray:
        """Borders crossed from `start` to every zone (int array); UNREACHABLE where no path.

        Ring by ring: the next ring is the unseen neighbours of this one, each zone once. The
        rings are kept and written into the answer once at the end."""
        size = self.size
        if size == 0:
            return np.full(0, UNREACHABLE, dtype=np.intp)
        self.searches += 1  # one question after a border edit waits for neither spheres nor two_away
        spheres = self.spheres if self.searches > 1 else None
        if spheres is not None:
            return self._ranges_by_spheres(start, spheres)
        two_away = self.two_away if self.searches > 1 else None
        table = self.table
        places = self._places(max(table.shape[1], 0 if two_away is None else two_away.shape[1]))
        unseen = np.ones(size + 1, dtype=bool)
        unseen[size] = False  # the padding counts as seen
        unseen[start] = False
        first = np.empty(size + 1, dtype=np.intp)  # which place in a ring claimed each zone
        ring = np.array([start], dtype=np.intp)
        rings = [ring]
        while len(ring):  # each call in the form numpy runs quickest at these lengths (measured)
            near = table.take(ring, 0).ravel()
            new = near.compress(unseen[near])
            unseen[new] = False
            if two_away is not None:  # this ring's zones at two borders, after those at one
                rings.append(new)
                near = two_away.take(ring, 0).ravel()
                new = near.compress(unseen[near])
                unseen[new] = False
            place = places[: len(new)]
            first[new] = place
            ring = new[first[new] == place]  # a zone next to two of the ring only once
            rings.append(ring)
        ranges = np.full(size, UNREACHABLE, dtype=np.intp)
        ranges[np.concatenate(rings)] = np.arange(len(rings)).repeat(list(map(len, rings)))
        return ranges

    def _ranges_by_spheres(self, start: int, spheres: np.ndarray) -> np.ndarray:
        """The same answer, SPHERE_RINGS rings a stride: from the ring at range r, the zones at
        r + d are those d borders from some zone of it and no nearer to any, not yet seen."""
        size, words = self.size, spheres.shape[2]
        unseen = np.zeros(words * 64, dtype=bool)
        unseen[:size] = True
        unseen[start] = False
        unseen = np.packbits(unseen, bitorder="little").view(BITS)
        here = np.zeros((1, words), dtype=BITS)
        here[0, start >> 6] = 1 << (start & 63)
        layers = [here]  # row k: the zones at range k
        ring = np.array([start], dtype=np.intp)
        while len(ring):
            within = np.bitwise_or.accumulate(np.bitwise_or.reduce(spheres.take(ring, 0), axis=0), axis=0)
            fresh = within & unseen
            fresh[1:] &= ~within[:-1]
            unseen &= ~within[-1]
            layers.append(fresh)
            ring = np.unpackbits(fresh[-1].view(np.uint8), bitorder="little").nonzero()[0]
        found = np.unpackbits(np.concatenate(layers).view(np.uint8), axis=1, bitorder="little")[:, :size]
        # each zone is in one layer at most: its layer's number is a dot product (float32: BLAS, and exact here)
        ranges = (np.arange(len(found), dtype=np.float32) @ found.astype(np.float32)).astype(np.intp)
        ranges[np.unpackbits(unseen.view(np.uint8), bitorder="little")[:size].view(bool)] = UNREACHABLE
        return ranges

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
