"""`tabletop import --grid` lays an encounter grid over the drawing's squares and says so in its
summary, or refuses a drawing too wide for a grid in one line, writing nothing. (The command
decodes the drawing's picture with Qt, so it is tested here, not with the Qt-free readers.)"""

from __future__ import annotations

from tabletop.io import load_map
from tests.cli.run import tabletop
from tests.io.uvtt_drawings import drawing, two_rooms, written


def test_tabletop_import_grid_lays_the_grid_and_says_so(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    done = tabletop(capsys, "import", str(source), "-o", str(target), "--grid")
    assert done.code == 0, done.err
    assert done.out.rstrip().endswith("an encounter grid of 2 x 1 tiles over its squares")
    (grid,) = load_map(target).grids
    assert grid.tile_bounds() == (0, 0, 0, 1) and grid.name == "Encounter grid"


def test_tabletop_import_grid_refuses_a_drawing_too_wide_and_writes_nothing(capsys, tmp_path):
    source = written(tmp_path, "plain.dd2vtt", drawing((600, 600), [], pixels_per_grid=1))
    target = tmp_path / "plain.tabletop"
    done = tabletop(capsys, "import", str(source), "-o", str(target), "--grid")
    assert done.code == 1
    assert done.err == (
        f"{source}: the drawing is 600 x 600 squares, 120 x 120 tiles of 5 x 5: an encounter grid holds at most "
        "2,500 tiles\n"
    )
    assert not target.exists() and not (tmp_path / "assets").exists()
