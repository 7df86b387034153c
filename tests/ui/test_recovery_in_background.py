"""A big map's autosave written by a forked child: the window never waits for it, the note comes
once the copy is whole, one child at a time, a failure said, and a child nobody wants (the map
closed, replaced or saved) ended. Here every map counts as big (FORK_FROM 0)."""

from __future__ import annotations

import copy
import json
import os
import signal
import sys

import pytest

from tabletop.document.commands import EditObject
from tabletop.io import load_map, save_map
from tabletop.samples import warehouse
from tabletop.ui import recovery
from tests.io.children import gone, stall_children, writing

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="children are forked on Linux only")


@pytest.fixture
def saver(window, tmp_path, monkeypatch):
    monkeypatch.setattr(recovery, "FORK_FROM", 0)
    path = tmp_path / "w.tabletop"
    save_map(warehouse(), path)
    assert window.files.open(path)
    return window.autosaver


def _rename(window, name):
    zone = window.document.get("zone", "z2").model_copy(update={"name": name})
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))


def _note(saver):
    return saver.map_file.with_suffix(".json")


def _child_started(saver) -> int:
    assert saver.tick()
    assert saver.background.running
    return saver.background.save.pid


def test_the_childs_copy_is_the_map_and_its_note_follows(window, saver, qtbot):
    _rename(window, "Entrepôt — 倉庫")
    pid = _child_started(saver)
    qtbot.waitUntil(lambda: not saver.background.running, timeout=60_000)
    assert gone(pid)
    assert load_map(saver.map_file) == window.document.map
    assert json.loads(_note(saver).read_text())["source"] == str(window.document.path)
    assert not saver.tick(), "nothing new since the child's copy"


def test_the_note_waits_for_the_copy_and_a_tick_meanwhile_starts_no_child(window, saver, monkeypatch):
    stall_children(monkeypatch)
    _rename(window, "Loading bay")
    pid = _child_started(saver)
    _rename(window, "Loading bay 2")
    assert not saver.tick(), "a child still writes: the next tick waits for it"
    assert saver.background.save.pid == pid
    assert not _note(saver).exists() and not saver.map_file.exists()
    saver.discard()
    assert gone(pid)


def test_a_failing_child_is_said_and_leaves_no_file(window, saver, qtbot):
    zone = copy.copy(window.document.get("zone", "z2"))
    object.__setattr__(zone, "name", "Bay\ud800")
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))
    assert saver.tick()
    qtbot.waitUntil(lambda: not saver.background.running, timeout=60_000)
    message = window.statusBar().currentMessage()
    assert message.startswith("Autosave failed, your changes are not yet safe: could not be saved: the map holds text")
    assert not saver.map_file.exists() and not _note(saver).exists()
    assert list(saver.map_file.parent.iterdir()) == []
    _rename(window, "Bay")
    assert saver.tick()
    qtbot.waitUntil(lambda: not saver.background.running, timeout=60_000)
    assert window.statusBar().currentMessage() == "Autosave works again: your changes are kept for recovery"
    assert load_map(saver.map_file).zone("z2").name == "Bay"


def test_a_child_stopped_from_outside_is_said_and_leaves_no_half_file(window, saver, qtbot, monkeypatch):
    stall_children(monkeypatch)
    _rename(window, "Loading bay")
    pid = _child_started(saver)
    qtbot.waitUntil(lambda: writing(saver.map_file.parent), timeout=60_000)
    os.kill(pid, signal.SIGTERM)
    qtbot.waitUntil(lambda: not saver.background.running, timeout=60_000)
    assert window.statusBar().currentMessage() == (
        f"Autosave failed, your changes are not yet safe: the saving process {pid} was stopped by SIGTERM"
    )
    assert list(saver.map_file.parent.iterdir()) == []


def test_closing_the_window_ends_a_running_child(window, saver, qtbot, monkeypatch, answers):
    stall_children(monkeypatch)
    _rename(window, "Loading bay")
    pid = _child_started(saver)
    qtbot.waitUntil(lambda: writing(saver.map_file.parent), timeout=60_000)
    assert window.close()  # the GM discards the changes
    assert gone(pid)
    assert list(saver.map_file.parent.iterdir()) == [], "no copy, no note, no temporary file"


def test_another_map_ends_a_running_child(window, saver, monkeypatch, answers):
    stall_children(monkeypatch)
    _rename(window, "Loading bay")
    pid = _child_started(saver)
    window.files.new()
    assert gone(pid) and not saver.background.running
    assert not saver.map_file.exists() and not _note(saver).exists()


def test_a_stop_writes_the_map_here_at_once_whatever_a_child_was_doing(window, saver, monkeypatch):
    stall_children(monkeypatch)
    _rename(window, "Loading bay")
    pid = _child_started(saver)
    assert saver.tick(now=True)
    assert gone(pid)
    assert load_map(saver.map_file).zone("z2").name == "Loading bay" and _note(saver).exists()


def test_where_no_child_can_be_had_the_map_is_written_here(window, saver, monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    _rename(window, "Loading bay")
    assert saver.tick()
    assert not saver.background.running
    assert load_map(saver.map_file).zone("z2").name == "Loading bay" and _note(saver).exists()
