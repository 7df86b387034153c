"""A map holds only numbers a map can mean: coordinates, sizes, speeds and costs are bounded,
the file says which number is out of bounds in one line, and the schema says the bounds."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tabletop.io import MapFileError, map_from_bytes, map_schema, map_to_text
from tabletop.io.column_writing import encoded
from tabletop.model.base import MAX_COORDINATE, MAX_GAME_NUMBER, MAX_POINTS
from tabletop.samples import SAMPLES


def _document(name: str = "warehouse") -> dict:
    """The sample as a file of format 5 kept it, a zone and a border an object each: read by the
    model one by one (io/migrate.py), so every bound is the model's own."""
    return {**SAMPLES[name]().model_dump(mode="json"), "format_version": 5}


def _columns(name: str = "warehouse", listed: bool = True) -> dict:
    """The sample as this Tabletop writes it, zones and borders in columns; its coordinates
    listed as numbers, or (`listed` False) encoded as a big map's are."""
    document = json.loads(map_to_text(SAMPLES[name]()))
    if not listed:
        document["zones"]["points"] = encoded(document["zones"]["points"], len(document["zones"]["points"]))
    return document


def _set(document: dict, path: tuple, value) -> dict:
    target = document
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return document


CASES = [
    ("warehouse", ("zones", 0, "shape", "points", 0, 0), 3e9, "a coordinate of 3e+09 is off the map"),
    ("warehouse", ("zones", 0, "shape", "points", 0, 1), -1e308, "a coordinate of -1e+308 is off the map"),
    ("nephrite-net", ("zones", 0, "shape", "y"), 1.5 * MAX_COORDINATE, "a coordinate of 150000 is off the map"),
    ("nephrite-net", ("zones", 0, "shape", "radius"), 1e7, "a radius of 1e+07 is more than a map can mean"),
    ("warehouse", ("tokens", 0, "speeds", "run"), 10**8, "a run speed of 100000000 is more than a map can mean"),
    ("warehouse", ("tokens", 0, "reach"), 10**6, "a reach of 1000000 is more than a map can mean"),
    ("warehouse", ("borders", 0, "passages", 0, "cost_from_a"), 1001, "a pass value of 1001 is more than"),
    ("warehouse", ("borders", 0, "passages", 0, "cost_from_b"), -1, "a pass value of -1 is less than"),
]


@pytest.mark.parametrize(("sample", "path", "value", "said"), CASES, ids=lambda c: str(c)[:30])
def test_a_number_out_of_bounds_is_refused_in_one_gm_line(sample, path, value, said):
    raw = json.dumps(_set(_document(sample), path, value)).encode()
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(raw, "big.tabletop")
    message = str(caught.value)
    assert message.startswith("big.tabletop: ") and "\n" not in message
    assert said in message


@pytest.mark.parametrize("listed", [True, False], ids=["listed", "encoded"])
@pytest.mark.parametrize(("point", "axis", "value", "said"), [(0, 0, 3e9, "3e+09"), (5, 1, -1e308, "-1e+308")])
def test_a_coordinate_out_of_bounds_in_the_columns_is_named_by_its_zone_and_point(listed, point, axis, value, said):
    """The flat list of every polygon's coordinates: the refusal names the zone and its point, as
    a file of zones one by one did, in the same words."""
    document = _columns(listed=True)
    counts = document["zones"]["point_counts"]
    document["zones"]["points"][2 * point + axis] = value
    if not listed:
        document["zones"]["points"] = encoded(document["zones"]["points"], len(document["zones"]["points"]))
    zone = next(row for row in range(len(counts)) if sum(counts[: row + 1]) > point)
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(document).encode(), "big.tabletop")
    where = f"zones[{zone}].shape.points[{point - sum(counts[:zone])}][{axis}]"
    off = f"a coordinate of {said} is off the map (at most 100000 map units either way)"
    assert str(caught.value) == f"big.tabletop: {where}: {off}"


def test_a_pass_value_out_of_bounds_in_the_columns_names_its_passage_kind():
    document = _columns()
    document["borders"]["passage_kinds"][0]["cost_from_a"] = 1001
    with pytest.raises(MapFileError, match=r"borders\.passage_kinds\[0\]\.cost_from_a: a pass value of 1001 is more"):
        map_from_bytes(json.dumps(document).encode(), "big.tabletop")


def test_a_door_that_costs_too_much_to_open_is_refused():
    document = _document("room-with-door")
    door = next(p for b in document["borders"] for p in b["passages"] if p["door"])
    door["door"]["open_cost"] = 10**9
    with pytest.raises(MapFileError, match="a door's cost to open of 1000000000 is more than a map can mean"):
        map_from_bytes(json.dumps(document).encode(), "door.tabletop")


