"""Edit ▸ Copy, Cut, Paste and Duplicate through the system clipboard as the map format: within
a map, across maps, one undo step each, the pasted objects selected; what is not a piece of a
map is refused in one line and changes nothing."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF
from PySide6.QtGui import QGuiApplication

from tabletop.io import map_from_bytes
from tabletop.model import Map
from tabletop.samples import af_encounter, warehouse


@pytest.fixture(autouse=True)
def mouse_off_the_map(qtbot, window):
    """Paste lands under the mouse when it rests on the map: these tests paste with it away
    (test_a_token_pasted_under_the_cursor names its spot itself)."""
    qtbot.mouseMove(window, QPoint(-200, -200))


def _rooms(window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", z.id) for z in map_.zones[:2]] + [("token", map_.tokens[0].id)])
    return map_


def _counts(map_: Map) -> tuple[int, int, int, int]:
    return len(map_.zones), len(map_.borders), len(map_.tokens), len(map_.grids)


def test_copy_puts_a_map_on_the_clipboard_that_any_reader_takes(qtbot, window):
    map_ = _rooms(window)
    assert window.clipboard_actions[1].text() == "&Copy"
    window.clipboard_actions[1].trigger()
    text = QGuiApplication.clipboard().text()
    piece = map_from_bytes(text.encode("utf-8"))
    assert [z.id for z in piece.zones] == [z.id for z in map_.zones[:2]]
    assert all({b.a, b.b} <= {z.id for z in piece.zones} for b in piece.borders) and piece.borders
    assert json.loads(text)["format_version"] == map_.format_version


def test_paste_on_the_same_map_adds_copies_a_step_aside_as_one_undo_step(qtbot, window):
    map_ = _rooms(window)
    _, copy, paste, _ = window.clipboard_actions
    copy.trigger()
    paste.trigger()
    after = window.document.map
    zones, borders, tokens, _ = _counts(map_)
    pieces = sum(1 for b in map_.borders if {b.a, b.b} <= {z.id for z in map_.zones[:2]})
    assert _counts(after) == (zones + 2, borders + pieces, tokens + 1, 0)
    new = [z for z in after.zones if z.id not in {z.id for z in map_.zones}]
    step = window.view.snapping.step
    assert new[0].shape.points[0] == tuple(c + step for c in map_.zones[0].shape.points[0])
    assert sorted(window.document.selection) == sorted([("zone", z.id) for z in new] + [("token", after.tokens[-1].id)])
    pasted = after.tokens[-1]
    assert pasted.location.zone in {z.id for z in new}, "its zone came along: it stands in the copy"
    stack = window.document.undo_stack
    assert stack.undoText().startswith("Paste 2 zones and 1 token")
    stack.undo()
    assert window.document.map == map_


def test_cut_then_paste_on_another_map_moves_the_objects_with_their_ids(qtbot, window):
    map_ = _rooms(window)
    window.clipboard_actions[0].trigger()
    assert _counts(window.document.map)[0] == len(map_.zones) - 2
    window.document.replace_map(Map(), None)
    window.clipboard_actions[2].trigger()
    other = window.document.map
    assert [z.id for z in other.zones] == [z.id for z in map_.zones[:2]]
    assert other.zones[0].shape == map_.zones[0].shape, "nothing of it there: it lands where it was"


def test_duplicate_leaves_the_clipboard_and_a_grid_brings_its_tile_set(qtbot, window):
    QGuiApplication.clipboard().setText("kept")
    map_ = af_encounter()
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", map_.grids[0].id)])
    window.clipboard_actions[3].trigger()
    assert QGuiApplication.clipboard().text() == "kept"
    grids = window.document.map.grids
    assert len(grids) == 2 and grids[1].tile_set == grids[0].tile_set
    assert grids[1].origin[0] == grids[0].origin[0] + 2 * window.view.snapping.step
    window.document.undo_stack.undo()
    assert window.document.map == map_


def test_what_is_not_a_piece_of_a_map_is_refused_in_one_line(qtbot, window):
    map_ = _rooms(window)
    for text in ("just words", '{"format_version": 4, "zones": [{"id": "x"}]}', "{" * 5000):
        QGuiApplication.clipboard().setText(text)
        window.clipboard_actions[2].trigger()
        message = window.statusBar().currentMessage()
        assert message and "\n" not in message and "Traceback" not in message
        assert window.document.map == map_
    data = QMimeData()
    data.setText(QGuiApplication.clipboard().text())
    data.setData("application/x-tabletop-homes", b"[" * 100_000)
    QGuiApplication.clipboard().setMimeData(data)
    window.clipboard_actions[2].trigger()
    assert window.document.map == map_


def test_nothing_chosen_copies_nothing_and_says_so(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([])
    QGuiApplication.clipboard().setText("kept")
    window.clipboard_actions[1].trigger()
    assert QGuiApplication.clipboard().text() == "kept"
    assert "Select zones, tokens or grids" in window.statusBar().currentMessage()


def test_pasted_zones_and_tokens_take_names_apart_from_those_there(qtbot, window):
    map_ = _rooms(window)
    window.clipboard_actions[1].trigger()
    window.clipboard_actions[2].trigger()
    names = [z.name for z in window.document.map.zones]
    first = map_.zones[0].name
    assert names.count(first) == 1 and f"{first} 2" in names
    assert [t.name for t in window.document.map.tokens].count(map_.tokens[0].name) == 1


def test_rooms_cut_and_pasted_back_are_joined_to_their_neighbours_again(qtbot, window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    middle = map_.zones[1].id
    window.document.select([("zone", middle)])
    window.clipboard_actions[0].trigger()
    assert not any(middle in (b.a, b.b) for b in window.document.map.borders)
    window.clipboard_actions[2].trigger()
    touching = sorted(b.id for b in window.document.map.borders if middle in (b.a, b.b))
    assert touching == sorted(b.id for b in map_.borders if middle in (b.a, b.b)), "its borders with them, back"


def test_a_token_pasted_under_the_cursor_stands_in_the_zone_there(qtbot, window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    token = map_.tokens[0]
    window.document.select([("token", token.id)])
    window.clipboard_actions[1].trigger()
    other = next(z for z in map_.zones if z.id != token.location.zone)
    points = other.shape.points
    centre = QPointF((points[0][0] + points[2][0]) / 2, (points[0][1] + points[2][1]) / 2)
    window.clipboard.paste(at=centre)
    assert window.document.map.tokens[-1].location.zone == other.id


def test_a_lone_token_pasted_on_another_map_is_said_to_wait_off_it(qtbot, window):
    _rooms(window)
    window.document.select([("token", window.document.map.tokens[0].id)])
    window.clipboard_actions[1].trigger()
    window.document.replace_map(Map(), None)
    window.clipboard_actions[2].trigger()
    assert window.document.map.tokens[0].location is None
    assert "1 token waits off the map" in window.statusBar().currentMessage()


QUITS = """
import sys
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from tabletop.samples import warehouse
from tabletop.ui.main_window import MainWindow
app = QApplication(sys.argv[:1])
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.document.replace_map(warehouse(), None)
window.document.select([("zone", "z1")])
window.clipboard.copy()
window.document.undo_stack.setClean()
QTimer.singleShot(0, app.quit)
app.exec()
print(QApplication.clipboard().text()[:1])
"""


def test_the_app_quits_cleanly_with_a_piece_on_the_clipboard_and_leaves_its_text(tmp_path):
    import subprocess
    import sys

    env = {**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen", "TABLETOP_RECOVERY_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", QUITS, str(tmp_path / "s.ini")], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "{", "other programs still paste the map's text"


def test_a_piece_pasted_on_another_map_makes_no_ties_to_its_zones_of_the_same_ids(qtbot, window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    middle = map_.zones[1].id
    window.document.select([("zone", middle)])
    window.clipboard_actions[0].trigger()  # cut: its borders to z1 and z3 are kept beside the piece
    other = warehouse().model_copy(update={"zones": [warehouse().zones[0], warehouse().zones[2]], "borders": []})
    window.document.replace_map(other, None)  # another map whose zones happen to share the ids
    window.clipboard_actions[2].trigger()
    assert window.document.map.borders == [], "no border to another map's zones"
