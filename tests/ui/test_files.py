"""Save, reopen, recent files, refusing to lose work, and recovery after a crash."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from PySide6.QtWidgets import QMessageBox

from tabletop.io import MapFileError, load_map
from tabletop.samples import warehouse
from tabletop.ui.files import recent_files
from tabletop.ui.recovery import pending


def _edit(window):
    zone = window.document.get("zone", "z2").model_copy(update={"name": "Loading bay"})
    from tabletop.document.commands import EditObject

    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))


def test_save_reopen_and_find_it_all_there(window, tmp_path, maps_dir):
    assert window.files.open(maps_dir / "warehouse.tabletop")
    _edit(window)
    assert window.windowTitle() == "warehouse.tabletop[*] — Tabletop" and window.isWindowModified()
    target = tmp_path / "mine.tabletop"
    assert window.files.save_as(target)
    assert not window.document.modified and window.document.path == target
    edited = window.document.map.model_copy(deep=True)
    window.files.new()
    assert window.files.open(target)
    assert window.document.map == edited
    assert recent_files(window.settings)[:2] == [str(target), str(maps_dir / "warehouse.tabletop")]


def test_a_failed_save_leaves_the_document_modified_and_says_why(window, tmp_path, answers, monkeypatch):
    window.document.replace_map(warehouse(), tmp_path / "w.tabletop")
    _edit(window)

    def full_disk(map_, path, **kwargs):
        raise MapFileError(path, "could not be saved: No space left on device")

    monkeypatch.setattr("tabletop.ui.files.save_map", full_disk)
    assert not window.files.save()
    assert window.document.modified
    assert answers["warned"] == [f"{tmp_path / 'w.tabletop'}: could not be saved: No space left on device"]


def test_a_bad_file_is_refused_and_the_open_map_kept(window, tmp_path, answers):
    window.document.replace_map(warehouse(), None)
    broken = tmp_path / "broken.tabletop"
    broken.write_text("{ not json")
    assert not window.files.open(broken)
    assert window.document.map == warehouse()
    assert answers["warned"][0].startswith(f"{broken}: is not valid JSON")


def test_closing_with_unsaved_changes_asks(window, answers):
    window.document.replace_map(warehouse(), None)
    _edit(window)
    answers["question"] = QMessageBox.StandardButton.Cancel
    assert not window.close()
    assert answers["asked"] == ["Save the changes to this map?"]
    answers["question"] = QMessageBox.StandardButton.Discard
    assert window.close()


CRASHING_SESSION = textwrap.dedent("""
    import os, signal, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from tabletop.document.commands import EditObject
    from tabletop.ui.main_window import MainWindow

    app = QApplication([])
    window = MainWindow(settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))
    window.files.open(sys.argv[1])
    zone = window.document.get("zone", "z2").model_copy(update={"name": "Loading bay"})
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))
    assert window.autosaver.tick()
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_after_a_crash_the_next_start_offers_the_recovered_map(window, tmp_path, answers, maps_dir):
    source = maps_dir / "warehouse.tabletop"
    env = {**os.environ, "TABLETOP_RECOVERY_DIR": str(tmp_path / "recovery")}
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_SESSION, str(source), str(tmp_path / "s.ini")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == -9, done.stderr
    assert load_map(source).zone("z2").name == "Middle", "autosave never writes over the user's file"
    assert [r.source for r in pending()] == [source]
    answers["question"] = QMessageBox.StandardButton.Yes
    assert window.offer_recovery()
    assert window.document.get("zone", "z2").name == "Loading bay"
    assert window.document.path == source and window.document.modified
    assert answers["asked"] == ["Tabletop closed without saving changes to warehouse.tabletop. Recover them?"]
    assert pending() == []
    answers["question"] = QMessageBox.StandardButton.Discard  # so the window may close at the end


def test_autosave_writes_only_when_there_is_something_new(window, maps_dir):
    window.files.open(maps_dir / "warehouse.tabletop")
    assert not window.autosaver.tick(), "nothing changed yet"
    _edit(window)
    assert window.autosaver.tick()
    assert not window.autosaver.tick(), "no new change since"
    assert load_map(window.autosaver.map_file).zone("z2").name == "Loading bay"
    window.document.undo_stack.undo()
    assert not window.autosaver.map_file.exists(), "back to the saved state: nothing to recover"
