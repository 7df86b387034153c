"""A map from a file's zone and border columns (io/columns.py): checked whole before a record is
made, by the model's own whole-map checks (model/whole_map.py) over the columns, then its zones
and borders made from the checked values without checking them again. `tabletop check` stops
before the records, which are most of a big map's read. Qt-free."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, repeat
from typing import Any

from tabletop.io.columns import (
    BORDER_COLUMNS,
    ZONE_COLUMNS,
    ColumnError,
    border_columns,
    default_of,
    zone_columns,
)
from tabletop.model import Border, FillStyle, Map, NodeShape, Passage, PolygonShape, Zone
from tabletop.model.borders import Outline, place_problem
from tabletop.model.map import CHECKED_WHOLE
from tabletop.model.whole_map import map_problems, refusal


def checked_columns(document: dict[str, Any], told: Callable[[int], None] | None = None) -> Checked:
    """A document of the current format (parsed JSON) checked whole, no zone or border record
    made: its zones' and borders' columns by the model's field types, the rest as the model
    reads it, and the whole map by the model's own checks (model/whole_map.py) over the columns.
    `told(step)` hears each step done (2: the zones, 3: the borders, 4: the rest)."""
    told = told or (lambda step: None)
    zones = zone_columns(document.get("zones", {"id": [], "point_counts": [], "points": []}))
    told(2)
    borders = border_columns(document.get("borders", {"id": [], "a": [], "b": []}))
    told(3)
    rest = Map.model_validate({**document, "zones": [], "borders": []}, context={CHECKED_WHOLE: True})
    zone_ids = zones["id"]
    n = len(zone_ids)
    problems = map_problems(
        zone_ids=zone_ids,
        point_total=sum(zones["point_counts"]),
        border_ids=borders["id"],
        a=borders["a"],
        b=borders["b"],
        named=lambda end, k: zone_ids[row] if 0 <= (row := borders[end][k]) < n else None,
        tokens=rest.tokens,
        grids=rest.grids,
        tile_sets=rest.tile_sets,
        conflict=rest.conflict,
    )
    problems = problems or _place_problems(zones, borders)
    if problems:
        raise ColumnError(refusal(problems))
    told(4)
    return Checked(rest, zones, borders)


@dataclass(frozen=True)
class Checked:
    """A map file's document checked whole: the map but for its zones and borders, and their
    checked columns, from which the records are made (`map`) or only counted (`tabletop check`)."""

    rest: Map
    zones: dict[str, Any]
    borders: dict[str, Any]

    def map(self) -> Map:
        """The whole map, its zones and borders made from the checked columns, not checked again."""
        zones = zones_made(self.zones)
        borders = borders_made(self.borders, self.zones["id"])
        made = self.rest
        object.__setattr__(made, "zones", zones)
        object.__setattr__(made, "borders", borders)
        return made


def map_of(document: dict[str, Any], told: Callable[[int], None] | None = None) -> Map:
    """The map a document of the current format holds: checked_columns, then the records made."""
    return checked_columns(document, told).map()


def _place_problems(zones: dict[str, Any], borders: dict[str, Any]) -> list[str]:
    """Each border whose passage's place lies far off its line (model.borders.place_problem),
    its two zones' shapes read from the columns; only a map with places is searched."""
    kinds = borders.get("passage_kinds") or []
    placed = {row for row, kind in enumerate(kinds) if kind.place is not None}
    if not placed:
        return []
    counts, flat = zones["point_counts"], zones["points"]
    starts = [0, *accumulate(counts)]
    node_rows = [row for row, count in enumerate(counts) if count == 0]
    node_of = dict(zip(node_rows, zones["nodes"], strict=True))

    def outline(row: int) -> Outline:
        if counts[row] == 0:
            node = node_of[row]
            return (node.centre(), node.radius)
        part = flat[2 * starts[row] : 2 * starts[row + 1]]
        numbers = iter(part if isinstance(part, list) else part.tolist())
        return list(zip(numbers, numbers, strict=False))

    problems = []
    ends = [0, *accumulate(borders["passage_counts"])]
    for k, border_id in enumerate(borders["id"]):
        rows = borders["passages"][ends[k] : ends[k + 1]]
        for row in dict.fromkeys(r for r in rows if r in placed):
            found = place_problem(border_id, kinds[row].place, outline(borders["a"][k]), outline(borders["b"][k]))
            if found:
                problems.append(found)
    return problems


# -- the records -----------------------------------------------------------------------


def zones_made(values: dict[str, Any]) -> list[Zone]:
    """The zones of checked columns (zone_columns), not checked again."""
    n = len(values["id"])
    fields = {name: values[name] for name in ("id", *ZONE_COLUMNS) if name in values}
    looks = values.get("looks")
    fields["fill"] = repeat(FillStyle(), n) if looks is None else list(map(looks.__getitem__, values["look"]))
    fields["shape"] = _shapes_made(values["point_counts"], values["points"], values["nodes"])
    return _made(Zone, n, fields)


def borders_made(values: dict[str, Any], zone_ids: list[str]) -> list[Border]:
    """The borders of checked columns (border_columns) between the zones of `zone_ids`."""
    n = len(values["id"])
    fields = {name: values[name] for name in ("id", *BORDER_COLUMNS) if name in values}
    for end in ("a", "b"):
        fields[end] = list(map(zone_ids.__getitem__, values[end]))
    fields["passages"] = _passages_made(values, n)
    return _made(Border, n, fields)


def _shapes_made(counts: list[int], flat: Any, nodes: list[NodeShape]) -> list[Any]:
    """Each zone's shape: a polygon of its count of points from the flat coordinates, or (a count
    of 0) the next node of the nodes' table."""
    numbers = iter(flat if isinstance(flat, list) else flat.tolist())
    points = list(zip(numbers, numbers, strict=False))  # pairs: the count is even
    ends = list(accumulate(counts))
    lists = list(map(points.__getitem__, map(slice, [0, *ends[:-1]], ends)))
    polygons = _made(PolygonShape, len(lists), {"kind": repeat("polygon"), "points": lists})
    if not nodes:
        return polygons
    next_node = iter(nodes)
    return [next(next_node) if count == 0 else polygon for count, polygon in zip(counts, polygons, strict=True)]


def _passages_made(values: dict[str, Any], n: int) -> list[list[Passage]]:
    """Each border's passages, from checked columns (_passages)."""
    if "passage_kinds" not in values:
        (passage,) = default_of(Border, "passages")
        return [[passage] for _ in range(n)]
    flat = list(map(values["passage_kinds"].__getitem__, values["passages"]))
    ends = list(accumulate(values["passage_counts"]))
    return list(map(flat.__getitem__, map(slice, [0, *ends[:-1]], ends)))


def _made(kind: type, n: int, values: dict[str, Any]) -> list[Any]:
    """`n` records of `kind` holding checked values: a column per field given (a list, or any
    iterable of `n`), each other field its default. Not checked again: each value was."""
    made = list(map(object.__new__, repeat(kind, n)))
    for name, field in kind.model_fields.items():
        column = values.get(name)
        if column is None:
            if field.default_factory is list:
                column = [[] for _ in range(n)]
            elif field.default_factory is not None:
                column = [field.default_factory() for _ in range(n)]
            else:
                column = repeat(field.default, n)
        deque(map(kind.__dict__[name].__set__, made, column), maxlen=0)
    return made
