"""Every border's line of a whole map at once, kept in arrays.

`geometry.border_line` works one border at a time in Python; opening a map of 250,000
borders would spend seconds there and hold a quarter of a million line objects. This does
the same arithmetic with numpy over every pair of edges of every border's two zones, gives
the same lines, and keeps them in a `LineTable` that makes a `BorderLine` only when asked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from itertools import chain, compress, pairwise
from operator import attrgetter
from typing import Any

import numpy as np

from tabletop.geometry.single.runs import run_starts, within
from tabletop.geometry.single.shapes import BorderLine, placed
from tabletop.geometry.whole.columns import ZoneTable, zone_table
from tabletop.model import Border, Map, Zone

TOLERANCE = 1e-6


class _Edges:
    """Every edge's box and direction, worked out once for a whole table (the pair tests gather
    them instead of working them out again for each of a million candidate pairs: the same
    numbers, as the same operations on the same values)."""

    def __init__(self, table: ZoneTable) -> None:
        x1, y1, x2, y2 = table.x, table.y, table.x2, table.y2
        self.min_x, self.max_x = np.minimum(x1, x2), np.maximum(x1, x2)
        self.min_y, self.max_y = np.minimum(y1, y2), np.maximum(y1, y2)
        self.dx, self.dy = x2 - x1, y2 - y1
        self.length2 = self.dx * self.dx + self.dy * self.dy
        self.length = np.sqrt(self.length2)
        self.slack = TOLERANCE * self.length
        extent = table.polygon_extent
        self.near_box = (extent[:, 0] - TOLERANCE, extent[:, 1] - TOLERANCE)
        self.near_box += (extent[:, 2] + TOLERANCE, extent[:, 3] + TOLERANCE)
        """Each polygon's extent widened by TOLERANCE: (left, top, right, bottom)."""


def _edges_near(
    pairs: np.ndarray, others: np.ndarray, table: ZoneTable, edges: _Edges, long: bool
) -> tuple[np.ndarray, np.ndarray]:
    """For borders between polygons pairs[k] and others[k]: (border k, edge) for each edge of
    pairs[k], in order, whose box comes within TOLERANCE of polygon others[k]'s extent (and,
    if `long`, has a length: one of no length shares nothing)."""
    counts = table.counts[pairs]
    border_of = np.repeat(np.arange(len(pairs)), counts)
    edge = np.repeat(table.firsts[pairs] - run_starts(counts), counts) + np.arange(len(border_of))
    of = others[border_of]
    left, top, right, bottom = (column[of] for column in edges.near_box)
    near = (edges.max_x[edge] >= left) & (edges.min_x[edge] <= right)
    near &= (edges.max_y[edge] >= top) & (edges.min_y[edge] <= bottom)
    if long:
        near &= edges.length2[edge] > 0
    return border_of[near], edge[near]


