"""Areas typed after the map without --grid (`tabletop path MAP A1 C3`) work on the map's one
encounter grid; zones are asked first, so a zone's name still means the zone. With several
grids, or a word that is neither, one line says how to ask, naming the grids."""

from __future__ import annotations

import pytest

from tabletop.io import save_map
from tabletop.model import Border, PolygonShape, Zone
from tabletop.samples import af_encounter
from tests.cli.run import tabletop


def _box(x: float) -> PolygonShape:
    return PolygonShape(points=[(x, 0), (x + 100, 0), (x + 100, 100), (x, 100)])


def _saved(tmp_path, map_, name):
    path = tmp_path / name
    save_map(map_, path, backup=False)
    return str(path)


def _zones_beside_the_creek(tmp_path):
    map_ = af_encounter()
    map_.zones = [Zone(id="bank", name="Riverbank", shape=_box(0)), Zone(id="mill", name="Old mill", shape=_box(100))]
    map_.borders = [Border(id="lane", a="bank", b="mill")]
    return _saved(tmp_path, map_, "bank.tabletop")


def _two_grids(tmp_path):
    map_ = af_encounter()
    map_.grids = [*map_.grids, map_.grids[0].model_copy(update={"id": "ford", "name": "The ford"})]
    return _saved(tmp_path, map_, "two.tabletop")


def test_areas_on_a_map_of_one_grid_need_no_grid_named(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    plain = tabletop(capsys, "path", creek, "A1", "C3")
    named = tabletop(capsys, "path", creek, "--grid", "creek", "A1", "C3")
    assert plain.code == 0, plain.err
    assert plain.out == named.out and plain.out.startswith("cost ") and plain.out.rstrip().endswith("-> C3")
    assert tabletop(capsys, "reach", creek, "D8", "--speed", "2").out == (
        tabletop(capsys, "reach", creek, "--grid", "creek", "--from-area", "D8", "--speed", "2").out
    )
    assert tabletop(capsys, "range", creek, "D8").out.startswith("From area D8 of creek:\n")


def test_the_grid_may_be_named_by_its_name(capsys, maps_dir):
    creek = str(maps_dir / "af-encounter.tabletop")
    by_name = tabletop(capsys, "path", creek, "--grid", "the creek", "A1", "C3")
    assert by_name.code == 0 and by_name.out == tabletop(capsys, "path", creek, "--grid", "creek", "A1", "C3").out


def test_zones_are_asked_first_and_areas_go_to_the_grid(capsys, tmp_path):
    bank = _zones_beside_the_creek(tmp_path)
    zones = tabletop(capsys, "path", bank, "Riverbank", "Old mill")
    assert zones.code == 0 and zones.out.startswith("Riverbank -> Old mill: cost 1")
    areas = tabletop(capsys, "path", bank, "A1", "C3")
    assert areas.code == 0 and areas.out.startswith("cost ") and "C3" in areas.out


def test_a_zone_and_an_area_together_say_how_to_ask_for_areas(capsys, tmp_path):
    bank = _zones_beside_the_creek(tmp_path)
    result = tabletop(capsys, "path", bank, "Riverbank", "C3")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err == (
        f"tabletop: no single zone 'C3' on {bank}; its zones: bank (Riverbank), mill (Old mill); "
        "for an area of a grid, add --grid NAME (creek (The creek))\n"
    )


def test_several_grids_ask_which_in_one_line(capsys, tmp_path):
    two = _two_grids(tmp_path)
    result = tabletop(capsys, "path", two, "A1", "C3")
    assert result.code == 2
    assert result.err == (
        f"tabletop: {two} has 2 encounter grids: say which with --grid NAME (creek (The creek), ford (The ford))\n"
    )
    assert tabletop(capsys, "path", two, "--grid", "The ford", "A1", "C3").code == 0


def test_a_map_without_zones_reads_every_place_as_an_area(capsys, maps_dir):
    creek = maps_dir / "af-encounter.tabletop"
    result = tabletop(capsys, "path", str(creek), "Gate", "C3")
    assert result.code == 2 and result.err == f"tabletop: {creek}: 'Gate' is not an area of The creek (A1 to O15)\n"


@pytest.mark.parametrize("where", ["--from", "--from-area"])
def test_areas_by_option_find_the_grid_too(capsys, maps_dir, where):
    creek = str(maps_dir / "af-encounter.tabletop")
    to = "--to" if where == "--from" else "--to-area"
    result = tabletop(capsys, "path", creek, where, "A1", to, "C3")
    assert result.code == 0 and result.out == tabletop(capsys, "path", creek, "A1", "C3").out


def test_a_map_without_grids_lists_its_zones_and_no_grid_hint(capsys, maps_dir):
    warehouse = maps_dir / "warehouse.tabletop"
    result = tabletop(capsys, "path", str(warehouse), "A1", "C3")
    assert result.code == 2 and "its zones: z1 (West end), z2 (Middle), z3 (East end)\n" in result.err
    assert "--grid" not in result.err
