"""A whole map's layout as arrays, made in a few numpy passes: every border's line, every drawn
box, which borders touch each zone, a typical zone's size and the zones' extent.

Made from the map's records (MapLayout, as a map is opened) or from the file's parsed JSON (a
second process, while the first checks the file: geometry/sidecar.py). Both read their input
into the same columns and call the same functions from there, so a layout never depends on
which way its arrays were made. Qt-free.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np
from pydantic_core import CoreSchema, SchemaValidator, core_schema

from tabletop.geometry.boxes import border_boxes, zone_boxes
from tabletop.geometry.columns import Shapes, ZoneTable, table_of
from tabletop.geometry.lines import line_rows
from tabletop.geometry.tables import Box, Look, numbered
from tabletop.model import Border, FillStyle, Map, Zone

PASSAGES = len(Border.model_fields["passages"].default_factory())
"""A border's passages when its file leaves them out: what the record takes."""
FILL = FillStyle()
"""A zone's fill when its file leaves it (or a part of it) out: what the record takes."""
SHOWN = (Zone.model_fields["hidden"].default, Zone.model_fields["fogged"].default)
FILL_GIVEN: dict[str, Any] = {}
"""A zone's fill as its file gives it when it leaves the fill out (every part taken from FILL)."""


@dataclass
class LayoutArrays:
    """What MapLayout is built from. `ends` holds each border's zone rows, a then b, end to end;
    zone row r's borders are members[starts[r]:starts[r + 1]]; `boxes` the zones' then the
    borders' drawn boxes (None when not asked for); `digests` the zones' and the borders' ids
    when made from a file, to prove the arrays belong to the map checked from it."""

    table: ZoneTable
    heads: np.ndarray
    pieces: np.ndarray
    ends: np.ndarray
    starts: np.ndarray
    members: np.ndarray
    boxes: np.ndarray | None
    zone_size: float
    extent: Box
    digests: tuple[str, str] | None = None
    looks: tuple[np.ndarray, list[Look]] | None = None
    """The zones' looks as painted (geometry/tables.py: ShapeTable.looks), when made from a file."""
    whole: bool = False
    """Made from a file whose zones' ids and borders' ids were each found once and whose every
    border joins two different zones (found among the zones, or there would be no arrays)."""
    proven: tuple[list[str], list[str]] | None = None
    """The ids of the map read from the file, once its digests were found equal (`prove`)."""

    def prove(self, zone_ids: list[str], border_ids: list[str]) -> bool:
        """Whether these arrays were made from a file holding these zones and borders, in this
        order; once proven, `fits` needs not work the digests out again, nor the layout the ids."""
        fits = self.fits(zone_ids, border_ids, boxes=False) and self.digests is not None
        self.proven = (zone_ids, border_ids) if fits else None
        return fits

    def fits(self, zone_ids: list[str], border_ids: list[str], boxes: bool) -> bool:
        """Whether these arrays are those of a map with these zones and borders, in this order
        (and hold the boxes, when asked): arrays made from a file prove it by their ids' digests."""
        if len(self.table.polygon_of) != len(zone_ids) or len(self.ends) != 2 * len(border_ids):
            return False
        if boxes and self.boxes is None:
            return False
        if self.proven is not None:
            return True
        return self.digests is None or self.digests == (digest(zone_ids), digest(border_ids))


def digest(ids: Iterable[str]) -> str:
    """A short fingerprint of ids in order (an id holds no white space, so a line break parts them)."""
    return hashlib.blake2b("\n".join(ids).encode(), digest_size=16).hexdigest()


class _Digest:
    """`digest` of ids given a run at a time: the same fingerprint as of them all at once."""

    def __init__(self) -> None:
        self._hash = hashlib.blake2b(digest_size=16)
        self._some = False

    def add(self, ids: list[str]) -> None:
        if ids:
            self._hash.update(("\n" if self._some else "").encode() + "\n".join(ids).encode())
            self._some = True

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


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
    return _arrays(Shapes.of_zones(map_.zones), ends, passages)


def arrays_of_json(zones: Iterable[list[dict[str, Any]]], borders: Iterable[list[dict[str, Any]]]) -> LayoutArrays:
    """The arrays of a map's zones and borders as parsed from its file (dicts), boxes and all,
    with the digests of their ids. Each comes a chunk (a list) at a time, every zone before the
    first border, and only numbers are kept of it: a big file's dicts need never be whole in
    memory. A file the reader would refuse may raise anything here."""
    rows: dict[str, int] = {}
    shapes, zone_ids, count, looks = [], _Digest(), 0, []
    for chunk in zones:
        ids = list(map(itemgetter("id"), chunk))
        rows.update(zip(ids, range(count, count + len(ids)), strict=True))
        count += len(ids)
        zone_ids.add(ids)
        shapes.append(Shapes.of_json(chunk))
        looks.extend(_looks(chunk))
    ends, passages, border_ids, seen, border_count = [], [], _Digest(), set(), 0
    for chunk in borders:
        ends.append(
            np.fromiter(
                map(rows.__getitem__, itertools.chain.from_iterable(map(itemgetter("a", "b"), chunk))),
                dtype=np.int64,
                count=2 * len(chunk),
            )
        )
        passages.append(
            np.fromiter(
                (len(b["passages"]) if "passages" in b else PASSAGES for b in chunk), dtype=np.float64, count=len(chunk)
            )
        )
        ids = list(map(itemgetter("id"), chunk))
        border_ids.add(ids)
        seen.update(ids)
        border_count += len(ids)
    unique_zones = len(rows) == count
    del rows
    joined = _joined(ends, np.int64)
    whole = len(seen) == border_count and not (joined[0::2] == joined[1::2]).any()
    del seen
    arrays = _arrays(Shapes.joined(shapes), joined, _joined(passages, np.float64))
    arrays.digests, arrays.whole = (zone_ids.hexdigest(), border_ids.hexdigest()), whole and unique_zones
    if None not in looks:  # every zone's look as its record will hold it: the first frame need not read 100k records
        arrays.looks = numbered(looks)
    return arrays


