"""Growing a grid off an edge from its tile set, reproducibly, and trimming back to 3x3."""

from __future__ import annotations

import pytest

from tabletop.model import Map, SetupMark
from tabletop.rules import grow, grow_to, trim
from tabletop.rules.growth import edges_toward, fill, outside_window
from tabletop.samples import af_encounter


@pytest.fixture
def encounter() -> Map:
    return af_encounter()


@pytest.mark.parametrize(
    ("edge", "bounds"),
    [("north", (-1, 0, 2, 2)), ("south", (0, 0, 3, 2)), ("west", (0, -1, 2, 2)), ("east", (0, 0, 2, 3))],
)
def test_each_edge_grows_by_one_row_or_column(encounter, edge, bounds):
    grown = grow(encounter.grids[0], encounter.tile_sets[0], edge)
    assert grown.tile_bounds() == bounds
    assert len(grown.tiles) == 12 and grown.draws == 3
    Map(grids=[grown], tile_sets=encounter.tile_sets)  # still a valid grid


def test_new_tiles_come_from_the_tile_set(encounter):
    tile_set = encounter.tile_sets[0]
    grown = grow(encounter.grids[0], tile_set, "east")
    names = {t.name for t in tile_set.tiles}
    allowed = [d.properties for d in tile_set.random_properties]
    for tile in grown.tiles[9:]:
        assert tile.name in names
        assert all(s.properties in allowed for s in tile.segments)


def test_growth_is_reproducible_and_draws_advance(encounter):
    grid, tile_set = encounter.grids[0], encounter.tile_sets[0]
    once = grow(grow(grid, tile_set, "east"), tile_set, "east")
    again = grow(grow(grid, tile_set, "east"), tile_set, "east")
    assert once == again
    first, second = once.tiles[9:12], once.tiles[12:15]
    assert [t.model_dump(exclude={"col"}) for t in first] != [t.model_dump(exclude={"col"}) for t in second]


def test_another_seed_draws_other_tiles(encounter):
    grid, tile_set = encounter.grids[0], encounter.tile_sets[0]
    draws = {
        tuple(t.name for t in grow(grid.model_copy(update={"seed": s}), tile_set, "south").tiles[9:]) for s in range(8)
    }
    assert len(draws) > 1


def test_moving_off_an_edge_grows_just_enough(encounter):
    grid = encounter.grids[0]
    assert edges_toward(grid, 7, 15) == ["east"]
    assert edges_toward(grid, -6, -1) == ["north", "north", "west"]
    grown = grow_to(grid, encounter.tile_sets[0], 16, 7)
    assert grown.has_area(16, 7) and grown.tile_bounds() == (0, 0, 3, 2)


def test_trimming_keeps_the_window_with_the_most_tokens(encounter):
    tile_set = encounter.tile_sets[0]
    grid = grow(grow(encounter.grids[0], tile_set, "east"), tile_set, "east")
    tokens = [(2, 17), (7, 19), (12, 24), (7, 3)]
    trimmed = trim(grid, tokens)
    assert trimmed.tile_bounds() == (0, 2, 2, 4)
    assert len(trimmed.tiles) == 9
    assert {(t.row, t.col): t for t in trimmed.tiles}[(0, 3)] == {(t.row, t.col): t for t in grid.tiles}[(0, 3)]


def test_an_empty_grid_trims_back_to_where_it_began(encounter):
    tile_set = encounter.tile_sets[0]
    grid = grow(grow(encounter.grids[0], tile_set, "north"), tile_set, "west")
    assert trim(grid, []).tile_bounds() == (0, 0, 2, 2)


def test_filling_with_the_same_seed_gives_equal_grids(encounter):
    grid, tile_set = encounter.grids[0], encounter.tile_sets[0]
    once, again = fill(grid, tile_set, 42), fill(grid, tile_set, 42)
    assert once == again
    assert once.seed == 42 and once.draws == 9 and once.tile_set == tile_set.id
    assert sorted((t.row, t.col) for t in once.tiles) == sorted((t.row, t.col) for t in grid.tiles)
    names = {t.name for t in tile_set.tiles}
    assert all(t.name in names for t in once.tiles)


def test_other_seeds_fill_other_grids_and_growth_goes_on_from_the_fill(encounter):
    grid, tile_set = encounter.grids[0], encounter.tile_sets[0]
    layouts = {tuple(t.name for t in fill(grid, tile_set, seed).tiles) for seed in range(6)}
    assert len(layouts) > 1
    grown = grow(fill(grid, tile_set, 3), tile_set, "east")
    assert grown.draws == 12
    assert grown == grow(fill(grid, tile_set, 3), tile_set, "east")


def test_trimming_drops_start_marks_on_tiles_cut_away(encounter):
    tile_set = encounter.tile_sets[0]
    grid = grow(encounter.grids[0], tile_set, "east")
    grid = grid.model_copy(update={"starts": [SetupMark(side="band", tiles=[(0, 0), (0, 3)], edges=["west"])]})
    trimmed = trim(grid, [(2, 17), (7, 19)])
    assert trimmed.tile_bounds() == (0, 1, 2, 3)
    assert trimmed.starts == [SetupMark(side="band", tiles=[(0, 3)], edges=["west"])]
    assert outside_window(trimmed, {"kell": (7, 3), "raider": (7, 19)}) == ["kell"]
