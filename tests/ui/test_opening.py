"""Opening a big map keeps the window answering: a busy cursor, a progress dialog once the
read takes a moment, a Cancel that leaves the map as it was; `tabletop BIG_FILE` shows the
window first and still refuses a bad file in one line."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QProgressDialog

from tabletop.io import map_to_text
from tabletop.samples import warehouse
from tabletop.ui import opening
from tests.maps import zone_map
from tests.ui.window_process import WHEN_LOADED, run_window

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hill(tmp_path, monkeypatch) -> Path:
    """A map read with its progress told at every step, and a progress dialog at once."""
    monkeypatch.setattr(opening, "SHOW_AFTER_MS", 0)
    monkeypatch.setattr(opening, "TELL_EVERY_S", 0.0)  # every chunk told
    path = tmp_path / "hill.tabletop"
    path.write_text(map_to_text(zone_map(60)))
    return path


def _heard(monkeypatch, then=None) -> list[tuple[int, int, bool]]:
    """Each progress call: done, total, and whether the dialog was up then."""
    heard = []
    told = opening.Opening.tell

    def tell(self, done, total):
        heard.append((done, total, self.dialog.isVisible()))
        if then is not None:
            then(self)
        return told(self, done, total)

    monkeypatch.setattr(opening.Opening, "tell", tell)
    return heard


def test_a_big_map_opens_with_its_progress_and_the_cursor_comes_back(window, hill, monkeypatch):
    heard = _heard(monkeypatch)
    assert window.files.open(hill)
    zones = len(window.document.map.zones)
    assert zones > 50 and window.document.path == hill
    done, total, _ = heard[-1]
    assert [told for told, *_ in heard] == list(range(total + 1)) and done == total, "every step, to the end"
    assert any(up for *_, up in heard), "the progress dialog never showed"
    assert QApplication.overrideCursor() is None
    assert not [d for d in window.findChildren(QProgressDialog) if d.isVisible()]


def _until(condition, seconds: float = 30.0) -> None:
    """On the reading's thread, where Qt is not to be called: wait for what the window's thread
    does, or give up after `seconds` and let the test's assertions tell."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.001)


def test_cancel_leaves_the_map_as_it_was_and_says_so(window, hill, monkeypatch):
    window.document.replace_map(warehouse(), None)
    heard = _heard(monkeypatch, then=lambda o: o.dialog.cancel() if len(heard) == 3 else None)
    assert not window.files.open(hill)
    assert window.document.map == warehouse() and window.document.path is None
    assert len(heard) == 3  # stopped at once, not read to the end
    assert "cancelled" in window.statusBar().currentMessage()
    assert QApplication.overrideCursor() is None


def test_a_cancel_between_two_tells_stops_the_read_at_its_next_chunk(window, hill, monkeypatch, qtbot):
    """A read tells its progress a tenth of a second apart (here once, then only at the end):
    the GM's Cancel meanwhile reaches it at its next chunk all the same."""
    monkeypatch.setattr(opening, "TELL_EVERY_S", 3600.0)
    window.document.replace_map(warehouse(), None)
    heard, cancelled, asked, answered = [], [], [], []
    tell, progress = opening.Opening.tell, opening._Reading.progress

    def told_then_cancelled(self, done, total):
        heard.append(done)
        answer = tell(self, done, total)
        cancelled.append(True)  # the GM presses Cancel just after the first tell
        return answer

    def slowly(self, done, total):  # past the first tell, the next chunk comes once the window has answered
        if asked:
            _until(lambda: not self.answers.empty())
        asked.append((done, total))
        answered.append(progress(self, done, total))
        return answered[-1]

    monkeypatch.setattr(opening.Opening, "tell", told_then_cancelled)
    monkeypatch.setattr(opening.Opening, "waiting", lambda self: not cancelled)
    monkeypatch.setattr(opening._Reading, "progress", slowly)
    assert not window.files.open(hill)
    qtbot.waitUntil(lambda: False in answered)  # the reading's thread heard it
    assert len(heard) == 1 and answered == [True, False], "heard at the next chunk, without a tell"
    assert asked[-1][0] < asked[-1][1], "stopped between two tells, not read to the end"
    assert window.document.map == warehouse() and "cancelled" in window.statusBar().currentMessage()