def test_the_largest_numbers_a_map_can_mean_still_load():
    document = _document("warehouse")
    _set(document, ("zones", 0, "shape", "points", 0, 0), -MAX_COORDINATE)
    _set(document, ("tokens", 0, "speeds", "run"), MAX_GAME_NUMBER)
    _set(document, ("borders", 0, "passages", 0, "cost_from_a"), MAX_GAME_NUMBER)
    loaded = map_from_bytes(json.dumps(document).encode())
    assert loaded.zones[0].shape.points[0][0] == -MAX_COORDINATE
    assert loaded.tokens[0].speeds.run == MAX_GAME_NUMBER


def test_a_polygon_with_too_many_points_is_refused():
    document = _document("warehouse")
    document["zones"][0]["shape"]["points"] = [[i % 2, i] for i in range(MAX_POINTS + 1)]
    with pytest.raises(MapFileError, match=r"zones\[0\]\.shape.*: holds 10,001 points; a polygon has at most 10,000$"):
        map_from_bytes(json.dumps(document).encode(), "many.tabletop")


def test_a_grid_with_far_apart_tiles_is_refused_without_building_the_gap():
    document = _document("af-encounter")
    tiles = document["grids"][0]["tiles"]
    tiles.append({**tiles[0], "row": 999, "col": 999})
    with pytest.raises(MapFileError, match="gap"):
        map_from_bytes(json.dumps(document).encode(), "far.tabletop")
    tiles[-1]["row"] = 10**9
    with pytest.raises(MapFileError, match="row"):
        map_from_bytes(json.dumps(document).encode(), "far.tabletop")


def test_the_schema_says_the_bounds():
    schema = map_schema()["$defs"]
    assert schema["NodeShape"]["properties"]["x"]["maximum"] == MAX_COORDINATE
    assert schema["NodeShape"]["properties"]["radius"]["maximum"] > 0
    assert schema["PolygonShape"]["properties"]["points"]["maxItems"] == MAX_POINTS
    zones = map_schema()["properties"]["zones"]["properties"]
    assert zones["point_counts"]["items"]["maximum"] == MAX_POINTS
    assert {"maximum": MAX_COORDINATE, "minimum": -MAX_COORDINATE, "type": "number"} in [
        option.get("items") for option in zones["points"]["anyOf"]
    ]
    assert schema["Speeds"]["properties"]["run"]["maximum"] == MAX_GAME_NUMBER
    passage = schema["Passage"]["properties"]["cost_from_a"]
    assert {"type": "integer", "minimum": 0, "maximum": MAX_GAME_NUMBER} in passage["anyOf"]
    assert schema["Door"]["properties"]["open_cost"]["maximum"] == MAX_GAME_NUMBER


def test_the_schema_refuses_what_the_loader_refuses():
    validator = jsonschema.Draft202012Validator(map_schema())
    for sample, path, value in COLUMN_CASES:
        assert validator.is_valid(_columns(sample)), sample
        assert not validator.is_valid(_set(_columns(sample), path, value)), path
    assert not validator.is_valid(_set(_columns(), ("zones", "name", 0), "red\x1b[31m"))
    notes = _columns()
    notes["zones"]["gm_notes"] = ["two\nlines\tand a tab"] * len(notes["zones"]["id"])
    assert validator.is_valid(notes)


COLUMN_CASES = [
    ("warehouse", ("zones", "points", 0), 3e9),
    ("warehouse", ("zones", "point_counts", 0), MAX_POINTS + 1),
    ("nephrite-net", ("zones", "nodes", 0, "radius"), 1e7),
    ("warehouse", ("tokens", 0, "speeds", "run"), 10**8),
    ("warehouse", ("borders", "passage_kinds", 0, "cost_from_b"), -1),
    ("warehouse", ("borders", "a", 0), -1),
]
"""The cases above as a file of format 6 holds them, in its columns: the schema refuses each."""


def test_a_grid_that_reaches_off_the_map_is_refused():
    document = _document("af-encounter")
    grid = document["grids"][0]
    grid["origin"] = [MAX_COORDINATE - 100, 0]
    with pytest.raises(MapFileError, match=r"grids\[0\]: grid '.*' reaches off the map"):
        map_from_bytes(json.dumps(document).encode(), "grid.tabletop")
    grid["origin"] = [0, 0]
    grid["area_size"] = 1000
    grid["tiles"] = [{**tile, "row": tile["row"] + 900} for tile in grid["tiles"]]
    with pytest.raises(MapFileError, match="reaches off the map"):
        map_from_bytes(json.dumps(document).encode(), "grid.tabletop")
