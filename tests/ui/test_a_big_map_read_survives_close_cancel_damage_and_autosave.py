"""Reading a big map copes with what a GM may do meanwhile: closing the window while it is read,
Cancel (or Escape) at the first and the last chance and opening again at once, a damaged file,
an autosave firing in the middle of the read."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QProgressDialog

from tabletop.io import load_map, map_to_text
from tabletop.samples import warehouse
from tabletop.ui import opening
from tests.maps import zone_map
from tests.ui.window_process import WHEN_LOADED, run_window

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def big(tmp_path, monkeypatch):
    """Maps read as a big one is, with their progress; the progress dialog not yet up."""
    monkeypatch.setattr(opening, "SHOW_AFTER_MS", 60_000)

    def make(name: str, zones: int = 60) -> Path:
        path = tmp_path / f"{name}.tabletop"
        path.write_text(map_to_text(zone_map(zones)))
        return path

    return make


def _at_call(monkeypatch, at: int | list[int], do) -> list[int]:
    """Runs `do(opening)` in the progress call number `at` (from 1; a list to set it later);
    each call's items read."""
    calls = []
    told = opening.Opening.tell

    def tell(self, done, total):
        calls.append(done)
        if len(calls) == (at[0] if isinstance(at, list) else at):
            do(self)
        return told(self, done, total)

    monkeypatch.setattr(opening.Opening, "tell", tell)
    return calls


def _settled(window) -> None:
    assert QApplication.overrideCursor() is None
    assert not [d for d in window.findChildren(QProgressDialog) if d.isVisible()]


def test_closing_the_window_while_its_map_is_read_keeps_it_open_and_the_map_comes_in(window, big, monkeypatch):
    path = big("city")
    closed = []
    _at_call(monkeypatch, 1, lambda o: closed.append(window.close()))
    assert window.files.open(path)
    assert closed == [False] and window.isVisible()  # as the modal dialog does, once it shows
    assert window.document.path == path and len(window.document.map.zones) == len(load_map(path).zones)
    _settled(window)
    assert window.close()  # the read over, the window closes as ever


START = (
    WHEN_LOADED
    + """
import sys
from PySide6.QtWidgets import QApplication
from tabletop.ui import app as app_module
from tabletop.ui import opening

app_module.WINDOW_FIRST = 0  # this small file is opened as a big one is
app = QApplication(sys.argv[:1])
told, closed = opening.Opening.tell, []

def tell(self, done, total):
    if not closed:  # the GM closes the window before the progress dialog shows
        closed.append(self.dialog.parentWidget().close())
    return told(self, done, total)

opening.Opening.tell = tell

def report(window):
    print(closed, window.isVisible(), len(window.document.map.zones), file=sys.stderr)
    app.quit()

QTimer.singleShot(0, lambda: when_loaded(app, report))
from tabletop.cli.app import main
sys.exit(main([sys.argv[1]]))
"""
)


def test_the_command_does_not_bring_back_a_window_closed_during_the_read(tmp_path, maps_dir):
    done = run_window(START, tmp_path, str(maps_dir / "warehouse.tabletop"))
    assert done.returncode == 0, done.stderr
    # refused, not closed and shown again a moment later with the map in it
    assert done.stderr.split()[-3:] == ["[False]", "True", str(len(warehouse().zones))]


@pytest.mark.parametrize("when", ["first", "last"])
def test_cancel_at_the_first_or_last_chance_then_open_again_at_once(window, big, monkeypatch, when):
    path = big("city")
    at = [-1]
    calls = _at_call(monkeypatch, at, lambda o: o.dialog.cancel())
    assert window.files.open(path)
    everything = len(calls)
    window.document.replace_map(warehouse(), None)
    at[0] = 1 if when == "first" else everything
    calls.clear()
    assert not window.files.open(path)
    assert len(calls) == at[0]
    assert window.document.map == warehouse() and window.document.path is None
    assert "cancelled" in window.statusBar().currentMessage()
    _settled(window)
    at[0] = -1
    assert window.files.open(path)  # straight away, nothing left of the cancelled read
    assert window.document.path == path and len(window.document.map.zones) > 50
    _settled(window)


def _repeated(text: str) -> str:
    return text.replace('"label":""', '"label":"","label":"x"', 1)


def _wrong_kind(text: str) -> str:
    lines = text.split("\n")
    middle = next(k for k in range(len(lines) // 2, len(lines)) if '"cost_from_a":' in lines[k])
    lines[middle] = lines[middle].replace('"cost_from_a":', '"cost_from_a":"one","x":', 1)
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (_repeated, "appears twice"),
        (_wrong_kind, "cost_from_a"),
        (lambda text: text[: len(text) * 2 // 3], "is the file cut short"),
    ],
    ids=["repeated key", "wrong kind in the middle", "cut short"],
)
def test_a_damaged_big_map_is_one_warning_naming_the_file_and_the_map_kept(window, big, answers, damage, said):
    window.document.replace_map(warehouse(), None)
    path = big("city", 200)
    path.write_text(damage(path.read_text()))
    assert not window.files.open(path)
    assert window.document.map == warehouse() and window.document.path is None
    assert len(answers["warned"]) == 1
    warned = answers["warned"][0]
    assert warned.startswith(f"{path}: ") and said in warned and "\n" not in warned
    _settled(window)


def test_an_autosave_during_a_read_keeps_the_map_on_screen_not_the_one_being_read(window, big, monkeypatch):
    from tabletop.document.commands.edits import EditMap

    window.document.replace_map(warehouse(), None)
    window.document.undo_stack.push(EditMap(window.document, "Warehouse, changed", ""))
    kept = []
    _at_call(monkeypatch, 2, lambda o: kept.append(window.autosaver.tick() and load_map(window.autosaver.map_file)))
    path = big("city")
    assert window.files.open(path)  # the answers fixture throws the changes away
    assert [m.title for m in kept] == ["Warehouse, changed"]
    assert len(kept[0].zones) == len(warehouse().zones)
    assert window.document.path == path


def test_escape_in_the_progress_dialog_stops_the_reading_as_cancel_does(window, big, monkeypatch, qtbot):
    from PySide6.QtCore import Qt

    monkeypatch.setattr(opening, "SHOW_AFTER_MS", 0)
    window.document.replace_map(warehouse(), None)
    calls = _at_call(monkeypatch, 2, lambda o: qtbot.keyClick(o.dialog, Qt.Key.Key_Escape))
    assert not window.files.open(big("city"))
    assert len(calls) == 2 and window.document.map == warehouse()
    _settled(window)
