"""Fog edits are undo steps: a stroke of the Reveal tool is one, Reveal All is one, and a
players' token walking into fog reveals it in the same step as its move."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.document.commands.fog import MoveRevealing, SetFog, fog_everything
from tabletop.model import AreaLocation, EncounterGrid, Map, Tile, Token
from tabletop.samples import warehouse


def _creek() -> MapDocument:
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0)], fogged_areas=[(0, c) for c in range(5)])
    scout = Token(id="scout", side="band", location=AreaLocation(grid="g", row=1, col=0))
    raider = Token(id="raider", side="raiders", location=AreaLocation(grid="g", row=2, col=0))
    return MapDocument(Map(grids=[grid], tokens=[scout, raider]))


def test_a_players_token_reveals_each_fogged_area_of_its_drag_in_one_step(qapp):
    document = _creek()
    stack = document.undo_stack
    for col in range(3):
        stack.push(
            MoveRevealing(document, "scout", AreaLocation(grid="g", row=0, col=col), drag=7, players_side="band")
        )
    stack.push(MoveRevealing(document, "scout", AreaLocation(grid="g", row=1, col=2), drag=7, players_side="band"))
    assert stack.count() == 1
    assert document.get("grid", "g").fogged_areas == [(0, 3), (0, 4)]
    stack.undo()
    assert document.get("grid", "g").fogged_areas == [(0, c) for c in range(5)]
    assert document.get("token", "scout").location == AreaLocation(grid="g", row=1, col=0)
    stack.redo()
    assert document.get("grid", "g").fogged_areas == [(0, 3), (0, 4)]


def test_a_token_of_another_side_reveals_nothing(qapp):
    document = _creek()
    document.undo_stack.push(
        MoveRevealing(document, "raider", AreaLocation(grid="g", row=0, col=0), players_side="band")
    )
    assert document.get("token", "raider").location.row == 0
    assert len(document.get("grid", "g").fogged_areas) == 5


def test_a_stroke_merges_and_a_fog_that_changes_nothing_is_empty(qapp):
    document = MapDocument(warehouse())
    stack = document.undo_stack
    stack.push(SetFog(document, ["z1"], None, True, stroke=3))
    stack.push(SetFog(document, ["z2"], None, True, stroke=3))
    assert stack.count() == 1 and stack.undoText() == "Fog 2 zones"
    assert SetFog(document, ["z1", "z2"], None, True).empty
    stack.undo()
    assert not any(z.fogged for z in document.map.zones)
    assert fog_everything(document, False) is None, "nothing to reveal"
