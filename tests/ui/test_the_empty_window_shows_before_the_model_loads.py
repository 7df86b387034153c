"""`tabletop` alone paints its first frame before the model, io and the painters are loaded (the
window's menus, actions, toolbar, docks and canvas as an empty map shows them), and is made
whole just after: the window then looks exactly as that frame did. Anything that needs the map
before then (an action, a click, a title typed, a step set, a part asked for) makes the window
whole at once and then acts, so the first moment of the window is a working one: the keys of
the parts built later (Play, the players' window, sessions) too."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent, QPointF, QSettings, QSize, Qt
from PySide6.QtGui import QImage, QKeySequence, QMouseEvent

from tabletop.rules.systems import HOMES
from tabletop.ui.main_window import MainWindow
from tabletop.ui.menus import LATER_KEYS
from tests.benchmarks.scaling import run
from tests.benchmarks.start import TABLETOP

NOT_BEFORE_THE_FRAME = ("pydantic", "pydantic_core", "numpy", "tabletop.model", "tabletop.io", "tabletop.render.paint")
NOT_BEFORE_THE_FRAME += ("tabletop.document", "tabletop.ui.scene.editor_scene", "tabletop.geometry", "shapely")
NOT_BEFORE_THE_FRAME += ("tabletop.cli.export", "tabletop.cli.movement", "tabletop.cli.conflicts", "tabletop.cli.play")

FRAMES = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tabletop.ui.app import run
from tabletop.ui.startup import AfterFirstFrame

app = QApplication(sys.argv[:1])
seen = {}
if len(sys.argv) > 3:  # the state the GM left the window in: saved as the window saves it on closing
    from PySide6.QtCore import QPoint, QRect, QSettings, QSize
    from PySide6.QtWidgets import QMainWindow

    from tabletop.ui.main_window import GEOMETRY_KEY
    from tabletop.ui.view_modes import FULL_SCREEN_KEY

    saved = json.loads(sys.argv[3])
    settings = QSettings("Tabletop", "Tabletop")  # where the app reads its own
    if "size" in saved:  # a window on this screen: one saved on another is not restored
        left = QMainWindow()
        left.setGeometry(QRect(QPoint(40, 40), QSize(*saved["size"])))
        settings.setValue(GEOMETRY_KEY, left.saveGeometry().toBase64().data().decode("ascii"))
    if saved.get("full_screen"):
        settings.setValue(FULL_SCREEN_KEY, True)
    settings.sync()
after_frame = AfterFirstFrame._after_frame

def window():
    return next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")

def first_then_after(later):  # the frame as it is when the window's later parts start
    if "first" not in seen:
        seen["first"] = "document" in window().__dict__
        window().grab().save(sys.argv[1])
        QTimer.singleShot(0, when_whole)
    after_frame(later)

def when_whole():  # every later part made: a condition, not a fixed delay
    if window().later.done:
        window().grab().save(sys.argv[2])
        print(json.dumps(seen))
        sys.stdout.flush()
        app.quit()
    else:
        QTimer.singleShot(20, when_whole)

AfterFirstFrame._after_frame = first_then_after
run(None)
"""


def test_the_first_frame_comes_before_the_model_io_and_the_painters():
    loaded = run(TABLETOP).extra["modules"]
    early = [m for m in loaded if any(m == name or m.startswith(name + ".") for name in NOT_BEFORE_THE_FRAME)]
    assert early == []
    assert "tabletop.ui.main_window" in loaded  # the frame measured is the map window's


SCREEN = QSize(1920, 1080)
"""The benchmarks' screen (tests/benchmarks/gm_screen.json) the window starts on."""


@pytest.mark.parametrize(
    "saved, size",
    [
        ({}, None),  # a first start: 90% of the screen
        ({"size": [1024, 700]}, QSize(1024, 700)),
        ({"size": [800, 600]}, QSize(800, 600)),
        ({"size": [640, 480]}, QSize(640, 480)),
        ({"full_screen": True}, SCREEN),
        ({"size": [1024, 700], "full_screen": True}, SCREEN),
    ],
    ids=["first-start", "1024x700", "800x600", "640x480", "full-screen", "1024x700-full-screen"],
)
def test_the_window_made_whole_looks_as_its_first_frame(tmp_path, saved, size):
    """Whatever size and state the GM left the window in, the first frame is the whole window's:
    the docks' widths, the canvas's zoom and its scroll bars do not move when the rest is built.
    The settings are the test's own (a configuration folder of its own)."""
    first, whole = tmp_path / "first.png", tmp_path / "whole.png"
    arguments = ["-c", FRAMES, str(first), str(whole), json.dumps(saved)]
    seen = run(arguments, env={"XDG_CONFIG_HOME": str(tmp_path / "config")}).extra
    assert seen == {"first": False}  # the first frame was painted before the window was whole
    before, after = QImage(str(first)), QImage(str(whole))
    if size is None:
        assert before.width() > 1000
    elif size == SCREEN:
        assert before.size() == SCREEN  # full screen already in the first frame
    else:
        assert before.width() == size.width()  # the saved size (a height under the window's least grows)
    assert before.size() == after.size()
    assert before == after  # pixel for pixel


