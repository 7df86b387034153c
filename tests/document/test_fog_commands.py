"""Fog edits are undo steps: a stroke of the Reveal tool is one, Reveal All is one, and a
players' token walking into fog reveals it in the same step as its move."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.document.commands.fog import MoveRevealing, SetFog, fog_everything
from tabletop.model import AreaLocation, EncounterGrid, Map, Tile, Token
from tabletop.model.grids import MAX_FOGGED
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


def _counting_bounds(monkeypatch) -> list[int]:
    """Count how often a grid works out its bounds, which walks every tile."""
    calls = [0]
    bounds = EncounterGrid.tile_bounds

    def counted(self):
        calls[0] += 1
        return bounds(self)

    monkeypatch.setattr(EncounterGrid, "tile_bounds", counted)
    return calls


def test_fog_all_on_a_big_grid_works_out_its_bounds_once_not_once_per_area(qapp, monkeypatch):
    tiles = [Tile(row=r, col=c) for r in range(20) for c in range(20)]
    document = MapDocument(Map(grids=[EncounterGrid(id="g", tiles=tiles, area_size=4.0)]))
    calls = _counting_bounds(monkeypatch)
    command = fog_everything(document, True)
    assert calls[0] <= 3, "each of 10,000 areas asked the 400 tiles for the bounds"
    document.undo_stack.push(command)
    assert len(document.get("grid", "g").fogged_areas) == 100 * 100


def test_fog_all_on_a_big_grid_keeps_it_loadable_when_a_trim_left_fog_off_it(qapp):
    """Fog a trim cut off is kept for when the grid grows back; past what a file holds it gives way."""
    tiles = [Tile(row=r, col=c) for r in range(50) for c in range(50)]
    cut_off = [(r, c) for r in range(-250, 0) for c in range(250)]  # a fogged 50x50 grid, since trimmed
    document = MapDocument(Map(grids=[EncounterGrid(id="g", tiles=tiles, fogged_areas=cut_off)]))
    document.undo_stack.push(fog_everything(document, True))
    grid = document.map.grids[0]
    assert EncounterGrid.model_validate(grid.model_dump()) == grid
    assert len(grid.fogged_areas) == MAX_FOGGED and (0, 0) in grid.fogged_areas and (-1, 0) not in grid.fogged_areas
