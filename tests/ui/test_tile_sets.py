"""The Tile Sets dock and the Grid menu: list, build, edit, import and save tile sets; fill,
grow and trim a grid, each one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel

from tabletop.io import load_tile_set, save_tile_set
from tabletop.model import AreaLocation, PropertyDraw
from tabletop.samples import af_encounter


@pytest.fixture(autouse=True)
def tiles_dir(tmp_path, monkeypatch):
    folder = tmp_path / "my-tilesets"
    monkeypatch.setenv("TABLETOP_TILESETS_DIR", str(folder))
    return folder


@pytest.fixture
def dock(window):
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", "creek")])
    window.grid_menu.show_dock()
    return window.grid_menu.dock_widget


def _click(qtbot, button):
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _choose(dock, source, set_id):
    dock.choose(source, set_id)
    entry = dock.current()
    assert (entry.source, entry.tile_set.id) == (source, set_id)


def test_the_dock_lists_map_bundled_and_own_sets_and_names_a_bad_file(qtbot, window, tiles_dir):
    tiles_dir.mkdir()
    save_tile_set(af_encounter().tile_sets[0].model_copy(update={"id": "mine"}), tiles_dir / "mine.tabletop-tiles")
    (tiles_dir / "broken.tabletop-tiles").write_text("{", encoding="utf-8")
    window.document.replace_map(af_encounter(), None)
    dock = window.grid_menu.dock_widget
    texts = [dock.sets.item(row).text() for row in range(dock.sets.count())]
    assert texts[0] == "Forest (forest) — On this map"
    assert "Woods (woods) — Bundled with Tabletop" in texts and "Urban (urban) — Bundled with Tabletop" in texts
    assert "Forest (mine) — My tile sets" in texts
    assert "broken.tabletop-tiles — cannot be read" in texts
    bad = texts.index("broken.tabletop-tiles — cannot be read")
    assert "is not valid JSON" in dock.sets.item(bad).toolTip()


def test_filling_from_the_same_set_and_seed_twice_gives_equal_grids(qtbot, window, dock, answers):
    _choose(dock, "bundled", "woods")
    dock.seed.setValue(21)
    painted = window.document.map.grid("creek")
    _click(qtbot, dock.buttons["fill"])
    assert window.document.map.grid("creek") == painted, "asked first; cancelled, the painted ground stays"
    assert "segments on the grid now will be replaced" in answers["asked"][-1]
    answers["choose"] = "Replace Them"
    _click(qtbot, dock.buttons["fill"])
    first = window.document.map.grid("creek")
    assert first.tile_set == "woods" and first.seed == 21
    assert window.document.undo_stack.undoText() == "Fill grid The creek from tile set Woods (seed 21)"
    window.document.undo_stack.undo()
    assert window.document.map.grid("creek").tile_set == "forest"
    assert [s.id for s in window.document.map.tile_sets] == ["forest"]
    _choose(dock, "bundled", "woods")
    _click(qtbot, dock.buttons["fill"])
    assert window.document.map.grid("creek") == first


def test_build_a_set_from_the_grid_and_edit_its_random_properties(qtbot, window, dock):
    _click(qtbot, dock.buttons["build"])
    built = window.document.map.tile_set("creek-tiles")
    assert {t.name for t in built.tiles} == {"clearing", "ruin", "stream", "crag"}
    assert dock.current().tile_set.id == "creek-tiles"
    for prop in ("water", "rough"):
        dock.draw_boxes[prop].setChecked(True)
    dock.altitude.setValue(1)
    _click(qtbot, dock.buttons["add"])
    draws = window.document.map.tile_set("creek-tiles").random_properties
    assert draws[-1] == PropertyDraw(properties=["rough", "water"], altitude=1)
    assert dock.draws.item(dock.draws.count() - 1).text() == "rough + water, altitude 1"
    dock.draws.setCurrentRow(0)
    assert [p for p, box in dock.draw_boxes.items() if box.isChecked()] == draws[0].properties
    assert dock.altitude.value() == draws[0].altitude, "a chosen line shows in the boxes"
    steps = window.document.undo_stack.count()
    _click(qtbot, dock.buttons["change"])
    assert window.document.undo_stack.count() == steps, "an unchanged line leaves no empty step"
    dock.draw_boxes["slippery"].setChecked(True)
    dock.draw_boxes["ledge"].setChecked(True)
    _click(qtbot, dock.buttons["change"])
    changed = window.document.map.tile_set("creek-tiles").random_properties
    assert set(changed[0].properties) == {*draws[0].properties, "slippery", "ledge"} and changed[1:] == draws[1:]
    window.document.undo_stack.undo()
    dock.draws.setCurrentRow(0)
    _click(qtbot, dock.buttons["remove"])
    assert window.document.map.tile_set("creek-tiles").random_properties == draws[1:]
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert [s.id for s in window.document.map.tile_sets] == ["forest"]


def test_save_a_set_to_the_folder_and_find_it_listed(qtbot, window, dock, tiles_dir, monkeypatch):
    chosen = tiles_dir / "forest-copy"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(chosen), ""))
    _choose(dock, "map", "forest")
    _click(qtbot, dock.buttons["save"])
    saved = tiles_dir / "forest-copy.tabletop-tiles"
    assert load_tile_set(saved) == window.document.map.tile_set("forest")
    assert dock.message.text() == f"Saved {saved}"
    assert any(e.source == "mine" and e.path == saved for e in dock.entries)


def test_grow_and_trim_from_the_grid_menu_each_one_undo_step(qtbot, window, dock):
    menu = window.grid_menu
    menu._enable()
    assert menu.grow_actions["east"].isEnabled()
    menu.grow_actions["east"].trigger()
    menu.grow_actions["east"].trigger()
    assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 4)
    stack = window.document.undo_stack
    assert stack.undoText() == "Grow grid The creek to the east (3 tiles from Forest)"
    far = AreaLocation(grid="creek", row=2, col=22)
    window.document.put("token", window.document.get("token", "archer").model_copy(update={"location": far}))
    menu.trim_action.trigger()
    assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 2)
    assert stack.undoText() == "Trim grid The creek to 3x3; Raider archer leaves the grid (off the map)"
    assert window.statusBar().currentMessage() == stack.undoText()
    assert window.document.get("token", "archer").location is None
    stack.undo()
    assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 4)
    assert window.document.get("token", "archer").location == far
    stack.redo()
    assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 2)
    menu.trim_action.trigger()
    assert window.statusBar().currentMessage() == "The grid is 3x3 already"


def test_the_dock_grows_and_says_why_not_without_a_grid(qtbot, window, dock):
    dock.edge.setCurrentText("north")
    _click(qtbot, dock.buttons["grow"])
    assert window.document.map.grid("creek").tile_bounds() == (-1, 0, 2, 2)
    window.document.replace_map(af_encounter().model_copy(update={"grids": [], "tokens": []}), None)
    assert not dock.buttons["grow"].isEnabled()
    assert dock.grow("north") is False and dock.message.text() == "Select a grid first"


def test_the_dock_sends_the_gm_to_the_inspector_for_setup_marks(qtbot, window, dock):
    from tabletop.ui.docks.setup_marks import SetupEditor

    assert dock.findChildren(SetupEditor) == [], "the setup marks are edited in one place"
    words = [label.text() for label in dock.findChildren(QLabel)]
    assert any("Where sides start" in text and "Inspector" in text for text in words)
    assert window.inspector.setup_editor.isVisibleTo(window.inspector), "the grid's page has them"


@pytest.mark.parametrize("answer", ["Yes", "No"])
def test_a_token_dragged_off_the_edge_offers_to_grow_the_grid(qtbot, window, dock, answers, answer):
    from PySide6.QtWidgets import QMessageBox

    from tests.ui.conftest import drag

    answers["question"] = getattr(QMessageBox.StandardButton, answer)
    window.document.select([])
    drag(qtbot, window, (380, 300), (620, 300), steps=12)  # Raider, from area J8 past the east edge
    answers["question"] = QMessageBox.StandardButton.Discard  # what closing the window is answered
    raider = window.document.get("token", "raider").location
    stack = window.document.undo_stack
    if answer == "No":
        assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 2)
        assert (raider.row, raider.col) == (7, 14)
        return
    assert answers["asked"] == ["Raider left the grid. Grow grid The creek to the east; move Raider to area P8?"]
    assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 3)
    assert (raider.row, raider.col) == (7, 15)
    assert stack.undoText() == "Grow grid The creek to the east; move Raider to area P8"
    stack.undo()
    assert window.document.map.grid("creek").tile_bounds() == (0, 0, 2, 2)
    assert window.document.get("token", "raider").location.col == 14


def test_a_greyed_grid_button_says_what_it_waits_for(qtbot, window, dock):
    assert dock.buttons["grow"].isEnabled()
    creek = window.document.map.grid("creek").model_copy(update={"tile_set": None})
    from tabletop.document.commands import EditObject

    window.document.undo_stack.push(EditObject(window.document, "grid", creek))
    window.document.select([("grid", "creek")])
    assert not dock.buttons["grow"].isEnabled() and "Fill Grid from a set first" in dock.buttons["grow"].toolTip()
    from tabletop.samples import warehouse

    window.document.replace_map(warehouse(), None)
    assert not dock.buttons["trim"].isEnabled() and "Select an encounter grid" in dock.buttons["trim"].toolTip()