def _shared_pieces(
    pairs_a: np.ndarray, pairs_b: np.ndarray, table: ZoneTable, edges: _Edges | None = None, most: int = 0
) -> tuple[np.ndarray, ...]:
    """For borders between polygons number pairs_a[k] and pairs_b[k]: (border k, piece start x,
    y, end x, y) for each piece of shared edge, in `geometry.shared_edges`' order. _TooMany
    when there are more than `most` pairs of edges to test (if given)."""
    edges = edges or _Edges(table)
    ex1, ey1, ex2, ey2 = table.x, table.y, table.x2, table.y2
    # only the edges that reach the other polygon's extent can share a piece with it
    from_a, edges_a = _edges_near(pairs_a, pairs_b, table, edges, long=True)
    from_b, edges_b = _edges_near(pairs_b, pairs_a, table, edges, long=False)
    na, nb = np.bincount(from_a, minlength=len(pairs_a)), np.bincount(from_b, minlength=len(pairs_a))
    many = na * nb > MANY_PAIRS
    if most and int(np.where(many, 0, na * nb).sum()) > most:
        raise _TooMany
    if many.any():
        border_of, edge_a, edge_b = _aligned_pairs(from_a, edges_a, from_b, edges_b, na, nb, many, edges, most)
    else:
        border_of, edge_a, edge_b = _every_pair(edges_a, edges_b, na, nb)
    # first the cheap test on boxes, which removes some pairs
    near = (edges.max_x[edge_b] >= edges.min_x[edge_a] - TOLERANCE) & (
        edges.min_x[edge_b] <= edges.max_x[edge_a] + TOLERANCE
    )
    near &= (edges.max_y[edge_b] >= edges.min_y[edge_a] - TOLERANCE) & (
        edges.min_y[edge_b] <= edges.max_y[edge_a] + TOLERANCE
    )
    border_of, edge_a, edge_b = border_of[near], edge_a[near], edge_b[near]
    px1, py1, qx1, qy1, qx2, qy2 = ex1[edge_a], ey1[edge_a], ex1[edge_b], ey1[edge_b], ex2[edge_b], ey2[edge_b]
    dx, dy, slack = edges.dx[edge_a], edges.dy[edge_a], edges.slack[edge_a]
    keep = np.abs(dx * (qy1 - py1) - dy * (qx1 - px1)) <= slack
    keep &= np.abs(dx * (qy2 - py1) - dy * (qx2 - px1)) <= slack
    border_of, edge_a, px1, py1, dx, dy, qx1, qy1, qx2, qy2 = (
        a[keep] for a in (border_of, edge_a, px1, py1, dx, dy, qx1, qy1, qx2, qy2)
    )
    length2 = edges.length2[edge_a]
    t1 = ((qx1 - px1) * dx + (qy1 - py1) * dy) / length2
    t2 = ((qx2 - px1) * dx + (qy2 - py1) * dy) / length2
    lo = np.maximum(0.0, np.minimum(t1, t2))
    hi = np.minimum(1.0, np.maximum(t1, t2))
    overlap = (hi - lo) * edges.length[edge_a] > TOLERANCE
    border_of, px1, py1, dx, dy, lo, hi = (a[overlap] for a in (border_of, px1, py1, dx, dy, lo, hi))
    return border_of, px1 + dx * lo, py1 + dy * lo, px1 + dx * hi, py1 + dy * hi


MANY_PAIRS = 64
"""A border whose zones' edges near each other make more pairs than this (polygons of many
points, a tangle) has only its pairs of edges that could lie on one line tested: every pair
of two tangles of 10,000 points is a hundred million."""
SHORT = 1e-3
"""An edge shorter than this, in map units, has no direction to sort it by: it is paired with
every edge of the other zone."""
ANGLE_BIN = 0.01
"""Edges are sorted by direction into bins this many radians wide. Two edges that share a piece
longer than TOLERANCE lie within TOLERANCE of one line along all of the shorter one, so when
both are at least SHORT long their directions differ by at most 2 * TOLERANCE / SHORT (0.002):
the same bin or the next."""


