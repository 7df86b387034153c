"""File ▸ Export…: the File field names the file written. Poster ticked, a PDF is written, so the
field reads .pdf (also when the poster tick comes back from last time); unticked, it reads the
picture's extension again. A PDF the GM chose for a plain export stays a PDF."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF

from tabletop.samples import af_encounter
from tabletop.ui.dialogs.export_dialog import ExportDialog
from tabletop.ui.dialogs.export_run import run_export


def _dialog(qtbot, window, path: str) -> ExportDialog:
    made = ExportDialog(window, window.document.map, None, QRectF(0, 0, 300, 200), [], window.settings, path)
    qtbot.addWidget(made)
    return made


def test_ticking_the_poster_turns_the_file_to_pdf_and_unticking_turns_it_back(qtbot, window, tmp_path):
    window.document.replace_map(af_encounter(), None)
    offered = str(tmp_path / "creek.png")
    dialog = _dialog(qtbot, window, offered)
    dialog.poster.setChecked(True)
    assert dialog.file.text() == str(tmp_path / "creek.pdf")
    assert dialog.path() == dialog.file.text(), "the field is the file written"
    dialog.poster.setChecked(False)
    assert dialog.file.text() == offered


def test_a_poster_remembered_from_last_time_shows_pdf_at_once(qtbot, window, tmp_path):
    window.document.replace_map(af_encounter(), None)
    offered = str(tmp_path / "creek.png")
    first = _dialog(qtbot, window, offered)
    first.poster.setChecked(True)
    first._refresh()
    qtbot.waitUntil(lambda: first.export_button.isEnabled())
    assert run_export(window, first)
    assert Path(tmp_path / "creek.pdf").read_bytes().startswith(b"%PDF")
    again = _dialog(qtbot, window, offered)
    assert again.poster.isChecked()
    assert again.file.text() == str(tmp_path / "creek.pdf")
    again.poster.setChecked(False)
    assert again.file.text() == offered


def test_a_pdf_chosen_for_a_plain_export_stays_a_pdf(qtbot, window, tmp_path):
    window.document.replace_map(af_encounter(), None)
    chosen = str(tmp_path / "handout.pdf")
    dialog = _dialog(qtbot, window, chosen)
    dialog.poster.setChecked(True)
    dialog.poster.setChecked(False)
    assert dialog.file.text() == chosen
