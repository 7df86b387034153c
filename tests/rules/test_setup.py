"""Where each side may start on an encounter grid and where arrivals enter ("Setup")."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop.model import EncounterGrid, Map, SetupMark
from tabletop.rules.setup import arrival_areas, arrival_edges, describe_setup, edge_areas, may_start, start_areas
from tabletop.samples import af_encounter


@pytest.fixture
def creek() -> EncounterGrid:
    grid = af_encounter().grids[0]
    return grid.model_copy(
        update={
            "starts": [
                SetupMark(side="band", tiles=[(2, 0)]),
                SetupMark(side="raiders", edges=["east"]),
            ],
            "arrivals": ["north"],
        }
    )


def test_a_side_marked_on_a_tile_starts_only_there(creek):
    areas = start_areas(creek, "band")
    assert len(areas) == 25
    assert min(areas) == (10, 0) and max(areas) == (14, 4)
    assert may_start(creek, "band", 12, 2)
    assert not may_start(creek, "band", 2, 2)


def test_a_side_marked_on_an_edge_starts_along_it(creek):
    assert start_areas(creek, "raiders") == [(r, 14) for r in range(15)]
    assert may_start(creek, "raiders", 0, 14) and not may_start(creek, "raiders", 0, 13)


def test_an_unmarked_side_may_start_anywhere_on_the_grid(creek):
    assert len(start_areas(creek, "bystanders")) == 15 * 15
    assert not may_start(creek, "bystanders", 15, 0)


def test_arrivals_enter_at_the_marked_edges_else_at_any(creek):
    assert arrival_edges(creek) == ["north"]
    assert arrival_areas(creek) == [(0, c) for c in range(15)]
    unmarked = creek.model_copy(update={"arrivals": []})
    assert arrival_edges(unmarked) == ["north", "east", "south", "west"]
    assert len(arrival_areas(unmarked)) == 4 * 15 - 4


def test_edges_follow_the_grid_as_it_grows(creek):
    column = [t.model_copy(update={"col": 3}) for t in creek.tiles if t.col == 0]
    grown = EncounterGrid.model_validate({**creek.model_dump(), "tiles": [*creek.tiles, *column]})
    assert edge_areas(grown, "east") == [(r, 19) for r in range(15)]
    with pytest.raises(ValueError, match="no edge 'up'"):
        edge_areas(grown, "up")


def test_marks_name_tiles_the_grid_has_and_real_edges(creek):
    data = creek.model_dump()
    with pytest.raises(ValidationError, match=r"lets band start on a tile it lacks \(row 5, column 5"):
        EncounterGrid.model_validate({**data, "starts": [{"side": "band", "tiles": [[5, 5]]}]})
    with pytest.raises(ValidationError, match="edges"):
        EncounterGrid.model_validate({**data, "starts": [{"side": "band", "edges": ["up"]}]})
    with pytest.raises(ValidationError, match="marks where a side starts twice"):
        EncounterGrid.model_validate({**data, "starts": [{"side": "band"}, {"side": "band"}]})
    with pytest.raises(ValidationError, match="arrival edge twice"):
        EncounterGrid.model_validate({**data, "arrivals": ["north", "north"]})


def test_setup_in_words(creek):
    assert describe_setup(creek) == "band starts on tile A3; raiders starts on east edge; arrivals enter at north"


def test_setup_marks_survive_a_saved_map_file(creek):
    from tabletop.io import map_from_bytes, map_to_text

    map_ = af_encounter()
    map_.grids = [creek]
    loaded = map_from_bytes(map_to_text(map_).encode("utf-8"), "creek.tabletop")
    assert loaded.format_version == Map().format_version
    assert loaded.grids[0].starts == creek.starts and loaded.grids[0].arrivals == ["north"]
