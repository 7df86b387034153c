"""A map saved by a forked child: the same bytes as a save here, of the map as it was at the fork;
a failure said in one line; a child ended midway leaves the file as it was and no temporary file."""

from __future__ import annotations

import copy
import os
import sys
import time

import pytest

from tabletop.io import MapFileError, load_map, save_map
from tabletop.io.forked_save import ForkedSave
from tabletop.samples import warehouse
from tests.io.children import gone, stall_children, writing

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="children are forked on Linux only")


def _done(saving: ForkedSave):
    """The child's outcome, waited for here (a test may wait; the window never does)."""
    for _ in range(3000):  # however slow the machine
        outcome = saving.outcome()
        if outcome is not None:
            return outcome
        time.sleep(0.01)
    raise AssertionError("the child never ended")


def _named(map_):
    """The sample with names a file must keep exactly (accents, a non-Latin script, an emoji)."""
    zones = [z.model_copy(update={"name": f"Salle n°{i} — 倉庫 🐉"}) for i, z in enumerate(map_.zones)]
    return map_.model_copy(update={"zones": zones, "title": "Entrepôt"})


def test_the_childs_copy_is_what_a_save_here_writes_of_the_map_as_it_was(tmp_path):
    map_ = _named(warehouse())
    save_map(map_, tmp_path / "here.tabletop", backup=False)
    saving = ForkedSave()
    assert saving.start(map_, tmp_path / "child.tabletop")
    pid = saving.pid
    map_.zones[0] = map_.zones[0].model_copy(update={"name": "Renamed after the fork"})  # the parent goes on
    outcome = _done(saving)
    assert outcome.problem is None and outcome.seconds > 0
    assert (tmp_path / "child.tabletop").read_bytes() == (tmp_path / "here.tabletop").read_bytes()
    assert load_map(tmp_path / "child.tabletop").zones[0].name == "Salle n°0 — 倉庫 🐉"
    assert gone(pid) and not saving.running
    assert sorted(p.name for p in tmp_path.iterdir()) == ["child.tabletop", "here.tabletop"], "no backup, no temp"


def test_a_map_no_file_can_hold_is_said_as_a_save_here_says_it(tmp_path):
    map_ = warehouse()
    zone = copy.copy(map_.zones[1])
    object.__setattr__(zone, "name", "Bay\ud800")
    map_.zones[1] = zone
    with pytest.raises(MapFileError) as here:
        save_map(map_, tmp_path / "here.tabletop")
    saving = ForkedSave()
    assert saving.start(map_, tmp_path / "child.tabletop")
    outcome = _done(saving)
    assert outcome.problem == here.value.problem
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def stalled(monkeypatch):
    stall_children(monkeypatch)


def test_a_child_ended_midway_leaves_the_file_as_it_was_and_no_temporary_file(tmp_path, stalled):
    target = tmp_path / "kept.tabletop"
    save_map(warehouse(), target, backup=False)
    before = target.read_bytes()
    saving = ForkedSave()
    assert saving.start(warehouse(), target)
    for _ in range(3000):
        if writing(tmp_path):
            break
        time.sleep(0.01)
    assert saving.outcome() is None, "still writing: asking does not wait for it"
    assert not saving.start(warehouse(), target), "one child at a time"
    pid = saving.pid
    outcome = saving.end()
    assert outcome.problem == f"the saving process {pid} was stopped by SIGKILL"
    assert gone(pid) and not saving.running
    assert [p.name for p in tmp_path.iterdir()] == ["kept.tabletop"] and target.read_bytes() == before


def test_no_child_where_none_can_be_had(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    saving = ForkedSave()
    assert not saving.start(warehouse(), tmp_path / "m.tabletop")
    assert saving.pid is None and saving.outcome() is None and saving.end() is None
    assert list(tmp_path.iterdir()) == []


def test_no_child_where_the_system_has_no_process_to_spare(tmp_path, monkeypatch):
    def no_fork():
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr("tabletop.io.forked_save.fork", no_fork)
    saving = ForkedSave()
    assert not saving.start(warehouse(), tmp_path / "m.tabletop")
    assert not saving.running


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the forked children are Linux's")
def test_a_child_keeps_no_descriptor_but_its_own():
    """A pipe another part of the program was giving its own child at the fork's instant must
    not stay open in this one (its reader would wait for this child to end): keep_only."""
    from tabletop.forking import keep_only

    stray_read, stray_write = os.pipe()
    own_read, own_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        keep_only(own_write)
        try:
            os.fstat(stray_write)
            os.write(own_write, b"stray open")
        except OSError:
            os.write(own_write, b"stray closed")
        os._exit(0)
    os.close(stray_write)
    os.close(own_write)
    os.waitpid(pid, 0)
    assert os.read(own_read, 100) == b"stray closed"
    os.set_blocking(stray_read, False)
    assert os.read(stray_read, 1) == b"", "no writer left: the reader sees the pipe's end"
    os.close(stray_read)
    os.close(own_read)
