"""The saved file: the same JSON as the model's own dump, one zone, border or token to a line,
and a number that is not one refused at save rather than written as null."""

from __future__ import annotations

import copy
import json
import math

import pytest

from tabletop.io import MapFileError, load_map, map_to_text, save_map
from tabletop.model import FORMAT_VERSION
from tabletop.samples import SAMPLES


def _unchecked(obj, **changes):
    """A copy with values set past the checks (a copy checks its update): what a slip in a
    rule could still hand the saver, which must refuse it."""
    new = copy.copy(obj)
    for name, value in changes.items():
        object.__setattr__(new, name, value)
    return new


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_file_holds_the_models_own_dump(name):
    map_ = SAMPLES[name]()
    assert json.loads(map_to_text(map_)) == map_.model_dump(mode="json")


def test_each_zone_border_and_token_is_one_line_of_its_own():
    map_ = SAMPLES["warehouse"]()
    lines = map_to_text(map_).splitlines()
    for kind in ("zones", "borders", "tokens"):
        for item in getattr(map_, kind):
            line = next(line for line in lines if f'"id":"{item.id}"' in line)
            assert json.loads(line.strip().rstrip(",")) == item.model_dump(mode="json")
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
