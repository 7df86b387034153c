"""The exported JSON Schema accepts every sample map and refuses a broken one."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tabletop.io import map_schema


def test_every_sample_map_fits_the_schema(maps_dir):
    validator = jsonschema.Draft202012Validator(map_schema())
    for path in sorted(maps_dir.glob("*.tabletop")):
        validator.validate(json.loads(path.read_text()))


def test_the_schema_refuses_a_negative_pass_value(maps_dir):
    document = json.loads((maps_dir / "warehouse.tabletop").read_text())
    document["borders"][0]["passages"][0]["cost_from_a"] = -1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, map_schema())
