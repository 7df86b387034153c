"""A map holds only numbers a map can mean: coordinates, sizes, speeds and costs are bounded,
the file says which number is out of bounds in one line, and the schema says the bounds."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tabletop.io import MapFileError, map_from_bytes, map_schema, map_to_text
from tabletop.model.base import MAX_COORDINATE, MAX_GAME_NUMBER, MAX_POINTS
from tabletop.samples import SAMPLES


def _document(name: str = "warehouse") -> dict:
    return json.loads(map_to_text(SAMPLES[name]()))


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
    assert schema["Speeds"]["properties"]["run"]["maximum"] == MAX_GAME_NUMBER
    passage = schema["Passage"]["properties"]["cost_from_a"]
    assert {"type": "integer", "minimum": 0, "maximum": MAX_GAME_NUMBER} in passage["anyOf"]
    assert schema["Door"]["properties"]["open_cost"]["maximum"] == MAX_GAME_NUMBER


def test_the_schema_refuses_what_the_loader_refuses():
    validator = jsonschema.Draft202012Validator(map_schema())
    for sample, path, value, _ in CASES:
        assert not validator.is_valid(_set(_document(sample), path, value)), path
    assert not validator.is_valid(_set(_document(), ("zones", 0, "name"), "red\x1b[31m"))
    assert validator.is_valid(_set(_document(), ("zones", 0, "gm_notes"), "two\nlines\tand a tab"))


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
