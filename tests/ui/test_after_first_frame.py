"""The Grid and Play menus (the Tile Sets and Play docks behind them), the players' window's,
fog and physical scale controls and the Inspector's pages other than the map's are built just
after the window's first frame: the first frame comes without them, the menu bar looks the same
all along, and a GM finds them working by the time a key or a click can reach them (code asking
for one sooner gets it built then). The canvas is a widget Python made, set up as Qt sets up a
view's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings

from tabletop.samples import warehouse
from tabletop.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
TITLES = ["&File", "&Edit", "&View", "&Map", "&Grid", "&Tools", "&Play"]

REPORT = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from tabletop.ui.app import run

app = QApplication(sys.argv[:1])
LATER = ("tabletop.ui.docks.play.dock", "tabletop.ui.docks.tile_sets", "tabletop.ui.player.controls",
         "tabletop.ui.player.scale", "tabletop.ui.docks.passages", "tabletop.ui.docks.shared",
         "tabletop.ui.docks.segment_page", "tabletop.rules.movement", "tabletop.rules.grid_movement",
         "tabletop.ui.files", "tabletop.ui.opening")
seen = {}

class FirstFrame(QObject):
    def eventFilter(self, watched, event):
        canvas = type(watched.parent()).__name__ == "MapView"
        if event.type() == QEvent.Type.Paint and canvas and "painted" not in seen:
            seen["painted"] = [m for m in LATER if m in sys.modules]
            seen["urllib"] = "urllib.request" in sys.modules
            QTimer.singleShot(0, when_built)  # after the window's own zero-delay timers
        return False


def when_built():  # report once every later part is built: a condition, not a fixed delay
    window = next((w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow"), None)
    if window is not None and window.later.done:
        QTimer.singleShot(0, report)
    else:
        QTimer.singleShot(20, when_built)

spy = FirstFrame()
app.installEventFilter(spy)

def report():
    try:
        window = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
        menus = {a.text(): [x.text() for x in a.menu().actions()] for a in window.menuBar().actions()}
        seen.update(after=[m for m in LATER if m in sys.modules], bar=list(menus))
        seen.update(play=menus["&Play"][:1], grid=menus["&Grid"][-1:])
        print(json.dumps(seen), file=sys.stderr)
    finally:
        app.quit()

QTimer.singleShot(60_000, report)  # no frame at all: report that
sys.exit(run(None))
"""