def _looks(zones: list[dict[str, Any]]) -> list[Look | None]:
    """The zones' looks as ShapeTable.looks reads them from the records made of this JSON, a
    column at a time (a call per zone was a tenth of the second process's work at 100k); None
    for a zone whose record would hold a value converted from another type (a hidden given as
    "no", an opacity as a text): such a file's first frame reads its records."""
    fills = [zone.get("fill", FILL_GIVEN) for zone in zones]
    if set(map(type, fills)) != {dict}:
        return [None] * len(zones)
    columns = (
        [fill.get("pattern", FILL.pattern) for fill in fills],
        [fill.get("colour", FILL.colour) for fill in fills],
        [fill.get("opacity", FILL.opacity) for fill in fills],
        [zone.get("hidden", SHOWN[0]) for zone in zones],
        [zone.get("fogged", SHOWN[1]) for zone in zones],
    )
    kinds = [set(map(type, column)) for column in columns]
    if kinds[0] != {str} or kinds[1] != {str} or not kinds[2] <= {float, int} or not kinds[3] | kinds[4] <= {bool}:
        return [None] * len(zones)
    opacities = columns[2] if kinds[2] == {float} else list(map(float, columns[2]))
    nodes = [zone["shape"]["kind"] == "node" for zone in zones]
    return list(zip(columns[0], columns[1], opacities, columns[3], columns[4], nodes, strict=True))


def parsed(name: str, text: bytes) -> list[dict[str, Any]]:
    """A chunk of the file's `name` list ("zones" or "borders"), a JSON list, as dicts of what
    arrays_of_json reads and nothing else (half the time of every field's; each number as the
    JSON parser gives it). Anything that is no such list raises."""
    return _parsers()[name].validate_json(text)


@functools.cache
def _parsers() -> dict[str, SchemaValidator]:
    """The parsers of `parsed`: each item's other fields are skipped, never made into objects."""
    anything = core_schema.any_schema()

    def fields(*required: str, **optional: CoreSchema) -> CoreSchema:
        kept = {name: core_schema.typed_dict_field(anything) for name in required}
        kept |= {name: core_schema.typed_dict_field(schema, required=False) for name, schema in optional.items()}
        return core_schema.typed_dict_schema(kept)

    shape = fields("kind", points=anything, x=anything, y=anything, radius=anything)
    fill = fields(colour=anything, pattern=anything, opacity=anything)
    zone = fields("id", shape=shape, fill=fill, hidden=anything, fogged=anything)
    border = fields("id", "a", "b", passages=core_schema.list_schema(fields()))  # counted: an empty dict each
    return {"zones": _list_parser(zone), "borders": _list_parser(border)}


def _list_parser(item: CoreSchema) -> SchemaValidator:
    return SchemaValidator(core_schema.list_schema(item))


def _joined(parts: list[np.ndarray], dtype: type) -> np.ndarray:
    return np.concatenate(parts) if parts else np.zeros(0, dtype=dtype)


def _arrays(shapes: Shapes, ends: np.ndarray, passages: np.ndarray | None) -> LayoutArrays:
    """The one way every layout's arrays are made, from the zones' shapes, the borders' zone
    rows and (for the boxes) each border's number of passages."""
    table = table_of(shapes)
    extent = table.extent
    zone_size = float(np.median(np.sqrt((extent[:, 2] - extent[:, 0]) * (extent[:, 3] - extent[:, 1]))))
    whole = (*extent[:, :2].min(axis=0).tolist(), *extent[:, 2:].max(axis=0).tolist())
    ends_a, ends_b = ends[0::2], ends[1::2]
    heads, pieces = line_rows(ends_a, ends_b, table)
    n = len(ends_a)
    both = np.concatenate((ends_a, ends_b))
    members = np.concatenate((np.arange(n), np.arange(n)))[np.argsort(both, kind="stable")]
    starts = np.concatenate(([0], np.cumsum(np.bincount(both, minlength=len(table.polygon_of)))))
    boxes = None
    if passages is not None:
        boxes = np.concatenate((zone_boxes(table), border_boxes(passages, heads, pieces)))
    return LayoutArrays(table, heads, pieces, ends, starts, members, boxes, zone_size, whole)
