"""File ▸ Export Image… asks before replacing a link or a file of another kind, as File ▸
Export… does; and neither ever replaces a folder or a pipe: refused in one line, unasked."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog

from tabletop.samples import warehouse
from tabletop.ui.dialogs.export_dialog import ExportDialog
from tabletop.ui.dialogs.export_run import run_export


@pytest.fixture
def export_image_to(window, monkeypatch):
    """Export Image… to a path, 400 pixels wide, as the GM would choose in its dialogs."""
    window.document.replace_map(warehouse(), None)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args, **kw: (400, True))

    def export(path):
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kw: (str(path), "PNG image (*.png)"))
        window.exports.export_image()

    return export


def test_export_image_asks_before_replacing_a_link(window, answers, export_image_to, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("the GM's notes")
    link = tmp_path / "map.png"
    link.symlink_to(notes)
    answers["choose"] = None  # No: the default and Escape's answer
    export_image_to(link)
    assert notes.read_text() == "the GM's notes" and link.is_symlink()
    assert "is a symbolic link" in answers["asked"][-1] and "Replace it with the export?" in answers["asked"][-1]
    assert window.statusBar().currentMessage() == f"Not exported: {link} was left as it is"
    answers["choose"] = "&Yes"
    export_image_to(link)
    assert QImage(str(notes)).width() == 400, "through the link, as the GM agreed"


def test_export_image_asks_before_replacing_a_file_of_another_kind(window, answers, export_image_to, tmp_path):
    notes = tmp_path / "notes.png"
    notes.write_text("not a picture: the GM's notes")
    export_image_to(notes)
    assert notes.read_text() == "not a picture: the GM's notes"
    assert answers["asked"][-1].startswith(f"{notes} is not a PNG picture. Replace it with the export?")


def test_export_image_replaces_an_earlier_export_unasked(window, answers, export_image_to, tmp_path):
    out = tmp_path / "map.png"
    export_image_to(out)
    export_image_to(out)
    assert QImage(str(out)).width() == 400 and answers["asked"] == []


def _folder(path):
    path.mkdir()


def _pipe(path):
    os.mkfifo(path)


@pytest.mark.parametrize("make", [_folder, _pipe], ids=["folder", "pipe"])
def test_export_image_never_replaces_a_folder_or_a_pipe(window, answers, export_image_to, tmp_path, make):
    target = tmp_path / "map.png"
    make(target)
    answers["choose"] = "&Yes"  # whatever the GM would say
    export_image_to(target)
    assert answers["asked"] == [] and len(answers["warned"]) == 1
    assert "\n" not in answers["warned"][0] and "an export never replaces it" in answers["warned"][0]
    assert answers["warned"][0].startswith(str(target))
    assert target.is_dir() if make is _folder else not target.is_file()


@pytest.mark.parametrize("make", [_folder, _pipe], ids=["folder", "pipe"])
def test_the_export_dialog_never_offers_to_replace_a_folder_or_a_pipe(qtbot, window, answers, tmp_path, make):
    window.document.replace_map(warehouse(), None)
    dialog = ExportDialog(window, window.document.map, None, QRectF(0, 0, 300, 200), [], window.settings)
    qtbot.addWidget(dialog)
    target = tmp_path / "map.png"
    make(target)
    dialog.file.setText(str(target))
    answers["choose"] = "&Yes"
    assert not run_export(window, dialog)
    assert answers["asked"] == [] and len(answers["warned"]) == 1
    assert "\n" not in answers["warned"][0] and "an export never replaces it" in answers["warned"][0]
    assert target.is_dir() if make is _folder else not target.is_file()
