"""Setup marks on the Inspector's grid page: the grid shown is the grid marked, Apply is one
undo step, and a refused mark is said in the Inspector's one line."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.model import EncounterGrid, SetupMark, Tile
from tabletop.samples import af_encounter


def test_the_grid_page_marks_where_a_side_starts_as_one_step(qtbot, window):
    map_ = af_encounter()
    other = EncounterGrid(id="pond", name="Pond", origin=(900, 0), tiles=[Tile(row=0, col=0)])
    window.document.replace_map(map_.model_copy(update={"grids": [*map_.grids, other]}), None)
    inspector = window.inspector
    window.document.select([("grid", "creek")])
    setup = inspector.setup_editor
    assert setup.isVisibleTo(inspector), "the grid page shows the setup marks"
    setup.side.setCurrentText("raiders")
    setup.tiles.setText("0,2")
    setup.start_edges["east"].setChecked(True)
    setup.arrival_edges["south"].setChecked(True)
    steps = window.document.undo_stack.count()
    qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)
    creek = window.document.map.grid("creek")
    assert creek.starts == [SetupMark(side="raiders", tiles=[(0, 2)], edges=["east"])]
    assert creek.arrivals == ["south"] and window.document.map.grid("pond").starts == []
    assert window.document.undo_stack.count() == steps + 1
    window.document.select([("grid", "pond")])
    setup.side.setCurrentText("raiders")
    assert setup.tiles.text() == "" and not setup.arrival_edges["south"].isChecked(), "the pond's own marks"
    setup.tiles.setText("4,4")
    qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)
    assert inspector.problem.text() == "'4,4' is not a tile of Pond (tiles A1 to A1)"
    assert window.document.map.grid("pond").starts == []
    window.document.select([("grid", "creek")])
    setup.side.setCurrentText("raiders")
    assert setup.tiles.text() == "C1" and setup.arrival_edges["south"].isChecked()
    window.document.undo_stack.undo()
    assert window.document.map.grid("creek").starts == [] and setup.tiles.text() == ""


def test_tiles_are_shown_by_name_and_a_tile_off_the_grid_is_named(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", "creek")])
    inspector, setup = window.inspector, window.inspector.setup_editor
    setup.side.setCurrentText("band")
    setup.tiles.setText("2,0 2,1")
    setup.start_edges["west"].setChecked(True)
    setup.arrival_edges["north"].setChecked(True)
    qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)
    grid = window.document.map.grid("creek")
    assert grid.starts == [SetupMark(side="band", tiles=[(2, 0), (2, 1)], edges=["west"])]
    assert grid.arrivals == ["north"]
    assert window.document.undo_stack.undoText() == "Change setup marks of grid The creek"
    setup.side.setCurrentText("raiders")
    assert setup.tiles.text() == "" and not setup.start_edges["west"].isChecked()
    setup.side.setCurrentText("band")
    assert setup.tiles.text() == "A3 B3", "shown by name: tile row 2, columns 0 and 1"
    assert setup.start_edges["west"].isChecked()
    for typed, named in (("9,9", "9,9"), ("two", "two"), ("A3 5000,1", "5000,1")):
        setup.tiles.setText(typed)
        qtbot.mouseClick(setup.apply_button, Qt.MouseButton.LeftButton)
        assert inspector.problem.text() == f"'{named}' is not a tile of The creek (tiles A1 to C3)", typed
    window.document.undo_stack.undo()
    assert window.document.map.grid("creek").starts == []
    assert setup.tiles.text() == ""
