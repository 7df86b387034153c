"""Save, reopen, recent files, refusing to lose work, and recovery after a crash."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tabletop.document.commands import EditObject
from tabletop.io import MapFileError, load_map, save_map
from tabletop.samples import warehouse
from tabletop.ui.files import recent_files
from tabletop.ui.recovery import pending, recovery_dir


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


def test_a_number_too_long_to_read_is_said_in_one_line_and_the_open_map_kept(window, tmp_path, answers):
    window.document.replace_map(warehouse(), None)
    long = tmp_path / "long.tabletop"
    long.write_text('{"format_version": 3, "title": ' + "9" * 5000 + "}")
    assert not window.files.open(long)
    assert window.document.map == warehouse()
    assert answers["warned"] == [
        f"{long}: holds a number 5000 digits long at line 1, column 32: no number on a map has more than a few digits"
    ]


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


TERMINATED_SESSION = textwrap.dedent("""
    import os, signal, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QTimer
    from tabletop.document.commands import EditObject
    from tabletop.ui import app, main_window

    shown = main_window.MainWindow.show

    def show(window):
        shown(window)
        zone = window.document.get("zone", "z2").model_copy(update={"name": "Loading bay"})
        window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))
        QTimer.singleShot(300, lambda: os.kill(os.getpid(), getattr(signal, sys.argv[2])))

    main_window.MainWindow.show = show
    sys.exit(app.run(sys.argv[1]))
""")


@pytest.mark.parametrize(("stop", "code"), [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_session_terminated_by_sigterm_or_ctrl_c_autosaves_first(window, tmp_path, maps_dir, stop, code):
    source = maps_dir / "warehouse.tabletop"
    env = {**os.environ, "TABLETOP_RECOVERY_DIR": str(tmp_path / "recovery"), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", TERMINATED_SESSION, str(source), stop],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr
    assert load_map(source).zone("z2").name == "Middle", "autosave never writes over the user's file"
    [recovered] = pending()
    assert recovered.source == source and recovered.map.zone("z2").name == "Loading bay"


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


@pytest.fixture
def choices(monkeypatch, answers):
    """The GM's answer to a question with named buttons (changed on disk), logged with the others."""
    answers["choice"] = QMessageBox.StandardButton.Cancel

    def choose(window, title, text, offered):
        answers["asked"].append(text)
        return answers["choice"]

    monkeypatch.setattr("tabletop.ui.files.choose", choose)
    return answers


def _rename(window, name):
    zone = window.document.get("zone", "z2").model_copy(update={"name": name})
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))


def _unwritable(window):
    """A name no file can hold, as an edit that skipped validation could leave it (a copy
    checks its update, so it is set past the checks here)."""
    zone = copy.copy(window.document.get("zone", "z2"))
    object.__setattr__(zone, "name", "Bay\ud800")
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))


def test_a_map_that_cannot_be_written_keeps_the_window_open_and_says_why(window, tmp_path, answers):
    path = tmp_path / "w.tabletop"
    save_map(warehouse(), path)
    assert window.files.open(path)
    _unwritable(window)
    assert not window.files.save()
    assert window.document.modified
    assert answers["warned"] == [
        f"{path}: could not be saved: the map holds text that cannot be written (\\ud800): retype it"
    ]
    answers["question"] = QMessageBox.StandardButton.Save  # Ctrl+Q, then Save
    assert not window.close(), "a failed save at closing keeps the window and its changes"
    assert window.isVisible() and window.document.get("zone", "z2").name == "Bay\ud800"
    assert len(answers["warned"]) == 2
    assert load_map(path) == warehouse()
    answers["question"] = QMessageBox.StandardButton.Discard  # so the window may close at the end


def test_a_failing_autosave_is_said_in_the_status_bar(window, maps_dir):
    window.files.open(maps_dir / "warehouse.tabletop")
    _unwritable(window)
    assert not window.autosaver.tick()
    message = window.statusBar().currentMessage()
    assert message.startswith("Autosave failed, your changes are not yet safe: could not be saved")
    assert message.isprintable()
    _rename(window, "Bay")
    assert window.autosaver.tick()
    assert window.statusBar().currentMessage() == "Autosave works again: your changes are kept for recovery"


