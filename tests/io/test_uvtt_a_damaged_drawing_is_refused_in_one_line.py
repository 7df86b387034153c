"""A Universal VTT file that is damaged or no such file is refused in one line naming the file
and the problem, before anything is made: not JSON, a field missing or of the wrong type, a
count past the caps, a picture that is not one or is too big to decode."""

from __future__ import annotations

import base64
import struct

import pytest

from tabletop.io import MapFileError
from tabletop.io.uvtt import MAX_PORTALS, MAX_WALLS, read_universal_vtt
from tests.io.uvtt_drawings import drawing, portal, two_rooms, wall, written


def _refusal(tmp_path, document) -> str:
    path = written(tmp_path, "drawn.dd2vtt", document)
    with pytest.raises(MapFileError) as refused:
        read_universal_vtt(path)
    said = str(refused.value)
    assert said.startswith(f"{path}: ") and "\n" not in said
    return said.removeprefix(f"{path}: ")


def _without(*keys: str) -> dict:
    document = two_rooms()
    for key in keys:
        holder = document
        *path, last = key.split(".")
        for step in path:
            holder = holder[step]
        del holder[last]
    return document


def _with(key: str, value) -> dict:
    document = two_rooms()
    holder = document
    *path, last = key.split(".")
    for step in path:
        holder = holder[step]
    holder[last] = value
    return document


def test_a_good_drawing_reads(tmp_path):
    vtt = read_universal_vtt(written(tmp_path, "drawn.dd2vtt", two_rooms()))
    assert (vtt.size, vtt.pixels_per_square, len(vtt.walls), len(vtt.portals), vtt.lights) == ((8, 4), 10, 3, 1, 2)
    assert (vtt.picture.kind, vtt.picture.width, vtt.picture.height) == ("png", 80, 40)


@pytest.mark.parametrize(
    ("document", "said"),
    [
        (b"\x89PNG\r\n\x1a\n not text", "is not UTF-8 text"),
        ('{"format": 0.3, ', "is not valid JSON"),
        ("[1, 2]", "holds JSON but not a Universal VTT file"),
        ('{"format": 1, "format": 2}', "is not valid JSON"),
        ("", "is empty"),
    ],
)
def test_a_file_that_is_not_json_is_refused(tmp_path, document, said):
    assert said in _refusal(tmp_path, document)


@pytest.mark.parametrize(
    ("document", "said"),
    [
        (_without("format"), "has no 'format': not a Universal VTT file"),
        (_without("resolution"), "has no 'resolution': not a Universal VTT file"),
        (_without("resolution.map_size"), "has no 'resolution.map_size'"),
        (_with("format", "0.3"), "'format' is not a number"),
        (_with("resolution", [1, 2]), "'resolution' is not an object"),
        (_with("resolution.map_size", {"x": 8}), "resolution.map_size is not a point: it needs numbers x and y"),
        (_with("resolution.map_size", {"x": 0, "y": 4}), "resolution.map_size is 0 x 4 squares: a map is from 1"),
        (_with("resolution.map_size", {"x": 1e-9, "y": 1e-9}), "a map is from 1 to 1,000 squares a side"),
        (_with("resolution.map_size", {"x": 1e6, "y": 4}), "far past any map"),
        (_with("resolution.pixels_per_grid", True), "resolution.pixels_per_grid must be a number"),
        (_with("resolution.pixels_per_grid", 0), "resolution.pixels_per_grid must be a number"),
        (_with("line_of_sight", {"x": 1}), "line_of_sight is not a list of walls"),
        (_with("line_of_sight", [[{"x": 1, "y": "2"}]]), "line_of_sight[0][0] is not a point"),
        (_with("line_of_sight", [[{"x": 1, "y": 2}], 5]), "line_of_sight[1] is not a list of points"),
        (_with("portals", [{"bounds": [{"x": 1, "y": 1}]}]), "portals[0].bounds must be a list of two points"),
        (_with("portals", [portal((1, 1), (2, 1), closed="yes")]), "closed and freestanding must be true or false"),
        (_with("lights", "many"), "lights must be a list"),
    ],
)
def test_a_field_missing_or_of_the_wrong_type_is_named(tmp_path, document, said):
    assert said in _refusal(tmp_path, document)


def test_counts_past_the_caps_are_refused(tmp_path):
    many_walls = drawing((4, 4), [wall((0, 0), (1, 1))] * (MAX_WALLS + 1), picture=False)
    assert f"has {MAX_WALLS + 1:,} walls" in _refusal(tmp_path, many_walls)
    many_doors = drawing((4, 4), [], [portal((0, 0), (1, 0))] * (MAX_PORTALS + 1), picture=False)
    assert f"has {MAX_PORTALS + 1:,} portals" in _refusal(tmp_path, many_doors)
    long_wall = drawing((4, 4), [wall(*[(0, 0), (1, 1)] * 500_001)], picture=False)
    assert "its walls have more than 1,000,000 points in all" in _refusal(tmp_path, long_wall)


def test_an_image_that_is_not_a_picture_is_refused(tmp_path):
    text = base64.b64encode(b"<html>not a picture</html>").decode()
    assert _refusal(tmp_path, _with("image", text)) == "'image' is not a PNG or WebP picture"
    assert _refusal(tmp_path, _with("image", 42)) == "'image' is not a text (a base64 picture)"
    assert _refusal(tmp_path, _with("image", "%%%%")) == "'image' is not base64 text: the picture is damaged"


def test_a_picture_too_big_to_decode_is_refused_by_its_header(tmp_path):
    header = struct.pack(">IIBBBBB", 40_000, 40_000, 8, 2, 0, 0, 0)
    bomb = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + header + b"\0" * 4
    document = _with("image", base64.b64encode(bomb).decode())
    document["resolution"]["map_size"] = {"x": 400, "y": 400}
    document["resolution"]["pixels_per_grid"] = 100
    assert _refusal(tmp_path, document) == "its picture is 40000 x 40000 pixels; at most 64 megapixels"


def test_a_picture_of_another_size_than_the_map_is_refused(tmp_path):
    document = _with("resolution.pixels_per_grid", 50)
    assert "its picture is 80 x 40 pixels, not the map's 400 x 200" in _refusal(tmp_path, document)


def test_a_drawing_without_a_picture_reads(tmp_path):
    assert read_universal_vtt(written(tmp_path, "drawn.uvtt", _without("image"))).picture is None


def test_a_data_address_without_its_picture_is_refused(tmp_path):
    said = _refusal(tmp_path, _with("image", "data:image/png;base64"))
    assert said == "'image' is a data: address with no picture after it: the picture is missing"
    whole = two_rooms()["image"]
    assert read_universal_vtt(written(tmp_path, "ok.dd2vtt", _with("image", f"data:image/png;base64,{whole}"))).picture


def test_a_png_cut_short_or_with_a_byte_changed_is_refused(tmp_path):
    raw = base64.b64decode(two_rooms()["image"])
    changed = bytearray(raw)
    changed[60] ^= 0xFF  # inside the picture's data: its checksum no longer holds
    for damaged in (raw[:60], raw[:-12], bytes(changed)):
        said = _refusal(tmp_path, _with("image", base64.b64encode(damaged).decode()))
        assert said == "its PNG picture is cut short or damaged"
