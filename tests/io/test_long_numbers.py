"""A number too long for Python to read (over 4,300 digits) or for a map to mean is refused in
one line in a GM's words, naming the file and where the number is: it gave Python's own
message ("Exceeds the limit (4300 digits) for integer string conversion ...")."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.io import MapFileError, load_map, map_from_bytes
from tabletop.io.tilesets import tile_set_from_bytes
from tabletop.samples import SAMPLES

HUGE, LONG = "9" * 5000, "9" * 4000
"""Past Python's limit for reading a whole number, and under it but far past any map's."""


def _map_with(old: str, new: str) -> bytes:
    text = json.dumps(
        {"format_version": 3, "title": "", "zones": [{"id": "a", "shape": {"kind": "node", "x": 0, "y": 0}}]}
    )
    assert old in text
    return text.replace(old, new).encode()


def _refusal(raw: bytes, read=map_from_bytes, name: str = "long.tabletop") -> str:
    with pytest.raises(MapFileError) as caught:
        read(raw, name)
    message = str(caught.value)
    assert message.startswith(f"{name}: ") and "\n" not in message and len(message) < 300
    assert "4300" not in message and "sys." not in message
    return message


@pytest.mark.parametrize("number", [HUGE, f"-{HUGE}"])
@pytest.mark.parametrize("field", ['"x": 0', '"format_version": 3', '"title": ""'])
def test_a_number_past_4300_digits_is_refused_where_it_stands(field, number):
    raw = _map_with(field, f"{field.split(':')[0]}: {number}")
    column = raw.decode().index(number) + 1
    message = _refusal(raw)
    said = f"holds a number 5000 digits long at line 1, column {column}"
    assert message == f"long.tabletop: {said}: no number on a map has more than a few digits"


def test_a_long_coordinate_and_a_long_version_are_said_without_their_digits():
    coordinate = _refusal(_map_with('"x": 0', f'"x": {LONG}'))
    assert (
        coordinate == "long.tabletop: zones[0].shape.node.x: a number 4000 digits long is far past any a map can hold"
    )
    version = _refusal(_map_with('"format_version": 3', f'"format_version": {LONG}'))
    assert version == "long.tabletop: has an unknown format_version (a number 4000 digits long)"
    past = _refusal(_map_with('"x": 0', f'"x": {HUGE}.5'))
    assert past == "long.tabletop: zones[0].shape.node.x: a number past 1e308 is far past any a map can hold"


def test_a_tile_set_and_the_check_command_say_the_same(tmp_path, capsys):
    path = tmp_path / "long.tabletop"
    path.write_bytes(_map_with('"x": 0', f'"x": {HUGE}'))
    with pytest.raises(MapFileError, match="holds a number 5000 digits long at line 1"):
        load_map(path)
    assert main(["check", str(path)]) != 0
    said = capsys.readouterr().err.strip()
    assert said.startswith(f"{path}: holds a number 5000 digits long") and "\n" not in said
    tiles = json.loads(json.dumps(SAMPLES["af-encounter"]().tile_sets[0].model_dump(mode="json")))
    text = json.dumps({"format_version": 1, "tile_set": tiles}).replace(
        '"format_version": 1', f'"format_version": {HUGE}'
    )
    message = _refusal(text.encode(), tile_set_from_bytes, "forest.tiles")
    assert message.startswith("forest.tiles: holds a number 5000 digits long at line 1, column 20:")
