"""The saved file: the same JSON as the model's own dump, the zones and borders in columns, one
column or token to a line,
and a number that is not one refused at save rather than written as null."""

from __future__ import annotations

import copy
import json
import math

import pytest

from tabletop.io import MapFileError, load_map, map_to_text, save_map
from tabletop.io.columns import BORDER_COLUMNS, ZONE_COLUMNS
from tabletop.model import FORMAT_VERSION, Border, Zone
from tabletop.samples import SAMPLES


def _unchecked(obj, **changes):
    """A copy with values set past the checks (a copy checks its update): what a slip in a
    rule could still hand the saver, which must refuse it."""
    new = copy.copy(obj)
    for name, value in changes.items():
        object.__setattr__(new, name, value)
    return new


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_file_holds_the_models_own_dump_with_zones_and_borders_in_columns(name):
    """Each zone's and border's field is its row of the field's column (or the default, where
    the file leaves the column out); a border's zones are their rows; the rest is the dump."""
    map_ = SAMPLES[name]()
    written, dump = json.loads(map_to_text(map_)), map_.model_dump(mode="json")
    rows = {zone["id"]: row for row, zone in enumerate(dump["zones"])}
    for kind, fields in (("zones", ZONE_COLUMNS), ("borders", BORDER_COLUMNS)):
        columns, items = written.pop(kind), dump.pop(kind)
        assert columns["id"] == [item["id"] for item in items]
        for field in fields:
            default = Zone.model_fields[field] if kind == "zones" else Border.model_fields[field]
            left_out = default.default_factory() if default.default_factory else default.default
            assert columns.get(field, [left_out] * len(items)) == [item[field] for item in items]
    assert columns["a"] == [rows[border.a] for border in map_.borders]
    assert written == dump


def test_each_column_and_token_is_one_line_of_its_own():
    map_ = SAMPLES["warehouse"]()
    lines = map_to_text(map_).splitlines()
    for item in map_.tokens:
        line = next(line for line in lines if f'"id":"{item.id}"' in line)
        assert json.loads(line.strip().rstrip(",")) == item.model_dump(mode="json")
    zone_ids = next(line for line in lines if line.startswith('  "id": ["'))
    assert json.loads("{" + zone_ids.rstrip(",") + "}")["id"] == [zone.id for zone in map_.zones]
    assert lines[1] == f' "format_version": {FORMAT_VERSION},'


def test_a_map_with_empty_lists_is_valid_json():
    map_ = SAMPLES["warehouse"]().model_copy(update={"tokens": [], "grids": []})
    assert json.loads(map_to_text(map_))["tokens"] == []


def test_a_number_that_is_not_one_is_refused_at_save_and_the_old_file_kept(tmp_path):
    map_ = SAMPLES["warehouse"]()
    path = tmp_path / "w.tabletop"
    save_map(map_, path)
    zone = map_.zones[0]
    shape = _unchecked(zone.shape, points=[(math.nan, 0.0), (10.0, 0.0), (10.0, 10.0)])
    broken = map_.model_copy(update={"zones": [_unchecked(zone, shape=shape), *map_.zones[1:]]})
    with pytest.raises(MapFileError, match="could not be saved: the map holds a value that cannot be written"):
        save_map(broken, path)
    assert load_map(path) == map_
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.tabletop"]


def test_an_infinite_facing_of_a_token_standing_nowhere_is_refused():
    map_ = SAMPLES["warehouse"]()
    token = _unchecked(map_.tokens[0], facing=math.inf, location=None)
    broken = map_.model_copy(update={"tokens": [token]})
    with pytest.raises(MapFileError, match="cannot be written"):
        map_to_text(broken)
