"""Places named as words after the map: `tabletop path MAP Hall Office`, as a GM types it,
the same answer as --from/--to; areas the same way on a grid; --shifts as the toolbar says it."""

from __future__ import annotations

import json

import pytest

from tests.cli.run import tabletop


def _json(capsys, *argv):
    result = tabletop(capsys, *argv, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_path_between_two_zones_named_after_the_map(capsys, maps_dir):
    room = str(maps_dir / "room-with-door.tabletop")
    words = _json(capsys, "path", room, "Hall", "Office")
    options = _json(capsys, "path", room, "--from", "hall", "--to", "office")
    assert words == options and words["cost"] == 3 and words["path"] == ["hall", "office"]
    assert _json(capsys, "path", room, "--json", "Office", "Hall")["path"] == ["office", "hall"]


def test_a_start_after_the_map_for_reach_and_range_and_shifts_as_the_budget(capsys, maps_dir):
    warehouse = str(maps_dir / "warehouse.tabletop")
    reach = _json(capsys, "reach", warehouse, "West end", "--shifts", "6")
    assert reach == _json(capsys, "reach", warehouse, "--from", "z1", "--budget", "6")
    assert reach["budget"] == 6 and reach["from"]["name"] == "West end"
    assert _json(capsys, "range", warehouse, "middle")["from"]["id"] == "z2"


def test_areas_after_the_map_on_a_grid_even_after_the_options(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    words = _json(capsys, "path", creek, "--grid", "creek", "--speed", "6", "D8", "F8")
    options = _json(capsys, "path", creek, "--grid", "creek", "--speed", "6", "--from-area", "D8", "--to-area", "F8")
    assert words == options and words["path"][0] == [7, 3] and words["path"][-1] == [7, 5]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["path", "{room}", "Hall", "--from", "office"], "given twice"),
        (["path", "{room}", "Hall"], "MAP FROM TO"),
        (["path", "{creek}", "--grid", "creek", "--speed", "3", "D8", "east"], "'east' is not an area of The creek"),
        (["path", "{creek}", "--grid", "creek", "--speed", "3", "D8", "Z99"], "(A1 to O15)"),
        (["path", "{creek}", "--grid", "creek", "--speed", "3", "D8", "E8", "--to-area", "F8"], "given twice"),
    ],
)
def test_a_place_missing_or_given_twice_is_one_usage_line(capsys, maps_dir, argv, said):
    files = {"room": maps_dir / "room-with-door.tabletop", "creek": maps_dir / "af-encounter.tabletop"}
    result = tabletop(capsys, *(word.format(**files) for word in argv))
    assert result.code == 2 and result.err.count("\n") == 1 and said in result.err


def test_a_word_too_many_is_still_refused(capsys, maps_dir):
    result = tabletop(capsys, "path", str(maps_dir / "room-with-door.tabletop"), "Hall", "Office", "Attic")
    assert result.code == 2 and "unrecognized arguments: Attic" in result.err
