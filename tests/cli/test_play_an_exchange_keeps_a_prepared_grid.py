"""`tabletop play` on a grid imported from a Universal VTT drawing (`tabletop import --grid`,
4x4 tiles): an exchange's end keeps the prepared tiles and the tokens on them, and cuts only
what the encounter grew; on maps/af-encounter.tabletop (3x3) it trims to 3x3 as it always did."""

from __future__ import annotations

import json

from tabletop.io import load_map, save_map
from tabletop.model import AreaLocation, Token
from tabletop.rules.growth import tile_set_from_grid
from tests.cli.run import tabletop
from tests.io.uvtt_drawings import drawing, wall, written

TWO = {"Vex": 3, "Guard": 2}
START = {"do": "start", "system": "af", "tokens": list(TWO), "reflexes": TWO}
NEXT = {"do": "next"}
END = {"do": "end_exchange"}


def imported_yard(capsys, tmp_path):
    """A yard of 20 x 20 squares imported with --grid (4x4 tiles of 5x5 areas), given a tile set
    made from its own tiles to grow from, Vex on its first tile and a guard on its last."""
    source = written(tmp_path, "yard.dd2vtt", drawing((20, 20), [wall((0, 0), (20, 0), (20, 20), (0, 20), (0, 0))]))
    path = tmp_path / "yard.tabletop"
    assert tabletop(capsys, "import", str(source), "-o", str(path), "--grid").code == 0
    map_ = load_map(path)
    (grid,) = map_.grids
    tiles = tile_set_from_grid(grid, "yard-tiles")
    tokens = [
        Token(id="vex", name="Vex", side="runners", location=AreaLocation(grid=grid.id, row=2, col=2)),
        Token(id="guard", name="Guard", side="corp", location=AreaLocation(grid=grid.id, row=17, col=17)),
    ]
    laid = grid.model_copy(update={"tile_set": tiles.id})
    save_map(map_.model_copy(update={"grids": [laid], "tile_sets": [tiles], "tokens": tokens}), path)
    return path


def played(capsys, tmp_path, map_path, *steps):
    """`tabletop play MAP STEPS -o after.tabletop`: its printed report and the saved map."""
    steps_path = tmp_path / "steps.json"
    steps_path.write_text(json.dumps(list(steps)))
    saved = tmp_path / "after.tabletop"
    result = tabletop(capsys, "play", str(map_path), str(steps_path), "-o", str(saved))
    assert result.code == 0, result.err
    return result.out, load_map(saved)


def test_an_imported_4x4_grid_keeps_its_16_tiles_and_its_tokens_for_two_exchanges(capsys, tmp_path):
    path = imported_yard(capsys, tmp_path)
    out, after = played(capsys, tmp_path, path, START, END, NEXT, NEXT, END)
    (grid,) = after.grids
    assert grid.tile_bounds() == (0, 0, 3, 3) and len(grid.tiles) == 16
    assert after.token("vex").location == AreaLocation(grid=grid.id, row=2, col=2)
    assert after.token("guard").location == AreaLocation(grid=grid.id, row=17, col=17)
    assert (after.conflict.exchange, [p.token for p in after.conflict.participants]) == (3, ["vex", "guard"])
    assert "End exchange 2" in out and "trimmed to" not in out and "exits" not in out
    # each end of an exchange says it twice: in its own line and in its log entry
    assert out.count("kept its prepared 4x4 tiles") == 4 and "grids trimmed" not in out


def test_an_imported_grid_grown_past_its_edge_is_cut_back_to_its_prepared_tiles(capsys, tmp_path):
    path = imported_yard(capsys, tmp_path)
    east = [
        START,
        NEXT,  # the guard's turn: east off the edge, the yard grown a column of tiles
        {"do": "act", "actor": "Guard", "action": "maneuver", "to": [17, 19], "facing": 90},
        {"do": "snap", "actor": "Guard", "snap": "hustle", "to": [17, 20], "facing": 90, "past_edge": "grow"},
    ]
    _, grown = played(capsys, tmp_path, path, *east)
    assert grown.grids[0].tile_bounds() == (0, 0, 3, 4)
    out, after = played(capsys, tmp_path, path, *east, END)
    assert after.grids[0].tile_bounds() == (0, 0, 3, 3) and len(after.grids[0].tiles) == 16
    assert "Encounter grid trimmed to its prepared 4x4 tiles; Guard exits the encounter" in out
    assert after.token("guard").location is None and after.token("vex").location.col == 2


def test_the_3x3_creek_grown_east_is_trimmed_to_3x3_as_before(capsys, tmp_path, maps_dir):
    start = {**START, "tokens": ["Mira", "Raider"], "reflexes": {"Mira": 5, "Raider": 2}}
    steps = [
        start,
        NEXT,
        {"do": "act", "actor": "Raider", "action": "maneuver", "to": [7, 11], "facing": 90},
        {"do": "snap", "actor": "Raider", "snap": "hustle", "to": [7, 12], "facing": 90},
        NEXT,
        NEXT,
        {"do": "act", "actor": "Raider", "action": "maneuver", "to": [7, 14], "facing": 90},
        {"do": "snap", "actor": "Raider", "snap": "hustle", "to": [7, 15], "facing": 90, "past_edge": "grow"},
        END,
    ]
    out, after = played(capsys, tmp_path, maps_dir / "af-encounter.tabletop", *steps)
    assert after.grids[0].tile_bounds() == (0, 0, 2, 2)
    assert "The creek trimmed to 3x3 tiles; Raider exits the encounter" in out and "prepared" not in out
