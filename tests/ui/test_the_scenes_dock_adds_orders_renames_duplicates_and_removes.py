"""The Scenes dock's work on a session: each operation changes the session's list, marks it
unsaved, and the next save writes it; removing asks, and never takes the live or staged scene."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QFileDialog, QInputDialog

from tabletop.io import load_map, save_map
from tabletop.io.session import load_session
from tabletop.samples import af_encounter
from tests.ui.scenes import open_session


def names(scenes) -> list[str]:
    return [s.name for s in scenes.session.scenes]


def rows(scenes) -> list[str]:
    listing = scenes.pane.list
    return [listing.item(row).text().split("\n")[0] for row in range(listing.count())]


def test_new_rename_duplicate_and_reorder_then_save(qtbot, window, tmp_path, monkeypatch):
    path, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    typed = iter(["Ambush", "The Vault"])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (next(typed), True))
    scenes.pane.buttons["New Scene"].click()
    assert names(scenes) == ["Tavern", "Road", "Ambush"] and scenes.session.modified
    assert rows(scenes) == ["Tavern", "Road", "Ambush *"]
    scenes.pane.list.setCurrentRow(2)
    scenes.pane.buttons["Rename…"].click()
    scenes.pane.buttons["Up"].click()
    assert names(scenes) == ["Tavern", "The Vault", "Road"]
    scenes.pane.list.setCurrentRow(0)
    scenes.pane.buttons["Duplicate"].click()
    assert names(scenes) == ["Tavern", "Tavern copy", "The Vault", "Road"]
    scenes.pane.list.model().moveRow(QModelIndex(), 3, QModelIndex(), 0)  # as a drag in the list does
    assert names(scenes) == ["Road", "Tavern", "Tavern copy", "The Vault"]
    window.registry["file.save"].trigger()
    assert not scenes.session.modified and rows(scenes)[0] == "Road"
    saved = load_session(path)
    assert [s.name for s in saved.scenes] == ["Road", "Tavern", "Tavern copy", "The Vault"]
    files = {s.name: tmp_path / s.map for s in saved.scenes}
    assert files["Tavern copy"].name == "Tavern copy.tabletop" and files["The Vault"].name == "Ambush.tabletop"
    copy = load_map(files["Tavern copy"])
    assert [z.id for z in copy.zones] == ["z1", "z2", "z3"] and copy.tokens
    assert load_map(files["The Vault"]).zones == []
    assert all(files[name].with_suffix(".png").is_file() for name in ("Tavern copy", "The Vault", "Tavern"))
    assert {s.name: s.thumbnail is not None for s in saved.scenes}["Tavern copy"]


def test_an_existing_map_is_copied_into_the_session_folder(qtbot, window, tmp_path, monkeypatch):
    _path, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    save_map(af_encounter(), elsewhere / "creek.tabletop")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(elsewhere / "creek.tabletop"), ""))
    scenes.pane.buttons["Add Map…"].click()
    added = scenes.session.scenes[-1]
    assert added.map.startswith("Night scenes/") and scenes.session.modified
    window.files.save()
    kept = tmp_path / added.map
    assert kept.is_file() and load_map(kept).grids == af_encounter().grids
    (elsewhere / "creek.tabletop").unlink()  # the session keeps its own copy
    assert scenes.stage(added.id) and window.document.map.grids


def test_remove_asks_and_never_takes_the_live_or_staged_scene(qtbot, window, tmp_path, answers):
    from PySide6.QtWidgets import QMessageBox

    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    scenes.pane.list.setCurrentRow(0)  # the tavern: live and staged
    scenes.pane.buttons["Remove…"].click()
    assert names(scenes) == ["Tavern", "Road"]
    scenes.pane.list.setCurrentRow(1)
    answers["question"] = QMessageBox.StandardButton.Cancel
    scenes.pane.buttons["Remove…"].click()
    assert names(scenes) == ["Tavern", "Road"] and "Remove Road from the session?" in answers["asked"][-1]
    answers["question"] = QMessageBox.StandardButton.Yes
    scenes.pane.list.setCurrentRow(1)
    scenes.pane.buttons["Remove…"].click()
    assert names(scenes) == ["Tavern"] and (tmp_path / "Night scenes" / "road.tabletop").is_file()
    answers["question"] = QMessageBox.StandardButton.Discard  # the window closes without saving


def test_the_dock_marks_the_live_and_the_staged_scene(qtbot, window, tmp_path):
    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    listing = scenes.pane.list
    assert listing.item(0).text() == "Tavern\nLive: the players see it · Editing"
    scenes.pane.list.itemActivated.emit(listing.item(1))  # a double-click
    assert window.document.map.title == "Road"
    assert [listing.item(r).text() for r in range(2)] == ["Tavern\nLive: the players see it", "Road\nEditing"]
    assert listing.item(1).font().bold() and not listing.item(0).font().bold()
    assert window.windowTitle() == "Night ▸ Road[*] — Tabletop" and not window.isWindowModified()


def test_new_session_starts_from_the_map_in_the_window_and_leaves_its_file_alone(qtbot, window, tmp_path, monkeypatch):
    from tabletop.samples import warehouse

    save_map(warehouse(), tmp_path / "warehouse.tabletop")
    window.later.finish()
    assert window.files.open(tmp_path / "warehouse.tabletop")
    before = (tmp_path / "warehouse.tabletop").read_bytes()
    chosen = tmp_path / "Friday"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(chosen), ""))
    window.registry["file.new_session"].trigger()
    session = load_session(tmp_path / "Friday.tabletop-session")
    [scene] = session.scenes
    assert (scene.name, session.live) == ("The warehouse", scene.id)
    assert scene.map.startswith("Friday scenes/") and scene.thumbnail is not None
    assert load_map(tmp_path / scene.map).zones == warehouse().zones
    assert (tmp_path / "warehouse.tabletop").read_bytes() == before
    assert window.scenes.session.staged == scene.id and not window.scenes.session.modified
