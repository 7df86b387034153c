"""Records (model/record.py) check their fields in the order a file gives them, by keyword
only, as the pydantic models they replaced did."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text
from tabletop.model import Border, PolygonShape, StressTrack, Zone


def test_a_zones_first_problem_named_is_the_first_in_its_fields_order():
    """A zone without an id whose aspect holds a bad number: the missing id comes first in the
    file's order and is what a GM is told, as before zones were records."""
    raw = (
        b'{"format_version":3,"zones":[{"name":"Hall","aspects":[{"name":"Dark","free_invokes":5000}],'
        b'"shape":{"kind":"node","x":0,"y":0}}]}'
    )
    with pytest.raises(MapFileError, match=r"zones\[0\]\.id: is required and missing \(and 1 more problem\)"):
        map_from_bytes(raw, "hall.tabletop")
    with pytest.raises(ValidationError) as refused:
        Border.model_validate({"a": "z1", "b": "z2", "passages": [{"cost_from_a": -1}], "aspects": 3})
    assert [problem["loc"][0] for problem in refused.value.errors()] == ["id", "passages", "aspects"]


@pytest.mark.parametrize(
    ("kind", "given"),
    [(Zone, {"id": "z", "shape": {"kind": "node", "x": 0, "y": 0}}), (StressTrack, {"name": "health"})],
)
def test_a_records_fields_are_given_by_name_only(kind, given):
    """Field() fields too: taken by position, a list handed to a zone would become its aspects."""
    with pytest.raises(ValidationError, match="Unexpected positional argument"):
        kind([], **given)


def test_fields_given_by_field_keep_their_bounds():
    with pytest.raises(ValidationError, match="at least 3 items"):
        PolygonShape(points=[(0, 0), (1, 1)])
    with pytest.raises(ValidationError, match="marks box 9"):
        StressTrack(name="health", marked=[9])
    assert Border(id="b", a="x", b="y").passages[0].cost_from_a == 1


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('"fill":{', '"fill":3,"x":{', r"zones\[0\]\.fill: should be an object in braces \{\.\.\.\}, not a number"),
        ('"door":null', '"door":[]', r"borders\[0\]\.passages\[0\]\.door: should be an object .*, not a list"),
        ('"speeds":{', '"speeds":"fast","x":{', r"tokens\[0\]\.speeds: should be an object .*, not a text"),
        ('"background":null', '"background":true', r"background: should be an object .*, not true$"),
    ],
    ids=["a zone's fill", "a passage's door", "a token's speeds", "the background"],
)
def test_something_not_an_object_is_said_alike_for_records_and_models(maps_dir, old, new, said):
    """Records and models once said it two ways, each naming a class (FillStyle, Speeds)."""
    _refused_with(maps_dir, old, new, said)


def _refused_with(maps_dir, old: str, new: str, said: str) -> None:
    """A sample map as format 5 wrote it (a zone and a border an object each, read by the model
    one by one) with `old` changed to `new` is refused, saying `said`."""
    text = _format_5(maps_dir)
    assert old in text
    with pytest.raises(MapFileError, match=said):
        map_from_bytes(text.replace(old, new, 1).encode(), "odd.tabletop")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('"hidden":false', '"hidden":"maybe"', r"zones\[0\]\.hidden: should be true or false, not a text$"),
        ('"cost_from_a":3', '"cost_from_a":2.5', r"borders\[0\]\.passages\[0\]\.cost_from_a: should be a whole number"),
        (
            '"points":[',
            '"points":7,"x":[',
            r"zones\[0\]\.shape\.polygon\.points: should be a list in brackets \[\.\.\.\], not a number",
        ),
        ('"name":"Middle"', '"name":4', r"zones\[1\]\.name: should be a text in quotes, not a number$"),
    ],
    ids=["a flag", "a pass value", "a polygon's points", "a name"],
)
def test_a_value_of_the_wrong_kind_is_said_in_the_files_words(maps_dir, old, new, said):
    _refused_with(maps_dir, old, new, said)


def _format_5(maps_dir) -> str:
    dump = load_map(maps_dir / "warehouse-conflict.tabletop").model_dump(mode="json")
    return json.dumps({**dump, "format_version": 5}, separators=(",", ":"))


def test_one_more_problem_is_said_in_the_singular(maps_dir):
    """Two problems in one zone (a list's check stops at its first refused item, so two in one)."""
    text = _format_5(maps_dir)
    twice = text.replace('"hidden":false,"fogged":false', '"hidden":"maybe","fogged":"maybe"', 1)
    with pytest.raises(MapFileError, match=r"\(and 1 more problem\)$"):
        map_from_bytes(twice.encode(), "odd.tabletop")


def test_a_text_cut_short_says_so(maps_dir):
    text = map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop"))
    cut = text[: text.index('"Middle"') + 4]
    assert cut.count('"') % 2
    with pytest.raises(MapFileError, match=r"a text starts here and is never closed \(is the file cut short"):
        map_from_bytes(cut.encode(), "cut.tabletop")


def test_copies_with_one_field_set_are_model_copies_checked_once():
    """Fog All's copies: each the zone with `fogged` set, the others' fields the very same
    objects (as model_copy shares them), the originals untouched; a value the field refuses is
    refused; a record whose checks read other fields (a polygon's area) is checked one by one."""
    from tabletop.model.record import copies_with
    from tests.maps import zone_map

    zones = zone_map(30).zones
    copies = copies_with(zones, "fogged", True)
    assert copies == [zone.model_copy(update={"fogged": True}) for zone in zones]
    assert all(c.fogged and c.shape is z.shape and c.aspects is z.aspects for c, z in zip(copies, zones, strict=True))
    assert not any(zone.fogged for zone in zones) and copies[3] is not zones[3]
    with pytest.raises(ValidationError):
        copies_with(zones, "name", "two\nlines")
    shapes = [zone.shape for zone in zones[:3]]
    assert PolygonShape.__pydantic_decorators__.model_validators, "its area is checked with its points"
    square = [(0.0, 0.0), (5.0, 0.0), (5.0, 5.0), (0.0, 5.0)]
    assert copies_with(shapes, "points", square) == [s.model_copy(update={"points": square}) for s in shapes]
    with pytest.raises(ValidationError):
        copies_with(shapes, "points", [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])
    assert copies_with([], "fogged", True) == []


def test_copies_with_a_mutable_value_get_a_value_each():
    """A list given to every copy would be one list in all of them: such a value is checked,
    and copied, for each, as model_copy does."""
    from tabletop.model.record import copies_with
    from tests.maps import zone_map

    zones = zone_map(3).zones
    copies = copies_with(zones, "aspects", [])
    assert len({id(zone.aspects) for zone in copies}) == len(zones)
