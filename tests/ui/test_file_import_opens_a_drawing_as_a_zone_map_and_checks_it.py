"""File ▸ Import…: the GM picks a Universal VTT drawing, says once where its map goes and what
breaking costs; the map is written with its picture beside it, opened as Open opens a map,
its summary said in the status bar, and Check Map runs on it. The costs are remembered."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog

from tabletop.io import load_map
from tabletop.ui.dialogs.import_uvtt import BREAK_DOOR_KEY, BREAK_WALL_KEY, ImportDialog
from tests.io.uvtt_drawings import corridor, written


@pytest.fixture
def drawing(tmp_path, monkeypatch):
    path = written(tmp_path, "crypt.dd2vtt", corridor())
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    return path


def _answer(monkeypatch, door: int | None, wall: int | None):
    """The import dialog answered as a GM would: its costs set, Import pressed."""
    seen = []

    def exec_(dialog: ImportDialog) -> int:
        seen.append(dialog)
        for cost, value in ((dialog.door, door), (dialog.wall, wall)):
            cost.can.setChecked(value is not None)
            if value is not None:
                cost.cost.setValue(value)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ImportDialog, "exec", exec_)
    return seen


def test_an_import_opens_the_map_says_what_was_made_and_checks_it(window, qtbot, drawing, monkeypatch):
    seen = _answer(monkeypatch, door=3, wall=None)
    window.registry["file.import"].trigger()
    target = drawing.with_suffix(".tabletop")
    assert seen and seen[0].target.text() == str(target)  # beside the drawing, unless the GM says otherwise
    qtbot.waitUntil(lambda: window.document.path == target)
    assert [z.name for z in window.document.map.zones] == ["Room 1", "Room 2", "Room 3", "Outside"]
    assert window.document.map == load_map(target) and not window.document.modified
    assert (target.parent / "assets" / "crypt.png").is_file()
    said = window.statusBar().currentMessage()
    assert (
        said
        == "Imported crypt.dd2vtt: 3 rooms, 2 doors, 1 zone outside the walls, 0 wall gaps closed, 0 lights ignored"
    )
    qtbot.waitUntil(lambda: window.map_menu.check_dialog is not None and window.map_menu.check_dialog.isVisible())
    labels = {p.label: p.cost_from_a for b in window.document.map.borders for p in b.passages}
    assert labels.get("break the door") == 3 and "break through the wall" not in labels
    assert (window.settings.value(BREAK_DOOR_KEY, type=int), window.settings.value(BREAK_WALL_KEY, type=int)) == (3, -1)
    again = ImportDialog(drawing, window.settings, window)
    assert (again.door.value(), again.wall.value()) == (3, None)
    again.deleteLater()
    window.map_menu.check_dialog.close()


def test_a_damaged_drawing_is_one_warning_and_the_map_stays(window, tmp_path, answers, monkeypatch):
    bad = written(tmp_path, "torn.uvtt", '{"format": 0.3, "resolution": {"map_origin": {"x": 0}}}')
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(bad), ""))
    _answer(monkeypatch, door=4, wall=7)
    before = window.document.map
    assert not window.import_drawing()
    assert answers["warned"] == [f"{bad}: resolution.map_origin is not a point: it needs numbers x and y"]
    assert window.document.map is before and not (tmp_path / "torn.tabletop").exists()


def test_a_map_already_there_is_replaced_only_when_the_gm_says(window, drawing, answers, monkeypatch):
    target = drawing.with_suffix(".tabletop")
    target.write_text("mine", encoding="utf-8")
    _answer(monkeypatch, door=4, wall=7)
    assert not window.import_drawing()
    assert target.read_text(encoding="utf-8") == "mine"
    assert answers["asked"][-1] == "crypt.tabletop is there already. Replace it with the imported map?"
    answers["choose"] = "Replace"
    assert window.import_drawing()
    assert len(load_map(target).zones) == 4
    window.map_menu.check_dialog.close()
