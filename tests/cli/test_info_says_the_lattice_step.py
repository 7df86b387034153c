"""`tabletop info` says the map's lattice step with its other map-wide settings, in text and in
JSON, as the file holds it."""

from __future__ import annotations

import json

from tabletop.io import save_map
from tabletop.samples import room_with_door
from tests.cli.run import tabletop


def test_info_says_the_step_the_map_chose(capsys, tmp_path):
    save_map(room_with_door().model_copy(update={"lattice_step": 12.5}), tmp_path / "plan.tabletop")
    text = tabletop(capsys, "info", str(tmp_path / "plan.tabletop"))
    assert text.code == 0
    assert text.out.splitlines()[2] == "  lattice step: 12.5 map units"
    info = json.loads(tabletop(capsys, "info", "--json", str(tmp_path / "plan.tabletop")).out)
    assert info["lattice_step"] == 12.5


def test_info_says_20_for_a_map_that_chose_none(capsys, maps_dir):
    text = tabletop(capsys, "info", str(maps_dir / "warehouse.tabletop")).out
    assert "  lattice step: 20 map units" in text.splitlines()
