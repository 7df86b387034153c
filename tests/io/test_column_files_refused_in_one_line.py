"""A format 6 file whose zone and border columns do not hold a map is refused in one line that
names the file, the column or the zone or border, and the problem: columns of lengths that
disagree, counts below 0 or past every cap, rows that are not whole numbers or name nothing,
coordinates encoded wrong, ids twice, a format half 5 and half 6. A row or count thousands of
digits long is said by its length, never echoed into a line thousands of characters long. What
a map may hold at its edge (-0.0, the least float, a coordinate at the bound) opens."""

from __future__ import annotations

import base64
import json
import re
import struct
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.io import map_from_bytes, map_to_text
from tabletop.model import FORMAT_VERSION
from tabletop.model.base import MAX_COORDINATE
from tests.io.column_files import Change, refusal, warehouse_with

NAME = "sent.tabletop"
LONG = 10**4000 - 1
"""4,000 nines: a whole number Python reads (its cap is 4,300 digits), far past any row."""


def _set(table: str, column: str, row: int, value: Any) -> Change:
    return lambda document: document[table][column].__setitem__(row, value)


def _encoded(numbers: list[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(numbers)}d", *numbers)).decode("ascii")


def _points(text: Callable[[list[float]], Any]) -> Change:
    """The zones' coordinates replaced by what `text` makes of them."""
    return lambda document: document["zones"].__setitem__("points", text(document["zones"]["points"]))


def _coordinate(place: int, value: float) -> Callable[[list[float]], str]:
    return lambda numbers: _encoded([*numbers[:place], value, *numbers[place + 1 :]])


def _looks(document: dict[str, Any]) -> None:
    document["zones"]["looks"] = [{"colour": "#112233", "pattern": "solid", "opacity": 1.0}]
    document["zones"]["look"] = [0, 0, 0]


def _then(*changes: Change) -> Change:
    return lambda document: [change(document) for change in changes]


REFUSED = {
    "a name for a zone the ids lack": (
        lambda d: d["zones"]["name"].append("Loft"),
        "zones.name: holds 4 values for 3 zones (is the file cut short?)",
    ),
    "an id without its count of points": (
        lambda d: d["zones"]["id"].append("z4"),
        "zones.name: holds 3 values for 4 zones",
    ),
    "a coordinate short": (
        lambda d: d["zones"]["points"].pop(),
        "zones.points: holds 23 numbers where the zones' point counts need 24 (is the file cut short?)",
    ),
    "a count below 0": (_set("zones", "point_counts", 1, -4), "zones.point_counts[1]: a count of -4 is less than 0"),
    "counts below 0 that sum right": (
        lambda d: d["zones"].__setitem__("point_counts", [-4, 12, 4]),
        "zones.point_counts[0]: a count of -4 is less than 0",
    ),
    "a polygon of 2 points": (
        lambda d: d["zones"].__setitem__("point_counts", [2, 6, 4]),
        "zones[0].shape.points: holds 2 points; a polygon has at least 3",
    ),
    "a polygon of a billion points": (
        _set("zones", "point_counts", 0, 10**9),
        "zones[0].shape.points: holds 1,000,000,000 points; a polygon has at most 10,000",
    ),
    "a count past 2**63": (
        _set("zones", "point_counts", 0, 2**64),
        "zones[0].shape.points: holds 18,446,744,073,709,551,616 points; a polygon has at most 10,000",
    ),
    "a count thirty digits long": (
        _set("zones", "point_counts", 2, 10**30),
        "zones.point_counts[2]: a count 31 digits long is far past any a map can hold",
    ),
    "a count thirty digits long below 0": (
        _set("zones", "point_counts", 2, -(10**30)),
        "zones.point_counts[2]: a count 31 digits long is less than 0",
    ),
    "a count thousands of digits long below 0": (
        _set("zones", "point_counts", 0, -LONG),
        "zones.point_counts[0]: a count 4000 digits long is less than 0",
    ),
    "counts past the map's points, the coordinates short": (
        lambda d: d.__setitem__(
            "zones", {"id": [f"z{i}" for i in range(201)], "point_counts": [10_000] * 201, "points": []}
        ),
        "the map's polygons have 2,010,000 points together; a map has at most 2,000,000",
    ),
    "a count written 4.0": (
        _set("zones", "point_counts", 0, 4.0),
        "zones.point_counts[0]: should be a whole number, not 4.0",
    ),
    "a count written true": (
        _set("zones", "point_counts", 0, True),
        "zones.point_counts[0]: should be a whole number, not true",
    ),
    "a count written as a text": (
        _set("zones", "point_counts", 0, "4"),
        "zones.point_counts[0]: should be a whole number, not a text",
    ),
    "the counts as an object": (
        lambda d: d["zones"].__setitem__("point_counts", {"z1": 4}),
        "zones.point_counts: should be a list in brackets [...], not an object",
    ),
    "a coordinate that is a text": (
        _set("zones", "points", 5, "west"),
        "zones[0].shape.points[2][1]: should be a number",
    ),
    "encoded without its padding": (
        _points(lambda numbers: _encoded(numbers[:-2])[:-4] + "AAA"),
        "zones.points: is neither a list of numbers nor numbers encoded as Tabletop writes them",
    ),
    "encoded with a point's half missing": (
        _points(lambda numbers: _encoded(numbers[:-1])),
        "zones.points: its encoded numbers do not end on a whole point (is the file cut short?)",
    ),
    "encoded a point short": (
        _points(lambda numbers: _encoded(numbers[:-2])),
        "zones.points: holds 22 numbers where the zones' point counts need 24 (is the file cut short?)",
    ),
    "encoded and long past the counts": (
        _points(lambda numbers: "!!!!" * 1_000_000),
        "zones.points: holds 375,000 numbers where the zones' point counts need 24",
    ),
    "encoded with a character base64 has not": (
        _points(lambda numbers: "!" + _encoded(numbers)[1:]),
        "zones.points: is neither a list of numbers nor numbers encoded as Tabletop writes them",
    ),
    "encoded with a line break": (
        _points(lambda numbers: _encoded(numbers)[:8] + "\n" + _encoded(numbers)[9:]),
        "zones.points: is neither",
    ),
    "encoded NaN": (
        _points(_coordinate(3, float("nan"))),
        "zones[0].shape.points[1][1]: a coordinate of nan is off the map",
    ),
    "encoded infinity": (
        _points(_coordinate(4, float("-inf"))),
        "zones[0].shape.points[2][0]: a coordinate of -inf is off the map",
    ),
    "encoded just past the bound": (
        _points(_coordinate(9, MAX_COORDINATE * (1 + 2**-52))),
        "zones[1].shape.points[0][1]: a coordinate of 100000.00000000003 is off the map",
    ),
    "a look past the looks": (
        _then(_looks, _set("zones", "look", 2, 1)),
        "zones.look[2]: names look 1, which is not in the file",
    ),
    "a look below 0": (
        _then(_looks, _set("zones", "look", 0, -1)),
        "zones.look[0]: names look -1, which is not in the file",
    ),
    "a look thousands of digits long": (
        _then(_looks, _set("zones", "look", 1, LONG)),
        "zones.look[1]: names a look 4000 digits long, which is not in the file (there are 1)",
    ),
    "a look thousands of digits long below 0": (
        _then(_looks, _set("zones", "look", 2, -LONG)),
        "zones.look[2]: names a look 4000 digits long, which is not in the file (there are 1)",
    ),
    "a look written 0.0": (
        _then(_looks, _set("zones", "look", 1, 0.0)),
        "zones.look[1]: should be a whole number, not 0.0",
    ),
    "a look written false": (
        _then(_looks, _set("zones", "look", 1, False)),
        "zones.look[1]: should be a whole number, not false",
    ),
    "a look without the looks": (
        lambda d: d["zones"].__setitem__("look", [0, 0, 0]),
        "zones.looks: should be a list in brackets [...], not null",
    ),
    "looks past the zones, none of them read": (
        lambda d: d["zones"].update(looks=[0] * 4, look=[0, 0, 0]),
        "zones.looks: holds 4 looks for 3 zones; a file lists each fill once, so no more than the zones",
    ),
    "a look of an unknown pattern": (
        _then(_looks, lambda d: d["zones"]["looks"][0].__setitem__("pattern", "zigzag")),
        "zones.looks[0].pattern: should be one of solid, hatch, cross, dots or none",
    ),
    "a passage past the passage kinds": (
        _set("borders", "passages", 1, 1),
        "borders.passages[1]: names passage 1, which is not in the file (there are 1)",
    ),
    "a passage thousands of digits long": (
        _set("borders", "passages", 1, LONG),
        "borders.passages[1]: names a passage 4000 digits long, which is not in the file (there are 1)",
    ),
    "a passage written true": (
        _set("borders", "passages", 0, True),
        "borders.passages[0]: should be a whole number, not true",
    ),
    "a passage written 0.5": (
        _set("borders", "passages", 0, 0.5),
        "borders.passages[0]: should be a whole number, not 0.5",
    ),
    "a passage count below 0": (
        _set("borders", "passage_counts", 0, -1),
        "borders.passage_counts[0]: a count of -1 is less than 0",
    ),
    "a passage count thousands of digits long below 0": (
        _set("borders", "passage_counts", 1, -LONG),
        "borders.passage_counts[1]: a count 4000 digits long is less than 0",
    ),
    "passage counts past the passages": (
        _set("borders", "passage_counts", 0, 50),
        "borders.passages: should hold 51 passages, one row each (is the file cut short?)",
    ),
    "zone ids that are one number, larger than any cap": (
        lambda d: d["zones"].__setitem__("id", 10**30),
        "zones.id: should be a list in brackets [...], not a number",
    ),
    "border ids that are one number": (
        lambda d: d["borders"].__setitem__("id", 600),
        "borders.id: should be a list in brackets [...], not a number",
    ),
    "a passage count past a border's cap": (
        _set("borders", "passage_counts", 1, 10**9),
        "borders[1].passages: holds 1,000,000,000 passages; a border has at most 50",
    ),
    "passage kinds past the passages, none of them read": (
        lambda d: d["borders"].__setitem__("passage_kinds", [0] * 3),
        "borders.passage_kinds: holds 3 passage kinds for 2 passages; a file lists each kind once",
    ),
    "a door of an unknown state": (
        lambda d: d["borders"]["passage_kinds"][0].__setitem__("door", {"state": "ajar", "open_cost": 1}),
        "borders.passage_kinds[0].door.state: should be one of open, closed, locked or broken",
    ),
    "a border's end past the zones": (
        _set("borders", "b", 1, 3),
        "border 'b23' names the zone in row 3, which is not on the map",
    ),
    "a border's end below 0": (
        _set("borders", "a", 0, -1),
        "border 'b12' names the zone in row -1, which is not on the map",
    ),
    "a border's end past any row": (
        _set("borders", "b", 0, 10**30),
        "border 'b12' names the zone in a row 31 digits long, which is not on the map",
    ),
    "a border's end written 1.0": (_set("borders", "a", 0, 1.0), "borders.a[0]: should be a whole number, not 1.0"),
    "a border joining a zone to itself": (
        _set("borders", "b", 0, 0),
        "border 'b12' joins zone 'z1' to itself",
    ),
    "two zones of one id": (_set("zones", "id", 1, "z1"), "two zones have the id 'z1'"),
    "two borders of one id": (_set("borders", "id", 1, "b12"), "two borders have the id 'b12'"),
    "an id that is a number": (_set("zones", "id", 1, 2), "zones[1].id: should be a text in quotes, not a number"),
    "an id that is null": (_set("borders", "id", 0, None), "borders[0].id: should be a text in quotes, not null"),
    "a flag that is null": (
        lambda d: d["zones"].__setitem__("fogged", [None, False, False]),
        "zones[0].fogged: should be true or false, not null",
    ),
    "a column no map has": (
        lambda d: d["zones"].__setitem__("colour", ["#000000"] * 3),
        "zones: has a column 'colour' no map has",
    ),
    "the zones without ids": (lambda d: d["zones"].pop("id"), "zones: has no column of ids"),
    "the borders as a list": (
        lambda d: d.__setitem__("borders", []),
        'borders: should be the borders\' columns {"id": [...], ...}, not a list',
    ),
    "nodes fewer than the zones without points": (
        lambda d: d["zones"].update(point_counts=[0, 4, 4], points=d["zones"]["points"][8:]),
        "zones.nodes: holds 0 nodes where 1 zone has no points",
    ),
    "nodes where every zone is a polygon, none of them read": (
        lambda d: d["zones"].__setitem__("nodes", [0]),
        "zones.nodes: holds 1 node where 0 zones have no points",
    ),
    "a name nested past the cap": (
        _set("zones", "name", 0, json.loads("[" * 40 + "]" * 40)),
        "is nested too deeply (at most 32 levels)",
    ),
    "format 6 zones in a format 5 file": (
        lambda d: d.__setitem__("format_version", 5),
        "zones: should be a list in brackets [...], not an object",
    ),
    "format 5 zones in a format 6 file": (
        lambda d: d.__setitem__("zones", [{"id": "z1", "shape": {"kind": "node", "x": 0, "y": 0}}]),
        'zones: should be the zones\' columns {"id": [...], ...}, not a list',
    ),
    "a newer format": (
        lambda d: d.__setitem__("format_version", FORMAT_VERSION + 1),
        f"was written by a newer Tabletop (format version {FORMAT_VERSION + 1}; this version reads up to "
        f"{FORMAT_VERSION}): update Tabletop to open it",
    ),
}


@pytest.mark.parametrize(("change", "said"), REFUSED.values(), ids=REFUSED.keys())
def test_columns_that_hold_no_map_are_refused_in_one_line(change, said):
    refused = refusal(warehouse_with(change), NAME)
    assert said in refused
    assert not re.search(r"\d{25}", refused), "a long number is said by its length"


OPENS = {
    "a coordinate of -0.0": _set("zones", "points", 0, -0.0),
    "the least float": _set("zones", "points", 1, 5e-324),
    "encoded -0.0": _points(_coordinate(0, -0.0)),
    "encoded, the least float": _points(_coordinate(1, 5e-324)),
    "encoded at the bound": _points(_coordinate(16, -MAX_COORDINATE)),
    "an id of 200 letters": _set("zones", "id", 1, "i" * 200),
    "no borders at all": lambda d: d.pop("borders"),
}


@pytest.mark.parametrize("change", OPENS.values(), ids=OPENS.keys())
def test_a_value_at_the_edge_opens_and_is_saved_as_it_was_read(change):
    raw = warehouse_with(change)
    opened = map_from_bytes(raw, NAME)
    again = map_from_bytes(map_to_text(opened).encode(), NAME)
    assert again == opened and map_to_text(again) == map_to_text(opened)
    kept = [value for zone in opened.zones for point in zone.shape.points for value in point]
    assert list(map(_bits, kept)) == list(map(_bits, _numbers(json.loads(raw)["zones"]["points"]))), "the sign of 0 too"


def _numbers(points: list[float] | str) -> list[float]:
    """The coordinates a file holds, listed or encoded."""
    if isinstance(points, list):
        return points
    raw = base64.b64decode(points)
    return list(struct.unpack(f"<{len(raw) // 8}d", raw))


def _bits(number: float) -> bytes:
    return struct.pack("<d", number)
