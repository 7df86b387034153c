"""A map's zones and borders in columns: the bulk of a map file from format 6 on.

A city of many zones is a few long lists here, not an object per zone: the zones' ids,
names and the other fields each in a list of their own, every polygon's number of points and
one flat list of all their coordinates, the borders' two zones as the zones' rows, and the
looks and pass values as small tables each zone or passage names by its row (as Tiled keeps a
layer's tiles as one array of numbers into its tile sets). Parsing makes a handful of lists;
each column is checked at once by the model's own field type (pydantic over the whole list),
and what a record checks across its fields over every row at once (a polygon's area). The
whole map's checks and the records made of the checked values are io/column_map.py's.

A column a file leaves out holds the field's default in every row; a refusal names the zone
or border and its field as a file of zones one by one did (`zones[3].name: ...`). Qt-free.
"""

from __future__ import annotations

import binascii
import functools
from collections.abc import Callable
from itertools import accumulate
from typing import Annotated, Any

from pydantic import FailFast, StrictInt, TypeAdapter, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from tabletop.model import Border, FillStyle, NodeShape, Passage, PolygonShape, Zone
from tabletop.model.base import MAX_BORDERS, MAX_PASSAGES, MAX_ZONES, Coordinate
from tabletop.model.whole_map import points_problems
from tabletop.model.wording import LONG_DIGITS, digits
from tabletop.model.zones import MIN_POLYGON_AREA, polygon_area

ZONE_COLUMNS = ("name", "description", "aspects", "gm_notes", "hidden", "fogged")
"""The zones' fields kept one column each (their id besides; the fill and shape in tables)."""
BORDER_COLUMNS = ("label", "aspects", "stress")
"""The borders' fields kept one column each (their id and zones besides; passages in a table)."""
ZONE_SHAPES = ("point_counts", "points", "nodes")
ZONE_LOOKS = ("looks", "look")
BORDER_PASSAGES = ("passage_counts", "passages", "passage_kinds")


def default_of(kind: type, name: str) -> Any:
    """What a record's field holds when its column is left out."""
    field = kind.model_fields[name]
    return field.default_factory() if field.default_factory is not None else field.default


class ColumnError(ValueError):
    """Columns that do not fit together (a column shorter than the ids, a row named that is
    not there): the message says where, as a map file's reader tells the GM."""


