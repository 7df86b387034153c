"""The exported JSON Schema accepts every sample map as Tabletop writes it and refuses a broken one."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tabletop.io import load_map, map_schema, map_to_text


def test_every_sample_map_fits_the_schema(maps_dir):
    validator = jsonschema.Draft202012Validator(map_schema())
    for path in sorted(maps_dir.glob("*.tabletop")):
        validator.validate(json.loads(map_to_text(load_map(path))))


def test_the_schema_refuses_a_negative_pass_value(maps_dir):
    document = json.loads(map_to_text(load_map(maps_dir / "warehouse.tabletop")))
    document["borders"]["passage_kinds"][0]["cost_from_a"] = -1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, map_schema())
