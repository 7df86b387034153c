"""Areas on the command line as a GM reads them: `tabletop path MAP --grid creek C5 E5` (column
letter, row number from the top-left A1), the old global ROW,COL still taken, and every area the
answers name written the same way."""

from __future__ import annotations

import json

from tests.cli.run import tabletop


def test_path_between_two_areas_named_after_the_map(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    result = tabletop(capsys, "path", creek, "--grid", "creek", "C5", "E5", "--speed", "6")
    assert result.code == 0, result.err
    assert result.out == "cost 2: C5 -> D5 -> E5\n"
    data = json.loads(tabletop(capsys, "path", creek, "--grid", "creek", "c5", "e5", "--speed", "6", "--json").out)
    assert data["path"][0] == [4, 2] and data["path"][-1] == [4, 4], "JSON keeps the global [row, col]"


def test_the_old_row_comma_col_is_still_read_and_answered_in_names(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    old = tabletop(capsys, "path", creek, "--grid", "creek", "7,3", "7,5", "--speed", "6")
    new = tabletop(capsys, "path", creek, "--grid", "creek", "D8", "F8", "--speed", "6")
    assert old.code == 0 and old.out == new.out == "cost 2: D8 -> E8 -> F8\n"
    mixed = tabletop(capsys, "path", creek, "--grid", "creek", "--from-area", "7,3", "--to-area", "F8", "--speed", "6")
    assert mixed.out == new.out


def test_reach_and_range_name_their_areas(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    reach = tabletop(capsys, "reach", creek, "--grid", "creek", "--from-area", "A1", "--speed", "1").out.splitlines()
    named = [line.split()[-1] for line in reach[1:]]
    assert reach[0] == f"From area A1 of creek, run 1: {len(named)} areas"
    assert {"A1", "A2", "B1"} <= set(named) <= {"A1", "A2", "B1", "B2"}, "the top-left corner and its neighbours"
    ranges = tabletop(capsys, "range", creek, "--token", "kell").out
    assert ranges.startswith("From area D8 of creek:\n"), "Kell stands at row 7, column 3"


def test_info_names_the_area_a_token_stands_on(capsys, maps_dir):
    text = tabletop(capsys, "info", str(maps_dir / "af-encounter.tabletop")).out
    assert "Kell (band) in grid The creek area D8" in text
    data = json.loads(tabletop(capsys, "info", "--json", str(maps_dir / "af-encounter.tabletop")).out)
    assert next(t for t in data["tokens"] if t["id"] == "kell")["location"] == "grid creek area D8"


def test_an_area_off_the_grid_is_one_line_naming_the_file_and_the_grids_span(capsys, maps_dir):
    creek = maps_dir / "af-encounter.tabletop"
    for area in ("P1", "15,0", "A0"):
        result = tabletop(capsys, "reach", str(creek), "--grid", "creek", "--from-area", area, "--speed", "2")
        assert result.code == 2 and result.err.count("\n") == 1 and "Traceback" not in result.err
        assert f"{creek}: '{area}' is not an area of The creek (A1 to O15)" in result.err
