"""An encounter grid laid over a drawing where the GM asks for one: an area a square of the
drawing, its first area on the drawing's top left square, in as few whole tiles of 5x5 areas as
cover it; the walls fall on the areas' edges. A drawing wider than a grid may be is refused in
one line, and nothing is written."""

from __future__ import annotations

import pytest

from tabletop.geometry.single.shapes import area_rect
from tabletop.geometry.whole.room_zones import SQUARE, GridTooBig, covering_grid, drawn_map
from tabletop.io.uvtt import read_universal_vtt
from tabletop.model.grids import MAX_TILES, TILE_AREAS
from tests.io.uvtt_drawings import corridor, drawing, two_rooms, wall, written


@pytest.mark.parametrize(
    ("squares", "tiles"),
    [((8, 4), (2, 1)), ((16, 6), (4, 2)), ((22, 14), (5, 3)), ((5, 5), (1, 1)), ((3, 2), (1, 1)), ((10, 15), (2, 3))],
)
def test_the_fewest_whole_tiles_cover_the_drawing(squares, tiles):
    grid = covering_grid((0.0, 0.0, *map(float, squares)))
    r0, c0, r1, c1 = grid.tile_bounds()
    assert (c1 - c0 + 1, r1 - r0 + 1) == tiles
    assert (r0, c0) == (0, 0) and grid.origin == (0.0, 0.0) and grid.area_size == SQUARE
    cols, rows = tiles
    assert cols * TILE_AREAS >= squares[0] > (cols - 1) * TILE_AREAS
    assert rows * TILE_AREAS >= squares[1] > (rows - 1) * TILE_AREAS


def test_each_area_is_a_square_of_the_drawing_and_the_walls_lie_on_their_edges(tmp_path):
    read = read_universal_vtt(written(tmp_path, "corridor.dd2vtt", corridor()))
    map_, summary = drawn_map(read, None, "corridor", grid=True)
    (grid,) = map_.grids
    assert summary.endswith(", an encounter grid of 4 x 2 tiles over its squares")
    for row, col in [(0, 0), (2, 7), (5, 15)]:
        assert area_rect(grid, row, col) == (col * SQUARE, row * SQUARE, SQUARE, SQUARE)
    edges_x = {c * SQUARE for c in range(TILE_AREAS * 4 + 1)}
    room = next(z for z in map_.zones if z.name == "Room 1")
    assert {x for x, _ in room.shape.points} <= edges_x, "the room's walls run along the areas' edges"


def test_no_grid_unless_asked(tmp_path):
    read = read_universal_vtt(written(tmp_path, "cellar.dd2vtt", two_rooms()))
    map_, summary = drawn_map(read, None)
    assert map_.grids == [] and "grid" not in summary


def test_a_drawing_off_the_origin_has_its_grid_on_its_own_squares(tmp_path):
    document = drawing((6, 4), [wall((3, 2), (9, 2), (9, 6), (3, 6), (3, 2))])
    document["resolution"]["map_origin"] = {"x": 3, "y": 2}
    read = read_universal_vtt(written(tmp_path, "moved.dd2vtt", document))
    map_, _ = drawn_map(read, None, grid=True)
    (grid,) = map_.grids
    (room,) = map_.zones
    xs, ys = zip(*room.shape.points, strict=True)
    assert grid.origin == (min(xs), min(ys)) == (0.0, 0.0)
    assert grid.tile_bounds() == (0, 0, 0, 1)


def test_a_drawing_too_big_for_a_grid_is_refused_in_one_line():
    long = covering_grid((0.0, 0.0, 1_000.0, 20.0))
    assert long.tile_bounds() == (0, 0, 3, 199), "a long drawing of few tiles is covered"
    with pytest.raises(GridTooBig) as refused:
        covering_grid((0.0, 0.0, 1_000.0, 100.0))
    assert str(refused.value) == (
        "the drawing is 1000 x 100 squares, 200 x 20 tiles of 5 x 5: "
        f"an encounter grid holds at most {MAX_TILES:,} tiles"
    )
