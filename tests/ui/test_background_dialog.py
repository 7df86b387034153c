"""The Set Background Image dialog: a picture, its place, scale and opacity, as a Background
whose path stays in the map's folder; a picture from elsewhere is copied beside the map once
the GM agrees, and a map never saved is saved first."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QMessageBox

from tabletop.model import Background
from tabletop.ui.dialogs.background import BackgroundDialog, choose_background

Yes, Cancel = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.Cancel


@pytest.fixture
def answers(monkeypatch):
    """What the dialog asks or says, each as (text, text format), and the GM's answer."""
    log = {"question": Yes, "asked": [], "formats": set()}

    def exec_(box):
        log["asked"].append(box.text())
        log["formats"].add(box.textFormat())
        return log["question"]

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return log


def _picture(path, colour: str = "#336699") -> None:
    image = QImage(120, 80, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path))


def _dialog(qtbot, map_path, current=None) -> BackgroundDialog:
    dialog = BackgroundDialog(None, map_path, current)
    qtbot.addWidget(dialog)
    return dialog


def _chosen(monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


def test_a_picture_in_the_map_folder_is_written_from_there(qtbot, tmp_path, monkeypatch, answers):
    (tmp_path / "assets").mkdir()
    _picture(tmp_path / "assets" / "scan.png")
    dialog = _dialog(qtbot, tmp_path / "keep.tabletop")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and dialog.background() is None
    _chosen(monkeypatch, tmp_path / "assets" / "scan.png")
    dialog._browse()
    assert dialog.path.text() == "assets/scan.png"
    dialog.x.setValue(-40)
    dialog.y.setValue(25)
    dialog.scale.setValue(2.5)
    dialog.opacity.setValue(60)
    assert ok.isEnabled()
    assert "300 x 200 map units" in dialog.preview.text() and "60% opaque" in dialog.preview.text()
    assert "Outside" not in dialog.preview.text()
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and answers["asked"] == [], "nothing to copy"
    assert dialog.background() == Background(path="assets/scan.png", x=-40, y=25, scale=2.5, opacity=0.6)


def test_the_dialog_starts_from_the_current_background_and_refuses_a_missing_file(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path / "keep.tabletop", Background(path="gone.png", scale=3, opacity=0.5))
    assert (dialog.scale.value(), dialog.opacity.value()) == (3, 50)
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert "No picture at" in dialog.preview.text()
    (tmp_path / "gone.png").write_bytes(b"not a picture")
    dialog.path.setText("./gone.png")
    assert "not a picture" in dialog.preview.text()
    _picture(tmp_path / "gone.png")
    dialog.path.setText("gone.png ")
    assert dialog.background() == Background(path="gone.png", scale=3, opacity=0.5)


def test_a_picture_from_elsewhere_is_copied_beside_the_map_once_the_gm_agrees(qtbot, tmp_path, monkeypatch, answers):
    (tmp_path / "maps").mkdir()
    (tmp_path / "pics").mkdir()
    _picture(tmp_path / "pics" / "scan.png")
    dialog = _dialog(qtbot, tmp_path / "maps" / "keep.tabletop")
    _chosen(monkeypatch, tmp_path / "pics" / "scan.png")
    dialog._browse()
    assert dialog.path.text() == str(tmp_path / "pics" / "scan.png")
    assert "Outside the map's folder: OK copies it beside the map." in dialog.preview.text()
    assert dialog.background() is None, "never a path leading out of the map's folder"
    answers["question"] = Cancel
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.background() is None
    assert not (tmp_path / "maps" / "scan.png").exists(), "nothing copied without the GM's word"
    assert "scan.png is not in the map's folder" in answers["asked"][0]
    answers["question"] = Yes
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert (tmp_path / "maps" / "scan.png").read_bytes() == (tmp_path / "pics" / "scan.png").read_bytes()
    assert dialog.background() == Background(path="scan.png")


def test_a_copy_never_replaces_another_picture_beside_the_map(qtbot, tmp_path, monkeypatch, answers):
    (tmp_path / "maps").mkdir()
    (tmp_path / "pics").mkdir()
    _picture(tmp_path / "maps" / "scan.png", "#ff0000")
    _picture(tmp_path / "pics" / "scan.png", "#00ff00")
    before = (tmp_path / "maps" / "scan.png").read_bytes()
    dialog = _dialog(qtbot, tmp_path / "maps" / "keep.tabletop")
    dialog.path.setText(str(tmp_path / "pics" / "scan.png"))
    answers["question"] = Yes
    dialog.accept()
    assert dialog.background() == Background(path="scan-2.png")
    assert (tmp_path / "maps" / "scan.png").read_bytes() == before
    assert (tmp_path / "maps" / "scan-2.png").read_bytes() == (tmp_path / "pics" / "scan.png").read_bytes()


def test_a_link_leading_out_of_the_map_folder_is_copied_not_followed(qtbot, tmp_path, answers):
    (tmp_path / "maps").mkdir()
    _picture(tmp_path / "secret.png")
    os.symlink(tmp_path / "secret.png", tmp_path / "maps" / "scan.png")
    dialog = _dialog(qtbot, tmp_path / "maps" / "keep.tabletop")
    dialog.path.setText("scan.png")
    assert dialog.background() is None and "Outside the map's folder" in dialog.preview.text()
    answers["question"] = Yes
    dialog.accept()
    assert dialog.background() == Background(path="secret.png")
    assert not (tmp_path / "maps" / "secret.png").is_symlink()


def test_a_pipe_chosen_as_the_picture_is_refused_in_one_line(qtbot, tmp_path):
    os.mkfifo(tmp_path / "pipe.png")
    dialog = _dialog(qtbot, tmp_path / "keep.tabletop")
    dialog.path.setText("pipe.png")
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert "is not a regular file" in dialog.preview.text() and "\n" not in dialog.preview.text()


def test_a_map_never_saved_is_saved_first(qtbot, tmp_path, monkeypatch, answers):
    assert choose_background(None, None, None) is None
    assert answers["asked"] == ["Save the map first. A map's pictures are kept in its folder, beside the map file."]
    answers["question"] = Cancel
    saved = []
    assert choose_background(None, None, None, save=lambda: saved.append(1)) is None
    assert saved == [] and answers["asked"][-1].endswith("save the map first?")
    _picture(tmp_path / "scan.png")
    answers["question"] = QMessageBox.StandardButton.Save
    folders = []

    def exec_(dialog):
        folders.append(dialog.folder)
        dialog.path.setText("scan.png")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(BackgroundDialog, "exec", exec_)
    chosen = choose_background(None, None, None, save=lambda: tmp_path / "new.tabletop")
    assert chosen == Background(path="scan.png") and folders == [tmp_path.resolve()]


def test_the_chosen_file_is_named_as_plain_text(qtbot, tmp_path, answers):
    (tmp_path / "maps").mkdir()
    _picture(tmp_path / "<b>loud<b>.png")
    dialog = _dialog(qtbot, tmp_path / "maps" / "keep.tabletop")
    dialog.path.setText(str(tmp_path / "<b>loud<b>.png"))
    assert dialog.preview.textFormat() == Qt.TextFormat.PlainText
    dialog.accept()
    assert answers["asked"][0].startswith("<b>loud<b>.png is not in the map's folder")
    assert answers["formats"] == {Qt.TextFormat.PlainText}
    assert dialog.background() == Background(path="<b>loud<b>.png")


def test_set_background_on_a_map_never_saved_saves_it_first(qtbot, window, monkeypatch, tmp_path):
    """The Map menu offers the dialog a way to save the map first: its picture needs a folder."""
    import tabletop.ui.dialogs.background as dialog

    target = tmp_path / "new.tabletop"
    asked = []

    def chooses(parent, map_path, current, save=None, preview=None):
        asked.append((map_path, save() if save is not None else "no way to save"))
        return None

    monkeypatch.setattr(dialog, "choose_background", chooses)
    monkeypatch.setattr(window.files, "save_as", lambda path=None: _saved(window, target))
    window.map_menu.set_background()
    assert asked == [(None, target)]


def _saved(window, target):
    from tabletop.io import save_map

    save_map(window.document.map, target)
    window.document.path = target
    return True
