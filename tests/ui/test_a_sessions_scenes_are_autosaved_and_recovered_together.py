"""Autosave and recovery cover a whole session: a scene left is kept for recovery as it stood,
and after a crash the next start offers the session's scenes back together, in the session."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from PySide6.QtWidgets import QMessageBox

from tabletop.io import load_map
from tabletop.ui.recovery import pending
from tests.sessions import session_on_disk
from tests.ui.scenes import road, tavern

CRASHING_SESSION = textwrap.dedent("""
    import os, signal, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from tabletop.document.commands import EditObject
    from tabletop.ui.main_window import MainWindow

    app = QApplication([])
    window = MainWindow(settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))
    window.later.finish()
    assert window.files.open(sys.argv[1])

    def rename(name):
        zone = window.document.get("zone", "z2").model_copy(update={"name": name})
        window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))

    rename("Taproom")
    window.scenes.stage("scene-2")  # the tavern left: kept for recovery as it stands
    rename("Crossroads")
    assert window.autosaver.tick()
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_a_crashed_sessions_scenes_come_back_together(window, tmp_path, answers):
    path = session_on_disk(tmp_path, [("Tavern", tavern()), ("Road", road())])
    env = {**os.environ, "TABLETOP_RECOVERY_DIR": str(tmp_path / "recovery")}
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_SESSION, str(path), str(tmp_path / "s.ini")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == -9, done.stderr
    folder = tmp_path / "Night scenes"
    assert load_map(folder / "tavern.tabletop").zone("z2").name == "Middle", "autosave never writes a scene's file"
    found = pending()
    assert sorted(r.source.name for r in found) == ["road.tabletop", "tavern.tabletop"]
    assert {r.session for r in found} == {path}
    answers["question"] = QMessageBox.StandardButton.Yes
    assert window.offer_recovery()
    assert len(answers["asked"]) == 1 and "the session Night.tabletop-session" in answers["asked"][0]
    scenes = window.scenes
    assert scenes.session.path == path and scenes.session.modified
    assert window.document.get("zone", "z2").name == "Taproom"  # the live scene, staged
    scenes.stage("scene-2")
    assert window.document.get("zone", "z2").name == "Crossroads"
    window.files.save()
    assert load_map(folder / "tavern.tabletop").zone("z2").name == "Taproom"
    assert load_map(folder / "road.tabletop").zone("z2").name == "Crossroads"
    assert not scenes.session.modified
    assert pending() == [] and not list((tmp_path / "recovery").glob("*.tabletop"))


def test_a_scene_left_unsaved_keeps_its_recovery_file_until_the_session_is_saved(qtbot, window, tmp_path):
    from tabletop.document.commands import EditObject
    from tests.ui.scenes import open_session

    _, scenes, _ = open_session(qtbot, window, tmp_path, players=False)
    document = window.document
    zone = document.get("zone", "z2").model_copy(update={"name": "Taproom"})
    document.undo_stack.push(EditObject(document, "zone", zone, "name"))
    scenes.stage("scene-2")
    kept = list((tmp_path / "recovery").glob("*.tabletop"))
    assert len(kept) == 1 and load_map(kept[0]).zone("z2").name == "Taproom"
    window.files.save()
    assert not list((tmp_path / "recovery").glob("*.tabletop"))