@pytest.fixture
def empty_window(qtbot, tmp_path, monkeypatch, answers):
    """The window as `tabletop` alone makes it, before its first frame has made it whole (a
    closing question answered as the `window` fixture answers it)."""
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, whole=False)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    assert "document" not in window.__dict__
    return window


def test_every_action_is_there_with_its_keys_before_the_window_is_whole(empty_window):
    registry = empty_window.registry
    assert registry["file.open"].shortcuts()[0] == QKeySequence(QKeySequence.StandardKey.Open)
    assert registry["tool.P"].text() == "Draw zone" and registry["tool.P"].shortcut() == QKeySequence("P")
    assert registry["view.map_only"].shortcut() == QKeySequence("Tab")
    assert registry["map.check"].shortcut() == QKeySequence("Ctrl+Shift+K")
    assert registry["edit.lattice"].text() == "Lattice &Step…"
    assert not empty_window.undo_action.isEnabled()
    assert "document" not in empty_window.__dict__


def test_a_tool_chosen_first_makes_the_window_whole_and_is_chosen(empty_window):
    empty_window.registry["tool.P"].trigger()
    assert empty_window.view.tool is empty_window.tools["P"]
    assert empty_window.tool_actions["P"].isChecked()
    assert empty_window.view.map_scene is empty_window.scene


def test_a_map_title_typed_first_is_the_maps_title(empty_window, qtbot):
    title = empty_window.inspector.map_title
    title.selectAll()
    qtbot.keyClicks(title, "Crypt")
    assert empty_window.document.map.title == "Crypt"
    assert empty_window.undo_action.isEnabled()


def test_notes_typed_first_keep_the_order_of_their_letters(empty_window, qtbot):
    notes = empty_window.inspector.map_notes
    notes.setFocus()
    qtbot.keyClicks(notes, "abc")
    assert notes.toPlainText() == "abc" and empty_window.document.map.notes == "abc"


def test_a_lattice_step_set_first_is_the_maps_step(empty_window):
    empty_window.lattice.box.setValue(25)
    assert empty_window.document.map.lattice_step == 25


def test_a_click_on_the_canvas_first_reaches_the_select_tool(empty_window):
    centre = QPointF(empty_window.view.viewport().rect().center())
    press = QMouseEvent(
        QEvent.Type.MouseButtonPress,
        centre,
        empty_window.view.viewport().mapToGlobal(centre),
        Qt.MouseButton.LeftButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    empty_window.view.mousePressEvent(press)
    assert empty_window.view.tool is empty_window.tools["S"]
    assert empty_window.view.map_scene is empty_window.scene


def test_the_windows_parts_come_whole_after_the_first_frame(empty_window, qtbot):
    empty_window.show()
    qtbot.waitUntil(lambda: empty_window.later.done, timeout=30_000)
    assert "document" in empty_window.__dict__
    assert empty_window.view.tool is empty_window.tools["S"]
    assert empty_window.zone_list.document is empty_window.document


def _press(qtbot, window, key: str) -> None:
    sequence = QKeySequence(key)[0]
    qtbot.keyClick(window.view.viewport(), sequence.key(), sequence.keyboardModifiers())


def test_the_later_parts_keys_work_in_the_first_moment(empty_window, qtbot):
    """Ctrl+Shift+P (the players' window) and Ctrl+Shift+C (Play ▸ Start Conflict) pressed
    before the parts that own them are built: each part is built at once and its action acts."""
    with empty_window.later.held():  # the parts stay unbuilt while the keys are pressed
        empty_window.show()
        qtbot.waitExposed(empty_window)
        empty_window.activateWindow()
        qtbot.waitUntil(empty_window.isActiveWindow)
        assert empty_window.later.built("players") is None and empty_window.later.built("play") is None
        _press(qtbot, empty_window, "Ctrl+Shift+P")
        assert empty_window.players.player is not None, "the players' window opened"
        assert empty_window.registry["players.open"].isChecked()
        _press(qtbot, empty_window, "Ctrl+Shift+C")
        assert empty_window.later.built("play") is not None
        assert "No tokens on the map" in empty_window.statusBar().currentMessage()
    _press(qtbot, empty_window, "Ctrl+Shift+P")  # the action itself now: no stand-in left on the key
    assert empty_window.players.player is None


def test_the_keys_written_for_the_first_moment_are_the_actions_own(empty_window):
    registry = empty_window.registry
    assert not any(action_id in registry for action_id in LATER_KEYS), "registered only by their parts"
    first = {action_id for action_id in registry if registry[action_id].shortcuts()}
    empty_window.later.finish()
    for name in HOMES:  # every system's turn keys, as its conflicts would make them
        empty_window.play.system_ready(name)
    later = {action_id for action_id in registry if registry[action_id].shortcuts()} - first
    assert later - set(LATER_KEYS) == {"handout.dismiss"}, "every later key is written down but Esc"
    assert set(LATER_KEYS) <= later
    for action_id, (_part, keys, reach) in LATER_KEYS.items():
        act = registry[action_id]
        assert act.shortcuts() == [QKeySequence(keys)], action_id
        on_canvas = act in empty_window.view.actions()
        assert on_canvas == (reach == "canvas") and (act in empty_window.actions()) == (reach == "window")
