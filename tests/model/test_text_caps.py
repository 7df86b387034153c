"""Every text a map holds has a cap a GM never meets: one past it is refused in one line naming
the field and the cap, one at it is kept; so are the aspects one thing carries and the points
of all of a map's polygons together."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from tabletop.io import MapFileError, map_from_bytes, map_to_text
from tabletop.model import FORMAT_VERSION, Aspect, Map, PolygonShape, Zone, whole_map
from tabletop.model.base import MAX_ASPECTS, MAX_LINE, MAX_MAP_POINTS, MAX_TEXT
from tabletop.model.wording import describe, words
from tabletop.play_samples import PLAY_SAMPLES
from tabletop.samples import SAMPLES
from tests.model.test_bounds import _set

LINES = [
    ("warehouse", ("title",)),
    ("warehouse", ("zones", 1, "name")),
    ("warehouse", ("tokens", 0, "name")),
    ("warehouse", ("tokens", 0, "side")),
    ("warehouse", ("borders", 0, "label")),
    ("warehouse", ("borders", 0, "passages", 0, "label")),
    ("warehouse-conflict", ("conflict", "log", 0, "actor")),
    ("warehouse-conflict", ("conflict", "participants", 0, "side")),
    ("af-encounter", ("grids", 0, "name")),
]
"""One-line texts: names, titles, labels, sides."""
TEXTS = [
    ("warehouse", ("notes",)),
    ("warehouse", ("zones", 1, "description")),
    ("warehouse", ("zones", 1, "gm_notes")),
    ("warehouse-conflict", ("conflict", "story")),
    ("warehouse-conflict", ("conflict", "log", 0, "story")),
]
"""Texts of many lines: notes, descriptions, stories."""


def _document(sample: str) -> dict:
    """The sample as a file of format 5 kept it, a zone and a border an object each: read by the
    model one by one (io/migrate.py), so every cap is the model's own."""
    return {**{**SAMPLES, **PLAY_SAMPLES}[sample]().model_dump(mode="json"), "format_version": 5}


def _where(path: tuple) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip(".")


def _refusal(document: dict) -> str:
    with pytest.raises(MapFileError) as refused:
        map_from_bytes(json.dumps(document).encode(), "long.tabletop")
    return str(refused.value)


@pytest.mark.parametrize(("sample", "path"), LINES, ids=lambda case: _where(case) if isinstance(case, tuple) else case)
def test_a_name_past_its_cap_is_refused_in_one_line_naming_the_field_and_the_cap(sample, path):
    message = _refusal(_set(_document(sample), path, "N" * 2_000_000))
    assert message == (
        f"long.tabletop: {_where(path)}: is 2,000,000 characters long; a name, title or label is at most {MAX_LINE:,}"
    )