def _crashed_session(source, map_):
    """What a session killed after an autosave leaves in the recovery folder."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    folder = recovery_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save_map(map_, folder / "crashed.tabletop", backup=False)
    note = {"source": str(source), "saved": 1.0, "pid": int(dead.stdout)}
    (folder / "crashed.json").write_text(json.dumps(note))
    return folder / "crashed.tabletop"


def test_a_recovered_map_keeps_its_recovery_file_until_it_is_saved(window, tmp_path, answers):
    source = tmp_path / "w.tabletop"
    save_map(warehouse(), source)
    recovered = warehouse().model_copy(update={"title": "Recovered edits"})
    kept = _crashed_session(source, recovered)
    answers["question"] = QMessageBox.StandardButton.Yes
    assert window.offer_recovery()
    assert window.document.map.title == "Recovered edits" and window.document.modified
    assert load_map(kept).title == "Recovered edits", "a second crash now would still find the edits"
    _edit(window)
    assert window.autosaver.tick()
    assert window.autosaver.map_file == kept and load_map(kept).zone("z2").name == "Loading bay"
    assert window.files.save()
    assert not kept.exists() and not kept.with_suffix(".json").exists()
    assert load_map(source).title == "Recovered edits"


def test_a_recovered_map_notices_its_file_changed_on_disk_since_the_crash(window, tmp_path, choices):
    path = tmp_path / "w.tabletop"
    save_map(warehouse(), path)
    assert window.files.open(path)
    _edit(window)
    assert window.autosaver.tick()
    note = json.loads(window.autosaver.map_file.with_suffix(".json").read_text())
    assert note["stamp"]["digest"] == window.files.stamp[1].digest
    crashed = recovery_dir() / "crashed.json"
    window.autosaver.map_file.rename(crashed.with_suffix(".tabletop"))
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    crashed.write_text(json.dumps({**note, "pid": int(dead.stdout)}))
    window.autosaver.map_file.with_suffix(".json").unlink()
    save_map(warehouse().model_copy(update={"title": "Saved after the crash"}), path)
    choices["question"] = QMessageBox.StandardButton.Yes
    assert window.offer_recovery()
    choices["question"] = QMessageBox.StandardButton.Discard
    assert window.document.get("zone", "z2").name == "Loading bay"
    assert not window.files.save(), "the file changed after the crash: the GM is asked first"
    assert choices["asked"][-1].startswith(f"{path}: was changed on disk")
    assert load_map(path).title == "Saved after the crash"


def test_paths_are_kept_absolute_for_a_restart_from_another_folder(window, tmp_path, monkeypatch):
    folder = tmp_path / "campaign"
    folder.mkdir()
    save_map(warehouse(), folder / "w.tabletop")
    monkeypatch.chdir(folder)
    assert window.files.open("w.tabletop")
    assert window.document.path == folder / "w.tabletop" and window.document.path.is_absolute()
    assert recent_files(window.settings)[0] == str(folder / "w.tabletop")
    _edit(window)
    assert window.autosaver.tick()
    note = json.loads(window.autosaver.map_file.with_suffix(".json").read_text())
    assert note["source"] == str(folder / "w.tabletop")
    monkeypatch.chdir(tmp_path)
    assert window.files.save()
    assert load_map(folder / "w.tabletop").zone("z2").name == "Loading bay"
    assert not (tmp_path / "w.tabletop").exists()


def _changed_elsewhere(window, tmp_path):
    path = tmp_path / "w.tabletop"
    save_map(warehouse(), path)
    assert window.files.open(path)
    _edit(window)
    save_map(warehouse().model_copy(update={"title": "Saved by another window"}), path)
    return path


def test_a_file_changed_on_disk_is_not_overwritten_without_asking(window, tmp_path, choices):
    path = _changed_elsewhere(window, tmp_path)
    assert not window.files.save()
    assert choices["asked"] == [
        f"{path}: was changed on disk by another program since it was opened. Overwrite it with this map, "
        "save this map under another name, or reload the file from disk (losing the changes made here)?"
    ]
    assert load_map(path).title == "Saved by another window" and window.document.modified
    choices["choice"] = QMessageBox.StandardButton.Save  # Overwrite
    assert window.files.save()
    assert load_map(path).zone("z2").name == "Loading bay" and not window.document.modified
    _rename(window, "Again")
    assert window.document.modified
    assert window.files.save(), "the stamp of our own save is the next save's: no question"
    assert len(choices["asked"]) == 2


def test_a_file_changed_on_disk_can_be_reloaded_or_saved_elsewhere(window, tmp_path, choices, monkeypatch):
    path = _changed_elsewhere(window, tmp_path)
    choices["choice"] = QMessageBox.StandardButton.SaveAll  # Save As…
    elsewhere = tmp_path / "mine.tabletop"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(elsewhere), ""))
    assert window.files.save()
    assert window.document.path == elsewhere and load_map(elsewhere).zone("z2").name == "Loading bay"
    assert load_map(path).title == "Saved by another window"
    path = _changed_elsewhere(window, tmp_path)
    choices["choice"] = QMessageBox.StandardButton.Discard  # Reload
    assert not window.files.save()
    assert window.document.map.title == "Saved by another window" and not window.document.modified


def test_a_map_opened_from_the_command_line_is_shown_stamped_and_remembered(window, tmp_path, monkeypatch, choices):
    from tabletop.io import load_map_stamped

    save_map(warehouse(), tmp_path / "w.tabletop")
    monkeypatch.chdir(tmp_path)
    window.files.show_loaded("w.tabletop", *load_map_stamped("w.tabletop"))
    assert window.document.path == tmp_path / "w.tabletop"
    assert recent_files(window.settings)[0] == str(tmp_path / "w.tabletop")
    _edit(window)
    save_map(warehouse().model_copy(update={"title": "Changed meanwhile"}), tmp_path / "w.tabletop")
    assert not window.files.save(), "the file's stamp from the command line's read is checked"
    assert len(choices["asked"]) == 1


def test_two_windows_on_one_file_the_second_save_asks(window, qtbot, tmp_path, choices):
    from PySide6.QtCore import QSettings

    from tabletop.ui.main_window import MainWindow

    path = tmp_path / "w.tabletop"
    save_map(warehouse(), path)
    other = MainWindow(settings=QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(other)
    assert window.files.open(path) and other.files.open(path)
    _rename(window, "First window's name")
    _rename(other, "Second window's name")
    assert window.files.save()
    assert not other.files.save(), "the last save no longer silently wins"
    assert choices["asked"][0].startswith(f"{path}: was changed on disk by another program")
    assert load_map(path).zone("z2").name == "First window's name" and other.document.modified


def test_the_windows_open_path_keeps_the_map_out_of_the_collectors_sight(window, maps_dir):
    import gc

    gc.unfreeze()
    assert window.files.open(maps_dir / "warehouse.tabletop")
    assert gc.get_freeze_count() > 0 and gc.isenabled()
