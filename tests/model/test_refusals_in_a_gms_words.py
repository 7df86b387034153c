"""The model's rarer refusals in a GM's words, never pydantic's: a word not among the choices, a
shape without its kind, a number too long to read, a colour not written #rrggbb, a radius of 0."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop.model import Map
from tabletop.model.wording import describe

NODE = {"kind": "node", "x": 0, "y": 0}


@pytest.mark.parametrize(
    ("zone", "said"),
    [
        ({"shape": {"points": [[0, 0], [1, 0], [1, 1]]}}, 'zones[0].shape: should say what kind it is ("kind": ...)'),
        ({"shape": {"kind": "blob"}}, 'zones[0].shape: has a "kind" Tabletop does not know: it should be one of'),
        ({"shape": {**NODE, "radius": 0}}, "zones[0].shape.node.radius: should be more than 0, not 0"),
        ({"shape": NODE, "fill": {"colour": "red"}}, "zones[0].fill.colour: should be a colour written #rrggbb"),
        ({"shape": NODE, "fill": {"pattern": "stripes"}}, "zones[0].fill.pattern: should be one of solid, hatch"),
        ({"shape": NODE, "fill": 3}, "zones[0].fill: should be an object in braces {...}, not a number"),
    ],
)
def test_a_refusal_says_what_the_file_should_hold(zone, said):
    with pytest.raises(ValidationError) as refused:
        Map.model_validate({"zones": [{"id": "a", **zone}]})
    line = describe(refused.value)
    assert line.startswith(said), line
    assert "Input should" not in line and "Unable to" not in line and "String should" not in line