@pytest.mark.parametrize(("sample", "path"), TEXTS, ids=lambda case: _where(case) if isinstance(case, tuple) else case)
def test_a_note_past_its_cap_is_refused_in_one_line_naming_the_field_and_the_cap(sample, path):
    message = _refusal(_set(_document(sample), path, "line\n" * (MAX_TEXT // 5) + "x"))
    assert message == (
        f"long.tabletop: {_where(path)}: is {MAX_TEXT + 1:,} characters long; "
        f"a note, description or story is at most {MAX_TEXT:,}"
    )


@pytest.mark.parametrize(
    ("sample", "path"), LINES + TEXTS, ids=lambda case: _where(case) if isinstance(case, tuple) else case
)
def test_a_text_at_its_cap_is_kept_whole(sample, path):
    cap = MAX_TEXT if (sample, path) in TEXTS else MAX_LINE
    text = ("é" * (cap - 1)) + "!"  # characters, not bytes: twice as many bytes as the cap
    loaded = map_from_bytes(json.dumps(_set(_document(sample), path, text)).encode())
    assert loaded.model_dump(mode="json") == {**_set(_document(sample), path, text), "format_version": FORMAT_VERSION}
    assert map_from_bytes(map_to_text(loaded).encode()) == loaded


def test_an_aspect_name_past_its_cap_and_too_many_aspects_are_refused():
    document = _document("warehouse")
    document["zones"][1]["aspects"] = [{"name": "Smoke"}] * MAX_ASPECTS
    assert len(map_from_bytes(json.dumps(document).encode()).zones[1].aspects) == MAX_ASPECTS
    document["zones"][1]["aspects"].append({"name": "One too many"})
    assert _refusal(document) == (
        f"long.tabletop: zones[1].aspects: holds {MAX_ASPECTS + 1:,} aspects; at most {MAX_ASPECTS} on one zone, "
        "border or token"
    )
    document["zones"][1]["aspects"] = [{"name": "S" * (MAX_LINE + 1)}]
    assert _refusal(document).endswith(
        f"zones[1].aspects[0].name: is {MAX_LINE + 1} characters long; a name, title or label is at most {MAX_LINE}"
    )


def test_a_name_past_its_cap_in_the_columns_is_refused_naming_the_zone():
    document = json.loads(map_to_text(SAMPLES["warehouse"]()))
    document["zones"]["name"][1] = "N" * 2_000_000
    assert _refusal(document) == (
        f"long.tabletop: zones[1].name: is 2,000,000 characters long; a name, title or label is at most {MAX_LINE:,}"
    )


def test_an_edit_past_a_cap_is_refused_as_a_file_is():
    zone = Zone(id="z", name="Hall", shape=PolygonShape(points=[(0, 0), (10, 0), (0, 10)]))
    with pytest.raises(ValidationError) as refused:
        zone.model_copy(update={"name": "N" * (MAX_LINE + 1)})
    assert words(refused.value) == f"is {MAX_LINE + 1} characters long; a name, title or label is at most {MAX_LINE}"
    assert zone.model_copy(update={"name": "N" * MAX_LINE}).name == "N" * MAX_LINE
    with pytest.raises(ValidationError) as refused:
        zone.model_copy(update={"aspects": [Aspect(name="Smoke")] * (MAX_ASPECTS + 1)})
    assert "aspects" in describe(refused.value)


def test_a_map_whose_polygons_have_too_many_points_together_is_refused(monkeypatch):
    """The cap is the map's (a million and more points would take seconds to build here), so it
    is lowered for the test: the check reads it when it runs."""
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    zones = [Zone(id=f"z{k}", shape=PolygonShape(points=square)) for k in range(3)]
    monkeypatch.setattr(whole_map, "MAX_MAP_POINTS", 12)
    assert len(Map(zones=zones).zones) == 3  # 12 points: at the cap
    with pytest.raises(ValidationError) as refused:
        Map(zones=[*zones, Zone(id="z3", shape=PolygonShape(points=square[:3]))])
    assert describe(refused.value) == "the map's polygons have 15 points together; a map has at most 12"
    document = json.loads(map_to_text(Map(zones=zones)))
    document["zones"]["point_counts"][0] += 1
    document["zones"]["points"][8:8] = [0.0, 5.0]
    raw = json.dumps(document).encode()
    with pytest.raises(MapFileError, match=r"^many\.tabletop: the map's polygons have 13 points together; "):
        map_from_bytes(raw, "many.tabletop")
    assert MAX_MAP_POINTS >= 2_000_000  # twenty points for each zone of a 100k-zone city


def test_the_schema_says_the_caps():
    from tabletop.io import map_schema

    zones = map_schema()["properties"]["zones"]["properties"]
    assert zones["name"]["items"]["maxLength"] == MAX_LINE
    assert zones["aspects"]["items"]["maxItems"] == MAX_ASPECTS
    schema = map_schema()["$defs"]
    assert schema["Zone"]["properties"]["name"]["maxLength"] == MAX_LINE
    assert schema["Zone"]["properties"]["description"]["maxLength"] == MAX_TEXT
    assert schema["Zone"]["properties"]["aspects"]["maxItems"] == MAX_ASPECTS
    assert schema["Aspect"]["properties"]["name"]["maxLength"] == MAX_LINE
    assert schema["LogEntry"]["properties"]["story"]["maxLength"] == MAX_TEXT
    assert schema["Conflict"]["properties"]["scene_aspects"]["maxItems"] == MAX_ASPECTS