def test_a_damaged_big_map_is_refused_with_the_cursor_back_and_the_map_kept(window, hill, answers):
    window.document.replace_map(warehouse(), None)
    hill.write_text(hill.read_text().replace('"name": ["Zone 0-0"', '"name": [true', 1))
    assert not window.files.open(hill)
    assert window.document.map == warehouse()
    assert answers["warned"] and "zones[0].name" in answers["warned"][0] and str(hill) in answers["warned"][0]
    assert QApplication.overrideCursor() is None


START = (
    WHEN_LOADED
    + """
import sys
from PySide6.QtWidgets import QApplication
from tabletop.ui import app as app_module

from tabletop.ui import opening

app_module.WINDOW_FIRST = 0  # this small file is opened as a big one is
app = QApplication(sys.argv[:1])
told, shown = opening.Opening.tell, []

def tell(self, done, total):
    shown.append(self.dialog.parentWidget().isVisible())  # the window, while its map is read
    return told(self, done, total)

opening.Opening.tell = tell

def report(window):
    print(len(window.document.map.zones), all(shown) and bool(shown), window.isVisible(), file=sys.stderr)
    app.quit()

QTimer.singleShot(0, lambda: when_loaded(app, report))
from tabletop.cli.app import main
sys.exit(main([sys.argv[1]]))
"""
)


def _start(tmp_path, path: Path) -> subprocess.CompletedProcess:
    return run_window(START, tmp_path, str(path))


def test_the_command_shows_the_window_first_for_a_big_map(tmp_path, maps_dir):
    done = _start(tmp_path, maps_dir / "warehouse.tabletop")
    assert done.returncode == 0, done.stderr
    assert done.stderr.split()[-3:] == [str(len(warehouse().zones)), "True", "True"]


def test_the_command_still_refuses_a_bad_big_map_in_one_line(tmp_path):
    broken = tmp_path / "broken.tabletop"
    broken.write_text('{"format_version": 3, "zones": [}')
    done = _start(tmp_path, broken)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if "propagateSizeHints" not in line]  # offscreen Qt's
    assert len(lines) == 1 and lines[0].startswith(f"{broken}: ") and "Traceback" not in done.stderr


@pytest.mark.parametrize("fails", [False, True])
def test_saving_shows_the_busy_cursor_and_gives_it_back(window, tmp_path, answers, monkeypatch, fails):
    from PySide6.QtCore import Qt

    from tabletop.io import MapFileError, save_map

    cursors = []

    def saving(map_, path, **kwargs):
        cursors.append(QApplication.overrideCursor().shape())
        if fails:
            raise MapFileError(path, "could not be saved: No space left on device")
        return save_map(map_, path, **kwargs)

    monkeypatch.setattr("tabletop.ui.files.save_map", saving)
    window.document.replace_map(warehouse(), None)
    assert window.files.save_as(tmp_path / "w.tabletop") is not fails
    assert cursors == [Qt.CursorShape.WaitCursor] and QApplication.overrideCursor() is None


def _graphs_built(window, monkeypatch) -> list[tuple[str, bool]]:
    """The maps whose zone graph the window's document builds from here on, each as (its title,
    whether another map was being read in then). Only its own: another test's window, closed,
    may still build its graph meanwhile."""
    from tabletop.document.indexes import MapIndexes

    prepared = []
    prepare = MapIndexes.prepare_graph

    def counted(self: MapIndexes) -> None:
        if self is window.document.indexes:
            prepared.append((self.map.title, window.document.preparation._held > 0))
        prepare(self)

    monkeypatch.setattr(MapIndexes, "prepare_graph", counted)
    return prepared