def decoded(text: str, count: int) -> Any:
    """The `count` coordinates `encoded` wrote; ColumnError when the text is no such list (checked
    against the model's bounds by the caller). Its length is weighed before a byte is decoded, so
    a text far longer than the zones' point counts need costs no copy of it."""
    import numpy as np

    unknown = ColumnError("zones.points: is neither a list of numbers nor numbers encoded as Tabletop writes them")
    if len(text) % 4:  # base64 comes in fours
        raise unknown
    size = len(text) // 4 * 3 - (2 if text.endswith("==") else 1 if text.endswith("=") else 0)
    if size % 16:
        raise ColumnError("zones.points: its encoded numbers do not end on a whole point (is the file cut short?)")
    if size != 8 * count:
        raise _points_held(size // 8, count)
    try:
        raw = binascii.a2b_base64(text.encode("ascii"), strict_mode=True)
    except (ValueError, UnicodeEncodeError):
        raise unknown from None
    if len(raw) != size:
        raise unknown
    return np.frombuffer(raw, dtype="<f8")


def _points_held(held: int, count: int) -> ColumnError:
    return ColumnError(
        f"zones.points: holds {_counted(held, 'number')} where the zones' point counts need {count:,} "
        "(is the file cut short?)"
    )


# -- reading -------------------------------------------------------------------------------


def zone_columns(columns: Any) -> dict[str, Any]:
    """A file's zone columns, every value checked by the model's types and every polygon's area
    as PolygonShape checks it, no record made: the ids, the columns given, the looks (`looks`,
    `look`), the shapes (`point_counts`, the flat coordinates `points`, `nodes`). ValidationError
    (located as `zones[row].field`) or ColumnError when they are not a map's."""
    columns = _table("zones", columns, {"id", *ZONE_COLUMNS, *ZONE_SHAPES, *ZONE_LOOKS})
    if isinstance(columns["id"], list):
        _at_most(("zones",), len(columns["id"]), MAX_ZONES)
    ids = _checked("zones", Zone, "id", columns.get("id"))
    n = len(ids)
    values: dict[str, Any] = {"id": ids}
    for name in ZONE_COLUMNS:
        if name in columns:
            values[name] = _checked("zones", Zone, name, _as_long("zones", name, columns[name], n))
    values.update(_looks(columns, n))
    values.update(_shapes(columns, ids))
    return values


def border_columns(columns: Any) -> dict[str, Any]:
    """A file's border columns, checked as zone_columns says: the ids, each border's two zones
    as rows of the zones (`a`, `b`; whether they name zones of the map is the whole map's
    check), the columns given and the passages (`passage_kinds`, `passage_counts`, `passages`)."""
    columns = _table("borders", columns, {"id", "a", "b", *BORDER_COLUMNS, *BORDER_PASSAGES})
    if isinstance(columns["id"], list):
        _at_most(("borders",), len(columns["id"]), MAX_BORDERS)
    ids = _checked("borders", Border, "id", columns.get("id"))
    n = len(ids)
    values: dict[str, Any] = {"id": ids}
    for end in ("a", "b"):
        values[end] = _whole_numbers(f"borders.{end}", _as_long("borders", end, columns.get(end), n))
    for name in BORDER_COLUMNS:
        if name in columns:
            values[name] = _checked("borders", Border, name, _as_long("borders", name, columns[name], n))
    values.update(_passages(columns, n))
    return values


def _table(name: str, columns: Any, known: set[str]) -> dict[str, Any]:
    if not isinstance(columns, dict):
        raise ColumnError(f'{name}: should be the {name}\' columns {{"id": [...], ...}}, not {_kind(columns)}')
    unknown = sorted(set(columns) - known)
    if unknown:
        raise ColumnError(f"{name}: has a column '{unknown[0][:40]}' no map has")
    if "id" not in columns:
        raise ColumnError(f"{name}: has no column of ids")
    return columns


def _at_most(place: tuple[str | int, ...], count: int, cap: int) -> None:
    """A table's rows (the length of its id column: one row a zone or border) or a border's
    passages are counted against the model's cap before one is read, as every list a map fills in
    bulk is (model.base AtMost): the other columns are read row by row, and their records take
    many times the file's bytes. Refused in the model's words for a list past its cap."""
    if count > cap:
        ctx = {"field_type": "List", "max_length": cap, "actual_length": count}
        raise ValidationError.from_exception_data("Map", [{"type": "too_long", "loc": place, "input": [], "ctx": ctx}])


def _counted(count: int, thing: str) -> str:
    return f"{count:,} {thing}" if count == 1 else f"{count:,} {thing}s"


def _kind(value: Any) -> str:
    return {list: "a list", str: "a text", dict: "an object", bool: "true or false", type(None): "null"}.get(
        type(value), "a number"
    )


def _list(where: str, column: Any) -> list[Any]:
    """A column or table, which a file writes as a list."""
    if not isinstance(column, list):
        raise ColumnError(f"{where}: should be a list in brackets [...], not {_kind(column)}")
    return column


def _valid(adapter: TypeAdapter, column: Any, place: Callable[[tuple], tuple]) -> Any:
    """A column's values as `adapter` checks them; a refusal is moved to `place` (where a record's
    field would name it)."""
    try:
        return adapter.validate_python(column)
    except ValidationError as error:
        raise _relocated(error, place) from None


def _as_long(table: str, name: str, column: Any, n: int) -> list[Any]:
    """A column that must hold one value per row."""
    if len(_list(f"{table}.{name}", column)) != n:
        held, rows = _counted(len(column), "value"), _counted(n, table.removesuffix("s"))
        raise ColumnError(f"{table}.{name}: holds {held} for {rows} (is the file cut short?)")
    return column


def _rows(where: str, column: list[Any], count: int, what: str) -> list[int]:
    """A column of rows into a table of `count` rows (zones, looks, passages)."""
    rows = _whole_numbers(where, column)
    if rows and (min(rows) < 0 or max(rows) >= count):
        bad = next(place for place, row in enumerate(rows) if not 0 <= row < count)
        named = (
            f"{what} {rows[bad]}" if digits(rows[bad]) <= LONG_DIGITS else f"a {what} {digits(rows[bad])} digits long"
        )
        raise ColumnError(f"{where}[{bad}]: names {named}, which is not in the file (there are {count:,})")
    return rows


def _whole_numbers(where: str, column: list[Any]) -> list[int]:
    """A column of rows or counts, each a whole number as Tabletop writes it: true, "3" or 3.0
    is refused, where a field of the model would take it, since no row or count is meant so.
    A column of whole numbers only, as Tabletop writes one, is taken as it is, by one pass in C
    over its values' kinds: a copy of a map's longest column (its passages' rows) beside the
    parsed file would double the read's memory, and past what is free pydantic's allocation
    ends the process without a word."""
    if type(column) is list and set(map(type, column)) <= {int}:
        return column
    return _valid(_adapter(StrictInt), column, lambda loc: (*where.split("."), *loc))


def _counts(where: str, column: list[Any]) -> list[int]:
    """A column of counts (a polygon's points, a border's passages): whole numbers, none below 0."""
    counts = _whole_numbers(where, column)
    if counts and (min(counts) < 0 or digits(max(counts)) > LONG_DIGITS):
        row = next(place for place, count in enumerate(counts) if count < 0 or digits(count) > LONG_DIGITS)
        if digits(counts[row]) <= LONG_DIGITS:
            raise ColumnError(f"{where}[{row}]: a count of {counts[row]} is less than 0")
        if counts[row] < 0:
            raise ColumnError(f"{where}[{row}]: a count {digits(counts[row])} digits long is less than 0")
        raise ColumnError(f"{where}[{row}]: a count {digits(counts[row])} digits long is far past any a map can hold")
    return counts


@functools.cache
def _adapter(kind: Any) -> TypeAdapter:
    """A column of `kind`, checked up to its first refused value: a column of a million bad
    values would otherwise hold a refusal for each, many times the memory of the file."""
    return TypeAdapter(Annotated[list[kind], FailFast()])


@functools.cache
def _field_adapter(kind: type, name: str) -> TypeAdapter:
    """A column of a record field's values, each with the field's limits (max_length of a list,
    bounds of a number), checked up to the first refused as `_adapter` says."""
    field = kind.model_fields[name]
    value = Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
    return TypeAdapter(Annotated[list[value], FailFast()])


def _checked(table: str, kind: type, name: str, column: Any) -> list[Any]:
    """A column's values as the records' field `name` takes them, checked; a refusal names the row."""
    column = _list(f"{table}.{name}", column)
    return _valid(_field_adapter(kind, name), column, lambda loc: (table, loc[0], name, *loc[1:]))


def _relocated(error: ValidationError, place: Callable[[tuple], tuple]) -> ValidationError:
    """`error` with each problem's location moved to where a record's field would name it."""
    details: list[InitErrorDetails] = []
    for found in error.errors(include_url=False):
        detail: dict[str, Any] = {"type": found["type"], "loc": place(found["loc"]), "input": found["input"]}
        if "ctx" in found:
            detail["ctx"] = found["ctx"]
        if found["type"] == "value_error" or found["type"] == "assertion_error":
            text = found["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
            detail["type"] = PydanticCustomError("value_error", text)
            detail.pop("ctx", None)
        details.append(detail)  # type: ignore[arg-type]
    return ValidationError.from_exception_data(error.title, details)


def _refuse_row(table: str, kind: type, row: int, data: dict[str, Any]) -> None:
    """Raise the refusal the record itself gives for one row's values."""
    try:
        kind.model_validate(data)
    except ValidationError as error:
        raise _relocated(error, lambda loc: (table, row, *loc)) from None
    raise ColumnError(f"{table}[{row}]: is not a map's")  # the record took it: never expected


def _looks(columns: dict[str, Any], n: int) -> dict[str, Any]:
    """The table of looks and each zone's row of it; none where the file has no looks (every
    zone the default fill)."""
    if "looks" not in columns and "look" not in columns:
        return {}
    given = columns.get("looks")
    if isinstance(given, list) and len(given) > n:  # weighed before a look is read: each is a record
        held, zones = _counted(len(given), "look"), _counted(n, "zone")
        raise ColumnError(
            f"zones.looks: holds {held} for {zones}; a file lists each fill once, so no more than the zones"
        )
    looks = _table_of("zones.looks", given, FillStyle)
    rows = _rows("zones.look", _as_long("zones", "look", columns.get("look"), n), len(looks), "look")
    return {"looks": looks, "look": rows}


def _table_of(where: str, items: Any, kind: type) -> list[Any]:
    return _valid(_adapter(kind), _list(where, items), lambda loc: (*where.split("."), *loc))


def _shapes(columns: dict[str, Any], ids: list[str]) -> dict[str, Any]:
    """Each zone's count of points, the flat list of coordinates (x then y, a list or an array)
    of the polygons, and the nodes' table, one node for each zone of no points; every polygon's
    area checked."""
    counts = _checked_counts(columns, len(ids))
    given = columns.get("points")
    values = decoded(given, 2 * sum(counts)) if isinstance(given, str) else _list("zones.points", given)
    if len(values) != 2 * sum(counts):
        raise _points_held(len(values), 2 * sum(counts))
    place = _point_place(counts)  # listed: each number checked as the model checks one; encoded: all at once
    flat = _valid(_adapter(Coordinate), values, place) if isinstance(values, list) else _within(values, place)
    if isinstance(values, list) and len(values) <= 2 * AREAS_ONE_BY_ONE:
        starts = [0, *accumulate(counts)]
        for row, count in enumerate(counts):  # a small map's: the model's own sum, without numpy
            if count:
                _check_area(flat, starts[row], count, ids[row], row)
    else:
        _check_areas(flat, counts, ids)
    given = columns.get("nodes", [])
    node_count = counts.count(0)
    if isinstance(given, list) and len(given) != node_count:  # weighed before a node is read
        zones = f"{_counted(node_count, 'zone')} {'has' if node_count == 1 else 'have'}"
        raise ColumnError(f"zones.nodes: holds {_counted(len(given), 'node')} where {zones} no points")
    nodes = _table_of("zones.nodes", given, NodeShape)
    return {"point_counts": counts, "points": flat, "nodes": nodes}


def _check_area(flat: Any, start: int, count: int, zone_id: str, row: int) -> None:
    """The polygon of `count` points from point `start` of the flat coordinates encloses an area,
    by the model's own sum; refused as PolygonShape refuses it."""
    part = flat[2 * start : 2 * (start + count)]
    numbers = iter(part if isinstance(part, list) else part.tolist())
    points = list(zip(numbers, numbers, strict=False))
    if polygon_area(points) < MIN_POLYGON_AREA:
        _refuse_row("zones", Zone, row, {"id": zone_id, "shape": {"kind": "polygon", "points": points}})


def _within(values: Any, place: Callable[[tuple], tuple]) -> Any:
    """Coordinates (an array), each within the model's bounds of a coordinate (and a number):
    the first that is not is refused as the model refuses it."""
    import numpy as np

    low, high = _bounds(Coordinate)
    bad = np.flatnonzero(~((values >= low) & (values <= high)))  # NaN fails both
    if len(bad):
        _valid(_adapter(Coordinate), values[: bad[0] + 1].tolist(), place)  # raises, located at the first
    return values


@functools.cache
def _bounds(kind: Any) -> tuple[float, float]:
    """The lowest and highest value a number type of the model takes."""
    from annotated_types import Ge, Le

    metadata = getattr(kind, "__metadata__", ())
    limits = [m for part in metadata for m in getattr(part, "metadata", [part])]
    low = next((m.ge for m in limits if isinstance(m, Ge)), -float("inf"))
    high = next((m.le for m in limits if isinstance(m, Le)), float("inf"))
    return float(low), float(high)


def _checked_counts(columns: dict[str, Any], n: int) -> list[int]:
    """Each zone's count of points: 0 (a node), or as many as a polygon may have, and all of them
    together no more than a map may have; refused before a coordinate is read, so a count of
    billions costs nothing."""
    counts = _counts("zones.point_counts", _as_long("zones", "point_counts", columns.get("point_counts"), n))
    field = PolygonShape.model_fields["points"]
    least = next(m.min_length for m in field.metadata if hasattr(m, "min_length"))
    most = next(m.max_length for m in field.metadata if hasattr(m, "max_length"))
    if counts and (max(counts) > most or min(filter(None, counts), default=least) < least):
        row = next(place for place, count in enumerate(counts) if 0 < count < least or count > most)
        bound = f"at least {least:,}" if counts[row] < least else f"at most {most:,}"
        raise ColumnError(f"zones[{row}].shape.points: holds {_counted(counts[row], 'point')}; a polygon has {bound}")
    too_many = points_problems(sum(counts))  # before a coordinate is read: the counts alone decide
    if too_many:
        raise ColumnError(too_many[0])
    return counts


def _point_place(counts: list[int]) -> Callable[[tuple], tuple]:
    """Where a coordinate of the flat list stands in its zone's polygon."""

    def place(loc: tuple) -> tuple:  # asked only of a refused coordinate: the ends summed then
        point, axis = divmod(loc[0], 2)
        import bisect

        ends = list(accumulate(counts))
        row = bisect.bisect_right(ends, point)
        first = ends[row - 1] if row else 0
        return ("zones", row, "shape", "points", point - first, axis)

    return place


AREAS_ONE_BY_ONE = 5_000
"""Up to this many points in all, each polygon's area is summed by the model's own function:
numpy is not loaded for a small map (`tabletop check` starts sooner without it)."""


def _check_areas(flat: Any, counts: list[int], ids: list[str]) -> None:
    """Every polygon encloses an area, as PolygonShape's own check says, over all at once: the
    sums in numpy, and the model's own sum for the few numpy finds might be flat."""
    if not len(flat):
        return
    import numpy as np

    xy = np.asarray(flat, dtype=np.float64).reshape(-1, 2)
    sizes = np.asarray(counts, dtype=np.int64)
    polygons = np.flatnonzero(sizes)
    firsts = np.concatenate(([0], np.cumsum(sizes[polygons])[:-1]))
    x, y = xy[:, 0], xy[:, 1]
    after = np.arange(len(x)) + 1
    after[np.cumsum(sizes[polygons]) - 1] = firsts
    terms = x * y[after] - x[after] * y
    magnitudes = np.abs(x * y[after]) + np.abs(x[after] * y)
    doubled = np.abs(np.add.reduceat(terms, firsts))
    slack = 1e-15 * (sizes[polygons] + 2) * np.add.reduceat(magnitudes, firsts)
    for place in np.flatnonzero(doubled / 2 < MIN_POLYGON_AREA + slack).tolist():
        row = int(polygons[place])
        _check_area(flat, int(firsts[place]), counts[row], ids[row], row)


def _passages(columns: dict[str, Any], n: int) -> dict[str, Any]:
    """The table of distinct passages, each border's count of them and their rows of the table;
    none where the file has no passages (every border the one passage a border takes by default)."""
    if not any(name in columns for name in BORDER_PASSAGES):
        return {}
    counts = _counts("borders.passage_counts", _as_long("borders", "passage_counts", columns.get("passage_counts"), n))
    if counts and max(counts) > MAX_PASSAGES:
        row = next(place for place, count in enumerate(counts) if count > MAX_PASSAGES)
        _at_most(("borders", row, "passages"), counts[row], MAX_PASSAGES)
    given = columns.get("passage_kinds")
    if isinstance(given, list) and len(given) > sum(counts):  # weighed before a kind is read: each is a record
        held, passages = _counted(len(given), "passage kind"), _counted(sum(counts), "passage")
        why = "a file lists each kind once, so no more than the passages"
        raise ColumnError(f"borders.passage_kinds: holds {held} for {passages}; {why}")
    kinds = _table_of("borders.passage_kinds", given, Passage)
    rows = columns.get("passages")
    if not isinstance(rows, list) or len(rows) != sum(counts):
        raise ColumnError(
            f"borders.passages: should hold {sum(counts):,} passages, one row each (is the file cut short?)"
        )
    rows = _rows("borders.passages", rows, len(kinds), "passage")
    return {"passage_kinds": kinds, "passage_counts": counts, "passages": rows}
