"""Format 9 keeps, with an AF encounter in play, each grid as the encounter began, so an
exchange's end trims only the tiles grown since; a format 8 map opens with none kept and
trims to 3x3 as format 8 did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.io import MapFileError, load_map, map_from_bytes, save_map
from tabletop.io.migrate import migrate
from tabletop.model import FORMAT_VERSION, GridAtStart
from tabletop.rules import af

FORMATS = Path(__file__).parent / "formats"


def test_the_step_from_8_changes_nothing_but_the_version():
    document = json.loads((FORMATS / "v8.tabletop").read_text())
    upgraded = migrate(document, target=9)
    assert upgraded["format_version"] == 9
    assert {k: v for k, v in upgraded.items() if k != "format_version"} == {
        k: v for k, v in document.items() if k != "format_version"
    }
    assert load_map(FORMATS / "v8.tabletop").conflict.grids_at_start == []


def test_the_frozen_format_9_file_keeps_the_yard_as_prepared(tmp_path):
    map_ = load_map(FORMATS / "v9.tabletop")
    assert map_.conflict.grids_at_start == [GridAtStart(grid="yard", top=0, left=0, bottom=3, right=3)]
    assert map_.grid("yard").tile_bounds() == (0, 0, 3, 4), "grown a column east during the encounter"
    save_map(map_, tmp_path / "again.tabletop")
    assert json.loads((tmp_path / "again.tabletop").read_text())["format_version"] == FORMAT_VERSION
    assert load_map(tmp_path / "again.tabletop") == map_


def test_the_frozen_yard_is_cut_back_to_its_prepared_tiles_at_the_exchanges_end():
    map_ = load_map(FORMATS / "v9.tabletop")
    step = af.end_exchange(map_, map_.conflict)
    (yard,) = step.grids
    assert yard.tile_bounds() == (0, 0, 3, 3) and len(yard.tiles) == 16
    assert "The yard trimmed to its prepared 4x4 tiles" in step.text
    assert step.tokens == (), "Vex and the guard stand on prepared tiles"


def test_a_format_8_encounter_in_play_trims_to_3x3_as_format_8_did():
    document = json.loads((FORMATS / "v9.tabletop").read_text())
    del document["conflict"]["grids_at_start"]
    document["format_version"] = 8
    map_ = map_from_bytes(json.dumps(document).encode(), "old.tabletop")
    step = af.end_exchange(map_, map_.conflict)
    (yard,) = step.grids
    assert yard.tile_bounds() == (0, 0, 2, 2)
    assert "The yard trimmed to 3x3 tiles" in step.text
    assert [t.id for t in step.tokens] == ["guard"], "the guard stood on a tile past the 3x3"


@pytest.mark.parametrize(
    ("starts", "said"),
    [
        ([{"grid": "yard", "top": 3, "left": 0, "bottom": 0, "right": 3}], "last tile before its first"),
        ([{"grid": "yard", "top": 0, "left": 0, "bottom": 3, "right": 3}] * 2, "names a grid's start twice"),
        ([{"grid": "yard", "top": 0, "left": 0, "bottom": 3, "right": 5000}], "conflict.grids_at_start"),
    ],
)
def test_a_start_that_cannot_be_is_refused_in_one_line(starts, said):
    document = json.loads((FORMATS / "v9.tabletop").read_text())
    document["conflict"]["grids_at_start"] = starts
    with pytest.raises(MapFileError, match=said) as refused:
        map_from_bytes(json.dumps(document).encode(), "sent.tabletop")
    assert "\n" not in str(refused.value) and "sent.tabletop" in str(refused.value)
