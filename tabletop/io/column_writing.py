"""Writing a map's zones and borders as columns (the file's shape: io/columns.py says it)."""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

from tabletop.io.columns import BORDER_COLUMNS, ZONE_COLUMNS, ColumnError, default_of
from tabletop.model import Border, FillStyle, NodeShape, Passage, PolygonShape, Zone
from tabletop.model.borders import PLACE_SLACK, Outline, place_off


def zone_columns(zones: list[Zone]) -> dict[str, Any]:
    """The zones as columns: each field a list, a column where every zone holds the default
    left out; fills as `looks` (each distinct fill once) and each zone's `look` (its row there)."""
    columns: dict[str, Any] = {"id": list(map(attrgetter("id"), zones))}
    _put_fields(columns, Zone, zones, ZONE_COLUMNS)
    looks, look = _table_rows(list(map(attrgetter("fill"), zones)), attrgetter("colour", "pattern", "opacity"))
    if looks != [FillStyle()]:
        columns["looks"] = [fill.model_dump() for fill in looks]
        columns["look"] = look
    shapes = list(map(attrgetter("shape"), zones))
    if all(type(shape) is PolygonShape for shape in shapes):
        polygons: list[Any] = list(map(attrgetter("points"), shapes))
        nodes: list[NodeShape] = []
    else:
        polygons = [getattr(shape, "points", ()) for shape in shapes]
        nodes = [shape for shape in shapes if type(shape) is NodeShape]
    columns["point_counts"] = counts = list(map(len, polygons))
    numbers = chain.from_iterable(chain.from_iterable(polygons))
    if sum(counts) <= LISTED_POINTS:
        columns["points"] = list(numbers)
        _finite(columns["points"])
    else:
        columns["points"] = encoded(numbers, 2 * sum(counts))
    if nodes:
        columns["nodes"] = [node.model_dump() for node in nodes]
    return columns


def border_columns(
    borders: list[Border], zone_rows: dict[str, int], zones: Sequence[Zone] | None = None
) -> dict[str, Any]:
    """The borders as columns: their zones as the zones' rows, their passages as a table of the
    distinct passages (`passage_kinds`), each border's count of them and each one's row there.
    With the map's `zones`, a passage's place its border's line has moved away from (a zone
    reshaped since) is left out, as the reader would refuse it: the badge goes back to the
    middle and the file opens."""
    if zones is not None:
        borders = _places_kept(borders, zones)
    columns: dict[str, Any] = {
        "id": list(map(attrgetter("id"), borders)),
        "a": list(map(zone_rows.__getitem__, map(attrgetter("a"), borders))),
        "b": list(map(zone_rows.__getitem__, map(attrgetter("b"), borders))),
    }
    _put_fields(columns, Border, borders, BORDER_COLUMNS)
    lists = list(map(attrgetter("passages"), borders))
    kinds, rows = _table_rows(list(chain.from_iterable(lists)), _passage_key)
    if len(rows) != len(lists) or kinds != [Passage()]:
        columns["passage_counts"] = list(map(len, lists))
        columns["passages"] = rows
        columns["passage_kinds"] = list(map(_passage_kind, kinds))
    return columns


def _places_kept(borders: list[Border], zones: Sequence[Zone]) -> list[Border]:
    every = chain.from_iterable(map(attrgetter("passages"), borders))
    if not any(map(attrgetter("place"), every)):  # most maps: asked in C
        return borders
    by_id = {zone.id: zone for zone in zones}
    kept = []
    for border in borders:
        place = border.place
        if place is not None:
            a, b = _outline(by_id[border.a]), _outline(by_id[border.b])
            passages = [
                p
                if p.place is None or place_off(p.place, a, b) <= PLACE_SLACK
                else p.model_copy(update={"place": None})
                for p in border.passages
            ]
            if passages != border.passages:
                border = border.model_copy(update={"passages": passages})
        kept.append(border)
    return kept


def _outline(zone: Zone) -> Outline:
    shape = zone.shape
    return shape.points if isinstance(shape, PolygonShape) else (shape.centre(), shape.radius)


def _table_rows(records: list[Any], key: Callable[[Any], Any]) -> tuple[list[Any], list[int]]:
    """The distinct records among `records` (equal by `key`), and each one's row among them.
    A map as read shares one record for equal looks and passages, so each is keyed once."""
    objects = list(map(id, records))
    first = dict(zip(objects, records, strict=True))  # each object by its id, in the order they first stand
    table: dict[Any, int] = {}
    row_of = {found: table.setdefault(key(record), len(table)) for found, record in first.items()}
    distinct = {row: first[found] for found, row in reversed(row_of.items())}
    return [distinct[row] for row in range(len(table))], list(map(row_of.__getitem__, objects))


def _passage_kind(passage: Passage) -> dict[str, Any]:
    """A passage kind as the file writes it; a passage with no place leaves it out (most do)."""
    kind = passage.model_dump()
    if kind["place"] is None:
        del kind["place"]
    return kind


def _passage_key(passage: Passage) -> tuple:
    door = passage.door
    return (
        passage.label,
        passage.cost_from_a,
        passage.cost_from_b,
        door and (door.state, door.open_cost),
        passage.sight,
        passage.place,
    )


def _put_fields(columns: dict[str, Any], kind: type, records: list[Any], names: tuple[str, ...]) -> None:
    """Each named field as a column, unless every record holds its default there."""
    for name in names:
        values = list(map(attrgetter(name), records))
        default = default_of(kind, name)
        if default is None or isinstance(default, (str, bool, int, float)):
            if values.count(default) == len(values):
                continue
        elif not any(values):  # a list (aspects) left empty everywhere
            continue
        columns[name] = [_plain(value) for value in values] if _holds_records(values) else values


def _holds_records(values: list[Any]) -> bool:
    return any(isinstance(value, list) and value for value in values) or any(
        hasattr(value, "model_dump") for value in values
    )


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [item.model_dump() for item in value]
    return value.model_dump() if hasattr(value, "model_dump") else value


LISTED_POINTS = 5_000
"""Up to this many points in all, a file lists the coordinates as numbers a GM can read and
edit; past it, encoded (`encoded`), which reads in a fraction of the time."""


def _finite(numbers: list[float]) -> None:
    bad = next((number for number in numbers if not math.isfinite(number)), None)
    if bad is not None:  # an edit that skipped its checks: no file may hold it
        raise ColumnError(f"a coordinate of {bad}")


def encoded(numbers: Iterable[float], count: int) -> str:
    """Coordinates as a file keeps them: base64 of little-endian 64-bit floats, x then y, as
    Tiled keeps a layer's tiles (exact, and read without parsing a number at a time)."""
    import numpy as np

    values = np.fromiter(numbers, dtype="<f8", count=count)
    if not np.isfinite(values).all():  # an edit that skipped its checks: no file may hold it
        raise ColumnError(f"a coordinate of {values[~np.isfinite(values)][0]}")
    return base64.b64encode(values.tobytes()).decode("ascii")
