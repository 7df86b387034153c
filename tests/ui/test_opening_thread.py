"""The map is read on a worker thread: while a step of the read takes seconds (a big file's
zones made, on a slow machine) the window stays alive through it, its Cancel answered at once;
a stop (a logout, Ctrl+C) during the read ends the program with the map on screen kept for
recovery."""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QProgressDialog

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text
from tabletop.io import read as read_module
from tabletop.samples import warehouse
from tabletop.ui import opening
from tests.maps import zone_map
from tests.ui.window_process import run_window

ROOT = Path(__file__).resolve().parents[2]


class SlowRead:
    """The map made from its columns held up until the test lets it go, as a 100k-zone file holds it
    for seconds: `threads` names the threads it ran on, `finished` says whether it ended."""

    def __init__(self) -> None:
        self.threads: list[str] = []
        self.go_on = threading.Event()
        self.finished = threading.Event()


@pytest.fixture
def slow_read(monkeypatch):
    made = read_module.map_of
    slow = SlowRead()

    def held_up(document, told=None):
        slow.threads.append(threading.current_thread().name)
        slow.go_on.wait(timeout=60)  # a test that never lets it go fails on what it sees meanwhile
        try:
            return made(document, told)
        finally:
            slow.finished.set()

    monkeypatch.setattr(read_module, "map_of", held_up)
    monkeypatch.setattr(opening, "SHOW_AFTER_MS", 0)
    yield slow
    slow.go_on.set()  # the worker of a cancelled read ends too


@pytest.fixture
def damaged(tmp_path) -> Path:
    path = tmp_path / "damaged.tabletop"
    path.write_text(map_to_text(zone_map(60)).replace('"name": ["Zone 0-0"', '"name": [7', 1))
    return path


def test_the_read_runs_off_the_windows_thread_with_its_progress_shown(window, damaged, slow_read, answers):
    labels, busy = [], []
    waiting = opening.Opening.waiting

    def watch(self):
        labels.append(self.dialog.labelText())
        busy.append(self.dialog.isVisible())
        if len(busy) > 10 and any(busy):  # the window lived through the read: let the read end
            slow_read.go_on.set()
        return waiting(self)

    opening.Opening.waiting = watch
    try:
        assert not window.files.open(damaged)
    finally:
        opening.Opening.waiting = waiting
    assert slow_read.threads == ["map read"]  # not the window's thread
    assert len(busy) > 10 and any(busy), "the window's events went unhandled while the file was read"
    assert any(label.startswith("Reading damaged.tabletop") for label in labels)
    assert answers["warned"] and "zones[0].name: should be a text" in answers["warned"][0]
    assert QApplication.overrideCursor() is None
    assert not [d for d in window.findChildren(QProgressDialog) if d.isVisible()]


def test_cancel_during_a_long_step_of_the_read_answers_at_once_and_keeps_the_map(window, damaged, slow_read, answers):
    window.document.replace_map(warehouse(), None)
    waiting, calls = opening.Opening.waiting, []

    def cancel_soon(self):
        calls.append(1)
        if len(calls) == 5:
            self.dialog.cancel()
        return waiting(self)

    opening.Opening.waiting = cancel_soon
    try:
        assert not window.files.open(damaged)
    finally:
        opening.Opening.waiting = waiting
    assert not slow_read.finished.is_set(), "Cancel waited for the read"
    assert window.document.map == warehouse() and answers["warned"] == []
    assert "cancelled" in window.statusBar().currentMessage()


def test_a_read_on_another_thread_meanwhile_refuses_its_own_repeated_key(tmp_path):
    """The window's thread may read (a recovery file) while the worker reads the map: each
    read refuses a key written twice in its own file, and only there."""
    text = map_to_text(zone_map(60))
    twice = text.replace('"label":""', '"label":"","label":""', 1).encode()
    found = {}

    def meanwhile(done, total):
        if not found:
            other = threading.Thread(target=lambda: found.update(b=_outcome(twice)))
            other.start()
            other.join()
        return True

    assert map_from_bytes(text.encode(), "a.tabletop", meanwhile) == load_map_text(text)
    assert found["b"].startswith("twice.tabletop: ") and "twice" in found["b"]


def _outcome(raw: bytes) -> str:
    try:
        map_from_bytes(raw, "twice.tabletop")
    except MapFileError as error:
        return str(error)
    return "read"


def load_map_text(text: str):
    return read_module.map_from_bytes(text.encode(), "<map>")


STOPPED = """
import os, signal, sys
from tabletop.ui import app as app_module
from tabletop.ui import opening

app_module.WINDOW_FIRST = 0  # this small file is read as a big one is
told = opening.Opening.tell

def tell(self, done, total):
    if done < total:
        os.kill(os.getpid(), signal.SIGTERM)  # a logout while the map is read
    return told(self, done, total)

opening.Opening.tell = tell
from tabletop.cli.app import main
sys.exit(main([sys.argv[1]]))
"""


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_a_stop_during_the_read_ends_the_program(tmp_path, maps_dir):
    done = run_window(STOPPED, tmp_path, str(maps_dir / "warehouse.tabletop"))
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert "Traceback" not in done.stderr
    assert load_map(maps_dir / "warehouse.tabletop").zones  # the file itself untouched
