"""Areas and tiles named as a GM reads them without a legend: a column letter then a row number
from the grid's top-left area (A1), whatever way the grid has grown; the old global "ROW,COL"
still read; anything else refused in one line naming the grid and its span."""

from __future__ import annotations

import pytest

from tabletop.model import AreaLocation, EncounterGrid, Tile
from tabletop.rules.area_names import (
    area_from_text,
    area_name,
    area_words,
    letters,
    tile_from_text,
    tile_name,
    tiles_from_text,
)
from tabletop.rules.growth import grow
from tests.rules.af_play import creek
from tests.rules.af_steps import last, play, started


def _grid(rows: int, cols: int) -> EncounterGrid:
    return EncounterGrid(id="g", name="The creek", tiles=[Tile(row=r, col=c) for r in range(rows) for c in range(cols)])


def test_the_top_left_area_is_a1_and_a_name_is_column_letter_then_row_number():
    grid = _grid(3, 3)
    assert area_name(grid, 0, 0) == "A1"
    assert area_name(grid, 4, 2) == "C5", "row 4, column 2: the third column, the fifth row"
    assert area_name(grid, 14, 14) == "O15"
    assert area_words(grid, 4, 2) == "area C5"
    assert tile_name(grid, 0, 0) == "A1" and tile_name(grid, 2, 1) == "B3"


def test_columns_after_z_go_on_as_aa_ab():
    grid = _grid(1, 6)  # 30 columns of areas
    assert [area_name(grid, 0, c) for c in (24, 25, 26, 27, 29)] == ["Y1", "Z1", "AA1", "AB1", "AD1"]
    assert [letters(i) for i in (0, 25, 26, 51, 52, 701, 702)] == ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]
    assert area_from_text(grid, "AB1") == (0, 27)


def test_after_grow_north_or_west_the_same_area_is_named_from_the_new_top_left():
    map_ = creek()
    grid, tile_set = map_.grids[0], map_.tile_sets[0]
    assert area_name(grid, 4, 2) == "C5"
    north = grow(grid, tile_set, "north")
    assert north.area_bounds()[0] == -5, "growth north gives negative global rows"
    assert area_name(north, 4, 2) == "C10", "a row of tiles (five areas) added above it"
    assert area_name(north, -5, 0) == "A1", "the new top-left area"
    assert tile_name(north, 0, 0) == "A2" and tile_name(north, -1, 0) == "A1"
    west = grow(north, tile_set, "west")
    assert area_name(west, 4, 2) == "H10" and area_name(west, -5, -5) == "A1"
    assert area_from_text(west, "H10") == (4, 2) and area_from_text(west, "4,2") == (4, 2)


def test_every_name_reads_back_to_its_area_and_tile():
    map_ = creek()
    grid = grow(grow(map_.grids[0], map_.tile_sets[0], "north"), map_.tile_sets[0], "west")
    r0, c0, r1, c1 = grid.area_bounds()
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            assert area_from_text(grid, area_name(grid, row, col)) == (row, col)
    t0, u0, t1, u1 = grid.tile_bounds()
    for row in range(t0, t1 + 1):
        for col in range(u0, u1 + 1):
            assert tile_from_text(grid, tile_name(grid, row, col)) == (row, col)


@pytest.mark.parametrize("text", ["C5", "c5", " C5 ", "area C5", "Area c5", "4,2", " 4, 2 ", "area 4,2"])
def test_an_area_is_read_by_its_name_or_by_the_old_row_comma_col(text):
    assert area_from_text(_grid(3, 3), text) == (4, 2)


@pytest.mark.parametrize("text", ["B3", "b3", "tile B3", "2,1", " 2 , 1 "])
def test_a_tile_is_read_by_its_name_or_by_the_old_row_comma_col(text):
    assert tile_from_text(_grid(3, 3), text) == (2, 1)


def test_tiles_typed_in_one_field_are_each_read_once():
    assert tiles_from_text(_grid(3, 3), "B1 b2; 2,0 B1") == [(0, 1), (1, 1), (2, 0)]


def test_an_area_not_on_the_grid_is_refused_in_one_line_naming_the_grid_and_its_span():
    with pytest.raises(ValueError) as refused:
        area_from_text(_grid(3, 3), "Z99")
    assert str(refused.value) == "'Z99' is not an area of The creek (A1 to O15)"
    with pytest.raises(ValueError) as refused:
        tile_from_text(_grid(3, 3), "D1")
    assert str(refused.value) == "'D1' is not a tile of The creek (tiles A1 to C3)"


@pytest.mark.parametrize(
    "text",
    ["C0", "C16", "P1", "15,0", "-1,0", "", "C", "5", "C5 D6", "5C", "tile C5", "C5,", "x" * 500, "C5\nD6", "1,2,3"],
)
def test_anything_else_is_refused_in_one_short_line(text):
    with pytest.raises(ValueError) as refused:
        area_from_text(_grid(3, 3), text)
    said = str(refused.value)
    assert "\n" not in said and len(said) < 100
    assert said.endswith("is not an area of The creek (A1 to O15)")


def test_an_area_past_the_edge_is_named_from_the_nearest_area_on_the_grid():
    grid = _grid(3, 3)
    assert area_words(grid, 4, 16) == "the area 2 east of O5"
    assert area_words(grid, -1, 20) == "the area 1 north and 6 east of O1"
    assert area_name(grid, 20, -3) == "6 south and 3 west of A15"


def test_a_play_step_may_name_its_area():
    map_ = play(started(), {"do": "act", "actor": "Mira", "action": "maneuver", "to": "E10", "facing": 90})
    assert map_.token("mira").location == AreaLocation(grid="creek", row=9, col=4)
    assert last(map_).target == "area E10", "the log keeps the area as the GM read it"


def test_a_play_step_naming_no_area_of_the_grid_is_refused_in_one_line():
    with pytest.raises(ValueError) as refused:
        play(started(), {"do": "act", "actor": "Mira", "action": "maneuver", "to": "Z99"})
    assert str(refused.value) == "to: 'Z99' is not an area of The creek (A1 to O15)"


def test_arrivals_may_be_placed_by_the_areas_name():
    start = {"do": "start", "system": "af", "tokens": ["Mira", "Kell"], "reflexes": {"Mira": 5, "Kell": 3}}
    add = {"do": "add", "tokens": ["Raider archer"], "reflexes": {"Raider archer": 4}, "to": "H1"}
    map_ = play(creek(), start, {"do": "end_exchange"}, add)
    assert map_.token("archer").location == AreaLocation(grid="creek", row=0, col=7)
