"""File ▸ Import… into this map: the drawing's zones, borders, picture and encounter grid are
added to the open map as one undo step, beside the map's own zones, and undo takes them all
away; Check Map runs after it. A map without a file, or with a picture of its own, cannot take
the drawing: the dialog says why and a forced import is refused in one line. The grid tick box
lays a grid over a new map too, and both choices are remembered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel

from tabletop.document.fragments import piece_box
from tabletop.geometry.whole.room_zones import SQUARE, drawn_map
from tabletop.io import load_map, save_map
from tabletop.io.uvtt import read_universal_vtt
from tabletop.model import Background, Map, PolygonShape, Zone
from tabletop.ui.dialogs.import_into import ImportChoices, why_not_into
from tabletop.ui.dialogs.import_uvtt import GRID_KEY, INTO_KEY, ImportDialog, import_drawing
from tests.io.uvtt_drawings import corridor, written

TAVERN = Zone(id="room-1", name="Room 1", shape=PolygonShape(points=[(0, 0), (2000, 0), (2000, 1600), (0, 1600)]))


@pytest.fixture
def drawing(tmp_path, monkeypatch):
    path = written(tmp_path, "crypt.dd2vtt", corridor())
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    return path


@pytest.fixture
def tavern(window, tmp_path):
    path = tmp_path / "tavern.tabletop"
    save_map(Map(title="Tavern", zones=[TAVERN]), path)
    assert window.files.open(path)
    return path


def _answer(monkeypatch, into: bool, grid: bool):
    """The import dialog answered as a GM would: where the drawing goes and the grid ticked."""
    seen = []

    def exec_(dialog: ImportDialog) -> int:
        seen.append(dialog)
        (dialog.into if into else dialog.as_new).setChecked(True)
        dialog.grid.setChecked(grid)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ImportDialog, "exec", exec_)
    return seen


def test_an_import_into_this_map_is_one_step_that_undo_takes_away(window, qtbot, drawing, tavern, monkeypatch):
    _answer(monkeypatch, into=True, grid=True)
    stack = window.document.undo_stack
    assert stack.count() == 0
    window.registry["file.import"].trigger()
    qtbot.waitUntil(lambda: len(window.document.map.zones) > 1)
    map_ = window.document.map.model_copy(deep=True)  # as imported, whatever undo does to the document's
    assert window.document.path == tavern and window.document.modified
    assert stack.count() == 1 and stack.undoText() == "Import crypt.dd2vtt"
    alone, _ = drawn_map(read_universal_vtt(drawing), None, grid=True)
    assert [z.name for z in alone.zones] == ["Room 1", "Room 2", "Room 3", "Outside"]
    assert [z.name for z in map_.zones] == ["Room 1", "Room 2", "Room 3", "Room 4", "Outside"], "numbered on"
    assert len(map_.borders) == len(alone.borders) and len(map_.grids) == 1
    assert [b.passages for b in map_.borders] == [b.passages for b in alone.borders]
    assert map_.background.path == "assets/tavern.png" and (tavern.parent / "assets" / "tavern.png").is_file()
    mine, theirs = piece_box(Map(zones=[TAVERN])), piece_box(Map(zones=map_.zones[1:]))
    assert theirs[0] >= mine[2], "the drawing lands beside the map's own zones"
    view = window.view
    shown = view.viewportTransform().inverted()[0].mapRect(QRectF(view.viewport().rect()))
    assert shown.contains(QRectF(QPointF(*theirs[:2]), QPointF(*theirs[2:]))), "and the view shows where"
    (grid,) = map_.grids
    assert grid.origin == (map_.background.x, map_.background.y) == (theirs[0], theirs[1])
    assert grid.origin[0] % SQUARE == 0, "on whole squares"
    said = window.statusBar().currentMessage()
    assert said.startswith("Imported crypt.dd2vtt: 3 rooms, 2 doors") and said.endswith("tiles over its squares")
    qtbot.waitUntil(lambda: window.map_menu.check_dialog is not None and window.map_menu.check_dialog.isVisible())
    assert {key[1] for key in window.document.selection} == {z.id for z in map_.zones[1:]} | {grid.id}
    stack.undo()
    undone = window.document.map
    assert undone.zones == [TAVERN] and undone.borders == [] and undone.grids == [] and undone.background is None
    stack.redo()
    assert window.document.map == map_
    window.map_menu.check_dialog.close()


def test_a_map_with_a_picture_of_its_own_is_not_given_another(window, qtbot, tmp_path, drawing, answers):
    path = tmp_path / "tavern.tabletop"
    save_map(Map(title="Tavern", zones=[TAVERN], background=Background(path="scan.png")), path)
    assert window.files.open(path)
    reason = (
        "tavern.tabletop has a background picture already: import the drawing as a new map, "
        "or remove the picture first (Map ▸ Remove Background Image)."
    )
    dialog = ImportDialog(drawing, window.settings, window, why_not_into(window.document))
    qtbot.addWidget(dialog)
    assert not dialog.into.isEnabled() and dialog.as_new.isChecked()
    assert reason in [label.text() for label in dialog.findChildren(QLabel)]
    before = window.document.map
    forced = ImportChoices(tmp_path / "x.tabletop", 4, 7, 0.3, into=True)
    assert not import_drawing(
        window, window.settings, window.files, window.map_menu.check_map, window.say, drawing, forced
    )
    assert answers["warned"] == [f"{drawing}: {reason}"]
    assert window.document.map is before and window.document.undo_stack.count() == 0
    assert not (tmp_path / "assets").exists(), "no picture is kept for a drawing refused"


def test_an_unsaved_map_cannot_take_a_drawing_and_the_dialog_says_why(window, qtbot, drawing):
    assert window.document.path is None
    reason = why_not_into(window.document)
    assert reason == "Save this map first: the drawing's picture is kept in the assets folder beside it."
    dialog = ImportDialog(drawing, window.settings, window, reason)
    qtbot.addWidget(dialog)
    assert not dialog.into.isEnabled() and dialog.as_new.isChecked()
    assert reason in [label.text() for label in dialog.findChildren(QLabel)]


def test_the_grid_tick_box_lays_a_grid_over_a_new_map_and_both_choices_are_kept(
    window, qtbot, drawing, tavern, monkeypatch
):
    _answer(monkeypatch, into=False, grid=True)
    target = drawing.with_suffix(".tabletop")
    window.registry["file.import"].trigger()
    qtbot.waitUntil(lambda: window.document.path == target)
    (grid,) = load_map(target).grids
    assert grid.origin == (0.0, 0.0) and grid.tile_bounds() == (0, 0, 1, 3)
    assert window.settings.value(GRID_KEY, type=bool) and not window.settings.value(INTO_KEY, type=bool)
    again = ImportDialog(drawing, window.settings, window)
    qtbot.addWidget(again)
    assert again.grid.isChecked() and again.as_new.isChecked()
    window.map_menu.check_dialog.close()
