"""`tabletop info` on encounter grids: tiles, segments with global areas, tile sets, setup marks."""

from __future__ import annotations

import json

from tabletop.io import save_map
from tabletop.model import SetupMark
from tabletop.samples import af_encounter
from tests.cli.run import tabletop


def _marked_map(tmp_path):
    map_ = af_encounter()
    grid = map_.grids[0].model_copy(
        update={
            "starts": [
                SetupMark(side="band", tiles=[(2, 0)], edges=["west"]),
                SetupMark(side="raiders", tiles=[(0, 2)], secret=True),
            ],
            "arrivals": ["north"],
        }
    )
    map_.grids = [grid]
    path = tmp_path / "marked.tabletop"
    save_map(map_, path)
    return path


def test_info_json_lists_each_tile_with_its_segments(capsys, maps_dir):
    result = tabletop(capsys, "info", "--json", str(maps_dir / "af-encounter.tabletop"))
    grid = json.loads(result.out)["grids"][0]
    assert (grid["size"], grid["tile_bounds"], grid["tile_set"]) == ([3, 3], [0, 0, 2, 2], "forest")
    assert [(t["row"], t["col"]) for t in grid["tiles"]] == [(r, c) for r in range(3) for c in range(3)]
    ruin = grid["tiles"][2]
    assert ruin["name"] == "ruin"
    (wall,) = ruin["segments"]
    assert wall == {
        "name": "old wall",
        "areas": [[r, 10] for r in range(5)],
        "properties": ["cover"],
        "altitude": 1,
    }
    assert sum(len(t["segments"]) for t in grid["tiles"]) == grid["segments"] == 5


def test_info_json_gives_the_maps_tile_sets(capsys, maps_dir):
    result = tabletop(capsys, "info", "--json", str(maps_dir / "af-encounter.tabletop"))
    (forest,) = json.loads(result.out)["tile_sets"]
    assert forest["id"] == "forest" and forest["tiles"]
    assert {"properties": ["steep"], "altitude": 2} in forest["random_properties"]


def test_info_shows_setup_marks_as_json_and_as_a_line(capsys, tmp_path):
    path = _marked_map(tmp_path)
    setup = json.loads(tabletop(capsys, "info", "--json", str(path)).out)["grids"][0]["setup"]
    assert setup["starts"] == [
        {"side": "band", "tiles": [[2, 0]], "edges": ["west"], "secret": False},
        {"side": "raiders", "tiles": [[0, 2]], "edges": [], "secret": True},
    ]
    assert setup["arrivals"] == ["north"]
    text = tabletop(capsys, "info", str(path)).out
    assert "band starts on tile A3, west edge; raiders starts on tile C1 (secret: the players never see it); " in text
    assert "; arrivals enter at north" in text
    assert "areas: cover 5, rough 7, slippery 3, steep 3, water 5" in text