def _steps_come_due(monkeypatch, document) -> list[tuple[bool, bool]]:
    """Each deferred step of the map now on screen as it comes due: (whether another map was
    being read in then, whether the step ran). A busy machine may run its first step before
    the open holds it (the window's first events paint the busy cursor): that one is no read's."""
    from tabletop.document.preparation import Preparation

    due, came, map_ = Preparation._due, [], document.map

    def noted(self, step, for_map):
        answer = due(self, step, for_map)
        if for_map is map_:
            came.append((self._held > 0, answer))
        return answer

    monkeypatch.setattr(Preparation, "_due", noted)
    return came


def _held_back(came: list[tuple[bool, bool]]) -> bool:
    """Steps came due while another map was read in, and none of them ran."""
    during = [ran for held, ran in came if held]
    return bool(during) and not any(during)


def test_the_map_on_screen_waits_with_its_zone_graph_while_another_is_read(window, hill, monkeypatch, qtbot):
    """A 100k-zone map's deferred zone graph, built during the next map's read, made that open
    1.3 s longer, for a map about to be dropped."""
    prepared = _graphs_built(window, monkeypatch)
    window.document.replace_map(warehouse(), None)  # its index and graph come in the event loop
    came = _steps_come_due(monkeypatch, window.document)
    told = opening.Opening.tell

    def slow_tell(self, done, total):
        # the window's events, until a step of the old map comes due during the read
        qtbot.waitUntil(lambda: any(held for held, _ in came))
        return told(self, done, total)

    monkeypatch.setattr(opening.Opening, "tell", slow_tell)
    assert window.files.open(hill)
    assert _held_back(came), "held back while the next map was read"
    new = window.document.map.title
    qtbot.waitUntil(lambda: (new, False) in prepared, timeout=5000)
    assert (warehouse().title, True) not in prepared and new != warehouse().title
    assert window.document.graph_made() is not None


def test_the_map_on_screen_waits_too_while_the_new_one_is_laid_out(window, hill, monkeypatch, qtbot):
    """The read over, the dialog's last events ("Drawing … zones") come before the new map
    replaces the old: the old map's deferred steps wait through them too (a slow machine once
    built the old map's zone graph there)."""
    prepared = _graphs_built(window, monkeypatch)
    window.document.replace_map(warehouse(), None)
    came = _steps_come_due(monkeypatch, window.document)
    laying_out = opening.Opening.laying_out

    def slow(self, map_):
        # the window's events, until a step of the old map comes due while the new one is laid out
        since = len(came)
        qtbot.waitUntil(lambda: any(held for held, _ in came[since:]))
        laying_out(self, map_)

    monkeypatch.setattr(opening.Opening, "laying_out", slow)
    assert window.files.open(hill)
    assert _held_back(came), "held back while the new map was laid out"
    new = window.document.map.title
    qtbot.waitUntil(lambda: (new, False) in prepared, timeout=5000)
    assert (warehouse().title, True) not in prepared and new != warehouse().title


def test_an_opening_holds_the_busy_cursor_of_busy_and_gives_back_only_its_own(qtbot, tmp_path, busy_entered):
    """One mechanism owns the busy cursor: the opening holds `busy()` open until `close`, and
    a second `close` leaves a cursor set by someone else alone."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    window = QWidget()  # a bare window: no map document whose deferred steps outlive the test
    qtbot.addWidget(window)

    entered = busy_entered
    QApplication.setOverrideCursor(Qt.CursorShape.CrossCursor)  # someone else's, under the opening's
    try:
        held = opening.Opening(window, tmp_path / "big.tabletop")
        assert entered == ["busy"] and QApplication.overrideCursor().shape() == Qt.CursorShape.WaitCursor
        held.close()
        held.close()
        assert QApplication.overrideCursor().shape() == Qt.CursorShape.CrossCursor
    finally:
        QApplication.restoreOverrideCursor()
    assert QApplication.overrideCursor() is None