def _every_pair(
    edges_a: np.ndarray, edges_b: np.ndarray, na: np.ndarray, nb: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(border, edge of a, edge of b) for every pair of each border's edges near the other
    zone, border by border, a's edges in order and b's in order for each."""
    border_of, place_a, place_b = _every_place(na, nb, na * nb)
    return border_of, edges_a[place_a], edges_b[place_b]


def _every_place(na: np.ndarray, nb: np.ndarray, per_border: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(border, place among a's edges, place among b's) of every pair of the borders whose
    `per_border` is na * nb (the others' 0), in that order."""
    border_of = np.repeat(np.arange(len(na)), per_border)
    local = within(per_border)
    nb_each = nb[border_of]
    return (
        border_of,
        run_starts(na)[border_of] + local // nb_each,
        run_starts(nb)[border_of] + local % nb_each,
    )


def _aligned_pairs(
    from_a: np.ndarray,
    edges_a: np.ndarray,
    from_b: np.ndarray,
    edges_b: np.ndarray,
    na: np.ndarray,
    nb: np.ndarray,
    many: np.ndarray,
    edges: _Edges,
    most: int = 0,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """_every_pair, but for the borders of `many` pairs only the pairs whose directions could be
    one line's (ANGLE_BIN), or with an edge too short to tell (SHORT); in the same order, so
    the same pieces come out in the same order."""
    _, place_a, place_b = _every_place(na, nb, np.where(many, 0, na * nb))
    found = [(place_a, place_b)]
    a_place, b_place = np.flatnonzero(many[from_a]), np.flatnonzero(many[from_b])
    a_border, b_border = from_a[a_place], from_b[b_place]
    bins = int(np.ceil(np.pi / ANGLE_BIN))
    a_bin, a_short = _direction(edges_a[a_place], edges, bins)
    b_bin, b_short = _direction(edges_b[b_place], edges, bins)
    # long with long: the same bin or the next, round the half turn
    a_long, b_long = np.flatnonzero(~a_short), np.flatnonzero(~b_short)
    a_key = a_border[a_long] * bins + a_bin[a_long]
    order = np.argsort(a_key, kind="stable")
    a_sorted = a_key[order]
    matches = []
    for shift in (-1, 0, 1):
        b_key = b_border[b_long] * bins + (b_bin[b_long] + shift) % bins
        low, high = np.searchsorted(a_sorted, b_key, "left"), np.searchsorted(a_sorted, b_key, "right")
        matches.append((low, high - low))
    short = int(
        np.bincount(a_border[a_short], minlength=len(na)) @ nb + np.bincount(b_border[b_short], minlength=len(na)) @ na
    )
    if most and len(found[0][0]) + sum(int(count.sum()) for _, count in matches) + short > most:
        raise _TooMany
    for low, count in matches:
        a_of, b_of = _ranges(order, low, count, b_long)
        found.append((a_place[a_long[a_of]], b_place[b_of]))
    # a short edge of either zone with every edge of the other (short with short once)
    for a_some, b_some in ((np.flatnonzero(a_short), np.arange(len(b_place))), (a_long, np.flatnonzero(b_short))):
        low = np.searchsorted(b_border[b_some], a_border[a_some], "left")
        high = np.searchsorted(b_border[b_some], a_border[a_some], "right")
        b_of, a_of = _ranges(b_some, low, high - low, a_some)
        found.append((a_place[a_of], b_place[b_of]))
    place_a = np.concatenate([part[0] for part in found])
    place_b = np.concatenate([part[1] for part in found])
    order = np.lexsort((place_b, place_a))  # a's places run border by border: the pairs' first order
    place_a, place_b = place_a[order], place_b[order]
    return from_a[place_a], edges_a[place_a], edges_b[place_b]


def _ranges(sorted_of: np.ndarray, low: np.ndarray, count: np.ndarray, each: np.ndarray) -> tuple[np.ndarray, ...]:
    """For each item of `each`, sorted_of[low:low + count] (its matches), as two flat arrays:
    the matches and, beside each, its item."""
    at = np.repeat(low, count) + within(count)
    return sorted_of[at], np.repeat(each, count)


def _direction(edge: np.ndarray, edges: _Edges, bins: int) -> tuple[np.ndarray, np.ndarray]:
    """Each edge's direction bin (ANGLE_BIN wide, a half turn round) and whether it is too short
    to have one (SHORT)."""
    angle = np.arctan2(edges.dy[edge], edges.dx[edge]) % np.pi
    return np.minimum((angle / ANGLE_BIN).astype(np.int64), bins - 1), edges.length[edge] < SHORT


CHUNK = 1 << 18
"""Edge pairs tested at once: the arrays of a chunk stay a few megabytes, however big the map."""


ALIGNED_GUESS = 4
"""Pairs a border of many pairs is counted for, for each edge of its two zones, when borders are
taken a chunk at a time: the pairs that line up, mostly few (a chunk holding more is done again,
its borders counted at every pair)."""


class _TooMany(Exception):
    """A chunk of borders guessed small had more pairs that line up than a chunk may hold."""


def _pieces_in_chunks(pairs_a: np.ndarray, pairs_b: np.ndarray, table: ZoneTable) -> tuple[np.ndarray, ...]:
    """_shared_pieces over runs of borders with about CHUNK edge pairs each, joined."""
    edges = _Edges(table)
    if not len(pairs_a):
        return _shared_pieces(pairs_a, pairs_b, table, edges)
    product = table.counts[pairs_a] * table.counts[pairs_b]
    guess = (table.counts[pairs_a] + table.counts[pairs_b]) * ALIGNED_GUESS
    found = []
    for start, stop in _chunks(np.where(product > MANY_PAIRS, np.minimum(product, guess), product)):
        try:
            border_of, *ends = _shared_pieces(pairs_a[start:stop], pairs_b[start:stop], table, edges, 4 * CHUNK)
            found.append((border_of + start, *ends))
        except _TooMany:  # every pair counted: a chunk as it was before borders were sorted by direction
            for first, last in _chunks(product[start:stop]):
                span = slice(start + first, start + last)
                border_of, *ends = _shared_pieces(pairs_a[span], pairs_b[span], table, edges)
                found.append((border_of + start + first, *ends))
    return tuple(np.concatenate(column) for column in zip(*found, strict=True))


def _chunks(work: np.ndarray) -> list[tuple[int, int]]:
    """Runs of borders with about CHUNK of `work` each (at least one border a run)."""
    done = np.cumsum(work)
    # sorted already; a cut met twice gives an empty run, skipped (np.unique would pull in
    # numpy.ma at the first open)
    cuts = np.searchsorted(done, np.arange(CHUNK, int(done[-1]), CHUNK), side="right")
    return [(start, stop) for start, stop in pairwise([0, *cuts.tolist(), len(work)]) if start < stop]


HEAD = 7
"""Columns of a line's row in a LineTable: anchor x, y, towards_b x, y, first piece, pieces, shared."""


def line_rows(ends_a: np.ndarray, ends_b: np.ndarray, table: ZoneTable) -> tuple[np.ndarray, np.ndarray]:
    """The lines between zones ends_a[k] and ends_b[k] (rows of `table`), as `border_line` draws
    them: (heads, pieces), a row of HEAD columns per line and (x1, y1, x2, y2) per piece."""
    n = len(ends_a)
    towards = table.centres[ends_b] - table.centres[ends_a]
    length = np.fromiter(map(math.hypot, towards[:, 0].tolist(), towards[:, 1].tolist()), dtype=np.float64, count=n)
    apart = length != 0
    unit = np.empty_like(towards)
    unit[:, 0] = np.divide(towards[:, 0], length, out=np.zeros(n), where=apart)
    unit[:, 1] = np.divide(towards[:, 1], length, out=np.ones(n), where=apart)
    heads = np.zeros((n, HEAD), dtype=np.float64)
    heads[:, 2:4] = unit
    polygon_a, polygon_b = table.polygon_of[ends_a], table.polygon_of[ends_b]
    between = np.flatnonzero((polygon_a >= 0) & (polygon_b >= 0))
    border_of, sx, sy, ex, ey = _pieces_in_chunks(polygon_a[between], polygon_b[between], table)
    owner = between[border_of]
    shared_count = np.bincount(owner, minlength=n)
    heads[:, 6] = shared_count > 0
    # a line between the centres where no edge is shared, from disc's edge to disc's edge
    apart_lines = np.flatnonzero(shared_count == 0)
    ca, cb = table.centres[ends_a[apart_lines]], table.centres[ends_b[apart_lines]]
    u = unit[apart_lines]
    start = ca + u * table.radii[ends_a[apart_lines]][:, None]
    end = cb - u * table.radii[ends_b[apart_lines]][:, None]
    heads[apart_lines, 0:2] = (start + end) / 2
    counts = np.maximum(shared_count, 1)
    heads[:, 5] = counts
    heads[:, 4] = run_starts(counts)
    pieces = np.empty((int(counts.sum()), 4), dtype=np.float64)
    pieces[heads[apart_lines, 4].astype(np.int64)] = np.column_stack((start, end))
    if len(owner):  # the shared pieces, in order, after each line's first
        starts = np.concatenate(([0], np.flatnonzero(np.diff(owner)) + 1))
        rank = np.arange(len(owner)) - np.repeat(starts, np.diff(np.concatenate((starts, [len(owner)]))))
        pieces[heads[owner, 4].astype(np.int64) + rank] = np.column_stack((sx, sy, ex, ey))
        lines = owner[starts]
        firsts = heads[lines, 4].astype(np.int64)
        heads[lines, 0] = (pieces[firsts, 0] + pieces[firsts, 2]) / 2
        heads[lines, 1] = (pieces[firsts, 1] + pieces[firsts, 3]) / 2
        for line in lines[shared_count[lines] > 1].tolist():  # the badge at the middle of the longest piece
            first, count = int(heads[line, 4]), int(heads[line, 5])
            ends = pieces[first : first + count].tolist()
            x1, y1, x2, y2 = max(ends, key=lambda e: math.dist(e[:2], e[2:]))
            heads[line, 0:2] = ((x1 + x2) / 2, (y1 + y2) / 2)
    return heads, pieces


KEPT = 4096
"""Lines a LineTable keeps once made one at a time (then it lets them all go and starts again)."""
FEW = 128
"""Up to this many lines asked at once are made one at a time (and kept)."""


def rows_made(rows: Any) -> dict[str, int]:
    """Border rows given as a dict, or as what makes them when first asked (a cached callable,
    so the line table and the shape table that share it get one and the same dict)."""
    return rows() if callable(rows) else rows


class LineTable(MutableMapping[str, BorderLine]):
    """Border id -> BorderLine, the lines of a whole map held in two arrays: a `BorderLine`
    is made when one is asked for (`held` makes many at once, for a painting that reads them
    all). Lines set later (edits) are kept as objects beside them."""

    def __init__(
        self, rows: dict[str, int] | Callable[[], dict[str, int]], heads: np.ndarray, pieces: np.ndarray
    ) -> None:
        """`rows`, each border's row by id, or what makes them when first asked (a one-off
        painting reads its lines by row and may ask none by id)."""
        self._rows_from, self.heads, self.pieces = rows, heads, pieces
        self._set: dict[str, BorderLine] = {}
        self._kept: dict[str, BorderLine] = {}
        """Lines made one at a time, up to KEPT: an edit repaints the same few borders again and again."""

    @property
    def _rows(self) -> dict[str, int]:
        return rows_made(self._rows_from)

    def __getitem__(self, border_id: str) -> BorderLine:
        line = self._set.get(border_id) or self._kept.get(border_id)
        if line is not None:
            return line
        ax, ay, tx, ty, first, count, shared = self.heads[self._rows[border_id]].tolist()
        ends = self.pieces[int(first) : int(first + count)].tolist()
        line = BorderLine([((x1, y1), (x2, y2)) for x1, y1, x2, y2 in ends], (ax, ay), (tx, ty), shared > 0)
        if len(self._kept) >= KEPT:
            self._kept.clear()
        self._kept[border_id] = line
        return line

    def made(self, border_ids: list[str]) -> list[BorderLine]:
        """The lines of many borders, made in one pass over the arrays (a KeyError for one unknown);
        a few are made one at a time, as a pass has a fixed cost of its own."""
        if len(border_ids) <= FEW:
            return [self[b] for b in border_ids]
        known, rows = self._set, self._rows
        if not known:
            return self._made(np.fromiter(map(rows.__getitem__, border_ids), dtype=np.int64, count=len(border_ids)))
        lines = [known.get(b) for b in border_ids]
        todo = [k for k, line in enumerate(lines) if line is None]
        at = np.fromiter((rows[border_ids[k]] for k in todo), dtype=np.int64, count=len(todo))
        for k, line in zip(todo, self._made(at), strict=True):
            lines[k] = line
        return lines

    def _made(self, rows: np.ndarray) -> list[BorderLine]:
        """The lines of these rows, column by column (a list per column is quicker than a list per row)."""
        heads, pieces, make = self.heads[rows], self.pieces, tuple.__new__
        firsts = heads[:, 4].astype(np.int64)
        ends = pieces[firsts]
        columns = [heads[:, k].tolist() for k in range(4)] + [ends[:, k].tolist() for k in range(4)]
        several = dict.fromkeys(np.flatnonzero(heads[:, 5] != 1).tolist())
        for k in several:  # the few lines of more than one piece
            first, count = int(firsts[k]), int(heads[k, 5])
            several[k] = [((a, b), (c, d)) for a, b, c, d in pieces[first : first + count].tolist()]
        shared = (heads[:, 6] > 0).tolist()
        lines = [
            make(BorderLine, ([((x1, y1), (x2, y2))], (ax, ay), (tx, ty), one_side))
            for ax, ay, tx, ty, x1, y1, x2, y2, one_side in zip(*columns, shared, strict=True)
        ]
        for k, segments in several.items():
            lines[k] = lines[k]._replace(segments=segments)
        return lines

    def apart(self) -> set[str]:
        """The ids of the lines whose zones share no edge (`shared` False: drawn as a dashed
        link), the lines as built read from the heads' column in one pass over their rows: the
        map check's borders apart, no line made and no border looked up by id."""
        rows = self._rows
        at = np.fromiter(rows.values(), dtype=np.int64, count=len(rows))
        found = set(compress(rows, (self.heads[at, 6] == 0).tolist())) if len(at) else set()
        found.update(border_id for border_id, line in self._set.items() if not line.shared)
        return found

    def __contains__(self, border_id: object) -> bool:
        return border_id in self._set or border_id in self._rows

    def holding(self, border_ids: list[str]) -> list[bool]:
        """`border_id in self` for each, looked up in C (a whole big map's borders one
        call each were most of a frame with everything selected)."""
        held = list(map(self._rows.__contains__, border_ids))
        if self._set:
            held = [was or border_id in self._set for was, border_id in zip(held, border_ids, strict=True)]
        return held

    def __setitem__(self, border_id: str, line: BorderLine) -> None:
        self._kept.pop(border_id, None)
        self._set[border_id] = line
        self._rows.pop(border_id, None)

    def __delitem__(self, border_id: str) -> None:
        self._kept.pop(border_id, None)
        if self._set.pop(border_id, None) is None:
            del self._rows[border_id]

    def __iter__(self) -> Iterator[str]:
        return chain(self._rows, self._set)

    def __len__(self) -> int:
        return len(self._rows) + len(self._set)


def _lines_between(pairs: list[tuple[Zone, Zone]]) -> tuple[np.ndarray, np.ndarray]:
    """line_rows for pairs of zones, over a table of just those zones."""
    rows: dict[str, int] = {}
    used: list[Zone] = []
    for zone in (z for pair in pairs for z in pair):
        if zone.id not in rows:
            rows[zone.id] = len(used)
            used.append(zone)
    table = zone_table(used)
    ends = np.fromiter((rows[z.id] for pair in pairs for z in pair), dtype=np.int64, count=2 * len(pairs))
    return line_rows(ends[0::2], ends[1::2], table)


def lines_of(borders: list[Border], zones: Mapping[str, Zone]) -> LineTable:
    """The lines of these borders, as `geometry.border_line` draws them, in one vectorised pass."""
    heads, pieces = _lines_between([(zones[b.a], zones[b.b]) for b in borders])
    place_anchors(borders, heads, pieces)
    return LineTable(dict(zip(map(attrgetter("id"), borders), range(len(borders)), strict=True)), heads, pieces)


def place_anchors(borders: list[Border], heads: np.ndarray, pieces: np.ndarray) -> None:
    """Each placed border's badge at its passage's place on its line, as border_line puts it
    (few borders have one: they are made one at a time)."""
    every = chain.from_iterable(map(attrgetter("passages"), borders))
    if not any(map(attrgetter("place"), every)):  # most maps: asked in C, no border looked at
        return
    table = LineTable({}, heads, pieces)
    for row, border in enumerate(borders):
        place = border.place
        if place is not None:
            heads[row, 0:2] = placed(table._made(np.array([row]))[0], place).anchor


def shared_lines(pairs: list[tuple[Zone, Zone]]) -> list[BorderLine | None]:
    """For each pair of polygon zones, the line along the edges they share (as
    `geometry.border_line` draws it), or None where they share no edge."""
    if not pairs:
        return []
    heads, pieces = _lines_between(pairs)
    lines = LineTable({}, heads, pieces)._made(np.arange(len(pairs)))
    return [line if line.shared else None for line in lines]


def border_lines(map_: Map) -> LineTable:
    """Every border's line of a map, as `geometry.border_line` draws it."""
    return lines_of(map_.borders, {z.id: z for z in map_.zones})
