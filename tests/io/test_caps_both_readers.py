"""The quick reader (io/bulk_read.py, with io/counting.py's validators) keeps the caps the exact
reader keeps: a text, a list of aspects or a map's points past its cap is never taken the quick
way, and is refused in the exact way's one line; one at its cap is read the quick way, equal."""

from __future__ import annotations

import json

import pytest

from tabletop.io import map_from_bytes, map_to_text
from tabletop.io import read as read_module
from tabletop.io.bulk_read import read_current
from tabletop.model import map as map_module
from tabletop.model.base import MAX_ASPECTS, MAX_LINE, MAX_TEXT
from tabletop.samples import SAMPLES
from tests.io.damage import outcome, pairs_tree, tabletop_layout
from tests.maps import zone_map

CAPPED = [
    ("a zone's name", ("zones", 5, "name"), "N" * MAX_LINE, "N" * (MAX_LINE + 1)),
    ("a zone's description", ("zones", 2, "description"), "d\n" * (MAX_TEXT // 2), "d\n" * (MAX_TEXT // 2) + "x"),
    ("a zone's notes", ("zones", 7, "gm_notes"), "é" * MAX_TEXT, "é" * (MAX_TEXT + 1)),
    ("a border's label", ("borders", 3, "label"), "L" * MAX_LINE, "L" * (MAX_LINE + 1)),
    ("a passage's label", ("borders", 4, "passages", 0, "label"), "P" * MAX_LINE, "P" * (MAX_LINE + 1)),
    ("the title", ("title",), "T" * MAX_LINE, "T" * (MAX_LINE + 1)),
    ("the notes", ("notes",), "n" * MAX_TEXT, "n" * (MAX_TEXT + 1)),
    ("a zone's aspects", ("zones", 1, "aspects"), [{"name": "Smoke"}] * MAX_ASPECTS, [{"name": "Smoke"}] * 51),
    ("a border's aspects", ("borders", 1, "aspects"), [{"name": "A" * MAX_LINE}], [{"name": "A" * 201}]),
]


def _document() -> dict:
    return json.loads(map_to_text(zone_map(40)))


def _raw(path: tuple, value) -> bytes:
    document = _document()
    target = document
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return _written(document)


def _written(document: dict) -> bytes:
    """The document in the layout Tabletop writes (one zone or border a line), so the quick
    reader's by-lines parsing takes it up when asked to."""
    return tabletop_layout(pairs_tree(json.dumps(document))).encode()


@pytest.mark.parametrize(("what", "path", "at_cap", "past_cap"), CAPPED, ids=[case[0] for case in CAPPED])
def test_the_quick_reader_keeps_the_exact_readers_caps(what, path, at_cap, past_cap, parsing):
    kept = _raw(path, at_cap)
    quick = read_current(kept)
    assert quick is not None, f"{what} at its cap was not read the quick way"
    assert quick == read_module._map_from_bytes(kept, "<map>")
    refused = _raw(path, past_cap)
    assert read_current(refused) is None, f"{what} past its cap was taken the quick way"
    said = outcome(map_from_bytes, refused)
    assert said == outcome(read_module._map_from_bytes, refused)
    assert said.startswith("refused: damaged.tabletop: ") and "at most" in said and "\n" not in said


def test_the_quick_reader_keeps_the_maps_cap_on_points(parsing, monkeypatch):
    """Lowered for the test to the generated map's own points: one more is refused both ways."""
    document = _document()
    points = sum(len(zone["shape"]["points"]) for zone in document["zones"])
    monkeypatch.setattr(map_module, "MAX_MAP_POINTS", points)
    kept = _written(document)
    assert read_current(kept) == read_module._map_from_bytes(kept, "<map>")
    document["zones"][9]["shape"]["points"].append([1.0, 1.0])
    refused = _written(document)
    assert read_current(refused) is None
    said = outcome(map_from_bytes, refused)
    assert said == outcome(read_module._map_from_bytes, refused)
    assert said.endswith(f"the map's polygons have {points + 1:,} points together; a map has at most {points:,}")


def test_every_sample_at_the_caps_is_read_the_quick_way():
    """Names and notes at their caps in a map as the samples hold them: read quick, equal."""
    for build in SAMPLES.values():
        document = json.loads(map_to_text(build()))
        document["title"], document["notes"] = "T" * MAX_LINE, "n" * MAX_TEXT
        for zone in document["zones"]:
            zone["name"], zone["description"] = "Z" * MAX_LINE, "D" * MAX_TEXT
        raw = _written(document)
        assert read_current(raw) == read_module._map_from_bytes(raw, "<map>")
