"""File ▸ Export…: the dialog's choices become the export's options, its preview is the
export, and the progress dialog's Cancel leaves no file."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QProgressDialog

from tabletop.render.export import ExportOptions, ScaleKind, ScopeKind, Who, files, render_image
from tabletop.render.export.picture import with_width
from tabletop.samples import af_encounter
from tabletop.ui.dialogs.export_dialog import AUDIENCES, PREVIEW_WIDTH, SCALES, SCOPES, ExportDialog
from tabletop.ui.dialogs.export_run import run_export
from tests.render.test_export_options import SECRET, has_colour, pixels, warehouse_with_a_secret


def _index(table, value):
    return next(k for k, row in enumerate(table) if row[1] is value)


@pytest.fixture
def dialog(qtbot, window, tmp_path):
    window.document.replace_map(warehouse_with_a_secret(), None)
    made = ExportDialog(window, window.document.map, None, QRectF(0, 0, 300, 200), [("zone", "z3")], window.settings)
    made.file.setText(str(tmp_path / "out.png"))
    qtbot.addWidget(made)
    return made


def test_the_choices_become_the_export_options(dialog):
    dialog.scope.setCurrentIndex(_index(SCOPES, ScopeKind.ZONE))
    dialog.target.setCurrentIndex(2)
    dialog.margin.setValue(5)
    dialog.who.setCurrentIndex(_index(AUDIENCES, Who.PLAYERS))
    dialog.scale_kind.setCurrentIndex(_index(SCALES, ScaleKind.PX_PER_UNIT))
    dialog.scale_value.setValue(3)
    dialog.flags["badges"].setChecked(False)
    options = dialog.options()
    assert (options.scope.kind, options.scope.object_id, options.scope.margin) == (ScopeKind.ZONE, "z3", 5)
    assert options.who is Who.PLAYERS and not options.badges and options.token_names
    assert (options.scale.kind, options.scale.value) == (ScaleKind.PX_PER_UNIT, 3)
    dialog.scope.setCurrentIndex(_index(SCOPES, ScopeKind.VIEW))
    assert dialog.options().scope.rect == (0, 0, 300, 200)
    dialog.scope.setCurrentIndex(_index(SCOPES, ScopeKind.SELECTION))
    assert dialog.options().scope.selection == (("zone", "z3"),)
    dialog.poster.setChecked(True)
    assert dialog.options().poster.paper == "a4" and dialog.path().endswith("out.pdf")


def test_the_preview_is_the_export_at_a_small_width(dialog):
    dialog.who.setCurrentIndex(_index(AUDIENCES, Who.PLAYERS))
    shown = dialog.preview_image()
    made = render_image(dialog.map, options=with_width(dialog.options(), PREVIEW_WIDTH))
    assert shown.width() == PREVIEW_WIDTH and np.array_equal(pixels(shown), pixels(made))
    assert not has_colour(shown, SECRET)
    dialog.who.setCurrentIndex(_index(AUDIENCES, Who.GM))
    assert has_colour(dialog.preview_image(), SECRET)


def test_a_scope_that_cannot_be_drawn_disables_export_and_says_why(dialog, qtbot):
    dialog.scope.setCurrentIndex(_index(SCOPES, ScopeKind.GRID))
    dialog._refresh()
    assert not dialog.export_button.isEnabled()
    assert dialog.size_line.text() == "Cannot export: the map has no encounter grid '' to export"


def test_export_writes_the_players_copy_and_remembers_the_choices(dialog, window, tmp_path):
    dialog.who.setCurrentIndex(_index(AUDIENCES, Who.PLAYERS))
    dialog.scale_value.setValue(500)
    assert run_export(window, dialog)
    image = QImage(str(tmp_path / "out.png"))
    assert image.width() == 500 and not has_colour(image, SECRET)
    assert "out.png" in window.statusBar().currentMessage()
    again = ExportDialog(window, window.document.map, settings=window.settings)
    assert again.options().who is Who.PLAYERS and again.scale_value.value() == 500


def test_cancel_in_the_progress_dialog_leaves_no_file(dialog, window, tmp_path, monkeypatch):
    monkeypatch.setattr(files, "STREAM_FROM", 0)
    monkeypatch.setattr(files, "band_rows", lambda width: 30)
    asked = []

    def cancelled(self):
        asked.append(1)
        return len(asked) >= 3

    monkeypatch.setattr(QProgressDialog, "wasCanceled", cancelled)
    assert not run_export(window, dialog)
    assert list(tmp_path.glob("*.png")) == [] and not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert window.statusBar().currentMessage() == "Export cancelled: nothing was written"


def test_file_export_opens_the_dialog_and_exports(window, tmp_path, monkeypatch):
    window.document.replace_map(af_encounter(), None)
    seen = {}

    def accept(self):
        self.file.setText(str(tmp_path / "creek.svg"))
        seen["options"] = self.options()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ExportDialog, "exec", accept)
    action = next(a for a in window.menuBar().actions() if a.text() == "&File").menu()
    export = next(a for a in action.actions() if a.text() == "&Export…")
    assert export.shortcut().toString() == "Ctrl+E"
    export.trigger()
    assert (tmp_path / "creek.svg").read_text().count("<svg") == 1
    assert seen["options"] == ExportOptions()


def test_a_poster_of_millions_of_pages_says_so_instead_of_freezing_the_window(dialog):
    dialog.poster.setChecked(True)
    dialog.scale_kind.setCurrentIndex(_index(SCALES, ScaleKind.MM_PER_UNIT))
    dialog.scale_value.setValue(100_000)
    dialog._refresh()
    assert not dialog.export_button.isEnabled()
    assert dialog.size_line.text().startswith("Cannot export: the map would be a poster of ")


def test_a_size_the_export_would_refuse_is_said_before_export_is_offered(dialog, tmp_path):
    dialog.scale_kind.setCurrentIndex(_index(SCALES, ScaleKind.PX_PER_UNIT))
    dialog.scale_value.setValue(100_000)
    dialog._refresh()
    assert not dialog.export_button.isEnabled(), "a picture millions of pixels wide was offered, then refused"
    assert "too large" in dialog.size_line.text()
    dialog.scale_kind.setCurrentIndex(_index(SCALES, ScaleKind.WIDTH))
    dialog.scale_value.setValue(20_000)
    dialog._refresh()
    assert dialog.export_button.isEnabled(), "a PNG is streamed up to 32768 pixels a side"
    dialog.file.setText(str(tmp_path / "out.svg"))
    dialog._refresh()
    assert not dialog.export_button.isEnabled() and "16 to 16384 pixels" in dialog.size_line.text()
    dialog.scale_value.setValue(1)
    dialog.file.setText(str(tmp_path / "out.png"))
    dialog._refresh()
    assert not dialog.export_button.isEnabled() and "16 to 32768 pixels" in dialog.size_line.text()


def test_the_dialog_asks_before_replacing_a_link_or_another_kind_of_file(dialog, window, answers, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("the GM's notes")
    link = tmp_path / "map.png"
    link.symlink_to(notes)
    dialog.file.setText(str(link))
    answers["choose"] = None  # No: the default and Escape's answer
    assert not run_export(window, dialog)
    assert notes.read_text() == "the GM's notes" and link.is_symlink()
    assert "is a symbolic link" in answers["asked"][-1] and "Replace it with the export?" in answers["asked"][-1]
    answers["choose"] = "&Yes"
    assert run_export(window, dialog)
    assert notes.read_bytes().startswith(b"\x89PNG"), "through the link, as the GM agreed"
