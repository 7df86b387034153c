"""`tabletop info` on a map where a zone and an encounter grid share an id (the model allows it:
ids are unique per kind): each place is named by its own kind, a zone never by the grid's name
nor a grid by the zone's."""

from __future__ import annotations

from tabletop.io import save_map
from tabletop.model import AreaLocation, Border, PolygonShape, Token, Zone, ZoneLocation
from tabletop.samples import af_encounter
from tests.cli.run import tabletop


def _box(x: float) -> PolygonShape:
    return PolygonShape(points=[(x, 0), (x + 100, 0), (x + 100, 100), (x, 100)])


def _shared_id_map(tmp_path):
    """The creek sample's grid (id 'creek', "The creek") beside a zone also called 'creek'."""
    map_ = af_encounter()
    map_.zones = [Zone(id="creek", name="Riverbank", shape=_box(0)), Zone(id="mill", name="Old mill", shape=_box(100))]
    map_.borders = [Border(id="ford", a="creek", b="mill")]
    map_.tokens = [
        Token(id="otter", name="Otter", side="band", location=ZoneLocation(zone="creek")),
        Token(id="heron", name="Heron", side="band", location=AreaLocation(grid="creek", row=7, col=3)),
    ]
    path = tmp_path / "shared.tabletop"
    save_map(map_, path, backup=False)
    return path


def test_a_zone_and_a_grid_of_one_id_each_keep_their_own_name(capsys, tmp_path):
    result = tabletop(capsys, "info", str(_shared_id_map(tmp_path)))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert "    ford  Riverbank <-> Old mill: pass 1/1" in lines
    assert "    otter  Otter (band) in zone Riverbank, facing 0°" in lines
    assert "    heron  Heron (band) in grid The creek area D8, facing 0°" in lines
    assert "The creek <->" not in result.out and "zone The creek" not in result.out