def test_the_command_paints_its_first_frame_before_the_grid_and_play_menus_are_built(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_RECOVERY_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", REPORT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stderr.strip().splitlines()[-1])
    assert seen["painted"] == [], "the first frame waited for the Play or Tile Sets dock"
    assert seen["after"] == [
        "tabletop.ui.docks.play.dock",
        "tabletop.ui.docks.tile_sets",
        "tabletop.ui.player.controls",
        "tabletop.ui.player.scale",
        "tabletop.ui.docks.passages",
        "tabletop.ui.docks.shared",
        "tabletop.ui.docks.segment_page",
        "tabletop.rules.movement",
        "tabletop.rules.grid_movement",
        "tabletop.ui.files",
        "tabletop.ui.opening",
    ], "the parts' modules, the rules a drag asks and the file handler's are imported after the first frame"
    assert not seen["urllib"], "a path argument that is no file:// URI needs no urllib.request"
    assert seen["bar"] == TITLES
    assert seen["play"] == ["&Start Conflict…"] and seen["grid"] == ["Tile &Sets…"]


class _Frames(QObject):
    """Counts the frames a widget paints."""

    def __init__(self, widget) -> None:
        super().__init__(widget)
        self.painted = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.painted += 1
        return False


def _menu(window, title: str):
    found = [a.menu() for a in window.menuBar().actions() if a.text() == title]
    assert len(found) == 1, f"one {title} menu, not {len(found)}"
    return found[0]


def test_the_menu_bar_shows_every_menu_before_the_first_frame(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert not window.later.done
    assert [a.text() for a in window.menuBar().actions()] == TITLES


def test_a_menu_opened_before_its_build_is_built_then(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    bar = window.menuBar()
    bar.setActiveAction(next(a for a in bar.actions() if a.text() == "&Play"))  # the GM clicks Play
    assert window.later.done
    assert [a.text() for a in bar.actions()] == TITLES
    assert _menu(window, "&Play").actions()[0].text() == "&Start Conflict…"
    assert "Tile Sets" in [a.text() for a in _menu(window, "&View").actions()]
    qtbot.waitUntil(lambda: _menu(window, "&Play").isVisible())  # the built menu opens in its place
    _menu(window, "&Play").hide()
    window.hide()


def test_the_later_parts_are_built_an_event_each(qtbot, tmp_path):
    """All in one event they held a click or a drag after a big map's first frame for 50 ms; a
    part built in steps (the Play menu, then each rule system) takes an event a step."""
    from tabletop.ui import startup

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    runs: list[int] = []
    ran = startup.AfterFirstFrame._run
    watched = startup.AfterFirstFrame._after_frame

    def counted(self, builder):
        if self is window.later:  # an earlier test's closed window may still be finishing its own
            runs[-1] += 1
        return ran(self, builder)

    def each(self):
        if self is window.later:
            runs.append(0)
        watched(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(startup.AfterFirstFrame, "_run", counted)
        patch.setattr(startup.AfterFirstFrame, "_after_frame", each)
        window.show()
        qtbot.waitUntil(lambda: window.later.done)
    assert len(runs) > 6 and set(runs) == {1}, runs
    window.hide()


def test_after_the_first_frame_the_menus_and_keys_work_without_asking_for_them(qtbot, window):
    """Nothing asks for window.play or window.grid_menu here: the first frame built them."""
    window.view.viewport().update()
    qtbot.waitUntil(lambda: window.later.done)
    keys = {a.shortcut().toString() for a in window.actions()}
    assert {"F5", "F6", "F7", "F8", "F9", "Ctrl+Shift+C"} <= keys
    _menu(window, "&Play").actions()[0].trigger()  # Start Conflict… on an empty map
    assert "No tokens on the map" in window.statusBar().currentMessage()
    tile_sets = next(a for a in _menu(window, "&Grid").actions() if a.text() == "Tile &Sets…")
    tile_sets.trigger()
    dock = next(d for d in window.findChildren(type(window.docks["Inspector"])) if d.objectName() == "Tile Sets")
    qtbot.waitUntil(dock.isVisible)
    assert dock.widget() is not None


def test_the_canvas_python_made_is_set_up_as_qt_sets_up_a_views_own(qtbot, window):
    from PySide6.QtCore import Qt

    from tabletop.ui.view import MapView

    plain = MapView(window.scene)  # its viewport is the one Qt makes
    qtbot.addWidget(plain)

    def setup(view) -> dict:
        canvas = view.viewport()
        varies = {  # the scene's focus item, and where the pointer was left by the tests before
            Qt.WidgetAttribute.WA_InputMethodEnabled.value,
            Qt.WidgetAttribute.WA_UnderMouse.value,
        }
        count = Qt.WidgetAttribute.WA_AttributeCount.value
        return {
            "attributes": [a for a in range(count) if a not in varies and canvas.testAttribute(Qt.WidgetAttribute(a))],
            "tracked": canvas.hasMouseTracking(),
            "filled": (canvas.autoFillBackground(), canvas.backgroundRole()),
            "focus": (canvas.focusPolicy(), canvas.focusProxy() is view),
            "drops": canvas.acceptDrops(),
        }

    plain.show()
    qtbot.waitExposed(plain)
    assert setup(window.view) == setup(plain)
    plain.hide()


def _texts(window) -> dict[str, list[str]]:
    """Every menu's entries, as the GM reads them."""
    return {a.text(): [x.text() for x in a.menu().actions()] for a in window.menuBar().actions()}


def test_the_menus_are_the_same_whether_their_parts_were_built_before_or_after_the_first_frame(qtbot, tmp_path):
    asked = MainWindow(settings=QSettings(str(tmp_path / "asked.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(asked)
    # asked before any frame, in another order than the frame builds them: each built alone, now
    assert asked.players.open_action.text() == "&Player Window"
    assert asked.play.start_action.text() == "&Start Conflict…"
    assert asked.grid_menu.trim_action.text() == "&Trim to 3x3"
    assert not asked.later.done
    asked.later.finish()  # the rest, still before any frame
    waited = MainWindow(settings=QSettings(str(tmp_path / "waited.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(waited)
    waited.show()
    qtbot.waitUntil(lambda: waited.later.done)
    assert _texts(asked) == _texts(waited)
    view = _texts(waited)["&View"]
    assert view.index("&Map Only") < view.index("&Player Window") < view.index("&Lock Physical Scale")
    assert "F&og" in _texts(waited)["&Map"]
    waited.hide()


def test_players_fog_and_scale_controls_work_when_asked_for_before_the_first_frame(
    qtbot, tmp_path, answers, monkeypatch
):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))  # the edits' autosave
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.document.replace_map(warehouse(), None)
    assert not window.later.done
    window.fog.fog_all(True)  # Map ▸ Fog ▸ Fog All
    assert all(zone.fogged for zone in window.document.map.zones)
    assert window.physical_scale.lock_action.shortcut().toString() == "Ctrl+Shift+L"
    window.players.open_action.trigger()
    player = window.players.player
    assert player is not None and player.scene.document is window.document
    player.close()
    assert window.players.player is None


def test_after_the_first_frame_the_players_keys_work_without_asking_for_them(qtbot, window):
    """Nothing asks for window.players here: the first frame built it, and its key opens the
    players' window."""
    window.document.replace_map(warehouse(), None)
    window.view.viewport().update()
    qtbot.waitUntil(lambda: window.later.done)
    keys = {a.shortcut().toString(): a for a in window.actions()}
    assert {"Ctrl+Shift+P", "Ctrl+Shift+B", "Ctrl+Shift+V", "Ctrl+Shift+L"} <= set(keys)
    keys["Ctrl+Shift+P"].trigger()
    player = window.players.player
    assert player is not None and player.isVisible()
    player.close()


def test_the_inspector_pages_work_when_shown_before_the_first_frame(qtbot, tmp_path, answers, monkeypatch):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))  # the edits' autosave
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    inspector = window.inspector
    window.document.replace_map(warehouse(), None)
    assert not window.later.done
    border = window.document.map.borders[0]
    window.document.select([("border", border.id)])  # the border page, built as it is first shown
    assert inspector.pages.currentWidget() is inspector._page("border")
    assert len(inspector.passage_editor._rows) == len(border.passages)
    zones = [("zone", z.id) for z in window.document.map.zones[:2]]
    window.document.select(zones)  # what two zones share: named by the zone page's labels
    assert inspector.title.text() == "2 zones selected"
    assert "hidden" in inspector.shared_page.widgets
    window.document.select(zones[:1])
    name = next(f.widget for f in inspector.fields["zone"] if f.path == "name")
    name.setText("Loading dock")
    name.textEdited.emit("Loading dock")
    name.editingFinished.emit()
    assert window.document.map.zones[0].name == "Loading dock"


def test_after_the_first_frame_every_inspector_page_is_built_and_shows_its_object(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.view.viewport().update()
    qtbot.waitUntil(lambda: window.later.done)
    inspector = window.inspector
    assert set(inspector._built) == {"map", "zone", "border", "token", "grid", "many"}
    token = window.document.map.tokens[0]
    window.document.select([("token", token.id)])
    assert inspector.pages.currentWidget() is inspector._page("token")
    assert inspector.title.text() == token.name
    assert {f.path: f.widget for f in inspector.fields["token"]}["side"].text() == token.side


def test_a_map_read_in_the_empty_window_paints_its_frame_before_the_parts_built_after_one(
    qtbot, tmp_path, answers, monkeypatch
):
    """`tabletop BIGFILE` shows the empty window, then reads the map in it: the empty window's
    first frame does not set the later parts building while the map is read (the GM waits for
    the map); they are built after the map's own first frame, and asking for one still builds
    it at once."""
    from tabletop.io import save_map
    from tabletop.ui import opening

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    path = tmp_path / "warehouse.tabletop"
    save_map(warehouse(), path)
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    during = []
    frames_seen = _Frames(window.view.viewport())
    laying_out = opening.Opening.laying_out

    def seen(self, map_):
        during.append((frames_seen.painted, window.later.done))
        laying_out(self, map_)

    monkeypatch.setattr(opening.Opening, "laying_out", seen)
    window.show()
    assert window.files.read_and_show(path)
    ((frames, built),) = during
    assert frames > 0, "the empty window painted no frame while the map was read"
    assert not built, "the parts built after the first frame were built while the map was read"
    assert window.document.map == warehouse()
    qtbot.waitUntil(lambda: window.later.done)
    assert window.play is window.later.built("play")


def test_a_read_cancelled_in_the_empty_window_still_builds_the_parts_held_back(qtbot, tmp_path, monkeypatch):
    """`tabletop BIGFILE`, the GM cancels: the empty window stays as it was, so nothing on the
    canvas changes and nothing else need paint it (the progress dialog goes; a compositing
    desktop repaints nothing under it). The parts held back for the map's first frame are built
    all the same, and their keys work."""
    from tabletop.io import save_map
    from tabletop.ui import opening

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    path = tmp_path / "warehouse.tabletop"
    save_map(warehouse(), path)
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    frames = _Frames(window.view.viewport())

    def cancelled(self, done, total):  # Cancel once the empty window's first frame is painted
        qtbot.waitUntil(lambda: frames.painted > 0)
        return False

    monkeypatch.setattr(opening.Opening, "tell", cancelled)
    window.show()
    assert not window.files.read_and_show(path)
    assert not window.document.map.zones
    qtbot.waitUntil(lambda: window.later.done)
    assert "F5" in {a.shortcut().toString() for a in window.actions()}


def test_a_part_asked_for_while_a_map_is_read_is_built_at_once(qtbot, window):
    with window.later.held():
        assert not window.later.done and window.later.built("grid_menu") is None
        grid_menu = window.grid_menu
        assert window.later.built("grid_menu") is grid_menu and grid_menu.dock.parent() is window
        assert not window.later.done, "only the part asked for"


def test_the_file_menu_opens_and_saves_before_its_handler_is_made(qtbot, tmp_path, maps_dir, monkeypatch):
    """The file handler (its modules: the reading's, the file dialogs') is made after the first
    frame; File ▸ Open and Save chosen sooner make it then, and work."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.later.built("files") is None, "not made with the window"
    chosen = tmp_path / "copy.tabletop"
    chosen.write_bytes((maps_dir / "warehouse.tabletop").read_bytes())
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: (str(chosen), ""))
    entries = {a.text(): a for a in _menu(window, "&File").actions()}
    entries["&Open…"].trigger()
    assert window.document.path == chosen and len(window.document.map.zones) == len(warehouse().zones)
    window.document.select([("zone", window.document.map.zones[0].id)])
    window.delete()
    entries["&Save"].trigger()
    assert not window.document.modified
    assert chosen.read_text() != (maps_dir / "warehouse.tabletop").read_text(), "the edit was saved"
