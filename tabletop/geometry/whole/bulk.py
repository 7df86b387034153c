"""A whole map's layout as arrays, made in a few numpy passes: every border's line, every drawn
box, which borders touch each zone, a typical zone's size and the zones' extent. Qt-free.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from operator import attrgetter

import numpy as np

from tabletop.geometry.whole.boxes import border_boxes, zone_boxes
from tabletop.geometry.whole.columns import ZoneTable, zone_table
from tabletop.geometry.whole.lines import line_rows, place_anchors
from tabletop.geometry.whole.tables import Box
from tabletop.model import Map


@dataclass
class LayoutArrays:
    """What MapLayout is built from. `ends` holds each border's zone rows, a then b, end to end;
    zone row r's borders are members[starts[r]:starts[r + 1]]; `boxes` the zones' then the
    borders' drawn boxes (None when not asked for)."""

    table: ZoneTable
    heads: np.ndarray
    pieces: np.ndarray
    ends: np.ndarray
    starts: np.ndarray
    members: np.ndarray
    boxes: np.ndarray | None
    zone_size: float
    extent: Box


def arrays_of_map(map_: Map, zone_rows: dict[str, int], boxes: bool = True) -> LayoutArrays:
    """The arrays of a map's records; `zone_rows` is each zone's row by id."""
    borders = map_.borders
    ends = np.fromiter(
        map(zone_rows.__getitem__, itertools.chain.from_iterable(map(attrgetter("a", "b"), borders))),
        dtype=np.int64,
        count=2 * len(borders),
    )
    passages = None
    if boxes:
        passages = np.fromiter(map(len, map(attrgetter("passages"), borders)), dtype=np.float64, count=len(borders))
    table = zone_table(map_.zones)
    extent = table.extent
    zone_size = float(np.median(np.sqrt((extent[:, 2] - extent[:, 0]) * (extent[:, 3] - extent[:, 1]))))
    whole = (*extent[:, :2].min(axis=0).tolist(), *extent[:, 2:].max(axis=0).tolist())
    ends_a, ends_b = ends[0::2], ends[1::2]
    heads, pieces = line_rows(ends_a, ends_b, table)
    place_anchors(borders, heads, pieces)
    n = len(ends_a)
    both = np.concatenate((ends_a, ends_b))
    members = np.concatenate((np.arange(n), np.arange(n)))[np.argsort(both, kind="stable")]
    starts = np.concatenate(([0], np.cumsum(np.bincount(both, minlength=len(table.polygon_of)))))
    drawn = None
    if passages is not None:
        drawn = np.concatenate((zone_boxes(table), border_boxes(passages, heads, pieces)))
    return LayoutArrays(table, heads, pieces, ends, starts, members, drawn, zone_size, whole)
