"""A side's ring colour on the players' window is worked out from the tokens the players see,
as in their export and on the phones: tokens standing under fog, in a hidden zone or out of
sight never change the ring of the side's tokens the players do see."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.model import AreaLocation, EncounterGrid, Map, PolygonShape, Tile, Token, TokenPicture, Zone, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.render.style import players_style
from tabletop.render.token_art import side_rings
from tabletop.rules.visibility import LIVE, InSight, SightFog, players_view
from tabletop.ui.scene.items import token_art
from tabletop.ui.scene.map_scene import MapScene
from tests.render.recording import paint
from tests.render.test_a_pictures_ring_wears_its_sides_colour import _face, _near, _ring_at

KELL, SPY = "#2e86c1", "#8e44ad"


def _token(token_id: str, colour: str, where) -> Token:
    return Token(
        id=token_id,
        name=token_id.title(),
        side="band",
        colour=colour,
        location=where,
        picture=TokenPicture(path="face.png"),
    )


def _creek(spies_where, fogged=(), hidden_zone=False) -> Map:
    grid = EncounterGrid(id="creek", tiles=[Tile(row=0, col=c) for c in range(3)], fogged_areas=list(fogged))
    den = Zone(
        id="den",
        name="Den",
        hidden=hidden_zone,
        shape=PolygonShape(points=[(600, 0), (800, 0), (800, 200), (600, 200)]),
    )
    kell = _token("kell", KELL, AreaLocation(grid="creek", row=2, col=0))
    return Map(grids=[grid], zones=[den], tokens=[kell] + [_token(f"spy{k}", SPY, spies_where(k)) for k in range(3)])


def _in_areas(k: int) -> AreaLocation:
    return AreaLocation(grid="creek", row=2, col=4 + k)


CASES = {
    "fogged areas": (lambda: _creek(_in_areas, fogged=[(2, c) for c in range(4, 8)]), lambda: LIVE),
    "hidden zone": (lambda: _creek(lambda k: ZoneLocation(zone="den"), hidden_zone=True), lambda: LIVE),
    "out of sight": (
        lambda: _creek(_in_areas),
        lambda: SightFog(LIVE, lambda: InSight(areas={"creek": frozenset({(2, 0), (2, 1)})})),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_tokens_the_players_do_not_see_leave_the_sides_ring_alone(qapp, case):
    make_map, make_fog = CASES[case]
    map_, fog = make_map(), make_fog()
    assert side_rings(map_.tokens)["band"] != KELL, "the spies would turn the band's ring to theirs"
    scene = MapScene(MapDocument(map_), players_style())
    scene.set_fog(fog)
    kell = map_.tokens[0]
    ring = token_art(scene.document, scene).ring(kell)
    assert _near_hex(ring, KELL)
    assert ring == side_rings(players_view(map_, fog).tokens)["band"], "as in their export and on the phones"
    assert token_art(scene.document).ring(kell) != KELL, "the GM's window still counts every token not hidden"


def _near_hex(colour: str, wanted: str) -> bool:
    return _near(QColor(colour), wanted, 6)


def test_the_players_export_rings_only_from_the_tokens_it_shows(qapp, tmp_path):
    _face(tmp_path)
    map_ = _creek(_in_areas, fogged=[(2, c) for c in range(4, 8)])
    drawn = paint(map_, players_style(), 1600, base_dir=tmp_path)
    assert _near(_ring_at(drawn, map_, "kell", 0.93), KELL, 40)


def test_a_token_walking_into_fog_repaints_the_rings_of_its_side_on_the_players_window(qapp):
    map_ = _creek(_in_areas, fogged=[(2, 4), (2, 5)])  # one spy stands clear, in sight
    document = MapDocument(map_)
    scene = MapScene(document, players_style())
    kell = map_.tokens[0]
    before = token_art(document, scene).ring(kell)
    grid = document.map.grids[0].model_copy(update={"fogged_areas": [(2, c) for c in range(4, 8)]})
    document.undo_stack.push(EditObject(document, Kind.GRID, grid, "fogged_areas"))
    after = token_art(document, scene).ring(kell)
    assert before != after and _near_hex(after, KELL)
    item = scene.items_by_key[(Kind.TOKEN, "kell")]
    assert item._placed[3] == after, "the cached disc is painted again in the new ring"
