"""A map of an older Tabletop whose background picture lies outside its folder (its dialog wrote
`../scans/plan.png`) is refused by the reader, so a map someone sends never shows a picture from
elsewhere; the window asks the GM and opens it without the picture, or copies the picture in."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.io import MapFileError, load_map, save_map
from tabletop.io.pictures import PictureRefused
from tabletop.io.pictures_outside import brought_in, set_aside
from tabletop.samples import room_with_door


def _old_map(tmp_path, written="../scans/plan.png"):
    """A map in tmp/maps whose background is written as an older Tabletop wrote it."""
    (tmp_path / "scans").mkdir(exist_ok=True)
    picture = QImage(64, 48, QImage.Format.Format_RGB32)
    picture.fill(QColor("#336699"))
    assert picture.save(str(tmp_path / "scans" / "plan.png"))
    (tmp_path / "maps").mkdir(exist_ok=True)
    path = tmp_path / "maps" / "old.tabletop"
    save_map(room_with_door(), path)
    document = json.loads(path.read_text())
    document["background"] = {"path": written, "x": 12.0, "y": -8.0, "scale": 2.0, "opacity": 0.5}
    path.write_text(json.dumps(document))
    return path


def test_the_reader_refuses_it_and_sets_the_picture_aside_only_for_that_fault(tmp_path):
    path = _old_map(tmp_path)
    with pytest.raises(MapFileError, match=r"background\.path"):
        load_map(path)
    map_, background, problem = set_aside(path.read_bytes(), path)
    assert map_.background is None and map_.zones == room_with_door().zones
    assert background["path"] == "../scans/plan.png" and "climbs out" in problem
    document = json.loads(path.read_text())
    document["zones"]["id"][0] = ""
    assert set_aside(json.dumps(document).encode(), path) is None, "another fault: the reader's line says it"
    save_map(room_with_door(), tmp_path / "fine.tabletop")
    assert set_aside((tmp_path / "fine.tabletop").read_bytes(), tmp_path / "fine.tabletop") is None


def test_the_picture_brought_in_keeps_its_place_scale_and_opacity(tmp_path):
    path = _old_map(tmp_path, str(tmp_path / "scans" / "plan.png"))
    _, background, _ = set_aside(path.read_bytes(), path)
    kept = brought_in(background, path)
    assert (kept.path, kept.x, kept.y, kept.scale, kept.opacity) == ("plan.png", 12.0, -8.0, 2.0, 0.5)
    assert (path.parent / "plan.png").read_bytes() == (tmp_path / "scans" / "plan.png").read_bytes()


def test_a_pipe_named_as_the_picture_is_refused_not_waited_on(tmp_path):
    path = _old_map(tmp_path, "../scans/pipe.png")
    os.mkfifo(tmp_path / "scans" / "pipe.png")
    _, background, _ = set_aside(path.read_bytes(), path)
    with pytest.raises(PictureRefused, match="not a regular file"):
        brought_in(background, path)


def test_the_window_copies_the_picture_in_when_asked(qtbot, window, answers, tmp_path):
    path = _old_map(tmp_path)
    answers["choose"] = "Copy the Picture Here"
    assert window.files.open(path)
    assert window.document.path == path and window.document.map.background.path == "plan.png"
    assert window.document.undo_stack.count() == 1 and not window.document.undo_stack.isClean()
    assert (path.parent / "plan.png").exists()
    assert "save to keep it" in window.statusBar().currentMessage()


def test_the_window_opens_it_without_the_picture_or_not_at_all(qtbot, window, answers, tmp_path):
    path = _old_map(tmp_path)
    answers["choose"] = "Open Without It"
    assert window.files.open(path)
    assert window.document.map.background is None and not (path.parent / "plan.png").exists()
    assert window.document.modified, "the file still names the picture: leaving it out is a change to save"
    assert "saving leaves it out" in window.statusBar().currentMessage()
    window.document.replace_map(room_with_door().model_copy(update={"title": "kept"}), None)
    answers["choose"] = None
    assert not window.files.open(path)
    assert window.document.map.title == "kept"
    assert "climbs out of the map's folder" in answers["asked"][-1] and "background.path" in answers["warned"][-1]


def test_a_picture_in_a_home_folder_is_never_copied_and_enter_opens_without_it(qtbot, window, answers, tmp_path):
    path = _old_map(tmp_path, "~/Pictures/private-photo.png")
    _, background, _ = set_aside(path.read_bytes(), path)
    with pytest.raises(PictureRefused, match="home folder"):
        brought_in(background, path)
    answers["choose"] = "Copy the Picture Here"  # greyed: pressing it does nothing
    assert not window.files.open(path)
    assert "a picture in a home folder, never copied" in answers["asked"][-1]


def test_the_question_names_the_whole_source_and_opens_without_it_by_default(qtbot, window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    path = _old_map(tmp_path)
    seen = {}

    def exec_(box):
        seen["text"], seen["default"] = box.text(), box.defaultButton().text()
        box.defaultButton().click()  # Enter
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert window.files.open(path)
    assert str(tmp_path / "scans" / "plan.png") in seen["text"] and seen["default"] == "Open Without It"
    assert window.document.map.background is None and not (path.parent / "plan.png").exists()
