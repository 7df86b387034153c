"""Any bytes either load or raise MapFileError with one line naming the file and the problem."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.io import MAX_NESTING, MapFileError, load_map, map_from_bytes, map_to_text
from tabletop.samples import SAMPLES
from tests.strategies import maps

NAME = "broken.tabletop"


def _refusal(raw: bytes) -> str:
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(raw, NAME)
    return str(caught.value)


def _loads_or_refuses_in_one_line(raw: bytes) -> None:
    try:
        map_from_bytes(raw, NAME)
    except MapFileError as error:
        message = str(error)
        assert message.startswith(f"{NAME}: ")
        assert "\n" not in message
        assert len(message) < 400


def test_truncated_file_says_it_may_be_cut_short(maps_dir):
    raw = (maps_dir / "warehouse.tabletop").read_bytes()
    message = _refusal(raw[: len(raw) // 2])
    assert message.startswith(f"{NAME}: is not valid JSON")
    assert "cut short" in message


def test_random_bytes_are_not_utf8():
    assert "is not UTF-8 text" in _refusal(bytes(range(128, 256)))


def test_deep_nesting_is_refused():
    assert "nested too deeply" in _refusal(b'{"format_version": 1, "notes": ' + b"[" * 100000 + b"]" * 100000 + b"}")


def test_nesting_just_past_the_limit_is_refused():
    deep = "[" * MAX_NESTING + "]" * MAX_NESTING
    assert "nested too deeply" in _refusal(f'{{"format_version": 1, "notes": {deep}}}'.encode())


def test_newer_format_version_is_refused_clearly():
    message = _refusal(b'{"format_version": 99, "title": "from the future"}')
    assert "newer Tabletop (format version 99" in message
    assert "update Tabletop" in message


def test_not_a_map():
    assert "has no format_version" in _refusal(b'{"title": "x"}')
    assert "top level is not an object" in _refusal(b"[1, 2]")
    assert "is empty" in _refusal(b"  \n")


def test_nan_and_duplicate_keys_are_refused():
    assert "NaN is not a number" in _refusal(b'{"format_version": 1, "zones": [], "x": NaN}')
    assert 'the key "title" appears twice' in _refusal(b'{"format_version": 1, "title": "a", "title": "b"}')


def test_a_hostile_value_cannot_flood_or_garble_the_message():
    message = _refusal(
        b'{"format_version": 1, "zones": [{"id": "z", "shape": {"kind": "' + b"\\u001b[2J" * 300 + b'"}}]}'
    )
    assert len(message) < 300 and "\x1b" not in message and "[2J" not in message, "the hostile kind is not echoed"


def test_validation_problem_names_where_in_the_file():
    raw = json.loads(map_to_text(SAMPLES["warehouse"]()))
    raw["borders"]["passage_kinds"][0]["cost_from_b"] = -3
    message = _refusal(json.dumps(raw).encode())
    assert "borders.passage_kinds[0].cost_from_b: a pass value of -3" in message
    raw = json.loads(map_to_text(SAMPLES["warehouse"]()))
    raw["zones"]["name"][2] = 7
    assert "zones[2].name: should be a text in quotes" in _refusal(json.dumps(raw).encode())


def test_missing_file_and_folder_name_the_path(tmp_path):
    with pytest.raises(MapFileError, match="cannot be read"):
        load_map(tmp_path / "absent.tabletop")
    with pytest.raises(MapFileError, match="is a folder"):
        load_map(tmp_path)


@given(st.binary(max_size=400))
@settings(max_examples=300)
def test_random_bytes_load_or_refuse_in_one_line(raw):
    _loads_or_refuses_in_one_line(raw)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@given(
    st.dictionaries(
        st.sampled_from(["format_version", "title", "zones", "borders", "tokens", "grids"]),
        json_values,
    )
)
@settings(max_examples=300)
def test_random_json_loads_or_refuses_in_one_line(document):
    _loads_or_refuses_in_one_line(json.dumps(document).encode())


def _mutations(document):
    """Every path to a value in the document, so one can be replaced."""
    stack = [((), document)]
    while stack:
        path, value = stack.pop()
        yield path
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))


@given(maps(max_zones=4), st.data())
@settings(max_examples=200)
def test_mutated_valid_maps_load_or_refuse_in_one_line(map_, data):
    document = json.loads(map_to_text(map_))
    paths = [p for p in _mutations(document) if p]
    path = data.draw(st.sampled_from(paths))
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values)
    _loads_or_refuses_in_one_line(json.dumps(document).encode())


@pytest.mark.parametrize("whole_text", [True, False], ids=["parsed whole", "searched line by line"])
def test_a_key_written_twice_is_placed_at_the_object_that_holds_it(maps_dir, monkeypatch, whole_text):
    """In a 10k-zone file "the key appears twice" alone cannot be found: the refusal names
    the line and column where the object holding it opens."""
    from tabletop.io import load_map, map_from_bytes, map_to_text, places

    if not whole_text:
        monkeypatch.setattr(places, "WHOLE_TEXT", 0)  # as for a big file
    text = map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop"))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"name":"Gatto"' in row)
    doubled = text.replace('"name":"Gatto"', '"name":"Gatto","name":"Bay"', 1)
    with pytest.raises(MapFileError, match=rf'at line {line}, column 3: the key "name" appears twice in one object'):
        map_from_bytes(doubled.encode(), "doubled.tabletop")
    # inside a column: a zone's aspect on the line of the zones' aspects
    aspect = '{"name":"Labyrinth of racks"'
    line, row = next((n, row) for n, row in enumerate(text.splitlines(), 1) if aspect in row)
    doubled = text.replace(aspect, aspect + ',"name":"Bay"', 1)
    column = row.index(aspect) + 1
    with pytest.raises(MapFileError, match=rf'at line {line}, column {column}: the key "name" appears twice'):
        map_from_bytes(doubled.encode(), "doubled.tabletop")
    # a format 5 file indented by hand, as GMs wrote them: the zone opens on its own line
    pretty = json.dumps(
        {**load_map(maps_dir / "warehouse.tabletop").model_dump(mode="json"), "format_version": 5}, indent=1
    )
    opening = next(n for n, row in enumerate(pretty.splitlines(), 1) if '"West end"' in row) - 2
    doubled = pretty.replace('"name": "West end",', '"name": "West end", "name": "Bay",', 1)
    if whole_text:
        with pytest.raises(MapFileError, match=rf'at line {opening}, column 3: the key "name" appears twice'):
            map_from_bytes(doubled.encode(), "doubled.tabletop")
    else:  # no line of it is a whole object: the key is still named, without a place
        with pytest.raises(MapFileError, match=r'is not valid JSON: the key "name" appears twice'):
            map_from_bytes(doubled.encode(), "doubled.tabletop")
