"""Preparing encounter grids as undo steps: tile sets on the map, fill, grow, trim, setup marks."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.changes import Change, Part
from tabletop.document.commands.growth import (
    GridEditError,
    fill_grid,
    grow_grid,
    import_tile_set,
    set_random_properties,
    set_setup,
    trim_grid,
)
from tabletop.document.integrity import IntegrityError
from tabletop.io import load_tile_set, map_from_bytes, map_to_text
from tabletop.model import AreaLocation, PropertyDraw, SetupMark
from tabletop.resources import bundled_tile_sets_dir
from tabletop.rules.growth import tile_set_from_grid
from tabletop.samples import af_encounter


@pytest.fixture
def document(qapp) -> MapDocument:
    return MapDocument(af_encounter())


@pytest.fixture
def woods():
    return load_tile_set(bundled_tile_sets_dir() / "woods.tabletop-tiles")


def _loads_back(document: MapDocument) -> None:
    """The edited map still saves and opens: the point of every check in the document."""
    assert map_from_bytes(map_to_text(document.map).encode("utf-8"), "x.tabletop") == document.map


def test_filling_from_a_bundled_set_imports_it_and_undo_takes_both_back(document, woods):
    before = document.map.model_copy(deep=True)
    heard: list[Change] = []
    document.edited.connect(lambda change: change.kind is Part.TILE_SETS and heard.append(change))
    document.undo_stack.push(fill_grid(document, "creek", woods, 11))
    grid = document.map.grid("creek")
    assert document.undo_stack.undoText() == "Fill grid The creek from tile set Woods (seed 11)"
    assert grid.tile_set == "woods" and grid.seed == 11 and grid.draws == 9
    assert [s.id for s in document.map.tile_sets] == ["forest", "woods"]
    assert [[s.id for s in change.before[0]] for change in heard] == [["forest"]], "the sets as they were"
    _loads_back(document)
    document.undo_stack.undo()
    assert document.map == before
    document.undo_stack.redo()
    assert document.map.grid("creek") == grid


def test_the_same_seed_fills_equal_grids_in_two_documents(qapp, woods):
    grids = []
    for _ in range(2):
        document = MapDocument(af_encounter())
        document.undo_stack.push(fill_grid(document, "creek", woods, 5))
        grids.append(document.map.grid("creek"))
    assert grids[0] == grids[1]


def test_growing_draws_from_the_grids_set_and_undoes(document):
    document.undo_stack.push(grow_grid(document, "creek", "east"))
    assert document.map.grid("creek").tile_bounds() == (0, 0, 2, 3)
    assert document.undo_stack.undoText() == "Grow grid The creek to the east (3 tiles from Forest)"
    _loads_back(document)
    document.undo_stack.undo()
    assert document.map.grid("creek").tile_bounds() == (0, 0, 2, 2)
    document.undo_stack.redo()
    assert document.map.grid("creek").tile_bounds() == (0, 0, 2, 3)


def test_a_grid_without_a_set_or_an_edge_cannot_grow(document):
    with pytest.raises(GridEditError, match="no edge 'up'"):
        grow_grid(document, "creek", "up")
    document.put("grid", document.map.grid("creek").model_copy(update={"tile_set": None}))
    with pytest.raises(GridEditError, match="has no tile set to grow from"):
        grow_grid(document, "creek", "north")


def test_trimming_keeps_the_busy_window_and_takes_the_others_off_the_map(document):
    for _ in range(2):
        document.undo_stack.push(grow_grid(document, "creek", "east"))
    archer = document.get("token", "archer").model_copy(update={"location": AreaLocation(grid="creek", row=2, col=22)})
    document.put("token", archer)
    document.undo_stack.push(trim_grid(document, "creek"))
    grid = document.map.grid("creek")
    assert grid.tile_bounds() == (0, 0, 2, 2)
    assert document.undo_stack.undoText() == "Trim grid The creek to 3x3; Raider archer leaves the grid (off the map)"
    assert document.get("token", "archer").location is None
    assert document.get("token", "kell").location == AreaLocation(grid="creek", row=7, col=3)
    _loads_back(document)
    document.undo_stack.undo()
    assert document.map.grid("creek").tile_bounds() == (0, 0, 2, 4)
    assert document.get("token", "archer").location == AreaLocation(grid="creek", row=2, col=22)
    assert trim_grid(MapDocument(af_encounter()), "creek") is None


def test_setup_marks_are_one_step(document):
    starts = [SetupMark(side="band", tiles=[(2, 0)], edges=["west"])]
    document.undo_stack.push(set_setup(document, "creek", starts, ["north", "east"]))
    assert document.map.grid("creek").starts == starts
    assert document.undo_stack.undoText() == "Change setup marks of grid The creek"
    _loads_back(document)
    document.undo_stack.undo()
    assert document.map.grid("creek").starts == [] and document.map.grid("creek").arrivals == []
    with pytest.raises(GridEditError, match="a tile it lacks"):
        set_setup(document, "creek", [SetupMark(side="band", tiles=[(9, 9)])], [])


def test_a_set_built_from_a_grid_is_imported_and_its_random_list_edited(document):
    built = tile_set_from_grid(document.map.grid("creek"), "creek-set", "Creek")
    assert {t.name for t in built.tiles} == {"clearing", "ruin", "stream", "crag"}
    assert PropertyDraw(properties=["steep"], altitude=2) in built.random_properties
    document.undo_stack.push(import_tile_set(document, built))
    assert document.undo_stack.undoText() == "Import tile set Creek"
    assert import_tile_set(document, built) is None
    draws = [PropertyDraw(properties=["water"]), PropertyDraw()]
    document.undo_stack.push(set_random_properties(document, "creek-set", draws))
    assert document.map.tile_set("creek-set").random_properties == draws
    document.undo_stack.undo()
    assert document.map.tile_set("creek-set") == built
    with pytest.raises(GridEditError, match="needs at least one entry"):
        set_random_properties(document, "creek-set", [])


def test_a_set_a_grid_draws_from_cannot_leave_the_map(document):
    with pytest.raises(IntegrityError, match="would draw from tile set 'forest'"):
        document.set_tile_sets([])


def test_a_token_off_the_edge_grows_the_grid_and_moves_in_one_step(document):
    from tabletop.document.commands.growth import grow_for_token

    document.undo_stack.push(grow_for_token(document, "kell", -1, -2))
    assert document.map.grid("creek").tile_bounds() == (-1, -1, 2, 2)
    assert document.get("token", "kell").location == AreaLocation(grid="creek", row=-1, col=-2)
    # row -1, column -2 of the grown grid, whose top-left area is now -5, -5: the fifth row, the fourth column
    assert document.undo_stack.undoText() == "Grow grid The creek to the north and west; move Kell to area D5"
    _loads_back(document)
    document.undo_stack.undo()
    assert document.map.grid("creek").tile_bounds() == (0, 0, 2, 2)
    assert document.get("token", "kell").location == AreaLocation(grid="creek", row=7, col=3)
    document.put("token", document.get("token", "kell").model_copy(update={"location": None}))
    with pytest.raises(GridEditError, match="only a token standing on a grid"):
        grow_for_token(document, "kell", 0, 20)


def test_a_grid_at_its_limits_says_so_in_one_line(qapp):
    from tabletop.model import Tile

    creek = af_encounter()
    full = creek.grids[0].model_copy(update={"tiles": [Tile(row=r, col=c) for r in range(50) for c in range(50)]})
    full = full.model_copy(update={"area_size": 1.0})
    document = MapDocument(creek.model_copy(update={"grids": [full]}))
    with pytest.raises(GridEditError) as caught:
        grow_grid(document, "creek", "east")
    assert str(caught.value) == "the grid would have 2550 tiles: a grid may have at most 2500"
    far = [Tile(row=r, col=c) for r in range(3) for c in range(998, 1001)]
    far_grid = creek.grids[0].model_copy(update={"tiles": far, "area_size": 1.0, "origin": (-5000.0, 0.0)})
    document = MapDocument(creek.model_copy(update={"grids": [far_grid], "tokens": []}))
    with pytest.raises(GridEditError) as caught:
        grow_grid(document, "creek", "east")
    assert str(caught.value) == "grid The creek reaches as far to the east as a grid may", "was the validator's lines"
