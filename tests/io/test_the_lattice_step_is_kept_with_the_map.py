"""The drawing lattice's step belongs to the map: saved in the file and read back by both
readers, 20 for a map written before maps kept one, and refused past its bounds in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text, save_map
from tabletop.model import LATTICE_STEP, Map
from tabletop.samples import room_with_door

FORMATS = Path(__file__).parent / "formats"


@pytest.mark.parametrize("step", [5.0, 12.5, 100.0])
def test_a_map_with_its_own_step_saved_and_reopened_keeps_it(tmp_path, step, parsing):
    map_ = room_with_door().model_copy(update={"lattice_step": step})
    path = tmp_path / "plan.tabletop"
    save_map(map_, path)
    assert json.loads(path.read_text())["lattice_step"] == step
    reopened = load_map(path)
    assert reopened.lattice_step == step
    assert reopened == map_


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_a_map_from_before_maps_kept_a_step_opens_with_20(version):
    assert load_map(FORMATS / f"v{version}.tabletop").lattice_step == LATTICE_STEP == 20


def test_a_current_file_that_names_no_step_opens_with_20():
    document = json.loads(map_to_text(room_with_door()))
    del document["lattice_step"]
    assert map_from_bytes(json.dumps(document).encode()).lattice_step == 20


def test_the_frozen_format_5_file_keeps_its_step_of_5():
    assert load_map(FORMATS / "v5.tabletop").lattice_step == 5


@pytest.mark.parametrize(
    ("step", "said"),
    [
        ("0", "a lattice step of 0 is less than a map can mean (at least 1)"),
        ("0.5", "a lattice step of 0.5 is less than a map can mean (at least 1)"),
        ("5000", "a lattice step of 5000 is more than a map can mean (at most 1000)"),
        ('"fine"', "should be a number, not a text"),
        ("null", "should be a number, not null"),
    ],
)
def test_a_step_past_its_bounds_is_refused_in_one_line_naming_the_file(step, said):
    text = map_to_text(Map()).replace('"lattice_step": 20.0', f'"lattice_step": {step}')
    with pytest.raises(MapFileError) as refused:
        map_from_bytes(text.encode(), "plan.tabletop")
    assert str(refused.value) == f"plan.tabletop: lattice_step: {said}"
